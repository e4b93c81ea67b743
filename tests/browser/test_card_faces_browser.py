"""The card faces in a real Chromium: every card of both games shows its own face, one
cached SVG a face, at a phone's width and at a laptop's.

Screenshots of each game at 1280 and 390 px wide go to test-artifacts/ (copied into
docs/img/ when the faces change, for people to look at).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from games.drawing import card_faces
from games.engine.heart_to_heart import EXAMPLE_CODE

from .conftest import picture
from .every_page import hearts_states
from .game_states import show_hearts_game

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(1280, 800), (390, 844)]

# Each card's computed face, and whether its box is on screen.
FACES = """selector => [...document.querySelectorAll(selector)].map(card => ({
  key: card.dataset.card || card.dataset.rank,
  image: getComputedStyle(card).backgroundImage,
  width: card.getBoundingClientRect().width,
}))"""


def _page(browser: Browser, width: int, height: int, face_requests: list, errors: list) -> Page:
    phone = width < 500
    # Reduced motion: nothing travels, so a screenshot shows the cards where they rest.
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="en-GB",
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
        device_scale_factor=3 if phone else 1,
    )
    page = context.new_page()
    page.on("response", lambda r: face_requests.append(r) if "/cards/faces/" in r.url else None)
    # A console error (a Content Security Policy refusal is one) or an uncaught error.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


def _shows(card: dict, code: str) -> bool:
    """The card's background is ``code``'s own face file, over the paper."""
    return f'/static/{card_faces.face_path(code)}")' in card["image"].split(", ")[0]


def _face_urls(page: Page, selector: str) -> list[dict]:
    cards = page.evaluate(FACES, selector)
    assert cards, selector
    return cards


def _ink(page: Page, selector: str) -> tuple[int, int]:
    """Red and dark pixels of one card's screenshot: a drawn face has both kinds of ink
    (its index and pips), a blank card neither."""
    picture = Image.open(io.BytesIO(page.locator(selector).first.screenshot())).convert("RGB")
    red = dark = 0
    data = picture.tobytes()
    for r, g, b in zip(data[0::3], data[1::3], data[2::3], strict=True):
        red += r > 150 and g < 90 and b < 100
        dark += r < 80 and g < 80 and b < 80
    return red, dark


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_heart_to_heart_shows_each_rank_s_face(
    live_server,
    browser: Browser,
    width,
    height,
):
    requests: list = []
    errors: list = []
    page = _page(browser, width, height, requests, errors)
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#board")).to_be_visible()
    cards = _face_urls(page, "#board .card[data-rank]")
    assert len(cards) == 26  # the heart's 25 and the waste's top card
    for card in cards:
        assert card["key"] in card_faces.RANKS
        assert _shows(card, card["key"] + "H"), card
    page.wait_for_load_state("networkidle")
    assert requests and all(r.status in (200, 304) for r in requests)
    shown = {card["key"] for card in cards}
    urls = [r.url for r in requests]
    # Each face the heart shows, fetched once: faces, not the whole deck.
    assert sorted(urls) == sorted(
        {f"{live_server.url}/static/cards/faces/H{rank}.svg" for rank in shown}
    )
    red, _ = _ink(page, "#pos-25")
    assert red > 40, "the card shows a red index and pips"
    picture(page, f"faces-heart-to-heart-{width}")
    page.context.close()
    assert not errors


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_hearts_shows_each_card_s_face_in_the_hand_and_on_the_table(
    live_server,
    browser: Browser,
    width,
    height,
):
    """The dealt hand: each card its own face, each face fetched once, with ink. Then a
    trick under way (written in the database: what is read is the table, not the play
    that led there): the trick's cards, the computers' too, show the face each names."""
    requests: list = []
    errors: list = []
    page = _page(browser, width, height, requests, errors)
    page.goto(f"{live_server.url}/hearts/")
    page.wait_for_load_state("networkidle")
    requests.clear()  # the start screen shows no card
    page.locator("[data-screen='start'] [data-action='start']").click()
    expect(page.locator(".hand button[data-card]")).to_have_count(13)
    expect(page.locator(".seat .passed")).to_have_count(3, timeout=10000)
    cards = _face_urls(page, "#table .card[data-card]")
    assert len(cards) == 13
    for card in cards:
        assert _shows(card, card["key"]), card
    page.wait_for_load_state("networkidle")
    assert requests and all(r.status in (200, 304) for r in requests)
    assert len({r.url for r in requests}) == len(requests) == 13  # each face once
    # Every hand has ink: a black suit's card has dark pixels, a red suit's red ones.
    for card in cards[:1]:
        red, dark = _ink(page, f"#card-{card['key']}")
        assert (red if card["key"][-1] in "DH" else dark) > 30, card
    picture(page, f"faces-hearts-{width}")

    show_hearts_game(page, live_server.url, hearts_states()["first-trick"])
    on_table = _face_urls(page, "[data-trick] .card[data-card]")
    for card in on_table:
        assert _shows(card, card["key"]), card
    picture(page, f"faces-hearts-play-{width}")
    page.context.close()
    assert not errors
