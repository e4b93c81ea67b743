"""The Examples page: a won game replayed move by move, its line proved by the solver."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from games.views.game_pages import render_page_or_partial
from games.views.requests import HtmxHttpRequest

from .heart_markup import heart_context
from .text import card_name


@dataclass(frozen=True)
class ExampleMove:
    number: int
    taps: tuple  # the taps that make this move (one stock tap, or the two cards of a pair)
    kind: str  # engine.FLIPPED, REDEALT or PAIRED
    ranks: tuple[str, ...]  # the pair's rank(s), or the card turned


@lru_cache(maxsize=1)
def example_game() -> tuple[tuple[ExampleMove, ...], tuple[engine.GameState, ...]]:
    """The moves, and the state after each move (index 0 = the deal).

    Solved once per process: an offline proof that the line wins, replayed through the
    engine so that every state shown is one the rules reach.
    """
    solution = solve_code(EXAMPLE_CODE)
    start = engine.new_game(EXAMPLE_CODE)
    state, states, moves, pending = start, [start], [], []
    for target in solution.line:
        outcome = engine.tap(state, target)
        state = outcome.state
        pending.append(target)
        if outcome.is_move:
            if outcome.kind == engine.PAIRED:
                pos = next(tap for tap in pending if isinstance(tap, int))
                ranks = (state.layout[pos - 1],)
            elif outcome.kind == engine.FLIPPED:
                ranks = (state.waste[-1],)
            else:
                ranks = ()
            moves.append(ExampleMove(len(moves) + 1, tuple(pending), outcome.kind, ranks))
            states.append(state)
            pending = []
    if not state.won:
        raise RuntimeError(f"the solver's line for {EXAMPLE_CODE} does not win")
    return tuple(moves), tuple(states)


def describe(move: ExampleMove) -> str:
    """The step in words. The board shows no positions, so the words name the cards and
    the board marks the ones the step moved (``touched``)."""
    if move.kind == engine.FLIPPED:
        return _("Turn a card: %(card)s") % {"card": card_name(move.ranks[0])}
    if move.kind == engine.REDEALT:
        return _("Turn the waste back into the stock")
    card = card_name(move.ranks[0])
    if engine.WASTE in move.taps:
        return _("Pair %(card)s in the heart with the one on the waste") % {"card": card}
    return _("Pair %(card)s with another in the heart") % {"card": card}


def touched(move: ExampleMove | None) -> dict:
    """What the step moved, for the board to mark: the heart's positions, the piles. A
    pile the step empties is marked too (a redeal's waste, the waste's last card paired,
    the stock's last card turned): its empty place shows where the cards went from."""
    if move is None:
        return {"positions": frozenset(), "waste": False, "stock": False}
    positions = frozenset(tap for tap in move.taps if isinstance(tap, int))
    return {
        "positions": positions,
        "waste": move.kind in (engine.FLIPPED, engine.REDEALT) or engine.WASTE in move.taps,
        "stock": move.kind in (engine.FLIPPED, engine.REDEALT),
    }


@require_safe
def examples(request: HtmxHttpRequest) -> HttpResponse:
    """The page, or with htmx only the stepping part (``_example.html``): Forward and Back
    step in place, with no reload and no jump of the scroll position."""
    moves, states = example_game()
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    step = max(0, min(step, len(moves)))
    board = engine.view(states[step])
    current = moves[step - 1] if step else None
    marks = touched(current)
    return render_page_or_partial(
        request,
        page="games/heart_to_heart/examples.html",
        partial="games/heart_to_heart/_example.html",
        context={
            "code": EXAMPLE_CODE,
            "board": board,
            **heart_context(board, help=False, interactive=False, touched=marks["positions"],
                            stock_touched=marks["stock"], waste_touched=marks["waste"]),
            "step": step,
            "last": len(moves),
            "moves": [(move, describe(move)) for move in moves],
            "current": current,
            "current_text": describe(current) if current else "",
            "help": False,
        },
    )
