"""Hearts options go through a Django form: refused input re-renders the page with the
field's errors (400, in the visitor's language), and ``next`` only ever leads to a path
on this site."""

import re

import pytest

from games.models import Player
from tests.web.hearts.helpers import HX, start, url

pytestmark = pytest.mark.django_db

GOOD = {"level": "hard", "target": "75", "pass_order": "LARN", "tie_rule": "last-deal",
        "score_display": "countdown"}
BAD_LEVEL = {**GOOD, "level": "shooter"}


def test_the_panel_shows_the_players_options_selected(client):
    game = start(client)
    client.post("/hearts/options/", {**GOOD, "next": url(game)})
    html = client.get(url(game)).content.decode()
    for name, value in GOOD.items():
        select = re.search(rf'<select name="{name}".*?</select>', html, re.S).group(0)
        assert re.findall(r'<option value="([^"]+)" selected>', select) == [value]


def test_a_refused_option_re_renders_the_page_with_the_fields_error(client):
    game = start(client)
    response = client.post("/hearts/options/", {**BAD_LEVEL, "next": url(game)})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="table"' in html and f'action="/hearts/game/{game.pk}/"' in html
    assert re.search(r'<select name="level"[^>]*aria-invalid="true"', html)
    assert 'class="field-error" id="id_level_error"' in html and "shooter" in html
    assert not re.search(r'<select name="target"[^>]*aria-invalid', html)
    # The form keeps where it was going, not the options URL it was posted to.
    assert f'name="next" value="{url(game)}"' in html
    assert Player.objects.get().hearts_level == "medium"


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "Sélectionnez un choix valide"), ("nb", "Velg et gyldig valg")],
)
def test_the_errors_are_in_the_visitors_language(client, language, words):
    game = start(client)
    response = client.post(
        "/hearts/options/", {**BAD_LEVEL, "next": url(game)}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    assert words in response.content.decode()


def test_with_htmx_a_refused_option_answers_the_options_panel(client):
    start(client)
    response = client.post("/hearts/options/", {**GOOD, "target": "50"}, headers=HX)
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="hearts-options"')
    assert "<html" not in html and 'id="table"' not in html
    assert re.search(r'<select name="target"[^>]*aria-invalid="true"', html)


def test_a_visitor_without_a_game_gets_the_panel_alone_not_an_error_page(client):
    response = client.post("/hearts/options/", {**GOOD, "tie_rule": "coin"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="hearts-options"' in html and 'id="table"' not in html
    assert re.search(r'<select name="tie_rule"[^>]*aria-invalid="true"', html)


def test_missing_fields_are_refused_too(client):
    start(client)
    response = client.post("/hearts/options/", {})
    assert response.status_code == 400
    assert response.content.decode().count('class="field-error"') == 4


# --- Where the form sends the visitor next -------------------------------------------------


@pytest.mark.parametrize(
    "next_url",
    ["AH", "hearts:play", "//evil.example", "https://evil.example", "http://evil.example/hearts/",
     "/\\evil.example", "///evil.example", "", "javascript:alert(1)", "/AH", "/hearts/nope/"],
)
def test_next_goes_nowhere_but_a_local_path(client, next_url):
    start(client)
    response = client.post("/hearts/options/", {**GOOD, "next": next_url})
    assert response.status_code == 302
    assert response["Location"] == "/hearts/"


@pytest.mark.parametrize("next_url", ["/hearts/", "/hearts/help/", "GAME"])
def test_next_leads_back_to_a_local_path(client, next_url):
    game = start(client)
    wanted = url(game) if next_url == "GAME" else next_url
    response = client.post("/hearts/options/", {**GOOD, "next": wanted})
    assert response.status_code == 302
    assert response["Location"] == wanted
