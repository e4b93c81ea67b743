"""The only layer that joins models and engines: find, own, act, save.

Both games' service modules have one shape (docs/architecture.md#one-shape):

- **find** — ``find_game(game_id=, player=)``: a game its owner may see, for a page;
  anyone else (or nobody) gets None, which the page answers with a 404.
- **own** — ``GameRows.get`` (``games.services.rows``): the owner's game as saved, read
  in one query; or, for the rare change that moves no version (and what reads it),
  ``locked_game``: inside a transaction, with its row locked.
- **act** — each action (``tap``, ``play``, ``choose`` …) gives ``_act`` what to apply;
  ``_act`` owns the game, checks the version the request saw, applies the engine's move
  and answers an ``Answer``: the change, or why nothing changed.
- **save** — ``_save`` writes the new state and moves the version in one UPDATE that
  holds only while the version is still the one read (``GameRows.save_if_unchanged``),
  and counts statistics in the same transaction when they move. A move is thus two round trips (its
  read, its write), with no transaction of its own: a request that lost the race to
  another finds nothing written and answers the game as the winner left it.

Every verb takes keyword-only arguments, so a game id is never passed where a player id
belongs. What both games share is here.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from django.db.models import Model, QuerySet

GameT = TypeVar("GameT", bound=Model)
StateT = TypeVar("StateT")

# The version a request says it saw; None when it sent none (or garbage), which is treated
# as out of date, so a form without one can never change a game.
Version = int | None


class UnreadableGame(Exception):
    """A saved game whose state the engine cannot read (hand-edited, or from a future
    format). The pages answer a clear page instead of a server error."""

    def __init__(self, game_id: uuid.UUID) -> None:
        super().__init__(f"game {game_id}: the saved state cannot be read")
        self.game_id = game_id


def is_stale(version: Version, game: Model) -> bool:
    """The request saw another version of the game than the one saved (or named none)."""
    return version != game.version


@dataclass(frozen=True)
class Answer(Generic[GameT, StateT]):
    """What an action did: the game as saved, the state now, and why not if refused."""

    game: GameT
    state: StateT
    problem: StrEnum | None = None  # the game's Refusal when nothing was applied
    kind: str | None = None  # what happened, for games whose engine names outcomes
    stats_changed: bool = False  # the owner's statistics moved: pages refresh them


ValueT = TypeVar("ValueT")


@dataclass(frozen=True)
class Outcome(Generic[ValueT]):
    """What a keeping service did (passkeys, link codes, signing in): the ``value`` it
    made or found, or why nothing changed (``problem``, a ``keeping.Problem``). The
    keeping pages word each problem once (games/views/keeping/refusals.py). A problem
    may come with a value that says more (the games to choose between)."""

    value: ValueT | None = None
    problem: StrEnum | None = None


def owned_game(games: QuerySet[GameT], *, game_id: uuid.UUID, player) -> GameT | None:
    """find: the game if it exists and belongs to ``player``; for anyone else, None.

    ``games`` is the game's queryset, so a service can bring more of the same row (an
    annotation, say) in the one query that finds it."""
    if player is None or player.pk is None:
        return None
    game = games.filter(pk=game_id, player=player).first()
    if game is not None:
        game.player = player  # the caller has it already: spare the page a second query
    return game


def locked_game(
    games: QuerySet[GameT], *, game_id: uuid.UUID, player_id: int | None, with_player: bool
) -> GameT | None:
    """own: inside a transaction, the player's game, its row locked until the end of it.

    ``select_for_update`` locks the row on PostgreSQL; on SQLite the IMMEDIATE transaction
    already holds the write lock. The player comes along when its settings shape the
    answer (``with_player``: a join, cheaper than a second query), but only the game is
    locked.
    """
    if player_id is None:
        return None
    if with_player:
        games = games.select_related("player")
    # get(), not first(): first() would sort by the model's ordering (a sort, and the
    # compiling of it, on every move) to pick one row of at most one.
    try:
        return games.select_for_update(of=("self",)).get(pk=game_id, player_id=player_id)
    except games.model.DoesNotExist:
        return None

