"""Leaving is as easy as joining: sign out on one device, or forget everything; the
cookie rotates at every sign-in and sign-out (docs/passkeys.md#leaving)."""

from __future__ import annotations

import pytest
from django.db.models import Sum
from django.test import Client

from games.models import (
    Challenge,
    Device,
    HeartsGame,
    HeartsStats,
    HeartToHeartGame,
    HeartToHeartStats,
    LinkCode,
    Passkey,
    Player,
)
from games.visitors import COOKIE_NAME
from tests.web.hearts.helpers import start as start_hearts

from .authenticator import SoftAuthenticator, create_passkey, sign_in

pytestmark = pytest.mark.django_db


def _signed_in_pair():
    laptop, phone = Client(), Client()
    game = start_hearts(laptop)
    key = SoftAuthenticator()
    create_passkey(laptop, key)
    sign_in(phone, key)
    return laptop, phone, key, game


def test_signing_out_makes_the_device_a_stranger_and_leaves_the_player_alone():
    laptop, phone, _key, game = _signed_in_pair()
    old_cookie = phone.cookies[COOKIE_NAME].value
    response = phone.post("/keep/sign-out/")
    assert response.status_code == 302
    morsel = response.cookies[COOKIE_NAME]
    assert morsel.value == "" and morsel["max-age"] == 0
    assert phone.get(f"/hearts/game/{game.pk}/").status_code == 404
    assert 'data-keeping-state="stranger"' in phone.get("/keep/").content.decode()
    # The old cookie is revoked, not just dropped: a copy of it names nobody.
    thief = Client()
    thief.cookies[COOKIE_NAME] = old_cookie
    assert thief.get(f"/hearts/game/{game.pk}/").status_code == 404
    # The player and the laptop are untouched.
    assert laptop.get(f"/hearts/game/{game.pk}/").status_code == 200
    assert Player.objects.count() == 1 and Passkey.objects.count() == 1


def test_every_sign_in_gives_the_device_a_new_key_and_revokes_the_old_one():
    _laptop, phone, key, game = _signed_in_pair()
    before = phone.cookies[COOKIE_NAME].value
    sign_in(phone, key)
    after = phone.cookies[COOKIE_NAME].value
    assert before != after
    stale = Client()
    stale.cookies[COOKIE_NAME] = before
    assert stale.get(f"/hearts/game/{game.pk}/").status_code == 404
    assert phone.get(f"/hearts/game/{game.pk}/").status_code == 200
    assert Device.objects.count() == 2  # the laptop's and the phone's newest


def test_a_plain_id_cookie_no_longer_names_a_player_once_it_is_kept():
    laptop = Client()
    game = start_hearts(laptop)
    plain = laptop.cookies[COOKIE_NAME].value
    create_passkey(laptop, SoftAuthenticator())
    assert laptop.cookies[COOKIE_NAME].value != plain  # rotated to a device key
    copy = Client()
    copy.cookies[COOKIE_NAME] = plain
    assert copy.get(f"/hearts/game/{game.pk}/").status_code == 404


def test_signing_out_with_nothing_else_keeping_the_progress_asks_first():
    laptop = Client()
    start_hearts(laptop)
    laptop.post("/keep/link/")  # signed in (its own key), but no passkey, no other device
    page = laptop.get("/keep/").content.decode()
    assert 'name="confirm"' in page
    refused = laptop.post("/keep/sign-out/")
    assert refused.status_code == 400 and "nothing could bring it back" in refused.content.decode()
    assert Device.objects.count() == 1
    assert laptop.post("/keep/sign-out/", {"confirm": "on"}).status_code == 302
    assert Device.objects.count() == 0 and Player.objects.count() == 1


def _totals() -> dict:
    return {
        "h2h": HeartToHeartStats.objects.aggregate(p=Sum("games_played"), w=Sum("games_won")),
        "hearts": {row["level"]: row for row in HeartsStats.objects.values("level").annotate(
            p=Sum("games_played"), w=Sum("wins"), s=Sum("total_seconds")).order_by("level")},
        "h2h_games": HeartToHeartGame.objects.count(),
        "hearts_games": HeartsGame.objects.count(),
        "players": Player.objects.count(),
    }


def test_forget_me_deletes_everything_of_the_player_and_exactly_that():
    other = Client()
    start_hearts(other)
    other.post("/heart-to-heart/HH1-N-AAAAAAM/")
    laptop, phone, _key, game = _signed_in_pair()
    laptop.post("/heart-to-heart/HH1-N-AAAAAAB/")
    laptop.post("/keep/link/")
    before = _totals()
    mine = Player.objects.get(pk=game.player_id)
    my_hearts = HeartsStats.objects.get(player=mine)
    my_h2h_games = HeartToHeartGame.objects.filter(player=mine).count()

    confirm_page = laptop.get("/keep/forget/").content.decode()
    assert "2 games" in confirm_page and "1 passkey" in confirm_page
    assert laptop.post("/keep/forget/").status_code == 400  # not confirmed
    assert Player.objects.filter(pk=mine.pk).exists()
    response = laptop.post("/keep/forget/", {"confirm": "on"})
    assert response.status_code == 302
    assert response.cookies[COOKIE_NAME].value == ""

    after = _totals()
    assert after["players"] == before["players"] - 1
    assert after["hearts_games"] == before["hearts_games"] - 1
    assert after["h2h_games"] == before["h2h_games"] - my_h2h_games
    level = my_hearts.level
    assert after["hearts"][level]["p"] == before["hearts"][level]["p"] - my_hearts.games_played
    for model in (Passkey, Device, LinkCode, Challenge):
        assert not model.objects.filter(player=mine.pk).exists()
    assert Passkey.objects.count() == 0 and Device.objects.count() == 0
    # The phone, signed in to the forgotten player, is a stranger now too.
    assert phone.get(f"/hearts/game/{game.pk}/").status_code == 404


def test_forgetting_a_stranger_is_a_clear_nothing():
    client = Client()
    assert "nothing to forget" in client.get("/keep/forget/").content.decode()
    assert client.post("/keep/forget/", {"confirm": "on"}).status_code == 302
