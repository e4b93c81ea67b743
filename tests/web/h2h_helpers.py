"""Helpers for the Heart to Heart view tests: deals with known lines, and form posts."""

from __future__ import annotations

import re
from functools import lru_cache

from games.engine import heart_to_heart as engine
from games.engine.solver import EXAMPLES_CODE, solve_code
from games.models import HeartToHeartGame

# Turn one card, then pair the point with the waste: no pair is left anywhere.
STALEMATE_CODE = "HH1-N-AAAAADE"
STALEMATE_LINE = ("stock", 25, "waste")
STUCK_AT_START_CODE = "HH1-N-AAAAAAA"


@lru_cache(maxsize=4)
def winning_line(code: str = EXAMPLES_CODE) -> tuple:
    solution = solve_code(code)
    assert solution.winnable
    return solution.line


def start(client, code: str = EXAMPLES_CODE) -> HeartToHeartGame:
    response = client.get(f"/heart-to-heart/{code}/")
    assert response.status_code == 302
    game_id = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    return HeartToHeartGame.objects.get(pk=game_id)


def tap(client, game: HeartToHeartGame, target, *, version=None, htmx=True):
    game.refresh_from_db()
    data = {"target": str(target), "version": game.version if version is None else version}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/heart-to-heart/game/{game.pk}/", data, headers=headers)


def undo(client, game: HeartToHeartGame, *, htmx=True):
    game.refresh_from_db()
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/heart-to-heart/game/{game.pk}/", {"action": "undo", "version": game.version},
        headers=headers,
    )


def play_line(client, game: HeartToHeartGame, line) -> None:
    for target in line:
        response = tap(client, game, target)
        assert response.status_code == 200, response.content[:300]


def attribute(html: str, selector_attr: str, value: str, wanted: str) -> str | None:
    """The value of ``wanted`` on the element carrying ``selector_attr="value"``."""
    match = re.search(rf'<[^>]*\b{selector_attr}="{re.escape(value)}"[^>]*>', html)
    if not match:
        return None
    found = re.search(rf'\b{wanted}="([^"]*)"', match.group(0))
    return found.group(1) if found else None


def state(game: HeartToHeartGame) -> engine.GameState:
    game.refresh_from_db()
    return engine.GameState.from_json(game.state)
