"""Hard's own habits at the table, as rules (see ``turn.py``); ``hard.py`` lists them.

They play when no defence rule has picked a card: a strong player's following and
discarding, from the seat's view only (the cards still out, the voids shown).
"""

from __future__ import annotations

from games.engine.hearts.cards import (
    HEARTS,
    QS_BIT,
    QUEEN_SPADES,
    SPADES,
    SUIT_MASKS,
    highest,
    ids,
    lowest,
)
from games.engine.hearts.players.base import best_of
from games.engine.hearts.players.medium import HIGH_SPADES
from games.engine.hearts.players.tracking import Reading, below
from games.engine.hearts.players.turn import Turn, kept

EARLY_TRICKS = 2  # tricks played up to which Hard sheds high cards on clean tricks
EARLY_UNSEEN = 5  # … when at least this many cards of the suit are still out
HEART_DANGER = 3  # discard priority of a heart over another card as dangerous


def clean(r: Reading) -> bool:
    """No points in the trick, nobody after this seat known void in the suit led, and not
    a spade trick with the Q♠ still out: nothing bad can land on it."""
    return r.trick_points == 0 and not r.later_void(r.led) and (r.led != SPADES or not r.qs_unseen)


def top_but_queen(follow: int) -> int:
    return highest(follow & ~QS_BIT or follow)


# Following ---------------------------------------------------------------------------------


def first_trick_highest(turn: Turn, follow: int) -> int | None:
    """No points may fall on the first trick: shed the highest."""
    return highest(follow) if turn.reading.first_trick else None


def take_clean_trick_last(turn: Turn, follow: int) -> int | None:
    """Last to play on a trick without points: take it with the highest card, shedding it."""
    r = turn.reading
    if r.position == 3 and r.trick_points == 0:
        top = top_but_queen(follow)
        if top > r.win_card:
            return top
    return None


def shed_high_early(turn: Turn, follow: int) -> int | None:
    """In the first three tricks, on a clean trick in a suit with five or more cards out,
    shed the highest card even though it could duck: everyone still follows."""
    r = turn.reading
    if (
        below(follow, r.win_card)
        and clean(r)
        and len(r.view.tricks) <= EARLY_TRICKS
        and r.unseen_in(r.led).bit_count() >= EARLY_UNSEEN
    ):
        top = top_but_queen(follow)
        if top > r.win_card:
            return top
    return None


def duck(turn: Turn, follow: int) -> int | None:
    """The highest card that still loses to the card winning the trick."""
    under = below(follow, turn.reading.win_card)
    return highest(under) if under else None


def highest_when_last(turn: Turn, follow: int) -> int | None:
    """It must win, and plays last: the highest card (not the Q♠), shedding it."""
    r = turn.reading
    if r.position == 3 and not below(follow, r.win_card):
        return top_but_queen(follow)
    return None


def highest_when_clean(turn: Turn, follow: int) -> int | None:
    """It must win a trick that is clean so far: the highest card (not the Q♠)."""
    r = turn.reading
    if not below(follow, r.win_card) and clean(r):
        return top_but_queen(follow)
    return None


def lowest_but_queen(turn: Turn, follow: int) -> int | None:
    """Otherwise the lowest card, never the Q♠ by choice."""
    return lowest(follow & ~QS_BIT or follow)


# Discarding --------------------------------------------------------------------------------


def queen_of_spades(turn: Turn, cards: int) -> int | None:
    return QUEEN_SPADES if cards & QS_BIT else None


def high_spade_while_queen_out(turn: Turn, cards: int) -> int | None:
    """The A♠ or K♠ while the Q♠ is still out: either could draw it."""
    if turn.reading.qs_unseen and cards & HIGH_SPADES:
        return highest(cards & HIGH_SPADES)
    return None


def danger(r: Reading, card: int) -> int:
    """How likely ``card`` is to win a trick later: the unseen cards of its suit below
    it, plus 2 when it is the last card of its suit (shedding it makes a void)."""
    suit = card // 13
    lower_out = below(r.unseen, card).bit_count()
    if (r.hand & SUIT_MASKS[suit]).bit_count() == 1 and r.unseen_in(suit):
        lower_out += 2
    return lower_out


def most_dangerous(turn: Turn, cards: int) -> int | None:
    """Of the cards the discard keeps leave: the one most likely to win a trick later,
    hearts first, the higher of equals."""
    r = turn.reading
    cards = kept(turn.player.discard_keeps, turn, cards)

    def key(card: int) -> tuple[int, int]:
        bonus = HEART_DANGER if card // 13 == HEARTS else 0
        return (danger(r, card) + bonus, card % 13)

    return best_of(ids(cards), key, turn.rng)


# Leading -----------------------------------------------------------------------------------


def lead_by_cost(turn: Turn, cards: int) -> int | None:
    """Of the cards the lead keeps leave: the lowest of the suit with the lowest lead cost
    (``HardPlayer.lead_cost``)."""
    cards = kept(turn.player.lead_keeps, turn, cards)
    return turn.player.lead(turn.reading, cards, turn.rng)
