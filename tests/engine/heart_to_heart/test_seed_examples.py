"""The examples of docs/sources/000 (fr) and 002 (nb), reproduced on our own deal HH1-N-AAAAAAM
(docs/rules.md#h2h-examples).

The N stream's tag was chosen so that this very code shows them (deal_codes.N_TAG).
"""

from games.engine import heart_to_heart as h2h
from games.engine.heart_to_heart import EXAMPLE_CODE, new_game, solve_code, tap

CODE = "HH1-N-AAAAAAM"


def test_the_ten_at_position_1_is_covered_and_its_tap_does_nothing():
    # «Toucher une carte recouverte ne fait rien (la carte 10♥ en position 1 …)»
    state = new_game(CODE)
    assert state.layout[0] == "10"
    assert not state.is_free(1)
    outcome = tap(state, 1)
    assert outcome.kind == h2h.NOTHING and outcome.state == state


def test_tap_the_point_then_a_waste_card_of_another_rank_leaves_the_waste_selected():
    # «la pointe (4♥) puis la défausse (A♥) laissent la défausse choisie»
    state = new_game(CODE)
    assert state.layout[24] == "4" and state.waste[-1] == "A"
    state = tap(state, 25).state
    outcome = tap(state, "waste")
    assert outcome.kind == h2h.MISMATCH
    assert outcome.state.selected == "waste"
    assert h2h.view(outcome.state).waste_selected


def test_the_examples_game_is_this_deal():
    assert EXAMPLE_CODE == CODE


def test_won_line_removes_the_point_and_the_waste_four_at_move_10():
    # «la défausse montre un 4♥, comme la pointe. Les deux partent ensemble au 10e coup,
    # et les deux cartes que la pointe recouvrait deviennent libres.»
    solution = solve_code(EXAMPLE_CODE)
    assert solution.winnable
    state = new_game(EXAMPLE_CODE)
    paired_at = None
    for target in solution.line:
        outcome = tap(state, target)
        if outcome.kind == h2h.PAIRED and paired_at is None:
            paired_at = outcome.state.moves
            assert set(outcome.paired) == {25, "waste"}
            assert state.waste[-1] == "4" == state.layout[24]
            assert outcome.state.free_positions() == (23, 24)
        state = outcome.state
    assert paired_at == 10
    assert state.won and state.score == 250


def test_the_examples_line_is_pinned():
    solution = solve_code(EXAMPLE_CODE)
    assert solution.line[:11] == ("stock",) * 9 + (25, "waste")
    assert (solution.moves, len(solution.line)) == (72, 93)
