"""The refusal table: every reason the engine can give has a status and words, in every language."""

import pytest
from django.utils import translation

from games.engine.heart_to_heart import Refusal
from games.services import Answer
from games.services import heart_to_heart as service
from games.views.heart_to_heart.refusals import REFUSALS, refusal_answer
from tests.web.heart_to_heart.helpers import start, state, tap


def test_every_refusal_has_a_row():
    assert set(REFUSALS) == set(Refusal)


def test_statuses_are_as_before():
    # 409: the request came too late (the game moved on, or is over); 400: it makes no sense.
    assert {refusal: refusal_answer(refusal).status for refusal in Refusal} == {
        Refusal.STALE: 409,
        Refusal.REPLACED: 409,
        Refusal.FINISHED: 409,
        Refusal.NOTHING_TO_UNDO: 409,
        Refusal.UNKNOWN_TARGET: 400,
        Refusal.BAD_DEAL: 400,
        Refusal.BAD_SAVE: 400,
    }


@pytest.mark.parametrize("language", ["fr", "nb"])
@pytest.mark.parametrize("refusal", list(Refusal))
def test_every_refusal_is_said_in_the_visitors_language(refusal, language):
    english = str(refusal_answer(refusal).message)
    with translation.override(language):
        assert str(refusal_answer(refusal).message) not in ("", english)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("refusal", list(Refusal))
def test_every_refusal_answers_the_board_with_its_status_never_a_500(
    client, monkeypatch, refusal, htmx
):
    game = start(client)
    current = state(game)

    def refused(*, game_id, player_id, target, version, code=None, token=""):
        found = service.find_game(game_id=game_id, player=game.player)
        return Answer(found, current, problem=refusal)

    monkeypatch.setattr(service, "tap", refused)
    response = tap(client, game, 25, htmx=htmx)
    html = response.content.decode()
    assert response.status_code == refusal_answer(refusal).status
    assert f'data-problem="{refusal}"' in html
    assert str(refusal_answer(refusal).message) in html.replace("&#x27;", "'")
    assert 'id="board"' in html
