"""405 as a page: a request with a method the address does not take (a PUT, or a POST to
a page that only shows) gets the site's styled page in the visitor's language, with the
``Allow`` header Django's view decorators set, instead of an empty body.

A GET of an address that only acts (a reload after a post made without JavaScript) never
gets here: those views send it to the page they belong to (``game_pages.post_only``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

METHOD_NOT_ALLOWED = 405


class MethodNotAllowedPageMiddleware:
    """Inside LocaleMiddleware, so the page is drawn in the language the visitor reads."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != METHOD_NOT_ALLOWED or response.content:
            return response
        page = HttpResponse(
            render_to_string("405.html", request=request), status=METHOD_NOT_ALLOWED
        )
        if "Allow" in response:
            page["Allow"] = response["Allow"]
        if request.method == "HEAD":
            page.content = b""
        return page
