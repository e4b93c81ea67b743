"""What keeps a player beyond one browser: passkeys, signed-in devices, link codes.

No password, no e-mail (docs/passkeys.md). A ``Passkey`` is a WebAuthn credential's
public half; a ``Device`` is one browser signed in as the player (its cookie holds a
random key, the row only the key's digest); a ``LinkCode`` is a short one-time code that
signs another browser in (the row holds a digest of its secret part, never the code).
``Challenge`` rows make each WebAuthn challenge single-use; ``Throttle`` rows count the
attempts per address that sign-in and code entry allow (shared by every app server).
"""

from __future__ import annotations

import hashlib

from django.db import models
from django.utils.translation import gettext_lazy as _

from .players import Player

LABEL_LENGTH = 60  # a passkey's label: the model, the service and the form all read this


class Passkey(models.Model):
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="passkeys", verbose_name=_("player")
    )
    # The credential id as the browser sends it (base64url): what a sign-in looks up.
    credential_id = models.CharField(_("credential id"), max_length=1400, unique=True)
    public_key = models.BinaryField(_("public key"))
    sign_count = models.PositiveBigIntegerField(_("signature counter"), default=0)
    label = models.CharField(_("label"), max_length=LABEL_LENGTH, blank=True)
    transports = models.JSONField(_("transports"), default=list, blank=True)
    backed_up = models.BooleanField(_("synced"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("passkey")
        verbose_name_plural = _("passkeys")
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return self.label or str(_("passkey"))


def device_digest(key: str) -> str:
    """What a ``Device`` row keeps of a browser's key: the key is 256 random bits, so a
    plain hash is enough (nothing to guess, nothing to salt)."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


class Device(models.Model):
    """One browser signed in as the player; deleting the row signs that browser out.
    Only ``device_digest`` of its key is kept."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="devices", verbose_name=_("player")
    )
    key_digest = models.CharField(_("key digest"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("signed-in device")
        verbose_name_plural = _("signed-in devices")

    def __str__(self) -> str:
        return f"{self.player} · {self.created_at:%Y-%m-%d}"


class LinkCode(models.Model):
    """A one-time code: ``selector`` finds the row, the rest is checked against
    ``secret_digest``; each wrong secret for a row counts in ``failures``."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="link_codes", verbose_name=_("player")
    )
    selector = models.CharField(_("selector"), max_length=8, unique=True)
    secret_digest = models.CharField(_("secret digest"), max_length=64)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    failures = models.PositiveSmallIntegerField(_("wrong tries"), default=0)

    class Meta:
        verbose_name = _("link code")
        verbose_name_plural = _("link codes")
        indexes = [models.Index(fields=["expires_at"], name="link_code_expiry_idx")]

    def __str__(self) -> str:
        return f"{self.player} · {self.expires_at:%Y-%m-%d %H:%M}"


class Challenge(models.Model):
    """A WebAuthn challenge handed out and not used yet (its digest: the browser holds
    the challenge itself in a signed cookie). Using one deletes it."""

    class Purpose(models.TextChoices):
        REGISTER = "register", _("create a passkey")
        SIGN_IN = "sign-in", _("sign in")

    digest = models.CharField(_("digest"), max_length=64, unique=True)
    purpose = models.CharField(_("purpose"), max_length=8, choices=Purpose.choices)
    # Registration: the player the passkey is for (None: a visitor without one yet, whose
    # player is made only when the passkey is), and the WebAuthn user handle offered.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+",
        verbose_name=_("player"),
    )
    user_handle = models.BinaryField(_("user handle"), default=b"")
    expires_at = models.DateTimeField(_("expires"))

    class Meta:
        verbose_name = _("WebAuthn challenge")
        verbose_name_plural = _("WebAuthn challenges")
        indexes = [models.Index(fields=["expires_at"], name="challenge_expiry_idx")]

    def __str__(self) -> str:
        return f"{self.purpose} · {self.expires_at:%Y-%m-%d %H:%M}"


class Throttle(models.Model):
    """Attempts of one kind from one address (its digest) in one window of time."""

    scope = models.CharField(_("scope"), max_length=16)
    key_digest = models.CharField(_("address digest"), max_length=64)
    window_start = models.DateTimeField(_("window start"))
    count = models.PositiveIntegerField(_("attempts"), default=0)

    class Meta:
        verbose_name = _("attempt counter")
        verbose_name_plural = _("attempt counters")
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "key_digest", "window_start"], name="one_throttle_per_window"
            )
        ]
        indexes = [models.Index(fields=["window_start"], name="throttle_window_idx")]

    def __str__(self) -> str:
        return f"{self.scope} · {self.window_start:%Y-%m-%d %H:%M} · {self.count}"
