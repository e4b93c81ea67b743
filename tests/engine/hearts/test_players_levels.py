"""The three levels' habits, as docs/hearts-levels.md describes them, on hand-built positions."""

from __future__ import annotations

import pytest

from games.engine import hearts as h
from games.engine.hearts.cards import code
from games.engine.hearts.players import REGISTRY, SITE_LEVELS, get_player
from games.engine.rng import SplitMix64
from games.engine.testing import build_position


def cards(text: str) -> list[str]:
    return text.split()


def decision(state: h.HeartsState, seat: int, level: str) -> str:
    levels = ["human"] * 4
    levels[seat] = level
    seated = h.HeartsState.from_dict({**state.to_dict(), "levels": levels})
    after = h.computer_move(seated)
    return code(after.trick[-1] if after.trick else after.tricks[-1][1][-1])


def pass_of(level: str, hand: list[str], deal_number: int = 1, seed: int = 1) -> list[str]:
    state = build_position({0: hand}, deal_number=deal_number)
    data = state.to_dict()
    data.update(phase="pass", turn=None, pending=[None] * 4)
    view = h.seat_view(h.HeartsState.from_dict(data), 0)
    return sorted(
        (code(c) for c in get_player(level).choose_pass(view, SplitMix64(seed))), key=h.card_id
    )


# Every level, every decision, legal ------------------------------------------------------


# The test-only searcher plays every card out in sampled deals (a tenth of a second a
# card): whole games of it would cost seconds, so its own tests check its cards over
# whole deals (tests/engine/hearts/test_players_searcher.py).
@pytest.mark.parametrize("level", sorted(set(REGISTRY) - {"searcher"}))
def test_every_player_makes_only_legal_moves_through_whole_games(level):
    for seed in range(2):
        state = h.new_game(seed, levels=(level, "easy", "medium", "hard"))
        while state.phase != "game-over":
            if state.phase == "trick-done":
                state = h.collect_trick(state)
            elif state.phase == "deal-done":
                state = h.next_deal(state)
            else:
                state = h.computer_move(state)  # play_card/submit_pass would refuse a bad one
        assert max(state.totals) >= 100


@pytest.mark.parametrize("level", sorted(REGISTRY))
def test_every_pass_is_three_distinct_cards_of_the_own_hand(level):
    state = h.new_game(9, levels=(level,) * 4)
    for seat in range(4):
        view = h.seat_view(state, seat)
        chosen = get_player(level).choose_pass(view, SplitMix64(seat))
        assert len(set(chosen)) == 3 and all(view.hand >> c & 1 for c in chosen)


# Easy ----------------------------------------------------------------------------------

EASY_HAND = cards("2C 9C 3D 8D QD 2S 5S QS 3H 6H 10H KH AC")


def test_easy_passes_the_queen_of_spades_then_its_highest_cards():
    assert pass_of("easy", EASY_HAND) == ["AC", "QS", "KH"]


# After this first trick, won by seat 0's A♣, seat 0 leads.
SEAT_0_LEADS = [(1, cards("2C 3C 4C AC"))]


def test_easy_leads_its_lowest_card_and_follows_with_its_lowest():
    lead = build_position({0: cards("4D 9D KD 5S 6S 7S 8S 9S 10S JS KS AS")}, tricks=SEAT_0_LEADS)
    assert decision(lead, 0, "easy") == "4D"
    follow = build_position(
        {1: cards("4D 9D KD 5S 6S 7S 8S 9S 10S JS KS AS")}, tricks=SEAT_0_LEADS, trick=["QD"]
    )
    assert decision(follow, 1, "easy") == "4D"


def test_easy_discards_the_queen_then_its_highest_heart():
    base = {"tricks": SEAT_0_LEADS, "trick": cards("QD")}
    with_queen = build_position({1: cards("QS 2H KH 5S 6S 7S 8S 9S 10S JS KS AS")}, **base)
    assert decision(with_queen, 1, "easy") == "QS"
    hearts = build_position({1: cards("2H KH 4S 5S 6S 7S 8S 9S 10S JS KS AS")}, **base)
    assert decision(hearts, 1, "easy") == "KH"


# Medium --------------------------------------------------------------------------------

FOLLOW_DIAMONDS = {"tricks": SEAT_0_LEADS, "trick": cards("JD")}


def test_medium_ducks_with_the_highest_card_that_still_loses():
    state = build_position({1: cards("4D 9D 10D KD 5S 6S 7S 8S 9S 10S JS 3H")}, **FOLLOW_DIAMONDS)
    assert decision(state, 1, "medium") == "10D"
    assert decision(state, 1, "easy") == "4D"


def test_medium_sheds_its_highest_club_on_the_first_trick():
    state = build_position(
        {1: cards("5C KC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD")}, trick=cards("2C"), leader=0
    )
    assert decision(state, 1, "medium") == "KC"
    assert decision(state, 1, "easy") == "5C"


def test_medium_never_wins_with_the_queen_of_spades_by_choice():
    # A spade trick it must win: the Q♠ stays home, the K♠ goes.
    state = build_position(
        {1: cards("QS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH")},
        tricks=SEAT_0_LEADS,
        trick=cards("2S"),
    )
    assert decision(state, 1, "medium") == "KS"


def test_medium_drops_the_queen_under_a_higher_spade():
    state = build_position(
        {1: cards("3S QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH")},
        tricks=SEAT_0_LEADS,
        trick=cards("AS"),
    )
    assert decision(state, 1, "medium") == "QS"
    assert decision(state, 1, "easy") == "3S"


def test_medium_discards_queen_then_high_spades_while_the_queen_is_out_then_hearts():
    state = build_position({1: cards("KS AS 2H JH 5C 6C 7C 8C 9C 10C JC QC")}, **FOLLOW_DIAMONDS)
    assert decision(state, 1, "medium") == "AS"
    no_spades = build_position(
        {1: cards("2H JH 3H 5C 6C 7C 8C 9C 10C JC QC KC")}, **FOLLOW_DIAMONDS
    )
    assert decision(no_spades, 1, "medium") == "JH"


def test_medium_passes_an_uncovered_queen_and_keeps_a_covered_one():
    assert "QS" in pass_of("medium", cards("QS 3S 9C 10C 2D 5D 7D 9D JD 2H 4H 8H 9H"))
    covered = cards("QS 2S 3S 4S 5S 9C 10C 2D 5D 7D 2H 4H 8H")
    assert "QS" not in pass_of("medium", covered)


def test_medium_passes_a_short_suit_whole_to_make_a_void():
    hand = cards("9C 2D 3D 4D 5D 6D 7D 2S 3S 4S 5S 2H 3H")
    assert pass_of("medium", hand) == ["9C", "6D", "7D"]


def test_medium_keeps_off_spades_while_it_holds_the_queen():
    # 2♠ and 2♦ both surely lose; the shorter spades would come first, but not with
    # the Q♠ in hand.
    state = build_position(
        {0: cards("2S 3S QS 2D 10D JD QD KD AD 2H 3H 4H")},
        tricks=SEAT_0_LEADS,
    )
    assert code_suit(decision(state, 0, "medium")) != "S"


def code_suit(card: str) -> str:
    return card[-1]


# Hard ----------------------------------------------------------------------------------


def test_hard_smokes_out_the_queen_with_a_low_spade():
    # Q♠ still out, no spade above the J in hand: lead spades (Medium leads its short
    # diamond instead).
    state = build_position(
        {0: cards("3S 8S 9D 10D 4C 5C 6C 7C 8C 9C 10C JC")},
        tricks=[(1, cards("2C 3C QC AC"))],
    )
    assert decision(state, 0, "hard") == "3S"
    assert decision(state, 0, "medium") != "3S"


def test_hard_reads_voids_and_avoids_leading_into_them():
    # Seat 0 leads trick 3 with 9♣ 10♣ 8♦ 9♦ and hearts (not broken). Four unseen clubs
    # of seven are below its 9♣, three diamonds of eight below its 8♦: Medium leads the
    # diamond. But seat 1 showed a diamond void on trick 2 and would throw points on a
    # diamond that wins: Hard leads the club.
    state = build_position(
        {0: cards("9C 10C 8D 9D 2H 3H 4H 5H 6H 7H 8H")},
        tricks=[
            (1, cards("2C 3C 4C JC")),  # seat 0's J♣ wins
            (0, cards("7D 2S 2D 3D")),  # seat 1 discards: void in diamonds
        ],
    )
    assert state.turn == 0
    assert decision(state, 0, "medium") == "8D"
    assert decision(state, 0, "hard") == "9C"


def test_hard_takes_a_clean_trick_as_last_player_with_its_highest_card():
    state = build_position(
        {0: cards("4D KD 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H")},
        tricks=[(2, cards("2C 3C 4C AC"))],  # seat 1's A♣ wins: seat 1 leads
        trick=cards("9D 10D 2D"),
    )
    assert state.turn == 0
    assert decision(state, 0, "hard") == "KD"
    assert decision(state, 0, "medium") == "4D"


def test_hard_keeps_a_queen_covered_by_three_low_spades():
    hand = cards("QS 2S 3S 4S 9C 10C 2D 5D 7D 2H 4H 8H 9H")
    assert "QS" not in pass_of("hard", hand)
    assert "QS" in pass_of("medium", hand)


def test_hard_passes_its_high_hearts_when_few_low_ones_back_them():
    # No low heart (2♥–6♥) backs the A♥ K♥ 9♥: Hard passes the A♥ and K♥;
    # Medium passes its diamonds and keeps the hearts it will be stuck with.
    hand = cards("AH KH 9H 2C 3C 5C 6D 7D 8D 2S 5S 8S JS")
    assert {"AH", "KH"} <= set(pass_of("hard", hand))
    assert not {"AH", "KH"} & set(pass_of("medium", hand))


def test_hard_sheds_a_high_card_on_an_early_clean_trick_instead_of_ducking():
    # Trick 2, seat 3 led the 9♦; seat 0 could duck with the 3♦ (Medium does), but ten
    # diamonds are still out, nobody has shown a void and the trick holds no points:
    # Hard takes it with the K♦ while that is safe.
    state = build_position(
        {0: cards("3D KD 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H")},
        tricks=[(0, cards("2C 3C 4C AC"))],  # seat 3's A♣ wins: seat 3 leads
        trick=cards("9D"),
    )
    assert state.turn == 0
    assert decision(state, 0, "hard") == "KD"
    assert decision(state, 0, "medium") == "3D"


def test_site_levels_and_their_players():
    assert [get_player(level).name for level in SITE_LEVELS] == list(SITE_LEVELS)
    with pytest.raises(ValueError):
        get_player("grandmaster")
    assert h.new_game(1).levels == ("human", "easy", "medium", "hard")
