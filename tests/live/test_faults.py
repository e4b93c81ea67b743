"""Faults against a live production-shaped server: gunicorn, DEBUG off, real settings.

- ``kill -9`` of the whole server (master and workers) while players of both games are
  mid-move, on SQLite and on PostgreSQL, then a restart on the same database: every game
  resumes exactly where its player saw it, and the request in flight was either saved
  whole (the version moved on by one) or not at all (the board is what the player saw).
  Each game is then played on to its end: the Heart to Heart deal is won in exactly the
  solver's number of moves (no tap lost or doubled), every Hearts deal still holds 52
  distinct cards.
- PostgreSQL stopped mid-game: the translated 503 page within a few seconds (the connect
  timeout), no traceback in the log, and the same gunicorn serves again on its own once
  PostgreSQL is back.

A SQLite file held locked by another process (503 after the busy timeout, never a 500)
is tested in tests/web/site/test_sqlite_over_database_url.py.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter

import pytest

from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from harness.client import Browser, ServerGone
from harness.players import (
    APPLIED,
    NOT_APPLIED,
    HeartsPlayer,
    HeartToHeartPlayer,
    play_to_the_end,
    recover,
)
from harness.stack import Gunicorn, manage, read_row, site_env

pytestmark = pytest.mark.ops

H2H_PLAYERS = 3
HEARTS_PLAYERS = 3
KILLS = 2
SOLUTION = solve_code(EXAMPLE_CODE)


def _cards_of(state: dict) -> list[str]:
    cards = [card for hand in state["hands"] for card in hand]
    cards += [card for pending in state["pending"] if pending for card in pending]
    cards += list(state["trick"])
    cards += [card for _leader, trick, _winner in state["tricks"] for card in trick]
    return cards


def _assert_hearts_consistent(database_url: str, player: HeartsPlayer) -> None:
    version, state = read_row(database_url, "games_heartsgame", player.game_id, "version, state")
    state = json.loads(state) if isinstance(state, str) else state
    assert version == player.version, "the saved game is not the one the player last saw"
    cards = _cards_of(state)
    assert len(cards) == 52 and len(set(cards)) == 52, Counter(cards).most_common(3)


def _assert_no_traceback(server: Gunicorn) -> None:
    log = server.log_text()
    assert "Traceback" not in log, log[-3000:]
    assert '" 500 ' not in log, log[-3000:]


def test_kill_9_mid_game_then_restart_every_game_resumes_exactly(
    database_url, static_root, tmp_path
):
    server = Gunicorn(site_env(database_url, static_root), tmp_path / "gunicorn.log").start()
    up = threading.Event()
    up.set()
    players = [HeartToHeartPlayer(Browser(server.base), EXAMPLE_CODE, SOLUTION.line)
               for _ in range(H2H_PLAYERS)]
    players += [HeartsPlayer(Browser(server.base), deals=1) for _ in range(HEARTS_PLAYERS)]
    failures: list[str] = []

    def wait_until_up() -> None:
        if not up.wait(timeout=60):
            raise AssertionError("the server never came back")
        time.sleep(0.05)  # a kill may be on its way: recover() retries if so

    def play(player) -> None:
        try:
            player.start()
            for _ in range(2000):  # bounded; a Heart to Heart line is 93 taps
                if player.done:
                    return
                try:
                    player.step()
                except ServerGone:
                    recover(player, wait_until_up)
            raise AssertionError("not done after 2000 steps")
        except Exception as error:  # reported by the main thread
            failures.append(f"{type(player).__name__}: {error!r}")

    threads = [threading.Thread(target=play, args=(player,)) for player in players]
    for thread in threads:
        thread.start()
    try:
        for kill in range(KILLS):
            # Let every player get well into its game, then pull the plug mid-request.
            goal = (kill + 1) * 25
            deadline = time.monotonic() + 60
            while min(p.actions for p in players) < goal and time.monotonic() < deadline:
                if failures or all(p.done for p in players):
                    break
                time.sleep(0.01)
            up.clear()
            server.kill9()
            server.start()
            up.set()
        for thread in threads:
            thread.join(timeout=180)
        assert not any(thread.is_alive() for thread in threads), "a player hung"
    finally:
        up.set()
        server.stop()

    assert failures == [], failures
    resumed = Counter(outcome for player in players for outcome in player.resumed)
    print(f"\nafter {KILLS} kills: in-flight requests {dict(resumed)}")
    assert sum(resumed.values()) >= 1, "no request was in flight at any kill"
    assert set(resumed) <= {APPLIED, NOT_APPLIED}
    statuses = Counter(t.status for p in players for t in p.browser.timings)
    assert not [status for status in statuses if status >= 500], statuses
    for player in players:
        if isinstance(player, HeartToHeartPlayer):
            assert player.status == "won"
            assert player.moves == SOLUTION.moves  # no tap lost, none applied twice
            saved = read_row(database_url, "games_hearttoheartgame", player.game_id,
                             "version, moves, status")
            assert saved == (player.version, SOLUTION.moves, "won")
        else:
            assert player.phase == "deal-done"
            _assert_hearts_consistent(database_url, player)
    _assert_no_traceback(server)


def test_postgresql_stopped_mid_game_answers_503_fast_and_recovers_without_a_restart(
    postgres, static_root, tmp_path
):
    env = site_env(postgres.url, static_root)
    manage(env, "migrate", "--noinput", "-v", "0")
    server = Gunicorn(env, tmp_path / "gunicorn.log").start()
    pid = server.process.pid
    solitaire = HeartToHeartPlayer(Browser(server.base, language="fr"), EXAMPLE_CODE,
                                   SOLUTION.line)
    hearts = HeartsPlayer(Browser(server.base, language="fr"), deals=1)
    probe = Browser(server.base)
    try:
        for player in (solitaire, hearts):
            player.start()
            for _ in range(15):
                player.step()
        seen = (solitaire.version, hearts.version)

        postgres.stop("fast")
        refused = []
        for player, kind in ((solitaire, "h2h tap"), (hearts, "hearts")):
            form, button = player.page.find(name_="target", value=solitaire.line[solitaire.index]) \
                if player is solitaire else _next_hearts_button(player)
            started = time.monotonic()
            answer = player.browser.press(form, button, kind=kind)
            refused.append((answer, time.monotonic() - started))
        started = time.monotonic()
        health = probe.get("/healthz")
        health_seconds = time.monotonic() - started
        page = solitaire.browser.get(solitaire.game_path())

        postgres.start()
        deadline = time.monotonic() + 30
        while probe.get("/healthz").status != 200:
            assert time.monotonic() < deadline, "the site did not recover"
            time.sleep(0.2)
        assert server.process.poll() is None and server.process.pid == pid  # never restarted

        for player in (solitaire, hearts):
            reloaded = player.browser.get(player.game_path())
            assert reloaded.status == 200
            player._show(reloaded)
        assert (solitaire.version, hearts.version) == seen  # the refused moves changed nothing
        for player in (solitaire, hearts):
            play_to_the_end(player)
    finally:
        server.stop()

    for answer, seconds in refused:
        assert answer.status == 503, answer.text[:500]
        assert seconds < 10, seconds  # not a hang: the connect timeout is 3 s
        assert answer.headers.get("retry-after") == "5"
        assert "Le site est très occupé en ce moment" in answer.text
    assert health.status == 503 and health.text == "database unavailable\n"
    assert health_seconds < 10, health_seconds
    assert page.status == 503 and '<html lang="fr">' in page.text
    assert solitaire.status == "won" and solitaire.moves == SOLUTION.moves
    _assert_hearts_consistent(postgres.url, hearts)
    log = server.log_text()
    assert "answered 503" in log
    _assert_no_traceback(server)


def _next_hearts_button(player: HeartsPlayer):
    """The button (or timed form) the Hearts player would press next."""
    advance = player.page.form_with(class_="advance")
    if advance is not None:
        return advance, None
    for wanted in ({"data_action": "pass"}, {"name_": "choose"}, {"name_": "play"},
                   {"name_": "lift"}, {"data_action": "next-deal"}):
        found = player.page.find(**wanted)
        if found is not None:
            return found
    raise AssertionError(f"nothing to press in phase {player.phase}")
