"""The log's shape: plain lines, or JSON lines (``LOG_FORMAT=json``), each carrying the
id of the request it was written under.

The id is the one nginx sent (X-Request-ID: the shipped configuration sends its own
``$request_id`` and writes it in its access log), so a line in the app's error log leads
to the request in nginx's; without one, an id is drawn, only when a line is written
under that request. docs/deploy.md#logs.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

# What an incoming id may be: nginx's $request_id is 32 hex digits; other proxies use
# UUIDs or similar. Anything else is replaced, never written to the log as sent.
_SAFE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
# The id of the request being answered: [the id], or [None] until a line needs one.
_REQUEST_ID: ContextVar[list | None] = ContextVar("cardsite_request_id", default=None)


def current_request_id() -> str:
    """The id of the request being answered ("-" outside any request)."""
    holder = _REQUEST_ID.get()
    if holder is None:
        return "-"
    if holder[0] is None:
        holder[0] = uuid.uuid4().hex
    return holder[0]


class RequestIdMiddleware:
    """Outermost but for the metrics: every line logged under a request carries its id."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.META.get("HTTP_X_REQUEST_ID")
        token = _REQUEST_ID.set(
            [incoming if incoming is not None and _SAFE_ID.fullmatch(incoming) else None]
        )
        try:
            return self.get_response(request)
        finally:
            _REQUEST_ID.reset(token)


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every record (for the plain format's ``{request_id}``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request id, and the
    traceback when there is one."""

    converter = time.gmtime  # the times are UTC, said with a Z

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or current_request_id(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        status = getattr(record, "status_code", None)
        if status is not None:
            entry["status"] = status
        return json.dumps(entry, ensure_ascii=False)
