"""Numbers as people read them: a clock, a duration, a share. Plain functions, so views,
the admin and the template filters (``games.templatetags``) share one formatter."""

from django.utils import formats
from django.utils.translation import gettext


def clock(seconds) -> str:
    """Seconds as a clock: 75 -> "1:15", 3725 -> "1:02:05"."""
    try:
        total = max(0, int(seconds))
    except (TypeError, ValueError):
        return ""
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def duration(seconds) -> str:
    """Seconds as a duration to read, in the active language's units.

    3780 -> "1 h 03 min", 252 -> "4 min 12 s", 45 -> "45 s"; seconds are dropped
    from an hour on (nobody reads them there). None or garbage -> "—".
    """
    try:
        total = max(0, round(float(seconds)))
    except (TypeError, ValueError, OverflowError):
        return "—"
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return gettext("%(hours)d h %(minutes)02d min") % {"hours": hours, "minutes": minutes}
    if minutes:
        return gettext("%(minutes)d min %(seconds)02d s") % {"minutes": minutes, "seconds": secs}
    return gettext("%(seconds)d s") % {"seconds": secs}


def percent(share) -> str:
    """0.6667 -> "67%" ("67 %" in French); None -> "—"."""
    if share is None:
        return "—"
    return gettext("%(percent)s%%") % {"percent": formats.number_format(round(share * 100))}
