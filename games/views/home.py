from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.views.requests import HtmxHttpRequest


def home(request: HtmxHttpRequest) -> HttpResponse:
    games = [
        {
            "slug": "heart-to-heart",
            "name": _("Heart to Heart"),
            "blurb": _(
                "A solitaire of pairs laid out as a heart: remove cards two by two, "
                "same rank, until the heart is gone."
            ),
            "url": reverse("h2h:play"),
            "rules_url": reverse("h2h:rules"),
            "faces": [{"label": "A♥", "red": True}, {"label": "A♥", "red": True}],
        },
        {
            "slug": "hearts",
            "name": _("Hearts"),
            "blurb": _(
                "The classic trick-taking game against three computer players: "
                "dodge the hearts and the queen of spades."
            ),
            "url": reverse("hearts:play"),
            "rules_url": reverse("hearts:help"),
            "faces": [{"label": "Q♠", "red": False}, {"label": "2♣", "red": False}],
        },
    ]
    return render(request, "home.html", {"games": games})
