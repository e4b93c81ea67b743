"""Hearts games and the statistics per difficulty."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.engine.hearts import Phase

from .players import Player

# The engine names the phases; the model only gives each a label for the admin.
PHASE_LABELS = {
    Phase.PASS: _("passing cards"),
    Phase.PLAY: _("playing tricks"),
    Phase.TRICK_DONE: _("trick finished"),
    Phase.DEAL_DONE: _("deal over"),
    Phase.GAME_OVER: _("game over"),
}
PHASE_CHOICES = [(phase.value, PHASE_LABELS[phase]) for phase in Phase]


class HeartsGame(models.Model):
    """One game against three computer players of one level; the engine's state as JSON.

    ``version`` grows with every saved change. The timed computer moves carry it, so
    two refreshes racing (two tabs) can never apply two computer moves for one.
    """

    class Result(models.TextChoices):
        WIN = "win", _("win")
        LOSS = "loss", _("loss")
        DRAW = "draw", _("draw")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="hearts_games", verbose_name=_("player")
    )
    level = models.CharField(_("level"), max_length=8, choices=Player.HeartsLevel.choices)
    state = models.JSONField(_("state"))
    version = models.PositiveIntegerField(_("version"), default=1)
    # The plain value, not the member: a migration then says 'pass', not an engine import.
    phase = models.CharField(
        _("phase"), max_length=12, choices=PHASE_CHOICES, default=Phase.PASS.value
    )
    # The human's pending choices: kept across visits, never shown to anyone else.
    # How this game shows its scores, taken from the player's options when it starts
    # (a game keeps its own, like its rules). Presentation only: the engine never reads it.
    score_display = models.CharField(
        _("score display"), max_length=10, choices=Player.ScoreDisplay.choices,
        default=Player.ScoreDisplay.POINTS,
    )
    chosen = models.JSONField(_("cards chosen to pass"), default=list, blank=True)
    lifted = models.CharField(_("lifted card"), max_length=3, blank=True, default="")
    result = models.CharField(
        _("result"), max_length=4, choices=Result.choices, blank=True, default=""
    )
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("Hearts game")
        verbose_name_plural = _("Hearts games")
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["player", "phase", "-updated_at"]),
            # manage.py purge looks for games idle since a date, whoever owns them.
            models.Index(fields=["updated_at"], name="hearts_game_idle_idx"),
            # The dashboard (games.admin_statistics.queries): every column its Hearts queries
            # read, led by the day a game started, so they never touch the JSON state.
            models.Index(fields=["created_at", "level", "result", "finished_at", "player"],
                         name="hearts_game_statistics_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.get_level_display()} · {self.phase}"

    @property
    def counts_down(self) -> bool:
        """The totals show what is left of the target (docs/rules.md#hearts-options)."""
        return self.score_display == Player.ScoreDisplay.COUNTDOWN

    @property
    def duration_seconds(self) -> int | None:
        if self.finished_at is None:
            return None
        return max(0, int((self.finished_at - self.created_at).total_seconds()))


class HeartsStats(models.Model):
    """A player's record at one difficulty (docs/rules.md#hearts-statistics)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="hearts_stats", verbose_name=_("player")
    )
    level = models.CharField(_("level"), max_length=8, choices=Player.HeartsLevel.choices)
    games_played = models.PositiveIntegerField(_("games played"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    losses = models.PositiveIntegerField(_("losses"), default=0)
    draws = models.PositiveIntegerField(_("draws"), default=0)
    total_seconds = models.PositiveIntegerField(_("total time (s)"), default=0)

    class Meta:
        verbose_name = _("Hearts statistics")
        verbose_name_plural = _("Hearts statistics")
        constraints = [
            models.UniqueConstraint(fields=["player", "level"], name="one_hearts_record_per_level")
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.level}"
