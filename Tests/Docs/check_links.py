#!/usr/bin/env python3
"""make test's link check: every relative link and image in README.md and Docs/*.md names a file or
folder of this repository, and every #anchor a heading of the page it points into (as GitHub makes
anchors from headings). Links to the web are not followed. Prints each broken link, then
"links: N passed, M failed"; exits 1 if any is broken."""
import pathlib
import re
import sys
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "Docs").glob("*.md"))]

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code spans blanked out."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and marker:
            fence = marker.group(1)[0] * len(marker.group(1))
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield number, CODE_SPAN.sub("", line)


def slug(heading):
    """GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.replace("`", "").lower().strip()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        for _, line in prose_lines(path.read_text(encoding="utf-8")):
            heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def problem(page, target):
    """Why `target`, linked from `page`, does not resolve; None when it does."""
    parsed = urllib.parse.urlsplit(target)
    if parsed.scheme or target.startswith("//"):
        return None  # the web, mailto: and the like
    path = urllib.parse.unquote(parsed.path)
    destination = (page.parent / path).resolve() if path else page
    try:
        destination.relative_to(ROOT)
    except ValueError:
        return "points outside the repository"
    if not destination.exists():
        return "no such file"
    if parsed.fragment:
        if destination.suffix != ".md":
            return "an #anchor into a file that is not Markdown"
        if parsed.fragment not in anchors(destination):
            return f"no heading makes #{parsed.fragment} in {destination.relative_to(ROOT)}"
    return None


def main():
    passed, failures = 0, []
    for page in PAGES:
        for number, line in prose_lines(page.read_text(encoding="utf-8")):
            for target in INLINE_LINK.findall(line) + HTML_LINK.findall(line):
                why = problem(page, target)
                if why is None:
                    passed += 1
                else:
                    failures.append(f"  FAIL  {page.relative_to(ROOT)}:{number}: ({target}) {why}")
    print(f"link check: {len(PAGES)} pages (README.md, Docs/*.md)")
    print("\n".join(failures) if failures else "  every relative link and anchor resolves")
    print(f"links: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
