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
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from games import visitors
from games.services import keeping, link_codes, unfinished
from games.views.hearts.text import SEAT_NAMES
from games.views.requests import HtmxHttpRequest

from .answers import back_home, page
from .ceremony import PATH
from .forms import KeepGamesForm

JOIN_COOKIE = "keeping_join"
_SALT = "cardsite.keeping.join"
_JOIN_AGE = int(link_codes.LIFETIME.total_seconds())  # as long as a link code lives
KIND_NAMES = {unfinished.Kind.HEART_TO_HEART: gettext_lazy("Heart to Heart"),
              unfinished.Kind.HEARTS: gettext_lazy("Hearts")}


def to_join(*, player_id: int, device_player_id: int) -> HttpResponse:
    """To the page that asks which game goes on, remembering who is joining whom."""
    response = HttpResponseRedirect(reverse("keeping:join"))
    response.set_signed_cookie(
        JOIN_COOKIE, f"{player_id}:{device_player_id}", salt=_SALT, max_age=_JOIN_AGE,
        path=PATH, httponly=True, samesite="Strict", secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def forget_join(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(JOIN_COOKIE, path=PATH, samesite="Strict")
    return response


def pending_join(request: HtmxHttpRequest) -> int | None:
    """The player this browser is joining, when it is still the same browser's own player
    that asked (a cookie copied elsewhere, or kept past a sign-out, names nobody)."""
    value = request.get_signed_cookie(
        JOIN_COOKIE, default="", salt=_SALT, max_age=_JOIN_AGE)
    target, _sep, source = value.partition(":")
    if not (target.isdecimal() and source.isdecimal()):
        return None
    if int(source) != request.visitor.player_pk:
        return None
    return int(target)


def describe(game: unfinished.Unfinished, *, in_sentence: bool = False) -> str:
    """A game as its player recognises it: as a choice's label, or ``in_sentence``."""
    if game.kind == unfinished.Kind.HEART_TO_HEART:
        figures = {
            "code": game.deal_code,
            "moves": ngettext("%(count)d move", "%(count)d moves", game.moves) % {
                "count": game.moves},
            "left": ngettext("%(count)d card left in the heart",
                             "%(count)d cards left in the heart",
                             game.left_in_heart) % {"count": game.left_in_heart},
        }
        if in_sentence:
            return _("the game of deal %(code)s (%(moves)s, %(left)s)") % figures
        return _("Deal %(code)s: %(moves)s, %(left)s") % figures
    figures = {"number": game.deal_number, "totals": ", ".join(
        f"{SEAT_NAMES[seat]} {total}" for seat, total in enumerate(game.totals))}
    if in_sentence:
        return _("the game at deal %(number)d (totals: %(totals)s)") % figures
    return _("Deal %(number)d, totals: %(totals)s") % figures


def choices_context(
    clashes: tuple[unfinished.Clash, ...], form: KeepGamesForm | None = None
) -> dict:
    """The join page's choices: each kind's two games, the one ticked (the form's, else
    the one with more progress), and what the form must send back as seen."""
    chosen_before = form.keep() if form is not None else {}
    kinds = []
    for clash in clashes:
        chosen = chosen_before.get(clash.kind) or str(clash.further.id)
        kinds.append({
            "kind": clash.kind, "field": KeepGamesForm.field_of(clash.kind),
            "name": KIND_NAMES[clash.kind],
            "games": [{"id": str(game.id), "text": describe(game), "here": game.on_this_device,
                       "checked": str(game.id) == chosen} for game in clash.games],
        })
    seen = " ".join(game.seen for clash in clashes for game in clash.games)
    return {"kinds": kinds, "seen": seen}


def said_of(kept: tuple[unfinished.Kept, ...]) -> list[str]:
    """What became of each game in progress, in a player's words."""
    return [_("%(kind)s: you go on with %(kept)s. The other one, %(left)s, is left as a game "
              "abandoned for a new one: it counts as played, never as lost.") % {
        "kind": KIND_NAMES[outcome.kept.kind],
        "kept": describe(outcome.kept, in_sentence=True),
        "left": describe(outcome.left, in_sentence=True),
    } for outcome in kept if outcome.left is not None]


def _signed_in_words(merged: bool) -> str:
    if merged:
        return _("Signed in. The games and statistics of this device are now part of your "
                 "progress.")
    return _("Signed in. This device shows your progress now.")


def join_player(request: HtmxHttpRequest, player_id: int, form: KeepGamesForm | None = None,
                **choice) -> HttpResponse:
    """Sign in to a player found by a passkey or a code: home, saying what became of each
    game; or, when two games of a kind are in progress, the page that asks which goes on
    (first reached by a redirect that remembers who is joining whom)."""
    outcome = visitors.sign_in(request, player_id, **choice)
    if outcome.problem in (keeping.Problem.CHOOSE, keeping.Problem.MOVED_ON):
        if form is None:
            return to_join(player_id=player_id, device_player_id=request.visitor.player_pk)
        return page(request, outcome.problem, template="keeping/join.html",
                    **choices_context(outcome.value, form))
    if outcome.problem is not None:
        return page(request, outcome.problem)
    response = back_home(request, _signed_in_words(outcome.value.merged))
    for said in said_of(outcome.value.games):
        messages.info(request, said)
    return forget_join(response)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HtmxHttpRequest) -> HttpResponse:
    """Which game of each kind goes on (GET reads only); its answer signs in with it."""
    player_id = pending_join(request)
    if player_id is None and request.method != "POST":  # a reload once joined: home
        return forget_join(HttpResponseRedirect(reverse("keeping:home")))
    if player_id is None:
        return forget_join(page(request, keeping.Problem.GONE))
    if request.method != "POST":
        clashes = keeping.games_to_choose(player_id=player_id,
                                          device_player_id=request.visitor.player_pk)
        return render(request, "keeping/join.html", choices_context(clashes))
    form = KeepGamesForm(request.POST)
    return join_player(request, player_id, form, keep=form.keep(), seen=form.seen_games())
