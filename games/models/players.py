"""Anonymous players and their settings."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """An anonymous visitor, created lazily the first time a browser session needs an owner.

    No sign-up: the session cookie carries the player's id. Games and
    statistics hang off this row.
    """

    public_id = models.UUIDField(_("public id"), default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_seen_at = models.DateTimeField(_("last seen"), auto_now=True)

    # Heart to Heart settings (SPEC §1): defaults as the seeds give them.
    h2h_winnable_only = models.BooleanField(_("winnable deals only"), default=False)
    h2h_move_errors = models.BooleanField(_("move errors"), default=False)
    h2h_placement_help = models.BooleanField(_("placement help"), default=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["-last_seen_at"]

    def __str__(self) -> str:
        return str(self.public_id)[:8]
