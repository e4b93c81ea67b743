"""Load: 50+ simulated players through nginx, two app servers, one PostgreSQL.

The set-up is the scale-out test's (tests/live/test_proxy.py): Debian's nginx from
deploy/nginx/ on a loopback port in front of two gunicorn instances
(deploy/gunicorn.conf.py, 2 sync workers each) sharing a throwaway PostgreSQL cluster,
DEBUG off, static files collected. Players are browsers (harness/client.py): cookies,
CSRF, htmx headers, only the buttons the pages offer. Half play Heart to Heart (the
Examples deal's winning line, tap by tap, then again), half play Hearts (choose and pass,
lift and play, and the computers' timed steps through the advance endpoint).

Phases in the same run, same servers (0 is short, the others of the same length):
0. one at a time: one client GETs the floor, then one player of each game plays, each
   pressing again as soon as it has an answer: what one move costs against the floor;
1. the floor, saturated: every player GETs ``/bench/floor/``, a Django view that does
   nothing (full middleware, gunicorn and nginx; served only under
   bench/floor_settings.py), again as soon as it has its answer: the set-up's capacity;
1b. the read floor, saturated the same way: ``/bench/floor/read/`` reads one row by its
   key, the least any request that uses the database costs;
1c. the write floor, the same: ``/bench/floor/write/`` locks and writes one row in a
   transaction, the round trips of any saved move with no rules and no page: the most a
   move could reach on this set-up;
2. the games, saturated the same way: the moves' capacity, against the floor's;
2b. the same against a second set of app servers started with ``METRICS=false`` (no
   metrics middleware, no counters), behind a second nginx: what the operator's
   instrumentation costs a move (cardsite/metrics.py);
3. the games paced like people: a think time before each press, and each computer step
   posted after the delay its page asks for (as htmx does): the latency a player sees.
They run in this order: 0, 1, 1b, both sets of app servers warmed up by a little play
(unmeasured), then 1c, 2, 2b, 2b, 2, 1c, each a half of its phase, then 3. The write
floor and the games, whose CPU the main ratio compares, thus share the middle of the
run, and a machine that drifts (a slow minute, another job) weighs on both sides alike;
the halves are added up into one phase each before anything is printed. The 60 players
of the games open the site and start their games in the warm-up, then play on in them
from phase to phase (their cookies and the page on show carried over), as people at a
table do: the measured phases are moves, and the new game that follows a win, not the
whole site opened afresh by every player every few seconds.
Prints, per phase and kind of request: count, throughput, median, p99, errors (as the
clients saw them, and as nginx timed the app servers); for the saturated phases, the CPU
each part of the set-up spent per request (app servers, PostgreSQL, nginx, clients: see
bench/cpu_shares.py); then the ratios and the targets. A move's CPU over the write
floor's is given twice: all parts (the target's measure), and the servers' own (app
servers, PostgreSQL and nginx, without the simulated clients, whose reading of the
bigger pages is the benchmark's cost, not the site's).

    make bench-load                  # or: .venv/bin/python bench/bench_load.py
    .venv/bin/python bench/bench_load.py --players 60 --duration 30
    .venv/bin/python bench/bench_load.py --database sqlite   # `make run`'s embedded default

``--database sqlite`` runs the same phases against one app server on a SQLite file
(no DATABASE_URL: the default set-up of ``make run`` and ``make serve``), production
settings otherwise; its ratios are against its own floors. The instrumented app servers
run in Prometheus' multiprocess mode, as deploy/gunicorn.conf.py sets it up.

The client processes share the machine's cores with the servers (and so does the floor
phase): figures are for this set-up as a whole, not for the servers alone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cpu_shares import snapshot, spent  # noqa: E402
from bench.percentiles import percentile  # noqa: E402
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code  # noqa: E402 (pure Python)
from harness.client import Browser, ServerGone, Timing  # noqa: E402
from harness.players import HeartsPlayer, HeartToHeartPlayer  # noqa: E402

MOVE_KINDS = ("h2h tap", "hearts choose", "hearts pass", "hearts lift", "hearts play",
              "hearts advance", "hearts next deal")
OK_STATUSES = (200, 302)
FLOORS = {"floor": "/bench/floor/", "read floor": "/bench/floor/read/",
          "write floor": "/bench/floor/write/"}
FLOOR_KINDS = {path: kind for kind, path in FLOORS.items()}


def _pause(player, think_ms: float, rng: random.Random) -> None:
    """Wait as a person and htmx would: the delay a timed computer step carries, or a
    think time before the person's own press. No pause at all when ``think_ms`` is 0."""
    if think_ms <= 0 or player.page is None:
        return
    advance = player.page.form_with(class_="advance")
    if advance is not None:
        time.sleep(int(advance.attrs.get("data-advance-delay", "0")) / 1000)
    else:
        time.sleep(rng.uniform(0.5, 1.5) * think_ms / 1000)


def _player_loop(base: str, game: str, end: float, think_ms: float, timings: list[Timing],
                 problems: list[str], carried: dict | None = None) -> dict | None:
    """One player until ``end``. ``carried``: where the same player stood at the end of the
    phase before (its cookies, the page on show, its game), so it plays on in the game it
    was playing, as a person at the table does, rather than opening the site afresh each
    phase. Returns where it stands now, for the next phase."""
    browser = Browser(base, record=timings)
    rng = random.Random()
    line = solve_code(EXAMPLE_CODE).line if game == "h2h" else None
    player = None
    while time.monotonic() < end:
        if game in FLOORS:
            try:
                browser.get(FLOORS[game], kind=game)
            except ServerGone as error:
                problems.append(repr(error))
            continue
        player = (HeartToHeartPlayer(browser, EXAMPLE_CODE, line) if game == "h2h"
                  else HeartsPlayer(browser, deals=None))
        try:
            if carried:
                _restore(player, carried)
                carried = None
            else:
                player.start()
            while not player.done and time.monotonic() < end:
                _pause(player, think_ms, rng)
                player.step()
        except (AssertionError, ServerGone) as error:  # counted; a fresh game follows
            problems.append(f"{game}: {error!r}"[:300])
            player = None
    if player is None or player.done or player.in_flight is not None:
        return None
    browser.close()
    return {"player": {name: value for name, value in vars(player).items() if name != "browser"},
            "cookies": browser.cookies, "hx_headers": browser.hx_headers}


def _restore(player, carried: dict) -> None:
    """The player as it stood, in a browser that has its cookies: no request is sent."""
    vars(player).update(carried["player"])
    player.browser.cookies.update(carried["cookies"])
    player.browser.hx_headers = dict(carried["hx_headers"])


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _client_process(args: tuple) -> tuple[list[tuple[str, int, float]], list[str], float,
                                          dict[int, dict | None]]:
    """One client process: its share of the players, each a thread, until ``end``.
    Also returns the CPU seconds the process spent on them, and where each player stands
    (by its number), for the next phase."""
    base, players, seconds, think_ms, carried = args
    cpu_before = _cpu_seconds()
    end = time.monotonic() + seconds
    timings: list[Timing] = []
    problems: list[str] = []
    standing: dict[int, dict | None] = {}

    def play(number: int, game: str) -> None:
        standing[number] = _player_loop(base, game, end, think_ms, timings, problems,
                                        carried.get(number))

    threads = [threading.Thread(target=play, args=player) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    return ([(t.kind, t.status, t.ms) for t in timings], problems,
            _cpu_seconds() - cpu_before, standing)


def run_phase(base: str, games: list[str], seconds: float, processes: int,
              think_ms: float = 0, standing: dict[int, dict | None] | None = None):
    """``standing``: where each numbered player stood after the phase before (updated in
    place), so the players of the games play on across phases."""
    standing = {} if standing is None else standing
    players = list(enumerate(games))
    shares = [players[i::processes] for i in range(processes)]
    started = time.monotonic()
    cpu_before = snapshot()
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        results = pool.map(_client_process, [
            (base, share, seconds, think_ms,
             {number: standing.get(number) for number, _ in share}) for share in shares])
    wall = time.monotonic() - started
    cpu = spent(cpu_before, snapshot())
    cpu["clients"] = sum(client_cpu for _, _, client_cpu, _ in results)
    for *_, part in results:
        standing.update(part)
    timings = [timing for part, _, _, _ in results for timing in part]
    problems = [problem for _, part, _, _ in results for problem in part]
    return timings, problems, min(wall, seconds), {"cpu": cpu, "wall": wall}


def _merged(first, second):
    """One phase run in two parts, as one: timings, problems, seconds and CPU added up."""
    cpu = {part: seconds + second[3]["cpu"][part] for part, seconds in first[3]["cpu"].items()}
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2],
            {"cpu": cpu, "wall": first[3]["wall"] + second[3]["wall"]})


def print_cpu(usage: dict, requests: int) -> tuple[float, float]:
    """Each part's CPU per request answered in the phase, in ms; returns the total of all
    parts, and of the servers alone (everything but the simulated clients)."""
    cpu, wall = usage["cpu"], usage["wall"]
    total = sum(cpu.values())
    servers = total - cpu["clients"]
    parts = ", ".join(f"{part} {seconds * 1000 / requests:.2f}" for part, seconds in cpu.items())
    busy = total / wall / (os.cpu_count() or 1)
    print(f"  CPU per request, ms: {parts}; all {total * 1000 / requests:.2f}, servers "
          f"{servers * 1000 / requests:.2f} (cores busy {busy:.0%})")
    return total * 1000 / requests, servers * 1000 / requests


def summarise(timings, seconds: float) -> dict[str, dict]:
    by_kind: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for kind, status, ms in timings:
        by_kind[kind].append((status, ms))
        if kind in MOVE_KINDS:
            by_kind["moves (all POSTs)"].append((status, ms))
    summary = {}
    for kind, answers in by_kind.items():
        ms = [m for _, m in answers]
        summary[kind] = {
            "n": len(answers),
            "per_s": len(answers) / seconds,
            "median": statistics.median(ms),
            "p99": percentile(ms, 0.99),
            "errors": sum(1 for status, _ in answers if status not in OK_STATUSES),
        }
    return summary


def print_table(title: str, summary: dict[str, dict]) -> None:
    print(f"\n{title}")
    print(f"  {'kind':<22}{'n':>8}{'req/s':>9}{'median ms':>11}{'p99 ms':>9}{'errors':>8}")
    for kind in sorted(summary, key=lambda k: (k.startswith("moves"), k)):
        row = summary[kind]
        print(f"  {kind:<22}{row['n']:>8}{row['per_s']:>9.1f}{row['median']:>11.2f}"
              f"{row['p99']:>9.2f}{row['errors']:>8}")


_LOGGED = re.compile(r'"(GET|POST) (\S+) [^"]*" (\d+) .*upstream_time=([\d.]+) ')


def print_server_side(lines: list[str]) -> None:
    """The same requests as nginx timed them (from handing a request to an app server to
    its answer): the servers' share of the latency, without the clients' own delays."""
    times: dict[str, list[float]] = defaultdict(list)
    for line in lines:
        found = _LOGGED.search(line)
        if not found:
            continue
        method, path, _status, seconds = found.groups()
        if path in FLOOR_KINDS:
            kind = FLOOR_KINDS[path]
        elif method == "POST" and "/game/" in path:
            kind = "moves (all POSTs)"
        else:
            continue
        times[kind].append(float(seconds) * 1000)
    print("\nas nginx timed the app servers (upstream response time)")
    for kind in (*FLOORS, "moves (all POSTs)"):
        if times[kind]:
            median = statistics.median(times[kind])
            print(f"  {kind:<22}{len(times[kind]):>8} median {median:7.2f} ms"
                  f"  p99 {percentile(times[kind], 0.99):7.2f} ms")


def main() -> None:
    from harness.stack import Gunicorn, Nginx, PostgresCluster, prepare_site, site_env

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("postgresql", "sqlite"), default="postgresql",
                        help="PostgreSQL behind two app servers, or one app server on "
                             "SQLite (make run's default)")
    parser.add_argument("--servers", type=int, default=None,
                        help="app servers (default: 2 on PostgreSQL, 1 on SQLite)")
    parser.add_argument("--players", type=int, default=60, help="concurrent players (>= 50)")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per phase")
    parser.add_argument("--think-ms", type=float, default=600.0,
                        help="a person's mean pause before a press, in the paced phase")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per app server")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    args = parser.parse_args()

    sqlite = args.database == "sqlite"
    count = args.servers or (1 if sqlite else 2)
    folder = Path(tempfile.mkdtemp(prefix="cardsite-load-"))
    cluster = None if sqlite else PostgresCluster()
    servers: list[Gunicorn] = []
    nginx = bare_nginx = None
    games = ["h2h" if i % 2 == 0 else "hearts" for i in range(args.players)]
    try:
        env = site_env(cluster.url if cluster else "", folder / "static",
                       DJANGO_SETTINGS_MODULE="bench.floor_settings",
                       GUNICORN_ACCESS_LOG="/dev/null",
                       # No worker recycling while measuring: the CPU accounting sees
                       # each worker from the start of a phase to its end.
                       GUNICORN_MAX_REQUESTS="0")
        if sqlite:  # as `make run` and `make serve`: no DATABASE_URL, a SQLite file
            env.pop("DATABASE_URL")
            env["SQLITE_PATH"] = str(folder / "db.sqlite3")
        prepare_site(env)

        def start(name: str, metrics: bool) -> list[Gunicorn]:
            started = []
            for i in range(1, count + 1):
                # The instrumented servers as deploy/gunicorn.conf.py runs them in
                # production: multiprocess mode, a folder of their own each.
                extra = ({"PROMETHEUS_MULTIPROC_DIR": str(folder / f"{name}{i}-metrics")}
                         if metrics else {"METRICS": "false"})
                started.append(Gunicorn({**env, **extra}, folder / f"{name}{i}.log",
                                        workers=args.workers).start())
            return started

        servers = start("app", metrics=True)
        bare = start("bare", metrics=False)
        servers += bare
        nginx = Nginx([f"127.0.0.1:{server.port}" for server in servers[:count]]).start()
        bare_nginx = Nginx([f"127.0.0.1:{server.port}" for server in bare]).start()
        database = "SQLite (a file, as make run)" if sqlite else "PostgreSQL"
        print(f"{args.players} players, {args.processes} client processes; nginx -> {count} app "
              f"server(s) x {args.workers} sync workers; {database}; {args.duration:.0f} s a "
              f"phase; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
        phases = {}
        playing: dict[int, dict | None] = {}
        logs = {}
        alone = min(args.duration, 5.0)
        half = args.duration / 2
        writers = ["write floor"] * args.players
        # Both sets of app servers play a little first (templates compiled, connections
        # open), unmeasured; then the write floor and the saturated games run in halves,
        # nested: write floor, with the metrics, without, without, with, write floor. A
        # drift of the machine over the run weighs on both sides of each ratio alike.
        for name, players, think, seconds, processes in (
            ("floor alone", ["floor"], 0, alone, 1),
            ("games alone", ["h2h", "hearts"], 0, alone, 1),
            ("floor", ["floor"] * args.players, 0, args.duration, args.processes),
            ("read floor", ["read floor"] * args.players, 0, args.duration, args.processes),
            ("warm-up", games, 0, 2, args.processes),
            ("warm-up uninstrumented", games, 0, 2, args.processes),
            ("write floor", writers, 0, half, args.processes),
            ("saturated", games, 0, half, args.processes),
            ("uninstrumented", games, 0, half, args.processes),
            ("uninstrumented", games, 0, half, args.processes),
            ("saturated", games, 0, half, args.processes),
            ("write floor", writers, 0, half, args.processes),
            ("paced", games, args.think_ms, args.duration, args.processes),
        ):
            proxy = bare_nginx if "uninstrumented" in name else nginx
            before = len(proxy.access_log())
            # The players of the games play on from phase to phase in the games they
            # started in the warm-up, as people do: the measured phases are moves (and the
            # new game after a win), not a site opened afresh by everyone every few seconds.
            phase = run_phase(proxy.base, players, seconds, processes, think,
                              standing=playing if players is games else None)
            phases[name] = _merged(phases[name], phase) if name in phases else phase
            logs[name] = logs.get(name, []) + proxy.access_log()[before:]
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    finally:
        for proxy in (nginx, bare_nginx):
            if proxy is not None:
                proxy.destroy()
        for server in servers:
            server.stop()
        if cluster is not None:
            cluster.destroy()
        shutil.rmtree(folder, ignore_errors=True)

    summaries = {name: summarise(timings, seconds)
                 for name, (timings, _problems, seconds, _usage) in phases.items()}
    cpu_per_request = {}
    servers_cpu_per_request = {}  # the same without the simulated clients

    def cpu(name: str) -> None:
        timings, _problems, _seconds, usage = phases[name]
        cpu_per_request[name], servers_cpu_per_request[name] = print_cpu(usage, len(timings))

    print_table("0. one at a time: one floor client, then one player of each game, "
                "no pause", {**summaries["floor alone"], **summaries["games alone"]})
    print_server_side(logs["floor alone"] + logs["games alone"])
    print_table("1. floor, saturated: a do-nothing Django view (GET /bench/floor/), "
                "no pause between requests", summaries["floor"])
    cpu("floor")
    print_server_side(logs["floor"])
    print_table("1b. read floor, saturated: one row read by its key (GET /bench/floor/read/)",
                summaries["read floor"])
    cpu("read floor")
    print_server_side(logs["read floor"])
    print_table("1c. write floor, saturated: one row locked and written in a transaction "
                "(GET /bench/floor/write/); two halves, around 2 and 2b",
                summaries["write floor"])
    cpu("write floor")
    print_server_side(logs["write floor"])
    print_table("2. games, saturated: every player presses again as soon as it has an answer",
                summaries["saturated"])
    cpu("saturated")
    print_server_side(logs["saturated"])
    print_table("2b. games, saturated, app servers without the metrics (METRICS=false)",
                summaries["uninstrumented"])
    cpu("uninstrumented")
    print_server_side(logs["uninstrumented"])
    print_table(f"3. games, paced like people: {args.think_ms:.0f} ms mean think time, "
                "computer steps after the delay the page asks for", summaries["paced"])
    print_server_side(logs["paced"])

    floor_alone = summaries["floor alone"]["floor"]["median"]
    move_alone = summaries["games alone"]["moves (all POSTs)"]["median"]
    print(f"\none at a time, move median / floor median: {move_alone:.2f} / "
          f"{floor_alone:.2f} ms = {move_alone / floor_alone:.1f} (what a move costs the "
          "servers, in floors)")
    floor = summaries["floor"]["floor"]
    saturated = summaries["saturated"]["moves (all POSTs)"]
    paced = summaries["paced"]["moves (all POSTs)"]
    problems = [p for _timings, part, _seconds, _usage in phases.values() for p in part]
    errors = len(problems) + sum(
        row["errors"] for summary in summaries.values() for kind, row in summary.items()
        if not kind.startswith("moves"))
    print(f"move throughput (saturated) / floor throughput: "
          f"{saturated['per_s']:.1f} / {floor['per_s']:.1f} = "
          f"{saturated['per_s'] / floor['per_s']:.2f} (target >= 0.5)")
    for name, meaning in (("read floor", "one query and nothing else"),
                          ("write floor", "the most any saved move could reach here")):
        row = summaries[name][name]
        print(f"{name} throughput / floor throughput: {row['per_s']:.1f} / "
              f"{floor['per_s']:.1f} = {row['per_s'] / floor['per_s']:.2f} ({meaning})")
    print("CPU per request, all parts (ms): " + ", ".join(
        f"{name} {cpu_per_request[name]:.2f}" for name in ("floor", "read floor", "write floor")
    ) + f", games {cpu_per_request['saturated']:.2f}; floor / games = "
        f"{cpu_per_request['floor'] / cpu_per_request['saturated']:.2f}")
    move_cpu, write_cpu = cpu_per_request["saturated"], cpu_per_request["write floor"]
    print(f"a move's CPU / the write floor's, all parts: {move_cpu:.2f} / {write_cpu:.2f} ms = "
          f"{move_cpu / write_cpu:.2f} (target <= 1.5)")
    move_servers = servers_cpu_per_request["saturated"]
    write_servers = servers_cpu_per_request["write floor"]
    print(f"a move's CPU / the write floor's, servers only (app servers + PostgreSQL + nginx, "
          f"not the simulated clients): {move_servers:.2f} / {write_servers:.2f} ms = "
          f"{move_servers / write_servers:.2f}")
    bare_cpu = cpu_per_request["uninstrumented"]
    print(f"the metrics' cost: games {move_cpu:.2f} ms with, {bare_cpu:.2f} ms without = "
          f"{(move_cpu - bare_cpu) / move_cpu:.1%} of a move's CPU (target <= 5%); without "
          f"them a move is {bare_cpu / write_cpu:.2f} write floors")
    print(f"move median / floor median (saturated): "
          f"{saturated['median'] / floor['median']:.2f}")
    print(f"move p99, paced: {paced['p99']:.1f} ms; saturated: {saturated['p99']:.1f} ms "
          "(target < 100 ms)")
    print(f"errors: {errors} (target 0)")
    for problem in problems[:10]:
        print("  ", problem)


if __name__ == "__main__":
    main()
