"""The words the Heart to Heart pages say, translated; the engine only gives reason keys."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import Refusal
from games.formatting import clock
from games.views.card_names import RANK_NAMES

from .refusals import refusal_answer


def card_name(rank: str) -> str:
    """The card as running text names it («hjerter fire», «le quatre de cœur»); a label
    or a sentence that starts with it gets its capital from ``capfirst``."""
    return _("%(rank)s of hearts") % {"rank": RANK_NAMES[rank]}


def announcement(kind: str | None, problem: Refusal | None, board: engine.BoardView) -> str:
    """One sentence for the screen-reader live region after an action."""
    return capfirst(_announcement(kind, problem, board))


def _announcement(kind: str | None, problem: Refusal | None, board: engine.BoardView) -> str:
    if problem:
        return str(refusal_answer(problem).message)
    if board.status == engine.WON:
        return _("You won! All 25 cards are gone.")
    if board.status == engine.STALEMATE:
        return _("No more moves.")
    selected = board.selected
    selected_name = ""
    if selected == engine.WASTE and board.waste_rank:
        selected_name = card_name(board.waste_rank)
    elif isinstance(selected, int):
        selected_name = card_name(board.slots[selected - 1].rank)
    if kind in (engine.SELECTED, engine.MISMATCH):
        return _("%(card)s selected.") % {"card": selected_name}
    if kind == engine.DESELECTED:
        return _("Selection cleared.")
    if kind == engine.PAIRED:
        return _("Pair removed. Score %(score)s.") % {"score": board.score}
    if kind == engine.FLIPPED:
        return ngettext(
            "%(card)s turned onto the waste; %(count)s card left in the stock.",
            "%(card)s turned onto the waste; %(count)s cards left in the stock.",
            board.stock_count,
        ) % {"card": card_name(board.waste_rank), "count": board.stock_count}
    if kind == engine.REDEALT:
        return _("The waste is turned back into the stock.")
    if kind == engine.UNDONE:
        return _("Move undone.")
    if kind == engine.NOTHING:
        return _("That card is covered.")
    return ""


def slot_label(rank: str, state: str, selected: bool) -> str:
    """A card's accessible name: its rank, and whether it is free, covered or selected."""
    name = card_name(rank)
    if selected:
        return capfirst(_("%(card)s, selected") % {"card": name})
    if state == "free":
        return capfirst(_("%(card)s, free") % {"card": name})
    return capfirst(_("%(card)s, covered") % {"card": name})


def waste_label(board: engine.BoardView) -> str:
    if board.waste_rank is None:
        return _("Empty waste")
    name = card_name(board.waste_rank)
    if board.waste_selected:
        return _("Waste: %(card)s, selected") % {"card": name}
    return _("Waste: %(card)s") % {"card": name}


def share_words(code: str) -> dict[str, SafeString]:
    """What the board's Share button hands the system's share sheet, escaped for an
    attribute: a title and a line naming the deal."""
    values = {"code": escape(code)}
    return {
        "share_title": escape(_("Heart to Heart deal %(code)s") % values),
        "share_text": escape(_("Can you clear the heart? Play Heart to Heart deal %(code)s.")
                             % values),
    }


def won_words(board: engine.BoardView, seconds: int | None) -> dict[str, str]:
    """What "Share my result" hands the share sheet once the heart is cleared."""
    values = {"code": board.code, "moves": board.moves, "time": clock(seconds or 0)}
    return {
        "title": _("Heart to Heart deal %(code)s") % values,
        "text": ngettext(
            "I cleared Heart to Heart deal %(code)s in %(moves)s move, %(time)s. Your turn!",
            "I cleared Heart to Heart deal %(code)s in %(moves)s moves, %(time)s. Your turn!",
            board.moves,
        ) % values,
    }
