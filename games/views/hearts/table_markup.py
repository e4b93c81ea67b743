"""The Hearts table's repeated parts as HTML: the hand and the score rows.

Why Python and not a template loop: every computer step answers the whole table, and
the hand (13 buttons, each a dozen variables and conditions) and the score rows (a row
of four cells per deal, more every deal) were most of the template engine's work on
that path. The markup is the one the template drew; ``table.py`` decides what each
card says and does, this only writes it out, escaping every variable part.
"""

from __future__ import annotations

from functools import cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .text import rank_and_symbol


@cache
def face(code: str) -> SafeString:
    """A card's printed face, built once per card."""
    rank, symbol = (escape(part) for part in rank_and_symbol(code))
    return mark_safe(
        f'<span class="corner" aria-hidden="true">{rank}<span class="suit">{symbol}</span></span>'
        f'<span class="pip" aria-hidden="true">{symbol}</span>'
    )


def _hand_card(card: dict, received_word: str, received_tag: str) -> str:
    code = escape(card["code"])
    red = " red" if card["red"] else ""
    if card["playable"]:
        behaviour = f'type="submit" name="{escape(card["action"])}" value="{code}"'
    else:
        behaviour = 'type="button" aria-disabled="true"'
    pressed = "true" if card["pressed"] else "false"
    label = escape(card["name"])
    received = tag = ""
    if card["received"]:
        received = ' data-received="true"'
        label += f", {received_word}"
        tag = f'<span class="received-tag" aria-hidden="true">{received_tag}</span>'
    return (f'<button class="card hand-card{red}" id="card-{code}" data-card="{code}" {behaviour}'
            f' aria-pressed="{pressed}"{received} aria-label="{label}">{face(card["code"])}{tag}'
            '</button>')


def hand(groups: list[dict]) -> SafeString:
    """The hand by suit, as ``table._hand`` lists it."""
    received_word = escape(_("received"))
    received_tag = escape(pgettext("tag on a card received in the pass", "New"))
    return mark_safe("".join(
        f'<div class="suit-group" data-suit="{escape(group["suit"])}">'
        + "".join(_hand_card(card, received_word, received_tag) for card in group["cards"])
        + "</div>"
        for group in groups
    ))


MOON = ' class="moon"'  # the cell of a seat that shot the moon


def deal_rows(rows: list[dict]) -> SafeString:
    """One row per deal: its number and each seat's points; the moon's cell marked."""
    html = []
    for row in rows:
        cells = "".join(
            f'<td{MOON if row["moon"] == seat else ""}>{escape(score)}</td>'
            for seat, score in enumerate(row["scores"])
        )
        number = int(row["number"])
        html.append(f'<tr data-deal-row="{number}"><th scope="row">{number}</th>{cells}</tr>')
    return mark_safe("".join(html))
