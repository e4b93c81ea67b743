"""Heart to Heart deal codes: ``HH1-N-AAAAAAM`` names one deal forever
(docs/rules.md#h2h-deal-codes).

``HH`` the game, ``1`` the version of the deal algorithm, the deal class (``N`` plain,
``W`` proved winnable), then 7 letters A–Z: the seed in base 26, most significant
first (AAAAAAA = 0, AAAAAAM = 12).

Deal algorithm, version 1 (pinned by tests/engine/test_deal_codes.py — never change it;
a new algorithm gets a new version number):

* The deck before shuffling is ``H2H_RANKS * 4``: A 2 … K, four times over.
* Class N: ``SplitMix64(derive_seed(N_TAG, seed)).shuffle(deck)`` once.
* Class W: one generator ``SplitMix64(derive_seed(W_TAG, seed))`` shuffles a fresh
  unshuffled deck again and again; the deal is the first shuffle the solver proves
  winnable.
* Deal order: ranks 1–25 go to layout positions 1–25, ranks 26–51 form the stock with
  rank 26 on top (it is the first card turned), rank 52 lies face up on the waste.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart.rules import STALEMATE, GameState, deal_state
from games.engine.heart_to_heart.solver import Solution, is_winnable, solve
from games.engine.refusals import Refused
from games.engine.rng import SplitMix64, derive_seed

PREFIX = "HH"
VERSION = 1
CLASSES = ("N", "W")
SEED_LETTERS = 7
SEED_LIMIT = 26**SEED_LETTERS  # seeds are 0 … 26**7 - 1
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# The one example code: the help texts quote it, and the Examples page replays its won
# game (the line's first pair, the point with the waste, is move 10, as
# docs/rules.md#h2h-examples says).
EXAMPLE_CODE = "HH1-N-AAAAAAM"

# Stream tags keep the two classes' shuffles unrelated for the same seed. N_TAG was
# chosen as the smallest tag for which HH1-N-AAAAAAM shows the examples of
# docs/rules.md#h2h-examples: a 10 at position 1, a 4 at the point, an A on the waste,
# and a won line whose first pair (point + waste) is move 10 — see
# docs/heart-to-heart-engine.md. Both are fixed forever.
N_TAG = 301_388
W_TAG = 0x57  # "W"
# A guard, never reached: about 2 shuffles in 7 are winnable (docs/heart-to-heart-engine.md).
W_MAX_SHUFFLES = 10_000


class CodeProblem(StrEnum):
    """Why a text is not a deal code (the page says each in the visitor's language)."""

    EMPTY = "empty"
    PREFIX = "prefix"
    VERSION = "version"
    FORMAT = "format"
    CLASS = "class"
    LENGTH = "length"
    LETTERS = "letters"


class DealCodeError(Refused):
    """Text that is not a deal code."""

    def __init__(self, code: CodeProblem, message: str, letters: int = 0) -> None:
        super().__init__(code, message)
        self.letters = letters  # for LENGTH: how many letters the last part had


@dataclass(frozen=True, slots=True)
class DealCode:
    deal_class: str  # "N" or "W"
    seed: int  # 0 … 26**7 - 1
    version: int = VERSION

    def __post_init__(self) -> None:
        if self.version != VERSION or self.deal_class not in CLASSES:
            raise ValueError(f"unsupported deal code {self.version}/{self.deal_class}")
        if not 0 <= self.seed < SEED_LIMIT:
            raise ValueError(f"seed {self.seed} out of range")

    def __str__(self) -> str:
        letters = []
        seed = self.seed
        for _ in range(SEED_LETTERS):
            seed, digit = divmod(seed, 26)
            letters.append(_LETTERS[digit])
        return f"{PREFIX}{self.version}-{self.deal_class}-{''.join(reversed(letters))}"


def parse_code(text: object) -> DealCode:
    """Read a deal code; case and surrounding spaces do not matter."""
    if not isinstance(text, str) or not text.strip():
        raise DealCodeError(CodeProblem.EMPTY, f"Enter a deal code such as {EXAMPLE_CODE}.")
    code = text.strip().upper()
    parts = code.split("-")
    head = parts[0]
    if not head.startswith(PREFIX):
        raise DealCodeError(
            CodeProblem.PREFIX,
            f"A Heart to Heart deal code starts with {PREFIX}, as in {EXAMPLE_CODE}.",
        )
    if head[len(PREFIX) :] != str(VERSION):
        raise DealCodeError(
            CodeProblem.VERSION,
            f"This site deals version {VERSION} codes ({PREFIX}{VERSION}-…), as in {EXAMPLE_CODE}.",
        )
    if len(parts) != 3:
        raise DealCodeError(
            CodeProblem.FORMAT,
            f"A deal code has three parts joined by dashes, as in {EXAMPLE_CODE}.",
        )
    deal_class, letters = parts[1], parts[2]
    if deal_class not in CLASSES:
        raise DealCodeError(
            CodeProblem.CLASS,
            "The deal class (after the first dash) must be N (any deal) or W (a winnable deal).",
        )
    if any(char not in _LETTERS for char in letters):
        raise DealCodeError(
            CodeProblem.LETTERS, "The last part of a deal code may only hold letters A to Z."
        )
    if len(letters) != SEED_LETTERS:
        raise DealCodeError(
            CodeProblem.LENGTH,
            f"The last part of a deal code has {SEED_LETTERS} letters, not {len(letters)}.",
            letters=len(letters),
        )
    seed = 0
    for char in letters:
        seed = seed * 26 + _LETTERS.index(char)
    return DealCode(deal_class, seed)


def random_code(deal_class: str = "N") -> DealCode:
    """A fresh code from the operating system's randomness (``secrets``), never one whose
    deal is stuck before its first move (docs/rules.md#h2h-deal-codes).

    About one N deal in ten is: the point's rank has no partner in the stock or waste. A
    new player's first game must not open on "No more moves", so such seeds are drawn
    again. This says nothing about whether the deal can be won, and a code typed or
    shared still opens exactly its deal, stuck or not. (W deals are winnable, so never
    stuck.)
    """
    for _ in range(RANDOM_DRAWS):
        code = DealCode(deal_class, secrets.randbelow(SEED_LIMIT))
        if new_game(code).status != STALEMATE:
            return code
    raise RuntimeError("no playable deal drawn")  # pragma: no cover


# A guard, never reached: with one deal in ten stuck, 100 stuck draws in a row have a
# chance of 10^-100.
RANDOM_DRAWS = 100


def unshuffled_deck() -> list[str]:
    return list(H2H_RANKS) * 4


def shuffled_deck(rng: SplitMix64) -> tuple[str, ...]:
    deck = unshuffled_deck()
    rng.shuffle(deck)
    return tuple(deck)


@lru_cache(maxsize=4096)
def _deal(code: DealCode) -> tuple[str, ...]:
    if code.deal_class == "N":
        return shuffled_deck(SplitMix64(derive_seed(N_TAG, code.seed)))
    rng = SplitMix64(derive_seed(W_TAG, code.seed))
    for _ in range(W_MAX_SHUFFLES):
        deck = shuffled_deck(rng)
        if is_winnable(deck):
            return deck
    raise RuntimeError(f"no winnable shuffle for {code}")  # pragma: no cover


def deal_for(code: DealCode | str) -> tuple[str, ...]:
    """The 52 ranks of a deal, in deal order (see the module's docstring)."""
    return _deal(parse_code(code) if isinstance(code, str) else code)


def new_game(code: DealCode | str) -> GameState:
    """A fresh game of a deal code (a ``DealCode`` or its text; DealCodeError if malformed)."""
    deal_code = parse_code(code) if isinstance(code, str) else code
    return deal_state(str(deal_code), deal_for(deal_code))


def solve_code(code: DealCode | str) -> Solution:
    """The solver's verdict on the deal a code names."""
    return solve(deal_for(code))
