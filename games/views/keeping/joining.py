"""Joining two players that each have a game of one kind in progress: the page that asks
which goes on (docs/passkeys.md#merge, docs/rules.md#joined-games).

A sign-in (passkey or link code) whose join must first be chosen changes nothing: it
keeps who is joining whom in a signed cookie of this browser's (``JOIN_COOKIE``, this
path only, for as long as a link code lives) and sends the browser here. The page shows
both games of each kind as the player knows them, the one with more progress ticked; the
plain form's answer signs in with the choice, the games compared again under the join's
locks (games that moved on since are shown again, as they stand, with a word).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.services import link_codes, unfinished
from games.views.hearts.text import SEAT_NAMES

from .forms import KeepGamesForm

JOIN_COOKIE = "keeping_join"
_SALT = "cardsite.keeping.join"
_PATH = "/keep/"


def remember_join(
    response: HttpResponse, *, player_id: int, device_player_id: int
) -> HttpResponse:
    response.set_signed_cookie(
        JOIN_COOKIE, f"{player_id}:{device_player_id}", salt=_SALT,
        max_age=int(link_codes.LIFETIME.total_seconds()), path=_PATH, httponly=True,
        samesite="Strict", secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def forget_join(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(JOIN_COOKIE, path=_PATH, samesite="Strict")
    return response


def pending_join(request) -> int | None:
    """The player this browser is joining, when it is still the same browser's own player
    that asked (a cookie copied elsewhere, or kept past a sign-out, names nobody)."""
    value = request.get_signed_cookie(
        JOIN_COOKIE, default="", salt=_SALT, max_age=int(link_codes.LIFETIME.total_seconds()))
    target, _sep, source = value.partition(":")
    if not (target.isdecimal() and source.isdecimal()):
        return None
    if int(source) != request.visitor.player_id:
        return None
    return int(target)


def describe(game: unfinished.Unfinished) -> str:
    """A game as its player recognises it."""
    if game.kind == unfinished.Kind.HEART_TO_HEART:
        moves = ngettext("%(count)d move", "%(count)d moves", game.moves) % {
            "count": game.moves}
        left = ngettext("%(count)d card left in the heart", "%(count)d cards left in the heart",
                        game.left_in_heart) % {"count": game.left_in_heart}
        return _("Deal %(code)s: %(moves)s, %(left)s") % {
            "code": game.deal_code, "moves": moves, "left": left}
    totals = ", ".join(f"{SEAT_NAMES[seat]} {total}" for seat, total in enumerate(game.totals))
    return _("Deal %(number)d, totals: %(totals)s") % {
        "number": game.deal_number, "totals": totals}


def choices_context(
    clashes: tuple[unfinished.Clash, ...], form: KeepGamesForm | None = None
) -> dict:
    """The join page's choices: each kind's two games, the one ticked (the form's, else
    the one with more progress), and what the form must send back as seen."""
    chosen_before = form.keep() if form is not None else {}
    names = {unfinished.Kind.HEART_TO_HEART: _("Heart to Heart"),
             unfinished.Kind.HEARTS: _("Hearts")}
    kinds = []
    for clash in clashes:
        chosen = chosen_before.get(clash.kind) or str(clash.further.id)
        kinds.append({
            "kind": clash.kind, "field": KeepGamesForm.field_of(clash.kind),
            "name": names[clash.kind],
            "games": [{"id": str(game.id), "text": describe(game), "here": game.on_this_device,
                       "checked": str(game.id) == chosen} for game in clash.games],
        })
    seen = " ".join(game.seen for clash in clashes for game in clash.games)
    return {"kinds": kinds, "seen": seen}


def said_of(kept: tuple[unfinished.Kept, ...]) -> list[str]:
    """What became of each game in progress, in a player's words."""
    said = []
    for outcome in kept:
        if outcome.left is None:
            continue
        said.append(_("You go on with %(kept)s. The other game (%(left)s) is left as a game "
                      "abandoned for a new one: it counts as played, never as lost.") % {
            "kept": describe(outcome.kept), "left": describe(outcome.left)})
    return said
