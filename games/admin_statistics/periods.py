"""The days a dashboard covers: whole days in the site's time zone, both ends included."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone


@dataclass(frozen=True)
class Period:
    first_day: dt.date
    last_day: dt.date

    @classmethod
    def last_days(cls, count: int, today: dt.date | None = None) -> Period:
        """The last ``count`` days, today included."""
        today = today or timezone.localdate()
        return cls(today - dt.timedelta(days=count - 1), today)

    @property
    def days(self) -> list[dt.date]:
        span = (self.last_day - self.first_day).days
        return [self.first_day + dt.timedelta(days=n) for n in range(span + 1)]

    @property
    def start(self) -> dt.datetime:
        """The first instant inside the period (aware, in the current time zone)."""
        return _midnight(self.first_day)

    @property
    def end(self) -> dt.datetime:
        """The first instant after the period."""
        return _midnight(self.last_day + dt.timedelta(days=1))


def _midnight(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))
