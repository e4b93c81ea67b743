"""Hearts: every change to a saved game goes through here (find, own, act, save: see
``games.services``).

Each action reads the game, applies, and writes it back in one UPDATE that holds only
while the game is still at the version read (``GameRows.save_if_unchanged``); a game's
end writes its statistics in the same transaction. Each carries the ``version`` of the game its page
showed: an action from an out-of-date page (a second tab, a repeated click), or one that
lost the race to another, is refused as ``STALE`` and changes nothing, so the player is
told the game had changed instead of a rule that only looks broken. The computers'
timed moves carry it too, so two refreshes racing never apply two moves for one.

Choosing cards for the pass is not a move (docs/rules.md#hearts-pass): "choose QS" /
"unchoose QS" is a set, not a toggle, so a repeat changes nothing, and it saves only the
choice — neither the version nor ``updated_at`` moves. The computers' timer keeps
running through the human's choosing (``updated_at`` is when the last step happened),
and a computer step never finds a selection made the version it carries out of date.
As choosing moves no version, it reads the game with its row locked, in a transaction,
so that two choices at once both count; so does passing, which reads the choice.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from cardsite import metrics
from games.engine import hearts as engine
from games.engine.hearts import HUMAN_SEAT
from games.models import HeartsGame, HeartsStats, Player
from games.services import Answer, UnreadableGame, Version, is_stale, locked_game, owned_game
from games.services.rows import GameRows

Refusal = engine.Refusal
HeartsAnswer = Answer[HeartsGame, engine.HeartsState]
# The table reads none of the player's settings: a move reads the game alone (the player
# is loaded only when a finished game's statistics are shown).
_ROWS = GameRows(HeartsGame)


def state_of(game: HeartsGame) -> engine.HeartsState:
    """The saved state; ``UnreadableGame`` when the row holds something else."""
    try:
        return engine.HeartsState.from_dict(game.state)
    except engine.HeartsError as error:
        raise UnreadableGame(game.pk) from error


def options_of(player: Player) -> engine.HeartsOptions:
    return engine.HeartsOptions(
        target=player.hearts_target,
        pass_order=player.hearts_pass_order,
        tie_rule=player.hearts_tie_rule,
    )


def find_game(*, game_id: uuid.UUID, player: Player | None) -> HeartsGame | None:
    """The game if ``player`` owns it; None for anyone else (the page is then a 404)."""
    return owned_game(HeartsGame.objects.all(), game_id=game_id, player=player)


def current_game(*, player: Player) -> HeartsGame | None:
    """The player's latest game that is not over."""
    return (
        HeartsGame.objects.filter(player=player)
        .exclude(phase=engine.Phase.GAME_OVER)
        .order_by("-updated_at")
        .first()
    )


def latest_game(*, player: Player) -> HeartsGame | None:
    """The player's most recently changed game, finished or not."""
    return HeartsGame.objects.filter(player=player).order_by("-updated_at").first()


def start_game(*, player: Player) -> HeartsGame:
    """A new game with the player's level and rule options; it counts as played now."""
    level = player.hearts_level
    seed = secrets.randbits(63)  # fits a signed 64-bit column should it ever need one
    state = engine.new_game(seed, options_of(player), (level, level, level))
    with transaction.atomic():
        game = HeartsGame.objects.create(
            player=player, level=level, state=state.to_dict(), phase=state.phase,
            score_display=player.hearts_score_display,
        )
        stats, _created = HeartsStats.objects.select_for_update().get_or_create(
            player=player, level=level
        )
        stats.games_played += 1
        stats.save(update_fields=["games_played"])
    metrics.game_started(metrics.HEARTS, level)
    return game


def update_options(
    *, player: Player, level: str, target: int, pass_order: str, tie_rule: str,
    score_display: str = Player.ScoreDisplay.POINTS,
) -> None:
    """Options for the next game; a game in progress keeps its own
    (docs/rules.md#hearts-options)."""
    player.hearts_level = level
    player.hearts_target = target
    player.hearts_pass_order = pass_order
    player.hearts_tie_rule = tie_rule
    player.hearts_score_display = score_display
    player.full_clean(exclude=["public_id"])
    player.save(
        update_fields=[
            "hearts_level", "hearts_target", "hearts_pass_order", "hearts_tie_rule",
            "hearts_score_display",
        ]
    )


# --- act: the human's actions and the computers' timed steps ----------------------------


@dataclass(frozen=True)
class Change:
    """What one action does to the saved game, for ``_save`` to write."""

    state: engine.HeartsState
    fields: tuple[str, ...] = ()  # the game's own columns the action set (chosen, lifted)
    # A move moves the version and ``updated_at``; choosing for the pass does neither
    # (see the module's docstring).
    is_move: bool = True


Apply = Callable[[HeartsGame, engine.HeartsState], Change | Refusal]


def choose(
    *, game_id: uuid.UUID, player_id: int | None, card: str, chosen: bool, version: Version
) -> HeartsAnswer | None:
    """Choose (or unchoose) a card of the hand for the pass; the engine says what may be."""

    def apply(game: HeartsGame, state: engine.HeartsState) -> Change:
        picked = engine.choose_for_pass(state, HUMAN_SEAT, game.chosen, card, chosen)
        game.chosen = list(picked)
        return Change(state, fields=("chosen",), is_move=False)

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply, lock=True)


def confirm_pass(
    *, game_id: uuid.UUID, player_id: int | None, version: Version
) -> HeartsAnswer | None:
    def apply(game: HeartsGame, state: engine.HeartsState) -> Change:
        new = engine.submit_pass(state, HUMAN_SEAT, game.chosen)
        game.chosen = []
        return Change(new, fields=("chosen",))

    # Locked as choosing is: the pass reads the choice, which a choice being saved at the
    # same moment changes without moving the version.
    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply, lock=True)


def lift(
    *, game_id: uuid.UUID, player_id: int | None, card: str, version: Version
) -> HeartsAnswer | None:
    """The first of the two taps that play a card: only a card the rules allow now."""

    def apply(game: HeartsGame, state: engine.HeartsState) -> Change | Refusal:
        if card not in engine.legal_plays(state, HUMAN_SEAT):
            return Refusal.NOT_PLAYABLE
        game.lifted = card
        return Change(state, fields=("lifted",))

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)


def play(
    *, game_id: uuid.UUID, player_id: int | None, card: str, version: Version
) -> HeartsAnswer | None:
    def apply(game: HeartsGame, state: engine.HeartsState) -> Change:
        new = engine.play_card(state, HUMAN_SEAT, card)
        game.lifted = ""
        return Change(new, fields=("lifted",))

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)


def next_deal(
    *, game_id: uuid.UUID, player_id: int | None, version: Version
) -> HeartsAnswer | None:
    def apply(game: HeartsGame, state: engine.HeartsState) -> Change:
        return Change(engine.next_deal(state))

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)


def advance(
    *, game_id: uuid.UUID, player_id: int | None, version: Version
) -> HeartsAnswer | None:
    """The timed refresh: apply exactly the one step that is due, if its version matches.

    The step is a computer's pass or card, or gathering a finished trick. When the human
    is due (or the deal is over) nothing happens and the chain of refreshes stops.
    Once the human has passed, the computers still to confirm do so together in this one
    step: they were choosing while the human did (docs/rules.md#hearts-pass), so the
    exchange never keeps a player who passed first waiting one timer per computer.
    """

    def apply(game: HeartsGame, state: engine.HeartsState) -> Change | Refusal:
        if state.phase == engine.Phase.TRICK_DONE:
            return Change(engine.collect_trick(state))
        if not engine.computer_due(state):
            return Refusal.NOTHING_DUE
        if state.phase == engine.Phase.PASS and _human_passed(state):
            while state.phase == engine.Phase.PASS:  # the last confirmation makes the exchange
                state = engine.computer_move(state)
            return Change(state)
        return Change(engine.computer_move(state))

    return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)


def _human_passed(state: engine.HeartsState) -> bool:
    return engine.seat_view(state, HUMAN_SEAT).passed[HUMAN_SEAT]


def _act(
    *, game_id: uuid.UUID, player_id: int | None, version: Version, apply: Apply,
    lock: bool = False,
) -> HeartsAnswer | None:
    """Own the game, check the version, apply, save. None when it is not this player's.

    ``lock``: read the game with its row locked, in a transaction (a change that moves no
    version: see the module's docstring)."""
    if lock:
        with transaction.atomic():
            game = locked_game(
                HeartsGame.objects.all(), game_id=game_id, player_id=player_id,
                with_player=False,
            )
            return _apply(game, version, apply)
    game = _ROWS.get(game_id=game_id, player_id=player_id) if player_id is not None else None
    answer = _apply(game, version, apply)
    if answer is _LOST_RACE:
        # Another request moved the game between its read and this write: nothing was
        # written. Read again, the version the request saw is now out of date: the game
        # as the other request left it answers, stale.
        return _act(game_id=game_id, player_id=player_id, version=version, apply=apply)
    return answer


_LOST_RACE = object()


def _apply(game: HeartsGame | None, version: Version, apply: Apply):
    """Check the version, apply, save: the answer, or ``_LOST_RACE`` when another request
    moved the game first."""
    if game is None:
        return None
    before = state_of(game)
    if is_stale(version, game):
        return Answer(game, before, problem=Refusal.STALE)
    try:
        change = apply(game, before)
    except engine.HeartsError as error:
        return Answer(game, before, problem=error.code)
    if isinstance(change, Refusal):
        return Answer(game, before, problem=change)
    ended = _save(game, change)
    if ended is None:
        return _LOST_RACE
    return Answer(game, change.state, stats_changed=ended)


# --- save --------------------------------------------------------------------------------


def _save(game: HeartsGame, change: Change) -> bool | None:
    """Save what changed if the game is still at the version read; True when the game
    ended and its result was counted, None when another request moved it first."""
    seen_version = game.version
    if not change.is_move:
        fields = list(change.fields)
        saved = _ROWS.save_if_unchanged(game, seen_version=seen_version, fields=fields)
        return False if saved else None
    state = change.state
    fields = ["state", "version", "phase", "updated_at", *change.fields]
    if state.phase != engine.Phase.PLAY and game.lifted:
        game.lifted = ""  # a lifted card falls back when the turn has passed
        fields.append("lifted")
    game.state = state.to_dict()
    game.version += 1
    game.phase = state.phase
    fields = list(dict.fromkeys(fields))
    ended = state.phase == engine.Phase.GAME_OVER and not game.result
    if not ended:
        if not _ROWS.save_if_unchanged(game, seen_version=seen_version, fields=fields):
            return None
        metrics.move(metrics.HEARTS)
        return False
    game.result = engine.result(state, HUMAN_SEAT)
    game.finished_at = timezone.now()
    fields += ["result", "finished_at"]
    with transaction.atomic():
        if not _ROWS.save_if_unchanged(game, seen_version=seen_version, fields=fields):
            return None
        _count_result(game)
    metrics.move(metrics.HEARTS)
    metrics.game_finished(metrics.HEARTS, str(game.result), game.level)
    return True


def _count_result(game: HeartsGame) -> None:
    """Only a finished game counts as a win, a loss or a draw, and adds its time."""
    stats, _created = HeartsStats.objects.select_for_update().get_or_create(
        player_id=game.player_id, level=game.level
    )
    if game.result == HeartsGame.Result.WIN:
        stats.wins += 1
    elif game.result == HeartsGame.Result.LOSS:
        stats.losses += 1
    else:
        stats.draws += 1
    stats.total_seconds += game.duration_seconds or 0
    stats.save()


def stats_for(*, player: Player | None) -> list[HeartsStats]:
    """One record per level (unsaved empty ones for levels never played), easy first."""
    found = {s.level: s for s in HeartsStats.objects.filter(player=player)} if player else {}
    return [
        found.get(level) or HeartsStats(player=player, level=level)
        for level in Player.HeartsLevel.values
    ]
