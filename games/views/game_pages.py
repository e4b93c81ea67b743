"""What every game page does the same way: whose game, which version, page or partial."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.forms import local_path
from games.services import owned_game


def visitors_game_or_404(request: HttpRequest, model, game_id):
    """The game if it belongs to this visitor; anyone else (or nobody) gets a 404."""
    game = owned_game(model, game_id, request.visitor.player)
    if game is None:
        raise Http404
    return game


def posted_version(request: HttpRequest) -> int | None:
    """The ``version`` a form carried; None when it is missing or not a number (stale)."""
    text = request.POST.get("version", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


def wants_partial(request: HttpRequest) -> bool:
    """htmx asked for a fragment; a history restore (Back after the cache is gone) wants
    the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def render_page_or_partial(
    request: HttpRequest,
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


def local_next_url(request: HttpRequest, fallback: str) -> str:
    """The posted ``next`` if it is a path on this site (``forms.local_path``), else
    ``fallback``. Redirect to it with ``HttpResponseRedirect``: ``redirect()`` would try
    to reverse a bare word as a view name."""
    return local_path(request.POST.get("next", "")) or fallback
