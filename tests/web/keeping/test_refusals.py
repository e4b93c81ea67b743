"""Every reason a keeping service says no has its words and status, once
(games/views/keeping/refusals.py), as each game's refusals table has."""

from games.services.keeping import Problem
from games.views.keeping.refusals import REFUSALS


def test_every_problem_has_one_row():
    assert set(REFUSALS) == set(Problem)
    for problem, (status, message) in REFUSALS.items():
        assert status in (400, 409), problem
        assert str(message), problem
