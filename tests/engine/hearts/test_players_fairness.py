"""Fairness and determinism of the computer players (docs/rules.md#hearts-computers).

A computer seat decides from its seat view only: change every card it cannot see —
the other hands, what the others passed, what it passed itself once the exchange is
over — and its decision stays the same. Ties are broken by a stream derived from the
game's seed, the deal, the seat and the decision's place, so a replay repeats them.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import hearts as h
from games.engine.hearts.cards import ALL_CARDS, SUIT_MASKS, code, ids
from games.engine.hearts.players import SITE_LEVELS, get_player
from games.engine.hearts.seats import PASS_OFFSETS
from games.engine.rng import SplitMix64
from games.engine.testing import build_position, next_step, through_json

LEVELS = ("hard", "easy", "medium", "hard")
ENGINE = Path(h.__file__).parent


def state_after(seed: int, steps: int) -> h.HeartsState:
    """A game of four computers stopped where a computer is due (pass or play)."""
    state = h.new_game(seed, levels=LEVELS)
    for _ in range(steps):
        if state.phase == "game-over":
            break
        state = next_step(state)
    while not h.computer_due(state):
        state = next_step(state)
    return state


def rehide(
    state: h.HeartsState, seat: int, rng: SplitMix64, keep_suits: bool, keep_pass: bool = False
) -> h.HeartsState:
    """The same state for ``seat``'s eyes, with every hidden card dealt again at random.

    Hidden: the other three hands (with their pending passes and received cards). With
    ``keep_suits`` each other seat keeps its number of cards per suit (so voids shown in
    play stay true); otherwise only its number of cards. With ``keep_pass`` the cards
    ``seat`` passed stay with the seat it passed them to (a player that remembers its
    pass knows where they are: the searcher): only the rest is dealt again.
    """
    data = state.to_dict()
    others = [s for s in range(4) if s != seat]
    known = [0, 0, 0, 0]
    receiver = None
    offset = PASS_OFFSETS[state.pass_direction]
    if keep_pass and offset and state.phase != "pass":
        receiver = (seat + offset) % 4
        known[receiver] = state.received[receiver] & state.hands[receiver]
    hands = [[c for c in ids(state.hands[s]) if not known[s] >> c & 1] for s in range(4)]
    if keep_suits:
        for suit in range(4):
            pool = [c for s in others for c in hands[s] if c // 13 == suit]
            rng.shuffle(pool)
            for s in others:
                for i, c in enumerate(hands[s]):
                    if c // 13 == suit:
                        hands[s][i] = pool.pop()
    else:
        pool = [c for s in others for c in hands[s]]
        rng.shuffle(pool)
        for s in others:
            hands[s] = [pool.pop() for _ in hands[s]]
    hands = [[*hands[s], *ids(known[s])] for s in range(4)]
    data["hands"] = [[code(c) for c in sorted(hand)] for hand in hands]
    for s in others:
        if data["pending"][s] is not None:
            data["pending"][s] = [code(c) for c in sorted(hands[s])[:3]]
        if s != receiver:
            data["received"][s] = [code(c) for c in sorted(hands[s])[-2:]]
    return h.HeartsState.from_dict(data)


def rotate_hidden(state: h.HeartsState, seat: int) -> h.HeartsState | None:
    """Every hidden card to another holder: the other three hands passed round in a ring
    (possible when they hold equally many cards)."""
    others = [s for s in range(4) if s != seat]
    if len({state.hands[s].bit_count() for s in others}) != 1 or not state.hands[others[0]]:
        return None
    data = state.to_dict()
    hands = list(data["hands"])
    for i, s in enumerate(others):
        hands[s] = data["hands"][others[(i + 1) % 3]]
    data["hands"] = hands
    for s in others:
        data["pending"][s] = None if data["pending"][s] is None else hands[s][:3]
        data["received"][s] = []
    rotated = h.HeartsState.from_dict(data)
    for s in others:
        assert not rotated.hands[s] & state.hands[s]
    return rotated


@settings(max_examples=30)
@given(seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 160), shuffle=st.integers(0, 2**64))
def test_a_decision_is_unchanged_when_every_hidden_card_changes(seed, steps, shuffle):
    state = state_after(seed, steps)
    seat = h.due_seat(state)
    rng = SplitMix64(shuffle)
    expected = h.computer_move(state)
    variants = [rehide(state, seat, rng, keep_suits) for keep_suits in (True, False)]
    rotated = rotate_hidden(state, seat)
    if rotated is not None:
        variants.append(rotated)
    for other in variants:
        assert h.seat_view(other, seat) == h.seat_view(state, seat)
        moved = h.computer_move(other)
        if state.phase == "pass":
            assert moved.pending[seat] == expected.pending[seat]
        else:
            assert moved.trick == expected.trick and moved.tricks == expected.tricks


def test_after_the_exchange_a_seat_does_not_know_what_it_passed():
    state = h.new_game(4242, levels=LEVELS)
    before = h.seat_view(h.computer_move(h.computer_move(state)), 1)
    assert before.pending_pass  # before the exchange it knows its own pass
    for _ in range(4):
        state = h.computer_move(state)
    assert state.phase == "play"
    gift = ids(state.received[2])  # what seat 1 passed left, to seat 2
    # The same table, except that seat 1 had passed three other cards of seat 2's hand.
    data = state.to_dict()
    data["received"][2] = [code(c) for c in ids(state.hands[2]) if c not in gift][:3]
    other = h.HeartsState.from_dict(data)
    view = h.seat_view(state, 1)
    assert view.pending_pass == 0
    assert h.seat_view(other, 1) == view
    text = str(view.to_dict())
    assert not any(f"'{code(c)}'" in text for c in gift)
    # …and it plays the whole deal the same way.
    while state.phase not in ("deal-done", "game-over"):
        if state.phase == "play" and state.turn == 1:
            assert h.computer_move(other).trick == h.computer_move(state).trick
        state, other = next_step(state), next_step(other)


def test_the_seat_view_is_the_only_input_a_player_gets():
    # The players' code never reaches for the state, the seed or another module's
    # randomness: each decision is choose_pass/choose_play(view, rng).
    for path in (ENGINE / "players").glob("*.py"):
        source = path.read_text()
        assert "HeartsState" not in source, path
        assert not re.search(r"^\s*(import random|from random import)", source, re.M), path
        assert "from games.engine.hearts import" not in source, path


def test_ties_are_broken_by_the_seed_the_same_way_every_time():
    # Easy leads its lowest card: here 3♣, 3♦ and 3♠ tie. The choice depends on the
    # game's seed (through the decision's stream) and is the same on every replay.
    chosen = set()
    for seed in range(12):
        state = build_position(
            {0: cards("3C 3D 3S 8C 9D 10S JS QS KS AS 2H 4H")},
            tricks=[(1, cards("2C 4C 5C AC"))],
            seed=seed,
            levels=("easy", "human", "human", "human"),
        )
        first = code(h.computer_move(state).trick[0])
        again = code(h.computer_move(through_json(state)).trick[0])
        assert first == again
        chosen.add(first)
    assert chosen == {"3C", "3D", "3S"}


def test_each_decision_has_its_own_stream_from_seed_deal_seat_and_place():
    state = h.new_game(7, levels=LEVELS)
    streams = {h.decision_rng(state, seat).next_u64() for seat in range(4)}
    assert len(streams) == 4
    assert h.decision_rng(state, 2).next_u64() == h.decision_rng(state, 2).next_u64()
    while state.phase == "pass":
        state = h.computer_move(state)
    first = h.decision_rng(state, state.turn).next_u64()
    state = h.computer_move(state)
    assert h.decision_rng(state, state.turn).next_u64() != first


def test_a_game_of_computers_replays_identically_from_its_seed_and_from_json():
    def play(seed: int, reload_every: int = 0) -> str:
        state = h.new_game(seed, levels=LEVELS)
        step = 0
        while state.phase != "game-over":
            state = next_step(state)
            step += 1
            if reload_every and step % reload_every == 0:
                state = through_json(state)
        return state.to_dict()

    assert play(99) == play(99) == play(99, reload_every=37)
    assert play(99) != play(100)


def test_players_are_stateless_between_decisions():
    for level in (*SITE_LEVELS, "shooter", "random"):
        player = get_player(level)
        assert not vars(player), f"{level} keeps state on the instance"


def cards(text: str) -> list[str]:
    return text.split()


def test_suit_masks_cover_the_deck():
    assert sum(SUIT_MASKS) == ALL_CARDS


def test_hards_moon_defence_reads_nothing_hidden():
    # Positions where Hard defends before the shared watch (it read the signs
    # of a moon attempt from its own view) — from tables with the test-only shooter.
    # Every hidden card changes; Hard's suspect and its card do not.
    from games.engine.hearts.players.moon import moon_suspect

    hard = get_player("hard")
    found = 0
    rng = SplitMix64(12)
    deals = set()
    for seed in range(400):
        state = h.new_game(seed, levels=("shooter", "hard", "hard", "hard"))
        in_deal = 0
        while state.phase not in ("deal-done", "game-over") and in_deal < 3:
            seat = h.due_seat(state)
            if state.phase == "play" and seat != 0:  # a Hard seat is due
                view = h.seat_view(state, seat)
                suspect = hard.moon_suspect(view)
                if suspect is not None and moon_suspect(view) is None:
                    found += 1
                    in_deal += 1
                    deals.add(seed)
                    expected = h.computer_move(state).trick
                    for keep_suits in (True, False):
                        other = rehide(state, seat, rng, keep_suits)
                        assert h.seat_view(other, seat) == view
                        assert hard.moon_suspect(h.seat_view(other, seat)) == suspect
                        assert h.computer_move(other).trick == expected
            state = next_step(state)
        if found >= 60:
            break
    assert found >= 60 and len(deals) >= 20
