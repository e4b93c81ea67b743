"""Which days the dashboard covers: the last 7, 30 or 90 days, or a range of dates."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .periods import Period

DEFAULT_DAYS = 30
# A year and a day: long enough for any yearly comparison, short enough for a chart
# with one point per day to stay readable.
LONGEST_RANGE_DAYS = 366
RANGE = "range"
# The site has no games before 2000; the upper bound keeps "the day after" computable.
EARLIEST = dt.date(2000, 1, 1)
LATEST = dt.date(2999, 12, 31)


class PeriodForm(forms.Form):
    period = forms.ChoiceField(
        label=_("Period"),
        choices=[
            ("7", _("Last 7 days")),
            ("30", _("Last 30 days")),
            ("90", _("Last 90 days")),
            (RANGE, _("From … to …")),
        ],
        initial=str(DEFAULT_DAYS),
        required=False,
    )
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("period") != RANGE:
            return cleaned
        start, end = cleaned.get("start"), cleaned.get("end")
        if self.errors:
            return cleaned  # a date that did not parse already says so
        if start is None or end is None:
            raise forms.ValidationError(
                _("Give both dates of the range, or choose one of the last days."),
                code="incomplete",
            )
        if not (EARLIEST <= start <= LATEST and EARLIEST <= end <= LATEST):
            raise forms.ValidationError(
                _("Choose dates between %(first)s and %(last)s.")
                % {"first": EARLIEST.isoformat(), "last": LATEST.isoformat()},
                code="out_of_range",
            )
        if start > end:
            raise forms.ValidationError(
                _("The first date must not come after the last one."), code="reversed"
            )
        if (end - start).days + 1 > LONGEST_RANGE_DAYS:
            raise forms.ValidationError(
                _("Choose a range of at most %(days)d days.") % {"days": LONGEST_RANGE_DAYS},
                code="too_long",
            )
        return cleaned

    def chosen_period(self, today: dt.date | None = None) -> Period:
        """The period asked for; call only when the form is valid."""
        today = today or timezone.localdate()
        choice = self.cleaned_data.get("period") or str(DEFAULT_DAYS)
        if choice == RANGE:
            return Period(self.cleaned_data["start"], self.cleaned_data["end"])
        return Period.last_days(int(choice), today)


def period_form(query) -> PeriodForm:
    """The form bound to the query string; an empty query means the default period."""
    return PeriodForm(query if query else {"period": str(DEFAULT_DAYS)})
