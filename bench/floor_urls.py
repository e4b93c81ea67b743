"""The site's URLs plus the load benchmark's two floors (see bench/floor_settings.py)."""

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.urls import path

from cardsite.urls import handler500
from cardsite.urls import urlpatterns as site_urlpatterns
from games.models import Player

__all__ = ["handler500", "urlpatterns"]


def floor(request: HttpRequest) -> HttpResponse:
    """Nothing at all: what every request costs before a page does any work."""
    return HttpResponse("floor\n", content_type="text/plain")


def database_floor(request: HttpRequest) -> HttpResponse:
    """What any saved move costs before it has rules or a page: the visitor's player from
    the session, then one transaction that locks the player's row and writes it (the
    round trips of a move: health check, session, BEGIN, SELECT ... FOR UPDATE, UPDATE,
    COMMIT), and a tiny answer. A GET that writes, which only the benchmark may serve."""
    player_id = request.visitor.player_id
    if player_id is None:
        player_id = request.visitor.ensure_player().pk
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player_id).values_list("pk").get()
        Player.objects.filter(pk=player_id).update(h2h_move_errors=F("h2h_move_errors"))
    return HttpResponse("database floor\n", content_type="text/plain")


urlpatterns = [
    path("bench/floor/", floor),
    path("bench/floor/database/", database_floor),
    *site_urlpatterns,
]
