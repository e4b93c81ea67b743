"""How a dashboard cell reads on the page; the CSV keeps the raw value (see csv_export)."""

from django import template
from django.utils import formats

from games.formatting import duration, percent

register = template.Library()


register.filter("percent", percent)


@register.filter
def cell_text(cell) -> str:
    """A table cell (games.admin_statistics.tables.Cell) as people read it."""
    value = cell.value
    if cell.kind == "duration":
        return duration(value)
    if cell.kind == "share":
        return percent(value)
    if cell.kind == "date":
        return formats.date_format(value, "D j M Y")
    if cell.kind == "count":
        return "—" if value is None else formats.number_format(value, force_grouping=True)
    return str(value)
