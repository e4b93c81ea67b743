"""The operator's metrics (cardsite/metrics.py): what players do moves the counters by
exactly that much, and /metrics answers only where the operator allows."""

import pytest
from django.test import Client

from cardsite import metrics
from games.models import HeartToHeartGame
from tests.web.heart_to_heart.helpers import start as start_h2h
from tests.web.heart_to_heart.helpers import tap, winning_line
from tests.web.hearts.helpers import advance, computers_pass, state, step
from tests.web.hearts.helpers import start as start_hearts
from tests.web.keeping.test_link_codes import show_code
from tests.web.metrics import moved, samples

pytestmark = pytest.mark.django_db


def test_a_won_heart_to_heart_game_moves_the_counters_by_its_moves(client):
    before = samples(client)
    game = start_h2h(client)
    line = winning_line()
    for target in line:
        assert tap(client, game, target).status_code == 200
    game = HeartToHeartGame.objects.get(pk=game.pk)
    assert game.status == "won"
    tap(client, game, line[-1], version=1)  # stale: answered, nothing applied
    after = samples(client)
    h2h = {"game": "heart_to_heart"}
    assert moved(before, after, "cardsite_moves_total", **h2h) == len(line)
    assert moved(before, after, "cardsite_games_started_total", **h2h, level="-") == 1
    assert moved(before, after, "cardsite_games_finished_total", **h2h, level="-",
                 result="won") == 1
    assert moved(before, after, "cardsite_moves_total", game="hearts") == 0
    # Every request was timed, the moves by the game's view.
    assert moved(before, after, "cardsite_request_duration_seconds_count",
                 view="h2h:game", method="POST") == len(line) + 1
    assert moved(before, after, "cardsite_request_database_seconds_count",
                 view="h2h:game") == len(line) + 1


def test_hearts_moves_count_every_step_that_moved_the_game(client):
    before = samples(client)
    game = start_hearts(client)
    computers_pass(client, game)
    for _ in range(12):
        step(client, game)
    advance(client, game, version=1)  # stale: nothing applied
    game.refresh_from_db()
    after = samples(client)
    # Every applied step moves the version by one; choosing for the pass moves none and
    # is no move.
    assert moved(before, after, "cardsite_moves_total", game="hearts") == game.version - 1
    assert moved(before, after, "cardsite_games_started_total", game="hearts",
                 level=game.level) == 1
    assert state(game).phase != "game-over"
    assert not any(moved(before, after, "cardsite_games_finished_total", game="hearts",
                         level=game.level, result=result) for result in ("win", "loss", "draw"))
    assert moved(before, after, "cardsite_request_duration_seconds_count",
                 view="hearts:advance", method="POST") >= 1


def test_a_server_error_is_counted_as_an_error_of_its_view(client, monkeypatch):
    from games.services import hearts as service

    game = start_hearts(client)
    before = samples(client)

    def broken(**_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "advance", broken)
    client.raise_request_exception = False
    assert advance(client, game).status_code == 500
    after = samples(client)
    assert moved(before, after, "cardsite_errors_total", view="hearts:advance",
                 status="500") == 1


@pytest.mark.parametrize("meta", [
    {"REMOTE_ADDR": "203.0.113.9"},
    # Through a proxy on this machine, for someone outside: refused too.
    {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "203.0.113.9"},
    {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.9, 127.0.0.1"},
    {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "not an address"},
])
def test_metrics_are_refused_outside_the_allowed_networks(client, meta):
    response = client.get("/metrics", **meta)
    assert response.status_code == 404
    assert b"cardsite_" not in response.content


def test_a_configured_network_may_read_the_metrics(client, monkeypatch):
    monkeypatch.setenv("METRICS_ALLOWED_NETWORKS", "10.1.0.0/16, 127.0.0.1/32")
    metrics._allowed_networks.cache_clear()
    try:
        assert client.get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 200
        assert client.get("/metrics", REMOTE_ADDR="10.2.0.1").status_code == 404
    finally:
        monkeypatch.undo()
        metrics._allowed_networks.cache_clear()


def test_the_metrics_are_never_cached_and_set_no_cookie(client):
    response = client.get("/metrics")
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    assert not response.cookies


def test_a_link_code_made_and_used_moves_its_counters_and_a_sign_in(client):
    laptop, phone, wrong = Client(), Client(), Client()
    start_h2h(laptop)
    before = samples(client)
    code = show_code(laptop)
    assert wrong.post("/keep/code/", {"code": "AAAA-AAAA-AAAA"}).status_code == 400
    assert phone.post("/keep/code/", {"code": code}).status_code == 302
    after = samples(client)
    assert moved(before, after, "cardsite_link_codes_total", event="made") == 1
    assert moved(before, after, "cardsite_link_codes_total", event="used") == 1  # not the wrong one
    assert moved(before, after, "cardsite_sign_ins_total", way="link code") == 1
    assert moved(before, after, "cardsite_sign_ins_total", way="passkey") == 0
