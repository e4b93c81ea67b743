"""Hearts, the trick-taking game of docs/rules.md#hearts, as a pure state machine.

Seats: ``HUMAN_SEAT`` (0) is the person (bottom), 1 the left, 2 across, 3 the right;
play goes clockwise 0 → 1 → 2 → 3, so "left" of seat ``s`` is ``s + 1``.

Phases and the calls that move between them::

    pass ──(4th submit_pass)──▶ play ──(4th card of a trick)──▶ trick-done
    trick-done ──collect_trick──▶ play, or deal-done / game-over after the 13th trick
    deal-done ──next_deal──▶ pass (or play on a no-pass deal)

Every public function takes a state and returns a new one; the given state is never
changed, and a refused move raises ``HeartsError`` (with a ``code`` and a message fit
for a player) before anything happens. Everything random comes from the project's
SplitMix64 streams: deal ``n`` is ``shuffle(derive_seed(seed, n))`` and a computer's
tie-breaks use ``derive_seed(seed, n, seat, decision)``, so a saved game replays
identically. Inside, cards are ints and hands bit masks (``cards``); card
codes such as "QS" are used at the boundary only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine.cards import CardError
from games.engine.hearts import players
from games.engine.hearts.cards import (
    ALL_CARDS,
    HEART_MASK,
    HEARTS,
    POINT_MASK,
    SUIT_MASKS,
    SUIT_NAMES,
    card_id,
    code,
    codes,
    mask_of,
    mask_points,
)
from games.engine.hearts.seat_view import SeatView
from games.engine.hearts.seats import PASS_OFFSETS
from games.engine.refusals import Refused
from games.engine.rng import SplitMix64, derive_seed

FORMAT_VERSION = 1



class Phase(StrEnum):
    """Where a game stands (the module's docstring draws the moves between them)."""

    PASS = "pass"
    PLAY = "play"
    TRICK_DONE = "trick-done"
    DEAL_DONE = "deal-done"
    GAME_OVER = "game-over"


PHASES = tuple(Phase)
# The members as module globals: the rules compare phases on every move, and a global
# is read several times faster than an enum class attribute
# (docs/performance.md#in-the-code).
PASS, PLAY, TRICK_DONE, DEAL_DONE, GAME_OVER = (
    Phase.PASS, Phase.PLAY, Phase.TRICK_DONE, Phase.DEAL_DONE, Phase.GAME_OVER
)
HUMAN = "human"
# The one seat a person plays on the site; the table is always seen from it.
HUMAN_SEAT = 0

PASS_ORDERS = {
    "LRAN": ("left", "right", "across", "none"),
    "LARN": ("left", "across", "right", "none"),
}
TARGETS = (100, 75)
TIE_RULES = ("draw", "last-deal")

PASS_SIZE = 3  # cards each seat passes
PASS_DECISION = 0  # decision index of a seat's pass; plays use 1 + cards played so far


class Refusal(StrEnum):
    """Every reason a Hearts action can be refused (the web maps each to words)."""

    # Refused by the rules below.
    NO_PASS = "no-pass"
    ALREADY_PASSED = "already-passed"
    PASS_THREE = "pass-three"
    NOT_A_CARD = "not-a-card"
    NOT_IN_HAND = "not-in-hand"
    NOT_PLAYING = "not-playing"
    NOT_YOUR_TURN = "not-your-turn"
    TWO_OF_CLUBS = "two-of-clubs"
    HEARTS_NOT_BROKEN = "hearts-not-broken"
    FOLLOW_SUIT = "follow-suit"
    FIRST_TRICK_POINTS = "first-trick-points"
    NO_TRICK = "no-trick"
    NO_NEXT_DEAL = "no-next-deal"
    NO_COMPUTER_MOVE = "no-computer-move"
    NO_SUCH_SEAT = "no-such-seat"
    BAD_SAVE = "bad-save"
    # Refused around the rules: a play the rules do not allow now (before it is made),
    # a request whose version is not the game's, a timed step when nothing is due, a
    # post that names no action.
    NOT_PLAYABLE = "not-playable"
    STALE = "stale"
    NOTHING_DUE = "nothing-due"
    UNKNOWN_ACTION = "unknown-action"


class HeartsError(Refused):
    """A move the rules refuse."""

    code: Refusal


@dataclass(frozen=True)
class HeartsOptions:
    """Rule options chosen before a game (docs/rules.md#hearts-options)."""

    target: int = 100  # the game ends when a deal leaves a seat at or above it: 100 or 75
    pass_order: str = "LRAN"  # left, right, across, none — or "LARN": left, across, right, none
    tie_rule: str = "draw"  # tied lowest totals: "draw", or "last-deal": lower last deal wins

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}, not {self.target!r}")
        if self.pass_order not in PASS_ORDERS:
            raise ValueError(f"pass_order must be one of {tuple(PASS_ORDERS)}")
        if self.tie_rule not in TIE_RULES:
            raise ValueError(f"tie_rule must be one of {TIE_RULES}")

    def to_dict(self) -> dict:
        return {"target": self.target, "pass_order": self.pass_order, "tie_rule": self.tie_rule}

    @classmethod
    def from_dict(cls, data: dict) -> HeartsOptions:
        return cls(data["target"], data["pass_order"], data["tie_rule"])


def pass_direction(deal_number: int, pass_order: str = "LRAN") -> str:
    """ "left" | "right" | "across" | "none" for deal 1, 2, 3 … (cycle of four)."""
    return PASS_ORDERS[pass_order][(deal_number - 1) % 4]


def deal_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """The four 13-card hands (masks) of deal ``deal_number`` of the game ``seed``."""
    deck = list(range(52))
    SplitMix64(derive_seed(seed, deal_number)).shuffle(deck)
    hands = []
    for seat in range(4):
        mask = 0
        for card in deck[13 * seat : 13 * seat + 13]:
            mask |= 1 << card
        hands.append(mask)
    return tuple(hands)


def trick_winner(leader: int, cards: Sequence[int]) -> int:
    """The seat whose card is the highest of the suit led."""
    led = cards[0] // 13
    best, best_i = cards[0], 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 13 == led and c > best:
            best, best_i = c, i
    return (leader + best_i) % 4


def legal_mask(hand: int, trick: Sequence[int], first_trick: bool, hearts_broken: bool) -> int:
    """The cards of ``hand`` the rules allow now (hand-level rule, no turn check)."""
    if not trick:
        if first_trick:
            return hand & 1  # the 2♣ opens every deal (its holder is the one leading)
        if hearts_broken:
            return hand
        return (hand & ~HEART_MASK) or hand  # a heart leads only from an all-heart hand
    follow = hand & SUIT_MASKS[trick[0] // 13]
    if follow:
        return follow  # follow suit: no exception
    if first_trick:
        return (hand & ~POINT_MASK) or hand  # no points on trick 1 unless nothing else
    return hand


class HeartsState:
    """One game of Hearts. Treat as immutable: the module's functions return new states."""

    __slots__ = (
        "deal_number",
        "deals",
        "hands",
        "hearts_broken",
        "levels",
        "options",
        "pending",
        "phase",
        "played",
        "received",
        "seed",
        "step",
        "taken",
        "totals",
        "trick",
        "trick_leader",
        "trick_winner",
        "tricks",
        "turn",
    )

    seed: int
    options: HeartsOptions
    levels: tuple[str, str, str, str]
    deal_number: int
    phase: str
    hands: tuple[int, int, int, int]  # masks
    pending: tuple[int | None, ...]  # chosen passes (masks) until the exchange; None = not yet
    received: tuple[int, int, int, int]  # masks of cards each seat received this deal
    turn: int | None
    trick_leader: int
    trick: tuple[int, ...]
    trick_winner: int | None
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner)
    taken: tuple[int, int, int, int]  # points in tricks taken this deal
    played: int  # mask of cards played this deal
    hearts_broken: bool
    deals: tuple[tuple[tuple[int, int, int, int], int | None], ...]  # (scores, moon seat)
    totals: tuple[int, int, int, int]
    step: int  # moves applied since the game began

    def copy(self) -> HeartsState:
        # Every field holds an immutable value, so a shallow copy is a full one. Spelled
        # out rather than looped over __slots__: this runs on every move.
        new = HeartsState.__new__(HeartsState)
        new.seed = self.seed
        new.options = self.options
        new.levels = self.levels
        new.deal_number = self.deal_number
        new.phase = self.phase
        new.hands = self.hands
        new.pending = self.pending
        new.received = self.received
        new.turn = self.turn
        new.trick_leader = self.trick_leader
        new.trick = self.trick
        new.trick_winner = self.trick_winner
        new.tricks = self.tricks
        new.taken = self.taken
        new.played = self.played
        new.hearts_broken = self.hearts_broken
        new.deals = self.deals
        new.totals = self.totals
        new.step = self.step
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HeartsState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in HeartsState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<HeartsState deal {self.deal_number} {self.phase} turn={self.turn} "
            f"totals={self.totals}>"
        )

    # Derived facts ----------------------------------------------------------------

    @property
    def pass_direction(self) -> str:
        return pass_direction(self.deal_number, self.options.pass_order)

    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.trick)

    def deal_scores(self) -> list[tuple[int, int, int, int]]:
        return [scores for scores, _ in self.deals]

    def to_dict(self) -> dict:
        return {
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "levels": list(self.levels),
            "deal": self.deal_number,
            "phase": self.phase,
            "hands": [codes(h) for h in self.hands],
            "pending": [None if p is None else codes(p) for p in self.pending],
            "received": [codes(r) for r in self.received],
            "turn": self.turn,
            "leader": self.trick_leader,
            "trick": codes_in_order(self.trick),
            "winner": self.trick_winner,
            "tricks": [[leader, codes_in_order(cards), w] for leader, cards, w in self.tricks],
            "taken": list(self.taken),
            "hearts_broken": self.hearts_broken,
            "deals": [{"scores": list(s), "moon": moon} for s, moon in self.deals],
            "totals": list(self.totals),
            "step": self.step,
        }

    @classmethod
    def from_dict(cls, data: object) -> HeartsState:
        """Read a value written by ``to_dict`` (HeartsError BAD_SAVE if it is not one)."""
        try:
            return cls._from_dict(data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise HeartsError(Refusal.BAD_SAVE, "This saved game cannot be read.") from error

    @classmethod
    def _from_dict(cls, data) -> HeartsState:
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unsupported Hearts state version {data.get('version')!r}")
        s = cls.__new__(cls)
        s.seed = int(data["seed"])
        s.options = HeartsOptions.from_dict(data["options"])
        s.levels = tuple(data["levels"])
        s.deal_number = int(data["deal"])
        s.phase = Phase(data["phase"])
        s.hands = tuple(mask_of(h) for h in data["hands"])
        s.pending = tuple(None if p is None else mask_of(p) for p in data["pending"])
        s.received = tuple(mask_of(r) for r in data["received"])
        s.turn = data["turn"]
        s.trick_leader = int(data["leader"])
        s.trick = tuple(card_id(c) for c in data["trick"])
        s.trick_winner = data["winner"]
        s.tricks = tuple(
            (int(leader), tuple(card_id(c) for c in cards), int(w))
            for leader, cards, w in data["tricks"]
        )
        s.taken = tuple(data["taken"])
        s.played = mask_of(data["trick"]) | mask_of(c for t in data["tricks"] for c in t[1])
        s.hearts_broken = bool(data["hearts_broken"])
        s.deals = tuple((tuple(d["scores"]), d["moon"]) for d in data["deals"])
        s.totals = tuple(data["totals"])
        s.step = int(data["step"])
        check_consistent(s)
        return s


def codes_in_order(cards: Iterable[int]) -> list[str]:
    return [code(c) for c in cards]


def check_consistent(s: HeartsState) -> None:
    """Refuse a stored state that cannot be a real one (cards lost or doubled, bad fields)."""
    problems = []
    if s.phase not in PHASES:
        problems.append("phase")
    if len(s.levels) != 4 or any(not _known_level(lv) for lv in s.levels):
        problems.append("levels")
    if len(s.hands) != 4 or len(s.pending) != 4 or len(s.received) != 4:
        problems.append("seats")
    seen = 0
    total = 0
    for h in s.hands:
        if seen & h:
            problems.append("a card in two hands")
        seen |= h
        total += h.bit_count()
    if seen & s.played or seen | s.played != ALL_CARDS or total + s.played.bit_count() != 52:
        problems.append("cards not all accounted for")
    if s.turn is not None and s.turn not in range(4):
        problems.append("turn")
    if problems:
        raise ValueError("inconsistent Hearts state: " + ", ".join(problems))


# Starting a game and a deal ---------------------------------------------------------


def _known_level(level: str) -> bool:
    return level == HUMAN or level in players.REGISTRY


def new_game(
    seed: int,
    options: HeartsOptions | None = None,
    levels: Sequence[str] = ("easy", "medium", "hard"),
) -> HeartsState:
    """A new game at its first deal.

    ``levels`` names the computer levels of seats 1, 2, 3 (seat 0 is the human); with
    four names it sets every seat, which is how tournaments seat four computers.
    """
    if not isinstance(seed, int) or seed < 0 or seed >= 1 << 64:
        raise ValueError("seed must be an integer in [0, 2**64)")
    levels = tuple(levels)
    if len(levels) == 3:
        levels = (HUMAN, *levels)
    if len(levels) != 4 or any(not _known_level(lv) for lv in levels):
        raise ValueError(f"unknown or missing levels: {levels!r}")
    s = HeartsState.__new__(HeartsState)
    s.seed = seed
    s.options = options or HeartsOptions()
    s.levels = levels
    s.deals = ()
    s.totals = (0, 0, 0, 0)
    s.step = 0
    _start_deal(s, 1)
    return s


def _start_deal(s: HeartsState, deal_number: int) -> None:
    s.deal_number = deal_number
    s.hands = deal_hands(s.seed, deal_number)
    s.pending = (None, None, None, None)
    s.received = (0, 0, 0, 0)
    s.trick = ()
    s.trick_winner = None
    s.tricks = ()
    s.taken = (0, 0, 0, 0)
    s.played = 0
    s.hearts_broken = False
    if pass_direction(deal_number, s.options.pass_order) == "none":
        _start_play(s)
    else:
        s.phase = PASS
        s.turn = None
        s.trick_leader = 0


def _start_play(s: HeartsState) -> None:
    s.phase = PLAY
    leader = next(seat for seat in range(4) if s.hands[seat] & 1)
    s.turn = leader
    s.trick_leader = leader


# Passing --------------------------------------------------------------------------------


def submit_pass(state: HeartsState, seat: int, cards: Iterable[str | int]) -> HeartsState:
    """Seat ``seat`` gives its 3 cards. The cards move only once all four seats have passed."""
    _check_seat(seat)
    if state.phase != PASS:
        raise HeartsError(Refusal.NO_PASS, "There is no pass to make now.")
    if state.pending[seat] is not None:
        raise HeartsError(Refusal.ALREADY_PASSED, "These cards are already passed.")
    try:
        chosen = [card_id(c) for c in cards]
    except (CardError, TypeError) as error:
        raise HeartsError(Refusal.NOT_A_CARD, "That is not a card.") from error
    mask = 0
    for c in chosen:
        mask |= 1 << c
    if len(chosen) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
        raise HeartsError(Refusal.PASS_THREE, f"Choose exactly {PASS_SIZE} cards to pass.")
    if mask & ~state.hands[seat]:
        raise HeartsError(Refusal.NOT_IN_HAND, "You can only pass cards from your own hand.")
    s = state.copy()
    s.step += 1
    pending = list(s.pending)
    pending[seat] = mask
    s.pending = tuple(pending)
    if all(p is not None for p in pending):
        _exchange(s)
    return s


def choose_for_pass(
    state: HeartsState, seat: int, chosen: Iterable[str], card: str, wanted: bool
) -> tuple[str, ...]:
    """The seat's choice for its pass after choosing ``card`` (``wanted``) or putting it back.

    Choosing is not a move: the state is unchanged and the choice is the caller's to keep
    (the codes given back, in the order chosen). It is allowed only while the seat still
    has a pass to make, only for a card of its own hand, and only up to ``PASS_SIZE``
    cards; choosing a card twice is the same as once. A remembered choice of a card that
    is no longer in the hand is dropped.
    """
    _check_seat(seat)
    if state.phase != PASS or state.pending[seat] is not None:
        raise HeartsError(Refusal.NO_PASS, "There is no pass to make now.")
    hand = set(codes(state.hands[seat]))
    if card not in hand:
        raise HeartsError(Refusal.NOT_IN_HAND, "You can only pass cards from your own hand.")
    kept = [c for c in dict.fromkeys(chosen) if c in hand and c != card]
    if wanted:
        if len(kept) >= PASS_SIZE:
            raise HeartsError(Refusal.PASS_THREE, f"Choose exactly {PASS_SIZE} cards to pass.")
        kept.append(card)
    return tuple(kept)


def _exchange(s: HeartsState) -> None:
    offset = PASS_OFFSETS[s.pass_direction]
    hands = [s.hands[seat] & ~s.pending[seat] for seat in range(4)]
    received = [0, 0, 0, 0]
    for seat in range(4):
        to = (seat + offset) % 4
        hands[to] |= s.pending[seat]
        received[to] = s.pending[seat]
    s.hands = tuple(hands)
    s.received = tuple(received)
    s.pending = (None, None, None, None)  # forgotten: only "received" stays, per seat
    _start_play(s)


# Playing --------------------------------------------------------------------------------


def _legal(s: HeartsState, seat: int) -> int:
    if s.phase != PLAY or seat != s.turn:
        return 0
    return legal_mask(s.hands[seat], s.trick, not s.tricks, s.hearts_broken)


def legal_plays(state: HeartsState, seat: int) -> list[str]:
    """The codes of the cards ``seat`` may play now, in hand order; [] when not its turn."""
    return codes(_legal(state, seat))


def play_card(state: HeartsState, seat: int, card: str | int) -> HeartsState:
    """Seat ``seat`` plays ``card``; a fourth card leaves the trick on the table (trick-done)."""
    _check_seat(seat)
    if state.phase != PLAY:
        raise HeartsError(Refusal.NOT_PLAYING, _NOT_PLAYING[state.phase])
    if seat != state.turn:
        raise HeartsError(Refusal.NOT_YOUR_TURN, "It is not your turn.")
    try:
        c = card_id(card)
    except (CardError, TypeError) as error:
        raise HeartsError(Refusal.NOT_A_CARD, "That is not a card.") from error
    bit = 1 << c
    hand = state.hands[seat]
    if not hand & bit:
        raise HeartsError(Refusal.NOT_IN_HAND, "You do not hold that card.")
    if not legal_mask(hand, state.trick, not state.tricks, state.hearts_broken) & bit:
        raise _why_illegal(state, hand, c)
    s = state.copy()
    _apply_play(s, seat, c)
    return s


_NOT_PLAYING = {
    PASS: "Pass your cards first.",
    TRICK_DONE: "Wait: the trick is being gathered.",
    DEAL_DONE: "The deal is over.",
    GAME_OVER: "The game is over.",
}


def _why_illegal(s: HeartsState, hand: int, c: int) -> HeartsError:
    first = not s.tricks
    if not s.trick:
        if first:
            return HeartsError(Refusal.TWO_OF_CLUBS, "The 2♣ opens the deal.")
        return HeartsError(
            Refusal.HEARTS_NOT_BROKEN, "Hearts cannot lead until a heart has fallen."
        )
    led = s.trick[0] // 13
    if hand & SUIT_MASKS[led]:
        return HeartsError(Refusal.FOLLOW_SUIT, f"You must follow suit ({SUIT_NAMES[led]}).")
    return HeartsError(Refusal.FIRST_TRICK_POINTS, "No hearts and no Q♠ on the first trick.")


def _apply_play(s: HeartsState, seat: int, c: int) -> None:
    bit = 1 << c
    hands = list(s.hands)
    hands[seat] ^= bit
    s.hands = tuple(hands)
    s.trick = (*s.trick, c)
    s.played |= bit
    s.step += 1
    if c // 13 == HEARTS:
        s.hearts_broken = True
    if len(s.trick) == 4:
        s.trick_winner = trick_winner(s.trick_leader, s.trick)
        s.phase = TRICK_DONE
        s.turn = None
    else:
        s.turn = (seat + 1) % 4


def collect_trick(state: HeartsState) -> HeartsState:
    """Gather the finished trick: its winner takes its points and leads (or the deal ends)."""
    if state.phase != TRICK_DONE:
        raise HeartsError(Refusal.NO_TRICK, "There is no finished trick to gather.")
    s = state.copy()
    _apply_collect(s)
    return s


def _apply_collect(s: HeartsState) -> None:
    winner = s.trick_winner
    points = mask_points(mask_of(s.trick))
    if points:
        taken = list(s.taken)
        taken[winner] += points
        s.taken = tuple(taken)
    s.tricks = (*s.tricks, (s.trick_leader, s.trick, winner))
    s.trick = ()
    s.trick_winner = None
    s.trick_leader = winner
    s.step += 1
    if len(s.tricks) == 13:
        _finish_deal(s)
    else:
        s.phase = PLAY
        s.turn = winner


def _finish_deal(s: HeartsState) -> None:
    moon = next((seat for seat in range(4) if s.taken[seat] == 26), None)
    # Shooting the moon: 0 for the shooter, 26 for every other seat.
    scores = s.taken if moon is None else tuple(0 if seat == moon else 26 for seat in range(4))
    s.deals = (*s.deals, (scores, moon))
    s.totals = tuple(t + p for t, p in zip(s.totals, scores, strict=True))
    s.turn = None
    s.phase = GAME_OVER if max(s.totals) >= s.options.target else DEAL_DONE


def next_deal(state: HeartsState) -> HeartsState:
    """Deal the next hand after a deal's summary."""
    if state.phase != DEAL_DONE:
        raise HeartsError(
            Refusal.NO_NEXT_DEAL,
            "The game is over." if state.phase == GAME_OVER else "The deal is not finished.",
        )
    s = state.copy()
    s.step += 1
    _start_deal(s, s.deal_number + 1)
    return s


# Whose move, and computer moves ----------------------------------------------------


def due_seat(state: HeartsState) -> int | None:
    """The seat whose move comes next, or None while a trick or deal waits to be gathered.

    During the pass every seat that has not passed is due; this gives the computers
    first (1, 2, 3), then seat 0, so the server can let the computers confirm while
    the human is still choosing.
    """
    if state.phase == PLAY:
        return state.turn
    if state.phase == PASS:
        waiting = [seat for seat in (1, 2, 3, 0) if state.pending[seat] is None]
        computers = [seat for seat in waiting if state.levels[seat] != HUMAN]
        return (computers or waiting or [None])[0]
    return None


def computer_due(state: HeartsState) -> bool:
    """Whether ``computer_move`` has a move to apply now."""
    seat = due_seat(state)
    return seat is not None and state.levels[seat] != HUMAN


def decision_rng(state: HeartsState, seat: int) -> SplitMix64:
    """The tie-break stream of the decision ``seat`` faces now (seed, deal, seat, decision)."""
    decision = PASS_DECISION if state.phase == PASS else 1 + state.cards_played
    return SplitMix64(derive_seed(state.seed, state.deal_number, seat, decision))


def computer_move(state: HeartsState) -> HeartsState:
    """Apply exactly the one move due for a computer seat: its pass, or its card."""
    seat = due_seat(state)
    if seat is None or state.levels[seat] == HUMAN:
        raise HeartsError(Refusal.NO_COMPUTER_MOVE, "No computer move is due.")
    player = players.get_player(state.levels[seat])
    view = seat_view(state, seat)
    rng = decision_rng(state, seat)
    if state.phase == PASS:
        return submit_pass(state, seat, player.choose_pass(view, rng))
    return play_card(state, seat, player.choose_play(view, rng))


# Views ------------------------------------------------------------------------------------


def seat_view(state: HeartsState, seat: int) -> SeatView:
    """Exactly what ``seat`` knows now (see ``seat_view``)."""
    _check_seat(seat)
    s = state
    pending = s.pending
    deals = s.deals
    return SeatView(
        seat=seat,
        level=s.levels[seat],
        phase=s.phase,
        deal_number=s.deal_number,
        pass_direction=pass_direction(s.deal_number, s.options.pass_order),
        hand=s.hands[seat],
        pending_pass=pending[seat] or 0,
        passed=(
            pending[0] is not None,
            pending[1] is not None,
            pending[2] is not None,
            pending[3] is not None,
        ),
        received=s.received[seat],
        tricks=s.tricks,
        trick_leader=s.trick_leader,
        trick=s.trick,
        trick_winner=s.trick_winner,
        played=s.played,
        taken=s.taken,
        hearts_broken=s.hearts_broken,
        turn=s.turn,
        legal=_legal(s, seat),
        totals=s.totals,
        deal_scores=tuple(scores for scores, _ in deals) if deals else (),
        moons=tuple(moon for _, moon in deals) if deals else (),
        target=s.options.target,
        result=result(s, seat) if s.phase == GAME_OVER else None,
        own_pass=_own_pass(s, seat),
    )


def _own_pass(s: HeartsState, seat: int) -> int:
    """What ``seat`` passed, for a measurement player that remembers it (else 0)."""
    level = s.levels[seat]
    if level == HUMAN or not players.get_player(level).remembers_pass:
        return 0
    offset = PASS_OFFSETS[s.pass_direction]
    if not offset or s.phase == PASS:
        return 0
    return s.received[(seat + offset) % 4]


# The end of the game ----------------------------------------------------------------------


def winners(state: HeartsState) -> tuple[int, ...]:
    """The seats that finish first (more than one = a shared first place); () until the end."""
    if state.phase != GAME_OVER:
        return ()
    low = min(state.totals)
    best = tuple(seat for seat in range(4) if state.totals[seat] == low)
    if len(best) > 1 and state.options.tie_rule == "last-deal":
        last = state.deals[-1][0]
        low_last = min(last[seat] for seat in best)
        best = tuple(seat for seat in best if last[seat] == low_last)
    return best


def result(state: HeartsState, seat: int = 0) -> str | None:
    """ "win" (alone first), "draw" (first with others) or "loss", read from ``seat``."""
    best = winners(state)
    if not best:
        return None
    if seat not in best:
        return "loss"
    return "win" if len(best) == 1 else "draw"


def _check_seat(seat: int) -> None:
    if seat not in (0, 1, 2, 3):
        raise HeartsError(Refusal.NO_SUCH_SEAT, "There is no such seat.")
