"""The suite runs on the database the environment names.

SQLite by default, PostgreSQL in CI's second pass.
"""

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


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
