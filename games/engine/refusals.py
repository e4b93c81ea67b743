"""What both games' refusals look like: a reason from the game's own enum and a message.

Each game defines its reasons once, as a ``StrEnum`` in its rules module; the web maps
each reason to an HTTP status and a translated message in one table per game. The
English ``message`` here is for tools and logs (and tests); a page shows its own words.
"""

from __future__ import annotations

from enum import StrEnum


class Refused(ValueError):
    """A move or an input the rules refuse; raised before anything changes."""

    def __init__(self, code: StrEnum, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code.value, "message": self.message}
