"""A signed-in visitor's pages cost what anyone's do (docs/passkeys.md#measured): the one query
that finds the player finds the browser's key with it (games/visitors.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.web.hearts.helpers import HX
from tests.web.hearts.helpers import start as start_hearts

from .authenticator import SoftAuthenticator, create_passkey, sign_in

pytestmark = pytest.mark.django_db


def _count(client: Client, method: str, url: str, **kwargs) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, **kwargs)
    assert response.status_code in (200, 302), (url, response.status_code)
    return len(queries)


def _anonymous_and_signed_in():
    anonymous = Client()
    hearts = start_hearts(anonymous)
    h2h = anonymous.post("/heart-to-heart/HH1-N-AAAAAAM/")["Location"]
    signed = Client()
    signed_hearts = start_hearts(signed)
    signed_h2h = signed.post("/heart-to-heart/HH1-N-AAAAAAM/")["Location"]
    key = SoftAuthenticator()
    create_passkey(signed, key)
    phone = Client()
    sign_in(phone, key)  # a second browser, signed in by its passkey
    return (anonymous, hearts, h2h), (phone, signed_hearts, signed_h2h)


def test_a_get_costs_a_signed_in_visitor_what_it_costs_anyone(django_assert_num_queries):
    (anonymous, hearts, h2h), (phone, signed_hearts, signed_h2h) = _anonymous_and_signed_in()
    for mine, theirs in ((f"/hearts/game/{hearts.pk}/", f"/hearts/game/{signed_hearts.pk}/"),
                         (h2h, signed_h2h), ("/hearts/", "/hearts/"),
                         ("/heart-to-heart/HH1-N-AAAAAAB/", "/heart-to-heart/HH1-N-AAAAAAB/")):
        assert _count(phone, "get", theirs) == _count(anonymous, "get", mine), theirs
    # Pinned: the player (with this browser's key, one join); the game; the statistics.
    with django_assert_num_queries(3):
        assert phone.get(f"/hearts/game/{signed_hearts.pk}/").status_code == 200
    with django_assert_num_queries(3):
        assert phone.get(signed_h2h).status_code == 200


def test_a_move_costs_a_signed_in_visitor_one_query_more(django_assert_num_queries):
    """A plain id is read from the cookie without a query; a browser's key is checked
    against the database (so that a key signed out elsewhere acts on nothing)."""
    (_anonymous, _hearts, _h2h), (phone, signed_hearts, _signed_h2h) = _anonymous_and_signed_in()
    signed_hearts.refresh_from_db()
    # the player by this browser's key; the game; the version-checked update
    with django_assert_num_queries(3):
        response = phone.post(f"/hearts/game/{signed_hearts.pk}/advance/",
                              {"version": signed_hearts.version}, headers=HX)
    assert response.status_code == 200


def test_the_keeping_page_costs_a_fixed_number_of_queries(django_assert_num_queries):
    (_a, _h, _g), (phone, _sh, _sg) = _anonymous_and_signed_in()
    # the player by key; their passkeys; whether a passkey keeps them (it does: no more)
    with django_assert_num_queries(3):
        assert phone.get("/keep/").status_code == 200
