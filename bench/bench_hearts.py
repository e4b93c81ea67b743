"""Hearts engine speed, printed (never asserted): `.venv/bin/python bench/bench_hearts.py`.

Measures, on one core:
  1. random legal full games per second through the public API (a new state per move,
     random card from the legal set, random pass) — the target is >= 200/s;
  2. the same games through ``computer_move`` with the ``random`` player (seat view and
     a derived SplitMix64 stream per decision: the path tournaments and the site use);
  3. legal-move generation calls per second (the mask form and the card-code form).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import hearts as h
from games.engine.hearts.cards import nth_card
from games.engine.rng import SplitMix64
from games.engine.testing import next_step

LEVELS = ("random", "random", "random", "random")


def random_game_api(seed: int, rng: SplitMix64) -> h.HeartsState:
    state = h.new_game(seed, levels=LEVELS)
    while True:
        phase = state.phase
        if phase == "play":
            seat = state.turn
            legal = h.legal_mask(
                state.hands[seat], state.trick, not state.tricks, state.hearts_broken
            )
            state = h.play_card(state, seat, nth_card(legal, rng.below(legal.bit_count())))
        elif phase == "trick-done":
            state = h.collect_trick(state)
        elif phase == "pass":
            seat = h.due_seat(state)
            hand = state.hands[seat]
            chosen = []
            for _ in range(3):
                card = nth_card(hand, rng.below(hand.bit_count()))
                chosen.append(card)
                hand &= ~(1 << card)
            state = h.submit_pass(state, seat, chosen)
        elif phase == "deal-done":
            state = h.next_deal(state)
        else:
            return state


def random_game_computers(seed: int) -> h.HeartsState:
    state = h.new_game(seed, levels=LEVELS)
    while state.phase != "game-over":
        if state.phase == "trick-done":
            state = h.collect_trick(state)
        elif state.phase == "deal-done":
            state = h.next_deal(state)
        else:
            state = h.computer_move(state)
    return state


def timed(label: str, fn, count: int, unit: str) -> float:
    start = time.perf_counter()
    extra = fn(count)
    elapsed = time.perf_counter() - start
    rate = count / elapsed
    print(f"{label:<58} {rate:>12,.0f} {unit}/s   ({count:,} in {elapsed:.2f} s){extra or ''}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    args = parser.parse_args()

    def api_games(n):
        rng = SplitMix64(1)
        deals = plays = 0
        for seed in range(n):
            state = random_game_api(seed, rng)
            deals += state.deal_number
            plays += 52 * state.deal_number
        return f"   mean {deals / n:.1f} deals/game, {plays / n:.0f} cards/game"

    def computer_games(n):
        for seed in range(n):
            random_game_computers(seed)

    states = []
    state = h.new_game(5, levels=LEVELS)
    while state.phase != "game-over" and len(states) < 2000:
        if state.phase == "play":
            states.append(state)
        state = next_step(state)

    def legal_masks(n):
        k = len(states)
        for i in range(n):
            s = states[i % k]
            h.legal_mask(s.hands[s.turn], s.trick, not s.tricks, s.hearts_broken)

    def legal_codes(n):
        k = len(states)
        for i in range(n):
            s = states[i % k]
            h.legal_plays(s, s.turn)

    print(f"Python {sys.version.split()[0]}, one process")
    timed("random full games, public API (new state per move)", api_games, args.games, "games")
    timed("random full games, computer_move + seat view", computer_games, args.games // 2, "games")
    timed("legal-move generation, legal_mask (ints)", legal_masks, 300_000, "calls")
    timed("legal-move generation, legal_plays (card codes)", legal_codes, 100_000, "calls")




if __name__ == "__main__":
    main()
