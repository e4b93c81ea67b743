"""Medium: a sensible club player who counts the cards that are gone.

- Pass: the Q♠ unless four low spades cover it; the A♠/K♠ when it has few low spades
  and no covered Q♠; a short club or diamond suit whole, to make a void; then the
  highest clubs, diamonds and high hearts.
- Lead: its lowest card of a suit where every unseen card is higher (it cannot win
  the trick), shortest suit first; it avoids spades while it holds the Q♠, or the
  A♠/K♠ with the Q♠ still out; never the Q♠ unless nothing else is left.
- Follow: on the first trick, its highest club (no points can fall); otherwise it
  ducks: the highest card that still loses to the card winning the trick; when it must
  win, the highest card as last to play, else the lowest — never the Q♠ by choice.
- Discard: the Q♠; then the A♠/K♠ while the Q♠ is out; then its highest heart; then
  its highest card.
- Remembers every card played (so it knows which cards are still out and whether the
  Q♠ has gone), but not who is void.
- The moon watch, exactly as every level.
"""

from __future__ import annotations

from games.engine.bitmasks import bits_mask
from games.engine.hearts.cards import (
    ACE_SPADES,
    HEART_MASK,
    KING_SPADES,
    QS_BIT,
    QUEEN_SPADES,
    SPADES,
    SUIT_MASKS,
    highest,
    ids,
    lowest,
)
from games.engine.hearts.players.base import ComputerPlayer, pick_highest_rank
from games.engine.hearts.players.tracking import Reading, below
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

SPADE_MASK = SUIT_MASKS[SPADES]
LOW_SPADES = SPADE_MASK & ((1 << QUEEN_SPADES) - 1)  # 2♠ … J♠
HIGH_SPADES = (1 << KING_SPADES) | (1 << ACE_SPADES)


class MediumPlayer(ComputerPlayer):
    name = "medium"
    on_site = True
    qs_cover = 4  # low spades needed to keep the Q♠
    high_spade_cover = 3  # low spades needed to keep the A♠/K♠ (without a kept Q♠)
    void_bonus = 10.0  # how much a whole short suit passed (a void) is worth
    heart_keep = 1.0  # pass score taken off a heart (a club or diamond of its rank scores more)
    heart_keep_covered = 4.0  # … when three low hearts back it up

    # Passing ----------------------------------------------------------------------------

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        hand = view.hand
        chosen: list[int] = []
        low_spades = (hand & LOW_SPADES).bit_count()
        keep_queen = bool(hand & QS_BIT) and low_spades >= self.queen_cover(view)
        if hand & QS_BIT and not keep_queen:
            chosen.append(QUEEN_SPADES)
        if not keep_queen and low_spades < self.high_spade_cover:
            for card in (ACE_SPADES, KING_SPADES):
                if hand >> card & 1 and len(chosen) < 3:
                    chosen.append(card)
        while len(chosen) < 3:
            rest = hand & ~bits_mask(chosen)
            chosen.append(self._best_pass_card(rest, 3 - len(chosen), keep_queen, rng))
        return chosen

    def queen_cover(self, view: SeatView) -> int:
        return self.qs_cover

    def _best_pass_card(self, rest: int, slots: int, keep_queen: bool, rng) -> int:
        low_hearts = (rest & HEART_MASK & 0x1F << 39).bit_count()  # 2♥ … 6♥
        best_score, best = None, []
        for card in ids(rest):
            suit, r = divmod(card, 13)
            if suit == SPADES:
                if card == QUEEN_SPADES:
                    score = -100.0
                elif card > QUEEN_SPADES:
                    score = r - 8.0 if keep_queen else r - 2.0
                else:
                    score = r - 12.0  # low spades protect against the Q♠: keep them
            elif suit == 3:  # hearts: high ones are dangerous unless low ones back them
                score = r - (self.heart_keep_covered if low_hearts >= 3 else self.heart_keep)
                if r <= 4:
                    score -= 6.0  # low hearts are safe exits
            else:
                length = (rest & SUIT_MASKS[suit]).bit_count()
                score = float(r)
                if length <= slots:
                    score += self.void_bonus  # passing the whole suit makes a void
            if best_score is None or score > best_score:
                best_score, best = score, [card]
            elif score == best_score:
                best.append(card)
        return best[0] if len(best) == 1 else rng.choice(best)

    # Playing ----------------------------------------------------------------------------

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if reading.position == 0:
            return self.lead(reading, allowed, rng)
        follow = allowed & SUIT_MASKS[reading.led]
        if follow:
            return self.follow(reading, follow, rng)
        return self.discard(reading, allowed, rng)

    def lead(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        best_cost, best = None, []
        for suit in range(4):
            mine = allowed & SUIT_MASKS[suit]
            if not mine:
                continue
            card = lowest(mine)
            cost = self.lead_cost(reading, suit, card, mine)
            if best_cost is None or cost < best_cost:
                best_cost, best = cost, [card]
            elif cost == best_cost:
                best.append(card)
        return best[0] if len(best) == 1 else rng.choice(best)

    def lead_cost(self, reading: Reading, suit: int, card: int, mine: int) -> float:
        out = reading.unseen_in(suit)
        if not out:
            cost = 20.0  # nobody else holds the suit: the trick is mine, with what falls
        elif below(out, card):
            cost = 5.0 + (below(out, card).bit_count() / out.bit_count()) * 5.0
        else:
            cost = 0.0  # every unseen card of the suit is higher: I cannot win it
        if suit == SPADES:
            if card == QUEEN_SPADES:
                cost += 100.0
            elif reading.hand & QS_BIT or (reading.qs_unseen and reading.hand & HIGH_SPADES):
                cost += 8.0  # keep off spades: they would draw the Q♠ onto its own high spade
        if suit == 3:
            cost += 2.0
        return cost + mine.bit_count() * 0.25  # shorter suits first: on the way to a void

    def follow(self, reading: Reading, follow: int, rng: SplitMix64) -> int:
        if reading.first_trick:
            return highest(follow)  # no points may fall on the first trick: shed the highest
        under = below(follow, reading.win_card)
        if under:
            return highest(under)  # duck: the highest card that still loses
        not_queen = follow & ~QS_BIT or follow
        if reading.position == 3:
            return highest(not_queen)  # the trick is mine anyway: shed the highest
        return lowest(not_queen)

    def discard(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if allowed & QS_BIT:
            return QUEEN_SPADES
        if reading.qs_unseen and allowed & HIGH_SPADES:
            return highest(allowed & HIGH_SPADES)
        hearts = allowed & HEART_MASK
        if hearts:
            return highest(hearts)
        return pick_highest_rank(ids(allowed), rng)
