"""``/too-many-requests/``: the page a visitor gets when nginx has limited their address.

The app itself limits nothing (a normal player never meets this page). The shipped nginx
site file (deploy/nginx/cardsite.conf.template) counts writes and new games per client
address and answers a request past its limit with 429 and this page: ``error_page 429``
sends it here as a GET, with the visitor's language in ``Accept-Language`` and no cookie,
and nginx keeps the answer a minute per language, so a flood of limited requests never
reaches an app server. Hence a page that is the same for everyone of a language: no
query, no cookie set, no CSRF token, no form (the language switch is left out; "Back to
the games" is a plain link).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# How long a limited client should wait: one request more is let through every 0.2 s
# (writes) or 5 s (new games); see docs/deploy.md, "Limits per address".
RETRY_AFTER_SECONDS = 5


@never_cache
@require_safe
def too_many_requests(request: HttpRequest) -> HttpResponse:
    # No context processors: nothing of the visitor (no session, no player, no token).
    html = loader.render_to_string("429.html", {"request": request})
    response = HttpResponse(html, status=429)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    # Drawn once a minute per language for nginx's cache, not once per limited request:
    # nginx's access log has every 429, so spare the app's log Django's line for a 4xx.
    response._has_been_logged = True
    return response
