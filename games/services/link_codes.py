"""Link codes: a short one-time code that makes another browser the same player.

A code is 12 characters of Crockford's base32 (digits and letters without I, L, O, U, so
nothing reads as something else), shown as ``XXXX-XXXX-XXXX``: 60 random bits. The first
``SELECTOR_LENGTH`` characters find the row; the rest (35 bits) is the secret, of which
the row keeps only an HMAC (keyed with SECRET_KEY: a copy of the database does not give
the codes back). Why guessing is hopeless (docs/passkeys.md#link-codes): each code takes
at most ``MAX_FAILURES`` wrong secrets before it is dead, so however many addresses try,
a live code falls with a chance of at most 5 in 2^35 (one in seven billion); and each
address is limited besides (``games.services.throttle``, and nginx).

What the person entering a code is told: a wrong code (no row, or a wrong secret) is
``WRONG``, whatever exists; only the whole right code learns that it was used, has
expired or was tried too often. A player has one live code at a time: a new one ends the
last.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.crypto import salted_hmac

from games.models import LinkCode, Player
from games.services import Outcome
from games.services.keeping import Problem

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# What people type for what they saw (Crockford's decoding).
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
SELECTOR_LENGTH = 5
SECRET_LENGTH = 7
LENGTH = SELECTOR_LENGTH + SECRET_LENGTH
GROUP = 4
LIFETIME = timedelta(minutes=10)
MAX_FAILURES = 5
_SALT = "cardsite.link-code"


@dataclass(frozen=True)
class IssuedCode:
    code: str  # as shown: XXXX-XXXX-XXXX
    expires_at: datetime


def shown(code: str) -> str:
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def normalise(text: str) -> str | None:
    """The code someone typed, as stored: upper case, no spaces or dashes, O read as 0
    and I, L as 1; None when it cannot be a code."""
    if len(text) > 64:
        return None
    code = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


def _secret_digest(code: str) -> str:
    return salted_hmac(_SALT, code, algorithm="sha256").hexdigest()


@cache
def _no_code_digest() -> str:
    """What a missing row's secret is compared with: as long as a real digest, and no
    code's (the HMAC of something that is not a code, drawn afresh in every process)."""
    return salted_hmac(_SALT, secrets.token_hex(16), algorithm="sha256").hexdigest()


def _random(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def make_code(*, player: Player) -> IssuedCode:
    """A new code for ``player``, valid for ``LIFETIME`` and one use; the player's last
    unused code ends now."""
    now = timezone.now()
    with transaction.atomic():
        LinkCode.objects.filter(player=player, used_at__isnull=True, expires_at__gt=now).update(
            expires_at=now
        )
        for _attempt in range(8):  # a selector already taken: draw again
            code = _random(LENGTH)
            try:
                with transaction.atomic():
                    LinkCode.objects.create(
                        player=player, selector=code[:SELECTOR_LENGTH],
                        secret_digest=_secret_digest(code), expires_at=now + LIFETIME,
                    )
            except IntegrityError:
                continue
            return IssuedCode(shown(code), now + LIFETIME)
    raise RuntimeError("no free link-code selector after 8 draws")


def redeem(*, text: str) -> Outcome[Player]:
    """The player a code names, the code used up; or why not.

    A selector no row has and a wrong secret cost the same work, so that the time an
    answer takes does not tell a stranger a code exists: the secret's HMAC is computed and
    compared in both cases (against a digest no code has when there is no row), and the
    wrong try is counted by the same UPDATE on the selector (which changes no row when
    there is none). Both are ``WRONG``; a wrong try at a live code counts towards its
    ``MAX_FAILURES``, which only the whole right code ever learns."""
    code = normalise(text)
    if code is None:
        return Outcome(problem=Problem.MALFORMED)
    selector = code[:SELECTOR_LENGTH]
    now = timezone.now()
    with transaction.atomic():
        row = (
            LinkCode.objects.select_for_update().select_related("player")
            .filter(selector=selector).first()
        )
        expected = row.secret_digest if row is not None else _no_code_digest()
        right = hmac.compare_digest(expected, _secret_digest(code))
        if row is None or not right:
            LinkCode.objects.filter(selector=selector).update(failures=F("failures") + 1)
            return Outcome(problem=Problem.WRONG)
        if row.used_at is not None:
            return Outcome(problem=Problem.USED)
        if row.failures >= MAX_FAILURES:
            return Outcome(problem=Problem.LOCKED)
        if row.expires_at <= now:
            return Outcome(problem=Problem.CODE_EXPIRED)
        LinkCode.objects.filter(pk=row.pk).update(used_at=now)
    return Outcome(row.player)
