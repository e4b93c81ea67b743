"""The table's geometry (docs/rules.md#hearts-pass): four seats, and where a pass goes.

Seats are numbered clockwise from the person (0, bottom): 1 is their left, 2 across,
3 their right, and play runs 0 → 1 → 2 → 3. This is the one place that says so: the
rules, the computer players and the page's markup all ask here.
"""

from __future__ import annotations

SEATS = 4

# Who receives: seat s passes to (s + offset) % 4 (no pass: it keeps its cards).
PASS_OFFSETS = {"left": 1, "across": 2, "right": 3, "none": 0}


def pass_target(seat: int, direction: str) -> int:
    """The seat that ``seat`` passes to in a deal passing ``direction``."""
    return (seat + PASS_OFFSETS[direction]) % SEATS


def pass_source(seat: int, direction: str) -> int:
    """The seat whose pass ``seat`` receives in a deal passing ``direction``."""
    return (seat - PASS_OFFSETS[direction]) % SEATS
