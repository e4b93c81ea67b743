"""The fast solver: verdicts, winning lines that replay through the engine, the Examples."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.analysis.heart_to_heart_survey import greedy_play
from games.engine.heart_to_heart import EXAMPLE_CODE, STALEMATE, deal_state, new_game, solve_code
from games.engine.heart_to_heart.deal_codes import SEED_LIMIT, DealCode, deal_for, parse_code
from games.engine.heart_to_heart.solver import Solution, is_winnable, narrate, replay, solve


@pytest.mark.parametrize("deal_class", ["N", "W"])
def test_every_winning_line_replays_as_a_win_through_the_engine(deal_class):
    won = 0
    for seed in range(150):
        code = DealCode(deal_class, seed)
        solution = solve(deal_for(code))
        if solution.winnable:
            assert replay(new_game(code), solution.line).won, str(code)
            won += 1
        else:
            assert solution.line == ()
    assert won >= (150 if deal_class == "W" else 20)


@settings(max_examples=100)
@given(seed=st.integers(0, SEED_LIMIT - 1))
def test_winning_lines_replay_as_wins_on_random_deals(seed):
    code = DealCode("N", seed)
    solution = solve(deal_for(code))
    assert solution.winnable == is_winnable(deal_for(code))
    if solution.winnable:
        final = replay(new_game(code), solution.line)
        assert final.won and final.moves == solution.moves


@settings(max_examples=100)
@given(seed=st.integers(0, SEED_LIMIT - 1), order=st.permutations(range(27)))
def test_verdict_does_not_depend_on_the_order_of_stock_and_waste(seed, order):
    # With unlimited same-order redeals any piles card can be brought to the top: only
    # the ranks left in stock + waste matter. (The literal solver checks this the hard way.)
    deal = list(deal_for(DealCode("N", seed)))
    piles = [deal[25 + index] for index in order]
    assert is_winnable(deal[:25] + piles) == is_winnable(deal)


def test_a_deal_stalemated_before_the_first_move_is_unwinnable():
    deal = deal_for("HH1-N-AAAAAAF")
    assert deal_state("x", deal).status == STALEMATE
    solution = solve(deal)
    assert not solution.winnable and solution.line == ()


def test_solver_wins_a_deal_the_greedy_player_loses():
    deal = deal_for("HH1-N-AAAAAAH")
    assert not greedy_play(deal_state("x", deal)).won
    solution = solve(deal)
    assert solution.winnable
    assert replay(deal_state("x", deal), solution.line).won


def test_examples_code_is_winnable_and_its_line_wins():
    assert parse_code(EXAMPLE_CODE).deal_class == "N"
    solution = solve_code(EXAMPLE_CODE)
    assert solution.winnable
    assert replay(new_game(EXAMPLE_CODE), solution.line).won


def test_solve_code_reads_text_and_deal_codes_alike():
    assert solve_code("hh1-n-aaaaaam") == solve_code(DealCode("N", 12))


def test_solution_counts_stock_taps_and_pairs_as_moves():
    solution = Solution(True, ("stock", 25, "waste", "stock", 23, 24), 1)
    assert solution.moves == 4


def test_narrate_prints_the_verdict_and_every_move():
    deal = deal_for(EXAMPLE_CODE)
    solution = solve(deal)
    lines = narrate(EXAMPLE_CODE, deal, solution, 1.0)
    text = "\n".join(lines)
    assert lines[0] == EXAMPLE_CODE
    assert f"WINNABLE: {solution.moves} moves" in text
    assert "  10. pair 4: position 25 and the waste  (score 10)" in lines
    assert lines[-1] == "replayed through the engine: won"
    lost = deal_for("HH1-N-AAAAAAA")
    assert "UNWINNABLE" in narrate("HH1-N-AAAAAAA", lost, solve(lost), 1.0)[-1]
