"""``manage.py purge``: what nobody will come back to goes, every statistic stays."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.db.models import Count, Sum
from django.utils import timezone

from games.engine import hearts as hearts_engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import HeartsGame, HeartsStats, HeartToHeartGame, HeartToHeartStats, Player
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service

pytestmark = pytest.mark.django_db

OLD = timezone.now() - timedelta(days=45)


def _age(obj, when=OLD) -> None:
    """Move a row's clock back (``update`` skips ``auto_now``)."""
    type(obj).objects.filter(pk=obj.pk).update(updated_at=when)


def _h2h(player, *, won=False, moved=False, old=True) -> HeartToHeartGame:
    game = h2h_service.start_game(player=player)
    if moved:  # the first move counts the game as played
        h2h_service.tap(
            game_id=game.pk, player_id=player.pk, target="stock", version=game.version
        )
    if won:
        HeartToHeartGame.objects.filter(pk=game.pk).update(status=HeartToHeartGame.Status.WON)
        stats, _ = HeartToHeartStats.objects.get_or_create(player=player)
        stats.games_won += 1
        stats.save()
    if old:
        _age(game)
    return game


def _hearts(player, *, result="", old=True) -> HeartsGame:
    game = hearts_service.start_game(player=player)  # counts as played
    if result:
        HeartsGame.objects.filter(pk=game.pk).update(
            phase=hearts_engine.Phase.GAME_OVER, result=result, finished_at=timezone.now())
        stats = HeartsStats.objects.get(player=player, level=game.level)
        setattr(stats, {"win": "wins", "loss": "losses", "draw": "draws"}[result],
                getattr(stats, {"win": "wins", "loss": "losses", "draw": "draws"}[result]) + 1)
        stats.total_seconds += 600
        stats.save()
    if old:
        _age(game)
    return game


def _player(*, old=True, level="medium") -> Player:
    player = Player.objects.create(hearts_level=level)
    if old:
        _age(player)
    return player


def _session(*, expired: bool) -> str:
    store = SessionStore()
    store["player_id"] = 1
    store.create()
    if expired:
        Session.objects.filter(pk=store.session_key).update(
            expire_date=timezone.now() - timedelta(seconds=1))
    return store.session_key


def statistics() -> dict:
    """Every figure the admin shows: the Hearts totals per level (its dashboard), each
    player's Hearts and Heart to Heart records."""
    return {
        "hearts_totals": list(
            HeartsStats.objects.values("level").annotate(
                played=Sum("games_played"), wins=Sum("wins"), losses=Sum("losses"),
                draws=Sum("draws"), seconds=Sum("total_seconds"), players=Count("player"),
            ).order_by("level")
        ),
        "hearts": list(HeartsStats.objects.order_by("pk").values()),
        "h2h": list(HeartToHeartStats.objects.order_by("pk").values()),
    }


@pytest.fixture
def world():
    """Players of every kind, old and new; the ones that must stay are returned."""
    keep = {}
    # Finished games (and their statistics) stay, however old.
    finished = _player(level="hard")
    keep["won h2h"] = _h2h(finished, won=True, moved=True)
    keep["finished hearts"] = _hearts(finished, result="loss")
    _hearts(_player(level="easy"), result="win")
    # Abandoned long ago: the games go, the players stay for their statistics.
    abandoned = [_player() for _ in range(3)]
    for player in abandoned:
        _h2h(player, moved=True)
        _hearts(player)
        _h2h(player)  # opened, never touched
    # Nothing left: a setting changed once, or only games never moved in.
    empty = [_player() for _ in range(4)]
    for player in empty[:2]:
        _h2h(player)
    # Recent: all stay.
    recent = _player(old=False)
    keep["recent h2h"] = _h2h(recent, old=False)
    keep["recent hearts"] = _hearts(recent, old=False)
    keep["new player"] = _player(old=False)
    keep["players"] = {finished.pk, recent.pk, keep["new player"].pk,
                       *(p.pk for p in abandoned)} | set(
        HeartsStats.objects.values_list("player_id", flat=True))
    keep["live sessions"] = {_session(expired=False) for _ in range(2)}
    for _ in range(5):
        _session(expired=True)
    return keep


def test_purge_removes_what_is_idle_and_keeps_every_statistic(world):
    before = statistics()
    out = StringIO()
    call_command("purge", "--days", "30", "--batch-size", "2", stdout=out)

    assert statistics() == before
    assert set(Player.objects.values_list("pk", flat=True)) == world["players"]
    assert set(HeartToHeartGame.objects.values_list("pk", flat=True)) == {
        world["won h2h"].pk, world["recent h2h"].pk}
    assert set(HeartsGame.objects.exclude(phase="game-over").values_list("pk", flat=True)) == {
        world["recent hearts"].pk}
    assert world["finished hearts"].pk in set(HeartsGame.objects.values_list("pk", flat=True))
    assert set(Session.objects.values_list("pk", flat=True)) == world["live sessions"]
    report = out.getvalue()
    # 3 abandoned x 2 + 2 empty players' untouched games = 8 Heart to Heart games; more
    # rows than the batch size of 2, all gone.
    assert "deleted        8 Heart to Heart games, unfinished and idle" in report
    assert "deleted        3 Hearts games, unfinished and idle" in report
    assert "deleted        4 players with nothing left" in report
    assert "deleted        5 expired sessions" in report


def test_a_second_run_finds_nothing_left(world):
    call_command("purge", stdout=StringIO())
    out = StringIO()
    call_command("purge", "--batch-size", "1", stdout=out)
    assert all(line.split()[1] == "0" for line in out.getvalue().splitlines()[1:])


def test_dry_run_says_what_would_go_and_deletes_nothing(world):
    counts = {model: model.objects.count()
              for model in (Player, HeartToHeartGame, HeartsGame, Session, HeartsStats)}
    out = StringIO()
    call_command("purge", "--dry-run", stdout=out)
    report = out.getvalue()
    assert "would delete        8 Heart to Heart games" in report
    assert "would delete        4 players with nothing left" in report
    assert "would delete        5 expired sessions" in report
    assert counts == {model: model.objects.count() for model in counts}


def test_a_longer_idle_time_keeps_more(world):
    call_command("purge", "--days", "60", stdout=StringIO())
    assert HeartToHeartGame.objects.count() == 10  # 45 days old: not idle for 60
    assert Session.objects.count() == 2  # expired sessions go whatever the days


def test_a_game_in_progress_of_a_returning_player_is_kept(client):
    """A visitor who played a while ago and is back today keeps their game."""
    client.post(f"/heart-to-heart/{EXAMPLE_CODE}/")
    game = HeartToHeartGame.objects.get()
    _age(game)
    _age(game.player)
    client.post(f"/heart-to-heart/game/{game.pk}/", {"target": "stock", "version": game.version})
    call_command("purge", stdout=StringIO())
    assert HeartToHeartGame.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize("args", [["--days", "0"], ["--batch-size", "0"]])
def test_nonsense_options_are_refused(args):
    with pytest.raises(CommandError):
        call_command("purge", *args, stdout=StringIO())
