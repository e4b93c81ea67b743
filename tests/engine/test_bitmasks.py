"""The engines' bit-mask helpers: a mask and its bit indices, both ways."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.engine.bitmasks import bits_mask, set_bits


def test_bits_mask_sets_the_given_bits():
    assert bits_mask([1, 3]) == 0b1010
    assert bits_mask([]) == 0


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_set_bits_and_bits_mask_undo_each_other(mask):
    assert bits_mask(set_bits(mask)) == mask
    assert set_bits(mask) == sorted(set(set_bits(mask)))
