"""What the Hearts table shows, built from seat 0's view only.

The page is drawn from ``hearts.seat_view(state, 0)``: the human's hand and what
anyone at a real table could see. Another seat's hand, the cards others passed and
the game's seed never reach a template (tests/web/test_hearts_hidden_cards.py).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.engine import hearts as engine
from games.engine.cards import SUITS
from games.engine.hearts import Phase

from .hearts_text import DIRECTIONS, SEAT_NAMES, SEAT_SHORT_NAMES, card_face, card_name

# Where each seat sits around the table, seen from seat 0.
SEAT_PLACES = {0: "bottom", 1: "left", 2: "top", 3: "right"}


def _card(code: str, **flags) -> dict:
    rank, symbol = card_face(code)
    return {"code": code, "rank": rank, "symbol": symbol, "red": code[-1] in "DH",
            "name": card_name(code), **flags}


def table_context(game, state: engine.HeartsState) -> dict:
    view = engine.seat_view(state, 0).to_dict()
    phase = view["phase"]
    history = [play for trick in view["tricks"] for play in trick["plays"]] + view["trick"]
    played_by = [sum(1 for play in history if play["seat"] == seat) for seat in range(4)]
    legal = set(view["legal"])
    chosen = set(game.chosen)
    my_plays = played_by[0]
    # Received cards are marked from the exchange until the human's first card.
    received = set(view["received"]) if my_plays == 0 else set()
    passed_already = view["passed"][0]

    hand_by_suit = []
    for suit in SUITS:
        cards = []
        for code in view["hand"]:
            if code[-1] != suit:
                continue
            if phase == Phase.PASS:
                playable = not passed_already
                pressed = code in chosen
                action = "unchoose" if pressed else "choose"
            else:
                playable = code in legal
                pressed = code == game.lifted
                action = "play" if pressed else "lift"
            cards.append(_card(code, playable=playable, pressed=pressed, action=action,
                               received=code in received))
        if cards:
            hand_by_suit.append({"suit": suit, "cards": cards})

    trick_by_seat = {play["seat"]: play["card"] for play in view["trick"]}
    seats = []
    for seat in (1, 2, 3):
        seats.append({
            "seat": seat,
            "name": SEAT_NAMES[seat],
            "place": SEAT_PLACES[seat],
            "cards_left": 13 - played_by[seat],
            "backs": range(13 - played_by[seat]),
            "taken": view["taken"][seat],
            "passed": phase == Phase.PASS and view["passed"][seat],
        })
    trick = [
        {"seat": seat, "place": SEAT_PLACES[seat], **_card(trick_by_seat[seat])}
        for seat in range(4) if seat in trick_by_seat
    ]
    winner = view["trick_winner"]
    advance_delay = None
    if phase == Phase.TRICK_DONE:
        advance_delay = settings.HEARTS_TRICK_LINGER_MS
    elif engine.computer_due(state):
        advance_delay = settings.HEARTS_COMPUTER_DELAY_MS

    deal_rows = [
        {"number": number, "scores": scores, "moon": moon}
        for number, (scores, moon) in enumerate(
            zip(view["deal_scores"], view["moons"], strict=True), 1)
    ]
    return {
        "view": view,
        "phase": phase,
        "direction": view["pass_direction"],
        "direction_label": DIRECTIONS[view["pass_direction"]],
        "hand_by_suit": hand_by_suit,
        "chosen_count": len(chosen),
        "can_pass": phase == Phase.PASS and not passed_already and len(chosen) == engine.PASS_SIZE,
        "passed_already": passed_already,
        "seats": seats,
        "my_taken": view["taken"][0],
        "trick": trick,
        "trick_winner": winner,
        "trick_winner_name": SEAT_NAMES[winner] if winner is not None else "",
        "turn": view["turn"],
        "turn_name": SEAT_NAMES[view["turn"]] if view["turn"] is not None else "",
        "my_turn": phase == Phase.PLAY and view["turn"] == 0,
        "advance_delay": advance_delay,
        "totals": [{"seat": seat, "name": SEAT_NAMES[seat], "short": SEAT_SHORT_NAMES[seat],
                    "total": view["totals"][seat],
                    "last": view["deal_scores"][-1][seat] if view["deal_scores"] else None}
                   for seat in range(4)],
        "deal_rows": deal_rows,
        "last_deal": deal_rows[-1] if deal_rows else None,
        "moon_name": SEAT_NAMES[deal_rows[-1]["moon"]]
        if deal_rows and deal_rows[-1]["moon"] is not None else "",
        "result": view["result"],
        "target": view["target"],
        "hearts_broken": view["hearts_broken"],
        "status_line": _status_line(phase, view, passed_already),
        "announcement": _announcement(phase, view, history, passed_already),
    }


def _announcement(phase: str, view: dict, history: list[dict], passed_already: bool) -> str:
    """What the screen reader hears after a step: the card just played, then the status."""
    status = _status_line(phase, view, passed_already)
    if phase in (Phase.PLAY, Phase.TRICK_DONE) and history:
        last = history[-1]
        card = card_name(last["card"])
        if last["seat"] == 0:
            played = _("You played %(card)s.") % {"card": card}
        else:
            seat = SEAT_NAMES[last["seat"]]
            played = _("%(seat)s played %(card)s.") % {"seat": seat, "card": card}
        return f"{played} {status}"
    return status


def _status_line(phase: str, view: dict, passed_already: bool) -> str:
    if phase == Phase.PASS:
        if passed_already:
            return _("Waiting for the others to pass…")
        return _("Choose 3 cards to pass %(direction)s.") % {
            "direction": DIRECTIONS[view["pass_direction"]]}
    if phase == Phase.PLAY:
        if view["turn"] == 0:
            return _("Your turn: tap a card to lift it, tap it again to play it.")
        return _("%(seat)s is playing…") % {"seat": SEAT_NAMES[view["turn"]]}
    if phase == Phase.TRICK_DONE:
        return _("%(seat)s takes the trick.") % {"seat": SEAT_NAMES[view["trick_winner"]]}
    if phase == Phase.DEAL_DONE:
        return _("The deal is over.")
    return _("The game is over.")
