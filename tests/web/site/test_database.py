"""The suite runs on the database the environment names, and SQLite is always tuned.

SQLite by default, PostgreSQL in CI's second pass. Whether the embedded database
is named by SQLITE_PATH or by a sqlite:// DATABASE_URL, it gets the same tuning.
"""

import os
import runpy
from pathlib import Path

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler

from cardsite.postgres_tuning import tune_postgres
from cardsite.sqlite_tuning import tune_sqlite

pytestmark = pytest.mark.django_db

SETTINGS = Path(__file__).resolve().parents[3] / "cardsite" / "settings.py"


def test_database_backend_follows_database_url():
    on_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    expected = "postgresql" if on_postgres else "sqlite"
    assert connection.vendor == expected


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite tuning only")
def test_sqlite_is_tuned_for_a_web_server():
    options = connection.settings_dict["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL


def _settings_with(monkeypatch, **environ) -> dict:
    """cardsite.settings run afresh (not the loaded copy) under this environment."""
    database_variables = (
        "DATABASE_URL", "SQLITE_PATH", "DATABASE_CONNECT_TIMEOUT", "DATABASE_CONN_MAX_AGE"
    )
    for name in database_variables:
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))["DATABASES"]["default"]


def _assert_tuned(database: dict) -> None:
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert database["OPTIONS"]["timeout"] == 5
    assert "PRAGMA journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert "PRAGMA synchronous=NORMAL" in database["OPTIONS"]["init_command"]
    assert database["CONN_MAX_AGE"] > 0


def test_sqlite_named_by_sqlite_path_is_tuned(monkeypatch, tmp_path):
    database = _settings_with(monkeypatch, SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    assert database["NAME"] == tmp_path / "db.sqlite3"
    _assert_tuned(database)


def test_sqlite_named_by_database_url_is_tuned_the_same(monkeypatch, tmp_path):
    by_url = _settings_with(monkeypatch, DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3")
    assert by_url["NAME"] == f"{tmp_path}/db.sqlite3"
    _assert_tuned(by_url)
    by_path = _settings_with(monkeypatch, SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    assert by_url["OPTIONS"] == by_path["OPTIONS"]


def test_tuning_reaches_the_sqlite_connection_of_a_database_url(monkeypatch, tmp_path):
    database = _settings_with(monkeypatch, DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3")
    handler = ConnectionHandler({"default": database})
    try:
        with handler["default"].cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA synchronous")
            assert cursor.fetchone()[0] == 1  # NORMAL
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == 5000
    finally:
        handler.close_all()


def test_options_given_in_the_database_url_win_over_the_tuning(monkeypatch, tmp_path):
    database = _settings_with(
        monkeypatch, DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3?timeout=20"
    )
    assert database["OPTIONS"]["timeout"] == 20
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_postgresql_gets_a_short_connect_timeout_and_checked_persistent_connections(
    monkeypatch,
):
    """A stopped database answers 503 within seconds, and broken connections are replaced."""
    database = _settings_with(
        monkeypatch, DATABASE_URL="postgres://cards:secret@db.example:5432/cardsite"
    )
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["OPTIONS"] == {"connect_timeout": 3}
    assert database["CONN_MAX_AGE"] == 600
    assert database["CONN_HEALTH_CHECKS"] is True
    assert "transaction_mode" not in database["OPTIONS"]  # no SQLite tuning


def test_postgresql_connect_timeout_and_connection_age_come_from_the_environment(monkeypatch):
    database = _settings_with(
        monkeypatch,
        DATABASE_URL="postgres://cards:secret@db.example:5432/cardsite",
        DATABASE_CONNECT_TIMEOUT="7",
        DATABASE_CONN_MAX_AGE="0",
    )
    assert database["OPTIONS"]["connect_timeout"] == 7
    assert database["CONN_MAX_AGE"] == 0


def test_a_connect_timeout_in_the_postgresql_url_wins(monkeypatch):
    database = _settings_with(
        monkeypatch,
        DATABASE_URL="postgres://cards@db.example:5432/cardsite?connect_timeout=10",
    )
    assert database["OPTIONS"]["connect_timeout"] == 10


def test_tune_postgres_leaves_other_engines_alone():
    sqlite = {"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"}
    assert tune_postgres(dict(sqlite)) == sqlite


def test_tune_sqlite_leaves_other_engines_alone():
    mysql = {"ENGINE": "django.db.backends.mysql", "NAME": "cards"}
    assert tune_sqlite(dict(mysql)) == mysql
