"""States of both games written in the database for the page's own visitor, for the tests
about a state (its colours, its text, its layout, what axe finds, what a press does there)
rather than about the taps and timed turns that reach it.

A won Heart to Heart board or a stalemate is the engine's state after a known line, saved
as the service would save it; a Hearts game is any engine state. Either belongs to a new
player whom the browser context is then signed in as (the site's signed visitor cookie),
so the page opens it as its owner would. Nothing of the way there is drawn or answered by
the live server.
"""

from __future__ import annotations

from datetime import timedelta

from django.http import HttpResponse
from django.utils import timezone
from playwright.sync_api import BrowserContext, Page

from games import visitors
from games.engine import heart_to_heart as h2h
from games.engine import hearts as engine
from games.engine.testing import play_on, play_taps
from games.models import HeartsGame, HeartToHeartGame, HeartToHeartStats, Player

PLAYED_FOR = 200  # seconds on a Heart to Heart game's clock, as a player might take


def _new_player(context: BrowserContext, base_url: str) -> Player:
    """A new player, and the browser context remembered as that player."""
    player = Player.objects.create()
    signed = HttpResponse()
    signed.set_signed_cookie(visitors.COOKIE_NAME, str(player.pk), salt=visitors.SALT)
    context.add_cookies(
        [
            {
                "name": visitors.COOKIE_NAME,
                "url": base_url,
                "value": signed.cookies[visitors.COOKIE_NAME].value,
            }
        ]
    )
    return player


def show_h2h_game(page: Page, base_url: str, code: str, line) -> HeartToHeartGame:
    """The deal ``code`` after the taps of ``line`` (a win, a stalemate, or on the way),
    saved with the fields and statistics the service keeps, and its page opened."""
    state = play_taps(h2h.new_game(code), *line)
    player = _new_player(page.context, base_url)
    now = timezone.now()
    ended = state.status != HeartToHeartGame.Status.PLAYING
    game = HeartToHeartGame.objects.create(
        player=player,
        deal_code=code,
        state=state.to_dict(),
        version=1 + len(line),
        status=state.status,
        score=state.score,
        moves=state.moves,
        started_at=now - timedelta(seconds=PLAYED_FOR),
        finished_at=now if ended else None,
    )
    won = state.status == HeartToHeartGame.Status.WON
    HeartToHeartStats.objects.create(
        player=player,
        games_played=1,
        games_won=int(won),
        best_time_seconds=PLAYED_FOR if won else None,
        fewest_moves=state.moves if won else None,
    )
    page.goto(f"{base_url}/heart-to-heart/game/{game.pk}/")
    return game


def give_hearts_game(
    context: BrowserContext, base_url: str, state: engine.HeartsState, **fields
) -> HeartsGame:
    """A Hearts game in ``state`` of a new player whose browser is ``context``: this spares
    the start, the computers' passes and the play through the live server. ``fields`` set
    the game's own columns (``score_display``, ``level``; three Medium computers unless
    told)."""
    player = _new_player(context, base_url)
    return HeartsGame.objects.create(
        player=player, state=state.to_dict(), phase=state.phase, **{"level": "medium", **fields}
    )


def show_hearts_game(page: Page, base_url: str, state: engine.HeartsState, **fields) -> HeartsGame:
    """``give_hearts_game``, and its page opened."""
    game = give_hearts_game(page.context, base_url, state, **fields)
    page.goto(f"{base_url}/hearts/game/{game.pk}/")
    return game


def hearts_pass() -> engine.HeartsState:
    """Seed 11's first deal, three Medium computers, their passes chosen: the human's pass
    is what the table waits for."""
    return play_on(
        engine.new_game(11, levels=("medium",) * 3),
        lambda s: s.phase == "pass" and not engine.computer_due(s),
    )
