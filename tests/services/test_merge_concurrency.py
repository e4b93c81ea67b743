"""Merges racing each other never double a figure, nor does one link code serve twice
(docs/passkeys.md#merge).

As tests/services/test_heart_to_heart_concurrency.py: real threads with their own
connections, so only on a database where they can hold separate locks (PostgreSQL in
`make test-postgres`); the SQLite test database is in memory.
"""

import contextlib
import threading

import pytest
from django.db import OperationalError, connection

from games.models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Player
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service
from games.services import keeping, link_codes

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the test database is SQLite in memory: threads cannot hold separate write locks",
    ),
]


def _race(*calls, expected: tuple[type[Exception], ...] = (), wrapper=None):
    """Run ``calls`` at once, each in a thread with its own connection (``wrapper``, if
    given, wraps every query of each thread); any exception not ``expected`` fails."""
    barrier = threading.Barrier(len(calls))
    errors, raised = [], []

    def racer(call):
        try:
            barrier.wait()
            if wrapper is None:
                call()
            else:
                with connection.execute_wrapper(wrapper()):
                    call()
        except expected as error:
            raised.append(error)
        except Exception as error:  # reported below, with the thread's own traceback lost
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return raised


def _player(played: int) -> Player:
    player = Player.objects.create()
    HeartsStats.objects.create(player=player, level="easy", games_played=played, wins=played)
    HeartToHeartStats.objects.create(player=player, games_played=played, games_won=1)
    return player


def test_the_same_merge_four_times_at_once_counts_once():
    target, source = _player(3), _player(5)
    _race(*[lambda: keeping.merge(source_id=source.pk, target=target)] * 4)
    stats = HeartsStats.objects.get(player=target)
    assert (stats.games_played, stats.wins) == (8, 8)
    assert HeartToHeartStats.objects.get(player=target).games_played == 8
    assert Player.objects.count() == 1


def test_two_devices_merging_into_one_player_at_once_add_up_exactly():
    target, phone, tablet = _player(1), _player(10), _player(100)
    _race(lambda: keeping.merge(source_id=phone.pk, target=target),
          lambda: keeping.merge(source_id=tablet.pk, target=target))
    assert HeartsStats.objects.get(player=target).games_played == 111
    assert HeartToHeartStats.objects.get(player=target).games_played == 111
    assert HeartsStats.objects.count() == 1 and Player.objects.count() == 1


def test_two_players_merging_into_each_other_at_once_never_deadlock_nor_double():
    first, second = _player(2), _player(7)
    _race(lambda: keeping.merge(source_id=first.pk, target=second),
          lambda: keeping.merge(source_id=second.pk, target=first))
    assert Player.objects.count() == 1
    survivor = Player.objects.get()
    assert HeartsStats.objects.get(player=survivor).games_played == 9


def test_one_link_code_entered_on_two_devices_at_once_serves_one():
    player = Player.objects.create()
    code = link_codes.make_code(player=player).code
    answers = []
    _race(*[lambda: answers.append(link_codes.redeem(text=code))] * 3)
    assert sorted(str(answer.problem) for answer in answers) == ["None", "used", "used"]


def _both_hold_their_first_player_lock():
    """Per-thread query wrappers that meet after each thread's first ``SELECT ... FOR
    UPDATE`` of a player row: both racers then hold their first lock before either asks
    for its second, so a pair of locks taken in two steps deadlocks every time, not by
    luck. Locks taken in one ordered step never meet there (the second racer waits on the
    first's row), so the first goes on once the meeting is given up."""
    both_locked = threading.Barrier(2)

    def for_one_thread():
        waited = False

        def wrapper(execute, sql, params, many, context):
            nonlocal waited
            result = execute(sql, params, many, context)
            if not waited and "FOR UPDATE" in sql and '"games_player"' in sql:
                waited = True
                # Given up when the other racer waits on this one's lock, as it should.
                with contextlib.suppress(threading.BrokenBarrierError):
                    both_locked.wait(timeout=1)
            return result

        return wrapper

    return for_one_thread


def test_two_devices_signing_in_to_each_others_player_at_once_never_deadlock():
    """Device A (player S) signs in to T while device B (player T) signs in to S. Each
    sign-in locks both rows once, in the order of their ids: one waits for the other,
    then finds its target merged away (``Problem.GONE``, answered as an out-of-date
    page), never PostgreSQL's "deadlock detected" (a 500)."""
    first, second = _player(2), _player(7)
    results = []
    raised = _race(
        lambda: results.append(keeping.sign_in(
            player_id=second.pk, device_player_id=first.pk, old_key=None)),
        lambda: results.append(keeping.sign_in(
            player_id=first.pk, device_player_id=second.pk, old_key=None)),
        expected=(OperationalError,),
        wrapper=_both_hold_their_first_player_lock(),
    )
    assert raised == []
    assert sorted(str(outcome.problem) for outcome in results) == ["None", "gone"]
    assert [outcome.value.merged for outcome in results if outcome.problem is None] == [True]
    survivor = Player.objects.get()
    assert HeartsStats.objects.get(player=survivor).games_played == 9
    assert HeartToHeartStats.objects.get(player=survivor).games_played == 9
    assert survivor.devices.count() == 1 and survivor.kept_since is not None


def test_two_devices_joining_at_once_with_their_choice_join_once_and_keep_the_game_chosen():
    """The same join, with its choice of games, sent from two devices of the same player
    at once (two tabs, a double click): one joins, the other finds its player merged away;
    the game chosen is the one in progress and the statistics are counted once."""
    target, source = _player(1), _player(10)
    kept = h2h_service.start_game(player=source)
    left = h2h_service.start_game(player=target)  # newer: without the choice, it would win
    hearts_service.start_game(player=target)
    asked = keeping.sign_in(player_id=target.pk, device_player_id=source.pk, old_key=None)
    assert asked.problem == keeping.Problem.CHOOSE
    seen = frozenset(game.seen for clash in asked.value for game in clash.games)
    results = []
    _race(*[lambda: results.append(keeping.sign_in(
        player_id=target.pk, device_player_id=source.pk, old_key=None,
        keep={"heart-to-heart": str(kept.pk)}, seen=seen))] * 2)
    assert sorted(str(outcome.problem) for outcome in results) == ["None", "None"]
    assert [outcome.value.merged for outcome in results].count(True) == 1
    assert Player.objects.count() == 1
    assert HeartsStats.objects.get(player=target, level="easy").games_played == 11
    assert h2h_service.current_game(player=target).pk == kept.pk
    assert HeartToHeartGame.objects.filter(player=target).count() == 2
    assert HeartsGame.objects.filter(player=target).count() == 1
    assert left.pk != kept.pk
