"""What every computer level shares: the decision entry points and the moon watch.

A player is stateless: each decision is a function of the seat view and a
SplitMix64 stream for ties, so a saved game replays identically and nothing
a seat forgot (its own pass) can leak through a player's memory.
"""

from __future__ import annotations

from games.engine.hearts.cards import lowest
from games.engine.hearts.players import moon
from games.engine.hearts.players.tracking import Reading
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64


def pick_lowest_rank(cards: list[int], rng: SplitMix64) -> int:
    """The lowest-ranked of ``cards``; a tie between suits is broken by ``rng``."""
    best = min(c % 13 for c in cards)
    tied = [c for c in cards if c % 13 == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def pick_highest_rank(cards: list[int], rng: SplitMix64) -> int:
    best = max(c % 13 for c in cards)
    tied = [c for c in cards if c % 13 == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def best_of(cards: list[int], key, rng: SplitMix64) -> int:
    """The card with the greatest ``key``; equally good cards are decided by ``rng``."""
    keys = [key(c) for c in cards]
    top = max(keys)
    tied = [c for c, k in zip(cards, keys, strict=True) if k == top]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


class ComputerPlayer:
    """A computer level. Subclasses choose a pass and a card from a reading of the view."""

    name = "player"
    on_site = False  # offered on the site's level menu
    moon_watch = True  # docs/rules.md#hearts-computers (off only in measurement variants)
    track_voids = False
    remembers_pass = False  # the seat view keeps its own pass (test-only searcher only)

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        """Three card ids from the seat's own hand."""
        raise NotImplementedError

    def choose_play(self, view: SeatView, rng: SplitMix64) -> int:
        """One card id from ``view.legal``."""
        legal = view.legal
        if not legal:
            raise ValueError("no card to play: it is not this seat's turn")
        if not legal & (legal - 1):
            return lowest(legal)  # one legal card: nothing to decide
        reading = Reading(view, track_voids=self.track_voids)
        allowed = legal
        if self.moon_watch:
            allowed = moon.watch(view, legal, reading.win_seat)
        card = self.play(reading, allowed, rng)
        assert allowed >> card & 1, f"{self.name} chose a card outside its allowed set"
        return card

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
