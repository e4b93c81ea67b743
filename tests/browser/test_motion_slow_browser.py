"""No move pops on a slow phone: with the CPU slowed four times, the frame that starts a
move often comes late, and the move must still travel (shortened), not leave the card to
appear in its new place.

A recorder installed before the page's scripts works out from the markup alone which
cards moved in each answer (never from motion.js: a move it dropped must still be
counted), then watches each of them frame by frame: a move travelled if some frame drew
it partway, one of its animations in its active phase between its start and its end.
Asserted in a share of moves, never in milliseconds.

The page is slowed only while the measured moves play: DevTools' CPU throttling keeps a
core busy for as long as it is on, idle page or not (docs/performance.md#test-lanes). So
each game starts from a position set in the database (the Hearts deal part-played, the
Heart to Heart win part-made), the human to move, and is slowed from there.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import CDPSession, Page, expect

from games.engine import hearts as hearts_engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.engine.hearts.rules import Phase, computer_due
from games.engine.testing import play_on
from tests.browser.conftest import wait_until
from tests.browser.game_states import show_hearts_game
from tests.browser.heart_to_heart_line import play_line
from tests.browser.hearts_table import lift_and_play_first_playable, wait_for_me
from tests.web.heart_to_heart.helpers import winning_line

pytestmark = pytest.mark.django_db(transaction=True)

# Chrome's CPU throttling: a mid-range phone. CARDSITE_SLOWDOWN=8 measures a slower one
# (on this machine 4x seldom makes a frame late: docs/performance.md#no-pops).
SLOWDOWN = float(os.environ.get("CARDSITE_SLOWDOWN", "4"))
TRAVELLED = 0.95

# The moves an answer makes, read from the hooks (docs/rules.md#hooks-site, #hooks-h2h,
# #hooks-hearts): a card new to the trick (a computer's, or yours from the hand); the
# waste gaining a card from the stock; cards that leave (a pair removed from the heart
# or the waste, the waste gathered back into the stock), which fly as copies in
# #motion-layer. Each is watched for FRAMES frames; the copies of one answer are told
# apart by element, and count up to the number of cards that left.
RECORD = """
(() => {
  const FRAMES = 45;
  // pending: the watches still running (the test reads the moves once it is 0).
  const record = window.cardsiteTravel = { moves: [], lateness: [], pending: 0 };
  const count = (selector) => {
    const pile = document.querySelector(selector);
    return pile ? Number(pile.dataset.count) : 0;
  };
  const look = () => ({
    trick: new Set([...document.querySelectorAll("[data-trick] [data-card]")]
      .map((card) => card.dataset.card)),
    removed: document.querySelectorAll("[data-pos][data-state='removed']").length,
    stock: count("[data-pile='stock']"),
    waste: count("[data-pile='waste']"),
  });
  // Drawn partway: a scripted animation (a move; not a CSS transition, such as a press's
  // feedback) in its active phase, neither at its start nor at its end.
  const partway = (element) => element.getAnimations().some((animation) => {
    if (animation instanceof CSSTransition || animation instanceof CSSAnimation) return false;
    const progress = animation.effect.getComputedTiming().progress;
    return animation.playState === "running" && progress > 0 && progress < 1;
  });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  // A card that stays in the page, found again in every frame (each answer draws it anew).
  async function watchCard(move, selector) {
    record.pending += 1;
    for (let i = 0; i < FRAMES && !move.travelled; i++) {
      await frame();
      const card = document.querySelector(selector);
      if (card && partway(card)) move.travelled = true;
    }
    record.pending -= 1;
  }
  // Cards that left: their copies fly in the motion layer.
  async function watchCopies(moves) {
    record.pending += 1;
    const seen = new Set();
    for (let i = 0; i < FRAMES && seen.size < moves.length; i++) {
      await frame();
      document.querySelectorAll("#motion-layer > .card").forEach((copy) => {
        if (partway(copy)) seen.add(copy);
      });
      moves.forEach((move, n) => { move.travelled = n < seen.size; });
    }
    record.pending -= 1;
  }
  let before = null;
  let swappedAt = 0;
  document.addEventListener("htmx:beforeSwap", () => { before = look(); });
  document.addEventListener("htmx:afterSwap", () => {
    const was = before;
    before = null;
    if (!was) return;
    swappedAt = performance.now();
    requestAnimationFrame(() => record.lateness.push(performance.now() - swappedAt));
    // A phone slower still at handling an answer: the main thread stays busy after it,
    // and the frame that starts its moves comes that much later.
    if (window.cardsiteHold) {
      queueMicrotask(() => {
        const until = performance.now() + window.cardsiteHold;
        while (performance.now() < until);
      });
    }
    // After the whole answer is in (its out-of-band parts swap in the same task).
    queueMicrotask(() => {
      const now = look();
      const add = (kind) => {
        const move = { kind, travelled: false };
        record.moves.push(move);
        return move;
      };
      now.trick.forEach((code) => {
        if (!was.trick.has(code)) {
          watchCard(add("trick"), `[data-trick] [data-card="${CSS.escape(code)}"]`);
        }
      });
      if (now.waste > was.waste && now.stock < was.stock) {
        watchCard(add("turn"), "[data-pile='waste']");
      }
      const left = [];
      for (let i = was.removed; i < now.removed; i++) left.push(add("pair"));
      if (now.waste < was.waste && now.stock === was.stock) left.push(add("pair"));
      if (now.stock > was.stock && was.waste > 0) left.push(add("redeal"));
      if (left.length) watchCopies(left);
    });
  });
})();
"""


def _slow_page(browser, hold: int = 0) -> Page:
    """A page whose answers are recorded; it is slowed by `_slow_down` once set up."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"window.cardsiteHold = {hold};")
    context.add_init_script(RECORD)
    return context.new_page()


_SESSIONS: dict[Page, CDPSession] = {}


def _slow_down(page: Page, rate: float = SLOWDOWN) -> None:
    """From here on the phone is slow (`rate` 1: no longer). Set once the page is set up
    and the human is to move, never while it loads or waits for nothing measured."""
    if page not in _SESSIONS:  # one session: the rate set lasts while it is attached
        _SESSIONS[page] = page.context.new_cdp_session(page)
    _SESSIONS[page].send("Emulation.setCPUThrottlingRate", {"rate": rate})


def _moves(page: Page) -> list[dict]:
    """The moves recorded, once the last answer's are watched to their end; the page is
    fast again from there."""
    wait_until(
        page,
        "() => window.cardsiteTravel.pending === 0",
        timeout=30,
        what="every move watched to its end",
    )
    _slow_down(page, 1)
    return page.evaluate("window.cardsiteTravel.moves")


def _report(name: str, page: Page, moves: list[dict], rate: float = SLOWDOWN) -> None:
    lateness = sorted(page.evaluate("window.cardsiteTravel.lateness"))
    by_kind: dict[str, list[int]] = {}
    for move in moves:
        by_kind.setdefault(move["kind"], [0, 0])
        by_kind[move["kind"]][0] += move["travelled"]
        by_kind[move["kind"]][1] += 1
    kinds = ", ".join(f"{kind} {done}/{all_}" for kind, (done, all_) in by_kind.items())
    late = sum(1 for value in lateness if value > 250)
    print(
        f"{name} at {rate}x: {sum(m['travelled'] for m in moves)}/{len(moves)} travelled"
        f" ({kinds}); frames over 250 ms after their swap: {late}/{len(lateness)},"
        f" longest {max(lateness, default=0):.0f} ms"
    )


def _mid_deal(tricks: int) -> hearts_engine.HeartsState:
    """Seed 11's first deal (three Medium computers) after ``tricks`` tricks, the human to
    play: a position the page shows without a computer's turn on its way."""
    return play_on(
        hearts_engine.new_game(11, levels=("medium", "medium", "medium")),
        lambda s: s.phase == Phase.PLAY and len(s.tricks) >= tricks and not computer_due(s),
    )


def _play_hearts(
    page: Page, base_url: str, tricks_before: int, cards: int = 52, *, slow: bool = True
) -> int:
    """From the deal after ``tricks_before`` tricks (slowed, unless ``slow`` is false) to
    the deal's end or until about ``cards`` cards have gone to the trick; the cards the
    deal had left to play."""
    state = _mid_deal(tricks_before)
    show_hearts_game(page, base_url, state)
    wait_for_me(page)
    assert page.evaluate("window.cardsiteTravel.moves.length") == 0
    if slow:
        _slow_down(page)
    phase = "play"
    while phase == "play" and page.evaluate("window.cardsiteTravel.moves.length") < cards:
        lift_and_play_first_playable(page)
        phase = wait_for_me(page)
    return 52 - 4 * len(state.tricks) - len(state.trick)


def _win_heart_to_heart(page: Page, base_url: str, taps: slice, *, slow: bool = True) -> None:
    """The Examples deal's winning line: the taps before ``taps`` made through the service
    (not measured), then ``taps`` by pointer on the page, slowed unless ``slow`` is
    false."""
    line = winning_line()
    if taps.start:
        play_line(page, base_url, EXAMPLE_CODE, line[: taps.start])
    else:
        page.goto(f"{base_url}/heart-to-heart/{EXAMPLE_CODE}/")
    if slow:
        _slow_down(page)
    for target in line[taps]:
        version = page.locator("#board").get_attribute("data-version")
        page.locator({"stock": "#stock", "waste": "#waste"}.get(target, f"#pos-{target}")).click()
        expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    if taps.stop is None:
        expect(page.locator("[data-dialog='won']")).to_be_visible()


# The winning line's last 45 taps: turns from the stock, pairs from the heart and the
# waste, pairs within the heart, the second redeal, and the winning pair.
LAST_TAPS = slice(48, None)


def test_on_a_slow_phone_the_cards_still_travel(live_server, browser, settings):
    """A Hearts deal from its eighth trick to its end (21 cards) and the last 45 taps of a
    Heart to Heart win: some 80 moves of every kind, at the site's own cadence."""
    settings.HEARTS_COMPUTER_DELAY_MS = 450  # the site's own cadence (docs/rules.md#hearts-timing)
    settings.HEARTS_TRICK_LINGER_MS = 1000
    page = _slow_page(browser)
    left = _play_hearts(page, live_server.url, tricks_before=7)
    hearts = _moves(page)
    _report(f"hearts, the deal's last {left} cards", page, hearts)
    page.context.close()
    page = _slow_page(browser)
    _win_heart_to_heart(page, live_server.url, LAST_TAPS)
    heart_to_heart = _moves(page)
    _report("heart to heart, a win's last 45 taps", page, heart_to_heart)
    page.context.close()
    moves = hearts + heart_to_heart
    assert len(hearts) == left > 20, hearts  # every card left went to the trick
    assert {move["kind"] for move in heart_to_heart} == {"turn", "pair", "redeal"}, heart_to_heart
    assert len(heart_to_heart) > 40, heart_to_heart
    travelled = sum(move["travelled"] for move in moves)
    print(f"together: {travelled}/{len(moves)} = {travelled / len(moves):.1%}")
    assert travelled >= TRAVELLED * len(moves), moves


def test_a_move_whose_frame_comes_late_still_travels(live_server, browser, settings):
    """Each answer's frame held back 300 ms (the main thread kept busy after the answer,
    as a slower phone's is): more than the 250 ms after which motion.js once dropped a
    move. Every move must still travel. The hold makes the frames late by itself, so the
    page is not throttled as well (DevTools' throttling would only spin a core meanwhile)."""
    settings.HEARTS_COMPUTER_DELAY_MS = 450
    settings.HEARTS_TRICK_LINGER_MS = 1000
    moves, lateness = [], []
    for name, play in (
        (
            "hearts, three tricks, frames held 300 ms",
            lambda page: _play_hearts(page, live_server.url, 1, cards=12, slow=False),
        ),
        (
            "heart to heart, 30 taps, frames held 300 ms",
            lambda page: _win_heart_to_heart(page, live_server.url, slice(None, 30), slow=False),
        ),
    ):
        page = _slow_page(browser, hold=300)
        play(page)
        played = _moves(page)
        _report(name, page, played, rate=1)
        moves += played
        lateness += page.evaluate("window.cardsiteTravel.lateness")
        page.context.close()
    assert len(moves) > 30, moves
    assert lateness and min(lateness) > 250, lateness  # every frame came late, as meant
    travelled = sum(move["travelled"] for move in moves)
    assert travelled >= TRAVELLED * len(moves), moves
