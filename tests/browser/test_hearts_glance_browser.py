"""The Hearts table read at a glance: every seat's total beside this deal's points, the
score sheet in the first screen or one tap away, the computers holding their cards face
down, and each instruction said once. (The dialogs on the screen whatever the scroll: the
pictures test; the seats' countdown: the table test; focus on a card that can be played
and the trick read in the order it fell: the keyboard test's whole Hearts deal.)

Positions a test is not about reaching are written in the database and opened.

Sizes: a laptop's 1280x720 and two phones, 390x844 and 360x780. Screenshots land in
test-artifacts/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine import hearts as engine
from games.engine.testing import play_on
from tests.browser.game_states import show_hearts_game

from .hearts_table import PLAYABLE, wait_for_me

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(1280, 720), (390, 844), (360, 780)]
SIZE_IDS = ["1280", "390", "360"]


def _page(browser: Browser, width: int, height: int, locale: str = "en-GB") -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=width < 500,
        has_touch=width < 500,
        locale=locale,
    )
    return context.new_page()


def _deal(page: Page, base: str) -> None:
    """A new game's table (seed 11's deal), the computers' timed passes done."""
    show_hearts_game(page, base, engine.new_game(11, levels=("medium",) * 3))
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)


def _show(page: Page, base: str, state: engine.HeartsState) -> None:
    show_hearts_game(page, base, state)


def _box(page: Page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def _on_screen(page: Page, selector: str, width: int, height: int) -> dict:
    box = _box(page, selector)
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, box, width)
    assert box["y"] + box["height"] <= height + 0.5, (selector, box, height)
    return box


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _third_deal_under_way() -> engine.HeartsState:
    """Seed 11, two deals scored, the third one some tricks in, seat 0 to play."""
    return play_on(
        engine.new_game(11, levels=("medium", "medium", "medium")),
        lambda s: (
            len(s.deals) == 2
            and s.phase == "play"
            and len(s.tricks) >= 4
            and s.turn == 0
            and s.trick
        ),
    )


# --- The score in view --------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), SIZES, ids=SIZE_IDS)
def test_every_seat_shows_its_total_and_this_deal_and_the_sheet_is_at_hand(
    live_server, browser, screenshot, width, height
):
    page = _page(browser, width, height)
    state = _third_deal_under_way()
    _show(page, live_server.url, state)
    view = engine.seat_view(state, 0)
    assert page.evaluate("window.scrollY") == 0
    for seat in range(4):
        total = _on_screen(page, f"[data-seat-total='{seat}']", width, height)
        deal = _on_screen(page, f"[data-seat-deal='{seat}']", width, height)
        assert abs(total["y"] - deal["y"]) < total["height"], (total, deal)  # side by side
        expect(page.locator(f"[data-seat-total='{seat}']")).to_have_text(str(view.totals[seat]))
        expect(page.locator(f"[data-seat-deal='{seat}']")).to_have_text(f"+{view.taken[seat]}")
    sheet = page.locator("#score-sheet")
    if width >= 1000:  # beside the table, in the first screen
        expect(sheet).to_be_visible()
        expect(page.locator("[data-action='score-sheet']")).to_be_hidden()
    else:  # one tap away
        expect(sheet).to_be_hidden()
        _on_screen(page, "[data-action='score-sheet']", width, height)
        page.locator("[data-action='score-sheet']").click()
        expect(sheet).to_be_visible()
    _on_screen(page, "#score-sheet", width, height)
    expect(sheet.locator("[data-deal-row]")).to_have_count(2)
    for seat in range(4):
        expect(sheet.locator(f"[data-score-seat='{seat}']")).to_have_text(str(view.totals[seat]))
    screenshot(f"glance-score-sheet-{width}", page)
    if width < 1000:
        sheet.locator(".sheet-close").click()
        expect(sheet).to_be_hidden()
    # The next game's options and the statistics have left the play view.
    for panel in ("#hearts-options", "#hearts-stats"):
        assert _box(page, panel)["y"] >= height - 1, panel
    page.context.close()


# --- The computers hold their cards -------------------------------------------------------


def test_the_computers_hold_their_cards_face_down_and_the_table_is_wide(
    live_server, browser, screenshot
):
    page = _page(browser, 1280, 720)
    state = _third_deal_under_way()
    _show(page, live_server.url, state)
    view = engine.seat_view(state, 0)
    for seat in (1, 2, 3):
        backs = page.locator(f"[data-seat-info='{seat}'] .backs")
        expect(backs.locator(".back-mini")).to_have_count(view.cards_left[seat])
        expect(backs.locator("[data-card]")).to_have_count(0)  # a back names no card
        html = backs.inner_html()
        assert "data-card" not in html and not any(c in html for c in engine.codes(view.hand))
        first, second = backs.locator(".back-mini").nth(0), backs.locator(".back-mini").nth(1)
        a, b = first.bounding_box(), second.bounding_box()
        assert a["width"] >= 30 and 0 < b["x"] - a["x"] < a["width"]  # cards, overlapping
    # The table and the sheet use the window's width.
    table, aside = _box(page, "#table"), _box(page, ".hearts-aside")
    assert table["width"] + aside["width"] >= 0.9 * 1280, (table, aside)
    # The player plays; the next computers play theirs: their hands shrink.
    before = {seat: view.cards_left[seat] for seat in (1, 2, 3)}
    page.locator(PLAYABLE).first.click()
    page.locator("[aria-pressed='true']").click()
    wait_for_me(page)
    for seat in (1, 2, 3):
        count = page.locator(f"[data-seat-info='{seat}'] .back-mini").count()
        assert count <= before[seat]
    screenshot("glance-backs-1280", page)
    page.context.close()


# --- The small things ---------------------------------------------------------------------


def test_at_360_the_trick_touches_no_seat_and_the_led_tag_leaves_the_indices_clear(
    live_server, browser, screenshot
):
    page = _page(browser, 360, 780, locale="nb-NO")
    state = play_on(
        engine.new_game(11, levels=("medium",) * 3),
        lambda s: s.phase == "play" and s.turn == 0 and len(s.trick) == 3,
    )
    _show(page, live_server.url, state)
    trick = _box(page, "[data-trick]")
    for seat in (1, 2, 3):
        head = _box(page, f"[data-seat-info='{seat}'] .seat-head")
        assert not _overlap(trick, head), (seat, trick, head)
    # The tag on the led card covers neither corner index (the top left and bottom right
    # quarter-width, third-height corners of the face: games/drawing/card_faces.py).
    led = _box(page, "[data-trick] [data-led='true']")
    tag = _box(page, "[data-trick] [data-led='true'] .lead-tag")
    corners = [
        {"x": led["x"], "y": led["y"], "width": led["width"] * 0.25, "height": led["height"] / 3},
        {
            "x": led["x"] + led["width"] * 0.75,
            "y": led["y"] + led["height"] * 2 / 3,
            "width": led["width"] * 0.25,
            "height": led["height"] / 3,
        },
    ]
    assert not any(_overlap(tag, corner) for corner in corners), (tag, led)
    screenshot("glance-trick-360-nb", page)
    page.context.close()


def test_each_instruction_is_said_once_and_the_tap_help_until_a_card_is_played(
    live_server, browser, settings
):
    settings.HEARTS_COMPUTER_DELAY_MS = 60
    settings.HEARTS_TRICK_LINGER_MS = 150
    page = _page(browser, 1280, 720)
    _deal(page, live_server.url)
    felt = page.locator("#table")
    expect(page.locator(".pass-note")).to_contain_text("Pass 3 cards")
    assert "Choose 3 cards" not in felt.inner_text()  # the note says it, once
    for card in page.locator("#hand button[data-card]").all()[:3]:
        code = card.get_attribute("data-card")
        card.click()  # each press answered before the next (quick ones: the table tests)
        expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    page.locator("#pass-cards").click()
    help_text = "tap a card to lift it"
    wait_for_me(page)
    expect(page.locator("[data-status]")).to_contain_text(help_text)
    page.locator(PLAYABLE).first.click()
    page.locator("#hand [aria-pressed='true']").click()
    wait_for_me(page)
    expect(page.locator("[data-status]")).to_have_text("Your turn.")
    page.context.close()
