"""The game a post/redirect/get answer points at (…/game/<uuid>/), for the web tests."""

from __future__ import annotations


def game_from_redirect(model, response):
    """The ``model`` row whose id ends the response's Location."""
    assert response.status_code in (301, 302, 303), response.status_code
    return model.objects.get(pk=response["Location"].rstrip("/").rsplit("/", 1)[-1])
