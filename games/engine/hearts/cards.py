"""Hearts' compact card representation: cards as ints 0..51, hands as 52-bit masks.

Card ``c`` is suit ``c // 13`` (0 clubs, 1 diamonds, 2 spades, 3 hearts: the hand display
order, docs/rules.md#hearts-hand-order) and rank ``c % 13 + 2`` (2..14, ace high). So
ascending card ids are exactly the order a hand is shown in, and ``full_deck()`` lists
the codes in id order. Card codes ("10H", "QS") exist only at the engine's boundary: the
rules and the computer players work on ints and bit masks, which keeps a full random game
around a couple of milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.bitmasks import set_bits
from games.engine.cards import SUITS, CardError, full_deck, parse_card

CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")

ALL_CARDS = (1 << 52) - 1
SUIT_BITS = 0x1FFF  # the 13 ranks of one suit, as a mask shifted down to bit 0
SUIT_MASKS = tuple(SUIT_BITS << (13 * s) for s in range(4))
HEART_MASK = SUIT_MASKS[HEARTS]

TWO_CLUBS = 0
QUEEN_SPADES = SPADES * 13 + 10
KING_SPADES = SPADES * 13 + 11
ACE_SPADES = SPADES * 13 + 12
QS_BIT = 1 << QUEEN_SPADES
POINT_MASK = HEART_MASK | QS_BIT

CODES: tuple[str, ...] = tuple(full_deck())
_ID_BY_CODE = {code: i for i, code in enumerate(CODES)}
assert _ID_BY_CODE["2C"] == TWO_CLUBS and _ID_BY_CODE["QS"] == QUEEN_SPADES
assert tuple(code[-1] for code in CODES[::13]) == SUITS


def card_id(card: str | int) -> int:
    """A card code (any case) or an id → the id. Raises CardError for anything else."""
    if isinstance(card, int) and not isinstance(card, bool):
        if 0 <= card < 52:
            return card
        raise CardError(f"{card!r} is not a card")
    found = _ID_BY_CODE.get(card) if isinstance(card, str) else None
    if found is not None:
        return found
    rank, suit = parse_card(card)  # raises CardError with a clear message
    return SUITS.index(suit) * 13 + rank - 2


def code(card: int) -> str:
    return CODES[card]


def mask_points(mask: int) -> int:
    """Penalty points in a set of cards: hearts 1 each, Q♠ 13."""
    return (mask & HEART_MASK).bit_count() + (13 if mask & QS_BIT else 0)


# The cards of a mask, ascending: clubs, diamonds, spades, hearts, each low to high.
ids = set_bits


def codes(mask: int) -> list[str]:
    return [CODES[c] for c in ids(mask)]


def mask_of(cards: Iterable[int | str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card_id(card)
    return mask


def nth_card(mask: int, n: int) -> int:
    """The n-th card (0-based, ascending) of a mask; n must be below its card count."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def lowest(mask: int) -> int:
    """Lowest card id in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """Highest card id in a non-empty mask."""
    return mask.bit_length() - 1
