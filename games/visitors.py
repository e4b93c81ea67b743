"""The visitor: whoever sent this request. No sign-up; a signed cookie remembers a ``Player``.

``VisitorMiddleware`` gives every request a ``request.visitor`` (the way Django's
auth gives ``request.user``). Reading it never writes: ``player`` is looked up on
first use and is ``None`` for someone the site has not met, so crawlers and one-off
page views leave no rows. Only an action that needs an owner calls ``ensure_player``.

Why a cookie of its own rather than the session: a player's identity is one number that
never changes, and a database session cost a query on every request to read it (an app
server's CPU and a round trip to the database), where checking the cookie's signature
costs a small fraction of that (docs/performance.md#in-the-code). The cookie is signed
with SECRET_KEY under a salt of its own, so nobody can name another player, and is sent as
the session cookie is (HttpOnly, SameSite, Secure in production). Sessions are left to
the admin's logins. A visitor the session remembered before the cookie existed is still
recognised: the session's player id is read and moved into the cookie by the next answer.
"""

from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from .models import Player

COOKIE_NAME = "player"
SALT = "cardsite.visitors.player"
SESSION_KEY = "player_id"  # where a session remembered the player before the cookie


class Visitor:
    def __init__(self, request: HttpRequest) -> None:
        self._request = request
        self.remember: int | None = None  # a player id the answer must set in the cookie
        self.was_read = False  # the answer depends on the visitor's cookies

    @cached_property
    def player_id(self) -> int | None:
        """The remembered player's id, from the cookie alone (no query)."""
        self.was_read = True
        value = self._request.get_signed_cookie(
            COOKIE_NAME, default=None, salt=SALT, max_age=settings.PLAYER_COOKIE_AGE
        )
        if value is not None:
            return int(value) if value.isascii() and value.isdecimal() else None
        return self._from_session()

    def _from_session(self) -> int | None:
        """A player remembered by the session before the cookie (costs a query, once)."""
        if settings.SESSION_COOKIE_NAME not in self._request.COOKIES:
            return None  # never touch the session store for a visitor without one
        value = self._request.session.get(SESSION_KEY)
        if type(value) is not int:
            return None
        self.remember = value
        return value

    @cached_property
    def player(self) -> Player | None:
        player_id = self.player_id
        if player_id is None:
            return None
        return Player.objects.filter(pk=player_id).first()

    def ensure_player(self) -> Player:
        """The visitor's player, created (and remembered by the cookie) when there is none."""
        if self.player is not None:
            return self.player
        player = Player.objects.create()
        self.adopt(player)
        return player

    def adopt(self, player: Player) -> None:
        """Remember ``player`` as this visitor's: a service that acted for a visitor the
        site had not met created it (the first tap of a deal). Its own player, or a player
        not saved, changes nothing."""
        if player.pk is None or player.pk == self.player_id:
            return
        self.player = player  # replaces the cached lookups
        self.player_id = self.remember = player.pk

    def sign(self, response: HttpResponse) -> None:
        """Set the cookie on the answer when the player is new to it."""
        if self.remember is None:
            return
        response.set_signed_cookie(
            COOKIE_NAME, str(self.remember), salt=SALT,
            max_age=settings.PLAYER_COOKIE_AGE,
            path=settings.SESSION_COOKIE_PATH,
            domain=settings.SESSION_COOKIE_DOMAIN,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite=settings.SESSION_COOKIE_SAMESITE,
        )


class VisitorMiddleware:
    """Attach ``request.visitor``, and remember a new player in the answer's cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        visitor = request.visitor = Visitor(request)
        response = self.get_response(request)
        visitor.sign(response)
        if visitor.was_read:
            # As SessionMiddleware does: a cache must not give one visitor's page to another.
            patch_vary_headers(response, ("Cookie",))
        return response
