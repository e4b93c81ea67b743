"""The Hearts table fits one screen and the game over ranks every seat.

At a laptop's 1280x720 and at two phones' 390x844 and 360x780, without scrolling: the
three seats, the trick, the 13 cards in one overlapping row and the Pass button. On the
360-px phone every card keeps a strip of at least 24 px that a tap lands on. The header
stays at most 80 px high on a phone, on every page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine import hearts as engine
from tests.browser.game_states import show_hearts_game

from .conftest import serious_axe_violations
from .hearts_table import STRIPS, finished_state, inside

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
    cards = page.locator("#hand button[data-card]")
    for index in range(13):
        inside(page, f"#hand button[data-card] >> nth={index}", width, height)
    strips = page.evaluate(STRIPS)
    tops = [strip["top"] for strip in strips]
    assert max(tops) - min(tops) <= 3, tops  # one row
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width == 360:
        for strip in strips:
            assert strip["width"] >= 24, strip
            assert strip["hit"], strip
    print(
        f"{width}x{height}: strips {min(s['width'] for s in strips):.1f}-"
        f"{max(s['width'] for s in strips[:-1]):.1f} px, card "
        f"{cards.first.bounding_box()['width']:.1f} px,"
        f" pass bottom {page.locator('#pass-cards').bounding_box()['y'] + 40:.0f}"
    )
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
