"""request.visitor: the signed cookie's player, looked up lazily, created only when asked."""

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.middleware import SessionMiddleware
from django.core import signing
from django.http import HttpResponse
from django.test import RequestFactory

from games.models import Player
from games.visitors import COOKIE_NAME, SALT, SESSION_KEY, Visitor, VisitorMiddleware

pytestmark = pytest.mark.django_db


def _read(request):
    return request.visitor.player_id


def _visit(cookies=None, session=None, view=_read):
    """One request through the session and visitor middleware, whose view reads (or does
    what ``view`` does with) the visitor; (request, response)."""
    request = RequestFactory().get("/")
    request.COOKIES.update(cookies or {})
    if session is not None:
        store = SessionStore()
        store.update(session)
        store.save()
        request.COOKIES[settings.SESSION_COOKIE_NAME] = store.session_key
    seen = {}

    def inner(request):
        seen["request"] = request
        view(request)
        return HttpResponse("ok")

    response = SessionMiddleware(VisitorMiddleware(inner))(request)
    return seen["request"], response


def _signed(value: str) -> str:
    """What ``set_signed_cookie`` writes for ``value``."""
    return signing.get_cookie_signer(salt=COOKIE_NAME + SALT).sign(value)


def test_player_is_created_lazily_and_remembered_by_a_signed_cookie():
    request, response = _visit()
    assert request.visitor.player is None
    assert COOKIE_NAME not in response.cookies
    assert Player.objects.count() == 0

    request, response = _visit(view=lambda request: request.visitor.ensure_player())
    player = Player.objects.get()
    morsel = response.cookies[COOKIE_NAME]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert morsel["max-age"] == settings.PLAYER_COOKIE_AGE

    request, response = _visit(cookies={COOKIE_NAME: morsel.value})  # the next request
    assert request.visitor.player == player
    assert request.visitor.ensure_player() == player
    assert COOKIE_NAME not in response.cookies  # nothing to say again
    assert Player.objects.count() == 1


def test_a_players_requests_never_touch_the_session_store(django_assert_num_queries):
    player = Player.objects.create()
    with django_assert_num_queries(0):
        request, response = _visit(cookies={COOKIE_NAME: _signed(str(player.pk))})
    assert request.visitor.player_id == player.pk
    assert response.headers["Vary"] == "Cookie"  # a page for this visitor only
    with django_assert_num_queries(1):
        assert request.visitor.player == player
        assert request.visitor.player == player  # looked up once


@pytest.mark.parametrize("value", [
    "1",  # not signed
    "1:forged-signature",
    "1 OR 1=1",
    "",
    "\u0661",  # a digit, but not an ASCII one
])
def test_a_cookie_the_site_did_not_sign_is_nobody(value):
    Player.objects.create(pk=1)
    request, _response = _visit(cookies={COOKIE_NAME: value})
    assert request.visitor.player_id is None and request.visitor.player is None


def test_a_signed_value_that_is_not_an_id_is_nobody():
    request, _response = _visit(cookies={COOKIE_NAME: _signed("1 OR 1=1")})
    assert request.visitor.player_id is None


def test_a_cookie_pointing_at_a_deleted_player_gets_a_new_one():
    request, response = _visit(cookies={COOKIE_NAME: _signed("987654")},
                               view=lambda request: request.visitor.ensure_player())
    player = Player.objects.get()
    assert player.pk != 987654
    request, _response = _visit(cookies={COOKIE_NAME: response.cookies[COOKIE_NAME].value})
    assert request.visitor.player == player


def test_a_player_the_session_remembered_is_moved_into_the_cookie():
    """Visitors from before the cookie keep their games."""
    player = Player.objects.create()
    request, response = _visit(session={SESSION_KEY: player.pk})
    assert request.visitor.player == player
    request, _response = _visit(cookies={COOKIE_NAME: response.cookies[COOKIE_NAME].value})
    assert request.visitor.player == player


def test_a_session_value_that_is_not_an_id_is_nobody():
    request, response = _visit(session={SESSION_KEY: "1 OR 1=1"})
    assert request.visitor.player_id is None and request.visitor.player is None
    assert COOKIE_NAME not in response.cookies


def test_two_visitors_get_two_players():
    first = Visitor(RequestFactory().get("/")).ensure_player()
    second = Visitor(RequestFactory().get("/")).ensure_player()
    assert first != second


def test_a_played_game_sets_the_cookie_and_no_session(client):
    response = client.post("/heart-to-heart/new/")
    assert response.status_code == 302
    assert COOKIE_NAME in response.cookies
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert client.get(response["Location"]).status_code == 200  # the owner sees the game


def test_player_is_registered_in_admin(admin_client):
    response = admin_client.get("/admin/games/player/")
    assert response.status_code == 200


def test_a_cookie_signed_with_a_former_key_still_names_its_player(settings):
    """SECRET_KEY can be rotated without forgetting the players (docs/deploy.md)."""
    player = Player.objects.create()
    cookie = _signed(str(player.pk))
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-key-" + "x" * 50
    request, _response = _visit(cookies={COOKIE_NAME: cookie})
    assert request.visitor.player == player
    settings.SECRET_KEY_FALLBACKS = []
    request, _response = _visit(cookies={COOKIE_NAME: cookie})
    assert request.visitor.player is None
