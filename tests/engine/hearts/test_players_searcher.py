"""The test-only searcher (docs/hearts-levels.md#strength): legal, deterministic, fair,
a measurement player only.

It samples the hands it cannot see from its decision's SplitMix64 stream and plays every
candidate out in them, so two tables that look the same from its seat (same view, which
for it includes the cards it passed) and the same stream give the same card, whatever
the hidden cards really are.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import hearts as h
from games.engine.analysis.hearts_tournament import seat_names
from games.engine.hearts.cards import ALL_CARDS, SUIT_MASKS, code, mask_of
from games.engine.hearts.players import REGISTRY, SITE_LEVELS, get_player
from games.engine.hearts.players.sampler import sample_hands
from games.engine.hearts.players.searcher import playout, score
from games.engine.hearts.players.tracking import Reading
from games.engine.rng import SplitMix64
from games.engine.testing import build_position, next_step, through_json
from tests.engine.hearts.test_players_fairness import rehide, state_after
from tests.engine.hearts.test_players_moon import decision, moon_in_reach


def cards(text: str) -> list[str]:
    return text.split()


def seated(state: h.HeartsState, seat: int, level: str = "searcher") -> h.HeartsState:
    """The same table with ``level`` in ``seat``."""
    levels = list(state.levels)
    levels[seat] = level
    return h.HeartsState.from_dict({**state.to_dict(), "levels": levels})


def test_the_searcher_is_a_measurement_player_listed_for_tournaments_only():
    searcher = REGISTRY["searcher"]
    assert not searcher.on_site and "searcher" not in SITE_LEVELS
    assert "searcher" in seat_names()  # manage.py hearts_tournament --help lists it
    # Only the measurement player remembers its pass; no site level does.
    assert searcher.remembers_pass
    assert not any(get_player(level).remembers_pass for level in SITE_LEVELS)


def test_only_a_player_that_remembers_its_pass_sees_it_after_the_exchange():
    state = h.new_game(31, levels=("searcher", "hard", "medium", "easy"))
    while state.phase == "pass":
        state = next_step(state)
    assert state.pass_direction == "left"
    passed = state.received[1]  # what seat 0 passed left
    assert h.seat_view(state, 0).own_pass == passed and passed.bit_count() == 3
    for seat in (1, 2, 3):
        assert h.seat_view(state, seat).own_pass == 0
    human = h.new_game(31, levels=("easy", "medium", "hard"))
    assert h.seat_view(human, 0).own_pass == 0
    assert "own_pass" not in h.seat_view(state, 0).to_dict()  # never drawn on a page


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_the_searcher_never_plays_an_illegal_card(seed):
    state = h.new_game(seed, levels=("searcher", "hard", "medium", "easy"))
    while state.deal_number == 1:
        # play_card and submit_pass refuse an illegal move: one whole deal, pass included
        state = next_step(state)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 60), shuffle=st.integers(0, 2**64))
def test_a_searchers_decision_is_unchanged_when_every_hidden_card_changes(seed, steps, shuffle):
    # The fairness test of every level, for the searcher: the hidden cards are dealt
    # again (only the cards it passed stay with the seat it passed them to, as it knows).
    state = state_after(seed, steps)
    seat = h.due_seat(state)
    state = seated(state, seat)
    rng = SplitMix64(shuffle)
    expected = h.computer_move(state)
    for keep_suits in (True, False):
        other = rehide(state, seat, rng, keep_suits, keep_pass=True)
        assert h.seat_view(other, seat) == h.seat_view(state, seat)
        moved = h.computer_move(other)
        if state.phase == "pass":
            assert moved.pending[seat] == expected.pending[seat]
        else:
            assert moved.trick == expected.trick and moved.tricks == expected.tricks


def test_the_searcher_is_deterministic_for_a_seed():
    state = seated(state_after(5, 30), h.due_seat(state_after(5, 30)))
    first = h.computer_move(state)
    assert h.computer_move(state).to_dict() == first.to_dict()
    assert h.computer_move(through_json(state)).to_dict() == first.to_dict()
    seat = h.due_seat(state)
    view = h.seat_view(state, seat)
    player = get_player("searcher")
    assert player.choose_play(view, SplitMix64(3)) == player.choose_play(view, SplitMix64(3))


def test_samples_agree_with_what_the_searcher_knows_including_its_pass():
    # Seat 0 passed 2♦ 3♦ 4♦ left (deal 1) and sees seat 1 void in clubs.
    state = build_position(
        {
            0: cards("AH KH QH JH 10H AS KS AD KD AC 5D 6D"),
            1: cards("2D 3D 4D 7D 8D 10D JD QD 2S 3S 4S 5S"),
        },
        tricks=[(0, cards("2C 9D 3C 4C"))],
        deal_number=1,
        received=[(), cards("2D 3D 4D"), (), ()],
        levels=("searcher", "human", "human", "human"),
    )
    view = h.seat_view(state, 0)
    assert view.own_pass == mask_of(cards("2D 3D 4D"))
    reading = Reading(view, track_voids=True)
    known = {1: view.own_pass & reading.unseen}
    rng = SplitMix64(5)
    for _ in range(40):
        hands = sample_hands(view, reading.voids, reading.unseen, known, rng)
        if hands is None:
            continue
        assert hands[0] == 0
        assert hands[1] & known[1] == known[1]  # the cards it passed are where it sent them
        assert not hands[1] & SUIT_MASKS[0]  # the void holds
        assert [hands[s].bit_count() for s in (1, 2, 3)] == list(view.cards_left[1:])
        assert hands[1] | hands[2] | hands[3] == ALL_CARDS & ~view.hand & ~view.played


def test_a_playout_scores_a_moon_for_whoever_takes_every_point():
    # Seat 0 holds the ten top hearts and the three other aces and leads, hearts broken.
    mine = (SUIT_MASKS[3] & ~mask_of(cards("2H 3H 4H"))) | mask_of(cards("AC AD AS"))
    hands = [mine, 0, 0, 0]
    for i, c in enumerate(c for c in range(52) if not mine >> c & 1):
        hands[1 + i % 3] |= 1 << c
    assert playout(hands[:], 0, [], True, False, [0, 0, 0, 0], 0, True) == -26
    assert score([26, 0, 0, 0], 1) == 26 - 52 / 3
    assert score([5, 21, 0, 0], 0) == 5 - 21 / 3


def test_the_searcher_goes_for_a_moon_in_reach():
    assert decision(moon_in_reach(), 0, "searcher") == "AH"


def test_the_searcher_ducks_the_queen_once_the_moon_is_gone():
    # Seat 1 took the 7♥ (seat 2, void in clubs, threw it): no moon for the searcher.
    # Seat 1 leads the 9♦, seat 2 (void) throws the Q♠, seat 3 follows low: the
    # searcher, last, ducks with the 2♦ rather than take 13 points with the A♦.
    state = build_position(
        {
            0: cards("2D AD 3S 4S 5S 6S 7S 8S 9S 10S JS"),
            2: cards("2H 3H 4H 5H 6H 8H 9H 10H JH QH"),
        },
        tricks=[(0, cards("2C 3C 4C AC")), (3, cards("5C 6C KC 7H"))],
        trick=cards("9D QS 5D"),
    )
    assert state.turn == 0 and state.taken == (0, 1, 0, 0)
    assert decision(state, 0, "searcher") == "2D"


def test_the_searchers_pass_is_three_of_its_own_cards():
    state = h.new_game(9, levels=("searcher",) * 4)
    view = h.seat_view(state, 2)
    chosen = get_player("searcher").choose_pass(view, SplitMix64(2))
    assert len(set(chosen)) == 3 and all(view.hand >> c & 1 for c in chosen)
    assert [code(c) for c in chosen] == [
        code(c) for c in get_player("searcher").choose_pass(view, SplitMix64(2))
    ]
