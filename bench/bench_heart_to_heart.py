"""Heart to Heart benchmarks: engine taps, JSON round trips, the solver, drawing W deals.

Prints figures; asserts nothing (the targets are in docs/heart-to-heart-engine.md).
Run: .venv/bin/python bench/bench_heart_to_heart.py [--deals 10000] [--w-deals 1000]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.percentiles import percentile
from games.engine.heart_to_heart import (
    STALEMATE,
    GameState,
    deal_codes,
    new_game,
    tap,
    view,
)
from games.engine.heart_to_heart.deal_codes import DealCode, deal_for
from games.engine.heart_to_heart.solver import is_winnable, solve
from games.engine.rng import SplitMix64

ALL_TARGETS = [*range(1, 26), "stock", "waste"]


def random_play_taps(taps: int, useful: bool) -> tuple[float, int]:
    """Taps per second over random play, restarting on each win or stalemate.

    useful=False taps any of the 27 targets (most are covered: cheap "nothing" taps);
    useful=True taps only free cards, the waste and the stock, as a player would.
    Only the time inside tap() is counted.
    """
    rng = SplitMix64(2024)
    seed = 0
    state = new_game(DealCode("N", seed))
    spent = 0.0
    done = 0
    clock = time.perf_counter
    while done < taps:
        options = [*state.free_positions(), "stock", "waste"] if useful else ALL_TARGETS
        target = options[rng.below(len(options))]
        started = clock()
        state = tap(state, target).state
        spent += clock() - started
        done += 1
        if state.won or (done % 64 == 0 and state.status == STALEMATE):
            seed += 1
            state = new_game(DealCode("N", seed))
    return taps / spent, seed


def middle_game() -> GameState:
    """A state with a full undo history, a selection and cards gone: a typical save."""
    state = new_game("HH1-N-AAAAAAM")
    from games.engine.heart_to_heart import solve_code

    for target in solve_code("HH1-N-AAAAAAM").line[:60]:
        state = tap(state, target).state
    for _ in range(60):
        state = tap(state, "stock").state
    return tap(state, state.free_positions()[0]).state


def json_round_trips(rounds: int) -> tuple[float, float, int]:
    state = middle_game()
    started = time.perf_counter()
    for _ in range(rounds):
        GameState.from_dict(state.to_dict())
    plain = rounds / (time.perf_counter() - started)
    started = time.perf_counter()
    for _ in range(rounds):
        GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    text = rounds / (time.perf_counter() - started)
    return plain, text, len(json.dumps(state.to_dict(), separators=(",", ":")))


def views(rounds: int) -> float:
    state = middle_game()
    started = time.perf_counter()
    for _ in range(rounds):
        view(state)
    return rounds / (time.perf_counter() - started)


def solver_times(deals: int) -> tuple[list[float], list[float], int]:
    verdict_ms, line_ms, winnable = [], [], 0
    for seed in range(deals):
        ranks = deal_for(DealCode("N", seed))
        started = time.perf_counter()
        won = is_winnable(ranks)
        verdict_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        solve(ranks)
        line_ms.append((time.perf_counter() - started) * 1000)
        winnable += won
    return sorted(verdict_ms), sorted(line_ms), winnable


def w_deal_times(deals: int) -> list[float]:
    draw = deal_codes._deal.__wrapped__  # past the cache: every draw is a fresh search
    times = []
    for seed in range(deals):
        started = time.perf_counter()
        draw(DealCode("W", seed))
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def summary_ms(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.3f} ms, p99 {percentile(values, 0.99):.3f} ms, "
        f"worst {values[-1]:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000, help="deals for the solver")
    parser.add_argument("--w-deals", type=int, default=1_000, help="W deals to draw")
    parser.add_argument("--taps", type=int, default=300_000, help="taps of random play")
    args = parser.parse_args()

    print(f"Heart to Heart benchmarks — Python {platform.python_version()}, {platform.machine()}")
    rate, games = random_play_taps(args.taps, useful=True)
    print(f"taps/s, random play on free cards, waste, stock: {rate:,.0f} ({games + 1} deals)")
    rate, games = random_play_taps(args.taps, useful=False)
    print(f"taps/s, random play on any of the 27 targets:     {rate:,.0f} ({games + 1} deals)")
    plain, text, size = json_round_trips(20_000)
    print(f"JSON round trips/s (to_dict + from_dict):         {plain:,.0f}")
    print(f"JSON round trips/s (with json.dumps + loads):     {text:,.0f}  ({size} bytes)")
    print(f"views/s (view(state), 25 slots):                  {views(20_000):,.0f}")

    verdict, line, winnable = solver_times(args.deals)
    print(f"solver, verdict only, {args.deals} N deals: {summary_ms(verdict)}")
    print(f"solver, verdict + line, {args.deals} N deals: {summary_ms(line)}")
    print(
        f"  winnable {winnable}/{args.deals} = {winnable / args.deals:.1%}; undecided: 0 "
        "(the search is exhaustive and has no budget)"
    )
    print(f"W deal draw, {args.w_deals} codes: {summary_ms(w_deal_times(args.w_deals))}")


if __name__ == "__main__":
    main()
