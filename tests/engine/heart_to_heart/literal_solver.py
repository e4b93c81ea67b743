"""A deliberately literal Heart to Heart solver: the test oracle for the fast solver.

It shares nothing with the engine or the fast solver: the geometry is typed in again from
the layout table (docs/rules.md#h2h-layout), and a position is the whole concrete table —
removed layout positions, the face-down stock in order, the waste in order. Moves are
exactly the rules': turn one card, redeal the waste in the same order when the stock is
empty, pair two free cards of a rank, pair a free card with the waste's top. It searches
every position reachable (depth first, each position once), so it is slow but hard to get
wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

# docs/rules.md#h2h-layout: row -> x offsets in half-card units; positions 1–25 row by row,
# left to right.
ROWS = {
    1: (-4, -2, 2, 4),
    2: (-5, -3, -1, 1, 3, 5),
    3: (-4, -2, 0, 2, 4),
    4: (-3, -1, 1, 3),
    5: (-2, 0, 2),
    6: (-1, 1),
    7: (0,),
}
PLACE = {}  # position -> (row, x)
for _row, _xs in ROWS.items():
    for _x in _xs:
        PLACE[len(PLACE) + 1] = (_row, _x)
POSITION = {place: pos for pos, place in PLACE.items()}
# "A card at (row r, x) is covered by the cards at (r+1, x−1) and (r+1, x+1) that exist."
COVERS = {
    pos: [POSITION[(row + 1, x + d)] for d in (-1, 1) if (row + 1, x + d) in POSITION]
    for pos, (row, x) in PLACE.items()
}


def literal_winnable(deal: Sequence[str]) -> bool:
    """Can the deal (52 ranks in deal order) be won? Searches every reachable position."""
    layout = {pos: deal[pos - 1] for pos in range(1, 26)}
    # The stock and the waste are kept as one sequence `piles` and a split `k`:
    # waste = piles[:k] (its top is piles[k-1]), stock = piles[k:] (its top is piles[k]).
    # It is the same two piles written so that turning a card is k + 1, and a redeal —
    # the waste turned over in the same order — is k = 0.
    # A position (removed, piles, k) is packed into one int, so that `seen` stays small:
    # bits 1–25 the removed layout positions, bits 26–31 k, bits 32+ the piles' index.
    piles_seen: list[tuple[str, ...]] = []
    piles_index: dict[tuple[str, ...], int] = {}

    def piles_id(piles: tuple[str, ...]) -> int:
        if piles not in piles_index:
            piles_index[piles] = len(piles_seen)
            piles_seen.append(piles)
        return piles_index[piles]

    hearts: dict[int, tuple[list[int], dict[str, list[int]]]] = {}

    def heart(removed: int) -> tuple[list[int], dict[str, list[int]]]:
        """After these removals: the pairs the heart offers, and its free cards by rank."""
        if removed not in hearts:
            gone = {pos for pos in layout if removed >> pos & 1}
            free = [
                pos
                for pos in layout
                if pos not in gone and all(cover in gone for cover in COVERS[pos])
            ]
            pairs = [
                1 << a | 1 << b
                for i, a in enumerate(free)
                for b in free[i + 1 :]
                if layout[a] == layout[b]
            ]
            by_rank: dict[str, list[int]] = {}
            for pos in free:
                by_rank.setdefault(layout[pos], []).append(1 << pos)
            hearts[removed] = (pairs, by_rank)
        return hearts[removed]

    everything = sum(1 << pos for pos in layout)
    one_card = 1 << 26  # k + 1
    start = 1 * one_card | piles_id((deal[51], *deal[25:51])) << 32
    seen = {start}
    todo = [start]
    while todo:
        position = todo.pop()
        removed = position & one_card - 1
        if removed == everything:
            return True
        k = position >> 26 & 63
        piles_at = position >> 32
        piles = piles_seen[piles_at]
        pairs, free_by_rank = heart(removed)
        following = [position | pair for pair in pairs]
        if k:
            partners = free_by_rank.get(piles[k - 1])
            if partners:
                # The waste's top leaves: the piles lose piles[k-1], and k steps back.
                rest = piles_id(piles[: k - 1] + piles[k:]) << 32 | (k - 1) * one_card | removed
                following += [rest | card for card in partners]
        if k < len(piles):
            following.append(position + one_card)  # turn the stock's top card
        elif piles:
            following.append(position - k * one_card)  # redeal
        for after in following:
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return False
