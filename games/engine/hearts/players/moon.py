"""The moon watch, shared word for word by every level (docs/rules.md#hearts-computers).

As soon as one seat has taken 12 or more points in the deal and nobody else has
any, the other seats stop giving it point cards whenever another legal card
exists: when that seat is winning the trick on the table, or has still to play
to it (and so could win it), point cards leave the set of cards a level may
choose from. A seat never watches itself — and no level ever tries to shoot.
"""

from __future__ import annotations

from games.engine.hearts.cards import POINT_MASK
from games.engine.hearts.seat_view import SeatView

WATCH_POINTS = 12


def moon_suspect(view: SeatView) -> int | None:
    """The seat that holds every point taken so far, once it has at least 12; else None."""
    taken = view.taken
    for seat in range(4):
        if taken[seat] >= WATCH_POINTS:
            if sum(taken) == taken[seat]:
                return seat
            return None
    return None


def could_take_trick(view: SeatView, seat: int, win_seat: int | None) -> bool:
    """Whether ``seat`` can still end up with the trick on the table."""
    n = len(view.trick)
    played = {(view.trick_leader + i) % 4 for i in range(n)}
    return seat not in played or seat == win_seat


def watch(view: SeatView, allowed: int, win_seat: int | None) -> int:
    """``allowed`` without its point cards when they could feed a suspected moon."""
    suspect = moon_suspect(view)
    if suspect is None or suspect == view.seat:
        return allowed
    if not could_take_trick(view, suspect, win_seat):
        return allowed
    safe = allowed & ~POINT_MASK
    return safe or allowed
