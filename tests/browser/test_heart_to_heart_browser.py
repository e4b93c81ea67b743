"""Heart to Heart in a real Chromium: taps through htmx, dialogs, settings, sharing, languages."""

import re
import threading

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE, PAIRED, new_game, tap, view
from games.models import HeartToHeartGame
from games.services import heart_to_heart as h2h_service
from tests.web.heart_to_heart.helpers import stalemate_case, winning_line

from .conftest import focused_id, serious_axe_violations
from .heart_to_heart_line import play_line, play_on

pytestmark = pytest.mark.django_db(transaction=True)


def _selector(target) -> str:
    return f"#pos-{target}" if isinstance(target, int) else f"#{target}"


def _tap(page: Page, target) -> None:
    """Click a card and wait until the swapped board shows a newer version."""
    version = int(page.locator("#board").get_attribute("data-version"))
    page.locator(_selector(target)).click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(version + 1))


def _open(page: Page, live_server, code: str) -> None:
    page.goto(f"{live_server.url}/heart-to-heart/{code}/")
    expect(page.locator("#board")).to_be_visible()


def test_the_first_tap_begins_the_game_and_the_address_follows_it(
    live_server, page: Page, console_errors
):
    """A deal-code URL shows the fresh deal and saves nothing; the first tap creates the
    game (in one request) and replaces the address (address_bar.js, from the answer's
    cardsite:address event), never pushes one, so a reload resumes it. No htmx page
    snapshot goes to sessionStorage (it would be stale after the next move); going back
    within the page (after the skip link) leaves the live board as it is. The clock starts
    at the first move (choosing a card is none) and ticks in the browser, between
    requests."""
    _open(page, live_server, EXAMPLE_CODE)
    assert HeartToHeartGame.objects.count() == 0
    entries = page.evaluate("history.length")  # about:blank came first
    _tap(page, 25)
    game = HeartToHeartGame.objects.get()
    expect(page).to_have_url(f"{live_server.url}/heart-to-heart/game/{game.pk}/")
    assert page.evaluate("history.length") == entries  # replaced, never pushed
    assert page.evaluate("Object.keys(sessionStorage)").count("htmx-history-cache") == 0
    page.locator(".skip-link").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#main$"))
    page.go_back()
    expect(page).to_have_url(f"{live_server.url}/heart-to-heart/game/{game.pk}/")
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")
    page.reload()  # the address resumes the game
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")
    _tap(page, 25)
    page.reload()
    expect(page.locator("#pos-25")).not_to_have_attribute("aria-pressed", "true")
    assert HeartToHeartGame.objects.count() == 1
    clock = page.locator("[data-stat='time']")
    expect(clock).to_have_text("0:00")
    _tap(page, "stock")
    # It moves on by itself, between requests (how fast is the machine's business).
    expect(clock).to_have_text(re.compile(r"^0:0[1-9]$"), timeout=8000)
    assert console_errors == []


# The last taps of the winning line: pairs from the heart and the waste, pairs within
# the heart, the second redeal and the winning pair.
LAST_TAPS = 20


def test_a_win_played_to_its_end_tap_by_tap(live_server, page: Page, console_errors, screenshot):
    """The win's last taps by pointer, each answer drawn on the page, and what the won page
    shows. The taps before are made through the service: a whole win by pointer is played
    by test_steadiness_browser, by keyboard by test_keyboard_browser."""
    _open(page, live_server, EXAMPLE_CODE)
    screenshot("h2h-start-desktop")
    line = winning_line()
    half = len(line) // 2 + 1
    play_line(page, live_server.url, EXAMPLE_CODE, line[:half])
    screenshot("h2h-midgame-desktop")
    play_on(page, line[half:-LAST_TAPS])
    for target in line[-LAST_TAPS:]:
        _tap(page, target)
    dialog = page.locator("[role='dialog'][data-dialog='won']")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-won='score']")).to_have_text("250")
    expect(page.locator("[data-stat='score']")).to_have_text("250")
    expect(page.locator("[data-pos][data-state='removed']")).to_have_count(25)
    expect(page.locator("[data-statistic='won']")).to_have_text("1")  # updated out of band
    screenshot("h2h-won")
    _put_the_dialog_aside_and_back(page, dialog, "Show my result again")
    dialog.locator("[data-action='look']").click()
    screenshot("h2h-won-aside")
    assert console_errors == []


def test_stalemate_reached_undone_then_restarted_and_back_shows_it_replaced(
    live_server, page: Page, console_errors, screenshot
):
    """Reached tap by tap, the stalemate's dialog offers Undo (focused), which takes the
    last move back; reached again, Restart deals it anew, and Back never brings the old
    game back to life."""
    code, line = stalemate_case()
    _open(page, live_server, code)
    for target in line:
        _tap(page, target)
    dialog = page.locator("[role='dialog'][data-dialog='stalemate']")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("No more moves")
    focused_id(page, "dialog-undo")
    screenshot("h2h-stalemate")
    dialog.locator("[data-action='undo']").click()
    expect(page.locator("[data-dialog='stalemate']")).to_have_count(0)
    expect(page.locator("#h2h-announcer")).to_have_text("Move undone.")
    for target in line[-2:]:  # the undone pair made again (undoing it chose nothing)
        _tap(page, target)
    expect(dialog).to_be_visible()
    page.locator("[data-dialog='stalemate'] [data-action='restart']").click()
    expect(page.locator("[data-stat='moves']")).to_have_text("0")
    current_url = page.url
    page.go_back()
    _shows_it_was_replaced(page, current_url)
    page.go_back()  # and again: Back never brings the old game back to life
    expect(page.locator("[data-message='replaced']")).to_be_visible()
    assert console_errors == []


def _first_pair(line) -> tuple:
    """The taps of ``line`` up to and including its first removed pair."""
    state = new_game(EXAMPLE_CODE)
    for number, target in enumerate(line):
        outcome = tap(state, target)
        state = outcome.state
        if outcome.kind == PAIRED:
            return line[: number + 1]
    raise AssertionError("the line removes no pair")


def test_undoing_a_pair_leaves_nothing_selected(live_server, page: Page, screenshot):
    _open(page, live_server, EXAMPLE_CODE)
    taps = _first_pair(winning_line())
    for target in taps:
        _tap(page, target)
    first, second = (_selector(target) for target in taps[-2:])
    _tap(page, "undo")
    expect(page.locator(first)).to_be_visible()  # both cards are back
    expect(page.locator(second)).to_be_visible()
    expect(page.locator("#board [aria-pressed='true']")).to_have_count(0)
    expect(page.locator("#board [data-dim='true']")).to_have_count(0)  # no chosen card to pair
    screenshot("h2h-after-undo")
    # The next tap on the pair's second card selects it; it does not remove a pair.
    _tap(page, taps[-1])
    expect(page.locator(second)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(first)).to_have_attribute("aria-pressed", "false")


def _shows_it_was_replaced(page: Page, current_url: str) -> None:
    notice = page.locator("[data-message='replaced']")
    expect(notice).to_be_visible()
    expect(page.locator("#stock")).to_be_disabled()
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("[role='dialog']")).to_have_count(0)
    notice.locator("[data-action='current-game']").click()
    page.wait_for_url(current_url)
    expect(page.locator("[data-message='replaced']")).to_have_count(0)


def test_back_after_new_game_shows_the_old_game_replaced(live_server, page: Page, screenshot):
    _open(page, live_server, EXAMPLE_CODE)
    _tap(page, "stock")
    # New game then deals a winnable deal: never one stuck, under its dialog, at once.
    with page.expect_response("**/heart-to-heart/settings/"):
        page.locator("[data-setting='winnable-only']").check()
    old_url = page.url
    page.locator("#new-game").click()
    page.wait_for_url(lambda url: url != old_url and "/game/" in url)
    expect(page.locator("[data-stat='code']")).to_have_text(re.compile("^HH1-W-"))
    expect(page.locator("[data-stat='moves']")).to_have_text("0")
    current_url = page.url
    _tap(page, "stock")  # the new game is played: counted once, as the old one was
    expect(page.locator("[data-statistic='played']")).to_have_text("2")
    page.go_back()
    expect(page.locator("[data-message='replaced']")).to_be_visible()
    expect(page.locator("[data-stat='moves']")).to_have_text("1")  # as it was left
    expect(page.locator("[data-statistic='played']")).to_have_text("2")
    screenshot("h2h-replaced")
    assert serious_axe_violations(page) == []
    _shows_it_was_replaced(page, current_url)
    expect(page.locator("[data-statistic='played']")).to_have_text("2")


def test_back_from_the_back_forward_cache_shows_the_old_game_replaced(
    live_server, browser_type, browser_type_launch_args
):
    # Playwright turns Chromium's back/forward cache off; a person's browser has it on,
    # and it would show the old page as it was left, still playable.
    browser = browser_type.launch(
        **browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"]
    )
    try:
        page = browser.new_page()
        _open(page, live_server, EXAMPLE_CODE)
        _tap(page, "stock")  # a game that has begun (a deal only shown may never be saved)
        old_url = page.url
        page.locator("#new-game").click()
        page.wait_for_url(lambda url: url != old_url)
        page.go_back(wait_until="commit")  # a page restored from that cache fires no load
        expect(page.locator("[data-message='replaced']")).to_be_visible()
        expect(page.locator("#stock")).to_be_disabled()
    finally:
        browser.close()


def test_a_tab_left_on_a_game_replaced_elsewhere_is_told_at_its_next_tap(live_server, page: Page):
    _open(page, live_server, EXAMPLE_CODE)
    _tap(page, "stock")
    other = page.context.new_page()
    _open(other, live_server, EXAMPLE_CODE)
    _tap(other, "stock")  # a newer game of the same visitor, begun in another tab
    page.locator("#stock").click()
    expect(page.locator("[data-message='replaced']")).to_be_visible()
    expect(page.locator("[data-stat='moves']")).to_have_text("1")  # nothing applied


def _in_plain_sight(page: Page, selector: str) -> bool:
    """The element is what a tap at its centre reaches: nothing lies over it."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    return element.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return el === hit || el.contains(hit); }"""
    )


def _put_the_dialog_aside_and_back(
    page: Page, dialog, back_label: str, *, over_the_board: bool = True
) -> None:
    """Look at the cards under an end-of-game dialog, then bring the dialog back. On a
    phone the dialog is a bar below the cards (``over_the_board=False``): they are in
    plain sight with it up, and putting it aside lowers it."""
    seen = "[data-pos]:not([data-state='removed']), [data-pile='waste']"
    assert _in_plain_sight(page, seen) is not over_the_board
    dialog.locator("[data-action='look']").click()
    expect(dialog).to_be_hidden()
    back = page.locator("#show-dialog")
    expect(back).to_be_visible()
    expect(back).to_have_text(back_label)
    focused_id(page, "show-dialog")
    assert _in_plain_sight(page, seen)
    back.click()
    expect(dialog).to_be_visible()
    expect(back).to_be_hidden()
    focused_id(page, "look-at-board")
    page.keyboard.press("Escape")  # the keyboard way to put it aside
    expect(dialog).to_be_hidden()
    focused_id(page, "show-dialog")
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()


@pytest.mark.parametrize("width", [1280, 360])
def test_the_stalemate_dialog_can_be_put_aside_to_look_at_the_cards(
    live_server, browser, width, screenshot
):
    context = browser.new_context(
        viewport={"width": width, "height": 900 if width > 360 else 740}, is_mobile=width == 360
    )
    page = context.new_page()
    # A fresh deal fits the width: no sideways scroll, a phone's included.
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#pos-25")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width == 360:
        screenshot("h2h-phone", page)
    play_line(page, live_server.url, *stalemate_case())  # the way there is not under test
    dialog = page.locator("[role='dialog'][data-dialog='stalemate']")
    expect(dialog).to_be_visible()
    screenshot(f"h2h-stalemate-{width}", page)
    dialog.locator("[data-action='look']").click()
    screenshot(f"h2h-stalemate-aside-{width}", page)
    page.locator("#show-dialog").click()
    _put_the_dialog_aside_and_back(
        page, dialog, "Show the choices again", over_the_board=width > 560
    )
    assert serious_axe_violations(page) == []
    dialog.locator("[data-action='undo']").click()  # the dialog's actions still work
    expect(page.locator("[data-dialog='stalemate']")).to_have_count(0)
    expect(page.locator("#show-dialog")).to_have_count(0)
    context.close()


def test_without_javascript_the_dialog_offers_no_dead_button(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    play_line(page, live_server.url, *stalemate_case())  # the way there is not under test
    expect(page.locator("[data-dialog='stalemate']")).to_be_visible()
    expect(page.locator("#h2h-dialog [data-action='look']")).to_be_hidden()
    expect(page.locator("#show-dialog")).to_be_hidden()
    context.close()


def test_settings_change_what_is_drawn(live_server, page: Page, console_errors):
    """And the page has no serious accessibility violation, fresh or with a card chosen."""
    _open(page, live_server, EXAMPLE_CODE)
    assert serious_axe_violations(page) == []
    # docs/rules.md#h2h-examples: the point (4) then the waste (A): the waste ends selected.
    _tap(page, 25)
    assert serious_axe_violations(page) == []
    expect(page.locator("[data-pos='1']")).to_have_attribute("data-dim", "true")
    _tap(page, "waste")
    expect(page.locator("#waste")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-message='same-rank']")).to_have_count(0)

    page.locator("[data-setting='move-errors']").check()
    expect(page.locator("[data-setting='move-errors']")).to_be_checked()
    _tap(page, 25)
    expect(page.locator("[data-message='same-rank']")).to_be_visible()

    page.locator("[data-setting='placement-help']").uncheck()
    expect(page.locator("[data-dim='true']")).to_have_count(0)
    expect(page.locator("[data-hint='true']")).to_have_count(0)
    page.reload()  # settings are saved, not just drawn
    expect(page.locator("[data-setting='placement-help']")).not_to_be_checked()
    expect(page.locator("[data-setting='move-errors']")).to_be_checked()
    assert console_errors == []


def _hold_first_post(page: Page, pattern: str) -> list:
    """Keep the first POST to `pattern` in the browser until the test lets it go; later
    requests go through."""
    held = []

    def handle(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(pattern, handle)
    return held


def _until_held(page: Page, held: list) -> None:
    """Let the browser run until the first request is held (it is then on its way). The
    route handler runs only while Playwright has the thread, so this polls ``held`` from
    Python with Playwright's own wait in between (a threading.Event would never be set)."""
    for _ in range(250):
        if held:
            return
        page.wait_for_timeout(20)  # the poll's interval: Playwright runs the handler meanwhile
    raise AssertionError("the request never left the page")


@pytest.mark.parametrize("first", ["setting", "tap"])
def test_a_setting_and_a_tap_made_together_both_count(
    live_server, page: Page, console_errors, first
):
    """A setting's answer redraws the board. Changed while a tap is on its way, or a card
    tapped while the setting is on its way: both count, and the board drawn last is the
    newest (the flake CI saw: the tap's answer drawn on a board the setting had replaced)."""
    _open(page, live_server, EXAMPLE_CODE)
    _tap(page, 25)
    _tap(page, "waste")  # the waste (A) chosen: the 4 tapped again is not a pair
    if first == "setting":
        held = _hold_first_post(page, "**/heart-to-heart/settings/")
        page.locator("[data-setting='move-errors']").check()
        _until_held(page, held)
        page.locator("#pos-25").click()
    else:
        held = _hold_first_post(page, "**/heart-to-heart/game/**")
        page.locator("#pos-25").click()
        _until_held(page, held)
        page.locator("[data-setting='move-errors']").check()
    with page.expect_response("**/heart-to-heart/settings/"):  # the setting's, sent or queued
        held[0].continue_()
    expect(page.locator("#board")).to_have_attribute("data-version", "4")
    # The tap is judged with the setting it was made under: move errors said only if on.
    expect(page.locator("[data-message='same-rank']")).to_have_count(1 if first == "setting" else 0)
    page.reload()  # both were saved
    expect(page.locator("[data-setting='move-errors']")).to_be_checked()
    expect(page.locator("#board")).to_have_attribute("data-version", "4")
    assert console_errors == []


def test_settings_that_cannot_be_saved_say_why_in_the_panel(live_server, page: Page):
    _open(page, live_server, EXAMPLE_CODE)
    game_field = page.locator("#h2h-settings input[name=game]")
    game_field.evaluate("input => { input.value = 'not-a-game'; }")
    page.locator("[data-setting='move-errors']").check()
    # htmx swaps the 400 answer onto the panel (HX-Retarget), not onto the board.
    notice = page.locator("#h2h-settings [data-message='settings-not-saved']")
    expect(notice).to_be_visible()
    expect(page.locator("#h2h-settings")).to_have_count(1)
    expect(page.locator("#board [data-pos]")).to_have_count(25)
    assert serious_axe_violations(page) == []
    page.reload()
    expect(page.locator("[data-setting='move-errors']")).not_to_be_checked()


def test_the_page_in_french(live_server, browser, screenshot):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#undo")).to_contain_text("Annuler")
    assert page.locator("#stock").get_attribute("aria-label").startswith("Pioche")
    screenshot("h2h-fr-FR", page)
    context.close()


def test_norwegian_names_cards_and_counters_as_a_norwegian_would(live_server, browser, screenshot):
    context = browser.new_context(locale="nb-NO")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#undo")).to_contain_text("Angre")
    assert page.locator("#stock").get_attribute("aria-label").startswith("Trekkbunken")
    expect(page.locator("#pos-25")).to_have_attribute("aria-label", "Hjerter fire, fritt")
    screenshot("h2h-nb-NO", page)
    page.goto(f"{live_server.url}/heart-to-heart/examples/?step=10")
    step = page.locator(".stat:has([data-stat='step']) .stat-label")
    expect(step).to_have_text(re.compile("^trekk nr\\.$", re.IGNORECASE))
    expect(page.locator("[data-stat='moves']")).to_have_count(0)  # one counter, shown once
    expect(page.locator(".example-now")).to_contain_text(
        "Par: hjerter fire i hjertet med kortet i avleggsbunken"
    )
    screenshot("h2h-examples-nb", page)
    context.close()


def test_cards_are_playable_by_keyboard(live_server, page: Page):
    _open(page, live_server, EXAMPLE_CODE)
    point = page.locator("#pos-25")
    expect(point).to_have_attribute("aria-label", "Four of hearts, free")
    point.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")
    focused_id(page, "pos-25")  # focus survives the swap (stable ids)
    expect(page.locator("#pos-25")).to_have_attribute("aria-label", "Four of hearts, selected")
    page.keyboard.press("Space")
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "false")
    focused_id(page, "pos-25")
    page.keyboard.press("Tab")
    focused_id(page, "stock")


def test_a_double_click_on_the_stock_is_two_taps_each_applied_once(live_server, page: Page):
    """Every click counts: the second, made while the first is on its way, is held and
    made again on the board the first one's answer draws (static/js/presses.js)."""
    _open(page, live_server, EXAMPLE_CODE)
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    page.locator("#stock").dblclick()
    expect(page.locator("[data-stat='moves']")).to_have_text("2")
    # What is tested is that nothing more comes: a third request, or a tap applied twice,
    # would show within half a second; no event marks "nothing more", so this waits.
    page.wait_for_timeout(500)
    assert len(posts) == 2, [request.url for request in posts]
    expect(page.locator("[data-stat='moves']")).to_have_text("2")
    page.reload()
    expect(page.locator("[data-stat='moves']")).to_have_text("2")  # never applied twice


def test_the_second_card_of_a_quick_pair_counts_on_a_slow_connection(
    live_server, page: Page, monkeypatch
):
    """The pair's second card, tapped while the first tap's answer is still on its way,
    used to be dropped by htmx when that answer replaced the board."""
    _open(page, live_server, EXAMPLE_CODE)
    taps = _first_pair(winning_line())
    for target in taps[:-2]:
        _tap(page, target)
    version = int(page.locator("#board").get_attribute("data-version"))
    # A first tap goes through tap() too: the service begins the game there.
    answer = threading.Event()
    monkeypatch.setattr(h2h_service, "tap", _held_until(answer, h2h_service.tap))
    first, second = (_selector(target) for target in taps[-2:])
    with page.expect_request(lambda request: request.method == "POST"):
        page.locator(first).click()
    page.locator(second).click()  # while the first tap's answer is on its way
    answer.set()
    expect(page.locator("#board")).to_have_attribute(
        "data-version", str(version + 2), timeout=10000
    )
    state = new_game(EXAMPLE_CODE)
    for target in taps:
        state = tap(state, target).state
    removed = [slot.pos for slot in view(state).slots if slot.state == "removed"]
    assert removed  # the pair is gone from the heart
    expect(page.locator("[data-pos][data-state='removed']")).to_have_count(len(removed))


def _held_until(answer: threading.Event, function):
    """The service function, its answer held in the live server's thread until ``answer``
    is set: a slow network, as long as the test needs it to be."""

    def held(*args, **kwargs):
        assert answer.wait(timeout=20), "the answer was never let go"
        return function(*args, **kwargs)

    return held
