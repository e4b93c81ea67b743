"""The address bar can be shared: a game's address opened by anyone but its owner shows
that game's deal, fresh, and says it is a shared deal; the owner resumes the game there.
And two identical first taps at once, without JavaScript, both land on the game."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import HeartToHeartGame, Player
from games.services import heart_to_heart as service
from tests.web.heart_to_heart.helpers import start, state, tap

pytestmark = pytest.mark.django_db


def _fresh_page_form(client, code=EXAMPLE_CODE) -> tuple[str, dict]:
    """The game id a fresh deal's page was drawn under, and what its first tap posts."""
    html = client.get(f"/heart-to-heart/{code}/").content.decode()
    game_id = re.search(r'action="/heart-to-heart/game/([0-9a-f-]{36})/"', html)[1]
    token = re.search(r'name="first_tap" value="([^"]+)"', html)[1]
    return game_id, {"target": "stock", "version": "1", "code": code, "first_tap": token}


def test_a_games_address_opened_by_someone_else_shows_its_deal_fresh(client):
    game = start(client)
    tap(client, game, "stock")
    tap(client, game, 25)
    friend = Client()
    response = friend.get(f"/heart-to-heart/game/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-message="shared-deal"' in html and "A shared deal" in html
    assert f'data-stat="code" href="/heart-to-heart/{EXAMPLE_CODE}/"' in html
    assert re.search(r'data-stat="moves">0<', html)  # fresh: not the owner's moves
    # The friend's first tap makes a game of their own, under another id.
    assert f'action="/heart-to-heart/game/{game.pk}/"' not in html
    assert HeartToHeartGame.objects.count() == 1 and Player.objects.count() == 1  # saved nothing
    assert "player" not in response.cookies


def test_the_owner_still_resumes_the_game_at_its_address(client):
    game = start(client)
    tap(client, game, "stock")
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-message="shared-deal"' not in html
    assert re.search(r'data-stat="moves">1<', html)


@pytest.mark.parametrize(("language", "words"), [
    ("fr", "Une donne partagée"), ("nb", "En delt utdeling"),
])
def test_the_shared_deal_line_is_translated(client, language, words):
    game = start(client)
    html = Client().get(f"/heart-to-heart/game/{game.pk}/",
                        HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in html


def test_a_shared_deals_first_tap_begins_a_game_of_the_friend_with_the_same_deal(client):
    game = start(client)
    tap(client, game, "stock")
    friend = Client()
    html = friend.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    new_id = re.search(r'action="/heart-to-heart/game/([0-9a-f-]{36})/"', html)[1]
    token = re.search(r'name="first_tap" value="([^"]+)"', html)[1]
    response = friend.post(f"/heart-to-heart/game/{new_id}/", {
        "target": "stock", "version": "1", "code": EXAMPLE_CODE, "first_tap": token})
    assert response.status_code == 302 and response["Location"] == f"/heart-to-heart/game/{new_id}/"
    theirs = HeartToHeartGame.objects.get(pk=new_id)
    assert theirs.deal_code == EXAMPLE_CODE and theirs.player_id != game.player_id
    assert state(game).moves == 1  # the owner's game is untouched


def test_a_games_address_with_no_game_is_still_404(client):
    nobody = "/heart-to-heart/game/00000000-0000-0000-0000-000000000000/"
    assert client.get(nobody).status_code == 404


def test_two_identical_first_taps_without_javascript_both_land_on_the_game():
    """A double click on a fresh deal: the second request leaves before the first's answer
    sets the player's cookie, so it names no player."""
    first, second = Client(), Client()
    game_id, form = _fresh_page_form(first)
    one = first.post(f"/heart-to-heart/game/{game_id}/", form)
    two = second.post(f"/heart-to-heart/game/{game_id}/", form)
    for response in (one, two):
        assert response.status_code == 302
        assert response["Location"] == f"/heart-to-heart/game/{game_id}/"
        assert "player" in response.cookies  # each answer names the game's owner
    game = HeartToHeartGame.objects.get(pk=game_id)
    assert (game.moves, game.version) == (1, 2)  # one move applied
    assert Player.objects.count() == 1
    page = second.get(f"/heart-to-heart/game/{game_id}/").content.decode()
    assert 'data-message="shared-deal"' not in page  # the game itself, not a shared deal
    assert re.search(r'data-stat="moves">1<', page)


def test_a_first_tap_copied_without_the_page_that_drew_it_is_another_visitors(client):
    game_id, form = _fresh_page_form(client)
    client.post(f"/heart-to-heart/game/{game_id}/", form)
    forged = {**form, "first_tap": f"{game_id}:forged"}
    assert Client().post(f"/heart-to-heart/game/{game_id}/", forged).status_code == 404
    assert Client().post(f"/heart-to-heart/game/{game_id}/",
                         {**form, "first_tap": ""}).status_code == 404


def test_the_twin_of_a_first_tap_counts_only_before_any_other_move_and_only_briefly(client):
    game_id, form = _fresh_page_form(client)
    client.post(f"/heart-to-heart/game/{game_id}/", form)
    game = HeartToHeartGame.objects.get(pk=game_id)
    old = timezone.now() - timedelta(seconds=service.TWIN_SECONDS + 1)
    HeartToHeartGame.objects.filter(pk=game_id).update(created_at=old)
    assert Client().post(f"/heart-to-heart/game/{game_id}/", form).status_code == 404
    HeartToHeartGame.objects.filter(pk=game_id).update(created_at=timezone.now())
    tap(client, game, "stock")  # the owner's second move
    assert Client().post(f"/heart-to-heart/game/{game_id}/", form).status_code == 404
