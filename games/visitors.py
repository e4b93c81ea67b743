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

A player who keeps their progress on other devices (docs/passkeys.md) is named another
way: the cookie holds this browser's own random key (``DEVICE_PREFIX`` and the key), and
the ``Device`` row with its digest names the player, so that signing out revokes exactly
this browser and a new key is given at every sign-in (the cookie is rotated). The one
query that finds the player finds the device too (a join): a page costs what it costs any
player. A plain id no longer names a player who has been signed in on any browser.

**One door each way.** ``sign_in(request, player_id)`` and ``sign_out(request)`` are to
this visitor what contrib.auth's ``login`` and ``logout`` are to ``request.user``: the
service's work (``games.services.keeping``), the browser's key rotated, and the player's
look carried (docs/passkeys.md#look); the middleware then writes both cookies, the
player's and the look's. No view sets either cookie for a sign-in or a sign-out.
"""

from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from . import look as looks
from .models import Player, device_digest
from .services import Outcome, keeping

COOKIE_NAME = "player"
SALT = "cardsite.visitors.player"
SESSION_KEY = "player_id"  # where a session remembered the player before the cookie
DEVICE_PREFIX = "k"  # the cookie of a signed-in browser: "k" and the device's key


class Visitor:
    def __init__(self, request: HttpRequest) -> None:
        self._request = request
        self.remember: int | None = None  # a player id the answer must set in the cookie
        self.remember_key: str | None = None  # or a device key (a browser just signed in)
        self.forget = False  # the answer deletes the cookie (signed out, forgotten)
        self.was_read = False  # the answer depends on the visitor's cookies
        self.device_key: str | None = None  # this browser's key, when it is signed in
        # The look cookie: set to the signed-in player's look, or deleted (signed out).
        self.look: looks.Look | None = None
        self.forget_look = False

    @cached_property
    def player_id(self) -> int | None:
        """The remembered player's id: from the cookie alone (no query) for a plain id; a
        signed-in browser's key is looked up with its player (the one query ``player``
        would make anyway)."""
        self.was_read = True
        value = self._request.get_signed_cookie(
            COOKIE_NAME, default=None, salt=SALT, max_age=settings.PLAYER_COOKIE_AGE
        )
        if value is None:
            return self._from_session()
        if value.startswith(DEVICE_PREFIX):
            self.device_key = value[len(DEVICE_PREFIX):]
            player = Player.objects.filter(
                devices__key_digest=device_digest(self.device_key)
            ).first()
            self.__dict__["player"] = player
            return player.pk if player is not None else None
        return int(value) if value.isascii() and value.isdecimal() else None

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
        if "player" in self.__dict__:  # found with this browser's key
            return self.__dict__["player"]
        if player_id is None:
            return None
        # A plain id names only a player nobody has signed in: once a browser has signed
        # in as a player (``kept_since``), only a device's key names them.
        return Player.objects.filter(pk=player_id, kept_since__isnull=True).first()

    @property
    def player_pk(self) -> int | None:
        """The id of the player this visitor is, once looked up: None as well for a plain
        id that names nobody any more, or a kept player (whom only a device key names).
        What a sign-in may join or a passkey may be made for; never ``player_id``."""
        return self.player.pk if self.player is not None else None

    @property
    def signed_in(self) -> bool:
        """This browser holds a key of its own for its player."""
        return self.device_key is not None and self.player is not None

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

    def take_key(self, signed: keeping.SignedIn) -> None:
        """This browser is now the player's, under a new key (the old cookie is replaced),
        and draws the pages in the player's saved look from the next first paint."""
        self.player, self.player_id = signed.player, signed.player.pk
        self.device_key, self.remember_key, self.remember, self.forget = (
            signed.key, signed.key, None, False)
        self.look, self.forget_look = signed.look, False

    def drop_key(self) -> None:
        """This browser is a stranger again: the answer deletes the cookie, and the look's
        (anyone at the device would see the player's choice otherwise; a stranger's pages
        follow the device's own settings)."""
        self.player, self.player_id = None, None
        self.device_key = self.remember_key = self.remember = None
        self.forget = True
        self.look, self.forget_look = None, True

    def sign(self, response: HttpResponse) -> None:
        """Set the cookies on the answer when the player (or their look) is new to it, or
        delete them."""
        if self.look is not None:
            looks.remember(response, self.look)
        elif self.forget_look:
            looks.forget(response)
        if self.forget:
            response.delete_cookie(
                COOKIE_NAME, path=settings.SESSION_COOKIE_PATH,
                domain=settings.SESSION_COOKIE_DOMAIN, samesite=settings.SESSION_COOKIE_SAMESITE,
            )
            return
        if self.remember_key is not None:
            value = DEVICE_PREFIX + self.remember_key
        elif self.remember is not None:
            value = str(self.remember)
        else:
            return
        response.set_signed_cookie(
            COOKIE_NAME, value, salt=SALT,
            max_age=settings.PLAYER_COOKIE_AGE,
            path=settings.SESSION_COOKIE_PATH,
            domain=settings.SESSION_COOKIE_DOMAIN,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite=settings.SESSION_COOKIE_SAMESITE,
        )


def sign_in(request: HttpRequest, player_id: int, **choice) -> Outcome:
    """Sign this browser in as player ``player_id``, as contrib.auth's ``login``: its own
    player joined in, its key rotated, the player's look carried (``keeping.sign_in``,
    whose ``Outcome`` this is; ``choice`` is its ``keep`` and ``seen``). Nothing changes
    when the outcome has a problem."""
    visitor = request.visitor
    outcome = keeping.sign_in(
        player_id=player_id, device_player_id=visitor.player_pk, old_key=visitor.device_key,
        **choice,
    )
    if outcome.problem is None:
        visitor.take_key(outcome.value)
    return outcome


def sign_out(request: HttpRequest) -> None:
    """This browser becomes a stranger, as contrib.auth's ``logout``: its key revoked
    (the player and their other browsers stay), both cookies deleted."""
    visitor = request.visitor
    keeping.sign_out(key=visitor.device_key)
    visitor.drop_key()


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
