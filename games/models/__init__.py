"""Database models. Game rules live in games.engine; these only persist."""

from .heart_to_heart import HeartToHeartGame, HeartToHeartStats
from .players import Player

__all__ = ["HeartToHeartGame", "HeartToHeartStats", "Player"]
