"""Every human action in Hearts carries the version of the table it was drawn from: an
out-of-date page is told the game had changed and the game stays as it was. Choosing
cards for the pass is not a step: it moves neither the version nor the computers' timer,
and once the human has passed, one computer step makes the exchange."""

import datetime
import re

import pytest

from games.engine import hearts as engine
from tests.web.hearts.helpers import HX, act, advance, computers_pass, hand_of, start, state, url

pytestmark = pytest.mark.django_db


def _saved(game):
    game.refresh_from_db()
    return (game.version, game.state, game.chosen, game.lifted, game.updated_at)


@pytest.mark.parametrize("action", [
    {"choose": 0}, {"action": "pass"}, {"lift": 0}, {"play": 0}, {"action": "next-deal"},
])
def test_an_action_from_an_out_of_date_page_changes_nothing_and_says_why(client, action):
    game = start(client)
    computers_pass(client, game)
    hand = hand_of(game)
    data = {key: hand[value] if value == 0 else value for key, value in action.items()}
    before = _saved(game)
    response = act(client, game, version=game.version - 1, **data)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-problem="stale"' in html and "The game had changed" in html
    assert _saved(game) == before


def test_an_action_without_a_version_is_out_of_date(client):
    game = start(client)
    before = _saved(game)
    response = client.post(url(game), {"choose": hand_of(game)[0]}, headers=HX)
    assert response.status_code == 409
    assert _saved(game) == before


def test_a_second_tab_tapping_a_card_after_the_pass_is_told_the_game_changed(client):
    game = start(client)
    computers_pass(client, game)
    old_version = game.version
    hand = hand_of(game)
    for card in hand[:3]:
        act(client, game, choose=card)
    act(client, game, action="pass")
    before = _saved(game)
    # The other tab still shows the pass: its card would have been "choose".
    response = act(client, game, version=old_version, choose=hand[5])
    assert response.status_code == 409
    html = response.content.decode()
    assert "The game had changed" in html and "There is no pass" not in html
    assert 'data-phase="play"' in html  # the current table
    assert _saved(game) == before


def test_every_form_of_the_table_carries_the_version(client):
    game = start(client)
    html = client.get(url(game)).content.decode()
    for form in re.findall(r'<form class="(?:hand|pass-bar)".*?</form>', html, re.S):
        assert f'name="version" value="{game.version}"' in form


def test_choosing_is_not_a_step_a_repeat_changes_nothing(client):
    game = start(client)
    card = hand_of(game)[0]
    version = game.version
    assert act(client, game, choose=card).status_code == 200
    assert act(client, game, choose=card, version=version).status_code == 200
    game.refresh_from_db()
    assert (game.version, game.chosen) == (version, [card])
    assert act(client, game, unchoose=card, version=version).status_code == 200
    game.refresh_from_db()
    assert (game.version, game.chosen) == (version, [])


def _delay(html: str) -> int:
    return int(re.search(r'hx-trigger="load delay:(\d+)ms"', html).group(1))


def test_a_tap_while_choosing_does_not_start_the_computers_timer_again(client, settings):
    settings.HEARTS_COMPUTER_DELAY_MS = 450
    game = start(client)
    # The last step was 10 s ago: the computer's pass is overdue, and a tap says so.
    type(game).objects.filter(pk=game.pk).update(
        updated_at=game.updated_at - datetime.timedelta(seconds=10))
    html = act(client, game, choose=hand_of(game)[0]).content.decode()
    assert _delay(html) == 0
    # A page drawn by a step starts the whole pause.
    assert _delay(advance(client, game).content.decode()) == 450


def test_after_the_humans_pass_one_step_makes_the_exchange(client):
    game = start(client)
    hand = hand_of(game)
    for card in hand[:3]:
        act(client, game, choose=card)
    assert act(client, game, action="pass").status_code == 200
    assert state(game).phase == "pass"  # the three computers had not confirmed yet
    assert advance(client, game).status_code == 200
    after = state(game)
    assert after.phase == "play"
    assert set(hand[:3]).isdisjoint(engine.seat_view(after, 0).to_dict()["hand"])
