"""One decision of Hard's, and the two loops that run its lists of rules.

Hard decides by ordered lists of small named rules (``hard.py`` shows them on one
screen). A **rule** is a function ``rule(turn, cards) -> card or None``: it looks at what
the seat has seen (``turn.reading``, built from its seat view only) and the cards it may
play, and either picks one or passes to the next rule. A **keep** is a function
``keep(turn, cards) -> cards``: it sets some cards aside (a stopper, the A♥) and leaves
the rest to the rule that weighs them. A variant of Hard drops or reorders rules and
keeps; there are no switches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.engine.hearts.players.suspicion import alarmed
from games.engine.hearts.players.tracking import Reading
from games.engine.rng import SplitMix64


class Turn:
    """What a rule may use: the reading of the table, the tie stream, the seat Hard
    suspects of shooting (None: nobody, or itself) and the player (for its weights)."""

    __slots__ = ("_strong", "player", "reading", "rng", "suspect")

    def __init__(self, player: Any, reading: Reading, rng: SplitMix64, suspect: int | None) -> None:
        self.player = player
        self.reading = reading
        self.rng = rng
        self.suspect = suspect
        self._strong: bool | None = None

    @property
    def strong(self) -> bool:
        """Whether the suspect also dominates the tricks or shows the signs (read once)."""
        if self._strong is None:
            self._strong = alarmed(self.reading.view, self.suspect)
        return self._strong


Rule = Callable[[Turn, int], "int | None"]
Keep = Callable[[Turn, int], int]


def first_card(rules: Iterable[Rule], turn: Turn, cards: int) -> int | None:
    """The card of the first rule that picks one, or None when every rule passes."""
    for rule in rules:
        card = rule(turn, cards)
        if card is not None:
            return card
    return None


def kept(keeps: Iterable[Keep], turn: Turn, cards: int) -> int:
    """``cards`` with what each keep sets aside taken out, in order."""
    for keep in keeps:
        cards = keep(turn, cards)
    return cards
