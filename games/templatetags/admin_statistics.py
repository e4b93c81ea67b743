"""How a dashboard cell reads on the page; the CSV keeps the raw value (see csv_export)."""

from django import template
from django.utils import formats
from django.utils.translation import gettext

from .clock import duration

register = template.Library()


@register.filter
def percent(share) -> str:
    """0.6667 -> "67%" ("67 %" in French); None -> "—"."""
    if share is None:
        return "—"
    return gettext("%(percent)s%%") % {"percent": formats.number_format(round(share * 100))}


@register.filter
def cell_text(cell) -> str:
    """A table cell (games.views.admin_statistics.tables.Cell) as people read it."""
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
