"""What visitors type or tick, checked by Django forms before a view acts on it.

One section per game. Each form's errors are words for the visitor, translated; a
view that gets an invalid form answers 400 with the form again, never an error page.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django import forms
from django.core.exceptions import ValidationError
from django.urls import Resolver404, resolve
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from games.engine.heart_to_heart import (
    EXAMPLE_CODE,
    SEED_LETTERS,
    CodeProblem,
    DealCode,
    DealCodeError,
    parse_code,
)
from games.models import Player

# --- Heart to Heart ---------------------------------------------------------------------

MAX_NEXT_LENGTH = 2000  # longer than any page address of ours, shorter than a log line


def local_path(text: str) -> str:
    """``text`` if it is a path to one of this site's pages ("/…", never "//host" or
    "https://…", and one our URLs resolve), else "".

    A ``next`` field is only ever sent back to a redirect: anything else would send the
    visitor off the site (or, given to ``redirect()``, be looked up as a view name), or
    to a page that does not exist.
    """
    if not (
        text.startswith("/")
        and not text.startswith("//")
        and len(text) <= MAX_NEXT_LENGTH
        and url_has_allowed_host_and_scheme(text, allowed_hosts=None)
    ):
        return ""
    try:
        resolve(urlsplit(text).path)
    except (Resolver404, ValueError):
        return ""
    return text


# Why a text is not a deal code, in the visitor's language: one row per CodeProblem
# (a test checks that every member has one). %(example)s is the code to copy.
CODE_PROBLEMS: dict[CodeProblem, Promise] = {
    CodeProblem.EMPTY: _("Enter a deal code such as %(example)s."),
    CodeProblem.PREFIX: _("A Heart to Heart deal code starts with HH, as in %(example)s."),
    CodeProblem.VERSION: _("This site deals version 1 codes (HH1-…), as in %(example)s."),
    CodeProblem.FORMAT: _("A deal code has three parts joined by dashes, as in %(example)s."),
    CodeProblem.CLASS: _("The deal class (after the first dash) must be N (any deal) "
                         "or W (a winnable deal)."),
    CodeProblem.LETTERS: _("The last part of a deal code may only hold letters A to Z."),
    CodeProblem.LENGTH: _("The last part of a deal code has %(letters)s letters, not %(count)s."),
}


class DealCodeForm(forms.Form):
    """The deal-code box (``/heart-to-heart/open/?code=``) and the deal-code URL.

    ``cleaned_data["code"]`` is the engine's ``DealCode``; the field's error says what is
    wrong with the text, with an example to copy.
    """

    code = forms.CharField(
        label=_("Deal code"),
        # An empty box is the engine's EMPTY problem, with its own words. The input itself
        # is written out in _open_code.html (placeholder: ``example``).
        required=False,
    )
    example = EXAMPLE_CODE

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "deal-%s")  # the box is #deal-code
        super().__init__(*args, **kwargs)

    def clean_code(self) -> DealCode:
        try:
            return parse_code(self.cleaned_data["code"])
        except DealCodeError as error:
            raise ValidationError(
                CODE_PROBLEMS[error.code],
                code=error.code.value,
                params={"example": EXAMPLE_CODE, "letters": SEED_LETTERS, "count": error.letters},
            ) from error


class HeartToHeartSettingsForm(forms.ModelForm):
    """The three Heart to Heart settings of a ``Player`` (the service saves them).

    ``game`` names the board to draw again with the new settings (htmx); ``next`` the
    page to go back to without JavaScript: a local path, or "" when it was anything else.
    """

    game = forms.UUIDField(required=False, widget=forms.HiddenInput)
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Player
        fields = ["h2h_winnable_only", "h2h_move_errors", "h2h_placement_help"]
        # The inputs, with their data-setting hooks, are written out in _settings.html.

    def clean_next(self) -> str:
        return local_path(self.cleaned_data["next"])


# --- Hearts -------------------------------------------------------------------------------------


class HeartsOptionsForm(forms.ModelForm):
    """The Hearts options of the next game: level, game length, pass order, tie rule,
    score display.

    The choices are the model's (``Player.HeartsLevel`` and the others), which a test
    keeps equal to the engine's lists. The page posts the short names ``level``,
    ``target``, ``pass_order`` and ``tie_rule``; ``add_prefix`` maps the model's
    ``hearts_…`` fields to them.
    """

    class Meta:
        model = Player
        fields = [
            "hearts_level", "hearts_target", "hearts_pass_order", "hearts_tie_rule",
            "hearts_score_display",
        ]
        widgets = {
            "hearts_level": forms.Select(attrs={"data-option": "level"}),
            "hearts_target": forms.Select(attrs={"data-option": "target"}),
            "hearts_pass_order": forms.Select(attrs={"data-option": "pass-order"}),
            "hearts_tie_rule": forms.Select(attrs={"data-option": "tie-rule"}),
            "hearts_score_display": forms.Select(attrs={"data-option": "score-display"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A panel drawn before this option existed does not post it: the default, not an
        # error (a wrong value is still refused).
        self.fields["hearts_score_display"].required = False

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix(field_name.removeprefix("hearts_"))

    def clean_hearts_score_display(self) -> str:
        return self.cleaned_data["hearts_score_display"] or Player.ScoreDisplay.POINTS

    def options(self) -> dict:
        """The cleaned choices, named as ``services.hearts.update_options`` takes them."""
        data = self.cleaned_data
        return {
            "level": data["hearts_level"],
            "target": data["hearts_target"],
            "pass_order": data["hearts_pass_order"],
            "tie_rule": data["hearts_tie_rule"],
            "score_display": data["hearts_score_display"],
        }


# --- Cards and table ------------------------------------------------------------------------------


class LookForm(forms.ModelForm):
    """Cards and table: the table's colours, the print size, the deck's colours and the
    card back (``games/look.py``). ``next`` is the page to go back to: a local path, or
    "" when it was anything else."""

    next = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Player
        fields = ["look_table", "look_print", "look_colours", "look_back"]
        widgets = {name: forms.RadioSelect for name in fields}

    def clean_next(self) -> str:
        return local_path(self.cleaned_data["next"])
