"""Survey of Heart to Heart deals: how many can be won, are stuck at once, fall to greed.

The logic behind ``manage.py h2h_survey``, kept free of Django so tests can run it.
Deals surveyed are the class-N codes with seeds ``first, first + 1, …``: the same
command gives the same shares on any machine.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass

from games.engine.heart_to_heart import (
    STALEMATE,
    STOCK,
    WASTE,
    DealCode,
    GameState,
    deal_for,
    deal_state,
    tap,
)
from games.engine.heart_to_heart.solver import is_winnable


@dataclass(frozen=True, slots=True)
class DealReport:
    code: str
    winnable: bool
    stuck_at_start: bool  # a stalemate before the first move
    greedy_won: bool
    solve_seconds: float


@dataclass(frozen=True, slots=True)
class Share:
    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval (95% for z = 1.96): sound near 0 and 1, unlike p ± z·se."""
        n, p = self.total, self.value
        if not n:
            return 0.0, 1.0
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def __str__(self) -> str:
        low, high = self.interval()
        return f"{self.value:6.1%} ({self.count}/{self.total}; 95% interval {low:.1%}–{high:.1%})"


def greedy_play(state: GameState) -> GameState:
    """A player with no foresight: the first pair in the heart (lowest positions), else the
    first free card matching the waste's top, else turn the stock — until won or stuck."""
    while not state.won:
        move = greedy_pair(state)
        if move:
            for target in move:
                state = tap(state, target).state
        elif state.status == STALEMATE:
            break
        else:
            state = tap(state, STOCK).state  # a partner is in the piles: it will come up
    return state


def greedy_pair(state: GameState) -> tuple[int | str, ...]:
    first_free: dict[str, int] = {}
    for pos in state.free_positions():
        rank = state.layout[pos - 1]
        if rank in first_free:
            return (first_free[rank], pos)
        first_free[rank] = pos
    if state.waste and state.waste[-1] in first_free:
        return (first_free[state.waste[-1]], WASTE)
    return ()


def survey_deal(code: DealCode) -> DealReport:
    ranks = deal_for(code)
    opening = deal_state(str(code), ranks)
    started = time.perf_counter()
    winnable = is_winnable(ranks)
    solve_seconds = time.perf_counter() - started
    return DealReport(
        code=str(code),
        winnable=winnable,
        stuck_at_start=opening.status == STALEMATE,
        greedy_won=greedy_play(opening).won,
        solve_seconds=solve_seconds,
    )


def survey_codes(deals: int, first: int = 0) -> list[DealCode]:
    return [DealCode("N", seed) for seed in range(first, first + deals)]


def summary(reports: Iterable[DealReport], wall_seconds: float | None = None) -> str:
    reports = list(reports)
    total = len(reports)
    times_ms = sorted(report.solve_seconds * 1000 for report in reports) or [0.0]
    lines = [
        f"deals surveyed:           {total} (class N)",
        f"winnable:                 {Share(sum(r.winnable for r in reports), total)}",
        f"stalemate before a move:  {Share(sum(r.stuck_at_start for r in reports), total)}",
        f"won by a greedy player:   {Share(sum(r.greedy_won for r in reports), total)}",
        "solver time per deal:     "
        f"median {statistics.median(times_ms):.2f} ms, "
        f"p99 {times_ms[int(0.99 * (len(times_ms) - 1))]:.2f} ms, "
        f"worst {times_ms[-1]:.2f} ms",
    ]
    if wall_seconds is not None:
        lines.append(f"wall time:                {wall_seconds:.1f} s")
    return "\n".join(lines)
