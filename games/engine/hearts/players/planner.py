"""Planner: a test-only shooter that plans its line by sampling the hands it cannot see.

It exists to measure the moon defence of the real levels and is never
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

from games.engine.hearts.cards import HEART_MASK, QS_BIT
from games.engine.hearts.players import sampler
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.moon import WATCH_POINTS
from games.engine.hearts.players.sampler import (
    ABOVE,
    BELOW,
    NOT_POINTS,
    SUIT_MASK_OF,
    cash_lead,
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
from games.engine.hearts.players.shooter import ShooterPlayer, moon_strength
from games.engine.hearts.players.tracking import Reading
from games.engine.rng import SplitMix64

SAMPLES = 24  # hidden deals sampled per decision
PLAN_GATE = 10  # honour strength (see ``moon_strength``) below which it does not plan
GIVE_UP = 0.1  # best share of samples ending in a moon below which it plays like Medium


def sample_hands(reading: Reading, rng: SplitMix64) -> list[int] | None:
    """One deal of the unseen cards to the other seats that agrees with the view, or None
    (``sampler.sample_hands``, nothing known beyond the view)."""
    return sampler.sample_hands(reading.view, reading.voids, reading.unseen, {}, rng)


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
            legal = playout_legal(hand, trick, first, broken)
            if not legal & (legal - 1):
                card = low(legal)
            elif seat == me:
                card = _my_card(hands, me, trick, legal, n)
            else:
                card = _their_card(trick, legal, n, leader, me, mine >= WATCH_POINTS)
            hands[seat] ^= 1 << card
            trick.append(card)
            if card >= 39:
                broken = True
            n += 1
        winner, points = trick_result(leader, trick)
        if points and winner != me:
            return False
        if not hands[me]:
            return True
        mine += points
        leader = winner
        trick = []
        first = False


def _my_card(hands: list[int], me: int, trick: list[int], legal: int, n: int) -> int:
    if n == 0:
        return cash_lead(legal, others_cards(hands, me))
    led_mask = SUIT_MASK_OF[trick[0]]
    if legal & led_mask:
        win, _ = trick_winning(trick, n)
        beat = legal & ABOVE[win]
        if beat:
            return low(beat) if n == 3 else high(beat)
        return low(legal)
    return lowest_rank(legal & NOT_POINTS or legal)


def _their_card(trick: list[int], legal: int, n: int, leader: int, me: int, watch: bool) -> int:
    if n == 0:
        return lowest_rank(legal & ~QS_BIT or legal)
    led_mask = SUIT_MASK_OF[trick[0]]
    win, win_i = trick_winning(trick, n)
    if legal & led_mask:
        under = legal & BELOW[win]
        if under:
            return high(under)
        not_queen = legal & ~QS_BIT or legal
        return high(not_queen) if n == 3 else low(not_queen)
    my_pos = (me - leader) % 4
    if watch and (win_i == my_pos or my_pos > n) and legal & NOT_POINTS:
        return highest_rank(legal & NOT_POINTS, top_suit=True)  # never feed the shooter
    if legal & QS_BIT:
        return 36
    hearts = legal & HEART_MASK
    return high(hearts) if hearts else highest_rank(legal, top_suit=True)


def candidates(reading: Reading, allowed: int) -> list[int]:
    """One card per run of equivalent legal cards (``sampler.candidates``)."""
    return sampler.candidates(reading.unseen, reading.trick, allowed)


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
        for hands in worlds(view, reading.voids, reading.unseen, {}, rng, self.samples):
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
