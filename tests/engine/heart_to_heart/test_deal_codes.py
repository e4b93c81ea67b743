"""Deal codes: parsing, formatting, fresh codes, and golden deals pinned forever."""

from collections import Counter

import pytest

from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart import deal_codes
from games.engine.heart_to_heart.deal_codes import (
    SEED_LIMIT,
    DealCode,
    DealCodeError,
    deal_for,
    new_game,
    parse_code,
    random_code,
)
from games.engine.heart_to_heart.rules import STALEMATE
from games.engine.heart_to_heart.solver import is_winnable

# Golden deals: 52 ranks in deal order (layout 1–25, stock top first, waste). If one of
# these changes, every shared code changes meaning: that is never allowed in version 1.
GOLDEN = {
    "HH1-N-AAAAAAM": "10 Q 9 5 J 5 9 6 Q 7 K 2 4 5 4 10 6 2 K A 2 A 3 9 4 "
    "7 Q 8 J J J K 6 4 3 2 7 3 9 10 A 10 8 Q 7 5 3 8 8 6 K A",
    "HH1-N-AAAAAAA": "8 K 7 5 5 9 3 Q 10 Q 3 7 A 7 10 K 8 6 2 2 4 3 2 9 8 "
    "2 6 9 4 6 K 10 7 J 9 J A K 3 5 J 10 4 5 8 A A 6 Q Q J 4",
    "HH1-N-ZZZZZZZ": "5 3 9 A 6 A K 4 J 9 4 A 10 5 9 J K 6 2 K 3 6 2 2 5 "
    "A 7 10 5 7 10 8 K Q 4 10 2 7 Q 8 4 7 J 8 Q J Q 9 3 8 3 6",
    "HH1-N-CARDSIT": "K 7 3 K Q 10 6 10 A 4 3 9 2 9 J K 5 Q 4 2 2 J A 2 9 "
    "4 J 10 5 K A 8 J Q 7 A 8 Q 4 3 5 6 8 6 3 9 10 7 7 8 5 6",
    "HH1-W-AAAAAAA": "7 3 7 10 10 A Q 5 6 3 Q J 9 8 8 10 6 4 J K 8 10 2 3 J "
    "5 7 K Q K 4 2 7 5 2 A J 8 4 A K 5 4 3 9 2 Q 6 6 9 9 A",
    "HH1-W-AAAAAAM": "3 8 Q 4 Q 4 J A 2 K A 4 9 7 A 8 Q 10 6 2 9 K 10 10 J "
    "5 J 2 8 9 6 5 7 K 7 A 7 6 Q 2 5 4 6 J K 9 3 5 3 3 10 8",
    "HH1-W-HEARTSS": "5 4 8 9 3 J 3 9 7 3 2 K 8 5 10 A 6 J 7 3 A 10 9 J 6 "
    "5 9 7 6 2 Q 5 K 2 8 A K 10 Q 2 4 8 4 K Q A 4 7 Q J 6 10",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deal_is_pinned(code):
    assert " ".join(deal_for(code)) == GOLDEN[code]


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_every_deal_holds_four_of_each_rank(code):
    assert Counter(deal_for(code)) == {rank: 4 for rank in H2H_RANKS}


@pytest.mark.parametrize("code", [code for code in GOLDEN if "-W-" in code])
def test_w_deal_is_winnable_and_differs_from_the_n_deal(code):
    assert is_winnable(deal_for(code))
    assert deal_for(code) != deal_for(code.replace("-W-", "-N-"))


def test_w_deal_is_the_first_winnable_shuffle_of_its_stream():
    rng = deal_codes.SplitMix64(deal_codes.derive_seed(deal_codes.W_TAG, 0))
    shuffles = [deal_codes.shuffled_deck(rng) for _ in range(50)]
    first = next(deck for deck in shuffles if is_winnable(deck))
    assert deal_for("HH1-W-AAAAAAA") == first


def test_n_deal_is_one_shuffle_of_the_fixed_deck():
    rng = deal_codes.SplitMix64(deal_codes.derive_seed(deal_codes.N_TAG, 12))
    deck = list(H2H_RANKS) * 4
    rng.shuffle(deck)
    assert deal_for("HH1-N-AAAAAAM") == tuple(deck)


def test_same_code_same_deal_whatever_the_case():
    assert deal_for("hh1-n-aaaaaam") == deal_for("HH1-N-AAAAAAM") == deal_for(DealCode("N", 12))


@pytest.mark.parametrize(
    ("text", "deal_class", "seed"),
    [
        ("HH1-N-AAAAAAA", "N", 0),
        ("HH1-N-AAAAAAM", "N", 12),
        ("HH1-N-AAAAABA", "N", 26),
        ("HH1-W-ZZZZZZZ", "W", 26**7 - 1),
        ("  hh1-w-baaaaaa \n", "W", 26**6),
        ("Hh1-n-AaAaAaM", "N", 12),
    ],
)
def test_parse_reads_base_26_most_significant_first(text, deal_class, seed):
    code = parse_code(text)
    assert (code.version, code.deal_class, code.seed) == (1, deal_class, seed)
    assert str(code) == text.strip().upper()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        (None, "empty"),
        (12, "empty"),
        ("XX1-N-AAAAAAM", "prefix"),
        ("N-AAAAAAM", "prefix"),
        ("HH2-N-AAAAAAM", "version"),
        ("HH-N-AAAAAAM", "version"),
        ("HH01-N-AAAAAAM", "version"),
        ("HH1-NAAAAAAM", "format"),
        ("HH1-N-AAAA-AAM", "format"),
        ("HH1-X-AAAAAAM", "class"),
        ("HH1--AAAAAAM", "class"),
        ("HH1-N-AAAAAA", "length"),
        ("HH1-N-AAAAAAAA", "length"),
        ("HH1-N-", "length"),
        ("HH1-N-AAAAAA1", "letters"),
        ("HH1-N-AAAÉAAA", "letters"),
        ("HH1-N-AAA AAA", "letters"),
    ],
)
def test_malformed_codes_raise_one_clear_error(text, reason):
    with pytest.raises(DealCodeError) as caught:
        parse_code(text)
    assert caught.value.code == reason
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message.endswith(".") and "Traceback" not in message


def test_random_code_comes_from_the_os(monkeypatch):
    calls = []

    def fake_randbelow(limit):
        calls.append(limit)
        return 12

    monkeypatch.setattr(deal_codes.secrets, "randbelow", fake_randbelow)
    assert str(random_code()) == "HH1-N-AAAAAAM"
    assert str(random_code("W")) == "HH1-W-AAAAAAM"
    assert calls == [SEED_LIMIT, SEED_LIMIT]


def _stuck_at_start_seed() -> int:
    return next(seed for seed in range(20_000)
                if new_game(DealCode("N", seed)).status == STALEMATE)


def test_a_new_random_deal_is_never_stuck_before_its_first_move(monkeypatch):
    stuck = _stuck_at_start_seed()
    draws = iter([stuck, stuck, 12])
    monkeypatch.setattr(deal_codes.secrets, "randbelow", lambda limit: next(draws))
    assert str(random_code()) == "HH1-N-AAAAAAM"  # the stuck seed was drawn again, twice


def test_a_code_still_opens_exactly_its_deal_stuck_or_not():
    code = DealCode("N", _stuck_at_start_seed())
    assert new_game(code).status == STALEMATE
    assert new_game(str(code)).layout == new_game(code).layout


def test_random_codes_differ():
    assert len({random_code().seed for _ in range(20)}) > 1


def test_deal_code_refuses_out_of_range_values():
    with pytest.raises(ValueError):
        DealCode("N", SEED_LIMIT)
    with pytest.raises(ValueError):
        DealCode("Q", 0)
