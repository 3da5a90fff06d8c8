# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two are made of.

CARGO ?= cargo
NPM   ?= npm
# Browser test files run at once (each starts its own server and Chromium).
BROWSER_JOBS ?= 3

BROWSER_SUITE = cd ui && HYGO_BIN=../target/debug/hygo node --test --test-concurrency=$(BROWSER_JOBS) test/browser/

.PHONY: run build test test-deps test-build test-ui test-rust test-browser test-days fuzz bench ui-deps typecheck clean

## Start the site on http://127.0.0.1:8080 with an SQLite database under ./data/.
run: ui-deps
	$(CARGO) run --release --bin hygo -- serve

## Build the release binary: target/release/hygo (the UI is embedded in it).
build: ui-deps
	$(CARGO) build --release --bin hygo

## Every test. First what they need: the UI's npm packages, and Chromium, Java and
## Python 3 from Debian when missing (tests/deps.sh installs them as root, or says
## what to install). Then one build of everything (`cargo test --no-run`: the test
## binaries and target/debug/hygo), the type check and the UI's unit tests, and
## side by side the Rust tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is
## set) and the browser suite in Chromium (with the W3C HTML checker on Java).
## tests/suites.sh keeps each suite's output in target/test-logs/ and prints it
## whole if the suite fails.
test: test-deps test-build typecheck
	cd ui && node --test test/unit/
	tests/suites.sh "rust=$(CARGO) test --workspace" "browser=$(BROWSER_SUITE)"

## What the suites need besides Rust and Node (see `test`).
test-deps: ui-deps
	tests/deps.sh

## The one build every suite uses (and `make fuzz`): the same target set as
## `cargo test`, so features unify and nothing is compiled twice.
test-build: ui-deps
	$(CARGO) test --workspace --no-run

## One suite at a time, in the foreground.
## The UI's unit tests (formatting, texts, imports): seconds, no build.
test-ui: ui-deps
	cd ui && node --test test/unit/

test-rust: test-build
	$(CARGO) test --workspace

test-browser: test-deps test-build typecheck
	$(BROWSER_SUITE)

## The browser tests that depend on the day, on other days: the server and the
## tests' own clock moved (libfaketime from Debian, installed when missing), the
## pages' clock moved with them (Playwright's clock), at each weekday, a month's
## end, a year's end and an evening in IST (tests/days.sh; DAYS= a few of them,
## DAYS_SUITE= other test files). Not part of `make test`: an hour on 2 cores.
test-days: test-deps test-build typecheck
	tests/days.sh

## Fuzz the JSON API from its OpenAPI document with schemathesis (needs python3;
## CI runs it beside `make test`).
fuzz: ui-deps
	tests/fuzz/schemathesis.sh

## Measure ours against Node SSR and nginx in one run; writes docs/benchmarks.md
## (installs wrk and nginx from Debian when missing).
bench: ui-deps
	python3 tests/bench/run.py

typecheck: ui-deps
	cd ui && npx tsc --noEmit

ui-deps: ui/node_modules/.package-lock.json

ui/node_modules/.package-lock.json: ui/package-lock.json
	cd ui && $(NPM) ci --no-audit --no-fund

clean:
	$(CARGO) clean
	rm -rf ui/node_modules
