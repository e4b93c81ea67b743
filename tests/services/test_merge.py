"""Two players become one, counted once (docs/passkeys.md#merge; games/services/keeping.py)."""

from __future__ import annotations

import pytest

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
from games.services import keeping

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
