"""One dashboard table as a CSV download, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import datetime as dt

from django.http import HttpResponse

from .periods import Period
from .tables import DATE, DURATION, SHARE, Table

# A cell starting with one of these is a formula to a spreadsheet (CSV injection):
# such a cell gets a leading apostrophe, which the spreadsheet shows as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
UNITS = {DURATION: " (s)", SHARE: " (%)"}


def csv_value(kind: str, value) -> str | int:
    if value is None:
        return ""
    if kind == SHARE:
        return f"{value * 100:.1f}"
    if kind == DURATION:
        return int(value)
    if kind == DATE and isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, int):
        return value
    return defused(str(value))


def defused(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_response(table: Table, period: Period) -> HttpResponse:
    filename = (f"cardsite-{table.slug}-{period.first_day.isoformat()}"
                f"-{period.last_day.isoformat()}.csv")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response.write("\ufeff")  # the byte-order mark that makes Excel read UTF-8
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow([defused(str(c.label)) + UNITS.get(c.kind, "") for c in table.columns])
    for row in table.rows:
        writer.writerow([csv_value(cell.kind, cell.value) for cell in row.cells])
    return response
