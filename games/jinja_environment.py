"""The Jinja2 environment of the two answers every move sends (games/jinja2/): the
Heart to Heart board and the Hearts table. Django's templates draw every other page.

Words are marked ``{{ _("…") }}``, a form ``makemessages`` reads in any template, so they
stay in the same catalogues; a word with a number or a name is
``{{ _("… %(name)s …")|format(name=…) }}`` (gettext without Jinja's "newstyle"
formatting, which would fill the placeholders before ``format`` could). Plurals and
words with a context are worked out in Python beside the view, where ``makemessages``
reads ``ngettext`` and ``pgettext``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.utils import translation
from jinja2 import Environment

from games import formatting


def environment(**options) -> Environment:
    env = Environment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=False)
    env.filters["clock"] = formatting.clock
    return env


@cache
def gettext_in(language: str | None) -> Callable[[str], str]:
    """``gettext`` for a template drawn in ``language`` (the active one), each word looked
    up once: the board and the table say the same dozen words on every move. A
    template's ``_`` in its context takes the place of the environment's."""

    @cache
    def gettext(message: str) -> str:
        return translation.gettext(message)

    return gettext
