"""Whole games by keyboard only, in English and in another language: a Heart to Heart win
(the Examples deal) and a Hearts deal. After every action, focus is on the control a
player expects, never on <body>; the heart, the piles and the hand are one Tab stop each."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import HeartsGame
from tests.web.heart_to_heart.helpers import winning_line

from .conftest import focused_id
from .game_states import hearts_pass, show_hearts_game
from .heart_to_heart_line import play_line
from .hearts_table import next_frame, start_and_choose_three, wait_for_me

pytestmark = pytest.mark.django_db(transaction=True)

FOCUS = """() => {
  const el = document.activeElement;
  return el && el !== document.body ? (el.id || el.tagName) : null;
}"""


def _focused(page: Page) -> str | None:
    return page.evaluate(FOCUS)


def _wait_focus_in(page: Page, selector: str | None = None, timeout: float = 5.0) -> None:
    """Until focus is on an element (inside ``selector``), never on <body>. Polled from
    here: the page's Content Security Policy forbids the eval that wait_for_function
    needs to poll in the page."""
    check = "document.activeElement && document.activeElement !== document.body" + (
        f" && document.activeElement.closest({selector!r}) !== null" if selector else ""
    )
    deadline = time.monotonic() + timeout
    while not page.evaluate(check):
        assert time.monotonic() < deadline, f"focus never came to {selector or 'a control'}"
        page.wait_for_timeout(20)


ROUTE = """([from, to]) => {
  // The arrow keys' graph of the group, from keyboard.js's own rule; breadth first.
  const keys = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"];
  const start = document.getElementById(from), goal = document.getElementById(to);
  const seen = new Map([[start, []]]), queue = [start];
  while (queue.length) {
    const here = queue.shift();
    if (here === goal) return seen.get(here);
    for (const key of keys) {
      const next = window.cardsiteKeyboard.neighbour(here, key);
      if (next && !seen.has(next)) { seen.set(next, [...seen.get(here), key]); queue.push(next); }
    }
  }
  return null;
}"""


def _go_to(page: Page, target: str) -> None:
    """Arrow keys only, from the focused card to ``target`` (an id): every card of a
    group can be reached from every other."""
    here = _focused(page)
    assert here, "focus fell to the body"
    route = page.evaluate(ROUTE, [here, target])
    assert route is not None, f"{target} cannot be reached from {here} with the arrow keys"
    for key in route:
        page.keyboard.press(key)
    expect(page.locator(f"#{target}")).to_be_focused()


def _in_group(page: Page, group: str) -> None:
    """Tab (or Shift+Tab) until focus is inside ``group``: the heart or the piles."""
    for _ in range(6):
        if page.evaluate(f"document.activeElement.closest('#{group}') !== null"):
            return
        inside_piles = page.evaluate("document.activeElement.closest('#piles') !== null")
        page.keyboard.press("Shift+Tab" if group == "heart" and inside_piles else "Tab")
    raise AssertionError(f"Tab never reached #{group}")


def _wait_version(page: Page, version: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-version", str(version))


# English plays the whole win by keyboard; French its last 45 taps (the first 48 made
# through the service), which hold every kind of key press, a redeal and the won dialog:
# the second language without a second whole win.
@pytest.mark.parametrize(
    ("locale", "first_tap"), [("en-GB", 0), ("fr-FR", 48)], ids=["en-GB", "fr-FR"]
)
def test_a_heart_to_heart_win_by_keyboard_only(live_server, browser, screenshot, locale, first_tap):
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    line = winning_line()
    if first_tap:
        play_line(page, live_server.url, EXAMPLE_CODE, line[:first_tap])
    else:
        page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
        # The page starts on the heart: one Tab stop whose current card is the free one.
        expect(page.locator("#pos-25")).to_be_focused()
        assert page.evaluate("document.querySelectorAll('#heart [tabindex=\"0\"]').length") == 1
    version = int(page.locator("#board").get_attribute("data-version"))
    for number, target in enumerate(line[first_tap:], start=first_tap):
        if target == "stock":
            if number % 2:
                page.keyboard.press("s")  # the shortcut
            else:
                _in_group(page, "piles")
                _go_to(page, "stock")
                page.keyboard.press("Enter")
            version += 1
            _wait_version(page, version)
            expect(page.locator("#stock")).to_be_focused()
            continue
        if target == "waste":
            _in_group(page, "piles")
            _go_to(page, "waste")
        else:
            _in_group(page, "heart")
            _go_to(page, f"pos-{target}")
        page.keyboard.press("Enter" if number % 3 else " ")
        version += 1
        _wait_version(page, version)
        focused = _focused(page)
        assert focused, f"focus fell to the body after {target}"
        if page.locator("[data-dialog='won']").count():
            break
        assert page.evaluate("document.activeElement.closest('#heart, #piles') !== null"), focused
    dialog = page.locator("[data-dialog='won']")
    expect(dialog).to_be_visible()
    expect(page.locator("#dialog-new")).to_be_focused()
    # The dialog's buttons are one stop: Tab stays inside the dialog.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    screenshot(f"h2h-keyboard-won-{locale}", page)
    # Escape puts the dialog aside and focus goes to "Show my result again".
    page.locator("#dialog-new").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#show-dialog")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#look-at-board")).to_be_focused()
    page.locator("#dialog-new").focus()
    page.keyboard.press("Enter")  # a new game: a new page, which starts on the heart
    expect(page.locator("[data-stat='moves']")).to_have_text("0")
    _wait_focus_in(page, "#heart")
    context.close()


def test_the_heart_is_one_tab_stop_covered_cards_read_as_covered_and_shortcuts_keep_focus(
    live_server, page: Page
):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#pos-25")).to_be_focused()
    page.keyboard.press("ArrowUp")  # a covered card can be reached and read
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.endswith("covered")
    before = page.locator("#board").get_attribute("data-version")
    page.keyboard.press("Enter")  # and does nothing
    # What is checked is that nothing comes of the press, so there is no event to wait
    # for; 300 ms is ample for a move's round trip to the live server here.
    page.wait_for_timeout(300)
    expect(page.locator("#board")).to_have_attribute("data-version", before)
    page.keyboard.press("Tab")  # out of the heart in one press
    assert page.evaluate("document.activeElement.closest('#heart') === null")

    # The shortcuts: turn a card, undo it; focus stays on a control.
    assert before == "1", before
    page.locator("#pos-25").focus()
    page.keyboard.press("s")
    _wait_version(page, 2)
    page.keyboard.press("u")  # undo: the turned card goes back
    _wait_version(page, 3)
    expect(page.locator("[data-stat='moves']")).to_have_text("0")
    assert _focused(page)
    # The letters never act inside a text field.
    page.locator("input[name='code']").focus()
    page.keyboard.type("su")
    expect(page.locator("#board")).to_have_attribute("data-version", "3")
    page.locator("#pos-25").focus()
    page.keyboard.press("n")
    expect(page.locator("[data-stat='moves']")).to_have_text("0")  # a new game's page
    _wait_focus_in(page, "#heart")


PLAYABLE = "#hand button[data-card]:not([aria-disabled='true'])"

TRICK_ORDER = """() => [...document.querySelectorAll('[data-trick] [data-card]')]
  .map((c) => ({seat: +c.dataset.seat, led: c.dataset.led === 'true'}))"""

# Every finished trick the page shows, as it lingers before it is gathered: recorded by
# the page itself as each answer is swapped in (the linger is shorter than a poll).
WATCH_LINGERING_TRICKS = """() => {
  window.lingeringTricks = [];
  let last = '';
  new MutationObserver(() => {
    if (!document.querySelector('#table[data-phase="trick-done"]')) return;
    const order = [...document.querySelectorAll('[data-trick] [data-card]')].map((c) => (
      {seat: +c.dataset.seat, card: c.dataset.card, led: c.dataset.led === 'true'}));
    const key = order.map((c) => c.card).join(' ');
    if (key !== last) { last = key; window.lingeringTricks.push(order); }
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['data-phase']});
}"""


def _assert_in_play_order(order: list[dict]) -> None:
    if not order:
        return
    assert order[0]["led"] and not any(card["led"] for card in order[1:]), order
    seats = [card["seat"] for card in order]
    assert seats == [(seats[0] + i) % 4 for i in range(len(seats))], seats


# One language at the tests' instant cadence, the other with short real pauses (a
# computer's move, a finished trick's linger): focus must land the same way under both.
@pytest.mark.parametrize(
    ("locale", "cadence"), [("en-GB", (0, 0)), ("nb-NO", (60, 150))], ids=["en-GB", "nb-NO"]
)
def test_a_whole_hearts_deal_by_keyboard_only(
    live_server, browser, screenshot, settings, locale, cadence
):
    """Whenever the turn comes (after the pass, after a play, after a gathered trick) focus
    is on a card the rules allow, and the trick reads in the order it fell; so does each
    finished trick as it lingers, against the deal's record of who led and what fell."""
    settings.HEARTS_COMPUTER_DELAY_MS, settings.HEARTS_TRICK_LINGER_MS = cadence
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # Seed 11's deal, the computers' passes chosen: the same deal every run, one in which
    # the player, playing as below, wins a trick and so leads after one is gathered.
    show_hearts_game(page, live_server.url, hearts_pass())
    _wait_focus_in(page, "#hand")
    assert page.evaluate("document.querySelectorAll('#hand [tabindex=\"0\"]').length") == 1
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    for _ in range(3):  # choose three cards with the arrows and Enter
        page.keyboard.press("ArrowRight")
        focused = _focused(page)
        page.keyboard.press("Enter")
        expect(page.locator(f"#{focused}")).to_have_attribute("aria-pressed", "true")
        expect(page.locator(f"#{focused}")).to_be_focused()
    page.evaluate(WATCH_LINGERING_TRICKS)
    page.keyboard.press("Tab")  # the hand is one stop: Tab goes on to Pass cards
    expect(page.locator("#pass-cards")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    checked = {"after the pass": 0, "after a play": 0, "after a gathered trick": 0}
    plays = 0
    while wait_for_me(page) == "play":
        # Focus comes to a card the rules allow once the answer has settled in.
        _wait_focus_in(page, PLAYABLE)
        # The turn came after the pass (the first), after a trick was gathered (the player
        # leads: the table is empty), or after the others played on the player's card.
        leads = page.locator("[data-trick] [data-card]").count() == 0
        when = (
            "after the pass"
            if plays == 0
            else ("after a gathered trick" if leads else "after a play")
        )
        checked[when] += 1
        _assert_in_play_order(page.evaluate(TRICK_ORDER))
        code = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")  # lift
        expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
        _wait_focus_in(page, PLAYABLE)
        page.keyboard.press("p" if plays % 2 else "Enter")  # play: the shortcut, or again
        expect(page.locator(f".hand #card-{code}")).to_have_count(0)
        plays += 1
        _wait_focus_in(page, timeout=1.0)
    assert plays == 13
    assert all(checked.values()), checked
    expect(page.locator("#next-deal")).to_be_focused()
    # On the player's turn the trick holds only the cards before theirs, which seat order
    # lists the same way; a finished trick holds all four, the player's among them. Each
    # is checked against the deal's record of who led and what fell, in order.
    lingering = page.evaluate("window.lingeringTricks")
    assert lingering, "no finished trick was seen lingering"
    record = HeartsGame.objects.order_by("-created_at").first().state["tricks"]
    played = {frozenset(cards): (leader, cards) for leader, cards, _winner in record}
    for order in lingering:
        leader, cards = played[frozenset(card["card"] for card in order)]
        assert [card["card"] for card in order] == cards, (order, leader, cards)
        assert [card["seat"] for card in order] == [(leader + i) % 4 for i in range(4)], order
        _assert_in_play_order(order)
    # At least one a computer led, where seat order or "your card first" would differ.
    assert any(played[frozenset(c["card"] for c in order)][0] != 0 for order in lingering)
    screenshot(f"hearts-keyboard-deal-done-{locale}", page)
    page.keyboard.press("n")
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    _wait_focus_in(page, "#hand")
    context.close()


# Right after an answer is swapped in (motion.js has started its moves by then): for
# each card of the hand, where ArrowRight goes, and whether any card is on its way.
WATCH_NEIGHBOURS = """() => {
  window.__neighbours = null;
  // In the first frame after the swap, where motion.js starts the moves.
  document.addEventListener("htmx:afterSwap", () => requestAnimationFrame(() => {
    const hand = Array.from(document.querySelectorAll("#hand button[data-card]"));
    const right = (card) => window.cardsiteKeyboard.neighbour(card, "ArrowRight");
    window.__neighbours = {
      travelling: hand.filter((card) => card.getAnimations().length).length,
      order: hand.map((card) => card.dataset.card),
      right: hand.map((card) => (right(card) ? right(card).dataset.card : null)),
    };
  }), { once: true });
}"""


def test_arrow_keys_follow_the_settled_hand_while_received_cards_fly_in(live_server, page: Page):
    start_and_choose_three(page, live_server.url)
    page.evaluate(WATCH_NEIGHBOURS)
    page.locator("#pass-cards").click()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "pass")
    next_frame(page)  # the first frame after the swap, where the watch looked
    seen = page.evaluate("window.__neighbours")
    assert seen["travelling"] >= 3  # the three received cards, at least, were on their way
    order = seen["order"]
    assert seen["right"] == [*order[1:], None]  # each card's right neighbour is the next one


# The focused element, whether the browser rings it (:focus-visible) and its outline.
RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const outline = getComputedStyle(el).outlineStyle;
  return {id: el.id, ringed: el.matches(':focus-visible'), outline};
}"""


def _ring(page: Page, element_id: str | None = None) -> dict:
    if element_id:
        focused_id(page, element_id)
    else:
        _wait_focus_in(page)
    return page.evaluate(RING)


@pytest.mark.parametrize("device", ["touch", "mouse"])
def test_the_focus_ring_is_the_keyboards(live_server, browser, device):
    """A page opened, a tap or a click: the card keyboard.js puts the focus on (the heart's
    point, a card of the Hearts hand) has it, unringed. A key: the ring shows, and the next
    page opens with it, as a keyboard player expects."""
    touch = device == "touch"
    context = browser.new_context(
        locale="en-GB",
        viewport={"width": 390, "height": 844} if touch else {"width": 1280, "height": 720},
        is_mobile=touch,
        has_touch=touch,
    )
    page = context.new_page()
    base = live_server.url

    def press(locator) -> None:
        locator.tap() if touch else locator.click()

    page.goto(f"{base}/heart-to-heart/{EXAMPLE_CODE}/")
    assert _ring(page, "pos-25") == {"id": "pos-25", "ringed": False, "outline": "none"}
    press(page.locator("#pos-25"))
    expect(page.locator("#pos-25")).to_have_attribute("aria-pressed", "true")
    assert _ring(page, "pos-25") == {"id": "pos-25", "ringed": False, "outline": "none"}

    show_hearts_game(page, base, hearts_pass())
    _wait_focus_in(page, "#hand")
    first = page.evaluate(RING)
    assert first["id"].startswith("card-") and not first["ringed"], first
    assert first["outline"] == "none", first
    last = page.locator("#hand button[data-card]").last
    code = last.get_attribute("data-card")
    press(last)
    expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    chosen = _ring(page, f"card-{code}")
    assert not chosen["ringed"] and chosen["outline"] == "none", chosen

    page.keyboard.press("ArrowLeft")  # the keyboard: the ring shows on the card it reaches
    moved = page.evaluate(RING)
    assert moved["id"] != f"card-{code}" and moved["ringed"], moved
    assert moved["outline"] == "solid", moved
    page.goto(f"{base}/heart-to-heart/{EXAMPLE_CODE}/")  # the last input was a key
    assert _ring(page, "pos-25") == {"id": "pos-25", "ringed": True, "outline": "solid"}
    context.close()
