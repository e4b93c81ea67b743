"""Sampling the hands a seat cannot see, and playing a deal out fast: what the test-only
``planner`` and ``searcher`` share (no site level imports this module: they do not search).

- ``sample_hands`` deals the unseen cards to the other seats consistently with what the
  seat knows — each seat as many cards as it holds, none of a suit it has shown a void
  in, and any cards it surely holds (``known``: the searcher's pass) — and ``worlds``
  draws a fixed number of such deals, retrying the rare failed placement.
- ``deal_unseen`` deals every card but the seat's own hand at random (before the pass).
- ``candidates``: one card per run of equivalent legal cards.
- The play-outs' bit helpers: ``playout_legal``, ``trick_result``, ``cash_lead``, and the
  lowest/highest card by rank.

Every sample comes from the caller's SplitMix64 stream, so a player that samples stays
deterministic and reads nothing hidden.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.engine.hearts.cards import ALL_CARDS, HEART_MASK, POINT_MASK, SUIT_MASKS, ids
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

SUIT_OF = tuple(c // 13 for c in range(52))
SUIT_MASK_OF = tuple(SUIT_MASKS[c // 13] for c in range(52))
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
BELOW = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
NOT_POINTS = ALL_CARDS & ~POINT_MASK
_S0, _S1, _S2, _S3 = SUIT_MASKS
_SUITS = ((0, _S0), (13, _S1), (26, _S2), (39, _S3))


def high(mask: int) -> int:
    return mask.bit_length() - 1


def low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def lowest_rank(mask: int) -> int:
    """The card of lowest rank in ``mask`` (the lowest suit on a tie)."""
    best, best_r = -1, 99
    for base, suit in _SUITS:
        m = mask & suit
        if m:
            c = (m & -m).bit_length() - 1
            if c - base < best_r:
                best, best_r = c, c - base
    return best


def highest_rank(mask: int, top_suit: bool = False) -> int:
    """The card of highest rank in ``mask``: the lowest suit on a tie (the highest suit
    with ``top_suit``, the planner's habit)."""
    best, best_r = -1, -1
    for base, suit in _SUITS:
        m = mask & suit
        if m:
            c = m.bit_length() - 1
            if c - base > best_r or (top_suit and c - base == best_r):
                best, best_r = c, c - base
    return best


def sample_hands(
    view: SeatView, voids: list[int], unseen: int, known: dict[int, int], rng: SplitMix64
) -> list[int] | None:
    """One deal of the ``unseen`` cards to the other seats that agrees with the view and
    with ``known`` (seat -> cards it surely holds), or None when random placement
    failed (tight voids); the caller retries. The seat's own hand is left 0."""
    me = view.seat
    left = list(view.cards_left)
    left[me] = 0
    hands = [0, 0, 0, 0]
    for seat, mask in known.items():
        hands[seat] = mask
        left[seat] -= mask.bit_count()
        unseen &= ~mask
    cards = ids(unseen)
    rng.shuffle(cards)
    others = [s for s in range(4) if s != me]
    eligible = {c: [s for s in others if not voids[s] >> SUIT_OF[c] & 1] for c in cards}
    cards.sort(key=lambda c: len(eligible[c]))  # the most constrained cards first
    for c in cards:
        seats = [s for s in eligible[c] if left[s] > 0]
        if not seats:
            return None
        pick = rng.below(sum(left[s] for s in seats))  # more room, likelier to hold it
        i = 0
        while pick >= left[seats[i]]:
            pick -= left[seats[i]]
            i += 1
        hands[seats[i]] |= 1 << c
        left[seats[i]] -= 1
    return hands


def worlds(
    view: SeatView,
    voids: list[int],
    unseen: int,
    known: dict[int, int],
    rng: SplitMix64,
    count: int,
) -> Iterator[list[int]]:
    """Up to ``count`` sampled deals (``sample_hands``, the seat's own hand filled in),
    giving up after ``4 * count`` tries."""
    me = view.seat
    done = tries = 0
    while done < count and tries < 4 * count:
        tries += 1
        hands = sample_hands(view, voids, unseen, known, rng)
        if hands is None:
            continue
        hands[me] = view.hand
        done += 1
        yield hands


def deal_unseen(hand: int, me: int, rng: SplitMix64) -> list[int]:
    """The 39 cards outside ``hand`` dealt 13 to each other seat at random (``me`` gets 0)."""
    cards = ids(ALL_CARDS & ~hand)
    rng.shuffle(cards)
    others = [s for s in range(4) if s != me]
    dealt = [0, 0, 0, 0]
    for i, c in enumerate(cards):
        dealt[others[i // 13]] |= 1 << c
    return dealt


def candidates(unseen: int, trick: tuple[int, ...] | list[int], allowed: int) -> list[int]:
    """One card per run of equivalent legal cards (same suit, no unseen card between and
    none on the table: the 2♥ and the A♥ differ on a trick the 3♥ is winning)."""
    for c in trick:
        unseen |= 1 << c
    chosen = []
    for suit in range(4):
        mine = allowed & SUIT_MASKS[suit]
        prev = None
        while mine:
            c = low(mine)
            mine &= mine - 1
            if prev is None or unseen & ABOVE[prev] & BELOW[c]:
                chosen.append(c)
            prev = c
    return chosen


def playout_legal(hand: int, trick: list[int], first: bool, broken: bool) -> int:
    """The cards of ``hand`` the rules allow on ``trick`` (the play-outs' quick check)."""
    if not trick:
        if first:
            return hand & 1
        if broken:
            return hand
        return (hand & ~HEART_MASK) or hand
    legal = hand & SUIT_MASK_OF[trick[0]]
    if legal:
        return legal
    return ((hand & NOT_POINTS) or hand) if first else hand


def trick_result(leader: int, trick: list[int]) -> tuple[int, int]:
    """(winner seat, points) of a finished trick."""
    led_mask = SUIT_MASK_OF[trick[0]]
    best, best_i = trick[0], 0
    points = 0
    for i in range(4):
        c = trick[i]
        if c >= 39:
            points += 1
        elif c == 36:
            points += 13
        if i and led_mask >> c & 1 and c > best:
            best, best_i = c, i
    return (leader + best_i) % 4, points


def trick_winning(trick: list[int], n: int) -> tuple[int, int]:
    """(card, position) winning the first ``n`` cards of ``trick``."""
    led_mask = SUIT_MASK_OF[trick[0]]
    win, win_i = trick[0], 0
    for i in range(1, n):
        c = trick[i]
        if led_mask >> c & 1 and c > win:
            win, win_i = c, i
    return win, win_i


def others_cards(hands: list[int], me: int) -> int:
    """Every card the other three seats of a sampled world hold (hands never overlap)."""
    return (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[me]


def cash_lead(legal: int, others: int) -> int:
    """A shooter's lead: a card nothing in ``others`` beats (hearts first, then one in a
    suit the others still hold, to draw their cards), else the highest of its longest
    suit. -1 when ``legal`` is empty."""
    winners = 0
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if not others & ABOVE[c]:
            winners |= 1 << c
    if winners:
        hearts = winners & HEART_MASK
        if hearts:
            return high(hearts)
        drawing = 0
        for suit in (_S0, _S1, _S2):
            if others & suit:
                drawing |= winners & suit
        return high(drawing or winners)
    longest, length = 0, -1
    for suit in SUIT_MASKS:
        k = (legal & suit).bit_count()
        if k > length:
            longest, length = suit, k
    return high(legal & longest)
