"""Hard: Medium's habits, plus the reading of the table a strong club player keeps.

- Pass: as Medium, but it keeps a Q♠ covered by three low spades (Medium wants four),
  values a void less against high cards, and passes its high hearts ahead of clubs and
  diamonds of the same rank (nearly as readily when three low hearts back them).
- Lead: it weighs every suit by what is still out and who has shown a void: a low
  card that cannot win is best; a card that might win costs more the more seats are
  void in its suit (they would throw points on it); a suit nobody else holds is
  avoided; with the Q♠ still out and no spade above the J in hand it leads spades to
  smoke the queen out; it keeps off spades while it holds the Q♠ or an unguarded
  A♠/K♠; short suits first; once hearts are broken a heart that cannot win is a
  favoured lead.
- Follow: ducks like Medium — except in the first three tricks, on a clean trick (no
  points, nobody after it known void, not spades with the Q♠ out) in a suit with five
  or more cards still out, where it sheds its highest card even if it could duck:
  everyone still follows, so winning there is safe. As last to play on a trick
  without points it takes it with its highest card (never the Q♠) to shed that card;
  when it must win anyway, nobody after it is void and the trick carries no points
  (and it is not a spade trick with the Q♠ still out), it wins with its highest card
  rather than its lowest.
- Discard: the Q♠; the A♠/K♠ while the Q♠ is out; then the card most likely to win a
  trick later — the most unseen cards below it, hearts first, finishing a suit to
  make a void.
- Remembers every card played and infers voids from play.
- Moon: the watch as every level; and only Hard defends. Against the watch's suspect,
  or earlier against a seat that has every point so far and has won at least three
  tricks and two in three, or one that shows the signs of an attempt (``moon_signs``:
  a pass of three low cards, which is enough alone; a queen or better or the top card
  still out led and won, a heart trick it led and won, with one more for having points
  and one for two tricks won — three are enough; issue 12), it takes the trick from
  that seat with the lowest card that beats it, drops a heart on a trick another seat
  will win and leads a heart nobody can beat. When the suspect also dominates the
  tricks or shows the signs, Hard follows low and discards low to keep its high cards
  as stoppers (it costs points when the alarm is false, so it waits for those signs).
  Against a shooter that searches (issue 24): a seat that won a trick with its own Q♠
  shows two more signs; forced to give the suspect hearts, Hard gives its lowest and
  follows its heart leads low, keeping its top hearts to beat the suspect's last low
  heart; it drops the Q♠ on a trick the suspect can no longer win; it leads a suit the
  suspect has shown a void in, and no heart the suspect can beat; and while another
  seat could still shoot (nobody has a point, or one other seat has them all) it keeps
  its A♥ when it discards, a card that can take a heart trick from any shooter.
  Issue 24, second round: a seat that followed suit with a queen or better under a
  higher card already on the trick shows no signs (a shooter keeps its high cards);
  Hard throws no heart on a trick a seat is winning with its own Q♠ while every point
  so far is that seat's; keeping stoppers, it gives the suspect its lowest heart rather
  than its last stopper; it keeps the A♥ when its pass would give away the A♥ and the
  K♥ together and three other hearts stay with it; and it sheds high cards on clean
  tricks only in the first three tricks (it was five).
  Issue 24, third round: while a moon is open it keeps the K♥ too (the A♥ out) when it
  discards with three other hearts in hand. Fourth round: following a point trick that
  another seat is winning, with a suspect that dominates or shows the signs still to
  play, it takes the trick with its highest card of the suit when nothing unseen beats it.
  No search and no sampling: every sign is read from the seat's own view.
"""

from __future__ import annotations

from games.engine.bitmasks import bits_mask
from games.engine.hearts.cards import (
    ALL_CARDS,
    HEART_MASK,
    HEARTS,
    QS_BIT,
    QUEEN_SPADES,
    SPADES,
    SUIT_MASKS,
    highest,
    ids,
    lowest,
)
from games.engine.hearts.players import moon
from games.engine.hearts.players.base import best_of
from games.engine.hearts.players.medium import HIGH_SPADES, MediumPlayer
from games.engine.hearts.players.tracking import Reading, above, below
from games.engine.hearts.seat_view import SeatView
from games.engine.rng import SplitMix64

SPADES_BELOW_QUEEN = SUIT_MASKS[SPADES] & ((1 << QUEEN_SPADES) - 1)
ACE_HEARTS = 13 * HEARTS + 12
KING_HEARTS = 13 * HEARTS + 11
ACE_HEARTS_BIT = 1 << ACE_HEARTS
KING_HEARTS_BIT = 1 << KING_HEARTS


PASS_FROM = {"left": 3, "right": 1, "across": 2}  # the seat that passed to me, as an offset
LOW_PASS_TOP = 6  # rank index of the 8: a pass of three cards no higher reads as a moon sign
LOW_PASS_SIGNS = 3  # a low pass alone is enough: only a shooter keeps its high cards
HIGH_LEAD = 10  # rank index of the queen: leading a queen or better and winning is a sign


def moon_signs(view: SeatView, seat: int) -> int:
    """What a strong player reads as ``seat`` playing for the moon, from this view only.

    Three for a pass to this seat of three cards no higher than an 8 (the others pass
    their high cards and the Q♠; a shooter keeps them); one per trick ``seat`` led and
    won with a queen or better, or with the top card of its suit still out (not the
    Q♠) — the levels lead their lowest card of a suit, a shooter cashes its winners;
    one more when that trick it led and won was a heart.
    """
    signs = 0
    offset = PASS_FROM.get(view.pass_direction)
    passer = offset and (view.seat + offset) % 4 == seat
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


def moon_open(view: SeatView) -> bool:
    """Whether another seat can still shoot: nobody has a point, or one other seat has all."""
    scorers = [s for s in range(4) if view.taken[s]]
    return not scorers or (len(scorers) == 1 and scorers[0] != view.seat)


def dominates(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has won at least three tricks and two in three of those played."""
    won = sum(1 for _, _, winner in view.tricks if winner == seat)
    return won >= 3 and won * 3 >= len(view.tricks) * 2


class HardPlayer(MediumPlayer):
    name = "hard"
    on_site = True
    track_voids = True
    defends_moon = True
    qs_cover = 3
    void_bonus = 6.0
    heart_keep = -2.0  # high hearts are passed ahead of clubs and diamonds of their rank …
    heart_keep_covered = 1.0  # … and nearly as readily when three low hearts back them
    smoke_bonus = 8.0  # lead cost taken off a spade below the Q♠ while the Q♠ is out
    length_weight = 1.5  # lead cost per card held in the suit: shorter suits first
    heart_lead_cost = -2.0  # once hearts are broken, a heart that cannot win is a fine lead
    void_weight = 4.0  # extra lead risk per seat known to be void in the suit

    keeps_ace_with_king = True  # issue 24: never pass the A♥ and the K♥ together …
    ace_keep_hearts = 3  # … when at least this many other hearts would stay in hand

    def choose_pass(self, view: SeatView, rng: SplitMix64) -> list[int]:
        """Medium's pass with Hard's weights; but a pass that would give the A♥ and the K♥
        together keeps the A♥ when three other hearts stay with it: the A♥ can always take
        a heart trick from a shooter, and the hearts under it let Hard wait for that trick."""
        chosen = super().choose_pass(view, rng)
        keeps = self.keeps_ace_with_king and self.defends_moon
        if not keeps or ACE_HEARTS not in chosen or KING_HEARTS not in chosen:
            return chosen
        passed = bits_mask(chosen)
        if (view.hand & HEART_MASK & ~passed).bit_count() < self.ace_keep_hearts:
            return chosen
        rest = [c for c in chosen if c != ACE_HEARTS]
        keep_queen = bool(view.hand & QS_BIT) and QUEEN_SPADES not in chosen
        rest.append(self._best_pass_card(view.hand & ~passed, 1, keep_queen, rng))
        return rest

    # Playing ----------------------------------------------------------------------------

    early_tricks = 2  # tricks played up to which Hard sheds high cards on clean tricks
    early_unseen = 5  # … when at least this many cards of the suit are still out

    early_suspicion = True  # defend before the watch's 12 points (see moon_suspect)
    reads_signs = True  # suspect a moon from the signs a strong player reads (moon_signs)
    alarm_signs = 3  # signs (see ``alarm``) that make a seat the suspect and Hard keep stoppers
    heart_discard_bonus = 3  # discard priority of a heart over another card as dangerous
    # Issue 24: against a shooter that searches.
    queen_sign = 2  # signs for a seat that won a trick with its own Q♠ (nobody does by choice)
    keep_heart_stoppers = True  # forced to feed the suspect: the lowest heart; follow hearts low
    queen_to_others = True  # the Q♠ on a trick the suspect can no longer win
    void_leads = True  # lead a suit the suspect has shown a void in
    no_heart_leads = True  # against a suspect, no heart lead it can beat
    # Issue 24, second round.
    high_under_clears = 10  # rank index of the queen: a queen or better played under a
    # higher card of the suit already on the trick clears the seat of the signs (0: off)
    no_heart_on_own_queen = True  # no heart on a trick a seat wins with its own Q♠
    last_stopper = True  # keeping stoppers, the lowest heart rather than the last stopper
    # Issue 24, third round.
    king_keep_hearts = 3  # discarding while a moon is open, keep the K♥ (without the A♥) when
    # at least this many other hearts are in hand (0: off)
    overtake_before_suspect = True  # following a point trick another seat is winning, with
    # the suspect still to play: take it with a card nothing unseen in the suit beats

    def play(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if self.defends_moon:
            suspect = self.moon_suspect(reading.view)
            if suspect is not None and suspect != reading.seat:
                card = self.defend(reading, allowed, suspect, rng)
                if card is not None:
                    return card
        return super().play(reading, allowed, rng)

    def moon_suspect(self, view: SeatView) -> int | None:
        """The watch's suspect — or, earlier, a seat that has every point taken so far and
        dominates the tricks (``dominates``): Hard starts defending against it."""
        suspect = moon.moon_suspect(view)
        if suspect is not None or not self.early_suspicion:
            return suspect
        taken = view.taken
        scorers = [s for s in range(4) if taken[s]]
        if len(scorers) == 1 and dominates(view, scorers[0]):
            return scorers[0]
        if not self.reads_signs or len(scorers) > 1:
            return None
        # A seat that could still shoot (every point so far is its own) and shows the signs.
        for seat in scorers or range(4):
            if seat != view.seat and self.alarm(view, seat) >= self.alarm_signs:
                return seat
        return None

    def alarm(self, view: SeatView, seat: int) -> int:
        """How strongly ``seat``'s play so far reads as a moon attempt: ``moon_signs``, plus
        one for having points and one for having won two tricks."""
        if not self.reads_signs:
            return 0
        if self.high_under_clears and ducked_high(view, seat, self.high_under_clears):
            return 0  # it threw a high card away under a winner: a shooter keeps them
        won = sum(1 for _, _, winner in view.tricks if winner == seat)
        signs = moon_signs(view, seat)
        if self.queen_sign:
            for leader, cards, winner in view.tricks:
                if winner == seat and cards[(seat - leader) % 4] == QUEEN_SPADES:
                    signs += self.queen_sign  # it won its own Q♠: nobody takes 13 by choice
        return signs + (view.taken[seat] > 0) + (won >= 2)

    def alarmed(self, view: SeatView, seat: int) -> bool:
        return self.alarm(view, seat) >= self.alarm_signs

    def defend(self, reading: Reading, allowed: int, suspect: int, rng: SplitMix64) -> int | None:
        """A defensive card against ``suspect``'s moon, or None to play as usual.

        Cheap moves against any suspect: take the trick from it, throw a heart on a
        trick another seat will win, lead a heart nobody can beat. Against a suspect
        that also dominates the tricks (a real attempt, most likely), Hard pays more:
        it follows low and discards low to keep its high cards as stoppers.
        """
        if reading.position == 0:
            hearts = allowed & HEART_MASK
            if hearts and not above(reading.unseen, highest(hearts)):
                return highest(hearts)  # nobody can beat it: a heart is taken away from the moon
            if self.void_leads:
                # A suit the suspect has shown a void in: it cannot win the trick.
                voids = reading.voids[suspect]
                for suit in range(3):
                    mine = allowed & SUIT_MASKS[suit]
                    if voids >> suit & 1 and mine and reading.unseen_in(suit):
                        return lowest(mine)
            if self.no_heart_leads and allowed & ~HEART_MASK and allowed & HEART_MASK:
                return super().play(reading, allowed & ~HEART_MASK, rng)  # no heart to feed it
            return None
        strong = dominates(reading.view, suspect) or self.alarmed(reading.view, suspect)
        follow = allowed & SUIT_MASKS[reading.led]
        if follow:
            if reading.win_seat == suspect:
                beat = above(follow, reading.win_card)
                if beat:
                    return lowest(beat & ~QS_BIT or beat)
            if (
                self.overtake_before_suspect
                and strong
                and reading.trick_points
                and moon.could_take_trick(reading.view, suspect, reading.win_seat)
            ):
                top = highest(follow & ~QS_BIT or follow)
                if top > reading.win_card and not above(reading.unseen, top):
                    return top  # the suspect still to play: take the points, it cannot beat this
            if strong or (self.keep_heart_stoppers and reading.led == HEARTS):
                # cannot take it from the suspect now: keep the high cards
                return lowest(follow & ~QS_BIT or follow)
            return None
        if not moon.could_take_trick(reading.view, suspect, reading.win_seat):
            if self.queen_to_others and allowed & QS_BIT:
                return QUEEN_SPADES  # the Q♠ to another seat ends the moon
            hearts = allowed & HEART_MASK
            if hearts:
                return highest(hearts)  # a point to another seat ends the moon
        safe = allowed & ~HEART_MASK & ~QS_BIT
        if not safe:
            if self.keep_heart_stoppers and allowed & HEART_MASK:
                return lowest(allowed & HEART_MASK)  # forced to feed it: keep the top hearts
            return None
        if strong:
            # Keep stoppers (cards nothing unseen beats): discard the lowest other card.
            unseen = reading.unseen
            stoppers_only = not any(above(unseen, c) for c in ids(safe))
            if self.last_stopper and allowed & HEART_MASK and stoppers_only:
                # Only stoppers left besides hearts: a heart to the suspect costs a point,
                # the last stopper the trick that would end the moon.
                return lowest(allowed & HEART_MASK)
            return best_of(ids(safe), lambda c: (bool(above(unseen, c)), -(c % 13)), rng)
        return None

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

    def follow(self, reading: Reading, follow: int, rng: SplitMix64) -> int:
        if reading.first_trick:
            return highest(follow)
        win = reading.win_card
        under = below(follow, win)
        not_queen = follow & ~QS_BIT or follow
        last = reading.position == 3
        if last and reading.trick_points == 0:
            top = highest(not_queen)
            if top > win:
                return top  # a clean trick: take it with the highest card, shedding it
        clean = (
            reading.trick_points == 0
            and not reading.later_void(reading.led)
            and (reading.led != SPADES or not reading.qs_unseen)
        )
        if (
            under
            and clean
            and len(reading.view.tricks) <= self.early_tricks
            and reading.unseen_in(reading.led).bit_count() >= self.early_unseen
        ):
            top = highest(not_queen)
            if top > win:
                return top  # early, everyone still follows: shed a high card while it is safe
        if under:
            return highest(under)
        if last:
            return highest(not_queen)
        if clean:
            return highest(not_queen)  # mine anyway, and clean so far: shed the highest
        return lowest(not_queen)

    def discard(self, reading: Reading, allowed: int, rng: SplitMix64) -> int:
        if allowed & QS_BIT:
            return QUEEN_SPADES
        if reading.qs_unseen and allowed & HIGH_SPADES:
            return highest(allowed & HIGH_SPADES)
        if self.no_heart_on_own_queen and self.defends_moon and allowed & HEART_MASK:
            view = reading.view
            win = reading.win_seat
            if reading.win_card == QUEEN_SPADES and sum(view.taken) == view.taken[win]:
                # A seat taking its own Q♠ with every point so far: nobody does by choice
                # but a shooter. No heart for it; forced, the lowest.
                rest = allowed & ~HEART_MASK
                if not rest:
                    return lowest(allowed)
                allowed = rest
        if self.defends_moon and allowed & KING_HEARTS_BIT and self.king_keep_hearts:
            under = reading.hand & HEART_MASK & ~KING_HEARTS_BIT & ~ACE_HEARTS_BIT
            rest = allowed & ~KING_HEARTS_BIT
            keep = not allowed & ACE_HEARTS_BIT and under.bit_count() >= self.king_keep_hearts
            if keep and rest and moon_open(reading.view):
                allowed = rest  # keep the K♥ too: with hearts under it, it can wait for its trick
        if self.defends_moon and allowed & ACE_HEARTS_BIT and moon_open(reading.view):
            rest = allowed & ~ACE_HEARTS_BIT
            if rest:
                allowed = rest  # keep the A♥: it can still take a heart trick from a shooter
        return best_of(ids(allowed), lambda c: self.discard_key(reading, c), rng)

    def discard_key(self, reading: Reading, card: int) -> tuple[int, int]:
        bonus = self.heart_discard_bonus if card // 13 == HEARTS else 0
        return (self.danger(reading, card) + bonus, card % 13)

    @staticmethod
    def danger(reading: Reading, card: int) -> int:
        """How likely ``card`` is to win a trick later: the unseen cards of its suit below
        it, plus 2 when it is the last card of its suit (shedding it makes a void)."""
        suit = card // 13
        lower_out = below(reading.unseen, card).bit_count()
        if (reading.hand & SUIT_MASKS[suit]).bit_count() == 1 and reading.unseen_in(suit):
            lower_out += 2
        return lower_out
