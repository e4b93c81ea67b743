"""The Hearts presenter: the table is dressed from seat 0's view, rules and numbers from
the engine (the pass size, the cards each seat holds, the pass directions)."""

import re

import pytest

from games.engine import hearts as engine
from games.views.hearts.text import DIRECTIONS
from tests.web.hearts.helpers import play_until, start, state, url

pytestmark = pytest.mark.django_db


def test_every_pass_direction_the_engine_names_has_words():
    named = {direction for order in engine.PASS_ORDERS.values() for direction in order}
    assert set(DIRECTIONS) == named


def test_the_pass_size_on_the_page_is_the_engines(client, monkeypatch):
    game = start(client)
    html = client.get(url(game)).content.decode()
    assert "Pass 3 cards to the left" in html and "(0/3)" in html
    assert "Choose 3 cards to pass to the left." in html
    monkeypatch.setattr(engine, "PASS_SIZE", 4)
    html = client.get(url(game)).content.decode()
    assert "Pass 4 cards to the left" in html and "(0/4)" in html
    assert "Choose 4 cards to pass to the left." in html


@pytest.mark.parametrize(
    ("language", "note", "status"),
    [
        ("fr", "Passez 3 cartes", "Choisissez 3 cartes à passer"),
        ("nb", "Send 3 kort", "Velg 3 kort å sende"),
    ],
)
def test_the_pass_is_announced_in_the_visitors_language(client, language, note, status):
    game = start(client)
    html = client.get(url(game), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert note in html and status in html


def test_each_seat_shows_the_cards_it_holds_from_the_seat_view(client):
    game = start(client)
    play_until(client, game, lambda s: s.phase == "play" and len(s.tricks) == 2 and s.trick)
    view = engine.seat_view(state(game), 0)
    html = client.get(url(game)).content.decode()
    for seat in (1, 2, 3):
        block = re.search(rf'data-seat-info="{seat}".*?</div>\s*</div>', html, re.S).group(0)
        assert block.count('class="back-mini"') == view.cards_left[seat]
    assert len(re.findall(r'<button[^>]*data-card="', html)) == view.cards_left[0]
