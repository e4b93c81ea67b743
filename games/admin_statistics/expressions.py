"""Two SQL expressions the dashboard needs on SQLite and PostgreSQL alike, kept fast on both."""

from __future__ import annotations

from django.db.models import Func, IntegerField
from django.db.models.functions import TruncDate


class Day(TruncDate):
    """``TruncDate`` that stays in C on SQLite when the site's time zone is UTC.

    Django's SQLite ``TruncDate`` calls a Python function for every row (about a
    microsecond each, a good share of the dashboard's time on 100,000 games). SQLite
    keeps datetimes as UTC text, so in UTC its own ``date()`` gives the same day. In any
    other zone the day boundary moves, and the parent's exact conversion is used.
    """

    def as_sqlite(self, compiler, connection, **extra_context):
        if self.get_tzname() not in {"UTC", "Etc/UTC"}:
            return super().as_sqlite(compiler, connection, **extra_context)
        sql, params = compiler.compile(self.lhs)
        return f"date({sql})", params


class SecondsBetween(Func):
    """Whole seconds from ``start`` to ``end`` (NULL while either is NULL), cut like ``int()``."""

    output_field = IntegerField()
    arity = 2
    template = "FLOOR(EXTRACT(EPOCH FROM (%(expressions)s)))::integer"
    arg_joiner = " - "

    def __init__(self, start, end, **extra):
        # Written end first: the template subtracts the second expression from the first.
        super().__init__(end, start, **extra)

    def as_sqlite(self, compiler, connection, **extra_context):
        # julianday() is a double of days; rounding to the millisecond first keeps
        # 4 min 12 s from becoming 251.9999 s, then integer division cuts like int().
        end, start = (compiler.compile(expression) for expression in self.source_expressions)
        days = f"(julianday({end[0]}) - julianday({start[0]}))"
        sql = f"(CAST(ROUND({days} * 86400000) AS INTEGER) / 1000)"
        return sql, (*end[1], *start[1])
