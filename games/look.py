"""Cards and table: how the pages look for a visitor (docs/rules.md#look).

The choice is saved on the player, as the other settings are, and mirrored in a small
cookie so that every page is drawn in it from the first paint without a database query
(a page that does not otherwise need the player never loads it). The cookie holds only
the four choices, each checked against the model's; anything else reads as the defaults.
A visitor who has not chosen follows their device (``table="system"``: the stylesheet's
``prefers-color-scheme``, ``prefers-contrast`` and ``forced-colors`` queries).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .models import Player

COOKIE_NAME = "look"
SEPARATOR = "."


@dataclass(frozen=True, slots=True)
class Look:
    table: str = Player.Table.SYSTEM
    print: str = Player.Print.STANDARD
    colours: str = Player.Colours.TWO
    back: str = Player.Back.RED

    @property
    def deck(self) -> str:
        """The card faces' stylesheet: one cached SVG set per deck
        (games/drawing/card_faces.py)."""
        large = self.print == Player.Print.LARGE
        four = self.colours == Player.Colours.FOUR
        return {(False, False): "standard", (True, False): "large",
                (False, True): "four", (True, True): "large-four"}[(large, four)]

    def cookie_value(self) -> str:
        return SEPARATOR.join(getattr(self, field.name) for field in fields(self))


CHOICES = {
    "table": set(Player.Table.values),
    "print": set(Player.Print.values),
    "colours": set(Player.Colours.values),
    "back": set(Player.Back.values),
}
DEFAULT = Look()


def from_cookie(value: str | None) -> Look:
    """The look a cookie names; the defaults for a missing, foreign or old value."""
    parts = (value or "").split(SEPARATOR)
    names = [field.name for field in fields(Look)]
    if len(parts) != len(names):
        return DEFAULT
    chosen = dict(zip(names, parts, strict=True))
    if any(chosen[name] not in CHOICES[name] for name in names):
        return DEFAULT
    return Look(**chosen)


def of_player(player: Player) -> Look:
    return Look(table=player.look_table, print=player.look_print,
                colours=player.look_colours, back=player.look_back)


def of_request(request: HttpRequest) -> Look:
    return from_cookie(request.COOKIES.get(COOKIE_NAME))


def remember(response: HttpResponse, look: Look) -> None:
    """Mirror a saved look in the cookie (as long-lived as the player's own)."""
    response.set_cookie(
        COOKIE_NAME, look.cookie_value(), max_age=settings.PLAYER_COOKIE_AGE,
        secure=settings.SESSION_COOKIE_SECURE, httponly=True, samesite="Lax",
    )


def forget(response: HttpResponse) -> None:
    """Delete the cookie (a browser signed out or forgotten): the pages follow the
    device's own settings again."""
    response.delete_cookie(COOKIE_NAME, samesite="Lax")


@cache
def faces_stylesheet(deck: str) -> str:
    """The deck's faces stylesheet (``manage.py card_faces`` writes one per deck), or the
    standard one while a deck has none: a link to a missing file would be a broken page."""
    from django.contrib.staticfiles import finders

    if deck != "standard" and finders.find(f"css/faces-{deck}.css"):
        return f"css/faces-{deck}.css"
    return "css/faces.css"


def context(request: HttpRequest) -> dict:
    """Template context processor: ``look`` and its faces stylesheet for base.html's
    first paint."""
    chosen = of_request(request)
    return {"look": chosen, "faces_css": faces_stylesheet(chosen.deck)}
