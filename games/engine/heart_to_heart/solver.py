"""Heart to Heart solver — an offline tool, never asked about a game in play
(docs/rules.md#h2h-no-solver).

It picks class-W deals, proves the Examples page's game, and measures how many deals can
be won. Its answer is exact: a winning line of taps, or a proof that none exists.

Why it can be fast: redeals are unlimited and keep the order, so any card in the stock or
the waste can be brought to the waste's top at any moment, at the cost of some flips that
change nothing else. For the verdict only the *multiset* of ranks left in stock + waste
matters, never its order. A position is then a 25-bit mask of removed layout cards plus,
per rank, how many of that rank are left in stock + waste (3 bits each).

On top of that, two kinds of move are safe to make at once, with no search:
* a free card of a rank with at least as many copies left in the piles as in the heart
  pairs with the piles: no other card of its rank can be short of a partner;
* when every remaining copy of a rank in the heart is free, all of them go (among
  themselves, the odd one with the piles).
Removing a card only ever frees more cards, so making such a move early never hurts.
The search branches only on the other ranks, with a table of positions known lost, and
prunes a rank whose heart copies cannot all find partners: a copy that covers or is
covered (however indirectly) by every other copy left can only pair with the piles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine.bitmasks import set_bits
from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart.layout import (
    COVER_MASKS,
    FULL_MASK,
    LAYOUT_SIZE,
    PLACES,
    ROW_OFFSETS,
)
from games.engine.heart_to_heart.rules import (
    FLIPPED,
    PAIRED,
    STOCK,
    WASTE,
    GameState,
    Target,
    deal_state,
    tap,
)

_RANK_INDEX = {rank: index for index, rank in enumerate(H2H_RANKS)}
_RANKS = len(H2H_RANKS)


def _relations() -> tuple[int, ...]:
    """For each card, the cards that must leave before it or that it must leave before."""
    above = [0] * LAYOUT_SIZE  # transitive coverers; a coverer always has a higher index
    for index in reversed(range(LAYOUT_SIZE)):
        mask = COVER_MASKS[index]
        for coverer in set_bits(mask):
            mask |= above[coverer]
        above[index] = mask
    below = [0] * LAYOUT_SIZE
    for index in range(LAYOUT_SIZE):
        for coverer in set_bits(above[index]):
            below[coverer] |= 1 << index
    return tuple(a | b for a, b in zip(above, below, strict=True))


_ORDERED_WITH = _relations()


@dataclass(frozen=True, slots=True)
class Solution:
    winnable: bool
    line: tuple[Target, ...]  # taps that win from the deal; () when not winnable
    nodes: int  # positions searched, for the curious

    @property
    def moves(self) -> int:
        """Moves in the line: every stock tap, and every second tap of a pair."""
        stock_taps = sum(1 for target in self.line if target == STOCK)
        return stock_taps + (len(self.line) - stock_taps) // 2


class _Search:
    """One deal's search. Moves are (card, partner) with 0-based cards; partner None = piles."""

    def __init__(self, ranks: Sequence[str]) -> None:
        self.layout = [_RANK_INDEX[rank] for rank in ranks[:LAYOUT_SIZE]]
        self.rank_masks = [0] * _RANKS
        for index, rank in enumerate(self.layout):
            self.rank_masks[rank] |= 1 << index
        self.piles = sum(1 << 3 * _RANK_INDEX[rank] for rank in ranks[LAYOUT_SIZE:])
        self.lost: set[int] = set()
        self.path: list[tuple[int, int | None]] = []
        self.nodes = 0

    def run(self) -> bool:
        return self._search(0, self.piles)

    @staticmethod
    def _free(removed: int) -> int:
        free = 0
        for index in range(LAYOUT_SIZE):
            mask = COVER_MASKS[index]
            if removed & mask == mask and not removed >> index & 1:
                free |= 1 << index
        return free

    def _settle(self, removed: int, piles: int) -> tuple[int, int]:
        """Make the safe moves until there are none left."""
        layout, rank_masks, path = self.layout, self.rank_masks, self.path
        while removed != FULL_MASK:
            free = self._free(removed)
            progressed = False
            for index in set_bits(free):
                bit = 1 << index
                if removed & bit:
                    continue  # went earlier in this pass
                rank = layout[index]
                left = rank_masks[rank] & ~removed
                in_piles = piles >> 3 * rank & 7
                if in_piles >= left.bit_count():
                    removed |= bit
                    piles -= 1 << 3 * rank
                    path.append((index, None))
                    progressed = True
                elif left & ~free == 0:
                    cards = set_bits(left)
                    while len(cards) >= 2:
                        path.append((cards.pop(), cards.pop()))
                    if cards:
                        path.append((cards[0], None))
                        piles -= 1 << 3 * rank
                    removed |= left
                    progressed = True
            if not progressed:
                break
        return removed, piles

    def _doomed(self, removed: int, piles: int) -> bool:
        for rank, rank_mask in enumerate(self.rank_masks):
            left = rank_mask & ~removed
            in_piles = piles >> 3 * rank & 7
            if left.bit_count() <= in_piles:
                continue
            alone = 0
            for index in set_bits(left):
                if left & ~(1 << index) & ~_ORDERED_WITH[index] == 0:
                    alone += 1
            if alone > in_piles:
                return True
        return False

    def _search(self, removed: int, piles: int) -> bool:
        self.nodes += 1
        mark = len(self.path)
        removed, piles = self._settle(removed, piles)
        if removed == FULL_MASK:
            return True
        key = removed | piles << LAYOUT_SIZE
        if key in self.lost or self._doomed(removed, piles):
            self.lost.add(key)
            del self.path[mark:]
            return False
        free = self._free(removed)
        for index in set_bits(free):
            rank = self.layout[index]
            bit = 1 << index
            # Each pair of free cards once: partners with a higher index only.
            for other in set_bits(self.rank_masks[rank] & free & ~((bit << 1) - 1)):
                self.path.append((index, other))
                if self._search(removed | bit | 1 << other, piles):
                    return True
                self.path.pop()
            if piles >> 3 * rank & 7:
                self.path.append((index, None))
                if self._search(removed | bit, piles - (1 << 3 * rank)):
                    return True
                self.path.pop()
        self.lost.add(key)
        del self.path[mark:]
        return False


def is_winnable(ranks: Sequence[str]) -> bool:
    """The verdict alone, for 52 ranks in deal order."""
    return _Search(ranks).run()


def solve(ranks: Sequence[str]) -> Solution:
    """The verdict and, when the deal can be won, a line of taps that wins it."""
    search = _Search(ranks)
    if not search.run():
        return Solution(False, (), search.nodes)
    return Solution(True, _taps(ranks, search.path), search.nodes)


def _taps(ranks: Sequence[str], plan: Sequence[tuple[int, int | None]]) -> tuple[Target, ...]:
    """Turn the search's pairs into taps, flipping (and redealing) to each piles card needed.

    The pairs are replayed in a cheaper order than found: any order in which each pair's
    cards are free works (removals only free cards; the piles hold enough of each rank in
    any order), so pairs from the heart go first, then the piles pair whose rank turns up
    soonest. The plan's first pending pair is always playable, so this never sticks.
    """
    stock = list(ranks[LAYOUT_SIZE:51])
    waste = [ranks[51]]
    pending = list(plan)
    removed = 0
    taps: list[Target] = []

    def playable(move: tuple[int, int | None]) -> bool:
        return all(
            removed & COVER_MASKS[card] == COVER_MASKS[card] for card in move if card is not None
        )

    def flips_to(rank: str) -> int:
        if waste and waste[-1] == rank:
            return 0
        if rank in stock:
            return stock.index(rank) + 1
        return len(stock) + 1 + waste.index(rank) + 1  # through the stock, redeal, on

    while pending:
        ready = [move for move in pending if playable(move)]
        heart_pairs = [move for move in ready if move[1] is not None]
        if heart_pairs:
            move = heart_pairs[0]
        else:
            move = min(ready, key=lambda move: flips_to(ranks[move[0]]))
        pending.remove(move)
        card, partner = move
        removed |= 1 << card
        if partner is not None:
            removed |= 1 << partner
            taps += [card + 1, partner + 1]
            continue
        rank = ranks[card]
        while not waste or waste[-1] != rank:
            if stock:
                waste.append(stock.pop(0))
            else:
                stock, waste = waste, []
            taps.append(STOCK)
        waste.pop()
        taps += [card + 1, WASTE]
    return tuple(taps)


def replay(state: GameState, line: Iterable[Target]) -> GameState:
    """Play taps through the engine (HeartToHeartError if one is refused)."""
    for target in line:
        state = tap(state, target).state
    return state


def narrate(code: str, ranks: Sequence[str], solution: Solution, ms: float) -> list[str]:
    """The report ``manage.py h2h_solve`` prints: the deal, the verdict, the line by move."""
    lines = [code, *_heart_picture(ranks[:LAYOUT_SIZE])]
    lines.append(
        f"waste: {ranks[51]}   stock: {51 - LAYOUT_SIZE} cards, top first: "
        + " ".join(ranks[LAYOUT_SIZE:51])
    )
    if not solution.winnable:
        lines.append(f"UNWINNABLE: proved in {ms:.2f} ms ({solution.nodes} positions searched)")
        return lines
    lines.append(
        f"WINNABLE: {solution.moves} moves ({len(solution.line)} taps), found in {ms:.2f} ms "
        f"({solution.nodes} positions searched)"
    )
    state = deal_state(code, ranks)
    pending: list[Target] = []
    for target in solution.line:
        outcome = tap(state, target)
        state = outcome.state
        pending.append(target)
        if not outcome.is_move:
            continue
        number = f"{state.moves:4d}."
        if outcome.kind == PAIRED:
            first, second = outcome.paired
            rank = state.layout[(second if first == WASTE else first) - 1]
            where = " and ".join("the waste" if t == WASTE else f"position {t}" for t in pending)
            lines.append(f"{number} pair {rank}: {where}  (score {state.score})")
        elif outcome.kind == FLIPPED:
            lines.append(f"{number} turn a card: {state.waste[-1]}")
        else:
            lines.append(f"{number} redeal the waste into the stock")
        pending = []
    lines.append("replayed through the engine: " + ("won" if state.won else "NOT WON (bug)"))
    return lines


def _heart_picture(layout: Sequence[str]) -> list[str]:
    """The heart as text, each card at its half-card x offset (positions in brackets)."""
    lines = []
    for row in range(1, len(ROW_OFFSETS) + 1):
        cells = [" " * 4] * 11
        for pos, (card_row, x) in enumerate(PLACES, 1):
            if card_row == row:
                cells[x + 5] = f"{layout[pos - 1]:>2}{'':2}"
        lines.append("  " + "".join(cells).rstrip())
    return lines
