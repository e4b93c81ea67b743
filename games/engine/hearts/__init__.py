"""Hearts against three computer players (docs/rules.md#hearts): the package's public face.

Modules, each importing only those above it:

* ``cards``      cards as ints 0..51 and hands as bit masks (codes such as "QS" at the edge)
* ``seats``      the table's geometry: seat numbers and where each pass goes
* ``seat_view``  what one seat knows: the only input a computer player gets
* ``players/``   the computer players, one module per level, and the moon watch
* ``rules``      the state machine: deals, passes, tricks, scoring, options, JSON

Services and views use the names below; the modules' ``_private`` names stay inside.
"""

from games.engine.hearts.cards import card_id, code, codes
from games.engine.hearts.rules import (
    FORMAT_VERSION,
    HUMAN,
    HUMAN_SEAT,
    PASS_ORDERS,
    PASS_SIZE,
    PHASES,
    TARGETS,
    TIE_RULES,
    HeartsError,
    HeartsOptions,
    HeartsState,
    Phase,
    Refusal,
    choose_for_pass,
    collect_trick,
    computer_due,
    computer_move,
    deal_hands,
    decision_rng,
    due_seat,
    legal_mask,
    legal_plays,
    new_game,
    next_deal,
    pass_direction,
    play_card,
    result,
    seat_view,
    submit_pass,
    trick_winner,
    winners,
)
from games.engine.hearts.seat_view import SeatView
from games.engine.hearts.seats import pass_source, pass_target

__all__ = [
    "FORMAT_VERSION",
    "HUMAN",
    "HUMAN_SEAT",
    "PASS_ORDERS",
    "PASS_SIZE",
    "PHASES",
    "TARGETS",
    "TIE_RULES",
    "HeartsError",
    "HeartsOptions",
    "HeartsState",
    "Phase",
    "Refusal",
    "SeatView",
    "card_id",
    "choose_for_pass",
    "code",
    "codes",
    "collect_trick",
    "computer_due",
    "computer_move",
    "deal_hands",
    "decision_rng",
    "due_seat",
    "legal_mask",
    "legal_plays",
    "new_game",
    "next_deal",
    "pass_direction",
    "pass_source",
    "pass_target",
    "play_card",
    "result",
    "seat_view",
    "submit_pass",
    "trick_winner",
    "winners",
]
