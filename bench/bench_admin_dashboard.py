"""The admin statistics dashboard's server time on a full database, printed (never asserted).

    .venv/bin/python bench/bench_admin_dashboard.py                     # SQLite
    scripts/with-postgres.sh .venv/bin/python bench/bench_admin_dashboard.py  # PostgreSQL

Fills a fresh database with --hearts + --h2h games (110,000 by default; bulk_create,
real-sized JSON states) from --players players, spread over the last 90 days with a
weekly rhythm and slow growth, then times GET /admin/statistics/ as a signed-in staff
user through Django's test client (every middleware, the queries and the template),
DEBUG off: median and p99 per period, and each query function alone.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.mkdtemp(prefix="cardsite-bench-admin-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="cardsite.settings",
    DEBUG="false",
    SECRET_KEY="bench-" + "x" * 50,
    ALLOWED_HOSTS="testserver",
    SECURE_SSL_REDIRECT="false",
    SECURE_COOKIES="false",
    # BENCH_SQLITE_PATH keeps the filled file for another run (it is filled only once).
    SQLITE_PATH=os.environ.get("BENCH_SQLITE_PATH") or os.path.join(_tmp, "bench.sqlite3"),
    STATIC_ROOT=os.path.join(_tmp, "static"),
    LOG_LEVEL="WARNING",
)

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.percentiles import percentile  # noqa: E402
from games import statistics as stats  # noqa: E402
from games.engine import hearts  # noqa: E402
from games.engine.heart_to_heart import new_game as new_h2h_game  # noqa: E402
from games.engine.heart_to_heart import random_code  # noqa: E402
from games.models import HeartsGame, HeartToHeartGame, Player  # noqa: E402

DAYS = 90
LEVELS = (("easy", 0.30, 0.45), ("medium", 0.45, 0.30), ("hard", 0.25, 0.18))  # share, wins


class auto_dates_off:
    """bulk_create would stamp every row "now": let the bench set created_at itself."""

    def __init__(self, *models):
        self.fields = [m._meta.get_field(name) for m in models
                       for name in ("created_at", "updated_at")]

    def __enter__(self):
        self.saved = [(f, f.auto_now, f.auto_now_add) for f in self.fields]
        for f in self.fields:
            f.auto_now = f.auto_now_add = False

    def __exit__(self, *exc):
        for f, now, add in self.saved:
            f.auto_now, f.auto_now_add = now, add


def when(rng: random.Random, now: dt.datetime) -> dt.datetime:
    """A moment in the last 90 days: more games lately, fewer at weekends, in the evening."""
    while True:
        days_ago = int(DAYS * (1 - math.sqrt(rng.random())))  # slow growth
        moment = now - dt.timedelta(days=days_ago)
        if moment.weekday() < 5 or rng.random() < 0.7:
            break
    hour = min(23, max(0, int(rng.gauss(19, 3.5))))
    return moment.replace(hour=hour, minute=rng.randrange(60), second=rng.randrange(60),
                          microsecond=rng.randrange(1_000_000))


def fill(players: int, hearts_games: int, h2h_games: int, seed: int) -> None:
    rng = random.Random(seed)
    now = timezone.now()
    owners = Player.objects.bulk_create([Player() for _ in range(players)], batch_size=2000)
    hearts_state = hearts.new_game(1, levels=("medium",) * 3).to_dict()
    h2h_states = {c: new_h2h_game(random_code(c)).to_dict() for c in ("N", "W")}
    batch: list = []
    with auto_dates_off(HeartsGame, HeartToHeartGame):
        for _ in range(hearts_games):
            level, won_share = rng.choices([(n, w) for n, _, w in LEVELS],
                                           weights=[s for _, s, _ in LEVELS])[0]
            created = when(rng, now)
            finished, result, phase = None, "", "play"
            if rng.random() < 0.8:  # most games are played to the end
                finished = created + dt.timedelta(seconds=int(rng.lognormvariate(6.6, 0.4)))
                roll = rng.random()
                result = "win" if roll < won_share else "draw" if roll > 0.97 else "loss"
                phase = "game-over"
            batch.append(HeartsGame(
                player=rng.choice(owners), level=level, state=hearts_state, phase=phase,
                result=result, created_at=created, updated_at=finished or created,
                finished_at=finished))
            if len(batch) == 2000:
                HeartsGame.objects.bulk_create(batch)
                batch = []
        HeartsGame.objects.bulk_create(batch)
        batch = []
        for _ in range(h2h_games):
            deal_class = "W" if rng.random() < 0.35 else "N"
            created = when(rng, now)
            started = finished = None
            status, moves = "playing", 0
            if rng.random() < 0.9:  # a few deals are never touched
                started = created + dt.timedelta(seconds=rng.randrange(2, 60))
                won = rng.random() < (0.7 if deal_class == "W" else 0.25)
                moves = rng.randrange(38, 72) if won else rng.randrange(5, 45)
                if won or rng.random() < 0.85:
                    status = "won" if won else "stalemate"
                    finished = started + dt.timedelta(
                        seconds=int(rng.lognormvariate(5.6, 0.5)))
            batch.append(HeartToHeartGame(
                player=rng.choice(owners), deal_code=str(random_code(deal_class)),
                state=h2h_states[deal_class], status=status, moves=moves,
                created_at=created, updated_at=finished or started or created,
                started_at=started, finished_at=finished))
            if len(batch) == 2000:
                HeartToHeartGame.objects.bulk_create(batch)
                batch = []
        HeartToHeartGame.objects.bulk_create(batch)


def explain(client: Client) -> None:
    """The plan of every statistics query the 90-day page runs (are the indexes used?)."""
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as page:
        client.get("/admin/statistics/?period=90")
    for query in page.captured_queries:
        if "games_" not in query["sql"]:
            continue  # the session and the user
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("EXPLAIN (ANALYZE, COSTS OFF) " + query["sql"])
                plan = [row[0] for row in cursor.fetchall()]
                plan = [line for line in plan if "Scan" in line or "Execution" in line]
            else:
                cursor.execute("EXPLAIN QUERY PLAN " + query["sql"])
                plan = [row[3] for row in cursor.fetchall()]
        print(f"  {query['sql'][:70]}…")
        for line in plan:
            print(f"      {line.strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8000)
    parser.add_argument("--hearts", type=int, default=60_000)
    parser.add_argument("--h2h", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=15, help="timed requests per period")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--explain", action="store_true",
                        help="print the database's plan for each of the page's queries")
    args = parser.parse_args()

    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    if not HeartsGame.objects.exists():
        fill(args.players, args.hearts, args.h2h, args.seed)
    if connection.vendor == "postgresql":
        # What autovacuum does after a bulk load: planner statistics and the visibility
        # map that lets an index-only scan skip the table.
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    filled = time.perf_counter() - started
    database = (f"PostgreSQL {connection.pg_version // 10000}" if connection.vendor == "postgresql"
                else f"SQLite {connection.Database.sqlite_version}")
    print(f"{database}; {HeartsGame.objects.count():,} Hearts + "
          f"{HeartToHeartGame.objects.count():,} Heart to Heart games, "
          f"{Player.objects.count():,} players over {DAYS} days (filled in {filled:.0f} s)")

    client = Client()
    user = User.objects.filter(username="bench").first() or User.objects.create_superuser(
        "bench", password="x" * 16)
    client.force_login(user)
    # Wall time is what an operator waits for. On SQLite the database works inside this
    # process, so its CPU time is the whole server's work, and it moves far less than
    # the wall time when other processes share the cores.
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    print(f"GET /admin/statistics/, {args.runs} runs each after one warm-up (ms):")
    for query in ("period=7", "period=30", "period=90"):
        walls, cpus = [], []
        for run in range(args.runs + 1):
            begin, begin_cpu = time.perf_counter(), time.process_time()
            response = client.get(f"/admin/statistics/?{query}")
            if run:
                walls.append((time.perf_counter() - begin) * 1000)
                cpus.append((time.process_time() - begin_cpu) * 1000)
            assert response.status_code == 200, response.status_code
        print(f"  ?{query:<10} wall median {statistics.median(walls):7.1f}  "
              f"p99 {percentile(walls, 0.99):7.1f}   "
              f"this process's CPU median {statistics.median(cpus):7.1f}  "
              f"p99 {percentile(cpus, 0.99):7.1f}   ({len(response.content) // 1024} KiB)")

    if args.explain:
        explain(client)
    period = stats.Period.last_days(90)
    print("each query function alone, last 90 days (wall, median of 5, ms):")
    for name in ("hearts_by_level", "h2h_by_deal_class", "h2h_winning_moves",
                 "h2h_winning_times", "activity_per_day"):
        samples = []
        for _ in range(5):
            begin = time.perf_counter()
            getattr(stats, name)(period)
            samples.append((time.perf_counter() - begin) * 1000)
        print(f"  {name:<20} {statistics.median(samples):7.1f}")


if __name__ == "__main__":
    main()
