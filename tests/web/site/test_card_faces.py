"""The card faces (docs/card-faces.md): one geometry, committed face files (one a face)
and a stylesheet drawn from it, and card markup that only names its face. Four decks
from it (docs/card-faces.md#decks: standard, large print, four colours, both), each its
own cached set and stylesheet with the same selectors; the large index fits the strip a
Hearts hand card shows and is tall enough on a phone; the four colours hold WCAG's
contrast on the paper.

The first tests need neither Django's database nor the engine: the pip layout is plain
geometry (games/drawing/card_faces.py).
"""

from __future__ import annotations

import math
import mimetypes
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from games.drawing import card_faces
from games.management.commands.card_faces import FILES, stale_files
from tests.web.heart_to_heart.helpers import start as start_h2h
from tests.web.hearts.helpers import start as start_hearts

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "static"
FACES = STATIC / "cards" / "faces"
STYLESHEET = STATIC / "css" / "faces.css"
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
DECKS = tuple(card_faces.DECKS)
LARGE = tuple(name for name, deck in card_faces.DECKS.items() if deck.large)


@pytest.mark.parametrize("rank", NUMBERS)
def test_a_number_card_has_as_many_pips_as_its_rank(rank):
    assert len(card_faces.pip_layout(rank)) == int(rank)


def test_the_ace_has_one_large_pip_and_a_court_card_none_in_its_field():
    (ace,) = card_faces.pip_layout("A")
    assert ace.size > 2 * card_faces.PIP_SIZE and (ace.x, ace.y) == (50, 70)
    for rank in card_faces.COURTS:
        assert card_faces.pip_layout(rank) == ()
        assert len(card_faces.COURT_FIGURES[rank]) >= 10, "a figure, not a letter"


@pytest.mark.parametrize("rank", NUMBERS)
def test_pips_are_symmetric_and_the_lower_half_is_turned(rank):
    """A printed card reads the same either way up: every pip has its twin turned about
    the centre (but the seven's lone pip above the middle), and the pips below the middle
    are upside down."""
    pips = card_faces.pip_layout(rank)
    spots = {(round(p.x, 1), round(p.y, 1)) for p in pips}
    lone = [p for p in pips if (round(100 - p.x, 1), round(140 - p.y, 1)) not in spots]
    assert [(p.x, p.flipped) for p in lone] == ([] if rank != "7" else [(50, False)])
    assert all(p.y < 70 for p in lone)
    for pip in pips:
        assert pip.flipped == (pip.y > 70)


@pytest.mark.parametrize("rank", NUMBERS)
def test_pips_stay_in_the_field_and_clear_of_one_another(rank):
    pips = card_faces.pip_layout(rank)
    half = card_faces.PIP_SIZE / 2
    for pip in pips:
        assert pip.x - half > 25 and pip.x + half < 75, pip  # clear of the corner indices
        assert pip.y - half > 10 and pip.y + half < 130, pip
    for i, a in enumerate(pips):
        for b in pips[i + 1:]:
            assert max(abs(a.x - b.x), abs(a.y - b.y)) >= card_faces.PIP_SIZE * .85, (a, b)


def test_the_standard_arrangements():
    columns = {rank: sorted({p.x for p in card_faces.pip_layout(rank)}) for rank in NUMBERS}
    assert columns["2"] == columns["3"] == [50]  # one column
    assert len(columns["4"]) == len(columns["6"]) == 2  # two columns
    for rank in ("5", "7", "8", "9", "10"):
        assert len(columns[rank]) == 3, rank
    rows = {rank: sorted({p.y for p in card_faces.pip_layout(rank) if p.x != 50})
            for rank in ("9", "10")}
    assert len(rows["9"]) == len(rows["10"]) == 4  # four rows down each side


def test_paths_flatten_to_polygons_inside_their_box():
    for suit, shapes in card_faces.SUIT_SHAPES.items():
        for shape in shapes:
            if shape[0] != "path":
                continue
            for polygon in card_faces.flatten(shape[1]):
                assert len(polygon) >= 3, suit
                assert all(-50 <= x <= 50 and -50 <= y <= 50 for x, y in polygon), suit


def test_the_committed_faces_and_stylesheets_are_what_the_module_draws():
    """Every deck's 52 faces and its stylesheet, as committed, are what the module writes
    now (stale_files compares each file's text), and nothing else is left over."""
    assert DECKS == ("standard", "large", "four", "large-four")
    assert not stale_files(), "run: .venv/bin/python manage.py card_faces"
    assert set(FILES) == {
        *(STATIC / card_faces.face_path(c, deck) for deck in DECKS for c in card_faces.all_codes()),
        *(STATIC / card_faces.stylesheet_path(deck) for deck in DECKS)}
    assert len({path.name for path in FACES.glob("*.svg")}) == 52
    for deck in DECKS[1:]:
        assert len(list((FACES / deck).glob("*.svg"))) == 52, deck
    assert {path.name for path in FACES.iterdir() if path.is_dir()} == set(DECKS[1:])
    assert {p.name for p in (STATIC / "css").glob("faces*.css")} == {
        "faces.css", "faces-large.css", "faces-four.css", "faces-large-four.css"}


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_s_files_are_its_own_drawing(deck):
    for code in ("9H", "QS", "10D", "AC"):
        assert (STATIC / card_faces.face_path(code, deck)).read_text() == card_faces.face_file(
            code, deck)
    assert (STATIC / card_faces.stylesheet_path(deck)).read_text() == card_faces.stylesheet(deck)


def test_the_standard_deck_stays_where_it_was():
    """Its files keep their names (the deal preview, the cache and every page's link):
    the other decks live beside it, in folders."""
    assert card_faces.face_path("9H") == "cards/faces/H9.svg"
    assert card_faces.face_path("9H", "large") == "cards/faces/large/H9.svg"
    assert card_faces.stylesheet_path() == "css/faces.css"
    assert card_faces.stylesheet_path("large-four") == "css/faces-large-four.css"


def _rules(css: str) -> list[tuple[str, str]]:
    return re.findall(r"^(.+?) \{ --face: url\(\.\./([\w/.-]+)\); \}$", css, re.MULTILINE)


@pytest.mark.parametrize("deck", DECKS[1:])
def test_every_deck_s_stylesheet_has_the_standard_selectors(deck):
    """A page changes deck by linking another stylesheet: the same selectors, in the same
    order, the same drawing rule; only the files differ (the deck's folder)."""
    standard = STYLESHEET.read_text()
    other = (STATIC / card_faces.stylesheet_path(deck)).read_text()
    assert [s for s, _ in _rules(other)] == [s for s, _ in _rules(standard)]
    assert len(_rules(other)) == 52
    assert all(url.startswith(f"cards/faces/{deck}/") for _, url in _rules(other))
    body = standard[standard.index("*/"):standard.index("[data-card=")]
    assert body == other[other.index("*/"):other.index("[data-card=")]


def _face_url(css: str, attribute: str, value: str) -> str:
    """The face file a card with ``attribute="value"`` gets from faces.css."""
    found = []
    for selectors, url in _rules(css):
        if f'[{attribute}="{value}"]' in selectors.split(", "):
            found.append(url)
    assert len(found) == 1, (attribute, value, found)
    return found[0]


@pytest.mark.parametrize("deck", DECKS)
def test_every_face_has_its_own_file_and_the_stylesheet_finds_it(deck):
    css = (STATIC / card_faces.stylesheet_path(deck)).read_text()
    folder = "" if deck == "standard" else f"{deck}/"
    assert len(card_faces.all_codes()) == 52
    for code in card_faces.all_codes():
        path = _face_url(css, "data-card", code)
        assert path == f"cards/faces/{folder}{card_faces.face_id(code)}.svg"
        svg = (STATIC / path).read_text()
        assert 'viewBox="0 0 100 140"' in svg
        assert f'<g id="{card_faces.face_id(code)}" transform="translate(0 0)"' in svg
    for rank in card_faces.RANKS:  # Heart to Heart: every card is a heart
        assert _face_url(css, "data-rank", rank) == f"cards/faces/{folder}H{rank}.svg"
    assert "background-image: var(--face)," in css


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("code", ["9H", "QS", "10D", "AC"])
def test_a_face_file_holds_only_its_own_face(code, deck):
    """One face a file: the sprite of 52 made each painted card draw all 52."""
    svg = (STATIC / card_faces.face_path(code, deck)).read_text()
    assert re.findall(r'<g id="([CDSH](?:10|\w))"', svg) == [card_faces.face_id(code)]
    assert len(svg) < 3000


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("code", card_faces.all_codes())
def test_a_face_has_no_script_style_or_outside_reference(code, deck):
    """A picture only: nothing the Content Security Policy would have to allow."""
    svg = (STATIC / card_faces.face_path(code, deck)).read_text()
    assert "<script" not in svg and "style=" not in svg and "<style" not in svg
    assert "url(" not in svg
    rank, suit = code[:-1], code[-1]
    assert set(re.findall(r'href="([^"]*)"', svg)) <= {
        f"#{suit}", f"#f{rank}", f"#h{rank}", f"#i{card_faces.face_id(code)}"}


# ---------------------------------------------------------------- large print


def _css_card_width(path: Path, rule: str, viewport: float, height: float = 10_000) -> float:
    """A card's width in CSS px at ``viewport`` px wide and ``height`` high, from the
    rule's first ``--cw: min(…)`` (its px, vw and svh terms)."""
    css = path.read_text()
    match = re.search(re.escape(rule) + r"\s*\{\s*--cw: min\(([^;]*)\);", css)
    assert match, f"{rule} --cw not found in {path.name}: the sizes below came from it"
    terms = []
    for term in match.group(1).split(","):
        term = term.strip()
        if term.endswith("svh"):
            terms.append(float(term[:-3]) * height / 100)
        elif term.endswith("vw"):
            terms.append(float(term[:-2]) * viewport / 100)
        elif term.endswith("px"):
            terms.append(float(term[:-2]))
    return min(terms)


def _px(units: float, card_width: float) -> float:
    return units * card_width / card_faces.WIDTH


@pytest.mark.parametrize("deck", LARGE)
@pytest.mark.parametrize("rank", card_faces.RANKS)
def test_the_large_index_lies_in_the_left_half_of_the_card(deck, rank):
    """In a Hearts hand each card shows only a strip from its left edge (24 px of 41 at
    360 px): the large index, rank and pip, lies in the card's left half, top left, and
    clear of its rounded corner and edges; the turned one mirrors it bottom right."""
    index = card_faces.DECKS[deck].index
    left, top, right, bottom = index.box(rank)
    assert left >= 4 and right <= card_faces.WIDTH / 2, (rank, left, right)
    assert top >= 4 and bottom < card_faces.MIDDLE, (rank, top, bottom)  # clear of the turned
    width = index.width(rank)
    assert width is not None and width <= right - left + 1e-9, "every rank's width is pinned"
    # The corner's curve (border-radius 10 % of the width): the index's top-left corner
    # stays inside the card.
    radius = card_faces.WIDTH * .1
    assert math.dist((left, top), (radius, radius)) < radius or left >= radius or top >= radius


def test_ten_stays_one_index_in_large_print():
    index = card_faces.LARGE_INDEX
    assert index.width("10") == index.ten_width < 2 * index.width("9")
    svg = (STATIC / card_faces.face_path("10H", "large")).read_text()
    assert (f'<text x="25" y="{card_faces._n(index.baseline)}" textLength="40"'
            ' lengthAdjust="spacingAndGlyphs">10</text>') in svg


@pytest.mark.parametrize("rank", card_faces.RANKS)
def test_the_large_index_is_at_least_20_css_px_tall_on_a_phone(rank):
    """Rank and pip together at least 20 CSS px tall on a Hearts hand card in large print
    on the phones (hearts.css: 77.6 x 108.7 px at 390x844, 71.8 x 100.5 at 360x780, 51.2
    x 71.7 at 320x640; 20 px is 39 of its 140 units at 320) and on a Heart to Heart card
    of the heart (site.css ``.h2h-board``'s --cw); much taller than the standard index.
    The index ends inside the strip a hand card shows (--step: 3/4 of a card, less when
    seven cards share a row)."""
    large = card_faces.LARGE_INDEX
    height = large.box(rank)[3] - large.box(rank)[1]
    assert height >= 20 / 63 * card_faces.HEIGHT
    hearts = STATIC / "css" / "hearts.css"
    rule = 'body[data-print="large"] .hand'
    for viewport, tall in ((390, 844), (360, 780), (320, 640)):
        card = _css_card_width(hearts, rule, viewport, tall)
        if tall <= 700:  # the short phone's own, smaller card
            card = min(card, 0.08 * tall)
        assert _px(height, card) >= 20, (viewport, card, _px(height, card))
        row = viewport - 18  # the page's and the table's padding, its border
        strip = min(0.75 * card, (row - card - 3 * 4 - 1) / 6)
        assert _px(large.box(rank)[2], card) <= strip, "the index is inside the strip"
    heart_card = _css_card_width(STATIC / "css" / "site.css", ".h2h-board", 390)
    assert _px(height, heart_card) >= 20
    standard = card_faces.STANDARD_INDEX
    assert height >= 1.4 * (standard.box(rank)[3] - standard.box(rank)[1])
    assert large.font >= 1.5 * standard.font


def _outline(suit: str, pip) -> list[tuple[float, float]]:
    """Points around a pip's shapes, in card units."""
    points = []
    for part in card_faces._suit_parts(suit, pip, "#000"):
        if part.kind == "circle":
            (x, y), r = part.points[0], part.radius
            points += [(x + r * math.cos(a * math.pi / 24), y + r * math.sin(a * math.pi / 24))
                       for a in range(48)]
        else:
            points += part.points
    return points


@pytest.mark.parametrize("suit", card_faces.SUITS)
def test_the_large_field_keeps_clear_of_the_indices(suit):
    """2–10 and the ace: one big pip in the middle, clear of both indices' pips (and the
    ace's the larger); a court's two frames beside the indices, never under them."""
    index = card_faces.LARGE_INDEX
    assert card_faces.LARGE_ACE > card_faces.LARGE_PIP >= 1.8 * index.pip_size
    for rank, size in (("A", card_faces.LARGE_ACE), ("2", card_faces.LARGE_PIP)):
        big = _outline(suit, card_faces.Pip(50, card_faces.MIDDLE, size, False))
        small = index.pip(rank)
        corner = _outline(suit, small)
        turned = _outline(suit, card_faces.Pip(100 - small.x, 140 - small.y, small.size, True))
        gap = min(math.dist(p, q) for p in big for q in corner + turned)
        assert gap >= 3, (rank, suit, gap)
        assert min(y for _, y in big) > index.baseline, "below the rank"
    x, y, w, h = card_faces.LARGE_PANEL
    upper = (x, y, x + w, y + h)
    lower = (100 - x - w, 140 - y - h, 100 - x, 140 - y)
    for rank in card_faces.COURTS:
        left, top, right, bottom = index.box(rank)
        turned = (100 - right, 140 - bottom, 100 - left, 140 - top)
        for frame in (upper, lower):
            for box in (index.box(rank), turned):
                apart = (frame[0] >= box[2] or box[0] >= frame[2]
                         or frame[1] >= box[3] or box[1] >= frame[3])
                assert apart, (rank, frame, box)
        assert upper[0] >= 2 and upper[2] <= 98 and upper[1] >= 2
        assert upper[3] <= card_faces.MIDDLE


def test_large_print_keeps_a_figure_on_the_courts_and_one_pip_on_the_numbers():
    for suit in card_faces.SUITS:
        number = card_faces.face_file(f"7{suit}", "large")
        assert number.count(f'<use href="#{suit}"') == 2  # the big pip and the index's
        assert number.count('href="#i') == 1  # the turned index
        king = card_faces.face_file(f"K{suit}", "large")
        assert king.count('<use href="#fK"') == 1 and '<use href="#hK"' in king
    standard = card_faces.face_file("7H")
    assert standard.count('<use href="#H"') == 8  # the standard deck: seven pips and the index


# ---------------------------------------------------------------- four colours


def _linear(colour: str) -> tuple[float, float, float]:
    """A #rrggbb colour's sRGB channels, linearised."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= .04045 else ((c + .055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return r, g, b


def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a #rrggbb colour."""
    r, g, b = _linear(colour)
    return .2126 * r + .7152 * g + .0722 * b


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a #rrggbb colour, for the distance between two inks."""
    r, g, b = _linear(colour)
    x = (.4124 * r + .3576 * g + .1805 * b) / .95047
    y = .2126 * r + .7152 * g + .0722 * b
    z = (.0193 * r + .1192 * g + .9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + .05) / (dark + .05)


def test_the_four_colours_differ_and_each_holds_4_5_to_1_on_the_paper():
    """♠ black, ♥ red, ♦ blue, ♣ green: four different inks, each text-sized on the card
    paper at WCAG's 4.5:1 at least (contrast computed as WCAG 2 defines it)."""
    colours = card_faces.FOUR_COLOURS
    assert colours["S"] == card_faces.BLACK and colours["H"] == card_faces.RED
    assert len(set(colours.values())) == 4
    for suit, colour in colours.items():
        assert _contrast(colour, card_faces.PAPER) >= 4.5, (suit, colour)
    # Told apart from each other, not only from the paper: blue is blue, green is green.
    r, g, b = (int(colours["D"][i:i + 2], 16) for i in (1, 3, 5))
    assert b > r + 100 and b > g + 60, "a blue"
    r, g, b = (int(colours["C"][i:i + 2], 16) for i in (1, 3, 5))
    assert g > r + 80 and g > b + 30, "a green"
    inks = list(colours.values())
    for i, one in enumerate(inks):
        for other in inks[i + 1:]:  # CIE76 ΔE: 2.3 is just noticeable; these are 59 or more
            assert math.dist(_lab(one), _lab(other)) > 40, (one, other)
    # The standard deck (and the deal preview, which draws it) keeps its red and black.
    assert card_faces.SUIT_COLOURS == {"C": card_faces.BLACK, "S": card_faces.BLACK,
                                       "D": card_faces.RED, "H": card_faces.RED}


@pytest.mark.parametrize("deck", ["four", "large-four"])
@pytest.mark.parametrize("suit", card_faces.SUITS)
def test_a_four_colour_face_is_drawn_in_its_suit_s_colour_with_its_symbol(deck, suit):
    colour = card_faces.FOUR_COLOURS[suit]
    for rank in card_faces.RANKS:
        svg = card_faces.face_file(rank + suit, deck)
        assert f'fill="{colour}">' in svg  # the face's ink: index and pips
        assert f'<use href="#{suit}"' in svg, "the suit's symbol, not only its colour"
        others = set(card_faces.FOUR_COLOURS.values()) - {colour}
        assert not any(f'"{other}"' in svg for other in others - {card_faces.RED}), rank
        if rank in card_faces.COURTS:  # robed in its suit's colour (the spades' charcoal)
            robe = card_faces.CHARCOAL if suit == "S" else colour
            assert f'<g color="{robe}">' in svg, "the court robed in its suit's colour"
    # The standard deck's diamonds stay red, its black suits' courts royal blue.
    assert 'fill="#c8102e">' in card_faces.face_file("9D")
    assert f'<g color="{card_faces.ROYAL_BLUE}">' in card_faces.face_file("KS")


@pytest.mark.django_db
def test_every_page_links_the_faces_stylesheet(client):
    html = client.get("/").content.decode()
    assert '<link rel="stylesheet" href="/static/css/faces.css">' in html


@pytest.mark.django_db
def test_heart_to_heart_cards_name_their_face_and_carry_no_face_markup(client):
    game = start_h2h(client)
    html = client.get(f"/heart-to-heart/game/{game.id}/").content.decode()
    cards = re.findall(r'<button[^>]*class="card slot[^"]*"[^>]*data-rank="(\w+)"[^>]*>(.*?)'
                       r"</button>", html)
    assert len(cards) == 25
    assert all(rank in card_faces.RANKS and inner == "" for rank, inner in cards)
    waste = re.search(r'<button[^>]*id="waste"[^>]*>(.*?)</button>', html)
    assert 'data-rank="' in waste.group(0) and waste.group(1) == ""
    assert 'class="pip"' not in html and 'class="corner' not in html


@pytest.mark.django_db
def test_hearts_cards_name_their_face_and_carry_no_face_markup(client):
    game = start_hearts(client)
    html = client.get(f"/hearts/game/{game.id}/").content.decode()
    codes = re.findall(r'<button class="card hand-card[^"]*" id="card-(\w+)" data-card="\1"', html)
    assert len(codes) == 13 and set(codes) <= set(card_faces.all_codes())
    assert 'class="pip"' not in html and 'class="corner' not in html


def test_the_faces_are_static_files_served_as_svg():
    """collectstatic finds them (whitenoise then hashes, compresses and serves them, with
    the stylesheet's url()s rewritten to the hashed names); the browser tests fetch them."""
    for code, deck in ((c, d) for c in card_faces.all_codes() for d in DECKS):
        path = card_faces.face_path(code, deck)
        found = finders.find(path)
        assert found and Path(found).read_text() == (STATIC / path).read_text()
        assert mimetypes.guess_type(found)[0] == "image/svg+xml"
    for deck in DECKS:
        assert finders.find(card_faces.stylesheet_path(deck))
