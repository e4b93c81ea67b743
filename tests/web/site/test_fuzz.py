"""No input gives a 5xx, and nobody's request changes another visitor's game.

A seeded run of ``harness/fuzz_requests.py`` through Django's test client: most requests
with CSRF checks off (so they reach the views), a share with them on (missing, forged
and real tokens). The fuzzing visitor owns some games (two of them with a saved state
nobody can read); another visitor owns others, which must come out byte for byte as
they went in. ``bench/bench_fuzz.py`` runs the same requests against gunicorn.
"""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from games.models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Player
from harness.fuzz_requests import FuzzRequest, Generator, Ids
from tests.web.hearts.helpers import start as start_hearts

KEEPING_ENDPOINTS = ("/keep/", "/keep/passkeys/options/", "/keep/passkeys/",
                     "/keep/passkeys/remove/", "/keep/sign-in/options/", "/keep/sign-in/",
                     "/keep/link/", "/keep/code/", "/keep/code/<code>/", "/keep/sign-out/",
                     "/keep/forget/")
GET_ONLY = {"/keep/", "/keep/code/<code>/"}  # a POST there is a 405, as it should be
SEED = 20261130
REQUESTS = 1000  # CSRF checks off: the views see every kind of value
CSRF_REQUESTS = 400  # CSRF checks on


def keeping_endpoint(path: str) -> str:
    path = path.split("?", 1)[0]
    if path.startswith("/keep/code/") and path != "/keep/code/":
        return "/keep/code/<code>/"
    return path


def send(client: Client, request: FuzzRequest, token: str | None):
    headers = request.request_headers(token)
    content_type = headers.pop("Content-Type", "application/octet-stream")
    body = b"" if request.method in ("GET", "HEAD", "OPTIONS") else request.body(token)
    return client.generic(request.method, request.path, data=body, content_type=content_type,
                          headers=headers)


def _visitor_with_games(client: Client) -> tuple[list[str], list[str]]:
    h2h = client.post("/heart-to-heart/HH1-N-AAAAAAM/")["Location"].rstrip("/").rsplit("/")[-1]
    game = HeartToHeartGame.objects.get(pk=h2h)
    client.post(f"/heart-to-heart/game/{h2h}/", {"target": "stock", "version": game.version})
    hearts = str(start_hearts(client).pk)
    return [h2h], [hearts]


def _others_snapshot(player: Player) -> dict:
    """Everything saved for a player, field by field."""
    return {
        "player": list(Player.objects.filter(pk=player.pk).values()),
        "h2h": list(HeartToHeartGame.objects.filter(player=player).order_by("pk").values()),
        "hearts": list(HeartsGame.objects.filter(player=player).order_by("pk").values()),
        "h2h_stats": list(HeartToHeartStats.objects.filter(player=player).values()),
        "hearts_stats": list(HeartsStats.objects.filter(player=player).order_by("pk").values()),
    }


def _unreadable_games(client: Client) -> tuple[str, str]:
    """Two games of the fuzzing visitor whose saved state is garbage (BAD_SAVE)."""
    h2h = client.post("/heart-to-heart/HH1-N-AAAAAAB/")["Location"].rstrip("/").rsplit("/")[-1]
    HeartToHeartGame.objects.filter(pk=h2h).update(state={"version": 1, "layout": "??"})
    hearts = start_hearts(client)
    HeartsGame.objects.filter(pk=hearts.pk).update(state=["not", "a", "game"])
    return h2h, str(hearts.pk)


@pytest.fixture
def quiet_4xx():
    """Thousands of 4xx warnings cost time to format; a 5xx (ERROR) is still logged."""
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.ERROR)
    yield
    logger.setLevel(level)


@pytest.mark.django_db
def test_hostile_requests_never_get_a_5xx_nor_change_another_visitors_game(quiet_4xx):
    other = Client()
    others_h2h, others_hearts = _visitor_with_games(other)
    other_player = Player.objects.get()
    before = _others_snapshot(other_player)

    fuzzer = Client(raise_request_exception=False)
    own_h2h, own_hearts = _visitor_with_games(fuzzer)
    bad_h2h, bad_hearts = _unreadable_games(fuzzer)
    ids = Ids(tuple([*own_h2h, bad_h2h]), tuple([*own_hearts, bad_hearts]),
              tuple(others_h2h), tuple(others_hearts))

    strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
    strict.get("/hearts/")  # the CSRF cookie a browser would hold
    token = strict.cookies["csrftoken"].value

    failures, statuses, keeping = [], {}, {}
    for client, count, seed, client_token in (
        (fuzzer, REQUESTS, SEED, None), (strict, CSRF_REQUESTS, SEED + 1, token)
    ):
        for request in Generator(seed, ids).requests(count):
            response = send(client, request, client_token)
            statuses[response.status_code // 100] = statuses.get(response.status_code // 100, 0) + 1
            if response.status_code >= 500:
                failures.append((response.status_code, request.describe()))
            if request.path.startswith("/keep/"):
                endpoint = keeping_endpoint(request.path)
                keeping.setdefault(endpoint, []).append((request.method, response.status_code))

    assert failures == []
    assert _others_snapshot(other_player) == before
    # The run reached the views (pages drawn, actions redirected), not only refusals.
    assert statuses.get(2, 0) > 50 and statuses.get(3, 0) > 50 and statuses.get(4, 0) > 200
    # The keeping pages (/keep/) were reached too: each was sent a POST the view itself
    # answered (not Django's CSRF refusal, not a wrong method), and some of them did more
    # than refuse (a page, a redirect, JSON options).
    assert set(keeping) == set(KEEPING_ENDPOINTS), sorted(keeping)
    for endpoint, answers in keeping.items():
        reached = [status for method, status in answers
                   if method == "POST" and status not in (403, 405)]
        if endpoint not in GET_ONLY:
            assert reached, (endpoint, answers)
        assert any(status < 400 for _method, status in answers), (endpoint, answers)
    assert not [endpoint for endpoint, answers in keeping.items()
                if any(status >= 500 for _method, status in answers)]


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_an_unreadable_saved_game_answers_a_clear_page_and_changes_nothing(client, htmx):
    bad_h2h, bad_hearts = _unreadable_games(client)
    headers = {"HX-Request": "true"} if htmx else {}
    for method, url, data in (
        ("get", f"/heart-to-heart/game/{bad_h2h}/", None),
        ("post", f"/heart-to-heart/game/{bad_h2h}/", {"target": "stock", "version": "1"}),
        ("post", f"/heart-to-heart/game/{bad_h2h}/", {"action": "undo", "version": "1"}),
        ("get", f"/hearts/game/{bad_hearts}/", None),
        ("post", f"/hearts/game/{bad_hearts}/", {"choose": "QS"}),
        ("post", f"/hearts/game/{bad_hearts}/advance/", {"version": "1"}),
    ):
        response = getattr(client, method)(url, data, headers=headers)
        assert response.status_code == 409, url
        assert 'data-message="unreadable-game"' in response.content.decode()
        if htmx:
            assert response["HX-Retarget"] == "body"
    assert HeartToHeartGame.objects.get(pk=bad_h2h).version == 1
    assert HeartsGame.objects.get(pk=bad_hearts).state == ["not", "a", "game"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/no-such-page/", "/heart-to-heart/game/x/", "/hearts/options/"])
@pytest.mark.parametrize(
    ("body", "content_type"),
    [(b"--broken", "multipart/form-data"), (b"a=1&" * 1500, "application/x-www-form-urlencoded")],
)
def test_a_body_django_cannot_parse_is_a_400_even_where_no_route_matches(path, body, content_type):
    """Found by bench/bench_fuzz.py: the 404 page's own CSRF check read the broken body
    first, outside Django's handling, and the visitor got a 500."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/")
    response = client.generic("POST", path, data=body, content_type=content_type,
                              headers={"X-CSRFToken": client.cookies["csrftoken"].value})
    assert response.status_code == 400
