"""The table says where each move starts and ends (docs/rules.md#hooks-site), so that
static/js/motion.js plays it knowing no game: the places carry ``data-place``, a card
new to the page says where it came from (``data-from``), a card about to leave where it
goes (``data-to``); the pass's seats are the engine's (``pass_source``, ``pass_target``).
And no hook says more than a player at a real table could see."""

from __future__ import annotations

import re

import pytest

from games.engine import hearts as engine
from tests.web.hearts.helpers import HX, act, computers_pass, hand_of, start, state, step, url

pytestmark = pytest.mark.django_db

# Every value a motion hook may take: a seat's place or the middle of the table, and a pace.
MOTION_VALUE = re.compile(r"(seat-[0-3]|trick)( (pass|deal|sweep))?")


def _partial(client, game) -> str:
    return client.get(url(game), headers=HX).content.decode()


def _tag(html: str, attribute: str, value: str) -> str:
    match = re.search(rf'<[^>]*\b{attribute}="{re.escape(value)}"[^>]*>', html)
    assert match, (attribute, value)
    return match.group(0)


def _hooks(tag: str) -> dict[str, str]:
    return dict(re.findall(r'\b(data-(?:from|to|place))="([^"]*)"', tag))


def test_the_table_names_its_places_once_each(client):
    game = start(client)
    html = _partial(client, game)
    assert 'data-motion-root="card"' in _tag(html, "id", "table")
    assert 'data-place="seat-0"' in _tag(html, "id", "hand")
    assert 'data-from="trick deal"' in _tag(html, "id", "hand")  # a new deal comes from the middle
    for seat in (1, 2, 3):
        backs = _tag(html, "data-place", f"seat-{seat}")
        assert 'class="backs"' in backs and "data-card" not in backs  # a count of backs, no card
    assert "data-trick " in _tag(html, "data-place", "trick")
    places = re.findall(r'data-place="([^"]+)"', html)
    assert sorted(places) == ["seat-0", "seat-1", "seat-2", "seat-3", "trick"]


def test_the_chosen_cards_say_where_the_pass_takes_them_and_received_ones_where_they_came_from(
    client,
):
    game = start(client)
    direction = state(game).pass_direction
    assert direction != "none"
    computers_pass(client, game)
    hand = hand_of(game)
    chosen = hand[:3]
    for card in chosen:
        act(client, game, choose=card)
    html = _partial(client, game)
    receiver = f"seat-{engine.pass_target(0, direction)} pass"
    for card in hand:
        hooks = _hooks(_tag(html, "id", f"card-{card}"))
        assert hooks == ({"data-to": receiver} if card in chosen else {}), card

    act(client, game, action="pass")
    assert state(game).phase == "play"
    html = _partial(client, game)
    received = set(engine.codes(engine.seat_view(state(game), 0).received))
    giver = f"seat-{engine.pass_source(0, direction)} pass"
    assert len(received) == 3
    for card in hand_of(game):
        hooks = _hooks(_tag(html, "id", f"card-{card}"))
        assert hooks == ({"data-from": giver} if card in received else {}), card


def test_a_trick_card_comes_from_its_seat_and_a_finished_trick_goes_to_its_winner(client):
    game = start(client)
    seen_done = False
    while not seen_done:
        step(client, game)
        current = state(game)
        if current.phase not in ("play", "trick-done") or not current.trick:
            continue
        html = _partial(client, game)
        view = engine.seat_view(current, 0)
        cards = re.findall(r'<span class="card trick-card[^>]*>', html)
        assert len(cards) == len(view.trick_plays())
        for tag in cards:
            seat = re.search(r'data-seat="(\d)"', tag).group(1)
            hooks = _hooks(tag)
            assert hooks["data-from"] == f"seat-{seat}"
            if current.phase == "trick-done":
                assert hooks["data-to"] == f"seat-{view.trick_winner} sweep"
            else:
                assert "data-to" not in hooks
        seen_done = current.phase == "trick-done"


def test_no_motion_hook_carries_a_card(client):
    """The hooks name places and paces only: never a card, a hand or a computer's pass.
    (tests/web/hearts/test_hidden_cards.py renders every step with all of that changed
    and requires the same page, hooks included.)"""
    game = start(client)
    for _ in range(80):
        html = _partial(client, game)
        for name, value in re.findall(r'\b(data-(?:from|to|place))="([^"]*)"', html):
            assert MOTION_VALUE.fullmatch(value), (name, value)
        step(client, game)
