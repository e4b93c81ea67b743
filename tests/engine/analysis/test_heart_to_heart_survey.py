"""The survey's logic: shares with Wilson intervals, the greedy player, per-deal reports."""

import pytest

from games.engine.analysis.heart_to_heart_survey import (
    Share,
    greedy_play,
    summary,
    survey_codes,
    survey_deal,
)
from games.engine.heart_to_heart import STALEMATE, new_game
from games.engine.heart_to_heart.deal_codes import DealCode, parse_code


def test_share_has_a_wilson_95_percent_interval():
    low, high = Share(50, 100).interval()
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = Share(0, 20).interval()
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert Share(0, 0).interval() == (0.0, 1.0)
    assert str(Share(3, 10)).startswith(" 30.0% (3/10; 95% interval")


def test_greedy_player_stops_at_a_stalemate():
    final = greedy_play(new_game("HH1-N-AAAAAAH"))
    assert not final.won and final.status == STALEMATE


def test_greedy_player_can_win():
    won = [seed for seed in range(60) if greedy_play(new_game(DealCode("N", seed))).won]
    assert won


def test_survey_deal_reports_each_measure():
    stuck = survey_deal(parse_code("HH1-N-AAAAAAF"))
    assert (stuck.winnable, stuck.stuck_at_start, stuck.greedy_won) == (False, True, False)
    needs_thought = survey_deal(parse_code("HH1-N-AAAAAAH"))
    assert (needs_thought.winnable, needs_thought.greedy_won) == (True, False)
    assert needs_thought.solve_seconds >= 0


def test_survey_codes_are_consecutive_n_seeds():
    assert [str(code) for code in survey_codes(3, first=12)] == [
        "HH1-N-AAAAAAM",
        "HH1-N-AAAAAAN",
        "HH1-N-AAAAAAO",
    ]


def test_summary_prints_every_share_and_the_timings():
    text = summary([survey_deal(code) for code in survey_codes(40)], wall_seconds=1.5)
    for label in ("deals surveyed:", "winnable:", "stalemate before a move:", "greedy player:"):
        assert label in text
    assert "95% interval" in text and "median" in text and "worst" in text
    assert "wall time:                1.5 s" in text
