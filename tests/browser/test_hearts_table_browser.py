"""What a player sees at the Hearts table: received cards, the seats as directions, the
trick's leader, hearts broken, a stale tab, the statistics, the countdown display, the
help page, and the computers passing while the player chooses.

The layout and the readings are checked on one page per language and width: a game
started with the options panel's "start" button (a POST), then put in each later position
by writing the database, which is quicker than playing there and is not what these tests
are about. The screenshots land in test-artifacts/.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine import hearts as engine
from games.engine.testing import play_on
from games.models import HeartsGame
from games.services import hearts as hearts_service
from tests.browser.game_states import show_hearts_game

from .conftest import picture, wait_until_settled

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
LOCALES = {"en": "en-GB", "fr": "fr-FR", "nb": "nb-NO"}


def _new_page(browser: Browser, viewport=DESKTOP, lang="en") -> Page:
    context = browser.new_context(
        viewport=viewport, locale=LOCALES[lang], is_mobile=viewport["width"] < 500
    )
    return context.new_page()


def _start(page: Page, base: str, **options: str) -> HeartsGame:
    """A new game through the options panel (with ``options`` chosen), its passes done."""
    page.goto(f"{base}/hearts/")
    if page.locator("#table").count():  # a game shown already: let its timers finish first
        expect(page.locator("#table form.advance")).to_have_count(0, timeout=10000)
    for name, value in options.items():
        page.locator(f"#hearts-options select[name='{name}']").select_option(value)
    page.locator("#hearts-options [data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()
    game_id = page.url.rstrip("/").split("/")[-1]
    # The computers' passes first: the test may then write the game alone.
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    return HeartsGame.objects.get(pk=game_id)


def _put(game: HeartsGame, state: engine.HeartsState) -> None:
    game.refresh_from_db()
    game.state, game.phase = state.to_dict(), state.phase
    game.chosen, game.lifted = [], ""
    game.version += 1
    game.save()


def _fresh_game(page: Page, base: str) -> HeartsGame:
    """Seed 11's new game, written in the database and opened, its passes done."""
    game = show_hearts_game(page, base, engine.new_game(11, levels=("medium",) * 3))
    # The computers' passes first: the test may then write the game alone.
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    return game


def _deal_done() -> engine.HeartsState:
    """Seed 11's first deal played out: the next deal's pass is a press away."""
    return play_on(engine.new_game(11, levels=("medium",) * 3), lambda s: s.phase == "deal-done")


def _my_turn_with_a_trick(state):
    return state.phase == "play" and state.turn == 0 and len(state.trick) > 0 and state.tricks


# --- One page per language and width: the help, the table's layout and its readings ----


def _check_help(page: Page, base: str, viewport: dict, lang: str) -> None:
    """The help page reads at this width: the fair-play note, six questions and the advice,
    no sideways scroll."""
    page.goto(f"{base}/hearts/help/")
    expect(page.locator("[data-fair-play]")).to_be_visible()
    expect(page.locator(".rules h3")).to_have_count(7)  # six questions and the advice
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # The whole page at 360 px is pictured by test_home_browser's rules-pages test.
    phone = viewport["width"] < 500
    picture(page, f"hearts-help-{lang}-{viewport['width']}", full_page=not phone)
    page.locator(".rules h3").first.scroll_into_view_if_needed()
    picture(page, f"hearts-help-faq-{lang}-{viewport['width']}")


def _check_seats(page: Page, viewport: dict, lang: str) -> None:
    """Across sits above the trick; left and right beside it, level with it (on a phone,
    under across and above the trick, on either side of it, so that their names and
    directions keep a line each); each seat names its direction; nothing scrolls
    sideways."""

    def box(selector):
        return page.locator(selector).bounding_box()

    left, top, right, trick = (
        box(".seat-left"),
        box(".seat-top"),
        box(".seat-right"),
        box(".trick"),
    )
    assert top["y"] + top["height"] <= trick["y"] + 1
    if viewport["width"] <= 560:
        middle = trick["x"] + trick["width"] / 2
        for side in (left, right):
            assert top["y"] + top["height"] <= side["y"] + 1
            assert side["y"] + side["height"] <= trick["y"] + 1
        assert left["x"] + left["width"] <= right["x"] + 1
        assert left["x"] + left["width"] / 2 < middle < right["x"] + right["width"] / 2
    else:
        assert left["x"] + left["width"] <= trick["x"] + 1
        assert right["x"] >= trick["x"] + trick["width"] - 1
        for side in (left, right):
            assert side["y"] < trick["y"] + trick["height"]
            assert side["y"] + side["height"] > trick["y"]
    for place in ("left", "top", "right"):
        expect(page.locator(f".seat-{place} .seat-direction")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    picture(page, f"hearts-seats-{lang}-{viewport['width']}", full_page=True)


def _check_statistics(page: Page, viewport: dict, lang: str) -> None:
    """The statistics fit their panel: no sideways scroll, no cell past its right edge."""
    panel = page.locator("#hearts-stats")
    fits = panel.evaluate("p => p.scrollWidth <= p.clientWidth")
    assert fits, "the statistics scroll sideways"
    right = panel.evaluate("p => p.getBoundingClientRect().right")
    for cell in page.locator("#hearts-stats th, #hearts-stats td").all():
        assert cell.evaluate("c => c.getBoundingClientRect().right") <= right + 0.5
    expect(page.locator("#hearts-stats [data-stat-kind='time']")).to_have_count(3)
    picture(panel, f"hearts-stats-{lang}-{viewport['width']}")


def _check_received_marks(page: Page, viewport: dict, lang: str) -> None:
    """Every received card shows its mark above the fan, where a finger or an eye meets it
    at its own centre: no card lies over it."""
    received = page.locator(".hand [data-received='true']")
    expect(received).to_have_count(3)
    wait_until_settled(page)  # the received cards have flown in, the lifts are over
    for index in range(3):
        tag = received.nth(index).locator(".received-tag")
        expect(tag).to_be_visible()
        on_top = tag.evaluate(
            "t => { const r = t.getBoundingClientRect();"
            " const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            " return e === t || t.contains(e); }"
        )
        assert on_top, f"received card {index} has its mark covered"
    picture(page, f"hearts-received-{lang}-{viewport['width']}", full_page=True)


def _shown_left(target: int, total: int) -> str:
    """What the countdown display shows of a seat's total: the points left, a true minus
    sign below zero."""
    left = target - total
    return str(left) if left >= 0 else f"\u2212{-left}"


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "360"])
def test_the_table_reads_in_every_language_at_every_width(live_server, browser, viewport, lang):
    """One page per language and width: the help page; then a game started with the
    countdown display (75 points), whose fresh table shows the seats as directions and
    the statistics in their panel; then, each written in the database and reloaded, the
    first turn after the pass (the received cards' marks), a trick under way with hearts
    broken (its leader, the seats' countdown), the deal's end and the game's end."""
    page = _new_page(browser, viewport, lang)
    base = live_server.url
    _check_help(page, base, viewport, lang)

    game = _start(page, base, target="75", score_display="countdown")
    assert game.score_display == "countdown"
    expect(page.locator(".scores")).to_have_attribute("data-score-display", "countdown")
    for seat in range(4):
        expect(page.locator(f"[data-score-seat='{seat}']")).to_have_text("75")
    expect(page.locator("[data-hearts-broken]")).to_have_count(0)
    _check_seats(page, viewport, lang)
    _check_statistics(page, viewport, lang)

    # A known deal with the game's options (75 points): the positions below are its own.
    new = engine.new_game(11, engine.HeartsOptions(target=75), levels=("medium",) * 3)
    first_turn = play_on(new, lambda s: s.phase == "play" and s.turn == 0 and not s.tricks)
    _put(game, first_turn)
    page.reload()
    _check_received_marks(page, viewport, lang)

    # The trick's leader and hearts broken, read from the page after a reload.
    state = play_on(
        first_turn, lambda s: _my_turn_with_a_trick(s) and s.hearts_broken and any(s.taken)
    )
    _put(game, state)
    page.reload()
    leader = (state.turn - len(state.trick)) % 4
    led = page.locator("[data-trick] [data-led='true']")
    expect(led).to_have_count(1)
    expect(led).to_have_attribute("data-seat", str(leader))
    expect(led).to_have_attribute("data-card", engine.code(state.trick[0]))
    expect(led.locator(".lead-tag")).to_be_visible()
    expect(page.locator("[data-hearts-broken]")).to_be_visible()
    # Each seat's total counts down; this deal's points taken so far count as a loss.
    view = engine.seat_view(state, 0)
    for seat in range(4):
        expect(page.locator(f"[data-seat-total='{seat}']")).to_have_text(
            _shown_left(75, view.totals[seat])
        )
        taken = view.taken[seat]
        expect(page.locator(f"[data-seat-deal='{seat}']")).to_have_text(
            f"\u2212{taken}" if taken else "0"
        )
    picture(page, f"hearts-leader-{lang}-{viewport['width']}", full_page=True)

    # The deal's end: the seats and the summary say what is left of the target.
    state = play_on(state, lambda s: s.phase == "deal-done")
    _put(game, state)
    page.reload()
    dialog = page.locator("[data-dialog='deal-done']")
    expect(dialog).to_be_visible()
    scores = state.deals[-1][0]
    # The seat on the felt says what the summary says (the deal is in the totals now).
    expect(page.locator("[data-seat-total='1']")).to_have_text(_shown_left(75, state.totals[1]))
    for seat in range(4):
        expect(page.locator(f"[data-score-seat='{seat}']")).to_have_text(
            _shown_left(75, state.totals[seat])
        )
        row = dialog.locator("tbody tr").nth(seat)
        expect(row.locator("td").nth(0)).to_have_text(
            f"\u2212{scores[seat]}" if scores[seat] else "0"
        )
    picture(page, f"hearts-countdown-deal-{lang}-{viewport['width']}", full_page=True)

    state = play_on(state, lambda s: s.phase == "game-over")
    _put(game, state)
    page.reload()
    over = page.locator("[data-dialog='game-over']")
    expect(over).to_be_visible()
    # Same rules, same result: only the way the totals read differs.
    expect(over.locator("[data-result]")).to_have_attribute("data-result", engine.result(state))
    for seat in range(4):
        expect(over.locator("tbody tr").nth(seat).locator("td").nth(1)).to_have_text(
            page.locator(f"[data-score-seat='{seat}']").inner_text()
        )
    picture(page, f"hearts-countdown-over-{lang}-{viewport['width']}", full_page=True)
    page.context.close()


# --- A stale tab -----------------------------------------------------------------------------


def test_a_tap_from_an_out_of_date_tab_says_the_game_had_changed(live_server, browser):
    first = _new_page(browser)
    game = _fresh_game(first, live_server.url)
    second = first.context.new_page()  # the same visitor, a second tab
    second.goto(first.url)
    expect(second.locator("#table")).to_have_attribute("data-phase", "pass")

    cards = first.locator(".hand button[data-card]")
    for index in range(3):
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    first.locator("[data-action='pass']").click()
    expect(
        first.locator("#table[data-phase='play'][data-turn='0']:not(:has(form.advance))")
    ).to_have_count(1, timeout=15000)
    game.refresh_from_db()
    before = (game.version, game.state, game.chosen, game.lifted)

    # The second tab still shows the pass: a tap there is about a table that is gone.
    second.locator(".hand button[data-card]").nth(5).click()
    notice = second.locator("[data-problem='stale']")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("The game had changed")
    expect(second.locator("#table")).to_have_attribute("data-phase", "play")
    game.refresh_from_db()
    assert (game.version, game.state, game.chosen, game.lifted) == before
    picture(second, "hearts-stale-tab", full_page=True)
    first.context.close()


# --- The computers pass while the player chooses ----------------------------------------------


def test_the_computers_pass_while_the_player_keeps_tapping(live_server, browser, settings):
    """With a real pause, a player who keeps choosing and unchoosing does not hold the
    computers back: each tap used to start their timer again."""
    page = _new_page(browser)
    show_hearts_game(page, live_server.url, _deal_done())
    settings.HEARTS_COMPUTER_DELAY_MS = 700
    page.locator("[data-action='next-deal']").click()  # deal 2: the pass goes right
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    card = page.locator(".hand button[data-card]").first
    for _ in range(14):  # a tap every ~250 ms, far quicker than the computers' pause
        card.click()
        # The pace is what is tested: taps kept coming for longer than the pause (3.5 s
        # against 0.7 s), so there is no event to wait for instead.
        page.wait_for_timeout(250)
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=100)
    page.context.close()


def test_presses_made_while_a_computer_step_is_on_its_way_all_count(
    live_server, browser, settings, monkeypatch
):
    """htmx queues a press behind the request in flight, then drops it when that answer
    replaces the table the press was queued on: each press is held instead, and made
    again, in order, on the table the computer's step draws."""
    page = _new_page(browser)
    game = show_hearts_game(page, live_server.url, _deal_done())
    settings.HEARTS_COMPUTER_DELAY_MS = 100
    real_advance = hearts_service.advance

    def slow_advance(*args, **kwargs):  # a computer step that takes a slow network's time
        time.sleep(0.8)
        return real_advance(*args, **kwargs)

    monkeypatch.setattr(hearts_service, "advance", slow_advance)
    with page.expect_request(lambda request: request.url.endswith("/advance/")):
        page.locator("[data-action='next-deal']").click()  # deal 2: its pass begins
    codes = [
        page.locator(".hand button[data-card]:not([aria-disabled])")
        .nth(i)
        .get_attribute("data-card")
        for i in range(3)
    ]
    for code in codes:  # all three while the step is on its way
        page.locator(f"#card-{code}").click()
    for code in codes:
        expect(page.locator(f"#card-{code}")).to_have_attribute(
            "aria-pressed", "true", timeout=10000
        )
    game.refresh_from_db()
    assert sorted(game.chosen) == sorted(codes)
    page.context.close()


@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_a_press_held_down_while_the_table_is_redrawn_counts_once(live_server, browser, pointer):
    """The second card of the pass pressed while the first one's answer is on its way, and
    let go once that answer has redrawn the table. A mouse's click was lost (the browser
    clicks nothing: the button it went down on is gone); a finger's tap is clicked where
    it lifts, and must not count twice."""
    touch = pointer == "touch"
    context = browser.new_context(locale="en-GB", reduced_motion="reduce", has_touch=touch)
    page = context.new_page()
    game = _fresh_game(page, live_server.url)
    held = []

    def hold_the_first_press(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/hearts/game/**", hold_the_first_press)
    first, second = page.locator("#hand button[data-card]").all()[:2]
    codes = [first.get_attribute("data-card"), second.get_attribute("data-card")]
    if touch:
        first.tap()
    else:
        first.click()
    for _ in range(250):
        if held:
            break
        page.wait_for_timeout(20)
    box = second.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + 12}
    cdp = context.new_cdp_session(page)
    if touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    else:
        page.mouse.move(point["x"], point["y"])
        page.mouse.down()
    held[0].continue_()  # the first card's answer redraws the table under the press
    expect(page.locator(f"#card-{codes[0]}")).to_have_attribute("aria-pressed", "true")
    if touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.up()
    expect(page.locator(f"#card-{codes[1]}")).to_have_attribute("aria-pressed", "true")
    # A second click would unchoose it again: what is checked is that nothing more comes,
    # so there is no event to wait for; 300 ms is ample for a click's round trip here.
    page.wait_for_timeout(300)
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(2)
    game.refresh_from_db()
    assert sorted(game.chosen) == sorted(codes)
    context.close()
