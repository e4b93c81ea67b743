"""Database models. Game rules live in games.engine; these only persist."""

from .heart_to_heart import HeartToHeartGame, HeartToHeartStats
from .hearts import HeartsGame, HeartsStats
from .keeping import (
    LABEL_LENGTH,
    Challenge,
    Device,
    LinkCode,
    Passkey,
    Throttle,
    device_digest,
)
from .players import Player

__all__ = [
    "LABEL_LENGTH", "Challenge", "Device", "HeartToHeartGame", "HeartToHeartStats", "HeartsGame",
    "HeartsStats", "LinkCode", "Passkey", "Player", "Throttle", "device_digest",
]
