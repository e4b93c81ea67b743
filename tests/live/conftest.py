"""Fixtures for the live tests: production-shaped servers started for real on loopback.

These tests are marked ``ops`` and left out of the default run (pyproject's addopts):
``make test-ops`` installs nginx and PostgreSQL when missing and runs them
(``pytest -m ops``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.stack import PostgresCluster, manage, site_env


@pytest.fixture(scope="session")
def static_root(tmp_path_factory) -> Path:
    """collectstatic once: every app server of the session serves these hashed files."""
    root = tmp_path_factory.mktemp("staticfiles")
    manage(site_env("sqlite:////nonexistent/unused.sqlite3", root), "collectstatic",
           "--noinput", "-v", "0")
    return root


@pytest.fixture
def postgres() -> PostgresCluster:
    cluster = PostgresCluster()
    try:
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path, static_root) -> str:
    """A migrated database of each kind an operator may run."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres").url
    manage(site_env(url, static_root), "migrate", "--noinput", "-v", "0")
    return url
