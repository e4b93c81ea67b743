"""Hearts in a real Chromium: the start screen, the options refused, the computers' timed
moves, forbidden cards. (A whole deal played by clicking: the steadiness test, which
watches the table hold still while it is played.)"""

import pytest
from playwright.sync_api import Page, expect

from games.engine import hearts as engine
from games.engine.testing import play_on
from games.models import HeartsGame
from tests.browser.game_states import show_hearts_game

from .conftest import serious_axe_violations, wait_until_settled

pytestmark = pytest.mark.django_db(transaction=True)


def _deal(page: Page, live_server) -> None:
    """Open Hearts (the start screen: a visit starts nothing) and press Deal."""
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()


def test_the_first_visit_shows_the_start_screen_and_deal_starts_the_chosen_game(
    live_server, page: Page, screenshot, settings
):
    """No phantom game: nothing is played (or counted) until the visitor deals. The score
    display is off by default: the seats show the points taken. The game runs at the real
    cadence, one move per 450 ms and a second for a trick: the page is given its timers."""
    settings.HEARTS_COMPUTER_DELAY_MS = 450
    settings.HEARTS_TRICK_LINGER_MS = 1000
    page.goto(f"{live_server.url}/hearts/")
    expect(page.locator("[data-screen='start']")).to_be_visible()
    expect(page.locator("#hearts-options select[name='score_display']")).to_have_value("points")
    expect(page.locator("#table")).to_have_count(0)
    # In the lobby the options are open: no disclosure to unfold.
    lobby = page.locator("[data-screen='start'] #hearts-options")
    expect(lobby.locator("select[name='level']")).to_be_visible()
    expect(lobby.locator("details")).to_have_count(0)
    expect(page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text("0")
    screenshot("hearts-start-screen")
    assert serious_axe_violations(page) == []
    assert HeartsGame.objects.count() == 0
    page.locator("select[name='level']").select_option("hard")
    page.locator("[data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()
    trigger = page.locator("#table form.advance")
    expect(trigger).to_have_attribute("hx-trigger", "load delay:450ms")
    expect(trigger).to_have_count(1)  # one timer at a time
    expect(page.locator("[data-stat-level='hard'][data-stat-kind='played']")).to_have_text("1")
    expect(page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text("0")
    # In play the options for the next game are a closed disclosure, one tap away.
    disclosure = page.locator("#hearts-options details")
    expect(disclosure).not_to_have_attribute("open", "")
    expect(page.locator("#hearts-options select[name='level']")).to_be_hidden()
    disclosure.locator("summary").click()
    expect(page.locator("#hearts-options select[name='level']")).to_be_visible()
    expect(page.locator("#hearts-options [data-action='start']")).to_be_visible()
    expect(page.locator(".scores")).to_have_attribute("data-score-display", "points")
    for seat in range(4):
        expect(page.locator(f"[data-score-seat='{seat}']")).to_have_text("0")
    # The computers' timed passes write the game: let them finish before the test reads it
    # (the in-memory test database locks a table while the server writes it).
    expect(page.locator("#table form.advance")).to_have_count(0, timeout=10000)
    assert list(HeartsGame.objects.values_list("level", flat=True)) == ["hard"]


def _must_follow(state: engine.HeartsState) -> bool:
    """Seat 0's turn in a trick under way, with cards in hand the rules forbid."""
    if state.phase != "play" or state.turn != 0 or not state.trick or not state.tricks:
        return False
    view = engine.seat_view(state, 0)
    return len(engine.codes(view.legal)) < len(engine.codes(view.hand))


def test_forbidden_cards_do_not_respond(live_server, page: Page):
    state = play_on(engine.new_game(11, levels=("medium",) * 3), _must_follow)
    show_hearts_game(page, live_server.url, state)
    disabled = page.locator(".hand button[aria-disabled='true']")
    expect(disabled.first).to_be_visible()
    version = page.locator("#table").get_attribute("data-version")
    # Once nothing moves: a press on a card still on its way lands on whichever card is
    # on top there, which may be a playable one (and lift it).
    wait_until_settled(page)
    disabled.first.click(force=True)
    # What is checked is that nothing comes of the press, so there is no event to wait
    # for; 200 ms is ample for a press's round trip to the live server here.
    page.wait_for_timeout(200)
    expect(page.locator("#table")).to_have_attribute("data-version", version)
    expect(page.locator(".hand [aria-pressed='true']")).to_have_count(0)


def test_the_table_in_french_is_accessible_and_refused_options_say_why_in_french(
    live_server, browser, screenshot
):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    _deal(page, live_server)
    expect(page.locator("[data-action='pass']")).to_contain_text("Passer les cartes")
    expect(page.locator(".seat-left .seat-name")).to_contain_text("Ordinateur 1")
    screenshot("hearts-fr", page)
    assert serious_axe_violations(page) == []  # the table in its pass

    page.locator("#hearts-options summary").click()  # during play the options are tucked away
    # A value no select offers, as a tampered post would send it.
    page.evaluate(
        "document.querySelector('select[name=level]').add(new Option('?', 'shooter', true, true))"
    )
    page.locator("#hearts-options button[type='submit']:not([name])").click()
    expect(page.locator("#id_level_error")).to_contain_text("Sélectionnez un choix valide")
    expect(page.locator("select[name='level']")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#table")).to_be_visible()
    screenshot("hearts-options-refused", page)
    assert serious_axe_violations(page) == []  # the options refused, beside the table
    context.close()
