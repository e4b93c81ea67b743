"""The board says what motion.js needs to play its moves (docs/rules.md#hooks-site): its
root and how its cards are told apart, the stock as a place and the waste as a pile fed
from it, how the stock shows a press, and where a win is celebrated, once it is won.
None of it carries a card of the stock."""

from __future__ import annotations

import re

import pytest

from tests.web.heart_to_heart.helpers import start, tap, winning_line

pytestmark = pytest.mark.django_db


def _tag(html: str, element_id: str) -> str:
    match = re.search(rf'<[^>]*\bid="{element_id}"[^>]*>', html)
    assert match, element_id
    return match.group(0)


def test_the_board_names_its_root_places_and_the_press_of_the_stock(client):
    game = start(client)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-motion-root="pos"' in _tag(html, "board")
    stock = _tag(html, "stock")
    assert 'data-place="stock"' in stock and 'data-press="dip"' in stock
    assert "data-rank" not in stock  # a count, never its order
    waste = _tag(html, "waste")
    assert 'data-place="waste"' in waste and 'data-from="stock"' in waste
    assert "data-celebrate" not in html
    assert sorted(re.findall(r'data-place="([^"]+)"', html)) == ["stock", "waste"]
    assert re.findall(r'data-from="([^"]+)"', html) == ["stock"]
    assert "data-to=" not in html


def test_only_a_won_board_says_where_to_celebrate(client):
    game = start(client)
    *line, last = winning_line()
    for target in line:
        tap(client, game, target)
    before = client.get(f"/heart-to-heart/game/{game.pk}/", headers={"HX-Request": "true"})
    assert "data-celebrate" not in before.content.decode()
    won = tap(client, game, last).content.decode()
    assert re.search(r'<div class="heart"[^>]*\bdata-celebrate[ >]', won)


def test_an_examples_step_is_a_motion_root_too(client):
    html = client.get("/heart-to-heart/examples/?step=3").content.decode()
    assert 'data-motion-root="pos"' in _tag(html, "board")
    assert 'data-from="stock"' in _tag(html, "waste")
