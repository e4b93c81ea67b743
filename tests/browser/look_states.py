"""States of both games written in the database for the page's own visitor, for the tests
that look at a state (its colours, its text, its layout, what axe finds) rather than at the
taps and timed turns that reach it; and the wait for a page that has stopped moving.

A won Heart to Heart board or a stalemate is the engine's state after a known line, saved
as the service would save it; a Hearts game is any engine state. Either belongs to a new
player whom the browser context is then signed in as (the site's signed visitor cookie),
so the page opens it as its owner would. Nothing of the way there is drawn or answered by
the live server.
"""

from __future__ import annotations

import time
from datetime import timedelta

from django.http import HttpResponse
from django.utils import timezone
from playwright.sync_api import Page

from games import visitors
from games.engine import heart_to_heart as h2h
from games.engine import hearts as engine
from games.engine.testing import play_on, play_taps
from games.models import HeartsGame, HeartToHeartGame, HeartToHeartStats, Player

PLAYED_FOR = 200  # seconds on a Heart to Heart game's clock, as a player might take


def _new_player(page: Page, base_url: str) -> Player:
    """A new player, and the page's browser context remembered as that player."""
    player = Player.objects.create()
    signed = HttpResponse()
    signed.set_signed_cookie(visitors.COOKIE_NAME, str(player.pk), salt=visitors.SALT)
    page.context.add_cookies(
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
    player = _new_player(page, base_url)
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


def show_hearts_game(page: Page, base_url: str, state: engine.HeartsState) -> HeartsGame:
    """A Hearts game of a new player in ``state`` (three Medium computers), its page
    opened."""
    player = _new_player(page, base_url)
    game = HeartsGame.objects.create(
        player=player, level="medium", state=state.to_dict(), phase=state.phase
    )
    page.goto(f"{base_url}/hearts/game/{game.pk}/")
    return game


def hearts_pass() -> engine.HeartsState:
    """Seed 11's first deal, three Medium computers, their passes chosen: the human's pass
    is what the table waits for."""
    return play_on(
        engine.new_game(11, levels=("medium",) * 3),
        lambda s: s.phase == "pass" and not engine.computer_due(s),
    )


# What is still moving: every running animation or transition with an end (motion.js's
# cards in flight, a lift, a dialog's fade). An endless one would never end and moves no
# card to its place.
_MOVING = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length"""


def settled(page: Page, timeout: float = 10.0) -> None:
    """Until the page's fonts are loaded and nothing moves: what a picture of a state
    shows. Polled from Python over the DevTools protocol, which the page's Content
    Security Policy does not govern (it refuses the eval that ``wait_for_function``
    polls a predicate with)."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    deadline = time.monotonic() + timeout
    while page.evaluate(_MOVING):
        assert time.monotonic() < deadline, "the page never held still"
        time.sleep(0.02)  # the poll's interval, not a guess at how long the motion takes
