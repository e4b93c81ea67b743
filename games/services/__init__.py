"""The only layer that joins models and engines: lock, apply, save, count statistics."""

from __future__ import annotations

import uuid

from django.db.models import Model


def owned_game(model: type[Model], game_id: uuid.UUID, player) -> Model | None:
    """The game if it exists and belongs to ``player``; for anyone else (or nobody), None.

    Every page of a game is looked up through here, so another visitor gets a 404."""
    if player is None:
        return None
    return model.objects.filter(pk=game_id, player=player).first()
