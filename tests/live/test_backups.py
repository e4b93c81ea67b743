"""Backups restore: docs/deploy.md's pg_dump taken mid-play, its pg_restore into a fresh cluster.

The commands are read from docs/deploy.md's section 7 and run as written, in bash, in a
folder standing in for the backups folder, with ``DATABASE_URL`` set as the site's
environment sets it. Players of both games play through nginx and gunicorn on one
PostgreSQL cluster and stop part-way (one Heart to Heart game won, the others at
different points, Hearts in the pass and in the play); one more keeps tapping while the
dump is taken. The dump is restored into a new cluster (a new role's database, as
section 1 creates it), and the same app server is started on it, in nginx's upstream
where the old one was:

- every table's rows, every sequence's position and every index are exactly the source's
  at the moment of the dump (the paused games as their players last saw them; the game
  played through the dump at a version its player was shown, board and all);
- every player, with the cookie they had, finds their game as they left it, the next move
  applies (the version moves on by one), and each game is played on to its end: the
  Heart to Heart deals are won in exactly the solver's number of moves, every Hearts deal
  holds its 52 cards;
- a new visitor starts a new game there (the sequences go on from where they were).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path

import psycopg
import pytest

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from harness.client import Browser, hooks
from harness.players import NOT_A_MOVE, HeartsPlayer, HeartToHeartPlayer, play_to_the_end
from harness.stack import Gunicorn, Nginx, PostgresCluster, manage, read_row, site_env

from .test_faults import _assert_hearts_consistent, _assert_no_traceback

pytestmark = pytest.mark.ops

ROOT = Path(__file__).resolve().parents[2]
SOLUTION = solve_code(EXAMPLE_CODE)
H2H_STOPS = (12, 40, None)  # taps before the dump (None: the deal won)
HEARTS_STOPS = (3, 20, 45)  # actions before the dump: choosing the pass, in the play


def backup_commands() -> tuple[str, str]:
    """The PostgreSQL dump and restore lines of docs/deploy.md's section 7, verbatim."""
    page = (ROOT / "docs" / "deploy.md").read_text()
    section = page.split("\n## 7. Backups", 1)[1].split("\n## ", 1)[0]
    lines = [line.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)
             for line in block.splitlines()]
    dump = [line for line in lines if line.startswith("pg_dump ")]
    restore = [line for line in lines if line.startswith("pg_restore ")]
    assert len(dump) == 1 and len(restore) == 1, (dump, restore)
    return dump[0], restore[0]


def run_as_written(command: str, database_url: str, folder: Path, bin_dir: Path) -> None:
    env = {**os.environ, "DATABASE_URL": database_url,
           "PATH": f"{bin_dir}:{os.environ['PATH']}"}  # this cluster's own client tools
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, (command, result.stdout, result.stderr)
    assert result.stderr == "", (command, result.stderr)  # no warning, no error ignored


def snapshot(url: str) -> dict:
    """Every table's rows (in a fixed order), every sequence's position, every index."""
    with psycopg.connect(url, connect_timeout=5) as db:
        tables = [name for (name,) in db.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")]
        rows = {name: db.execute(f'SELECT * FROM "{name}" AS t ORDER BY t::text').fetchall()
                for name in tables}
        sequences = db.execute("SELECT sequencename, last_value FROM pg_sequences "
                               "WHERE schemaname = 'public' ORDER BY 1").fetchall()
        indexes = db.execute("SELECT tablename, indexname, indexdef FROM pg_indexes "
                             "WHERE schemaname = 'public' ORDER BY 1, 2").fetchall()
    return {"rows": rows, "sequences": sequences, "indexes": indexes}


class RecordedSolitaire(HeartToHeartPlayer):
    """Remembers every board it was shown, by version, and how far along the line it was."""

    def __init__(self, browser: Browser) -> None:
        super().__init__(browser, EXAMPLE_CODE, SOLUTION.line)
        self.seen: dict[int, tuple[int, list]] = {}

    def step(self) -> str:
        kind = super().step()
        self.seen[self.version] = (self.index, hooks(self.page, "board"))
        return kind


def _without(tables: dict, table: str, game_id: str) -> dict:
    return {**tables, table: [row for row in tables[table] if str(row[0]) != game_id]}


def test_a_dump_taken_mid_play_restores_into_a_fresh_cluster_and_every_game_resumes(
    postgres, static_root, tmp_path
):
    dump_line, restore_line = backup_commands()
    backups = tmp_path / "backups"
    backups.mkdir()
    env = site_env(postgres.url, static_root)
    manage(env, "migrate", "--noinput", "-v", "0")
    server = Gunicorn(env, tmp_path / "before.log").start()
    nginx = Nginx([f"127.0.0.1:{server.port}"]).start()
    restored: PostgresCluster | None = None
    after: Gunicorn | None = None
    try:
        solitaires = [HeartToHeartPlayer(Browser(nginx.base), EXAMPLE_CODE, SOLUTION.line)
                      for _ in H2H_STOPS]
        hearts = [HeartsPlayer(Browser(nginx.base, language="fr"), deals=1)
                  for _ in HEARTS_STOPS]
        stops = [*zip(solitaires, H2H_STOPS, strict=True), *zip(hearts, HEARTS_STOPS, strict=True)]
        for player, stop in stops:
            player.start()
            while not player.done and (stop is None or player.actions < stop):
                player.step()
        live = RecordedSolitaire(Browser(nginx.base))
        live.start()
        for _ in range(5):
            live.step()

        # The dump, in the middle of play: one player taps on all through it.
        before = snapshot(postgres.url)
        dumped = threading.Event()
        problems: list[str] = []

        def keep_tapping() -> None:
            try:
                taps_after = None
                while taps_after is None or live.index < taps_after:
                    live.step()
                    time.sleep(0.02)
                    if taps_after is None and dumped.is_set():
                        taps_after = live.index + 5  # a few more the dump must not hold
            except Exception as error:
                problems.append(repr(error))

        tapper = threading.Thread(target=keep_tapping)
        tapper.start()
        time.sleep(0.1)
        started = time.monotonic()
        run_as_written(dump_line, postgres.url, backups, postgres.bin)
        dump_seconds = time.monotonic() - started
        dumped.set()
        tapper.join(timeout=60)
        assert not tapper.is_alive() and problems == [], problems
        source_after = snapshot(postgres.url)
        dumps = sorted(backups.glob("cardsite-*.dump"))
        assert len(dumps) == 1 and re.fullmatch(r"cardsite-\d{4}-\d\d-\d\d\.dump",
                                                dumps[0].name), dumps

        # The site moves to a fresh cluster: the old app server stops, the dump is restored,
        # the same app server starts again on the new database, where nginx expects it.
        server.stop()
        restored = PostgresCluster()
        assert snapshot(restored.url)["rows"] == {}  # empty: no table yet
        run_as_written(restore_line, restored.url, backups, restored.bin)
        got = snapshot(restored.url)
        restored_env = site_env(restored.url, static_root)
        manage(restored_env, "migrate", "--noinput", "-v", "0")  # as for any release: no-op
        assert snapshot(restored.url) == got
        after = Gunicorn(restored_env, tmp_path / "after.log", port=server.port).start()

        # Exactly the source at the moment of the dump.
        table = "games_hearttoheartgame"
        assert _without(got["rows"], table, live.game_id) == _without(
            before["rows"], table, live.game_id)
        assert _without(source_after["rows"], table, live.game_id) == _without(
            before["rows"], table, live.game_id)  # only the live game moved meanwhile
        assert got["sequences"] == before["sequences"] == source_after["sequences"]
        assert got["indexes"] == before["indexes"]
        assert sum(len(rows) for rows in got["rows"].values()) > 10
        live_saved = read_row(restored.url, table, live.game_id, "version")[0]
        assert live_saved in live.seen, (live_saved, sorted(live.seen))
        assert min(live.seen) < live_saved < live.version  # taken mid-play, not after

        # Every game resumes exactly, and plays on.
        for player in [*solitaires, *hearts]:
            seen, version = player.page, player.version
            page = player.browser.get(player.game_path())
            assert page.status == 200, page.status
            assert page.version == version
            assert hooks(page, player.element_id) == hooks(seen, player.element_id)
            player._show(page)
        index, board = live.seen[live_saved]
        page = live.browser.get(live.game_path())
        assert (page.version, hooks(page, "board")) == (live_saved, board)
        live._show(page)
        live.index, live.done = index, False
        for player in [*solitaires, *hearts, live]:
            version = player.version
            while not player.done:  # the next move applies on the restored database
                if player.step() not in NOT_A_MOVE:  # choosing a card to pass is not one
                    assert player.version == version + 1, (player.version, version)
                    break
            play_to_the_end(player)
        newcomer = HeartsPlayer(Browser(nginx.base), deals=1)
        newcomer.start()
        newcomer.step()
        after_rows = snapshot(restored.url)["sequences"]

        for player in [*solitaires, live]:
            assert player.status == "won" and player.moves == SOLUTION.moves
            assert read_row(restored.url, table, player.game_id, "version, moves") == (
                player.version, SOLUTION.moves)
        for player in hearts:
            assert player.phase == "deal-done"
            _assert_hearts_consistent(restored.url, player)
        state = read_row(restored.url, "games_heartsgame", newcomer.game_id, "state")[0]
        assert (json.loads(state) if isinstance(state, str) else state)["hands"]
        assert after_rows != got["sequences"]  # new rows took the next ids, no clash
    finally:
        nginx.destroy()
        server.stop()
        if after is not None:
            after.stop()
        if restored is not None:
            restored.destroy()
    size = dumps[0].stat().st_size
    print(f"\n{dump_line}\n  {size} bytes in {dump_seconds:.2f} s, "
          f"{sum(len(rows) for rows in got['rows'].values())} rows in "
          f"{len(got['rows'])} tables; restored with\n{restore_line}\n  the live game at "
          f"version {live_saved} of {min(live.seen)}..{live.version} it was shown")
    _assert_no_traceback(server)
    _assert_no_traceback(after)
