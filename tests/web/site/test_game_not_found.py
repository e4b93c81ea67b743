"""A game's address that is not the visitor's answers a real page: still a 404,
never the game, one wording whether the game is someone else's or not there at all, and
a game of the visitor's own offered instead (games/views/game_pages.py,
game_not_found_page)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from games.engine import hearts as hearts_engine
from tests.web.heart_to_heart import helpers as h2h
from tests.web.hearts import helpers as hearts

pytestmark = pytest.mark.django_db

NOBODYS = uuid.UUID("00000000-0000-4000-8000-000000000000")
WORDS = {
    "en": ("No game of yours here", "This address leads to none of your games.",
           "Play Hearts", "Play Heart to Heart"),
    "fr": ("Aucune partie à vous ici", "Cette adresse ne mène à aucune de vos parties.",
           "Jouer à Hearts", "Jouer à Heart to Heart"),
    "nb": ("Ingen av spillene dine er her", "Denne adressen fører ikke til noen av spillene dine.",
           "Spill Hjerter", "Spill Heart to Heart"),
}


def _page(response) -> str:
    assert response.status_code == 404
    html = response.content.decode()
    assert 'data-error="404"' in html and 'data-message="game-not-found"' in html
    return html


def _without_tokens(html: str) -> str:
    """The page with its visitor's CSRF tokens taken out (base.html's hx-headers, the
    header's forms)."""
    html = re.sub(r'"x-csrftoken": "[^"]*"', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def _without_the_address(html: str, path: str) -> str:
    """The page less the address the visitor asked for, which the site's header may echo
    back (a link that returns here): what is left is what the page says of its own."""
    return html.replace(path, "ADDRESS")


def _offers(html: str) -> dict[str, str]:
    return dict(
        (offer, href) for href, offer in
        re.findall(r'<a [^>]*href="([^"]+)"[^>]*data-offer="([^"]+)"', html)
    )


def _hearts_game_of_someone_else():
    owner = Client()
    game = hearts.start(owner)
    return game, hearts.hand_of(game)


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_another_visitors_hearts_game_is_a_404_page_that_offers_games_of_ones_own(language):
    game, hand = _hearts_game_of_someone_else()
    stranger = Client(headers={"Accept-Language": language})
    html = _without_the_address(_page(stranger.get(hearts.url(game))), hearts.url(game))
    heading, explanation, play_hearts, play_h2h = WORDS[language]
    assert f'<html lang="{language}"' in html
    assert heading in html and explanation in html
    assert play_hearts in html and play_h2h in html
    assert _offers(html) == {"hearts": "/hearts/", "heart-to-heart": "/heart-to-heart/"}
    assert 'href="/"' in html  # and home
    # Nothing of the game: not its address, not a card of its hand, no table at all.
    assert str(game.pk) not in html
    assert "data-card" not in html and 'id="table"' not in html
    for card in hand:
        assert not re.search(rf"\b{re.escape(card)}\b", html), card


def test_someone_elses_game_and_no_game_at_all_read_the_same():
    game, _hand = _hearts_game_of_someone_else()
    stranger = Client()
    seen = {}
    for path in (hearts.url(game), f"/hearts/game/{NOBODYS}/", f"/heart-to-heart/game/{NOBODYS}/"):
        seen[path] = _without_tokens(_without_the_address(_page(stranger.get(path)), path))
    assert len(set(seen.values())) == 1


def test_the_visitors_own_games_in_progress_are_offered_to_resume():
    game, _hand = _hearts_game_of_someone_else()
    visitor = Client()
    own_hearts = hearts.start(visitor)
    html = _page(visitor.get(hearts.url(game)))
    assert _offers(html) == {"hearts": hearts.url(own_hearts), "heart-to-heart": "/heart-to-heart/"}
    assert "Resume your Hearts game" in html
    own_h2h = h2h.start(visitor)
    h2h.tap(visitor, own_h2h, "stock")
    html = _page(visitor.get(hearts.url(game)))
    assert _offers(html) == {
        "hearts": hearts.url(own_hearts), "heart-to-heart": f"/heart-to-heart/game/{own_h2h.pk}/",
    }
    assert "Resume your Heart to Heart game" in html
    assert str(game.pk) not in _without_the_address(html, hearts.url(game))


def test_a_finished_hearts_game_is_not_offered_to_resume():
    game, _hand = _hearts_game_of_someone_else()
    visitor = Client()
    own = hearts.start(visitor)
    own.phase = hearts_engine.Phase.GAME_OVER  # what current_game reads
    own.save(update_fields=["phase"])
    assert _offers(_page(visitor.get(hearts.url(game))))["hearts"] == "/hearts/"


def test_every_action_on_someone_elses_game_answers_the_page():
    game, hand = _hearts_game_of_someone_else()
    stranger = Client()
    stranger.get("/hearts/")
    _page(stranger.post(hearts.url(game), {"choose": hand[0], "version": game.version}))
    _page(stranger.post(f"{hearts.url(game)}advance/", {"version": game.version}))
    # With htmx the page replaces the body: a board or a table has nothing to show.
    response = stranger.post(hearts.url(game), {"choose": hand[0], "version": game.version},
                             headers=hearts.HX)
    _page(response)
    assert response["HX-Retarget"] == "body" and response["HX-Reswap"] == "innerHTML"
    owner = Client()
    h2h_game = h2h.start(owner)
    h2h.tap(owner, h2h_game, "stock")
    _page(stranger.post(f"/heart-to-heart/game/{h2h_game.pk}/restart/"))
    _page(stranger.post(f"/heart-to-heart/game/{h2h_game.pk}/", {"target": "25", "version": 2}))


def test_an_address_that_is_not_a_game_keeps_the_plain_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert 'data-message="game-not-found"' not in response.content.decode()
