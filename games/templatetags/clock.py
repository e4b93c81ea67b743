"""The ``clock`` and ``duration`` filters (the formatting itself: ``games.formatting``)."""

from django import template

from games import formatting

register = template.Library()
register.filter("clock", formatting.clock)
register.filter("duration", formatting.duration)
