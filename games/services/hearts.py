"""Hearts: every change to a saved game goes through here.

Each action runs in one short transaction with the game's row locked, and carries the
``version`` of the game its page showed: an action from an out-of-date page (a second
tab, a repeated click) is refused as ``STALE`` and changes nothing, so the player is
told the game had changed instead of a rule that only looks broken. The computers'
timed moves carry it too, so two refreshes racing never apply two moves for one.

Choosing cards for the pass is not a move (SPEC §2): "choose QS" / "unchoose QS" is a
set, not a toggle, so a repeat changes nothing, and it saves only the choice — neither
the version nor ``updated_at`` moves. The computers' timer keeps running through the
human's choosing (``updated_at`` is when the last step happened), and a computer step
never finds a selection made the version it carries out of date.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from games.engine import hearts as engine
from games.models import HeartsGame, HeartsStats, Player
from games.services import Answer, UnreadableGame, Version, is_stale, locked_game

HUMAN_SEAT = 0
Refusal = engine.Refusal


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


def current_game(player: Player) -> HeartsGame | None:
    """The player's latest game that is not over."""
    return (
        HeartsGame.objects.filter(player=player)
        .exclude(phase=engine.Phase.GAME_OVER)
        .order_by("-updated_at")
        .first()
    )


def latest_game(player: Player) -> HeartsGame | None:
    """The player's most recently changed game, finished or not."""
    return HeartsGame.objects.filter(player=player).order_by("-updated_at").first()


def start_game(player: Player) -> HeartsGame:
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
    return game


def update_options(
    player: Player, *, level: str, target: int, pass_order: str, tie_rule: str,
    score_display: str = Player.ScoreDisplay.POINTS,
):
    """Options for the next game; a game in progress keeps its own (SPEC §2)."""
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


# --- The human's actions ----------------------------------------------------------------


def choose(game_id, player_id, card: str, chosen: bool, version: Version) -> Answer | None:
    """Choose (or unchoose) a card of the hand for the pass; the engine says what may be.

    Not a move: only the choice is saved (see the module's docstring)."""
    with transaction.atomic():
        game = locked_game(HeartsGame, game_id, player_id)
        if game is None:
            return None
        state = state_of(game)
        if is_stale(version, game):
            return Answer(game, state, problem=Refusal.STALE)
        try:
            picked = engine.choose_for_pass(state, HUMAN_SEAT, game.chosen, card, chosen)
        except engine.HeartsError as error:
            return Answer(game, state, problem=error.code)
        game.chosen = list(picked)
        game.save(update_fields=["chosen"])
        return Answer(game, state)


def confirm_pass(game_id, player_id, version: Version) -> Answer | None:
    def apply(game: HeartsGame, state: engine.HeartsState):
        new = engine.submit_pass(state, HUMAN_SEAT, game.chosen)
        game.chosen = []
        return new, None

    return _act(game_id, player_id, version, apply, extra_fields=("chosen",))


def lift(game_id, player_id, card: str, version: Version) -> Answer | None:
    """The first of the two taps that play a card: only a card the rules allow now."""

    def apply(game: HeartsGame, state: engine.HeartsState):
        if card not in engine.legal_plays(state, HUMAN_SEAT):
            return None, Refusal.NOT_PLAYABLE
        game.lifted = card
        return state, None

    return _act(game_id, player_id, version, apply, extra_fields=("lifted",))


def play(game_id, player_id, card: str, version: Version) -> Answer | None:
    def apply(game: HeartsGame, state: engine.HeartsState):
        new = engine.play_card(state, HUMAN_SEAT, card)
        game.lifted = ""
        return new, None

    return _act(game_id, player_id, version, apply, extra_fields=("lifted",))


def next_deal(game_id, player_id, version: Version) -> Answer | None:
    def apply(game: HeartsGame, state: engine.HeartsState):
        return engine.next_deal(state), None

    return _act(game_id, player_id, version, apply)


def advance(game_id, player_id, version: Version) -> Answer | None:
    """The timed refresh: apply exactly the one step that is due, if its version matches.

    The step is a computer's pass or card, or gathering a finished trick. When the human
    is due (or the deal is over) nothing happens and the chain of refreshes stops.
    Once the human has passed, the computers still to confirm do so together in this one
    step: they were choosing while the human did (SPEC §2), so the exchange never keeps
    a player who passed first waiting one timer per computer.
    """

    def apply(game: HeartsGame, state: engine.HeartsState):
        if state.phase == engine.Phase.TRICK_DONE:
            return engine.collect_trick(state), None
        if not engine.computer_due(state):
            return None, Refusal.NOTHING_DUE
        if state.phase == engine.Phase.PASS and _human_passed(state):
            while state.phase == engine.Phase.PASS:  # the last confirmation makes the exchange
                state = engine.computer_move(state)
            return state, None
        return engine.computer_move(state), None

    return _act(game_id, player_id, version, apply)


def _human_passed(state: engine.HeartsState) -> bool:
    return engine.seat_view(state, HUMAN_SEAT).passed[HUMAN_SEAT]


# --- The one place that locks, applies and saves -----------------------------------------


Apply = Callable[[HeartsGame, engine.HeartsState], tuple[engine.HeartsState | None, str | None]]


def _act(game_id, player_id, version: Version, apply: Apply, extra_fields=()) -> Answer | None:
    """Lock, check the version, apply, save. None when the game is not this player's."""
    with transaction.atomic():
        # The table reads none of the player's settings: the player is loaded only when
        # a finished game's statistics are shown.
        game = locked_game(HeartsGame, game_id, player_id, with_player=False)
        if game is None:
            return None
        before = state_of(game)
        if is_stale(version, game):
            return Answer(game, before, problem=Refusal.STALE)
        try:
            after, problem = apply(game, before)
        except engine.HeartsError as error:
            return Answer(game, before, problem=error.code)
        if after is None:
            return Answer(game, before, problem=problem)
        return Answer(game, after, stats_changed=_save(game, after, extra_fields))


def _save(game: HeartsGame, state: engine.HeartsState, extra_fields) -> bool:
    """Save the new state; True when the game ended and its result was counted."""
    fields = ["state", "version", "phase", "updated_at", *extra_fields]
    if state.phase != engine.Phase.PLAY and game.lifted:
        game.lifted = ""  # a lifted card falls back when the turn has passed
        fields.append("lifted")
    game.state = state.to_dict()
    game.version += 1
    game.phase = state.phase
    ended = state.phase == engine.Phase.GAME_OVER and not game.result
    if ended:
        game.result = engine.result(state, HUMAN_SEAT)
        game.finished_at = timezone.now()
        fields += ["result", "finished_at"]
        _count_result(game)
    game.save(update_fields=list(dict.fromkeys(fields)))
    return ended


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


def stats_for(player: Player | None) -> list[HeartsStats]:
    """One record per level (unsaved empty ones for levels never played), easy first."""
    found = {s.level: s for s in HeartsStats.objects.filter(player=player)} if player else {}
    return [
        found.get(level) or HeartsStats(player=player, level=level)
        for level in Player.HeartsLevel.values
    ]
