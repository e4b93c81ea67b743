"""The words the Hearts pages say, translated (refusals have their own table: hearts_refusals)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.engine.cards import SUIT_SYMBOLS
from games.views.card_names import RANK_NAMES

SUIT_NAMES = {
    "C": gettext_lazy("clubs"),
    "D": gettext_lazy("diamonds"),
    "S": gettext_lazy("spades"),
    "H": gettext_lazy("hearts"),
}

SEAT_NAMES = {
    0: pgettext_lazy("Hearts seat", "You"),
    1: pgettext_lazy("Hearts seat", "Computer 1"),
    2: pgettext_lazy("Hearts seat", "Computer 2"),
    3: pgettext_lazy("Hearts seat", "Computer 3"),
}

# Column heads of the score table on narrow screens.
SEAT_SHORT_NAMES = {
    0: pgettext_lazy("Hearts seat, short", "You"),
    1: pgettext_lazy("Hearts seat, short", "C1"),
    2: pgettext_lazy("Hearts seat, short", "C2"),
    3: pgettext_lazy("Hearts seat, short", "C3"),
}

DIRECTIONS = {
    "left": pgettext_lazy("pass direction", "to the left"),
    "right": pgettext_lazy("pass direction", "to the right"),
    "across": pgettext_lazy("pass direction", "across"),
    "none": pgettext_lazy("pass direction", "no pass"),
}


def card_name(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}


def card_face(code: str) -> tuple[str, str]:
    """The rank label and the suit symbol printed on a card."""
    return code[:-1], SUIT_SYMBOLS[code[-1]]



# Said here rather than by {% blocktranslate count %} in the table: seven of those cost
# the table partial about 0.2 ms, every computer step (docs/performance.md).
def cards_count(n: int) -> str:
    return ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}


def points_count(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}
