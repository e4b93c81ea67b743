"""What the Heart to Heart pages answer to each refusal: one table, one row per reason.

The engine names why it refused (``Refusal``); this table says it to the player with
an HTTP status. A refused action still answers the current board (htmx swaps 400 and
409, see the htmx-config meta tag in base.html): 409 when the request came too late
for a game that moved on or is over, 400 when the request itself makes no sense.

Adding a ``Refusal`` means adding its row here, and nowhere else: a test checks that
every member has one. (The deal-code box's reasons, ``CodeProblem``, are input errors
and live with its form in ``games/forms.py``.)
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.engine.heart_to_heart import Refusal
from games.views.refusal_answers import UNKNOWN_REFUSAL, RefusalAnswer, answer_from

REFUSALS: dict[Refusal, RefusalAnswer] = {
    Refusal.STALE: RefusalAnswer(
        409,
        _("The board had already changed (another tab, or a second click); "
          "here it is as it stands."),
    ),
    Refusal.REPLACED: RefusalAnswer(
        409, _("A newer game has replaced this one; it stays as you left it.")
    ),
    Refusal.FINISHED: RefusalAnswer(409, _("This game is won; start a new game.")),
    Refusal.NOTHING_TO_UNDO: RefusalAnswer(409, _("There is no move to undo.")),
    Refusal.UNKNOWN_TARGET: RefusalAnswer(400, _("There is no such card to tap.")),
    # Never met in play (a deal is always built by the engine): the general words.
    Refusal.BAD_DEAL: UNKNOWN_REFUSAL,
    Refusal.BAD_SAVE: RefusalAnswer(400, _("This saved game cannot be read.")),
}


def refusal_answer(code: object) -> RefusalAnswer:
    """The status and words for a refusal; the general ones for a reason not in the table."""
    return answer_from(REFUSALS, code)
