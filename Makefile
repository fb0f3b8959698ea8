# Reverie: `make run` installs everything and starts the product; `make test` installs everything
# and runs the whole test suite. Both skip the work already done (stamp files below).
SHELL := /bin/bash
.DEFAULT_GOAL := run

PYTHON_BOOT ?= python3
VENV        := .venv
PY          := $(VENV)/bin/python
PY_STAMP    := $(VENV)/.reverie-installed
NODE_STAMP  := node_modules/.reverie-installed
WEB_INDEX   := web/dist/index.html
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html $(wildcard web/*.config.ts web/tsconfig*.json)
API_CLIENT  := web/src/lib/api
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export PREFECT_SERVER_ANALYTICS_ENABLED := false

.PHONY: run test test-python test-web bench load fuzz authz crash install install-python install-web web chromium redis api-client check-python

## run: install what is missing, build the web app, start Reverie on http://localhost:8000
run: install $(WEB_INDEX)
	exec $(PY) -m api

## test: install what is missing (Chromium too), then web unit tests and the Python suite
test: install $(WEB_INDEX) chromium redis
	npm run typecheck
	npm test
	$(PY) -m pytest

## bench: the benchmarks and the load test, each figure against its baseline and its budget
## (tests/benchmarks/budgets.toml); exits non-zero when a budget is missed
bench: install $(WEB_INDEX)
	$(PY) -m tests.benchmarks

# The quality gates, each at a chosen size (docs/quality.md); the suite runs bounded versions.
USERS    ?= 50
DURATION ?= 60s
PROCESSES ?= 2
## load: locust journalers against the app started as `make run` starts it (PROCESSES app
## processes, WEB_CONCURRENCY); figures, with the server's CPU ms per request, to .data/load/
load: install $(WEB_INDEX)
	$(PY) -m tests.load --users $(USERS) --duration $(DURATION) --processes $(PROCESSES)

FUZZ_EXAMPLES ?= 200
## fuzz: schemathesis on every operation of the app's OpenAPI schema, signed in
fuzz: install
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest tests/fuzz -q -p no:cacheprovider

## authz: every route's authorization cases (401 signed out, 404 for another user's object, 403 admin)
authz: install
	$(PY) -m pytest tests/api/test_authorization_coverage.py -q -p no:cacheprovider

CRASH_KILLS ?= 10
## crash: SIGKILL the server at random points while it writes and analyses, then check nothing is lost
crash: install
	CRASH_KILLS=$(CRASH_KILLS) $(PY) -m pytest tests/e2e/test_crash_recovery.py -q -p no:cacheprovider

## api-client: regenerate the web app's typed API client from the app's OpenAPI schema
api-client: install
	$(PY) -m api openapi --output $(API_CLIENT)/openapi.json
	npm run gen:api

install: install-python install-web

install-python: $(PY_STAMP)
install-web: $(NODE_STAMP)

check-python:
	@$(PYTHON_BOOT) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Reverie needs Python 3.11 or newer (set PYTHON_BOOT to one)")'

$(PY):
	@$(MAKE) --no-print-directory check-python
	$(PYTHON_BOOT) -m venv $(VENV)

# torch first, pinned to the CPU build, so nothing later pulls the CUDA one.
$(PY_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q torch==2.13.0
	$(PY) -m pip install --disable-pip-version-check -q -e '.[dev]'
	$(PY) -m pipelines.embeddings export
	touch $@

$(NODE_STAMP): package.json web/package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(WEB_INDEX): $(NODE_STAMP) $(WEB_SOURCES)
	npm run build
	touch $@

# Browser tests drive Chromium: use CHROMIUM_PATH when set, else the system's, else install it.
chromium:
	@if [ -n "$${CHROMIUM_PATH:-}" ]; then \
	  [ -x "$$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$$CHROMIUM_PATH is not an executable Chrome/Chromium" >&2; exit 1; }; \
	elif [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Chromium with apt-get (needed by the browser tests)"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 || \
	  { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; }; \
	else \
	  echo "Chromium is missing. Install it (apt-get install chromium, as root), or set CHROMIUM_PATH to an existing Chrome/Chromium executable." >&2; \
	  exit 1; \
	fi

# The rate-limit tests run against a real Redis too (tests/support/redis_server.py starts its own).
redis:
	@if [ -n "$${REDIS_SERVER:-}" ]; then \
	  [ -x "$$REDIS_SERVER" ] || { echo "REDIS_SERVER=$$REDIS_SERVER is not an executable redis-server" >&2; exit 1; }; \
	elif command -v redis-server >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing redis-server with apt-get (needed by the rate-limit tests)"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server >/dev/null 2>&1 || \
	  { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server >/dev/null; }; \
	else \
	  echo "redis-server is missing. Install it (apt-get install redis-server, as root), or set REDIS_SERVER to an existing redis-server executable." >&2; \
	  exit 1; \
	fi
