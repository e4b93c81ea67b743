"""Easy: a beginner with a few simple habits and no memory.

- Pass: the Q♠ if it has it, then its highest cards (rank only, whatever the suit).
- Lead: its lowest card.
- Follow: its lowest card of the suit led — it never thinks about ducking.
- Discard (void in the suit led): the Q♠, else its highest heart, else its highest card.
- Remembers nothing: not which cards are gone, not who is void.
- The moon watch, exactly as every level (see ``moon``).
"""

from __future__ import annotations

from games.engine.hearts.cards import HEART_MASK, QS_BIT, QUEEN_SPADES, SUIT_MASKS, highest, ids
from games.engine.hearts.players.base import ComputerPlayer, pick_highest_rank, pick_lowest_rank
from games.engine.hearts.players.tracking import Reading
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64


class EasyPlayer(ComputerPlayer):
    name = "easy"
    on_site = True

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        chosen = [QUEEN_SPADES] if view.hand & QS_BIT else []
        rest = ids(view.hand & ~QS_BIT)
        keys = {c: (-(c % 13), rng.next_u64()) for c in rest}  # highest rank, ties at random
        rest.sort(key=keys.__getitem__)
        return (chosen + rest)[:3]

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if reading.position == 0:
            return pick_lowest_rank(ids(allowed), rng)
        follow = allowed & SUIT_MASKS[reading.led]
        if follow:
            return (follow & -follow).bit_length() - 1
        if allowed & QS_BIT:
            return QUEEN_SPADES
        hearts = allowed & HEART_MASK
        if hearts:
            return highest(hearts)
        return pick_highest_rank(ids(allowed), rng)
