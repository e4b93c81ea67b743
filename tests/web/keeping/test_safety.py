"""The keeping pages' safety promises (docs/passkeys.md#safety): CSRF on every form, limits per
address, nothing that tells a stranger whether a player or a passkey exists."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Challenge, Player
from tests.web.hearts.helpers import start as start_hearts

from .authenticator import SoftAuthenticator, create_passkey

pytestmark = pytest.mark.django_db

POSTS = ("/keep/passkeys/options/", "/keep/passkeys/", "/keep/passkeys/remove/",
         "/keep/sign-in/options/", "/keep/sign-in/", "/keep/link/", "/keep/code/",
         "/keep/join/", "/keep/sign-out/", "/keep/forget/")


@pytest.mark.parametrize("path", POSTS)
def test_every_form_is_csrf_protected(path):
    client = Client(enforce_csrf_checks=True)
    start = Client()
    start_hearts(start)
    client.cookies.update(start.cookies)  # a visitor with a player, without a token
    response = client.post(path, {"code": "7K3M-Q9TX-4WBA", "confirm": "on"})
    assert response.status_code == 403
    assert Player.objects.count() == 1 and Challenge.objects.count() == 0


def test_the_ceremonies_are_limited_per_address_answering_json(settings):
    settings.KEEPING_LIMITS = {**settings.KEEPING_LIMITS, "sign-in": (2, 600)}
    client = Client()
    assert [client.post("/keep/sign-in/options/").status_code for _ in range(3)] == [200, 200, 429]
    limited = client.post("/keep/sign-in/options/")
    assert limited["Content-Type"] == "application/json" and "message" in limited.json()
    assert limited["Retry-After"] == "600"
    assert client.post("/keep/sign-in/", {"credential": "{}"}).status_code == 429
    assert Challenge.objects.count() == 2


def test_the_client_address_comes_from_the_configured_header(settings):
    settings.KEEPING_LIMITS = {**settings.KEEPING_LIMITS, "code": (1, 600)}
    settings.CLIENT_ADDRESS_HEADER = "HTTP_X_REAL_IP"
    client = Client()
    for address, expected in (("10.0.0.1", 400), ("10.0.0.1", 429), ("10.0.0.2", 400)):
        response = client.post("/keep/code/", {"code": "0000-0000-0000"},
                               headers={"X-Real-IP": address})
        assert response.status_code == expected, address


def test_sign_in_options_are_the_same_for_anyone():
    """Discoverable sign-in: the options name no credential, whoever asks."""
    owner = Client()
    create_passkey(owner, SoftAuthenticator())
    shapes = []
    for client in (owner, Client()):
        options = client.post("/keep/sign-in/options/").json()
        options.pop("challenge")
        shapes.append(options)
    assert shapes[0] == shapes[1] and shapes[0]["allowCredentials"] == []
