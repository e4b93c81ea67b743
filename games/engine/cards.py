"""Ranks, suits and card codes shared by both games.

A card code is the rank then the suit: ``A 2 … 10 J Q K`` + ``C D S H``,
e.g. ``"10H"``, ``"QS"`` (docs/rules.md#hooks-card-codes). In Hearts, ranks order
2 (low) … A (high); Heart to Heart only compares ranks for equality.
"""

from __future__ import annotations

# Rank values: 2..10, J=11, Q=12, K=13, A=14 (Hearts' order; A is high).
RANK_LABELS = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}
LABEL_RANKS = {label: value for value, label in RANK_LABELS.items()}

# Suits in the order a Hearts hand is shown (docs/rules.md#hearts-hand-order): ♣ ♦ ♠ ♥.
SUITS = ("C", "D", "S", "H")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}

# Heart to Heart's 13 ranks, Ace first, as the deck is described (A 2 … K).
H2H_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class CardError(ValueError):
    """A card code that does not name a card."""


def card_code(rank: int, suit: str) -> str:
    return RANK_LABELS[rank] + suit


def parse_card(code: str) -> tuple[int, str]:
    """``"10H"`` → ``(10, "H")``. Case-insensitive; raises CardError otherwise."""
    text = code.strip().upper() if isinstance(code, str) else ""
    if len(text) < 2 or text[-1] not in SUITS or text[:-1] not in LABEL_RANKS:
        raise CardError(f"{code!r} is not a card")
    return LABEL_RANKS[text[:-1]], text[-1]


def full_deck() -> list[str]:
    """The 52 codes in a fixed order (suit by suit, ranks ascending): the shuffle's input."""
    return [card_code(rank, suit) for suit in SUITS for rank in range(2, 15)]
