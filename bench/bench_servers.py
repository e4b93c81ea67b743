"""Several app servers, one database: concurrent players against gunicorn.

Starts gunicorn (WORKERS processes, DEBUG off, static files collected) on a loopback
port, then CLIENTS threads each play the Examples deal to a win through real HTTP,
htmx-style (partials, CSRF header, versions). Prints throughput, latency (median,
p99), every non-200 answer, and checks that every game ended won with exactly the
solver's number of moves (no tap lost, none applied twice).

SQLite (the default, a fresh file):   .venv/bin/python bench/bench_servers.py
PostgreSQL (a throwaway cluster):
    scripts/with-postgres.sh .venv/bin/python bench/bench_servers.py
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.percentiles import percentile  # noqa: E402
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code  # noqa: E402 (pure Python)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(tmp: str, *, log_level: str = "WARNING", sqlite_name: str = "bench.sqlite3") -> dict:
    """A production-shaped app server's environment (DEBUG off, plain http on loopback),
    on DATABASE_URL when set, else a fresh SQLite file in ``tmp``."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "false",
        "SECRET_KEY": "bench-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "STATIC_ROOT": os.path.join(tmp, "static"),
        "LOG_LEVEL": log_level,
    }
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = os.path.join(tmp, sqlite_name)
    return env


class Player:
    """One browser: its own cookies, one game, taps in order like htmx sends them."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}

    def request(self, path: str, data: dict | None = None, headers: dict | None = None):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        start = time.perf_counter()
        try:
            with self.opener.open(req, timeout=30) as response:
                status, text, url = response.status, response.read().decode(), response.url
        except urllib.error.HTTPError as error:
            status, text, url = error.code, error.read().decode(), path
        self.latencies.append((time.perf_counter() - start) * 1000)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        return status, text, url

    def play(self, line) -> tuple[str, int]:
        # The deal-code page shows the deal (GET saves nothing); posting to it starts
        # the game and redirects to it.
        _status, page, _url = self.request(f"/heart-to-heart/{EXAMPLE_CODE}/")
        token = re.search(r'"x-csrftoken": "([^"]+)"', page).group(1)
        headers = {"X-CSRFToken": token, "HX-Request": "true", "Referer": self.base + "/"}
        _status, page, url = self.request(
            f"/heart-to-heart/{EXAMPLE_CODE}/", {}, {"X-CSRFToken": token})
        game_path = urllib.parse.urlparse(url).path
        version = int(re.search(r'data-version="(\d+)"', page).group(1))
        moves = 0
        for target in line:
            _status, partial, _url = self.request(
                game_path, {"target": target, "version": version}, headers)
            version = int(re.search(r'data-version="(\d+)"', partial).group(1))
            moves = int(re.search(r'data-stat="moves">(\d+)<', partial).group(1))
        won = 'data-dialog="won"' in partial
        return ("won" if won else "not won"), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--games", type=int, default=3, help="games per client")
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="cardsite-servers-")
    env = server_env(tmp)
    python = str(ROOT / ".venv" / "bin" / "python")
    for command in (["collectstatic", "--noinput", "-v0"], ["migrate", "--noinput", "-v0"]):
        subprocess.run([python, "manage.py", *command], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "cardsite.wsgi", "--bind",
         f"127.0.0.1:{port}", "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        solution = solve_code(EXAMPLE_CODE)
        players = [Player(base) for _ in range(args.clients)]
        results: list[tuple[str, int]] = []

        def run(player: Player) -> None:
            for _ in range(args.games):
                results.append(player.play(solution.line))

        threads = [threading.Thread(target=run, args=(player,)) for player in players]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=10)

    latencies = sorted(ms for player in players for ms in player.latencies)
    statuses: dict[int, int] = {}
    for player in players:
        for status, count in player.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    database = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite (WAL, IMMEDIATE)"
    print(f"{args.workers} gunicorn workers, {database}; {args.clients} clients x {args.games}"
          f" games of {EXAMPLE_CODE} ({len(solution.line)} taps each)")
    print(f"requests: {len(latencies):,} in {wall:.1f} s = {len(latencies) / wall:,.0f} req/s")
    print(f"latency: median {statistics.median(latencies):.1f} ms,"
          f" p99 {percentile(latencies, 0.99):.1f} ms")
    print(f"statuses: {dict(sorted(statuses.items()))}")
    won = sum(1 for verdict, moves in results if verdict == "won" and moves == solution.moves)
    print(f"games won with exactly {solution.moves} moves: {won}/{len(results)}")
    if won != len(results) or set(statuses) != {200}:
        sys.exit("FAILED: a game did not end as the solver's line says, or a request failed")


if __name__ == "__main__":
    main()
