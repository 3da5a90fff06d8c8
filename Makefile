# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two are made of.

CARGO ?= cargo
NPM   ?= npm

.PHONY: run build test test-ui test-rust test-browser fuzz bench ui-deps typecheck clean

## Start the site on http://127.0.0.1:8080 with an SQLite database under ./data/.
run: ui-deps
	$(CARGO) run --release --bin hygo -- serve

## Build the release binary: target/release/hygo (the UI is embedded in it).
build: ui-deps
	$(CARGO) build --release --bin hygo

## Every test: the UI's own unit tests, the Rust unit and integration tests
## (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser suite
## in Chromium (with the W3C HTML checker, which needs Java).
test: test-ui test-rust test-browser

## The UI's unit tests (the formatting module; no Intl outside it): seconds, no build.
test-ui: ui-deps
	cd ui && node --test test/unit/

test-rust: ui-deps
	$(CARGO) test --workspace

test-browser: ui-deps typecheck
	# Same target set as `cargo test`, so features unify and nothing is compiled twice.
	$(CARGO) build --workspace --bins --tests
	cd ui && HYGO_BIN=../target/debug/hygo node --test --test-concurrency=1 test/browser/

## Fuzz the JSON API from its OpenAPI document with schemathesis (needs python3;
## CI runs it after `make test`).
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
