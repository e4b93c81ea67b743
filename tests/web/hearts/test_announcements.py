"""What a screen reader hears at the Hearts table: every card of the trick names its
player, each event is said once, the end of a deal and of the game read out every seat's
score, and a card that cannot be played now says so."""

import re

import pytest

from games.engine import hearts as engine
from games.views.hearts.text import SEAT_NAMES
from tests.web.hearts.helpers import advance, start, state, step, url

pytestmark = pytest.mark.django_db


def _announcer(html: str) -> str:
    return re.search(r'id="hearts-announcer"[^>]*>([^<]*)<', html)[1]


def _table(client, game) -> str:
    return client.get(url(game)).content.decode()


def test_the_trick_is_a_labelled_group_in_which_every_card_names_its_player(client):
    game = start(client)
    while not (state(game).phase == "play" and len(state(game).trick) >= 2):
        step(client, game)
    html = _table(client, game)
    assert re.search(r'class="trick" data-trick role="group" aria-label="Cards on the table"', html)
    labels = re.findall(
        r'data-seat="(\d)" data-card="[0-9JQKA]+[CDSH]"[^>]*aria-label="([^"]+)"', html)
    assert len(labels) >= 2
    for seat, label in labels:
        name = "your" if seat == "0" else str(SEAT_NAMES[int(seat)])
        assert name in label or (seat == "0" and "yours" in label), label


def test_a_gathered_trick_is_not_said_again(client):
    game = start(client)
    while state(game).phase != "trick-done":
        step(client, game)
    said_at_the_trick = _announcer(advance(client, game).content.decode())
    assert state(game).phase == "play" and not state(game).trick
    assert "played" not in said_at_the_trick  # only who leads now
    assert said_at_the_trick.endswith(("is playing…", "play it.", "Your turn."))


def test_the_end_of_a_deal_reads_out_every_seats_score(client):
    game = start(client)
    while state(game).phase != "deal-done":
        step(client, game)
    said = _announcer(_table(client, game))
    assert said.startswith("The deal is over.")
    assert "This deal:" in said and "Totals:" in said
    # Each seat once in the deal's scores and once in the totals (a moon's sentence, "You
    # shot the moon!", may name a seat before them).
    scores = said[said.index("This deal:"):]
    for seat in range(4):
        assert scores.count(str(SEAT_NAMES[seat])) == 2, said
    totals = engine.seat_view(state(game), 0).totals
    assert f"Totals: {SEAT_NAMES[0]} {totals[0]}," in said


def test_a_card_that_cannot_be_played_now_says_so_as_a_fact(client):
    game = start(client)
    while not (state(game).phase == "play" and state(game).turn == 0):
        step(client, game)
    html = _table(client, game)
    sagging = re.findall(
        r'aria-disabled="true" aria-pressed="false"[^>]*aria-label="([^"]+)"', html)
    playable = re.findall(r'<button [^>]*name="lift"[^>]*aria-label="([^"]+)"', html)
    assert playable and all("cannot be played now" not in label for label in playable)
    assert all(label.endswith("cannot be played now") for label in sagging)
