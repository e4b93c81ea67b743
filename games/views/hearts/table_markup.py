"""The Hearts table's repeated parts as HTML: the hand and the score rows.

Why Python and not a template loop: every computer step answers the whole table, and
the hand (13 buttons, each a dozen variables and conditions) and the score rows (a row
of four cells per deal, more every deal) were most of the template engine's work on
that path. The markup is the one the template drew; ``table.py`` decides what each
card says and does, this only writes it out, escaping every variable part. A card's
face is no markup: static/css/faces.css draws it from ``data-card``
(games/drawing/card_faces.py).
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def _hand_card(card: dict, words: dict) -> str:
    code = escape(card["code"])
    red = " red" if card["red"] else ""
    label = escape(card["name"])
    if card["playable"]:
        # A submit button by default, inside the table's form; not written out, since
        # htmx sets up every element that says type="submit" (docs/performance.md#one-task).
        behaviour = f'name="{escape(card["action"])}" value="{code}"'
        if card["action"] == "play":  # the lifted card: its second press, or P, plays it
            behaviour += ' data-shortcut="p" aria-keyshortcuts="P" data-press="play"'
    else:
        behaviour = 'type="button" aria-disabled="true"'
    pressed = "true" if card["pressed"] else "false"
    hooks = tag = ""
    if card["came_from"]:  # where it travels from when it comes (motion.js): its giver's seat
        hooks += f' data-from="{escape(card["came_from"])}"'
    if card["goes_to"]:  # where it goes when it leaves: the pass takes it to the receiver
        hooks += f' data-to="{escape(card["goes_to"])}"'
    if card["received"]:
        hooks += ' data-received="true"'
        label += f", {words['received']}"
        tag = f'<span class="received-tag" aria-hidden="true">{words["received_tag"]}</span>'
    if not card["playable"]:  # a sagging card does nothing when pressed: its name says so
        label += f", {words['unplayable']}"
    return (f'<button class="card hand-card{red}" id="card-{code}" data-card="{code}" {behaviour}'
            f' aria-pressed="{pressed}"{hooks} aria-label="{label}">{tag}'
            '</button>')


def hand(groups: list[dict]) -> SafeString:
    """The hand by suit, as ``table._hand`` lists it."""
    words = {
        "received": escape(_("received")),
        "received_tag": escape(pgettext("tag on a card received in the pass", "New")),
        "unplayable": escape(_("cannot be played now")),
    }
    return mark_safe("".join(
        f'<div class="suit-group" data-suit="{escape(group["suit"])}">'
        + "".join(_hand_card(card, words) for card in group["cards"])
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
