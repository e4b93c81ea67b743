"""The heart's shape: where positions 1–25 lie and which cards cover which.

The table and the covering rule are docs/rules.md#h2h-layout.

Shared by the rules, the board view, the solver and the page's card positions.
"""

from __future__ import annotations

LAYOUT_SIZE = 25

# The heart, row by row: x offsets in half-card units (docs/rules.md#h2h-layout).
ROW_OFFSETS: tuple[tuple[int, ...], ...] = (
    (-4, -2, 2, 4),
    (-5, -3, -1, 1, 3, 5),
    (-4, -2, 0, 2, 4),
    (-3, -1, 1, 3),
    (-2, 0, 2),
    (-1, 1),
    (0,),
)


def _geometry() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """Places (row, x) of positions 1–25, and for each the positions that cover it."""
    places = [(row, x) for row, offsets in enumerate(ROW_OFFSETS, 1) for x in offsets]
    where = {place: pos for pos, place in enumerate(places, 1)}
    covered_by = tuple(
        tuple(where[(row + 1, x + dx)] for dx in (-1, 1) if (row + 1, x + dx) in where)
        for row, x in places
    )
    return tuple(places), covered_by


PLACES, COVERED_BY = _geometry()  # index 0 = position 1
FULL_MASK = (1 << LAYOUT_SIZE) - 1
# Bit p-1 stands for position p; COVER_MASKS[p-1] holds the bits of the cards covering p.
COVER_MASKS: tuple[int, ...] = tuple(sum(1 << (c - 1) for c in covers) for covers in COVERED_BY)


def is_free(removed: int, pos: int) -> bool:
    """Position ``pos`` is still in the heart and every card that covered it has gone."""
    mask = COVER_MASKS[pos - 1]
    return not removed >> (pos - 1) & 1 and removed & mask == mask
