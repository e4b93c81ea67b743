"""No bare 405: a GET of an address that only acts goes to the page it belongs to, and any
other refused method gets a styled page in the visitor's language."""

import pytest

from tests.web.heart_to_heart.helpers import start as start_h2h
from tests.web.hearts.helpers import start as start_hearts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("address", "page"), [
    ("/hearts/new/", "/hearts/"),
    ("/hearts/options/", "/hearts/"),
    ("/heart-to-heart/settings/", "/heart-to-heart/"),
])
@pytest.mark.parametrize("method", ["get", "head"])
def test_a_get_of_an_address_that_only_acts_goes_to_its_page(client, address, page, method):
    response = getattr(client, method)(address)
    assert response.status_code == 302
    assert response["Location"] == page


def test_a_reload_of_a_restart_or_a_computer_step_goes_back_to_the_game(client):
    h2h = start_h2h(client)
    response = client.get(f"/heart-to-heart/game/{h2h.pk}/restart/")
    assert (response.status_code, response["Location"]) == (302, f"/heart-to-heart/game/{h2h.pk}/")
    hearts = start_hearts(client)
    response = client.get(f"/hearts/game/{hearts.pk}/advance/")
    assert (response.status_code, response["Location"]) == (302, f"/hearts/game/{hearts.pk}/")


def test_a_reload_saves_nothing(client):
    game = start_hearts(client)
    game.refresh_from_db()
    version = game.version
    client.get(f"/hearts/game/{game.pk}/advance/")
    client.get("/hearts/new/")
    game.refresh_from_db()
    assert game.version == version
    assert type(game).objects.count() == 1


@pytest.mark.parametrize(("language", "words"), [
    ("en", "This page cannot do that"),
    ("fr", "Cette page ne fait pas cela"),
    ("nb", "Denne siden kan ikke gjøre det"),
])
def test_another_method_gets_a_styled_page_in_the_visitors_language(client, language, words):
    response = client.put("/hearts/new/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    html = response.content.decode()
    assert words in html and 'data-error="405"' in html


def test_a_post_to_a_page_that_only_shows_gets_the_styled_page_too(client):
    response = client.post("/heart-to-heart/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 405
    assert "GET" in response["Allow"]
    assert "Cette page ne fait pas cela" in response.content.decode()
