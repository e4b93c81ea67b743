"""Hostile input against a production-shaped server: no 5xx, nobody else's game touched.

Starts gunicorn (DEBUG off, static files collected, CSRF enforced as in production) on
a loopback port, then CLIENTS threads, each a visitor with its own cookies and games,
send the requests of ``harness/fuzz_requests.py`` (the fuzz test's generator: every route,
every method, CSRF tokens real, missing or forged, htmx headers, other players' and
non-existent ids, unknown cards, huge and non-ASCII values, odd query strings). Another
visitor's games are read before and after: they must be byte for byte the same.
Prints the answers per status class, every 5xx, and the request rate.

SQLite (a fresh file):   .venv/bin/python bench/bench_fuzz.py [--requests 10000]
PostgreSQL:               scripts/with-postgres.sh .venv/bin/python bench/bench_fuzz.py
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_servers import server_env  # noqa: E402 (this folder: the same app server set-up)

from harness.fuzz_requests import FuzzRequest, Generator, Ids  # noqa: E402 (pure Python)

GUNICORN = Path(sys.executable).with_name("gunicorn")


def fuzz_server_env(tmp: str) -> dict:
    # Thousands of 4xx warnings are the point of this run, not news.
    return server_env(tmp, log_level="ERROR", sqlite_name="fuzz.sqlite3")


class Visitor:
    """One browser's cookies over one keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    @property
    def token(self) -> str | None:
        return self.cookies.get("csrftoken")

    def send(self, method: str, path: str, body: bytes | None, headers: dict[str, str]):
        headers = dict(headers)
        if "Cookie" not in headers and self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
        except (http.client.HTTPException, OSError):
            # The server closed a keep-alive connection (as gunicorn may after an error
            # answer): open a new one and send again, once.
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            try:
                cookie = SimpleCookie(header)
            except CookieError:
                continue
            for name, morsel in cookie.items():
                if "Cookie" in headers and headers["Cookie"] != self._jar_header():
                    continue  # an answer to a forged cookie does not replace the real ones
                self.cookies[name] = morsel.value
        return response.status, response.headers, content

    def _jar_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def form(self, path: str, data: dict) -> tuple[int, str]:
        headers = {"Content-Type": "application/x-www-form-urlencoded",
                   "X-CSRFToken": self.token or ""}
        status, response_headers, _ = self.send("POST", path, urlencode(data).encode(), headers)
        return status, response_headers.get("Location", "")

    def fuzz(self, request: FuzzRequest) -> int:
        token = self.token
        body = None if request.method in ("GET", "HEAD", "OPTIONS") else request.body(token)
        status, _headers, _content = self.send(
            request.method, request.path, body, request.request_headers(token))
        return status


def game_id(location: str) -> str:
    match = re.search(r"/game/([0-9a-f-]{36})/", location)
    assert match, location
    return match.group(1)


def visitor_with_games(port: int) -> tuple[Visitor, list[str], list[str]]:
    """A visitor who has started a game of each kind and made a move in the first."""
    visitor = Visitor(port)
    visitor.send("GET", "/hearts/", None, {})  # the CSRF cookie
    _status, location = visitor.form("/heart-to-heart/HH1-N-AAAAAAM/", {})
    h2h = game_id(location)
    visitor.form(f"/heart-to-heart/game/{h2h}/", {"target": "stock", "version": "1"})
    _status, location = visitor.form("/hearts/new/", {})
    return visitor, [h2h], [game_id(location)]


def snapshot(models, others: Ids) -> list:
    """Every field of the other visitor's games, as saved."""
    h2h_model, hearts_model = models
    return [
        list(h2h_model.objects.filter(pk__in=others.others_h2h).order_by("pk").values()),
        list(hearts_model.objects.filter(pk__in=others.others_hearts).order_by("pk").values()),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="cardsite-fuzz-")
    env = fuzz_server_env(tmp)
    for command in (["collectstatic", "--noinput", "-v0"], ["migrate", "--noinput", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
    os.environ.update(env)  # this process reads the same database to check the games
    import django

    django.setup()
    from games.models import HeartsGame, HeartToHeartGame

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    server = subprocess.Popen(
        [str(GUNICORN), "cardsite.wsgi", "--bind", f"fd://{listener.fileno()}",
         "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env, pass_fds=[listener.fileno()], start_new_session=True)
    try:
        _other, others_h2h, others_hearts = visitor_with_games(port)
        others = Ids(others_h2h=tuple(others_h2h), others_hearts=tuple(others_hearts))
        before = snapshot((HeartToHeartGame, HeartsGame), others)

        per_client = -(-args.requests // args.clients)
        statuses: Counter[int] = Counter()
        failures: list[tuple[int, str]] = []
        lock = threading.Lock()

        def run(number: int) -> None:
            visitor, own_h2h, own_hearts = visitor_with_games(port)
            # One game of each kind whose saved state nobody can read (BAD_SAVE).
            _status, location = visitor.form("/heart-to-heart/HH1-N-AAAAAAB/", {})
            bad_h2h = game_id(location)
            HeartToHeartGame.objects.filter(pk=bad_h2h).update(state={"version": 1})
            _status, location = visitor.form("/hearts/new/", {})
            bad_hearts = game_id(location)
            HeartsGame.objects.filter(pk=bad_hearts).update(state=["not", "a", "game"])
            ids = Ids((*own_h2h, bad_h2h), (*own_hearts, bad_hearts),
                      others.others_h2h, others.others_hearts)
            mine: Counter[int] = Counter()
            for request in Generator(args.seed + number, ids).requests(per_client):
                status = visitor.fuzz(request)
                mine[status] += 1
                if status >= 500:
                    with lock:
                        failures.append((status, request.describe()))
            with lock:
                statuses.update(mine)

        threads = [threading.Thread(target=run, args=(n,)) for n in range(args.clients)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - start
        after = snapshot((HeartToHeartGame, HeartsGame), others)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
        listener.close()

    total = sum(statuses.values())
    by_class = Counter(f"{status // 100}xx" for status in statuses.elements())
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite (WAL, IMMEDIATE)"
    print(f"gunicorn, {args.workers} workers, DEBUG off, {database}; {args.clients} visitors,"
          f" seed {args.seed}")
    print(f"requests: {total:,} in {wall:.1f} s = {total / wall:,.0f} req/s")
    print(f"per class: {dict(sorted(by_class.items()))}")
    print(f"per status: {dict(sorted(statuses.items()))}")
    print(f"5xx: {len(failures)}")
    for status, described in failures[:20]:
        print(f"  {status} {described}")
    unchanged = after == before
    print(f"another visitor's games unchanged: {unchanged}")
    if failures or not unchanged or total < args.requests:
        sys.exit("FAILED")


if __name__ == "__main__":
    main()
