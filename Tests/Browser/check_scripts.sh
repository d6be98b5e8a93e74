#!/bin/sh
# Every browser script (Sources/Web/Resources/*.js, ES modules) parses: `node --check` on each, read as
# a module. Exits 1 naming each file that does not, before any browser test runs.
cd "$(dirname "$0")/../.." || exit 1
command -v node >/dev/null || { echo "check_scripts: node is missing: run make setup (Debian's nodejs)"; exit 1; }
failed=0
for file in Sources/Web/Resources/*.js; do
    if ! node --input-type=module --check < "$file" 2>/tmp/check_scripts.$$; then
        echo "check_scripts: $file is not valid JavaScript:"; sed 's/^/  /' /tmp/check_scripts.$$
        failed=1
    fi
done
rm -f /tmp/check_scripts.$$
[ $failed -eq 0 ] && echo "check_scripts: $(ls Sources/Web/Resources/*.js | wc -l) scripts parse"
exit $failed
