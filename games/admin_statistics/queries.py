"""Every figure of the admin's statistics dashboard, each one counted by the database.

Each function runs one aggregate query over the games started in a ``Period`` and gets
back a few small rows (one per level, deal class, move count, minute or day); Python
only fills in the empty days and bins and adds those few rows up into bins and totals.

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
from django.db.models import Count, IntegerField, Q, Sum, Value
from django.db.models.functions import Least, Substr

from games.models import HeartsGame, HeartToHeartGame, Player

from .expressions import Day, SecondsBetween
from .periods import Period

DEAL_CLASSES = ("N", "W")
# Counts name a column of the statistics indexes (never the id, which is not in them),
# so the database answers from the index alone; Count("*") takes no filter.

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
                started=Count("*"),
                finished=Count("created_at", filter=finished),
                won=Count("created_at", filter=Q(result=HeartsGame.Result.WIN)),
                lost=Count("created_at", filter=Q(result=HeartsGame.Result.LOSS)),
                drawn=Count("created_at", filter=Q(result=HeartsGame.Result.DRAW)),
                abandoned=Count("created_at", filter=Q(result="")),
                total_seconds=Sum(seconds, filter=finished),
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
    # The average is the database's total over its count of finished games: working
    # out every game's duration once (for the sum) costs half of twice (sum and avg).
    total, finished = found.get("total_seconds") or 0, found.get("finished", 0)
    return HeartsLevelRow(
        level=level,
        started=found.get("started", 0),
        finished=found.get("finished", 0),
        won=found.get("won", 0),
        lost=found.get("lost", 0),
        drawn=found.get("drawn", 0),
        abandoned=found.get("abandoned", 0),
        total_seconds=total,
        average_seconds=round(total / finished) if finished else None,
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
            played=Count("*"),
            won=Count("started_at", filter=Q(status=HeartToHeartGame.Status.WON)),
        )
    }
    rows = [
        DealClassRow(name, found.get(name, {}).get("played", 0), found.get(name, {}).get("won", 0))
        for name in DEAL_CLASSES
    ]
    return [*rows, DealClassRow("", sum(r.played for r in rows), sum(r.won for r in rows))]


def h2h_winning_moves(period: Period) -> list[HistogramBin]:
    """How many moves the wins took, in about ten bins of a round width.

    The database counts the wins per move count (a few dozen rows); those counts are
    then added up per bin, whose width depends on the spread they show.
    """
    per_moves = dict(
        _h2h_won(period).values("moves").annotate(count=Count("*")).values_list("moves", "count")
    )
    if not per_moves:
        return []
    low, high = min(per_moves), max(per_moves)
    width = _nice_width((high - low + 1) / MOVE_BINS)
    first = low // width * width
    edges = range(first, high + width + 1, width)
    return [HistogramBin(start, end, sum(per_moves.get(m, 0) for m in range(start, end)))
            for start, end in itertools.pairwise(edges)]


def h2h_winning_times(period: Period) -> list[HistogramBin]:
    """How long the wins took from the first move, in the fixed bins of ``TIME_EDGES``.

    The database counts the wins per whole minute, every hour and more as one (at most
    61 rows); every bin edge is a whole minute, so those counts add up into the bins.
    """
    last = TIME_EDGES[-1] // 60
    minute = Least(SecondsBetween("started_at", "finished_at") / 60, Value(last))
    per_minute = dict(
        _h2h_won(period).annotate(minute=minute).values("minute").annotate(count=Count("*"))
        .values_list("minute", "count")
    )
    if not per_minute:
        return []
    edges = [*TIME_EDGES, None]
    return [
        HistogramBin(start, end, sum(count for m, count in per_minute.items()
                                     if start <= m * 60 and (end is None or m * 60 < end)))
        for start, end in itertools.pairwise(edges)
    ]


def _nice_width(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 … that is at least ``raw``."""
    magnitude = 10 ** max(0, math.floor(math.log10(max(raw, 1))))
    for factor in (*NICE_WIDTHS, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude  # pragma: no cover - the loop ends at 10


# --- Activity ----------------------------------------------------------------------------


def activity_per_day(period: Period) -> list[ActivityDay]:
    """Games started per day for each game, and the distinct players who started one.

    One pass: each game's (day, player) rows, marked Hearts or Heart to Heart, are put
    together with UNION ALL and grouped by day. The ORM cannot group a UNION, so the
    outer GROUP BY is written by hand around the ORM's own SQL and parameters.
    """
    one, zero = Value(1, output_field=IntegerField()), Value(0, output_field=IntegerField())
    hearts = (
        HeartsGame.objects.filter(created_at__gte=period.start, created_at__lt=period.end)
        .annotate(day=Day("created_at"), is_hearts=one, is_h2h=zero)
        .values("day", "player_id", "is_hearts", "is_h2h")
        .order_by()
    )
    h2h = (
        _h2h_played(period)
        .annotate(day=Day("started_at"), is_hearts=zero, is_h2h=one)
        .values("day", "player_id", "is_hearts", "is_h2h")
    )
    both = hearts.union(h2h, all=True)
    connection = connections[both.db]
    inner, params = both.query.get_compiler(connection=connection).as_sql()
    day, player, is_hearts, is_h2h = map(
        connection.ops.quote_name, ("day", "player_id", "is_hearts", "is_h2h"))
    sql = (f"SELECT {day}, SUM({is_hearts}), SUM({is_h2h}), COUNT(DISTINCT {player}) "
           f"FROM ({inner}) games GROUP BY {day}")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = {_as_date(row[0]): row[1:] for row in cursor.fetchall()}
    return [ActivityDay(day, *found.get(day, (0, 0, 0))) for day in period.days]


def _as_date(value) -> dt.date:
    """SQLite hands a day back as text outside the ORM's converters; PostgreSQL as a date."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)
