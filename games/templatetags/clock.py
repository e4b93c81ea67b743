"""The ``clock`` and ``duration`` filters (the formatting itself: ``games.views.figures``)."""

from django import template

from games.views import figures

register = template.Library()
register.filter("clock", figures.clock)
register.filter("duration", figures.duration)
