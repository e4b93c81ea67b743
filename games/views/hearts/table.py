"""What the Hearts table shows, built from seat 0's view only.

The page is drawn from ``hearts.seat_view(state, 0)``: the human's hand and what
anyone at a real table could see. Another seat's hand, the cards others passed and
the game's seed never reach a template (tests/web/hearts/test_hidden_cards.py).
The rules (which cards respond, whose turn, how many cards a seat holds, who won)
come from that view; the functions below only dress them for the templates.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games.engine import hearts as engine
from games.engine.cards import SUITS
from games.engine.hearts import HUMAN_SEAT, Phase, SeatView

from . import table_markup
from .text import (
    DIRECTIONS,
    SEAT_DIRECTIONS,
    SEAT_NAMES,
    SEAT_SHORT_NAMES,
    card_name,
    cards_count,
    seat_score_label,
    seat_sentence,
)

# Where each seat sits around the table, seen from seat 0.
SEAT_PLACES = {0: "bottom", 1: "left", 2: "top", 3: "right"}


def seat_place(seat: int) -> str:
    """A seat's place on the page (``data-place``), where its cards come from and go to
    when they travel (static/js/motion.js; docs/rules.md#hooks-site): the computers' backs,
    the person's hand. Only a seat number: it says nothing of what the seat holds."""
    return f"seat-{seat}"


def table_context(game, state: engine.HeartsState, *, timer_running: bool = False) -> dict:
    """Everything the table (games/jinja2/games/hearts/table.html) and the score sheet
    beside it read, one small builder per part.

    ``timer_running``: the answer to something that is not a step (choosing a card for
    the pass), so the computers' timer goes on from the last step instead of restarting.
    """
    view = engine.seat_view(state, HUMAN_SEAT)
    countdown = game.counts_down
    scores = _scores(view, countdown)
    seats = _seats(view, countdown)
    trick = _trick(view)
    me = _score_of(view, HUMAN_SEAT, countdown)
    return {
        "phase": view.phase,
        "turn": view.turn,
        "my_turn": view.turn == HUMAN_SEAT,
        "advance_delay": _advance_delay(state, game.updated_at if timer_running else None),
        "hearts_broken": view.hearts_broken and view.phase in (Phase.PLAY, Phase.TRICK_DONE),
        "hand": table_markup.hand(_hand(view, game.chosen, game.lifted)),
        "my_place": seat_place(HUMAN_SEAT),
        **_pass(view, game.chosen),
        "seats": seats,
        "seats_markup": table_markup.seats(seats, view.turn),
        "me": me,
        "my_score": mark_safe(f"\n{table_markup.seat_score(HUMAN_SEAT, me)}\n"),
        **trick,
        "trick_markup": table_markup.trick(trick["trick"], view.trick_winner),
        **scores,
        # The score sheet changes only when a deal ends; sent with the table only then.
        "scores_changed": view.phase in (Phase.DEAL_DONE, Phase.GAME_OVER),
        **_ranking(state, view, scores),
        "status_line": _shown_status(view),
        "announcement": _announcement(view, scores),
    }


def _card(code: str, **flags) -> dict:
    return {"code": code, "red": code[-1] in "DH",
            "name": _card_name(get_language(), code), **flags}


@cache
def _card_name(language: str | None, code: str) -> str:
    """A card's name in one language: 52 cards x 3 languages, worked out once each."""
    return capfirst(card_name(code))


@cache
def _seat_words(language: str | None) -> dict[int, dict[str, str]]:
    """Each seat's name, short name and direction in one language, worked out once: every
    step names all four seats."""
    return {
        seat: {"name": str(SEAT_NAMES[seat]), "short": str(SEAT_SHORT_NAMES[seat]),
               "direction": str(SEAT_DIRECTIONS.get(seat, ""))}
        for seat in range(4)
    }


@cache
def _cards_count(language: str | None, n: int) -> str:
    return cards_count(n)


# A seat's cards, face down: as many of these as it holds.
_BACK = '<span class="back-mini" aria-hidden="true"></span>'


def _advance_delay(state: engine.HeartsState, last_step=None) -> int | None:
    """The pause before the timed step, or None when nothing is due but the human.

    ``last_step`` (when the last step was saved) makes it what is left of the pause: the
    human's taps while choosing swap the table, and the computers' timer must not start
    again with each of them (they confirm while the human chooses, docs/rules.md#hearts-pass)."""
    if state.phase == Phase.TRICK_DONE:
        delay = settings.HEARTS_TRICK_LINGER_MS
    elif engine.computer_due(state):
        delay = settings.HEARTS_COMPUTER_DELAY_MS
    else:
        return None
    if last_step is not None:
        elapsed_ms = (timezone.now() - last_step).total_seconds() * 1000
        delay = max(0, min(delay, round(delay - elapsed_ms)))
    return delay


# --- The hand -------------------------------------------------------------------------------


def _hand(view: SeatView, chosen: list[str], lifted: str) -> list[dict]:
    """The hand by suit (♣ ♦ ♠ ♥, rank ascending: the engine's card order)."""
    # Received cards are marked from the exchange until the human's first card.
    received = set(engine.codes(view.received)) if view.cards_left[HUMAN_SEAT] == 13 else set()
    legal = set(engine.codes(view.legal))
    # Where a pass travels (motion.js): a received card came from its giver's seat, a card
    # chosen for the pass goes to the receiver's. The engine's geometry; the person's own
    # pass only, never what a computer passed to another seat.
    direction = view.pass_direction
    travel = {"from": f"{seat_place(engine.pass_source(HUMAN_SEAT, direction))} pass",
              "to": f"{seat_place(engine.pass_target(HUMAN_SEAT, direction))} pass"}
    groups = {suit: [] for suit in SUITS}
    for code in engine.codes(view.hand):
        groups[code[-1]].append(_hand_card(view, code, chosen, lifted, legal, received, travel))
    return [{"suit": suit, "cards": cards} for suit, cards in groups.items() if cards]


def _hand_card(view: SeatView, code: str, chosen, lifted, legal, received, travel) -> dict:
    """A card of the hand: whether it responds, whether it is pressed, what a tap does,
    and where it travels from or to (``data-from``, ``data-to``) when it comes or goes."""
    passing = False
    if view.phase == Phase.PASS:
        playable = not view.passed[HUMAN_SEAT]  # any card may be chosen until the pass is made
        pressed = code in chosen
        action = "unchoose" if pressed else "choose"
        passing = pressed and playable  # the next pass takes it to the receiver
    else:
        playable = code in legal
        pressed = code == lifted
        action = "play" if pressed else "lift"
    is_received = code in received
    return _card(code, playable=playable, pressed=pressed, action=action,
                 received=is_received,
                 came_from=travel["from"] if is_received else "",
                 goes_to=travel["to"] if passing else "")


def _pass(view: SeatView, chosen: list[str]) -> dict:
    direction = view.pass_direction
    return {
        "pass_size": engine.PASS_SIZE,
        "direction": direction,
        "direction_label": DIRECTIONS[direction],
        "pass_note": ngettext(
            "Pass %(count)s card %(direction)s", "Pass %(count)s cards %(direction)s",
            engine.PASS_SIZE,
        ) % {"count": engine.PASS_SIZE, "direction": DIRECTIONS[direction]}
        if view.phase == Phase.PASS else "",
        "chosen_count": len(chosen),
        "can_pass": view.phase == Phase.PASS and not view.passed[HUMAN_SEAT]
        and len(chosen) == engine.PASS_SIZE,
    }


# --- The other seats and the trick ------------------------------------------------------------


def _playing(view: SeatView) -> bool:
    """A deal is being played: its points are taken but not yet in the totals."""
    return view.phase in (Phase.PASS, Phase.PLAY, Phase.TRICK_DONE)


def _score_of(view: SeatView, seat: int, countdown: bool) -> dict:
    """Beside each seat, the game at a glance: its total as the score sheet shows it, and
    what this deal has brought it so far (once a deal is over, the deal it just played).
    The countdown display shows what is left of the target and the deal taken off."""
    if _playing(view):
        deal = view.taken[seat]
    else:
        deal = view.deal_scores[-1][seat] if view.deal_scores else 0
    total_shown = _total_shown(view, view.totals[seat], countdown)
    deal_shown = _signed(deal) if countdown else f"+{deal}"
    return {
        "total": total_shown,
        "deal": deal_shown,
        "label": seat_score_label(total_shown, deal_shown, countdown=countdown),
    }


def _seats(view: SeatView, countdown: bool) -> list[dict]:
    language = get_language()
    words = _seat_words(language)
    return [
        {
            "seat": seat,
            "name": words[seat]["name"],
            "direction": words[seat]["direction"],
            "place": SEAT_PLACES[seat],
            "motion_place": seat_place(seat),
            "cards_label": _cards_count(language, view.cards_left[seat]),
            "backs": mark_safe(_BACK * view.cards_left[seat]),
            "score": _score_of(view, seat, countdown),
            "passed": view.phase == Phase.PASS and view.passed[seat],
        }
        for seat in (1, 2, 3)
    ]


def _trick(view: SeatView) -> dict:
    """The cards on the table in the order they were played (the engine's ``trick_plays``),
    whoever led: tests/web/hearts/test_table.py checks it on tricks a computer led."""
    plays = view.trick_plays()
    leader = plays[0][0] if plays else None
    trick = []
    # A finished trick goes to its winner's place when it is gathered (motion.js).
    gathered_to = "" if view.trick_winner is None else f"{seat_place(view.trick_winner)} sweep"
    # In the order they were played, the led card first: a screen reader reads the trick
    # as it fell (each card still lies in front of its own seat: ``place``).
    for seat, card in plays:
        face = _card(engine.code(card), seat=seat, place=SEAT_PLACES[seat], led=seat == leader,
                     came_from=seat_place(seat), goes_to=gathered_to)
        # Every card of the trick names its player to a screen reader; the leader's says so.
        kind = "led" if face["led"] else "on-table"
        face["name"] = seat_sentence(kind, seat, card=face["name"])
        trick.append(face)
    return {"trick": trick, "trick_winner": view.trick_winner, "trick_leader": leader}


# --- Scores ------------------------------------------------------------------------------------


def _signed(points: int) -> str:
    """A deal's points as the countdown shows them: taken off, with a real minus sign."""
    return f"\u2212{points}" if points > 0 else "0"


def _total_shown(view: SeatView, total: int, countdown: bool) -> str:
    """A seat's total as the game shows it: points taken, or (countdown) what is left of
    the target, with a real minus sign once a seat is past it."""
    if not countdown:
        return str(total)
    left = view.target - total
    return f"\u2212{-left}" if left < 0 else str(left)


def _scores(view: SeatView, countdown: bool) -> dict:
    """The scores as the game shows them. The engine's totals are points taken (lowest
    wins); the countdown display (docs/rules.md#hearts-options) shows the same totals as
    what is left of the target (most left wins) and each deal as points taken off. The
    winner is the same."""
    def deal_shown(points: int) -> str:
        return _signed(points) if countdown else str(points)

    deal_rows = [
        {"number": number, "scores": [deal_shown(p) for p in scores], "moon": moon}
        for number, (scores, moon) in enumerate(zip(view.deal_scores, view.moons, strict=True), 1)
    ]
    last_deal = deal_rows[-1] if deal_rows else None
    moon = last_deal["moon"] if last_deal else None
    words = _seat_words(get_language())
    return {
        "countdown": countdown,
        "totals": [
            {"seat": seat, "name": words[seat]["name"], "short": words[seat]["short"],
             "total": _total_shown(view, view.totals[seat], countdown),
             "last": last_deal["scores"][seat] if last_deal else None}
            for seat in range(4)
        ],
        "deal_rows": table_markup.deal_rows(deal_rows),
        "last_deal": last_deal,
        "moon_sentence": seat_sentence("moon", moon) if moon is not None else "",
        "result": view.result,
        "target": view.target,
    }


def _ranking(state: engine.HeartsState, view: SeatView, scores: dict) -> dict:
    """The game over: who finished first (the engine's ``winners``, with the game's tie
    rule) and the four seats in their order, each total as the table shows it (in the
    countdown display the most left, the same seat as the fewest points, comes first).
    Seats level on points share a place."""
    if view.phase != Phase.GAME_OVER:
        return {"ranking": [], "winner_sentence": ""}
    first = set(engine.winners(state))

    def standing(seat: int) -> tuple[bool, int]:
        return seat not in first, view.totals[seat]

    order = sorted(range(4), key=lambda seat: (*standing(seat), seat))
    ranking = []
    for place, seat in enumerate(order, 1):
        if ranking and standing(seat) == standing(ranking[-1]["seat"]):
            place = ranking[-1]["rank"]
        ranking.append({"seat": seat, "rank": place, "name": str(SEAT_NAMES[seat]),
                        "total": scores["totals"][seat]["total"], "first": seat in first})
    names = ", ".join(str(SEAT_NAMES[seat]) for seat in order if seat in first)
    if len(first) == 1:
        sentence = _("Winner: %(seat)s") % {"seat": names}
    else:
        sentence = _("First place shared: %(seats)s") % {"seats": names}
    return {"ranking": ranking, "winner_sentence": sentence}


# --- What the table says ------------------------------------------------------------------------


def _status_line(view: SeatView) -> str:
    phase = view.phase
    if phase == Phase.PASS:
        if view.passed[HUMAN_SEAT]:
            return _("Waiting for the others to pass…")
        return ngettext(
            "Choose %(count)s card to pass %(direction)s.",
            "Choose %(count)s cards to pass %(direction)s.",
            engine.PASS_SIZE,
        ) % {"count": engine.PASS_SIZE, "direction": DIRECTIONS[view.pass_direction]}
    if phase == Phase.PLAY:
        return seat_sentence("turn" if _first_card_to_come(view) else "turn-again", view.turn)
    if phase == Phase.TRICK_DONE:
        return seat_sentence("takes-trick", view.trick_winner)
    if phase == Phase.DEAL_DONE:
        return _("The deal is over.")
    return _("The game is over.")


def _shown_status(view: SeatView) -> str:
    """The status line on the felt. While the player chooses, the pass note in the middle
    of the table already says what to do: said once (the screen reader hears the status)."""
    if view.phase == Phase.PASS and not view.passed[HUMAN_SEAT]:
        return ""
    return _status_line(view)


def _first_card_to_come(view: SeatView) -> bool:
    """The player has not yet played a card in this game: the turn says how to."""
    return not view.deal_scores and all(seat != HUMAN_SEAT for seat, _card in view.history())


def _announcement(view: SeatView, scores: dict) -> str:
    """What the screen reader hears after a step, each event once: the card just played
    and whose turn it is; a gathered trick says only who leads (its last card was said
    when it fell); the end of a deal and of the game read out every seat's score."""
    status = _status_line(view)
    if view.phase == Phase.TRICK_DONE or (view.phase == Phase.PLAY and view.trick):
        seat, card = view.history()[-1]
        played = seat_sentence("played", seat, card=card_name(engine.code(card)))
        return f"{played} {status}"
    if view.phase == Phase.DEAL_DONE:
        return " ".join([status, *_moon_and_scores(scores)])
    if view.phase == Phase.GAME_OVER:
        return " ".join([status, _result_sentence(view), *_moon_and_scores(scores)])
    return status


def _seat_scores(pairs) -> str:
    return ", ".join(
        pgettext("a seat and its score, in a list", "%(seat)s %(score)s")
        % {"seat": SEAT_NAMES[seat], "score": score}
        for seat, score in pairs
    )


def _moon_and_scores(scores: dict) -> list[str]:
    """The last deal's points and the totals, every seat, as the table shows them."""
    said = [scores["moon_sentence"]] if scores["moon_sentence"] else []
    last = scores["last_deal"]
    if last is not None:
        deal = _seat_scores(enumerate(last["scores"]))
        said.append(_("This deal: %(scores)s.") % {"scores": deal})
    totals = [(row["seat"], row["total"]) for row in scores["totals"]]
    said.append(_("Totals: %(scores)s.") % {"scores": _seat_scores(totals)})
    return said


def _result_sentence(view: SeatView) -> str:
    if view.result == "win":
        return _("You won!")
    if view.result == "draw":
        return _("A draw.")
    return _("You lost.")
