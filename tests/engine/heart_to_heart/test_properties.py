"""Invariants of Heart to Heart over random deals and random tap sequences (hypothesis)."""

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import heart_to_heart as h2h
from games.engine.analysis.heart_to_heart_survey import greedy_pair
from games.engine.cards import H2H_RANKS
from games.engine.heart_to_heart import (
    EXAMPLE_CODE,
    GameState,
    HeartToHeartError,
    new_game,
    solve_code,
    tap,
    undo,
    view,
)
from games.engine.heart_to_heart.deal_codes import SEED_LIMIT, DealCode

deals = st.builds(DealCode, st.sampled_from(["N", "N", "N", "W"]), st.integers(0, SEED_LIMIT - 1))
# An action: ("tap", i) taps the i-th of the targets that can do something (free cards,
# waste, stock), ("any", t) taps any target at all, ("pair", 0) taps a pair if there is
# one (so games get deep), ("undo", 0) undoes.
actions = st.lists(
    st.one_of(
        st.tuples(st.just("tap"), st.integers(0, 30)),
        st.tuples(st.just("pair"), st.just(0)),
        st.tuples(st.just("any"), st.sampled_from([*range(1, 26), "stock", "waste"])),
        st.tuples(st.just("undo"), st.just(0)),
    ),
    max_size=120,
)


def restores(undone, before):
    """``undone`` is ``before`` exactly with nothing selected — but for undo records older
    than the last 100 moves, which the history had to forget when the undone move was made."""
    kept = len(undone.history)
    assert kept == len(before.history) or kept < h2h.HISTORY_LIMIT
    forgotten = before.history[len(before.history) - kept :]
    return undone == replace(before, selected=None, history=forgotten)


def useful_targets(state):
    return [*state.free_positions(), "waste", "stock"]


def accounted(state, out):
    """Every one of the 52 cards is in the heart, the stock, the waste or out in a pair."""
    in_heart = Counter(
        rank for pos, rank in enumerate(state.layout, 1) if not state.removed >> (pos - 1) & 1
    )
    return in_heart + Counter(state.stock) + Counter(state.waste) + out == Counter(
        {rank: 4 for rank in H2H_RANKS}
    )


@settings(max_examples=200)
@given(code=deals, plan=actions)
def test_random_play_keeps_every_invariant(code, plan):
    play_and_check(new_game(code), plan)


def test_the_invariant_checks_follow_a_game_to_its_win():
    # The solver's line: the checks (undo of each move included) see a whole won game,
    # with pairs from the heart and from the waste, flips and redeals.
    plan = [("any", target) for target in solve_code(EXAMPLE_CODE).line]
    state = play_and_check(new_game(EXAMPLE_CODE), plan)
    assert state.won


def play_and_check(state, plan):
    out = Counter()  # the cards our own bookkeeping saw leave in pairs
    pair_ranks = []  # to put them back on undo
    for kind, value in plan:
        if state.won:
            break
        before = state
        if kind == "undo":
            if not state.history:
                continue
            state = undo(state)
            assert state.moves == before.moves - 1
            if before.history[-1][0] == "p":
                out.subtract({pair_ranks.pop(): 2})
        else:
            target = value
            if kind == "tap":
                options = useful_targets(state)
                target = options[value % len(options)]
            elif kind == "pair":
                # Play like the greedy player: clear the selection, pair if possible, or flip.
                if state.selected is not None:
                    state = before = tap(state, state.selected).state
                pair = greedy_pair(state)
                target = pair[1] if pair else "stock"
                if pair:
                    state = before = tap(state, pair[0]).state
            outcome = tap(state, target)
            state = outcome.state
            if outcome.is_move:
                assert state.moves == before.moves + 1
                if not state.won:  # a won game is finished: no undo
                    assert restores(undo(state), before)  # the exact prior state
            else:
                assert state.moves == before.moves  # never decreases except by undo
                assert state.history == before.history
            if outcome.kind == h2h.PAIRED:
                rank = before.rank_of(outcome.paired[0])
                out[rank] += 2
                pair_ranks.append(rank)
        assert accounted(state, out)
        assert state.score == 10 * state.removed.bit_count() == view(state).score
        assert GameState.from_dict(state.to_dict()) == state
        assert len(state.history) <= h2h.HISTORY_LIMIT
        assert state.won == (state.status == "won") == (state.removed == h2h.FULL_MASK)
    return state


@settings(max_examples=100)
@given(code=deals, plan=st.lists(st.integers(0, 30), max_size=200))
def test_status_is_stalemate_exactly_when_no_free_card_has_a_partner(code, plan):
    state = new_game(code)
    for value in plan:
        if state.won:
            break
        options = useful_targets(state)
        state = tap(state, options[value % len(options)]).state
        free = [state.layout[pos - 1] for pos in state.free_positions()]
        piles = set(state.stock) | set(state.waste)
        can_pair = any(free.count(rank) > 1 or rank in piles for rank in free)
        expected = "won" if state.won else "playing" if can_pair else "stalemate"
        assert state.status == expected


@settings(max_examples=50)
@given(code=deals, flips=st.integers(0, 200))
def test_undo_walks_all_the_way_back_within_100_moves(code, flips):
    start = new_game(code)
    states = [start]
    for _ in range(flips):
        states.append(tap(states[-1], "stock").state)
    state = states[-1]
    for expected in reversed(states[-101:-1]):
        state = undo(state)
        assert restores(state, expected)
    try:
        undo(state)
    except HeartToHeartError:
        assert flips >= 100 or state == start
    else:
        raise AssertionError("undo went further back than 100 moves")


@settings(max_examples=100)
@given(code=deals, plan=st.lists(st.integers(0, 30), max_size=60))
def test_the_view_is_the_same_whatever_the_stock_order(code, plan):
    state = new_game(code)
    for value in plan:
        if state.won:
            break
        options = useful_targets(state)
        state = tap(state, options[value % len(options)]).state
    assert view(replace(state, stock=tuple(sorted(state.stock)))) == view(state)
