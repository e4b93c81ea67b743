"""Keeping progress on other devices: passkeys, link codes, joining, signing out, forgetting.

Thin, as every view here: parse, one service call, answer. Each POST is a plain form
(post/redirect/get), and everything but the two passkey ceremonies works without
JavaScript. A ceremony is two requests (``ceremony.py``): ``*_options`` answers the
WebAuthn options as JSON and keeps the challenge in a cookie; ``static/js/passkeys.js``
runs the browser's dialog and posts its answer in the form, whose view checks it. A
browser is signed in and out through one door each way (``games.visitors.sign_in`` and
``sign_out``); every "no" is worded in ``refusals.py``. The GET pages read and never
write. docs/passkeys.md says why each choice.
"""

from __future__ import annotations

import segno
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from cardsite import metrics
from games import look as looks
from games import visitors
from games.services import Outcome, keeping, link_codes, passkeys
from games.views.game_pages import post_only
from games.views.requests import HtmxHttpRequest

from .answers import back_home, limited, page
from .ceremony import challenge_of, options_answer, relying_party, without_challenge
from .forms import ConfirmForm, LinkCodeForm, PasskeyLabelForm, RemovePasskeyForm
from .joining import join_player
from .refusals import CODE_MINUTES


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """What keeps this visitor's progress, and how to keep it elsewhere (reads only)."""
    return page(request)


# --- passkeys ---------------------------------------------------------------------------


@post_only("keeping:home")
def passkey_options(request: HtmxHttpRequest) -> HttpResponse:
    if refused := limited(request, "passkey", as_json=True):
        return refused
    label = PasskeyLabelForm(request.POST).label_text()
    return options_answer(passkeys.registration_options(
        rp=relying_party(request), player=request.visitor.player, label=label))


@post_only("keeping:home")
def create_passkey(request: HtmxHttpRequest) -> HttpResponse:
    """The browser's new passkey, checked and kept; a visitor without a player gets one
    with it (wearing this browser's look), and this browser is signed in."""
    if refused := limited(request, "passkey"):
        return refused
    visitor = request.visitor
    made = passkeys.register(
        rp=relying_party(request), challenge=challenge_of(request),
        credential=request.POST.get("credential", ""),
        label=PasskeyLabelForm(request.POST).label_text(), player_id=visitor.player_pk,
        look=looks.of_request(request),
    )
    if made.problem is None and not visitor.signed_in:
        made = visitors.sign_in(request, made.value.pk)
    if made.problem is not None:
        return without_challenge(page(request, made.problem))
    return without_challenge(back_home(request, _(
        "Passkey created. On any device where it is available, “Sign in with a passkey” "
        "brings your progress back.")))


@post_only("keeping:home")
def remove_passkey(request: HtmxHttpRequest) -> HttpResponse:
    form = RemovePasskeyForm(request.POST)
    removed = passkeys.remove(
        player=request.visitor.player, passkey_id=form.cleaned_data["passkey"],
        last_confirmed=form.cleaned_data["confirm"],
    ) if form.is_valid() else Outcome(problem=keeping.Problem.NOT_YOURS)
    if removed.problem is not None:
        return page(request, removed.problem,
                     remove_needs_confirming=removed.problem == keeping.Problem.LAST)
    return back_home(request, _(
        "Passkey removed from this site. You can delete it from your device as well."))


@post_only("keeping:home")
def sign_in_options(request: HtmxHttpRequest) -> HttpResponse:
    if refused := limited(request, "sign-in", as_json=True):
        return refused
    return options_answer(passkeys.sign_in_options(rp=relying_party(request)))


@post_only("keeping:home")
def sign_in(request: HtmxHttpRequest) -> HttpResponse:
    if refused := limited(request, "sign-in"):
        return refused
    found = passkeys.authenticate(rp=relying_party(request), challenge=challenge_of(request),
                                  credential=request.POST.get("credential", ""))
    if found.problem is not None:
        return without_challenge(page(request, found.problem))
    metrics.signed_in("passkey")
    return without_challenge(join_player(request, found.value.pk))


# --- link codes -------------------------------------------------------------------------


@never_cache
@post_only("keeping:home")
def link_device(request: HtmxHttpRequest) -> HttpResponse:
    """A new one-time code for this player, shown once (only its digest is kept); this
    browser gets its own key first."""
    visitor = request.visitor
    if visitor.player is None:
        return page(request, status=400, problem_message=_(
            "There is no progress on this device to link yet."))
    if refused := limited(request, "link"):
        return refused
    if not visitor.signed_in and (signed := visitors.sign_in(request, visitor.player_pk)).problem:
        return page(request, signed.problem)
    issued = link_codes.make_code(player=visitor.player)
    metrics.link_code_made()
    url = request.build_absolute_uri(reverse("keeping:code_link", args=[issued.code]))
    qr = segno.make(url, error="m").svg_inline(
        scale=5, border=4, dark="#000", light="#fff", svgclass="qr-code", lineclass=None)
    return render(request, "keeping/link_code.html",
                  {"code": issued.code, "url": url, "qr": qr, "minutes": CODE_MINUTES})


@require_http_methods(["GET", "HEAD", "POST"])
def enter_code(request: HtmxHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "keeping/code.html", {"code_form": LinkCodeForm()})
    form = LinkCodeForm(request.POST)
    if refused := limited(request, "code", template="keeping/code.html", code_form=form):
        return refused
    if not form.is_valid():
        return render(request, "keeping/code.html", {"code_form": form}, status=400)
    found = link_codes.redeem(text=form.cleaned_data["code"])
    if found.problem is not None:
        return page(request, found.problem, template="keeping/code.html", code_form=form)
    metrics.link_code_used()
    return join_player(request, found.value.pk)


@require_safe
def code_link(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The QR code's address: the code box, filled in, and nothing used until it is sent
    (a link preview or a crawler fetching it spends nothing)."""
    form = LinkCodeForm(initial={"code": code[:64]})
    return render(request, "keeping/code.html", {"code_form": form, "from_link": True})


# --- leaving ----------------------------------------------------------------------------


@post_only("keeping:home")
def sign_out(request: HtmxHttpRequest) -> HttpResponse:
    """This browser becomes a stranger; the player is untouched. When nothing else would
    bring the progress back, the visitor must say they know."""
    visitor = request.visitor
    if visitor.player is None:
        return back_home(request, _("This device is not signed in."))
    if not keeping.held_elsewhere(player=visitor.player, key=visitor.device_key) \
            and not ConfirmForm(request.POST).is_valid():
        return page(request, status=400, sign_out_needs_confirming=True, problem_message=_(
            "No passkey and no other device keeps this progress: after signing out, "
            "nothing could bring it back. Tick the box if you want to sign out anyway."))
    visitors.sign_out(request)
    return back_home(request, _(
        "Signed out on this device. Your progress is still kept for your passkeys and "
        "your other devices."))


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def forget(request: HtmxHttpRequest) -> HttpResponse:
    """Delete the player and everything of theirs, once confirmed."""
    player = request.visitor.player
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    if player is not None and not form.is_valid():
        context = {"player": player, "confirm_form": form,
                   "deletes": keeping.what_forgetting_deletes(player=player)}
        return render(request, "keeping/forget.html", context, status=400 if form.errors else 200)
    if request.method != "POST":
        return render(request, "keeping/forget.html", {"player": None})
    if player is not None:
        keeping.forget(player_id=player.pk)
    visitors.sign_out(request)  # a browser with no player left forgets its look all the same
    return back_home(request, _(
        "Forgotten: your games, statistics, settings and passkeys are deleted from this "
        "site. You can delete the passkeys from your devices as well.") if player else _(
        "There was nothing to forget: this device has no progress."))
