"""The stock's order never reaches the browser: only its count does
(docs/rules.md#hooks-hidden).

At every step of a full won game, the page and the htmx partial are rendered twice:
once for the real state, and once with the hidden cards (the stock, and the waste
under its top card) put in another order. Whatever the browser receives must be
identical, so it cannot carry the hidden order in any attribute, text or script.
"""

import dataclasses
import re

import pytest

from games.engine import heart_to_heart as engine
from tests.web.heart_to_heart.helpers import start, state, tap, winning_line

pytestmark = pytest.mark.django_db

_VOLATILE = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"'), "csrf"),
    (re.compile(r'"x-csrftoken": "[^"]+"'), "csrf"),
    (re.compile(r'data-elapsed="\d+"'), "elapsed"),
    (re.compile(r'(data-stat="time"[^>]*>)[\d:]+<'), r"\1t<"),
]


def _normalised(html: str) -> str:
    for pattern, replacement in _VOLATILE:
        html = pattern.sub(replacement, html)
    return html


def _hidden_reordered(current: engine.GameState) -> engine.GameState:
    waste = current.waste
    reordered_waste = (*reversed(waste[:-1]), waste[-1]) if waste else waste
    return dataclasses.replace(
        current, stock=tuple(reversed(current.stock)), waste=reordered_waste
    )


def _renders(client, game) -> tuple[str, str]:
    url = f"/heart-to-heart/game/{game.pk}/"
    page = client.get(url).content.decode()
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    return _normalised(page), _normalised(partial)


def test_stock_order_never_reaches_the_page_at_any_step_of_a_full_game(client):
    game = start(client)
    line = winning_line()
    checked = 0
    for target in (None, *line):
        if target is not None:
            tap(client, game, target)
        real = state(game)
        if len(set(real.stock)) < 2 and len(set(real.waste[:-1])) < 2:
            continue  # nothing hidden to reorder
        seen = _renders(client, game)
        game.state = _hidden_reordered(real).to_dict()
        game.save(update_fields=["state"])
        assert _renders(client, game) == seen, f"hidden order leaked after {checked} steps"
        game.state = real.to_dict()
        game.save(update_fields=["state"])
        checked += 1
    assert checked > len(line) // 2
    assert state(game).won


def test_the_stock_shows_only_its_count(client):
    game = start(client)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    stock_button = re.search(r'<button[^>]*data-pile="stock"[^>]*>.*?</button>', html, re.S)
    assert stock_button is not None
    assert "data-rank" not in stock_button.group(0)
    assert 'data-count="26"' in stock_button.group(0)
