"""manage.py h2h_solve and h2h_survey: thin wrappers, checked end to end (no database)."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_h2h_solve_prints_the_verdict_and_the_line():
    text = run("h2h_solve", " hh1-n-aaaaaam ")
    assert text.startswith("HH1-N-AAAAAAM\n")
    assert "WINNABLE: 72 moves (93 taps)" in text
    assert "  10. pair 4: position 25 and the waste  (score 10)" in text
    assert text.rstrip().endswith("replayed through the engine: won")


def test_h2h_solve_can_print_the_raw_taps():
    text = run("h2h_solve", "HH1-N-AAAAAAM", "--taps")
    assert text.rstrip().splitlines()[-1].startswith("stock stock stock")


def test_h2h_solve_reports_an_unwinnable_deal():
    assert "UNWINNABLE" in run("h2h_solve", "HH1-N-AAAAAAF")


def test_h2h_solve_refuses_a_bad_code_with_the_player_message():
    with pytest.raises(CommandError, match="starts with HH"):
        run("h2h_solve", "XX1-N-AAAAAAM")


def test_h2h_survey_prints_the_shares():
    text = run("h2h_survey", "--deals", "30", "--first", "5")
    assert "deals surveyed:           30 (class N)" in text
    assert "winnable:" in text and "greedy player:" in text and "wall time:" in text


def test_h2h_survey_refuses_nonsense():
    with pytest.raises(CommandError):
        run("h2h_survey", "--deals", "0")
    with pytest.raises(CommandError):
        run("h2h_survey", "--deals", "5", "--first", str(26**7))
