"""A player kept beyond one browser: signed-in devices, two players made one, leaving.

The passkeys themselves are in ``games.services.passkeys``, the link codes in
``games.services.link_codes``; both end here, in ``sign_in``: the browser's own player
(if it has one and it is another) is merged into the player signed in, and the browser
gets a new key (docs/passkeys.md).

**Merging, counted once.** ``merge`` runs in one transaction that first locks both
players' rows, in the order of their ids (two merges at once never wait on each other in
a circle). The source's games move over, its statistics are added to the target's, row
by row with the target's rows locked, its passkeys, devices and link codes move over, and
the source row is deleted. A second merge of the same source (a double click, two tabs)
waits for the lock and then finds no source: it changes nothing. The target keeps its own
settings. Heart to Heart's "one game at a time" rule then holds as it always does: the
newest game is the current one (``services.heart_to_heart.current_game``).
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import (
    Challenge,
    Device,
    HeartsGame,
    HeartsStats,
    HeartToHeartGame,
    HeartToHeartStats,
    LinkCode,
    Passkey,
    Player,
)

DEVICE_KEY_BYTES = 32  # 256 random bits: the digest may be a plain hash


class PlayerGone(Exception):
    """The player to sign in to was deleted (forgotten, or merged away) meanwhile."""


def device_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def sign_in(
    *, player: Player, device_player_id: int | None, old_key: str | None
) -> tuple[str, bool]:
    """This browser becomes ``player``'s: its own player (``device_player_id``) merged in,
    its old key revoked and a new one made. The new key (for the cookie), and whether
    there was progress of its own to merge."""
    key = secrets.token_urlsafe(DEVICE_KEY_BYTES)
    with transaction.atomic():
        if not Player.objects.select_for_update().filter(pk=player.pk).exists():
            raise PlayerGone
        merged = merge(source_id=device_player_id, target=player)
        if old_key:
            Device.objects.filter(key_digest=device_digest(old_key)).delete()
        Device.objects.create(player=player, key_digest=device_digest(key))
        now = timezone.now()
        Player.objects.filter(pk=player.pk).update(
            updated_at=now, kept_since=Coalesce(F("kept_since"), Value(now))
        )
    return key, merged


def merge(*, source_id: int | None, target: Player) -> bool:
    """Fold the player ``source_id`` into ``target`` (see the module's docstring). True
    when something was merged; False when there was nothing to merge."""
    if source_id is None or source_id == target.pk:
        return False
    with transaction.atomic():
        locked = set(
            Player.objects.select_for_update()
            .filter(pk__in=(source_id, target.pk))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        if locked != {source_id, target.pk}:
            return False  # merged already (or the target is gone)
        # update() leaves each game's updated_at as it was: the order of play is kept.
        HeartToHeartGame.objects.filter(player_id=source_id).update(player_id=target.pk)
        HeartsGame.objects.filter(player_id=source_id).update(player_id=target.pk)
        _add_heart_to_heart_stats(source_id, target.pk)
        _add_hearts_stats(source_id, target.pk)
        for model in (Passkey, Device, LinkCode):
            model.objects.filter(player_id=source_id).update(player_id=target.pk)
        Challenge.objects.filter(player_id=source_id).delete()
        Player.objects.filter(pk=source_id).delete()
    return True


def _add_heart_to_heart_stats(source_id: int, target_id: int) -> None:
    source = HeartToHeartStats.objects.select_for_update().filter(player_id=source_id).first()
    if source is None:
        return
    target = HeartToHeartStats.objects.select_for_update().filter(player_id=target_id).first()
    if target is None:
        HeartToHeartStats.objects.filter(pk=source.pk).update(player_id=target_id)
        return
    target.games_played += source.games_played
    target.games_won += source.games_won
    target.best_time_seconds = _least(target.best_time_seconds, source.best_time_seconds)
    target.fewest_moves = _least(target.fewest_moves, source.fewest_moves)
    target.save()
    source.delete()


def _add_hearts_stats(source_id: int, target_id: int) -> None:
    rows = list(
        HeartsStats.objects.select_for_update()
        .filter(player_id__in=(source_id, target_id))
        .order_by("pk")
    )
    theirs = {row.level: row for row in rows if row.player_id == target_id}
    for row in (row for row in rows if row.player_id == source_id):
        target = theirs.get(row.level)
        if target is None:
            HeartsStats.objects.filter(pk=row.pk).update(player_id=target_id)
            continue
        for field in ("games_played", "wins", "losses", "draws", "total_seconds"):
            setattr(target, field, getattr(target, field) + getattr(row, field))
        target.save()
        row.delete()


def _least(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def sign_out(*, key: str | None) -> None:
    """Revoke this browser's key; the player and every other browser stay as they are."""
    if key:
        Device.objects.filter(key_digest=device_digest(key)).delete()


def held_elsewhere(*, player: Player, key: str | None) -> bool:
    """Something other than this browser brings the player back: a passkey, or another
    signed-in browser."""
    others = Device.objects.filter(player=player)
    if key:
        others = others.exclude(key_digest=device_digest(key))
    return Passkey.objects.filter(player=player).exists() or others.exists()


def what_forgetting_deletes(*, player: Player) -> dict[str, int]:
    """What ``forget`` would delete, for the confirmation page."""
    return {
        "games": HeartToHeartGame.objects.filter(player=player).count()
        + HeartsGame.objects.filter(player=player).count(),
        "passkeys": Passkey.objects.filter(player=player).count(),
    }


def forget(*, player_id: int) -> bool:
    """Delete the player and everything that hangs off it (games, statistics, passkeys,
    devices, codes): cascades, in one transaction. False when there was nobody."""
    with transaction.atomic():
        deleted, _per_model = Player.objects.filter(pk=player_id).delete()
    return deleted > 0

