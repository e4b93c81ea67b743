"""A press shows at once, before the server answers (issue 21, instant feedback): with
every answer 300 ms late, the pressed card moves in the first frames after the press,
long before the answer; the answer settles it; a covered card still does nothing; under
reduced motion the change is instant, with no frame in between. Counted in frames, not
asserted in milliseconds (shared machines are noisy): the milliseconds are printed."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service

pytestmark = pytest.mark.django_db(transaction=True)

LATE = 0.3

# Press the card in the page and watch its box frame by frame: the milliseconds until it
# first moved, and every top it showed until it stopped.
WATCH = """async ([selector, frames]) => {
  // [ms since the press, the card's top] per frame, and the frame it first moved in.
  const card = document.querySelector(selector);
  const start = card.getBoundingClientRect().top;
  const pressed = performance.now();
  card.click();
  const tops = [];
  let moved = null;
  for (let i = 0; i < frames; i++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = document.querySelector(selector);
    if (!now) break;
    const top = now.getBoundingClientRect().top;
    tops.push([Math.round(performance.now() - pressed), top]);
    if (moved === null && Math.abs(top - start) > 0.5) moved = i;
  }
  const ms = tops.length ? tops[moved ?? 0][0] : null;
  return { start, moved, ms, tops: tops.map((t) => t[1]) };
}"""


def _late(function):
    def slow(*args, **kwargs):
        time.sleep(LATE)
        return function(*args, **kwargs)

    return slow


def test_a_heart_to_heart_card_rises_within_a_frame_of_the_press(
    live_server, page: Page, monkeypatch
):
    monkeypatch.setattr(h2h_service, "tap", _late(h2h_service.tap))
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-25", 8])
    print(f"h2h: moved in frame {seen['moved']}, {seen['ms']} ms after the press")
    assert seen["moved"] is not None and seen["moved"] <= 2, seen
    assert min(seen["tops"]) < seen["start"] - 4  # it rose before any answer came
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")  # settled


def test_a_covered_card_does_nothing_when_pressed(live_server, page: Page):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-1", 8])
    assert seen["moved"] is None, seen


def test_under_reduced_motion_the_change_is_instant(live_server, browser, monkeypatch):
    monkeypatch.setattr(h2h_service, "tap", _late(h2h_service.tap))
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-25", 6])
    assert seen["moved"] is not None and seen["moved"] <= 2, seen
    # No travel: the first frame that moved is already where it stays until the answer.
    moved = [top for top in seen["tops"] if abs(top - seen["start"]) > 0.5]
    assert len(set(round(top) for top in moved)) == 1, seen
    context.close()


def test_a_hearts_card_rises_at_once_and_a_sagging_one_does_not(
    live_server, page: Page, monkeypatch
):
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    monkeypatch.setattr(hearts_service, "choose", _late(hearts_service.choose))
    first = page.locator(".hand button[data-card]").first.get_attribute("id")
    seen = page.evaluate(WATCH, [f"#{first}", 8])
    print(f"hearts: moved in frame {seen['moved']}, {seen['ms']} ms after the press")
    assert seen["moved"] is not None and seen["moved"] <= 2, seen
    expect(page.locator(f"#{first}")).to_have_attribute("aria-pressed", "true")
