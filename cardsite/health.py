"""``/healthz``: is this app server up and can it reach its database?

For load balancers, monitoring and the scale-out tests. It answers plain text, sets
no cookie, reads no session and is never cached, so a probe every few seconds leaves
nothing behind. A database that cannot answer a trivial query makes it 503 (within the
connect timeout, see ``DATABASE_CONNECT_TIMEOUT``), logged as one warning line; Django
drops the broken connection when the request ends
(``close_old_connections``), so the next probe connects afresh.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        logger.warning("Health check: database unavailable: %s", error)
        return HttpResponse(
            "database unavailable\n", status=503, content_type="text/plain; charset=utf-8"
        )
    return HttpResponse("ok\n", content_type="text/plain; charset=utf-8")
