"""Keeping progress on other devices: passkeys, link codes, signing out, forgetting.

Thin, as every view here: parse, call a service, answer. Each POST is a plain form
(post/redirect/get), and everything but the two passkey ceremonies works without
JavaScript. A ceremony is two requests: ``*_options`` answers the WebAuthn options as
JSON and keeps the challenge in a signed cookie of this browser's (``CHALLENGE_COOKIE``,
five minutes, this path only); ``static/js/passkeys.js`` runs the browser's dialog and
posts its answer in the form, whose view checks it. The GET pages read and never write
(the code box filled in from a QR code included). docs/passkeys.md says why each choice.
"""

from __future__ import annotations

import segno
from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.request import split_domain_port
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from cardsite import metrics
from games import look as looks
from games.services import keeping, link_codes, passkeys, throttle
from games.services.look import save_look
from games.views.game_pages import post_only
from games.views.requests import HtmxHttpRequest

from .forms import ConfirmForm, LinkCodeForm, PasskeyLabelForm

CHALLENGE_COOKIE = "passkey_challenge"
_CHALLENGE_SALT = "cardsite.keeping.challenge"
_PATH = "/keep/"


def _passkey_problems() -> dict:
    return {
        passkeys.Problem.EXPIRED: _(
            "That took too long, or the page was out of date. Please try again."
        ),
        passkeys.Problem.REFUSED: _(
            "That passkey could not be checked, so nothing changed. If it was removed "
            "from this site, you can delete it from your device too."
        ),
        passkeys.Problem.ALREADY: _("This passkey is already kept here."),
    }


def _code_problems() -> dict:
    return {
        link_codes.Problem.MALFORMED: _(
            "A code has 12 letters and digits, such as 7K3M-Q9TX-4WBA."
        ),
        link_codes.Problem.WRONG: _(
            "That is not a code we can use. Check each character and try again."
        ),
        link_codes.Problem.USED: _(
            "That code has been used already. Show a new one on your other device."
        ),
        link_codes.Problem.EXPIRED: _(
            "That code has expired (a code lasts 10 minutes). Show a new one on your "
            "other device."
        ),
        link_codes.Problem.LOCKED: _(
            "That code was tried wrongly too often and no longer works. Show a new one "
            "on your other device."
        ),
    }


def relying_party(request: HtmxHttpRequest) -> passkeys.RelyingParty:
    """This site as WebAuthn sees it: the host the request came to (Django has checked
    it against ALLOWED_HOSTS) unless WEBAUTHN_RP_ID names the domain, and the origin it
    was served from unless WEBAUTHN_ORIGINS lists them."""
    host = request.get_host()
    rp_id = settings.WEBAUTHN_RP_ID or split_domain_port(host)[0]
    origins = tuple(settings.WEBAUTHN_ORIGINS) or (f"{request.scheme}://{host}",)
    return passkeys.RelyingParty(id=rp_id, name=settings.WEBAUTHN_RP_NAME, origins=origins)


def _address(request: HtmxHttpRequest) -> str:
    return request.META.get(settings.CLIENT_ADDRESS_HEADER) or request.META.get(
        "REMOTE_ADDR", ""
    )


def _allowed(request: HtmxHttpRequest, scope: str) -> bool:
    return throttle.allow(scope=scope, address=_address(request))


def _too_many(request: HtmxHttpRequest, *, as_json: bool = False) -> HttpResponse:
    message = _("Too many tries from here. Please wait a few minutes and try again.")
    if as_json:
        response = JsonResponse({"message": message}, status=429)
    else:
        response = render(request, "keeping/page.html", {
            **_home_context(request), "problem_message": message}, status=429)
    response["Retry-After"] = "600"
    return response


def _home_context(request: HtmxHttpRequest) -> dict:
    visitor = request.visitor
    player = visitor.player
    return {
        "player": player,
        "signed_in": visitor.signed_in,
        "passkeys": passkeys.passkeys_of(player=player),
        "held_elsewhere": player is not None
        and keeping.held_elsewhere(player=player, key=visitor.device_key),
        "label_form": PasskeyLabelForm(),
        "code_form": LinkCodeForm(),
        "confirm_form": ConfirmForm(),
    }


def _refused(request: HtmxHttpRequest, message: str, *, status: int = 400, **extra) -> HttpResponse:
    context = {**_home_context(request), "problem_message": message, **extra}
    return render(request, "keeping/page.html", context, status=status)


def _back_home(request: HtmxHttpRequest, message: str) -> HttpResponse:
    messages.success(request, message)
    return HttpResponseRedirect(reverse("keeping:home"))


def _sign_this_browser_in(request: HtmxHttpRequest, player) -> keeping.SignedIn:
    """This browser becomes ``player``'s under a new key, its own progress merged in.
    ``keeping.PlayerGone`` when the player was deleted meanwhile (the views answer it as
    an out-of-date page). The answer must carry the player's look: ``_with_look``."""
    visitor = request.visitor
    own = visitor.player
    signed = keeping.sign_in(
        player=player, device_player_id=own.pk if own is not None else None,
        old_key=visitor.device_key,
    )
    visitor.sign_in(player, signed.key)
    return signed


def _with_look(response: HttpResponse, signed: keeping.SignedIn) -> HttpResponse:
    """A browser just signed in draws the pages in the player's saved cards and table
    from its next first paint: the look cookie is set from the player's row (whatever
    this browser chose before; its own player's look is not kept by a merge, as none of
    its settings are)."""
    looks.remember(response, signed.look)
    return response


def _as_stranger(response: HttpResponse) -> HttpResponse:
    """A browser signed out or forgotten is a stranger: it no longer shows the player's
    look either (anyone at the device would see the choice otherwise); the pages follow
    the device's own settings again until someone chooses or signs in."""
    looks.forget(response)
    return response


def _gone(request: HtmxHttpRequest) -> HttpResponse:
    return _refused(request, _passkey_problems()[passkeys.Problem.EXPIRED], status=409)


def _challenge_of(request: HtmxHttpRequest) -> str:
    return request.get_signed_cookie(
        CHALLENGE_COOKIE, default="", salt=_CHALLENGE_SALT, max_age=passkeys.CHALLENGE_SECONDS
    )


def _options_answer(options: passkeys.Options) -> HttpResponse:
    response = HttpResponse(options.json, content_type="application/json")
    response.set_signed_cookie(
        CHALLENGE_COOKIE, options.challenge, salt=_CHALLENGE_SALT,
        max_age=passkeys.CHALLENGE_SECONDS, path=_PATH, httponly=True, samesite="Strict",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    response["Cache-Control"] = "no-store"
    return response


def _without_challenge(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(CHALLENGE_COOKIE, path=_PATH, samesite="Strict")
    return response


# --- the page ---------------------------------------------------------------------------


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """What keeps this visitor's progress, and how to keep it elsewhere (reads only)."""
    return render(request, "keeping/page.html", _home_context(request))


# --- passkeys ---------------------------------------------------------------------------


@post_only("keeping:home")
def passkey_options(request: HtmxHttpRequest) -> HttpResponse:
    if not _allowed(request, "passkey"):
        return _too_many(request, as_json=True)
    form = PasskeyLabelForm(request.POST)
    label = form.cleaned_data["label"] if form.is_valid() else ""
    return _options_answer(passkeys.registration_options(
        rp=relying_party(request), player=request.visitor.player, label=label
    ))


@post_only("keeping:home")
def create_passkey(request: HtmxHttpRequest) -> HttpResponse:
    """The browser's new passkey, checked and kept; a visitor without a player gets one
    with it, and this browser is signed in."""
    if not _allowed(request, "passkey"):
        return _too_many(request)
    visitor = request.visitor
    player = visitor.player
    outcome = passkeys.register(
        rp=relying_party(request), challenge=_challenge_of(request),
        credential=request.POST.get("credential", ""), label=request.POST.get("label", ""),
        player_id=player.pk if player is not None else None,
    )
    if outcome.problem is not None:
        return _without_challenge(_refused(request, _passkey_problems()[outcome.problem]))
    signed = None
    if not visitor.signed_in:
        shown = looks.of_request(request)
        if player is None and shown != looks.DEFAULT:
            # A player made with the passkey keeps the look this browser shows.
            save_look(player=outcome.player, look=shown)
        try:
            signed = _sign_this_browser_in(request, outcome.player)
        except keeping.PlayerGone:
            return _without_challenge(_gone(request))
    response = _without_challenge(_back_home(request, _(
        "Passkey created. On any device where it is available, “Sign in with a passkey” "
        "brings your progress back."
    )))
    return _with_look(response, signed) if signed is not None else response


@post_only("keeping:home")
def remove_passkey(request: HtmxHttpRequest) -> HttpResponse:
    player = request.visitor.player
    text = request.POST.get("passkey", "")
    removal = passkeys.Removal.NOT_YOURS
    if player is not None and text.isascii() and text.isdigit() and len(text) < 12:
        removal = passkeys.remove(
            player=player, passkey_id=int(text),
            last_confirmed=ConfirmForm(request.POST).is_valid(),
        )
    if removal == passkeys.Removal.NOT_YOURS:
        return _refused(request, _("That passkey is not one of yours, so nothing changed."))
    if removal == passkeys.Removal.LAST:
        return _refused(request, _(
            "This is your last passkey: without it, only a device that is signed in can "
            "bring your progress back. Tick the box to remove it all the same."
        ), remove_needs_confirming=True)
    return _back_home(request, _(
        "Passkey removed from this site. You can delete it from your device as well."
    ))


@post_only("keeping:home")
def sign_in_options(request: HtmxHttpRequest) -> HttpResponse:
    if not _allowed(request, "sign-in"):
        return _too_many(request, as_json=True)
    return _options_answer(passkeys.sign_in_options(rp=relying_party(request)))


@post_only("keeping:home")
def sign_in(request: HtmxHttpRequest) -> HttpResponse:
    if not _allowed(request, "sign-in"):
        return _too_many(request)
    outcome = passkeys.authenticate(
        rp=relying_party(request), challenge=_challenge_of(request),
        credential=request.POST.get("credential", ""),
    )
    if outcome.problem is not None:
        return _without_challenge(_refused(request, _passkey_problems()[outcome.problem]))
    try:
        signed = _sign_this_browser_in(request, outcome.player)
    except keeping.PlayerGone:
        return _without_challenge(_gone(request))
    metrics.signed_in("passkey")
    return _with_look(_without_challenge(_back_home(request, _signed_in_words(signed.merged))),
                      signed)


def _signed_in_words(merged: bool) -> str:
    if merged:
        return _("Signed in. What this device had played is added to your progress.")
    return _("Signed in. This device shows your progress now.")


# --- link codes -------------------------------------------------------------------------


@never_cache
@post_only("keeping:home")
def link_device(request: HtmxHttpRequest) -> HttpResponse:
    """A new one-time code for this player, shown once (only its digest is kept)."""
    visitor = request.visitor
    player = visitor.player
    if player is None:
        return _refused(request, _("There is no progress on this device to link yet."))
    if not _allowed(request, "link"):
        return _too_many(request)
    signed = None
    if not visitor.signed_in:  # this browser gets its own key before another one can
        try:
            signed = _sign_this_browser_in(request, player)
        except keeping.PlayerGone:
            return _gone(request)
    issued = link_codes.make_code(player=player)
    metrics.link_code_made()
    url = request.build_absolute_uri(reverse("keeping:code_link", args=[issued.code]))
    qr = segno.make(url, error="m").svg_inline(
        scale=5, border=4, dark="#000", light="#fff", svgclass="qr-code", lineclass=None
    )
    context = {"code": issued.code, "url": url, "qr": qr,
               "minutes": int(link_codes.LIFETIME.total_seconds() // 60)}
    response = render(request, "keeping/link_code.html", context)
    return _with_look(response, signed) if signed is not None else response


@require_http_methods(["GET", "HEAD", "POST"])
def enter_code(request: HtmxHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "keeping/code.html", {"code_form": LinkCodeForm()})
    if not _allowed(request, "code"):
        response = render(request, "keeping/code.html", {
            "code_form": LinkCodeForm(request.POST),
            "problem_message": _(
                "Too many tries from here. Please wait a few minutes and try again."
            )}, status=429)
        response["Retry-After"] = "600"
        return response
    form = LinkCodeForm(request.POST)
    if not form.is_valid():
        return render(request, "keeping/code.html", {"code_form": form}, status=400)
    redeemed = link_codes.redeem(text=form.cleaned_data["code"])
    if redeemed.problem is not None:
        context = {"code_form": form, "problem_message": _code_problems()[redeemed.problem]}
        return render(request, "keeping/code.html", context, status=400)
    try:
        signed = _sign_this_browser_in(request, redeemed.player)
    except keeping.PlayerGone:
        return _gone(request)
    metrics.link_code_used()
    return _with_look(_back_home(request, _signed_in_words(signed.merged)), signed)


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
    player = visitor.player
    if player is None:
        return _back_home(request, _("This device is not signed in."))
    if not keeping.held_elsewhere(player=player, key=visitor.device_key) and not ConfirmForm(
        request.POST
    ).is_valid():
        return _refused(request, _(
            "No passkey and no other device keeps this progress: after signing out, "
            "nothing could bring it back. Tick the box to sign out all the same."
        ), sign_out_needs_confirming=True)
    keeping.sign_out(key=visitor.device_key)
    visitor.sign_out()
    return _as_stranger(_back_home(request, _(
        "Signed out on this device. Your progress is still kept for your passkeys and "
        "your other devices."
    )))


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def forget(request: HtmxHttpRequest) -> HttpResponse:
    """Delete the player and everything of theirs, once confirmed."""
    visitor = request.visitor
    player = visitor.player
    if request.method != "POST":
        context = {"player": player, "confirm_form": ConfirmForm(),
                   "deletes": keeping.what_forgetting_deletes(player=player) if player else {}}
        return render(request, "keeping/forget.html", context)
    if player is None:  # its look, if it kept one, goes all the same
        return _as_stranger(_back_home(
            request, _("There was nothing to forget: this device has no progress.")))
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        context = {"player": player, "confirm_form": form,
                   "deletes": keeping.what_forgetting_deletes(player=player)}
        return render(request, "keeping/forget.html", context, status=400)
    keeping.forget(player_id=player.pk)
    visitor.sign_out()
    return _as_stranger(_back_home(request, _(
        "Forgotten: your games, statistics, settings and passkeys are deleted from this "
        "site. You can delete the passkeys from your devices as well."
    )))
