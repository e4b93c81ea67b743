"""The card faces (issue 21, point 5): one geometry, committed face files (one a face)
and a stylesheet drawn from it, and card markup that only names its face.

The first tests need neither Django's database nor the engine: the pip layout is plain
geometry (games/drawing/card_faces.py).
"""

from __future__ import annotations

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


def test_the_committed_faces_and_stylesheet_are_what_the_module_draws():
    assert not stale_files(), "run: .venv/bin/python manage.py card_faces"
    assert set(FILES) == {*(STATIC / card_faces.face_path(c) for c in card_faces.all_codes()),
                          STYLESHEET}
    assert len({path.name for path in FACES.glob("*.svg")}) == 52


def _face_url(css: str, attribute: str, value: str) -> str:
    """The face file a card with ``attribute="value"`` gets from faces.css."""
    found = []
    for selectors, url in re.findall(r"^(.+?) \{ --face: url\(\.\./([\w/.]+)\); \}$", css,
                                     re.MULTILINE):
        if f'[{attribute}="{value}"]' in selectors.split(", "):
            found.append(url)
    assert len(found) == 1, (attribute, value, found)
    return found[0]


def test_every_face_has_its_own_file_and_the_stylesheet_finds_it():
    css = STYLESHEET.read_text()
    assert len(card_faces.all_codes()) == 52
    for code in card_faces.all_codes():
        path = _face_url(css, "data-card", code)
        assert path == f"cards/faces/{card_faces.face_id(code)}.svg"
        svg = (STATIC / path).read_text()
        assert 'viewBox="0 0 100 140"' in svg
        assert f'<g id="{card_faces.face_id(code)}" transform="translate(0 0)"' in svg
    for rank in card_faces.RANKS:  # Heart to Heart: every card is a heart
        assert _face_url(css, "data-rank", rank) == f"cards/faces/H{rank}.svg"
    assert "background-image: var(--face)," in css


@pytest.mark.parametrize("code", ["9H", "QS", "10D", "AC"])
def test_a_face_file_holds_only_its_own_face(code):
    """One face a file: the sprite of 52 made each painted card draw all 52."""
    svg = (STATIC / card_faces.face_path(code)).read_text()
    assert re.findall(r'<g id="([CDSH](?:10|\w))"', svg) == [card_faces.face_id(code)]
    assert len(svg) < 3000


@pytest.mark.parametrize("code", card_faces.all_codes())
def test_a_face_has_no_script_style_or_outside_reference(code):
    """A picture only: nothing the Content Security Policy would have to allow."""
    svg = (STATIC / card_faces.face_path(code)).read_text()
    assert "<script" not in svg and "style=" not in svg and "<style" not in svg
    assert "url(" not in svg
    rank, suit = code[:-1], code[-1]
    assert set(re.findall(r'href="([^"]*)"', svg)) <= {
        f"#{suit}", f"#f{rank}", f"#i{card_faces.face_id(code)}"}


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
    for code in card_faces.all_codes():
        path = card_faces.face_path(code)
        found = finders.find(path)
        assert found and Path(found).read_text() == (STATIC / path).read_text()
        assert mimetypes.guess_type(found)[0] == "image/svg+xml"
