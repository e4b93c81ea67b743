"""Hearts tournaments between computer levels: the measurements behind docs/hearts-levels.md.

Duplicate deals with seat rotation: games come in sets of four that share one game
seed — so deal n is the same 52 cards in all four — and in game r of a set the level
listed for chair c sits in chair (c + r) mod 4. Every level meets every deal from
every chair, which removes most of the luck of the cards from the comparison.

Per level it reports the mean points per deal with a 95% confidence interval, the
share of games won (a shared first place is split), and the moons: shot by the level,
and shot against it. Intervals treat each set of four games as one independent
sample (ratio estimator with a cluster-robust variance), since the seats of one deal,
and the games of one set, are not independent of each other.

Pure Python (no Django): ``manage.py hearts_tournament`` is a thin wrapper.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.engine import hearts
from games.engine.hearts import HeartsOptions, Phase
from games.engine.rng import derive_seed

Z95 = 1.959964


@dataclass
class LevelStats:
    level: str
    seats: int = 0  # chairs this level fills at the table
    seat_deals: int = 0
    points: int = 0
    seat_games: int = 0
    wins: float = 0.0  # shared first places split evenly
    moons_shot: int = 0
    moons_against: int = 0  # deals where another seat shot while this level sat at the table
    clusters: list[tuple[int, int]] = field(default_factory=list)  # (points, seat-deals)

    @property
    def mean(self) -> float:
        return self.points / self.seat_deals if self.seat_deals else math.nan

    def influence(self) -> list[float]:
        """Each set's contribution to the error of the mean (linearised ratio estimator)."""
        r = self.mean
        total = self.seat_deals
        return [(p - r * d) / total for p, d in self.clusters]

    @property
    def half_width(self) -> float:
        return Z95 * _se(self.influence())

    @property
    def win_share(self) -> float:
        return self.wins / self.seat_games if self.seat_games else math.nan


def _se(influence: list[float]) -> float:
    n = len(influence)
    if n < 2:
        return math.nan
    return math.sqrt(n / (n - 1) * sum(x * x for x in influence))


@dataclass
class TournamentResult:
    seats: tuple[str, str, str, str]
    games: int
    sets: int
    seed: int
    options: HeartsOptions
    deals: int
    levels: dict[str, LevelStats]

    def difference(self, a: str, b: str) -> tuple[float, float]:
        """Mean points per deal of ``a`` minus ``b``, with the 95% half-width (paired by set)."""
        la, lb = self.levels[a], self.levels[b]
        infl = [x - y for x, y in zip(la.influence(), lb.influence(), strict=True)]
        return la.mean - lb.mean, Z95 * _se(infl)

    def table(self) -> str:
        names = list(self.levels)
        lines = [
            f"Hearts tournament: {self.games:,} games ({self.sets:,} duplicate deal sets x 4 "
            f"seat rotations), seats {','.join(self.seats)}, seed {self.seed}, "
            f"target {self.options.target}",
            f"deals played: {self.deals:,} ({self.deals / max(1, self.games):.1f} per game)",
            "",
            "| level | chairs | seat-deals | points/deal | 95% CI | games won | moons shot "
            "/100 deals | moons against /100 deals |",
            "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
        ]
        for name in names:
            s = self.levels[name]
            lo, hi = s.mean - s.half_width, s.mean + s.half_width
            lines.append(
                f"| {name} | {s.seats} | {s.seat_deals:,} | {s.mean:.2f} | {lo:.2f} – {hi:.2f} "
                f"| {100 * s.win_share:.1f}% | {100 * s.moons_shot / s.seat_deals:.2f} "
                f"| {100 * s.moons_against / s.seat_deals:.2f} |"
            )
        lines.append("")
        lines.append(
            "games won: share of a chair's games it finished first (a shared first place is "
            "split); 25% is an even share."
        )
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                diff, hw = self.difference(a, b)
                lines.append(
                    f"{a} - {b}: {diff:+.2f} points/deal (95% CI {diff - hw:+.2f} to "
                    f"{diff + hw:+.2f}, paired by deal set)"
                )
        return "\n".join(lines)


def play_game(seed: int, levels: Sequence[str], options: HeartsOptions) -> hearts.HeartsState:
    """One full game between four computer seats."""
    state = hearts.new_game(seed, options, levels)
    collect, next_deal, move = hearts.collect_trick, hearts.next_deal, hearts.computer_move
    while True:
        phase = state.phase
        if phase == Phase.TRICK_DONE:
            state = collect(state)
        elif phase == Phase.DEAL_DONE:
            state = next_deal(state)
        elif phase == Phase.GAME_OVER:
            return state
        else:
            state = move(state)


def play_set(
    seats: tuple[str, str, str, str], set_index: int, seed: int, options: HeartsOptions
) -> tuple[int, dict[str, list[float]]]:
    """The four games of one duplicate set: its deals, and per level
    [seat-games, wins, moons shot, moons against, points, seat-deals]."""
    game_seed = derive_seed(seed, set_index)
    rows = {level: [0, 0.0, 0, 0, 0, 0] for level in dict.fromkeys(seats)}
    deals = 0
    for rotation in range(4):
        levels = tuple(seats[(chair - rotation) % 4] for chair in range(4))
        state = play_game(game_seed, levels, options)
        deals += len(state.deals)
        winners = hearts.winners(state)
        for chair, level in enumerate(levels):
            row = rows[level]
            row[0] += 1
            if chair in winners:
                row[1] += 1 / len(winners)
            for scores, moon in state.deals:
                row[4] += scores[chair]
                row[5] += 1
                if moon is not None:
                    row[2 if moon == chair else 3] += 1
    return deals, rows


def _play_set_job(job: tuple) -> tuple[int, dict[str, list[float]]]:
    return play_set(*job)


def run_tournament(
    seats: Sequence[str],
    games: int,
    seed: int = 1,
    options: HeartsOptions | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> TournamentResult:
    """Play ``games`` games (rounded up to whole sets of four) and gather the statistics.

    ``seats`` names the level in each chair for the first game of a set; ``progress`` is
    called with the number of games finished after each set (a tqdm bar's ``update``).
    ``workers`` > 1 plays the sets in that many processes; the sets are merged in their
    order, so the result is the same as with one worker.
    """
    seats = tuple(seats)
    if len(seats) != 4:
        raise ValueError("a tournament needs exactly four seats")
    for level in seats:
        if level == hearts.HUMAN or level not in hearts.players.REGISTRY:
            raise ValueError(f"unknown computer level {level!r}")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    options = options or HeartsOptions()
    sets = max(1, math.ceil(games / 4))
    stats = {level: LevelStats(level) for level in dict.fromkeys(seats)}
    for level in seats:
        stats[level].seats += 1
    jobs = [(seats, set_index, seed, options) for set_index in range(sets)]
    total_deals = 0
    with contextlib.ExitStack() as stack:
        if workers == 1:
            results = map(_play_set_job, jobs)
        else:
            # forkserver, not fork: the caller may run threads (a test runner's, a web
            # server's), and a child forked beside them can inherit a lock held forever.
            pool = stack.enter_context(multiprocessing.get_context("forkserver").Pool(workers))
            chunk = max(1, min(8, sets // (8 * workers)))
            results = pool.imap(_play_set_job, jobs, chunksize=chunk)
        for deals, rows in results:  # in set order, whatever the worker count
            total_deals += deals
            for level, (seat_games, wins, shot, against, points, seat_deals) in rows.items():
                s = stats[level]
                s.seat_games += seat_games
                s.wins += wins
                s.moons_shot += shot
                s.moons_against += against
                s.points += points
                s.seat_deals += seat_deals
                s.clusters.append((points, seat_deals))
            if progress is not None:
                progress(4)
    return TournamentResult(seats, sets * 4, sets, seed, options, total_deals, stats)


def seat_names() -> str:
    """The names a seat may take, for ``--help``: every registered player, the site levels
    and the measurement players alike, with ``<level>-nowatch`` for the variants."""
    names = [name for name in hearts.players.REGISTRY if not name.endswith("-nowatch")]
    return ", ".join([*names, "<level>-nowatch"])


def parse_seats(text: str) -> tuple[str, str, str, str]:
    seats = tuple(part.strip() for part in text.split(",") if part.strip())
    if len(seats) != 4:
        raise ValueError("--seats needs four comma-separated levels, e.g. hard,easy,easy,easy")
    return seats  # type: ignore[return-value]
