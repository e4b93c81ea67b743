"""Helpers for the Heart to Heart view tests: deals with known lines, and form posts."""

from __future__ import annotations

import re
from functools import lru_cache

from games.engine import heart_to_heart as engine
from games.engine.analysis.heart_to_heart_survey import greedy_pair
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from games.engine.heart_to_heart.deal_codes import DealCode
from games.models import HeartToHeartGame
from tests.web.redirects import game_from_redirect


def _greedy_line(state: engine.GameState, limit: int = 60) -> tuple[tuple, engine.GameState]:
    """The survey's greedy player, tap by tap: a pair if there is one, else turn a card."""
    line: list = []
    while state.status == engine.PLAYING and len(line) < limit:
        taps = greedy_pair(state) or (engine.STOCK,)
        for target in taps:
            state = engine.tap(state, target).state
        line.extend(taps)
    return tuple(line), state


@lru_cache(maxsize=1)
def stalemate_case() -> tuple[str, tuple]:
    """The first N deal (by seed) that a short greedy line (≤ 12 taps) drives into a stalemate."""
    for seed in range(20_000):
        code = str(DealCode("N", seed))
        opening = engine.new_game(code)
        if opening.status != engine.PLAYING:
            continue
        line, end = _greedy_line(opening, limit=12)
        if end.status == engine.STALEMATE and any(isinstance(t, int) for t in line):
            return code, line
    raise AssertionError("no stalemate found")


@lru_cache(maxsize=1)
def stuck_at_start_code() -> str:
    """The first N deal that is stalemated before the first move (some are:
    docs/rules.md#h2h-deal-codes)."""
    for seed in range(20_000):
        code = str(DealCode("N", seed))
        if engine.new_game(code).status == engine.STALEMATE:
            return code
    raise AssertionError("no deal stuck at the start")


@lru_cache(maxsize=4)
def winning_line(code: str = EXAMPLE_CODE) -> tuple:
    solution = solve_code(code)
    assert solution.winnable
    return solution.line


def start(client, code: str = EXAMPLE_CODE) -> HeartToHeartGame:
    """A saved, untouched game of ``code``: what "Restart this deal" posts on a deal shown
    fresh (a GET of the deal URL saves nothing; the first tap would create the game)."""
    return game_from_redirect(HeartToHeartGame, client.post(f"/heart-to-heart/{code}/"))


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
    return engine.GameState.from_dict(game.state)
