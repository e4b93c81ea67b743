"""The derived view: free/covered/removed, placement-help rings and darkening, and no leak."""

import dataclasses
from dataclasses import replace

from games.engine import heart_to_heart as h2h
from games.engine.heart_to_heart import new_game, tap, view
from games.engine.testing import (
    dimmed_positions,
    h2h_deal,
    hinted_positions,
    play_taps,
    position_mask,
)


def slot(board, pos):
    return board.slots[pos - 1]


def test_view_shows_every_position_with_its_rank_and_state():
    state = replace(h2h_deal({25: "4", 23: "9"}), removed=position_mask(25))
    board = view(state)
    assert [s.pos for s in board.slots] == list(range(1, 26))
    assert slot(board, 25).state == "removed" and slot(board, 25).rank == "4"
    assert slot(board, 23).state == "free" and slot(board, 23).rank == "9"
    assert slot(board, 1).state == "covered"
    assert board.free_positions == (23, 24)


def test_view_banner_figures():
    state = play_taps(h2h_deal({25: "4"}, stock=["4"], waste="A"), "stock", 25, "waste")
    board = view(state)
    assert (board.score, board.moves, board.status, board.can_undo) == (10, 2, "playing", True)
    assert board.stock_count == 25 and board.waste_count == 1 and board.waste_rank == "A"
    assert board.code == "HH1-N-TESTING"


def test_the_stock_plays_while_either_pile_holds_a_card():
    state = new_game("HH1-N-AAAAAAM")
    assert view(state).stock_playable  # 26 to turn
    emptied = replace(state, stock=(), waste=(*state.waste, *state.stock))
    assert view(emptied).stock_playable  # the waste turns back over
    assert tap(emptied, "stock").kind == h2h.REDEALT
    bare = replace(h2h_deal({25: "4"}), stock=(), waste=())
    assert not view(bare).stock_playable  # both empty: a tap does nothing
    assert tap(bare, "stock").kind == h2h.NOTHING


def test_placement_help_rings_free_cards_with_a_free_partner():
    state = replace(h2h_deal({23: "9", 24: "9"}), removed=position_mask(25))
    board = view(state)
    assert hinted_positions(board) == (23, 24)


def test_placement_help_rings_a_free_card_matching_the_waste_top():
    board = view(h2h_deal({25: "4"}, waste="4"))
    assert hinted_positions(board) == (25,)
    assert board.waste_hint


def test_placement_help_does_not_ring_a_partner_hidden_in_the_stock():
    board = view(h2h_deal({25: "4"}, stock=["4"], waste="A"))
    assert hinted_positions(board) == () and not board.waste_hint


def test_placement_help_never_rings_a_covered_card():
    # 21 is a 9 like the free 23, but 24 still covers it.
    state = replace(h2h_deal({23: "9", 21: "9", 24: "8"}), removed=position_mask(25))
    assert hinted_positions(view(state)) == ()


def test_selection_darkens_the_cards_that_cannot_pair_with_it():
    state = replace(h2h_deal({23: "9", 24: "9", 22: "8"}, waste="7"), removed=position_mask(25))
    board = view(tap(state, 23).state)
    assert slot(board, 23).selected and not slot(board, 23).dim
    assert not slot(board, 24).dim  # free, same rank
    assert slot(board, 20).dim and slot(board, 1).dim  # covered
    assert not slot(board, 25).dim  # an empty place is not a card
    assert board.waste_dim  # a 7 cannot pair with a 9
    assert set(dimmed_positions(board)) == set(range(1, 23))


def test_selected_waste_darkens_the_cards_of_other_ranks():
    state = replace(h2h_deal({23: "9", 24: "7"}, waste="9"), removed=position_mask(25))
    board = view(tap(state, "waste").state)
    assert board.waste_selected and not board.waste_dim
    assert not slot(board, 23).dim and slot(board, 24).dim


def test_nothing_is_dark_without_a_selection():
    board = view(new_game("HH1-N-AAAAAAM"))
    assert dimmed_positions(board) == () and not board.waste_dim


def test_view_reports_the_end_states():
    assert view(h2h_deal({25: "K", 1: "K", 2: "K", 3: "K"})).status == "stalemate"
    assert view(replace(h2h_deal(), removed=h2h.FULL_MASK)).status == "won"


def test_view_never_reveals_the_stock_order():
    state = new_game("HH1-N-AAAAAAM")
    shuffled = replace(state, stock=tuple(reversed(state.stock)))
    assert view(shuffled) == view(state)
    fields = {field.name for field in dataclasses.fields(h2h.BoardView)}
    assert "stock" not in fields and not any("order" in name for name in fields)


def test_view_shows_only_the_waste_top():
    state = play_taps(new_game("HH1-N-AAAAAAM"), "stock", "stock", "stock")
    buried = replace(state, waste=(state.waste[1], state.waste[0], *state.waste[2:]))
    assert view(buried) == view(state)
