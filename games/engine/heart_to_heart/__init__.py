"""Heart to Heart, the solitaire of pairs (docs/rules.md#h2h): the package's public face.

Modules, each importing only those above it:

* ``layout``     the heart's shape: positions, what covers what
* ``rules``      the state, taps, undo, end states, JSON
* ``board``      what a page draws, derived from a state (never the stock's order)
* ``solver``     offline: is a deal winnable, and a winning line
* ``deal_codes`` ``HH1-N-AAAAAAM`` codes, the deal algorithm, a fresh game of a code

Services and views use the names below; the modules' ``_private`` names stay inside.
"""

from games.engine.heart_to_heart.board import BoardView, SlotView, view
from games.engine.heart_to_heart.deal_codes import (
    EXAMPLE_CODE,
    SEED_LETTERS,
    CodeProblem,
    DealCode,
    DealCodeError,
    deal_for,
    new_game,
    parse_code,
    random_code,
    solve_code,
)
from games.engine.heart_to_heart.layout import COVERED_BY, FULL_MASK, LAYOUT_SIZE, PLACES
from games.engine.heart_to_heart.rules import (
    DESELECTED,
    FLIPPED,
    HISTORY_LIMIT,
    MISMATCH,
    NOTHING,
    PAIRED,
    PLAYING,
    REDEALT,
    SELECTED,
    STALEMATE,
    STOCK,
    UNDONE,
    WASTE,
    WON,
    GameState,
    HeartToHeartError,
    Refusal,
    TapOutcome,
    Target,
    deal_state,
    parse_target,
    tap,
    undo,
)

__all__ = [
    "COVERED_BY",
    "DESELECTED",
    "EXAMPLE_CODE",
    "FLIPPED",
    "FULL_MASK",
    "HISTORY_LIMIT",
    "LAYOUT_SIZE",
    "MISMATCH",
    "NOTHING",
    "PAIRED",
    "PLACES",
    "PLAYING",
    "REDEALT",
    "SEED_LETTERS",
    "SELECTED",
    "STALEMATE",
    "STOCK",
    "UNDONE",
    "WASTE",
    "WON",
    "BoardView",
    "CodeProblem",
    "DealCode",
    "DealCodeError",
    "GameState",
    "HeartToHeartError",
    "Refusal",
    "SlotView",
    "TapOutcome",
    "Target",
    "deal_for",
    "deal_state",
    "new_game",
    "parse_code",
    "parse_target",
    "random_code",
    "solve_code",
    "tap",
    "undo",
    "view",
]
