"""``/healthz``: 200 "ok" while the database answers, 503 when it does not; never a trace.

It is probed every few seconds by load balancers and monitors: it must leave nothing
behind (no session, no cookie, no player) and must never be cached on the way.
"""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.db import OperationalError, connections
from django.db.backends.utils import CursorWrapper

from games.models import Player

pytestmark = pytest.mark.django_db


def _assert_bare_and_uncached(response) -> None:
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    assert "no-store" in response["Cache-Control"]
    assert response.cookies == {}
    assert not response.has_header("Set-Cookie")


def test_healthz_answers_ok_and_leaves_nothing_behind(client, django_assert_num_queries):
    with django_assert_num_queries(1):  # the database check itself, nothing else
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    _assert_bare_and_uncached(response)
    assert Player.objects.count() == 0
    assert Session.objects.count() == 0


def test_healthz_answers_head_and_refuses_post(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_healthz_is_503_when_the_database_cannot_answer(client, monkeypatch, caplog):
    def refuse(self, sql, params=None):
        raise OperationalError("connection refused (the test says so)")

    monkeypatch.setattr(CursorWrapper, "execute", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"database unavailable\n"
    _assert_bare_and_uncached(response)
    assert "database unavailable" in caplog.text
    assert "Traceback" not in caplog.text


def test_healthz_is_503_when_the_database_cannot_be_reached(client, monkeypatch):
    """A failed connect (the database is down) is caught as well as a failed query."""

    def unreachable():
        raise OperationalError("could not connect to server (the test says so)")

    monkeypatch.setattr(connections["default"], "ensure_connection", unreachable)
    response = client.get("/healthz")
    assert response.status_code == 503


def test_healthz_needs_no_trailing_slash_and_is_not_redirected_to_https(settings, client):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    assert client.get("/healthz").status_code == 200
