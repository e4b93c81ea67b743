"""The visitor: whoever sent this request. No sign-up; the session remembers a ``Player``.

``VisitorMiddleware`` gives every request a ``request.visitor`` (the way Django's
auth gives ``request.user``). Reading it never writes: ``player`` is looked up on
first use and is ``None`` for someone the site has not met, so crawlers and one-off
page views leave no rows. Only an action that needs an owner calls ``ensure_player``.
"""

from __future__ import annotations

from functools import cached_property

from django.http import HttpRequest

from .models import Player

SESSION_KEY = "player_id"


class Visitor:
    def __init__(self, request: HttpRequest) -> None:
        self._request = request

    @property
    def player_id(self) -> int | None:
        """The remembered player's id, from the session alone (no query)."""
        value = self._request.session.get(SESSION_KEY)
        return value if type(value) is int else None

    @cached_property
    def player(self) -> Player | None:
        player_id = self.player_id
        if player_id is None:
            return None
        return Player.objects.filter(pk=player_id).first()

    def ensure_player(self) -> Player:
        """The visitor's player, created (and remembered by the session) when there is none."""
        if self.player is not None:
            return self.player
        player = Player.objects.create()
        # A fresh session key on identity change guards against session fixation.
        self._request.session.cycle_key()
        self._request.session[SESSION_KEY] = player.pk
        self.player = player  # replaces the cached lookup
        return player


class VisitorMiddleware:
    """Attach ``request.visitor``; place it after the session middleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        request.visitor = Visitor(request)
        return self.get_response(request)
