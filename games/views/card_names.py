"""Rank names, translated: both games name cards for the screen reader with these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

RANK_NAMES = {
    "A": gettext_lazy("Ace"),
    "2": gettext_lazy("Two"),
    "3": gettext_lazy("Three"),
    "4": gettext_lazy("Four"),
    "5": gettext_lazy("Five"),
    "6": gettext_lazy("Six"),
    "7": gettext_lazy("Seven"),
    "8": gettext_lazy("Eight"),
    "9": gettext_lazy("Nine"),
    "10": gettext_lazy("Ten"),
    "J": gettext_lazy("Jack"),
    "Q": gettext_lazy("Queen"),
    "K": gettext_lazy("King"),
}
