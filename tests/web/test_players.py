import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import RequestFactory

from games.models import Player
from games.players import current_player

pytestmark = pytest.mark.django_db


def _request_with_session(session=None):
    request = RequestFactory().get("/")
    SessionMiddleware(lambda r: None).process_request(request)
    if session:
        request.session.update(session)
    return request


def test_player_is_created_lazily_and_remembered_by_the_session():
    request = _request_with_session()
    assert current_player(request, create=False) is None
    assert Player.objects.count() == 0

    player = current_player(request)
    assert Player.objects.count() == 1
    assert current_player(request) == player
    assert Player.objects.count() == 1


def test_a_session_pointing_at_a_deleted_player_gets_a_new_one():
    request = _request_with_session({"player_id": 987654})
    player = current_player(request)
    assert player.pk != 987654
    assert request.session["player_id"] == player.pk


def test_two_sessions_get_two_players():
    first = current_player(_request_with_session())
    second = current_player(_request_with_session())
    assert first != second


def test_player_is_registered_in_admin(admin_client):
    response = admin_client.get("/admin/games/player/")
    assert response.status_code == 200
