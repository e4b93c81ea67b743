"""Heart to Heart input through Django forms: the deal-code box, the settings, ``next``."""

import re
import uuid

import pytest
from django.test import Client
from django.utils import translation

from games.engine.heart_to_heart import EXAMPLE_CODE, CodeProblem, DealCode, parse_code
from games.forms import CODE_PROBLEMS, DealCodeForm, HeartToHeartSettingsForm, local_path
from games.models import Player
from games.services import heart_to_heart as service
from tests.web.heart_to_heart.helpers import start

# One text per problem, as the engine reads it.
BAD_CODES = {
    CodeProblem.EMPTY: "  ",
    CodeProblem.PREFIX: "XX1-N-AAAAAAM",
    CodeProblem.VERSION: "HH2-N-AAAAAAM",
    CodeProblem.FORMAT: "HH1-N",
    CodeProblem.CLASS: "HH1-Q-AAAAAAM",
    CodeProblem.LETTERS: "HH1-N-AAAA1AM",
    CodeProblem.LENGTH: "HH1-N-AAAA",
}


# --- The deal-code box ------------------------------------------------------------------


def test_every_code_problem_has_words():
    assert set(CODE_PROBLEMS) == set(CodeProblem)
    assert set(BAD_CODES) == set(CodeProblem)


@pytest.mark.parametrize("problem", list(CodeProblem))
def test_the_form_reports_the_engines_problem(problem):
    text = BAD_CODES[problem]
    with pytest.raises(ValueError) as refused:
        parse_code(text)
    assert refused.value.code == problem
    form = DealCodeForm({"code": text})
    assert not form.is_valid()
    assert form.errors.as_data()["code"][0].code == problem.value
    (message,) = form.errors["code"]
    assert "%(" not in message


def test_the_form_gives_the_engines_deal_code():
    form = DealCodeForm({"code": "  hh1-w-aaaaaab "})
    assert form.is_valid()
    assert form.cleaned_data["code"] == DealCode("W", 1)


def test_the_length_problem_counts_the_letters():
    form = DealCodeForm({"code": "HH1-N-AAAA"})
    assert form.errors["code"] == ["The last part of a deal code has 7 letters, not 4."]
    empty = DealCodeForm({"code": ""})
    assert empty.errors["code"] == [f"Enter a deal code such as {EXAMPLE_CODE}."]


@pytest.mark.parametrize("language", ["fr", "nb"])
@pytest.mark.parametrize("problem", list(CodeProblem))
def test_every_code_problem_is_said_in_the_visitors_language(problem, language):
    english = DealCodeForm({"code": BAD_CODES[problem]}).errors["code"][0]
    with translation.override(language):
        said = DealCodeForm({"code": BAD_CODES[problem]}).errors["code"][0]
    assert said not in ("", english)
    assert "%(" not in said


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", [{}, {"code": ""}, {"code": "hello"}, {"code": "HH1-N-" + "A" * 5000}]
)
def test_the_open_box_refuses_any_bad_text_with_the_page(client, query):
    response = client.get("/heart-to-heart/open/", query, HTTP_ACCEPT_LANGUAGE="fr")
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-message="bad-code"' in html and 'data-error="400"' in html
    assert 'id="deal-code"' in html and 'aria-invalid="true"' in html
    assert '<html lang="fr">' in html
    assert Player.objects.count() == 0  # a refused code makes no player


@pytest.mark.django_db
def test_the_bad_code_page_offers_the_text_again(client):
    html = client.get("/heart-to-heart/HH1-Q-AAAAAAM/").content.decode()
    assert 'value="HH1-Q-AAAAAAM"' in html
    assert "The deal class (after the first dash) must be N (any deal)" in html


# --- next -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("/heart-to-heart/game/0b7e6f5c-4d1a-4c2e-9a53-0d3c8f1e2a4b/", True),
        ("/hearts/?from=settings", True),
        ("/", True),
        ("/heart-to-heart/game/x/", False),  # not a page of ours: no route matches
        ("/AH", False),
        ("/hearts/game/", False),
        ("/" + "a" * 3000, False),
        ("AH", False),
        ("", False),
        ("//evil.example", False),
        ("///evil.example", False),
        ("/\\evil.example", False),
        ("https://evil.example", False),
        ("javascript:alert(1)", False),
        ("\x01/x", False),
    ],
)
def test_local_path_keeps_only_paths_on_this_site(text, kept):
    assert local_path(text) == (text if kept else "")


def _post_settings(client, **data):
    return client.post("/heart-to-heart/settings/", data)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "target", ["AH", "//evil.example", "https://evil.example", "/\\evil.example", "h2h:game"]
)
def test_settings_never_redirect_to_anything_but_a_local_path(client, target):
    response = _post_settings(client, next=target, h2h_move_errors="on")
    assert response.status_code == 302
    assert response["Location"] == "/heart-to-heart/"
    assert Player.objects.get().h2h_move_errors


@pytest.mark.django_db
@pytest.mark.parametrize("target", ["AH", "/AH", "//evil.example", ""])
def test_settings_with_a_bad_next_go_back_to_the_game(client, target):
    game = start(client)
    response = _post_settings(client, next=target, game=str(game.pk), h2h_move_errors="on")
    assert response.status_code == 302
    assert response["Location"] == f"/heart-to-heart/game/{game.pk}/"


@pytest.mark.django_db
def test_settings_redirect_to_a_good_local_path(client):
    response = _post_settings(client, next="/heart-to-heart/rules/?from=settings")
    assert response.status_code == 302
    assert response["Location"] == "/heart-to-heart/rules/?from=settings"


# --- The settings -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_settings_form_is_the_players_three_settings(client):
    form = HeartToHeartSettingsForm(instance=Player())
    assert list(form.fields) == [*service.SETTINGS, "game", "next"]
    html = client.get(f"/heart-to-heart/game/{start(client).pk}/").content.decode()
    hooks = re.findall(r'<input type="checkbox" name="(\w+)" data-setting="([\w-]+)"', html)
    assert hooks == list(zip(service.SETTINGS, ["winnable-only", "move-errors", "placement-help"],
                             strict=True))


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["garbage", "1", "' OR 1=1 --", "0" * 100])
def test_a_garbled_game_id_answers_the_panel_with_its_error_never_a_500(client, game):
    start(client)
    response = client.post(
        "/heart-to-heart/settings/", {"game": game, "h2h_winnable_only": "on"},
        headers={"HX-Request": "true"}, HTTP_ACCEPT_LANGUAGE="fr",
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#h2h-settings"
    assert response["HX-Reswap"] == "outerHTML"
    assert html.lstrip().startswith('<section id="h2h-settings"')
    assert 'data-message="settings-not-saved"' in html
    assert "Les réglages n’ont pas été enregistrés." in html
    assert "Saisissez un UUID valide." in html
    assert 'data-setting="winnable-only"' in html
    assert not Player.objects.get().h2h_winnable_only  # nothing saved


@pytest.mark.django_db
def test_a_garbled_game_id_without_javascript_answers_a_page_with_the_panel(client):
    start(client)
    response = client.post(
        "/heart-to-heart/settings/", {"game": "garbage", "h2h_move_errors": "on"},
        HTTP_ACCEPT_LANGUAGE="nb",
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert '<html lang="nb">' in html
    assert 'data-message="settings-not-saved"' in html
    assert "Innstillingene ble ikke lagret." in html
    assert 'data-setting="move-errors"' in html and 'id="h2h-settings"' in html
    assert not Player.objects.get().h2h_move_errors


@pytest.mark.django_db
def test_a_game_that_is_not_the_visitors_is_not_drawn(client):
    mine = start(client)
    stranger = Client()
    for game_id in (mine.pk, uuid.uuid4()):
        response = stranger.post(
            "/heart-to-heart/settings/", {"game": str(game_id), "h2h_move_errors": "on"},
            headers={"HX-Request": "true"},
        )
        # No board of someone else's game: htmx is told to draw the page it is on again.
        assert response.status_code == 200
        assert response["HX-Refresh"] == "true"
        assert b"board" not in response.content
    mine.player.refresh_from_db()
    assert not mine.player.h2h_move_errors


@pytest.mark.django_db
def test_the_service_saves_the_cleaned_settings():
    player = Player.objects.create()
    service.update_settings(
        player=player,
        cleaned_data={"h2h_winnable_only": True, "h2h_move_errors": True,
                      "h2h_placement_help": False, "game": None, "next": ""},
    )
    player.refresh_from_db()
    assert (player.h2h_winnable_only, player.h2h_move_errors, player.h2h_placement_help) == (
        True, True, False)
