"""Leaving is as easy as joining: sign out on one device, or forget everything; the
cookie rotates at every sign-in and sign-out (docs/passkeys.md#leaving)."""

from __future__ import annotations

import re

import pytest
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
from tests.web.admin_statistics.helpers import build_known_games, h2h_game, hearts_game
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


HEARTS_FIGURES = ("games_played", "wins", "losses", "draws", "total_seconds")
H2H_FIGURES = ("games_played", "games_won")
DASHBOARD = "/admin/statistics/"
DASHBOARD_TABLES = ("hearts-levels", "h2h-deal-classes", "h2h-winning-moves",
                    "h2h-winning-times", "activity")


def _figures(hearts_rows, h2h_rows) -> dict:
    """Heart to Heart's figures and every Hearts level's, summed over ``*_rows``."""
    figures = {("h2h", name): 0 for name in H2H_FIGURES}
    for row in h2h_rows:
        for name in H2H_FIGURES:
            figures["h2h", name] += getattr(row, name)
    for level in Player.HeartsLevel.values:
        for name in HEARTS_FIGURES:
            figures[level, name] = 0
    for row in hearts_rows:
        for name in HEARTS_FIGURES:
            figures[row.level, name] += getattr(row, name)
    return figures


def _totals() -> dict:
    """Every statistics total the site keeps, and the rows counted."""
    return {
        "figures": _figures(HeartsStats.objects.all(), HeartToHeartStats.objects.all()),
        "h2h_games": HeartToHeartGame.objects.count(),
        "hearts_games": HeartsGame.objects.count(),
        "players": Player.objects.count(),
    }


def _dashboard(admin_client) -> dict:
    """The admin's statistics dashboard as a staff member reads it: each table's rows, and
    each table's CSV file."""
    page = admin_client.get(DASHBOARD)
    assert page.status_code == 200
    html = page.content.decode()
    tables = {}
    for slug in DASHBOARD_TABLES:
        found = re.search(rf'<table data-statistics-table="{slug}">(.*?)</table>', html, re.S)
        assert found, slug
        tables[slug] = re.findall(r"<tr[^>]*>(.*?)</tr>", found.group(1), re.S)
        csv_file = admin_client.get(f"{DASHBOARD}{slug}.csv")
        assert csv_file.status_code == 200 and csv_file["Content-Type"].startswith("text/csv")
        tables[f"{slug}.csv"] = csv_file.content.decode("utf-8-sig")
    return tables


def test_forget_me_deletes_everything_of_the_player_and_exactly_that(admin_client):
    build_known_games()  # other players' games, finished and not, that the dashboard counts
    other = Client()
    start_hearts(other)
    other.post("/heart-to-heart/HH1-N-AAAAAAM/")
    without_me = _totals()
    dashboard_without_me = _dashboard(admin_client)

    laptop, _phone, _key, game = _signed_in_pair()
    laptop.post("/heart-to-heart/HH1-N-AAAAAAB/")
    laptop.post("/keep/link/")
    mine = Player.objects.get(pk=game.player_id)
    # Finished games and figures at every level, so that each total has a share of mine.
    hearts_game(mine, "easy", 0, HeartsGame.Result.WIN, 321)
    hearts_game(mine, "hard", 2, HeartsGame.Result.LOSS, 654)
    h2h_game(mine, "W", 0, HeartToHeartGame.Status.WON, 46, 250)
    for level in ("easy", "medium", "hard"):
        HeartsStats.objects.update_or_create(player=mine, level=level, defaults={
            "games_played": 3, "wins": 2, "losses": 1, "draws": 0, "total_seconds": 975})
    HeartToHeartStats.objects.update_or_create(player=mine, defaults={
        "games_played": 4, "games_won": 1, "best_time_seconds": 250, "fewest_moves": 46})
    my_figures = _figures(HeartsStats.objects.filter(player=mine),
                          HeartToHeartStats.objects.filter(player=mine))
    assert all(my_figures[key] for key in (("h2h", "games_played"), ("easy", "wins"),
                                           ("hard", "total_seconds"), ("medium", "games_played")))
    my_games = {"h2h_games": HeartToHeartGame.objects.filter(player=mine).count(),
                "hearts_games": HeartsGame.objects.filter(player=mine).count()}
    before = _totals()
    dashboard_before = _dashboard(admin_client)
    assert dashboard_before != dashboard_without_me  # my games are on it

    confirm_page = laptop.get("/keep/forget/").content.decode()
    assert f"{sum(my_games.values())} games" in confirm_page and "1 passkey" in confirm_page
    assert laptop.post("/keep/forget/").status_code == 400  # not confirmed
    assert Player.objects.filter(pk=mine.pk).exists()
    response = laptop.post("/keep/forget/", {"confirm": "on"})
    assert response.status_code == 302
    assert response.cookies[COOKIE_NAME].value == ""

    after = _totals()
    # Every total went down by exactly my rows, and is what it was without me.
    assert after["figures"] == {key: value - my_figures[key]
                                for key, value in before["figures"].items()}
    assert after == without_me
    assert after["players"] == before["players"] - 1
    for kind, count in my_games.items():
        assert after[kind] == before[kind] - count
    # The admin's dashboard and its CSV files read as they did before I played.
    assert _dashboard(admin_client) == dashboard_without_me
    for model in (Passkey, Device, LinkCode, Challenge):
        assert not model.objects.filter(player=mine.pk).exists()
    assert Passkey.objects.count() == 0 and Device.objects.count() == 0


def test_forget_me_leaves_the_other_signed_in_devices_strangers():
    laptop, phone, _key, game = _signed_in_pair()
    assert laptop.post("/keep/forget/", {"confirm": "on"}).status_code == 302
    # The phone, signed in to the forgotten player, is a stranger now too.
    assert phone.get(f"/hearts/game/{game.pk}/").status_code == 404
    assert 'data-keeping-state="stranger"' in phone.get("/keep/").content.decode()


def test_forgetting_a_stranger_is_a_clear_nothing():
    client = Client()
    assert "nothing to forget" in client.get("/keep/forget/").content.decode()
    assert client.post("/keep/forget/", {"confirm": "on"}).status_code == 302
