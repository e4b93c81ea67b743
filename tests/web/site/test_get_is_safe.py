"""GET is safe: a crawler without cookies that follows every link leaves no row behind.

Every table the project has (players, both games, their statistics, sessions, and
Django's own) is counted before and after the walk. A visit may set the CSRF cookie,
never a session cookie nor a player's. HEAD (link checkers, some link previews) is
answered as GET is, without the body, and is just as safe.
"""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.apps import apps
from django.test import Client

from games.models import (
    Challenge,
    Device,
    HeartsGame,
    HeartsStats,
    HeartToHeartGame,
    HeartToHeartStats,
    LinkCode,
    Passkey,
    Player,
    Throttle,
)
from games.visitors import COOKIE_NAME

# Pages no link may lead to from the home page but a crawler still tries.
EXTRA_PAGES = ("/admin/", "/admin/login/", "/heart-to-heart/new/", "/heart-to-heart/open/?code=x",
               "/heart-to-heart/open/?code=HH1-W-AAAAAAB", "/robots.txt", "/favicon.ico",
               # A link code's pages: the box, and a QR code's address, which a
               # link preview fetches; neither may spend or make anything.
               "/keep/code/", "/keep/code/7K3M-Q9TX-4WBA/", "/keep/forget/")
PAGE_LIMIT = 150  # bounded: /heart-to-heart/ sends to a new random deal every time
HREF = re.compile(r'\bhref="([^"]+)"')


def _row_counts() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def _links(base: str, html: str) -> list[str]:
    found = []
    for href in HREF.findall(html):
        url = urldefrag(urljoin(base, href.replace("&amp;", "&")))[0]
        parts = urlsplit(url)
        if parts.netloc not in ("", "testserver") or parts.path.startswith("/static/"):
            continue
        # Changing the language is a POST form (/i18n/setlang/), not a link: skip the app.
        if parts.path.startswith("/i18n/"):
            continue
        found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def crawl(client: Client) -> tuple[list[tuple[str, int]], list[str]]:
    """Every page reachable from home (and EXTRA_PAGES), each fetched with no cookies."""
    queue, seen, visited, session_cookies = deque(["/", *EXTRA_PAGES]), set(), [], []
    while queue and len(visited) < PAGE_LIMIT:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        client.cookies.clear()
        response = client.get(url)
        visited.append((url, response.status_code))
        if "sessionid" in response.cookies or COOKIE_NAME in response.cookies:
            session_cookies.append(url)
        if response.status_code in (301, 302, 303, 307, 308):
            queue.append(urljoin(url, response["Location"]))
        elif response.get("Content-Type", "").startswith("text/html"):
            queue.extend(_links(url, response.content.decode()))
    return visited, session_cookies


@pytest.mark.django_db
def test_a_cookieless_crawler_creates_no_row_and_no_session():
    before = _row_counts()
    visited, session_cookies = crawl(Client())
    assert _row_counts() == before
    assert session_cookies == []
    assert all(status < 500 for _url, status in visited), visited
    assert 405 not in {status for _url, status in visited}
    paths = {url.split("?")[0] for url, _status in visited}
    # The walk did reach what a crawler would: both games' play pages, a deal-code URL,
    # the rules, the help, the examples and the admin's login.
    for page in ("/", "/heart-to-heart/", "/hearts/", "/heart-to-heart/rules/",
                 "/heart-to-heart/examples/", "/hearts/help/", "/admin/login/",
                 "/keep/", "/keep/code/", "/keep/code/7K3M-Q9TX-4WBA/", "/keep/forget/"):
        assert page in paths, page
    assert all(status == 200 for url, status in visited if url.startswith("/keep/")), visited
    assert any(re.fullmatch(r"/heart-to-heart/HH1-[NW]-[A-Z]{7}/", path) for path in paths)
    for model in (Player, HeartToHeartGame, HeartsGame, HeartToHeartStats, HeartsStats,
                  Passkey, Device, LinkCode, Challenge, Throttle):
        assert model.objects.count() == 0


@pytest.mark.django_db
def test_a_returning_visitor_reading_pages_changes_nothing(client):
    """A visitor with a player and a game in progress: reading pages writes no row
    (the game, its version and the session stay as they were)."""
    client.post("/hearts/new/")
    client.post("/heart-to-heart/HH1-N-AAAAAAM/")
    game = HeartsGame.objects.get()
    before = _row_counts()
    states = {
        model: list(model.objects.values_list("pk", "version", "state", "updated_at"))
        for model in (HeartsGame, HeartToHeartGame)
    }
    for url in ("/", "/hearts/", f"/hearts/game/{game.pk}/", "/heart-to-heart/",
                "/heart-to-heart/HH1-N-AAAAAAB/", "/heart-to-heart/new/", "/hearts/help/"):
        assert client.get(url).status_code in (200, 302)
    assert _row_counts() == before
    for model, rows in states.items():
        assert list(model.objects.values_list("pk", "version", "state", "updated_at")) == rows


@pytest.mark.django_db
def test_the_first_visit_to_hearts_starts_no_game_and_counts_none(client):
    """No phantom Medium game: a game counts when the visitor starts it, not when a page
    shows the start screen."""
    page = client.get("/hearts/")
    assert page.status_code == 200
    assert 'data-action="start"' in page.content.decode()
    assert HeartsGame.objects.count() == 0 and HeartsStats.objects.count() == 0
    client.post("/hearts/options/", {"level": "hard", "target": "75", "pass_order": "LRAN",
                                     "tie_rule": "draw", "start": "1", "next": "/hearts/"})
    game = HeartsGame.objects.get()
    assert game.level == "hard"
    assert list(HeartsStats.objects.values_list("level", "games_played")) == [("hard", 1)]


@pytest.mark.django_db
def test_head_is_answered_as_get_without_a_body_and_writes_nothing():
    """Every page the crawler reached, asked with HEAD: the same status as GET, no body,
    no row, no cookie that names a visitor."""
    visited, _session_cookies = crawl(Client())
    client = Client()
    before = _row_counts()
    for url, status in visited:
        client.cookies.clear()
        response = client.head(url)
        assert (url, response.status_code) == (url, status)
        assert response.content == b""
        assert "sessionid" not in response.cookies and COOKIE_NAME not in response.cookies
    assert _row_counts() == before


ENTRY = re.compile(r'<a href="/keep/" data-keeping-entry(?:="(\w+)")?>([^<]*)</a>')
# Words that would press a visitor to sign up: none may show outside the entry links.
NAGS = re.compile(r"(?i)passkey|sign[ -]?in|sign[ -]?up|log[ -]?in|account|link code|"
                  r"keep my progress|other devices")


@pytest.mark.django_db
@pytest.mark.parametrize("with_a_player", [False, True], ids=["stranger", "player"])
def test_keeping_is_offered_by_quiet_links_only(client, with_a_player):
    """A player who does nothing sees one quiet link in the footer of every page
    and one under each game's statistics, and nothing else: no banner, no dialog, no other
    link to /keep/, no word about passkeys or signing in."""
    if with_a_player:
        client.post("/hearts/new/")
        client.post("/heart-to-heart/HH1-N-AAAAAAM/")
    panels = {"/hearts/", "/heart-to-heart/"}
    for url in ("/", "/hearts/", "/heart-to-heart/", "/hearts/help/", "/heart-to-heart/rules/",
                "/heart-to-heart/examples/", "/look/"):
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        html = response.content.decode()
        entries = ENTRY.findall(html)
        expected = [("", "Keep my progress on other devices")] if url in panels else []
        assert entries == [*expected, ("footer", "Keep my progress on other devices")], url
        footer = html.split("<footer", 1)[1]
        assert 'data-keeping-entry="footer"' in footer, url
        if url in panels:
            panel = re.search(r'<[^>]+id="(?:h2h|hearts)-stats".*?data-keeping-entry>', html, re.S)
            assert panel, url
        assert html.count('href="/keep/') == len(entries), url
        assert NAGS.findall(ENTRY.sub("", html)) == [], url
