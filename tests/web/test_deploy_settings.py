"""Production settings: `manage.py check --deploy` is clean with DEBUG off."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "false",
        "SECRET_KEY": "a-long-random-production-key-" + "x" * 40,
        "ALLOWED_HOSTS": "cards.example.org",
        "SECURE_HSTS_PRELOAD": "true",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for Playwright in tests only
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardsite.settings", "DEBUG": "false",
           "SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    env.pop("SECRET_KEY", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
        capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
