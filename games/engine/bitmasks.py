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


def bits_mask(indices) -> int:
    """The mask with the given bit indices set, the inverse of ``set_bits`` ([1, 3] -> 0b1010)."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask
