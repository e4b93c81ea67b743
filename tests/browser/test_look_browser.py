"""Cards and table in the browser (issue 31): each table theme and each device preference
drawn from the first paint, with axe (colour contrast included) finding nothing serious,
and screenshots at 1280 and 390 px in test-artifacts/look/."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import ARTIFACTS, picture, serious_axe_violations
from .hearts_table import played_to, put_latest_game_in
from .look_cookie import wear

pytestmark = pytest.mark.django_db(transaction=True)

OUT = ARTIFACTS / "look"
# (name, the cookie's look or None for a visitor who has not chosen, the device's scheme)
THEMES = [
    ("green", "green.standard.two.red", "light"),
    ("light", "light.standard.two.blue", "dark"),  # a choice wins over the device
    ("dark", "dark.standard.two.green", "light"),
    ("system-light", None, "light"),
    ("system-dark", None, "dark"),
]
PAGES = [("home", "/"), ("heart-to-heart", "/heart-to-heart/"), ("look", "/look/"),
         ("hearts-help", "/hearts/help/")]


def _picture(page, name: str) -> None:
    picture(page, name, folder=OUT)


@pytest.mark.parametrize(("name", "cookie", "scheme"), THEMES, ids=[t[0] for t in THEMES])
def test_every_theme_reads_and_passes_axe(
    live_server, browser: Browser, settings, name, cookie, scheme
):
    settings.HEARTS_TRICK_LINGER_MS = 600_000  # the gathered trick stays while it is checked
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme,
                                  locale="en-GB")
    wear(context, live_server.url, cookie)
    page = context.new_page()
    failures = []
    for label, path in PAGES:
        page.goto(live_server.url + path)
        expected = cookie.split(".")[0] if cookie else "system"
        expect(page.locator("body")).to_have_attribute("data-table", expected)
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            failures += [f"{label} {width}: {v}" for v in serious_axe_violations(page)]
            _picture(page, f"{name}-{label}-{width}")
    # The Hearts table in play.
    page.goto(f"{live_server.url}/hearts/")
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    expect(page.locator("#table form.advance")).to_have_count(0)
    for phase in ("pass", "trick-done", "deal-done"):
        if phase != "pass":
            put_latest_game_in(played_to(phase))
            page.reload()
        expect(page.locator(f"#table[data-phase='{phase}']")).to_be_visible()
        for width, height in ((1280, 720), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            failures += [f"hearts {phase} {width}: {v}" for v in serious_axe_violations(page)]
            _picture(page, f"{name}-hearts-{phase}-{width}")
    context.close()
    print("\n".join(failures))
    assert failures == []


def test_the_panel_saves_a_look_without_javascript(live_server, browser: Browser):
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/rules/")
    page.locator("[data-action='cards-and-table']").click()
    page.locator("[data-look-field='look_table'] input[value='dark']").check()
    page.locator("[data-look-field='look_back'] input[value='green']").check()
    page.locator("[data-action='save-look']").click()
    assert page.url.endswith("/heart-to-heart/rules/")  # back where the player was
    expect(page.locator("body")).to_have_attribute("data-table", "dark")
    expect(page.locator("body")).to_have_attribute("data-back", "green")
    context.close()


def test_forced_colours_keep_cards_and_focus_visible(live_server, browser: Browser):
    context = browser.new_context(forced_colors="active", locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/")
    card = page.locator("#board button.card").first
    card.focus()
    border = card.evaluate(
        "c => getComputedStyle(c).borderTopStyle + ' ' + getComputedStyle(c).borderTopWidth")
    assert border.startswith("solid"), border
    outline = card.evaluate("c => getComputedStyle(c).outlineStyle")
    assert outline != "none"
    _picture(page, "forced-colours-heart-to-heart")
    context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 780)])
def test_in_large_print_the_hearts_table_still_fits_with_its_tap_strips(
    live_server, browser: Browser, width, height
):
    from .test_table_fits_browser import STRIPS, _deal, _inside

    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, locale="en-GB")
    wear(context, live_server.url, "system.large.four.red")
    page = context.new_page()
    _deal(page, live_server.url)
    assert "faces-large-four.css" in page.content()
    page.evaluate("window.scrollTo(0, 0)")
    for seat in (1, 2, 3):
        _inside(page, f"[data-seat-info='{seat}']", width, height)
    _inside(page, "#pass-cards", width, height)
    strips = page.evaluate(STRIPS)
    for index in range(13):
        _inside(page, f"#hand button[data-card] >> nth={index}", width, height)
    assert max(s["top"] for s in strips) - min(s["top"] for s in strips) <= 3  # one row
    assert all(s["width"] >= 24 and s["hit"] for s in strips), strips
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _picture(page, f"large-four-hearts-{width}")
    # A trick in play: the trick, its led tag and every seat on the screen, the hand in
    # one row.
    from .every_page import hearts_show, hearts_states

    hearts_show(page, hearts_states()["later-trick"])
    for selector in ("[data-trick]", "[data-trick] .lead-tag", "#hand button[data-card] >> nth=-1",
                     *(f"[data-seat-info='{seat}']" for seat in (1, 2, 3))):
        _inside(page, selector, width, height)
    tops = page.evaluate("[...document.querySelectorAll('#hand button[data-card]')]"
                         ".map((c) => c.getBoundingClientRect().top)")
    assert max(tops) - min(tops) <= 3 + 8 + 16  # one row (a card sags 8 px, one lifts 16)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _picture(page, f"large-four-hearts-trick-{width}")
    # The Heart to Heart heart fits the width.
    page.goto(f"{live_server.url}/heart-to-heart/")
    _inside(page, ".heart", width, 10_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _picture(page, f"large-four-heart-to-heart-{width}")
    context.close()


# --- The states' rings and marks, against what surrounds them (WCAG 1.4.11) -------------------

# (name, the cookie's look or None, the context's preferences)
THEME_CONTEXTS = [
    ("green", "green.standard.two.red", {}),
    ("light", "light.standard.two.red", {}),
    ("dark", "dark.standard.two.red", {}),
    ("system-light", None, {"color_scheme": "light"}),
    ("system-dark", None, {"color_scheme": "dark"}),
    ("more-contrast", None, {"color_scheme": "light", "contrast": "more"}),
]
PAPER = (255, 253, 248)  # a card's face (site.css --paper)

# What an element sits on: the nearest opaque background behind it (each stop of a
# gradient, all of them: the worst one counts), with every translucent layer between
# composited over it. Colours as [r, g, b].
GROUNDS = """(el) => {
  const parse = (s) => [...(s || '').matchAll(/rgba?\\(([^)]+)\\)/g)].map((m) => {
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  });
  const layers = [];
  let bases = null;
  for (let a = el.parentElement; a && !bases; a = a.parentElement) {
    const style = getComputedStyle(a);
    const stops = /gradient/.test(style.backgroundImage)
      ? parse(style.backgroundImage).filter((c) => c[3] === 1) : [];
    const [colour] = parse(style.backgroundColor);
    if (stops.length) bases = stops;
    else if (colour && colour[3] === 1) bases = [colour];
    else if (colour && colour[3] > 0) layers.push(colour);
  }
  bases = bases || [[255, 255, 255, 1]];
  return bases.map((base) => layers.reduceRight(
    (under, l) => [0, 1, 2].map((i) => l[i] * l[3] + under[i] * (1 - l[3])), base.slice(0, 3)));
}"""


def _channel(value: float) -> float:
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _luminance(rgb) -> float:
    r, g, b = (_channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _first_colour(css: str) -> tuple[float, float, float]:
    import re

    numbers = re.search(r"rgba?\(([^)]+)\)", css).group(1).replace(",", " ").replace("/", " ")
    return tuple(float(v) for v in numbers.split()[:3])


def _filtered(rgb, css_filter: str) -> tuple[float, float, float]:
    """A colour through CSS brightness() and saturate() (the filter effects spec's
    matrices), as the sagging and covered cards' faces are drawn."""
    import re

    r, g, b = rgb
    for name, amount in re.findall(r"(brightness|saturate)\(([\d.]+)\)", css_filter):
        s = float(amount)
        if name == "brightness":
            r, g, b = r * s, g * s, b * s
        else:
            r, g, b = (
                (0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b,
                (0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b,
                (0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b,
            )
    return tuple(min(255.0, max(0.0, v)) for v in (r, g, b))


def _themed_context(browser: Browser, live_server, cookie, preferences, **kwargs):
    context = browser.new_context(locale="en-GB", reduced_motion="reduce",
                                  **{**preferences, **kwargs})
    wear(context, live_server.url, cookie)
    return context


@pytest.mark.parametrize(("name", "cookie", "preferences"), THEME_CONTEXTS,
                         ids=[t[0] for t in THEME_CONTEXTS])
def test_every_state_keeps_3_to_1_against_what_surrounds_it(
    live_server, browser: Browser, name, cookie, preferences
):
    """Per theme, in the page: each state's ring (a Heart to Heart card pressed, a Hearts
    card chosen for the pass, lifted, received, the seat whose turn it is) and the focus
    ring against every colour of the ground it sits on (the felt, the table, the page:
    each stop of a gradient); the sagging card's face against a playable card's face and
    against the ground; a covered card's face against the felt (it is told apart by the
    cards lying on it, and takes no press)."""
    from .every_page import hearts_deal, hearts_show, hearts_states

    context = _themed_context(browser, live_server, cookie, preferences,
                              viewport={"width": 1280, "height": 800})
    page = context.new_page()
    measured: list[tuple[str, float]] = []

    def ring(state: str, selector: str, *, outline: bool = False) -> None:
        element = page.locator(selector).first
        style = element.evaluate(
            "e => { const s = getComputedStyle(e); return [s.boxShadow, s.outlineColor]; }")
        colour = _first_colour(style[1] if outline else style[0])
        for ground in element.evaluate(GROUNDS):
            measured.append((f"{state} {colour} on {tuple(round(v) for v in ground)}",
                             contrast(colour, ground)))

    def face(state: str, selector: str, *, edge: bool = False) -> None:
        """The face through the card's filter against a playable face; or, with ``edge``,
        the card's edge (through its filter) against its ground."""
        element = page.locator(selector).first
        style = element.evaluate(
            "e => { const s = getComputedStyle(e); return [s.filter, s.borderTopColor]; }")
        colour = _filtered(_first_colour(style[1]) if edge else PAPER, style[0])
        for ground in element.evaluate(GROUNDS) if edge else [PAPER]:
            what = "edge" if edge else "face"
            measured.append((f"{state} {what} {tuple(round(v) for v in colour)} on "
                             f"{tuple(round(v) for v in ground)}", contrast(colour, ground)))

    def focus(state: str, selector: str) -> None:
        page.keyboard.press("Shift+Tab")  # a key first: a programmatic focus then shows the ring
        page.locator(selector).first.focus()
        ring(state, selector, outline=True)

    page.goto(f"{live_server.url}/heart-to-heart/")
    face("covered", "#board [data-state='covered']", edge=True)  # before placement help dims
    free = page.locator("#board button.card[data-state='free']").first
    free.click()
    expect(page.locator("#board [aria-pressed='true']")).to_have_count(1)
    ring("pressed", "#board [aria-pressed='true']")
    focus("focus (heart)", "#board button.card[data-state='free']")
    focus("focus (header)", "[data-action='cards-and-table']")

    hearts_deal(page, live_server.url)
    page.locator("#hand button[data-card]").first.click()
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(1)
    ring("chosen", "#hand [aria-pressed='true']")
    hearts_show(page, hearts_states()["first-trick"])
    ring("received", "#hand [data-received='true']")
    ring("turn", ".my-seat.is-turn .my-info")
    playable = page.locator("#hand button[data-card]:not([aria-disabled='true'])").first
    playable.click()
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(1)
    ring("lifted", "#hand [aria-pressed='true']")
    face("sagging", "#hand [aria-disabled='true']")
    focus("focus (hand)", "#hand button[data-card]:not([aria-pressed='true'])")
    context.close()

    report = [f"{name}: {what} {ratio:.2f}:1" for what, ratio in measured]
    print("\n".join(report))
    low = [line for line, (_, ratio) in zip(report, measured, strict=True) if ratio < 3]
    assert low == []


@pytest.mark.parametrize(("name", "cookie", "preferences"), THEME_CONTEXTS,
                         ids=[t[0] for t in THEME_CONTEXTS])
def test_the_phone_score_sheet_reads_in_every_theme(
    live_server, browser: Browser, name, cookie, preferences
):
    """At 390 px the score sheet is a popover over the table: axe (colour contrast
    included) finds nothing serious with it open, in each theme."""
    from .every_page import hearts_deal, hearts_show, hearts_states

    context = _themed_context(browser, live_server, cookie, preferences,
                              viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    page = context.new_page()
    hearts_deal(page, live_server.url)
    hearts_show(page, hearts_states()["deal-done"])
    hearts_show(page, hearts_states()["later-trick"])  # a deal on the sheet, and a moon or not
    page.locator("[data-action='score-sheet']").click()
    expect(page.locator("#score-sheet")).to_be_visible()
    sheet = page.locator("#score-sheet").evaluate(
        "e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }")
    assert contrast(_first_colour(sheet[0]), _first_colour(sheet[1])) >= 4.5, sheet
    _picture(page, f"score-sheet-{name}-390")
    violations = serious_axe_violations(page)
    context.close()
    assert violations == []


# --- The device's preferences, and axe in every print ----------------------------------------


def test_more_contrast_from_the_device_is_honoured_and_passes_axe(live_server, browser: Browser):
    """Playwright's contrast="more": the page sees it, draws its thicker focus ring and
    darker sagging cards, and axe finds nothing serious on the Hearts table."""
    from .every_page import hearts_deal, hearts_show, hearts_states

    context = browser.new_context(contrast="more", color_scheme="light", locale="en-GB",
                                  reduced_motion="reduce")
    page = context.new_page()
    hearts_deal(page, live_server.url)
    assert page.evaluate("matchMedia('(prefers-contrast: more)').matches")
    hearts_show(page, hearts_states()["first-trick"])
    sagging = page.locator("#hand [aria-disabled='true']").first
    assert "brightness(0.5)" in sagging.evaluate("e => getComputedStyle(e).filter")
    page.keyboard.press("Shift+Tab")
    card = page.locator("#hand button[data-card]:not([aria-disabled='true'])").first
    card.focus()
    assert card.evaluate("e => getComputedStyle(e).outlineWidth") == "4px"
    violations = serious_axe_violations(page)
    _picture(page, "more-contrast-hearts")
    context.close()
    assert violations == []


def test_forced_colours_keep_every_hearts_state_visible(live_server, browser: Browser):
    """Windows high contrast on the Hearts table: every card keeps a solid edge in the
    system's text colour; a chosen card (the pass) and a lifted card (play) carry a
    Highlight ring; a sagging card is faded; the focus ring shows; and in Heart to Heart a
    pressed card is ringed and a covered one faded."""
    from .every_page import hearts_deal, hearts_show, hearts_states, lift_a_card

    context = browser.new_context(forced_colors="active", locale="en-GB",
                                  reduced_motion="reduce")
    page = context.new_page()
    style = ("e => { const s = getComputedStyle(e); return {border: s.borderTopStyle,"
             " outline: s.outlineStyle, opacity: s.opacity}; }")
    hearts_deal(page, live_server.url)
    page.locator("#hand button[data-card]").first.click()
    chosen = page.locator("#hand [aria-pressed='true']")
    expect(chosen).to_have_count(1)
    assert chosen.evaluate(style) == {"border": "solid", "outline": "solid", "opacity": "1"}
    hearts_show(page, hearts_states()["first-trick"])
    lift_a_card(page)
    lifted = page.locator("#hand [aria-pressed='true']").evaluate(style)
    assert lifted["outline"] == "solid" and lifted["border"] == "solid", lifted
    sagging = page.locator("#hand [aria-disabled='true']").first.evaluate(style)
    assert sagging["border"] == "solid" and float(sagging["opacity"]) < 1, sagging
    for card in page.locator("[data-trick] [data-card]").all():
        assert card.evaluate(style)["border"] == "solid"
    page.keyboard.press("Shift+Tab")
    page.locator("#hand button[data-card]:not([aria-pressed='true'])").first.focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    _picture(page, "forced-colours-hearts")
    page.goto(f"{live_server.url}/heart-to-heart/")
    covered = page.locator("#board [data-state='covered']").first.evaluate(style)
    assert covered["border"] == "solid" and float(covered["opacity"]) < 1, covered
    page.locator("#board button.card[data-state='free']").first.click()
    pressed = page.locator("#board [aria-pressed='true']").evaluate(style)
    assert pressed["outline"] == "solid", pressed
    context.close()


PRINT_LOOKS = ["green.large.two.red", "light.standard.four.blue", "dark.large.four.green",
               "light.large.four.red"]


@pytest.mark.parametrize("cookie", PRINT_LOOKS)
def test_axe_finds_nothing_serious_in_large_print_and_four_colours(
    live_server, browser: Browser, cookie
):
    """axe (colour contrast included) on both games, in play, at 1280 and 390 px, in large
    print and in four colours, on each table."""
    from .every_page import hearts_deal, hearts_show, hearts_states, lift_a_card

    context = browser.new_context(locale="en-GB", reduced_motion="reduce",
                                  viewport={"width": 1280, "height": 800})
    wear(context, live_server.url, cookie)
    page = context.new_page()
    failures = []
    page.goto(f"{live_server.url}/heart-to-heart/")
    page.locator("#board button.card[data-state='free']").first.click()
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        failures += [f"heart-to-heart {width}: {v}" for v in serious_axe_violations(page)]
    hearts_deal(page, live_server.url)
    hearts_show(page, hearts_states()["later-trick"])
    lift_a_card(page)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        failures += [f"hearts {width}: {v}" for v in serious_axe_violations(page)]
    context.close()
    assert failures == []


def test_at_1280_the_focused_hand_card_leaves_the_next_index_in_view(
    live_server, browser: Browser
):
    """The focused card of the fan stays in its place in the stack: a press (or a look) at
    the next card's corner index still finds the next card."""
    from .every_page import hearts_deal

    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB",
                                  reduced_motion="reduce")
    page = context.new_page()
    hearts_deal(page, live_server.url)
    page.keyboard.press("Shift+Tab")
    cards = page.locator("#hand button[data-card]")
    cards.nth(4).focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    on_index = page.evaluate("""() => {
      const next = document.querySelectorAll('#hand button[data-card]')[5];
      const box = next.getBoundingClientRect();
      const x = box.left + box.width * 0.15, y = box.top + box.height * 0.2;
      const hit = document.elementFromPoint(x, y);
      return hit === next || next.contains(hit);
    }""")
    context.close()
    assert on_index


# --- Pictures to look at ------------------------------------------------------------------------

# Each theme in standard print, and each print size on the green felt (standard is the
# green theme's own picture), for both games at 1280 and 390 px. PNGs in
# test-artifacts/look/pictures/ by default; `make screenshots` sets CARDSITE_LOOK_PICTURES
# to docs/img/look and writes JPEGs there.
LOOK_PICTURES = os.environ.get("CARDSITE_LOOK_PICTURES")
PICTURES_OUT = Path(LOOK_PICTURES) if LOOK_PICTURES else OUT / "pictures"
PICTURED = [
    *((name, cookie, preferences) for name, cookie, preferences in THEME_CONTEXTS),
    ("large", "green.large.two.red", {}),
    ("large-four", "green.large.four.red", {}),
]


@pytest.mark.parametrize(("name", "cookie", "preferences"), PICTURED,
                         ids=[p[0] for p in PICTURED])
def test_pictures_of_each_theme_and_print_size(
    live_server, browser: Browser, name, cookie, preferences
):
    """Heart to Heart with a card pressed (placement help rings its pairs and dims the
    rest); Hearts in the first trick after the pass, a card lifted, cards sagging, the
    received ones ringed, the led card tagged. Each picture is the first screen, taken
    with no sideways scroll."""
    from .every_page import hearts_deal, hearts_show, hearts_states, lift_a_card

    context = _themed_context(browser, live_server, cookie, preferences,
                              viewport={"width": 1280, "height": 720})
    page = context.new_page()

    def take(what: str, width: int) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.evaluate("window.scrollTo(0, 0)")
        picture(page, f"{name}-{what}-{width}", folder=PICTURES_OUT)

    page.goto(f"{live_server.url}/heart-to-heart/")
    page.locator("#board button.card[data-state='free']").first.click()
    expect(page.locator("#board [aria-pressed='true']")).to_have_count(1)
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        take("heart-to-heart", width)
    page.set_viewport_size({"width": 1280, "height": 720})
    hearts_deal(page, live_server.url)
    hearts_show(page, hearts_states()["first-trick"])
    lift_a_card(page)
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        take("hearts", width)
    context.close()


def test_each_card_back_draws_the_stock_and_the_computers_hands_in_its_colour(
    live_server, browser: Browser
):
    """The three backs are three looks, not one: the Heart to Heart stock and a Hearts
    computer's cards wear the chosen back's colours, and no two backs draw alike."""
    from .every_page import hearts_deal

    drawn = {}
    for back in ("red", "blue", "green"):
        context = _themed_context(browser, live_server, f"green.standard.two.{back}", {})
        page = context.new_page()
        page.goto(f"{live_server.url}/heart-to-heart/")
        expect(page.locator("body")).to_have_attribute("data-back", back)
        stock = page.locator("#stock").evaluate("el => getComputedStyle(el).backgroundImage")
        hearts_deal(page, live_server.url)
        seat_back = page.locator(".back-mini").first.evaluate(
            "el => getComputedStyle(el).backgroundImage")
        # One back for both games: the same colours (the stripes are finer on the small
        # backs of a computer's hand).
        assert _gradient_colours(stock) == _gradient_colours(seat_back), (back, stock, seat_back)
        drawn[back] = _gradient_colours(stock)
        context.close()
    assert len(set(drawn.values())) == 3, drawn


def _gradient_colours(background: str) -> tuple[str, ...]:
    """The colours of a back's linear gradient (its ground, under the white stripes)."""
    ground = background[background.index("linear-gradient(160deg"):]
    return tuple(re.findall(r"rgb\([^)]*\)", ground))
