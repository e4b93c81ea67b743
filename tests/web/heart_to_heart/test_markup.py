"""The heart's slots are placed by classes (no inline style), one per row and column."""

from __future__ import annotations

import re
from pathlib import Path

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.views.heart_to_heart.heart_markup import heart_slots, position_classes

CSS = (Path(__file__).resolve().parents[3] / "static" / "css" / "site.css").read_text()


def test_positions_follow_spec_layout_table():
    assert position_classes(1) == "r1 x-4"
    assert position_classes(10) == "r2 x5"
    assert position_classes(13) == "r3 x0"
    assert position_classes(25) == "r7 x0"


def test_every_position_class_is_defined_in_the_stylesheet():
    for pos in range(1, 26):
        row, x = position_classes(pos).split()
        assert re.search(rf"\.{row} \{{ --row: {row[1:]}; \}}", CSS), row
        assert re.search(rf"\.{x} \{{ --x: {x[1:]}; \}}", CSS), x


def test_slots_carry_the_spec_hooks_and_no_style_attribute():
    board = engine.view(engine.new_game(EXAMPLE_CODE))
    html = heart_slots(board, help=True, interactive=True)
    assert "style=" not in html
    assert len(re.findall(r'data-pos="\d+"', html)) == 25
    point = re.search(r'<button[^>]*data-pos="25"[^>]*>', html).group(0)
    assert 'data-state="free"' in point and 'class="card slot r7 x0"' in point
    assert 'aria-pressed="false"' in point
    disabled = heart_slots(board, help=False, interactive=False)
    assert disabled.count(" disabled") == 25
    assert "data-hint" not in disabled
