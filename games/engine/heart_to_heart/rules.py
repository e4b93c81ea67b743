"""Heart to Heart, the solitaire (docs/rules.md#h2h): state, taps, undo, end states, JSON.

State in, state out: ``tap`` and ``undo`` never change the state they are given; they
return a new one. What a page shows is derived by ``board.view``, which carries the
stock's size but never its order, so a template cannot leak the hidden cards.

Targets of a tap: a layout position 1–25, ``"stock"`` or ``"waste"``. The selection is
``None``, a position, or ``"waste"`` (the waste's top card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart.layout import FULL_MASK, LAYOUT_SIZE, is_free
from games.engine.refusals import Refused

FORMAT_VERSION = 1  # of the JSON value; bump it (and keep a reader) when the shape changes
HISTORY_LIMIT = 100  # undo reaches this many moves back (docs/rules.md#h2h-undo)
POINTS_PER_CARD = 10
STOCK = "stock"
WASTE = "waste"

# Kinds of tap outcome.
SELECTED = "selected"
DESELECTED = "deselected"
PAIRED = "paired"
MISMATCH = "mismatch"  # the page may say "Must be same rank"
FLIPPED = "flipped"
REDEALT = "redealt"
NOTHING = "nothing"
UNDONE = "undone"  # not a tap: what an undo reports, so both actions answer alike

PLAYING = "playing"
WON = "won"
STALEMATE = "stalemate"

# One character per rank in the JSON value ("T" for 10 keeps every rank one character).
_RANK_CHARS = dict(zip(H2H_RANKS, "A23456789TJQK", strict=True))
_CHAR_RANKS = {char: rank for rank, char in _RANK_CHARS.items()}


class Refusal(StrEnum):
    """Every reason a Heart to Heart action can be refused (the web maps each to words)."""

    STALE = "stale"  # the request's version is not the game's (a second tab, a retry)
    REPLACED = "replaced"  # the service's: the player has started a newer game since
    FINISHED = "finished"
    NOTHING_TO_UNDO = "nothing-to-undo"
    UNKNOWN_TARGET = "unknown-target"
    BAD_DEAL = "bad-deal"
    BAD_SAVE = "bad-save"


class HeartToHeartError(Refused):
    """A refused tap or undo, or a saved game that cannot be read."""

    code: Refusal


Target = int | str  # 1–25, "stock" or "waste"


@dataclass(frozen=True, slots=True)
class GameState:
    code: str  # the deal code, canonical
    layout: tuple[str, ...]  # the 25 dealt ranks, positions 1–25; never changes
    removed: int  # bit p-1 set when position p has left the game
    stock: tuple[str, ...]  # face down; stock[0] is the top, the next card to turn
    waste: tuple[str, ...]  # face up; waste[-1] is the top, the only one that plays
    selected: int | str | None = None
    moves: int = 0
    # Undo records, oldest first, at most HISTORY_LIMIT: ("f"|"r", None) for a flip or
    # redeal, ("p", first, second) for a pair (first was the selection). Games saved
    # before undo cleared the selection may hold a position in place of that None: undo
    # ignores it.
    history: tuple[tuple[Any, ...], ...] = ()

    @property
    def score(self) -> int:
        return POINTS_PER_CARD * self.removed.bit_count()

    @property
    def removed_count(self) -> int:
        return self.removed.bit_count()

    @property
    def won(self) -> bool:
        return self.removed == FULL_MASK

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and not self.won

    @property
    def status(self) -> str:
        """WON, STALEMATE (no free card has a possible partner anywhere) or PLAYING.

        A stalemate still takes taps (the stock turns as ever) and undo: only a won game
        is finished.
        """
        if self.removed == FULL_MASK:
            return WON
        free = self.free_positions()
        free_ranks = Counter(self.layout[pos - 1] for pos in free)
        hidden = set(self.stock) | set(self.waste)
        for rank, count in free_ranks.items():
            if count >= 2 or rank in hidden:
                return PLAYING
        return STALEMATE

    def is_free(self, pos: int) -> bool:
        return is_free(self.removed, pos)

    def free_positions(self) -> tuple[int, ...]:
        removed = self.removed
        return tuple(pos for pos in range(1, LAYOUT_SIZE + 1) if is_free(removed, pos))

    def rank_of(self, target: int | str) -> str:
        """The rank a selection or tap target shows (the waste's top for "waste")."""
        return self.waste[-1] if target == WASTE else self.layout[int(target) - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "code": self.code,
            "layout": _chars(self.layout),
            "removed": self.removed,
            "stock": _chars(self.stock),
            "waste": _chars(self.waste),
            "selected": self.selected,
            "moves": self.moves,
            "history": [_history_text(entry) for entry in self.history],
        }

    @classmethod
    def from_dict(cls, value: Any) -> GameState:
        """Read a value written by ``to_dict`` (HeartToHeartError if it is not one)."""
        return _state_from_json(value)


@dataclass(frozen=True, slots=True)
class TapOutcome:
    state: GameState
    kind: str  # SELECTED, DESELECTED, PAIRED, MISMATCH, FLIPPED, REDEALT, NOTHING (UNDONE)
    paired: tuple[int | str, ...] = ()  # the two targets that left the game, if any

    @property
    def is_move(self) -> bool:
        return self.kind in (PAIRED, FLIPPED, REDEALT)


def deal_state(code: str, ranks: Sequence[str]) -> GameState:
    """The opening state of a deal: 25 in the heart, 26 in the stock, 1 on the waste."""
    if len(ranks) != 52 or Counter(ranks) != Counter({rank: 4 for rank in H2H_RANKS}):
        raise HeartToHeartError(Refusal.BAD_DEAL, "A deal holds four cards of each rank.")
    return GameState(
        code=code,
        layout=tuple(ranks[:25]),
        removed=0,
        stock=tuple(ranks[25:51]),  # deal order: the first of these is the stock's top
        waste=(ranks[51],),
    )


def parse_target(target: Any) -> int | str:
    """1–25, "stock" or "waste"; digits in a string are accepted (form posts send text)."""
    if isinstance(target, str):
        text = target.strip().lower()
        if text in (STOCK, WASTE):
            return text
        if text.isdigit():
            target = int(text)
    if type(target) is int and 1 <= target <= LAYOUT_SIZE:
        return target
    raise HeartToHeartError(Refusal.UNKNOWN_TARGET, "There is no such card to tap.")


def tap(state: GameState, target: Any) -> TapOutcome:
    """Apply one tap exactly as docs/rules.md#h2h-tapping says."""
    if state.removed == FULL_MASK:
        raise HeartToHeartError(Refusal.FINISHED, "This game is won; start a new game.")
    if type(target) is not int or not 1 <= target <= LAYOUT_SIZE:
        target = parse_target(target)  # raises the player-fit error for anything unknown
    if target == STOCK:
        return _tap_stock(state)
    if target == WASTE:
        if not state.waste:
            return TapOutcome(state, NOTHING)
        rank = state.waste[-1]
    else:
        if not is_free(state.removed, target):
            return TapOutcome(state, NOTHING)  # an emptied place, or a covered card
        rank = state.layout[target - 1]

    selected = state.selected
    if selected is None:
        return TapOutcome(_with_selection(state, target), SELECTED)
    if selected == target:
        return TapOutcome(_with_selection(state, None), DESELECTED)
    if state.rank_of(selected) != rank:
        return TapOutcome(_with_selection(state, target), MISMATCH)

    removed = state.removed
    waste = state.waste
    for card in (selected, target):
        if card == WASTE:
            waste = waste[:-1]
        else:
            removed |= 1 << (card - 1)
    new = GameState(
        state.code,
        state.layout,
        removed,
        state.stock,
        waste,
        None,
        state.moves + 1,
        _push(state.history, ("p", selected, target)),
    )
    return TapOutcome(new, PAIRED, (selected, target))


def undo(state: GameState) -> GameState:
    """Take back the last move (flip, redeal or pair): the cards go back where they were
    before it, and nothing is selected: a pair undone with its first card still selected
    would leave a half-made move that the player's next tap silently completes or changes."""
    if state.removed == FULL_MASK:
        raise HeartToHeartError(Refusal.FINISHED, "This game is won; start a new game.")
    if not state.history:
        raise HeartToHeartError(Refusal.NOTHING_TO_UNDO, "There is no move to undo.")
    entry = state.history[-1]
    history = state.history[:-1]
    stock, waste, removed = state.stock, state.waste, state.removed
    kind = entry[0]
    if kind == "f":
        stock, waste = (waste[-1], *stock), waste[:-1]
    elif kind == "r":
        stock, waste = (), stock
    else:
        first, second = entry[1], entry[2]
        for card in (first, second):
            if card == WASTE:
                # The waste card had the rank of its layout partner.
                partner = second if card == first else first
                waste = (*waste, state.layout[partner - 1])
            else:
                removed &= ~(1 << (card - 1))
    return GameState(
        state.code, state.layout, removed, stock, waste, None, state.moves - 1, history
    )


def _tap_stock(state: GameState) -> TapOutcome:
    if state.stock:
        stock, waste, kind, record = state.stock[1:], (*state.waste, state.stock[0]), FLIPPED, "f"
    elif state.waste:
        # The waste turns over as it lies: its first card becomes the stock's top again.
        stock, waste, kind, record = state.waste, (), REDEALT, "r"
    else:
        return TapOutcome(state, NOTHING)
    new = GameState(
        state.code,
        state.layout,
        state.removed,
        stock,
        waste,
        None,
        state.moves + 1,
        _push(state.history, (record, None)),  # undo does not bring a selection back
    )
    return TapOutcome(new, kind)


def _with_selection(state: GameState, selected: int | str | None) -> GameState:
    return GameState(
        state.code,
        state.layout,
        state.removed,
        state.stock,
        state.waste,
        selected,
        state.moves,
        state.history,
    )


def _push(history: tuple[tuple[Any, ...], ...], entry: tuple[Any, ...]) -> tuple:
    if len(history) >= HISTORY_LIMIT:
        history = history[len(history) - HISTORY_LIMIT + 1 :]
    return (*history, entry)


def _chars(ranks: Sequence[str]) -> str:
    return "".join(_RANK_CHARS[rank] for rank in ranks)


def _history_text(entry: tuple[Any, ...]) -> str:
    """("p", 12, "waste") -> "p12.w"; ("f", None) -> "f"; ("r", 7) -> "r7"."""

    def one(card: int | str | None) -> str:
        return "" if card is None else "w" if card == WASTE else str(card)

    return entry[0] + ".".join(one(card) for card in entry[1:])


def _history_entry(text: str) -> tuple[Any, ...]:
    def one(part: str) -> int | str | None:
        return None if part == "" else WASTE if part == "w" else int(part)

    kind, rest = text[0], text[1:]
    if kind in "fr":
        return (kind, one(rest))
    if kind == "p":
        first, second = rest.split(".")
        return (kind, one(first), one(second))
    raise ValueError(text)


def _state_from_json(value: Any) -> GameState:
    """Check every field: a saved game comes from the database, not from this process."""
    if not isinstance(value, dict) or value.get("version") != FORMAT_VERSION:
        raise HeartToHeartError(Refusal.BAD_SAVE, "This saved game cannot be read.")
    try:
        layout = tuple(_CHAR_RANKS[char] for char in value["layout"])
        stock = tuple(_CHAR_RANKS[char] for char in value["stock"])
        waste = tuple(_CHAR_RANKS[char] for char in value["waste"])
        history = tuple(_history_entry(text) for text in value["history"])
        state = GameState(
            code=str(value["code"]),
            layout=layout,
            removed=int(value["removed"]),
            stock=stock,
            waste=waste,
            selected=value["selected"],
            moves=int(value["moves"]),
            history=history,
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise HeartToHeartError(Refusal.BAD_SAVE, "This saved game cannot be read.") from error
    if not _consistent(state):
        raise HeartToHeartError(Refusal.BAD_SAVE, "This saved game cannot be read.")
    return state


def _consistent(state: GameState) -> bool:
    """The 52 cards are all accounted for, and the selection is a card that can be tapped."""
    if len(state.layout) != LAYOUT_SIZE or not 0 <= state.removed <= FULL_MASK:
        return False
    if state.moves < 0 or len(state.history) > HISTORY_LIMIT:
        return False
    removed_layout = Counter(
        rank for pos, rank in enumerate(state.layout, 1) if state.removed >> (pos - 1) & 1
    )
    in_piles = Counter(state.stock) + Counter(state.waste)
    in_layout = Counter(state.layout)
    for rank in H2H_RANKS:
        # Cards gone from stock/waste each left with one removed layout card of their rank.
        gone = 4 - in_layout[rank] - in_piles[rank]
        if gone < 0 or gone > removed_layout[rank] or (gone + removed_layout[rank]) % 2:
            return False
    selected = state.selected
    if selected is None:
        return True
    if selected == WASTE:
        return bool(state.waste)
    return type(selected) is int and 1 <= selected <= LAYOUT_SIZE and state.is_free(selected)
