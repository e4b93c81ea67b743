"""Heart to Heart's end dialogs belong to the screen: wherever the page is scrolled, a
dialog's title and first action are in the viewport; on a laptop the win is a centred
card with everything shown and the stalemate a card beside the board, over the side
panels; on a phone the stalemate bar leaves the whole heart, the stock and the waste
uncovered, and the win bar covers at most a third of the heart until the player asks for
the rest. At every size the stalemate covers no card of the heart, the stock or the
waste: what the player looks at to see why they are stuck.

The positions are set as .heart_to_heart_line sets them: the known line's first tap
posted through the page's own session, the rest through the service, then the game's
address opened. Every figure is a box measured in the page; nothing here times anything.

The win and the stalemate are pictured at each size, as the page opens and scrolled to
its end: PNGs in test-artifacts/heart-to-heart-dialogs/ by default; `make screenshots`
sets CARDSITE_H2H_DIALOG_PICTURES to docs/img/heart-to-heart-dialogs and writes JPEGs there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.web.heart_to_heart.helpers import stalemate_case, winning_line

from .conftest import ARTIFACTS, focused_id, picture, wait_until, wait_until_settled
from .heart_to_heart_line import play_line

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = (1280, 720)
WIDE = (1366, 768)
LAPTOPS = [LAPTOP, WIDE]
PHONES = [(390, 844), (360, 780)]
PICTURES = os.environ.get("CARDSITE_H2H_DIALOG_PICTURES")
PICTURES_OUT = Path(PICTURES) if PICTURES else ARTIFACTS / "heart-to-heart-dialogs"


def _played(
    browser: Browser,
    live_server,
    code: str,
    line,
    size,
    *,
    locale: str = "en-GB",
    javascript: bool = True,
    init_script: str | None = None,
) -> Page:
    """A page at ``size`` showing the game ``line`` leads to on deal ``code``."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        is_mobile=width < 500,
        has_touch=width < 500,
        java_script_enabled=javascript,
        bypass_csp=init_script is not None,
    )
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    play_line(page, live_server.url, code, line)
    return page


def _won(browser, live_server, size, **kwargs) -> Page:
    page = _played(browser, live_server, EXAMPLE_CODE, winning_line(), size, **kwargs)
    expect(page.locator("[role='dialog'][data-dialog='won']")).to_be_visible()
    return page


def _stalemate(browser, live_server, size, **kwargs) -> Page:
    code, line = stalemate_case()
    page = _played(browser, live_server, code, line, size, **kwargs)
    expect(page.locator("[role='dialog'][data-dialog='stalemate']")).to_be_visible()
    return page


def _now_stalemate(page: Page, live_server) -> None:
    """The same page (its browser context, its size) on to a stalemate."""
    play_line(page, live_server.url, *stalemate_case())
    expect(page.locator("[role='dialog'][data-dialog='stalemate']")).to_be_visible()


def _shot(page: Page, name: str) -> None:
    """What the screen shows (not the full page: the dialogs are fixed to the screen),
    once the fonts and the cards have settled: the picture is of the state."""
    wait_until_settled(page)
    picture(page, name)


def _picture(page: Page, name: str) -> None:
    """What the screen shows, for docs/img/heart-to-heart-dialogs/ (`make screenshots`)."""
    wait_until_settled(page)  # the fonts and the cards: the picture is of the state
    picture(page, f"{name}-{page.viewport_size['width']}", folder=PICTURES_OUT)


def _box(page: Page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box, f"{selector} has no box"
    return box


def _inside_viewport(page: Page, selector: str) -> None:
    box = _box(page, selector)
    size = page.viewport_size
    assert box["width"] > 0 and box["height"] > 0, (selector, box)
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, box, size)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, box, size)


def _union(boxes: list[dict]) -> dict:
    left = min(b["x"] for b in boxes)
    top = min(b["y"] for b in boxes)
    right = max(b["x"] + b["width"] for b in boxes)
    bottom = max(b["y"] + b["height"] for b in boxes)
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def _overlap(a: dict, b: dict) -> float:
    """The area the two boxes share."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(width, 0) * max(height, 0)


def _boxes(page: Page, selector: str) -> list[dict]:
    return [box for box in (item.bounding_box() for item in page.locator(selector).all()) if box]


def _heart_box(page: Page) -> dict:
    """The heart: the union of its 25 places, removed or not."""
    places = _boxes(page, "#heart [data-pos]")
    assert len(places) == 25
    return _union(places)


def covered_fraction(page: Page, dialog: str) -> float:
    """The share of the heart's box the dialog's box covers."""
    heart = _heart_box(page)
    return _overlap(heart, _box(page, dialog)) / (heart["width"] * heart["height"])


def _scroll_to(page: Page, where: str) -> None:
    page.evaluate(
        "where => window.scrollTo(0, where === 'end' ? document.documentElement.scrollHeight : "
        "Math.round(document.documentElement.scrollHeight / 3))",
        where,
    )


@pytest.mark.parametrize(
    ("status", "size"),
    [("won", LAPTOP), *(("won", phone) for phone in PHONES)]
    + [("stalemate", size) for size in (*LAPTOPS, *PHONES)],
    ids=lambda value: f"{value[0]}x{value[1]}" if isinstance(value, tuple) else value,
)
def test_a_dialog_stays_on_the_screen_however_the_page_is_scrolled(
    live_server, browser, size, status
):
    """And, as the page opens, each size's own promise: on a laptop the win a centred card
    with everything shown, the stalemate a card beside the board; on a phone a bar; the
    stalemate's card or bar leaves the cards in view."""
    page = (_won if status == "won" else _stalemate)(browser, live_server, size)
    dialog = f"[role='dialog'][data-dialog='{status}']"
    first_action = f"{dialog} .dialog-actions button:not([hidden])"
    _inside_viewport(page, f"{dialog} h2")
    _inside_viewport(page, first_action)
    _picture(page, status)
    if size in LAPTOPS and status == "won":
        _a_centred_card_with_everything_shown(page, status)
    elif size in LAPTOPS:
        _the_stalemate_card_sits_beside_the_board(page)
    elif status == "stalemate":
        _the_stalemate_bar_leaves_the_heart_and_the_piles_in_view(page)
    else:
        _the_win_bar_covers_at_most_a_third_of_the_heart(page)
    for where in ("third", "end"):
        _scroll_to(page, where)
        _inside_viewport(page, f"{dialog} h2")
        _inside_viewport(page, first_action)
    _picture(page, f"{status}-scrolled")
    if size in LAPTOPS:  # the whole card, at the page's end
        _inside_viewport(page, dialog)
    if status == "stalemate" and size in LAPTOPS:  # and, scrolled, still beside the cards
        _nothing_of_the_cards_is_covered(page)
    if size in PHONES:  # at the page's end the footer's links clear the bar at the foot
        footer, bar = _box(page, ".site-footer"), _box(page, dialog)
        assert footer["y"] + footer["height"] <= bar["y"], (footer, bar)
    # Put aside and brought back while scrolled, it comes back on the screen.
    page.locator(f"{dialog} [data-action='look']").click()
    expect(page.locator(dialog)).to_be_hidden()
    page.locator("#show-dialog").click()
    _inside_viewport(page, f"{dialog} h2")
    _inside_viewport(page, first_action)
    # The keyboard's dialog behaviour holds (static/js/keyboard.js): focus in it, Tab stays.
    page.locator(first_action).first.focus()
    for _ in range(6):
        page.keyboard.press("Tab")
        assert page.evaluate(f'document.activeElement.closest("{dialog}") !== null')
    if size in PHONES and status == "won":
        page.evaluate("window.scrollTo(0, 0)")
        _the_win_bar_opens_for_the_rest(page)
    page.context.close()


def _a_centred_card_with_everything_shown(page: Page, status: str) -> None:
    dialog = f"[role='dialog'][data-dialog='{status}']"
    box = _box(page, dialog)
    centre = box["x"] + box["width"] / 2
    assert abs(centre - LAPTOP[0] / 2) < 2, box
    if status == "won":  # nothing to open on a laptop: the share line is there
        expect(page.locator(f"{dialog} [data-won='code']")).to_be_visible()
        expect(page.locator(f"{dialog} [data-action='more']")).to_be_hidden()


def _the_cards(page: Page) -> list[dict]:
    """The boxes of the heart's 25 places (removed or not), the stock and the waste."""
    cards = _boxes(page, "#heart [data-pos]") + _boxes(page, "#stock") + _boxes(page, "#waste")
    assert len(cards) == 27
    return cards


def _nothing_of_the_cards_is_covered(page: Page) -> dict:
    dialog = _box(page, "[role='dialog'][data-dialog='stalemate']")
    covered = [card for card in _the_cards(page) if _overlap(card, dialog) > 0]
    assert covered == [], (dialog, covered)
    return dialog


def _the_stalemate_card_sits_beside_the_board(page: Page) -> None:
    """Over the side panels, right of the board and of every card, all of it on the
    screen; the board is still tinted (the dialog is modal) and holds every card."""
    dialog = _nothing_of_the_cards_is_covered(page)
    _inside_viewport(page, "[role='dialog'][data-dialog='stalemate']")
    board = _box(page, "#board")
    assert dialog["x"] >= board["x"] + board["width"] - 0.5, (dialog, board)
    side = _box(page, ".h2h-side")  # over the side column, reaching a little past its edge
    assert abs(dialog["x"] + dialog["width"] - (side["x"] + side["width"])) < 2, (dialog, side)
    assert side["x"] - 17 <= dialog["x"] <= side["x"], (dialog, side)
    focused_id(page, "dialog-undo")


def _the_stalemate_bar_leaves_the_heart_and_the_piles_in_view(page: Page) -> None:
    dialog = _box(page, "[role='dialog'][data-dialog='stalemate']")
    cards = _boxes(page, "#heart [data-pos]") + _boxes(page, "#stock") + _boxes(page, "#waste")
    assert len(cards) == 27
    assert [card for card in cards if _overlap(card, dialog) > 0] == [], dialog
    for card in cards:  # and all of them on the screen, above the bar
        assert card["y"] >= 0 and card["y"] + card["height"] <= dialog["y"], (card, dialog)


def _the_win_bar_covers_at_most_a_third_of_the_heart(page: Page) -> None:
    dialog = "[role='dialog'][data-dialog='won']"
    fraction = covered_fraction(page, dialog)
    assert fraction <= 1 / 3, fraction
    # The bar holds the headline and the main action, the focus on it.
    _inside_viewport(page, f"{dialog} h2")
    _inside_viewport(page, "#dialog-new")
    focused_id(page, "dialog-new")
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_hidden()


def _the_win_bar_opens_for_the_rest(page: Page) -> None:
    """The rest (the deal to share, copy and share) is there when the player asks for it:
    the toggle is the stop after the main action, Space opens it, a press closes it."""
    dialog = "[role='dialog'][data-dialog='won']"
    more = page.locator(f"{dialog} [data-action='more']")
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_hidden()
    page.locator("#dialog-new").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "won-more-toggle"
    page.keyboard.press("Space")
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_visible()
    more.click()  # and closes it again
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_hidden()
    more.click()
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_visible()
    expect(page.locator("#copy-result-link")).to_be_visible()
    _inside_viewport(page, "#copy-result-link")
    _inside_viewport(page, f"{dialog} h2")
    _shot(page, f"h2h-dialog-won-more-{page.viewport_size['width']}")


# A header 90 px taller than the site's, in place before the page's scripts run.
TALLER_HEADER = """
document.addEventListener("readystatechange", () => {
  if (document.readyState !== "interactive") return;
  const style = document.createElement("style");
  style.textContent = ".site-header { padding-bottom: 90px; }";
  document.head.append(style);
});
"""


def test_a_taller_page_above_the_heart_is_scrolled_up_so_the_piles_clear_the_bar(
    live_server, browser
):
    """heart_to_heart.js keeps the cards above the bar when the page above them grows."""
    code, line = stalemate_case()
    page = _played(browser, live_server, code, line, PHONES[1], init_script=TALLER_HEADER)
    expect(page.locator("[role='dialog'][data-dialog='stalemate']")).to_be_visible()
    padding = "getComputedStyle(document.querySelector('.site-header')).paddingBottom"
    assert page.evaluate(padding) == "90px"
    wait_until(page, "() => window.scrollY > 0", what="the page scrolled up")
    dialog = _box(page, "[role='dialog'][data-dialog='stalemate']")
    cards = _boxes(page, "#heart [data-pos]") + _boxes(page, "#stock") + _boxes(page, "#waste")
    for card in cards:
        assert card["y"] >= 0 and card["y"] + card["height"] <= dialog["y"], (card, dialog)
    page.context.close()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_without_javascript_the_phone_bars_work_too(live_server, browser, size):
    """The win bar opens without JavaScript (its "Share" is a checkbox), and the
    stalemate bar needs no opening at all. Neither covers the heart. (The piles are kept
    above the bar by heart_to_heart.js when the page above them is taller than planned;
    without it the page can be scrolled to them: the page keeps room below for the bar.)"""
    page = _won(browser, live_server, size, javascript=False)
    dialog = "[role='dialog'][data-dialog='won']"
    assert covered_fraction(page, dialog) <= 1 / 3
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_hidden()
    page.locator(f"{dialog} [data-action='more']").click()
    expect(page.locator(f"{dialog} [data-won='code']")).to_be_visible()
    _now_stalemate(page, live_server)
    dialog_box = _box(page, "[role='dialog'][data-dialog='stalemate']")
    assert all(_overlap(card, dialog_box) == 0 for card in _boxes(page, "#heart [data-pos]"))
    expect(page.locator("#dialog-new")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    dialog_box = _box(page, "[role='dialog'][data-dialog='stalemate']")
    panels = _boxes(page, ".h2h-side .panel")
    assert panels and panels[-1]["y"] + panels[-1]["height"] <= dialog_box["y"]  # room below
    page.context.close()


@pytest.mark.parametrize("locale", ["fr-FR", "nb-NO"])
def test_the_phone_bars_hold_their_words_in_french_and_norwegian(live_server, browser, locale):
    """Longer words wrap inside the bars and still leave the cards in view."""
    size = PHONES[1]
    page = _won(browser, live_server, size, locale=locale)
    _shot(page, f"h2h-dialog-won-360-{locale[:2]}")
    assert covered_fraction(page, "[role='dialog'][data-dialog='won']") <= 1 / 3
    _now_stalemate(page, live_server)
    _shot(page, f"h2h-dialog-stalemate-360-{locale[:2]}")
    dialog_box = _box(page, "[role='dialog'][data-dialog='stalemate']")
    cards = _boxes(page, "#heart [data-pos]") + _boxes(page, "#stock") + _boxes(page, "#waste")
    assert all(_overlap(card, dialog_box) == 0 for card in cards), dialog_box
    page.context.close()
