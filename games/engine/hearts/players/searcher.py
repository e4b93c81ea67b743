"""Searcher: a test-only player that searches, as strong programs do.

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
docs/hearts-levels.md#speed gives its speed. Deterministic: every sample comes from the
decision's stream.
"""

from __future__ import annotations

from games.engine.bitmasks import bits_mask
from games.engine.hearts.cards import HEART_MASK, HEARTS, QS_BIT, SUIT_MASKS, ids
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.moon import WATCH_POINTS
from games.engine.hearts.players.sampler import (
    ABOVE,
    BELOW,
    NOT_POINTS,
    SUIT_MASK_OF,
    candidates,
    cash_lead,
    deal_unseen,
    high,
    highest_rank,
    low,
    lowest_rank,
    others_cards,
    playout_legal,
    trick_result,
    trick_winning,
    worlds,
)
from games.engine.hearts.players.tracking import Reading
from games.engine.hearts.seat_view import SeatView
from games.engine.hearts.seats import SEATS, pass_source, pass_target
from games.engine.rng import SplitMix64

WORLDS = 24  # worlds sampled per card decision (each candidate and plan played out in each)
PASS_WORLDS = 16  # worlds per candidate pass
DEFEND = 4  # in play-outs the others defend against a seat with every point, 4 or more

_HIGH_SPADES = (1 << 37) | (1 << 38)  # K♠ A♠


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
        watch = suspect >= 0 and total >= WATCH_POINTS
        n = len(trick)
        while n < 4:
            seat = (leader + n) % 4
            hand = hands[seat]
            legal = playout_legal(hand, trick, first, broken)
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
        winner, points = trick_result(leader, trick)
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
    if n == 0:
        return cash_lead(legal, others_cards(hands, me))
    led_mask = SUIT_MASK_OF[trick[0]]
    if legal & led_mask:
        win, _ = trick_winning(trick, n)
        need = win
        for i in range(n + 1, 4):  # the seats still to play, and their cards of the suit
            theirs = hands[(leader + i) % 4] & led_mask
            if theirs:
                top = theirs.bit_length() - 1
                if top > need:
                    need = top
        beat = legal & ABOVE[need]
        if beat:
            return low(beat)
        beat = legal & ABOVE[win]
        if beat:
            return high(beat)
        return low(legal)
    return lowest_rank(legal & NOT_POINTS or legal)


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
        return lowest_rank(legal & ~QS_BIT or legal)
    led_mask = SUIT_MASK_OF[trick[0]]
    win, win_i = trick_winning(trick, n)
    if suspect >= 0 and suspect != seat:
        pos = (suspect - leader) % 4
        if pos == win_i and legal & led_mask & ABOVE[win]:
            return low(legal & led_mask & ABOVE[win])  # take the trick from the shooter
        if pos < n and pos != win_i and not legal & led_mask and legal & HEART_MASK:
            return high(legal & HEART_MASK)  # a heart to another seat ends the moon
    if legal & led_mask:
        under = legal & BELOW[win]
        if under:
            return high(under)
        not_queen = legal & ~QS_BIT or legal
        return high(not_queen) if n == 3 else low(not_queen)
    if watch and suspect != seat:  # (``watch`` implies a suspect)
        pos = (suspect - leader) % 4
        if (pos == win_i or pos > n) and legal & NOT_POINTS:
            return highest_rank(legal & NOT_POINTS)  # the watch: never feed the suspect
    if legal & QS_BIT:
        return 36
    if legal & _HIGH_SPADES and (hands[0] | hands[1] | hands[2] | hands[3]) & QS_BIT:
        return high(legal & _HIGH_SPADES)
    hearts = legal & HEART_MASK
    return high(hearts) if hearts else highest_rank(legal)


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
        options = candidates(reading.unseen, reading.trick, allowed)
        if len(options) == 1:
            return options[0]
        known = {}
        if view.pass_direction != "none" and view.own_pass:
            known[pass_target(me, view.pass_direction)] = view.own_pass & reading.unseen
        alive = sum(view.taken) == view.taken[me]
        plans = (False, True) if alive else (False,)
        totals = [[0.0, 0.0] for _ in options]
        trick = list(view.trick)
        leader = view.trick_leader
        first = not view.tricks
        broken = view.hearts_broken
        taken = list(view.taken)
        done = 0
        for hands in worlds(view, reading.voids, reading.unseen, known, rng, self.worlds):
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
        sources = [pass_source(s, view.pass_direction) for s in range(SEATS)]
        hand = view.hand
        totals = [[0.0, 0.0] for _ in options]
        masks = [bits_mask(p) for p in options]
        for _ in range(self.pass_worlds):
            dealt = deal_unseen(hand, me, rng)
            gifts = [_their_pass(h) if h else 0 for h in dealt]
            for i, mask in enumerate(masks):
                gifts[me] = mask
                dealt[me] = hand
                world = [(dealt[s] & ~gifts[s]) | gifts[sources[s]] for s in range(4)]
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
        for suit in SUIT_MASKS[:3]:
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
        c = highest_rank(rest)
        chosen |= 1 << c
        rest &= ~(1 << c)
    return chosen
