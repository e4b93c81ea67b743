"""Bit-mask helpers shared by the engines (hands, layout masks)."""

from __future__ import annotations


def set_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first (e.g. 0b1010 -> [1, 3])."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
