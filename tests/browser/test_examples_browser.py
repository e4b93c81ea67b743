"""The Examples page in Chromium: it steps in place (no reload, the page does not jump),
its controls sit beside the board on a laptop and within reach on a phone, the arrow keys
step, and the cards each step moved are marked."""

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import PAIRED, REDEALT
from games.views.heart_to_heart.examples import example_game

from .conftest import picture, serious_axe_violations, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def _step_shown(page: Page) -> int:
    return int(page.locator("[data-stat='step']").inner_text().split("/")[0])


# The page has stopped scrolling (no change over two frames), scrolled down if it can be.
SCROLLED = """() => new Promise((done) => {
  const y = window.scrollY;
  const scrollable = document.documentElement.scrollHeight > window.innerHeight;
  requestAnimationFrame(() => requestAnimationFrame(() =>
    done(window.scrollY === y && (y > 0 || !scrollable))));
})"""


def _wheel(page: Page, pixels: int) -> None:
    """Scroll with the mouse wheel and wait until the page has come to rest."""
    page.mouse.wheel(0, pixels)
    wait_until(page, SCROLLED, what="the page scrolled and at rest")


def test_forward_and_back_step_in_place_without_a_reload_or_a_jump(
    live_server, page: Page, console_errors, screenshot
):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/heart-to-heart/examples/?step=9")
    page.evaluate("window.loadedOnce = true")  # gone if the page reloads
    _wheel(page, 120)
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    forward = page.locator("[data-step='forward']")
    expect(forward).to_be_in_viewport()
    forward.click()
    expect(page.locator("[data-stat='step']")).to_contain_text("10 /")
    assert page.evaluate("window.loadedOnce") is True
    assert page.evaluate("window.scrollY") == scrolled
    assert page.url.endswith("?step=10")  # a reload or a shared link shows the same move
    expect(page.locator("#pos-25")).to_have_count(0)  # the point left with the waste's 4
    expect(page.locator("[data-pos='25'][data-touched='true']")).to_be_visible()
    expect(page.locator("[data-pile='waste'][data-touched='true']")).to_be_visible()
    page.locator("[data-step='back']").click()
    expect(page.locator("[data-stat='step']")).to_contain_text("9 /")
    assert page.evaluate("window.loadedOnce") is True
    screenshot("h2h-examples-1280")
    assert serious_axe_violations(page) == []
    assert console_errors == []


def test_the_arrow_keys_and_the_buttons_step_from_the_first_move_to_the_last(
    live_server, page: Page, screenshot
):
    page.goto(f"{live_server.url}/heart-to-heart/examples/")
    expect(page.locator("[data-stat='step']")).to_contain_text("0 /")
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-stat='step']")).to_contain_text("1 /")
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-stat='step']")).to_contain_text("2 /")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-stat='step']")).to_contain_text("1 /")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # at the start: nothing to go back to
    expect(page.locator("[data-stat='step']")).to_contain_text("0 /")
    assert page.evaluate("window.scrollY") == 0  # the arrows step; they do not scroll
    page.locator("[data-step='forward']").click()
    expect(page.locator("[data-stat='step']")).to_contain_text("1 /")
    page.locator("[data-step='last']").click()
    expect(page.locator("[data-pos][data-state='removed']")).to_have_count(25)
    page.locator("[data-step='back']").click()
    expect(page.locator("[data-stat='score']")).not_to_have_text("250")
    screenshot("h2h-examples")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_controls_are_within_reach_at_every_width(
    live_server, page: Page, screenshot, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/heart-to-heart/examples/?step=30")
    controls = page.locator(".example-controls")
    expect(controls).to_be_in_viewport()
    board = page.locator("#board .heart").bounding_box()
    box = controls.bounding_box()
    if width >= 1000:  # beside the board
        assert box["x"] >= board["x"] + board["width"]
        assert box["y"] + box["height"] <= height
    _wheel(page, 400)  # the board scrolls by; the controls stay in reach
    expect(controls).to_be_in_viewport()
    page.locator("[data-step='forward']").click()
    expect(page.locator("[data-stat='step']")).to_contain_text("31 /")
    screenshot(f"h2h-examples-{width}")


def _first_steps_that_empty_the_waste() -> dict[str, int]:
    """The first redeal, and the first pair that takes the waste's last card."""
    moves, states = example_game()
    found: dict[str, int] = {}
    for move in moves:
        if not states[move.number].waste:
            found.setdefault(move.kind, move.number)
    return found


def test_a_step_that_empties_the_waste_rings_its_empty_place(live_server, page: Page):
    """Marked like every other step's subject: the gold ring the cards wear, on the empty
    place (the empty pile's own style would have taken it away). Both ways the waste
    empties: a redeal, and a pair that takes its last card."""
    page.set_viewport_size({"width": 390, "height": 844})
    for kind in (REDEALT, PAIRED):
        _the_empty_waste_is_ringed(page, live_server, _first_steps_that_empty_the_waste()[kind])


def _the_empty_waste_is_ringed(page: Page, live_server, step: int) -> None:
    page.goto(f"{live_server.url}/heart-to-heart/examples/?step={step}")
    waste = page.locator("[data-pile='waste'][data-count='0'][data-touched='true']")
    expect(waste).to_be_visible()
    ring = waste.evaluate("el => getComputedStyle(el).boxShadow")
    # The theme's gold, as the page resolves it (each theme sets its own --ring-gold).
    gold = waste.evaluate("""el => {
        const probe = document.createElement("span");
        probe.style.color = "var(--ring-gold)";
        el.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
    }""")
    assert ring.startswith(f"{gold} 0px 0px 0px 3px"), (step, ring, gold)
    waste.scroll_into_view_if_needed()
    picture(page, f"h2h-examples-step-{step}")
