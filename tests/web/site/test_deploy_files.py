"""The files in deploy/ an operator installs stay valid and keep their safety choices.

The live tests (tests/live, `make test-ops`) run these files for real; this fast check
runs in every `make test`: the nginx site renders, never retries a request an app server
may have received, and (when nginx is installed) passes `nginx -t`; gunicorn reads its
configuration file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy import render_nginx

ROOT = Path(__file__).resolve().parents[3]


def test_the_nginx_site_fails_over_only_requests_that_never_reached_an_app_server():
    site = render_nginx.render_site(["127.0.0.1:8001", "127.0.0.2:8001"], "80")
    assert "server 127.0.0.1:8001 max_fails=1 fail_timeout=5s;" in site
    assert "server 127.0.0.2:8001 max_fails=1 fail_timeout=5s;" in site
    directives = [line.split("#")[0].strip() for line in site.splitlines()]
    assert "proxy_next_upstream error timeout;" in directives
    # A POST an app server may already have applied is never sent to another one.
    assert not any("non_idempotent" in line for line in directives)
    assert not any(line.startswith("proxy_next_upstream ") and "http_5" in line
                   for line in directives)
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in directives
    assert "proxy_set_header Host $http_host;" in directives
    assert "@@" not in site


@pytest.mark.parametrize("backend", ["", "127.0.0.1", "127.0.0.1:80; return 200", "a b:1"])
def test_the_renderer_refuses_what_is_not_a_backend_address(backend):
    with pytest.raises(ValueError):
        render_nginx.render_site([backend], "80")


@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                    reason="nginx is not installed (make test-ops installs it)")
def test_the_loopback_nginx_configuration_passes_nginx_t(tmp_path):
    conf = render_nginx.write_loopback(
        tmp_path, ["127.0.0.1:8001", "127.0.0.1:8002"], "127.0.0.1:8080")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    result = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(conf)],
        capture_output=True, text=True, check=False, timeout=30,
    )
    assert result.returncode == 0, result.stderr


def test_gunicorn_reads_its_configuration_file():
    env = {**os.environ, "WEB_CONCURRENCY": "3", "GUNICORN_BIND": "127.0.0.1:8123"}
    script = (
        "from gunicorn.app.wsgiapp import WSGIApplication\n"
        "import sys\n"
        "sys.argv = ['gunicorn', '-c', 'deploy/gunicorn.conf.py', 'cardsite.wsgi']\n"
        "app = WSGIApplication()\n"
        "print(app.cfg.workers, app.cfg.bind, app.cfg.graceful_timeout,"
        " app.cfg.forwarded_allow_ips)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.split() == ["3", "['127.0.0.1:8123']", "10", "['127.0.0.1']"]
