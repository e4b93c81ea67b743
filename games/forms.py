"""What visitors type or tick, checked by Django forms before a view acts on it.

One section per game. Each form's errors are words for the visitor, translated; a
view that gets an invalid form answers 400 with the form again, never an error page.
"""

from __future__ import annotations

from django import forms

from games.models import Player

# --- Hearts -------------------------------------------------------------------------------------


class HeartsOptionsForm(forms.ModelForm):
    """The Hearts options of the next game: level, game length, pass order, tie rule.

    The choices are the model's (``Player.HeartsLevel`` and the others), which a test
    keeps equal to the engine's lists. The page posts the short names ``level``,
    ``target``, ``pass_order`` and ``tie_rule``; ``add_prefix`` maps the model's
    ``hearts_…`` fields to them.
    """

    class Meta:
        model = Player
        fields = ["hearts_level", "hearts_target", "hearts_pass_order", "hearts_tie_rule"]
        widgets = {
            "hearts_level": forms.Select(attrs={"data-option": "level"}),
            "hearts_target": forms.Select(attrs={"data-option": "target"}),
            "hearts_pass_order": forms.Select(attrs={"data-option": "pass-order"}),
            "hearts_tie_rule": forms.Select(attrs={"data-option": "tie-rule"}),
        }

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix(field_name.removeprefix("hearts_"))

    def options(self) -> dict:
        """The cleaned choices, named as ``services.hearts.update_options`` takes them."""
        data = self.cleaned_data
        return {
            "level": data["hearts_level"],
            "target": data["hearts_target"],
            "pass_order": data["hearts_pass_order"],
            "tie_rule": data["hearts_tie_rule"],
        }
