"""Database models. Game rules live in games.engine; these only persist."""

from .heart_to_heart import HeartToHeartGame, HeartToHeartStats
from .hearts import HeartsGame, HeartsStats
from .players import Player

__all__ = ["HeartToHeartGame", "HeartToHeartStats", "HeartsGame", "HeartsStats", "Player"]
