"""Passkeys: WebAuthn registration and sign-in, checked by py_webauthn (docs/passkeys.md).

Nothing here parses CBOR or checks a signature by hand: ``webauthn`` does, and this
module only keeps what it needs between the two halves of each ceremony.

- **A challenge is single-use and short-lived.** ``*_options`` makes 32 random bytes,
  stores their digest (``Challenge``, ``CHALLENGE_SECONDS``) and gives the challenge to
  the view, which keeps it in a signed cookie of this browser's. The second half takes the
  row away (locked, then deleted, in one transaction) before anything is verified: the
  same challenge never serves twice, and an assertion replayed with it is refused.
- **The relying party** (``RelyingParty``) is this site's host and the origins it is
  served from; games/views/keeping/ceremony.py works them out from the request and the
  settings.
- **One answer for every failure of a sign-in.** An unknown credential, a bad signature, a
  counter that went back, a foreign origin: all are ``Problem.REFUSED``, so nothing tells
  a stranger whether a passkey exists.

Each verb that can refuse answers an ``Outcome`` (``games.services``), its problem a
``keeping.Problem``.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from games import look as looks
from games.models import LABEL_LENGTH, Challenge, Passkey, Player  # the label's length: the model's
from games.services import Outcome
from games.services.keeping import Problem
from games.services.look import save_look

logger = logging.getLogger(__name__)

CHALLENGE_SECONDS = 300
CEREMONY_TIMEOUT_MS = 120_000  # what the browser's own dialog waits
DEFAULT_NAME = "cardsite"  # the account's name in a passkey manager when no label is given
MAX_TRANSPORTS = 8


@dataclass(frozen=True)
class RelyingParty:
    id: str
    name: str
    origins: tuple[str, ...]


@dataclass(frozen=True)
class Options:
    json: str  # PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON
    challenge: str  # base64url, for the browser's signed cookie


def _digest(challenge: bytes) -> str:
    return hashlib.sha256(challenge).hexdigest()


def _new_challenge(*, purpose: str, player: Player | None = None, handle: bytes = b"") -> bytes:
    challenge = secrets.token_bytes(32)
    Challenge.objects.create(
        digest=_digest(challenge), purpose=purpose, player=player, user_handle=handle,
        expires_at=timezone.now() + timedelta(seconds=CHALLENGE_SECONDS),
    )
    return challenge


def _take_challenge(*, challenge: str, purpose: str) -> tuple[bytes, Challenge] | None:
    """The challenge's row, deleted so that it never serves again; None when it was used,
    has expired or never was."""
    try:
        raw = base64url_to_bytes(challenge)
    except (ValueError, TypeError):
        return None
    with transaction.atomic():
        row = (
            Challenge.objects.select_for_update()
            .filter(digest=_digest(raw), purpose=purpose, expires_at__gt=timezone.now())
            .first()
        )
        if row is None:
            return None
        Challenge.objects.filter(pk=row.pk).delete()
    return raw, row


def clean_label(text: str) -> str:
    return " ".join(text.split())[:LABEL_LENGTH]


# --- registration -----------------------------------------------------------------------


def registration_options(*, rp: RelyingParty, player: Player | None, label: str) -> Options:
    """Options to create a discoverable passkey (user verification preferred). A visitor
    without a player is offered a fresh user handle; their player is made with the
    passkey, never before."""
    handle = player.public_id.bytes if player is not None else uuid.uuid4().bytes
    name = clean_label(label) or DEFAULT_NAME
    known = Passkey.objects.filter(player=player) if player is not None else Passkey.objects.none()
    challenge = _new_challenge(purpose=Challenge.Purpose.REGISTER, player=player, handle=handle)
    options = generate_registration_options(
        rp_id=rp.id, rp_name=rp.name, user_id=handle, user_name=name, user_display_name=name,
        challenge=challenge, timeout=CEREMONY_TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        # The same authenticator twice for one player would only overwrite its passkey.
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(passkey.credential_id))
            for passkey in known
        ],
    )
    return Options(options_to_json(options), bytes_to_base64url(challenge))


def register(
    *, rp: RelyingParty, challenge: str, credential: str, label: str, player_id: int | None,
    look: looks.Look = looks.DEFAULT,
) -> Outcome[Player]:
    """Check the browser's new credential and keep it, for the player the challenge was
    made for (made now for a visitor who had none: that player wears ``look``, the one
    the browser shows, docs/passkeys.md#look). The credential is read once, by
    py_webauthn's parser: what it verifies and the transports it names are the same."""
    taken = _take_challenge(challenge=challenge, purpose=Challenge.Purpose.REGISTER)
    if taken is None:
        return Outcome(problem=Problem.PAGE_EXPIRED)
    raw, row = taken
    if row.player_id != player_id:  # the browser's player changed since: start again
        return Outcome(problem=Problem.PAGE_EXPIRED)
    try:
        parsed = parse_registration_credential_json(credential)
        verified = verify_registration_response(
            credential=parsed, expected_challenge=raw, expected_rp_id=rp.id,
            expected_origin=list(rp.origins),
        )
    except Exception as error:  # the library's own parsing of foreign input, whatever breaks
        logger.info("passkey registration refused: %s: %s", type(error).__name__, error)
        return Outcome(problem=Problem.REFUSED)
    # The transports the browser named (a hint for later sign-ins), known ones only.
    transports = [named.value for named in parsed.response.transports or ()][:MAX_TRANSPORTS]
    try:
        with transaction.atomic():
            player = row.player
            if player is None:
                player = Player.objects.create(public_id=uuid.UUID(bytes=bytes(row.user_handle)))
                if look != looks.DEFAULT:
                    save_look(player=player, look=look)
            Passkey.objects.create(
                player=player, credential_id=bytes_to_base64url(verified.credential_id),
                public_key=verified.credential_public_key, sign_count=verified.sign_count,
                label=clean_label(label), transports=transports,
                backed_up=verified.credential_backed_up,
            )
    except IntegrityError:
        return Outcome(problem=Problem.ALREADY)
    return Outcome(player)


# --- sign-in ----------------------------------------------------------------------------


def sign_in_options(*, rp: RelyingParty) -> Options:
    """Options for a discoverable sign-in: no credential named, so the browser offers
    whichever passkeys of this site it holds (and the page learns nothing of them)."""
    challenge = _new_challenge(purpose=Challenge.Purpose.SIGN_IN)
    options = generate_authentication_options(
        rp_id=rp.id, challenge=challenge, timeout=CEREMONY_TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return Options(options_to_json(options), bytes_to_base64url(challenge))


def authenticate(*, rp: RelyingParty, challenge: str, credential: str) -> Outcome[Player]:
    """The player whose passkey signed this challenge; ``REFUSED`` for anything else."""
    taken = _take_challenge(challenge=challenge, purpose=Challenge.Purpose.SIGN_IN)
    if taken is None:
        return Outcome(problem=Problem.PAGE_EXPIRED)
    raw, _row = taken
    try:
        parsed = parse_authentication_credential_json(credential)
        passkey = Passkey.objects.select_related("player").filter(
            credential_id=bytes_to_base64url(parsed.raw_id)
        ).first()
        if passkey is None:
            return Outcome(problem=Problem.REFUSED)
        verified = verify_authentication_response(
            credential=parsed, expected_challenge=raw, expected_rp_id=rp.id,
            expected_origin=list(rp.origins), credential_public_key=bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except Exception as error:  # the library's own parsing of foreign input, whatever breaks
        logger.info("passkey sign-in refused: %s: %s", type(error).__name__, error)
        return Outcome(problem=Problem.REFUSED)
    # The counter moves only forward, once: two sign-ins racing with one assertion (or a
    # counter that went back) cannot both pass.
    moved = Passkey.objects.filter(pk=passkey.pk, sign_count=passkey.sign_count).update(
        sign_count=verified.new_sign_count, last_used_at=timezone.now(),
        backed_up=verified.credential_backed_up,
    )
    if not moved:
        return Outcome(problem=Problem.REFUSED)
    return Outcome(passkey.player)


# --- the player's list ------------------------------------------------------------------


def passkeys_of(*, player: Player | None) -> list[Passkey]:
    if player is None:
        return []
    return list(Passkey.objects.filter(player=player))


def remove(
    *, player: Player | None, passkey_id: int, last_confirmed: bool = False
) -> Outcome[int]:
    """Remove one of the player's passkeys (another's, or none, or nobody's player:
    ``NOT_YOURS``, nothing changed). The last one goes only when ``last_confirmed``
    (else ``LAST``): it is how the player comes back. The player's row is locked first,
    so two removals at once (two tabs) cannot each take what the other thought was not
    the last. The value is the id removed."""
    if player is None:
        return Outcome(problem=Problem.NOT_YOURS)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        theirs = list(Passkey.objects.filter(player=player).values_list("pk", flat=True))
        if passkey_id not in theirs:
            return Outcome(problem=Problem.NOT_YOURS)
        if len(theirs) == 1 and not last_confirmed:
            return Outcome(problem=Problem.LAST)
        Passkey.objects.filter(pk=passkey_id, player=player).delete()
    return Outcome(passkey_id)
