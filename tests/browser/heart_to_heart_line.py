"""A Heart to Heart deal played to a given point, for the browser tests that look at a
state (a win, a stalemate) rather than at the taps that reach it."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page

from games.models import HeartToHeartGame
from games.services import heart_to_heart as h2h_service


def play_line(page: Page, base: str, code: str, line) -> None:
    """Deal ``code``, make the first tap of ``line`` through the page's own session as its
    form does (so the game is this visitor's), the rest through the service the tap view
    calls, then open the game as it stands. Only the first answer is drawn: drawing each
    of some seventy boards nobody looks at was most of these tests' time."""
    page.goto(f"{base}/heart-to-heart/{code}/")
    action = page.locator("form.h2h-table").get_attribute("action")
    first, *rest = line
    answer = page.request.post(
        base + action,
        headers={"HX-Request": "true"},
        form={
            "target": str(first),
            "code": code,
            "version": page.locator("#board").get_attribute("data-version"),
            "first_tap": page.locator("input[name='first_tap']").input_value(),
            "csrfmiddlewaretoken": page.locator(
                "input[name='csrfmiddlewaretoken']"
            ).first.input_value(),
        },
    )
    assert answer.ok, answer.text()[:300]
    game = HeartToHeartGame.objects.get(pk=uuid.UUID(re.search(r"game/([^/]+)/", action)[1]))
    _through_the_service(game, rest)
    page.goto(base + action)


def play_on(page: Page, line) -> None:
    """Make ``line``'s taps in the game the page shows (at its own address) through the
    service, then open the game again as it stands."""
    game = HeartToHeartGame.objects.get(pk=uuid.UUID(re.search(r"game/([^/?#]+)/", page.url)[1]))
    _through_the_service(game, line)
    page.goto(page.url)


def _through_the_service(game: HeartToHeartGame, line) -> None:
    version = game.version
    for target in line:
        moved = h2h_service.tap(
            game_id=game.pk, player_id=game.player_id, target=str(target), version=version
        )
        assert moved is not None and moved.problem is None, (target, moved)
        version = moved.game.version
