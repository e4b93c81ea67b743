from django.contrib import admin

from .models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("public_id", "created_at", "last_seen_at")
    readonly_fields = ("public_id", "created_at", "last_seen_at")
    search_fields = ("public_id",)
    date_hierarchy = "created_at"
