"""Security headers on every kind of answer: pages, partials, redirects, errors, the admin.

The Content-Security-Policy allows scripts and styles only from our own origin (no
'unsafe-inline', no 'unsafe-eval'), forbids framing, and comes with a Referrer-Policy
and a Permissions-Policy. The browser side (no violation while playing) is in
tests/browser/test_content_security_policy.py.
"""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError

from games.services import heart_to_heart as h2h_service
from tests.web.heart_to_heart import helpers as h2h_helpers
from tests.web.hearts import helpers as hearts_helpers

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: [sources]}."""
    header = response.headers["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def assert_secure_headers(response) -> None:
    csp = policy(response)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert "unsafe" not in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    permissions = response.headers["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions


@pytest.fixture
def production(settings):
    """DEBUG off, as served: Django's debug 404/500 pages are exempt from the policy."""
    settings.DEBUG = False
    return settings


@pytest.mark.parametrize("path", [
    "/",
    "/heart-to-heart/",  # a redirect to the visitor's game
    f"/heart-to-heart/{h2h_helpers.EXAMPLE_CODE}/",
    "/heart-to-heart/rules/",
    "/heart-to-heart/examples/",
    "/heart-to-heart/examples/?step=10",
    "/hearts/",
    "/hearts/help/",
    "/no-such-page/",  # 404
    "/heart-to-heart/NOT-A-CODE/",  # 400
    "/admin/login/",
])
def test_every_page_carries_the_headers(client, production, path):
    response = client.get(path)
    assert response.status_code in (200, 302, 400, 404)
    assert_secure_headers(response)


def test_both_game_pages_and_their_partials_carry_the_headers(client, production):
    game = h2h_helpers.start(client)
    assert_secure_headers(client.get(f"/heart-to-heart/game/{game.pk}/"))
    partial = h2h_helpers.tap(client, game, "stock")
    assert partial.status_code == 200
    assert_secure_headers(partial)

    hearts = hearts_helpers.start(client)
    assert_secure_headers(client.get(hearts_helpers.url(hearts)))
    step = hearts_helpers.advance(client, hearts)
    assert step.status_code in (200, 409)
    assert_secure_headers(step)


def test_the_503_page_carries_the_headers(client, production, monkeypatch):
    game = h2h_helpers.start(client)

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(h2h_service, "tap", locked)
    response = h2h_helpers.tap(client, game, "stock")
    assert response.status_code == 503
    assert_secure_headers(response)


def test_the_500_page_allows_exactly_its_own_inline_style(client, production, monkeypatch):
    """The 500 page styles itself inline (static files may be what broke): the policy
    lets that one <style> in by its hash, and still nothing 'unsafe-inline'."""
    game = h2h_helpers.start(client)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(h2h_service, "tap", broken)
    client.raise_request_exception = False
    response = h2h_helpers.tap(client, game, "stock", htmx=False)
    assert response.status_code == 500
    assert b'data-error="500"' in response.content
    css = re.search(rb"<style>(.*?)</style>", response.content, re.DOTALL).group(1)
    digest = base64.b64encode(hashlib.sha256(css).digest()).decode()
    assert policy(response)["style-src"] == ["'self'", f"'sha256-{digest}'"]
    assert policy(response)["script-src"] == ["'self'"]
    assert "unsafe" not in response.headers["Content-Security-Policy"]


def test_other_pages_allow_no_inline_style_at_all(client, production):
    response = client.get("/")
    assert "sha256" not in response.headers["Content-Security-Policy"]


def test_the_admin_carries_the_same_policy(client, production):
    """Django 5.2's admin loads its scripts from files: the site's policy fits it as is."""
    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-long-enough")
    client.force_login(admin)
    for path in ("/admin/", "/admin/games/heartsstats/", "/admin/games/player/",
                 f"/admin/auth/user/{admin.pk}/change/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_secure_headers(response)
        # Nothing inline that the policy would block: no <style>, no script without src,
        # no style attribute, no on* handler.
        html = response.content.decode()
        assert "<style" not in html, path
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\sstyle=\"", html), path
        assert not re.search(r"\son[a-z]+=\"", html), path


def test_no_template_of_ours_has_inline_styles_scripts_or_handlers():
    """What the policy would block, caught before a browser does: our templates only."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "templates"
    for template in root.rglob("*.html"):
        text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "",
                      template.read_text(), flags=re.DOTALL)
        if template.name == "500.html":
            continue  # its own <style>, allowed by hash (test above)
        assert "<style" not in text, template
        assert not re.search(r"\sstyle=", text), template
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert not re.search(r"\s(on[a-z]+|hx-on[:-][\w:-]*)=", text), template


def test_a_move_leaves_the_csrf_cookie_that_a_page_renews(client):
    """A page sets the CSRF cookie again (Django renews its year whenever a page uses the
    token); a move's answer, masked with the very secret the browser holds, does not
    send it again. The move still works, and so does the next, with the same cookie."""
    page = client.get("/heart-to-heart/")
    page = client.get(page["Location"])
    assert "csrftoken" in page.cookies
    game = h2h_helpers.start(client)
    address = f"/heart-to-heart/game/{game.pk}/"
    secret = client.cookies["csrftoken"].value
    strict = client.__class__(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    for target in ("stock", "stock"):
        game.refresh_from_db()
        answer = strict.post(address, {"target": target, "version": game.version},
                             headers={"HX-Request": "true", "X-CSRFToken": secret})
        assert answer.status_code == 200
        assert "csrftoken" not in answer.cookies
        assert 'name="csrfmiddlewaretoken"' in answer.content.decode()
    assert client.get(address).cookies["csrftoken"].value == secret
