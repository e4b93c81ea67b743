"""Hard's reading of a moon attempt: whom it suspects, and how sure it is.

Everything here reads one seat's view only — its own pass received, the tricks played
and who won them, the points taken. The other levels keep only the shared watch
(``moon.py``); this is Hard's alone.

- ``moon_signs``: what a strong player reads as a seat playing for the moon — a pass of
  three low cards to this seat (enough alone), winners cashed on its own leads, heart
  tricks it led and won.
- ``alarm``: those signs, two more for a seat that won a trick with its own Q♠, one for
  having points and one for two tricks won; nothing at all for a seat that threw a
  queen or better under a higher card (a shooter keeps its high cards).
- ``dominates``: at least three tricks won, two in three of those played.
- ``watch_suspect``, ``dominating_scorer``, ``showing_signs``: rules that name the seat
  Hard defends against (``hard.SUSPECTS`` lists them; the first to name one wins).
"""

from __future__ import annotations

from games.engine.bitmasks import bits_mask
from games.engine.hearts.cards import ALL_CARDS, HEARTS, QUEEN_SPADES, ids
from games.engine.hearts.players import moon
from games.engine.hearts.players.tracking import above
from games.engine.hearts.seat_view import SeatView
from games.engine.hearts.seats import SEATS, pass_source

LOW_PASS_TOP = 6  # rank index of the 8: a pass of three cards no higher reads as a moon sign
LOW_PASS_SIGNS = 3  # a low pass alone is enough: only a shooter keeps its high cards
HIGH_LEAD = 10  # rank index of the queen: leading a queen or better and winning is a sign
QUEEN_SIGNS = 2  # for a seat that won a trick with its own Q♠ (nobody does by choice)
HIGH_UNDER = 10  # rank index of the queen: one played under a higher card clears a seat
ALARM_SIGNS = 3  # signs (see ``alarm``) that make a seat the suspect, and Hard keep stoppers


def moon_signs(view: SeatView, seat: int) -> int:
    """What a strong player reads as ``seat`` playing for the moon, from this view only.

    Three for a pass to this seat of three cards no higher than an 8 (the others pass
    their high cards and the Q♠; a shooter keeps them); one per trick ``seat`` led and
    won with a queen or better, or with the top card of its suit still out (not the
    Q♠) — the levels lead their lowest card of a suit, a shooter cashes its winners;
    one more when that trick it led and won was a heart.
    """
    signs = 0
    direction = view.pass_direction
    passer = direction != "none" and pass_source(view.seat, direction) == seat
    if passer and view.received and max(c % 13 for c in ids(view.received)) <= LOW_PASS_TOP:
        signs += LOW_PASS_SIGNS
    gone = 0  # the cards played before the trick being read
    for leader, cards, winner in view.tricks:
        lead = cards[0]
        if winner == seat:
            cashed = not above(ALL_CARDS & ~gone, lead)  # the top card of its suit still out
            if leader == seat and lead != QUEEN_SPADES:
                signs += lead % 13 >= HIGH_LEAD or cashed
                signs += lead // 13 == HEARTS
        for c in cards:
            gone |= 1 << c
    return signs


def ducked_high(view: SeatView, seat: int, rank: int) -> bool:
    """Whether ``seat`` followed suit with a card of at least ``rank`` (a rank index) under
    a higher card of the suit already on the trick: it threw a high card away."""
    for leader, cards, _ in view.tricks:
        pos = (seat - leader) % 4
        if pos:
            card = cards[pos]
            led = card // 13 == cards[0] // 13
            if led and card % 13 >= rank and above(bits_mask(cards[:pos]), card):
                return True
    return False


def alarm(view: SeatView, seat: int) -> int:
    """How strongly ``seat``'s play so far reads as a moon attempt: ``moon_signs``, two
    for each trick it won with its own Q♠, one for having points, one for two tricks won
    — and none at all once it has thrown a queen or better under a winner."""
    if ducked_high(view, seat, HIGH_UNDER):
        return 0  # it threw a high card away under a winner: a shooter keeps them
    won = sum(1 for _, _, winner in view.tricks if winner == seat)
    signs = moon_signs(view, seat)
    for leader, cards, winner in view.tricks:
        if winner == seat and cards[(seat - leader) % 4] == QUEEN_SPADES:
            signs += QUEEN_SIGNS  # it won its own Q♠: nobody takes 13 by choice
    return signs + (view.taken[seat] > 0) + (won >= 2)


def dominates(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has won at least three tricks and two in three of those played."""
    won = sum(1 for _, _, winner in view.tricks if winner == seat)
    return won >= 3 and won * 3 >= len(view.tricks) * 2


def alarmed(view: SeatView, seat: int) -> bool:
    """A suspect worth paying for: it dominates the tricks or shows the signs."""
    return dominates(view, seat) or alarm(view, seat) >= ALARM_SIGNS


def moon_open(view: SeatView) -> bool:
    """Whether another seat can still shoot: nobody has a point, or one other seat has all."""
    scorers = [s for s in range(SEATS) if view.taken[s]]
    return not scorers or (len(scorers) == 1 and scorers[0] != view.seat)


# Whom Hard suspects: each rule reads the view and names a seat, or None -------------------


def watch_suspect(view: SeatView) -> int | None:
    """The shared watch's suspect: every point so far, and at least 12 of them."""
    return moon.moon_suspect(view)


def dominating_scorer(view: SeatView) -> int | None:
    """Earlier: the one seat with points, when it also dominates the tricks."""
    scorers = [s for s in range(SEATS) if view.taken[s]]
    if len(scorers) == 1 and dominates(view, scorers[0]):
        return scorers[0]
    return None


def showing_signs(view: SeatView) -> int | None:
    """Earlier still: a seat that could still shoot (every point so far is its own, or
    nobody has one) and shows the signs (``alarm``)."""
    scorers = [s for s in range(SEATS) if view.taken[s]]
    if len(scorers) > 1:
        return None
    for seat in scorers or range(SEATS):
        if seat != view.seat and alarm(view, seat) >= ALARM_SIGNS:
            return seat
    return None


def suspect(rules, view: SeatView) -> int | None:
    """The seat the first of ``rules`` names (it may be the viewer itself), or None."""
    for rule in rules:
        seat = rule(view)
        if seat is not None:
            return seat
    return None
