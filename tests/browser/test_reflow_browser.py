"""Zoom and reflow (WCAG 1.4.10): every page and both games in play, at a 1280-px window
zoomed to 200 % (a 640x360 viewport at device scale factor 2, what Chromium's zoom gives
the page), in standard and large print; at a 320x640 viewport the same check runs in
test_reading_size_browser, on the same pages in the same context as the text's size.

On each: no sideways scrolling (the document is no wider than the viewport), and each of
the page's main controls (the header's Cards and table link; the cards; Deal, Pass, New
game, Next deal, Undo, the stock; a dialog's actions while it is open) lies inside the
viewport's width, and once scrolled to, a press at its visible part lands on it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .every_page import GROUPS
from .look_cookie import wear

pytestmark = pytest.mark.django_db(transaction=True)

ZOOMED = (640, 360, 2)  # a 1280x720 window at 200 %
PRINTS = {"standard": None, "large": "system.large.four.red"}
CONTROLS = [
    "[data-action='cards-and-table']",
    "[data-screen='start'] [data-action='start']",
    "#hand button[data-card]",
    "#pass-cards",
    "#board button.card[data-state='free']",
    "#stock",
    "#undo",
    "#new-game",
    "#next-deal",
    "[data-step]",
]
DIALOG_CONTROLS = ["[role='dialog'] :is(button, a.button, label.button)"]

# Per control: its box, and whether a press at its visible part (for a card of the fan, the
# strip the next card leaves; else its middle) lands on it, once scrolled into view.
REACH = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.checkVisibility({visibilityProperty: true}))
  .map((el) => {
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const box = el.getBoundingClientRect();
    let right = box.right;
    const next = el.matches('#hand [data-card]')
      ? [...document.querySelectorAll('#hand button[data-card]')].find(
          (c) => c.getBoundingClientRect().left > box.left + 1) : null;
    if (next) right = Math.min(right, next.getBoundingClientRect().left);
    const x = (box.left + right) / 2, y = box.top + box.height * (next ? 0.3 : 0.5);
    const hit = document.elementFromPoint(x, y);
    return {name: el.id || el.dataset.card || el.dataset.action || el.dataset.step
              || el.textContent.trim().slice(0, 20),
            left: box.left, right: box.right, top: box.top, bottom: box.bottom,
            // A control that is off (a disabled step) takes no press: nothing to reach.
            hit: el.matches('[aria-disabled="true"], [disabled]')
              || (!!hit && (hit === el || el.contains(hit)))};
  })"""


def reflow_problems(page: Page, name: str) -> list[str]:
    """What keeps the page ``name`` from reflowing in its viewport: a document wider than
    the viewport, or a control outside its width, out of view once scrolled to, or covered
    where it is pressed."""
    problems = []
    page.evaluate("window.scrollTo(0, 0)")
    width, height = page.evaluate("[innerWidth, innerHeight]")
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        problems.append(f"{name}: the page is {wide} px wide in {width}")
    dialog = page.locator("[role='dialog']:visible").count() > 0
    for selector in DIALOG_CONTROLS if dialog else CONTROLS:
        for control in page.evaluate(REACH, selector):
            if control["left"] < -0.5 or control["right"] > width + 0.5:
                problems.append(f"{name}: {control['name']} outside the width {control}")
            elif control["bottom"] - control["top"] <= height and (
                control["top"] < -0.5 or control["bottom"] > height + 0.5
            ):
                problems.append(f"{name}: {control['name']} not in view once scrolled to")
            elif not control["hit"]:
                problems.append(f"{name}: {control['name']} is covered where it is pressed")
    return problems


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("print_size", list(PRINTS))
def test_every_page_reflows_without_sideways_scrolling_at_200_percent_zoom(
    live_server, browser: Browser, settings, print_size, group
):
    settings.HEARTS_TRICK_LINGER_MS = 600_000
    width, height, scale = ZOOMED
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        locale="en-GB",
        reduced_motion="reduce",
    )
    wear(context, live_server.url, PRINTS[print_size])
    page = context.new_page()
    problems = []
    for name, visit in GROUPS[group]:
        visit(page, live_server.url)
        problems += reflow_problems(page, name)
    context.close()
    print("\n".join(problems))
    assert problems == []
