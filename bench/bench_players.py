"""Computer players' speed, printed (never asserted): `.venv/bin/python bench/bench_players.py`.

For each level: decisions per second and the time of one decision (mean, 99th
percentile, max) — a decision here is what ``computer_move`` costs: the seat view,
the tie-break stream, the player's choice, and the engine applying it. Then a
yardstick: a 1,000-game Hard vs three Easy tournament on one core.

The test-only ``planner`` samples hidden hands and plays them out, so it
is measured apart, at a table with Easy, Medium and Hard: all its decisions, and the
planning ones alone (the moon still possible, its hand strong enough, a real choice);
then a planner vs three Hard tournament, timed (``--planner-tournament``). The
test-only ``searcher`` likewise, against three Hard seats: its decisions
(passes and cards with a real choice), the Hard seats' decisions at that table, and
its deals per second on one core (``--searcher-games``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import hearts as h
from games.engine.analysis.hearts_tournament import run_tournament
from games.engine.hearts.players import get_player
from games.engine.hearts.players.tracking import Reading

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


def planner_times(games: int) -> tuple[list[float], list[float]]:
    """The planner's decision times at a planner/easy/medium/hard table: (all, planning)."""
    planner = get_player("planner")
    every, planning = [], []
    clock = time.perf_counter
    for seed in range(games):
        state = h.new_game(seed, levels=("planner", "easy", "medium", "hard"))
        while state.phase != "game-over":
            if state.phase == "trick-done":
                state = h.collect_trick(state)
            elif state.phase == "deal-done":
                state = h.next_deal(state)
            elif state.phase == "play" and state.levels[state.turn] == "planner":
                view = h.seat_view(state, state.turn)
                plans = (
                    view.legal & (view.legal - 1)
                    and not any(t for s, t in enumerate(view.taken) if s != view.seat)
                    and planner.hopeful(Reading(view))
                )
                start = clock()
                state = h.computer_move(state)
                spent = clock() - start
                every.append(spent)
                if plans:
                    planning.append(spent)
            else:
                state = h.computer_move(state)
    return every, planning


def searcher_times(games: int) -> tuple[list[float], list[float], int, float]:
    """At a searcher/hard/hard/hard table: (searcher's decisions with a choice, Hard's
    decisions, deals played, seconds)."""
    searcher, hard = [], []
    clock = time.perf_counter
    deals = 0
    begin = clock()
    for seed in range(games):
        state = h.new_game(seed, levels=("searcher", "hard", "hard", "hard"))
        while state.phase != "game-over":
            if state.phase == "trick-done":
                state = h.collect_trick(state)
            elif state.phase == "deal-done":
                deals += 1
                state = h.next_deal(state)
            else:
                seat = h.due_seat(state)
                view = h.seat_view(state, seat)
                choice = state.phase == "pass" or view.legal & (view.legal - 1)
                start = clock()
                state = h.computer_move(state)
                spent = clock() - start
                if seat != 0:
                    hard.append(spent)
                elif choice:
                    searcher.append(spent)
    return searcher, hard, deals + games, clock() - begin


def row(name: str, times: list[float]) -> str:
    times = sorted(times)
    n = len(times)
    total = sum(times)
    return (
        f"{name:<9} {n / total:>12,.0f} {1e6 * total / n:>9.1f} {1e6 * times[n // 2]:>9.1f} "
        f"{1e6 * times[int(0.99 * (n - 1))]:>8.1f} {1e6 * times[-1]:>8.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per level (4 alike)")
    parser.add_argument("--tournament", type=int, default=1000, help="0 to skip")
    parser.add_argument("--planner-games", type=int, default=20, help="0 to skip")
    parser.add_argument("--searcher-games", type=int, default=4, help="0 to skip")
    parser.add_argument(
        "--planner-tournament", type=int, default=100, help="planner vs 3 hard games, 0 to skip"
    )
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, one process; {args.games} games per level")
    print(
        f"{'level':<9} {'decisions/s':>12} {'mean µs':>9} {'median µs':>9} {'p99 µs':>8} "
        f"{'max µs':>8}"
    )
    for level in LEVELS:
        print(row(level, decision_times(level, args.games)))
    if args.planner_games:
        every, planning = planner_times(args.planner_games)
        print(f"planner at a planner/easy/medium/hard table, {args.planner_games} games:")
        print(row("planner", every))
        print(row("planning", planning) + f"   ({len(planning):,} of {len(every):,} decisions)")
    if args.searcher_games:
        searcher, hard, deals, spent = searcher_times(args.searcher_games)
        print(f"searcher at a searcher/hard/hard/hard table, {args.searcher_games} games:")
        print(row("searcher", searcher) + "   (passes and cards with a choice)")
        print(row("hard", hard) + "   (the three Hard seats there)")
        print(f"{deals:,} deals in {spent:.1f} s, one core: {deals / spent:.2f} deals/s")
    if args.tournament:
        start = time.perf_counter()
        result = run_tournament(("hard", "easy", "easy", "easy"), args.tournament, seed=1)
        elapsed = time.perf_counter() - start
        print(
            f"tournament hard vs 3 easy: {result.games:,} games, {result.deals:,} deals in "
            f"{elapsed:.1f} s ({result.games / elapsed:.0f} games/s)"
        )
    if args.planner_tournament:
        start = time.perf_counter()
        result = run_tournament(("planner", "hard", "hard", "hard"), args.planner_tournament, 1)
        elapsed = time.perf_counter() - start
        per_1000 = 1000 * elapsed / result.games / 60
        print(
            f"tournament planner vs 3 hard: {result.games:,} games, {result.deals:,} deals in "
            f"{elapsed:.1f} s, one core (1,000 games: about {per_1000:.1f} min)"
        )


if __name__ == "__main__":
    main()
