"""Database models. Game rules live in games.engine; these only persist."""

from .heart_to_heart import HeartToHeartGame, HeartToHeartStats
from .hearts import HeartsGame, HeartsStats
from .keeping import Challenge, Device, LinkCode, Passkey, Throttle
from .players import Player

__all__ = [
    "Challenge", "Device", "HeartToHeartGame", "HeartToHeartStats", "HeartsGame", "HeartsStats",
    "LinkCode", "Passkey", "Player", "Throttle",
]
