"""The table holds still while the cards travel: cards move by
`transform` only, and the table keeps its size as its lines change, so over a whole
Heart to Heart win and a whole Hearts deal (the pass, thirteen tricks, the deal's end and
the next deal) the cumulative layout shift is at most 0.02.

CLS as browsers define it: the largest burst of shifts (gaps under 1 s, at most 5 s
long), leaving out those within 0.5 s of a press. Every shift is printed too.
Main-thread long tasks (over 50 ms) are counted and printed, not asserted: a task's
length is a timing, and these machines are shared (docs/performance.md#motion)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.browser.conftest import picture, wait_until_settled
from tests.browser.hearts_table import lift_and_play_first_playable, wait_for_me
from tests.web.heart_to_heart.helpers import winning_line

pytestmark = pytest.mark.django_db(transaction=True)

# Installed before any page script: every layout shift and every long task, kept.
OBSERVE = """
// Long tasks count from the first press: loading the page is not a move.
window.cardsiteSteadiness = { shifts: [], tasks: [], playing: Infinity };
addEventListener("pointerdown", () => {
  const seen = window.cardsiteSteadiness;
  seen.playing = Math.min(seen.playing, performance.now());
}, { capture: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.cardsiteSteadiness.shifts.push(
      { value: entry.value, input: entry.hadRecentInput, at: Math.round(entry.startTime) });
  }
}).observe({ type: "layout-shift", buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const seen = window.cardsiteSteadiness;
    if (entry.startTime >= seen.playing) {
      seen.tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }
  }
}).observe({ type: "longtask", buffered: true });
// What ran in each long frame: a long task is reported with the frame it came in.
window.cardsiteSteadiness.frames = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const scripts = entry.scripts.map((script) =>
      `${script.invoker} ${(script.sourceURL || "?").split("/").pop()}`);
    window.cardsiteSteadiness.frames.push(
      [entry.startTime, entry.duration, [...new Set(scripts)].join(", ")]);
  }
}).observe({ type: "long-animation-frame", buffered: true });
"""

MAX_SHIFT = 0.02


def _steadiness(page: Page) -> dict:
    return page.evaluate("() => window.cardsiteSteadiness")


def cumulative_layout_shift(shifts: list[dict]) -> float:
    """The largest session window's sum (web.dev's definition of CLS)."""
    worst = window = 0.0
    first = last = None
    for shift in shifts:
        if shift["input"]:
            continue
        at = shift["at"]
        if last is None or at - last > 1000 or at - first > 5000:
            window, first = 0.0, at
        window += shift["value"]
        last = at
        worst = max(worst, window)
    return worst


def _report(name: str, seen: dict) -> float:
    cls = cumulative_layout_shift(seen["shifts"])
    every = sum(shift["value"] for shift in seen["shifts"])
    lengths = [length for _, length in seen["tasks"]]
    print(
        f"{name}: CLS {cls:.4f}; every shift {every:.4f} over {len(seen['shifts'])}; "
        f"long tasks during play {len(lengths)}, longest {max(lengths, default=0)} ms"
    )
    for at, length in seen["tasks"]:
        scripts = next(
            (
                frame[2] or "style, layout, paint"
                for frame in seen["frames"]
                if frame[0] <= at + 1 <= frame[0] + frame[1] + 1
            ),
            "?",
        )
        print(f"  {length} ms at {at} ms: {scripts}")
    return cls


def test_a_whole_heart_to_heart_win_holds_still(live_server, browser):
    for width, height in ((1280, 800), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_init_script(OBSERVE)
        page = context.new_page()
        page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
        for target in winning_line():
            version = page.locator("#board").get_attribute("data-version")
            page.locator(
                "#stock"
                if target == "stock"
                else "#waste"
                if target == "waste"
                else f"#pos-{target}"
            ).click()
            expect(page.locator("#board")).not_to_have_attribute("data-version", version)
        expect(page.locator("[data-dialog='won']")).to_be_visible()
        wait_until_settled(page)  # the last card's flight and the dialog's entrance are over
        cls = _report(f"heart to heart at {width}", _steadiness(page))
        assert cls <= MAX_SHIFT, _steadiness(page)["shifts"]
        context.close()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_whole_hearts_deal_played_by_clicking_holds_still(live_server, browser, width, height):
    """A whole deal by clicking: the computers pass while the human chooses, Pass cards
    waits for three, the received cards come marked, the deal ends with its summary and
    26 points shared (78 when the moon is shot), nothing is logged as an error; and the
    table holds still throughout, the next deal's first cards included."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(OBSERVE)
    page = context.new_page()
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # Pictures of what the screen shows only: a whole page's picture resizes the view,
    # which is not a move of the game.
    shots = width == 1280
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    # The computers confirm while the human is still choosing.
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    pass_button = page.locator("[data-action='pass']")
    expect(pass_button).to_be_disabled()
    cards = page.locator(".hand button[data-card]")
    for index in (12, 11, 10):
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    expect(pass_button).to_be_enabled()
    if shots:
        picture(page, "hearts-pass")
    pass_button.click()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    expect(page.locator(".hand [data-received='true']")).to_have_count(3)
    phase, plays = wait_for_me(page), 0
    while phase == "play":
        lift_and_play_first_playable(page)
        plays += 1
        if shots and plays == 6:
            picture(page, "hearts-play")
        phase = wait_for_me(page)
    assert plays == 13
    expect(page.locator("[data-dialog='deal-done']")).to_be_visible()
    expect(page.locator("[data-deal-row]")).to_have_count(1)
    totals = [int(page.locator(f"[data-score-seat='{s}']").inner_text()) for s in range(4)]
    assert sum(totals) in (26, 78)
    if shots:
        picture(page, "hearts-deal-done")
    page.locator("#next-deal").click()
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    wait_until_settled(page)  # the new deal's cards have landed
    cls = _report(f"hearts at {width}", _steadiness(page))
    assert cls <= MAX_SHIFT, _steadiness(page)["shifts"]
    assert errors == []
    context.close()
