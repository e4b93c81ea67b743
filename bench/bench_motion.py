"""The main thread while cards travel, in Debian's Chromium (docs/performance.md#motion).

A production-shaped server (DEBUG off, whitenoise, the site's own 450-ms cadence and
one-second linger) and a real browser play a whole Heart to Heart win (the Examples
deal) and a whole Hearts deal, with motion (motion.js, the CSS transitions) and then,
as the same run's baseline, under `prefers-reduced-motion: reduce` (nothing travels).
After a win it watches the celebration too (three seconds) and prints what that cost.

For each move it prints what the page's main thread did from the press (or the
computer's step) until the next one: the tasks over 50 ms that a `longtask`
PerformanceObserver saw, with the scripts of the long animation frame each came in, and
the main thread's busy time (Chrome's TaskDuration, through the DevTools protocol). A
timing: run it on a quiet machine, never as a test.

It plays as a player does: it looks at the page for a second before the first press (the
page's own loading work is not a move), and it waits for each answer with selector
waits, never with `expect`, whose polls take an accessibility snapshot of the page on
its main thread (7 ms a poll here), which would be counted as the page's own work.

    .venv/bin/python bench/bench_motion.py [--rounds 2]
"""

# ruff: noqa: I001 — web_setup configures Django, so it is imported before Django's modules.
from __future__ import annotations

import argparse
import os
import statistics
import time

from web_setup import percentile  # sets up Django (production settings) first

from django.conf import settings
from django.test.testcases import LiveServerThread
from playwright.sync_api import Page, expect, sync_playwright

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
LAUNCH = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--disable-background-networking", "--disable-component-update", "--no-first-run"]
SIZES = ((1280, 800), (390, 844))
LONG_AT: list[str] = []  # where the tasks over 50 ms came: a tap, or a Hearts swap
LOOK_MS = 1000  # a player's look at the page before the first press
CELEBRATION_MS = 3000  # a win's celebration plays about this long (motion.js)
CELEBRATIONS: list[str] = []  # what each win's celebration cost

# Installed before any page script: every long task, with when it started, and each
# long animation frame's scripts (what ran: "XMLHttpRequest.onload htmx-2.min.js").
OBSERVE = """
window.benchTasks = [];
window.benchFrames = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.benchTasks.push([entry.startTime, entry.duration, window.benchSwaps]);
  }
}).observe({ type: "longtask", buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const scripts = entry.scripts.map((script) =>
      `${script.invoker} ${(script.sourceURL || "?").split("/").pop()}`);
    window.benchFrames.push([entry.startTime, entry.duration, [...new Set(scripts)].join(", ")]);
  }
}).observe({ type: "long-animation-frame", buffered: true });
window.benchSwaps = 0;
document.addEventListener("htmx:afterSwap", () => { window.benchSwaps += 1; });
"""


class MainThread:
    """The renderer's main-thread busy time, in ms, read through the DevTools protocol."""

    def __init__(self, page: Page) -> None:
        self.session = page.context.new_cdp_session(page)
        self.session.send("Performance.enable")

    def busy(self) -> float:
        metrics = self.session.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def _now(page: Page) -> float:
    return page.evaluate("performance.now()")


def _tasks_since(page: Page, since: float) -> list[float]:
    return page.evaluate(
        "(since) => window.benchTasks.filter(([at]) => at >= since).map(([, d]) => d)", since)


def _look(page: Page) -> None:
    """A player's first look: the page has loaded, and a second goes by."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(LOOK_MS)


def _answered(page: Page, selector: str, timeout: float = 30000) -> None:
    """Waits for the selector without an `expect` poll's accessibility snapshot."""
    page.wait_for_selector(selector, state="attached", timeout=timeout)


def _long_since(page: Page, since: float) -> list[tuple[float, int, str]]:
    """The tasks over 50 ms: each one's length, how many swaps (an answer's parts each
    count) had been seen when it was reported, just after it ran, and the scripts of the
    animation frame it came in."""
    return page.evaluate(
        """(since) => window.benchTasks.filter(([at, length]) => at >= since && length > 50)
             .map(([at, length, swaps]) => {
               const frame = window.benchFrames.find(([start, frameLength]) =>
                 start <= at + 1 && at <= start + frameLength);
               const scripts = frame ? frame[2] || "no script: style, layout, paint" : "?";
               return [length, swaps, scripts];
             })""", since)


def heart_to_heart(page: Page, base: str) -> tuple[list[float], list[float]]:
    """A whole win; per tap: its main-thread time, and its long tasks."""
    page.goto(f"{base}/heart-to-heart/{EXAMPLE_CODE}/")
    _look(page)
    thread = MainThread(page)
    busy, tasks = [], []
    for target in solve_code(EXAMPLE_CODE).line:
        selector = {"stock": "#stock", "waste": "#waste"}.get(target, f"#pos-{target}")
        version = page.locator("#board").get_attribute("data-version")
        start, since = thread.busy(), _now(page)
        page.locator(selector).click()
        _answered(page, f"#board:not([data-version='{version}'])")
        page.wait_for_timeout(400)  # the move's flight (320 ms at most) is part of it
        busy.append(thread.busy() - start)
        tasks += _tasks_since(page, since)
        LONG_AT.extend(f"tap {len(busy)} ({length:.0f} ms; {scripts})"
                       for length, _, scripts in _long_since(page, since))
    expect(page.locator("[data-dialog='won']")).to_be_visible()
    # The win's celebration (about 3 s from the last tap's answer): its own figures, on
    # top of the last tap's 400 ms.
    start, since = thread.busy(), _now(page)
    page.wait_for_timeout(CELEBRATION_MS)
    long = _long_since(page, since)
    CELEBRATIONS.append(f"celebration: main thread {thread.busy() - start:.0f} ms over "
                        f"{CELEBRATION_MS} ms, tasks over 50 ms {len(long)}"
                        + "".join(f" ({length:.0f} ms; {scripts})" for length, _, scripts in long))
    return busy, tasks


def hearts(page: Page, base: str) -> tuple[list[float], list[float]]:
    """A whole deal at the site's cadence; per answer swapped in: main-thread time, and
    all the deal's long tasks."""
    page.goto(f"{base}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=15000)  # not timed
    _look(page)
    thread = MainThread(page)
    start, since = thread.busy(), _now(page)
    swaps = page.evaluate("window.benchSwaps")
    for card in page.locator(".hand button[data-card]").all()[:3]:
        code = card.get_attribute("data-card")
        card.click()
        _answered(page, f"#card-{code}[aria-pressed='true']")
    page.locator("#pass-cards").click()
    waiting = ("#table[data-phase='play'][data-turn='0']:not(:has(form.advance)),"
               " #table[data-phase='deal-done'], #table[data-phase='game-over']")
    while True:
        _answered(page, waiting)
        if page.locator("#table").get_attribute("data-phase") != "play":
            break
        playable = page.locator(".hand button[data-card]:not([aria-disabled='true'])").first
        code = playable.get_attribute("data-card")
        playable.click()
        _answered(page, f"#card-{code}[aria-pressed='true']")
        page.locator(f"#card-{code}").click()
        page.wait_for_selector(f".hand #card-{code}", state="detached")
    page.wait_for_timeout(500)
    answers = page.evaluate("window.benchSwaps") - swaps
    LONG_AT.extend(f"swap {swaps} ({length:.0f} ms; {scripts})"
                   for length, swaps, scripts in _long_since(page, since))
    return [(thread.busy() - start) / max(answers, 1)] * answers, _tasks_since(page, since)


def _line(name: str, busy: list[float], tasks: list[float]) -> str:
    over = [t for t in tasks if t > 50]
    return (f"{name:<34} {len(busy):>5} {statistics.median(busy):>9.1f} "
            f"{percentile(busy, 0.99):>8.1f} {len(over):>6} {max(tasks, default=0):>8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2,
                        help="each configuration this many times, alternating")
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    server = LiveServerThread("127.0.0.1", lambda handler: handler)  # whitenoise serves
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://127.0.0.1:{server.port}"
    print(f"Chromium main thread per move, cadence {settings.HEARTS_COMPUTER_DELAY_MS} ms, "
          f"linger {settings.HEARTS_TRICK_LINGER_MS} ms; load {os.getloadavg()[0]:.1f}")
    print(f"{'game, width, motion':<34} {'moves':>5} {'median ms':>9} {'p99 ms':>8} "
          f"{'>50 ms':>6} {'longest':>8}")
    results: dict[tuple, list] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH)
        for _ in range(args.rounds):
            for width, height in SIZES:
                for motion in ("full", "reduce"):
                    for game, play in (("heart to heart", heart_to_heart), ("hearts", hearts)):
                        context = browser.new_context(
                            viewport={"width": width, "height": height},
                            reduced_motion="reduce" if motion == "reduce" else "no-preference")
                        context.add_init_script(OBSERVE)
                        page = context.new_page()
                        busy, tasks = play(page, base)
                        context.close()
                        key = (game, width, motion)
                        results.setdefault(key, [[], []])
                        results[key][0].extend(busy)
                        results[key][1].extend(tasks)
                        print(_line(f"{game}, {width}, {motion}", busy, tasks), flush=True)
                        if LONG_AT:
                            print(f"{'':<6}over 50 ms at: {', '.join(LONG_AT)}", flush=True)
                            LONG_AT.clear()
                        for line in CELEBRATIONS:
                            print(f"{'':<6}{line}", flush=True)
                        CELEBRATIONS.clear()
        browser.close()
    print("\nAll rounds together; ratio = median main-thread time with motion / reduced:")
    for (game, width, motion), (busy, tasks) in sorted(results.items()):
        if motion != "full":
            continue
        base_busy = results[(game, width, "reduce")][0]
        ratio = statistics.median(busy) / max(statistics.median(base_busy), 1e-9)
        print(_line(f"{game}, {width}, {motion}", busy, tasks) + f"   ratio {ratio:.2f}")
    server.terminate()


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"({time.monotonic() - started:.0f} s)")
