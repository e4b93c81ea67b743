"""The words the Hearts pages say, translated (refusals have their own table: hearts_refusals)."""

from __future__ import annotations

import re

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

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

# Where each computer sits, seen from the human's seat: a seat is a direction
# (docs/rules.md#hearts-table).
SEAT_DIRECTIONS = {
    1: pgettext_lazy("Hearts seat direction", "on your left"),
    2: pgettext_lazy("Hearts seat direction", "across"),
    3: pgettext_lazy("Hearts seat direction", "on your right"),
}

# Every sentence that can be about the human's seat has its own sentence for "you": a
# seat name slotted into a third-person sentence reads "You takes the trick" in English
# and «Vous remporte le pli» in French. Each kind: (about you, about a computer seat).
SEAT_SENTENCES = {
    # How to play a card, said until the player has played one (``turn``), then short.
    "turn": (
        gettext_lazy("Your turn: tap a card to lift it, tap it again to play it."),
        gettext_lazy("%(seat)s is playing…"),
    ),
    "turn-again": (
        gettext_lazy("Your turn."),
        gettext_lazy("%(seat)s is playing…"),
    ),
    "takes-trick": (
        gettext_lazy("You take the trick."),
        gettext_lazy("%(seat)s takes the trick."),
    ),
    "played": (
        gettext_lazy("You played %(card)s."),
        gettext_lazy("%(seat)s played %(card)s."),
    ),
    "led": (
        gettext_lazy("%(card)s, your lead"),
        gettext_lazy("%(card)s, led by %(seat)s"),
    ),
    "moon": (
        gettext_lazy("You shot the moon!"),
        gettext_lazy("%(seat)s shot the moon!"),
    ),
    # A card of the trick, naming who played it.
    "on-table": (
        gettext_lazy("%(card)s, yours"),
        gettext_lazy("%(card)s, from %(seat)s"),
    ),
}


def seat_sentence(kind: str, seat: int, **values) -> str:
    """The sentence of ``kind`` about ``seat``: its own words when the seat is the human's."""
    about_you, about_a_computer = SEAT_SENTENCES[kind]
    if seat == 0:
        return str(about_you) % values
    sentence = str(about_a_computer) % {"seat": SEAT_NAMES[seat], **values}
    return french_elision(sentence) if get_language() == "fr" else sentence


# A seat's name slotted after «de» or «le» must elide before a vowel, as French always
# does: «l’as, entame d’Ordinateur 2», never «entame de Ordinateur 2». The catalogue
# cannot do it for every name, so the sentence is mended once the name is in. (An h is
# left alone, «le huit» does not elide; nor does a pronoun after a hyphen, «touchez-la
# encore».)
_ELIDES = re.compile(
    r"(?<![\w’-])([dDlL]e|[lL]a|[qQ]ue|[nNjJmMtTsS]e)\s+(?=[aeiouyàâéèêëîïôûAEIOUYÀÂÉÈÊËÎÏÔÛ])"
)


def french_elision(text: str) -> str:
    """«de Ordinateur» → «d’Ordinateur», «le as» → «l’as», «que il» → «qu’il»."""
    return _ELIDES.sub(lambda match: match.group(1)[:-1] + "\u2019", text)


DIRECTIONS = {
    "left": pgettext_lazy("pass direction", "to the left"),
    "right": pgettext_lazy("pass direction", "to the right"),
    "across": pgettext_lazy("pass direction", "across"),
    "none": pgettext_lazy("pass direction", "no pass"),
}


def card_name(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}



# Said here rather than by {% blocktranslate count %} in the table: seven of those were a
# measurable share of the table partial, drawn at every computer step
# (docs/performance.md#in-the-code).
def cards_count(n: int) -> str:
    return ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}


def seat_score_label(total: str, deal: str, *, countdown: bool) -> str:
    """A seat's two figures as a screen reader says them (the page shows them bare)."""
    if countdown:
        return _("%(total)s left, this deal %(deal)s") % {"total": total, "deal": deal}
    return _("Total %(total)s, this deal %(deal)s") % {"total": total, "deal": deal}
