"""Anonymous players: one Player row per browser session, made on first need."""

from __future__ import annotations

from django.http import HttpRequest

from .models import Player

SESSION_KEY = "player_id"


def current_player(request: HttpRequest, *, create: bool = True) -> Player | None:
    """The Player of this browser session; created (and remembered) when ``create``.

    Pages that only read (the home page) pass ``create=False`` so that crawlers
    and one-off visits do not fill the table.
    """
    player_id = request.session.get(SESSION_KEY)
    if player_id is not None:
        player = Player.objects.filter(pk=player_id).first()
        if player is not None:
            return player
    if not create:
        return None
    player = Player.objects.create()
    # A fresh session key on identity change guards against session fixation.
    request.session.cycle_key()
    request.session[SESSION_KEY] = player.pk
    return player
