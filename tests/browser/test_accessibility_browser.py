"""axe on every state of both games, in the three languages: no serious or critical
violation; the pages of text (the rules, the help, a game not found) with no violation of
any impact. The Hearts table's accessibility tree is pinned by a snapshot. A normal game
logs no console error or warning.

Every state is checked in English at both widths (where layout changes what is shown: a
popover, a tucked-away panel), and in French and Norwegian at one width each (where the
words change: labels, names, the lang attribute). The themes are checked once per kind
of state in test_look_browser."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.engine import heart_to_heart as h2h
from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.web.heart_to_heart.helpers import stalemate_case, winning_line

from .conftest import (
    ARTIFACTS,
    every_axe_violation,
    picture,
    serious_axe_violations,
    wait_until_settled,
)
from .every_page import hearts_states
from .game_states import hearts_pass, show_h2h_game, show_hearts_game

pytestmark = pytest.mark.django_db(transaction=True)

WIDE, NARROW = (1280, 900), (390, 844)
# The widths each language's states are checked at.
WIDTHS = {"en-GB": [WIDE, NARROW], "fr-FR": [WIDE], "nb-NO": [NARROW]}
LOCALES = list(WIDTHS)
# Pages of text are held to every rule, minor ones too: a table's empty header cell is
# only axe's minor "empty-table-header", and still leaves a screen reader a blank column.
TEXT_PAGES = [
    "/hearts/help/",
    "/heart-to-heart/rules/",
    "/hearts/game/00000000-0000-4000-8000-000000000000/",
]
SNAPSHOT = Path(__file__).parent / "snapshots" / "hearts_table_pass.aria.yml"
# Every state's picture at both widths, in English: test-artifacts/states/ by default,
# docs/img/states/ with `make screenshots` (which sets CARDSITE_STATES_DIR).
STATES_DIR = Path(os.environ.get("CARDSITE_STATES_DIR", ARTIFACTS / "states"))


@pytest.mark.parametrize("locale", LOCALES)
def test_no_serious_violation_in_any_state_of_either_game(live_server, browser, locale, settings):
    settings.HEARTS_TRICK_LINGER_MS = 600_000  # a finished trick stays while it is checked
    widths = WIDTHS[locale]
    context: BrowserContext = browser.new_context(
        locale=locale, viewport={"width": widths[0][0], "height": widths[0][1]}
    )
    page = context.new_page()
    failures: list[str] = []
    shots = STATES_DIR if locale == "en-GB" else None
    base = live_server.url

    def check(state: str, *, every_impact: bool = False, pictured: bool = True) -> None:
        """axe at each width; in English, a picture of the state at each width too."""
        for width, height in widths:
            page.set_viewport_size({"width": width, "height": height})
            wait_until_settled(page)  # the cards have landed: axe and the picture see the state
            found = every_axe_violation(page) if every_impact else serious_axe_violations(page)
            failures.extend(f"{state} at {width}px: {violation}" for violation in found)
            if shots and pictured:
                name = re.sub(r"[^a-z0-9]+", "-", state.lower()).strip("-")
                picture(page, f"{name}-{width}", folder=shots)

    page.goto(f"{base}/heart-to-heart/{EXAMPLE_CODE}/")
    check("heart to heart: a fresh deal")
    page.locator("#pos-25").click()
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")
    check("heart to heart: a card chosen")
    page.goto(f"{base}/heart-to-heart/rules/")
    check("heart to heart: the rules", every_impact=True)
    page.goto(f"{base}/heart-to-heart/examples/?step=10")
    check("heart to heart: the examples")
    show_h2h_game(page, base, *stalemate_case())
    expect(page.locator("[data-dialog='stalemate']")).to_be_visible()
    check("heart to heart: no more moves")
    show_h2h_game(page, base, EXAMPLE_CODE, winning_line())
    expect(page.locator("[data-dialog='won']")).to_be_visible()
    check("heart to heart: won")

    page.goto(f"{base}/hearts/")
    check("hearts: the start screen")
    page.goto(f"{base}/hearts/help/")
    check("hearts: the help page", every_impact=True)
    page.goto(f"{base}{TEXT_PAGES[2]}")
    check("hearts: a game not found", every_impact=True, pictured=False)
    show_hearts_game(page, base, hearts_pass())
    expect(page.locator("#table[data-phase='pass']")).to_be_visible()
    check("hearts: the pass")
    states = hearts_states()
    for phase, state in (
        ("play", states["first-trick"]),
        ("trick-done", states["trick-done"]),
        ("deal-done", states["deal-done"]),
        ("game-over", states["game-over"]),
    ):
        show_hearts_game(page, base, state)
        expect(page.locator(f"#table[data-phase='{phase}']")).to_be_visible()
        check(f"hearts: {phase}")
    # The pages of text at the width not checked above: every impact, at both widths.
    for width, height in {WIDE, NARROW} - set(widths):
        page.set_viewport_size({"width": width, "height": height})
        for path in TEXT_PAGES:
            page.goto(f"{base}{path}")
            failures += [f"{path} at {width}px: {v}" for v in every_axe_violation(page)]
    context.close()
    assert failures == []


def test_a_normal_game_logs_no_console_error_or_warning_and_the_pass_reads_as_pinned(
    live_server, page: Page, monkeypatch
):
    """Taps in Heart to Heart, then a Hearts deal from the start screen: nothing in the
    console. The table in that deal's pass, as a screen reader meets it, is the
    snapshot's (the deal of seed 7)."""
    from games.services import hearts as service

    said: list[str] = []
    page.on(
        "console",
        lambda message: (
            said.append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning")
            else None
        ),
    )
    page.on("pageerror", lambda error: said.append(f"pageerror: {error}"))
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    for target in winning_line()[:12]:
        version = int(page.locator("#board").get_attribute("data-version"))
        page.locator(
            "#stock" if target == "stock" else "#waste" if target == h2h.WASTE else f"#pos-{target}"
        ).click()
        expect(page.locator("#board")).to_have_attribute("data-version", str(version + 1))
    monkeypatch.setattr(service.secrets, "randbits", lambda bits: 7)  # the deal of seed 7
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    expect(page.locator("#table")).to_match_aria_snapshot(SNAPSHOT.read_text(encoding="utf-8"))
    for card in page.locator(".hand button[data-card]").all()[:3]:
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("[data-action='pass']").click()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    assert said == []
