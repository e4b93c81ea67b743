"""Production settings: `manage.py check --deploy` is clean with DEBUG off."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _production_env(tmp_path, **settings: str) -> dict[str, str]:
    """The environment of a production server (DEBUG off, its own SQLite file, none of the
    test run's own variables), plus ``settings``."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "false",
        "SECRET_KEY": "a-long-random-production-key-" + "x" * 40,
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        **settings,
    }
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for Playwright in tests only
    return env


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = _production_env(tmp_path, ALLOWED_HOSTS="cards.example.org",
                          SECURE_HSTS_PRELOAD="true")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    env = _production_env(tmp_path)
    env.pop("SECRET_KEY")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
        capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_settings_send_the_security_headers(tmp_path):
    """With the production settings (not the test ones), a page carries the Content
    Security Policy, the Permissions-Policy and the Referrer-Policy, compressed or not."""
    env = _production_env(tmp_path, ALLOWED_HOSTS="testserver", SECURE_SSL_REDIRECT="false",
                          STATIC_ROOT=str(tmp_path / "static"))
    script = (
        "import django, json; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('collectstatic', interactive=False, verbosity=0)\n"
        "from django.test import Client\n"
        "response = Client().get('/', headers={'Accept-Encoding': 'gzip'})\n"
        "print(json.dumps({'status': response.status_code, **dict(response.headers)}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    headers = json.loads(result.stdout.strip().splitlines()[-1])
    assert headers["status"] == 200
    csp = headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'",
                      "frame-ancestors 'none'", "object-src 'none'"):
        assert directive in csp
    assert "unsafe" not in csp
    assert "camera=()" in headers["Permissions-Policy"]
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in headers["Vary"]
