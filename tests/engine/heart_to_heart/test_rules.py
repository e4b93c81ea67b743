"""Heart to Heart (docs/rules.md#h2h), one rule at a time (each test is named for its rule)."""

from collections import Counter
from dataclasses import replace

import pytest

from games.engine import heart_to_heart as h2h
from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart import (
    EXAMPLE_CODE,
    GameState,
    HeartToHeartError,
    new_game,
    solve_code,
    tap,
    undo,
)
from games.engine.testing import h2h_deal, play_taps, position_mask

# --- Deck, deal, layout -------------------------------------------------------------------


def test_deck_is_52_hearts_four_of_each_rank():
    state = new_game("HH1-N-AAAAAAA")
    cards = Counter(state.layout) + Counter(state.stock) + Counter(state.waste)
    assert cards == {rank: 4 for rank in H2H_RANKS}


def test_deal_puts_25_in_the_heart_26_in_the_stock_and_1_on_the_waste():
    state = new_game("HH1-N-AAAAAAM")
    assert (len(state.layout), len(state.stock), len(state.waste)) == (25, 26, 1)
    assert state.removed == 0 and state.moves == 0 and state.score == 0


def test_layout_rows_and_offsets_follow_the_spec_table():
    rows = {}
    for row, x in h2h.PLACES:
        rows.setdefault(row, []).append(x)
    assert rows == {
        1: [-4, -2, 2, 4],
        2: [-5, -3, -1, 1, 3, 5],
        3: [-4, -2, 0, 2, 4],
        4: [-3, -1, 1, 3],
        5: [-2, 0, 2],
        6: [-1, 1],
        7: [0],
    }


def test_card_is_covered_by_the_overlapping_cards_of_the_row_below():
    covers = dict(enumerate(h2h.COVERED_BY, 1))
    assert covers[1] == (5, 6)
    assert covers[4] == (9, 10)
    assert covers[5] == (11,)  # an edge card has one cover
    assert covers[10] == (15,)
    assert covers[13] == (17, 18)
    assert covers[23] == (25,) and covers[24] == (25,)
    assert covers[25] == ()  # the point: nothing covers it


def test_only_the_point_is_free_at_the_start():
    assert new_game("HH1-N-CARDSIT").free_positions() == (25,)


def test_card_is_free_when_every_card_covering_it_is_removed():
    state = replace(h2h_deal(), removed=position_mask(25))
    assert state.free_positions() == (23, 24)
    state = replace(state, removed=position_mask(25, 23))
    assert state.free_positions() == (20, 24)  # 21 still waits for 24
    state = replace(state, removed=position_mask(25, 23, 24))
    assert state.free_positions() == (20, 21, 22)


# --- Tapping ------------------------------------------------------------------------------


def test_covered_card_tap_does_nothing():
    state = new_game("HH1-N-AAAAAAM")
    outcome = tap(state, 1)
    assert outcome.kind == h2h.NOTHING and outcome.state == state


def test_emptied_place_tap_does_nothing():
    state = play_taps(h2h_deal({25: "4"}, waste="4"), 25, "waste")
    outcome = tap(state, 25)
    assert outcome.kind == h2h.NOTHING and outcome.state == state


def test_free_card_tap_selects_it():
    outcome = tap(h2h_deal(), 25)
    assert outcome.kind == h2h.SELECTED and outcome.state.selected == 25


def test_waste_top_tap_selects_it():
    outcome = tap(h2h_deal(), "waste")
    assert outcome.kind == h2h.SELECTED and outcome.state.selected == "waste"


def test_empty_waste_tap_does_nothing():
    state = replace(h2h_deal(), waste=())
    assert tap(state, "waste").kind == h2h.NOTHING


def test_selected_card_tapped_again_is_deselected():
    state = play_taps(h2h_deal(), 25)
    outcome = tap(state, 25)
    assert outcome.kind == h2h.DESELECTED and outcome.state.selected is None
    state = play_taps(h2h_deal(), "waste")
    assert tap(state, "waste").kind == h2h.DESELECTED


def test_two_free_cards_of_the_same_rank_are_removed_as_a_pair():
    state = replace(h2h_deal({23: "9", 24: "9"}), removed=position_mask(25))
    outcome = tap(tap(state, 23).state, 24)
    assert outcome.kind == h2h.PAIRED and outcome.paired == (23, 24)
    assert outcome.state.removed == position_mask(25, 23, 24)
    assert outcome.state.selected is None


def test_free_card_pairs_with_the_waste_top():
    state = h2h_deal({25: "4"}, waste="4")
    outcome = tap(tap(state, 25).state, "waste")
    assert outcome.kind == h2h.PAIRED
    assert outcome.state.removed == position_mask(25) and outcome.state.waste == ()


def test_waste_top_then_free_card_pairs_too():
    state = h2h_deal({25: "4"}, waste="4")
    outcome = tap(tap(state, "waste").state, 25)
    assert outcome.kind == h2h.PAIRED and outcome.paired == ("waste", 25)


def test_only_the_waste_top_plays():
    state = play_taps(h2h_deal({25: "4"}, stock=["J"], waste="4"), "stock")  # J covers the 4
    assert state.waste == ("4", "J")
    outcome = tap(tap(state, 25).state, "waste")
    assert outcome.kind == h2h.MISMATCH and outcome.state.removed == 0


def test_mismatch_reselects_second_card():
    state = h2h_deal({25: "4"}, waste="A")
    outcome = tap(tap(state, 25).state, "waste")
    assert outcome.kind == h2h.MISMATCH
    assert outcome.state.selected == "waste"
    assert outcome.state.removed == 0 and outcome.state.moves == 0


def test_mismatch_between_two_free_cards_selects_the_second():
    state = replace(h2h_deal({23: "9", 24: "8"}), removed=position_mask(25))
    outcome = tap(tap(state, 23).state, 24)
    assert outcome.kind == h2h.MISMATCH and outcome.state.selected == 24


def test_suit_never_matters_only_rank():
    assert set(h2h_deal().layout) <= set(H2H_RANKS)  # ranks only: there is nothing else


def test_stock_tap_turns_its_top_card_onto_the_waste():
    state = h2h_deal(stock=["7", "Q"], waste="A")
    outcome = tap(state, "stock")
    assert outcome.kind == h2h.FLIPPED
    assert outcome.state.waste == ("A", "7")
    assert outcome.state.stock == state.stock[1:]


def test_stock_tap_clears_the_selection():
    for first in (25, "waste"):
        state = play_taps(h2h_deal(), first)
        outcome = tap(state, "stock")
        assert outcome.kind == h2h.FLIPPED and outcome.state.selected is None


def test_empty_stock_tap_redeals_the_waste_in_the_same_order():
    state = h2h_deal(waste="A")
    state = play_taps(state, *["stock"] * 26)
    order = state.waste
    assert state.stock == () and len(order) == 27
    outcome = tap(state, "stock")
    assert outcome.kind == h2h.REDEALT
    assert outcome.state.waste == () and outcome.state.stock == order
    again = play_taps(outcome.state, *["stock"] * 27)
    assert again.waste == order  # the same cards come up in the same order


def test_redeals_are_unlimited():
    state = play_taps(h2h_deal(), *["stock"] * 26)
    for _ in range(5):
        assert state.stock == ()
        outcome = tap(state, "stock")
        assert outcome.kind == h2h.REDEALT and len(outcome.state.stock) == 27
        state = play_taps(outcome.state, *["stock"] * 27)


def test_empty_stock_with_empty_waste_tap_does_nothing():
    state = replace(h2h_deal(), stock=(), waste=())
    outcome = tap(state, "stock")
    assert outcome.kind == h2h.NOTHING and outcome.state == state


# --- Moves and score ----------------------------------------------------------------------


def test_every_flip_redeal_and_pair_is_one_move():
    state = h2h_deal({25: "4"}, stock=["4"], waste="A")
    state = play_taps(state, "stock")
    assert state.moves == 1
    state = play_taps(state, 25, "waste")
    assert state.moves == 2
    state = play_taps(state, *["stock"] * 25)
    assert state.moves == 27 and state.stock == ()
    state = play_taps(state, "stock")  # the redeal
    assert state.moves == 28


def test_selection_is_not_a_move():
    state = h2h_deal({25: "4"}, waste="A")
    for target in (25, 25, 25, "waste", 1, "waste"):  # select, deselect, mismatch, nothing
        state = tap(state, target).state
        assert state.moves == 0


def test_score_is_ten_per_layout_card_removed():
    state = h2h_deal({25: "4", 23: "9", 24: "9"}, waste="4")
    state = play_taps(state, 25, "waste")
    assert state.score == 10  # a pair with the waste: only the layout card scores
    state = play_taps(state, 23, 24)
    assert state.score == 30  # a pair from the heart: 20


def test_win_when_all_25_are_removed_even_with_cards_left_in_the_stock():
    solution = solve_code(EXAMPLE_CODE)
    state = play_taps(new_game(EXAMPLE_CODE), *solution.line)
    assert state.status == h2h.WON and state.won
    assert state.score == 250
    assert len(state.stock) + len(state.waste) >= 2


def test_tap_on_a_won_game_is_refused():
    solution = solve_code(EXAMPLE_CODE)
    state = play_taps(new_game(EXAMPLE_CODE), *solution.line)
    for target in (25, "stock", "waste"):
        with pytest.raises(HeartToHeartError) as caught:
            tap(state, target)
        assert caught.value.code == "finished"


@pytest.mark.parametrize("target", [0, 26, -1, "26", "heart", "", None, True, 3.0, [1]])
def test_unknown_target_is_refused(target):
    with pytest.raises(HeartToHeartError) as caught:
        tap(h2h_deal(), target)
    assert caught.value.code == "unknown-target"
    assert str(caught.value) == "There is no such card to tap."


def test_targets_sent_as_text_are_read():
    state = h2h_deal()
    assert tap(state, "25").kind == h2h.SELECTED
    assert tap(state, " Stock ").kind == h2h.FLIPPED
    assert tap(state, "WASTE").kind == h2h.SELECTED


def test_tap_never_changes_the_state_it_is_given():
    state = h2h_deal({25: "4"}, waste="4")
    before = state.to_dict()
    play_taps(state, 25, "waste", "stock")
    assert state.to_dict() == before


# --- End states ---------------------------------------------------------------------------


def test_stalemate_when_no_free_card_has_a_possible_partner():
    # The point is a K and the three other Ks sit under it in the heart.
    state = h2h_deal({25: "K", 1: "K", 2: "K", 3: "K"})
    assert state.status == h2h.STALEMATE


def test_no_stalemate_while_a_partner_is_anywhere_in_the_stock():
    stock = [rank for rank in H2H_RANKS if rank != "K"] * 2 + ["A", "K"]  # K at the bottom
    state = h2h_deal({25: "K", 1: "K", 2: "K"}, stock=stock, waste="A")
    assert state.stock[-1] == "K"
    assert state.status == h2h.PLAYING


def test_no_stalemate_while_a_partner_is_under_the_waste_top():
    state = h2h_deal({25: "K", 1: "K", 2: "K"}, stock=["Q"], waste="K")
    state = play_taps(state, *["stock"] * 26)
    assert state.stock == () and state.waste[0] == "K"
    assert state.status == h2h.PLAYING


def test_no_stalemate_while_two_free_cards_pair():
    state = replace(h2h_deal({23: "K", 24: "K", 1: "K", 2: "K"}), removed=position_mask(25))
    assert state.status == h2h.PLAYING


def test_stalemate_is_reported_after_the_move_that_makes_it():
    state = stuck_after_first_pair()
    assert state.status == h2h.PLAYING
    after = play_taps(state, 25, "waste")
    assert after.status == h2h.STALEMATE


def stuck_after_first_pair():
    """Point K pairs with the waste's K; then 23 (Q) and 24 (J) have no partner left."""
    heart = {25: "K", 23: "Q", 24: "J", 1: "Q", 2: "Q", 3: "Q", 4: "J", 5: "J", 6: "J"}
    return h2h_deal(heart, waste="K")


# --- Undo ---------------------------------------------------------------------------------


def test_undo_takes_back_a_flip():
    state = h2h_deal()
    assert undo(tap(state, "stock").state) == state


def test_undo_takes_back_a_redeal():
    state = play_taps(h2h_deal(), *["stock"] * 26)
    assert undo(tap(state, "stock").state) == state


def test_undo_puts_a_pair_back_and_takes_its_points_back():
    state = replace(h2h_deal({23: "9", 24: "9"}), removed=position_mask(25))
    selected = tap(state, 23).state
    paired = tap(selected, 24).state
    assert paired.score == 30
    back = undo(paired)
    assert back == state and back.score == 10


def test_undo_puts_the_waste_card_back_on_the_waste():
    state = h2h_deal({25: "4"}, waste="4")
    selected = tap(state, "waste").state
    assert undo(tap(selected, 25).state) == state


def test_undo_of_a_pair_leaves_nothing_selected():
    state = replace(h2h_deal({23: "9", 24: "9"}), removed=position_mask(25))
    back = undo(play_taps(state, 23, 24))
    assert back.selected is None
    assert tap(back, 24).state.selected == 24  # the next tap starts afresh, pairs nothing


def test_undo_leaves_nothing_selected_after_a_stock_tap_or_a_fresh_selection():
    selected = tap(h2h_deal(), 25).state
    assert undo(tap(selected, "stock").state).selected is None
    moved = play_taps(h2h_deal(), "stock", 25)  # a card chosen after the last move
    assert undo(moved).selected is None


def test_undo_reads_a_saved_flip_record_that_still_holds_a_selection():
    saved = play_taps(h2h_deal(), "stock").to_dict()
    saved["history"] = ["f25"]  # as written before undo cleared the selection
    assert undo(GameState.from_dict(saved)).selected is None


def test_undo_works_out_of_a_stalemate():
    state = play_taps(stuck_after_first_pair(), 25, "waste")
    assert state.status == h2h.STALEMATE and state.can_undo
    back = undo(state)
    assert back.status == h2h.PLAYING and back.removed == 0 and back.waste[-1] == "K"


def test_undo_reaches_back_100_moves_and_the_101st_is_refused():
    state = play_taps(h2h_deal(), *["stock"] * 150)
    assert state.moves == 150 and len(state.history) == 100
    for _ in range(100):
        state = undo(state)
    assert state.moves == 50
    with pytest.raises(HeartToHeartError) as caught:
        undo(state)
    assert caught.value.code == "nothing-to-undo"
    assert state.can_undo is False


def test_undo_with_no_move_is_refused():
    with pytest.raises(HeartToHeartError) as caught:
        undo(play_taps(h2h_deal(), 25))  # a selection is not a move
    assert caught.value.code == "nothing-to-undo"


def test_undo_on_a_won_game_is_refused():
    solution = solve_code(EXAMPLE_CODE)
    state = play_taps(new_game(EXAMPLE_CODE), *solution.line)
    assert not state.can_undo
    with pytest.raises(HeartToHeartError) as caught:
        undo(state)
    assert caught.value.code == "finished"
