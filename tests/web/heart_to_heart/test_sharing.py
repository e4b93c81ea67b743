"""Sharing a Heart to Heart deal (docs/rules.md#h2h-sharing): link-preview tags, the
deal's picture, the Share buttons' markup and words, the web app manifest."""

from __future__ import annotations

import html as html_lib
import io
import json
import re
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.contrib.staticfiles import finders
from django.core.cache import caches
from django.test import Client
from PIL import Image, ImageChops

from games.engine import heart_to_heart as engine
from games.formatting import clock
from games.views.heart_to_heart import sharing
from tests.web.heart_to_heart.helpers import play_line, start, winning_line

pytestmark = pytest.mark.django_db

CODE = engine.EXAMPLE_CODE  # HH1-N-AAAAAAM
OTHER = "HH1-W-QWERTYU"
DEAL_URL = f"http://testserver/heart-to-heart/{CODE}/"


class _Head(HTMLParser):
    """The <meta property|name> and <link rel> tags of a page's <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, list[str]] = {}
        self.links: dict[str, str] = {}
        self.in_head = True

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.in_head = False
        if not self.in_head:
            return
        if tag == "meta" and ("property" in attrs or "name" in attrs):
            key = attrs.get("property") or attrs["name"]
            self.meta.setdefault(key, []).append(attrs.get("content", ""))
        if tag == "link" and "rel" in attrs:
            self.links[attrs["rel"]] = attrs.get("href", "")


def head_of(html: str) -> _Head:
    parser = _Head()
    parser.feed(html)
    return parser


def one(head: _Head, key: str) -> str:
    values = head.meta.get(key, [])
    assert len(values) == 1, (key, values)
    return values[0]


def image_url(language: str, code: str = CODE) -> str:
    return f"/heart-to-heart/{code}/preview-{language}-{sharing.DRAWING_VERSION}.png"


def row_counts() -> dict[str, int]:
    """Rows of every model in the project (ours, auth, admin, contenttypes) and sessions."""
    counts = {model._meta.label: model.objects.count() for model in apps.get_models()}
    counts["sessions"] = Session.objects.count()
    return counts


# --- The tags -----------------------------------------------------------------------------

TITLES = {
    "en": f"Heart to Heart deal {CODE}",
    "fr": f"Donne {CODE} de Heart to Heart",
    "nb": f"Utdeling {CODE} i Heart to Heart",
}
DESCRIPTIONS = {
    "en": "Pair cards of the same rank to clear the heart.",
    "fr": "Formez des paires de même rang pour vider le cœur.",
    "nb": "Fjern par med samme verdi til hjertet er tomt.",
}
LOCALES = {"en": "en_GB", "fr": "fr_FR", "nb": "nb_NO"}


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_a_deal_page_carries_open_graph_and_twitter_tags_in_each_language(client, language):
    # Typed in lower case: the tags name the code in its one canonical form.
    response = client.get(
        f"/heart-to-heart/{CODE.lower()}/", HTTP_ACCEPT_LANGUAGE=language, follow=True
    )
    assert response.status_code == 200
    head = head_of(response.content.decode())
    assert one(head, "og:title") == one(head, "twitter:title") == TITLES[language]
    assert one(head, "og:description").startswith(DESCRIPTIONS[language])
    assert one(head, "twitter:description") == one(head, "og:description")
    assert one(head, "og:url") == head.links["canonical"] == DEAL_URL
    assert one(head, "og:type") == "website"
    assert one(head, "og:site_name") == "cardsite"
    assert one(head, "og:locale") == LOCALES[language]
    assert sorted(head.meta["og:locale:alternate"]) == sorted(
        locale for lang, locale in LOCALES.items() if lang != language
    )
    image = one(head, "og:image")
    assert image == one(head, "twitter:image") == f"http://testserver{image_url(language)}"
    assert (one(head, "og:image:width"), one(head, "og:image:height")) == ("1200", "630")
    assert one(head, "og:image:type") == "image/png"
    assert CODE in one(head, "og:image:alt") == one(head, "twitter:image:alt")
    assert one(head, "twitter:card") == "summary_large_image"
    # The picture the tags name is there.
    assert client.get(image.removeprefix("http://testserver")).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/heart-to-heart/rules/",
        "/heart-to-heart/examples/",
        "/hearts/",
        "/hearts/help/",
        "/heart-to-heart/XX1-N-AAAAAAM/",  # not a deal code: the 400 page
        "/heart-to-heart/HH1-N-AAAA/",
    ],
)
def test_pages_that_are_not_a_deal_carry_no_preview_tags(client, path):
    response = client.get(path, follow=True)
    assert response.status_code in (200, 400)
    head = head_of(response.content.decode())
    assert not [key for key in head.meta if key.startswith(("og:", "twitter:"))], head.meta
    assert "canonical" not in head.links
    # Every page may be added to a home screen.
    assert head.links["manifest"] == "/manifest.webmanifest"
    assert head.links["apple-touch-icon"].endswith("apple-touch-icon.png")


def test_link_preview_is_none_for_text_that_is_not_a_code(rf):
    request = rf.get("/")
    assert sharing.link_preview(request, "HH2-N-AAAAAAM") is None
    assert sharing.link_preview(request, "") is None
    assert sharing.link_preview(request, " hh1-w-zzzzzzz ")["url"] == (
        "http://testserver/heart-to-heart/HH1-W-ZZZZZZZ/"
    )


# --- The picture ---------------------------------------------------------------------------


def test_the_picture_is_a_1200_by_630_png_cached_for_a_year(client):
    response = client.get(image_url("en"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    picture = Image.open(io.BytesIO(response.content))
    assert (picture.format, picture.size) == ("PNG", (1200, 630))
    # No chunk that would change between two drawings (a time, a software version).
    assert "Software" not in picture.info and "tIME" not in response.content[:200].decode("latin1")
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    etag = response["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)  # strong: no W/ prefix
    assert "Set-Cookie" not in response.headers
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize("if_none_match", ["{etag}", '"other", {etag}', "*"])
def test_a_fresh_copy_gets_304_without_the_bytes(client, if_none_match):
    etag = client.get(image_url("fr"))["ETag"]
    response = client.get(image_url("fr"), HTTP_IF_NONE_MATCH=if_none_match.format(etag=etag))
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"


def test_a_stale_copy_gets_the_bytes_again(client):
    response = client.get(image_url("nb"), HTTP_IF_NONE_MATCH='"0123"')
    assert response.status_code == 200 and response.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_head_answers_the_headers(client):
    response = client.head(image_url("en"))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


def test_the_same_code_always_draws_the_same_bytes():
    cache = caches[sharing.CACHE_ALIAS]
    cache.clear()
    first, first_etag = sharing.picture_bytes(CODE, "en")
    cache.clear()  # drawn again from nothing, not read back
    second, second_etag = sharing.picture_bytes(CODE, "en")
    assert first == second and first_etag == second_etag


def test_a_code_in_lower_case_is_the_same_picture(client):
    upper = client.get(image_url("en"))
    lower = client.get(image_url("en", CODE.lower()))
    assert lower.status_code == 200
    assert lower.content == upper.content and lower["ETag"] == upper["ETag"]


def test_two_codes_draw_two_different_pictures(client):
    one_deal = Image.open(io.BytesIO(client.get(image_url("en")).content)).convert("RGB")
    other = Image.open(io.BytesIO(client.get(image_url("en", OTHER)).content)).convert("RGB")
    changed = ImageChops.difference(one_deal, other).convert("L").point(lambda v: 255 if v else 0)
    differing = changed.histogram()[255]
    assert differing > 5_000  # the cards and the code, not a stray pixel


def test_each_language_has_its_own_picture(client):
    bodies = {lang: client.get(image_url(lang)).content for lang in ("en", "fr", "nb")}
    assert len(set(bodies.values())) == 3


def test_the_picture_is_drawn_from_the_engines_own_deal():
    deal = engine.deal_for(OTHER)
    picture = sharing.deal_picture(OTHER.lower())
    assert picture.code == OTHER
    assert picture.ranks == deal[:25]  # the heart as dealt, positions 1–25
    assert picture.waste_rank == deal[51]  # the last card, face up
    assert picture.stock_count == 26
    assert picture.free == frozenset({25})  # only the point is free at the start
    assert picture.places == engine.PLACES


@pytest.mark.parametrize(
    "path",
    [
        "/heart-to-heart/HH1-N-AAAAAA/preview-en-1.png",  # too short
        "/heart-to-heart/HH1-X-AAAAAAM/preview-en-1.png",  # no such class
        "/heart-to-heart/HH2-N-AAAAAAM/preview-en-1.png",  # no such version
        "/heart-to-heart/HH1-N-AAAAAA1/preview-en-1.png",
        "/heart-to-heart/%C3%A9%C3%A9/preview-en-1.png",
        "/heart-to-heart/" + "A" * 5000 + "/preview-en-1.png",
        "/heart-to-heart/HH1-N-AAAAAAM/preview-de-1.png",  # a language we do not speak
        "/heart-to-heart/HH1-N-AAAAAAM/preview-en-1.png",  # a drawing no longer drawn
        "/heart-to-heart/HH1-N-AAAAAAM/preview-en-3.png",  # a drawing that does not exist
        "/heart-to-heart/HH1-N-AAAAAAM/preview-en-99999999999999999999.png",
    ],
)
def test_a_picture_of_what_is_not_a_deal_is_404(client, path):
    assert client.get(path).status_code == 404


def test_the_picture_answers_only_get_and_head(client):
    assert client.post(image_url("en")).status_code == 405


def test_a_cookieless_fetch_of_the_picture_creates_nothing():
    before = row_counts()
    for language in ("en", "fr", "nb"):
        for code in (CODE, OTHER, "hh1-n-zzzzzzz"):
            response = Client().get(image_url(language, code))
            assert response.status_code == 200
            assert not response.cookies
    assert row_counts() == before


def test_a_cookieless_fetch_of_the_deal_page_has_the_tags_and_creates_nothing():
    before = row_counts()
    response = Client().get(f"/heart-to-heart/{CODE}/")  # the first answer, as a crawler sees it
    assert response.status_code == 200
    head = head_of(response.content.decode())
    assert one(head, "og:url") == DEAL_URL
    assert one(head, "og:image").endswith(image_url("en"))
    assert row_counts() == before


# --- The Share buttons ------------------------------------------------------------------------


def _attributes(html: str, element_id: str) -> dict[str, str]:
    tag = re.search(rf'<[^>]*\bid="{element_id}"[^>]*>', html).group(0)
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag))


def test_the_banner_has_a_share_button_hidden_until_javascript_shows_it(client):
    game = start(client)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    share = _attributes(html, "share-deal")
    assert "hidden" in re.search(r'<button[^>]*id="share-deal"[^>]*>', html).group(0)
    assert share["data-share-url"] == DEAL_URL  # the deal's link, never the game's
    assert share["data-share-title"] == TITLES["en"]
    assert CODE in share["data-share-text"]
    assert share["data-copied"] == "Link copied"
    status = _attributes(html, share["data-share-status"])
    assert status["role"] == "status"
    # Without JavaScript the deal's own link is right there.
    assert f'href="/heart-to-heart/{CODE}/"' in html
    # No inline script or style anywhere on the page (a strict CSP is on its way).
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert " style=" not in html.split('<div class="heart"')[0]
    assert not re.search(r"\son[a-z]+=", html)


WON_TEXTS = {
    "en": "I cleared Heart to Heart deal {code} in {moves} moves, {time}. Your turn!",
    "fr": "J’ai vidé le cœur de la donne {code} de Heart to Heart en {moves} coups, {time}. "
    "À vous !",
    "nb": "Jeg tømte hjertet i utdeling {code} i Heart to Heart på {moves} trekk, {time}. "
    "Din tur!",
}


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_the_win_dialog_offers_to_share_the_result_in_the_visitors_language(client, language):
    game = start(client)
    play_line(client, game, winning_line())
    game.refresh_from_db()
    html = client.get(
        f"/heart-to-heart/game/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert 'data-dialog="won"' in html
    share = _attributes(html, "share-result")
    expected = WON_TEXTS[language].format(
        code=CODE, moves=game.moves, time=clock(game.elapsed_seconds)
    )
    assert html_lib.unescape(share["data-share-text"]) == expected
    assert html_lib.unescape(share["data-share-copy"]) == f"{expected} {DEAL_URL}"
    assert share["data-share-url"] == DEAL_URL  # whoever opens it plays the deal fresh
    assert _attributes(html, share["data-share-status"])["role"] == "status"


# --- The manifest ---------------------------------------------------------------------------


def test_the_manifest_is_valid_json_with_the_tables_colours_and_icons_that_exist(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == manifest["short_name"] == "cardsite"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == "#0a3b24"
    found = set()
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon
        width, height = Image.open(path).size
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        found.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= found


def test_the_manifest_speaks_the_visitors_language(client):
    manifest = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert manifest["lang"] == "fr"
    assert "Heart to Heart" in manifest["description"] and "navigateur" in manifest["description"]


def test_the_manifest_creates_nothing():
    before = row_counts()
    assert Client().get("/manifest.webmanifest").status_code == 200
    assert row_counts() == before
