"""What nobody will come back to, found and deleted in small batches (``manage.py purge``).

Three kinds of rows go:

* **unfinished games idle for N days**: a Heart to Heart game not won (playing, or a
  stalemate that could still be undone) and a Hearts game not over, untouched since the
  cutoff. Their statistics were counted when they began (a Hearts game counts as played
  when it starts, a Heart to Heart game at its first move) and an abandoned game is
  never a loss, so deleting one changes no figure;
* **players with nothing left**: untouched since the cutoff, with no game left to
  resume or look back on (none finished, none recent), and no statistics that count
  anything. A player who has played keeps their row: their statistics rows hang off
  it (and cascade with it), and the totals the admin shows are sums over those rows
  (games, wins, time per level; the number of players per level), so deleting such a
  player would change them. What goes is the row a visitor left by changing a setting
  or by opening a game they never touched: if they come back, their session finds no
  player and the site meets them as new;
* **expired sessions**, as ``clearsessions`` would, but in batches;
* what keeping progress on other devices leaves behind (docs/passkeys.md): WebAuthn
  challenges past their five minutes, link codes a day past their expiry (kept that long
  so that the code's owner is told it expired, not that it is wrong), attempt counters of
  past windows, and signed-in devices whose cookie has expired.

A player who holds a passkey asked to keep their progress, so being away never removes
them: neither their row (whatever it holds) nor their game in progress of each game (the
newest Heart to Heart game, the Hearts game last played), however long ago they played.
Their older unfinished games still go, as anyone's: they were replaced or abandoned.

Finished games stay: they are the players' own record and the admin lists them; they
only grow with real play, never with visits (GET creates nothing).

Each batch is one short transaction that deletes rows by primary key, with the
conditions checked again in the DELETE, so a game touched between the look-up and the
delete survives, and no table is locked for long however large it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games.engine import hearts as hearts_engine
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
from games.services.throttle import past_windows

DEFAULT_DAYS = 30
DEFAULT_BATCH_SIZE = 1000


def _holds_a_passkey():
    return Exists(Passkey.objects.filter(player=OuterRef("player")))


def idle_heart_to_heart_games(cutoff: datetime) -> QuerySet:
    newer = HeartToHeartGame.objects.filter(
        player=OuterRef("player"), created_at__gt=OuterRef("created_at")
    )
    return (
        HeartToHeartGame.objects.filter(updated_at__lt=cutoff)
        .exclude(status=HeartToHeartGame.Status.WON)
        .exclude(_holds_a_passkey() & ~Exists(newer))  # a kept player's game in progress
    )


def idle_hearts_games(cutoff: datetime) -> QuerySet:
    newer = HeartsGame.objects.filter(
        player=OuterRef("player"), updated_at__gt=OuterRef("updated_at")
    ).exclude(phase=hearts_engine.Phase.GAME_OVER)
    return (
        HeartsGame.objects.filter(updated_at__lt=cutoff)
        .exclude(phase=hearts_engine.Phase.GAME_OVER)
        .exclude(_holds_a_passkey() & ~Exists(newer))  # a kept player's game in progress
    )


def players_with_nothing_left(cutoff: datetime) -> QuerySet:
    """Idle players with no game worth keeping (finished, or touched since the cutoff)
    and no statistics row that counts anything. The same test before or after the
    idle games go, so a dry run names the players a real run would delete."""
    player = OuterRef("pk")
    kept_h2h = HeartToHeartGame.objects.filter(player=player).filter(
        Q(status=HeartToHeartGame.Status.WON) | Q(updated_at__gte=cutoff)
    )
    kept_hearts = HeartsGame.objects.filter(player=player).filter(
        Q(phase=hearts_engine.Phase.GAME_OVER) | Q(updated_at__gte=cutoff)
    )
    counted_h2h = HeartToHeartStats.objects.filter(player=player).filter(
        Q(games_played__gt=0) | Q(games_won__gt=0)
    )
    counted_hearts = HeartsStats.objects.filter(player=player).filter(
        Q(games_played__gt=0) | Q(wins__gt=0) | Q(losses__gt=0) | Q(draws__gt=0)
        | Q(total_seconds__gt=0)
    )
    passkeys = Passkey.objects.filter(player=player)
    return Player.objects.filter(updated_at__lt=cutoff).exclude(
        Exists(kept_h2h) | Exists(kept_hearts) | Exists(counted_h2h) | Exists(counted_hearts)
        | Exists(passkeys)
    )


def spent_challenges(now: datetime) -> QuerySet:
    return Challenge.objects.filter(expires_at__lt=now)


def spent_link_codes(now: datetime) -> QuerySet:
    return LinkCode.objects.filter(expires_at__lt=now - timedelta(days=1))


def expired_devices(now: datetime) -> QuerySet:
    """Signed-in browsers whose cookie has expired: nothing can name them any more."""
    return Device.objects.filter(
        created_at__lt=now - timedelta(seconds=settings.PLAYER_COOKIE_AGE)
    )


def expired_sessions(now: datetime) -> QuerySet:
    return Session.objects.filter(expire_date__lt=now)


@dataclass(frozen=True)
class Kind:
    """One kind of row to purge: its name for the report and how to find it."""

    name: str
    rows: Callable[[], QuerySet]


@dataclass(frozen=True)
class Purge:
    days: int = DEFAULT_DAYS
    batch_size: int = DEFAULT_BATCH_SIZE
    now: datetime | None = None

    @property
    def cutoff(self) -> datetime:
        return (self.now or timezone.now()) - timedelta(days=self.days)

    def kinds(self) -> list[Kind]:
        cutoff, now = self.cutoff, self.now or timezone.now()
        kinds = [
            Kind("Heart to Heart games, unfinished and idle",
                 lambda: idle_heart_to_heart_games(cutoff)),
            Kind("Hearts games, unfinished and idle", lambda: idle_hearts_games(cutoff)),
            # After the games: a player whose last games just went has nothing left.
            Kind("players with nothing left", lambda: players_with_nothing_left(cutoff)),
            Kind("passkey challenges, expired", lambda: spent_challenges(now)),
            Kind("link codes, expired", lambda: spent_link_codes(now)),
            Kind("attempt counters, past", lambda: past_windows(now)),
            Kind("signed-in devices, cookie expired", lambda: expired_devices(now)),
        ]
        if _sessions_in_the_database():
            kinds.append(Kind("expired sessions", lambda: expired_sessions(now)))
        return kinds

    def count(self) -> dict[str, int]:
        """What a run would delete now (``--dry-run``)."""
        return {kind.name: kind.rows().count() for kind in self.kinds()}

    def run(self) -> dict[str, int]:
        """Delete, batch by batch; the number of rows deleted per kind (cascades not
        counted: a purged player's statistics rows are empty ones)."""
        deleted = {kind.name: sum(self._batches(kind)) for kind in self.kinds()}
        if not _sessions_in_the_database():
            _session_store().clear_expired()  # cache or cookie sessions: their own way
        return deleted

    def _batches(self, kind: Kind) -> Iterator[int]:
        while True:
            # One short transaction per batch: look up the keys, delete those rows that
            # still qualify (the same conditions again, in the DELETE itself).
            with transaction.atomic():
                keys = list(kind.rows().values_list("pk", flat=True)[: self.batch_size])
                if not keys:
                    return
                _count, per_model = kind.rows().filter(pk__in=keys).delete()
            yield per_model.get(kind.rows().model._meta.label, 0)
            if len(keys) < self.batch_size:
                return


def _session_store():
    return import_module(settings.SESSION_ENGINE).SessionStore


def _sessions_in_the_database() -> bool:
    return settings.SESSION_ENGINE in (
        "django.contrib.sessions.backends.db", "django.contrib.sessions.backends.cached_db"
    )
