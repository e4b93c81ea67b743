"""The tournament tool, on small runs (the real measurements live in docs/hearts-levels.md)."""

from __future__ import annotations

import pytest

from games.engine import hearts as h
from games.engine.analysis import hearts_tournament as tournament
from games.engine.analysis.hearts_tournament import parse_seats, play_game, run_tournament


def test_a_tournament_rotates_seats_over_duplicate_deals_and_counts_everything():
    calls = []
    result = run_tournament(("hard", "easy", "easy", "easy"), 8, seed=3, progress=calls.append)
    assert result.games == 8 and result.sets == 2 and sum(calls) == 8
    hard, easy = result.levels["hard"], result.levels["easy"]
    assert (hard.seats, easy.seats) == (1, 3)
    assert hard.seat_games == 8 and easy.seat_games == 24
    assert easy.seat_deals == 3 * hard.seat_deals == 3 * result.deals
    # Every game's first place is shared out exactly once.
    assert hard.wins + easy.wins == pytest.approx(8)
    # 26 points a deal, 78 on a moon.
    moons = hard.moons_shot + easy.moons_shot
    assert hard.points + easy.points == 26 * result.deals + 52 * moons
    assert len(hard.clusters) == 2
    assert hard.half_width > 0
    diff, half = result.difference("hard", "easy")
    assert diff == pytest.approx(hard.mean - easy.mean) and half > 0
    table = result.table()
    assert "| hard | 1 |" in table and "hard - easy" in table


def test_each_set_plays_the_same_deals_with_every_level_in_every_chair(monkeypatch):
    seeds = set()
    chairs = []

    def spy(seed, levels, options):
        seeds.add(seed)
        chairs.append(levels.index("hard"))
        return play_game(seed, levels, options)

    monkeypatch.setattr(tournament, "play_game", spy)
    run_tournament(("hard", "easy", "easy", "easy"), 4, seed=5)
    assert len(seeds) == 1 and sorted(chairs) == [0, 1, 2, 3]


def test_tournaments_are_reproducible_from_their_seed():
    a = run_tournament(("medium", "random", "random", "random"), 4, seed=11)
    b = run_tournament(("medium", "random", "random", "random"), 4, seed=11)
    assert a.table() == b.table()


def test_workers_play_the_same_tournament_merged_in_set_order():
    seats = ("hard", "medium", "easy", "random")
    one = run_tournament(seats, 12, seed=8)
    calls = []
    two = run_tournament(seats, 12, seed=8, progress=calls.append, workers=2)
    assert two.table() == one.table() and sum(calls) == 12
    for level in one.levels:
        assert two.levels[level].clusters == one.levels[level].clusters
    with pytest.raises(ValueError):
        run_tournament(seats, 4, workers=0)


def test_play_game_runs_a_full_game():
    state = play_game(1, ("easy", "medium", "hard", "random"), h.HeartsOptions(target=75))
    assert state.phase == "game-over" and max(state.totals) >= 75


def test_seats_are_checked():
    with pytest.raises(ValueError):
        parse_seats("hard,easy,easy")
    with pytest.raises(ValueError):
        run_tournament(("hard", "easy", "easy", "human"), 4)
    with pytest.raises(ValueError):
        run_tournament(("hard", "easy", "easy", "grandmaster"), 4)
    assert parse_seats(" hard, easy,easy ,easy") == ("hard", "easy", "easy", "easy")
