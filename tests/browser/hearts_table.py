"""What a player does at the Hearts table, for the browser tests that play whole deals."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from games.engine import hearts as engine
from games.engine.hearts import players
from games.engine.testing import play_on
from games.models import HeartsGame

PLAYABLE = ".hand button[data-card]:not([aria-disabled='true'])"


def start_and_choose_three(page: Page, base_url: str) -> None:
    """Deal a new game from the start screen and choose the hand's first three cards to
    pass, once the computers have passed theirs."""
    page.goto(f"{base_url}/hearts/")
    page.locator("[data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    for card in page.locator(".hand button[data-card]").all()[:3]:
        code = card.get_attribute("data-card")
        card.click()
        expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")


def lift_first_playable(page: Page) -> str:
    """Tap the first card the rules allow and wait until it is lifted; its code."""
    playable = page.locator(PLAYABLE).first
    code = playable.get_attribute("data-card")
    playable.click()
    expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    return code


def lift_and_play_first_playable(page: Page) -> str:
    """Tap the first card the rules allow (it lifts), tap it again (it is played); wait
    until it has left the hand. Returns its code."""
    code = lift_first_playable(page)
    page.locator(f"#card-{code}").click()
    expect(page.locator(f"#card-{code}")).to_have_count(0)
    return code


def next_frame(page: Page) -> None:
    """Wait for the page's next frame: motion.js starts an answer's moves in the first
    frame after it is swapped in."""
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve()))")


def wait_for_me(page: Page) -> str:
    """Let the timed refreshes run until the table waits for the human; return the phase."""
    waiting = page.locator(
        "#table[data-phase='play'][data-turn='0']:not(:has(form.advance)),"
        " #table[data-phase='deal-done'], #table[data-phase='game-over']"
    )
    expect(waiting).to_have_count(1, timeout=15000)
    return waiting.get_attribute("data-phase")


def put_latest_game_in(state: engine.HeartsState) -> None:
    """Write ``state`` into the newest Hearts game (the page's own, once the computers'
    timed passes are done: two writers would lock the in-memory test database)."""
    game = HeartsGame.objects.order_by("-created_at").first()
    game.state, game.phase = state.to_dict(), state.phase
    game.save()


def open_game_in(page: Page, base_url: str, state: engine.HeartsState) -> None:
    """A Hearts game of this visitor, put in ``state`` and shown."""
    page.goto(f"{base_url}/hearts/")
    # A new game from the options form, as its start button sends it: in play the options
    # are tucked away below the table, and a dialog of the game before may be on the screen.
    page.locator("#hearts-options form").evaluate(
        "form => form.requestSubmit(form.querySelector(\"[data-action='start']\"))"
    )
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    put_latest_game_in(state)
    page.reload()


def played_to(phase: str) -> engine.HeartsState:
    """Seed 11's game, three Medium computers, played on until ``phase``."""
    return play_on(
        engine.new_game(11, levels=("medium", "medium", "medium")), lambda s: s.phase == phase
    )


def finished_state(seed: int) -> engine.HeartsState:
    """A whole game played out in the engine, seat 0 by the Medium player."""
    state = engine.new_game(seed, levels=("hard", "hard", "hard"))
    medium = players.get_player("medium")
    return play_on(
        state,
        lambda s: s.phase == "game-over",
        human_pass=lambda s: medium.choose_pass(engine.seat_view(s, 0), engine.decision_rng(s, 0)),
        human_play=lambda s: medium.choose_play(engine.seat_view(s, 0), engine.decision_rng(s, 0)),
    )


def inside(page: Page, selector: str, width: int, height: int) -> dict:
    """The element's box, asserted to lie within a window of this size."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, box, width)
    assert box["y"] + box["height"] <= height + 0.5, (selector, box, height)
    return box


# A card's visible strip: from its left edge to the next card's left edge (the last card is
# whole), and whether a tap at the strip's centre lands on that card.
STRIPS = """() => {
  const cards = [...document.querySelectorAll('#hand button[data-card]')];
  return cards.map((card, i) => {
    const box = card.getBoundingClientRect();
    const right = i + 1 < cards.length ? cards[i + 1].getBoundingClientRect().left : box.right;
    const x = (box.left + right) / 2, y = box.top + box.height * 0.3;
    const hit = document.elementFromPoint(x, y);
    // offsetTop: where the row lays the card out (a focused or chosen card is raised).
    return {code: card.dataset.card, width: right - box.left, top: card.offsetTop,
            hit: hit !== null && hit.closest('button[data-card]') === card};
  });
}"""
