"""SQLite tuned for a web server, whichever way the database was configured.

A module of its own, free of side effects, so that any settings module (the real
one, a test one, an operator's) can import it without running cardsite.settings.
"""

from __future__ import annotations

from typing import Any

SQLITE_ENGINE = "django.db.backends.sqlite3"

# IMMEDIATE transactions take the write lock up front, so concurrent writers wait
# (up to the timeout, in seconds) instead of failing with "database is locked" when
# a read lock cannot be upgraded; WAL lets readers run beside a writer.
SQLITE_OPTIONS: dict[str, Any] = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 5,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
# Persistent connections: the PRAGMAs run once per connection, not once per request.
SQLITE_CONN_MAX_AGE = 600


def tune_sqlite(database: dict[str, Any]) -> dict[str, Any]:
    """Give a SQLite database dict the tuning; any other engine is returned untouched.

    Options the operator gave (say ``?timeout=20`` in DATABASE_URL) win over ours.
    """
    if database.get("ENGINE") != SQLITE_ENGINE:
        return database
    database["OPTIONS"] = {**SQLITE_OPTIONS, **database.get("OPTIONS", {})}
    database.setdefault("CONN_MAX_AGE", SQLITE_CONN_MAX_AGE)
    return database
