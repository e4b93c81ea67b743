"""Planner: a test-only shooter that plans its line by sampling the hands it cannot see.

It exists to measure the moon defence of the real levels (issue 12) and is never
offered on the site: docs/rules.md#hearts-computers forbids a computer that shoots,
and the real levels do no search. It reads only its own ``SeatView``.

- Pass: as ``shooter`` (keeps its high cards when its hand is strong enough).
- Play, while the moon is still possible for it (no other seat has taken a point) and
  its cards give it a chance (``PLAN_GATE``): it deals the unseen cards at random to
  the other seats, ``SAMPLES`` times, consistently with what it knows — each seat gets
  as many cards as it holds (``cards_left``) and none of a suit it has shown a void in;
  the cards played and its own hand (which holds the cards it received) are out of the
  pool. For each legal card (cards of one suit with no unseen card between them count
  as one) it plays the rest of the deal out in every sample with quick bit-mask
  policies for all four seats, and picks the card whose continuations most often end
  in a moon. When even the best card succeeds in fewer than ``GIVE_UP`` of the samples
  — or once another seat has a point — it gives up and plays like Medium.
- Deterministic: the samples come from the decision's SplitMix64 stream only.
"""

from __future__ import annotations

from games.engine.hearts.cards import ALL_CARDS, HEART_MASK, POINT_MASK, QS_BIT, SUIT_MASKS
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.shooter import ShooterPlayer, moon_strength
from games.engine.hearts.players.tracking import Reading
from games.engine.rng import SplitMix64

SAMPLES = 24  # hidden deals sampled per decision
PLAN_GATE = 10  # honour strength (see ``moon_strength``) below which it does not plan
WATCH = 12  # the moon watch every level keeps (``moon.WATCH_POINTS``)
GIVE_UP = 0.1  # best share of samples ending in a moon below which it plays like Medium

_SUIT_OF = tuple(c // 13 for c in range(52))
_SUIT_MASK_OF = tuple(SUIT_MASKS[c // 13] for c in range(52))
_ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
_BELOW = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
_NOT_POINTS = ALL_CARDS & ~POINT_MASK
_RANK_ORDER = tuple(sorted(range(52), key=lambda c: (c % 13, c)))  # lowest rank first


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _lowest_rank(mask: int) -> int:
    for c in _RANK_ORDER:
        if mask >> c & 1:
            return c
    raise ValueError("empty mask")


def _highest_rank(mask: int) -> int:
    for c in reversed(_RANK_ORDER):
        if mask >> c & 1:
            return c
    raise ValueError("empty mask")


def sample_hands(reading: Reading, rng: SplitMix64) -> list[int] | None:
    """One deal of the unseen cards to the other seats that agrees with the view, or None
    when random placement failed (rare: tight voids); the caller retries."""
    view = reading.view
    me = reading.seat
    left = list(view.cards_left)
    voids = reading.voids
    hands = [0, 0, 0, 0]
    cards = [c for c in range(52) if reading.unseen >> c & 1]
    rng.shuffle(cards)
    others = [s for s in range(4) if s != me]
    # Most constrained cards first: those fewer seats can hold.
    eligible = {c: [s for s in others if not voids[s] >> _SUIT_OF[c] & 1] for c in cards}
    cards.sort(key=lambda c: len(eligible[c]))
    for c in cards:
        seats = [s for s in eligible[c] if left[s]]
        if not seats:
            return None
        # A seat with more room left is likelier to hold the card.
        pick = rng.below(sum(left[s] for s in seats))
        i = 0
        while pick >= left[seats[i]]:
            pick -= left[seats[i]]
            i += 1
        hands[seats[i]] |= 1 << c
        left[seats[i]] -= 1
    return hands


def rollout(
    hands: list[int],
    leader: int,
    trick: list[int],
    broken: bool,
    first: bool,
    me: int,
    mine: int = 0,
) -> bool:
    """Play the deal out with quick policies; True when ``me`` takes every point.

    ``hands`` is modified. It stops as soon as another seat wins a point (no moon).
    Policies: ``me`` leads a card nothing else beats (hearts first), else the highest of
    its longest suit; follows with the highest card that can win (the lowest when last),
    else its lowest; discards its lowest card without points. The others duck like
    Medium and throw the Q♠ and hearts — except onto a trick ``me`` is winning or has
    still to play to.
    """
    while True:
        n = len(trick)
        while n < 4:
            seat = (leader + n) % 4
            hand = hands[seat]
            if n == 0:
                if first:
                    legal = hand & 1
                elif broken:
                    legal = hand
                else:
                    legal = (hand & ~HEART_MASK) or hand
            else:
                led_mask = _SUIT_MASK_OF[trick[0]]
                legal = hand & led_mask
                if not legal:
                    legal = (hand & _NOT_POINTS) or hand if first else hand
            if not legal & (legal - 1):
                card = _low(legal)
            elif seat == me:
                card = _my_card(hands, me, trick, legal, n)
            else:
                card = _their_card(trick, legal, n, leader, me, mine >= WATCH)
            hands[seat] ^= 1 << card
            trick.append(card)
            if card >= 39:
                broken = True
            n += 1
        led = trick[0]
        led_mask = _SUIT_MASK_OF[led]
        best, best_i = led, 0
        points = 0
        for i in range(4):
            c = trick[i]
            if c >= 39:
                points += 1
            elif c == 36:
                points += 13
            if i and led_mask >> c & 1 and c > best:
                best, best_i = c, i
        winner = (leader + best_i) % 4
        if points and winner != me:
            return False
        if not hands[me]:
            return True
        mine += points
        leader = winner
        trick = []
        first = False


def _my_card(hands: list[int], me: int, trick: list[int], legal: int, n: int) -> int:
    others = 0
    for s in range(4):
        if s != me:
            others |= hands[s]
    if n == 0:
        winners = 0
        for c in range(52):
            if legal >> c & 1 and not others & _ABOVE[c]:
                winners |= 1 << c
        if winners:
            # Hearts first, then a winner in a suit the others still hold (draws cards).
            hearts = winners & HEART_MASK
            if hearts:
                return _high(hearts)
            drawing = 0
            for s in range(3):
                if others & SUIT_MASKS[s]:
                    drawing |= winners & SUIT_MASKS[s]
            return _high(drawing or winners)
        longest, length = 0, -1
        for s in range(4):
            k = (legal & SUIT_MASKS[s]).bit_count()
            if k > length:
                longest, length = s, k
        return _high(legal & SUIT_MASKS[longest])
    led_mask = _SUIT_MASK_OF[trick[0]]
    if legal & led_mask:
        win = trick[0]
        for c in trick:
            if led_mask >> c & 1 and c > win:
                win = c
        beat = legal & _ABOVE[win]
        if beat:
            return _low(beat) if n == 3 else _high(beat)
        return _low(legal)
    return _lowest_rank(legal & _NOT_POINTS or legal)


def _their_card(trick: list[int], legal: int, n: int, leader: int, me: int, watch: bool) -> int:
    if n == 0:
        return _lowest_rank(legal & ~QS_BIT or legal)
    led_mask = _SUIT_MASK_OF[trick[0]]
    win, win_i = trick[0], 0
    for i in range(1, n):
        c = trick[i]
        if led_mask >> c & 1 and c > win:
            win, win_i = c, i
    if legal & led_mask:
        under = legal & _BELOW[win]
        if under:
            return _high(under)
        not_queen = legal & ~QS_BIT or legal
        return _high(not_queen) if n == 3 else _low(not_queen)
    my_pos = (me - leader) % 4
    if watch and (win_i == my_pos or my_pos > n) and legal & _NOT_POINTS:
        return _highest_rank(legal & _NOT_POINTS)  # never feed the shooter
    if legal & QS_BIT:
        return 36
    hearts = legal & HEART_MASK
    return _high(hearts) if hearts else _highest_rank(legal)


def candidates(reading: Reading, allowed: int) -> list[int]:
    """One card per run of equivalent legal cards (same suit, no unseen card between and
    none on the table: the 2♥ and the A♥ differ on a trick the 3♥ is winning)."""
    unseen = reading.unseen
    for c in reading.trick:
        unseen |= 1 << c
    chosen = []
    for suit in range(4):
        mine = allowed & SUIT_MASKS[suit]
        prev = None
        while mine:
            c = _low(mine)
            mine &= mine - 1
            if prev is None or unseen & _ABOVE[prev] & _BELOW[c]:
                chosen.append(c)
            prev = c
    return chosen


class PlannerPlayer(ShooterPlayer):
    name = "planner"
    on_site = False
    track_voids = True
    samples = SAMPLES
    give_up = GIVE_UP

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        view = reading.view
        me = reading.seat
        if any(t for s, t in enumerate(view.taken) if s != me) or not self.hopeful(reading):
            return MediumPlayer.play(self, reading, allowed, rng)
        options = candidates(reading, allowed)
        if len(options) == 1:
            return options[0]
        wins = [0] * len(options)
        leader = view.trick_leader
        trick = list(view.trick)
        first = not view.tricks
        broken = view.hearts_broken
        done = 0
        tries = 0
        while done < self.samples and tries < 4 * self.samples:
            tries += 1
            hands = sample_hands(reading, rng)
            if hands is None:
                continue
            hands[me] = view.hand
            done += 1
            for i, card in enumerate(options):
                copy = hands[:]
                copy[me] ^= 1 << card
                after = [*trick, card]
                if rollout(copy, leader, after, broken or card >= 39, first, me, view.taken[me]):
                    wins[i] += 1
        top = max(wins)
        if not done or top < self.give_up * done:
            return MediumPlayer.play(self, reading, allowed, rng)
        best = [c for c, w in zip(options, wins, strict=True) if w == top]
        return best[0] if len(best) == 1 else rng.choice(best)

    def hopeful(self, reading: Reading) -> bool:
        """Cheap gate before sampling: the cards it held after the exchange are strong."""
        view = reading.view
        mine = view.hand
        for seat, card in view.history():
            if seat == view.seat:
                mine |= 1 << card
        return moon_strength(mine) >= PLAN_GATE
