"""A passkey ceremony as the views see it: this site as WebAuthn's relying party, and the
challenge kept between the two halves (docs/passkeys.md#safety).

The first half (``*_options``) answers the options as JSON and keeps the challenge in a
signed, ``HttpOnly``, ``SameSite=Strict`` cookie of this browser's, for ``/keep/`` only and
as long as a challenge lives; the second half reads it back and deletes it, whatever its
answer.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port

from games.services import passkeys

CHALLENGE_COOKIE = "passkey_challenge"
_SALT = "cardsite.keeping.challenge"
PATH = "/keep/"


def relying_party(request: HttpRequest) -> passkeys.RelyingParty:
    """This site as WebAuthn sees it: the host the request came to (Django has checked
    it against ALLOWED_HOSTS) unless WEBAUTHN_RP_ID names the domain, and the origin it
    was served from unless WEBAUTHN_ORIGINS lists them."""
    host = request.get_host()
    rp_id = settings.WEBAUTHN_RP_ID or split_domain_port(host)[0]
    origins = tuple(settings.WEBAUTHN_ORIGINS) or (f"{request.scheme}://{host}",)
    return passkeys.RelyingParty(id=rp_id, name=settings.WEBAUTHN_RP_NAME, origins=origins)


def challenge_of(request: HttpRequest) -> str:
    return request.get_signed_cookie(
        CHALLENGE_COOKIE, default="", salt=_SALT, max_age=passkeys.CHALLENGE_SECONDS
    )


def options_answer(options: passkeys.Options) -> HttpResponse:
    response = HttpResponse(options.json, content_type="application/json")
    response.set_signed_cookie(
        CHALLENGE_COOKIE, options.challenge, salt=_SALT,
        max_age=passkeys.CHALLENGE_SECONDS, path=PATH, httponly=True, samesite="Strict",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    response["Cache-Control"] = "no-store"
    return response


def without_challenge(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(CHALLENGE_COOKIE, path=PATH, samesite="Strict")
    return response
