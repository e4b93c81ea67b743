"""Shared set-up for the web benchmarks: Django on a fresh SQLite file, DEBUG off.

Import this first: it sets the environment, collects static files and migrates, so
the figures are those of a production-shaped process (cached templates, no query log).
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.mkdtemp(prefix="cardsite-bench-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="cardsite.settings",
    DEBUG="false",
    SECRET_KEY="bench-" + "x" * 50,
    ALLOWED_HOSTS="testserver",
    SECURE_SSL_REDIRECT="false",
    SECURE_COOKIES="false",
    SQLITE_PATH=os.path.join(_tmp, "bench.sqlite3"),
    STATIC_ROOT=os.path.join(_tmp, "static"),
    LOG_LEVEL="WARNING",
)
# SQLite unless BENCH_DATABASE_URL names another database (scripts/with-postgres.sh sets
# DATABASE_URL: `scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$DATABASE_URL ...'`).
if os.environ.get("BENCH_DATABASE_URL"):
    os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
else:
    os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from bench.percentiles import percentile  # noqa: E402

call_command("collectstatic", interactive=False, verbosity=0)
call_command("migrate", verbosity=0)


class Samples:
    """Wall time and CPU time (this process: the server's work, plus the test client's)
    of each request, in ms. The wall time is what a player waits for; the CPU time is
    steadier on a shared machine, where other work stretches every wall time."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __len__(self) -> int:
        return len(self.wall)


def summary(name: str, samples: Samples) -> str:
    return (f"{name:<30} n={len(samples):>5}  median {statistics.median(samples.wall):7.2f} ms"
            f"  p99 {percentile(samples.wall, 0.99):7.2f} ms"
            f"  cpu median {statistics.median(samples.cpu):6.2f} ms")


def ratio(name: str, samples: Samples, baseline: Samples) -> str:
    wall = statistics.median(samples.wall) / statistics.median(baseline.wall)
    cpu = statistics.median(samples.cpu) / statistics.median(baseline.cpu)
    return f"{name} / baseline median ratio: {wall:.2f} (cpu {cpu:.2f})"


def timed(samples: Samples, call: Callable, *args, **kwargs):
    """Run ``call(*args, **kwargs)``, record its wall and CPU time in ``samples``, return it."""
    start, start_cpu = time.perf_counter(), time.process_time()
    result = call(*args, **kwargs)
    samples.cpu.append((time.process_time() - start_cpu) * 1000)
    samples.wall.append((time.perf_counter() - start) * 1000)
    return result


# What a browser says it accepts: the answer comes back as it would go on the wire.
BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate, br, zstd"}


class Sizes:
    """Bytes of each answer: the body as rendered, the body as sent (compressed when the
    site compresses), and the response headers (an HTTP/1.1 status line and fields)."""

    def __init__(self) -> None:
        self.raw: list[int] = []
        self.body: list[int] = []
        self.headers: list[int] = []

    def add(self, response) -> None:
        body = response.content
        raw = gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body
        self.raw.append(len(raw))
        self.body.append(len(body))
        self.headers.append(len(f"HTTP/1.1 {response.status_code} OK\r\n") + sum(
            len(f"{name}: {value}\r\n") for name, value in response.items()) + 2)

    def line(self, name: str) -> str:
        raw, body, headers = (statistics.median(values)
                              for values in (self.raw, self.body, self.headers))
        return (f"{name}: median {raw:,.0f} B rendered, {body:,.0f} B sent"
                f" + {headers:,.0f} B of headers = {body + headers:,.0f} B on the wire")


def game_id_from(response) -> str:
    return response["Location"].rstrip("/").rsplit("/", 1)[-1]
