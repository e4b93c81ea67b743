"""Searcher: a test-only player that searches, as strong programs do (issue 24).

It exists to measure the moon defence of the real levels and is never offered on the
site: docs/rules.md#hearts-computers forbids a computer that searches or shoots. It
reads only its own ``SeatView`` — its hand (with the cards it received), the cards it
passed (a measurement player remembers them: ``remembers_pass``), the cards played
with who played them, and the voids shown — and its decision's SplitMix64 stream.

Every card (flat Monte Carlo over sampled worlds, a fixed budget per decision):

- It deals the unseen cards to the other seats ``WORLDS`` times, consistently with
  what it knows: each seat as many cards as it holds, none of a suit it has shown a
  void in, and the cards it passed (those not played yet) to the seat it passed them
  to.
- For each legal card (cards of one suit with no unseen card between them are one
  candidate) and each plan — **duck** (play to take few points) and, while no other
  seat has a point, **shoot** (play for all 26) — it plays the rest of the deal out in
  every world with quick bit-mask policies for all four seats, and scores the end of
  the deal as its points minus the mean of the others' (a moon: 0 for the shooter, 26
  for each other seat). Same worlds for every candidate and plan.
- It plays the candidate whose better plan has the lowest mean score: it goes for the
  moon whenever its samples say the moon pays.

The policies of the play-outs: the others duck (Medium's habits: the highest card
that still loses, the Q♠ and high hearts thrown when void), keep the moon watch, and
defend as a strong table does against a seat that holds every point taken, once it has
``DEFEND`` or more (they take the trick from it with the lowest card that beats it, and
throw a heart on a trick it cannot win). The searcher, on the shoot plan while the moon
is still open, cashes the cards nothing else beats (hearts first), wins every trick it
can with the lowest card that beats the seats still to play and throws its lowest
cards without points; on the duck plan, and once another seat has a point, it ducks
like the others.

The pass is searched too: a few candidate passes (Medium's pass, and passes that keep
the high cards: the three lowest, and the lowest with a short suit emptied) are each
played out ``PASS_WORLDS`` times from the first trick, the cards it will receive dealt
with the other hands (the passer's three highest), and the best one is passed.

Budget: ``WORLDS`` worlds per card decision and ``PASS_WORLDS`` per pass candidate;
``docs/hearts-levels.md`` gives its speed. Deterministic: every sample comes from the
decision's stream.
"""

from __future__ import annotations

from games.engine.hearts.cards import (
    ALL_CARDS,
    HEART_MASK,
    HEARTS,
    POINT_MASK,
    QS_BIT,
    SUIT_MASKS,
    ids,
)
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.planner import candidates
from games.engine.hearts.players.tracking import Reading
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

WORLDS = 24  # worlds sampled per card decision (each candidate and plan played out in each)
PASS_WORLDS = 16  # worlds per candidate pass
WATCH = 12  # the moon watch every level keeps (``moon.WATCH_POINTS``)
DEFEND = 4  # in play-outs the others defend against a seat with every point, 4 or more
PASS_OFFSETS = {"left": 1, "across": 2, "right": 3, "none": 0}

_SUIT_OF = tuple(c // 13 for c in range(52))
_SUIT_MASK_OF = tuple(SUIT_MASKS[c // 13] for c in range(52))
_ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
_BELOW = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
_NOT_POINTS = ALL_CARDS & ~POINT_MASK
_HIGH_SPADES = (1 << 37) | (1 << 38)  # K♠ A♠
_S0, _S1, _S2, _S3 = SUIT_MASKS


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _lowest_rank(mask: int) -> int:
    """The card of lowest rank in ``mask`` (the lowest suit on a tie)."""
    best, best_r = -1, 99
    for base, suit in ((0, _S0), (13, _S1), (26, _S2), (39, _S3)):
        m = mask & suit
        if m:
            c = (m & -m).bit_length() - 1
            if c - base < best_r:
                best, best_r = c, c - base
    return best


def _highest_rank(mask: int) -> int:
    best, best_r = -1, -1
    for base, suit in ((0, _S0), (13, _S1), (26, _S2), (39, _S3)):
        m = mask & suit
        if m:
            c = m.bit_length() - 1
            if c - base > best_r:
                best, best_r = c, c - base
    return best


def score(taken: list[int], me: int) -> float:
    """``me``'s points at the end of the deal minus the mean of the other three's."""
    for seat in range(4):
        if taken[seat] == 26:
            return -26.0 if seat == me else 26.0 - 52.0 / 3
    mine = taken[me]
    return mine - (26 - mine) / 3


def playout(
    hands: list[int],
    leader: int,
    trick: list[int],
    broken: bool,
    first: bool,
    taken: list[int],
    me: int,
    shoot: bool,
) -> float:
    """Play the deal out from here with the quick policies; ``me``'s ``score`` at the end.

    ``hands`` and ``taken`` are modified. ``shoot``: ``me`` plays for the moon while no
    other seat has a point, and ducks once one has.
    """
    out = 26 - sum(taken)  # points not taken yet
    while True:
        # Who could be shooting: every point so far is one seat's (``DEFEND`` or more).
        total = 26 - out
        alive = shoot and taken[me] == total
        suspect = -1
        if total >= DEFEND:
            for s in range(4):
                if taken[s] == total:
                    suspect = s
        watch = suspect >= 0 and total >= WATCH
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
                    legal = ((hand & _NOT_POINTS) or hand) if first else hand
            if not legal & (legal - 1):
                card = (legal & -legal).bit_length() - 1
            elif seat == me and alive:
                card = _shoot_card(hands, me, trick, legal, n, leader)
            else:
                card = _duck_card(hands, trick, legal, n, leader, seat, suspect, watch)
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
        taken[winner] += points
        out -= points
        if not out or not hands[me]:
            return score(taken, me)
        leader = winner
        trick = []
        first = False


def _shoot_card(
    hands: list[int], me: int, trick: list[int], legal: int, n: int, leader: int
) -> int:
    others = 0
    for s in range(4):
        if s != me:
            others |= hands[s]
    if n == 0:
        winners = 0
        m = legal
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            if not others & _ABOVE[c]:
                winners |= 1 << c
        if winners:
            # Hearts first, then a winner in a suit the others still hold (draws cards).
            hearts = winners & HEART_MASK
            if hearts:
                return _high(hearts)
            drawing = 0
            for suit in (_S0, _S1, _S2):
                if others & suit:
                    drawing |= winners & suit
            return _high(drawing or winners)
        longest, length = 0, -1
        for suit in (_S0, _S1, _S2, _S3):
            k = (legal & suit).bit_count()
            if k > length:
                longest, length = suit, k
        return _high(legal & longest)
    led_mask = _SUIT_MASK_OF[trick[0]]
    if legal & led_mask:
        win = trick[0]
        for c in trick:
            if led_mask >> c & 1 and c > win:
                win = c
        need = win
        for i in range(n + 1, 4):  # the seats still to play, and their cards of the suit
            theirs = hands[(leader + i) % 4] & led_mask
            if theirs:
                top = theirs.bit_length() - 1
                if top > need:
                    need = top
        beat = legal & _ABOVE[need]
        if beat:
            return _low(beat)
        beat = legal & _ABOVE[win]
        if beat:
            return _high(beat)
        return _low(legal)
    return _lowest_rank(legal & _NOT_POINTS or legal)


def _duck_card(
    hands: list[int],
    trick: list[int],
    legal: int,
    n: int,
    leader: int,
    seat: int,
    suspect: int,
    watch: bool,
) -> int:
    if n == 0:
        return _lowest_rank(legal & ~QS_BIT or legal)
    led_mask = _SUIT_MASK_OF[trick[0]]
    win, win_i = trick[0], 0
    for i in range(1, n):
        c = trick[i]
        if led_mask >> c & 1 and c > win:
            win, win_i = c, i
    if suspect >= 0 and suspect != seat:
        pos = (suspect - leader) % 4
        if pos == win_i and legal & led_mask & _ABOVE[win]:
            return _low(legal & led_mask & _ABOVE[win])  # take the trick from the shooter
        if pos < n and pos != win_i and not legal & led_mask and legal & HEART_MASK:
            return _high(legal & HEART_MASK)  # a heart to another seat ends the moon
    if legal & led_mask:
        under = legal & _BELOW[win]
        if under:
            return _high(under)
        not_queen = legal & ~QS_BIT or legal
        return _high(not_queen) if n == 3 else _low(not_queen)
    if watch and suspect != seat:  # (``watch`` implies a suspect)
        pos = (suspect - leader) % 4
        if (pos == win_i or pos > n) and legal & _NOT_POINTS:
            return _highest_rank(legal & _NOT_POINTS)  # the watch: never feed the suspect
    if legal & QS_BIT:
        return 36
    if legal & _HIGH_SPADES and (hands[0] | hands[1] | hands[2] | hands[3]) & QS_BIT:
        return _high(legal & _HIGH_SPADES)
    hearts = legal & HEART_MASK
    return _high(hearts) if hearts else _highest_rank(legal)


def sample_hands(
    view: SeatView, voids: list[int], unseen: int, known: dict[int, int], rng: SplitMix64
) -> list[int] | None:
    """One deal of the ``unseen`` cards to the other seats that agrees with the view and
    with ``known`` (seat -> cards it surely holds), or None when random placement
    failed (tight voids); the caller retries."""
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
    eligible = {c: [s for s in others if not voids[s] >> _SUIT_OF[c] & 1] for c in cards}
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


class SearcherPlayer(MediumPlayer):
    name = "searcher"
    on_site = False
    track_voids = True
    remembers_pass = True  # the seat view keeps the cards it passed (measurement only)
    worlds = WORLDS
    pass_worlds = PASS_WORLDS

    # Playing ----------------------------------------------------------------------------

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        view = reading.view
        me = reading.seat
        options = candidates(reading, allowed)
        if len(options) == 1:
            return options[0]
        known = {}
        offset = PASS_OFFSETS[view.pass_direction]
        if offset and view.own_pass:
            receiver = (me + offset) % 4
            known[receiver] = view.own_pass & reading.unseen
        alive = sum(view.taken) == view.taken[me]
        plans = (False, True) if alive else (False,)
        totals = [[0.0, 0.0] for _ in options]
        trick = list(view.trick)
        leader = view.trick_leader
        first = not view.tricks
        broken = view.hearts_broken
        taken = list(view.taken)
        done = tries = 0
        while done < self.worlds and tries < 4 * self.worlds:
            tries += 1
            hands = sample_hands(view, reading.voids, reading.unseen, known, rng)
            if hands is None:
                continue
            hands[me] = view.hand
            done += 1
            for i, card in enumerate(options):
                row = totals[i]
                for plan in plans:
                    copy = hands[:]
                    copy[me] ^= 1 << card
                    after = [*trick, card]
                    hearts = broken or card >= 39
                    row[plan] += playout(copy, leader, after, hearts, first, taken[:], me, plan)
        if not done:
            return MediumPlayer.play(self, reading, allowed, rng)
        values = [min(row[p] for p in plans) for row in totals]
        low = min(values)
        best = [c for c, v in zip(options, values, strict=True) if v == low]
        return best[0] if len(best) == 1 else rng.choice(best)

    # Passing ----------------------------------------------------------------------------

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        options = self.pass_options(view, rng)
        if len(options) == 1:
            return options[0]
        me = view.seat
        offset = PASS_OFFSETS[view.pass_direction]
        hand = view.hand
        unseen = ALL_CARDS & ~hand
        totals = [[0.0, 0.0] for _ in options]
        masks = [_mask(p) for p in options]
        others = [s for s in range(4) if s != me]
        for _ in range(self.pass_worlds):
            cards = ids(unseen)
            rng.shuffle(cards)
            dealt = [0, 0, 0, 0]
            for i, c in enumerate(cards):
                dealt[others[i // 13]] |= 1 << c
            gifts = [_their_pass(h) if h else 0 for h in dealt]
            for i, mask in enumerate(masks):
                gifts[me] = mask
                dealt[me] = hand
                world = [
                    (dealt[s] & ~gifts[s]) | gifts[(s - offset) % 4] for s in range(4)
                ]
                leader = next(s for s in range(4) if world[s] & 1)
                for plan in (False, True):
                    totals[i][plan] += playout(
                        world[:], leader, [], False, True, [0, 0, 0, 0], me, plan
                    )
        values = [min(row) for row in totals]
        low = min(values)
        best = [p for p, v in zip(options, values, strict=True) if v == low]
        return best[0] if len(best) == 1 else rng.choice(best)

    def pass_options(self, view: SeatView, rng: SplitMix64) -> list[list[int]]:
        """Medium's pass, the three lowest cards, and the lowest emptying a short suit."""
        hand = view.hand
        found = [MediumPlayer.choose_pass(self, view, rng)]
        order = sorted(ids(hand), key=lambda c: (c % 13, c // 13 != HEARTS, c))
        found.append(order[:3])
        for suit in (_S0, _S1, _S2):
            mine = hand & suit
            if 0 < mine.bit_count() <= 3:
                short = ids(mine)
                rest = [c for c in order if c not in short]
                found.append(short + rest[: 3 - len(short)])
        unique = []
        for p in found:
            if sorted(p) not in [sorted(q) for q in unique]:
                unique.append(p)
        return unique


def _their_pass(hand: int) -> int:
    """What another seat passes, roughly: the Q♠, the A♠/K♠, then its highest cards."""
    chosen = hand & (QS_BIT | _HIGH_SPADES)
    while chosen.bit_count() > 3:
        chosen &= chosen - 1
    rest = hand & ~chosen
    while chosen.bit_count() < 3:
        c = _highest_rank(rest)
        chosen |= 1 << c
        rest &= ~(1 << c)
    return chosen


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
