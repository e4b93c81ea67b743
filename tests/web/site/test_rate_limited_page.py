"""The page nginx shows a client past its limits: 429, translated, the same for everyone.

nginx (deploy/nginx/cardsite.conf.template) sends a limited request to
``/too-many-requests/`` as a GET with the visitor's language in ``Accept-Language`` and no
cookie, and keeps the answer a minute per language; the flood test
(tests/live/test_limits.py) runs that for real. Here: the page itself, and that the app on
its own never answers 429 to a player, however fast.
"""

from __future__ import annotations

import json
import re

import pytest

from cardsite.rate_limited import RETRY_AFTER_SECONDS
from tests.web.heart_to_heart.helpers import start

HEADING = {
    "en": "A little slower, please",
    "fr": "Un peu moins vite, s’il vous plaît",
    "nb": "Litt saktere, takk",
}
TITLE = {"en": "Too many requests", "fr": "Trop de requêtes", "nb": "For mange forespørsler"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_the_429_page_speaks_the_language_nginx_passes_on(client, language,
                                                          django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/too-many-requests/", headers={"Accept-Language": language})
    assert response.status_code == 429
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert 'data-error="429"' in html
    assert HEADING[language] in html
    assert f"<title>{TITLE[language]} · cardsite</title>" in html
    assert 'href="/"' in html  # back to the games


@pytest.mark.django_db
def test_the_429_page_is_the_same_for_everyone_so_nginx_may_keep_it(client):
    """No cookie set, no CSRF token, no form: one copy serves every limited visitor of
    a language. Browsers are told not to keep it (nginx ignores that for its own copy)."""
    first = client.get("/too-many-requests/", headers={"Accept-Language": "fr"})
    second = client.get("/too-many-requests/", headers={"Accept-Language": "fr"})
    assert first.content == second.content
    assert not first.cookies
    html = first.content.decode()
    assert "<form" not in html  # the language switch is left out: it would need a token
    assert "csrfmiddlewaretoken" not in html
    assert '"x-csrftoken": ""' in html
    assert "no-store" in first["Cache-Control"]


@pytest.mark.django_db
def test_the_429_page_reads_no_visitor(client):
    """nginx strips the cookie; even with one, the page is the same and says nothing of
    the player."""
    game = start(client)
    assert client.cookies  # a player now
    response = client.get("/too-many-requests/")
    assert response.status_code == 429
    assert str(game.pk) not in response.content.decode()


@pytest.mark.django_db
def test_the_429_page_answers_only_get_and_head(client):
    assert client.head("/too-many-requests/").status_code == 429
    assert client.post("/too-many-requests/").status_code == 405


def test_htmx_swaps_the_429_page_in_whole_as_it_does_the_503_page(client):
    """A tap nginx turned away shows the page rather than nothing."""
    html = client.get("/too-many-requests/").content.decode()
    config = json.loads(re.search(r'name="htmx-config" content=\'([^\']+)\'', html).group(1))
    rules = {rule["code"]: rule for rule in config["responseHandling"]}
    assert rules["429"] == {**rules["503"], "code": "429"}
    assert rules["429"]["swap"] is True and rules["429"]["target"] == "body"
    codes = [rule["code"] for rule in config["responseHandling"]]
    assert codes.index("429") < codes.index("...")


@pytest.mark.django_db
def test_the_app_itself_never_answers_429_to_a_player_however_fast(client):
    """Limits are nginx's alone: eighty presses (the stock turned, then undone, forty
    times) with no pause at all, from one client address, get no 429 from the app."""
    game = start(client)
    presses = [{"target": "stock"}, {"action": "undo"}] * 40
    statuses = []
    version = game.version
    for press in presses:
        response = client.post(f"/heart-to-heart/game/{game.pk}/",
                               {**press, "version": version}, headers={"HX-Request": "true"})
        statuses.append(response.status_code)
        version = int(re.search(r'data-version="(\d+)"', response.content.decode()).group(1))
    assert set(statuses) == {200}, statuses
    assert version == game.version + len(presses)  # every press applied
