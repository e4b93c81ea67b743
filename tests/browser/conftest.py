"""Playwright against Django's live server, with Debian's Chromium.

`playwright install` cannot download browsers here, so the launch points at Debian's
chromium-headless-shell, with the flags that keep it quiet on a closed network. It is
the same Blink as /usr/bin/chromium without the browser's own windows and their WebUI
renderers, which is what Playwright itself runs headless; the suite spends a fifth less
time in it (docs/performance.md#test-lanes). CHROMIUM_PATH=/usr/bin/chromium runs the
tests in the full browser.
"""

from __future__ import annotations

import os
import select
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Locator, Page
from playwright.sync_api import Error as PlaywrightError

# The binary itself, not /usr/bin's shell wrapper: Playwright stops what it started.
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium-headless-shell")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# The pictures taken for a person to look at are JPEGs: Chromium encodes one in a third of
# a PNG's time, at a phone's 3x a fifth of a second against 0.6 s
# (docs/performance.md#test-lanes). Only the admin's pictures kept in docs/ are PNGs.
PICTURE_QUALITY = 80


def picture(
    target: Page | Locator, name: str, *, folder: Path = ARTIFACTS, full_page: bool = False
) -> Path:
    """A JPEG of the page (what the screen shows, or the whole page) or of one element."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.jpg"
    whole = {"full_page": True} if full_page else {}
    try:
        target.screenshot(path=str(path), quality=PICTURE_QUALITY, **whole)
    except PlaywrightError as error:
        # A page some 10,000 px tall, captured while the machine is loaded, once came back
        # as "Unable to capture screenshot" (Chromium's compositor); a second try takes it.
        if "Unable to capture screenshot" not in str(error):
            raise
        target.screenshot(path=str(path), quality=PICTURE_QUALITY, **whole)
    return path


# These sample a card's box in every frame while it travels, and motion.js plays a move
# whose first frame comes late shorter: among other workers' Chromiums on 2 cores frames
# come late and few, so `make test` runs them in a process of their own beside the
# parallel part, which it runs under nice (the Makefile's run_pytest). The steadiness
# test asserts layout shifts, which no timing changes, and runs in parallel.
SERIAL = {"test_motion_browser.py", "test_motion_slow_browser.py"}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            if item.fspath.basename in SERIAL:
                item.add_marker(pytest.mark.serial)


class _Connections:
    """The live server's connections from the moment it accepts one until the thread that
    answers it is done, whatever happens in between (an answer cut short by a closed page
    included). Counted on the server itself: Django's request signals begin only once a
    thread has started reading the request, so a connection accepted under load could slip
    past them, and an answer that failed mid-way never said it had finished."""

    def __init__(self) -> None:
        self.open = 0
        self.changed = threading.Condition()

    def _count(self, change: int) -> None:
        with self.changed:
            self.open += change
            self.changed.notify_all()

    def watch(self, server) -> None:
        if getattr(server, "_connections_counted", False):
            return
        accepted, answered = server.process_request, server.process_request_thread

        def process_request(request, client_address):
            self._count(+1)
            try:
                accepted(request, client_address)  # starts the thread that answers it
            except BaseException:
                self._count(-1)  # no thread started: nothing will answer it
                raise

        def process_request_thread(request, client_address):
            try:
                answered(request, client_address)
            finally:
                self._count(-1)

        server.process_request = process_request
        server.process_request_thread = process_request_thread
        server._connections_counted = True

    def wait_until_idle(self, server, timeout: float) -> bool:
        """Until no connection is open and none waits in the listening socket's queue (a
        request the browser sent just before its page was closed)."""
        deadline = time.monotonic() + timeout
        while True:
            with self.changed:
                self.changed.wait_for(lambda: self.open <= 0, max(0.0, deadline - time.monotonic()))
                idle = self.open <= 0
            if idle and not select.select([server.socket], [], [], 0)[0]:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)  # a queued connection is being accepted: look again


CONNECTIONS = _Connections()


@pytest.fixture(autouse=True)
def _no_answer_under_the_flush(request):
    """A test that ends mid-game leaves requests on their way (the computers' timed turns):
    its page is closed before this tears down, and the test database is emptied after,
    so wait until the live server has answered everything it was sent. Emptying it under
    an answer fails with "database table is locked" (SQLite's shared in-memory database)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    server = request.getfixturevalue("live_server").thread.httpd
    CONNECTIONS.watch(server)
    yield
    if "browser" in request.fixturenames:
        # A context the test opened and a failure left open would keep its connections,
        # and every later test of this worker would wait on them.
        for context in request.getfixturevalue("browser").contexts:
            context.close()
    assert CONNECTIONS.wait_until_idle(server, timeout=30), "the live server is still answering"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-GB", "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def console_errors(page: Page):
    """Collects console errors and uncaught page errors; the test asserts it stays empty."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.fixture
def screenshot(page: Page):
    """Saves a full-page picture under test-artifacts/ for a human (or a reviewer) to look at."""

    def take(name: str, target: Page | None = None) -> Path:
        return picture(target or page, name, full_page=True)

    return take


def wait_until(
    page: Page, predicate: str, arg: Any = None, *, timeout: float = 10.0, what: str = ""
) -> Any:
    """Evaluate ``predicate`` (a JavaScript function of ``arg``) from Python until it gives a
    truthy value, and return that value. ``page.evaluate`` goes over the DevTools protocol,
    which the site's CSP (`script-src 'self'`) does not govern; Playwright's
    ``wait_for_function`` polls its predicate with ``eval`` in the page, which the CSP
    refuses, so it passed only when its first check already held."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(predicate, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not so after {timeout} s: {what or predicate}")
        time.sleep(0.02)  # the poll's interval, not a guess at how long anything takes


# What is still moving: every running animation or transition with an end (motion.js's
# cards in flight, a lift, a dialog's fade). An endless one would never end and moves no
# card to its place.
MOVING = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length === 0"""


def wait_until_settled(page: Page, *, timeout: float = 10.0) -> None:
    """Until the page's fonts are loaded and nothing moves: the cards have landed, the
    lifts and the dialogs' fades are over; what a picture or a box measured after a move
    should show. An answer's moves start in the frame after it is swapped in, so one frame
    goes by first."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
    wait_until(page, MOVING, timeout=timeout, what="every animation with an end finished")


def focused_id(page: Page, element_id: str) -> None:
    """Wait until the document's focused element has this id. Playwright's
    ``to_be_focused`` also needs the page to have the window's focus, which another test's
    browser context may hold; this asks the document alone."""
    wait_until(
        page,
        "id => document.activeElement !== null && document.activeElement.id === id",
        element_id,
        what=f"#{element_id} focused",
    )


def every_axe_violation(page: Page) -> list[dict]:
    """axe-core's violations of every impact (shipped inside axe-playwright-python, works
    offline), with that package's options. axe is put in the page once per document, not
    at each call: a state checked at two widths runs it again without its 570 kB anew."""
    from axe_playwright_python.base import AXE_SCRIPT
    from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS

    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    violations = page.evaluate(
        "options => axe.run(document, options).then(results => results.violations)", DEFAULT_OPTIONS
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in violations
    ]


def serious_axe_violations(page: Page) -> list[dict]:
    """axe-core's serious or critical violations only."""
    return [v for v in every_axe_violation(page) if v["impact"] in {"serious", "critical"}]
