"""The files in deploy/ an operator installs stay valid and keep their safety choices.

The live tests (tests/live, `make test-ops`) run these files for real; this fast check
runs in every `make test`: the nginx site renders, never retries a request an app server
may have received, limits writes and new games per address with the numbers
docs/deploy.md explains, and (when nginx is installed) passes `nginx -t`; gunicorn reads
its configuration file.
"""

from __future__ import annotations

import os
import re
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
    # Overwritten, so the app's own limits per address read the real client
    # (docs/passkeys.md#safety).
    assert "proxy_set_header X-Real-IP $remote_addr;" in directives
    assert "@@" not in site


def _zones(site: str) -> dict[str, tuple[str, int]]:
    """zone -> (rate as written, burst), from the site file's limit_req_zone and limit_req."""
    rates = dict(re.findall(r"limit_req_zone \$\w+ zone=(\w+):\S+ rate=(\w+/[sm]);", site))
    bursts = dict(re.findall(r"limit_req zone=(\w+) burst=(\d+) nodelay;", site))
    assert rates.keys() == bursts.keys(), (rates, bursts)
    return {zone: (rates[zone], int(bursts[zone])) for zone in rates}


def test_the_nginx_site_limits_writes_and_new_games_per_address_answering_429():
    site = render_nginx.render_site(["127.0.0.1:8001"], "80")
    directives = [line.split("#")[0].strip() for line in site.splitlines()]
    assert _zones(site) == {"cardsite_writes": ("5r/s", 360),
                            "cardsite_new_games": ("12r/m", 30),
                            "cardsite_sign_in": ("10r/m", 20)}
    assert "limit_req_status 429;" in directives
    assert "error_page 429 /too-many-requests/;" in directives
    # Keyed on the client's address, through maps that leave reads uncounted.
    assert 'default $binary_remote_addr;' in directives
    assert '"0:GET" "";' in directives and '"0:HEAD" "";' in directives
    # The page's own location is internal, not limited, and served from nginx's cache.
    page = site.split("location = /too-many-requests/ {", 1)[1].split("\n    }", 1)[0]
    assert "internal;" in page and "limit_req" not in page
    assert "proxy_cache cardsite_pages;" in page
    assert 'proxy_set_header Cookie "";' in page
    assert "proxy_set_header Accept-Language $cardsite_language;" in page
    assert "proxy_cache_path /var/cache/nginx-cardsite " in site
    assert "127.0.0.1 1;" not in site  # nobody is unlimited unless the operator says so


def test_the_operator_guide_gives_the_site_files_rates_and_bursts():
    """docs/deploy.md's table and arithmetic are about the numbers the file ships."""
    site = render_nginx.render_site(["127.0.0.1:8001"], "80")
    guide = (ROOT / "docs" / "deploy.md").read_text()
    for zone, (rate, burst) in _zones(site).items():
        assert re.search(rf"\| `{zone}` \|[^\n]*\| {rate} \| {burst} \|", guide), zone


def test_the_renderer_leaves_the_addresses_it_is_given_unlimited():
    site = render_nginx.render_site(["127.0.0.1:8001"], "80",
                                    unlimited=("127.0.0.1", "10.1.0.0/16", "2001:db8::/64"))
    geo = site.split("geo $cardsite_unlimited {", 1)[1].split("}", 1)[0]
    assert [line.strip() for line in geo.strip().splitlines()] == [
        "default 0;", "127.0.0.1 1;", "10.1.0.0/16 1;", "2001:db8::/64 1;"]


@pytest.mark.parametrize("address", ["", "any", "127.0.0.1; return 200", "10.0.0.0/8 1"])
def test_the_renderer_refuses_what_is_not_an_address_to_leave_unlimited(address):
    with pytest.raises(ValueError):
        render_nginx.render_site(["127.0.0.1:8001"], "80", unlimited=(address,))


@pytest.mark.parametrize("folder", ["relative/cache", "/var/cache/a b", "/tmp/x;"])
def test_the_renderer_refuses_a_cache_folder_that_could_end_the_directive(folder):
    with pytest.raises(ValueError):
        render_nginx.render_site(["127.0.0.1:8001"], "80", cache_dir=folder)


@pytest.mark.parametrize("backend", ["", "127.0.0.1", "127.0.0.1:80; return 200", "a b:1"])
def test_the_renderer_refuses_what_is_not_a_backend_address(backend):
    with pytest.raises(ValueError):
        render_nginx.render_site([backend], "80")


@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                    reason="nginx is not installed (make test-ops installs it)")
def test_the_loopback_nginx_configuration_passes_nginx_t(tmp_path):
    conf = render_nginx.write_loopback(
        tmp_path, ["127.0.0.1:8001", "127.0.0.1:8002"], "127.0.0.1:8080",
        unlimited=("127.0.0.1",))
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
