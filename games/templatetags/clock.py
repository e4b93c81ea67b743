from django import template

register = template.Library()


@register.filter
def clock(seconds) -> str:
    """Seconds as a clock: 75 -> "1:15", 3725 -> "1:02:05"."""
    try:
        total = max(0, int(seconds))
    except (TypeError, ValueError):
        return ""
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
