"""Sharing a Heart to Heart deal: the link-preview tags and the deal's preview picture.

Everything here comes from the deal code alone, through the engine's public face: no
game, player or session is read or written, so a chat app's or a crawler's cookieless
fetch leaves nothing behind.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.drawing import deal_image
from games.engine import heart_to_heart as engine
from games.views.requests import HtmxHttpRequest

# Open Graph writes locales as language_TERRITORY.
OG_LOCALES = {"en": "en_GB", "fr": "fr_FR", "nb": "nb_NO"}
# A new drawing gets a new number: the picture's URL changes with it, so the year-long
# "immutable" copies that chat apps and proxies keep of the old one are never stale.
DRAWING_VERSION = 2  # 2: the card faces of games/drawing/card_faces.py, not pips
CACHE_ALIAS = "deal_images"
YEAR = 60 * 60 * 24 * 365


def canonical_code(text: str) -> str | None:
    """The code in its one written form (``HH1-N-AAAAAAM``), or None if it is not a code."""
    try:
        return str(engine.parse_code(text))
    except engine.DealCodeError:
        return None


def _languages() -> set[str]:
    return {code for code, _name in settings.LANGUAGES}


def deal_url(request: HtmxHttpRequest, code: str) -> str:
    return request.build_absolute_uri(reverse("h2h:deal", args=[code]))


def link_preview(request: HtmxHttpRequest, code: str) -> dict | None:
    """The Open Graph / Twitter card of a deal's page in the active language; None when
    ``code`` is not a deal code (the page then carries no preview tags)."""
    canonical = canonical_code(code)
    if canonical is None:
        return None
    language = translation.get_language() or settings.LANGUAGE_CODE
    if language not in _languages():
        language = settings.LANGUAGE_CODE
    image = reverse(
        "h2h:deal_image", kwargs={"code": canonical, "language": language,
                                  "drawing": DRAWING_VERSION},
    )
    return {
        "title": _("Heart to Heart deal %(code)s") % {"code": canonical},
        "description": _(
            "Pair cards of the same rank to clear the heart. Open the link to play this deal: "
            "the same 52 cards for everyone who opens it."
        ),
        "url": deal_url(request, canonical),
        "image": request.build_absolute_uri(image),
        "image_alt": _(
            "The deal %(code)s: a heart of 25 cards face up, the stock face down and the "
            "waste's top card."
        ) % {"code": canonical},
        "width": deal_image.WIDTH,
        "height": deal_image.HEIGHT,
        "locale": OG_LOCALES.get(language, "en_GB"),
        "alternate_locales": [OG_LOCALES[lang] for lang in sorted(OG_LOCALES) if lang != language],
    }


def picture_words() -> deal_image.PictureWords:
    return deal_image.PictureWords(
        title=_("Heart to Heart"),
        tagline=_("Pair cards of the same rank to clear the heart."),
        deal=_("Deal"),
        stock=_("Stock"),
        waste=_("Waste"),
    )


def deal_picture(code: str) -> deal_image.DealPicture:
    """The deal as its page opens: the engine's board of a fresh game of ``code``."""
    board = engine.view(engine.new_game(code))
    return deal_image.DealPicture(
        code=board.code,
        places=engine.PLACES,
        ranks=tuple(slot.rank for slot in board.slots),
        free=frozenset(board.free_positions),
        stock_count=board.stock_count,
        waste_rank=board.waste_rank,
    )


def picture_bytes(code: str, language: str) -> tuple[bytes, str]:
    """The PNG of a canonical code in a language, and its strong ETag; drawn once, then
    served from the cache.

    The default cache (settings.CACHES["deal_images"]) lives in each app process's memory:
    that is enough, because the drawing is deterministic — every process draws the same
    bytes and so answers the same ETag — and the long public lifetime means browsers,
    chat apps and any proxy keep their copy. A shared cache (Redis, Memcached) can be
    configured under the same alias without changing this code.
    """
    cache = caches[CACHE_ALIAS]
    key = f"h2h-deal-image:{DRAWING_VERSION}:{language}:{code}"
    found = cache.get(key)
    if found is None:
        with translation.override(language):
            data = deal_image.draw(deal_picture(code), picture_words())
        found = (data, f'"{hashlib.sha256(data).hexdigest()[:32]}"')
        cache.set(key, found, timeout=None)
    return found


@require_safe
def deal_image_view(
    request: HtmxHttpRequest, code: str, language: str, drawing: int
) -> HttpResponse:
    """``/heart-to-heart/<CODE>/preview-<lang>-<n>.png``: the deal's 1200×630 picture.

    A text that is not a deal code, a language the site does not speak or a drawing
    that is not the current one is a 404; nothing here touches the database.
    """
    canonical = canonical_code(code)
    if canonical is None or language not in _languages() or drawing != DRAWING_VERSION:
        raise Http404
    data, etag = picture_bytes(canonical, language)
    not_modified = get_conditional_response(request, etag=etag)
    response = not_modified or HttpResponse(data, content_type="image/png")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    return response
