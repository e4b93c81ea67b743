"""The metrics under gunicorn, as deploy/gunicorn.conf.py runs them: two workers, each
counting in Prometheus' multiprocess folder, and /metrics adding them up whichever
worker answers; a worker that exits keeps its counts, and a restart starts from 0."""

from __future__ import annotations

import os
import signal
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from harness.client import Browser
from harness.players import HeartToHeartPlayer
from harness.stack import Gunicorn, prepare_site, site_env, wait_for_http

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
        for _ in range(TAPS):
            player.step()
        # Sync workers close every connection: the taps went to both workers, each
        # counting in files of its own, and every answer of /metrics adds them up.
        assert len({name.split("_")[-1] for name in os.listdir(folder)
                    if name.startswith("counter_")}) == 2
        assert [moves_counted(server.base) for _ in range(6)] == [TAPS] * 6
        # A worker that exits (its child_exit hook) keeps what it counted.
        os.kill(workers_of(server.process.pid)[0], signal.SIGTERM)
        wait_for_http(server.base + "/healthz")
        assert moves_counted(server.base) == TAPS
        player.step()
        assert moves_counted(server.base) == TAPS + 1
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()
