"""The link-preview picture of a deal: how long one takes to draw, and to serve from the cache.

Prints figures; asserts nothing (the aim: drawing one picture well under 100 ms, so a
chat app's first fetch of a link preview is not kept waiting).
Run: .venv/bin/python bench/bench_deal_image.py [--pictures 200]

* first picture: the process's first drawing, which also draws the shared parts once
  (the felt, each rank's card face, the back) and loads the fonts;
* draw: a fresh deal's board (engine) and its PNG (Pillow), distinct codes, the three
  languages in turn — what a cache miss costs;
* cached: ``picture_bytes`` answering from the cache — what every later request costs.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")

import django

django.setup()

import PIL  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.utils import translation  # noqa: E402

from bench.percentiles import percentile  # noqa: E402
from games.drawing import deal_image  # noqa: E402
from games.engine.heart_to_heart import DealCode  # noqa: E402
from games.engine.rng import SplitMix64  # noqa: E402
from games.views.heart_to_heart import sharing  # noqa: E402

LANGUAGES = ("en", "fr", "nb")


def ms(values: list[float]) -> str:
    return (
        f"median {1000 * statistics.median(values):.1f} ms, "
        f"p99 {1000 * percentile(values, 0.99):.1f} ms, worst {1000 * max(values):.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pictures", type=int, default=200)
    args = parser.parse_args()
    rng = SplitMix64(14)
    codes = [
        str(DealCode("NW"[i % 2], rng.below(26**7))) for i in range(args.pictures)
    ]
    clock = time.perf_counter
    print(f"python {platform.python_version()}, Pillow {PIL.__version__}, {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")

    started = clock()
    with translation.override("en"):
        first = deal_image.draw(sharing.deal_picture(codes[0]), sharing.picture_words())
    print(f"first picture (shared parts drawn once): {1000 * (clock() - started):.1f} ms")

    draws, cpu, sizes = [], [], []
    for i, code in enumerate(codes):
        with translation.override(LANGUAGES[i % 3]):
            words = sharing.picture_words()
            started, started_cpu = clock(), time.process_time()
            data = deal_image.draw(sharing.deal_picture(code), words)
            draws.append(clock() - started)
            cpu.append(time.process_time() - started_cpu)
        sizes.append(len(data))
    print(f"draw (deal + PNG), {len(codes)} codes, wall clock: {ms(draws)}")
    # CPU time: what a drawing costs the process, without the waits of a shared machine.
    print(f"draw (deal + PNG), {len(codes)} codes, CPU time:   {ms(cpu)}")
    print(f"PNG size: median {statistics.median(sizes) / 1000:.0f} kB, "
          f"largest {max(sizes) / 1000:.0f} kB (first {len(first) / 1000:.0f} kB)")

    cache = caches[sharing.CACHE_ALIAS]
    cache.clear()
    for code in codes[:50]:
        sharing.picture_bytes(code, "en")
    hits = []
    for _ in range(5):
        for code in codes[:50]:
            started = clock()
            sharing.picture_bytes(code, "en")
            hits.append(clock() - started)
    print(f"cached (picture_bytes from the cache), {len(hits)} requests: {ms(hits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
