from django.contrib import admin
from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy as _

from .models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Player


class HeartToHeartStatsInline(admin.StackedInline):
    model = HeartToHeartStats
    can_delete = False
    extra = 0
    readonly_fields = ("games_played", "games_won", "best_time_seconds", "fewest_moves")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("public_id", "created_at", "updated_at")
    readonly_fields = ("public_id", "created_at", "updated_at")
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


@admin.register(HeartsGame)
class HeartsGameAdmin(admin.ModelAdmin):
    list_display = ("id", "player", "level", "phase", "result", "created_at", "finished_at")
    list_filter = ("level", "phase", "result")
    search_fields = ("player__public_id",)
    date_hierarchy = "created_at"
    list_select_related = ("player",)
    # The saved state holds every hand: admins may read it, nobody edits it here.
    readonly_fields = [field.name for field in HeartsGame._meta.fields]


@admin.register(HeartsStats)
class HeartsStatsAdmin(admin.ModelAdmin):
    """Per player and level; the list page also shows the totals per level."""

    list_display = ("player", "level", "games_played", "wins", "losses", "draws", "total_seconds")
    list_filter = ("level",)
    list_select_related = ("player",)
    readonly_fields = ("player", "level", "games_played", "wins", "losses", "draws",
                       "total_seconds")
    change_list_template = "admin/games/heartsstats/change_list.html"

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
