"""Passkeys through the site: created, listed, signed in with, removed; every foreign or
replayed answer refused with a clear page, never a 500 (docs/passkeys.md)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Challenge, Device, HeartsStats, Passkey, Player
from games.visitors import COOKIE_NAME
from tests.web.hearts.helpers import start as start_hearts

from .authenticator import SoftAuthenticator, b64, create_passkey, sign_in

pytestmark = pytest.mark.django_db

REFUSED = "That passkey could not be checked"
EXPIRED = "That took too long"


def test_a_stranger_creates_a_passkey_and_gets_a_player_of_their_own():
    client = Client()
    assert Player.objects.count() == 0
    response = create_passkey(client, SoftAuthenticator(), label="  My   laptop ")
    assert response.status_code == 302 and response["Location"] == "/keep/"
    player = Player.objects.get()
    passkey = Passkey.objects.get()
    assert passkey.player == player and passkey.label == "My laptop"
    assert passkey.transports == ["internal", "hybrid"] and passkey.backed_up
    assert client.cookies[COOKIE_NAME].value  # a device key, not the player's id
    assert Device.objects.filter(player=player).count() == 1
    page = client.get("/keep/").content.decode()
    assert 'data-keeping-state="signed-in"' in page and "My laptop" in page
    assert "Passkey created" in page


def test_the_options_ask_for_a_discoverable_passkey_and_name_no_one():
    client = Client()
    start_hearts(client)
    player = Player.objects.get()
    options = client.post("/keep/passkeys/options/", {"label": ""}).json()
    assert options["rp"] == {"name": "cardsite", "id": "testserver"}
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    assert options["user"]["name"] == "cardsite"  # no name unless the player types a label
    assert options["user"]["id"] == b64(player.public_id.bytes)
    assert Challenge.objects.count() == 1


def test_a_player_with_progress_keeps_it_and_a_second_device_signs_in_to_it():
    laptop = Client()
    start_hearts(laptop)
    player = Player.objects.get()
    key = SoftAuthenticator()
    assert create_passkey(laptop, key).status_code == 302
    assert Player.objects.count() == 1 and Passkey.objects.get().player == player

    phone = Client()
    response = sign_in(phone, key)
    assert response.status_code == 302
    assert "Signed in. This device shows your progress now." in phone.get("/keep/").content.decode()
    page = phone.get("/hearts/", follow=True)
    assert page.redirect_chain[0][0].startswith("/hearts/game/")  # the game in progress
    assert Player.objects.count() == 1


def test_the_same_authenticator_cannot_be_registered_twice():
    client = Client()
    key = SoftAuthenticator()
    create_passkey(client, key)
    options = client.post("/keep/passkeys/options/").json()
    assert [c["id"] for c in options["excludeCredentials"]] == [b64(key.credential_id)]
    response = client.post("/keep/passkeys/", {"credential": key.create(options)})
    assert response.status_code == 400
    assert "already kept here" in response.content.decode()
    assert Passkey.objects.count() == 1


def test_a_replayed_assertion_is_refused_and_changes_nothing():
    owner, stranger = Client(), Client()
    key = SoftAuthenticator()
    create_passkey(owner, key)
    options = stranger.post("/keep/sign-in/options/").json()
    answer = key.get(options)
    assert stranger.post("/keep/sign-in/", {"credential": answer}).status_code == 302
    # The same answer again: its challenge is spent.
    again = stranger.post("/keep/sign-in/", {"credential": answer})
    assert again.status_code == 400 and EXPIRED in again.content.decode()
    # And with a fresh challenge cookie, the old signature does not cover it.
    stranger.post("/keep/sign-in/options/")
    replay = stranger.post("/keep/sign-in/", {"credential": answer})
    assert replay.status_code == 400 and REFUSED in replay.content.decode()


@pytest.mark.parametrize("kind", ["origin", "rp", "unknown", "signature", "counter"])
def test_a_foreign_or_forged_assertion_gets_one_answer_for_every_reason(kind):
    owner = Client()
    key = SoftAuthenticator()
    create_passkey(owner, key)
    key.counter = 5
    create_sign = Client()
    options = create_sign.post("/keep/sign-in/options/").json()
    if kind == "origin":
        answer = key.get(options, origin="https://evil.example")
    elif kind == "rp":
        answer = key.get(options, rp_id="evil.example")
    elif kind == "unknown":
        answer = SoftAuthenticator().get(options)
    elif kind == "signature":
        answer = json.loads(key.get(options))
        answer["response"]["signature"] = b64(b"\x30\x06\x02\x01\x01\x02\x01\x01")
        answer = json.dumps(answer)
    else:  # a counter that went back: a cloned authenticator
        Passkey.objects.update(sign_count=10)
        answer = key.get(options)
    response = create_sign.post("/keep/sign-in/", {"credential": answer})
    assert response.status_code == 400
    assert REFUSED in response.content.decode()
    assert COOKIE_NAME not in response.cookies or not response.cookies[COOKIE_NAME].value


@pytest.mark.parametrize("credential", [
    "", "null", "[]", "{}", '{"id": 1}', "not json", "A" * 10_000, '{"id": "x", "rawId": "%%%",'
    ' "type": "public-key", "response": {"clientDataJSON": "e30", "authenticatorData": "",'
    ' "signature": ""}}',
])
@pytest.mark.parametrize("path", ["/keep/sign-in/", "/keep/passkeys/"])
def test_garbage_is_a_clear_400_never_a_500(credential, path):
    client = Client(raise_request_exception=False)
    client.post(path.replace("/keep/passkeys/", "/keep/passkeys/options/")
                .replace("/keep/sign-in/", "/keep/sign-in/options/"))
    response = client.post(path, {"credential": credential})
    assert response.status_code == 400
    assert 'data-keeping-problem' in response.content.decode()


def test_without_the_challenge_cookie_nothing_is_checked():
    owner = Client()
    key = SoftAuthenticator()
    create_passkey(owner, key)
    other = Client()
    options = other.post("/keep/sign-in/options/").json()
    other.cookies.pop("passkey_challenge")
    response = other.post("/keep/sign-in/", {"credential": key.get(options)})
    assert response.status_code == 400 and EXPIRED in response.content.decode()


def test_an_expired_challenge_is_refused():
    owner = Client()
    key = SoftAuthenticator()
    create_passkey(owner, key)
    other = Client()
    options = other.post("/keep/sign-in/options/").json()
    Challenge.objects.update(expires_at=timezone.now())
    response = other.post("/keep/sign-in/", {"credential": key.get(options)})
    assert response.status_code == 400 and EXPIRED in response.content.decode()


def test_a_player_lists_and_removes_their_passkeys_only():
    mine, theirs = Client(), Client()
    create_passkey(mine, SoftAuthenticator(), label="Phone")
    create_passkey(mine, SoftAuthenticator(), label="Key")
    create_passkey(theirs, SoftAuthenticator(), label="Theirs")
    page = mine.get("/keep/").content.decode()
    assert page.count('data-action="remove-passkey"') == 2 and "Theirs" not in page
    their_key = Passkey.objects.get(label="Theirs")
    assert mine.post("/keep/passkeys/remove/", {"passkey": their_key.pk}).status_code == 400
    assert mine.post("/keep/passkeys/remove/", {"passkey": "1 OR 1=1"}).status_code == 400
    phone = Passkey.objects.get(label="Phone")
    assert mine.post("/keep/passkeys/remove/", {"passkey": phone.pk}).status_code == 302
    assert sorted(Passkey.objects.values_list("label", flat=True)) == ["Key", "Theirs"]


def test_signing_in_merges_the_devices_own_progress():
    laptop = Client()
    start_hearts(laptop)
    key = SoftAuthenticator()
    create_passkey(laptop, key)
    phone = Client()
    start_hearts(phone)
    assert Player.objects.count() == 2
    response = sign_in(phone, key)
    assert response["Location"] == "/keep/join/"  # both have a Hearts game in progress
    page = phone.get("/keep/join/").content.decode()
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    kept = re.search(r'name="hearts" value="([^"]*)"[^>]* checked', page).group(1)
    assert phone.post("/keep/join/", {"hearts": kept, "seen": seen}).status_code == 302
    assert "are now part of your progress" in phone.get("/keep/").content.decode()
    assert Player.objects.count() == 1
    assert list(HeartsStats.objects.values_list("level", "games_played")) == [("medium", 2)]


def test_the_admin_lists_a_players_passkeys_without_their_secrets(admin_client):
    client = Client()
    create_passkey(client, SoftAuthenticator(), label="Laptop")
    passkey = Passkey.objects.get()
    page = admin_client.get(f"/admin/games/player/{passkey.player_id}/change/").content.decode()
    assert "Laptop" in page
    assert passkey.credential_id not in page
    assert b64(bytes(passkey.public_key)) not in page and "public key" not in page.lower()


def test_the_ceremony_addresses_answer_a_get_with_the_page():
    client = Client()
    for path in ("/keep/passkeys/options/", "/keep/sign-in/options/", "/keep/passkeys/",
                 "/keep/sign-in/", "/keep/link/", "/keep/sign-out/", "/keep/passkeys/remove/"):
        response = client.get(path)
        assert (response.status_code, response["Location"]) == (302, "/keep/"), path
    assert Challenge.objects.count() == 0 and Player.objects.count() == 0


def test_the_list_shows_each_passkeys_label_and_its_dates():
    client = Client()
    phone, key = SoftAuthenticator(), SoftAuthenticator()
    create_passkey(client, phone, label="Phone")
    create_passkey(client, key, label="")
    Passkey.objects.filter(label="Phone").update(
        created_at=timezone.make_aware(timezone.datetime(2026, 3, 14, 12)))
    sign_in(Client(), phone)  # used once: its last use is listed too
    page = client.get("/keep/").content.decode()
    items = {
        passkey: re.sub(r"\s+", " ", body)
        for passkey, body in re.findall(r'<li data-passkey="(\d+)">(.*?)</li>', page, re.S)
    }
    by_label = {Passkey.objects.get(pk=pk).label: text for pk, text in items.items()}
    today = timezone.localdate().strftime("%-d %B %Y")
    assert re.search(r'class="passkey-label">Phone<', by_label["Phone"])
    assert "created 14 March 2026" in by_label["Phone"]
    assert f"last used {today}" in by_label["Phone"]
    assert re.search(r'class="passkey-label">Passkey<', by_label[""])  # no label typed
    assert f"created {today}" in by_label[""] and "last used" not in by_label[""]


def test_removing_the_last_passkey_asks_first():
    client = Client()
    create_passkey(client, SoftAuthenticator(), label="Phone")
    create_passkey(client, SoftAuthenticator(), label="Key")
    page = client.get("/keep/").content.decode()
    assert 'name="confirm"' not in page.split('class="passkey-list"')[1].split("</ul>")[0]
    first = Passkey.objects.get(label="Phone")
    assert client.post("/keep/passkeys/remove/", {"passkey": first.pk}).status_code == 302
    last = Passkey.objects.get()
    page = client.get("/keep/").content.decode()
    listed = page.split('class="passkey-list"')[1].split("</ul>")[0]
    assert 'name="confirm"' in listed and "Yes, remove my last passkey" in listed
    refused = client.post("/keep/passkeys/remove/", {"passkey": last.pk})
    assert refused.status_code == 400 and "This is your last passkey" in refused.content.decode()
    assert 'aria-invalid="true"' in refused.content.decode()
    assert Passkey.objects.filter(pk=last.pk).exists()
    removed = client.post("/keep/passkeys/remove/", {"passkey": last.pk, "confirm": "on"})
    assert removed.status_code == 302 and Passkey.objects.count() == 0
