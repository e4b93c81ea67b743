"""Hearts' choose goes through the one act path: owned, version-checked, and saved as a
choice, never as a move (docs/rules.md#hearts-pass)."""

import pytest

from games.engine import hearts as engine
from games.models import HeartsGame, Player
from games.services import hearts as service

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> HeartsGame:
    return service.start_game(player=Player.objects.create())


def _hand(game):
    return engine.codes(engine.seat_view(service.state_of(game), engine.HUMAN_SEAT).hand)


def _choose(game, card, *, player_id=None, version=None, chosen=True):
    return service.choose(
        game_id=game.pk, player_id=player_id or game.player_id, card=card, chosen=chosen,
        version=game.version if version is None else version,
    )


def test_choosing_saves_the_choice_and_moves_neither_version_nor_clock(game):
    before = HeartsGame.objects.get(pk=game.pk)
    card = _hand(game)[0]
    answer = _choose(game, card)
    after = HeartsGame.objects.get(pk=game.pk)
    assert answer.problem is None and not answer.stats_changed
    assert after.chosen == [card]
    assert (after.version, after.updated_at, after.state) == (
        before.version, before.updated_at, before.state)


def test_choosing_from_an_out_of_date_page_is_stale_and_changes_nothing(game):
    answer = _choose(game, _hand(game)[0], version=game.version + 1)
    assert answer.problem == engine.Refusal.STALE
    assert HeartsGame.objects.get(pk=game.pk).chosen == []


def test_choosing_another_players_game_is_not_found(game):
    other = Player.objects.create()
    assert _choose(game, _hand(game)[0], player_id=other.pk) is None


def test_a_card_the_engine_refuses_is_refused_and_nothing_is_saved(game):
    outside = next(code for code in ("2C", "3C", "4C", "5C") if code not in _hand(game))
    answer = _choose(game, outside)
    assert answer.problem is not None
    assert HeartsGame.objects.get(pk=game.pk).chosen == []
