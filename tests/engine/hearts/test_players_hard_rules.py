"""Hard's named rules: each one changes a decision, shown by dropping it from its list.

Hard is ordered lists of rules (``players/hard.py``). A rule that no test notices could
be dropped unseen, so every rule and keep in those lists is named below together with
a test that fails without it: the tests here, for the rules no older test caught, play
a hand-built position with Hard and with Hard minus that one rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine import hearts as h
from games.engine.hearts.cards import code
from games.engine.hearts.players import defence, get_player, habits, suspicion
from games.engine.hearts.players.hard import HardPlayer
from games.engine.hearts.rules import decision_rng
from games.engine.testing import build_position

LISTS = (
    "suspects",
    "defend_lead",
    "defend_follow",
    "defend_discard",
    "leads",
    "follows",
    "discards",
    "lead_keeps",
    "discard_keeps",
    "pass_keeps",
)


def without(rule) -> HardPlayer:
    """Hard with ``rule`` dropped from the list that holds it: the variant a test compares."""
    dropped = {
        name: tuple(r for r in getattr(HardPlayer, name) if r is not rule)
        for name in LISTS
        if rule in getattr(HardPlayer, name)
    }
    assert dropped, f"{rule.__name__} is in none of Hard's lists"
    attrs = {"name": f"hard-without-{rule.__name__}", "on_site": False, **dropped}
    return type("HardWithout", (HardPlayer,), attrs)()


def play(player: HardPlayer, state: h.HeartsState, seat: int) -> str:
    """What ``player`` plays from ``seat``, with the tie stream ``computer_move`` would use."""
    return code(player.choose_play(h.seat_view(state, seat), decision_rng(state, seat)))


def cards(text: str) -> list[str]:
    return text.split()


def assert_is_the_last_rule(rule, state: h.HeartsState, seat: int) -> None:
    """``rule`` ends its list: without it, nothing is left to pick a card at all."""
    with pytest.raises(AssertionError, match="the last rule"):
        play(without(rule), state, seat)


HARD = get_player("hard")


def test_every_rule_is_named_with_a_test_that_fails_without_it():
    rules = {rule for name in LISTS for rule in getattr(HardPlayer, name)}
    assert rules == set(RULE_TESTS)
    sources = "".join(p.read_text() for p in Path(__file__).parent.glob("test_players_*.py"))
    for rule, test in RULE_TESTS.items():
        assert f"def {test}(" in sources, (rule.__name__, test)


def test_the_variant_without_a_rule_drops_only_that_rule():
    variant = without(defence.follow_hearts_low)
    assert defence.follow_hearts_low not in variant.defend_follow
    assert len(variant.defend_follow) == len(HardPlayer.defend_follow) - 1
    assert variant.follows == HardPlayer.follows and variant.suspects == HardPlayer.suspects


# Whom Hard suspects -----------------------------------------------------------------------

# Seat 1 took the Q♠ (13 points, nobody else any) and won two of the four tricks: the
# watch's suspect, though it neither dominates the tricks nor shows three signs.
WATCHED = dict(
    tricks=[
        (0, cards("2C 3C KC 4C")),
        (2, cards("QS 3S 4S KS")),
        (1, cards("2D 9D 3D 4D")),
        (2, cards("5C 6C 7C 8C")),
    ],
    trick=cards("10D"),
)


def test_hard_suspects_the_watchs_suspect():
    # Seat 1 leads the 10♦: Hard takes it with the J♦; a Hard that does not read the
    # watch's suspect ducks with the 6♦.
    state = build_position({2: cards("JD 6D 2S 5S 6S 7S 8S 9S 10S")}, **WATCHED)
    view = h.seat_view(state, 2)
    assert suspicion.alarm(view, 1) < suspicion.ALARM_SIGNS and not suspicion.dominates(view, 1)
    assert play(HARD, state, 2) == "JD"
    assert play(without(suspicion.watch_suspect), state, 2) == "6D"


def test_hard_suspects_a_seat_with_every_point_and_most_tricks_even_cleared_of_the_signs():
    # Seat 1 threw the Q♣ under the A♣ (which clears it of every sign), then won three
    # tricks in a row and the only 2 points: it dominates the tricks all the same.
    state = build_position(
        {2: cards("KD 7D 2S 3S 4S 5S 6S 7S 8S")},
        tricks=[
            (3, cards("2C AC QC 3C")),
            (0, cards("4C KC 5C 6C")),
            (1, cards("QD 3D 2H 4D")),
            (1, cards("JD 5D 3H 6D")),
        ],
        trick=cards("10D"),
    )
    view = h.seat_view(state, 2)
    assert view.taken == (0, 2, 0, 0) and suspicion.alarm(view, 1) == 0
    assert play(HARD, state, 2) == "KD"
    assert play(without(suspicion.dominating_scorer), state, 2) == "7D"


# Against the suspect -----------------------------------------------------------------------


def signs_lead(hand: str) -> h.HeartsState:
    """Seat 1 passed seat 2 three low cards and took the first three tricks (one heart);
    seat 2 won the fourth and leads, hearts broken."""
    return build_position(
        {2: cards(hand)},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C 6C 7C")),
            (1, cards("QC 9C 2H 10C")),
            (1, cards("5D KD 3D 4D")),
        ],
        deal_number=1,
        received=[(), (), cards("2S 4S 5S"), ()],
    )


def test_hard_leads_a_heart_nobody_can_beat_against_the_suspect():
    state = signs_lead("AH 9D 2S 4S 5S 6S 8H 9H 10H")
    assert HARD.moon_suspect(h.seat_view(state, 2)) == 1
    assert play(HARD, state, 2) == "AH"
    assert play(without(defence.lead_unbeatable_heart), state, 2) == "2S"


def test_hard_leads_no_heart_the_suspect_could_beat():
    # Its 3♥ cannot win and would be its cheapest lead; against the suspect, a diamond.
    state = signs_lead("3H 4H 5H 6D 7D 8D 9D 10D JD")
    assert play(HARD, state, 2) == "6D"
    assert play(without(defence.no_heart_lead), state, 2) == "3H"


def test_hard_follows_a_heart_lead_low_against_the_suspect():
    # Seat 1 (the watch's suspect, 14 points, two signs) has played under seat 3's 10♥;
    # Hard, last, keeps its 9♥ for a later heart trick and plays the 3♥ (its duck: 9♥).
    state = build_position(
        {2: cards("9H 3H 6D 2S 5S 6S 7S 8S")},
        tricks=[
            (0, cards("2C 3C KC 4C")),
            (2, cards("QS 3S 4S KS")),
            (1, cards("2D 9D 3D 4D")),
            (2, cards("5C 6C 2H 8C")),
            (1, cards("JD QD AD KD")),
        ],
        trick=cards("10H 4H 5H"),
    )
    assert HARD.moon_suspect(h.seat_view(state, 2)) == 1
    assert play(HARD, state, 2) == "3H"
    assert play(without(defence.follow_hearts_low), state, 2) == "9H"


# Its own habits ----------------------------------------------------------------------------


def test_hard_sheds_its_highest_club_on_the_first_trick():
    # Eight clubs in hand: too few still out to shed early by that habit; it ducks with the
    # 8♣ but for the first-trick rule (no points can fall there).
    state = build_position(
        {2: cards("3C 4C 5C 6C 7C 8C 10C KC 2D 3D 4D 5D 6D")}, trick=cards("2C 9C"), leader=0
    )
    assert play(HARD, state, 2) == "KC"
    assert play(without(habits.first_trick_highest), state, 2) == "8C"


# Past the third trick; seats 1 and 2 have a point each, so no moon is possible.
SCORED = [
    (0, cards("2C 3C 4C 5C")),
    (3, cards("6C 7C 2H 8C")),
    (2, cards("9C 10C 3H JC")),
    (1, cards("QC KC 9S AC")),
]


def scored(seat: int, hand: str, trick: str) -> h.HeartsState:
    return build_position({seat: cards(hand)}, tricks=SCORED, trick=cards(trick))


def test_hard_takes_a_clean_trick_last_to_shed_its_highest_card():
    state = scored(3, "3D KD 6S 7S 8S 10S 4H 5H 6H", "9D 4D 5D")
    assert play(HARD, state, 3) == "KD"
    assert play(without(habits.take_clean_trick_last), state, 3) == "3D"


def test_hard_made_to_win_last_wins_with_its_highest_card():
    state = scored(3, "KD AD 6S 7S 8S 10S 4H 5H 6H", "9D 7H 5D")
    assert play(HARD, state, 3) == "AD"
    assert play(without(habits.highest_when_last), state, 3) == "KD"


def test_hard_made_to_win_a_clean_trick_wins_with_its_highest_card():
    state = scored(1, "KD AD 6S 7S 8S 10S 4H 5H 6H", "9D")
    assert play(HARD, state, 1) == "AD"
    assert play(without(habits.highest_when_clean), state, 1) == "KD"


def test_hard_made_to_win_a_trick_with_points_wins_low_but_never_with_the_queen():
    # Under the J♠ with a heart on it, holding Q♠ K♠: the K♠ (the lowest but the queen);
    # the last rule of the list, so without it nothing picks a card at all.
    state = scored(2, "QS KS 6D 7D 8D 9D 4H 5H 6H", "JS 7H")
    assert play(HARD, state, 2) == "KS"
    assert_is_the_last_rule(habits.lowest_but_queen, state, 2)


def test_hard_discards_the_queen_of_spades_first():
    state = scored(3, "QS 6S 7S 8S 10S AH 5H 6H 4H", "9D 4D 5D")
    assert play(HARD, state, 3) == "QS"
    assert play(without(habits.queen_of_spades), state, 3) == "AH"


def test_hard_discards_a_high_spade_while_the_queen_is_out():
    state = scored(3, "AS 6S 7S 8S 10S AH 5H 6H 4H", "9D 4D 5D")
    assert play(HARD, state, 3) == "AS"
    assert play(without(habits.high_spade_while_queen_out), state, 3) == "AH"


def test_hard_discards_the_card_most_likely_to_win_a_trick_later():
    # The A♥ (every heart still out is below it, and hearts go first); the last rule of the
    # list, so without it nothing picks a card at all.
    state = scored(3, "2S 6S 7S 8S 10S AH 5H 6H 4H", "9D 4D 5D")
    assert play(HARD, state, 3) == "AH"
    assert_is_the_last_rule(habits.most_dangerous, state, 3)


# Each rule, and a test that fails without it (found by dropping the rule and running
# tests/engine/hearts: docs/hearts-levels.md#hard-rules).
RULE_TESTS = {
    suspicion.watch_suspect: "test_hard_suspects_the_watchs_suspect",
    suspicion.dominating_scorer: (
        "test_hard_suspects_a_seat_with_every_point_and_most_tricks_even_cleared_of_the_signs"
    ),
    suspicion.showing_signs: "test_hard_reads_a_low_pass_and_high_leads_as_a_moon_attempt",
    defence.lead_unbeatable_heart: "test_hard_leads_a_heart_nobody_can_beat_against_the_suspect",
    defence.lead_into_suspects_void: "test_hard_leads_a_suit_the_suspect_has_shown_a_void_in",
    defence.no_heart_lead: "test_hard_leads_no_heart_the_suspect_could_beat",
    defence.take_from_suspect: "test_only_hard_takes_a_trick_from_the_suspect",
    defence.overtake_before_suspect: (
        "test_hard_takes_a_point_trick_before_the_suspect_with_a_card_nothing_out_beats"
    ),
    defence.follow_low_when_alarmed: "test_hard_keeps_its_stopper_under_a_suspects_ace",
    defence.follow_hearts_low: "test_hard_follows_a_heart_lead_low_against_the_suspect",
    defence.queen_to_others: (
        "test_hard_throws_the_queen_on_a_trick_the_suspect_can_no_longer_win"
    ),
    defence.heart_to_others: "test_the_watch_lets_points_go_to_a_trick_the_suspect_cannot_win",
    defence.lowest_heart_when_forced: (
        "test_hard_forced_to_feed_the_suspect_gives_its_lowest_heart_and_keeps_the_top_ones"
    ),
    defence.heart_before_last_stopper: (
        "test_hard_gives_the_suspect_a_low_heart_rather_than_its_last_stopper"
    ),
    defence.discard_low_when_alarmed: (
        "test_hard_gives_the_suspect_a_low_heart_rather_than_its_last_stopper"
    ),
    defence.no_heart_on_own_queen: (
        "test_hard_throws_no_heart_on_a_trick_a_seat_wins_with_its_own_queen"
    ),
    defence.keep_king_of_hearts: (
        "test_hard_keeps_the_king_of_hearts_with_three_hearts_under_it_while_a_moon_is_possible"
    ),
    defence.keep_ace_of_hearts: (
        "test_hard_keeps_its_ace_of_hearts_while_a_moon_is_still_possible"
    ),
    defence.ace_from_ace_king_pass: (
        "test_hard_keeps_the_ace_of_hearts_from_a_pass_of_ace_and_king_with_hearts_behind"
    ),
    habits.lead_by_cost: "test_hard_smokes_out_the_queen_with_a_low_spade",
    habits.first_trick_highest: "test_hard_sheds_its_highest_club_on_the_first_trick",
    habits.take_clean_trick_last: "test_hard_takes_a_clean_trick_last_to_shed_its_highest_card",
    habits.shed_high_early: (
        "test_hard_sheds_a_high_card_on_an_early_clean_trick_instead_of_ducking"
    ),
    habits.duck: "test_hard_keeps_stoppers_only_against_a_seat_that_also_dominates_the_tricks",
    habits.highest_when_last: "test_hard_made_to_win_last_wins_with_its_highest_card",
    habits.highest_when_clean: "test_hard_made_to_win_a_clean_trick_wins_with_its_highest_card",
    habits.lowest_but_queen: (
        "test_hard_made_to_win_a_trick_with_points_wins_low_but_never_with_the_queen"
    ),
    habits.queen_of_spades: "test_hard_discards_the_queen_of_spades_first",
    habits.high_spade_while_queen_out: "test_hard_discards_a_high_spade_while_the_queen_is_out",
    habits.most_dangerous: "test_hard_discards_the_card_most_likely_to_win_a_trick_later",
}
