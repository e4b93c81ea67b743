"""The heart's 25 slots as HTML, built from pieces worked out once.

Why Python and not a template loop: the heart is most of every tap's answer, and
drawing it through Django's template engine (25 slots, each an include and a dozen
variables and conditions) was a large share of a tap's server time
(docs/performance.md#in-the-code has the figure).
The markup is the same as the template drew; only the slot's state, its flags and its
translated name change from one answer to the next, so the rest (a position's id and
classes) is built once per process. A card's face is no markup at all: static/css/faces.css
draws it from the slot's ``data-rank`` (games/drawing/card_faces.py).

Where a slot sits comes from classes, never from an inline ``style`` (the Content
Security Policy allows no inline styles): ``r1``…``r7`` set ``--row`` and
``x-5``…``x5`` set ``--x`` in static/css/site.css.
"""

from __future__ import annotations

from functools import cache

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.engine import heart_to_heart as engine
from games.views.markup import escape

from .text import slot_label, waste_label


def position_classes(pos: int) -> str:
    """The classes that place a slot: its row and its column offset in half-cards."""
    row, x = engine.PLACES[pos - 1]
    return f"r{row} x{x}"


@cache
def _label(language: str | None, rank: str, state: str, selected: bool) -> str:
    """The slot's accessible name, escaped; cached per language (gettext is per request)."""
    return escape(slot_label(rank, state, selected))


def _help_flags(help: bool, *, hint: bool, dim: bool) -> str:
    """The placement help's marks on a card of the heart or the waste, when it is on."""
    if not help:
        return ""
    return (' data-hint="true"' if hint else "") + (' data-dim="true"' if dim else "")


def _slot(
    slot: engine.SlotView, language: str | None, *, help: bool, interactive: bool,
    touched: bool = False,
) -> str:
    place = position_classes(slot.pos)
    rank = escape(slot.rank)
    if slot.state == "removed" and touched:
        # The Examples page marks the pair a step removed: the place shows a trace of it.
        return (f'<span class="slot removed {place}" data-pos="{slot.pos}" data-rank="{rank}"'
                f' data-state="removed" data-touched="true">'
                '<span class="trace card" aria-hidden="true"></span></span>')
    if slot.state == "removed":
        return (f'<span class="slot removed {place}" data-pos="{slot.pos}" data-rank="{rank}"'
                ' data-state="removed"></span>')
    flags = _help_flags(help, hint=slot.hint, dim=slot.dim)
    if touched:
        flags += ' data-touched="true"'
    if not interactive:
        flags += " disabled"
    pressed = "true" if slot.selected else "false"
    label = _label(language, slot.rank, slot.state, slot.selected)
    # No explicit type="submit" (a button in a form submits by default): htmx sets up
    # every element that says it, a measurable share of each answer's script spent on
    # nothing for a button inside its form (docs/performance.md#in-the-code).
    return (f'<button name="target" value="{slot.pos}" id="pos-{slot.pos}"'
            f' class="card slot {place}" data-pos="{slot.pos}" data-rank="{rank}"'
            f' data-state="{escape(slot.state)}" aria-pressed="{pressed}"{flags}'
            f' aria-label="{label}"></button>')


def heart_slots(
    board: engine.BoardView, *, help: bool, interactive: bool,
    touched: frozenset[int] = frozenset(),
) -> SafeString:
    """The 25 slots in position order (the markup docs/rules.md#hooks-h2h names);
    ``touched``: the positions an Examples step moved, marked ``data-touched``."""
    language = get_language()
    # Every variable part above is escaped.
    return mark_safe("".join(
        _slot(slot, language, help=help, interactive=interactive, touched=slot.pos in touched)
        for slot in board.slots
    ))


def _stock(board: engine.BoardView, *, interactive: bool, touched: bool) -> str:
    flags = ' data-touched="true"' if touched else ""
    if not interactive or not board.stock_playable:
        flags += " disabled"
    count = board.stock_count
    if count:
        label = escape(ngettext("Stock, %(n)s card: turn it over",
                                "Stock, %(n)s cards: turn one over", count) % {"n": count})
        return (f'<button name="target" value="stock" id="stock" class="card back"'
                f' aria-keyshortcuts="S" data-pile="stock" data-count="{count}" data-place="stock"'
                f' data-press="dip"{flags} aria-label="{label}"><span class="pile-count"'
                f' aria-hidden="true">{count}</span></button>')
    label = escape(_("Empty stock: turn the waste back over"))
    return ('<button name="target" value="stock" id="stock" class="card empty-pile"'
            ' aria-keyshortcuts="S" data-pile="stock" data-count="0" data-place="stock"'
            f' data-press="dip"{flags} aria-label="{label}"><span class="redeal"'
            ' aria-hidden="true">↻</span></button>')


def _waste(board: engine.BoardView, *, help: bool, interactive: bool, touched: bool) -> str:
    touch = ' data-touched="true"' if touched else ""
    if not board.waste_rank:
        label = escape(_("Empty waste"))
        return ('<span class="card empty-pile" id="waste" data-pile="waste" data-count="0"'
                f' data-place="waste" data-from="stock"{touch} role="img"'
                f' aria-label="{label}"></span>')
    flags = _help_flags(help, hint=board.waste_hint, dim=board.waste_dim)
    if not interactive:
        flags += " disabled"
    pressed = "true" if board.waste_selected else "false"
    return (f'<button name="target" value="waste" id="waste" class="card" data-pile="waste"'
            f' data-count="{board.waste_count}" data-place="waste" data-from="stock"{touch}'
            f' data-rank="{escape(board.waste_rank)}" aria-pressed="{pressed}"{flags}'
            f' aria-label="{escape(waste_label(board))}"></button>')


def heart_markup(
    board: engine.BoardView, *, help: bool, interactive: bool,
    touched: frozenset[int] = frozenset(), stock_touched: bool = False,
    waste_touched: bool = False,
) -> SafeString:
    """The heart and the piles below it (the stock, the waste), as the board and the
    Examples page draw them; ``stock_touched``, ``waste_touched``: a pile an Examples step
    moved. Kept compact: this is most of every htmx answer."""
    roving = ' data-roving="main"' if interactive else ""
    celebrate = " data-celebrate" if board.status == engine.WON else ""
    slots = heart_slots(board, help=help, interactive=interactive, touched=touched)
    piles_roving = " data-roving" if interactive else ""
    stock = _stock(board, interactive=interactive, touched=stock_touched)
    waste = _waste(board, help=help, interactive=interactive, touched=waste_touched)
    # (The words outside the f-strings: xgettext reads no call inside one.)
    heart_label = escape(_("The heart"))
    piles_label = escape(_("Stock and waste"))
    # Every variable part above is escaped.
    return mark_safe(
        f'\n\n<div class="heart" role="group" id="heart" aria-label="{heart_label}"'
        f'{roving}{celebrate}>{slots}</div>\n<div class="piles" role="group" id="piles"'
        f' aria-label="{piles_label}"{piles_roving}>{stock}{waste}</div>\n'
    )


def heart_context(
    board: engine.BoardView, *, help: bool, interactive: bool,
    touched: frozenset[int] = frozenset(), stock_touched: bool = False,
    waste_touched: bool = False,
) -> dict:
    """What the board (or the Examples page) draws of the heart and the piles."""
    return {
        "heart": heart_markup(board, help=help, interactive=interactive, touched=touched,
                              stock_touched=stock_touched, waste_touched=waste_touched),
    }
