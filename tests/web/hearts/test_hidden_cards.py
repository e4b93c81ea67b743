"""Nothing a player could not see at a real table reaches the page
(docs/rules.md#hearts-hidden).

At every step of two deals, the table is rendered for the real game and for a game in
which everything hidden from seat 0 is different: the seed, the other three hands
(their unplayed cards dealt again among them), what the computers chose to pass and
what they received. The page and the htmx partial must come out identical.
"""

import random
import re

import pytest

from games.engine import hearts as engine
from games.engine.bitmasks import bits_mask, set_bits
from tests.web.hearts.helpers import HX, start, state, step, url

pytestmark = pytest.mark.django_db

_CSRF = [re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"'),
         re.compile(r'"x-csrftoken": "[^"]+"')]


def _normalised(html: str) -> str:
    for pattern in _CSRF:
        html = pattern.sub("csrf", html)
    return html


def _hidden_changed(real: engine.HeartsState, rng: random.Random) -> engine.HeartsState:
    other = real.copy()
    other.seed = real.seed ^ 0x5DEECE66D
    pool = [card for seat in (1, 2, 3) for card in set_bits(real.hands[seat])]
    rng.shuffle(pool)
    hands, received, pending = list(real.hands), list(real.received), list(real.pending)
    start_at = 0
    for seat in (1, 2, 3):
        size = real.hands[seat].bit_count()
        mine = pool[start_at : start_at + size]
        start_at += size
        hands[seat] = bits_mask(mine)
        kept = min(len(mine), real.received[seat].bit_count())
        received[seat] = bits_mask(rng.sample(mine, kept))
        if real.pending[seat] is not None:
            pending[seat] = bits_mask(rng.sample(mine, 3))
    other.hands, other.received, other.pending = tuple(hands), tuple(received), tuple(pending)
    return other


def _renders(client, game) -> tuple[str, str]:
    page = client.get(url(game)).content.decode()
    partial = client.get(url(game), headers=HX).content.decode()
    return _normalised(page), _normalised(partial)


def test_nothing_hidden_reaches_the_page_at_any_step_of_two_deals(client):
    game = start(client)
    rng = random.Random(7)
    checked = 0
    while state(game).deal_number <= 2 and state(game).phase != "game-over":
        real = state(game)
        seen = _renders(client, game)
        game.state = _hidden_changed(real, rng).to_dict()
        game.save(update_fields=["state"])
        assert _renders(client, game) == seen, f"hidden cards leaked at step {real.step}"
        game.state = real.to_dict()
        game.save(update_fields=["state"])
        checked += 1
        step(client, game)
    assert checked > 100


def test_only_my_hand_and_played_cards_appear_as_cards(client):
    game = start(client)
    for _ in range(60):
        step(client, game)
    current = state(game)
    view = engine.seat_view(current, 0).to_dict()
    visible = set(view["hand"]) | {p["card"] for p in view["trick"]} | {
        p["card"] for trick in view["tricks"] for p in trick["plays"]}
    html = client.get(url(game)).content.decode()
    assert set(re.findall(r'data-card="([^"]+)"', html)) <= visible
    assert str(current.seed) not in html
