"""A link never loses a game: when both players have a game of one kind in progress, the
page that joins them asks which goes on (docs/passkeys.md#merge,
docs/rules.md#joined-games). Plain forms, no JavaScript."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Player
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service
from games.visitors import COOKIE_NAME
from tests.web.heart_to_heart.helpers import play_line, tap, winning_line
from tests.web.heart_to_heart.helpers import start as start_h2h
from tests.web.hearts.helpers import start as start_hearts
from tests.web.keeping.test_link_codes import show_code

pytestmark = pytest.mark.django_db

OTHER_CODE = "HH1-N-AAAAAAC"


def _laptop_and_phone():
    """The laptop plays 20 moves of the example deal; the phone taps its stock once on
    another deal; the laptop shows a code and the phone enters it."""
    laptop, phone = Client(), Client()
    played = start_h2h(laptop)
    play_line(laptop, played, winning_line()[:20])
    fresh = start_h2h(phone, OTHER_CODE)
    assert tap(phone, fresh, "stock").status_code == 200
    code = show_code(laptop)
    response = phone.post("/keep/code/", {"code": code})
    return laptop, phone, played, fresh, response


def _radio(page: str, game) -> str:
    return re.search(rf'<input[^>]*value="{game.pk}"[^>]*>', page).group(0)


def _seen(page: str) -> str:
    return re.search(r'name="seen" value="([^"]*)"', page).group(1)


def test_the_join_asks_which_game_goes_on_and_changes_nothing_before():
    _laptop, phone, played, fresh, response = _laptop_and_phone()
    assert response.status_code == 302 and response["Location"] == "/keep/join/"
    assert Player.objects.count() == 2  # nothing joined yet
    page = phone.get("/keep/join/").content.decode()
    played.refresh_from_db()
    left = 25 - played.score // 10
    assert f"Deal {EXAMPLE_CODE}: {played.moves} moves, {left} cards left" in page
    assert f"Deal {OTHER_CODE}: 1 move, 25 cards left in the heart" in page
    assert " checked" in _radio(page, played)  # more progress: the default
    assert " checked" not in _radio(page, fresh)
    assert "<script" not in page.split("</header>")[1].split("<footer")[0]
    assert Player.objects.count() == 2  # a GET joins nothing


def test_the_game_chosen_goes_on_and_the_other_is_abandoned_on_both_devices():
    laptop, phone, played, fresh, _response = _laptop_and_phone()
    page = phone.get("/keep/join/").content.decode()
    response = phone.post("/keep/join/", {"heart_to_heart": fresh.pk, "seen": _seen(page)})
    assert response.status_code == 302
    assert Player.objects.count() == 1
    player = Player.objects.get()
    # The game chosen is the one in progress, though the other was played last.
    assert h2h_service.current_game(player=player).pk == fresh.pk
    for device in (laptop, phone):
        assert device.get("/heart-to-heart/")["Location"].endswith(f"/game/{fresh.pk}/")
    left = laptop.get(f"/heart-to-heart/game/{played.pk}/").content.decode()
    assert 'data-message="replaced"' in left and str(fresh.pk) in left
    home = phone.get("/keep/").content.decode()
    assert f"Heart to Heart: you go on with the game of deal {OTHER_CODE} (1 move" in home
    assert "counts as played, never as lost" in home
    assert HeartToHeartStats.objects.get(player=player).games_played == 2  # both, once
    assert HeartToHeartStats.objects.get(player=player).games_won == 0


def test_a_choice_made_on_games_that_moved_on_is_asked_again():
    laptop, phone, played, _fresh, _response = _laptop_and_phone()
    page = phone.get("/keep/join/").content.decode()
    assert tap(laptop, played, "stock").status_code == 200  # the laptop plays on meanwhile
    response = phone.post("/keep/join/", {"heart_to_heart": played.pk, "seen": _seen(page)})
    assert response.status_code == 409
    assert "moved on while you were choosing" in response.content.decode()
    assert Player.objects.count() == 2
    again = response.content.decode()
    assert phone.post("/keep/join/", {"heart_to_heart": played.pk,
                                      "seen": _seen(again)}).status_code == 302
    assert Player.objects.count() == 1


def test_a_join_answered_without_a_choice_or_from_another_browser_changes_nothing():
    _laptop, phone, _played, _fresh, _response = _laptop_and_phone()
    page = phone.get("/keep/join/").content.decode()
    assert phone.post("/keep/join/", {"seen": _seen(page)}).status_code == 400
    assert phone.post("/keep/join/", {"heart_to_heart": "not-a-game",
                                      "seen": _seen(page)}).status_code == 400
    stranger = Client()
    stranger.cookies["keeping_join"] = phone.cookies["keeping_join"].value
    assert stranger.post("/keep/join/", {"seen": _seen(page)}).status_code == 409
    assert stranger.get("/keep/join/")["Location"] == "/keep/"
    assert Player.objects.count() == 2


def test_hearts_games_show_their_deal_and_totals_and_the_one_kept_is_resumed():
    laptop, phone = Client(), Client()
    kept = start_hearts(laptop)
    other = start_hearts(phone)
    code = show_code(laptop)
    assert phone.post("/keep/code/", {"code": code})["Location"] == "/keep/join/"
    page = phone.get("/keep/join/").content.decode()
    assert page.count("Deal 1, totals: You 0, Computer 1 0, Computer 2 0, Computer 3 0") == 2
    assert phone.post("/keep/join/", {"hearts": kept.pk, "seen": _seen(page)}).status_code == 302
    player = Player.objects.get()
    assert hearts_service.current_game(player=player).pk == kept.pk
    assert HeartsGame.objects.get(pk=other.pk).result == ""  # abandoned: not a loss
    stats = HeartsStats.objects.get(player=player)
    assert (stats.games_played, stats.losses) == (2, 0)


def test_an_unfinished_game_stays_in_progress_beside_a_newer_won_one():
    laptop, phone = Client(), Client()
    fresh = start_h2h(phone, OTHER_CODE)
    tap(phone, fresh, "stock")
    won = start_h2h(laptop)
    play_line(laptop, won, winning_line())
    assert HeartToHeartGame.objects.get(pk=won.pk).status == "won"
    code = show_code(laptop)
    assert phone.post("/keep/code/", {"code": code})["Location"] == "/keep/"  # no choice
    player = Player.objects.get()
    assert h2h_service.current_game(player=player).pk == fresh.pk


@pytest.mark.parametrize("data", [
    {}, {"heart_to_heart": "x" * 500}, {"hearts": "1", "seen": "a:1 b:2"},
    {"seen": "x" * 1000}, {"heart_to_heart": ["1", "2"], "seen": ["", ""]},
])
def test_garbage_sent_to_the_join_is_a_clear_answer_and_changes_nothing(data):
    _laptop, phone, _played, _fresh, _response = _laptop_and_phone()
    assert phone.post("/keep/join/", data).status_code in (400, 409)
    stranger = Client()
    stranger.cookies["keeping_join"] = "1:2"  # unsigned: names nobody
    assert stranger.post("/keep/join/", data).status_code == 409
    assert Player.objects.count() == 2


def test_a_kept_players_old_plain_cookie_joins_nothing():
    """A plain-id cookie copied before its player was kept names nobody on a join: it
    cannot carry that player's progress into another player's."""
    victim = Client()
    start_hearts(victim)
    old_cookie = victim.cookies[COOKIE_NAME].value
    show_code(victim)  # the victim's browser now holds its own key: the player is kept
    attacker = Client()
    start_hearts(attacker)
    code = show_code(attacker)
    thief = Client()
    thief.cookies[COOKIE_NAME] = old_cookie
    assert thief.post("/keep/code/", {"code": code})["Location"] == "/keep/"
    assert Player.objects.count() == 2
    assert HeartsGame.objects.values("player").distinct().count() == 2
