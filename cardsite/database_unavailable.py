"""503, not 500, when the database is busy or out of reach for a moment.

SQLite says "database is locked" when a writer has waited its whole busy timeout
for another one; a server that cannot reach its database (PostgreSQL down or
restarting) fails while connecting. Neither is a bug in the site: the visitor is
asked to try again in a moment (503 with Retry-After) and the log gets one
warning line, not a traceback. Every other database error stays a 500.
"""

from __future__ import annotations

import inspect
import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template import loader
from django.views import defaults

from cardsite.content_security import allow_own_inline_styles

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
BUSY, UNREACHABLE = "busy", "unreachable"

# SQLite result codes (Python 3.11 puts them on the error) and their messages.
_SQLITE_BUSY_CODES = ("SQLITE_BUSY", "SQLITE_LOCKED")
_SQLITE_BUSY_MESSAGES = ("database is locked", "database table is locked")
# PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01-57P03 say the
# server is shutting down, crashed, or is not accepting connections yet.
_POSTGRES_GONE = ("08", "57P01", "57P02", "57P03")
# Every backend opens its connections through this one method.
_CONNECT = inspect.unwrap(BaseDatabaseWrapper.connect).__code__


def _raised_while_connecting(error: BaseException) -> bool:
    traceback = error.__traceback__
    while traceback is not None:
        if traceback.tb_frame.f_code is _CONNECT:
            return True
        traceback = traceback.tb_next
    return False


def unavailability(error: BaseException) -> str | None:
    """BUSY or UNREACHABLE when the database cannot serve right now, else None."""
    if not isinstance(error, OperationalError | InterfaceError):
        return None
    cause = error.__cause__  # the driver's own error, kept by Django's wrapper
    if isinstance(error, OperationalError) and (
        getattr(cause, "sqlite_errorname", "").startswith(_SQLITE_BUSY_CODES)
        or any(message in str(error) for message in _SQLITE_BUSY_MESSAGES)
    ):
        return BUSY
    if _raised_while_connecting(error):
        return UNREACHABLE
    sqlstate = getattr(cause, "sqlstate", None)  # psycopg; None for sqlite3
    if sqlstate and sqlstate.startswith(_POSTGRES_GONE):
        return UNREACHABLE
    return None


def service_unavailable(request: HttpRequest) -> HttpResponse:
    """The translated 503 page, drawn without touching the database.

    No context processors run (auth and messages may read the session, which may
    live in the database): the page gets only the request and its CSRF token.
    """
    html = loader.render_to_string(
        "503.html", {"request": request, "csrf_token": get_token(request)}
    )
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    # Logged below as a warning: spare it Django's own ERROR line for any 5xx.
    response._has_been_logged = True
    return response


def _answer(request: HttpRequest, reason: str, error: BaseException) -> HttpResponse:
    logger.warning(
        "Database %s, answered 503 to %s %s: %s", reason, request.method, request.path, error
    )
    return service_unavailable(request)


class DatabaseUnavailableMiddleware:
    """Turns an error raised by a view into the 503 page when the database is the cause."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        reason = unavailability(exception)
        if reason is None:
            return None  # a real error: Django's 500 path, with its traceback
        return _answer(request, reason, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500, for errors raised outside a view, which process_exception never sees.

    SessionMiddleware saving a changed session after the view is one such place.
    Django calls this while handling the error, so ``sys.exception()`` is that error.
    """
    error = sys.exception()
    reason = unavailability(error) if error is not None else None
    if reason is None:
        response = allow_own_inline_styles(defaults.server_error(request))
        if error is not None:
            # Django logs an error raised by a view with its traceback, but not one raised
            # while drawing an error page (a 404's template, say): log it here, once.
            logging.getLogger("django.request").error(
                "Internal Server Error: %s", request.path, exc_info=error
            )
            response._has_been_logged = True
        return response
    return _answer(request, reason, error)
