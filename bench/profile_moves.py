"""Where a move's server time goes: cProfile over the moves of both games.

Plays what the load benchmark's players play (the Examples deal's winning line tap by
tap; Hearts: choose, pass, lift, play and the computers' steps, first legal card), through
Django's test client as htmx posts them (no Accept-Encoding, as bench/bench_load.py's
clients; the test client skips the CSRF check), and profiles only the server's part of
each move: the WSGI handler, from the
request signal to the response closed (middleware, view, service, queries, template).
Prints the functions that took the most time of their own, then the heaviest by
cumulative time, and the CPU per move with the profiler off (the same moves, again).

SQLite (a fresh file):   .venv/bin/python bench/profile_moves.py
PostgreSQL:              scripts/with-postgres.sh bash -c \
    'BENCH_DATABASE_URL=$DATABASE_URL .venv/bin/python bench/profile_moves.py'
    .venv/bin/python bench/profile_moves.py --games 4 --top 30
"""

# ruff: noqa: I001 — web_setup configures Django, so it is imported before Django's modules.
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time

from web_setup import game_id_from

from django.test import Client
from django.test.client import ClientHandler

from games.engine import hearts as engine
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from games.models import HeartsGame, HeartToHeartGame

HX = {"HX-Request": "true"}
PROFILER: cProfile.Profile | None = None
SERVER_CPU: list[float] = []
FLOOR_CPU: list[float] = []
_handle = ClientHandler.__call__


def _profiled_handle(self, environ):
    """The handler's own work, profiled (when a profiler is on) and timed in CPU."""
    started = time.process_time()
    if PROFILER is not None:
        PROFILER.enable()
    try:
        response = _handle(self, environ)
        response.close()  # the request_finished signal, as a WSGI server sends it
        return response
    finally:
        if PROFILER is not None:
            PROFILER.disable()
        spent = (time.process_time() - started) * 1000
        if environ["REQUEST_METHOD"] == "POST":
            SERVER_CPU.append(spent)
        elif environ["PATH_INFO"] == "/bench/floor/write/":
            FLOOR_CPU.append(spent)


def play_heart_to_heart(client: Client, games: int) -> None:
    line = solve_code(EXAMPLE_CODE).line
    for _ in range(games):
        game_id = game_id_from(client.post(f"/heart-to-heart/{EXAMPLE_CODE}/"))
        url = f"/heart-to-heart/game/{game_id}/"
        version = HeartToHeartGame.objects.get(pk=game_id).version
        for target in line:
            response = client.post(url, {"target": target, "version": version}, headers=HX)
            assert response.status_code == 200, response.status_code
            version += 1


def play_hearts(client: Client, games: int, steps: int) -> None:
    for _ in range(games):
        game_id = game_id_from(client.post("/hearts/new/"))
        url = f"/hearts/game/{game_id}/"
        for _step in range(steps):
            game = HeartsGame.objects.get(pk=game_id)
            state = engine.HeartsState.from_dict(game.state)
            version = game.version
            if state.phase == "game-over":
                break
            if state.phase == "pass" and engine.due_seat(state) == 0:
                for card in engine.seat_view(state, 0).to_dict()["hand"][:3]:
                    client.post(url, {"choose": card, "version": version}, headers=HX)
                client.post(url, {"action": "pass", "version": version}, headers=HX)
            elif state.phase == "play" and state.turn == 0:
                card = engine.legal_plays(state, 0)[0]
                client.post(url, {"lift": card, "version": version}, headers=HX)
                client.post(url, {"play": card, "version": version + 1}, headers=HX)
            elif state.phase == "deal-done":
                client.post(url, {"action": "next-deal", "version": version}, headers=HX)
            else:
                response = client.post(f"{url}advance/", {"version": version}, headers=HX)
                assert response.status_code == 200, response.status_code


def write_floor_cpu(requests: int) -> list[float]:
    """The CPU of the load benchmark's write floor (bench/floor_urls.py), the same way."""
    from django.test import override_settings

    client = Client()
    client.get("/")
    with override_settings(ROOT_URLCONF="bench.floor_urls"):
        for _ in range(20):
            client.get("/bench/floor/write/")
        started = len(FLOOR_CPU)
        for _ in range(requests):
            client.get("/bench/floor/write/")
    return FLOOR_CPU[started:]


def play(games: int, steps: int) -> None:
    client = Client()
    client.get("/")
    play_heart_to_heart(client, games)
    play_hearts(client, games, steps)


# Where a move's time goes, by the cumulative time of the functions that stand for each
# part (they nest: the parts overlap, and need not add up to the whole).
PARTS = (
    ("the whole request (WSGI handler)", "django/test/client.py", "__call__"),
    ("the view (below every middleware)", "django/core/handlers/base.py", "_get_response"),
    ("the game read (SQL written once)", "games/services/rows.py", "get"),
    ("the game locked and read (ORM)", "games/services/__init__.py", "locked_game"),
    ("the game saved (Model.save)", "django/db/models/base.py", "save"),
    ("the version-checked UPDATE", "games/services/rows.py", "save_if_unchanged"),
    ("statistics read for the page", "games/services/heart_to_heart.py", "stats_for"),
    ("the state read (engine from_dict)", "", "from_dict"),
    ("the state written (engine to_dict)", "", "to_dict"),
    ("JSON decoded", "json/__init__.py", "loads"),
    ("JSON encoded", "json/__init__.py", "dumps"),
    ("the board or table (Jinja2)", "django/template/backends/jinja2.py", "render"),
    ("Django templates (out of band)", "django/template/backends/django.py", "render"),
    ("database round trips (execute)", "django/db/backends/utils.py", "execute"),
    ("commit", "django/db/backends/base/base.py", "commit"),
    ("compression (GZipMiddleware)", "django/middleware/gzip.py", "process_response"),
    ("CSP header", "csp/middleware.py", "process_response"),
    ("metrics", "cardsite/metrics.py", ""),
)


def print_parts(stats: pstats.Stats, moves: int) -> None:
    whole = None
    print("\n== where a move's server time goes (cumulative, with the profiler on; ms a move)")
    for name, path, function in PARTS:
        total = sum(
            cumulative for (file, _line, func), (_cc, _nc, _tt, cumulative, _callers)
            in stats.stats.items()
            if path in file and (not function or func == function)
            and not (function == "__call__" and "metrics" in file)
        )
        if not total:
            continue
        if function == "" and path:  # a whole module: its own time
            total = sum(own for (file, _l, _f), (_cc, _nc, own, _ct, _callers)
                        in stats.stats.items() if path in file)
        whole = whole or total
        print(f"  {name:<40}{total * 1000 / moves:7.2f}  {total / whole:6.0%}")


def main() -> None:
    global PROFILER
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind")
    parser.add_argument("--steps", type=int, default=120, help="Hearts steps per game")
    parser.add_argument("--top", type=int, default=25, help="lines of each listing")
    parser.add_argument("--no-profile", action="store_true",
                        help="only the CPU per move and the write floor's, no profile "
                             "(METRICS=false in the environment: without the metrics)")
    args = parser.parse_args()
    ClientHandler.__call__ = _profiled_handle

    play(1, 20)  # warm: templates compiled, connections open
    SERVER_CPU.clear()
    play(args.games, args.steps)
    plain = list(SERVER_CPU)
    floor = write_floor_cpu(len(plain))
    if args.no_profile:
        print(f"{len(plain)} moves, CPU per move: mean {statistics.fmean(plain):.3f} ms; the "
              f"write floor's: mean {statistics.fmean(floor):.3f} ms")
        return
    SERVER_CPU.clear()
    PROFILER = cProfile.Profile()
    play(args.games, args.steps)
    moves = len(SERVER_CPU)

    from django.db import connection

    print(f"{moves} moves ({connection.vendor}), the server's part; CPU per move with the "
          f"profiler off: median {statistics.median(plain):.2f} ms, "
          f"mean {statistics.fmean(plain):.2f} ms")
    print(f"the write floor (bench/floor_urls.py) the same way: median "
          f"{statistics.median(floor):.2f} ms, mean {statistics.fmean(floor):.2f} ms; "
          f"move / write floor, means: {statistics.fmean(plain) / statistics.fmean(floor):.2f}")
    print_parts(pstats.Stats(PROFILER), moves)
    for order, title in (("tottime", "own time"), ("cumulative", "cumulative time")):
        out = io.StringIO()
        stats = pstats.Stats(PROFILER, stream=out)
        stats.sort_stats(order).print_stats(args.top)
        text = out.getvalue()
        table = text[text.index("   ncalls"):]
        print(f"\n== by {title} (per move: divide by {moves})\n{table}")


if __name__ == "__main__":
    main()
