"""Cards and table (docs/rules.md#look): a plain form that saves the look on the player and in a
cookie, and every page drawn in it from the first paint (games/look.py)."""

from __future__ import annotations

import re

import pytest

from games import look as looks
from games.models import Player

pytestmark = pytest.mark.django_db

PAGES = ["/", "/heart-to-heart/", "/hearts/", "/hearts/help/", "/heart-to-heart/rules/", "/look/"]
CHOICE = {"look_table": "dark", "look_print": "large", "look_colours": "four",
          "look_back": "blue"}


def _html_look(html: str) -> dict:
    tag = re.search(r"<body [^>]*>", html).group(0)
    return dict(re.findall(r'data-(table|print|colours|back)="([^"]*)"', tag))


def test_a_visitor_who_has_not_chosen_follows_the_device():
    assert looks.DEFAULT.table == "system"


def test_the_page_shows_the_choices_and_a_get_writes_nothing(client):
    answer = client.get("/look/")
    assert answer.status_code == 200
    html = answer.content.decode()
    for field in CHOICE:
        assert f'data-look-field="{field}"' in html
    assert 'name="look_table" value="system"' in html and "checked" in html
    assert Player.objects.count() == 0
    assert set(answer.cookies) <= {"csrftoken"}  # the form's token; nothing names a visitor


def test_saving_a_look_keeps_it_on_the_player_and_every_page_wears_it(client):
    answer = client.post("/look/", {**CHOICE, "next": "/hearts/help/"})
    assert answer.status_code == 302 and answer["Location"] == "/hearts/help/"
    player = Player.objects.get()
    assert (player.look_table, player.look_print, player.look_colours, player.look_back) == (
        "dark", "large", "four", "blue")
    assert answer.cookies[looks.COOKIE_NAME].value == "dark.large.four.blue"
    for path in PAGES:
        html = client.get(path, follow=True).content.decode()
        assert _html_look(html) == {"table": "dark", "print": "large", "colours": "four",
                                    "back": "blue"}, path
        assert looks.faces_stylesheet("large-four") in html, path


def test_the_first_paint_reads_the_cookie_without_a_query(client, django_assert_num_queries):
    client.cookies[looks.COOKIE_NAME] = "light.standard.two.green"
    with django_assert_num_queries(0):
        html = client.get("/hearts/help/").content.decode()
    assert _html_look(html)["table"] == "light" and _html_look(html)["back"] == "green"
    assert "css/faces.css" in html


@pytest.mark.parametrize("value", ["", "dark", "x.y.z.w", "dark.large.four.blue.extra",
                                   "<script>.large.four.blue", "dark.huge.four.blue"])
def test_a_foreign_cookie_reads_as_the_defaults(client, value):
    client.cookies[looks.COOKIE_NAME] = value
    html = client.get("/").content.decode()
    assert _html_look(html) == {"table": "system", "print": "standard", "colours": "two",
                                "back": "red"}


def test_a_bad_choice_is_refused_with_a_message_and_nothing_saved(client):
    answer = client.post("/look/", {**CHOICE, "look_table": "purple"})
    assert answer.status_code == 400
    assert "Select a valid choice" in answer.content.decode()
    assert Player.objects.count() == 0 and looks.COOKIE_NAME not in answer.cookies


def test_the_way_back_is_a_page_of_this_site_only(client):
    answer = client.post("/look/", {**CHOICE, "next": "https://elsewhere.example/"})
    assert answer.status_code == 302 and answer["Location"] == "/look/"
    assert "Saved." in client.get(answer["Location"]).content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Saved. Every page now looks this way."),
        ("fr", "Enregistré."),
        ("nb", "Lagret."),
    ],
)
def test_the_page_the_player_comes_back_to_says_saved_once(client, language, words):
    """Saved from a game (``next``): its page says so, in the player's language, once."""
    client.cookies["django_language"] = language
    answer = client.post("/look/", {**CHOICE, "next": "/heart-to-heart/rules/"})
    assert answer.status_code == 302 and answer["Location"] == "/heart-to-heart/rules/"
    html = client.get(answer["Location"]).content.decode()
    assert "data-look-saved" in html and words in html
    assert "data-look-saved" not in client.get("/heart-to-heart/rules/").content.decode()


def test_the_panel_previews_a_face_a_back_and_the_table(client):
    html = client.get("/look/").content.decode()
    assert "data-look-preview" in html and "data-preview-back" in html
    assert 'data-preview-card="QS"' in html


def test_every_page_links_to_cards_and_table(client):
    for path in PAGES:
        html = client.get(path, follow=True).content.decode()
        assert 'data-action="cards-and-table"' in html and "/look/?next=" in html, path


def test_saved_from_the_keeping_page_it_is_said_once(client):
    """The keeping pages show every message themselves: the note is not drawn twice."""
    answer = client.post("/look/", {**CHOICE, "next": "/keep/"})
    assert answer["Location"] == "/keep/"
    assert client.get("/keep/").content.decode().count("Saved. Every page now looks this way.") == 1
