"""Two players become one, counted once (docs/passkeys.md#merge; games/services/keeping.py)."""

from __future__ import annotations

import pytest

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import (
    Device,
    HeartsGame,
    HeartsStats,
    HeartToHeartGame,
    HeartToHeartStats,
    LinkCode,
    Passkey,
    Player,
)
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service
from games.services import keeping, unfinished
from tests.web.heart_to_heart.helpers import winning_line

pytestmark = pytest.mark.django_db

LEVELS = ("easy", "medium", "hard")
FIGURES = ("games_played", "wins", "losses", "draws", "total_seconds")


def _player_with(hearts: dict[str, tuple[int, ...]], h2h: tuple | None = None, **settings):
    player = Player.objects.create(**settings)
    for level, figures in hearts.items():
        HeartsStats.objects.create(
            player=player, level=level, **dict(zip(FIGURES, figures, strict=True))
        )
    if h2h is not None:
        played, won, best, fewest = h2h
        HeartToHeartStats.objects.create(player=player, games_played=played, games_won=won,
                                         best_time_seconds=best, fewest_moves=fewest)
    return player


def _table(player_ids) -> dict[str, tuple[int, ...]]:
    """Per level, the sum of every figure over the given players."""
    table = {}
    for level in LEVELS:
        rows = HeartsStats.objects.filter(player_id__in=player_ids, level=level)
        table[level] = tuple(sum(getattr(row, f) for row in rows) for f in FIGURES)
    return table


def test_the_per_level_table_after_a_merge_is_the_sum_of_both_before():
    signed_in = _player_with({"easy": (4, 2, 1, 1, 900), "hard": (3, 0, 3, 0, 1200)},
                             h2h=(10, 4, 300, 80), hearts_level="hard", h2h_move_errors=True)
    device = _player_with({"easy": (2, 1, 1, 0, 400), "medium": (5, 3, 2, 0, 2000)},
                          h2h=(6, 3, 250, 95), hearts_level="easy", h2h_move_errors=False)
    before = _table([signed_in.pk, device.pk])
    assert keeping.merge(source_id=device.pk, target=signed_in) is True
    assert _table([signed_in.pk]) == before
    assert before == {"easy": (6, 3, 2, 1, 1300), "medium": (5, 3, 2, 0, 2000),
                      "hard": (3, 0, 3, 0, 1200)}
    assert HeartsStats.objects.filter(player=signed_in).count() == 3  # one row per level
    stats = HeartToHeartStats.objects.get(player=signed_in)
    assert (stats.games_played, stats.games_won, stats.best_time_seconds, stats.fewest_moves) == (
        16, 7, 250, 80)
    signed_in.refresh_from_db()
    assert (signed_in.hearts_level, signed_in.h2h_move_errors) == ("hard", True)  # theirs kept
    assert not Player.objects.filter(pk=device.pk).exists()


def test_a_merge_that_runs_twice_counts_once():
    signed_in = _player_with({"easy": (1, 1, 0, 0, 60)})
    device = _player_with({"easy": (2, 0, 2, 0, 120)}, h2h=(3, 1, 99, 40))
    assert keeping.merge(source_id=device.pk, target=signed_in) is True
    after_once = (_table([signed_in.pk]), list(HeartToHeartStats.objects.values()))
    assert keeping.merge(source_id=device.pk, target=signed_in) is False
    assert (_table([signed_in.pk]), list(HeartToHeartStats.objects.values())) == after_once


def test_games_passkeys_devices_and_codes_move_over_untouched():

    signed_in, device = Player.objects.create(), Player.objects.create()
    hearts = hearts_service.start_game(player=device)
    h2h = h2h_service.start_game(player=device)
    Passkey.objects.create(player=device, credential_id="abc", public_key=b"k")
    Device.objects.create(player=device, key_digest="d" * 64)
    LinkCode.objects.create(player=device, selector="ABCDE", secret_digest="x",
                            expires_at=hearts.created_at)
    rows = {model: list(model.objects.filter(pk=game.pk).values("updated_at", "version", "state"))
            for model, game in ((HeartsGame, hearts), (HeartToHeartGame, h2h))}
    keeping.merge(source_id=device.pk, target=signed_in)
    for model, game in ((HeartsGame, hearts), (HeartToHeartGame, h2h)):
        assert model.objects.get(pk=game.pk).player_id == signed_in.pk
        saved = model.objects.filter(pk=game.pk).values("updated_at", "version", "state")
        assert list(saved) == rows[model]
    for model in (Passkey, Device, LinkCode):
        assert model.objects.get().player_id == signed_in.pk


def test_merging_a_player_into_itself_or_nobody_changes_nothing():
    player = _player_with({"easy": (1, 0, 1, 0, 10)})
    assert keeping.merge(source_id=player.pk, target=player) is False
    assert keeping.merge(source_id=None, target=player) is False
    assert keeping.merge(source_id=987654, target=player) is False
    assert _table([player.pk])["easy"] == (1, 0, 1, 0, 10)


def _two_games_in_progress():
    """Each player has a Heart to Heart and a Hearts game in progress; the device's
    Heart to Heart game is further on."""
    signed_in, device = Player.objects.create(), Player.objects.create()
    games = {}
    for player in (signed_in, device):
        games[player.pk] = (h2h_service.start_game(player=player),
                            hearts_service.start_game(player=player))
    further = games[device.pk][0]
    state = engine.new_game(EXAMPLE_CODE)
    for target in winning_line()[:20]:
        state = engine.tap(state, target).state
    further.deal_code, further.state, further.moves = EXAMPLE_CODE, state.to_dict(), state.moves
    further.save()
    return signed_in, device, games


def state_removed(game) -> int:
    game.refresh_from_db()
    return engine.GameState.from_dict(game.state).removed_count


def test_a_sign_in_that_would_leave_a_game_behind_asks_first_and_changes_nothing():
    signed_in, device, games = _two_games_in_progress()
    outcome = keeping.sign_in(player_id=signed_in.pk, device_player_id=device.pk, old_key=None)
    assert outcome.problem == keeping.Problem.CHOOSE
    clashes = {clash.kind: clash for clash in outcome.value}
    h2h = clashes[unfinished.Kind.HEART_TO_HEART]
    assert h2h.further.id == games[device.pk][0].pk
    assert h2h.further.left_in_heart == 25 - state_removed(games[device.pk][0])
    assert [game.on_this_device for game in h2h.games] == [False, True]
    assert Player.objects.count() == 2 and not Device.objects.exists()


def test_the_choice_settles_each_kind_and_a_stale_one_is_refused():
    signed_in, device, games = _two_games_in_progress()
    asked = keeping.sign_in(player_id=signed_in.pk, device_player_id=device.pk, old_key=None)
    seen = frozenset(game.seen for clash in asked.value for game in clash.games)
    keep = {"heart-to-heart": str(games[signed_in.pk][0].pk),
            "hearts": str(games[device.pk][1].pk)}
    HeartsGame.objects.filter(pk=games[signed_in.pk][1].pk).update(version=5)  # moved on
    stale = keeping.sign_in(player_id=signed_in.pk, device_player_id=device.pk,
                            old_key=None, keep=keep, seen=seen)
    assert stale.problem == keeping.Problem.MOVED_ON and Player.objects.count() == 2
    seen = frozenset(game.seen for clash in stale.value for game in clash.games)
    done = keeping.sign_in(player_id=signed_in.pk, device_player_id=device.pk,
                           old_key=None, keep=keep, seen=seen)
    assert done.problem is None and done.value.merged
    assert h2h_service.current_game(player=signed_in).pk == games[signed_in.pk][0].pk
    assert hearts_service.current_game(player=signed_in).pk == games[device.pk][1].pk
    left = {kept.kept.kind: kept.left.id for kept in done.value.games}
    assert left == {"heart-to-heart": games[device.pk][0].pk,
                    "hearts": games[signed_in.pk][1].pk}
    assert HeartsStats.objects.get(player=signed_in).games_played == 2  # both, no loss
    assert HeartsStats.objects.get(player=signed_in).losses == 0


def test_signing_in_to_a_player_deleted_meanwhile_says_so():
    device = Player.objects.create()
    outcome = keeping.sign_in(player_id=987654, device_player_id=device.pk, old_key=None)
    assert outcome.problem == keeping.Problem.GONE and outcome.value is None
