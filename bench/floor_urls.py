"""The site's URLs plus the load benchmark's floors (see bench/floor_settings.py)."""

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


def _player_id(request: HttpRequest) -> int:
    """The visitor's player, as a move finds it (the signed cookie); made on first use."""
    player_id = request.visitor.player_id
    if player_id is None:
        player_id = request.visitor.ensure_player().pk
    return player_id


def read_floor(request: HttpRequest) -> HttpResponse:
    """One query and nothing else: the visitor's player row read by its key (with the
    connection's health check before it, as every request that uses the database)."""
    Player.objects.filter(pk=_player_id(request)).values_list("pk").get()
    return HttpResponse("read floor\n", content_type="text/plain")


def write_floor(request: HttpRequest) -> HttpResponse:
    """What any saved move costs before it has rules or a page: one transaction that locks
    the player's row and writes it (a move's round trips: health check, BEGIN,
    SELECT ... FOR UPDATE, UPDATE, COMMIT), and a tiny answer. GETs that write, which only
    the benchmark may serve."""
    player_id = _player_id(request)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player_id).values_list("pk").get()
        Player.objects.filter(pk=player_id).update(h2h_move_errors=F("h2h_move_errors"))
    return HttpResponse("write floor\n", content_type="text/plain")


urlpatterns = [
    path("bench/floor/", floor),
    path("bench/floor/read/", read_floor),
    path("bench/floor/write/", write_floor),
    *site_urlpatterns,
]
