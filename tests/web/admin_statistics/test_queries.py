"""games.admin_statistics.queries and the chart geometry, below the page: the SQL
expressions on each database, days in another time zone, and bars drawn in proportion to
their figures."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from games.admin_statistics.charts import hearts_levels_chart, nice_ticks
from games.admin_statistics.queries import HeartsLevelRow, Period, activity_per_day, hearts_by_level
from games.models import HeartsGame, Player

pytestmark = pytest.mark.django_db


def hearts_game_at(created: dt.datetime, seconds: float | None = None) -> None:
    game = HeartsGame.objects.create(player=Player.objects.create(), level="easy", state={},
                                     result="win" if seconds is not None else "")
    finished = created + dt.timedelta(seconds=seconds) if seconds is not None else None
    HeartsGame.objects.filter(pk=game.pk).update(created_at=created, finished_at=finished)


def test_playing_time_is_cut_to_whole_seconds_like_the_players_statistics():
    created = timezone.now().replace(microsecond=250_000)
    hearts_game_at(created, 252.9)  # the model's duration_seconds says 252
    hearts_game_at(created, 0.5)
    easy = hearts_by_level(Period.last_days(1))[0]
    assert (easy.finished, easy.total_seconds) == (2, 252)
    model = sorted(game.duration_seconds for game in HeartsGame.objects.all())
    assert model == [0, 252]  # the same cut as the model's own duration


def test_days_follow_the_active_time_zone():
    """23:30 UTC is already the next day in Oslo: Day() then uses the exact conversion."""
    late = dt.datetime(2026, 6, 1, 23, 30, tzinfo=dt.UTC)
    hearts_game_at(late)
    period = Period(dt.date(2026, 6, 1), dt.date(2026, 6, 2))
    assert [d.hearts for d in activity_per_day(period)] == [1, 0]
    with timezone.override("Europe/Oslo"):
        assert [d.hearts for d in activity_per_day(period)] == [0, 1]


def test_a_period_is_whole_days_both_ends_included():
    period = Period.last_days(7, today=dt.date(2026, 3, 10))
    assert (period.first_day, period.last_day, len(period.days)) == (
        dt.date(2026, 3, 4), dt.date(2026, 3, 10), 7)
    assert period.end - period.start == dt.timedelta(days=7)


@pytest.mark.parametrize(
    ("highest", "ticks"),
    [(0, [0, 1]), (1, [0, 1]), (3, [0, 1, 2, 3]), (7, [0, 2, 4, 6, 8]),
     (120, [0, 50, 100, 150]), (2000, [0, 500, 1000, 1500, 2000])],
)
def test_axis_ticks_are_round_numbers_reaching_the_highest_figure(highest, ticks):
    assert nice_ticks(highest) == ticks


def test_hearts_bars_are_as_long_as_their_figures():
    rows = [
        HeartsLevelRow("easy", 4, 3, 2, 1, 0, 1, 0, None),
        HeartsLevelRow("hard", 2, 2, 0, 1, 1, 0, 0, None),
        HeartsLevelRow("", 6, 5, 2, 2, 1, 1, 0, None),
    ]
    chart = hearts_levels_chart(rows, {"easy": "Easy", "hard": "Hard"})
    widths = {bar.title: bar.width for bar in chart.bars}
    unit = widths["Easy: 2 won"] / 2
    assert widths == {"Easy: 2 won": 2 * unit, "Easy: 1 lost": unit, "Easy: 1 abandoned": unit,
                      "Hard: 1 lost": unit, "Hard: 1 drawn": unit}
    # Segments follow each other with no gap: won, then lost, then the rest.
    easy = [bar for bar in chart.bars if bar.title.startswith("Easy")]
    assert [round(b.x + b.width, 1) for b in easy[:-1]] == [b.x for b in easy[1:]]
