"""The geometry of the dashboard's SVG charts, worked out here so the template only draws.

Every chart is one ``Chart``: grid lines with their labels, bars, lines, axis labels
and a legend, in the coordinates of a ``WIDTH`` x ``height`` view box. Colours are not
chosen here: each mark carries a series name, and the stylesheet maps it to one of
the admin's own colour variables, so a chart follows the light and dark themes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.formatting import duration, percent

from .queries import ActivityDay, HeartsLevelRow, HistogramBin

WIDTH = 720
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 36, 44  # margins around the plot
HEIGHT = 260
X_LABELS = 8  # at most this many dates under a chart of days


@dataclass(frozen=True)
class GridLine:
    x1: float
    y1: float
    x2: float
    y2: float
    label: str
    label_x: float
    label_y: float
    anchor: str


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    series: str
    title: str  # the bar's own tooltip: what it counts and how many


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    anchor: str = "middle"


@dataclass(frozen=True)
class Line:
    series: str
    points: str
    label: str
    markers: list[tuple[float, float, str]] = field(default_factory=list)


@dataclass(frozen=True)
class LegendItem:
    x: float
    series: str
    label: str
    line: bool


@dataclass(frozen=True)
class Chart:
    slug: str  # ids: chart-<slug>-title, chart-<slug>-desc
    title: str
    description: str
    height: int
    grid: list[GridLine]
    bars: list[Bar] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    labels: list[Text] = field(default_factory=list)
    legend: list[LegendItem] = field(default_factory=list)
    width: int = WIDTH


def nice_ticks(highest: float, count: int = 4) -> list[int]:
    """Round tick values from 0 to at least ``highest``: 0, 5, 10, 15 or 0, 200, 400 …"""
    if highest <= 0:
        return [0, 1]
    raw = highest / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(f * magnitude for f in (1, 2, 5, 10) if f * magnitude >= raw)
    top = math.ceil(highest / step) * step
    return list(range(0, top + 1, step))


def _legend(items: list[tuple[str, str, bool]]) -> list[LegendItem]:
    """Legend entries side by side along the top, spaced by the length of their labels."""
    placed, x = [], LEFT
    for series, label, line in items:
        placed.append(LegendItem(x, series, label, line))
        x += 28 + 7 * len(label)
    return placed


def _y_grid(ticks: list[int], top: float, bottom: float) -> tuple[list[GridLine], float]:
    """Horizontal grid lines with their values on the left; returns them and the scale."""
    scale = (bottom - top) / ticks[-1]
    grid = [
        GridLine(LEFT, bottom - t * scale, WIDTH - RIGHT, bottom - t * scale,
                 formats.number_format(t), LEFT - 6, bottom - t * scale + 4, "end")
        for t in ticks
    ]
    return grid, scale


# --- Hearts: one stacked bar per level -----------------------------------------------------

OUTCOMES = ("won", "lost", "drawn", "abandoned")  # each is also its bars' series name


def hearts_levels_chart(rows: list[HeartsLevelRow], labels: dict[str, str | Promise]) -> Chart:
    """Per level, one bar as long as the games started, split into its outcomes."""
    levels = [row for row in rows if row.level]
    names = {"won": _("won"), "lost": _("lost"), "drawn": _("drawn"),
             "abandoned": _("abandoned")}
    label_width, bar, gap = 96, 26, 18
    left, right = LEFT + label_width - 40, WIDTH - 170
    top = TOP + 6
    height = top + len(levels) * (bar + gap) + BOTTOM - gap + 8
    bottom = top + len(levels) * (bar + gap) - gap
    ticks = nice_ticks(max((row.started for row in levels), default=0))
    scale = (right - left) / ticks[-1]
    grid = [
        GridLine(left + t * scale, top - 4, left + t * scale, bottom + 4,
                 formats.number_format(t), left + t * scale, bottom + 20, "middle")
        for t in ticks
    ]
    bars, texts = [], []
    for index, row in enumerate(levels):
        y = top + index * (bar + gap)
        x = left
        label = str(labels[row.level])
        texts.append(Text(left - 8, y + bar / 2 + 4, label, "end"))
        for key in OUTCOMES:
            count = getattr(row, key)
            if count:
                bars.append(Bar(round(x, 1), y, round(count * scale, 1), bar, key,
                                f"{label}: {count} {names[key]}"))
                x += count * scale
        share = percent(row.win_share)
        texts.append(Text(right + 10, y + bar / 2 + 4,
                          _("%(started)s started · %(share)s won") % {
                              "started": formats.number_format(row.started), "share": share},
                          "start"))
    texts.append(Text((left + right) / 2, height - 6, _("Games started"), "middle"))
    return Chart(
        slug="hearts-levels",
        title=_("Hearts: outcomes of the games started, per level"),
        description=_("One bar per level, as long as the games started and split into won, "
                      "lost, drawn and abandoned games; the share won is of finished games. "
                      "The table below gives the same figures."),
        height=round(height),
        grid=grid,
        bars=bars,
        labels=texts,
        legend=_legend([(key, names[key], False) for key in OUTCOMES]),
    )


# --- Heart to Heart: two histograms --------------------------------------------------------


def _histogram_chart(slug, title, description, axis_title, bins: list[HistogramBin],
                     bin_label, bin_range) -> Chart:
    """Bars over ``bin_label`` (short, on the axis); ``bin_range`` names a bar's whole bin."""
    bottom = HEIGHT - BOTTOM
    ticks = nice_ticks(max((b.count for b in bins), default=0))
    grid, scale = _y_grid(ticks, TOP, bottom)
    slot = (WIDTH - RIGHT - LEFT) / max(1, len(bins))
    bars, texts = [], []
    for index, b in enumerate(bins):
        x = LEFT + index * slot
        label = bin_label(b)
        if b.count:
            bars.append(Bar(round(x + slot * 0.1, 1), round(bottom - b.count * scale, 1),
                            round(slot * 0.8, 1), round(b.count * scale, 1), "wins",
                            ngettext("%(bin)s: %(count)s win", "%(bin)s: %(count)s wins",
                                     b.count) % {"bin": bin_range(b), "count": b.count}))
        texts.append(Text(round(x + slot / 2, 1), bottom + 16, label))
    texts.append(Text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 6, axis_title))
    return Chart(slug, title, description, HEIGHT, grid, bars=bars, labels=texts)


def moves_chart(bins: list[HistogramBin]) -> Chart:
    return _histogram_chart(
        "h2h-winning-moves",
        _("Heart to Heart: moves per win"),
        _("A histogram: how many wins took each number of moves. "
          "The table below gives the same figures."),
        _("Moves (each bar from its number up)"),
        bins,
        lambda b: str(b.low),
        lambda b: (ngettext("%(low)s move", "%(low)s moves", b.low) % {"low": b.low}
                   if b.high == b.low + 1 else
                   _("%(low)s to %(last)s moves") % {"low": b.low, "last": b.high - 1}),
    )


def times_chart(bins: list[HistogramBin]) -> Chart:
    return _histogram_chart(
        "h2h-winning-times",
        _("Heart to Heart: time per win"),
        _("A histogram: how many wins took each stretch of time from the first move. "
          "The table below gives the same figures."),
        _("Minutes from the first move (each bar from its minute up)"),
        bins,
        # Every edge is a whole minute: the axis counts minutes, the table gives durations.
        lambda b: str(b.low // 60) if b.high is not None else f"≥ {b.low // 60}",
        lambda b: (_("%(low)s or more") % {"low": duration(b.low)} if b.high is None else
                   _("%(low)s to %(high)s") % {"low": duration(b.low), "high": duration(b.high)}),
    )


# --- Activity: games per day (two lines), players per day (bars) ----------------------------


def _day_labels(days: list, x_of) -> list[Text]:
    every = max(1, math.ceil(len(days) / X_LABELS))
    return [
        Text(round(x_of(i), 1), HEIGHT - BOTTOM + 16, formats.date_format(day, "j M"))
        for i, day in enumerate(days) if i % every == 0
    ]


def games_per_day_chart(days: list[ActivityDay]) -> Chart:
    bottom = HEIGHT - BOTTOM
    ticks = nice_ticks(max((max(d.hearts, d.h2h) for d in days), default=0))
    grid, scale = _y_grid(ticks, TOP, bottom)
    step = (WIDTH - RIGHT - LEFT - 12) / max(1, len(days) - 1)

    def x_of(index: int) -> float:
        return LEFT + 6 + index * step

    lines = []
    for series, label, key in (("hearts", _("Hearts"), "hearts"),
                                ("h2h", _("Heart to Heart"), "h2h")):
        points = [(round(x_of(i), 1), round(bottom - getattr(d, key) * scale, 1))
                  for i, d in enumerate(days)]
        # Dots only while there is room for them; the table has every figure anyway.
        markers = [
            (x, y, f"{formats.date_format(d.day, 'j M')}: {getattr(d, key)}")
            for (x, y), d in zip(points, days, strict=True)
        ] if len(days) <= 31 else []
        lines.append(Line(series, " ".join(f"{x},{y}" for x, y in points), label, markers))
    return Chart(
        slug="activity-games",
        title=_("Games started per day"),
        description=_("Two lines, Hearts and Heart to Heart: the games started each day of "
                      "the period. The table below gives the same figures."),
        height=HEIGHT,
        grid=grid,
        lines=lines,
        labels=_day_labels([d.day for d in days], x_of),
        legend=_legend([("hearts", _("Hearts"), True), ("h2h", _("Heart to Heart"), True)]),
    )


def players_per_day_chart(days: list[ActivityDay]) -> Chart:
    bottom = HEIGHT - BOTTOM
    ticks = nice_ticks(max((d.players for d in days), default=0))
    grid, scale = _y_grid(ticks, TOP, bottom)
    slot = (WIDTH - RIGHT - LEFT) / max(1, len(days))
    bars = [
        Bar(round(LEFT + i * slot + slot * 0.15, 1), round(bottom - d.players * scale, 1),
            round(slot * 0.7, 1), round(d.players * scale, 1), "players",
            f"{formats.date_format(d.day, 'j M')}: {d.players}")
        for i, d in enumerate(days) if d.players
    ]
    return Chart(
        slug="activity-players",
        title=_("Distinct players active per day"),
        description=_("One bar per day: the players who started a game of either kind that "
                      "day, each counted once. The table below gives the same figures."),
        height=HEIGHT,
        grid=grid,
        bars=bars,
        labels=_day_labels([d.day for d in days], lambda i: LEFT + (i + 0.5) * slot),
    )
