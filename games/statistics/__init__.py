"""Read-only figures for the admin's statistics dashboard, every one aggregated in the database.

A layer beside ``games.services``: it reads the models and never writes, so it may not
import the services (which lock and save) and the services never need it. The admin's
views turn its rows into tables, charts and CSV files (``games.views.admin_statistics``).
"""

from .periods import Period
from .queries import (
    ActivityDay,
    DealClassRow,
    HeartsLevelRow,
    HistogramBin,
    activity_per_day,
    h2h_by_deal_class,
    h2h_winning_moves,
    h2h_winning_times,
    hearts_by_level,
)

__all__ = [
    "ActivityDay",
    "DealClassRow",
    "HeartsLevelRow",
    "HistogramBin",
    "Period",
    "activity_per_day",
    "h2h_by_deal_class",
    "h2h_winning_moves",
    "h2h_winning_times",
    "hearts_by_level",
]
