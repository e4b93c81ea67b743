"""The board a Heart to Heart page draws: everything it shows, and nothing it must not.

Derived from a ``GameState`` by ``view``; it holds the stock's size, never its order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.engine.heart_to_heart.rules import WASTE, GameState


@dataclass(frozen=True, slots=True)
class SlotView:
    pos: int
    rank: str
    state: str  # "free", "covered" or "removed"
    selected: bool
    hint: bool  # placement help: a free card with a partner free or on the waste's top
    dim: bool  # placement help: a card is selected and this one cannot pair with it


@dataclass(frozen=True, slots=True)
class BoardView:
    """What the page renders. It holds the stock's size, never its order."""

    code: str
    slots: tuple[SlotView, ...]  # positions 1–25 in order
    stock_count: int
    waste_count: int
    # A tap on the stock turns a card, or turns the waste back over; with both piles
    # empty it does nothing (docs/rules.md#h2h-stock).
    stock_playable: bool
    waste_rank: str | None  # the top card, None when the waste is empty
    waste_selected: bool
    waste_hint: bool  # the waste's top pairs with a free card
    waste_dim: bool
    selected: int | str | None
    score: int
    moves: int
    status: str  # "playing", "won" or "stalemate"
    can_undo: bool

    @property
    def free_positions(self) -> tuple[int, ...]:
        return tuple(slot.pos for slot in self.slots if slot.state == "free")


def view(state: GameState) -> BoardView:
    free = set(state.free_positions())
    free_ranks = Counter(state.layout[pos - 1] for pos in free)
    waste_rank = state.waste[-1] if state.waste else None
    selected = state.selected
    selected_rank = None if selected is None else state.rank_of(selected)

    def hinted(rank: str) -> bool:
        return free_ranks[rank] >= 2 or rank == waste_rank

    def pairs_with_selection(target: int | str, rank: str) -> bool:
        # The selected card itself is not darkened: it is the one being paired.
        return selected is None or target == selected or rank == selected_rank

    slots = []
    for pos, rank in enumerate(state.layout, 1):
        if state.removed >> (pos - 1) & 1:
            slots.append(SlotView(pos, rank, "removed", False, False, False))
            continue
        is_free = pos in free
        state_name = "free" if is_free else "covered"
        hint = is_free and hinted(rank)
        dim = selected is not None and not (is_free and pairs_with_selection(pos, rank))
        slots.append(SlotView(pos, rank, state_name, selected == pos, hint, dim))
    return BoardView(
        code=state.code,
        slots=tuple(slots),
        stock_count=len(state.stock),
        waste_count=len(state.waste),
        stock_playable=bool(state.stock or state.waste),
        waste_rank=waste_rank,
        waste_selected=selected == WASTE,
        waste_hint=waste_rank is not None and free_ranks[waste_rank] > 0,
        waste_dim=waste_rank is not None and not pairs_with_selection(WASTE, waste_rank),
        selected=selected,
        score=state.score,
        moves=state.moves,
        status=state.status,
        can_undo=state.can_undo,
    )
