"""The table's geometry (docs/rules.md#hearts-pass): where each pass goes, read from one place."""

import pytest

from games.engine.hearts import pass_source, pass_target
from games.engine.hearts.seats import PASS_OFFSETS, SEATS


@pytest.mark.parametrize(
    ("direction", "receivers"),
    [
        ("left", (1, 2, 3, 0)),
        ("across", (2, 3, 0, 1)),
        ("right", (3, 0, 1, 2)),
        ("none", (0, 1, 2, 3)),
    ],
)
def test_pass_goes_left_across_or_right_clockwise(direction, receivers):
    assert tuple(pass_target(seat, direction) for seat in range(SEATS)) == receivers


@pytest.mark.parametrize("direction", list(PASS_OFFSETS))
def test_pass_source_is_the_seat_whose_pass_arrives(direction):
    for seat in range(SEATS):
        assert pass_target(pass_source(seat, direction), direction) == seat
