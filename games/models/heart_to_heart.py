"""Heart to Heart games and each player's statistics."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from .players import Player


class HeartToHeartGame(models.Model):
    """One game of one deal. The engine's state is stored whole as JSON.

    ``version`` grows with every saved change: a form carries it, and the service
    applies a tap only when it still matches (a stale tab or a double-click then gets
    the current board back instead of a second application).
    """

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        STALEMATE = "stalemate", _("stalemate")
        WON = "won", _("won")

    # Unguessable: the id is the game's URL, and only its owner may act on it.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="h2h_games", verbose_name=_("player")
    )
    deal_code = models.CharField(_("deal code"), max_length=16, db_index=True)
    state = models.JSONField(_("state"))
    version = models.PositiveIntegerField(_("version"), default=1)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.PLAYING
    )
    score = models.PositiveSmallIntegerField(_("score"), default=0)
    moves = models.PositiveIntegerField(_("moves"), default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    # The clock: started by the first move, stopped by a win or a stalemate.
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("Heart to Heart game")
        verbose_name_plural = _("Heart to Heart games")
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["player", "status", "-updated_at"]),
            # manage.py purge looks for games idle since a date, whoever owns them.
            models.Index(fields=["updated_at"], name="h2h_game_idle_idx"),
            # The dashboard (games.admin_statistics.queries): every column its Heart to Heart
            # queries read, led by the first move, so they never touch the JSON state.
            models.Index(
                fields=["started_at", "status", "deal_code", "moves", "finished_at", "player"],
                name="h2h_game_statistics_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal_code} ({self.get_status_display()})"

    @property
    def elapsed_seconds(self) -> int | None:
        """Seconds on the clock, or None before the first move."""
        from django.utils import timezone

        if self.started_at is None:
            return None
        end = self.finished_at or timezone.now()
        return max(0, int((end - self.started_at).total_seconds()))


class HeartToHeartStats(models.Model):
    """A player's record. Kept by the service in the same transaction as the move."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="h2h_stats", verbose_name=_("player")
    )
    games_played = models.PositiveIntegerField(_("games played"), default=0)
    games_won = models.PositiveIntegerField(_("games won"), default=0)
    best_time_seconds = models.PositiveIntegerField(
        _("best winning time (s)"), null=True, blank=True
    )
    fewest_moves = models.PositiveIntegerField(_("fewest moves in a win"), null=True, blank=True)

    class Meta:
        verbose_name = _("Heart to Heart statistics")
        verbose_name_plural = _("Heart to Heart statistics")

    def __str__(self) -> str:
        return f"{self.player}: {self.games_won}/{self.games_played}"

    @property
    def win_share(self) -> float | None:
        return self.games_won / self.games_played if self.games_played else None
