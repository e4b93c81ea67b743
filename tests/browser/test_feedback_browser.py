"""A press shows at once, before the server answers: with every answer held back until
the page has been watched, the pressed card is ringed in the first frame after the press
and rises before the answer; the answer settles it; a covered card still does nothing;
under reduced motion the rise is instant too, with no frame in between.

Asserted in frames and in the order of events, never in milliseconds (shared machines are
noisy): the ring is a style the press sets at once, so the first frame shows it however
late that frame comes. The answer is held in the live server (a threading.Event) while the
page is watched, so that the order holds on any machine; the milliseconds are printed.
"""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service

from .conftest import wait_until_settled

pytestmark = pytest.mark.django_db(transaction=True)

# Press the card in the page and watch it frame by frame until the answer has been drawn:
# per frame the milliseconds since the press, its top and its shadow; the frame it was
# first ringed in, the frame it first moved in, and when the answer came.
WATCH = """async ([selector, frames]) => {
  const look = () => {
    const card = document.querySelector(selector);
    return card && [card.getBoundingClientRect().top, getComputedStyle(card).boxShadow];
  };
  const [start, shadow] = look();
  let answered = null;
  document.body.addEventListener("htmx:afterSwap", () => {
    answered ??= performance.now() - pressed;
  });
  const pressed = performance.now();
  document.querySelector(selector).click();
  const seen = [];
  let ringed = null, moved = null;
  for (let i = 0; i < frames; i++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = look();
    if (!now) break;
    seen.push({ ms: Math.round(performance.now() - pressed), top: now[0] });
    if (ringed === null && now[1] !== shadow) ringed = i;
    if (moved === null && Math.abs(now[0] - start) > 0.5) moved = i;
    if (answered !== null && i > (moved ?? 0) + 2) break;
  }
  const at = (i) => (i === null ? null : seen[i].ms);
  return { start, ringed, moved, ringed_ms: at(ringed), moved_ms: at(moved), answered,
           tops: seen.map((s) => s.top) };
}"""


class _Held:
    """The service function, its answers held in the live server's thread until
    ``release()``: the page is watched while the answer is known to be on its way."""

    def __init__(self, function) -> None:
        self.function = function
        self.released = threading.Event()

    def __call__(self, *args, **kwargs):
        assert self.released.wait(timeout=20), "the held answer was never released"
        return self.function(*args, **kwargs)

    def release(self) -> None:
        self.released.set()


def _rose_before_the_answer(seen):
    assert seen["answered"] is None, seen  # the answer was held while the page was watched
    assert seen["ringed"] == 0, seen  # shown in the first frame, however late it came
    assert seen["moved"] is not None, seen
    assert min(seen["tops"]) < seen["start"] - 4, seen


def test_a_heart_to_heart_card_rises_within_a_frame_of_the_press(
    live_server, page: Page, monkeypatch
):
    held = _Held(h2h_service.tap)
    monkeypatch.setattr(h2h_service, "tap", held)
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-25", 60])
    held.release()
    print(f"h2h: ringed {seen['ringed_ms']} ms, moved {seen['moved_ms']} ms after the press")
    _rose_before_the_answer(seen)
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")  # settled


def test_a_covered_card_does_nothing_when_pressed(live_server, page: Page):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-1", 8])
    assert seen["ringed"] is None and seen["moved"] is None, seen


def test_under_reduced_motion_the_change_is_instant(live_server, browser, monkeypatch):
    held = _Held(h2h_service.tap)
    monkeypatch.setattr(h2h_service, "tap", held)
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    seen = page.evaluate(WATCH, ["#pos-25", 60])
    held.release()
    assert seen["ringed"] == 0 and seen["moved"] == 0, seen
    # No travel: the first frame already shows where the card stays.
    assert len(set(round(top) for top in seen["tops"])) == 1, seen
    context.close()


def test_a_hearts_card_rises_at_once(live_server, page: Page, monkeypatch):
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    held = _Held(hearts_service.choose)
    monkeypatch.setattr(hearts_service, "choose", held)
    first = page.locator(".hand button[data-card]").first.get_attribute("id")
    seen = page.evaluate(WATCH, [f"#{first}", 60])
    held.release()
    print(f"hearts: ringed {seen['ringed_ms']} ms, moved {seen['moved_ms']} ms after the press")
    _rose_before_the_answer(seen)
    expect(page.locator(f"#{first}")).to_have_attribute("aria-pressed", "true")


def test_a_press_whose_answer_never_comes_goes_back(live_server, page: Page):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    page.route("**/heart-to-heart/**", lambda route: route.abort())  # the network fails
    start = page.locator("#pos-25").bounding_box()["y"]
    page.locator("#pos-25").click()
    expect(page.locator("#pos-25")).not_to_have_attribute("data-pressing", "lift")
    expect(page.locator("#pos-25")).not_to_have_attribute("aria-pressed", "true")
    page.mouse.move(0, 0)  # off the card, which rises a little under the mouse
    wait_until_settled(page)  # the travel back has ended
    assert page.locator("#pos-25").bounding_box()["y"] == pytest.approx(start, abs=0.5)
