"""The rules pages. Their long text is written once per language (the French and
Norwegian Heart to Heart rules are the words of docs/sources/), so each language has its own
body template rather than dozens of paragraph-sized messages in the catalogues."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games.views.requests import HtmxHttpRequest

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def body_template(folder: str) -> str:
    """The body written in the page's language (English when there is none)."""
    language = (get_language() or "en").split("-")[0]
    return f"{folder}/{language if language in LANGUAGES else 'en'}.html"


@require_safe
def heart_to_heart_rules(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "games/heart_to_heart/rules.html",
                  {"body": body_template("games/heart_to_heart/rules")})


@require_safe
def hearts_help(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "games/hearts/help.html",
                  {"body": body_template("games/hearts/help")})
