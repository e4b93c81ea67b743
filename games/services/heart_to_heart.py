"""Heart to Heart: every change to a saved game goes through here (find, own, act, save:
see ``games.services``).

Each action reads the game, applies the tap, and writes it back in one UPDATE that holds
only while the game is still at the version read (``GameRows.save_if_unchanged``); a
first move or a win writes the statistics in the same transaction. A request carries
the game's ``version``; a stale or repeated request, or one that lost the race to
another, is answered with the current board and changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from cardsite import metrics
from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import DealCode, parse_code, random_code
from games.models import HeartToHeartGame, HeartToHeartStats, Player
from games.services import Answer, UnreadableGame, Version, is_stale, owned_game
from games.services.rows import GameRows

HeartToHeartAnswer = Answer[HeartToHeartGame, engine.GameState]
# A move reads the game with its player (whose settings shape the answer: a join) and
# the newest game of that player (``replaced_by``), in one query.
_ROWS = GameRows(HeartToHeartGame, player=True, newest=True)
Apply = Callable[[engine.GameState], engine.TapOutcome]


def state_of(game: HeartToHeartGame) -> engine.GameState:
    """The saved state; ``UnreadableGame`` when the row holds something else."""
    try:
        return engine.GameState.from_dict(game.state)
    except engine.HeartToHeartError as error:
        raise UnreadableGame(game.pk) from error


def _games_with_newest() -> QuerySet[HeartToHeartGame]:
    """Games with ``newest_game_id``: the owner's newest game if it is newer than this one.

    A player plays one Heart to Heart game at a time: a game is *replaced* as soon as a
    newer one of the same player exists (New game, Restart this deal, a deal-code link,
    another tab). Worked out when the game is read, in the same query, rather than marked
    when the newer game is made: it stays true however and wherever a game comes into
    being, and needs no column.
    """
    newer = (
        HeartToHeartGame.objects.filter(
            player_id=OuterRef("player_id"), created_at__gt=OuterRef("created_at")
        )
        .order_by("-created_at")
        .values("pk")[:1]
    )
    return HeartToHeartGame.objects.annotate(newest_game_id=Subquery(newer))


def replaced_by(game: HeartToHeartGame) -> uuid.UUID | None:
    """The id of the game that replaced this one (the owner's newest); None if none did."""
    return getattr(game, "newest_game_id", None)


def find_game(*, game_id: uuid.UUID, player: Player | None) -> HeartToHeartGame | None:
    """The game if ``player`` owns it; None for anyone else (the page is then a 404)."""
    return owned_game(_games_with_newest(), game_id=game_id, player=player)


def shared_deal(*, game_id: uuid.UUID) -> DealCode | None:
    """The deal of a game, whoever owns it: what a game's address shows to anyone but its
    owner (the deal, fresh; never the game). None when there is no such game."""
    code = HeartToHeartGame.objects.filter(pk=game_id).values_list("deal_code", flat=True)
    text = code.first()
    return parse_code(text) if text is not None else None


def current_game(*, player: Player) -> HeartToHeartGame | None:
    """The player's newest game unless it is won (a stalemate can still be undone).

    Never an older game: the newest one replaced it."""
    game = HeartToHeartGame.objects.filter(player=player).order_by("-created_at").first()
    if game is None or game.status == HeartToHeartGame.Status.WON:
        return None
    return game


def fresh_code(*, player: Player | None) -> DealCode:
    """The code of a new random deal (class W with "winnable only"), nothing saved."""
    return random_code("W" if player is not None and player.h2h_winnable_only else "N")


def start_game(*, player: Player, code: DealCode | None = None) -> HeartToHeartGame:
    """A fresh game of ``code``, or of a new random deal (class W with "winnable only")."""
    state = engine.new_game(code if code is not None else fresh_code(player=player))
    return HeartToHeartGame.objects.create(
        player=player,
        deal_code=state.code,
        state=state.to_dict(),
        status=state.status,  # some N deals are stuck before the first move
    )


def pending_game(
    *, player: Player | None, code: DealCode, game_id: uuid.UUID | None = None
) -> tuple[HeartToHeartGame, engine.GameState]:
    """A deal shown before anyone plays it: an UNSAVED game and its fresh state.

    GET is safe: a deal-code URL draws this, and the game only comes into being with
    the first tap (``tap`` with the ``code``), under the id chosen here. A visitor the
    site has not met gets an unsaved ``Player`` with the default settings.
    """
    state = engine.new_game(code)
    game = HeartToHeartGame(
        player=player if player is not None else Player(),
        deal_code=state.code,
        state=state.to_dict(),
        status=state.status,
    )
    if game_id is not None:
        game.pk = game_id
    return game, state


def is_pending(game: HeartToHeartGame) -> bool:
    """The game is only shown, not saved yet."""
    return game._state.adding


def restart(*, game_id: uuid.UUID, player: Player) -> HeartToHeartGame | None:
    """Restart this deal: a new game of the same code (the old one stays as it was).

    A game already replaced is not restarted again (a double click, or the button of a
    page reached with Back): the answer is its replacement if that is the same deal,
    else the replaced game itself, whose page says what happened."""
    game = find_game(game_id=game_id, player=player)
    if game is None:
        return None
    newest = replaced_by(game)
    if newest is not None:
        replacement = find_game(game_id=newest, player=player)
        if replacement is not None and replacement.deal_code == game.deal_code:
            return replacement
        return game
    return start_game(player=player, code=parse_code(game.deal_code))


# --- act ---------------------------------------------------------------------------------


def tap(
    *, game_id: uuid.UUID, player_id: int | None, target: str, version: Version,
    code: DealCode | None = None, token: str = "",
) -> HeartToHeartAnswer | None:
    """A tap on a card or the stock. None when the game is not this player's to change.

    ``code`` comes with a tap on a deal shown fresh (its page drew an unsaved game under
    ``game_id``): when no game has that id yet, this first tap creates it — and its
    player, for a visitor the site has not met — and applies the tap, all in one
    transaction. A tap that changes nothing (a covered card) or is refused creates
    nothing: the answer holds the pending game again. The answer's ``game.player`` is
    then the owner, new or not, for the page to remember. ``token`` is the page's
    ``first_tap_token``: it lets the twin of a double-clicked first tap find its game.
    """
    def apply(state: engine.GameState) -> engine.TapOutcome:
        return engine.tap(state, target)

    answer = _act(game_id=game_id, player_id=player_id, version=version, apply=apply)
    if answer is None and code is not None:
        return _first_tap(
            game_id=game_id, player_id=player_id, code=code, version=version, apply=apply,
            token=token,
        )
    return answer


def undo(
    *, game_id: uuid.UUID, player_id: int | None, version: Version
) -> HeartToHeartAnswer | None:
    def apply(state: engine.GameState) -> engine.TapOutcome:
        return engine.TapOutcome(engine.undo(state), engine.UNDONE)

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)


def _first_tap(
    *, game_id: uuid.UUID, player_id: int | None, code: DealCode, version: Version,
    apply: Apply, token: str,
) -> HeartToHeartAnswer | None:
    """See ``tap``. None when the id is already another visitor's game."""
    if HeartToHeartGame.objects.filter(pk=game_id).exists():
        return _twin_of_first_tap(game_id=game_id, player_id=player_id, code=code, token=token)
    player = Player.objects.filter(pk=player_id).first() if player_id is not None else None
    pending, before = pending_game(player=player, code=code, game_id=game_id)
    try:
        outcome = apply(before)
    except engine.HeartToHeartError as error:
        return Answer(pending, before, problem=error.code)
    if outcome.state == before:
        return Answer(pending, before, kind=outcome.kind)
    try:
        with transaction.atomic():
            owner = player if player is not None else Player.objects.create()
            game = HeartToHeartGame.objects.create(
                id=game_id, player=owner, deal_code=before.code, state=before.to_dict(),
                status=before.status,
            )
            stats_changed = _save(game, before=before, after=outcome.state)
    except IntegrityError:
        # The same first tap, twice at once: the other request created the game first.
        if player is not None:  # the owner's repeat: stale, as any repeated tap is
            return _act(game_id=game_id, player_id=player.pk, version=version, apply=apply)
        return _twin_of_first_tap(game_id=game_id, player_id=None, code=code, token=token)
    return Answer(game, outcome.state, kind=outcome.kind, stats_changed=stats_changed)


# How long after a first tap its twin (the second click of a double click, sent before
# the first answer could set the player's cookie) is still answered as the same visitor.
TWIN_SECONDS = 30
# A game's version once its first move is saved (a game is created at version 1).
FIRST_MOVE_VERSION = 2
_FIRST_TAP_SALT = "cardsite.heart_to_heart.first-tap"


def first_tap_token(*, game_id: uuid.UUID) -> str:
    """A signed proof, sent only in the page that drew the fresh deal under ``game_id``,
    that a first tap comes from that page (and not from whoever learns the game's address
    once it is shared)."""
    return signing.Signer(salt=_FIRST_TAP_SALT).sign(str(game_id))


def _from_the_first_page(game_id: uuid.UUID, token: str) -> bool:
    try:
        return signing.Signer(salt=_FIRST_TAP_SALT).unsign(token) == str(game_id)
    except signing.BadSignature:
        return False


def _twin_of_first_tap(
    *, game_id: uuid.UUID, player_id: int | None, code: DealCode, token: str
) -> HeartToHeartAnswer | None:
    """Two identical first taps at once, without JavaScript (a double click): the first
    created the game and a player, but the second left before the first's answer could
    set the cookie, so it names no player. It is answered as the same visitor — the game
    as the first tap left it, nothing applied twice, and its owner for the page to
    remember — when it comes from the page that drew the deal (``token``), before any
    other move, and within ``TWIN_SECONDS``. Anything else is another visitor's game."""
    if player_id is not None or not _from_the_first_page(game_id, token):
        return None
    since = timezone.now() - timedelta(seconds=TWIN_SECONDS)
    game = (
        _games_with_newest().select_related("player")
        .filter(pk=game_id, deal_code=str(code), version=FIRST_MOVE_VERSION, created_at__gte=since)
        .first()
    )
    if game is None:
        return None
    return Answer(game, state_of(game))


def _act(
    *, game_id: uuid.UUID, player_id: int | None, version: Version, apply: Apply
) -> HeartToHeartAnswer | None:
    """Own the game, check the version, apply, save. None when it is not this player's."""
    game = _ROWS.get(game_id=game_id, player_id=player_id) if player_id is not None else None
    if game is None:
        return None
    before = state_of(game)
    if replaced_by(game) is not None:  # before the version: the more useful reason
        return Answer(game, before, problem=engine.Refusal.REPLACED)
    if is_stale(version, game):
        return Answer(game, before, problem=engine.Refusal.STALE)
    try:
        outcome = apply(before)
    except engine.HeartToHeartError as error:
        return Answer(game, before, problem=error.code)
    if outcome.state == before:
        return Answer(game, before, kind=outcome.kind)
    stats_changed = _save(game, before=before, after=outcome.state)
    if stats_changed is None:
        # Another request moved the game between its read and this write: nothing was
        # written. Read again, the version the request saw is now out of date: the game
        # as the other request left it answers (stale, as any repeated tap is).
        return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)
    return Answer(game, outcome.state, kind=outcome.kind, stats_changed=stats_changed)


# --- save --------------------------------------------------------------------------------


def _save(
    game: HeartToHeartGame, *, before: engine.GameState, after: engine.GameState
) -> bool | None:
    """Save the new state if the game is still at the version read; True when the
    player's statistics moved too, None when another request moved the game first."""
    now = timezone.now()
    fields = ["state", "version", "status", "score", "moves", "updated_at"]
    first_move = game.started_at is None and after.moves > before.moves
    if first_move:
        game.started_at = now
        fields.append("started_at")
    status = after.status
    if status == HeartToHeartGame.Status.PLAYING and game.finished_at is not None:
        game.finished_at = None  # undone out of a stalemate: the clock runs again
        fields.append("finished_at")
    elif status != HeartToHeartGame.Status.PLAYING and game.finished_at is None and game.started_at:
        game.finished_at = now
        fields.append("finished_at")
    seen_version = game.version
    game.state = after.to_dict()
    game.version += 1
    game.status = status
    game.score = after.score
    game.moves = after.moves
    won = status == HeartToHeartGame.Status.WON
    if not (first_move or won):
        if not _ROWS.save_if_unchanged(game, seen_version=seen_version, fields=fields):
            return None
        metrics.move(metrics.HEART_TO_HEART)
        return False
    with transaction.atomic():
        if not _ROWS.save_if_unchanged(game, seen_version=seen_version, fields=fields):
            return None
        _count(game, first_move=first_move, won=won)
    metrics.move(metrics.HEART_TO_HEART)
    if first_move:
        metrics.game_started(metrics.HEART_TO_HEART)
    if won:
        metrics.game_finished(metrics.HEART_TO_HEART, "won")
    return True


def _count(game: HeartToHeartGame, *, first_move: bool, won: bool) -> None:
    """Statistics: a game is played from its first move; a win is final, so counted once."""
    stats, _created = HeartToHeartStats.objects.select_for_update().get_or_create(
        player_id=game.player_id
    )
    if first_move:
        stats.games_played += 1
    if won:
        stats.games_won += 1
        seconds = game.elapsed_seconds or 0
        if stats.best_time_seconds is None or seconds < stats.best_time_seconds:
            stats.best_time_seconds = seconds
        if stats.fewest_moves is None or game.moves < stats.fewest_moves:
            stats.fewest_moves = game.moves
    stats.save()


def stats_for(*, player: Player | None) -> HeartToHeartStats:
    """The player's record (an unsaved empty one before the first game)."""
    if player is None or player.pk is None:
        return HeartToHeartStats()
    return HeartToHeartStats.objects.filter(player=player).first() or HeartToHeartStats(
        player=player
    )


# The player's Heart to Heart settings, as named on the model (and in its settings form).
SETTINGS = ("h2h_winnable_only", "h2h_move_errors", "h2h_placement_help")


def update_settings(*, player: Player, cleaned_data: Mapping[str, Any]) -> None:
    """Save the settings a valid settings form read (other keys are not settings)."""
    for name in SETTINGS:
        setattr(player, name, bool(cleaned_data[name]))
    player.save(update_fields=list(SETTINGS))
