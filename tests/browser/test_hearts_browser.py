"""Hearts in a real Chromium: the computers' timed moves, the pass, two-tap play, a whole deal."""

import time

import pytest
from playwright.sync_api import Page, expect

from games.engine import hearts as engine
from games.engine.hearts import players
from games.engine.testing import play_on
from games.models import HeartsGame

from .conftest import serious_axe_violations
from .hearts_table import (
    lift_and_play_first_playable,
    next_frame,
    put_latest_game_in,
    wait_for_me,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _deal(page: Page, live_server) -> None:
    """Open Hearts (the start screen: a visit starts nothing) and press Deal."""
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()


def test_the_first_visit_shows_the_start_screen_and_deal_starts_the_chosen_game(
    live_server, page: Page, screenshot
):
    """No phantom game: nothing is played (or counted) until the visitor deals."""
    page.goto(f"{live_server.url}/hearts/")
    expect(page.locator("[data-screen='start']")).to_be_visible()
    expect(page.locator("#table")).to_have_count(0)
    expect(page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text("0")
    screenshot("hearts-start-screen")
    assert serious_axe_violations(page) == []
    assert HeartsGame.objects.count() == 0
    page.locator("select[name='level']").select_option("hard")
    page.locator("[data-action='start']").click()
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("[data-stat-level='hard'][data-stat-kind='played']")).to_have_text("1")
    expect(page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text("0")
    # The computers' timed passes write the game: let them finish before the test reads it
    # (the in-memory test database locks a table while the server writes it).
    expect(page.locator("#table form.advance")).to_have_count(0, timeout=10000)
    assert list(HeartsGame.objects.values_list("level", flat=True)) == ["hard"]


def test_a_whole_deal_played_by_clicking(live_server, page: Page, console_errors, screenshot):
    _deal(page, live_server)
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    # The computers confirm while the human is still choosing.
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    pass_button = page.locator("[data-action='pass']")
    expect(pass_button).to_be_disabled()
    cards = page.locator(".hand button[data-card]")
    for index in (12, 11, 10):
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    expect(pass_button).to_be_enabled()
    screenshot("hearts-pass")
    pass_button.click()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    expect(page.locator(".hand [data-received='true']")).to_have_count(3)

    for _ in range(13):
        phase = wait_for_me(page)
        if phase != "play":
            break
        lift_and_play_first_playable(page)
        if _ == 5:
            screenshot("hearts-play")
    expect(page.locator("[data-dialog='deal-done'], [data-dialog='game-over']")).to_be_visible(
        timeout=15000)
    expect(page.locator("[data-deal-row]")).to_have_count(1)
    totals = [int(page.locator(f"[data-score-seat='{s}']").inner_text()) for s in range(4)]
    assert sum(totals) in (26, 78)
    screenshot("hearts-deal-done")
    assert console_errors == []


def test_forbidden_cards_do_not_respond(live_server, page: Page):
    _deal(page, live_server)
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    cards = page.locator(".hand button[data-card]")
    for index in range(3):
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    page.locator("[data-action='pass']").click()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    wait_for_me(page)
    disabled = page.locator(".hand button[aria-disabled='true']")
    if disabled.count() == 0:
        pytest.skip("every card happens to be playable")
    version = page.locator("#table").get_attribute("data-version")
    # Once the received cards have landed: a press on a card still flying in lands on
    # whichever flying card is on top there, which may be a playable one (and lift it).
    next_frame(page)  # an answer's moves start in the frame after it
    deadline = time.monotonic() + 5
    while page.evaluate("Array.from(document.querySelectorAll('#hand [data-card]'))"
                        ".some((card) => card.getAnimations().length)"):
        assert time.monotonic() < deadline, "the hand's cards never landed"
        page.wait_for_timeout(20)
    disabled.first.click(force=True)
    page.wait_for_timeout(200)
    expect(page.locator("#table")).to_have_attribute("data-version", version)


def test_hearts_page_in_french_and_accessible(live_server, browser, screenshot):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    _deal(page, live_server)
    expect(page.locator("[data-action='pass']")).to_contain_text("Passer les cartes")
    expect(page.locator(".seat-left .seat-name")).to_contain_text("Ordinateur 1")
    screenshot("hearts-fr", page)
    assert serious_axe_violations(page) == []
    context.close()


def test_refused_options_show_the_fields_error_in_french_and_stay_accessible(
    live_server, browser, screenshot
):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    _deal(page, live_server)
    expect(page.locator("#table")).to_be_visible()
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
    assert serious_axe_violations(page) == []
    context.close()


def test_phone_width_has_no_horizontal_scroll(live_server, browser, screenshot):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    _deal(page, live_server)
    expect(page.locator(".hand button[data-card]")).to_have_count(13)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot("hearts-phone", page)
    context.close()


def test_real_cadence_is_one_move_per_450_ms_and_a_second_for_a_trick(
    live_server, page: Page, settings
):
    """The one test with the real delays: it reads the timers the page is given."""
    settings.HEARTS_COMPUTER_DELAY_MS = 450
    settings.HEARTS_TRICK_LINGER_MS = 1000
    _deal(page, live_server)
    trigger = page.locator("#table form.advance")
    expect(trigger).to_have_attribute("hx-trigger", "load delay:450ms")
    expect(trigger).to_have_count(1)  # one timer at a time


def _finished_state(seed: int) -> engine.HeartsState:
    """A whole game played out in the engine, seat 0 by the Medium player."""
    state = engine.new_game(seed, levels=("hard", "hard", "hard"))
    medium = players.get_player("medium")
    return play_on(
        state, lambda s: s.phase == "game-over",
        human_pass=lambda s: medium.choose_pass(engine.seat_view(s, 0), engine.decision_rng(s, 0)),
        human_play=lambda s: medium.choose_play(engine.seat_view(s, 0), engine.decision_rng(s, 0)),
    )


def test_game_over_shows_the_result_and_every_deal(live_server, page: Page, screenshot):
    _deal(page, live_server)
    # Let the computers' passes finish first: the test then writes the game alone
    # (two writers on the in-memory test database would lock each other out).
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    final = _finished_state(seed=11)
    put_latest_game_in(final)
    page.reload()
    dialog = page.locator("[role='dialog'][data-dialog='game-over']")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-result]")).to_have_attribute(
        "data-result", engine.result(final, 0))
    expect(page.locator("[data-deal-row]")).to_have_count(len(final.deals))
    for seat in range(4):
        expect(page.locator(f"[data-score-seat='{seat}']")).to_have_text(str(final.totals[seat]))
    screenshot("hearts-game-over")


def test_a_card_is_played_by_keyboard_and_focus_stays_in_the_hand(live_server, page: Page):
    _deal(page, live_server)
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    for index in range(3):
        card = page.locator(".hand button[data-card]").nth(index)
        card.focus()
        page.keyboard.press("Enter")
        expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("[data-action='pass']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    waiting = page.locator("#table[data-phase='play'][data-turn='0']:not(:has(form.advance))")
    expect(waiting).to_have_count(1, timeout=15000)
    playable = page.locator(".hand button[data-card]:not([aria-disabled='true'])").first
    code = playable.get_attribute("data-card")
    playable.focus()
    page.keyboard.press("Enter")  # lift
    expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")  # play
    expect(page.locator(f".hand #card-{code}")).to_have_count(0)
    page.wait_for_function(
        "document.activeElement && document.activeElement.closest('#table') !== null")
