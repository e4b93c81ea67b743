"""Two requests racing with the same version: exactly one is applied (row lock + version)."""

import threading
import uuid

import pytest
from django.db import connection

from games.engine.heart_to_heart import EXAMPLE_CODE, parse_code
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


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the test database is SQLite in memory: threads cannot hold separate write locks",
)
def test_two_identical_first_taps_at_once_both_land_on_the_game():
    """Without JavaScript, a double click on a fresh deal sends its first tap twice, the
    second before the first's answer could name the new player."""
    game_id = uuid.uuid4()
    code = parse_code(EXAMPLE_CODE)
    token = service.first_tap_token(game_id=game_id)
    barrier = threading.Barrier(2)
    answers = []

    def racer():
        try:
            barrier.wait()
            answers.append(service.tap(
                game_id=game_id, player_id=None, target="stock", version=1, code=code,
                token=token,
            ))
        finally:
            connection.close()

    threads = [threading.Thread(target=racer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    game = HeartToHeartGame.objects.get(pk=game_id)
    assert (game.moves, game.version) == (1, 2)
    assert [answer.game.player_id for answer in answers] == [game.player_id] * 2
    assert Player.objects.count() == 1  # the second request's player was rolled back
