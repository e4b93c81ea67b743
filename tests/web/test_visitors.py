"""request.visitor: the session's player, looked up lazily, created only when asked."""

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import RequestFactory

from games.models import Player
from games.visitors import SESSION_KEY, Visitor, VisitorMiddleware

pytestmark = pytest.mark.django_db


def _request_with_session(session=None):
    request = RequestFactory().get("/")
    SessionMiddleware(lambda r: None).process_request(request)
    if session:
        request.session.update(session)
    VisitorMiddleware(lambda r: None)(request)
    return request


def test_player_is_created_lazily_and_remembered_by_the_session():
    request = _request_with_session()
    assert request.visitor.player is None
    assert Player.objects.count() == 0

    player = request.visitor.ensure_player()
    assert Player.objects.count() == 1
    assert request.visitor.player == player
    assert request.visitor.ensure_player() == player
    assert Visitor(request).player == player  # a later request of the same session
    assert Player.objects.count() == 1


def test_reading_the_visitor_costs_no_query_until_the_player_is_needed(
    django_assert_num_queries,
):
    request = _request_with_session({SESSION_KEY: 12345})
    with django_assert_num_queries(0):
        assert request.visitor.player_id == 12345
    with django_assert_num_queries(1):
        assert request.visitor.player is None
        assert request.visitor.player is None  # looked up once


def test_a_session_pointing_at_a_deleted_player_gets_a_new_one():
    request = _request_with_session({SESSION_KEY: 987654})
    player = request.visitor.ensure_player()
    assert player.pk != 987654
    assert request.session[SESSION_KEY] == player.pk


def test_a_session_value_that_is_not_an_id_is_nobody():
    request = _request_with_session({SESSION_KEY: "1 OR 1=1"})
    assert request.visitor.player_id is None and request.visitor.player is None


def test_two_sessions_get_two_players():
    first = _request_with_session().visitor.ensure_player()
    second = _request_with_session().visitor.ensure_player()
    assert first != second


def test_player_is_registered_in_admin(admin_client):
    response = admin_client.get("/admin/games/player/")
    assert response.status_code == 200
