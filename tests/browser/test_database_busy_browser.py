"""A tap sent by htmx that finds the database busy shows the 503 page, not nothing."""

import re

import pytest
from django.db import OperationalError
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.services import heart_to_heart as service

pytestmark = pytest.mark.django_db(transaction=True)


def _locked(*args, **kwargs):
    raise OperationalError("database is locked")


def test_a_busy_database_replaces_the_board_with_the_try_again_page(
    live_server, page: Page, monkeypatch, screenshot
):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#board")).to_have_attribute("data-version", "1")
    monkeypatch.setattr(service, "tap", _locked)  # the live server runs in this process
    page.locator("#stock").click()
    expect(page.locator("[data-error='503'] h1")).to_have_text("The site is very busy right now")
    expect(page).to_have_title(re.compile("^The site is busy"))
    screenshot("database-busy-503")

    monkeypatch.undo()
    page.reload()  # trying again finds the game as it was, and it plays on
    expect(page.locator("#board")).to_have_attribute("data-version", "1")
    page.locator("#stock").click()
    expect(page.locator("#board")).to_have_attribute("data-version", "2")
