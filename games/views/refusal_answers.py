"""How a page answers a refused action: an HTTP status and words. Each game keeps one
table of these, keyed by its engine's ``Refusal`` (``heart_to_heart/refusals.py``,
``hearts/refusals.py``); a reason a table does not know answers 400 with general words,
so a refusal never becomes a server error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class RefusalAnswer(NamedTuple):
    status: int  # 409: the game moved on without this request; 400: the request is refused
    message: Promise  # translated when rendered, in the visitor's language


UNKNOWN_REFUSAL = RefusalAnswer(400, _("That move is not possible."))


def answer_from(table: Mapping, code: object) -> RefusalAnswer:
    """The table's row for ``code``; the general answer for anything it does not hold."""
    if not isinstance(code, str):  # every Refusal is a StrEnum: anything else is unknown
        return UNKNOWN_REFUSAL
    return table.get(code, UNKNOWN_REFUSAL)
