"""One table answers every Hearts refusal: its HTTP status and the player's words."""

import pytest
from django.utils import translation

from games.engine.hearts import Refusal
from games.services import Answer
from games.services import hearts as service
from games.views.hearts.refusals import REFUSALS, refusal_answer
from games.views.refusal_answers import UNKNOWN_REFUSAL
from tests.web.hearts.helpers import act, start, state


def test_every_refusal_has_one_entry():
    assert set(REFUSALS) == set(Refusal)


def test_the_table_moving_on_is_a_conflict_and_everything_else_a_bad_request():
    conflicts = {code for code, answer in REFUSALS.items() if answer.status == 409}
    assert conflicts == {Refusal.STALE, Refusal.NOTHING_DUE}
    assert {answer.status for answer in REFUSALS.values()} == {400, 409}


@pytest.mark.parametrize("code", list(Refusal))
def test_every_refusal_is_said_in_the_visitors_language(code):
    english = str(refusal_answer(code).message)
    with translation.override("fr"):
        french = str(refusal_answer(code).message)
    with translation.override("nb"):
        norwegian = str(refusal_answer(code).message)
    assert english and french != english and norwegian != english


@pytest.mark.parametrize("code", ["made-up", "", None, 42, ("stale",)])
def test_an_unknown_refusal_answers_400_with_general_words(code):
    assert refusal_answer(code) == UNKNOWN_REFUSAL
    assert UNKNOWN_REFUSAL.status == 400


def test_a_refusal_is_found_by_its_plain_text_too():
    assert refusal_answer("stale") == REFUSALS[Refusal.STALE]


@pytest.mark.django_db
def test_an_unknown_refusal_from_the_service_is_never_a_server_error(client, monkeypatch):
    game = start(client)

    def refuse(*, game_id, player_id, card, chosen, version):
        found = type(game).objects.get(pk=game_id)
        return Answer(found, state(found), problem="made-up")

    monkeypatch.setattr(service, "choose", refuse)
    response = act(client, game, choose="QS")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-problem="made-up"' in html and "That move is not possible." in html
