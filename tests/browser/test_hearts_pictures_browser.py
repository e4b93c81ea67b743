"""Every state of the Hearts table and every dialog, pictured as a player sees the screen,
at a laptop's 1280x720, two phones' 390x844 and 360x780, and a small phone's 320x640 in
large print; and the seats' names and directions in each language at 360 and 320 px.

Each picture is checked as it is taken: the first screen holds what the state is about
(the hand, the seat scores, the dialog's title and first action), with no sideways
scroll. The dialogs belong to the screen: scrolled to the bottom of the page, the deal's
end and the game over keep their title and first action in view. Each name (with its
number) and each direction is read in one line.

The pictures land in test-artifacts/hearts-table/ by default; `make screenshots` sets
CARDSITE_HEARTS_PICTURES to docs/img/hearts-table and writes them there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine import hearts as engine
from games.engine.testing import play_on

from .conftest import ARTIFACTS, picture, wait_until_settled
from .game_states import hearts_pass, show_hearts_game
from .hearts_table import put_latest_game_in
from .look_cookie import wear

pytestmark = pytest.mark.django_db(transaction=True)

# (width, height, print): the small phone in large print, the others in standard print.
SIZES = [
    (1280, 720, "standard"),
    (390, 844, "standard"),
    (360, 780, "standard"),
    (320, 640, "large"),
]
PICTURES = os.environ.get("CARDSITE_HEARTS_PICTURES")
OUT = Path(PICTURES) if PICTURES else ARTIFACTS / "hearts-table"


def _picture(page: Page, name: str, width: int) -> None:
    wait_until_settled(page)  # the cards have landed: the picture is of the state
    picture(page, f"{name}-{width}", folder=OUT)


def _within(page: Page, selector: str, width: int, height: int) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (
        selector,
        box,
        width,
        height,
    )


def _states() -> dict[str, engine.HeartsState]:
    start = engine.new_game(11, levels=("medium",) * 3)
    play = play_on(
        start,
        lambda s: s.phase == "play" and s.turn == 0 and len(s.trick) == 2 and len(s.tricks) >= 3,
    )
    trick_done = play_on(play, lambda s: s.phase == "trick-done")
    deal_done = play_on(trick_done, lambda s: s.phase == "deal-done")
    later = play_on(
        deal_done,
        lambda s: len(s.deals) == 3 and s.phase == "play" and s.turn == 0 and len(s.tricks) >= 5,
    )
    game_over = play_on(later, lambda s: s.phase == "game-over")
    return {
        "play": play,
        "trick-done": trick_done,
        "deal-done": deal_done,
        "third-deal": later,
        "game-over": game_over,
    }


@pytest.mark.parametrize(
    ("width", "height", "print_size"), SIZES, ids=["1280", "390", "360", "320"]
)
def test_every_hearts_state_and_dialog_pictured_on_one_screen(
    live_server, browser: Browser, settings, width, height, print_size
):
    settings.HEARTS_TRICK_LINGER_MS = 600_000  # a finished trick stays while it is pictured
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=width < 500,
        has_touch=width < 500,
        locale="en-GB",
    )
    wear(
        context,
        live_server.url,
        f"green.{print_size}.two.red" if print_size != "standard" else None,
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/hearts/")
    _picture(page, "start-screen", width)
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    # Each press waits for its answer, as start_and_choose_three does: on a busy machine
    # a second tap sent before the first one's answer can carry the old version.
    for card in page.locator("#hand button[data-card]").all()[:2]:
        code = card.get_attribute("data-card")
        card.click()
        expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(2)
    page.evaluate("window.scrollTo(0, 0)")
    # The whole hand on the first screen; the Pass button too, but on the small phone.
    _within(page, "#hand button[data-card] >> nth=-1", width, height)
    if height > 640:
        _within(page, "#pass-cards", width, height)
    _picture(page, "pass", width)

    for name, state in _states().items():
        put_latest_game_in(state)
        page.reload()
        expect(page.locator(f"#table[data-phase='{state.phase}']")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")  # a reload keeps the scroll the clicks made
        for seat in range(4):
            _within(page, f"[data-seat-total='{seat}']", width, height)
        if state.phase in ("play", "trick-done"):
            _within(page, "#hand button[data-card] >> nth=-1", width, height)
        dialog = {"deal-done": "#next-deal", "game-over": "#new-game"}.get(state.phase)
        if dialog:
            _within(page, "[role='dialog'] h2", width, height)
            _within(page, dialog, width, height)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        _picture(page, name, width)
        if name == "third-deal":  # the score sheet, beside the table or one tap away
            if width < 1000:
                page.locator("[data-action='score-sheet']").click()
            expect(page.locator("#score-sheet")).to_be_visible()
            _within(page, "#score-sheet tfoot", width, height)
            _picture(page, "score-sheet", width)
        if dialog:  # scrolled to the bottom of the page: the page scrolls, the dialog stays
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            assert page.evaluate("window.scrollY") > 0
            _within(page, "[role='dialog'] h2", width, height)
            _within(page, dialog, width, height)
            _picture(page, f"{name}-scrolled", width)
    context.close()


# Each seat's name and direction, and how many lines each takes: the distinct tops of its
# text's boxes (Range.getClientRects), and its height against its line-height.
SEAT_LINES = """() => [...document.querySelectorAll('.seat-name, .seat-direction')].map((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
  const style = getComputedStyle(e);
  return {text: e.textContent.trim(), lines: tops.size,
          height: e.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight)};
})"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "nb-NO"])
def test_each_seat_name_and_direction_keeps_one_line(live_server, browser: Browser, locale):
    """In the pass (each computer's name carries its tick), at 360 and 320 px: "Ordinateur 1",
    "à votre gauche", "til høyre for deg" never break."""
    context = browser.new_context(
        viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    show_hearts_game(page, live_server.url, hearts_pass())
    expect(page.locator(".seat-direction")).to_have_count(3)
    for width, height in ((360, 780), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        seats = page.evaluate(SEAT_LINES)
        assert len(seats) == 7, seats  # three names and directions, and "You"
        for seat in seats:
            assert seat["lines"] == 1, (width, seat)
            assert seat["height"] < 1.5 * seat["lineHeight"], (width, seat)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        picture(page, f"names-{locale[:2]}-{width}", folder=OUT)
    context.close()
