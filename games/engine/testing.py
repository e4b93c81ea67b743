"""Positions built by hand, for tests, docs and examples: the public builders of both games.

Heart to Heart::

    state = h2h_deal({1: "K", 25: "4"}, stock=["K"], waste="4")
    state = play_taps(state, 25, "waste")

Hearts:

    state = build_position(
        {0: ["2C", "AH", ...], 1: [...]},         # hands now (some or all seats)
        tricks=[(0, ["2C", "5C", "KC", "9C"])],   # finished tricks: (leader, cards)
        trick=["3D"],                             # the trick on the table
    )

Cards named nowhere are dealt, in id order, to the seats whose hands were not
given, each up to the size the tricks imply. Points taken, hearts broken, the
leader and whose turn it is follow from the tricks unless given.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence

from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart import BoardView, GameState, Target, deal_state, tap
from games.engine.hearts.cards import ALL_CARDS, HEART_MASK, card_id, ids, mask_of, mask_points
from games.engine.hearts.rules import (
    HUMAN,
    HUMAN_SEAT,
    HeartsOptions,
    HeartsState,
    Phase,
    check_consistent,
    collect_trick,
    computer_due,
    computer_move,
    legal_plays,
    next_deal,
    play_card,
    seat_view,
    submit_pass,
    trick_winner,
)

# --- Heart to Heart ------------------------------------------------------------------------


def h2h_deal(
    heart: Mapping[int, str] | None = None, stock: Sequence[str] = (), waste: str | None = None
) -> GameState:
    """A deal with the given ranks at the given places; the rest filled A, A, A, A, 2, …

    heart: {position: rank}; stock: its top cards, top first; waste: the face-up card.
    """
    heart = heart or {}
    left = Counter({rank: 4 for rank in H2H_RANKS})
    left.subtract([*heart.values(), *stock, *([waste] if waste else [])])
    if min(left.values()) < 0:
        raise ValueError("more than four of a rank")
    filler = iter(sorted(left.elements(), key=H2H_RANKS.index))
    layout = [heart.get(pos) or next(filler) for pos in range(1, 26)]
    piles = [*stock, *(next(filler) for _ in range(26 - len(stock)))]
    return deal_state("HH1-N-TESTING", [*layout, *piles, waste or next(filler)])


def play_taps(state: GameState, *targets: Target) -> GameState:
    """Tap each target in turn through the rules."""
    for target in targets:
        state = tap(state, target).state
    return state


def position_mask(*positions: int) -> int:
    """The ``removed``-style mask of layout positions (bit p-1 for position p)."""
    return sum(1 << (pos - 1) for pos in positions)


def hinted_positions(board: BoardView) -> tuple[int, ...]:
    """The layout positions placement help rings (the waste's ring is ``waste_hint``)."""
    return tuple(slot.pos for slot in board.slots if slot.hint)


def dimmed_positions(board: BoardView) -> tuple[int, ...]:
    """The layout positions placement help darkens while a card is selected."""
    return tuple(slot.pos for slot in board.slots if slot.dim)


# --- Hearts --------------------------------------------------------------------------------



def build_position(
    hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]],
    *,
    tricks: Sequence[tuple[int, Sequence[str]]] = (),
    trick: Sequence[str] = (),
    leader: int | None = None,
    taken: Sequence[int] | None = None,
    hearts_broken: bool | None = None,
    deal_number: int = 4,
    totals: Sequence[int] = (0, 0, 0, 0),
    deals: Sequence[tuple[Sequence[int], int | None]] = (),
    options: HeartsOptions | None = None,
    levels: Sequence[str] = (HUMAN, "random", "random", "random"),
    seed: int = 0,
    received: Sequence[Sequence[str]] = ((), (), (), ()),
) -> HeartsState:
    """A state in the play phase (or trick-done with four cards on the table).

    ``deal_number`` defaults to 4, a no-pass deal, so that nothing was received.
    """
    given = dict(enumerate(hands)) if not isinstance(hands, Mapping) else dict(hands)
    done = tuple(
        (int(ld), tuple(card_id(c) for c in cards), trick_winner(ld, [card_id(c) for c in cards]))
        for ld, cards in tricks
    )
    on_table = tuple(card_id(c) for c in trick)
    if leader is None and done:
        leader = done[-1][2]
    if leader is None and on_table:
        raise ValueError("give the leader of the first trick")
    played = mask_of(c for _, cards, _ in done for c in cards) | mask_of(on_table)
    hand_masks = {s: mask_of(h) for s, h in given.items()}
    free = ALL_CARDS & ~played
    for m in hand_masks.values():
        free &= ~m
    seats_played = {((leader or 0) + i) % 4 for i in range(len(on_table))}
    spare = ids(free)
    for seat in range(4):
        if seat in hand_masks:
            continue
        size = 13 - len(done) - (1 if seat in seats_played else 0)
        hand_masks[seat] = mask_of(spare[:size])
        spare = spare[size:]
    if spare:
        raise ValueError(f"{len(spare)} cards have no seat: give fewer hands or more cards")
    if leader is None:  # first trick, nothing played yet: the 2♣ leads
        leader = next(seat for seat in range(4) if hand_masks[seat] & 1)
    s = HeartsState.__new__(HeartsState)
    s.seed = seed
    s.options = options or HeartsOptions()
    s.levels = tuple(levels)
    s.deal_number = deal_number
    s.hands = tuple(hand_masks[seat] for seat in range(4))
    s.pending = (None, None, None, None)
    s.received = tuple(mask_of(r) for r in received)
    s.tricks = done
    s.trick = on_table
    s.trick_leader = leader
    s.played = played
    if taken is None:
        points = [0, 0, 0, 0]
        for _, cards, winner in done:
            points[winner] += mask_points(mask_of(cards))
        taken = points
    s.taken = tuple(taken)
    s.hearts_broken = bool(played & HEART_MASK) if hearts_broken is None else hearts_broken
    s.deals = tuple((tuple(sc), moon) for sc, moon in deals)
    s.totals = tuple(totals)
    s.step = 0
    if len(on_table) == 4:
        s.phase = Phase.TRICK_DONE
        s.trick_winner = trick_winner(leader, on_table)
        s.turn = None
    else:
        s.phase = Phase.PLAY
        s.trick_winner = None
        s.turn = (leader + len(on_table)) % 4
    check_consistent(s)
    return s


def next_step(state: HeartsState) -> HeartsState:
    """One step of a game where every seat is a computer: gather a finished trick, deal
    the next hand, or the due seat's pass or card."""
    if state.phase == Phase.TRICK_DONE:
        return collect_trick(state)
    if state.phase == Phase.DEAL_DONE:
        return next_deal(state)
    return computer_move(state)




def _first_three(state: HeartsState) -> list[int]:
    return ids(seat_view(state, HUMAN_SEAT).hand)[:3]


def _first_legal(state: HeartsState) -> str:
    return legal_plays(state, HUMAN_SEAT)[0]


def play_on(state: HeartsState, done, *, human_pass=_first_three, human_play=_first_legal,
            limit: int = 5000) -> HeartsState:
    """Play on until ``done(state)``: the computers as ``next_step`` does, seat 0 (the
    human) passing ``human_pass(state)`` and playing ``human_play(state)`` — by default
    its first three cards and its first legal card. A whole game is a few hundred steps;
    ``limit`` keeps a ``done`` that never comes from looping for ever."""
    for _ in range(limit):
        if done(state):
            return state
        if state.phase in (Phase.TRICK_DONE, Phase.DEAL_DONE) or computer_due(state):
            state = next_step(state)
        elif state.phase == Phase.PASS:
            state = submit_pass(state, HUMAN_SEAT, human_pass(state))
        else:
            state = play_card(state, HUMAN_SEAT, human_play(state))
    raise AssertionError(f"not done after {limit} steps")


# --- Both games ----------------------------------------------------------------------------


def through_json(state):
    """The state after a round trip through JSON text, as the database stores it."""
    return type(state).from_dict(json.loads(json.dumps(state.to_dict())))
