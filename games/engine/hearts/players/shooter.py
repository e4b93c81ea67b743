"""Shooter: a test-only player that goes for the moon whenever its hand gives it a chance.

It exists to measure the moon defence of the real levels and is never offered on the site
(no computer level tries to shoot: docs/rules.md#hearts-computers). It decides from its
own cards alone: the hand it held after the exchange (its hand plus the cards it has
played) must be strong — high cards, hearts it can win — and no other seat may have taken
a point. While that holds it passes its lowest cards, leads its sure winners (hearts
first once they may lead), wins every trick it can, and throws away its lowest non-point
cards; once the moon is gone it plays like Medium.
"""

from __future__ import annotations

from games.engine.hearts.cards import HEART_MASK, HEARTS, POINT_MASK, SUIT_MASKS, highest, ids
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.tracking import Reading, above
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

SHOOT_STRENGTH = 17


def moon_strength(hand: int) -> int:
    """Honour points (J 1, Q 2, K 3, A 4), hearts' honours counting double."""
    total = 0
    for card in ids(hand):
        honour = max(0, card % 13 - 8)
        total += honour * (2 if card // 13 == HEARTS else 1)
    return total


class ShooterPlayer(MediumPlayer):
    name = "shooter"
    on_site = False

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        if moon_strength(view.hand) < SHOOT_STRENGTH:
            return super().choose_pass(view, rng)
        # Keep the high cards: pass the three lowest, low hearts first (it cannot win them).
        order = sorted(ids(view.hand), key=lambda c: (c % 13, c // 13 != HEARTS))
        return order[:3]

    def going(self, reading: Reading) -> bool:
        view = reading.view
        if any(t for s, t in enumerate(view.taken) if s != view.seat):
            return False
        mine = view.hand
        for seat, card in view.history():
            if seat == view.seat:
                mine |= 1 << card
        return moon_strength(mine) >= SHOOT_STRENGTH

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if not self.going(reading):
            return super().play(reading, allowed, rng)
        unseen = reading.unseen
        if reading.position == 0:
            winners = [c for c in ids(allowed) if not above(unseen, c)]
            if winners:
                hearts = [c for c in winners if c // 13 == HEARTS]
                return max(hearts or winners)
            longest = max(range(4), key=lambda s: ((allowed & SUIT_MASKS[s]).bit_count(), s))
            return highest(allowed & SUIT_MASKS[longest])
        follow = allowed & SUIT_MASKS[reading.led]
        if follow:
            beat = above(follow, reading.win_card)
            return highest(beat) if beat else highest(follow & ~POINT_MASK or follow)
        clean = allowed & ~POINT_MASK & ~HEART_MASK
        return ids(clean or allowed)[0]
