"""The admin statistics dashboard in a real Chromium: reachable from the admin index,
accessible in the light and the dark theme, its period form and CSV links working.

With UPDATE_DOCS_SCREENSHOTS=1 the light and dark screenshots are also copied to
docs/img/ for docs/admin-statistics.md.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.web.admin_statistics.helpers import build_known_games

from .conftest import serious_axe_violations

pytestmark = pytest.mark.django_db(transaction=True)
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def sign_in(page: Page, live_server) -> None:
    User.objects.create_superuser("operator", password="a-long-password-1")
    page.goto(live_server.url + "/admin/login/")
    page.fill("#id_username", "operator")
    page.fill("#id_password", "a-long-password-1")
    page.click("input[type=submit]")
    expect(page.locator("#site-name")).to_be_visible()


def keep_for_docs(page: Page, name: str) -> None:
    """The whole page as a PNG in docs/img/, with UPDATE_DOCS_SCREENSHOTS=1."""
    if os.environ.get("UPDATE_DOCS_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOCS_IMG / name), full_page=True)


def test_dashboard_from_the_admin_index_is_accessible_in_both_themes(
    live_server, page: Page, console_errors, screenshot
):
    build_known_games()
    sign_in(page, live_server)
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        page.goto(live_server.url + "/admin/")
        expect(page.locator("#site-name")).to_be_visible()
        screenshot(f"admin-index-{theme}")
        assert serious_axe_violations(page) == []  # the index, with the dashboard's link
        page.click("[data-admin-statistics-link]")
        expect(page.locator("h1")).to_have_text("Statistics")
        for chart in (
            "hearts-levels",
            "h2h-winning-moves",
            "h2h-winning-times",
            "activity-games",
            "activity-players",
        ):
            expect(page.locator(f"[data-chart='{chart}'] svg")).to_be_visible()
        expect(
            page.locator(
                "[data-statistics-table='hearts-levels'] tr[data-row='all'] [data-column='started']"
            )
        ).to_have_text("7")
        # The charts take their colours from the admin's theme variables.
        text_fill = page.locator("[data-chart='hearts-levels'] .chart-labels text").first.evaluate(
            "e => getComputedStyle(e).fill"
        )
        body_colour = page.evaluate("getComputedStyle(document.body).color")
        assert text_fill == body_colour, theme
        assert serious_axe_violations(page) == []
        screenshot(f"admin-statistics-{theme}")
        keep_for_docs(page, f"admin-statistics-{theme}.png")
    assert console_errors == []


def test_period_form_csv_download_and_the_dashboard_in_norwegian(
    live_server, page: Page, console_errors, screenshot
):
    build_known_games()
    sign_in(page, live_server)
    page.goto(live_server.url + "/admin/statistics/")
    page.select_option("#id_period", "range")
    page.fill("#id_start", "2026-03-01")
    page.fill("#id_end", "2026-02-01")
    page.click(".statistics-period input[type=submit]")
    expect(page.locator(".statistics-period [role=alert]")).to_contain_text(
        "The first date must not come after the last one."
    )
    assert serious_axe_violations(page) == []
    screenshot("admin-statistics-bad-range")
    page.select_option("#id_period", "7")
    page.click(".statistics-period input[type=submit]")
    expect(page.locator("[data-statistics-table='activity'] tbody tr")).to_have_count(7)
    with page.expect_download() as download:
        page.click("[data-csv='hearts-levels']")
    path = download.value.path()
    assert download.value.suggested_filename.startswith("cardsite-hearts-levels-")
    assert Path(path).read_text(encoding="utf-8-sig").splitlines()[0].startswith("Level,")
    assert console_errors == []
    # The same operator reading in Norwegian: the headings and the durations' units.
    page.context.add_cookies([{"name": "django_language", "value": "nb", "url": live_server.url}])
    page.goto(live_server.url + "/admin/statistics/")
    expect(page.locator("h1")).to_have_text("Statistikk")
    expect(
        page.locator(
            "[data-statistics-table='hearts-levels'] tr[data-row='medium'] "
            "[data-column='total_seconds']"
        )
    ).to_have_text("2 t 33 min")
