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
settings. ``sign_in`` takes the same two locks, once, in the same order, before anything
else.

**No game is lost to a join.** When both players have a game of the same kind in
progress, ``sign_in`` changes nothing and answers ``Problem.CHOOSE`` with the two games
(``games.services.unfinished``); the browser asks which goes on and signs in again with
the answer, and the games are compared again under the same locks: a choice made on
games that moved on since is ``Problem.MOVED_ON``. The game not chosen is left as a game
abandoned for a new one (docs/rules.md#joined-games).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from games import look as looks
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
    device_digest,
)
from games.services import Outcome, unfinished

DEVICE_KEY_BYTES = 32  # 256 random bits: the digest may be a plain hash


class Problem(StrEnum):
    """Every reason a keeping service changes nothing (worded in
    games/views/keeping/refusals.py)."""

    PAGE_EXPIRED = "page-expired"  # no such challenge, or a join that took too long
    REFUSED = "refused"  # the passkey's answer proved nothing
    ALREADY = "already"  # this passkey is registered already
    MALFORMED = "malformed"  # not twelve letters and digits
    WRONG = "wrong"  # no such code (never says whether another exists)
    USED = "used"
    CODE_EXPIRED = "code-expired"
    LOCKED = "locked"  # too many wrong tries at this code
    NOT_YOURS = "not-yours"  # another player's passkey, or none
    LAST = "last"  # the player's last passkey, and the removal was not confirmed
    GONE = "gone"  # the player to sign in to was deleted (forgotten, merged away)
    CHOOSE = "choose"  # both players have a game of one kind in progress: which goes on?
    MOVED_ON = "moved-on"  # the games chosen between have changed since they were shown


@dataclass(frozen=True)
class SignedIn:
    player: Player  # the player signed in to
    key: str  # this browser's new key, for the cookie
    merged: bool  # the browser's own progress was added to the player's
    look: looks.Look  # the player's saved cards and table, for the look cookie
    games: tuple[unfinished.Kept, ...] = ()  # what became of the games in progress


def sign_in(
    *, player_id: int, device_player_id: int | None, old_key: str | None,
    keep: Mapping[str, str] | None = None, seen: frozenset[str] = frozenset(),
) -> Outcome[SignedIn] | Outcome[tuple[unfinished.Clash, ...]]:
    """This browser becomes player ``player_id``'s: its own player (``device_player_id``)
    merged in, its old key revoked and a new one made. ``Problem.GONE`` when the player
    was deleted meanwhile. When both have a game of one kind in progress, ``keep`` (kind
    -> game id) says which goes on, for the games shown as ``seen`` (``Unfinished.seen``);
    without it (or when the games moved on), nothing changes and the answer is the clashes
    to choose from (``Problem.CHOOSE``, ``Problem.MOVED_ON``).

    Both rows are locked once, at the start, in the order of their ids, as ``merge``
    locks them: a device of S signing in to T while a device of T signs in to S then
    waits rather than deadlocks (locking the target first and the pair after took the two
    locks in opposite orders). The look is read from the locked row, so the cookie gets
    the look the player has now, not the one of a row read before."""
    key = secrets.token_urlsafe(DEVICE_KEY_BYTES)
    with transaction.atomic():
        rows = _lock_players(player_id, device_player_id)
        target = rows.get(player_id)
        if target is None:
            return Outcome(problem=Problem.GONE)
        joined = device_player_id in rows and device_player_id != player_id
        games = unfinished.in_progress(target_id=player_id, source_id=device_player_id) \
            if joined else {}
        clashes = unfinished.clashes(games=games)
        settled = keep is not None and unfinished.settled(found=clashes, keep=keep, seen=seen)
        if clashes and not settled:
            moved_on = keep is not None and not unfinished.same_games(found=clashes, seen=seen)
            return Outcome(clashes, Problem.MOVED_ON if moved_on else Problem.CHOOSE)
        merged = _merge_locked(source_id=device_player_id, target_id=player_id, locked=rows)
        kept = unfinished.keep_going(games=games, target_id=player_id, keep=keep or {})
        if old_key:
            Device.objects.filter(key_digest=device_digest(old_key)).delete()
        Device.objects.create(player_id=player_id, key_digest=device_digest(key))
        now = timezone.now()
        Player.objects.filter(pk=player_id).update(
            updated_at=now, kept_since=Coalesce(F("kept_since"), Value(now))
        )
    return Outcome(SignedIn(player=target, key=key, merged=merged,
                            look=looks.of_player(target), games=kept))


def _lock_players(*ids: int | None) -> dict[int, Player]:
    """The players ``ids`` name that still exist, their rows locked in the order of their
    ids (one statement: PostgreSQL locks the rows as the sorted scan reaches them)."""
    wanted = {pk for pk in ids if pk is not None}
    locked = Player.objects.select_for_update().filter(pk__in=wanted).order_by("pk")
    return {row.pk: row for row in locked}


def merge(*, source_id: int | None, target: Player) -> bool:
    """Fold the player ``source_id`` into ``target`` (see the module's docstring). True
    when something was merged; False when there was nothing to merge."""
    if source_id is None or source_id == target.pk:
        return False
    with transaction.atomic():
        locked = _lock_players(source_id, target.pk)
        return _merge_locked(source_id=source_id, target_id=target.pk, locked=locked)


def _merge_locked(*, source_id: int | None, target_id: int, locked: dict[int, Player]) -> bool:
    """``merge``'s work, in a transaction that holds the locks on ``locked``."""
    if source_id is None or source_id == target_id:
        return False
    if not {source_id, target_id} <= locked.keys():
        return False  # merged already (or the target is gone)
    # update() leaves each game's updated_at as it was: the order of play is kept.
    HeartToHeartGame.objects.filter(player_id=source_id).update(player_id=target_id)
    HeartsGame.objects.filter(player_id=source_id).update(player_id=target_id)
    _add_heart_to_heart_stats(source_id, target_id)
    _add_hearts_stats(source_id, target_id)
    for model in (Passkey, Device, LinkCode):
        model.objects.filter(player_id=source_id).update(player_id=target_id)
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



def games_to_choose(
    *, player_id: int, device_player_id: int | None
) -> tuple[unfinished.Clash, ...]:
    """The games in progress a join of this browser's player into ``player_id`` would
    have to choose between, as they are now (reads only; ``sign_in`` checks again)."""
    if device_player_id is None or device_player_id == player_id:
        return ()
    with transaction.atomic():
        return unfinished.clashes(
            games=unfinished.in_progress(target_id=player_id, source_id=device_player_id))
