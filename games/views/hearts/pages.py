"""Hearts pages. Thin: parse the request, call the service, render.

Every action is a plain POST form (post/redirect/get without JavaScript); with htmx
the same POST answers the ``#table`` partial. While a computer seat is due, that
partial carries a ``load delay`` trigger that posts to ``advance``, one move a time.
"""

from __future__ import annotations

import uuid

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from games.engine.hearts import Phase, Refusal
from games.forms import HeartsOptionsForm
from games.services import Answer
from games.services import hearts as service
from games.views.game_pages import (
    found_or_404,
    game_address,
    local_next_url,
    post_only,
    posted_version,
    render_game,
    unreadable_game_page,
    wants_partial,
)
from games.views.requests import HtmxHttpRequest

from .refusals import refusal_answer
from .table import table_context


def _render_table(
    request, game, state, *, problem=None, status=200, stats_changed=False,
    options_form=None, next_url=None, timer_running=False,
) -> HttpResponse:
    context = {
        "game": game,
        "game_url": game_address("hearts:game", game.pk),
        "advance_url": game_address("hearts:advance", game.pk),
        "problem": problem,
        "problem_message": refusal_answer(problem).message if problem else "",
        # A partial carries the statistics (out of band) only when the game just ended.
        # (game.player is read only then: a move does not load the player.)
        "stats": service.stats_for(player=game.player) if stats_changed else None,
        **table_context(game, state, timer_running=timer_running),
    }
    if context["phase"] in (Phase.DEAL_DONE, Phase.GAME_OVER):
        # Once a deal: its summary (a Django template, as the score sheet beside it) and
        # the end of game's ways on.
        context["deal_summary"] = render_to_string("games/hearts/_deal_summary.html", context)
        context["new_game_url"] = game_address("hearts:new")
        context["options_url"] = game_address("hearts:play")

    def page_context() -> dict:
        return {
            "stats": context["stats"] or service.stats_for(player=game.player),
            "options_form": options_form or HeartsOptionsForm(instance=game.player),
            "next_url": next_url or request.get_full_path(),
        }

    out_of_band = ("games/hearts/_scores.html",) if context["scores_changed"] else ()
    if context["stats"]:
        out_of_band += ("games/hearts/_stats.html",)
    return render_game(
        request,
        page="games/hearts/page.html",
        board="games/hearts/table.html",
        announcer="hearts-announcer",
        context=context,
        out_of_band=out_of_band,
        page_context=page_context,
        status=status,
    )


@require_safe
def play(request: HtmxHttpRequest) -> HttpResponse:
    """Resume the visitor's game in progress, or show the start screen: the options and a
    Deal button. GET saves nothing: a game begins (and counts as played) when the
    visitor starts it, never by a visit (a crawler, a link preview, a first look)."""
    player = request.visitor.player
    game = service.current_game(player=player) if player is not None else None
    if game is not None:
        return redirect("hearts:game", game_id=game.pk)
    context = {
        "start_screen": True,
        "options_form": HeartsOptionsForm(instance=player),
        "stats": service.stats_for(player=player),
        "next_url": request.get_full_path(),
    }
    return render(request, "games/hearts/options_page.html", context)


@post_only("hearts:play")
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    game = service.start_game(player=request.visitor.ensure_player())
    return redirect("hearts:game", game_id=game.pk)


@post_only("hearts:play")
@unreadable_game_page
def options(request: HtmxHttpRequest) -> HttpResponse:
    """Level and rule options for the next game (the game in progress keeps its own)."""
    player = request.visitor.ensure_player()
    form = HeartsOptionsForm(request.POST, instance=player)
    next_url = local_next_url(request, fallback=reverse("hearts:play"))
    if not form.is_valid():
        return _options_refused(request, form, next_url)
    service.update_options(player=player, **form.options())
    if request.POST.get("start") == "1":
        game = service.start_game(player=player)
        return redirect("hearts:game", game_id=game.pk)
    return HttpResponseRedirect(next_url)


def _options_refused(
    request: HtmxHttpRequest, form: HeartsOptionsForm, next_url: str
) -> HttpResponse:
    """400 with the field errors, in the visitor's language: the options panel for htmx,
    else the page the panel sits on (the visitor's latest game, or the panel alone)."""
    game = service.latest_game(player=form.instance)
    context = {"game": game, "options_form": form, "next_url": next_url}
    if wants_partial(request):
        return render(request, "games/hearts/_options.html", context, status=400)
    if game is None:
        return render(request, "games/hearts/options_page.html", context, status=400)
    return _render_table(
        request, game, service.state_of(game), status=400, options_form=form, next_url=next_url
    )


@require_http_methods(["GET", "HEAD", "POST"])
@unreadable_game_page
def game(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    visitor = request.visitor
    if request.method != "POST":
        found = found_or_404(service.find_game(game_id=game_id, player=visitor.player))
        return _render_table(request, found, service.state_of(found))

    post = request.POST
    mine = {"game_id": game_id, "player_id": visitor.player_id}
    # Every form of the table carries the version it was drawn from: a tap from an
    # out-of-date page (a second tab) is told the game had changed, and changes nothing.
    version = posted_version(request)
    if "choose" in post or "unchoose" in post:
        wanted = "choose" in post
        card = post["choose"] if wanted else post["unchoose"]
        answer = service.choose(**mine, card=card, chosen=wanted, version=version)
        # Choosing is not a step: the computers' timer runs on from the last step.
        return _answer(request, game_id, answer, timer_running=True)
    if "lift" in post:
        answer = service.lift(**mine, card=post["lift"], version=version)
    elif "play" in post:
        answer = service.play(**mine, card=post["play"], version=version)
    elif post.get("action") == "pass":
        answer = service.confirm_pass(**mine, version=version)
    elif post.get("action") == "next-deal":
        answer = service.next_deal(**mine, version=version)
    else:
        found = found_or_404(service.find_game(game_id=game_id, player=visitor.player))
        return _render_table(
            request, found, service.state_of(found), problem=Refusal.UNKNOWN_ACTION, status=400
        )
    return _answer(request, game_id, answer)


@post_only("hearts:game")
@unreadable_game_page
def advance(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """The timed refresh: exactly the one computer step that is due, if any."""
    answer = service.advance(
        game_id=game_id, player_id=request.visitor.player_id, version=posted_version(request)
    )
    return _answer(request, game_id, answer)


def _answer(
    request: HtmxHttpRequest, game_id: uuid.UUID, answer: Answer | None, *,
    timer_running: bool = False,
) -> HttpResponse:
    answer = found_or_404(answer)
    if answer.problem:
        return _render_table(request, answer.game, answer.state, problem=answer.problem,
                             status=refusal_answer(answer.problem).status,
                             timer_running=timer_running)
    if not request.htmx:
        return redirect("hearts:game", game_id=game_id)  # post/redirect/get
    return _render_table(request, answer.game, answer.state, stats_changed=answer.stats_changed,
                         timer_running=timer_running)
