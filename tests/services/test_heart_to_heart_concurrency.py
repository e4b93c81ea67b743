"""Two requests racing with the same version: exactly one is applied (row lock + version)."""

import threading

import pytest
from django.db import connection

from games.models import HeartToHeartGame, Player
from games.services import heart_to_heart as service

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the test database is SQLite in memory: threads cannot hold separate write locks",
)
def test_racing_taps_with_one_version_apply_once():
    player = Player.objects.create()
    game = service.start_game(player=player)
    barrier = threading.Barrier(4)
    answers = []

    def racer():
        try:
            barrier.wait()
            answers.append(service.tap(
                game_id=game.pk, player_id=player.pk, target="stock", version=game.version
            ))
        finally:
            connection.close()  # each thread has its own connection; let teardown drop the DB

    threads = [threading.Thread(target=racer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    problems = sorted(str(answer.problem) for answer in answers)
    assert problems == ["None", "stale", "stale", "stale"]
    game = HeartToHeartGame.objects.get(pk=game.pk)
    assert game.moves == 1
    assert game.version == 2
