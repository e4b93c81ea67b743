"""The floor: a uniformly random legal card and a random pass (tournaments only)."""

from __future__ import annotations

from games.engine.hearts.cards import nth_card
from games.engine.hearts.players.base import ComputerPlayer
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64


class RandomPlayer(ComputerPlayer):
    name = "random"
    moon_watch = False  # uniformly random means no judgement at all

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        hand = view.hand
        chosen = []
        for _ in range(3):
            card = nth_card(hand, rng.below(hand.bit_count()))
            chosen.append(card)
            hand &= ~(1 << card)
        return chosen

    def choose_play(self, view: SeatView, rng: SplitMix64) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("no card to play: it is not this seat's turn")
        return nth_card(legal, rng.below(legal.bit_count()))
