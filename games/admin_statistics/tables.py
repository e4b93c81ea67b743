"""The dashboard's tables, each built once and shown twice: on the page and as a CSV file.

A cell keeps its raw value and its kind; the page formats it for people (durations,
percentages, dates in the active language) and the CSV keeps numbers a spreadsheet
can add up (seconds, percent with one decimal, ISO dates).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.models import Player

from .queries import (
    ActivityDay,
    DealClassRow,
    HeartsLevelRow,
    HistogramBin,
    Period,
    activity_per_day,
    h2h_by_deal_class,
    h2h_winning_moves,
    h2h_winning_times,
    hearts_by_level,
)

TEXT, DATE, COUNT, SHARE, DURATION = "text", "date", "count", "share", "duration"


@dataclass(frozen=True)
class Column:
    key: str
    label: str | Promise
    kind: str = COUNT


@dataclass(frozen=True)
class Cell:
    key: str
    kind: str
    value: object


@dataclass(frozen=True)
class Row:
    name: str  # the row's hook (data-row): a level, a deal class, a bin's start, a date
    cells: list[Cell]
    total: bool = False


@dataclass(frozen=True)
class Table:
    slug: str
    caption: str | Promise
    columns: list[Column]
    rows: list[Row]


def _row(name: str, columns: list[Column], values: dict, *, total: bool = False) -> Row:
    return Row(name, [Cell(c.key, c.kind, values[c.key]) for c in columns], total)


# --- Hearts ----------------------------------------------------------------------------

HEARTS_COLUMNS = [
    Column("level", _("Level"), TEXT),
    Column("started", _("Started")),
    Column("finished", _("Finished")),
    Column("won", _("Won")),
    Column("lost", _("Lost")),
    Column("drawn", _("Drawn")),
    Column("abandoned", _("Abandoned")),
    Column("win_share", _("Win share of finished games"), SHARE),
    Column("average_seconds", _("Average playing time"), DURATION),
    Column("total_seconds", _("Total playing time"), DURATION),
]


def level_label(level: str) -> str | Promise:
    if not level:
        return _("All levels")
    return dict(Player.HeartsLevel.choices).get(level, level)


def hearts_table(rows: list[HeartsLevelRow]) -> Table:
    body = [
        _row(row.level or "all", HEARTS_COLUMNS,
             {**vars(row), "level": level_label(row.level), "win_share": row.win_share},
             total=not row.level)
        for row in rows
    ]
    return Table("hearts-levels", _("Hearts games per level"), HEARTS_COLUMNS, body)


# --- Heart to Heart ----------------------------------------------------------------------

DEAL_CLASS_COLUMNS = [
    Column("deal_class", _("Deals"), TEXT),
    Column("played", _("Played")),
    Column("won", _("Won")),
    Column("win_share", _("Win share"), SHARE),
]
DEAL_CLASS_LABELS = {
    "N": _("Any deal (N)"),
    "W": _("Winnable deals only (W)"),
    "": _("All deals"),
}


def deal_class_table(rows: list[DealClassRow]) -> Table:
    body = [
        _row(row.deal_class or "all", DEAL_CLASS_COLUMNS,
             {**vars(row), "deal_class": DEAL_CLASS_LABELS[row.deal_class],
              "win_share": row.win_share},
             total=not row.deal_class)
        for row in rows
    ]
    return Table("h2h-deal-classes", _("Heart to Heart games played, by deal class"),
                 DEAL_CLASS_COLUMNS, body)


def _histogram_table(slug, caption, kind, bins: list[HistogramBin]) -> Table:
    columns = [
        Column("low", _("From"), kind),
        Column("high", _("Below"), kind),
        Column("count", _("Wins")),
    ]
    body = [_row(str(b.low), columns, vars(b)) for b in bins]
    return Table(slug, caption, columns, body)


def moves_table(bins: list[HistogramBin]) -> Table:
    return _histogram_table("h2h-winning-moves", _("Heart to Heart wins by number of moves"),
                            COUNT, bins)


def times_table(bins: list[HistogramBin]) -> Table:
    return _histogram_table("h2h-winning-times",
                            _("Heart to Heart wins by time from the first move"), DURATION, bins)


# --- Activity ----------------------------------------------------------------------------

ACTIVITY_COLUMNS = [
    Column("day", _("Day"), DATE),
    Column("hearts", _("Hearts games started")),
    Column("h2h", _("Heart to Heart games started")),
    Column("players", _("Active players")),
]


def activity_table(days: list[ActivityDay]) -> Table:
    body = [_row(day.day.isoformat(), ACTIVITY_COLUMNS, vars(day)) for day in days]
    return Table("activity", _("Games started and active players per day"),
                 ACTIVITY_COLUMNS, body)


# --- Every table, by the slug its CSV is named after ----------------------------------------

# Each builds its table from the period's figures alone, so one CSV costs one section's queries.
TABLES: dict[str, Callable[[Period], Table]] = {
    "hearts-levels": lambda period: hearts_table(hearts_by_level(period)),
    "h2h-deal-classes": lambda period: deal_class_table(h2h_by_deal_class(period)),
    "h2h-winning-moves": lambda period: moves_table(h2h_winning_moves(period)),
    "h2h-winning-times": lambda period: times_table(h2h_winning_times(period)),
    "activity": lambda period: activity_table(activity_per_day(period)),
}
