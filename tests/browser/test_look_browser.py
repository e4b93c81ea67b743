"""Cards and table in the browser (issue 31): each table theme and each device preference
drawn from the first paint, with axe (colour contrast included) finding nothing serious,
and screenshots at 1280 and 390 px in test-artifacts/look/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games import look as looks

from .conftest import ARTIFACTS, serious_axe_violations
from .hearts_table import played_to, put_latest_game_in

pytestmark = pytest.mark.django_db(transaction=True)

OUT = ARTIFACTS / "look"
# (name, the cookie's look or None for a visitor who has not chosen, the device's scheme)
THEMES = [
    ("green", "green.standard.two.red", "light"),
    ("light", "light.standard.two.blue", "dark"),  # a choice wins over the device
    ("dark", "dark.standard.two.green", "light"),
    ("system-light", None, "light"),
    ("system-dark", None, "dark"),
]
PAGES = [("home", "/"), ("heart-to-heart", "/heart-to-heart/"), ("look", "/look/"),
         ("hearts-help", "/hearts/help/")]


@pytest.mark.parametrize(("name", "cookie", "scheme"), THEMES, ids=[t[0] for t in THEMES])
def test_every_theme_reads_and_passes_axe(live_server, browser: Browser, name, cookie, scheme):
    OUT.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme,
                                  locale="en-GB")
    if cookie:
        context.add_cookies([{"name": looks.COOKIE_NAME, "value": cookie,
                              "url": live_server.url}])
    page = context.new_page()
    failures = []
    for label, path in PAGES:
        page.goto(live_server.url + path)
        expected = cookie.split(".")[0] if cookie else "system"
        expect(page.locator("body")).to_have_attribute("data-table", expected)
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            failures += [f"{label} {width}: {v}" for v in serious_axe_violations(page)]
            page.screenshot(path=str(OUT / f"{name}-{label}-{width}.png"))
    # The Hearts table in play.
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    for phase in ("pass", "trick-done", "deal-done"):
        if phase != "pass":
            put_latest_game_in(played_to(phase))
            page.reload()
        for width, height in ((1280, 720), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            failures += [f"hearts {phase} {width}: {v}" for v in serious_axe_violations(page)]
            page.screenshot(path=str(OUT / f"{name}-hearts-{phase}-{width}.png"))
    context.close()
    print("\n".join(failures))
    assert failures == []


def test_the_panel_saves_a_look_without_javascript(live_server, browser: Browser):
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/rules/")
    page.locator("[data-action='cards-and-table']").click()
    page.locator("[data-look-field='look_table'] input[value='dark']").check()
    page.locator("[data-look-field='look_back'] input[value='green']").check()
    page.locator("[data-action='save-look']").click()
    assert page.url.endswith("/heart-to-heart/rules/")  # back where the player was
    expect(page.locator("body")).to_have_attribute("data-table", "dark")
    expect(page.locator("body")).to_have_attribute("data-back", "green")
    context.close()


def test_forced_colours_keep_cards_and_focus_visible(live_server, browser: Browser):
    OUT.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(forced_colors="active", locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/")
    card = page.locator("#board button.card").first
    card.focus()
    border = card.evaluate(
        "c => getComputedStyle(c).borderTopStyle + ' ' + getComputedStyle(c).borderTopWidth")
    assert border.startswith("solid"), border
    outline = card.evaluate("c => getComputedStyle(c).outlineStyle")
    assert outline != "none"
    page.screenshot(path=str(OUT / "forced-colours-heart-to-heart.png"))
    context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 780)])
def test_in_large_print_the_hearts_table_still_fits_with_its_tap_strips(
    live_server, browser: Browser, width, height
):
    from .test_table_fits_browser import STRIPS, _deal, _inside

    OUT.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, locale="en-GB")
    context.add_cookies([{"name": looks.COOKIE_NAME, "value": "system.large.four.red",
                          "url": live_server.url}])
    page = context.new_page()
    _deal(page, live_server.url)
    assert "faces-large-four.css" in page.content()
    page.evaluate("window.scrollTo(0, 0)")
    for seat in (1, 2, 3):
        _inside(page, f"[data-seat-info='{seat}']", width, height)
    _inside(page, "#pass-cards", width, height)
    strips = page.evaluate(STRIPS)
    for index in range(13):
        _inside(page, f"#hand button[data-card] >> nth={index}", width, height)
    assert max(s["top"] for s in strips) - min(s["top"] for s in strips) <= 3  # one row
    assert all(s["width"] >= 24 and s["hit"] for s in strips), strips
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(OUT / f"large-four-hearts-{width}.png"))
    context.close()
