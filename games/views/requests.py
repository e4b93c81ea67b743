"""The request as the views see it, typed: django-htmx's ``request.htmx`` (the pattern of
django-htmx's own example project) and ``request.visitor`` (``games.visitors``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:  # only for the annotation: the views never touch the models themselves
    from games.visitors import Visitor


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    visitor: Visitor
