"""Computer players' speed, printed (never asserted): `.venv/bin/python bench/bench_players.py`.

For each level: decisions per second and the time of one decision (mean, 99th
percentile, max) — a decision here is what ``computer_move`` costs: the seat view,
the tie-break stream, the player's choice, and the engine applying it. Then the
issue's yardstick: a 1,000-game Hard vs three Easy tournament on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import hearts as h
from games.engine.analysis.hearts_tournament import run_tournament

LEVELS = ("random", "easy", "medium", "hard", "shooter")


def decision_times(level: str, games: int) -> list[float]:
    times = []
    clock = time.perf_counter
    for seed in range(games):
        state = h.new_game(seed, levels=(level,) * 4)
        while state.phase != "game-over":
            if state.phase == "trick-done":
                state = h.collect_trick(state)
            elif state.phase == "deal-done":
                state = h.next_deal(state)
            else:
                start = clock()
                state = h.computer_move(state)
                times.append(clock() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per level (4 alike)")
    parser.add_argument("--tournament", type=int, default=1000, help="0 to skip")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, one process; {args.games} games per level")
    print(f"{'level':<9} {'decisions/s':>12} {'mean µs':>9} {'p99 µs':>8} {'max µs':>8}")
    for level in LEVELS:
        times = sorted(decision_times(level, args.games))
        n = len(times)
        total = sum(times)
        print(
            f"{level:<9} {n / total:>12,.0f} {1e6 * total / n:>9.1f} "
            f"{1e6 * times[int(0.99 * (n - 1))]:>8.1f} {1e6 * times[-1]:>8.1f}"
        )
    if args.tournament:
        start = time.perf_counter()
        result = run_tournament(("hard", "easy", "easy", "easy"), args.tournament, seed=1)
        elapsed = time.perf_counter() - start
        print(
            f"tournament hard vs 3 easy: {result.games:,} games, {result.deals:,} deals in "
            f"{elapsed:.1f} s ({result.games / elapsed:.0f} games/s)"
        )


if __name__ == "__main__":
    main()
