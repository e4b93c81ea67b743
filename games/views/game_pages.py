"""What every game page does the same way: whose game, which version, page or partial."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.template import engines
from django.template.backends.utils import csrf_input
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django_htmx.http import reswap, retarget

from games.forms import local_path
from games.jinja_environment import gettext_in
from games.services import UnreadableGame
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service

from .requests import HtmxHttpRequest

logger = logging.getLogger(__name__)

# 409 Conflict: the request is fine, the saved game it names is not. htmx swaps 409
# (base.html's responseHandling), here into the whole body, as the 503 page is.
UNREADABLE_STATUS = 409


Found = TypeVar("Found")


@lru_cache(maxsize=4096)
def _reversed(name: str, args: tuple, prefix: str, urlconf) -> str:
    return reverse(name, args=args, urlconf=urlconf)


def game_address(name: str, *args) -> str:
    """``reverse(name, args=args)``, remembered: a game's addresses are drawn on every
    move of it, and reversing one is a measurable share of a move's answer."""
    return _reversed(name, tuple(str(arg) for arg in args), get_script_prefix(), get_urlconf())


class GameNotFound(Http404):
    """No game of this visitor's under the address: another visitor's, or none at all.

    Both are the same 404 page (``game_not_found_page``), in the same words, so that an
    address never tells whether someone else's game lies behind it."""


def found_or_404(found: Found | None) -> Found:
    """What a service found for this visitor; None (not theirs, or no such game) is a 404,
    answered by the game views' decorator (``unreadable_game_page``) with a page that
    offers the visitor a game of their own."""
    if found is None:
        raise GameNotFound
    return found


def game_not_found_page(request: HtmxHttpRequest) -> HttpResponse:
    """The 404 of a game's address that is not the visitor's: it names what happened and
    offers their own games (the one in progress of each game, else a new one). Nothing
    of the game asked for is looked at, let alone shown."""
    player = request.visitor.player
    context = {
        "hearts_game": hearts_service.current_game(player=player) if player else None,
        "h2h_game": h2h_service.current_game(player=player) if player else None,
    }
    response = render(request, "games/game_not_found.html", context, status=404)
    if request.htmx:  # a move on such a game: the page, not a board, replaces the body
        reswap(retarget(response, "body"), "innerHTML")
    return response


def posted_version(request: HtmxHttpRequest) -> int | None:
    """The ``version`` a form carried; None when it is missing or not a number (stale)."""
    text = request.POST.get("version", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


def wants_partial(request: HtmxHttpRequest) -> bool:
    """htmx asked for a fragment; a history restore (Back after the cache is gone) wants
    the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def render_page_or_partial(
    request: HtmxHttpRequest,
    *,
    page: str,
    partial: str,
    context: dict,
    page_context: Callable[[], dict] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The full page, or for htmx the partial. ``page_context`` gives what only the full
    page draws (panels, forms, statistics); it is not called for a partial, which keeps
    that work off the path of every move."""
    if wants_partial(request):
        return render(request, partial, context, status=status)
    if page_context is not None:
        context = {**context, **page_context()}
    return render(request, page, context, status=status)


def render_board(request: HtmxHttpRequest, template: str, context: dict) -> SafeString:
    """A game's board or table, drawn with Jinja2 (games/jinja2/): the one part of a page
    every move sends again. Its forms share one CSRF field, masked once, and its words
    are looked up once per language (``gettext_in``)."""
    context = {**context, "csrf_field": csrf_input(request),
               "_": gettext_in(translation.get_language())}
    # Jinja2 escapes what it draws (autoescape, as Django sets it up).
    return mark_safe(engines["jinja2"].get_template(template).render(context))


def _keep_csrf_cookie(request: HtmxHttpRequest) -> None:
    """A move's answer leaves the browser's CSRF cookie as it is, when it holds the very
    secret this answer's forms were masked with: Django sets the cookie again on every
    answer that uses the token, only to renew its year, and every page load does that.
    About 130 bytes less on the wire a move, and a header less to write and to read."""
    if request.COOKIES.get(settings.CSRF_COOKIE_NAME) == request.META.get("CSRF_COOKIE"):
        request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False


def render_game(
    request: HtmxHttpRequest,
    *,
    page: str,
    board: str,
    announcer: str,
    context: dict,
    out_of_band: tuple[str, ...] = (),
    page_context: Callable[[], dict] | None = None,
    status: int = 200,
) -> HttpResponse:
    """A game's answer. For htmx, a move's: the board (``render_board``), the sentence of
    the live region ``announcer`` and the panels the move changed, out of band (Django
    templates, given ``oob``). Otherwise the full page, a Django template that shows the
    same board as ``board_markup``, with what ``page_context`` adds."""
    markup = render_board(request, board, context)
    if wants_partial(request):
        parts = [markup, format_html(
            '<div id="{}" class="visually-hidden" aria-live="polite" aria-atomic="true" '
            'hx-swap-oob="true">{}</div>', announcer, context["announcement"])]
        parts += [render_to_string(name, {**context, "oob": True}, request)
                  for name in out_of_band]
        _keep_csrf_cookie(request)
        return HttpResponse("\n".join(parts), status=status)
    context = {**context, **(page_context() if page_context else {}), "board_markup": markup}
    return render(request, page, context, status=status)


def local_next_url(request: HtmxHttpRequest, fallback: str) -> str:
    """The posted ``next`` if it is a path on this site (``forms.local_path``), else
    ``fallback``. Redirect to it with ``HttpResponseRedirect``: ``redirect()`` would try
    to reverse a bare word as a view name."""
    return local_path(request.POST.get("next", "")) or fallback


def unreadable_game_page(view):
    """Answer what a game view can find wrong with the saved game it names with a page:
    a game the engine cannot read is a 409 page, never a 500; a game that is not the
    visitor's (``found_or_404``) is the game-not-found 404 page. Every view of a game's
    address wears it.

    Nothing is changed: the service raised before saving (its transaction rolled back).
    The log says which game, so an operator can look at the row.
    """

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except GameNotFound:
            return game_not_found_page(request)
        except UnreadableGame as error:
            logger.error("unreadable saved game %s", error.game_id)
            response = render(request, "games/unreadable_game.html", status=UNREADABLE_STATUS)
            if request.htmx:
                reswap(retarget(response, "body"), "innerHTML")
            return response

    return wrapper


def post_only(page: str):
    """A view that only acts: POST runs it. A GET or HEAD of its address (a reload after a
    post made without JavaScript, a link someone kept) is sent to ``page``, the URL name
    of the page the address belongs to, reversed with the view's own URL arguments;
    never a bare 405. Any other method is a 405 (drawn as a page by
    ``cardsite.method_not_allowed``)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HtmxHttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                return redirect(page, *args, **kwargs)
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorator

