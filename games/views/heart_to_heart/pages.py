"""Heart to Heart pages. Thin: parse the request, call the service, render.

Every action is a plain POST form (post/redirect/get without JavaScript); with htmx
the same POST answers the ``#board`` partial instead of a redirect.
"""

from __future__ import annotations

import uuid

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from games.engine import heart_to_heart as engine
from games.forms import DealCodeForm, HeartToHeartSettingsForm
from games.services import heart_to_heart as service
from games.views.game_pages import (
    posted_version,
    render_page_or_partial,
    wants_partial,
)

from .refusals import refusal_answer
from .text import announcement, board_cards, waste_label


def _board_context(request: HttpRequest, game, state, *, kind=None, problem=None) -> dict:
    """Everything the board draws; the statistics are added by ``_render_game``."""
    player = game.player
    board = engine.view(state)
    return {
        "game": game,
        "board": board,
        "cards": board_cards(board),
        "waste_label": waste_label(board),
        "help": player.h2h_placement_help,
        "show_same_rank": kind == engine.MISMATCH and player.h2h_move_errors,
        "problem": problem,
        # A newer game replaced this one: the page says so, links to it, and takes no tap.
        "replaced_by": service.replaced_by(game),
        "announcement": announcement(kind, problem, board),
        "share_url": request.build_absolute_uri(
            reverse("h2h:deal", args=[game.deal_code])
        ),
    }


def _render_game(
    request, game, state, *, kind=None, problem=None, status=200, stats_changed=False
) -> HttpResponse:
    context = _board_context(request, game, state, kind=kind, problem=problem)
    # A partial carries the statistics (out of band) only when a move changed them.
    if stats_changed:
        context["stats"] = service.stats_for(game.player)

    def page_context() -> dict:
        return {
            "settings_form": HeartToHeartSettingsForm(
                instance=game.player, initial={"game": game.pk, "next": request.get_full_path()}
            ),
            "code_form": DealCodeForm(),
            "stats": context.get("stats") or service.stats_for(game.player),
        }

    return render_page_or_partial(
        request,
        page="games/heart_to_heart/page.html",
        partial="games/heart_to_heart/_board_response.html",
        context=context,
        page_context=page_context,
        status=status,
    )


def _bad_code(request: HttpRequest, form: DealCodeForm) -> HttpResponse:
    """400: the text is not a deal code; the page says why and offers the box again."""
    context = {"code_form": form}
    return render(request, "games/heart_to_heart/bad_code.html", context, status=400)


def _invalid_settings(request: HttpRequest, form: HeartToHeartSettingsForm) -> HttpResponse:
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


@require_GET
def play(request: HttpRequest) -> HttpResponse:
    """Resume this visitor's unfinished game, or deal a new one."""
    player = request.visitor.ensure_player()
    game = service.current_game(player) or service.start_game(player)
    return redirect("h2h:game", game_id=game.pk)


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    game = service.start_game(request.visitor.ensure_player())
    return redirect("h2h:game", game_id=game.pk)


@require_GET
def deal(request: HttpRequest, code: str) -> HttpResponse:
    """A deal-code URL: a fresh game of that deal for whoever opens it."""
    form = DealCodeForm({"code": code})
    if not form.is_valid():
        return _bad_code(request, form)
    game = service.start_game(request.visitor.ensure_player(), form.cleaned_data["code"])
    return redirect("h2h:game", game_id=game.pk)


@require_GET
def open_code(request: HttpRequest) -> HttpResponse:
    """The "play a deal code" box: check the text, then go to the code's URL."""
    form = DealCodeForm(request.GET)
    if not form.is_valid():
        return _bad_code(request, form)
    return redirect("h2h:deal", code=str(form.cleaned_data["code"]))


# Never stored by the browser: Back must ask the server again, which alone knows whether
# this game has been replaced (or has moved on in another tab) since the page was drawn.
@never_cache
@require_http_methods(["GET", "POST"])
def game(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    if request.method == "GET":
        found = service.find_game(game_id, request.visitor.player)
        if found is None:
            raise Http404
        return _render_game(request, found, service.state_of(found))

    player_id = request.visitor.player_id
    version = posted_version(request)
    if request.POST.get("action") == "undo":
        answer = service.undo(game_id, player_id, version)
    else:
        answer = service.tap(game_id, player_id, request.POST.get("target", ""), version)
    if answer is None:
        raise Http404
    status = 200
    if answer.problem:
        status = refusal_answer(answer.problem).status
    elif not request.htmx:
        return redirect("h2h:game", game_id=game_id)  # post/redirect/get
    return _render_game(
        request, answer.game, answer.state, kind=answer.kind, problem=answer.problem,
        status=status, stats_changed=answer.stats_changed,
    )


@require_POST
def restart(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game = service.restart(game_id, request.visitor.player)
    if game is None:
        raise Http404
    return redirect("h2h:game", game_id=game.pk)


@require_POST
def settings(request: HttpRequest) -> HttpResponse:
    player = request.visitor.ensure_player()
    form = HeartToHeartSettingsForm(request.POST, instance=player)
    if not form.is_valid():
        return _invalid_settings(request, form)
    service.update_settings(player, form.cleaned_data)
    game_id = form.cleaned_data["game"]
    found = service.find_game(game_id, player) if game_id else None
    if request.htmx and found is not None:
        return _render_game(request, found, service.state_of(found))
    # A validated local path (never user text given to redirect(), which reverses names).
    return HttpResponseRedirect(form.cleaned_data["next"] or reverse("h2h:play"))
