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
        backs = re.search(rf'data-seat-info="{seat}".*?<div class="backs"[^>]*>(.*?)</div>',
                          html, re.S).group(1)
        assert backs.count('class="back-mini"') == view.cards_left[seat]
        assert "data-card" not in backs  # a back is a back
    assert len(re.findall(r'<button[^>]*data-card="', html)) == view.cards_left[0]


def _context_at(predicate, countdown: bool = False) -> tuple[dict, engine.SeatView]:
    """The table's context for seed 11's game played on until ``predicate``."""
    from types import SimpleNamespace

    from games.engine.testing import play_on
    from games.views.hearts.table import table_context

    state = play_on(engine.new_game(11, levels=("medium",) * 3), predicate)
    game = SimpleNamespace(counts_down=countdown, chosen=[], lifted="", updated_at=None)
    return table_context(game, state), engine.seat_view(state, 0)


def test_every_seat_shows_its_game_total_beside_this_deals_points():
    context, view = _context_at(lambda s: len(s.deals) == 1 and s.phase == "play"
                                and any(s.taken))
    scores = [context["me"], *(seat["score"] for seat in context["seats"])]
    for seat, score in enumerate(scores):
        assert score["total"] == str(view.totals[seat])
        assert score["deal"] == f"+{view.taken[seat]}"
        assert score["label"] == f"Total {view.totals[seat]}, this deal +{view.taken[seat]}"


def test_in_the_countdown_a_seat_shows_what_is_left_and_the_deal_taken_off():
    context, view = _context_at(lambda s: len(s.deals) == 1 and s.phase == "play"
                                and any(s.taken), countdown=True)
    for seat, score in enumerate([context["me"], *(s["score"] for s in context["seats"])]):
        assert score["total"] == str(view.target - view.totals[seat])
        taken = view.taken[seat]
        assert score["deal"] == (f"\u2212{taken}" if taken else "0")


def test_once_a_deal_is_over_a_seat_shows_what_that_deal_scored():
    context, view = _context_at(lambda s: s.phase == "deal-done")
    assert [s["score"]["deal"] for s in context["seats"]] == [
        f"+{points}" for points in view.deal_scores[-1][1:]]
    assert context["scores_changed"]  # the score sheet goes with this answer


def test_the_tap_help_is_said_until_the_player_has_played_a_card():
    first, _view = _context_at(lambda s: s.phase == "play" and s.turn == 0)
    assert first["status_line"].startswith("Your turn: tap a card")
    later, _view = _context_at(lambda s: s.phase == "play" and s.turn == 0 and s.tricks)
    assert later["status_line"] == "Your turn."
    assert not later["scores_changed"]


def test_while_choosing_the_pass_the_instruction_is_on_the_felt_once():
    context, _view = _context_at(lambda s: s.phase == "pass")
    assert context["status_line"] == ""  # the pass note says it
    assert context["announcement"].startswith("Choose 3 cards")  # and the screen reader hears it


def test_the_trick_is_listed_in_the_order_it_was_played():
    context, view = _context_at(lambda s: s.phase == "play" and len(s.trick) == 3
                                and s.trick_leader != 0)
    seats = [card["seat"] for card in context["trick"]]
    assert seats == [seat for seat, _card in view.trick_plays()]
    assert seats[0] == view.trick_leader and context["trick"][0]["led"]


def _trick_seats_in_markup(html: str) -> list[int]:
    """The seats of the trick's cards in the order the page lists them (and a screen
    reader reads them)."""
    trick = re.search(r'<div class="trick" data-trick.*?</div>', html, re.S).group(0)
    return [int(seat) for seat in re.findall(r'class="card trick-card[^"]*"\s+data-seat="(\d)"',
                                             trick)]


@pytest.mark.parametrize(
    ("leader", "cards", "played"),
    [
        (2, 3, [2, 3, 0]),  # seat order would say [0, 2, 3]
        (3, 3, [3, 0, 1]),  # seat order [0, 1, 3]; your card first [0, 1, 3] or [0, 3, 1]
        (2, 4, [2, 3, 0, 1]),  # a finished trick, lingering before it is gathered
        (3, 4, [3, 0, 1, 2]),
    ],
)
def test_a_trick_a_computer_led_is_listed_from_its_led_card_round_to_yours(
        client, leader, cards, played):
    game = start(client)
    play_until(client, game, lambda s: s.phase in ("play", "trick-done")
               and s.trick_leader == leader and len(s.trick) == cards)
    current = state(game)
    assert current.phase == ("trick-done" if cards == 4 else "play")
    html = client.get(url(game)).content.decode()
    assert _trick_seats_in_markup(html) == played
    led = re.findall(r'class="card trick-card[^"]*\bled\b[^"]*"\s+data-seat="(\d)"', html)
    assert led == [str(leader)]  # the one led card, first
