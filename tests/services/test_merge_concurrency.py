"""Merges racing each other never double a figure, nor does one link code serve twice
(issue 32, points 3 and 4).

As tests/services/test_heart_to_heart_concurrency.py: real threads with their own
connections, so only on a database where they can hold separate locks (PostgreSQL in
`make test-postgres`); the SQLite test database is in memory.
"""

import threading

import pytest
from django.db import connection

from games.models import HeartsStats, HeartToHeartStats, Player
from games.services import keeping, link_codes

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="the test database is SQLite in memory: threads cannot hold separate write locks",
    ),
]


def _race(*calls):
    barrier = threading.Barrier(len(calls))
    errors = []

    def racer(call):
        try:
            barrier.wait()
            call()
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
