"""The metrics under gunicorn, as deploy/gunicorn.conf.py runs them: two workers, each
counting in Prometheus' multiprocess folder, and /metrics adding them up whichever
worker answers; a worker that exits keeps its counts, and a restart starts from 0."""

from __future__ import annotations

import os
import signal
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from harness.client import Browser
from harness.players import HeartToHeartPlayer
from harness.stack import Gunicorn, prepare_site, site_env

pytestmark = pytest.mark.server

TAPS = 12


def moves_counted(base: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(sample.value
               for family in text_string_to_metric_families(text)
               for sample in family.samples
               if sample.name == "cardsite_moves_total"
               and sample.labels == {"game": "heart_to_heart"})


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def pids_counting(folder: Path) -> set[int]:
    return {int(name.removesuffix(".db").split("_")[-1]) for name in os.listdir(folder)
            if name.startswith("counter_")}


def wait_for_new_workers(master: int, gone: set[int]) -> None:
    """Until every worker that was told to exit has, and two others serve."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = set(workers_of(master))
        if len(workers) == 2 and not workers & gone:
            return
        time.sleep(0.05)  # polls the process table, which has no event to wait on
    raise AssertionError(f"gunicorn kept {workers_of(master)} after {sorted(gone)} exited")


def test_two_workers_count_into_one_total_that_outlives_a_worker(tmp_path):
    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_1.db").write_bytes(b"a former run's values")  # emptied at start
    env = site_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "static",
                   PROMETHEUS_MULTIPROC_DIR=str(folder), GUNICORN_ACCESS_LOG="/dev/null")
    prepare_site(env)
    server = Gunicorn(env, tmp_path / "gunicorn.log", workers=2).start()
    try:
        assert moves_counted(server.base) == 0
        player = HeartToHeartPlayer(Browser(server.base), EXAMPLE_CODE,
                                    solve_code(EXAMPLE_CODE).line)
        player.start()
        for _ in range(TAPS // 2):
            player.step()
        # Which worker takes a connection is the kernel's choice, so the test makes the
        # second worker itself: each one that counted so far exits (its child_exit hook
        # runs) and gunicorn starts new ones, which count the other half of the taps.
        counted = pids_counting(folder) & set(workers_of(server.process.pid))
        assert counted
        for pid in counted:
            os.kill(pid, signal.SIGTERM)
        wait_for_new_workers(server.process.pid, counted)
        for _ in range(TAPS - TAPS // 2):
            player.step()
        assert pids_counting(folder) - counted, "the later taps counted in new files"
        # Every answer of /metrics, whichever worker gives it, adds up every file.
        assert [moves_counted(server.base) for _ in range(6)] == [TAPS] * 6
        player.step()
        assert moves_counted(server.base) == TAPS + 1
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()
