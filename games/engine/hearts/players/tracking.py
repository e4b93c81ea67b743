"""What a computer seat can work out from its seat view, and nothing more.

``Reading`` gathers, for one decision, the facts every level may use: the cards
still unseen (held by the other three seats — including, after the exchange, the
cards this seat passed, which it has forgotten), the trick on the table (suit led,
who is winning, points in it, who plays after this seat), and, on request, the
voids each seat has shown by not following suit. All of it comes from the view:
own hand, the cards played with who played them, the points taken.

Cards are ids (suit * 13 + rank index) and sets of cards are bit masks, so
"my spades below the current winner" is a couple of integer operations.
"""

from __future__ import annotations

from games.engine.hearts.cards import (
    ALL_CARDS,
    POINT_MASK,
    QS_BIT,
    SUIT_MASKS,
    mask_points,
)
from games.engine.hearts.seat_view import SeatView


def below(mask: int, card: int) -> int:
    """The cards of ``mask`` in ``card``'s suit that rank below it."""
    return mask & SUIT_MASKS[card // 13] & ((1 << card) - 1)


def above(mask: int, card: int) -> int:
    """The cards of ``mask`` in ``card``'s suit that rank above it."""
    return mask & SUIT_MASKS[card // 13] & ~((2 << card) - 1)


class Reading:
    """One seat's reading of the table for one decision (built from its view only)."""

    __slots__ = (
        "after",
        "first_trick",
        "hand",
        "led",
        "legal",
        "played",
        "position",
        "qs_unseen",
        "seat",
        "trick",
        "trick_points",
        "unseen",
        "view",
        "voids",
        "win_card",
        "win_seat",
    )

    def __init__(self, view: SeatView, track_voids: bool = False) -> None:
        self.view = view
        seat = self.seat = view.seat
        self.hand = view.hand
        self.legal = view.legal
        self.played = view.played
        self.unseen = ALL_CARDS & ~view.hand & ~view.played
        self.qs_unseen = bool(self.unseen & QS_BIT)
        self.first_trick = not view.tricks
        trick = self.trick = view.trick
        n = self.position = len(trick)  # 0 when this seat leads
        self.after = tuple((seat + i) % 4 for i in range(1, 4 - n))
        if n:
            led = self.led = trick[0] // 13
            best, best_i = trick[0], 0
            for i in range(1, n):
                c = trick[i]
                if c // 13 == led and c > best:
                    best, best_i = c, i
            self.win_card = best
            self.win_seat = (view.trick_leader + best_i) % 4
            mask = 0
            for c in trick:
                mask |= 1 << c
            self.trick_points = mask_points(mask)
        else:
            self.led = None
            self.win_card = None
            self.win_seat = None
            self.trick_points = 0
        self.voids = self._voids(view) if track_voids else None

    @staticmethod
    def _voids(view: SeatView) -> list[int]:
        """Per seat, a 4-bit set of the suits it has shown it no longer holds."""
        voids = [0, 0, 0, 0]
        for leader, cards, _ in view.tricks:
            led = cards[0] // 13
            for i in range(1, 4):
                if cards[i] // 13 != led:
                    voids[(leader + i) % 4] |= 1 << led
        trick = view.trick
        if trick:
            led = trick[0] // 13
            for i in range(1, len(trick)):
                if trick[i] // 13 != led:
                    voids[(view.trick_leader + i) % 4] |= 1 << led
        return voids

    # Convenience -------------------------------------------------------------------------

    def unseen_in(self, suit: int) -> int:
        return self.unseen & SUIT_MASKS[suit]

    def later_void(self, suit: int) -> bool:
        """Whether a seat still to play in this trick is known to be void in ``suit``."""
        if self.voids is None:
            return False
        return any(self.voids[s] >> suit & 1 for s in self.after)

    @property
    def points_unseen(self) -> int:
        return mask_points(self.unseen & POINT_MASK)
