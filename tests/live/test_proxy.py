"""Two app servers behind Debian's nginx, one PostgreSQL: the set-up in deploy/, for real.

nginx runs deploy/nginx/cardsite.conf.template (rendered by deploy/render_nginx.py) as
an ordinary user on a loopback port, in front of two gunicorn instances (separate
processes and ports, deploy/gunicorn.conf.py) sharing one throwaway PostgreSQL cluster.
Players of both games play through nginx, so each game's requests are spread across
both app servers; halfway through, one app server is stopped. Play goes on through the
other: every game ends consistent, none is lost, no move is applied twice (each applied
action moves the game's version on by exactly one, and the Heart to Heart deal is won in
exactly the solver's number of moves). The site file's limits per address are on, and each
player sends from a loopback address of its own: a whole game at machine speed stays
within the burst, never a 429.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter, defaultdict

import pytest

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from harness.client import Browser, ServerGone
from harness.players import HeartsPlayer, HeartToHeartPlayer, recover
from harness.stack import Gunicorn, Nginx, manage, read_row, site_env

from .test_faults import _assert_hearts_consistent, _assert_no_traceback

pytestmark = pytest.mark.ops

SOLUTION = solve_code(EXAMPLE_CODE)
UPSTREAM = re.compile(
    r'"(?:GET|POST|HEAD) (\S+) [^"]*" (\d+) upstream=([^ ,]+(?:, [^ ,]+)*) .* at=([\d.]+)$')
GAME = re.compile(r"/game/([0-9a-f-]{36})/")


def test_two_app_servers_behind_nginx_share_the_games_and_survive_losing_one(
    postgres, static_root, tmp_path
):
    env = site_env(postgres.url, static_root)
    manage(env, "migrate", "--noinput", "-v", "0")
    first = Gunicorn(env, tmp_path / "first.log").start()
    second = Gunicorn(env, tmp_path / "second.log").start()
    # The shipped limits for everyone: each player sends from an address of its own, as
    # people do, and plays its whole game at machine speed within the burst.
    nginx = Nginx([f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"],
                  unlimited=()).start()
    players = [HeartToHeartPlayer(Browser(nginx.base, source=f"127.0.1.{n}"), EXAMPLE_CODE,
                                  SOLUTION.line) for n in range(1, 4)]
    players += [HeartsPlayer(Browser(nginx.base, source=f"127.0.1.{n}"), deals=1)
                for n in range(4, 7)]
    failures: list[str] = []
    # The first app server is stopped once every player has made STOP actions; while it
    # stops they play on, up to HOLD actions, then wait until it has stopped: play goes
    # on after the stop however fast the moves are (a game is longer than HOLD actions).
    stop, hold = 30, 40
    stopped = threading.Event()

    def play(player) -> None:
        try:
            player.start()
            for _ in range(2000):
                if player.done:
                    return
                if player.actions >= hold and not stopped.wait(timeout=120):
                    raise AssertionError("the first app server never stopped")
                try:
                    player.step()
                except ServerGone:  # a 502: the app server went away under the request
                    recover(player, lambda: None)
            raise AssertionError("not done after 2000 steps")
        except Exception as error:
            failures.append(f"{type(player).__name__}: {error!r}")

    threads = [threading.Thread(target=play, args=(player,)) for player in players]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while min(p.actions for p in players) < stop and time.monotonic() < deadline:
            if failures:
                break
            time.sleep(0.01)
        log_at_stop = len(nginx.access_log())
        first.stop()  # mid-run: a graceful stop, as an operator or a crash supervisor does
        stopped_at = time.time()  # the requests it was serving are finished by now
        stopped.set()
        for thread in threads:
            thread.join(timeout=180)
        assert not any(thread.is_alive() for thread in threads), "a player hung"
        access_log, error_log = nginx.access_log(), nginx.error_log()
    finally:
        stopped.set()  # no player waits on a stop that a failure above skipped
        nginx.destroy()
        second.stop()
        first.stop()

    assert failures == [], [*failures, error_log[-2000:]]
    a, b = f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"
    log = [UPSTREAM.search(line) for line in access_log]
    assert all(log), "an access log line without its upstream"
    before, after = log[:log_at_stop], log[log_at_stop:]

    # Every game was played on both app servers while both were up.
    servers_of = defaultdict(set)
    for line in before:
        game = GAME.search(line.group(1))
        if game:
            servers_of[game.group(1)].add(line.group(3).split(", ")[-1])
    for player in players:
        assert servers_of[player.game_id] == {a, b}, servers_of[player.game_id]
    # Once the first was stopped, everything ended on the second, some after nginx had
    # found the first gone and passed the request on (a refused connection: safe to retry).
    last_hops = Counter(line.group(3).split(", ")[-1] for line in after
                        if float(line.group(4)) > stopped_at)
    assert set(last_hops) == {b}, last_hops
    failovers = sum(1 for line in after if ", " in line.group(3))
    statuses = Counter(t.status for p in players for t in p.browser.timings)
    resumed = Counter(outcome for p in players for outcome in p.resumed)
    print(f"\nrequests per app server before the stop: "
          f"{Counter(line.group(3).split(', ')[-1] for line in before)}; after: {last_hops}; "
          f"passed on by nginx: {failovers}; answers: {dict(statuses)}; "
          f"re-pressed after a lost answer: {dict(resumed)}")
    assert not [s for s in statuses if s >= 500 and s not in (502, 504)], statuses
    assert 429 not in statuses, statuses

    for player in players:
        if isinstance(player, HeartToHeartPlayer):
            assert player.status == "won" and player.moves == SOLUTION.moves
            assert read_row(postgres.url, "games_hearttoheartgame", player.game_id,
                            "version, moves") == (player.version, SOLUTION.moves)
        else:
            assert player.phase == "deal-done"
            _assert_hearts_consistent(postgres.url, player)
    _assert_no_traceback(first)
    _assert_no_traceback(second)
