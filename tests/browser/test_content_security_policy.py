"""Both games played in Chromium with the Content Security Policy on: no violation.

The browser reports every blocked inline style or script, and every eval, as a
``securitypolicyviolation`` event (and a console error); both are collected from the
first byte of each page, and the htmx swaps are played through, not just loaded.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.web.heart_to_heart.helpers import winning_line

from .hearts_table import lift_and_play_first_playable

pytestmark = pytest.mark.django_db(transaction=True)

# Installed before any page script runs (Playwright injects it, the policy does not apply).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


@pytest.fixture
def violations(page: Page):
    page.add_init_script(RECORD_VIOLATIONS)
    return lambda: page.evaluate("window.__violations")


def _goto(page: Page, url: str) -> None:
    response = page.goto(url)
    csp = response.all_headers()["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe" not in csp


def _no_style_element(page: Page) -> None:
    """htmx added no indicator <style> (htmx-config turns it off). Style attributes that
    scripts set through the CSSOM (style="" left on swapped inputs) are allowed by CSP;
    the server sends none (tests/web/site/test_security_headers.py)."""
    assert page.evaluate("document.querySelectorAll('style').length") == 0


def test_heart_to_heart_plays_under_the_policy(
    live_server, page: Page, violations, console_errors, screenshot
):
    _goto(page, f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#board")).to_be_visible()
    screenshot("csp-h2h-start")
    # The slots sit where the layout table puts them (docs/rules.md#h2h-layout): row steps
    # down, x in half-cards.
    first, point = page.locator("#pos-1").bounding_box(), page.locator("#pos-25").bounding_box()
    assert point["y"] > first["y"] and point["x"] > first["x"]
    # Every kind of swap the board answers with: nine turns of the stock, a card chosen,
    # a pair taken, twice (the solver's line; more taps repeat these kinds).
    for target in winning_line()[:14]:
        version = int(page.locator("#board").get_attribute("data-version"))
        selector = f"#pos-{target}" if isinstance(target, int) else f"#{target}"
        page.locator(selector).click()
        expect(page.locator("#board")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("[data-pos][data-state='removed']").first).to_be_visible()
    screenshot("csp-h2h-played")
    _no_style_element(page)
    _goto(page, f"{live_server.url}/heart-to-heart/examples/?step=20")
    _goto(page, f"{live_server.url}/heart-to-heart/rules/")
    assert violations() == []
    assert console_errors == []


def test_hearts_plays_under_the_policy(
    live_server, page: Page, violations, console_errors, screenshot
):
    _goto(page, f"{live_server.url}/hearts/")
    page.locator("[data-action='start']").click()  # GET is safe: Deal starts the game
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    cards = page.locator(".hand button[data-card]")
    for index in (12, 11, 10):
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    page.locator("[data-action='pass']").click()
    # The computers' timed steps (hx-trigger="load delay") run until the human is due.
    for _ in range(3):
        mine = page.locator("#table[data-phase='play'][data-turn='0']:not(:has(form.advance))")
        expect(mine).to_have_count(1, timeout=15000)
        lift_and_play_first_playable(page)
    screenshot("csp-hearts-played")
    _no_style_element(page)
    _goto(page, f"{live_server.url}/hearts/help/")
    assert violations() == []
    assert console_errors == []


def test_the_admin_works_under_the_same_policy(live_server, page: Page, violations, console_errors):
    get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-long-enough")
    _goto(page, f"{live_server.url}/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw-long-enough")
    page.click("input[type='submit']")
    expect(page.locator("#site-name")).to_be_visible()
    for path in ("/admin/games/heartsstats/", "/admin/games/player/", "/admin/auth/user/add/"):
        _goto(page, f"{live_server.url}{path}")
        expect(page.locator("#content")).to_be_visible()
    assert violations() == []
    # The admin's pages link no favicon: the browser's own /favicon.ico guess is a 404.
    assert [error for error in console_errors if "404 (Not Found)" not in error] == []
