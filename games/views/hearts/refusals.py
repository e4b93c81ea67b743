"""Every reason the Hearts engine or service refuses an action, and how the page answers it.

One table, keyed by the engine's ``Refusal``: the HTTP status and the words a player
reads. A new refusal in the engine needs one new row here, and a test
(tests/web/hearts/test_refusals.py) fails until it has one. A reason the table does not
know still answers 400 with a general message: a refusal never becomes a server error.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.engine.hearts import Refusal
from games.views.refusal_answers import UNKNOWN_REFUSAL, RefusalAnswer, answer_from

REFUSALS: dict[Refusal, RefusalAnswer] = {
    # The page was out of date (another tab, a second click): not the player's mistake,
    # and no rule's words, which would only look wrong about the table they saw.
    Refusal.STALE: RefusalAnswer(
        409,
        _("The game had changed since this page was shown (another tab, or a second "
          "click); here is the table as it stands."),
    ),
    Refusal.NOTHING_DUE: RefusalAnswer(409, _("Nothing to do: it is your move.")),
    # The pass.
    Refusal.NO_PASS: RefusalAnswer(400, _("There is no pass to make now.")),
    Refusal.ALREADY_PASSED: RefusalAnswer(400, _("These cards are already passed.")),
    Refusal.PASS_THREE: RefusalAnswer(400, _("Choose exactly 3 cards to pass.")),
    # Cards and turns.
    Refusal.NOT_IN_HAND: RefusalAnswer(400, _("You do not hold that card.")),
    Refusal.NOT_A_CARD: RefusalAnswer(400, _("That is not a card.")),
    Refusal.NOT_PLAYABLE: RefusalAnswer(400, _("The rules do not allow that card now.")),
    Refusal.NOT_YOUR_TURN: RefusalAnswer(400, _("It is not your turn.")),
    Refusal.NOT_PLAYING: RefusalAnswer(400, _("Cards cannot be played just now.")),
    # The rules of play.
    Refusal.TWO_OF_CLUBS: RefusalAnswer(400, _("The 2♣ opens the deal.")),
    Refusal.HEARTS_NOT_BROKEN: RefusalAnswer(
        400, _("Hearts cannot lead until a heart has fallen.")
    ),
    Refusal.FOLLOW_SUIT: RefusalAnswer(400, _("You must follow suit.")),
    Refusal.FIRST_TRICK_POINTS: RefusalAnswer(400, _("No hearts and no Q♠ on the first trick.")),
    # Between tricks and deals.
    Refusal.NO_NEXT_DEAL: RefusalAnswer(400, _("The deal is not finished.")),
    Refusal.NO_TRICK: RefusalAnswer(400, _("There is no finished trick to gather.")),
    # Reasons a person's click cannot give (the timed step, tools, a broken save, a
    # hand-made post): the general words.
    Refusal.NO_COMPUTER_MOVE: UNKNOWN_REFUSAL,
    Refusal.NO_SUCH_SEAT: UNKNOWN_REFUSAL,
    Refusal.BAD_SAVE: UNKNOWN_REFUSAL,
    Refusal.UNKNOWN_ACTION: UNKNOWN_REFUSAL,
}


def refusal_answer(code: object) -> RefusalAnswer:
    """The status and words for a refusal; the general ones for a reason not in the table."""
    return answer_from(REFUSALS, code)
