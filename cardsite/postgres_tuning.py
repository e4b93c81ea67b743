"""PostgreSQL tuned for app servers that must survive the database going away.

A module of its own, free of side effects, like ``sqlite_tuning``: any settings module
can import it.

- ``connect_timeout``: a database host that does not answer makes a request fail in a
  few seconds (the visitor gets the translated 503 page, see
  ``cardsite/database_unavailable.py``) instead of holding a worker for minutes.
- Persistent connections with health checks: a connection the database dropped (a
  restart, a failover) is found unusable at the start of the next request and replaced,
  so the site recovers by itself when PostgreSQL is back, without restarting gunicorn.
"""

from __future__ import annotations

from typing import Any

POSTGRES_ENGINES = ("django.db.backends.postgresql", "django.contrib.gis.db.backends.postgis")
DEFAULT_CONNECT_TIMEOUT = 3  # seconds
DEFAULT_CONN_MAX_AGE = 600  # seconds


def tune_postgres(
    database: dict[str, Any],
    *,
    connect_timeout: int = DEFAULT_CONNECT_TIMEOUT,
    conn_max_age: int = DEFAULT_CONN_MAX_AGE,
) -> dict[str, Any]:
    """Give a PostgreSQL database dict the tuning; any other engine is returned untouched.

    Options the operator gave (say ``?connect_timeout=10`` in DATABASE_URL) win over ours.
    """
    if database.get("ENGINE") not in POSTGRES_ENGINES:
        return database
    database["OPTIONS"] = {"connect_timeout": connect_timeout, **database.get("OPTIONS", {})}
    database["CONN_MAX_AGE"] = conn_max_age
    database["CONN_HEALTH_CHECKS"] = True
    return database
