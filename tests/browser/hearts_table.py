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


# Each hand card's own tap target, the part of it no later card covers (a later card is
# drawn over an earlier one): from its left edge to the next card's in its row (the last of
# a row is whole), and down to the row below if that covers it. Read from where the layout
# puts each card (a focused, chosen or sagging card is only moved, by a translation: its
# box less that), and whether taps at the target's centre line, near its top and near its
# bottom, land on that card.
STRIPS = """() => {
  const cards = [...document.querySelectorAll('#hand button[data-card]')];
  const boxes = cards.map((card) => {
    const box = card.getBoundingClientRect();
    const moved = new DOMMatrixReadOnly(getComputedStyle(card).transform);
    const left = box.left - moved.e, top = box.top - moved.f;
    return {left, top, right: left + box.width, bottom: top + box.height};
  });
  return cards.map((card, i) => {
    const box = boxes[i];
    let right = box.right, bottom = box.bottom;
    for (const later of boxes.slice(i + 1)) {
      if (later.left >= right || later.right <= box.left) continue;
      if (later.top >= bottom || later.bottom <= box.top) continue;
      if (Math.abs(later.top - box.top) < 1) right = later.left;
      else bottom = Math.min(bottom, later.top);
    }
    const x = (box.left + right) / 2;
    const hit = [0.2, 0.8].every((f) => {
      const at = document.elementFromPoint(x, box.top + (bottom - box.top) * f);
      return at !== null && at.closest('button[data-card]') === card;
    });
    return {code: card.dataset.card, width: right - box.left, height: bottom - box.top,
            cardWidth: box.right - box.left, cardHeight: box.bottom - box.top,
            left: box.left, top: card.offsetTop, bottom: box.bottom, hit};
  });
}"""

# The phone's hand: seven cards to a row at most (docs/hearts-web.md#one-screen).
PER_ROW = 7


def rows_of(strips: list[dict]) -> list[list[dict]]:
    """The hand's cards by row, top to bottom, as the layout puts them."""
    rows: list[list[dict]] = []
    for strip in strips:
        if rows and abs(strip["top"] - rows[-1][0]["top"]) <= 1:
            rows[-1].append(strip)
        else:
            rows.append([strip])
    return rows


def check_phone_hand(strips: list[dict], smallest_card: float) -> str:
    """A phone's hand for a thumb: every card at least ``smallest_card`` px wide, its own
    tap target at least 26 px wide and the card's whole height, a tap there landing on it;
    two rows (seven, then the rest) that read in the hand's order, left to right, then top
    to bottom. Returns the figures, for the test's output."""
    for strip in strips:
        assert strip["cardWidth"] >= smallest_card, strip
        assert strip["width"] >= 26, strip
        assert abs(strip["height"] - strip["cardHeight"]) < 0.5, strip
        assert strip["hit"], strip
    rows = rows_of(strips)
    expected = [len(strips)] if len(strips) <= PER_ROW else [PER_ROW, len(strips) - PER_ROW]
    assert [len(row) for row in rows] == expected, [len(row) for row in rows]
    for row in rows:
        assert [s["left"] for s in row] == sorted(s["left"] for s in row), row
    assert [s["code"] for row in rows for s in row] == [s["code"] for s in strips]
    own = [s["width"] for row in rows for s in row[:-1]]
    return (
        f"card {strips[0]['cardWidth']:.1f}x{strips[0]['cardHeight']:.1f} px, own strips"
        f" {min(own):.1f}-{max(own):.1f} px x full height, rows {[len(r) for r in rows]}"
        f" at y {rows[0][0]['bottom'] - strips[0]['cardHeight']:.0f}-{strips[-1]['bottom']:.0f}"
    )
