"""The web app manifest: "Add to home screen" gives the site its icon, its colours and a
full-screen window. Served by a view (not a static file) so the icons' URLs are the hashed
names of the production static storage and the description is in the visitor's language."""

from __future__ import annotations

from django.http import JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.views.requests import HtmxHttpRequest

TABLE_COLOUR = "#0a3b24"  # --felt-dark in static/css/site.css: the page's edge colour


def _icons() -> list[dict]:
    icons = []
    for size in (192, 512):
        icons.append({"src": static(f"img/icon-{size}.png"), "sizes": f"{size}x{size}",
                      "type": "image/png", "purpose": "any"})
        icons.append({"src": static(f"img/icon-maskable-{size}.png"), "sizes": f"{size}x{size}",
                      "type": "image/png", "purpose": "maskable"})
    return icons


@require_safe
def web_app_manifest(request: HtmxHttpRequest) -> JsonResponse:
    home = reverse("home")
    manifest = {
        "id": home,
        "name": "cardsite",
        "short_name": "cardsite",
        "description": _("Heart to Heart and Hearts, two card games to play in your browser."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "background_color": TABLE_COLOUR,
        "theme_color": TABLE_COLOUR,
        "icons": _icons(),
    }
    response = JsonResponse(
        manifest, content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    # The description follows the language cookie; browsers fetch the manifest rarely.
    response["Cache-Control"] = "max-age=86400"
    patch_vary_headers(response, ("Cookie",))
    return response
