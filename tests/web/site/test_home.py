import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_lists_both_games(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-game="heart-to-heart"' in html
    assert 'data-game="hearts"' in html


def test_home_serves_htmx_from_our_own_static_files(client):
    html = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in html
    assert "unpkg.com" not in html
    assert "cdn" not in html.lower()


def test_home_sends_the_csrf_token_as_an_htmx_header(client):
    html = client.get("/").content.decode()
    assert "hx-headers='{\"x-csrftoken\": \"" in html


@pytest.mark.parametrize(
    ("accept", "lang", "phrase"),
    [
        ("fr-FR,fr;q=0.9", "fr", "Deux jeux de cartes"),
        ("nb-NO,nb;q=0.9", "nb", "To kortspill"),
        ("de-DE", "en", "Two card games"),
    ],
)
def test_home_language_follows_accept_language(client, accept, lang, phrase):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f'<html lang="{lang}">' in html
    assert phrase in html


def test_language_switch_sets_the_language_for_later_pages(client):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert '<html lang="fr">' in client.get("/").content.decode()


def test_home_does_not_create_a_player(client):
    from games.models import Player

    client.get("/")
    assert Player.objects.count() == 0
