"""Shared set-up for the web benchmarks: Django on a fresh SQLite file, DEBUG off.

Import this first: it sets the environment, collects static files and migrates, so
the figures are those of a production-shaped process (cached templates, no query log).
"""

from __future__ import annotations

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
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

call_command("collectstatic", interactive=False, verbosity=0)
call_command("migrate", verbosity=0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, samples: list[float]) -> str:
    return (f"{name:<30} n={len(samples):>5}  median {statistics.median(samples):7.2f} ms"
            f"  p99 {percentile(samples, 0.99):7.2f} ms")


def timed(samples: list[float], call: Callable, *args, **kwargs):
    """Run ``call(*args, **kwargs)``, append its wall time in ms to ``samples``, return it."""
    start = time.perf_counter()
    result = call(*args, **kwargs)
    samples.append((time.perf_counter() - start) * 1000)
    return result


def game_id_from(response) -> str:
    return response["Location"].rstrip("/").rsplit("/", 1)[-1]
