"""What the keeping pages answer to each reason a keeping service changed nothing: one
table, one row per ``keeping.Problem`` (a test checks that every member has one), as
each game keeps its own (``heart_to_heart/refusals.py``, ``hearts/refusals.py``). The
limit per address has its words and its ``Retry-After`` here too, once."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.services import link_codes
from games.services.keeping import Problem
from games.views.refusal_answers import RefusalAnswer, answer_from

CODE_MINUTES = link_codes.LIFETIME // timedelta(minutes=1)

_OUT_OF_DATE = _("That took too long, or the page was out of date. Please try again.")

REFUSALS: dict[Problem, RefusalAnswer] = {
    Problem.PAGE_EXPIRED: RefusalAnswer(400, _OUT_OF_DATE),
    Problem.GONE: RefusalAnswer(409, _OUT_OF_DATE),
    Problem.REFUSED: RefusalAnswer(400, _(
        "That passkey could not be checked, so nothing changed. If it was removed "
        "from this site, you can delete it from your device too.")),
    Problem.ALREADY: RefusalAnswer(400, _("This passkey is already kept here.")),
    Problem.MALFORMED: RefusalAnswer(400, _(
        "A code has 12 letters and digits, such as 7K3M-Q9TX-4WBA.")),
    Problem.WRONG: RefusalAnswer(400, _(
        "That is not a code we can use. Check each character and try again.")),
    Problem.USED: RefusalAnswer(400, _(
        "That code has been used already. Show a new one on your other device.")),
    Problem.CODE_EXPIRED: RefusalAnswer(400, ngettext_lazy(
        "That code has expired (a code lasts %(minutes)d minute). Show a new one on your "
        "other device.",
        "That code has expired (a code lasts %(minutes)d minutes). Show a new one on your "
        "other device.", "minutes") % {"minutes": CODE_MINUTES}),
    Problem.LOCKED: RefusalAnswer(400, _(
        "That code was tried wrongly too often and no longer works. Show a new one on "
        "your other device.")),
    Problem.NOT_YOURS: RefusalAnswer(400, _(
        "That passkey is not one of yours, so nothing changed.")),
    Problem.LAST: RefusalAnswer(400, _(
        "This is your last passkey: without it, only a device that is signed in can "
        "bring your progress back. Tick the box if you want to remove it anyway.")),
    Problem.CHOOSE: RefusalAnswer(400, _("Choose which game of each kind goes on.")),
    Problem.MOVED_ON: RefusalAnswer(409, _(
        "Your games moved on while you were choosing. Here they are as they stand now: "
        "choose again.")),
}

TOO_MANY = _("Too many tries from here. Please wait a few minutes and try again.")


def refusal_answer(problem: object) -> RefusalAnswer:
    """The status and words for a problem; the general ones for anything else."""
    return answer_from(REFUSALS, problem)


def too_many(response: HttpResponse, scope: str) -> HttpResponse:
    """A 429 that says when to come back: the end of the limit's window at the latest."""
    response.status_code = 429
    response["Retry-After"] = str(settings.KEEPING_LIMITS[scope][1])
    return response
