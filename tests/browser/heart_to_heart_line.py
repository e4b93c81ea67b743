"""A Heart to Heart deal played to a given point, for the browser tests that look at a
state (a win, a stalemate) rather than at the taps that reach it."""

from __future__ import annotations

import re

from playwright.sync_api import Page


def play_line(page: Page, base: str, code: str, line) -> None:
    """Deal ``code`` and post ``line`` (the targets, in order) through the page's own
    session, as its forms do, then open the game as it stands."""
    page.goto(f"{base}/heart-to-heart/{code}/")
    token = page.locator("input[name='csrfmiddlewaretoken']").first.input_value()
    action = page.locator("form.h2h-table").get_attribute("action")
    version = page.locator("#board").get_attribute("data-version")
    extra = {"code": code, "first_tap": page.locator("input[name='first_tap']").input_value()}
    for target in line:
        answer = page.request.post(
            base + action, headers={"HX-Request": "true"},
            form={"target": str(target), "version": version,
                  "csrfmiddlewaretoken": token} | extra)
        extra = {}
        assert answer.ok, answer.text()[:300]
        version = re.search(r'data-version="(\d+)"', answer.text()).group(1)
    page.goto(base + action)
