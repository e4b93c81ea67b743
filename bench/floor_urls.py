"""The site's URLs plus ``/bench/floor/`` (see bench/floor_settings.py)."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from cardsite.urls import handler500
from cardsite.urls import urlpatterns as site_urlpatterns

__all__ = ["handler500", "urlpatterns"]


def floor(request: HttpRequest) -> HttpResponse:
    """Nothing at all: what every request costs before a page does any work."""
    return HttpResponse("floor\n", content_type="text/plain")


urlpatterns = [path("bench/floor/", floor), *site_urlpatterns]
