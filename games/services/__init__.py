"""The only layer that joins models and engines: lock, apply, save, count statistics.

What both games' services share lives here: finding a game its owner may see, locking
it for a change, the answer an action gives, and what a request's ``version`` means.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from django.db.models import Model, QuerySet


class Unversioned(Enum):
    """An action that is safe to repeat and so skips the version check, said out loud."""

    UNVERSIONED = "unversioned"


UNVERSIONED = Unversioned.UNVERSIONED
# What a request says of the game it saw: a version number; None when it sent none (or
# sent garbage), which is treated as out of date; or UNVERSIONED, passed by the service
# itself for the few actions that are idempotent by design.
Version = int | None | Unversioned


class UnreadableGame(Exception):
    """A saved game whose state the engine cannot read (hand-edited, or from a future
    format). The pages answer a clear page instead of a server error."""

    def __init__(self, game_id) -> None:
        super().__init__(f"game {game_id}: the saved state cannot be read")
        self.game_id = game_id


def is_stale(version: Version, game: Model) -> bool:
    """The request saw another version of the game than the one saved (or named none)."""
    return version is not UNVERSIONED and version != game.version


@dataclass(frozen=True)
class Answer:
    """What an action did: the game as saved, the state now, and why not if refused."""

    game: Any  # the game's model instance
    state: Any  # the game's engine state
    problem: StrEnum | None = None  # a Refusal when nothing was applied
    kind: str | None = None  # what happened, for games whose engine names outcomes
    stats_changed: bool = False  # the owner's statistics moved: pages refresh them


Games = type[Model] | QuerySet
# A game model, or a queryset of it when a game's service wants more on the same row
# (an annotation, say) in the one query that finds the game.


def _games(source: Games) -> QuerySet:
    return source if isinstance(source, QuerySet) else source._default_manager.all()


def owned_game(model: Games, game_id: uuid.UUID, player) -> Model | None:
    """The game if it exists and belongs to ``player``; for anyone else (or nobody), None.

    Every page of a game is looked up through here, so another visitor gets a 404."""
    if player is None:
        return None
    game = _games(model).filter(pk=game_id, player=player).first()
    if game is not None:
        game.player = player  # the caller has it already: spare the page a second query
    return game


def locked_game(
    model: Games, game_id: uuid.UUID, player_id: int | None, *, with_player: bool = True
) -> Model | None:
    """Inside a transaction: the player's game, its row locked until the transaction ends.

    ``select_for_update`` locks the row on PostgreSQL; on SQLite the IMMEDIATE transaction
    already holds the write lock. The player comes along when its settings shape the
    answer (``with_player``; joining its columns costs about 0.1 ms a move), but only the
    game is locked.
    """
    if player_id is None:
        return None
    games = _games(model)
    if with_player:
        games = games.select_related("player")
    # get(), not first(): first() would sort by the model's ordering (a sort, and about
    # 0.3 ms of query compiling, on every move) to pick one row of at most one.
    try:
        return games.select_for_update(of=("self",)).get(pk=game_id, player_id=player_id)
    except games.model.DoesNotExist:
        return None
