"""Hard's moon defence, as rules and keeps (see ``turn.py``); ``hard.py`` lists them.

Each rule reads the seat's own view and the cards it may play. The defence only ever
chooses among the cards the shared watch leaves (``moon.watch``): it never hands the
watch's suspect a point card when another legal card exists.

The rules against a suspect (``turn.suspect``, named by ``hard.SUSPECTS``) are
tried first; "alarmed" means the suspect also dominates the tricks or shows the signs
(``suspicion.alarmed``), a real attempt most likely, against which Hard pays to keep
its high cards as stoppers. The keeps hold back, while a moon is still open, the cards
that can take a heart trick from any shooter.
"""

from __future__ import annotations

from games.engine.bitmasks import bits_mask
from games.engine.hearts.cards import (
    HEART_MASK,
    HEARTS,
    QS_BIT,
    QUEEN_SPADES,
    SUIT_MASKS,
    highest,
    ids,
    lowest,
)
from games.engine.hearts.players import moon
from games.engine.hearts.players.base import best_of
from games.engine.hearts.players.suspicion import moon_open
from games.engine.hearts.players.tracking import above
from games.engine.hearts.players.turn import Turn
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

ACE_HEARTS = 13 * HEARTS + 12
KING_HEARTS = 13 * HEARTS + 11
ACE_HEARTS_BIT = 1 << ACE_HEARTS
KING_HEARTS_BIT = 1 << KING_HEARTS
HEARTS_UNDER_ACE = 3  # other hearts that let Hard keep the A♥ from an A♥ + K♥ pass
HEARTS_UNDER_KING = 3  # other hearts that let Hard keep the K♥ (the A♥ out) when it discards


# Leading against the suspect ---------------------------------------------------------------


def lead_unbeatable_heart(turn: Turn, cards: int) -> int | None:
    """A heart nobody can beat: one heart trick taken away from the moon."""
    hearts = cards & HEART_MASK
    if hearts and not above(turn.reading.unseen, highest(hearts)):
        return highest(hearts)
    return None


def lead_into_suspects_void(turn: Turn, cards: int) -> int | None:
    """The lowest card of a suit the suspect has shown a void in: it cannot win the trick."""
    r = turn.reading
    voids = r.voids[turn.suspect]
    for suit in range(3):
        mine = cards & SUIT_MASKS[suit]
        if voids >> suit & 1 and mine and r.unseen_in(suit):
            return lowest(mine)
    return None


def no_heart_lead(turn: Turn, cards: int) -> int:
    """Keep: against a suspect, no heart lead (it could beat it) while another suit is left."""
    if turn.suspect is not None and cards & ~HEART_MASK and cards & HEART_MASK:
        return cards & ~HEART_MASK
    return cards


# Following against the suspect -------------------------------------------------------------


def take_from_suspect(turn: Turn, follow: int) -> int | None:
    """The suspect is winning: beat it with the lowest card that does (the Q♠ last)."""
    r = turn.reading
    if r.win_seat == turn.suspect:
        beat = above(follow, r.win_card)
        if beat:
            return lowest(beat & ~QS_BIT or beat)
    return None


def overtake_before_suspect(turn: Turn, follow: int) -> int | None:
    """A point trick another seat is winning, an alarming suspect still to play: take the
    points with Hard's highest card of the suit when nothing unseen beats it."""
    r = turn.reading
    if r.trick_points and turn.strong and moon.could_take_trick(r.view, turn.suspect, r.win_seat):
        top = highest(follow & ~QS_BIT or follow)
        if top > r.win_card and not above(r.unseen, top):
            return top
    return None


def follow_low_when_alarmed(turn: Turn, follow: int) -> int | None:
    """It cannot take the trick from an alarming suspect now: keep the high cards."""
    if turn.strong:
        return lowest(follow & ~QS_BIT or follow)
    return None


def follow_hearts_low(turn: Turn, follow: int) -> int | None:
    """On a heart lead, the lowest heart: the top hearts stay to beat the suspect's last low one."""
    if turn.reading.led == HEARTS:
        return lowest(follow & ~QS_BIT or follow)
    return None


# Discarding against the suspect ------------------------------------------------------------


def queen_to_others(turn: Turn, cards: int) -> int | None:
    """The Q♠ on a trick the suspect can no longer win: 13 points to another seat."""
    r = turn.reading
    if cards & QS_BIT and not moon.could_take_trick(r.view, turn.suspect, r.win_seat):
        return QUEEN_SPADES
    return None


def heart_to_others(turn: Turn, cards: int) -> int | None:
    """The highest heart on a trick the suspect can no longer win: a point elsewhere."""
    r = turn.reading
    hearts = cards & HEART_MASK
    if hearts and not moon.could_take_trick(r.view, turn.suspect, r.win_seat):
        return highest(hearts)
    return None


def lowest_heart_when_forced(turn: Turn, cards: int) -> int | None:
    """Nothing but hearts (and the Q♠) to throw: the lowest heart, keeping the top ones."""
    if not cards & ~HEART_MASK & ~QS_BIT and cards & HEART_MASK:
        return lowest(cards & HEART_MASK)
    return None


def heart_before_last_stopper(turn: Turn, cards: int) -> int | None:
    """Against an alarming suspect, when every other card is a stopper (nothing unseen
    beats it): the lowest heart — a point costs less than the trick that ends the moon."""
    safe = cards & ~HEART_MASK & ~QS_BIT
    if not safe or not cards & HEART_MASK or not turn.strong:
        return None
    unseen = turn.reading.unseen
    if any(above(unseen, c) for c in ids(safe)):
        return None
    return lowest(cards & HEART_MASK)


def discard_low_when_alarmed(turn: Turn, cards: int) -> int | None:
    """Against an alarming suspect: the lowest card that is no stopper, keeping the rest."""
    safe = cards & ~HEART_MASK & ~QS_BIT
    if not safe or not turn.strong:
        return None
    unseen = turn.reading.unseen
    return best_of(ids(safe), lambda c: (bool(above(unseen, c)), -(c % 13)), turn.rng)


# Keeps while a moon is open (any seat's) ---------------------------------------------------


def no_heart_on_own_queen(turn: Turn, cards: int) -> int:
    """No heart on a trick a seat is winning with its own Q♠ while every point so far is
    its own (nobody does that but a shooter); only hearts: the lowest."""
    r = turn.reading
    if not cards & HEART_MASK or r.win_card != QUEEN_SPADES:
        return cards
    taken = r.view.taken
    if sum(taken) != taken[r.win_seat]:
        return cards
    return cards & ~HEART_MASK or 1 << lowest(cards)


def keep_king_of_hearts(turn: Turn, cards: int) -> int:
    """The K♥ (the A♥ out) with three other hearts under it waits for its heart trick."""
    if not cards & KING_HEARTS_BIT or cards & ACE_HEARTS_BIT:
        return cards
    r = turn.reading
    under = r.hand & HEART_MASK & ~KING_HEARTS_BIT & ~ACE_HEARTS_BIT
    rest = cards & ~KING_HEARTS_BIT
    if rest and under.bit_count() >= HEARTS_UNDER_KING and moon_open(r.view):
        return rest
    return cards


def keep_ace_of_hearts(turn: Turn, cards: int) -> int:
    """The A♥ can always take a heart trick from a shooter."""
    if cards & ACE_HEARTS_BIT and cards & ~ACE_HEARTS_BIT and moon_open(turn.reading.view):
        return cards & ~ACE_HEARTS_BIT
    return cards


# The pass ----------------------------------------------------------------------------------


def ace_from_ace_king_pass(player, view: SeatView, chosen: list[int], rng: SplitMix64) -> list[int]:
    """A pass that would give the A♥ and the K♥ together keeps the A♥ (and passes the next
    card) when three other hearts stay with it: they let the A♥ wait for its heart trick."""
    if ACE_HEARTS not in chosen or KING_HEARTS not in chosen:
        return chosen
    passed = bits_mask(chosen)
    if (view.hand & HEART_MASK & ~passed).bit_count() < HEARTS_UNDER_ACE:
        return chosen
    rest = [c for c in chosen if c != ACE_HEARTS]
    keep_queen = bool(view.hand & QS_BIT) and QUEEN_SPADES not in chosen
    rest.append(player._best_pass_card(view.hand & ~passed, 1, keep_queen, rng))
    return rest
