"""Every page of the site and every state of both games, reached in one browser page, for
the tests that read the whole site: the smallest text, reflow at a 320-px viewport and at
200 % zoom. Each place is a name and a function that takes the page there. The deep
states (a won board, a stalemate, a trick, a deal's end, the game's end) are written in
the database for the page's visitor (game_states): these tests read a state, not the
way there."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import lru_cache

from playwright.sync_api import Page, expect

from games.engine import hearts as engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.engine.testing import play_on
from tests.web.heart_to_heart.helpers import stalemate_case, winning_line

from .game_states import hearts_pass, show_h2h_game, show_hearts_game

Visit = Callable[[Page, str], None]


def _go(path: str) -> Visit:
    def visit(page: Page, base: str) -> None:
        page.goto(base + path)

    return visit


def _h2h_won(page: Page, base: str) -> None:
    show_h2h_game(page, base, EXAMPLE_CODE, winning_line())
    expect(page.locator("[role='dialog'][data-dialog='won']")).to_be_visible()
    # The celebration's copies leave by themselves; the dialog is what is read.
    expect(page.locator(".motion-layer .celebration-card")).to_have_count(0, timeout=10000)


def _h2h_stalemate(page: Page, base: str) -> None:
    show_h2h_game(page, base, *stalemate_case())
    expect(page.locator("[role='dialog'][data-dialog='stalemate']")).to_be_visible()


def hearts_deal(page: Page, base: str) -> None:
    """A new Hearts game from the start screen, its computers' passes done."""
    page.goto(f"{base}/hearts/")
    page.locator("#hearts-options form").evaluate(
        "form => form.requestSubmit(form.querySelector(\"[data-action='start']\"))"
    )
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)


def hearts_pass_chosen(page: Page, base: str) -> None:
    """The pass, two cards chosen (lifted, ringed) and the others waiting."""
    show_hearts_game(page, base, hearts_pass())
    expect(page.locator(".seat .passed")).to_have_count(3)
    # Each press waits for its answer, as start_and_choose_three does: what this helper
    # draws is a state, not quick presses (test_hearts_table_browser has those).
    for card in page.locator("#hand button[data-card]").all()[:2]:
        code = card.get_attribute("data-card")
        card.click()
        expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(2)


@lru_cache(maxsize=1)
def hearts_states() -> dict[str, engine.HeartsState]:
    """Seed 11, three Medium computers: the first trick with the received cards still
    tagged and a led card on the table; a later trick with a card lifted in a hand that
    must follow suit (some cards sag); the trick gathered; the deal's end; the game's."""
    start = engine.new_game(11, levels=("medium",) * 3)
    first = play_on(start, lambda s: s.phase == "play" and s.turn == 0 and len(s.trick) >= 1)
    later = play_on(
        first,
        lambda s: s.phase == "play" and s.turn == 0 and len(s.trick) == 2 and len(s.tricks) >= 3,
    )
    trick_done = play_on(later, lambda s: s.phase == "trick-done")
    deal_done = play_on(trick_done, lambda s: s.phase == "deal-done")
    game_over = play_on(deal_done, lambda s: s.phase == "game-over")
    return {
        "first-trick": first,
        "later-trick": later,
        "trick-done": trick_done,
        "deal-done": deal_done,
        "game-over": game_over,
    }


def hearts_show(page: Page, base: str, state: engine.HeartsState) -> None:
    """A Hearts game in ``state``, opened at the top of its page."""
    show_hearts_game(page, base, state)
    expect(page.locator(f"#table[data-phase='{state.phase}']")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")


def lift_a_card(page: Page) -> None:
    """Lift the first playable card (one tap: a second would play it)."""
    card = page.locator(".hand button[data-card]:not([aria-disabled='true'])").first
    code = card.get_attribute("data-card")
    card.click()
    expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")


def _hearts_state(name: str) -> Visit:
    def visit(page: Page, base: str) -> None:
        hearts_show(page, base, hearts_states()[name])
        if name == "later-trick":
            lift_a_card(page)

    return visit


def _hearts_score_sheet(page: Page, base: str) -> None:
    """The score sheet: beside the table on a wide window, opened from its button on a
    narrower one (a popover)."""
    button = page.locator("[data-action='score-sheet']")
    if button.is_visible():
        button.click()
    expect(page.locator("#score-sheet")).to_be_visible()


def _statistics(page: Page, base: str) -> None:
    """The admin's statistics dashboard, signed in as an operator."""
    from django.contrib.auth.models import User

    from tests.web.admin_statistics.helpers import build_known_games

    build_known_games()
    User.objects.create_superuser("operator", password="a-long-password-1")
    page.goto(base + "/admin/login/?next=/admin/statistics/")
    page.fill("#id_username", "operator")
    page.fill("#id_password", "a-long-password-1")
    page.click("input[type=submit]")
    expect(page.locator("h1")).to_have_text("Statistics")


# Site pages, in an order that needs no game first.
SITE_PAGES: list[tuple[str, Visit]] = [
    ("home", _go("/")),
    ("look", _go("/look/")),
    ("keep", _go("/keep/")),
    ("h2h-rules", _go("/heart-to-heart/rules/")),
    ("h2h-settings", _go("/heart-to-heart/settings/")),
    ("h2h-examples", _go("/heart-to-heart/examples/")),
    ("hearts-help", _go("/hearts/help/")),
    ("not-found", _go("/no-such-page/")),
    ("h2h-bad-code", _go("/heart-to-heart/NOT-A-CODE/")),
    ("h2h-game-not-found", _go(f"/heart-to-heart/game/{uuid.UUID(int=7)}/")),
    ("hearts-game-not-found", _go(f"/hearts/game/{uuid.UUID(int=7)}/")),
]
H2H_PAGES: list[tuple[str, Visit]] = [
    ("h2h-play", _go("/heart-to-heart/")),
    ("h2h-won", _h2h_won),
    ("h2h-stalemate", _h2h_stalemate),
]
# In this order: the start screen before any game, the pass, then the states written in.
HEARTS_PAGES: list[tuple[str, Visit]] = [
    ("hearts-start", _go("/hearts/")),
    ("hearts-pass", hearts_pass_chosen),
    ("hearts-first-trick", _hearts_state("first-trick")),
    ("hearts-later-trick", _hearts_state("later-trick")),
    ("hearts-score-sheet", _hearts_score_sheet),
    *[(f"hearts-{name}", _hearts_state(name)) for name in ("trick-done", "deal-done", "game-over")],
]
STATISTICS_PAGES: list[tuple[str, Visit]] = [("statistics", _statistics)]
GROUPS = {
    "site": SITE_PAGES,
    "statistics": STATISTICS_PAGES,
    "heart-to-heart": H2H_PAGES,
    "hearts": HEARTS_PAGES,
}
