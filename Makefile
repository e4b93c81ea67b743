# cardsite — every set-up step lives here, so a fresh machine needs only `make run` or `make test`.
SHELL := /bin/bash
# Any CPython from 3.11 to 3.13: the newest found, unless PYTHON names one.
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell scripts/find-python.sh)
endif
VENV := .venv
BIN := $(VENV)/bin
# uv installs exactly uv.lock; it lives in a small environment of its own, .uv, so that
# syncing .venv to the lock never removes it.
UV_VERSION := 0.13.9
UV := .uv/bin/uv
# uv uses the Python found above and never downloads one; .venv is where it installs.
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
PORT ?= 8000
# Debian packages are installed with sudo when not root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTEST_ARGS ?=
# Tests run in parallel (pytest-xdist): each worker has its own test database and its own
# live server. Browser tests wait on Chromium and on the real timers, so more workers than
# the 2 cores pay (docs/performance.md#test-lanes has the figures); the quick lane is
# CPU-bound.
TEST_WORKERS ?= 4
QUICK_WORKERS ?= 2
# The quick lane: every test that needs no browser and no server subprocess.
QUICK_MARKERS := not browser and not server and not ops

.PHONY: help install install-test check-installed lock lock-upgrade run serve migrate test test-quick test-debian13 test-postgres test-ops lint format messages chromium gettext nginx postgresql bench bench-load screenshots clean

help:
	@echo "make run            install, migrate and serve on http://127.0.0.1:$(PORT)/ (SQLite)"
	@echo "make test           install test needs (chromium included), lint, run the whole suite"
	@echo "make test-quick     lint and every test that needs no browser or server, in parallel"
	@echo "make test-debian13  make test-quick and a make run check on Debian 13's Python 3.13 (debootstrap)"
	@echo "make test-postgres  the whole suite against a throwaway PostgreSQL cluster"
	@echo "make test-ops       the live ops tests: kill -9, PostgreSQL stopped, nginx + 2 app servers"
	@echo "make serve          production-shaped: gunicorn + whitenoise, DEBUG off"
	@echo "make bench-load     50+ simulated players through nginx, two app servers, PostgreSQL"
	@echo "make screenshots    pictures of every state into docs/img/ (states, hearts-table, look, keeping, dialogs)"
	@echo "make lock           uv.lock again after a change to pyproject.toml (lock-upgrade: newest within bounds)"
	@echo "make check-installed  what .venv holds is exactly uv.lock"
	@echo "make lint | format | messages | bench | clean"

$(UV):
	@[ -n "$(PYTHON)" ] || exit 1
	@$(PYTHON) -m venv .uv || { echo "$(PYTHON) cannot make a virtual environment: install its venv module (Debian: python3-venv)"; exit 1; }
	.uv/bin/pip install --quiet --disable-pip-version-check 'uv==$(UV_VERSION)'

# The environment is synced to uv.lock again whenever the lock or pyproject.toml changes;
# --locked refuses a lock that no longer matches pyproject.toml (`make lock` mends it).
$(VENV)/.installed: pyproject.toml uv.lock | $(UV)
	$(UV) sync --locked --quiet --python $(PYTHON)
	touch $@

$(VENV)/.installed-test: pyproject.toml uv.lock | $(UV)
	$(UV) sync --locked --quiet --python $(PYTHON) --extra test
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test chromium gettext

# What is installed is exactly what the lock says (CI runs it after make test).
check-installed: $(VENV)/.installed-test
	$(UV) sync --locked --check --python $(PYTHON) --extra test

# After a change to pyproject.toml's dependencies: the smallest change to uv.lock that
# matches it. lock-upgrade takes the newest release of everything within its bounds.
lock: | $(UV)
	$(UV) lock --python $(PYTHON)

lock-upgrade: | $(UV)
	$(UV) lock --upgrade --python $(PYTHON)

# Playwright cannot download browsers here: the tests drive Debian's chromium-headless-shell
# (the same Blink, lighter: tests/browser/conftest.py), the motion bench the full chromium.
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then \
		echo "Installing Debian's chromium and chromium-headless-shell for the browser tests"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			chromium chromium-headless-shell fonts-dejavu-core >/dev/null; \
	fi

# GNU gettext: the translation tests check the catalogues with msguniq, and `make messages`
# writes them.
gettext:
	@if ! command -v msguniq >/dev/null; then \
		echo "Installing Debian's gettext for the translation tests"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gettext >/dev/null; \
	fi

# Debian's PostgreSQL and nginx for the live tests; each test runs its own throwaway
# cluster and its own nginx as an ordinary user on loopback. RUNLEVEL=1 keeps the
# package from starting a system-wide nginx on port 80.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "Installing Debian's postgresql for the live tests"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql >/dev/null; \
	fi

nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
		echo "Installing Debian's nginx for the live tests"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	fi

migrate: install
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Production-shaped: DEBUG off, hashed + compressed static files served by whitenoise.
# Locally there is no TLS, so the HTTPS redirect and secure cookies are turned off here;
# behind a TLS proxy leave both at their defaults.
serve: install
	@mkdir -p var
	@[ -s var/secret-key ] || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > var/secret-key
	DEBUG=false SECRET_KEY="$$(cat var/secret-key)" $(BIN)/python manage.py collectstatic --noinput -v0
	DEBUG=false SECRET_KEY="$$(cat var/secret-key)" $(BIN)/python manage.py migrate --noinput
	DEBUG=false SECRET_KEY="$$(cat var/secret-key)" SECURE_SSL_REDIRECT=false SECURE_COOKIES=false \
		$(BIN)/gunicorn cardsite.wsgi --bind 127.0.0.1:$(PORT) --workers $${WEB_CONCURRENCY:-3} \
		--access-logfile - --error-logfile -

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python manage.py makemigrations --check --dry-run >/dev/null

format: $(VENV)/.installed-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# pytest exits 5 when it collected no test: that must fail, never pass quietly.
# $(call pytest_in,ARGS[,PREFIX]) runs pytest with ARGS and PYTEST_ARGS, in a subshell of
# its own (PREFIX: a command to run it under, such as nice).
define pytest_in
	(set +e; $(2) $(BIN)/pytest $(1) $(PYTEST_ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; \
	exit $$status)
endef

# The whole suite in two parts at once. The parallel part runs under nice; beside it, in
# one process of its own, the few tests that sample a page frame by frame (marked
# serial): the kernel gives their Chromium the CPU first, so no neighbour starves their
# frames, and as they mostly wait on the real cadence they cost the parallel part little.
# Their output follows the parallel part's. Tests go out one at a time
# (--maxschedchunk 1), the long browser tests first (tests/conftest.py), so that no
# worker is left with a queue of them at the end.
define run_pytest
	serial_log=$$(mktemp); \
	$(call pytest_in,-p no:cacheprovider -m "serial and not ops") > $$serial_log 2>&1 & \
	serial=$$!; \
	$(call pytest_in,-n $(TEST_WORKERS) --dist load --maxschedchunk 1 -m "not ops and not serial",nice -n 10); \
	parallel_status=$$?; wait $$serial; serial_status=$$?; \
	echo "== the serial tests, run beside the parallel part"; cat $$serial_log; rm -f $$serial_log; \
	[ $$parallel_status -eq 0 ] && [ $$serial_status -eq 0 ]
endef

test: install-test lint
	@$(run_pytest)

# The inner loop: lint and the tests that need no browser and no server, in parallel
# (no Chromium is installed for it).
test-quick: gettext lint
	@$(call pytest_in,-n $(QUICK_WORKERS) --dist worksteal -m "$(QUICK_MARKERS)")

# The second Python: Debian 13's own 3.13, in a Debian 13 root built with debootstrap (and
# reused), where `make test-quick` and a `make run` smoke check run from this tree.
test-debian13:
	scripts/debian13-lane.sh

test-postgres: install-test postgresql
	scripts/with-postgres.sh bash -c '$(run_pytest)'

# The slow live tests (tests/live, marked ops, left out of `make test`): gunicorn killed
# with -9 mid-move, PostgreSQL stopped mid-game, nginx in front of two app servers.
test-ops: install-test nginx postgresql
	@$(call pytest_in,-m ops)

messages: $(VENV)/.installed-test gettext
	$(BIN)/python manage.py makemessages -l fr -l nb --no-obsolete --ignore=.venv --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

bench: $(VENV)/.installed-test nginx postgresql
	@for script in bench/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

bench-load: $(VENV)/.installed-test nginx postgresql
	$(BIN)/python bench/bench_load.py

clean:
	rm -rf $(VENV) .uv staticfiles .pytest_cache .ruff_cache .hypothesis

# Every state of both games at 1280 and 390 px, written to docs/img/states/ to be looked at
# (the accessibility test visits them all; in `make test` it writes to test-artifacts/);
# the Hearts table, the looks and the look panel, Heart to Heart's end dialogs and a shared
# deal's page, each into its own folder of docs/img/.
screenshots: $(VENV)/.installed-test
	CARDSITE_STATES_DIR=docs/img/states $(BIN)/pytest tests/browser/test_accessibility_browser.py -k "any_state and en-GB"
	CARDSITE_HEARTS_PICTURES=docs/img/hearts-table $(BIN)/pytest tests/browser/test_hearts_pictures_browser.py
	CARDSITE_LOOK_PICTURES=docs/img/look $(BIN)/pytest tests/browser/test_look_browser.py -k pictured
	CARDSITE_H2H_DIALOG_PICTURES=docs/img/heart-to-heart-dialogs $(BIN)/pytest tests/browser/test_heart_to_heart_dialogs_browser.py -k however_the_page_is_scrolled
	CARDSITE_H2H_DIALOG_PICTURES=docs/img/heart-to-heart-dialogs $(BIN)/pytest tests/browser/test_sharing_browser.py -k address_bar
	CARDSITE_KEEPING_PICTURES=docs/img/keeping $(BIN)/pytest tests/browser/test_passkeys_browser.py -k pictured
