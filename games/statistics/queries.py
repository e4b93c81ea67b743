"""Every figure of the admin's statistics dashboard, each one counted by the database.

Each function runs one or two aggregate queries over the games started in a
``Period`` and returns a few small rows (one per level, deal class, histogram bin or
day); Python only fills in the empty days and bins and adds up those few rows.

What the words mean here:

* Hearts: a game is *started* when it is dealt (``created_at``), *finished* when it
  has a result; *abandoned* is started and never finished (a game still being played
  counts there until it ends). Playing time runs from the deal to the result.
* Heart to Heart: a game is *played* from its first move (``started_at``), as in the
  players' own statistics; the deal class is the letter after the first dash of the
  deal code (``HH1-N-…`` any deal, ``HH1-W-…`` a deal proved winnable). Winning time
  runs from the first move to the win.
* An *active player* on a day started a game of either kind that day.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
from dataclasses import dataclass

from django.db import connections
from django.db.models import Avg, Case, Count, IntegerField, Max, Min, Q, Sum, Value, When
from django.db.models.functions import Substr

from games.models import HeartsGame, HeartToHeartGame, Player

from .expressions import Day, SecondsBetween
from .periods import Period

DEAL_CLASSES = ("N", "W")
# Winning times fall into these bins (seconds; the last bin is open-ended): players
# finish in minutes, and a tab left open overnight must not squash everyone else.
TIME_EDGES = (0, 60, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 3600)
MOVE_BINS = 10  # about this many bins for winning move counts
NICE_WIDTHS = (1, 2, 5)


@dataclass(frozen=True)
class HeartsLevelRow:
    level: str  # a Player.HeartsLevel value, or "" for the row that adds up every level
    started: int
    finished: int
    won: int
    lost: int
    drawn: int
    abandoned: int
    total_seconds: int
    average_seconds: int | None

    @property
    def win_share(self) -> float | None:
        """Wins among finished games (an unfinished game has no result to share)."""
        return self.won / self.finished if self.finished else None


@dataclass(frozen=True)
class DealClassRow:
    deal_class: str  # "N", "W", or "" for the row that adds up both
    played: int
    won: int

    @property
    def win_share(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass(frozen=True)
class HistogramBin:
    low: int
    high: int | None  # exclusive; None for the open last bin
    count: int


@dataclass(frozen=True)
class ActivityDay:
    day: dt.date
    hearts: int
    h2h: int
    players: int


# --- Hearts ----------------------------------------------------------------------------


def hearts_by_level(period: Period) -> list[HeartsLevelRow]:
    """One row per offered level (easy first, zeros included), then one adding them up."""
    finished = ~Q(result="")
    seconds = SecondsBetween("created_at", "finished_at")
    found = {
        row.pop("level"): row
        for row in (
            HeartsGame.objects.filter(created_at__gte=period.start, created_at__lt=period.end)
            .values("level")
            .annotate(
                started=Count("pk"),
                finished=Count("pk", filter=finished),
                won=Count("pk", filter=Q(result=HeartsGame.Result.WIN)),
                lost=Count("pk", filter=Q(result=HeartsGame.Result.LOSS)),
                drawn=Count("pk", filter=Q(result=HeartsGame.Result.DRAW)),
                abandoned=Count("pk", filter=Q(result="")),
                total_seconds=Sum(seconds, filter=finished),
                average_seconds=Avg(seconds, filter=finished),
            )
            .order_by()
        )
    }
    levels = [*Player.HeartsLevel.values, *sorted(set(found) - set(Player.HeartsLevel.values))]
    rows = [_hearts_row(level, found.get(level, {})) for level in levels]
    total = {
        name: sum(getattr(row, name) for row in rows)
        for name in ("started", "finished", "won", "lost", "drawn", "abandoned", "total_seconds")
    }
    average = round(total["total_seconds"] / total["finished"]) if total["finished"] else None
    return [*rows, HeartsLevelRow(level="", average_seconds=average, **total)]


def _hearts_row(level: str, found: dict) -> HeartsLevelRow:
    average = found.get("average_seconds")
    return HeartsLevelRow(
        level=level,
        started=found.get("started", 0),
        finished=found.get("finished", 0),
        won=found.get("won", 0),
        lost=found.get("lost", 0),
        drawn=found.get("drawn", 0),
        abandoned=found.get("abandoned", 0),
        total_seconds=found.get("total_seconds") or 0,
        average_seconds=None if average is None else round(float(average)),
    )


# --- Heart to Heart ----------------------------------------------------------------------


def _h2h_played(period: Period):
    return HeartToHeartGame.objects.filter(
        started_at__gte=period.start, started_at__lt=period.end
    ).order_by()


def _h2h_won(period: Period):
    return _h2h_played(period).filter(status=HeartToHeartGame.Status.WON)


def h2h_by_deal_class(period: Period) -> list[DealClassRow]:
    """Games played and won per deal class (N, then W), then both together."""
    found = {
        row["deal_class"]: row
        for row in _h2h_played(period)
        # "HH1-N-AAAAAAM": the class is the fifth character.
        .annotate(deal_class=Substr("deal_code", 5, 1))
        .values("deal_class")
        .annotate(
            played=Count("pk"),
            won=Count("pk", filter=Q(status=HeartToHeartGame.Status.WON)),
        )
    }
    rows = [
        DealClassRow(name, found.get(name, {}).get("played", 0), found.get(name, {}).get("won", 0))
        for name in DEAL_CLASSES
    ]
    return [*rows, DealClassRow("", sum(r.played for r in rows), sum(r.won for r in rows))]


def h2h_winning_moves(period: Period) -> list[HistogramBin]:
    """How many moves the wins took, in about ten bins of a round width."""
    won = _h2h_won(period)
    span = won.aggregate(low=Min("moves"), high=Max("moves"))
    if span["low"] is None:
        return []
    width = _nice_width((span["high"] - span["low"] + 1) / MOVE_BINS)
    first = span["low"] // width * width
    edges = tuple(range(first, span["high"] + width + 1, width))
    return _histogram(won, "moves", edges, open_ended=False)


def h2h_winning_times(period: Period) -> list[HistogramBin]:
    """How long the wins took, from the first move, in the fixed bins of ``TIME_EDGES``."""
    won = _h2h_won(period).annotate(seconds=SecondsBetween("started_at", "finished_at"))
    if not won.exists():
        return []
    return _histogram(won, "seconds", TIME_EDGES, open_ended=True)


def _histogram(queryset, field: str, edges: tuple[int, ...], *, open_ended: bool):
    """Count rows per bin [edges[i], edges[i + 1]) in one GROUP BY; the bins are numbered."""
    limits = edges[1:]
    bin_of = Case(
        *(When(**{f"{field}__lt": limit}, then=Value(index)) for index, limit in enumerate(limits)),
        default=Value(len(limits)),
        output_field=IntegerField(),
    )
    counts = {
        row["bin"]: row["count"]
        for row in queryset.filter(**{f"{field}__gte": edges[0]})
        .annotate(bin=bin_of)
        .values("bin")
        .annotate(count=Count("pk"))
    }
    bins = [HistogramBin(low, high, counts.get(i, 0))
            for i, (low, high) in enumerate(itertools.pairwise(edges))]
    if open_ended:
        bins.append(HistogramBin(edges[-1], None, counts.get(len(limits), 0)))
    return bins


def _nice_width(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 … that is at least ``raw``."""
    magnitude = 10 ** max(0, math.floor(math.log10(max(raw, 1))))
    for factor in (*NICE_WIDTHS, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude  # pragma: no cover - the loop ends at 10


# --- Activity ----------------------------------------------------------------------------


def activity_per_day(period: Period) -> list[ActivityDay]:
    """Games started per day for each game, and the distinct players who started one."""
    hearts = (
        HeartsGame.objects.filter(created_at__gte=period.start, created_at__lt=period.end)
        .annotate(day=Day("created_at"))
        .order_by()
    )
    h2h = _h2h_played(period).annotate(day=Day("started_at"))
    hearts_days = _per_day(hearts.values("day").annotate(count=Count("pk")))
    h2h_days = _per_day(h2h.values("day").annotate(count=Count("pk")))
    players = _players_per_day(hearts.values("day", "player_id"), h2h.values("day", "player_id"))
    return [
        ActivityDay(day, hearts_days.get(day, 0), h2h_days.get(day, 0), players.get(day, 0))
        for day in period.days
    ]


def _per_day(rows) -> dict[dt.date, int]:
    return {_as_date(row["day"]): row["count"] for row in rows}


def _players_per_day(hearts_pairs, h2h_pairs) -> dict[dt.date, int]:
    """Distinct players per day across both games: UNION drops repeated (day, player) pairs.

    The ORM cannot group a UNION, so its SQL is wrapped in one GROUP BY by hand; the
    inner SQL (and its parameters) still comes from the ORM.
    """
    union = hearts_pairs.union(h2h_pairs)
    connection = connections[union.db]
    sql, params = union.query.get_compiler(connection=connection).as_sql()
    day = connection.ops.quote_name("day")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {day}, COUNT(*) FROM ({sql}) pairs GROUP BY {day}", params)
        return {_as_date(value): count for value, count in cursor.fetchall()}


def _as_date(value) -> dt.date:
    """SQLite hands a day back as text outside the ORM's converters; PostgreSQL as a date."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)
