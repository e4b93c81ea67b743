"""The Hearts table fits one screen and the game over ranks every seat.

At a laptop's 1280x720 and at two phones' 390x844 and 360x780, without scrolling: the
three seats, the trick, the 13 cards and the Pass button. On the laptop the hand is one
overlapping row; on a phone it is two rows where the thumb rests, every card at least 56 px
wide with a tap target of its own at least 26 px wide and as tall as the card, and the
arrow keys go through it in order. The header stays at most 80 px high on a phone, on
every page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine import hearts as engine
from tests.browser.game_states import show_hearts_game

from .conftest import serious_axe_violations
from .hearts_table import STRIPS, check_phone_hand, finished_state, inside

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(1280, 720), (390, 844), (360, 780)]
PHONES = [(390, 844), (360, 780)]
PAGES = [
    "/",
    "/heart-to-heart/",
    "/hearts/",
    "/heart-to-heart/rules/",
    "/hearts/help/",
    "/heart-to-heart/examples/",
    "/heart-to-heart/settings/",
    "/no-such-page/",
]


def _page(browser: Browser, width: int, height: int) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=width < 500,
        has_touch=width < 500,
        locale="en-GB",
    )
    return context.new_page()


def _deal(page: Page, base: str) -> None:
    """A new game's table (seed 11's deal), its computers' passes done."""
    show_hearts_game(page, base, engine.new_game(11, levels=("medium",) * 3))
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator(".hand button[data-card]")).to_have_count(13)
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)


# Where ArrowRight goes from each card of the hand (keyboard.js's own reading).
ARROWS_RIGHT = """() => [...document.querySelectorAll('#hand button[data-card]')].map((card) => {
  const next = window.cardsiteKeyboard.neighbour(card, 'ArrowRight');
  return next ? next.dataset.card : null;
})"""


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_whole_table_is_on_one_screen(live_server, browser, screenshot, width, height):
    page = _page(browser, width, height)
    _deal(page, live_server.url)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("window.scrollY") == 0
    for seat in (1, 2, 3):
        inside(page, f"[data-seat-info='{seat}']", width, height)
    inside(page, "[data-trick]", width, height)
    inside(page, "#pass-cards", width, height)
    for index in range(13):
        inside(page, f"#hand button[data-card] >> nth={index}", width, height)
    strips = page.evaluate(STRIPS)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width < 1000:
        figures = check_phone_hand(strips, smallest_card=56)
        # The arrow keys read the two rows as the hand's order: right from a row's last
        # card goes to the next row's first.
        assert page.evaluate(ARROWS_RIGHT) == [s["code"] for s in strips[1:]] + [None]
    else:
        tops = [strip["top"] for strip in strips]
        assert max(tops) - min(tops) <= 3, tops  # one row
        own = [s["width"] for s in strips[:-1]]
        figures = f"card {strips[0]['cardWidth']:.1f} px, strips {min(own):.1f}-{max(own):.1f} px"
    button = page.locator("#pass-cards").bounding_box()
    print(f"{width}x{height}: {figures}, pass to y {button['y'] + button['height']:.0f}")
    screenshot(f"table-fits-{width}" if width != 360 else "hearts-phone", page)
    page.context.close()


def test_the_header_is_at_most_80_px_on_a_phone(live_server, browser):
    """Each page once, measured at both phones' sizes (the same phone context resized)."""
    page = _page(browser, *PHONES[0])
    heights = {}
    for path in PAGES:
        page.goto(live_server.url + path)
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            heights[(width, path)] = page.locator(".site-header").bounding_box()["height"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, path)
    page.context.close()
    print(heights)
    assert all(h <= 80 for h in heights.values()), heights


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_the_game_over_names_the_winner_and_ranks_the_four_seats(
    live_server, browser, screenshot, width, height
):
    page = _page(browser, width, height)
    final = finished_state(seed=11)
    show_hearts_game(page, live_server.url, final)
    dialog = page.locator("[role='dialog'][data-dialog='game-over']")
    expect(dialog).to_be_visible()
    # The result and every deal, and the seats' totals.
    expect(dialog.locator("[data-result]")).to_have_attribute(
        "data-result", engine.result(final, 0)
    )
    expect(page.locator("[data-deal-row]")).to_have_count(len(final.deals))
    for seat in range(4):
        expect(page.locator(f"[data-score-seat='{seat}']")).to_have_text(str(final.totals[seat]))
    ranked = dialog.locator("[data-ranking] [data-rank-seat]")
    expect(ranked).to_have_count(4)
    seats = [int(ranked.nth(i).get_attribute("data-rank-seat")) for i in range(4)]
    assert sorted(seats) == [0, 1, 2, 3]
    totals = [final.totals[seat] for seat in seats]
    assert totals == sorted(totals)  # fewest points first
    for i, seat in enumerate(seats):
        expect(ranked.nth(i).locator("[data-rank-total]")).to_have_text(str(final.totals[seat]))
    low = min(final.totals)
    winner = dialog.locator("[data-winner]")
    expect(winner).to_be_visible()
    for seat in range(4):
        name = ["You", "Computer 1", "Computer 2", "Computer 3"][seat]
        if final.totals[seat] == low:
            expect(winner).to_contain_text(name)
    inside(page, "[data-dialog='game-over'] #new-game", width, height)
    screenshot(f"table-fits-game-over-{width}", page)
    if width == 1280:  # axe once on the game over: its phone layout holds the same dialog
        assert serious_axe_violations(page) == []
    page.context.close()
