"""Two players joined by a sign-in, each with a game in progress of the same kind: which
one goes on (docs/passkeys.md#merge, docs/rules.md#joined-games).

A player plays one game of each kind at a time: the Heart to Heart game in progress is
the newest, the Hearts one the last played. Joining two players would leave one of two
games in progress behind, so the person signing in chooses which goes on (``Clash``);
the other is left the way a game abandoned for a new one is left: its statistics stay
as they are (played, never lost), a Heart to Heart game says a newer one replaced it,
and a Hearts game is no longer the one the Hearts page resumes. Everything here runs in
``keeping.sign_in``'s transaction, with both players' rows locked, so the games compared
are the games joined.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.utils import timezone

from games.engine import hearts as hearts_engine
from games.engine.heart_to_heart import LAYOUT_SIZE
from games.models import HeartsGame, HeartToHeartGame
from games.services import UnreadableGame
from games.services import heart_to_heart as h2h_service
from games.services import hearts as hearts_service


class Kind(StrEnum):
    HEART_TO_HEART = "heart-to-heart"
    HEARTS = "hearts"


@dataclass(frozen=True)
class Unfinished:
    """A game in progress as its player knows it."""

    kind: Kind
    id: uuid.UUID
    version: int
    on_this_device: bool  # the browser's own player's, not the player signed in to
    progress: tuple[int, ...]  # larger is further on (compared within a kind only)
    deal_code: str = ""  # Heart to Heart
    moves: int = 0
    left_in_heart: int = 0
    deal_number: int = 0  # Hearts
    totals: tuple[int, ...] = ()  # Hearts: You, Computer 1, 2, 3

    @property
    def seen(self) -> str:
        """What a choice form carries of this game, to tell whether it moved on since."""
        return f"{self.id}:{self.version}"


@dataclass(frozen=True)
class Clash:
    """Both players have a game of ``kind`` in progress: one of the two goes on."""

    kind: Kind
    games: tuple[Unfinished, Unfinished]  # the player's signed in to, then this device's

    @property
    def further(self) -> Unfinished:
        """The game with more progress (the player's signed in to on a tie): the default."""
        signed_in, device = self.games
        return device if device.progress > signed_in.progress else signed_in


@dataclass(frozen=True)
class Kept:
    """What became of the games of one kind: ``kept`` goes on, ``left`` (if any) is left
    as an abandoned game."""

    kept: Unfinished
    left: Unfinished | None = None


def _heart_to_heart(player_id: int, *, on_this_device: bool) -> Unfinished | None:
    game = (HeartToHeartGame.objects.select_for_update().filter(player_id=player_id)
            .order_by("-created_at").first())
    if game is None or game.status == HeartToHeartGame.Status.WON:
        return None
    try:
        removed = h2h_service.state_of(game).removed_count
    except UnreadableGame:
        return None  # nobody can play it: nothing to choose
    return Unfinished(
        kind=Kind.HEART_TO_HEART, id=game.pk, version=game.version,
        on_this_device=on_this_device, progress=(removed, game.moves),
        deal_code=game.deal_code, moves=game.moves, left_in_heart=LAYOUT_SIZE - removed,
    )


def _hearts(player_id: int, *, on_this_device: bool) -> Unfinished | None:
    game = (HeartsGame.objects.select_for_update().filter(player_id=player_id)
            .exclude(phase=hearts_engine.Phase.GAME_OVER).order_by("-updated_at").first())
    if game is None:
        return None
    try:
        state = hearts_service.state_of(game)
    except UnreadableGame:
        return None  # nobody can play it: nothing to choose
    return Unfinished(
        kind=Kind.HEARTS, id=game.pk, version=game.version, on_this_device=on_this_device,
        progress=(state.deal_number, state.cards_played, game.version),
        deal_number=state.deal_number, totals=tuple(state.totals),
    )


_FINDERS = {Kind.HEART_TO_HEART: _heart_to_heart, Kind.HEARTS: _hearts}


def in_progress(*, target_id: int, source_id: int) -> dict[Kind, tuple[Unfinished | None, ...]]:
    """Each kind's game in progress of the player signed in to and of this device's
    player (rows locked: a move waits until the join is done)."""
    return {kind: (find(target_id, on_this_device=False), find(source_id, on_this_device=True))
            for kind, find in _FINDERS.items()}


def clashes(*, games: Mapping[Kind, tuple[Unfinished | None, ...]]) -> tuple[Clash, ...]:
    return tuple(Clash(kind, (mine, theirs)) for kind, (mine, theirs) in games.items()
                 if mine is not None and theirs is not None)


def same_games(*, found: tuple[Clash, ...], seen: frozenset[str]) -> bool:
    """The choice was made on these games as they are now (``Unfinished.seen``)."""
    return {game.seen for clash in found for game in clash.games} == seen


def settled(*, found: tuple[Clash, ...], keep: Mapping[str, str], seen: frozenset[str]) -> bool:
    """The choice answers exactly these clashes: made on these games as they are now, it
    names one of the two of each kind (``keep``: kind -> game id)."""
    return same_games(found=found, seen=seen) and all(
        keep.get(clash.kind) in {str(game.id) for game in clash.games} for clash in found)


def keep_going(*, games: Mapping[Kind, tuple[Unfinished | None, ...]], target_id: int,
               keep: Mapping[str, str]) -> tuple[Kept, ...]:
    """After the join (every game is ``target_id``'s now): of each kind, the chosen game,
    or the only one, is the one in progress; the other is left as a game abandoned for a
    new one. A Heart to Heart game goes on when it is the player's newest, a Hearts game
    when it is the last played: the one kept is made so, the other's row is untouched."""
    now = timezone.now()
    outcome = []
    for kind, pair in games.items():
        present = [game for game in pair if game is not None]
        if not present:
            continue
        kept = next((game for game in present if str(game.id) == keep.get(kind)), present[0])
        left = next((game for game in present if game is not kept), None)
        if kind == Kind.HEART_TO_HEART:
            created = HeartToHeartGame.objects.filter(pk=kept.id).values("created_at")
            newer = HeartToHeartGame.objects.filter(player_id=target_id,
                                                    created_at__gt=created[:1])
            if newer.exists():  # a newer game, even a won one, would replace it
                HeartToHeartGame.objects.filter(pk=kept.id).update(created_at=now)
        elif left is not None:
            HeartsGame.objects.filter(pk=kept.id).update(updated_at=now)
        outcome.append(Kept(kept=kept, left=left))
    return tuple(outcome)
