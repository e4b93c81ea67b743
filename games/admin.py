from django.contrib import admin
from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy as _

from .formatting import duration
from .models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Passkey, Player


class BestTimeAsDuration:
    """Heart to Heart's best winning time read as a duration ("4 min 12 s"), not seconds."""

    @admin.display(description=_("best winning time"), ordering="best_time_seconds")
    def best_time(self, stats: HeartToHeartStats) -> str:
        return duration(stats.best_time_seconds)


class HeartToHeartStatsInline(BestTimeAsDuration, admin.StackedInline):
    model = HeartToHeartStats
    can_delete = False
    extra = 0
    fields = readonly_fields = ("games_played", "games_won", "best_time", "fewest_moves")


class PasskeyInline(admin.TabularInline):
    """A player's passkeys as the player sees them: label and dates, never the key, the
    credential id or the counter (docs/passkeys.md)."""

    model = Passkey
    can_delete = False
    extra = 0
    fields = readonly_fields = ("label", "backed_up", "created_at", "last_used_at")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("public_id", "created_at", "updated_at")
    readonly_fields = ("public_id", "created_at", "updated_at", "kept_since")
    search_fields = ("public_id",)
    date_hierarchy = "created_at"
    inlines = [HeartToHeartStatsInline, PasskeyInline]


@admin.register(HeartToHeartGame)
class HeartToHeartGameAdmin(admin.ModelAdmin):
    list_display = ("deal_code", "player", "status", "score", "moves", "started_at", "finished_at",
                    "time")
    list_filter = ("status",)
    search_fields = ("deal_code", "player__public_id")
    date_hierarchy = "created_at"
    list_select_related = ("player",)
    # The saved state holds the stock's order: admins may read it, nobody edits it here.
    readonly_fields = [field.name for field in HeartToHeartGame._meta.fields]

    @admin.display(description=_("time"))
    def time(self, game: HeartToHeartGame) -> str:
        """On the clock from the first move (still running while the game is played)."""
        return duration(game.elapsed_seconds)


@admin.register(HeartToHeartStats)
class HeartToHeartStatsAdmin(BestTimeAsDuration, admin.ModelAdmin):
    list_display = ("player", "games_played", "games_won", "win_share_display",
                    "best_time", "fewest_moves")
    list_select_related = ("player",)
    fields = readonly_fields = ("player", "games_played", "games_won", "best_time",
                                "fewest_moves")

    @admin.display(description=_("win share"))
    def win_share_display(self, stats: HeartToHeartStats) -> str:
        share = stats.win_share
        return "—" if share is None else f"{share:.0%}"


@admin.register(HeartsGame)
class HeartsGameAdmin(admin.ModelAdmin):
    list_display = ("id", "player", "level", "phase", "result", "created_at", "finished_at",
                    "playing_time")
    list_filter = ("level", "phase", "result")
    search_fields = ("player__public_id",)
    date_hierarchy = "created_at"
    list_select_related = ("player",)
    # The saved state holds every hand: admins may read it, nobody edits it here.
    readonly_fields = [field.name for field in HeartsGame._meta.fields]

    @admin.display(description=_("playing time"))
    def playing_time(self, game: HeartsGame) -> str:
        """From the deal to the result; "—" until the game is finished."""
        return duration(game.duration_seconds)


@admin.register(HeartsStats)
class HeartsStatsAdmin(admin.ModelAdmin):
    """Per player and level; the list page also shows the totals per level."""

    list_display = ("player", "level", "games_played", "wins", "losses", "draws", "total_time")
    list_filter = ("level",)
    list_select_related = ("player",)
    fields = readonly_fields = ("player", "level", "games_played", "wins", "losses", "draws",
                                "total_time")
    change_list_template = "admin/games/heartsstats/change_list.html"

    @admin.display(description=_("total time"), ordering="total_seconds")
    def total_time(self, stats: HeartsStats) -> str:
        return duration(stats.total_seconds)

    def changelist_view(self, request, extra_context=None):
        totals = (
            HeartsStats.objects.values("level")
            .annotate(
                played=Sum("games_played"), wins=Sum("wins"), losses=Sum("losses"),
                draws=Sum("draws"), seconds=Sum("total_seconds"), players=Count("player"),
            )
            .order_by("level")
        )
        labels = dict(Player.HeartsLevel.choices)
        rows = [{**row, "label": labels.get(row["level"], row["level"])} for row in totals]
        order = list(Player.HeartsLevel.values)
        rows.sort(key=lambda row: order.index(row["level"]) if row["level"] in order else 99)
        return super().changelist_view(request, {**(extra_context or {}), "level_totals": rows})
