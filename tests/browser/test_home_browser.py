"""The home page in a real Chromium: loads, switches language, stays accessible."""

import pytest
from playwright.sync_api import Page, expect

from .conftest import serious_axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_page_loads_without_console_errors_and_has_no_serious_axe_violation(
    live_server, page: Page, console_errors, screenshot
):
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("[data-game='heart-to-heart']")).to_contain_text("Heart to Heart")
    expect(page.locator("[data-game='hearts']")).to_contain_text("Hearts")
    assert serious_axe_violations(page) == []
    screenshot("home-desktop")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot("home-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert console_errors == []


@pytest.mark.parametrize(
    ("language", "heading"),
    [("fr", "Deux jeux de cartes"), ("nb", "To kortspill")],
)
def test_language_switch_translates_the_home_page(
    live_server, page: Page, console_errors, screenshot, language, heading
):
    page.goto(live_server.url + "/")
    page.locator(f"button[data-lang='{language}']").click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_contain_text(heading)
    chosen = page.locator(f"button[data-lang='{language}']")
    expect(chosen).to_have_attribute("aria-current", "true")
    # The choice sticks for the next page too.
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    screenshot(f"home-{language}")
    assert console_errors == []


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "nb-NO"])
def test_rules_pages_are_accessible_and_fit_a_phone_and_a_404_speaks_the_language(
    live_server, browser, locale, screenshot
):
    """Both rules pages in the browser's language, on a phone; an unknown address answers
    the friendly 404 page in that language too (from the browser's Accept-Language)."""
    context = browser.new_context(locale=locale, viewport={"width": 360, "height": 740})
    page = context.new_page()
    for path in ("/heart-to-heart/rules/", "/hearts/help/"):
        page.goto(live_server.url + path)
        expect(page.locator("article.rules h1")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert serious_axe_violations(page) == []
        screenshot(f"rules-{path.strip('/').replace('/', '-')}-{locale}", page)
    response = page.goto(live_server.url + "/no-such-page/")
    assert response.status == 404
    expect(page.locator("[data-error='404']")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", locale[:2])
    context.close()
