"""The stand-in browser (harness/client.py) reads the site's real answers exactly as a
full HTML parser does: every form, its action, method, hx-post and attributes, the fields
it would send (hidden and text inputs, checked radios and checkboxes, the selected option
or else the first), every button with its attributes, and the hx-headers on the body.

The answers are rendered here by Django's test client, in the states the live tests and
the load benchmark meet: Heart to Heart's board mid-game, stalemated and won (htmx
partials and whole pages), the Hearts table in the pass and the play phases, a computer's
timed step, the deal-done dialog, the start screens, the home and /keep/ pages. The
reference reader is Python's html.parser, so the harness's regular expressions (kept
for speed: the load benchmark reads thousands of pages a second) are held to a real
parser's reading, not to themselves.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from games.engine import hearts as hearts_engine
from harness.client import Form, parse, tag_attributes
from tests.web.heart_to_heart import helpers as h2h
from tests.web.hearts import helpers as hearts

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


class _Reference(HTMLParser):
    """Forms, fields, buttons and hx-headers as html.parser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.hx_headers: dict[str, str] = {}
        self._form: Form | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs) -> None:
        attributes = {name: "" if value is None else value for name, value in reversed(attrs)}
        form = self._form
        if tag == "body" and "hx-headers" in attributes:
            self.hx_headers = json.loads(attributes["hx-headers"])
        elif tag == "form":
            self._form = Form(action=attributes.get("action", ""),
                              method=attributes.get("method", "get").lower(),
                              hx_post=attributes.get("hx-post"),
                              hx_trigger=attributes.get("hx-trigger"), attrs=attributes)
            self.forms.append(self._form)
        elif form is not None and tag == "input" and "name" in attributes:
            kind = attributes.get("type", "text")
            if kind in ("hidden", "text") or (kind in ("radio", "checkbox")
                                               and "checked" in attributes):
                form.fields[attributes["name"]] = attributes.get("value", "on")
        elif form is not None and tag == "select" and "name" in attributes:
            self._select = attributes["name"]
        elif form is not None and tag == "option" and self._select is not None:
            if "selected" in attributes or self._select not in form.fields:
                form.fields[self._select] = attributes.get("value", "")
        elif form is not None and tag == "button":
            form.buttons.append(attributes)

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def _reference(text: str) -> tuple[list[Form], dict[str, str]]:
    reader = _Reference()
    reader.feed(text)
    reader.close()
    return reader.forms, reader.hx_headers


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _heart_to_heart_answers(client) -> dict[str, str]:
    answers = {}
    line = h2h.winning_line()
    game = h2h.start(client)
    answers["h2h deal page"] = _text(client.get(f"/heart-to-heart/{game.deal_code}/"))
    for target in line[: len(line) // 2]:
        answers["h2h tap, mid-game"] = _text(h2h.tap(client, game, target))
    answers["h2h page, mid-game"] = _text(client.get(f"/heart-to-heart/game/{game.pk}/"))
    for target in line[len(line) // 2:]:
        answers["h2h tap, won"] = _text(h2h.tap(client, game, target))
    answers["h2h page, won"] = _text(client.get(f"/heart-to-heart/game/{game.pk}/"))
    code, stuck = h2h.stalemate_case()
    game = h2h.start(client, code)
    for target in stuck:
        answers["h2h tap, stalemate"] = _text(h2h.tap(client, game, target))
    answers["h2h page, stalemate"] = _text(client.get(f"/heart-to-heart/game/{game.pk}/"))
    return answers


def _hearts_answers(client) -> dict[str, str]:
    answers = {"hearts start screen": _text(client.get("/hearts/"))}
    game = hearts.start(client)
    answers["hearts page, pass"] = _text(client.get(hearts.url(game)))
    hand = hearts.hand_of(game)
    for card in hand[:2]:
        answers["hearts choose, two chosen"] = _text(hearts.act(client, game, choose=card))
    answers["hearts choose, three chosen"] = _text(hearts.act(client, game, choose=hand[2]))
    answers["hearts pass"] = _text(hearts.act(client, game, action="pass"))
    # Seat 1 or 2 steps: the next due is a computer again (or the trick lingers), so
    # the answer carries the timed step whatever the deal.
    hearts.play_until(client, game, lambda s: s.phase == "play" and s.turn in (1, 2))
    answers["hearts advance"] = _text(hearts.advance(client, game))
    hearts.play_until(client, game, lambda s: s.phase == "play" and s.turn == 0)
    card = hearts_engine.legal_plays(hearts.state(game), 0)[0]
    answers["hearts lift"] = _text(hearts.act(client, game, lift=card))
    answers["hearts page, play"] = _text(client.get(hearts.url(game)))
    answers["hearts play"] = _text(hearts.act(client, game, play=card))
    hearts.play_until(client, game, lambda s: s.phase in ("deal-done", "game-over"))
    answers["hearts page, deal done"] = _text(client.get(hearts.url(game)))
    return answers


def site_answers(client) -> dict[str, str]:
    """The answers, by name: partials as htmx gets them, and whole pages."""
    return {
        "home": _text(client.get("/")),
        **_heart_to_heart_answers(client),
        **_hearts_answers(client),
        "keep": _text(client.get("/keep/")),
    }


# What the site's pages do not happen to hold today but a page may: radios, a checkbox,
# a select with and without a selected option, single-quoted and bare values, character
# references, capitals, ">" inside a quoted value, a self-closed input, fields and a
# button outside any form, buttons that are not submit buttons.
EVERY_KIND = """<!doctype html>
<BODY class=page hx-headers='{"X-CSRFToken": "t&amp;k"}'>
<input name="loose" value="outside"><button name="loose">Outside</button>
<FORM ACTION="/a/?x=1&amp;y=2" method=POST hx-post='/a/' data-note="a > b">
  <input type="hidden" name="version" value="3"/>
  <input name="plain" value='It&#39;s'>
  <input type="radio" name="seat" value="1"><input type="radio" name="seat" value="2" checked>
  <input type="checkbox" name="sound" checked><input type="checkbox" name="music">
  <input type="submit" name="ignored" value="x">
  <select name="level"><option value="easy">E</option><option value="hard" selected>H</option>
  </select>
  <select name="deck"><option value="one">1</option><option value="two">2</option></select>
  <button name="go" value="1" data-action="go" aria-label="Go &rarr;">Go</button>
  <button name="go" value="2" disabled>No</button>
  <button type="button" data-action="copy">Copy</button>
  <Button type="reset">Reset</Button>
</FORM>
<form action="/b/"><button>Plain</button></form>
</BODY>
"""


def _reading(forms: list[Form], hx_headers: dict[str, str]) -> tuple:
    return ([(form.action, form.method, form.hx_post, form.hx_trigger, form.attrs,
              form.fields, form.buttons) for form in forms], hx_headers)


def test_the_harness_reads_every_answer_as_a_full_parser_does(client):
    answers = {**site_answers(client), "every kind of field": EVERY_KIND}
    for warm in (False, True):  # a tag's first reading, then the remembered one
        if not warm:
            tag_attributes.cache_clear()
        for name, text in answers.items():
            page = parse(200, "/", text, {})
            assert _reading(page.forms, page.hx_headers) == _reading(*_reference(text)), name
            for attribute in ("data-version", "data-phase", "data-status", "hx-post", "nothing"):
                found = re.search(rf'{re.escape(attribute)}="([^"]*)"', text)
                assert page.attribute(attribute) == (found and found.group(1)), (name, attribute)
    # Not an empty comparison: what the players look for is there.
    pages = {name: parse(200, "/", text, {}) for name, text in answers.items()}
    assert [name for name, page in pages.items() if not page.forms] == []
    assert "x-csrftoken" in pages["home"].hx_headers
    assert pages["h2h tap, mid-game"].find(name_="target") is not None
    assert pages["h2h tap, mid-game"].version is not None
    assert any("disabled" in button for page in pages.values() for form in page.forms
               for button in form.buttons)
    assert pages["hearts choose, two chosen"].find(data_action="pass") is None
    assert pages["hearts choose, three chosen"].find(data_action="pass") is not None
    assert pages["hearts lift"].find(name_="play") is not None
    assert pages["hearts advance"].form_with(class_="advance") is not None
    assert pages["hearts page, deal done"].find(data_action="next-deal") is not None
    assert pages["hearts page, play"].attribute("data-phase") == "play"
    every = pages["every kind of field"]
    assert every.hx_headers == {"X-CSRFToken": "t&k"}
    assert every.forms[0].fields == {"version": "3", "plain": "It's", "seat": "2",
                                     "sound": "on", "level": "hard", "deck": "one"}
    assert [b.get("value") for b in every.forms[0].enabled_buttons()] == ["1"]
    assert every.find(data_action="go")[1]["aria-label"] == "Go \u2192"
