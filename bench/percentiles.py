"""The one percentile every benchmark prints (nearest rank, no interpolation)."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (``values`` need not be sorted)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
