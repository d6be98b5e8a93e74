# SwipeClean: two commands take a fresh Debian machine to a running demo (`make demo`)
# and to passing tests (`make test`). Both install what they need first (`make setup`).

SWIFT       ?= swift
CONFIG      ?= debug
BIN          = .build/$(CONFIG)/clean
# Debian packages the build, the tests and the benchmark need.
APT_PACKAGES = libmagic-dev libexif-dev libxxhash-dev libsqlite3-dev zlib1g-dev pkg-config \
               libturbojpeg0-dev libheif-dev libspng-dev libdeflate-dev libqrencode-dev libtiff-dev \
               libimage-exiftool-perl jdupes trash-cli file time sqlite3 \
               chromium chromium-driver python3-selenium python3-numpy python3-pip \
               tmux chafa ffmpeg man-db bash-completion zbar-tools nodejs \
               mate-backgrounds plasma-workspace-wallpapers opencv-doc

# Python packages the browser tests need that Debian does not ship (axe-core's accessibility checks), from PyPI
# with Debian's own pip into the system's Python (the one the tests run); each is named by the module it gives.
PIP_PACKAGES = axe-selenium-python:axe_selenium_python

FUZZ_SECONDS ?= 30
FUZZ_BIN      = .build-fuzz/release/SwipeCleanFuzz

# `make install` puts clean, its manual pages and its bash, zsh and fish completions under
# $(DESTDIR)$(PREFIX); `make uninstall` removes exactly those files (Scripts/install.sh lists them).
PREFIX  ?= /usr/local
DESTDIR ?=
# It builds and installs the release binary unless CONFIG is given: CONFIG=debug installs the debug
# build `make test` made (its install test does, so it never waits for a release build).
ifeq ($(origin CONFIG),file)
INSTALL_CONFIG = release
else
INSTALL_CONFIG = $(CONFIG)
endif
INSTALL_MAN1 = .build/install-$(INSTALL_CONFIG)/man1

.PHONY: setup build test demo bench fuzz fuzz-build sanitize clean-build install uninstall

setup:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "setup: all system packages present"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "setup: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
	  echo "setup: missing system packages. Run:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	fi
	@missing=""; for p in $(PIP_PACKAGES); do \
	  /usr/bin/python3 -c "import $${p#*:}" 2>/dev/null || missing="$$missing $${p%%:*}"; \
	done; \
	if [ -z "$$missing" ]; then echo "setup: all Python packages present"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "setup: installing$$missing (pip)"; \
	  /usr/bin/python3 -m pip install -q --break-system-packages$$missing; \
	else \
	  echo "setup: missing Python packages. Run:"; \
	  echo "  sudo /usr/bin/python3 -m pip install --break-system-packages$$missing"; exit 1; \
	fi

build: setup
	$(SWIFT) build -c $(CONFIG)

# Before the suites, every browser script's syntax (node --check, as an ES module): a typo fails here,
# not as a blank page in the browser tests. After the suites: every relative link of the README and Docs/ resolves, and `make install` into a
# temporary prefix (on this debug build) gives a binary that runs, man pages, a bash completion, and
# `make uninstall` takes every file back.
# The suites run in two passes: first all but WebTests, then WebTests, whose servers run in this process. In one
# pass the other suites' tests, which block while the built binary works, held both of the cooperative pool's
# threads (one per core here) for tens of seconds, and a server under test had none to answer on (an empty answer
# after 10 s: the flaky 413 and loopback tests of the CI runs of 28 November).
test: setup
	Tests/Browser/check_scripts.sh
	$(SWIFT) build
	$(SWIFT) test --skip '^WebTests\.'
	$(SWIFT) test --skip-build --filter '^WebTests\.'
	Tests/Docs/check_links.py
	Tests/Install/install_test.sh

# The demo plays 17 files: the debug build `make test` already made serves it (no second, release build).
demo: setup
	$(SWIFT) build
	Scripts/demo.sh .build/debug/clean

bench: setup
	$(SWIFT) build -c release
	Scripts/bench.sh .build/release/clean

# libFuzzer targets for every reader of untrusted bytes (Sources/SwipeCleanFuzz), on their own
# scratch path; each runs FUZZ_SECONDS from the seeds in Fixtures/fuzz (FUZZ_TARGETS picks some).
# Optimised, with -enable-testing so the targets' @testable imports reach the readers.
fuzz-build: setup
	SWIPECLEAN_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address --product SwipeCleanFuzz

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz.sh $(FUZZ_BIN)

# The whole test suite once under AddressSanitizer and once under ThreadSanitizer, each on its own
# scratch path (.build-asan, .build-tsan); a report from either fails the run (ThreadSanitizer goes on
# to the end first, so one run lists every race, and exits 66). The end-to-end tests
# wait SANITIZER_SLOWDOWN times longer for a screen or a process (clean runs that much slower).
SANITIZERS ?= address thread
SANITIZER_SLOWDOWN ?= 10
sanitize: setup
	@for s in $(SANITIZERS); do \
	  dir=.build-$$(echo $$s | cut -c1)san; \
	  echo "== swift test under the $$s sanitizer ($$dir)"; \
	  $(SWIFT) build --build-tests --sanitize=$$s --scratch-path $$dir || exit 1; \
	  SWIPECLEAN_TEST_SLOWDOWN=$(SANITIZER_SLOWDOWN) TSAN_OPTIONS=halt_on_error=0 ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
	    $(SWIFT) test --skip-build --sanitize=$$s --scratch-path $$dir || exit 1; \
	done

install: setup
	$(SWIFT) build -c $(INSTALL_CONFIG) --product clean
	SWIFT="$(SWIFT)" Scripts/manpages.sh $(INSTALL_CONFIG) $(INSTALL_MAN1)
	Scripts/install.sh install .build/$(INSTALL_CONFIG)/clean $(INSTALL_MAN1) "$(DESTDIR)$(PREFIX)" "$(PREFIX)"

uninstall:
	Scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

clean-build:
	rm -rf .build .build-fuzz .build-asan .build-tsan
