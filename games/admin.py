from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import HeartToHeartGame, HeartToHeartStats, Player


class HeartToHeartStatsInline(admin.StackedInline):
    model = HeartToHeartStats
    can_delete = False
    extra = 0
    readonly_fields = ("games_played", "games_won", "best_time_seconds", "fewest_moves")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("public_id", "created_at", "last_seen_at")
    readonly_fields = ("public_id", "created_at", "last_seen_at")
    search_fields = ("public_id",)
    date_hierarchy = "created_at"
    inlines = [HeartToHeartStatsInline]


@admin.register(HeartToHeartGame)
class HeartToHeartGameAdmin(admin.ModelAdmin):
    list_display = ("deal_code", "player", "status", "score", "moves", "started_at", "finished_at")
    list_filter = ("status",)
    search_fields = ("deal_code", "player__public_id")
    date_hierarchy = "created_at"
    list_select_related = ("player",)
    # The saved state holds the stock's order: admins may read it, nobody edits it here.
    readonly_fields = [field.name for field in HeartToHeartGame._meta.fields]


@admin.register(HeartToHeartStats)
class HeartToHeartStatsAdmin(admin.ModelAdmin):
    list_display = ("player", "games_played", "games_won", "win_share_display",
                    "best_time_seconds", "fewest_moves")
    list_select_related = ("player",)
    readonly_fields = ("player", "games_played", "games_won", "best_time_seconds", "fewest_moves")

    @admin.display(description=_("win share"))
    def win_share_display(self, stats: HeartToHeartStats) -> str:
        share = stats.win_share
        return "—" if share is None else f"{share:.0%}"
