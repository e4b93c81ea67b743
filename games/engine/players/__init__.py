"""The computer players, by level name.

``SITE_LEVELS`` are the levels a person can choose on the site. The others exist for
measurement: ``random`` (the floor), ``shooter`` (goes for the moon, to measure the
moon defence; never offered on the site) and ``<level>-nowatch`` (a level with the
moon watch switched off: "a table that ignores the moon").

Every player has the same two entry points, fed only a ``SeatView`` and a
deterministic SplitMix64 stream for ties:
``choose_pass(view, rng) -> [3 card ids]`` and ``choose_play(view, rng) -> card id``.
"""

from __future__ import annotations

from games.engine.players.base import Player
from games.engine.players.random import RandomPlayer

SITE_LEVELS = ("easy", "medium", "hard")

REGISTRY: dict[str, Player] = {}


def register(player: Player) -> Player:
    REGISTRY[player.name] = player
    return player


register(RandomPlayer())


def get_player(level: str) -> Player:
    try:
        return REGISTRY[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None


__all__ = ["REGISTRY", "SITE_LEVELS", "Player", "get_player", "register"]
