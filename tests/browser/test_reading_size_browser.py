"""No text below 12 CSS px, on any page, in either print size; and at a 320x640 viewport
every page reflows (test_reflow_browser's check, which also runs at 200 % zoom).

Every page of the site and every state of both games (tests/browser/every_page.py) is
read at a laptop's 1280 px and a small phone's 360 px, in standard and in large print:
each visible text node's computed font-size, and each visible form control's, must be
at least 12 CSS px. Text a screen reader alone reads (clipped to a pixel) is left out.
The same page, opened at 320x640, is checked for reflow first: one visit of each state
serves both checks.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .every_page import GROUPS
from .look_cookie import wear
from .test_reflow_browser import reflow_problems

pytestmark = pytest.mark.django_db(transaction=True)

PRINTS = {"standard": None, "large": "system.large.two.red"}
REFLOW = (320, 640)
SIZES = [(360, 780), (1280, 800)]
SMALLEST_PX = 12

# Each visible piece of text smaller than the floor: its element, size and words.
SMALL_TEXT = """(floor) => {
  const hiddenForEyes = (el) => {
    for (let a = el; a; a = a.parentElement) {
      const box = a.getBoundingClientRect();
      const clipped = getComputedStyle(a).overflow !== 'visible';
      if (clipped && (box.width <= 1 || box.height <= 1)) return true;
    }
    return false;
  };
  const found = [];
  const note = (el, words) => {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < floor - 0.01) {
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\\s+/) : [];
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
        + classes.filter(Boolean).map((c) => '.' + c).join('');
      found.push(`${name} ${size.toFixed(2)}px "${words.trim().slice(0, 30)}"`);
    }
  };
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || hiddenForEyes(el)) continue;
    note(el, node.textContent);
  }
  for (const el of document.querySelectorAll(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea')) {
    if (el.checkVisibility({opacityProperty: true, visibilityProperty: true}) && !hiddenForEyes(el))
      note(el, el.value || el.placeholder || '');
  }
  return [...new Set(found)];
}"""


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("print_size", list(PRINTS))
def test_no_visible_text_is_below_12_css_px_and_every_page_reflows_at_320_px(
    live_server, browser: Browser, settings, print_size, group
):
    settings.HEARTS_TRICK_LINGER_MS = 600_000  # a finished trick stays while it is read
    context = browser.new_context(
        viewport={"width": REFLOW[0], "height": REFLOW[1]}, locale="en-GB", reduced_motion="reduce"
    )
    wear(context, live_server.url, PRINTS[print_size])
    page = context.new_page()
    small, problems = [], []
    for name, visit in GROUPS[group]:
        page.set_viewport_size({"width": REFLOW[0], "height": REFLOW[1]})
        visit(page, live_server.url)
        problems += reflow_problems(page, name)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            small += [f"{name} {width}: {t}" for t in page.evaluate(SMALL_TEXT, SMALLEST_PX)]
    context.close()
    print("\n".join(small + problems))
    assert small == []
    assert problems == []
