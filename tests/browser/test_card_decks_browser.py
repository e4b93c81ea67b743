"""The four decks in a real Chromium: each deck's 52 faces drawn from its own
stylesheet, and a Hearts hand of 13 large-print cards overlapping as on a phone.

Each test builds a page of its own that links one deck's stylesheet from the live
server (static/css/faces-<deck>.css, or faces.css for the standard deck): the same
selectors the games' cards match, so the faces are what a player sees. Screenshots go
to test-artifacts/: faces-<deck>.png (the deck, at a 2× pixel ratio) and
faces-hand-<deck>-<width>.png (the hand at 360 and 390 px, 3×), for people to look at.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Browser, Page

from games.drawing import card_faces

from .conftest import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

CARD = 90  # the sheet's card width, CSS px
PAPER = "#fffdf8"
# A Hearts hand as the table sorts it: clubs, diamonds, spades, hearts, low to high.
HAND = ("2C", "7C", "10C", "QC", "5D", "9D", "KD", "3S", "8S", "JS", "AS", "6H", "10H")


def _page(browser: Browser, width: int, height: int, scale: int, failures: list) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.on("console", lambda m: failures.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: failures.append(str(exc)))
    page.on(
        "response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    return page


def _html(live_server, deck: str, style: str, body: str) -> str:
    href = f"{live_server.url}/static/{card_faces.stylesheet_path(deck)}"
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<link rel="stylesheet" href="{href}"><style>'
        f"body {{ margin: 0; background: #1f5e3b; --paper: {PAPER}; }} {style}"
        f"</style></head><body>{body}</body></html>"
    )


def _faces_loaded(page: Page, count: int) -> None:
    """Wait until every card's face picture has been fetched and decoded. The page is
    loaded (set_content waits for its stylesheet), so each card's face is known: the
    promise that decodes them all is awaited from Python, not polled in the page."""
    page.wait_for_load_state("networkidle")
    decoded = page.evaluate(
        """count => {
          const urls = [...document.querySelectorAll('.card')].map(card =>
            getComputedStyle(card).backgroundImage.split(', ')[0].slice(5, -2));
          if (urls.length !== count) return urls.length;
          return Promise.all(urls.map(url => {
            const image = new Image(); image.src = url; return image.decode();
          })).then(() => count);
        }""",
        count,
    )
    assert decoded == count, f"{decoded} faces of {count}"


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def _near_mask(picture: Image.Image, colour: tuple[int, int, int], within: int) -> Image.Image:
    """A one-band picture, 255 where ``picture``'s pixel is within ``within`` of ``colour``
    in every channel, else 0: worked out in Pillow's C rather than pixel by pixel in
    Python (a deck's 16 sampled cards are 730,000 pixels, some 2 s of CPU that way)."""
    bands = [
        band.point(lambda v, c=c: 255 if abs(v - c) <= within else 0)
        for band, c in zip(picture.split(), colour, strict=True)
    ]
    return ImageChops.darker(ImageChops.darker(bands[0], bands[1]), bands[2])


def _inked(picture: Image.Image, ink: tuple[int, int, int], within: int = 40) -> int:
    """How many pixels of ``picture`` are within ``within`` of ``ink``."""
    return _near_mask(picture, ink, within).histogram()[255]


@pytest.mark.parametrize("deck", card_faces.DECKS)
def test_every_deck_draws_its_52_faces(live_server, browser: Browser, deck):
    """The deck's stylesheet gives each of the 52 cards its own face from the deck's
    folder; each face is fetched once; each card shows its suit's ink."""
    failures: list = []
    page = _page(browser, 13 * (CARD + 6) + 14, round(4 * (CARD * 1.4 + 6)) + 14, 2, failures)
    fetched: list[str] = []
    page.on("response", lambda r: fetched.append(r.url) if "/cards/faces/" in r.url else None)
    rows = "".join(
        '<div class="row">'
        + "".join(
            f'<div class="card" data-card="{rank}{suit}" role="img"'
            f' aria-label="{rank}{suit}"></div>'
            for rank in card_faces.RANKS
        )
        + "</div>"
        for suit in card_faces.SUITS
    )
    style = (
        f".sheet {{ padding: 8px; }} .row {{ display: flex; gap: 6px; margin-bottom: 6px; }}"
        f" .card {{ width: {CARD}px; height: {CARD * 1.4}px; border-radius: {CARD * 0.1}px;"
        " box-shadow: 0 1px 3px rgb(0 0 0 / .35); }"
    )
    page.set_content(_html(live_server, deck, style, f'<div class="sheet">{rows}</div>'))
    _faces_loaded(page, 52)
    images = page.evaluate("""() => [...document.querySelectorAll('.card')].map(card =>
        [card.dataset.card, getComputedStyle(card).backgroundImage.split(', ')[0]])""")
    for code, image in images:
        assert f'/static/{card_faces.face_path(code, deck)}")' in image, (code, image)
    assert sorted(set(fetched)) == sorted(fetched) and len(fetched) == 52, "each face once"

    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    ARTIFACTS.mkdir(exist_ok=True)
    picture.save(ARTIFACTS / f"faces-{deck}.png")
    colours = card_faces.DECKS[deck]
    for row, suit in enumerate(card_faces.SUITS):
        ink = _rgb(colours.colour(suit))
        for column in (0, 4, 9, 12):  # the ace, a five, the ten, the king
            x, y = 2 * (8 + column * (CARD + 6)), 2 * round(8 + row * (CARD * 1.4 + 6))
            card = picture.crop((x, y, x + 2 * CARD, y + round(2 * CARD * 1.4)))
            inked = _inked(card, ink)
            assert inked > 400, (deck, suit, column, inked)
    page.context.close()
    assert not failures


def _hand_html(live_server, deck: str, width: int) -> tuple[str, float, float]:
    """A Hearts hand as hearts.css lays it on a phone held upright (``width`` x ``height``
    px) in large print: cards --cw wide (min(92px, 22vw, 9.2svh)) in two rows, seven and
    six, each showing a strip of --step (3/4 of a card, less when seven must share the
    width: 42.9 px at 360), the suits 4 px apart."""
    height = PHONE_HEIGHTS[width]
    card = min(92, 0.22 * width, 0.092 * height)
    room = width - 18  # the page's, the table's padding and its border
    step = min(card * 0.75, (room - card - 3 * 4 - 1) / 6)
    rows, previous = [], None
    for row in (HAND[:7], HAND[7:]):
        cards = []
        for code in row:
            gap = 4 if previous and previous != code[-1] else 0
            cards.append(
                f'<div class="card" data-card="{code}"'
                f' style="margin-left: {0 if not cards else step - card + gap}px">'
                "</div>"
            )
            previous = code[-1]
        rows.append(f'<div class="row">{"".join(cards)}</div>')
    style = (
        ".table { padding: 24px 8px; } .row { display: flex; margin-bottom: 8px; }"
        f" .card {{ flex: none; width: {card}px; height: {card * 1.4}px;"
        f" border-radius: {card * 0.1}px; box-shadow: -1px 0 2px rgb(0 0 0 / .3); }}"
    )
    return _html(live_server, deck, style, f'<div class="table">{"".join(rows)}</div>'), card, step


PHONE_HEIGHTS = {360: 780, 390: 844}


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("deck", ["large", "large-four"])
def test_a_large_print_hand_reads_in_its_strips(live_server, browser: Browser, deck, width):
    """13 large-print cards overlapping as the Hearts hand does on a phone: in each
    card's uncovered strip the whole index shows (no ink runs on under the next card)
    and it is at least 20 CSS px tall, rank and pip, as drawn in this browser's font."""
    failures: list = []
    scale = 3
    page = _page(browser, width, 300, scale, failures)
    html, card, step = _hand_html(live_server, deck, width)
    assert step >= 26 - 0.01, "hearts.css keeps a 26-px tap strip"
    page.set_content(html)
    _faces_loaded(page, 13)
    boxes = page.evaluate("""() => [...document.querySelectorAll('.card')].map(card => {
        const box = card.getBoundingClientRect(); return [box.x, box.y, box.width]; })""")
    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    ARTIFACTS.mkdir(exist_ok=True)
    picture.save(ARTIFACTS / f"faces-hand-{deck}-{width}.png")

    on_paper = _near_mask(picture, _rgb(PAPER), 60).load()
    height = card * 1.4
    index = card_faces.LARGE_INDEX
    for n, (code, (left, top, _)) in enumerate(zip(HAND, boxes, strict=True)):
        # The next card of its row covers its right side; the last of a row shows whole.
        covered = n + 1 < len(boxes) and boxes[n + 1][1] == top
        strip = (boxes[n + 1][0] - left) if covered else card
        if covered:
            assert strip >= 26 - 0.01, (code, strip)

        def inked(x: float, y: float, left: float = left, top: float = top) -> bool:
            return not on_paper[round((left + x) * scale), round((top + y) * scale)]

        # The index's own columns (the rank's left part, the whole pip) and rows (the
        # top half): its ink from the top of the rank to the foot of the pip.
        columns = [x / scale for x in range(round(2 * scale), round(card * 0.3 * scale))]
        rows = [y / scale for y in range(1, round(height * 0.5 * scale))]
        ink_rows = [y for y in rows if any(inked(x, y) for x in columns)]
        assert ink_rows, code
        tall = ink_rows[-1] - ink_rows[0]
        assert tall >= 20, (code, width, tall)
        # The rank (the index's widest part) ends inside the strip, with paper after it:
        # across its rows, its rightmost ink is 1.5 px short of the next card's edge. A
        # court's frame starts a unit beside the index (its design): where the strip shows
        # the frame, the rank ends before it.
        units = height / card_faces.HEIGHT
        limit = strip if covered else card - 3  # a row's last card: all of it shows
        paper = 1.5
        frame = card_faces.LARGE_PANEL[0] * units - 0.5
        if code[:-1] in card_faces.COURTS and frame < limit - paper:
            limit, paper = frame, 0
        rank_rows = [
            y
            for y in rows
            if index.box(code[:-1])[1] * units - 1 <= y <= index.baseline * units + 1
        ]
        across = [x / scale for x in range(round(1 * scale), round(limit * scale))]
        ink_columns = [x for x in across if any(inked(x, y) for y in rank_rows)]
        assert ink_columns, code
        assert ink_columns[-1] <= limit - paper, (code, width, ink_columns[-1], limit)
        assert ink_columns[-1] <= card / 2, "in the card's left half"
    page.context.close()
    assert not failures
