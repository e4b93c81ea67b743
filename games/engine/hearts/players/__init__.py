"""The computer players, by level name.

``SITE_LEVELS`` are the levels a person can choose on the site. The others exist for
measurement only: ``random`` (the floor: a uniformly random legal card), ``shooter``
(goes for the moon, to measure the moon defence), ``planner`` (a shooter that
samples the hidden hands and plans its line), ``searcher`` (plays every card by Monte
Carlo over sampled hidden hands and shoots when its samples say the moon pays: the
strongest test of Hard's defence) and ``<level>-nowatch`` (a level with the moon watch
and defence switched off: "a table that ignores the moon"). What each does and how the
levels fare against them: docs/hearts-levels.md#strength.

Every player has the same two entry points and is stateless, fed only a ``SeatView``
and a deterministic SplitMix64 stream for ties:
``choose_pass(view, rng) -> [3 card ids]`` and ``choose_play(view, rng) -> card id``.
"""

from __future__ import annotations

from games.engine.hearts.players.base import ComputerPlayer
from games.engine.hearts.players.easy import EasyPlayer
from games.engine.hearts.players.hard import HardPlayer
from games.engine.hearts.players.medium import MediumPlayer
from games.engine.hearts.players.planner import PlannerPlayer
from games.engine.hearts.players.random import RandomPlayer
from games.engine.hearts.players.searcher import SearcherPlayer
from games.engine.hearts.players.shooter import ShooterPlayer

SITE_LEVELS = ("easy", "medium", "hard")

REGISTRY: dict[str, ComputerPlayer] = {}


def register(player: ComputerPlayer) -> ComputerPlayer:
    REGISTRY[player.name] = player
    return player


def _without_watch(cls: type[ComputerPlayer]) -> ComputerPlayer:
    """The same level with the moon watch off (and Hard's defence rules dropped)."""
    variant = type(
        f"{cls.__name__}NoWatch",
        (cls,),
        {
            "name": f"{cls.name}-nowatch",
            "on_site": False,
            "moon_watch": False,
            **getattr(cls, "ignoring_moon", {}),
        },
    )
    return variant()


for _cls in (EasyPlayer, MediumPlayer, HardPlayer):
    register(_cls())
    register(_without_watch(_cls))
register(RandomPlayer())
register(ShooterPlayer())
register(PlannerPlayer())
register(SearcherPlayer())


def get_player(level: str) -> ComputerPlayer:
    try:
        return REGISTRY[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None


__all__ = ["REGISTRY", "SITE_LEVELS", "ComputerPlayer", "get_player", "register"]
