"""The first tap of a deal shown fresh is decided in the service: it creates the game (and
the player, for a visitor the site has not met) and applies the tap in one transaction,
or creates nothing."""

import uuid

import pytest

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE, parse_code
from games.models import HeartToHeartGame, Player
from games.services import heart_to_heart as service

pytestmark = pytest.mark.django_db

CODE = parse_code(EXAMPLE_CODE)


def _first_tap(target, *, player_id=None, game_id=None, version=0):
    return service.tap(
        game_id=game_id or uuid.uuid4(), player_id=player_id, target=target, version=version,
        code=CODE,
    )


def test_a_first_tap_by_a_new_visitor_creates_the_player_and_the_game_with_the_move():
    game_id = uuid.uuid4()
    answer = _first_tap("stock", game_id=game_id)
    game = HeartToHeartGame.objects.get(pk=game_id)
    assert answer.game.pk == game_id and not service.is_pending(answer.game)
    assert answer.game.player.pk == game.player_id  # the owner, for the page to remember
    assert game.moves == 1 and game.deal_code == EXAMPLE_CODE
    assert game.version == HeartToHeartGame().version + 1  # one move applied
    assert answer.stats_changed  # the first move counts the game as played
    assert Player.objects.count() == 1


def test_a_first_tap_by_a_known_player_makes_no_second_player():
    player = Player.objects.create()
    answer = _first_tap("stock", player_id=player.pk)
    assert answer.game.player_id == player.pk
    assert Player.objects.count() == 1


def test_a_first_tap_that_changes_nothing_creates_nothing():
    covered = next(slot.pos for slot in engine.view(engine.new_game(CODE)).slots
                   if slot.state == "covered")
    answer = _first_tap(str(covered))
    assert service.is_pending(answer.game) and answer.problem is None
    assert not HeartToHeartGame.objects.exists() and not Player.objects.exists()


def test_a_refused_first_tap_creates_nothing():
    answer = _first_tap("99")
    assert answer.problem is not None and service.is_pending(answer.game)
    assert not HeartToHeartGame.objects.exists() and not Player.objects.exists()


def test_a_first_tap_under_another_players_game_id_is_not_found():
    other = Player.objects.create()
    game = service.start_game(player=other)
    assert _first_tap("stock", game_id=game.pk) is None
    game.refresh_from_db()
    assert game.moves == 0


def test_a_first_tap_repeated_by_its_owner_is_stale_and_applied_once():
    game_id = uuid.uuid4()
    first = _first_tap("stock", game_id=game_id)
    again = _first_tap("stock", game_id=game_id, player_id=first.game.player_id)
    assert again.problem == engine.Refusal.STALE
    assert HeartToHeartGame.objects.get(pk=game_id).moves == 1
