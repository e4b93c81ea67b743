"""How a keeping page answers: the page with what this visitor holds (and a problem's
words, worded once in ``refusals.py``), the way home with a message, the limit per
address."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from games.services import keeping, passkeys, throttle
from games.views.requests import HtmxHttpRequest

from .forms import ConfirmForm, LinkCodeForm, PasskeyLabelForm
from .refusals import CODE_MINUTES, TOO_MANY, refusal_answer, too_many

HOME = "keeping/page.html"


def home_context(request: HtmxHttpRequest) -> dict:
    visitor = request.visitor
    player = visitor.player
    return {
        "player": player, "signed_in": visitor.signed_in, "minutes": CODE_MINUTES,
        "passkeys": passkeys.passkeys_of(player=player),
        "held_elsewhere": player is not None
        and keeping.held_elsewhere(player=player, key=visitor.device_key),
        "label_form": PasskeyLabelForm(), "code_form": LinkCodeForm(),
        "confirm_form": ConfirmForm(),
    }


def page(request: HtmxHttpRequest, problem: keeping.Problem | None = None, *,
         template: str = HOME, status: int = 200, **context) -> HttpResponse:
    """A keeping page (the home page unless ``template`` says), with a problem's words
    and status."""
    base = home_context(request) if template == HOME else {}
    if problem is not None:
        status, base["problem_message"] = refusal_answer(problem)
    return render(request, template, {**base, **context}, status=status)


def back_home(request: HtmxHttpRequest, message: str) -> HttpResponse:
    messages.success(request, message)
    return HttpResponseRedirect(reverse("keeping:home"))


def limited(request: HtmxHttpRequest, scope: str, *, as_json: bool = False,
            template: str = HOME, **context) -> HttpResponse | None:
    """None while ``scope``'s allowance for this address lasts (this attempt counted);
    else its 429, as JSON for a ceremony's first half."""
    meta = request.META
    address = meta.get(settings.CLIENT_ADDRESS_HEADER) or meta.get("REMOTE_ADDR", "")
    if throttle.allow(scope=scope, address=address):
        return None
    if as_json:
        return too_many(JsonResponse({"message": str(TOO_MANY)}), scope)
    return too_many(page(request, template=template, problem_message=TOO_MANY, **context), scope)
