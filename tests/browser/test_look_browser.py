"""Cards and table in the browser: each table theme and each device preference drawn from
the first paint, with axe (colour contrast included) finding nothing serious in each
theme once per kind of state, the states' rings keeping 3:1 against what surrounds them,
large print and four colours, forced colours, and pictures at 1280 and 390 px
(test-artifacts/look/, and docs/img/look/ with `make screenshots`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.web.heart_to_heart.helpers import winning_line

from .conftest import ARTIFACTS, picture, serious_axe_violations, wait_until_settled
from .every_page import hearts_states, lift_a_card
from .game_states import hearts_pass, show_h2h_game, show_hearts_game
from .hearts_table import STRIPS, check_phone_hand, inside
from .look_cookie import wear

pytestmark = pytest.mark.django_db(transaction=True)

OUT = ARTIFACTS / "look"
# Each theme in standard print and each print size, for both games at 1280 and 390 px:
# test-artifacts/look/pictures/ by default; `make screenshots` sets CARDSITE_LOOK_PICTURES
# to docs/img/look.
LOOK_PICTURES = os.environ.get("CARDSITE_LOOK_PICTURES")
PICTURES_OUT = Path(LOOK_PICTURES) if LOOK_PICTURES else OUT / "pictures"
WIDTHS = ((1280, 720), (390, 844))

# (name, the cookie's look or None for a visitor who has not chosen, the context's
# preferences). A chosen table is worn against the device's other scheme: the choice wins.
THEMES = [
    ("green", "green.standard.two.red", {"color_scheme": "dark"}),
    ("light", "light.standard.two.red", {"color_scheme": "dark"}),
    ("dark", "dark.standard.two.red", {"color_scheme": "light"}),
    ("system-light", None, {"color_scheme": "light"}),
    ("system-dark", None, {"color_scheme": "dark"}),
    ("more-contrast", None, {"color_scheme": "light", "contrast": "more"}),
]
# (name for the pictures or None, the cookie's look): large print and four colours on
# each table, with each back.
PRINTS = [
    ("large", "green.large.two.red"),
    ("large-four", "green.large.four.red"),
    (None, "light.standard.four.blue"),
    (None, "dark.large.four.green"),
    (None, "light.large.four.red"),
]

# --- Contrast, as WCAG measures it ----------------------------------------------------------

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
    context = browser.new_context(
        locale="en-GB", reduced_motion="reduce", **{**preferences, **kwargs}
    )
    wear(context, live_server.url, cookie)
    return context


def _pictures(page: Page, name: str) -> None:
    """The first screen at 1280 and at 390 px, with no sideways scroll; back to 1280."""
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.evaluate("window.scrollTo(0, 0)")
        picture(page, f"{name}-{width}", folder=PICTURES_OUT)
    page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})


def _next_index_in_view(page: Page) -> bool:
    """With the fan's fifth card focused, a press (or a look) at the sixth card's corner
    index still finds the sixth: the focused card stays in its place in the stack."""
    page.keyboard.press("Shift+Tab")  # a key first: a programmatic focus then shows the ring
    page.locator("#hand button[data-card]").nth(4).focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    return page.evaluate("""() => {
      const next = document.querySelectorAll('#hand button[data-card]')[5];
      const box = next.getBoundingClientRect();
      const x = box.left + box.width * 0.15, y = box.top + box.height * 0.2;
      const hit = document.elementFromPoint(x, y);
      return hit === next || next.contains(hit);
    }""")


@pytest.mark.parametrize(("name", "cookie", "preferences"), THEMES, ids=[t[0] for t in THEMES])
def test_every_theme_in_every_kind_of_state_passes_axe_keeps_3_to_1_and_is_pictured(
    live_server, browser: Browser, settings, name, cookie, preferences
):
    """Per theme, once per kind of state (the pages of text, Heart to Heart in play and
    won, the Hearts pass, a trick, a deal's end, the phone's score sheet): the body wears
    the theme, and axe (colour contrast included) finds nothing serious. In the page:
    each state's ring (a Heart to Heart card pressed, a Hearts card chosen for the pass,
    lifted, received, the seat whose turn it is) and the focus ring against every colour
    of the ground it sits on (the felt, the table, the page: each stop of a gradient); the
    sagging card's face against a playable card's face; a covered card's edge against the
    felt (it is told apart by the cards lying on it, and takes no press). With the
    device's more contrast, the page sees it and draws a thicker focus ring and darker
    sagging cards. At 1280 the focused hand card leaves the next card's index in view.
    Pictures: Heart to Heart with a card pressed (placement help rings its pairs and dims
    the rest); Hearts in the first trick after the pass, a card lifted, cards sagging,
    the received ones ringed, the led card tagged."""
    settings.HEARTS_TRICK_LINGER_MS = 600_000
    base = live_server.url
    context = _themed_context(
        browser,
        live_server,
        cookie,
        preferences,
        viewport={"width": WIDTHS[0][0], "height": WIDTHS[0][1]},
    )
    page = context.new_page()
    table = cookie.split(".")[0] if cookie else "system"
    failures: list[str] = []
    measured: list[tuple[str, float]] = []

    def axe(what: str, into: list[str] = failures) -> None:
        expect(page.locator("body")).to_have_attribute("data-table", table)
        wait_until_settled(page)
        into.extend(f"{what}: {v}" for v in serious_axe_violations(page))

    def ring(state: str, selector: str, *, outline: bool = False) -> None:
        element = page.locator(selector).first
        style = element.evaluate(
            "e => { const s = getComputedStyle(e); return [s.boxShadow, s.outlineColor]; }"
        )
        colour = _first_colour(style[1] if outline else style[0])
        for ground in element.evaluate(GROUNDS):
            measured.append(
                (f"{state} {colour} on {tuple(round(v) for v in ground)}", contrast(colour, ground))
            )

    def face(state: str, selector: str, *, edge: bool = False) -> None:
        """The face through the card's filter against a playable face; or, with ``edge``,
        the card's edge (through its filter) against its ground."""
        element = page.locator(selector).first
        style = element.evaluate(
            "e => { const s = getComputedStyle(e); return [s.filter, s.borderTopColor]; }"
        )
        colour = _filtered(_first_colour(style[1]) if edge else PAPER, style[0])
        for ground in element.evaluate(GROUNDS) if edge else [PAPER]:
            what = "edge" if edge else "face"
            measured.append(
                (
                    f"{state} {what} {tuple(round(v) for v in colour)} on "
                    f"{tuple(round(v) for v in ground)}",
                    contrast(colour, ground),
                )
            )

    def focus(state: str, selector: str) -> None:
        page.keyboard.press("Shift+Tab")  # a key first: a programmatic focus then shows the ring
        page.locator(selector).first.focus()
        ring(state, selector, outline=True)

    # The pages of text: the look page (its swatches, radio buttons and links) and the
    # help (its tables). The header at a phone's width is read with the score sheet below.
    for label, path in (("look", "/look/"), ("hearts-help", "/hearts/help/")):
        page.goto(base + path)
        axe(label)
        picture(page, f"{name}-{label}-{WIDTHS[0][0]}", folder=OUT)

    # Heart to Heart in play, a card pressed; then won.
    page.goto(f"{base}/heart-to-heart/")
    face("covered", "#board [data-state='covered']", edge=True)  # before placement help dims
    page.locator("#board button.card[data-state='free']").first.click()
    expect(page.locator("#board [aria-pressed='true']")).to_have_count(1)
    ring("pressed", "#board [aria-pressed='true']")
    _pictures(page, f"{name}-heart-to-heart")
    axe("heart-to-heart")
    focus("focus (heart)", "#board button.card[data-state='free']")
    focus("focus (header)", "[data-action='cards-and-table']")
    show_h2h_game(page, base, EXAMPLE_CODE, winning_line())
    expect(page.locator("[data-dialog='won']")).to_be_visible()
    won: list[str] = []
    axe("heart-to-heart won", won)
    link = page.locator("a[data-won='code']").evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e.closest('.dialog')).backgroundColor]"
    )

    # The Hearts pass, a card chosen.
    show_hearts_game(page, base, hearts_pass())
    expect(page.locator(".seat .passed")).to_have_count(3)
    assert _next_index_in_view(page)
    page.locator("#hand button[data-card]").first.click()
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(1)
    ring("chosen", "#hand [aria-pressed='true']")
    axe("hearts pass")

    # The first trick after the pass, a card lifted.
    show_hearts_game(page, base, hearts_states()["first-trick"])
    ring("received", "#hand [data-received='true']")
    ring("turn", ".my-seat.is-turn .my-info")
    lift_a_card(page)
    ring("lifted", "#hand [aria-pressed='true']")
    face("sagging", "#hand [aria-disabled='true']")
    _pictures(page, f"{name}-hearts")
    axe("hearts trick")
    if name == "more-contrast":
        sagging = page.locator("#hand [aria-disabled='true']").first
        assert page.evaluate("matchMedia('(prefers-contrast: more)').matches")
        assert "brightness(0.5)" in sagging.evaluate("e => getComputedStyle(e).filter")
        page.keyboard.press("Shift+Tab")
        playable = page.locator("#hand button[data-card]:not([aria-disabled='true'])")
        playable.first.focus()
        assert playable.first.evaluate("e => getComputedStyle(e).outlineWidth") == "4px"
    focus("focus (hand)", "#hand button[data-card]:not([aria-pressed='true'])")

    # A deal's end.
    show_hearts_game(page, base, hearts_states()["deal-done"])
    expect(page.locator("[data-dialog='deal-done']")).to_be_visible()
    axe("hearts deal-done")

    # At 390 px the score sheet is a popover over the table: its text reads on its ground.
    page.set_viewport_size({"width": WIDTHS[1][0], "height": WIDTHS[1][1]})
    show_hearts_game(page, base, hearts_states()["later-trick"])
    page.locator("[data-action='score-sheet']").click()
    expect(page.locator("#score-sheet")).to_be_visible()
    sheet = page.locator("#score-sheet").evaluate(
        "e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }"
    )
    sheet_contrast = contrast(_first_colour(sheet[0]), _first_colour(sheet[1]))
    axe("hearts score sheet 390")
    picture(page, f"score-sheet-{name}-390", folder=OUT)
    context.close()

    report = [f"{name}: {what} {ratio:.2f}:1" for what, ratio in measured]
    print("\n".join(report + failures))
    low = [line for line, (_, ratio) in zip(report, measured, strict=True) if ratio < 3]
    assert low == []
    assert sheet_contrast >= 4.5, sheet
    assert failures == []
    assert won == [], link


@pytest.mark.parametrize(("name", "cookie"), PRINTS, ids=[p[1] for p in PRINTS])
def test_every_print_size_and_four_colours_pass_axe_and_are_pictured(
    live_server, browser: Browser, name, cookie
):
    """axe (colour contrast included) on both games in play, at 1280 and 390 px, in large
    print and in four colours, on each table: Heart to Heart with a card pressed, Hearts in
    a trick with a card lifted. Each print size on the green felt is pictured too."""
    base = live_server.url
    context = _themed_context(
        browser, live_server, cookie, {}, viewport={"width": WIDTHS[0][0], "height": WIDTHS[0][1]}
    )
    page = context.new_page()
    failures: list[str] = []

    def axe_and_pictures(what: str) -> None:
        wait_until_settled(page)
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            failures.extend(f"{what} {width}: {v}" for v in serious_axe_violations(page))
        if name:
            _pictures(page, f"{name}-{what}")
        page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})

    page.goto(f"{base}/heart-to-heart/")
    page.locator("#board button.card[data-state='free']").first.click()
    expect(page.locator("#board [aria-pressed='true']")).to_have_count(1)
    axe_and_pictures("heart-to-heart")
    show_hearts_game(page, base, hearts_states()["first-trick"])
    lift_a_card(page)
    axe_and_pictures("hearts")
    context.close()
    assert failures == []


# What the panel's preview draws: the felt's background, each card's face, the back.
PREVIEW = """() => {
  const style = (selector, property) =>
    getComputedStyle(document.querySelector(selector))[property];
  return {
    felt: style('.look-preview-felt', 'backgroundImage'),
    faces: [...document.querySelectorAll('[data-preview-card]:not([data-preview-back])')]
      .map((card) => getComputedStyle(card).backgroundImage),
    back: style('[data-preview-back]', 'backgroundImage'),
  };
}"""
LIGHT_FELT, DARK_FELT = "rgb(227, 238, 225)", "rgb(29, 43, 37)"
RED_BACK, BLUE_BACK, GREEN_BACK = "rgb(179, 18, 46)", "rgb(36, 86, 184)", "rgb(30, 122, 70)"


def _choose(page: Page, field: str, value: str) -> None:
    page.locator(f"[data-look-field='look_{field}'] input[value='{value}']").check()


def _faces_drawn(page: Page) -> None:
    """Every face on the page fetched and decoded, then nothing moving: a picture shows
    them all (a deck chosen a moment ago is still arriving)."""
    page.wait_for_load_state("networkidle")
    page.evaluate(
        """() => Promise.all([...document.querySelectorAll('[data-rank], [data-card],'
          + ' [data-preview-card]')].flatMap((card) => {
            const url = /url\\("?([^")]+)"?\\)/.exec(getComputedStyle(card).backgroundImage);
            if (!url) return [];
            const image = new Image(); image.src = url[1]; return [image.decode()];
          })).then(() => true)"""
    )
    wait_until_settled(page)


def _deck_of(faces: list[str]) -> str:
    """The faces' folder (static/cards/faces/, four/, large/, large-four/), the same for all."""
    folders = {re.search(r"cards/faces/([a-z-]*/?)[A-Z]", face).group(1) for face in faces}
    assert len(folders) == 1, faces
    return folders.pop().rstrip("/") or "standard"


def test_the_panel_previews_each_choice_before_save_and_the_game_says_saved_pictured(
    live_server, browser: Browser
):
    """The preview (a strip of the table, four faces and a back) follows each choice
    before Save, and nothing is saved until then; Save from a game goes back to it, which
    wears the look and says "Saved". Pictured at 1280 and 390 px: the panel with choices
    made, and the game it returns to with its note."""
    context = browser.new_context(
        locale="en-GB", color_scheme="light", viewport={"width": 1280, "height": 720}
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    game = page.url
    page.locator("[data-action='cards-and-table']").click()
    expect(page.locator("[data-look-preview]")).to_be_visible()  # the panel, loaded
    preview = page.evaluate(PREVIEW)
    assert LIGHT_FELT in preview["felt"] and RED_BACK in preview["back"], preview  # the device's
    assert _deck_of(preview["faces"]) == "standard"
    _choose(page, "table", "dark")
    _choose(page, "print", "large")
    _choose(page, "colours", "four")
    _choose(page, "back", "blue")
    preview = page.evaluate(PREVIEW)
    assert DARK_FELT in preview["felt"] and BLUE_BACK in preview["back"], preview
    assert _deck_of(preview["faces"]) == "large-four"
    _choose(page, "print", "standard")
    assert _deck_of(page.evaluate(PREVIEW)["faces"]) == "four"
    expect(page.locator("body")).to_have_attribute("data-table", "system")  # nothing saved yet
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        _faces_drawn(page)
        picture(page, f"panel-preview-{width}", folder=PICTURES_OUT)
    # The preview stays in view while the choices below it scroll (at 390 px).
    page.locator("[data-action='save-look']").scroll_into_view_if_needed()
    box = page.locator("[data-look-preview]").bounding_box()
    assert box and box["y"] >= -0.5 and box["y"] + box["height"] <= WIDTHS[1][1], box
    page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})

    page.locator("[data-action='save-look']").click()
    expect(page).to_have_url(game)
    expect(page.locator("body")).to_have_attribute("data-table", "dark")
    saved = page.locator("[data-look-saved]")
    expect(saved).to_have_text("Saved. Every page now looks this way.")
    assert saved.evaluate("e => getComputedStyle(e).position") == "fixed"  # moves nothing
    # The note leaves by itself after some seconds: held for the pictures.
    saved.evaluate("e => e.getAnimations().forEach((a) => a.pause())")
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        _faces_drawn(page)
        picture(page, f"saved-from-a-game-{width}", folder=PICTURES_OUT)
    page.reload()  # once
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("[data-look-saved]")).to_have_count(0)
    context.close()


def test_the_panel_saves_a_look_without_javascript(live_server, browser: Browser):
    """The preview needs no script either (the stylesheet draws it), and the page the
    player comes back to says "Saved"."""
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/rules/")
    page.locator("[data-action='cards-and-table']").click()
    _choose(page, "table", "dark")
    _choose(page, "back", "green")
    preview = page.evaluate(PREVIEW)
    assert DARK_FELT in preview["felt"] and GREEN_BACK in preview["back"], preview
    page.locator("[data-action='save-look']").click()
    assert page.url.endswith("/heart-to-heart/rules/")  # back where the player was
    expect(page.locator("body")).to_have_attribute("data-table", "dark")
    expect(page.locator("body")).to_have_attribute("data-back", "green")
    expect(page.locator("[data-look-saved]")).to_contain_text("Saved")
    context.close()


def test_forced_colours_keep_every_state_and_the_focus_visible(live_server, browser: Browser):
    """Windows high contrast: in Heart to Heart every card keeps an edge and the focused
    one an outline, a pressed card is ringed and a covered one darkened with a dashed
    edge, opaque (the card beneath never shows through its indices); on the Hearts table
    every card keeps a solid edge in the system's text colour, a chosen card (the pass)
    and a lifted card (play) carry a Highlight ring, a sagging card is darkened with a
    dashed edge, opaque too, and the focus ring shows."""
    context = browser.new_context(forced_colors="active", locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    style = (
        "e => { const s = getComputedStyle(e); return {border: s.borderTopStyle,"
        " borderWidth: s.borderTopWidth, outline: s.outlineStyle, opacity: s.opacity,"
        " filter: s.filter}; }"
    )
    page.goto(f"{live_server.url}/heart-to-heart/")
    card = page.locator("#board button.card[data-state='free']").first
    page.keyboard.press("Shift+Tab")  # a key first: a programmatic focus then shows the ring
    card.focus()
    focused = card.evaluate(style)
    assert focused["border"] == "solid" and focused["borderWidth"] != "0px", focused
    assert focused["outline"] != "none", focused
    picture(page, "forced-colours-heart-to-heart", folder=OUT)
    covered = page.locator("#board [data-state='covered']").first.evaluate(style)
    assert covered["border"] == "dashed" and covered["opacity"] == "1", covered
    assert "brightness" in covered["filter"], covered
    page.locator("#board button.card[data-state='free']").first.click()
    pressed = page.locator("#board [aria-pressed='true']").evaluate(style)
    assert pressed["outline"] == "solid", pressed

    show_hearts_game(page, live_server.url, hearts_pass())
    page.locator("#hand button[data-card]").first.click()
    chosen = page.locator("#hand [aria-pressed='true']")
    expect(chosen).to_have_count(1)
    drawn = chosen.evaluate(style)
    assert {k: drawn[k] for k in ("border", "outline", "opacity")} == {
        "border": "solid",
        "outline": "solid",
        "opacity": "1",
    }
    show_hearts_game(page, live_server.url, hearts_states()["first-trick"])
    lift_a_card(page)
    lifted = page.locator("#hand [aria-pressed='true']").evaluate(style)
    assert lifted["outline"] == "solid" and lifted["border"] == "solid", lifted
    sagging = page.locator("#hand [aria-disabled='true']").first.evaluate(style)
    assert sagging["border"] == "dashed" and sagging["opacity"] == "1", sagging
    assert "brightness" in sagging["filter"], sagging
    for card in page.locator("[data-trick] [data-card]").all():
        assert card.evaluate(style)["border"] == "solid"
    page.keyboard.press("Shift+Tab")
    page.locator("#hand button[data-card]:not([aria-pressed='true'])").first.focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    picture(page, "forced-colours-hearts", folder=OUT)
    context.close()


PHONES = [(390, 844), (360, 780)]


def test_in_large_print_the_hearts_table_still_fits_with_its_tap_strips(
    live_server, browser: Browser
):
    """On two phones, in large print and four colours: in the pass the seats, the pass
    and the 13 cards on the first screen, in two rows of cards larger than standard print's
    (60 px and more) with tap targets of their own; in a trick the trick, its led tag and
    every seat on the screen; at 320x640 the whole hand on the first screen in the pass and
    in play; the Heart to Heart heart as wide as the screen at most."""
    context = browser.new_context(
        viewport={"width": PHONES[0][0], "height": PHONES[0][1]},
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
        reduced_motion="reduce",
    )
    wear(context, live_server.url, "system.large.four.red")
    page = context.new_page()

    def at_each_phone(check, what: str, sizes=PHONES) -> None:
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            check(width, height)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            picture(page, f"large-four-{what}-{width}", folder=OUT)

    def the_pass(width: int, height: int) -> None:
        for seat in (1, 2, 3):
            inside(page, f"[data-seat-info='{seat}']", width, height)
        inside(page, "#pass-cards", width, height)
        for index in range(13):
            inside(page, f"#hand button[data-card] >> nth={index}", width, height)
        print(f"large print {width}x{height}: {check_phone_hand(page.evaluate(STRIPS), 60)}")

    def the_whole_hand(width: int, height: int) -> None:
        for index in range(page.locator("#hand button[data-card]").count()):
            inside(page, f"#hand button[data-card] >> nth={index}", width, height)
        print(f"large print {width}x{height}: {check_phone_hand(page.evaluate(STRIPS), 48)}")

    def a_trick(width: int, height: int) -> None:
        for selector in (
            "[data-trick]",
            "[data-trick] .lead-tag",
            "#hand button[data-card] >> nth=-1",
            *(f"[data-seat-info='{seat}']" for seat in (1, 2, 3)),
        ):
            inside(page, selector, width, height)

    show_hearts_game(page, live_server.url, hearts_pass())
    assert "faces-large-four.css" in page.content()
    at_each_phone(the_pass, "hearts")
    at_each_phone(the_whole_hand, "hearts", [(320, 640)])
    show_hearts_game(page, live_server.url, hearts_states()["later-trick"])
    lift_a_card(page)
    at_each_phone(a_trick, "hearts-trick")
    show_hearts_game(page, live_server.url, hearts_states()["first-trick"])  # 13 cards in play
    at_each_phone(the_whole_hand, "hearts-first-trick", [(320, 640)])
    page.goto(f"{live_server.url}/heart-to-heart/")
    at_each_phone(lambda width, height: inside(page, ".heart", width, 10_000), "heart-to-heart")
    context.close()


def test_each_card_back_draws_the_stock_and_the_computers_hands_in_its_colour(
    live_server, browser: Browser
):
    """The three backs are three looks, not one: the Heart to Heart stock and a Hearts
    computer's cards wear the chosen back's colours, and no two backs draw alike."""
    context = _themed_context(browser, live_server, None, {})
    page = context.new_page()
    game = show_hearts_game(page, live_server.url, hearts_pass())
    drawn = {}
    for back in ("red", "blue", "green"):
        wear(context, live_server.url, f"green.standard.two.{back}")
        page.goto(f"{live_server.url}/heart-to-heart/")
        expect(page.locator("body")).to_have_attribute("data-back", back)
        stock = page.locator("#stock").evaluate("el => getComputedStyle(el).backgroundImage")
        page.goto(f"{live_server.url}/hearts/game/{game.pk}/")
        expect(page.locator("body")).to_have_attribute("data-back", back)
        seat_back = page.locator(".back-mini").first.evaluate(
            "el => getComputedStyle(el).backgroundImage"
        )
        # One back for both games: the same colours (the stripes are finer on the small
        # backs of a computer's hand).
        assert _gradient_colours(stock) == _gradient_colours(seat_back), (back, stock, seat_back)
        drawn[back] = _gradient_colours(stock)
    context.close()
    assert len(set(drawn.values())) == 3, drawn


def _gradient_colours(background: str) -> tuple[str, ...]:
    """The colours of a back's linear gradient (its ground, under the white stripes)."""
    ground = background[background.index("linear-gradient(160deg") :]
    return tuple(re.findall(r"rgb\([^)]*\)", ground))
