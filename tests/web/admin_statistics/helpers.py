"""A known set of games for the admin statistics tests, at dates relative to today.

Every game is dated at noon (site time, UTC) so no figure depends on the hour the
tests run. The expected figures for the last 30 days are worked out by hand in
tests/web/admin_statistics/test_dashboard.py, from the table below.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from games.models import HeartsGame, HeartToHeartGame, Player


def noon(days_ago: int) -> dt.datetime:
    day = timezone.localdate() - dt.timedelta(days=days_ago)
    return timezone.make_aware(dt.datetime.combine(day, dt.time(12, 0)))


def hearts_game(player, level, days_ago, result="", seconds=None) -> HeartsGame:
    game = HeartsGame.objects.create(player=player, level=level, state={}, result=result)
    created = noon(days_ago)
    finished = created + dt.timedelta(seconds=seconds) if seconds is not None else None
    # created_at is auto_now_add: the date is set after the row exists.
    HeartsGame.objects.filter(pk=game.pk).update(created_at=created, finished_at=finished)
    return game


def h2h_game(player, deal_class, days_ago, status, moves, seconds=None) -> HeartToHeartGame:
    started = noon(days_ago) if days_ago is not None else None
    finished = started + dt.timedelta(seconds=seconds) if seconds is not None else None
    return HeartToHeartGame.objects.create(
        player=player, deal_code=f"HH1-{deal_class}-AAAAAAB", state={}, status=status,
        moves=moves, started_at=started, finished_at=finished,
    )


def build_known_games() -> dict[str, Player]:
    p1, p2, p3, p4 = (Player.objects.create() for _ in range(4))
    win, loss, draw = HeartsGame.Result.WIN, HeartsGame.Result.LOSS, HeartsGame.Result.DRAW
    # Hearts:   player, level,   days ago, result, playing time (s)
    hearts_game(p1, "easy", 0, win, 252)           # 4 min 12 s
    hearts_game(p2, "easy", 0, loss, 600)
    hearts_game(p1, "easy", 1)                     # abandoned
    hearts_game(p3, "medium", 1, draw, 7380)       # 2 h 03 min
    hearts_game(p1, "medium", 3, win, 1800)
    hearts_game(p2, "hard", 3, loss, 3600)
    hearts_game(p3, "hard", 10)                    # abandoned
    hearts_game(p4, "hard", 45, win, 100)          # in the last 90 days, not 30
    hearts_game(p4, "easy", 100, win, 100)         # older than 90 days
    won, stuck, playing = (HeartToHeartGame.Status.WON, HeartToHeartGame.Status.STALEMATE,
                           HeartToHeartGame.Status.PLAYING)
    # Heart to Heart: player, class, days ago (first move), status, moves, time (s)
    h2h_game(p1, "N", 0, won, 44, 180)
    h2h_game(p2, "N", 0, stuck, 30, 95)
    h2h_game(p4, "N", 1, playing, 5)
    h2h_game(p2, "W", 1, won, 52, 420)
    h2h_game(p3, "W", 3, won, 47, 4000)
    h2h_game(p4, "W", None, playing, 0)            # dealt, never played: counts nowhere
    h2h_game(p4, "N", 45, won, 50, 200)            # in the last 90 days, not 30
    return {"p1": p1, "p2": p2, "p3": p3, "p4": p4}
