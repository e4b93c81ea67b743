"""What the Hearts table shows, built from seat 0's view only.

The page is drawn from ``hearts.seat_view(state, 0)``: the human's hand and what
anyone at a real table could see. Another seat's hand, the cards others passed and
the game's seed never reach a template (tests/web/test_hearts_hidden_cards.py).
The rules (which cards respond, whose turn, how many cards a seat holds, who won)
come from that view; the functions below only dress them for the templates.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import hearts as engine
from games.engine.cards import SUITS
from games.engine.hearts import Phase, SeatView

from .text import DIRECTIONS, SEAT_NAMES, SEAT_SHORT_NAMES, card_face, card_name

ME = 0  # the human's seat: the table is always seen from it
# Where each seat sits around the table, seen from seat 0.
SEAT_PLACES = {0: "bottom", 1: "left", 2: "top", 3: "right"}


def table_context(game, state: engine.HeartsState) -> dict:
    """Everything ``_table.html`` and its partials read, one small builder per part."""
    view = engine.seat_view(state, ME)
    return {
        "phase": view.phase,
        "turn": view.turn,
        "my_turn": view.turn == ME,
        "advance_delay": _advance_delay(state),
        "hand_by_suit": _hand(view, game.chosen, game.lifted),
        **_pass(view, game.chosen),
        "seats": _seats(view),
        "my_taken": view.taken[ME],
        **_trick(view),
        **_scores(view),
        "status_line": _status_line(view),
        "announcement": _announcement(view),
    }


def _card(code: str, **flags) -> dict:
    rank, symbol = card_face(code)
    return {"code": code, "rank": rank, "symbol": symbol, "red": code[-1] in "DH",
            "name": capfirst(card_name(code)), **flags}


def _advance_delay(state: engine.HeartsState) -> int | None:
    """The pause before the timed step, or None when nothing is due but the human."""
    if state.phase == Phase.TRICK_DONE:
        return settings.HEARTS_TRICK_LINGER_MS
    if engine.computer_due(state):
        return settings.HEARTS_COMPUTER_DELAY_MS
    return None


# --- The hand -------------------------------------------------------------------------------


def _hand(view: SeatView, chosen: list[str], lifted: str) -> list[dict]:
    """The hand by suit (♣ ♦ ♠ ♥, rank ascending: the engine's card order)."""
    # Received cards are marked from the exchange until the human's first card.
    received = set(engine.codes(view.received)) if view.cards_left[ME] == 13 else set()
    legal = set(engine.codes(view.legal))
    groups = {suit: [] for suit in SUITS}
    for code in engine.codes(view.hand):
        groups[code[-1]].append(_hand_card(view, code, chosen, lifted, legal, received))
    return [{"suit": suit, "cards": cards} for suit, cards in groups.items() if cards]


def _hand_card(view: SeatView, code: str, chosen, lifted, legal, received) -> dict:
    """A card of the hand: whether it responds, whether it is pressed, what a tap does."""
    if view.phase == Phase.PASS:
        playable = not view.passed[ME]  # any card may be chosen until the pass is made
        pressed = code in chosen
        action = "unchoose" if pressed else "choose"
    else:
        playable = code in legal
        pressed = code == lifted
        action = "play" if pressed else "lift"
    return _card(code, playable=playable, pressed=pressed, action=action,
                 received=code in received)


def _pass(view: SeatView, chosen: list[str]) -> dict:
    direction = view.pass_direction
    return {
        "pass_size": engine.PASS_SIZE,
        "direction": direction,
        "direction_label": DIRECTIONS[direction],
        "chosen_count": len(chosen),
        "can_pass": view.phase == Phase.PASS and not view.passed[ME]
        and len(chosen) == engine.PASS_SIZE,
    }


# --- The other seats and the trick ------------------------------------------------------------


def _seats(view: SeatView) -> list[dict]:
    return [
        {
            "seat": seat,
            "name": SEAT_NAMES[seat],
            "place": SEAT_PLACES[seat],
            "cards_left": view.cards_left[seat],
            "backs": range(view.cards_left[seat]),
            "taken": view.taken[seat],
            "passed": view.phase == Phase.PASS and view.passed[seat],
        }
        for seat in (1, 2, 3)
    ]


def _trick(view: SeatView) -> dict:
    """The cards on the table, in seat order (each lies in front of its seat)."""
    plays = sorted(view.trick_plays())
    return {
        "trick": [
            {"seat": seat, "place": SEAT_PLACES[seat], **_card(engine.code(card))}
            for seat, card in plays
        ],
        "trick_winner": view.trick_winner,
    }


# --- Scores ------------------------------------------------------------------------------------


def _scores(view: SeatView) -> dict:
    deal_rows = [
        {"number": number, "scores": list(scores), "moon": moon}
        for number, (scores, moon) in enumerate(zip(view.deal_scores, view.moons, strict=True), 1)
    ]
    last_deal = deal_rows[-1] if deal_rows else None
    moon = last_deal["moon"] if last_deal else None
    return {
        "totals": [
            {"seat": seat, "name": SEAT_NAMES[seat], "short": SEAT_SHORT_NAMES[seat],
             "total": view.totals[seat],
             "last": last_deal["scores"][seat] if last_deal else None}
            for seat in range(4)
        ],
        "deal_rows": deal_rows,
        "last_deal": last_deal,
        "moon_name": SEAT_NAMES[moon] if moon is not None else "",
        "result": view.result,
        "target": view.target,
    }


# --- What the table says ------------------------------------------------------------------------


def _status_line(view: SeatView) -> str:
    phase = view.phase
    if phase == Phase.PASS:
        if view.passed[ME]:
            return _("Waiting for the others to pass…")
        return ngettext(
            "Choose %(count)s card to pass %(direction)s.",
            "Choose %(count)s cards to pass %(direction)s.",
            engine.PASS_SIZE,
        ) % {"count": engine.PASS_SIZE, "direction": DIRECTIONS[view.pass_direction]}
    if phase == Phase.PLAY:
        if view.turn == ME:
            return _("Your turn: tap a card to lift it, tap it again to play it.")
        return _("%(seat)s is playing…") % {"seat": SEAT_NAMES[view.turn]}
    if phase == Phase.TRICK_DONE:
        return _("%(seat)s takes the trick.") % {"seat": SEAT_NAMES[view.trick_winner]}
    if phase == Phase.DEAL_DONE:
        return _("The deal is over.")
    return _("The game is over.")


def _announcement(view: SeatView) -> str:
    """What the screen reader hears after a step: the card just played, then the status."""
    status = _status_line(view)
    history = view.history()
    if view.phase not in (Phase.PLAY, Phase.TRICK_DONE) or not history:
        return status
    seat, card = history[-1]
    name = card_name(engine.code(card))
    if seat == ME:
        played = _("You played %(card)s.") % {"card": name}
    else:
        played = _("%(seat)s played %(card)s.") % {"seat": SEAT_NAMES[seat], "card": name}
    return f"{played} {status}"
