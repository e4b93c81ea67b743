"""SplitMix64 and its Fisher–Yates shuffle, pinned: every deal code depends on them."""

import pytest

from games.engine.rng import SplitMix64, derive_seed


def test_splitmix64_matches_the_reference_outputs():
    # The first outputs of Vigna's reference splitmix64.c seeded with 1234567.
    rng = SplitMix64(1234567)
    assert [rng.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_splitmix64_from_seed_zero_is_pinned():
    rng = SplitMix64(0)
    assert [rng.next_u64() for _ in range(3)] == [
        16294208416658607535,
        7960286522194355700,
        487617019471545679,
    ]


def test_derive_seed_is_pinned():
    assert derive_seed(1) == 10451216379200822465
    assert derive_seed(1, 2) == 13608149317741381227
    assert derive_seed(301388, 12) == 11319870786810340464


def test_derive_seed_refuses_negative_parts():
    with pytest.raises(ValueError):
        derive_seed(-1)


def test_below_is_pinned_and_in_range():
    rng = SplitMix64(7)
    assert [rng.below(6) for _ in range(10)] == [3, 0, 0, 3, 4, 3, 4, 0, 5, 5]
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_pinned_fisher_yates():
    items = list(range(10))
    SplitMix64(42).shuffle(items)
    assert items == [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]


def test_shuffle_is_a_permutation_and_deterministic():
    first, second = list(range(52)), list(range(52))
    SplitMix64(99).shuffle(first)
    SplitMix64(99).shuffle(second)
    assert first == second
    assert sorted(first) == list(range(52))
