"""Hard: Medium's habits, plus the reading of the table a strong club player keeps.

What it does, and why (each rule, and what the level measures today, in
docs/hearts-levels.md#hard-rules; the tuning rounds behind them in
docs/history/hearts-levels.md):

- It remembers every card played and who has shown a void, so it knows what is still
  out and where points could land.
- Pass: Medium's, weighted for a strong player (a Q♠ covered by three low spades stays,
  high hearts go ahead of clubs and diamonds); but never the A♥ with the K♥ when three
  other hearts stay behind the A♥: it is the card that can take a heart trick from any
  shooter.
- Lead: the suit whose lowest card costs least — a card that cannot win is best, one
  that might win costs more for each seat void in the suit; it smokes out the Q♠ with
  low spades; short suits first.
- Follow and discard: its own habits (``habits.py``): duck, but shed high cards while
  that is safe; discard the card most likely to win a trick later.
- Moon: the shared watch as every level, and only Hard defends (``defence.py``). It
  suspects a seat (``suspicion.py``) from the watch, from a run of tricks, or from the
  signs a strong player reads (a low pass, winners cashed); against that seat it takes
  tricks, gives points to others, and, when the signs are strong, keeps its stoppers.
  No search and no sampling: every sign is read from the seat's own view.

Each decision is an ordered list of named rules (``turn.py``): the first that picks a
card plays it. Against a suspect the defence's list goes first. A variant drops or
reorders rules; the lists below are the whole of Hard on one screen.
"""

from __future__ import annotations

from games.engine.hearts.cards import HEARTS, QS_BIT, QUEEN_SPADES, SPADES, SUIT_MASKS
from games.engine.hearts.players import defence, habits, suspicion
from games.engine.hearts.players.medium import HIGH_SPADES, MediumPlayer
from games.engine.hearts.players.tracking import Reading, below
from games.engine.hearts.players.turn import Turn, first_card
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

SPADES_BELOW_QUEEN = SUIT_MASKS[SPADES] & ((1 << QUEEN_SPADES) - 1)

# Whom Hard defends against: the first rule that names a seat.
SUSPECTS = (suspicion.watch_suspect, suspicion.dominating_scorer, suspicion.showing_signs)

# Against that seat, before anything else:
DEFEND_LEAD = (defence.lead_unbeatable_heart, defence.lead_into_suspects_void)
DEFEND_FOLLOW = (
    defence.take_from_suspect,
    defence.overtake_before_suspect,
    defence.follow_low_when_alarmed,
    defence.follow_hearts_low,
)
DEFEND_DISCARD = (
    defence.queen_to_others,
    defence.heart_to_others,
    defence.lowest_heart_when_forced,
    defence.heart_before_last_stopper,
    defence.discard_low_when_alarmed,
)

# Its own habits (the last rule of each list always picks a card):
LEAD = (habits.lead_by_cost,)
FOLLOW = (
    habits.first_trick_highest,
    habits.take_clean_trick_last,
    habits.shed_high_early,
    habits.duck,
    habits.highest_when_last,
    habits.highest_when_clean,
    habits.lowest_but_queen,
)
DISCARD = (habits.queen_of_spades, habits.high_spade_while_queen_out, habits.most_dangerous)

# Cards set aside before the last rule weighs the rest (``turn.kept``); and, for the pass,
# changes to Medium's pass with Hard's weights (``keep(player, view, chosen, rng)``):
LEAD_KEEPS = (defence.no_heart_lead,)
DISCARD_KEEPS = (
    defence.no_heart_on_own_queen,
    defence.keep_king_of_hearts,
    defence.keep_ace_of_hearts,
)
PASS_KEEPS = (defence.ace_from_ace_king_pass,)


class HardPlayer(MediumPlayer):
    name = "hard"
    on_site = True
    track_voids = True
    qs_cover = 3
    void_bonus = 6.0
    heart_keep = -2.0  # high hearts are passed ahead of clubs and diamonds of their rank …
    heart_keep_covered = 1.0  # … and nearly as readily when three low hearts back them
    smoke_bonus = 8.0  # lead cost taken off a spade below the Q♠ while the Q♠ is out
    length_weight = 1.5  # lead cost per card held in the suit: shorter suits first
    heart_lead_cost = -2.0  # once hearts are broken, a heart that cannot win is a fine lead
    void_weight = 4.0  # extra lead risk per seat known to be void in the suit

    suspects = SUSPECTS
    defend_lead, defend_follow, defend_discard = DEFEND_LEAD, DEFEND_FOLLOW, DEFEND_DISCARD
    leads, follows, discards = LEAD, FOLLOW, DISCARD
    lead_keeps, discard_keeps, pass_keeps = LEAD_KEEPS, DISCARD_KEEPS, PASS_KEEPS
    # The same level ignoring the moon (``<level>-nowatch``, measurement only).
    ignoring_moon = {"suspects": (), "discard_keeps": (), "pass_keeps": ()}

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        chosen = super().choose_pass(view, rng)
        for keep in self.pass_keeps:
            chosen = keep(self, view, chosen, rng)
        return chosen

    def moon_suspect(self, view: SeatView) -> int | None:
        """The seat Hard defends against (it may be this seat itself), or None."""
        return suspicion.suspect(self.suspects, view)

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        suspect = self.moon_suspect(reading.view)
        turn = Turn(self, reading, rng, None if suspect == reading.seat else suspect)
        follow = reading.position and allowed & SUIT_MASKS[reading.led]
        if reading.position == 0:
            defend, rules, cards = self.defend_lead, self.leads, allowed
        elif follow:
            defend, rules, cards = self.defend_follow, self.follows, follow
        else:
            defend, rules, cards = self.defend_discard, self.discards, allowed
        if turn.suspect is not None:
            card = first_card(defend, turn, cards)
            if card is not None:
                return card
        card = first_card(rules, turn, cards)
        assert card is not None, "the last rule of each list picks a card"
        return card

    def lead_cost(self, reading: Reading, suit: int, card: int, mine: int) -> float:
        out = reading.unseen_in(suit)
        voids = reading.voids
        holders = [s for s in range(4) if s != reading.seat and not voids[s] >> suit & 1]
        void_seats = 3 - len(holders)
        if not out or not holders:
            cost = 20.0 + reading.points_unseen * 0.5
        else:
            lower = below(out, card).bit_count()
            if lower == 0:
                cost = 0.0  # everything out is higher: this card cannot win
            else:
                share = lower / out.bit_count()
                cost = 4.0 + share * (6.0 + self.void_weight * void_seats)
        if suit == SPADES:
            if card == QUEEN_SPADES:
                cost += 100.0
            elif reading.hand & QS_BIT:
                cost += 6.0 if (reading.hand & SPADES_BELOW_QUEEN).bit_count() < 4 else 2.0
            elif reading.qs_unseen:
                if reading.hand & HIGH_SPADES:
                    cost += 8.0
                elif card < QUEEN_SPADES:
                    cost -= self.smoke_bonus  # smoke the queen out with a spade below it
        elif suit == HEARTS:
            cost += self.heart_lead_cost
        return cost + mine.bit_count() * self.length_weight
