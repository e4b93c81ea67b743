"""The Examples page steps in place with htmx, marks the cards each step moved, and names
cards rather than positions the board does not show."""

import re

import pytest

from games.engine import heart_to_heart as engine
from games.views.heart_to_heart.examples import example_game

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def test_a_step_with_htmx_answers_only_the_stepping_part(client):
    response = client.get("/heart-to-heart/examples/?step=10", headers=HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<div") and 'id="example"' in html
    assert "<html" not in html and "examples-intro" not in html
    assert 'hx-replace-url="true"' in html  # a reload or a shared link shows the same move
    assert 'data-stat="step">10 / ' in html


def test_without_javascript_every_step_is_a_page(client):
    html = client.get("/heart-to-heart/examples/?step=10").content.decode()
    assert "<html" in html and 'href="?step=11"' in html and 'href="?step=9"' in html


def test_the_cards_a_pair_removed_are_marked(client):
    moves, _states = example_game()
    pair = next(move for move in moves if move.kind == engine.PAIRED
                and engine.WASTE not in move.taps)
    html = client.get(f"/heart-to-heart/examples/?step={pair.number}").content.decode()
    marked = set(re.findall(r'data-pos="(\d+)"[^>]*data-state="removed" data-touched="true"', html))
    assert marked == {str(tap) for tap in pair.taps}
    assert 'data-pile="waste"' in html and 'data-pile="waste" data-count' in html
    assert not re.search(r'data-pile="waste"[^>]*data-touched', html)


def test_a_pair_with_the_waste_marks_the_heart_card_and_the_waste(client):
    html = client.get("/heart-to-heart/examples/?step=10").content.decode()  # point + waste
    assert re.findall(r'data-pos="(\d+)"[^>]*data-touched="true"', html) == ["25"]
    assert re.search(r'data-pile="waste"[^>]*data-touched="true"', html)


def test_a_turned_card_marks_the_stock_and_the_waste(client):
    moves, _states = example_game()
    flip = next(move for move in moves if move.kind == engine.FLIPPED)
    html = client.get(f"/heart-to-heart/examples/?step={flip.number}").content.decode()
    assert re.search(r'data-pile="stock"[^>]*data-touched="true"', html)
    assert re.search(r'data-pile="waste"[^>]*data-touched="true"', html)
    assert "data-pos" in html and not re.search(r'data-pos="\d+"[^>]*data-touched', html)


def _steps_that_empty_the_waste() -> list:
    moves, states = example_game()
    return [move for move in moves if not states[move.number].waste]


def test_the_example_empties_the_waste_by_a_redeal_and_by_a_pair():
    kinds = {move.kind for move in _steps_that_empty_the_waste()}
    assert kinds == {engine.REDEALT, engine.PAIRED}  # so the tests below test both


@pytest.mark.parametrize("move", _steps_that_empty_the_waste(), ids=lambda m: f"step-{m.number}")
def test_a_step_that_empties_the_waste_marks_the_empty_waste(client, move):
    """Every step marks what it talks about: a redeal turns the waste back into the stock
    (both marked), a pair with the waste's last card leaves it empty (still marked)."""
    html = client.get(f"/heart-to-heart/examples/?step={move.number}").content.decode()
    waste = re.search(r'<span class="card empty-pile" id="waste"[^>]*>', html)
    assert waste, "the waste is empty at this step"
    assert 'data-touched="true"' in waste.group(0)
    stock_marked = bool(re.search(r'data-pile="stock"[^>]*data-touched="true"', html))
    assert stock_marked is (move.kind == engine.REDEALT)


def test_the_deal_before_the_first_move_marks_nothing(client):
    assert "data-touched" not in client.get("/heart-to-heart/examples/").content.decode()


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_the_moves_name_cards_not_positions_the_board_does_not_show(client, language):
    html = client.get("/heart-to-heart/examples/", headers={"Accept-Language": language})
    text = html.content.decode()
    assert not re.search(r"position|posisjon", text, re.IGNORECASE)
