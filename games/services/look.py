"""Saving a player's cards-and-table choice (games/look.py mirrors it in a cookie)."""

from __future__ import annotations

from games.look import Look
from games.models import Player

FIELDS = ("look_table", "look_print", "look_colours", "look_back")


def save_look(*, player: Player, look: Look) -> None:
    player.look_table, player.look_print = look.table, look.print
    player.look_colours, player.look_back = look.colours, look.back
    player.full_clean(exclude=["public_id"])
    player.save(update_fields=[*FIELDS, "updated_at"])
