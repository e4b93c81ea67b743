"""Server time per Heart to Heart tap through Django's test client, on a SQLite file.

Prints medians and 99th percentiles for a tap (htmx partial), for a full page, and for
a baseline request measured in the same run (the home page, no database write), plus
the partial's size against the full page's. Run: .venv/bin/python bench/bench_heart_to_heart_web.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.mkdtemp(prefix="cardsite-bench-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="cardsite.settings",
    DEBUG="false",  # no query log, cached templates: as in production
    SECRET_KEY="bench-" + "x" * 50,
    ALLOWED_HOSTS="testserver",
    SECURE_SSL_REDIRECT="false",
    SECURE_COOKIES="false",
    SQLITE_PATH=os.path.join(_tmp, "bench.sqlite3"),
    STATIC_ROOT=os.path.join(_tmp, "static"),
    LOG_LEVEL="WARNING",
)
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from games.engine import heart_to_heart as engine  # noqa: E402
from games.engine.solver import EXAMPLES_CODE, solve_code  # noqa: E402
from games.models import HeartToHeartGame  # noqa: E402

GAMES = int(os.environ.get("BENCH_GAMES", "12"))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line_ms(name: str, samples: list[float]) -> str:
    return (f"{name:<28} n={len(samples):>5}  median {statistics.median(samples):7.2f} ms"
            f"  p99 {percentile(samples, 0.99):7.2f} ms")


def main() -> None:
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", verbosity=0)
    client = Client()
    line = solve_code(EXAMPLES_CODE).line
    taps, pages, baseline = [], [], []
    partial_sizes, page_sizes = [], []
    for _ in range(GAMES):
        response = client.get(f"/heart-to-heart/{EXAMPLES_CODE}/")
        game = HeartToHeartGame.objects.get(pk=response["Location"].rstrip("/").rsplit("/", 1)[-1])
        url = f"/heart-to-heart/game/{game.pk}/"
        version = game.version
        for target in line:
            start = time.perf_counter()
            response = client.post(url, {"target": target, "version": version},
                                   headers={"HX-Request": "true"})
            taps.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
            partial_sizes.append(len(response.content))
            version += 1
            start = time.perf_counter()
            client.get("/")
            baseline.append((time.perf_counter() - start) * 1000)
            if len(taps) % 10 == 0:
                start = time.perf_counter()
                page = client.get(url)
                pages.append((time.perf_counter() - start) * 1000)
                page_sizes.append(len(page.content))
        assert engine.GameState.from_json(HeartToHeartGame.objects.get(pk=game.pk).state).won
    print(f"Heart to Heart web, {GAMES} full games of {EXAMPLES_CODE} ({len(line)} taps each),"
          " SQLite file, DEBUG off")
    print(line_ms("tap (htmx partial)", taps))
    print(line_ms("full game page (GET)", pages))
    print(line_ms("baseline: home page (GET)", baseline))
    print(f"tap / baseline median ratio: {statistics.median(taps) / statistics.median(baseline):.2f}")
    print(f"partial size: median {statistics.median(partial_sizes):,.0f} B;"
          f" full page: median {statistics.median(page_sizes):,.0f} B;"
          f" ratio {statistics.median(partial_sizes) / statistics.median(page_sizes):.2f}")


if __name__ == "__main__":
    main()
