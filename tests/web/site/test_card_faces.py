"""The card faces (issue 21, point 5): one geometry, a committed sprite and stylesheet
drawn from it, and card markup that only names its face.

The first tests need neither Django's database nor the engine: the pip layout is plain
geometry (games/views/card_faces.py).
"""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from games.management.commands.card_faces import FILES, stale_files
from games.views import card_faces
from tests.web.heart_to_heart.helpers import start as start_h2h
from tests.web.hearts.helpers import start as start_hearts

ROOT = Path(__file__).resolve().parents[3]
SPRITE = ROOT / "static" / "cards" / "faces.svg"
STYLESHEET = ROOT / "static" / "css" / "faces.css"
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


def test_the_committed_sprite_and_stylesheet_are_what_the_module_draws():
    assert not stale_files(), "run: .venv/bin/python manage.py card_faces"
    assert set(FILES) == {SPRITE, STYLESHEET}


def _css_position(css: str, attribute: str, value: str) -> tuple[float, float]:
    """The --face-x and --face-y a card with ``attribute="value"`` gets from faces.css."""
    found = {}
    for selectors, name, percent in re.findall(r"^(.+?) \{ --face-([xy]): ([\d.]+)%; \}$", css,
                                               re.MULTILINE):
        for selector in selectors.split(", "):
            match = re.fullmatch(r'\[([\w-]+)(\^|\$)?(?:="(\w+)")?\]', selector)
            assert match, selector
            name_, operator, wanted = match.groups()
            if name_ != attribute:
                continue
            if (wanted is None or (operator == "^" and value.startswith(wanted))
                    or (operator == "$" and value.endswith(wanted))
                    or (operator is None and value == wanted)):
                assert name not in found, (value, name, "two rules")
                found[name] = float(percent)
    return found["x"], found["y"]


def test_every_face_has_its_place_in_the_sprite_and_the_stylesheet_finds_it():
    svg, css = SPRITE.read_text(), STYLESHEET.read_text()
    groups = {key: (float(x), float(y)) for key, x, y in
              re.findall(r'<g id="([CDSH]\w+)" transform="translate\(([\d.]+) ([\d.]+)\)"', svg)}
    assert len(card_faces.all_codes()) == 52
    assert set(groups) == {card_faces.face_id(code) for code in card_faces.all_codes()}
    assert len(set(groups.values())) == 52, "each face has its own place in the sprite"
    columns, rows = card_faces.SPRITE_COLUMNS, card_faces.SPRITE_ROWS
    assert f'viewBox="0 0 {100 * columns} {140 * rows}"' in svg
    assert f"background-size: {columns * 100}% {rows * 100}%" in css

    def shown(x_percent: float, y_percent: float) -> tuple[float, float]:
        # A background position of p% puts the sprite's point p% at the box's point p%.
        return (round(x_percent / 100 * (columns - 1)) * 100,
                round(y_percent / 100 * (rows - 1)) * 140)

    for code in card_faces.all_codes():
        assert shown(*_css_position(css, "data-card", code)) == groups[card_faces.face_id(code)]
    for rank in card_faces.RANKS:  # Heart to Heart: every card is a heart
        assert shown(*_css_position(css, "data-rank", rank)) == groups[f"H{rank}"]


def test_the_sprite_has_no_script_style_or_outside_reference():
    """A picture only: nothing the Content Security Policy would have to allow."""
    svg = SPRITE.read_text()
    assert "<script" not in svg and "style=" not in svg and "<style" not in svg
    assert "url(" not in svg
    assert set(re.findall(r'href="([^"]*)"', svg)) <= {
        f"#{name}" for name in (*card_faces.SUITS, *(f"f{r}" for r in card_faces.COURTS),
                                *(f"i{card_faces.face_id(c)}" for c in card_faces.all_codes()))
    }


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


def test_the_sprite_is_a_static_file_served_as_svg():
    """collectstatic finds it (whitenoise then hashes, compresses and serves it, with the
    stylesheet's url() rewritten to the hashed name); the browser tests fetch it."""
    found = finders.find("cards/faces.svg")
    assert found and Path(found).read_text() == SPRITE.read_text()
    assert mimetypes.guess_type(found)[0] == "image/svg+xml"
