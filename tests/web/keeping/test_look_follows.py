"""The cards and table follow the player: a browser that signs in, by a
passkey or a link code, is given the player's saved look in the ``look`` cookie the
first paint reads; signing out and forgetting take the look away with the player
(docs/passkeys.md#look)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import look as looks
from games.models import Player
from tests.web.hearts.helpers import start as start_hearts

from .authenticator import SoftAuthenticator, create_passkey, sign_in

pytestmark = pytest.mark.django_db

MINE = {"look_table": "dark", "look_print": "large", "look_colours": "four", "look_back": "blue"}
THE_PHONES = {"look_table": "light", "look_print": "standard", "look_colours": "two",
              "look_back": "green"}


def _choose(client: Client, choice: dict) -> None:
    assert client.post("/look/", {**choice, "next": "/"}).status_code == 302


def _body_look(client: Client) -> dict:
    html = client.get("/hearts/help/").content.decode()
    body = re.search(r"<body[^>]*>", html).group(0)
    return {name: re.search(rf'data-{name}="([^"]+)"', body).group(1)
            for name in ("table", "print", "colours", "back")}


def _cookie(response) -> str:
    return response.cookies[looks.COOKIE_NAME].value


def _laptop_with_a_look() -> tuple[Client, SoftAuthenticator]:
    laptop = Client()
    start_hearts(laptop)
    _choose(laptop, MINE)
    key = SoftAuthenticator()
    assert create_passkey(laptop, key).status_code == 302
    return laptop, key


@pytest.mark.parametrize("phone_chose", [True, False], ids=["phone-chose", "phone-never-chose"])
def test_a_passkey_sign_in_brings_the_players_look(phone_chose):
    _laptop, key = _laptop_with_a_look()
    phone = Client()
    if phone_chose:
        _choose(phone, THE_PHONES)  # a look (and a player) of the phone's own
    response = sign_in(phone, key)
    assert response.status_code == 302
    assert _cookie(response) == "dark.large.four.blue"
    assert _body_look(phone) == {"table": "dark", "print": "large", "colours": "four",
                                 "back": "blue"}
    assert Player.objects.count() == 1  # the phone's player merged; its look not kept


@pytest.mark.parametrize("phone_chose", [True, False], ids=["phone-chose", "phone-never-chose"])
def test_a_link_code_brings_the_players_look(phone_chose):
    laptop = Client()
    start_hearts(laptop)
    _choose(laptop, MINE)
    page = laptop.post("/keep/link/").content.decode()
    code = re.search(r"data-link-code>([^<]+)<", page).group(1)
    phone = Client()
    if phone_chose:
        _choose(phone, THE_PHONES)
    response = phone.post("/keep/code/", {"code": code})
    assert response.status_code == 302
    assert _cookie(response) == "dark.large.four.blue"
    assert _body_look(phone)["table"] == "dark"


def test_the_look_is_the_one_saved_when_signing_in_not_when_the_code_was_shown():
    laptop = Client()
    start_hearts(laptop)
    page = laptop.post("/keep/link/").content.decode()
    code = re.search(r"data-link-code>([^<]+)<", page).group(1)
    _choose(laptop, MINE)  # chosen after the code was shown
    response = Client().post("/keep/code/", {"code": code})
    assert _cookie(response) == "dark.large.four.blue"


def test_a_stranger_who_makes_a_passkey_keeps_the_look_their_browser_shows():
    """A browser whose player is gone (purged) still wears its look: the player made with
    the passkey saves it, so it follows them to their other devices."""
    client = Client()
    client.cookies[looks.COOKIE_NAME] = "dark.large.four.blue"
    key = SoftAuthenticator()
    response = create_passkey(client, key)
    assert response.status_code == 302 and _cookie(response) == "dark.large.four.blue"
    player = Player.objects.get()
    assert looks.of_player(player) == looks.from_cookie("dark.large.four.blue")
    phone = Client()
    assert _cookie(sign_in(phone, key)) == "dark.large.four.blue"


def _deleted(response) -> bool:
    morsel = response.cookies.get(looks.COOKIE_NAME)
    return morsel is not None and morsel.value == "" and morsel["max-age"] == 0


def test_signing_out_takes_the_look_away_with_the_player():
    laptop, key = _laptop_with_a_look()
    phone = Client()
    sign_in(phone, key)
    response = phone.post("/keep/sign-out/")
    assert response.status_code == 302 and _deleted(response)
    assert _body_look(phone) == {"table": "system", "print": "standard", "colours": "two",
                                 "back": "red"}
    # The player's look is still saved: the next sign-in brings it back.
    assert _cookie(sign_in(phone, key)) == "dark.large.four.blue"
    assert _body_look(laptop)["table"] == "dark"  # the laptop keeps wearing it


def test_forget_me_deletes_the_look_cookie():
    laptop, _key = _laptop_with_a_look()
    response = laptop.post("/keep/forget/", {"confirm": "on"})
    assert response.status_code == 302 and _deleted(response)
    assert _body_look(laptop)["table"] == "system"
    # A stranger's leftover look goes as well: there is nothing else to forget.
    stranger = Client()
    stranger.cookies[looks.COOKIE_NAME] = "dark.large.four.blue"
    assert _deleted(stranger.post("/keep/forget/", {"confirm": "on"}))


def test_a_refused_sign_in_changes_no_look():
    _laptop, key = _laptop_with_a_look()
    phone = Client()
    _choose(phone, THE_PHONES)
    options = phone.post("/keep/sign-in/options/").json()
    response = phone.post("/keep/sign-in/", {"credential": key.get(options, origin="https://evil")})
    assert response.status_code == 400 and looks.COOKIE_NAME not in response.cookies
    wrong = phone.post("/keep/code/", {"code": "0000-0000-0000"})
    assert wrong.status_code == 400 and looks.COOKIE_NAME not in wrong.cookies
