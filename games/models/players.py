"""Anonymous players and their settings."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """An anonymous visitor, created lazily the first time a browser needs an owner.

    No sign-up: a signed cookie carries the player's id (games/visitors.py). Games and
    statistics hang off this row.
    """

    public_id = models.UUIDField(_("public id"), default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    # Heart to Heart settings and their defaults: docs/rules.md#h2h-settings.
    h2h_winnable_only = models.BooleanField(_("winnable deals only"), default=False)
    h2h_move_errors = models.BooleanField(_("move errors"), default=False)
    h2h_placement_help = models.BooleanField(_("placement help"), default=True)

    # Hearts: chosen before a game, they apply to the next one (docs/rules.md#hearts-options).
    class HeartsLevel(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        HARD = "hard", _("Hard")

    class HeartsTarget(models.IntegerChoices):
        NORMAL = 100, _("100 points (normal)")
        FAST = 75, _("75 points (fast)")

    class PassOrder(models.TextChoices):
        LRAN = "LRAN", _("left, right, across, none")
        LARN = "LARN", _("left, across, right, none")

    class TieRule(models.TextChoices):
        DRAW = "draw", _("a draw")
        LAST_DEAL = "last-deal", _("the lower score on the last deal wins")

    class ScoreDisplay(models.TextChoices):
        # Only the presentation differs: the same rules, the same winner
        # (docs/rules.md#hearts-options).
        POINTS = "points", _("points taken (lowest wins)")
        COUNTDOWN = "countdown", _("points left (highest wins)")

    hearts_level = models.CharField(
        _("Hearts level"), max_length=8, choices=HeartsLevel.choices, default=HeartsLevel.MEDIUM
    )
    hearts_target = models.PositiveSmallIntegerField(
        _("game length"), choices=HeartsTarget.choices, default=HeartsTarget.NORMAL
    )
    hearts_pass_order = models.CharField(
        _("pass order"), max_length=4, choices=PassOrder.choices, default=PassOrder.LRAN
    )
    hearts_tie_rule = models.CharField(
        _("ties for lowest"), max_length=10, choices=TieRule.choices, default=TieRule.DRAW
    )
    hearts_score_display = models.CharField(
        _("score display"), max_length=10, choices=ScoreDisplay.choices,
        default=ScoreDisplay.POINTS,
    )

    # Cards and table: how every page looks for this player (docs/rules.md#look). The
    # first paint reads a cookie that mirrors these (games/look.py): no query per page.
    class Table(models.TextChoices):
        SYSTEM = "system", _("as my device is set")
        GREEN = "green", _("green felt")
        LIGHT = "light", _("light")
        DARK = "dark", _("dark")

    class Print(models.TextChoices):
        STANDARD = "standard", _("standard")
        LARGE = "large", _("large print")

    class Colours(models.TextChoices):
        TWO = "two", _("two colours (red and black)")
        FOUR = "four", _("four colours (one per suit)")

    class Back(models.TextChoices):
        RED = "red", _("red")
        BLUE = "blue", _("blue")
        GREEN = "green", _("green")

    look_table = models.CharField(
        _("table"), max_length=8, choices=Table.choices, default=Table.SYSTEM
    )
    look_print = models.CharField(
        _("print size"), max_length=8, choices=Print.choices, default=Print.STANDARD
    )
    look_colours = models.CharField(
        _("card colours"), max_length=4, choices=Colours.choices, default=Colours.TWO
    )
    look_back = models.CharField(
        _("card back"), max_length=5, choices=Back.choices, default=Back.RED
    )

    # Set when a browser first signs in as this player (a passkey, a link code): from then
    # on only a signed-in browser's own key names them, never a plain id (games/visitors.py,
    # docs/passkeys.md#identity). A column, not a look-up of their devices, so that the one
    # query of every page stays as cheap as it was.
    kept_since = models.DateTimeField(_("kept on other devices since"), null=True, blank=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["-updated_at"]
        # manage.py purge looks for players idle since a date.
        indexes = [models.Index(fields=["updated_at"], name="player_idle_idx")]

    def __str__(self) -> str:
        return str(self.public_id)[:8]
