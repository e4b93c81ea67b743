"""manage.py hearts_tournament: a thin wrapper over the tournament, checked end to end."""

import io

import pytest
from django.core.management import CommandError, call_command


def test_the_management_command_prints_the_table():
    out = io.StringIO()
    call_command(
        "hearts_tournament",
        "--games",
        "4",
        "--seats",
        "medium,easy,easy,easy",
        "--no-progress",
        stdout=out,
    )
    text = out.getvalue()
    assert "| medium | 1 |" in text and "points/deal" in text and "games/s" in text


def test_the_management_command_refuses_bad_seats():
    with pytest.raises(CommandError):
        call_command("hearts_tournament", "--seats", "hard,easy", "--no-progress")
