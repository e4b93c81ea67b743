"""The 52 card faces as geometry: one description, drawn twice.

Both games and the Heart to Heart deal's link-preview picture show the same faces, so
they are described once, here, as shapes on a card 100 units wide and 140 tall (the
cards' 1.4 ratio in static/css/site.css):

* the four suits as paths (``SUIT_SHAPES``), each in a box of -50…50 units;
* the pips of each rank (``pip_layout``): the standard arrangement of 2–10 on a grid of
  three columns, the pips of the lower half turned upside down as on a printed card;
  one large pip in a medallion for the ace;
* the court cards: a framed, double-ended figure for J, Q and K (``COURT_FIGURES``),
  the king crowned with a beard, an ermine hem and a sword, the queen with a tiara and a
  rose, the jack with a feathered cap and a halberd, robed in the suit's colour;
* the corner indices: the rank over a small pip, top left and (turned) bottom right.

The same geometry draws four decks (``DECKS``): the standard one, a large-print one
(much bigger indices in the left half of the card, one big pip in the middle of 2–10,
each court's two half-figures framed beside the indices), a four-colour one (♠ black,
♥ red, ♦ blue, ♣ green, the courts robed to match) and both at once.

From it, ``manage.py card_faces`` writes ``static/cards/faces/`` (one small SVG a face,
named for the suit then the rank: ``H9.svg``, ``SQ.svg``, ``D10.svg``; the other decks
in a folder each, ``static/cards/faces/large/H9.svg``) and ``static/css/faces.css``
(which face a card shows, keyed on the ``data-rank`` or ``data-card`` attribute its
markup already carries; ``faces-large.css`` and so on for the other decks, the same
selectors, so a page changes deck by linking another stylesheet), and
``games/drawing/deal_image.py`` draws the standard deck's shapes with Pillow
(``pillow_parts``). tests/web/site/test_card_faces.py fails when the committed files are
not what this module writes.

Source and licence: every shape here was drawn for this project, in this file (no
third-party artwork). The corner indices are set in the card font (DejaVu Serif Bold,
vendored in games/drawing/fonts/ with its licence, for the picture; Georgia or DejaVu Serif in
a browser, as the rest of the card text); the large-print ones in a bold sans (Arial,
Liberation Sans, Helvetica, Roboto: lining figures, and each rank given its Arial width,
so the index's box is the same in every font).

Pure Python, no Django: a build step and a picture both use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

WIDTH, HEIGHT = 100, 140
SUITS = ("C", "D", "S", "H")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURTS = ("J", "Q", "K")

RED, BLACK = "#c8102e", "#1d1d1f"
INK, GOLD, SKIN, CREAM, PAPER = "#2a2118", "#e0a526", "#f6d6b3", "#fbf3dc", "#fffdf8"
ROYAL_BLUE, HAIR, STEEL = "#1f3c88", "#7a4a21", "#c9ced6"
SUIT_COLOURS = {"C": BLACK, "S": BLACK, "D": RED, "H": RED}
# A court's robe: the suit's red, or a royal blue for the black suits (as printed decks do).
ROBE_COLOURS = {"C": ROYAL_BLUE, "S": ROYAL_BLUE, "D": RED, "H": RED}

# Each suit in a box from -50 to 50 on both axes, its centre at 0,0. Paths use absolute
# M, L, C and Z only (the Pillow side flattens them); the club is three circles and a
# path.
SUIT_SHAPES: dict[str, tuple[tuple, ...]] = {
    "H": (("path", "M0,-25C-7,-48 -49,-44 -48,-12C-47,12 -17,28 0,48"
                   "C17,28 47,12 48,-12C49,-44 7,-48 0,-25Z"),),
    "D": (("path", "M0,-50C9,-32 21,-16 38,0C21,16 9,32 0,50"
                   "C-9,32 -21,16 -38,0C-21,-16 -9,-32 0,-50Z"),),
    "S": (("path", "M0,-50C12,-30 47,-16 46,10C45,32 18,36 5,20C6,33 11,43 20,50"
                   "L-20,50C-11,43 -6,33 -5,20C-18,36 -45,32 -46,10C-47,-16 -12,-30 0,-50Z"),),
    "C": (("circle", 0, -25, 21), ("circle", -24, 9, 21), ("circle", 24, 9, 21),
          ("path", "M0,-12L-15,12L15,12Z"),
          ("path", "M-4,6C-4,28 -10,42 -20,50L20,50C10,42 4,28 4,6Z")),
}

# Pip positions of 2–10 on the pip field: columns L, C, R and rows 0 (top) … 1 (bottom).
_COLUMNS = {"L": 35.0, "C": 50.0, "R": 65.0}
_TOP, _BOTTOM = 20.0, 120.0
_ROWS: dict[str, tuple[tuple[str, float], ...]] = {
    "2": (("C", 0), ("C", 1)),
    "3": (("C", 0), ("C", .5), ("C", 1)),
    "4": (("L", 0), ("R", 0), ("L", 1), ("R", 1)),
    "5": (("L", 0), ("R", 0), ("C", .5), ("L", 1), ("R", 1)),
    "6": (("L", 0), ("R", 0), ("L", .5), ("R", .5), ("L", 1), ("R", 1)),
    "7": (("L", 0), ("R", 0), ("C", .25), ("L", .5), ("R", .5), ("L", 1), ("R", 1)),
    "8": (("L", 0), ("R", 0), ("C", .25), ("L", .5), ("R", .5), ("C", .75),
          ("L", 1), ("R", 1)),
    "9": (("L", 0), ("R", 0), ("L", 1 / 3), ("R", 1 / 3), ("C", .5),
          ("L", 2 / 3), ("R", 2 / 3), ("L", 1), ("R", 1)),
    "10": (("L", 0), ("R", 0), ("C", 1 / 6), ("L", 1 / 3), ("R", 1 / 3),
           ("L", 2 / 3), ("R", 2 / 3), ("C", 5 / 6), ("L", 1), ("R", 1)),
}
PIP_SIZE = 16.5  # a pip's width in card units (its suit box is 100)
ACE_SIZE = 42.0

# The corner index: the rank's centre line, its baseline and size; the pip under it.
INDEX_X, INDEX_BASELINE, INDEX_FONT = 13.0, 27.0, 27.0
INDEX_PIP_Y, INDEX_PIP_SIZE = 38.0, 15.0
INDEX_FONT_FAMILY = "Georgia,'DejaVu Serif',serif"
TEN_WIDTH = 21.0  # "10" is squeezed to this width, so that it fits the corner as one index

# A court card's frame (between the indices) and the line between its two halves.
FRAME = (27.0, 8.0, 46.0, 124.0)  # x, y, width, height
MIDDLE = HEIGHT / 2


@dataclass(frozen=True, slots=True)
class Pip:
    """One pip: its centre, its width, and whether it is turned upside down."""

    x: float
    y: float
    size: float
    flipped: bool


def pip_layout(rank: str) -> tuple[Pip, ...]:
    """The pips printed in a card's field: the standard arrangement of 2–10, the ace's
    one large pip, none for a court card (its figure holds a small one)."""
    if rank == "A":
        return (Pip(50.0, MIDDLE, ACE_SIZE, False),)
    if rank in COURTS:
        return ()
    return tuple(
        Pip(_COLUMNS[column], round(_TOP + row * (_BOTTOM - _TOP), 2), PIP_SIZE, row > .5)
        for column, row in _ROWS[rank]
    )


# The court figures, the upper half of each (the lower half is the same turned about the
# card's centre). "robe" is the suit's robe colour; each part is (kind, geometry, fill,
# stroke width), a fill of None an open line; a stroke is always INK.
COURT_FIGURES: dict[str, tuple[tuple, ...]] = {
    "K": (
        ("rect", (65.0, 22.0, 2.4, 44.0), STEEL, .6),  # the sword
        ("rect", (61.2, 40.0, 10.0, 2.4), GOLD, .6),
        ("path", "M30,70L30,58C30,50 37,47 44,46L56,46C63,47 70,50 70,58L70,70Z", "robe", .7),
        ("rect", (30.0, 63.5, 40.0, 6.5), PAPER, .5),  # the ermine hem
        ("circle", (35.5, 66.8, .9), INK, 0),
        ("circle", (41.5, 66.8, .9), INK, 0),
        ("circle", (58.5, 66.8, .9), INK, 0),
        ("circle", (64.5, 66.8, .9), INK, 0),
        ("rect", (47.5, 46.0, 5.0, 24.0), GOLD, .5),
        ("path", "M40,46L60,46L56,53L44,53Z", GOLD, .6),
        ("circle", (50.0, 36.0, 8.5), SKIN, .7),
        ("path", "M41.5,36C41,49 59,49 58.5,36C55,42 45,42 41.5,36Z", HAIR, .5),  # beard
        ("circle", (47.0, 34.5, .9), INK, 0),
        ("circle", (53.0, 34.5, .9), INK, 0),
        ("path", "M40,29L40,16L44,22L47,13L50,20L53,13L56,22L60,16L60,29Z", GOLD, .7),
        ("circle", (50.0, 25.5, 1.8), RED, 0),
    ),
    "Q": (
        ("path", "M64,66L64,50", None, 1.2),  # the rose's stem
        ("circle", (64.0, 48.0, 3.6), RED, .6),
        ("circle", (64.0, 48.0, 1.3), GOLD, 0),
        ("path", "M40,38C38,26 44,24 50,24C56,24 62,26 60,38L63,50L37,50Z", HAIR, .6),  # hair
        ("path", "M32,70L33,58C34,51 39,48 44,47L56,47C61,48 66,51 67,58L68,70Z", "robe", .7),
        ("path", "M41,47L59,47L50,56Z", GOLD, .6),
        ("circle", (50.0, 37.0, 8.0), SKIN, .7),
        ("circle", (47.2, 36.0, .85), INK, 0),
        ("circle", (52.8, 36.0, .85), INK, 0),
        ("path", "M48,41.5C49,42.5 51,42.5 52,41.5", None, .6),
        ("path", "M42,30L43,21L46.5,25L50,18L53.5,25L57,21L58,30Z", GOLD, .6),
        ("circle", (43.0, 21.0, 1.4), GOLD, .4),
        ("circle", (50.0, 18.0, 1.4), GOLD, .4),
        ("circle", (57.0, 21.0, 1.4), GOLD, .4),
    ),
    "J": (
        ("rect", (35.0, 28.0, 2.2, 40.0), HAIR, .5),  # the halberd's shaft
        ("path", "M36.1,21L39,28L33.2,28Z", STEEL, .5),
        ("path", "M37.2,29C43,29 44,36 37.2,38Z", STEEL, .5),
        ("path", "M31,70L31,59C31,51 38,48 44,47L56,47C62,48 69,51 69,59L69,70Z", "robe", .7),
        ("path", "M44,47L56,47L56,70L44,70Z", GOLD, .5),
        ("path", "M44,47L56,47L50,54Z", "robe", .5),
        ("path", "M42,36C41,30 44,28 50,28C56,28 59,30 58,36L59,41L41,41Z", HAIR, .5),
        ("circle", (50.0, 37.5, 7.8), SKIN, .7),
        ("circle", (47.3, 37.0, .85), INK, 0),
        ("circle", (52.7, 37.0, .85), INK, 0),
        ("path", "M40,31C39,22 61,20 62,30Z", "robe", .7),  # the cap
        ("rect", (40.0, 29.0, 22.0, 2.6), GOLD, .5),
        ("path", "M58,24C62,14 68,12 71,11C67,18 63,22 59,27Z", GOLD, .5),  # its feather
    ),
}
COURT_PIP = Pip(34.0, 17.0, 10.0, False)  # the small pip in a court's frame, by the head


# ---------------------------------------------------------------- the decks

# The four-colour deck's diamonds and clubs (its spades and hearts are the standard black
# and red). Each is text-sized ink on the paper, so each holds WCAG's 4.5:1 against
# PAPER (tests/web/site/test_card_faces.py computes it): blue 6.5:1, green 5.3:1, the
# green a little towards blue so that it stays apart from the red for most colour-blind
# eyes. The suit's shape is always there as well: the colour is never the only sign.
BLUE, GREEN = "#1a56c4", "#0a7a45"
FOUR_COLOURS = {"C": GREEN, "D": BLUE, "S": BLACK, "H": RED}
# Its courts are robed in their suit's colour: the spades' in a charcoal, the black a
# shade lighter so that the figure's outlines still show on it.
CHARCOAL = "#41454f"
FOUR_ROBES = {**FOUR_COLOURS, "S": CHARCOAL}


@dataclass(frozen=True, slots=True)
class Index:
    """A deck's corner index: the rank centred on ``x`` (its baseline, its font size and
    the font's cap height in ems), over a pip of ``pip_size`` centred at (x, pip_y).

    ``widths`` gives a rank its width in card units (SVG's textLength): the large index
    pins every rank to its Arial width, so that the box is the same whatever font a
    browser finds; otherwise only "10" is squeezed, to ``ten_width``."""

    x: float
    baseline: float
    font: float
    cap: float
    pip_y: float
    pip_size: float
    family: str
    ten_width: float
    widths: tuple[tuple[str, float], ...] = ()
    drops: tuple[tuple[str, float], ...] = ()

    def width(self, rank: str) -> float | None:
        if len(rank) > 1:
            return self.ten_width
        return dict(self.widths).get(rank)

    def pip(self, rank: str) -> Pip:
        """The pip under the rank: lower under a rank whose letter reaches below the line
        (the tail of the large Q)."""
        return Pip(self.x, self.pip_y + dict(self.drops).get(rank, 0.0), self.pip_size, False)

    def box(self, rank: str) -> tuple[float, float, float, float]:
        """The top-left index's box in card units (left, top, right, bottom): the rank's
        width (when pinned) or the pip's, whichever is wider, from the top of the capitals
        to the foot of the pip."""
        half = max(self.width(rank) or 0.0, self.pip_size) / 2
        top = self.baseline - self.cap * self.font
        return (self.x - half, top, self.x + half, self.pip(rank).y + self.pip_size / 2)


STANDARD_INDEX = Index(INDEX_X, INDEX_BASELINE, INDEX_FONT, .7, INDEX_PIP_Y, INDEX_PIP_SIZE,
                       INDEX_FONT_FAMILY, TEN_WIDTH)

# The large print index: the rank 46 units high in type (its capitals 33: Arial's cap
# height is .716 em), over a pip of 19, the two 54 units from the top of the capitals to
# the foot of the pip (the standard index: 37): 24.4 CSS px on a Hearts hand card at
# 390 px (45 × 63 px), 22.5 at 360 px (41 × 58), 30.8 on a Heart to Heart card at 390
# (57 × 79). All of it in the card's left half, inside the strip of a Hearts hand card
# the next card leaves uncovered (24 px of 41 at 360 px, 58 % of the card).
LARGE_FONT = 46.0
LARGE_FONT_FAMILY = ("Arial,'Liberation Sans','Helvetica Neue',Helvetica,Roboto,'DejaVu Sans',"
                     "sans-serif")
_ARIAL_BOLD = {"A": .722, "J": .556, "Q": .778, "K": .722, **{str(n): .556 for n in range(2, 10)}}
LARGE_INDEX = Index(
    x=25.0, baseline=38.5, font=LARGE_FONT, cap=.716, pip_y=50.5, pip_size=19.0,
    family=LARGE_FONT_FAMILY, ten_width=40.0,
    widths=tuple((rank, round(em * LARGE_FONT, 1)) for rank, em in _ARIAL_BOLD.items()),
    drops=(("Q", 6.5),),  # Arial's Q has a tail .2 em deep: its pip goes under the tail
)
# The large print field: one big pip in the middle of 2–10 (the index says the rank),
# a bigger one for the ace; a court's two half-figures each in a frame of its own, the
# upright one top right of the index, the turned one bottom left of the other.
LARGE_PIP, LARGE_ACE = 36.0, 42.0
LARGE_PANEL = (46.0, 6.0, 48.0, 61.0)  # x, y, width, height of the upper frame
LARGE_FIGURE_SHIFT = (20.0, -3.0)  # the upper half-figure, moved into it
LARGE_COURT_PIP = Pip(53.0, 15.0, 10.0, False)


@dataclass(frozen=True, slots=True)
class Deck:
    """One set of faces: its name (its folder and stylesheet), its index and its inks."""

    name: str
    index: Index
    large: bool
    colours: tuple[tuple[str, str], ...]
    robes: tuple[tuple[str, str], ...]

    def colour(self, suit: str) -> str:
        return dict(self.colours)[suit]

    def robe(self, suit: str) -> str:
        return dict(self.robes)[suit]


def _deck(name: str, large: bool, four: bool) -> Deck:
    colours = FOUR_COLOURS if four else SUIT_COLOURS
    return Deck(name, LARGE_INDEX if large else STANDARD_INDEX, large,
                tuple(colours.items()),
                tuple((FOUR_ROBES if four else ROBE_COLOURS).items()))


DECKS: dict[str, Deck] = {
    "standard": _deck("standard", large=False, four=False),
    "large": _deck("large", large=True, four=False),
    "four": _deck("four", large=False, four=True),
    "large-four": _deck("large-four", large=True, four=True),
}
STANDARD = "standard"


# ---------------------------------------------------------------- the SVG faces


def _n(value: float) -> str:
    """A number as short as SVG reads it: 34.5, 21, -0.5 → -.5."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text


def face_id(code: str) -> str:
    """A face's name (its file, its group): the suit, then the rank (``9H`` → ``H9``)."""
    return code[-1] + code[:-1]


def all_codes() -> tuple[str, ...]:
    """The 52 card codes, suit by suit (C D S H), Ace to King."""
    return tuple(rank + suit for suit in SUITS for rank in RANKS)


def _suit_symbol(suit: str) -> str:
    parts = []
    for part in SUIT_SHAPES[suit]:
        if part[0] == "circle":
            parts.append(f'<circle cx="{_n(part[1])}" cy="{_n(part[2])}" r="{_n(part[3])}"/>')
        else:
            parts.append(f'<path d="{part[1]}"/>')
    inner = "".join(parts)
    return f'<g id="{suit}">{inner}</g>' if len(parts) > 1 else inner.replace(
        "<path ", f'<path id="{suit}" ', 1)


def _pip_use(suit: str, pip: Pip) -> str:
    scale = _n(pip.size / 100)
    turn = " rotate(180)" if pip.flipped else ""
    return (f'<use href="#{suit}" transform="translate({_n(pip.x)} {_n(pip.y)})'
            f' scale({scale}){turn}"/>')


def _court_part(part: tuple) -> str:
    kind, geometry, fill, stroke = part
    paint = "currentColor" if fill == "robe" else fill
    attributes = f' fill="{paint}"' if paint else ' fill="none"'
    if stroke:
        attributes += f' stroke="{INK}" stroke-width="{_n(stroke)}"'
    if kind == "circle":
        x, y, r = geometry
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{attributes}/>'
    if kind == "rect":
        x, y, w, h = geometry
        return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{attributes}/>'
    return f'<path d="{geometry}"{attributes}/>'


def _court_symbol(rank: str) -> str:
    # One figure for the four suits: its robe is "currentColor", set by the face using it.
    parts = "".join(_court_part(part) for part in COURT_FIGURES[rank])
    return f'<g id="f{rank}">{parts}</g>'


def _index(code: str, deck: Deck) -> str:
    rank, suit = code[:-1], code[-1]
    index = deck.index
    width = index.width(rank)
    squeeze = (f' textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs"'
               if width is not None else "")
    pip = index.pip(rank)
    return (f'<g id="i{face_id(code)}"><text x="{_n(index.x)}" y="{_n(index.baseline)}"'
            f'{squeeze}>{rank}</text>{_pip_use(suit, pip)}</g>')


def _rect(box: tuple[float, float, float, float], rest: str) -> str:
    x, y, w, h = box
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{rest}/>'


def _court(rank: str, suit: str, deck: Deck) -> list[str]:
    colour, robe = deck.colour(suit), deck.robe(suit)
    if not deck.large:
        x, _, w, _ = FRAME
        return [
            _rect(FRAME, f' rx="2" fill="{CREAM}" stroke="{colour}" stroke-width="1.2"'),
            f'<g color="{robe}"><use href="#f{rank}"/>'
            f'<use href="#f{rank}" transform="rotate(180 50 70)"/></g>',
            f'<path d="M{_n(x)},70H{_n(x + w)}" stroke="{colour}" stroke-width=".8"/>',
            _pip_use(suit, COURT_PIP),
            _pip_use(suit, Pip(WIDTH - COURT_PIP.x, HEIGHT - COURT_PIP.y, COURT_PIP.size,
                               True)),
        ]
    # Large print: the index takes the top-left quarter, so each half-figure has a frame
    # of its own beside it (the turned one beside the turned index): the figure's upper
    # half, moved into the frame, ends at the frame's foot (the halves no longer meet in
    # the middle); the frame's line is drawn over it.
    dx, dy = LARGE_FIGURE_SHIFT
    turned = Pip(WIDTH - LARGE_COURT_PIP.x, HEIGHT - LARGE_COURT_PIP.y, LARGE_COURT_PIP.size,
                 True)
    paper = _rect(LARGE_PANEL, f' rx="2" fill="{CREAM}"')
    line = _rect(LARGE_PANEL, f' rx="2" fill="none" stroke="{colour}" stroke-width="1.2"')
    half = (f'<g id="h{rank}">{paper}'
            f'<use href="#f{rank}" transform="translate({_n(dx)} {_n(dy)})"/>{line}</g>')
    return [
        f'<g color="{robe}">{half}<use href="#h{rank}" transform="rotate(180 50 70)"/></g>',
        _pip_use(suit, LARGE_COURT_PIP),
        _pip_use(suit, turned),
    ]


def _face(code: str, left: float, top: float, deck: Deck) -> str:
    rank, suit = code[:-1], code[-1]
    key = face_id(code)
    colour = deck.colour(suit)
    body = [_index(code, deck), f'<use href="#i{key}" transform="rotate(180 50 70)"/>']
    if rank in COURTS:
        body.extend(_court(rank, suit, deck))
    elif deck.large:
        size = LARGE_ACE if rank == "A" else LARGE_PIP
        body.append(_pip_use(suit, Pip(50.0, MIDDLE, size, False)))
    else:
        if rank == "A":
            body.append(f'<circle cx="50" cy="70" r="30" fill="none" stroke="{colour}"'
                        ' stroke-width="1" stroke-opacity=".45"/>')
        body.extend(_pip_use(suit, pip) for pip in pip_layout(rank))
    return (f'<g id="{key}" transform="translate({_n(left)} {_n(top)})" fill="{colour}">'
            + "".join(body) + "</g>")


def _deck_of(deck: str | Deck) -> Deck:
    return deck if isinstance(deck, Deck) else DECKS[deck]


def face_path(code: str, deck: str = STANDARD) -> str:
    """A face's file, under static/: one small SVG a face (``cards/faces/H9.svg``; another
    deck's in its folder, ``cards/faces/large/H9.svg``)."""
    folder = "" if deck == STANDARD else f"{deck}/"
    return f"cards/faces/{folder}{face_id(code)}.svg"


def stylesheet_path(deck: str = STANDARD) -> str:
    """A deck's stylesheet, under static/: ``css/faces.css`` for the standard deck (every
    page links it), ``css/faces-large.css`` and so on for the others. Each has the same
    selectors, so a page changes deck by linking one stylesheet instead of another."""
    return "css/faces.css" if deck == STANDARD else f"css/faces-{deck}.css"


def face_file(code: str, deck: str = STANDARD) -> str:
    """One face as a picture of its own: the shapes it uses, then the face.

    A file a face, not one sprite of the 52: a CSS background shows a part of a sprite
    by drawing the whole sprite clipped to the card, so every card painted drew the 52
    faces; one file a face cut the paint of a tap to a fraction (the figures:
    docs/performance.md#in-the-code)."""
    rank, suit = code[:-1], code[-1]
    chosen = _deck_of(deck)
    index = chosen.index
    defs = _suit_symbol(suit) + (_court_symbol(rank) if rank in COURTS else "")
    return (
        "<!-- Drawn for cardsite by games/drawing/card_faces.py (manage.py card_faces). -->\n"
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' preserveAspectRatio="none" font-family="{index.family}" font-weight="700"'
        f' font-size="{_n(index.font)}" text-anchor="middle"><defs>{defs}</defs>'
        f"{_face(code, 0, 0, chosen)}</svg>\n"
    )


def stylesheet(deck: str = STANDARD) -> str:
    """static/css/faces.css (or a deck's faces-<deck>.css): which face each card shows,
    from the attribute it carries."""
    if deck == STANDARD:
        head = [
            "/* Card faces: written by `manage.py card_faces` from games/drawing/card_faces.py;"
            " edit",
            "   that module, not this file. A card shows its face, one small cached SVG a face",
            "   (static/cards/faces/H9.svg), over the card's paper. Which face comes from the",
            "   attribute the markup already carries: data-rank (Heart to Heart: every card a",
            "   heart) or data-card (Hearts). The face is decoration: a card's name is its",
            "   aria-label. */",
        ]
    else:
        head = [
            f"/* Card faces, the {deck} deck: written by `manage.py card_faces` from",
            "   games/drawing/card_faces.py; edit that module, not this file. Linked instead of",
            "   faces.css (the same selectors), it gives each card its face from this deck, one",
            f"   small cached SVG a face (static/{face_path('9H', deck)}), over the card's",
            "   paper. Which face comes from the attribute the markup already carries:",
            "   data-rank (Heart to Heart: every card a heart) or data-card (Hearts). The face",
            "   is decoration: a card's name is its aria-label. */",
        ]
    lines = [
        *head,
        ".card[data-rank], .slot[data-rank] > .trace, .card[data-card] {",
        "  background-image: var(--face), linear-gradient(160deg, #fff 0%,"
        " var(--paper) 60%, #f3ecdf 100%);",
        "  background-size: 100% 100%;",
        "  background-repeat: no-repeat;",
        "}",
    ]
    for code in all_codes():
        rank, suit = code[:-1], code[-1]
        also = f', [data-rank="{rank}"]' if suit == "H" else ""  # Heart to Heart's hearts
        lines.append(f'[data-card="{code}"]{also} {{ --face: url(../{face_path(code, deck)}); }}')
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- Pillow's side

_TOKENS = re.compile(r"[MLCZHV]|-?\d*\.?\d+")


def flatten(d: str, steps: int = 10) -> list[list[tuple[float, float]]]:
    """A path of absolute M, L, C, H and Z commands as polygons (one per subpath)."""
    tokens = _TOKENS.findall(d.replace(",", " "))
    polygons: list[list[tuple[float, float]]] = []
    points: list[tuple[float, float]] = []
    i, command = 0, "M"
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command == "Z":
                if points:
                    polygons.append(points)
                points = []
                continue
        if command == "M":
            if points:
                polygons.append(points)
            points = [(float(tokens[i]), float(tokens[i + 1]))]
            i += 2
            command = "L"
        elif command == "L":
            points.append((float(tokens[i]), float(tokens[i + 1])))
            i += 2
        elif command == "H":
            points.append((float(tokens[i]), points[-1][1]))
            i += 1
        elif command == "C":
            x0, y0 = points[-1]
            x1, y1, x2, y2, x3, y3 = (float(t) for t in tokens[i:i + 6])
            for step in range(1, steps + 1):
                t = step / steps
                u = 1 - t
                points.append((
                    u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                    u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                ))
            i += 6
        else:
            raise ValueError(f"unsupported path command {command!r}")
    if points:
        polygons.append(points)
    return polygons


@dataclass(frozen=True, slots=True)
class Part:
    """One shape of a face in card units, ready to draw: a polygon, a circle or a line."""

    kind: str  # "polygon", "line" (open), "circle" (one centre, filled), "ring" (its outline)
    points: tuple[tuple[float, float], ...]
    radius: float
    fill: str | None
    stroke: float  # width in card units; 0 for none (an outline is always INK)


def _turn(x: float, y: float) -> tuple[float, float]:
    return WIDTH - x, HEIGHT - y


def _suit_parts(suit: str, pip: Pip, colour: str) -> list[Part]:
    scale = pip.size / 100

    def place(x: float, y: float) -> tuple[float, float]:
        if pip.flipped:
            x, y = -x, -y
        return pip.x + x * scale, pip.y + y * scale

    parts = []
    for shape in SUIT_SHAPES[suit]:
        if shape[0] == "circle":
            parts.append(Part("circle", (place(shape[1], shape[2]),), shape[3] * scale,
                              colour, 0))
        else:
            for polygon in flatten(shape[1]):
                parts.append(Part("polygon", tuple(place(x, y) for x, y in polygon), 0,
                                  colour, 0))
    return parts


def _court_parts(rank: str, suit: str, turned: bool) -> list[Part]:
    move = _turn if turned else (lambda x, y: (x, y))
    parts = []
    for kind, geometry, fill, stroke in COURT_FIGURES[rank]:
        fill = ROBE_COLOURS[suit] if fill == "robe" else fill
        if kind == "circle":
            x, y, r = geometry
            parts.append(Part("circle", (move(x, y),), r, fill, stroke))
        elif kind == "rect":
            x, y, w, h = geometry
            corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            parts.append(Part("polygon", tuple(move(*p) for p in corners), 0, fill, stroke))
        else:
            closed = geometry.rstrip().endswith("Z")
            for polygon in flatten(geometry):
                points = tuple(move(*p) for p in polygon)
                parts.append(Part("polygon" if closed else "line", points, 0, fill, stroke))
    return parts


@cache
def pillow_parts(code: str) -> tuple[Part, ...]:
    """What the picture draws of a face besides its corner indices (``index_parts``): the
    same shapes as the SVG faces, in card units, back to front."""
    rank, suit = code[:-1], code[-1]
    colour = SUIT_COLOURS[suit]
    parts: list[Part] = []
    if rank in COURTS:
        x, y, w, h = FRAME
        parts.append(Part("polygon", ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), 0,
                          CREAM, 0))
        for turned in (False, True):
            parts.extend(_court_parts(rank, suit, turned))
        parts.append(Part("line", ((x, MIDDLE), (x + w, MIDDLE)), 0, colour, .8))
        parts.append(Part("line", ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)),
                          0, colour, 1.2))
        parts.extend(_suit_parts(suit, COURT_PIP, colour))
        parts.extend(_suit_parts(suit, Pip(WIDTH - COURT_PIP.x, HEIGHT - COURT_PIP.y,
                                           COURT_PIP.size, True), colour))
        return tuple(parts)
    if rank == "A":
        parts.append(Part("ring", ((50.0, MIDDLE),), 30, colour, 1))
    for pip in pip_layout(rank):
        parts.extend(_suit_parts(suit, pip, colour))
    return tuple(parts)


def index_pip_parts(suit: str) -> tuple[Part, ...]:
    """The small pip under the top-left index (the picture turns it for the other corner)."""
    return tuple(_suit_parts(suit, Pip(INDEX_X, INDEX_PIP_Y, INDEX_PIP_SIZE, False),
                             SUIT_COLOURS[suit]))
