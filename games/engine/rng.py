"""The project's own PRNG: SplitMix64 and a Fisher–Yates shuffle.

Deal codes and Hearts replays depend on this exact algorithm, bit for bit, so it
must never change (golden tests pin it). Python's ``random`` module is not used:
its algorithm is not part of any promise we can keep across versions.

SplitMix64 (Steele, Lea & Flood, 2014) — every step:
    state += 0x9E3779B97F4A7C15
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)
all arithmetic modulo 2**64.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Combine several non-negative integers into one 64-bit seed.

    Used to give each Hearts deal, seat and decision its own stream:
    ``derive_seed(game_seed, deal_number)``. Each part is folded in with one
    SplitMix64 finalisation, so nearby inputs give unrelated seeds.
    """
    state = 0
    for part in parts:
        if part < 0:
            raise ValueError("seed parts must be non-negative")
        state = _mix64(((state ^ (part & MASK64)) + GOLDEN_GAMMA) & MASK64)
    return state


class SplitMix64:
    """A small, fast, well-tested 64-bit generator with a 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return _mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias (rejection)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Largest multiple of n that fits in 64 bits; draws above it are rejected.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates (Durstenfeld): for i from n-1 down to 1, swap i with below(i+1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
