"""Read a POST body before anything else does, so a body Django cannot parse is a 400.

A broken multipart body (no boundary), too many fields or too large a body raise when
``request.POST`` is first read. Inside the middleware chain Django answers that with
400. But on a URL that matches no route, the first reader is the 404 page's own CSRF
check (``requires_csrf_token``), outside that handling: the visitor got a 500. Reading
the body here, in the chain, makes every such request the 400 it is.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class ReadPostBodyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            request.POST  # noqa: B018 (parsed now: an error here is answered 400 by Django)
        return self.get_response(request)
