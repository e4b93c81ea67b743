"""What a visitor types or ticks on the keeping pages, checked before a view acts."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.services import link_codes, passkeys, unfinished
from games.services.keeping import Problem

from .refusals import REFUSALS


class LinkCodeForm(forms.Form):
    """The code from another device. Its errors say what is wrong with the text only;
    whether a code exists is the service's answer, worded by the view."""

    code = forms.CharField(
        label=_("Code from your other device"), max_length=64,
        error_messages={"required": _("Type the code your other device shows.")},
        widget=forms.TextInput(attrs={
            "autocomplete": "one-time-code", "autocapitalize": "characters",
            "spellcheck": "false", "placeholder": "XXXX-XXXX-XXXX",
        }),
    )

    def clean_code(self) -> str:
        code = link_codes.normalise(self.cleaned_data["code"])
        if code is None:
            raise forms.ValidationError(REFUSALS[Problem.MALFORMED].message, code="malformed")
        return code


class PasskeyLabelForm(forms.Form):
    """A passkey's label: longer text is cut to ``LABEL_LENGTH`` by the service (the box
    takes no more), not refused."""

    label = forms.CharField(
        label=_("A name for this passkey (optional)"), max_length=passkeys.LABEL_LENGTH,
        required=False, widget=forms.TextInput(attrs={
            "autocomplete": "off", "placeholder": _("Laptop, phone…")}),
    )

    def label_text(self) -> str:
        """The label typed (the service cuts and tidies it), whatever its length."""
        return self.data.get("label", "") if self.is_bound else ""


class RemovePasskeyForm(forms.Form):
    """Which of the player's passkeys to remove; the tick the last one needs."""

    passkey = forms.IntegerField(min_value=1, max_value=2**63 - 1)
    confirm = forms.BooleanField(required=False)


class ConfirmForm(forms.Form):
    """A box to tick before something that cannot be undone."""

    confirm = forms.BooleanField(
        required=True, error_messages={"required": _("Tick the box to confirm.")},
    )


class KeepGamesForm(forms.Form):
    """Which game of each kind goes on when two players are joined, and the games the
    page showed (``seen``: each ``id:version``), to tell whether they moved on since."""

    heart_to_heart = forms.UUIDField(required=False)
    hearts = forms.UUIDField(required=False)
    seen = forms.CharField(required=False, max_length=400)

    _FIELDS = {unfinished.Kind.HEART_TO_HEART: "heart_to_heart", unfinished.Kind.HEARTS: "hearts"}

    @classmethod
    def field_of(cls, kind: unfinished.Kind) -> str:
        return cls._FIELDS[kind]

    def keep(self) -> dict[str, str]:
        """Kind -> the game chosen (a field that did not read as a game id is left out)."""
        self.is_valid()
        return {kind: str(self.cleaned_data[name]) for kind, name in self._FIELDS.items()
                if self.cleaned_data.get(name)}

    def seen_games(self) -> frozenset[str]:
        self.is_valid()
        return frozenset(self.cleaned_data.get("seen", "").split())
