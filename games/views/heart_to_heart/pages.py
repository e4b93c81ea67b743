"""Heart to Heart pages. Thin: parse the request, call the service, render.

Every action is a plain POST form (post/redirect/get without JavaScript); with htmx
the same POST answers the ``#board`` partial instead of a redirect.
"""

from __future__ import annotations

import uuid

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRefresh, reswap, retarget, trigger_client_event

from games.engine import heart_to_heart as engine
from games.forms import DealCodeForm, HeartToHeartSettingsForm
from games.services import Answer
from games.services import heart_to_heart as service
from games.views.game_pages import (
    found_or_404,
    game_address,
    post_only,
    posted_version,
    render_game,
    render_page_or_partial,
    unreadable_game_page,
    wants_partial,
)
from games.views.requests import HtmxHttpRequest

from .heart_markup import heart_context
from .refusals import refusal_answer
from .text import announcement, share_words, won_words


def _board_context(
    request: HtmxHttpRequest, game, state, *, kind=None, problem=None, shared=False
) -> dict:
    """Everything the board draws; the statistics are added by ``_render_game``."""
    player = game.player
    board = engine.view(state)
    replaced_by = service.replaced_by(game)
    pending = service.is_pending(game)
    deal_url = game_address("h2h:deal", board.code)
    return {
        "game": game,
        "game_url": game_address("h2h:game", game.pk),
        "deal_url": deal_url,
        "new_url": game_address("h2h:new"),
        **share_words(board.code),
        # Shown, not saved yet: the first tap carries the deal code and creates the game.
        "pending": pending,
        "first_tap": service.first_tap_token(game_id=game.pk) if pending else "",
        # Opened from another player's game address: that game's deal, fresh.
        "shared": shared,
        "board": board,
        **heart_context(board, help=player.h2h_placement_help, interactive=replaced_by is None),
        "help": player.h2h_placement_help,
        "show_same_rank": kind == engine.MISMATCH and player.h2h_move_errors,
        "problem": problem,
        # A newer game replaced this one: the page says so, links to it, and takes no tap.
        "replaced_by": replaced_by,
        "replaced_by_url": game_address("h2h:game", replaced_by) if replaced_by else "",
        # The stalemate's "Restart this deal": a deal shown fresh starts its game anew.
        "restart_url": (game_address("h2h:deal", game.deal_code) if pending
                        else game_address("h2h:restart", game.pk)),
        "won": won_words(board, game.elapsed_seconds) if board.status == engine.WON else None,
        "announcement": announcement(kind, problem, board),
        "share_url": request.build_absolute_uri(game_address("h2h:deal", game.deal_code)),
    }


def _render_game(
    request, game, state, *, kind=None, problem=None, status=200, stats_changed=False,
    shared=False,
) -> HttpResponse:
    context = _board_context(request, game, state, kind=kind, problem=problem, shared=shared)
    # A partial carries the statistics (out of band) only when a move changed them.
    if stats_changed:
        context["stats"] = service.stats_for(player=game.player)

    def page_context() -> dict:
        return {
            "settings_form": HeartToHeartSettingsForm(
                instance=game.player, initial={"game": game.pk, "next": request.get_full_path()}
            ),
            "code_form": DealCodeForm(),
            "stats": context.get("stats") or service.stats_for(player=game.player),
        }

    return render_game(
        request,
        page="games/heart_to_heart/page.html",
        board="games/heart_to_heart/board.html",
        announcer="h2h-announcer",
        context=context,
        out_of_band=("games/heart_to_heart/_stats.html",) if stats_changed else (),
        page_context=page_context,
        status=status,
    )


def _bad_code(request: HtmxHttpRequest, form: DealCodeForm) -> HttpResponse:
    """400: the text is not a deal code; the page says why and offers the box again."""
    context = {"code_form": form}
    return render(request, "games/heart_to_heart/bad_code.html", context, status=400)


def _invalid_settings(request: HtmxHttpRequest, form: HeartToHeartSettingsForm) -> HttpResponse:
    """400: the settings panel again with the form's errors; htmx swaps just the panel."""
    response = render_page_or_partial(
        request,
        page="games/heart_to_heart/settings.html",
        partial="games/heart_to_heart/_settings.html",
        context={"settings_form": form},
        status=400,
    )
    if wants_partial(request):
        reswap(retarget(response, "#h2h-settings"), "outerHTML")
    return response


@require_safe
def play(request: HtmxHttpRequest) -> HttpResponse:
    """Resume this visitor's unfinished game, or show a fresh deal (nothing saved)."""
    player = request.visitor.player
    game = service.current_game(player=player) if player is not None else None
    if game is not None:
        return redirect("h2h:game", game_id=game.pk)
    return redirect("h2h:deal", code=str(service.fresh_code(player=player)))


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """POST: a new game now. GET (a link, a crawler) only shows a fresh deal."""
    if request.method != "POST":
        return redirect("h2h:deal", code=str(service.fresh_code(player=request.visitor.player)))
    game = service.start_game(player=request.visitor.ensure_player())
    return redirect("h2h:game", game_id=game.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@unreadable_game_page
def deal(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A deal-code URL: the fresh deal for whoever opens it (sharing a code shares the
    deal, never a game). GET saves nothing: the first tap creates the game. A POST
    (the "Restart this deal" of a deal shown fresh) starts the game at once."""
    form = DealCodeForm({"code": code})
    if not form.is_valid():
        return _bad_code(request, form)
    if request.method == "POST":
        game = service.start_game(
            player=request.visitor.ensure_player(), code=form.cleaned_data["code"]
        )
        return redirect("h2h:game", game_id=game.pk)
    pending, state = service.pending_game(
        player=request.visitor.player, code=form.cleaned_data["code"]
    )
    return _render_game(request, pending, state)


@require_safe
def open_code(request: HtmxHttpRequest) -> HttpResponse:
    """The "play a deal code" box: check the text, then go to the code's URL."""
    form = DealCodeForm(request.GET)
    if not form.is_valid():
        return _bad_code(request, form)
    return redirect("h2h:deal", code=str(form.cleaned_data["code"]))


# Never stored by the browser: Back must ask the server again, which alone knows whether
# this game has been replaced (or has moved on in another tab) since the page was drawn.
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@unreadable_game_page
def game(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    visitor = request.visitor
    if request.method != "POST":
        found = service.find_game(game_id=game_id, player=visitor.player)
        if found is not None:
            return _render_game(request, found, service.state_of(found))
        # Anyone else shares what the address bar said: they get the game's deal, fresh
        # and unsaved as a deal-code URL draws it, never the game itself.
        code = found_or_404(service.shared_deal(game_id=game_id))
        pending, state = service.pending_game(player=visitor.player, code=code)
        return _render_game(request, pending, state, shared=True)

    version = posted_version(request)
    if request.POST.get("action") == "undo":
        answer = service.undo(game_id=game_id, player_id=visitor.player_id, version=version)
        return _tap_answer(request, game_id, found_or_404(answer))
    # A deal shown fresh posts its code with the tap: the service begins the game with it.
    code = None
    if "code" in request.POST:
        form = DealCodeForm({"code": request.POST["code"]})
        if not form.is_valid():
            return _bad_code(request, form)
        code = form.cleaned_data["code"]
    answer = found_or_404(service.tap(
        game_id=game_id, player_id=visitor.player_id, target=request.POST.get("target", ""),
        version=version, code=code, token=request.POST.get("first_tap", ""),
    ))
    visitor.adopt(answer.game.player)  # a first tap may have made this visitor's player
    response = _tap_answer(request, game_id, answer)
    if code is not None and request.htmx and not service.is_pending(answer.game):
        # The address bar moves from the deal code to the game, so a reload resumes it.
        # address_bar.js replaces it in a task of its own, after the swap: htmx's own
        # replace-url calls the History API twice inside the swap, which made the first
        # tap the one long task of a game (docs/performance.md#first-move).
        address = reverse("h2h:game", args=[game_id])
        trigger_client_event(response, "cardsite:address", {"url": address}, after="settle")
    return response


def _tap_answer(request: HtmxHttpRequest, game_id: uuid.UUID, answer: Answer) -> HttpResponse:
    status = 200
    if answer.problem:
        status = refusal_answer(answer.problem).status
    elif not request.htmx:
        if service.is_pending(answer.game):  # a tap that began nothing: the deal again
            return redirect("h2h:deal", code=answer.game.deal_code)
        return redirect("h2h:game", game_id=game_id)  # post/redirect/get
    return _render_game(
        request, answer.game, answer.state, kind=answer.kind, problem=answer.problem,
        status=status, stats_changed=answer.stats_changed,
    )


@post_only("h2h:game")
@unreadable_game_page
def restart(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game = found_or_404(service.restart(game_id=game_id, player=request.visitor.player))
    return redirect("h2h:game", game_id=game.pk)


@post_only("h2h:play")
@unreadable_game_page
def settings(request: HtmxHttpRequest) -> HttpResponse:
    player = request.visitor.ensure_player()
    form = HeartToHeartSettingsForm(request.POST, instance=player)
    if not form.is_valid():
        return _invalid_settings(request, form)
    service.update_settings(player=player, cleaned_data=form.cleaned_data)
    game_id = form.cleaned_data["game"]
    found = service.find_game(game_id=game_id, player=player) if game_id else None
    if request.htmx and found is not None:
        return _render_game(request, found, service.state_of(found))
    if request.htmx:
        # A deal shown fresh (no game yet): draw the page again with the new settings.
        return HttpResponseClientRefresh()
    # A validated local path (never user text given to redirect(), which reverses names);
    # else back to the game the settings were changed on.
    fallback = reverse("h2h:game", args=[found.pk]) if found else reverse("h2h:play")
    return HttpResponseRedirect(form.cleaned_data["next"] or fallback)
