"""``manage.py purge`` and keeping progress: a player with a passkey is never removed for
being away, nor is their game in progress; spent sign-in rows go (docs/passkeys.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import (
    Challenge,
    Device,
    HeartsGame,
    HeartToHeartGame,
    LinkCode,
    Passkey,
    Player,
    Throttle,
)
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service
from games.services.purge import Purge

pytestmark = pytest.mark.django_db

LONG_AGO = timezone.now() - timedelta(days=400)


def _age(model, pk, **fields):
    model.objects.filter(pk=pk).update(**{"updated_at": LONG_AGO, **fields})


def _kept_player() -> Player:
    player = Player.objects.create()
    Passkey.objects.create(player=player, credential_id=f"id-{player.pk}", public_key=b"k")
    return player


def test_a_player_with_a_passkey_and_nothing_else_is_never_purged_for_being_away():
    kept, plain = _kept_player(), Player.objects.create()
    for player in (kept, plain):
        _age(Player, player.pk)
    Purge(days=30).run()
    assert list(Player.objects.values_list("pk", flat=True)) == [kept.pk]


def test_a_kept_players_games_in_progress_stay_and_their_older_abandoned_ones_go():
    kept = _kept_player()
    old_h2h = h2h_service.start_game(player=kept)
    new_h2h = h2h_service.start_game(player=kept)
    old_hearts = hearts_service.start_game(player=kept)
    new_hearts = hearts_service.start_game(player=kept)
    HeartToHeartGame.objects.filter(pk=old_h2h.pk).update(created_at=LONG_AGO)
    for model, game in ((HeartToHeartGame, old_h2h), (HeartToHeartGame, new_h2h)):
        _age(model, game.pk)
    _age(HeartsGame, old_hearts.pk, updated_at=LONG_AGO - timedelta(days=1))
    _age(HeartsGame, new_hearts.pk)
    anyone = Player.objects.create()
    theirs = h2h_service.start_game(player=anyone)
    _age(HeartToHeartGame, theirs.pk)

    Purge(days=30).run()
    assert set(HeartToHeartGame.objects.values_list("pk", flat=True)) == {new_h2h.pk}
    assert set(HeartsGame.objects.values_list("pk", flat=True)) == {new_hearts.pk}


def test_spent_sign_in_rows_go_and_live_ones_stay():
    now = timezone.now()
    player = Player.objects.create()
    live = Challenge.objects.create(digest="a" * 64, purpose="sign-in",
                                    expires_at=now + timedelta(minutes=5))
    Challenge.objects.create(digest="b" * 64, purpose="sign-in",
                             expires_at=now - timedelta(minutes=1))
    fresh = LinkCode.objects.create(player=player, selector="AAAAA", secret_digest="x",
                                    expires_at=now - timedelta(hours=1))  # says "expired" a day
    LinkCode.objects.create(player=player, selector="BBBBB", secret_digest="x",
                            expires_at=now - timedelta(days=2))
    Throttle.objects.create(scope="code", key_digest="c", window_start=now - timedelta(days=2))
    current = Throttle.objects.create(scope="code", key_digest="c", window_start=now)
    device = Device.objects.create(player=player, key_digest="d" * 64)
    old = Device.objects.create(player=player, key_digest="e" * 64)
    Device.objects.filter(pk=old.pk).update(
        created_at=now - timedelta(seconds=settings.PLAYER_COOKIE_AGE + 60))

    deleted = Purge(days=30).run()
    assert list(Challenge.objects.all()) == [live]
    assert list(LinkCode.objects.all()) == [fresh]
    assert list(Throttle.objects.all()) == [current]
    assert list(Device.objects.all()) == [device]
    assert deleted["passkey challenges, expired"] == 1 and deleted["link codes, expired"] == 1
