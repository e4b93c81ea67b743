"""Cards that travel (docs/rules.md#hearts-timing): a card's box sampled
frame by frame is seen between where it came from and where it lands, at the real
cadence; under reduced motion it is already where it lands in its first frame.

Asserted in where a card is from frame to frame, never in milliseconds."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE, new_game
from tests.browser.conftest import picture, wait_until, wait_until_settled
from tests.browser.heart_to_heart_line import play_line
from tests.browser.hearts_table import (
    lift_and_play_first_playable,
    lift_first_playable,
    open_game_in,
    played_to,
    start_and_choose_three,
    wait_for_me,
)
from tests.web.heart_to_heart.helpers import winning_line

pytestmark = pytest.mark.django_db(transaction=True)

STOCK_AT_THE_START = len(new_game(EXAMPLE_CODE).stock)

# Watch for the next element that matches `selector` and was not in the page when the
# watch began (begin it before the press: the answer may come at once), then sample its
# centre and opacity in every frame, as the frame is drawn, from the first frame after it
# came until it is replaced or `frames` have passed (none if it has not come within ten
# seconds). motion.js starts a move in that first frame, before it is painted.
WATCH = """([selector, frames, name]) => {
  const known = new Set(document.querySelectorAll(selector));
  window.cardsiteArrivals = window.cardsiteArrivals || {};
  window.cardsiteArrivals[name] = (async () => {
    const element = await new Promise((resolve) => {
      const look = () => [...document.querySelectorAll(selector)].find((e) => !known.has(e));
      const observer = new MutationObserver(() => {
        const now = look();
        if (now) { observer.disconnect(); resolve(now); }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      setTimeout(() => { observer.disconnect(); resolve(null); }, 10000); // never came
    });
    const samples = [];
    if (!element) return samples;
    for (let i = 0; i < frames; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (!element.isConnected) break;
      const box = element.getBoundingClientRect();
      samples.push({ x: box.left + box.width / 2, y: box.top + box.height / 2,
                     opacity: Number(getComputedStyle(element).opacity),
                     seat: element.dataset.seat });
    }
    return samples;
  })();
}"""


def watch(page: Page, selector: str, frames: int = 40, name: str = "card") -> None:
    page.evaluate(WATCH, [selector, frames, name])


def samples_seen(page: Page, name: str = "card") -> list[dict]:
    return page.evaluate("(name) => window.cardsiteArrivals[name]", name)


def _centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _distance(sample: dict, point: tuple[float, float]) -> float:
    return math.dist((sample["x"], sample["y"]), point)


def assert_travelled(samples: list[dict], start: tuple[float, float], end: tuple[float, float]):
    """Seen near its start first, between the two on the way, and at its end at last."""
    assert len(samples) >= 3, samples
    span = math.dist(start, end)
    assert span > 40, (start, end)
    first, last = samples[0], samples[-1]
    assert _distance(first, end) > span * 0.5, (first, start, end)  # it began away
    between = [s for s in samples if 2 < _distance(s, end) < _distance(first, end) - 2]
    assert between, samples  # it was seen on its way, not just at both ends
    assert _distance(last, end) < 2, (last, end)  # and it landed


@pytest.fixture
def real_cadence(settings):
    """The site's own timing: a computer's card every 450 ms, a trick lingers 1 s."""
    settings.HEARTS_COMPUTER_DELAY_MS = 450
    settings.HEARTS_TRICK_LINGER_MS = 1000


def test_a_computers_card_travels_from_its_seat_to_the_trick(live_server, page: Page, real_cadence):
    start_and_choose_three(page, live_server.url)
    page.locator("#pass-cards").click()
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    if page.locator("#table form.advance").count() == 0:  # you hold the two of clubs
        wait_for_me(page)
        page.locator(".hand button[data-card]:not([aria-disabled='true'])").first.click()
        page.locator(".hand [aria-pressed='true']").click()
    watch(page, ".trick-card:not([data-seat='0'])")
    samples = samples_seen(page)
    seat = samples[0]["seat"]  # the watched card's (the next may have come since)
    start = _centre(page, f".seat[data-seat-info='{seat}'] .backs")
    end = (samples[-1]["x"], samples[-1]["y"])
    assert_travelled(samples, start, end)


def test_your_card_travels_from_your_hand_to_the_trick(live_server, page: Page, real_cadence):
    start_and_choose_three(page, live_server.url)
    page.locator("#pass-cards").click()
    wait_for_me(page)
    code = lift_first_playable(page)
    start = _centre(page, f"#card-{code}")
    watch(page, f".trick-card[data-card='{code}']")
    page.locator(f"#card-{code}").click()
    samples = samples_seen(page)
    end = (samples[-1]["x"], samples[-1]["y"])
    assert_travelled(samples, start, end)


def test_a_gathered_trick_sweeps_to_its_winner(live_server, page: Page, real_cadence):
    start_and_choose_three(page, live_server.url)
    page.locator("#pass-cards").click()
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    # A trick is done when a card carries the winner's mark; it lingers, then it goes.
    # The human plays one card of the first trick, when its turn comes before the mark.
    done = page.locator(".trick-card.winner")
    my_turn = page.locator("#table[data-turn='0']:not(:has(form.advance))")
    expect(done.or_(my_turn).first).to_be_attached(timeout=10000)
    if done.count() == 0:
        lift_and_play_first_playable(page)
        expect(done).to_have_count(1, timeout=10000)
    winner = page.locator(".trick-card.winner").get_attribute("data-seat")
    target = ".my-seat .hand" if winner == "0" else f".seat[data-seat-info='{winner}'] .backs"
    goal = _centre(page, target)
    watch(page, "#motion-layer .trick-card", 60)
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    distances = [_distance(s, goal) for s in samples]
    assert distances[-1] < distances[0] - 20, distances  # it went toward the winner
    assert samples[-1]["opacity"] < samples[0]["opacity"], samples  # and faded as it went
    expect(page.locator("#motion-layer .trick-card")).to_have_count(0)  # then it was gone


def test_the_stocks_card_turns_over_onto_the_waste(live_server, page: Page):
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    start = _centre(page, "#stock")
    watch(page, "#waste[data-rank]")
    page.locator("#stock").click()  # the first tap of the deal
    samples = samples_seen(page)
    end = (samples[-1]["x"], samples[-1]["y"])
    assert_travelled(samples, start, end)


def test_a_removed_pair_leaves_the_heart(live_server, page: Page):
    line = list(winning_line())
    first_pair = next(i for i, target in enumerate(line) if target != "stock")
    play_line(page, live_server.url, EXAMPLE_CODE, line[: first_pair + 1])  # its first card chosen
    # The pair's second card: both cards leave, their copies rise and fade.
    second = line[first_pair + 1]
    watch(page, "#motion-layer .card")
    page.locator("#waste" if second == "waste" else f"#pos-{second}").click()
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    assert samples[-1]["y"] < samples[0]["y"] - 10, samples  # it rose out of the heart
    assert samples[0]["opacity"] > 0.9 and samples[-1]["opacity"] < 0.5, samples  # and faded
    expect(page.locator("#motion-layer .card")).to_have_count(0)
    expect(page.locator(f"[data-pos='{line[first_pair]}']")).to_have_attribute(
        "data-state", "removed"
    )


def test_under_reduced_motion_nothing_travels(live_server, browser, real_cadence):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start_and_choose_three(page, live_server.url)
    page.locator("#pass-cards").click()
    wait_for_me(page)
    code = lift_first_playable(page)
    watch(page, f".trick-card[data-card='{code}']", 12)
    page.locator(f"#card-{code}").click()
    samples = samples_seen(page)
    end = samples[-1]
    assert all(_distance(s, (end["x"], end["y"])) < 1 for s in samples), samples
    assert page.locator("#motion-layer *").count() == 0
    context.close()


def _tap(page: Page, target) -> None:
    """One tap of a winning line, waited for until the board has answered."""
    version = page.locator("#board").get_attribute("data-version")
    selector = {"stock": "#stock", "waste": "#waste"}.get(target, f"#pos-{target}")
    page.locator(selector).click()
    expect(page.locator("#board")).not_to_have_attribute("data-version", version)


# Installed before any page script: every animation the page starts (what it animates,
# which properties, when it ends by its own timing) and every celebration copy added, so
# that what played is known even once it has finished and left the page.
ANIMATIONS = """
window.cardsiteAnimated = { animations: [], copies: 0 };
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const animation = animate.call(this, keyframes, options);
  const frames = Array.isArray(keyframes) ? keyframes : [keyframes];
  const properties = new Set(frames.flatMap((frame) => Object.keys(frame)));
  ["offset", "easing", "composite"].forEach((name) => properties.delete(name));
  window.cardsiteAnimated.animations.push({
    className: String(this.className), dialog: this.getAttribute("role") === "dialog",
    properties: [...properties], end: animation.effect.getComputedTiming().endTime,
  });
  return animation;
};
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("celebration-card")) {
        window.cardsiteAnimated.copies += 1;
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def _once_celebrated(page: Page) -> dict:
    """What the page animated, read once the celebration has begun: motion.js starts it in
    the first frame after the won board is swapped in, which may come after the dialog is
    visible; two frames more show anything that would start twice."""
    wait_until(
        page,
        "() => window.cardsiteAnimated.animations.some((a) => a.dialog)",
        what="the dialog's animation begun",
    )
    page.evaluate("""() => new Promise((done) =>
      requestAnimationFrame(() => requestAnimationFrame(done)))""")
    return page.evaluate("window.cardsiteAnimated")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_ends_with_a_celebration_a_calm_one_under_reduced_motion(
    live_server, browser, motion
):
    context = browser.new_context(reduced_motion=motion, viewport={"width": 390, "height": 844})
    context.add_init_script(ANIMATIONS)
    page = context.new_page()
    *line, last = winning_line()
    play_line(page, live_server.url, EXAMPLE_CODE, line)  # all but the winning tap
    slots = page.locator("#heart [data-pos]").count()
    watch(page, "#motion-layer .celebration-heart", 150)  # they rise as the cards leap
    _tap(page, last)
    expect(page.locator("[data-dialog='won']")).to_be_visible()
    animated = _once_celebrated(page)
    dialog = [a for a in animated["animations"] if a["dialog"]]
    assert len(dialog) == 1, animated  # the dialog comes in once, either way
    if motion == "reduce":
        # Calm: no copy of a card is made, nothing but the dialog is animated, and the
        # dialog only fades in, briefly (by its own timing, not a clock's).
        assert animated["copies"] == 0, animated
        assert animated["animations"] == dialog, animated
        assert dialog[0]["properties"] == ["opacity"], dialog
        assert dialog[0]["end"] <= 500, dialog
        # Nothing else starts once the dialog is in: still only its fade, once it is over.
        wait_until_settled(page)
        animated = page.evaluate("window.cardsiteAnimated")
        assert animated["copies"] == 0 and animated["animations"] == dialog, animated
        assert page.locator("#motion-layer .celebration-heart").count() == 0
        assert page.locator("#motion-layer .celebration-card").count() == 0
        context.close()
        return
    # The watch sees what plays: the heart's cards come back as copies and fly.
    assert animated["copies"] == slots, animated
    flying = [a for a in animated["animations"] if a["className"] == "celebration-card"]
    assert len(flying) == animated["copies"] and all(
        "transform" in a["properties"] for a in flying
    ), animated
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    assert samples[-1]["y"] < samples[0]["y"] - 10, samples  # the hearts rise
    expect(page.locator("#motion-layer .celebration-heart")).to_have_count(0, timeout=5000)
    # On a phone the dialog sits low: the top of the heart stays in view above it.
    heart = page.locator("#heart").bounding_box()
    dialog = page.locator("[data-dialog='won']").bounding_box()
    assert dialog["y"] > heart["y"] + 40, (heart, dialog)
    context.close()


# The celebration's animations: what flies in the layer, and the dialog rising.
CELEBRATION = """() => document.getAnimations().filter((animation) => {
  const target = animation.effect && animation.effect.target;
  return target && (target.closest("#motion-layer") || target.closest("[role='dialog']"));
})"""


def _pause_celebration_at(page: Page, ms: int) -> None:
    page.evaluate(
        f"(ms) => ({CELEBRATION})().forEach((a) => {{ a.pause(); a.currentTime = ms; }})", ms
    )


def _resume_celebration(page: Page) -> None:
    page.evaluate(f"() => ({CELEBRATION})().forEach((a) => a.play())")


@pytest.mark.parametrize("width,height,press", [(1280, 800, "pointer"), (390, 844, "key")])
def test_a_win_celebrates_with_the_hearts_cards_and_a_press_ends_it(
    live_server, browser, width, height, press
):
    """The cards of the heart come back to it, it beats, they leap away and hearts rise:
    at most about 3 s by the animations' own timing, never in the way of a press (the
    dialog's button is what a press there finds), and a press ends it at once. What it
    costs the main thread (long tasks) is a timing, measured by bench/bench_motion.py
    (docs/performance.md#no-pops), never asserted here."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    *line, last = winning_line()
    play_line(page, live_server.url, EXAMPLE_CODE, line)  # all but the winning tap
    slots = page.locator("#heart [data-pos]").count()
    _tap(page, last)
    cards = page.locator("#motion-layer .celebration-card")
    expect(cards).to_have_count(slots)  # every card of the heart takes part
    assert cards.first.get_attribute("data-rank")  # with its face (faces.css draws it)
    ends = page.evaluate(
        f"() => ({CELEBRATION})().map((a) => a.effect.getComputedTiming().endTime)"
    )
    assert ends and max(ends) <= 3000, ends  # about 3 s in all
    layer = page.locator("#motion-layer")
    assert layer.get_attribute("aria-hidden") == "true"
    assert page.evaluate("""() => {
      const layer = document.getElementById("motion-layer");
      return layer.inert && getComputedStyle(layer).pointerEvents === "none";
    }""")
    # A press on the dialog's button finds the button, under the flying cards.
    button = page.locator("#dialog-new")
    box = button.bounding_box()
    found = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('#dialog-new') !== null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert found
    for moment in (700, 1300, 1900):  # filling, beating, leaping (looked at by a person)
        _pause_celebration_at(page, moment)
        picture(page, f"celebration-{width}-{moment}")
    _pause_celebration_at(page, 500)
    _resume_celebration(page)
    if press == "pointer":
        page.mouse.click(4, height - 4)  # a corner of the page, away from every button
    else:
        page.keyboard.press("Shift")
    running = page.evaluate(f"() => ({CELEBRATION})().map((a) => a.playState)")
    assert running == [], running  # all of it at its end, at once
    assert cards.count() == 0
    opacity = "getComputedStyle(document.querySelector('[data-dialog=won]')).opacity"
    assert page.evaluate(opacity) == "1"  # the dialog at its end: ready
    expect(page.locator("[data-dialog='won']")).to_be_visible()
    context.close()


# On a phone too, where the hand is two rows at the bottom of the screen.
@pytest.mark.parametrize("width,height", [(1280, 720), (390, 844)])
def test_passed_cards_leave_toward_their_receiver_and_received_ones_arrive(
    live_server, page: Page, real_cadence, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    start_and_choose_three(page, live_server.url)
    direction = page.locator("#pass-cards").get_attribute("data-pass-direction")
    receiver = {"left": "1", "across": "2", "right": "3"}[direction]
    giver = {"left": "3", "across": "2", "right": "1"}[direction]
    goal = _centre(page, f".seat[data-seat-info='{receiver}'] .backs")
    source = _centre(page, f".seat[data-seat-info='{giver}'] .backs")
    watch(page, "#motion-layer .hand-card")
    watch(page, ".hand [data-received='true']", name="received")
    page.locator("#pass-cards").click()
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    distances = [_distance(s, goal) for s in samples]
    assert distances[-1] < distances[0] - 20, distances  # toward the receiving seat
    arrived = samples_seen(page, "received")
    end = (arrived[-1]["x"], arrived[-1]["y"])
    assert_travelled(arrived, source, end)  # from the seat that passed it
    expect(page.locator("#motion-layer .hand-card")).to_have_count(0)


def test_a_new_deal_is_dealt_from_the_middle_of_the_table(live_server, page: Page, settings):
    open_game_in(page, live_server.url, played_to("deal-done"))
    # A dealt card flies for as little as 120 ms when its frame came late, which a busy
    # machine's frames can step over whole: the page's animations play at a quarter of
    # their speed here (DevTools' own clock), and the computers' passes wait until the
    # cards have landed.
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 0.25})
    settings.HEARTS_COMPUTER_DELAY_MS = 2000
    start = _centre(page, "[data-trick]")
    watch(page, ".hand-card", frames=120)  # the whole flight, at a quarter speed
    page.locator("#next-deal").click()
    samples = samples_seen(page)
    end = (samples[-1]["x"], samples[-1]["y"])
    assert_travelled(samples, start, end)


def test_a_redeal_gathers_the_waste_back_into_the_stock(live_server, page: Page):
    # The stock turned over card by card (through the service: not what is watched).
    play_line(page, live_server.url, EXAMPLE_CODE, ["stock"] * STOCK_AT_THE_START)
    expect(page.locator("#stock")).to_have_attribute("data-count", "0")
    goal = _centre(page, "#stock")
    watch(page, "#motion-layer .card")
    _tap(page, "stock")  # the empty stock: the waste turns back over
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    distances = [_distance(s, goal) for s in samples]
    assert distances[0] > 20 and distances[-1] < distances[0] - 20, distances


def test_an_examples_step_moves_its_cards_too(live_server, page: Page):
    page.goto(f"{live_server.url}/heart-to-heart/examples/?step=9")
    watch(page, "#motion-layer .card")
    page.locator("[data-step='forward']").click()  # step 10 removes the point and a 4
    samples = samples_seen(page)
    assert len(samples) >= 3, samples
    assert samples[-1]["y"] < samples[0]["y"] - 10, samples  # the pair rose out of the heart


def test_a_card_on_its_way_lets_a_press_through_to_what_it_passes_over(live_server, page: Page):
    """Tapping the stock again while its last card still flies to the waste turns the
    next card: the press is the stock's, not the flying card's (which would choose it)."""
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    x, y = _centre(page, "#stock")
    count = int(page.locator("#waste").get_attribute("data-count"))
    _tap(page, "stock")
    page.mouse.click(x, y)  # at once: the card that just turned is still on its way
    expect(page.locator("#waste")).to_have_attribute("data-count", str(count + 2))
    expect(page.locator("#waste")).to_have_attribute("aria-pressed", "false")
