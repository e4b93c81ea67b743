"""A database that is busy or out of reach answers a translated 503, never a 500.

The end-to-end case, a real lock on a SQLite file behind a real server, is in
test_sqlite_over_database_url.py; here the middleware, the page and the rule that
tells a busy or unreachable database from a bug.
"""

from __future__ import annotations

import logging
import socket
import sqlite3

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.db.utils import ConnectionHandler
from django.test import RequestFactory
from django.utils import translation

from cardsite.database_unavailable import (
    BUSY,
    RETRY_AFTER_SECONDS,
    UNREACHABLE,
    service_unavailable,
    unavailability,
)
from games.models import HeartToHeartGame
from games.services import heart_to_heart as service
from tests.web.heart_to_heart.helpers import start

BUSY_HEADING = {
    "en": "The site is very busy right now",
    "fr": "Le site est très occupé en ce moment",
    "nb": "Nettstedet er svært opptatt akkurat nå",
}


def _locked(*args, **kwargs):
    raise OperationalError("database is locked")


@pytest.fixture
def locked_tap(client, monkeypatch) -> HeartToHeartGame:
    """A game whose next tap finds SQLite still locked after its busy timeout."""
    game = start(client)
    monkeypatch.setattr(service, "tap", _locked)
    return game


def _tap(client, game, **headers):
    return client.post(f"/heart-to-heart/game/{game.pk}/",
                       {"target": "stock", "version": game.version}, headers=headers)


@pytest.mark.django_db
def test_a_locked_database_answers_503_asking_to_try_again(client, locked_tap):
    response = _tap(client, locked_tap)
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    html = response.content.decode()
    assert 'data-error="503"' in html
    assert BUSY_HEADING["en"] in html
    assert 'href="/"' in html  # back to the games


@pytest.mark.django_db
def test_the_503_page_speaks_french_from_accept_language(client, locked_tap):
    response = _tap(client, locked_tap, **{"Accept-Language": "fr"})
    assert response.status_code == 503
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert BUSY_HEADING["fr"] in html
    assert "Réessayez dans un instant." in html


@pytest.mark.django_db
def test_the_503_page_speaks_norwegian_from_the_language_cookie(client, locked_tap):
    client.cookies["django_language"] = "nb"
    response = _tap(client, locked_tap, **{"HX-Request": "true"})
    assert response.status_code == 503
    html = response.content.decode()
    assert '<html lang="nb">' in html
    assert BUSY_HEADING["nb"] in html


@pytest.mark.django_db
def test_a_busy_database_is_one_warning_in_the_log_not_an_error(client, locked_tap, caplog):
    with caplog.at_level(logging.INFO):
        _tap(client, locked_tap)
    records = [(r.name, r.levelno, r.exc_info) for r in caplog.records]
    assert records == [("cardsite.database_unavailable", logging.WARNING, None)]
    assert "database is locked" in caplog.records[0].getMessage()


@pytest.mark.django_db
def test_any_other_database_error_is_still_a_500(client, monkeypatch):
    game = start(client)

    def broken(*args, **kwargs):
        raise OperationalError("no such table: games_hearttoheartgame")

    monkeypatch.setattr(service, "tap", broken)
    client.raise_request_exception = False
    response = _tap(client, game)
    assert response.status_code == 500
    assert b'data-error="500"' in response.content


@pytest.mark.django_db
def test_a_database_busy_after_the_view_still_answers_503(
    client, monkeypatch, caplog, django_user_model
):
    """The changed session is saved by SessionMiddleware after the view: process_exception
    never sees that error, handler500 does. (Players have no session; an admin's login
    writes one.)"""
    django_user_model.objects.create_superuser("operator", password="a long passphrase")
    real_save = SessionStore.save

    def save(self, must_create=False):
        if not must_create:  # the update after the view; creating the new key still works
            raise OperationalError("database is locked")
        return real_save(self, must_create=must_create)

    monkeypatch.setattr(SessionStore, "save", save)
    client.raise_request_exception = False
    with caplog.at_level(logging.INFO):
        response = client.post(
            "/admin/login/", {"username": "operator", "password": "a long passphrase"},
            headers={"Accept-Language": "fr"},
        )
    assert response.status_code == 503
    assert BUSY_HEADING["fr"] in response.content.decode()
    assert [(r.name, r.levelno) for r in caplog.records] == [
        ("cardsite.database_unavailable", logging.WARNING)
    ]


def test_the_503_page_renders_without_a_database():
    """No django_db mark: any query here would fail the test."""
    with translation.override("fr"):
        response = service_unavailable(RequestFactory().post("/heart-to-heart/new/"))
    assert response.status_code == 503
    html = response.content.decode()
    assert BUSY_HEADING["fr"] in html
    assert 'name="csrfmiddlewaretoken"' in html  # the language switch still works


# --- which errors mean "busy" or "out of reach" -----------------------------------------


def _sqlite(tmp_path, **options) -> ConnectionHandler:
    """Connections of their own, to a file (the test database is in memory)."""
    return ConnectionHandler({"default": {"ENGINE": "django.db.backends.sqlite3",
                                     "NAME": str(tmp_path / "db.sqlite3"), "OPTIONS": options}})


def _error_of(action) -> Exception:
    with pytest.raises(Exception) as raised:
        action()
    return raised.value


@pytest.mark.django_db
def test_a_real_sqlite_lock_is_busy(tmp_path):
    holder = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    handler = _sqlite(tmp_path, timeout=0.05, transaction_mode="IMMEDIATE")
    try:
        def write():
            with handler["default"].cursor() as cursor:
                cursor.execute("INSERT INTO t VALUES (1)")

        assert unavailability(_error_of(write)) == BUSY
    finally:
        handler.close_all()
        holder.close()


@pytest.mark.django_db
def test_a_real_sqlite_query_error_is_not_unavailability(tmp_path):
    handler = _sqlite(tmp_path)
    try:
        def query():
            with handler["default"].cursor() as cursor:
                cursor.execute("SELECT * FROM no_such_table")

        error = _error_of(query)
        assert isinstance(error, OperationalError)
        assert unavailability(error) is None
    finally:
        handler.close_all()


@pytest.mark.django_db
def test_a_postgresql_server_that_refuses_the_connection_is_unreachable():
    closed = socket.socket()  # bound but not listening: connections are refused
    closed.bind(("127.0.0.1", 0))
    handler = ConnectionHandler({"default": {
        "ENGINE": "django.db.backends.postgresql", "NAME": "cardsite", "USER": "cards",
        "HOST": "127.0.0.1", "PORT": closed.getsockname()[1],
        "OPTIONS": {"connect_timeout": 2},
    }})
    try:
        error = _error_of(handler["default"].ensure_connection)
        assert isinstance(error, OperationalError)
        assert unavailability(error) == UNREACHABLE
    finally:
        handler.close_all()
        closed.close()


class _PsycopgError(Exception):
    def __init__(self, sqlstate):
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(("sqlstate", "expected"), [
    ("57P01", UNREACHABLE),  # admin shutdown: the server is going away
    ("57P03", UNREACHABLE),  # cannot connect now: the server is starting
    ("08006", UNREACHABLE),  # connection failure
    ("57014", None),  # statement timeout: a slow query is a bug to see
    ("42P01", None),  # undefined table
])
def test_postgresql_errors_by_sqlstate(sqlstate, expected):
    error = OperationalError("from the server")
    error.__cause__ = _PsycopgError(sqlstate)
    assert unavailability(error) == expected


def test_errors_that_are_not_database_errors_are_left_alone():
    assert unavailability(ValueError("database is locked")) is None
