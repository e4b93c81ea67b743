"""The test-only planning shooter (docs/hearts-levels.md#strength): legal, deterministic, fair.

It samples the hands it cannot see from its decision's SplitMix64 stream, so two
tables that look the same from its seat (same view) and the same stream give the
same card, whatever the hidden cards really are.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import hearts as h
from games.engine.hearts.cards import ALL_CARDS, SUIT_MASKS, card_id, code, mask_of
from games.engine.hearts.players import SITE_LEVELS, get_player
from games.engine.hearts.players.planner import candidates, rollout, sample_hands
from games.engine.hearts.players.tracking import Reading
from games.engine.rng import SplitMix64
from games.engine.testing import build_position, next_step
from tests.engine.hearts.test_players_fairness import rehide
from tests.engine.hearts.test_players_moon import decision, moon_in_reach

TABLE = ("planner", "easy", "medium", "hard")


def cards(text: str) -> list[str]:
    return text.split()


def planner_turns(seed: int, deals: int = 1):
    """(state, seat) at every card the planner is due to play, over the first deals."""
    state = h.new_game(seed, levels=TABLE)
    while state.deal_number <= deals and state.phase != "game-over":
        if state.phase == "play" and state.levels[state.turn] == "planner":
            yield state, state.turn
        state = next_step(state)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_the_planner_never_plays_an_illegal_card(seed):
    player = get_player("planner")
    for state, seat in planner_turns(seed):
        view = h.seat_view(state, seat)
        card = player.choose_play(view, h.decision_rng(state, seat))
        assert view.legal >> card & 1, (code(card), view.legal)
        h.play_card(state, seat, card)  # the engine accepts it


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), shuffle=st.integers(0, 2**64 - 1))
def test_same_view_and_same_stream_give_the_same_card_whatever_is_hidden(seed, shuffle):
    # Two deals that agree on everything the planner sees (its hand, the cards played,
    # voids shown, counts) but not on where the hidden cards are.
    player = get_player("planner")
    rng = SplitMix64(shuffle)
    for n, (state, seat) in enumerate(planner_turns(seed)):
        if n > 5:
            break
        view = h.seat_view(state, seat)
        other = rehide(state, seat, rng, keep_suits=True)
        assert h.seat_view(other, seat) == view
        first = player.choose_play(view, SplitMix64(n))
        assert player.choose_play(view, SplitMix64(n)) == first
        assert player.choose_play(h.seat_view(other, seat), SplitMix64(n)) == first


def test_samples_agree_with_what_the_seat_knows():
    # Seat 0 sees seat 1 void in clubs (it threw a diamond on the first trick).
    state = build_position(
        {0: cards("AH KH QH JH 10H AS KS AD KD AC 3D 4D")},
        tricks=[(0, cards("2C 9D 3C 4C"))],
        levels=("planner", "human", "human", "human"),
    )
    view = h.seat_view(state, 0)
    reading = Reading(view, track_voids=True)
    rng = SplitMix64(5)
    for _ in range(50):
        hands = sample_hands(reading, rng)
        if hands is None:
            continue
        assert hands[0] == 0
        assert not hands[1] & SUIT_MASKS[0]  # the void holds
        assert [hands[s].bit_count() for s in (1, 2, 3)] == list(view.cards_left[1:])
        union = hands[1] | hands[2] | hands[3]
        assert union == ALL_CARDS & ~view.hand & ~view.played
        assert (
            hands[1].bit_count() + hands[2].bit_count() + hands[3].bit_count() == union.bit_count()
        )


def test_equivalent_cards_are_one_candidate():
    # Q♥ K♥ A♥ are one block (nothing unseen between them); 10♥ and 8♥ are blocks of
    # their own (the J♥ and the 9♥ are out).
    state = build_position(
        {0: cards("AH KH QH 10H 8H 2C 3C 4C 5C 6C 7C 8C 9C")},
        leader=0,
        levels=("planner", "human", "human", "human"),
    )
    reading = Reading(h.seat_view(state, 0), track_voids=True)
    hearts = reading.hand & SUIT_MASKS[3]
    assert [code(c) for c in candidates(reading, hearts)] == ["8H", "10H", "QH"]


def test_a_rollout_ends_in_a_moon_only_when_nobody_else_can_win_a_point():
    # Seat 0 holds the ten top hearts and the three other aces and leads; the other 39
    # cards are dealt round the other seats (one low heart each).
    mine = (SUIT_MASKS[3] & ~mask_of(["2H", "3H", "4H"])) | mask_of(["AC", "AD", "AS"])
    hands = [mine, 0, 0, 0]
    for i, c in enumerate(c for c in range(52) if not mine >> c & 1):
        hands[1 + i % 3] |= 1 << c
    assert [x.bit_count() for x in hands] == [13, 13, 13, 13]
    assert rollout(hands[:], 0, [], True, False, 0) is True
    # Swap the A♥ for seat 1's low heart: seat 1 wins a heart trick, no moon.
    swap = mask_of(["AH", "2H"])
    other = [hands[0] ^ swap, hands[1] ^ swap, hands[2], hands[3]]
    assert other[1] >> card_id("AH") & 1
    assert rollout(other, 0, [], True, False, 0) is False


def test_the_planner_goes_for_a_moon_in_reach_and_the_levels_do_not():
    state = moon_in_reach()
    assert decision(state, 0, "planner") == "AH"
    for level in SITE_LEVELS:
        assert decision(state, 0, level) == "2H"


def test_the_planner_plays_like_medium_once_another_seat_has_a_point():
    # Seat 1 took the 2♥ in the second trick: no moon for the planner (seat 0), which
    # ducks the 10♦ with its 3♦ as Medium does, keeping its K♦.
    state = build_position(
        {0: cards("KD 3D AH KH QH 2S 3S 4S 5S 6S")},
        tricks=[
            (1, cards("2C 3C 4C AC")),
            (0, cards("5C KC 2H 6C")),
            (1, cards("JC 8C 9C 7C")),
        ],
        trick=cards("5D 10D 9D"),
    )
    assert state.taken == (0, 1, 0, 0) and state.turn == 0
    assert decision(state, 0, "planner") == decision(state, 0, "medium") == "3D"
