"""Property tests: random legal Hearts games played to the end keep every invariant."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import hearts as h
from games.engine.hearts.cards import ALL_CARDS, codes, mask_of
from games.engine.rng import SplitMix64
from games.engine.testing import next_step, through_json

POINTS = {
    "QS": 13,
    **{f"{r}H": 1 for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")},
}


def reference_legal(hand: list[str], trick: list[str], first: bool, broken: bool) -> set[str]:
    """docs/rules.md#hearts-play written out plainly on card codes, apart from the engine."""
    if not trick:
        if first:
            return {"2C"} & set(hand)
        if broken or all(c.endswith("H") for c in hand):
            return set(hand)
        return {c for c in hand if not c.endswith("H")}
    led = trick[0][-1]
    same = {c for c in hand if c[-1] == led}
    if same:
        return same
    if first:
        clean = {c for c in hand if c not in POINTS}
        return clean or set(hand)
    return set(hand)


def check_cards_accounted(state: h.HeartsState) -> None:
    seen = 0
    for seat, mine in enumerate(state.hands):
        assert not seen & mine
        seen |= mine
        expected = 13 - len(state.tricks)
        if state.phase in ("play", "trick-done"):
            on_table = {(state.trick_leader + i) % 4 for i in range(len(state.trick))}
            expected -= seat in on_table
        assert mine.bit_count() == expected
        pending = state.pending[seat]
        assert pending is None or pending & ~mine == 0
    assert not seen & state.played
    assert seen | state.played == ALL_CARDS
    assert state.played == mask_of(state.trick) | mask_of(c for t in state.tricks for c in t[1])


def check_views(state: h.HeartsState) -> None:
    for seat in range(4):
        view = h.seat_view(state, seat)
        assert view.hand == state.hands[seat]
        own = view.hand | view.played | view.received | view.pending_pass
        shown = set()
        for value in _walk(view.to_dict()):
            if _is_code(value):
                shown.add(value)
        assert mask_of(shown) & ~own == 0, "a seat view shows a card of another hand"
        others = 0
        for other in range(4):
            if other != seat:
                others |= state.hands[other]
        assert not mask_of(shown) & others
        if state.phase != "pass":
            assert view.pending_pass == 0  # after the exchange it forgets its own pass
        assert "seed" not in view.to_dict()
        # What a seat counts of the others' hands is only what it saw them play.
        played_by = [sum(1 for who, _ in view.history() if who == s) for s in range(4)]
        assert view.cards_left == tuple(13 - n for n in played_by)
        assert view.pass_direction == state.pass_direction


def _is_code(value) -> bool:
    if not isinstance(value, str):
        return False
    try:
        h.card_id(value)
    except ValueError:
        return False
    return True


def _walk(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _walk(v)
    else:
        yield value


options_strategy = st.builds(
    h.HeartsOptions,
    target=st.sampled_from(h.TARGETS),
    pass_order=st.sampled_from(tuple(h.PASS_ORDERS)),
    tie_rule=st.sampled_from(h.TIE_RULES),
)


@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**64 - 1),
    moves_seed=st.integers(0, 2**64 - 1),
    options=options_strategy,
)
def test_random_legal_games_keep_every_invariant_to_the_end(seed, moves_seed, options):
    rng = SplitMix64(moves_seed)
    state = h.new_game(seed, options, ("random", "random", "random"))
    deals_seen = 0
    while state.phase != "game-over":
        check_cards_accounted(state)
        if rng.below(8) == 0:
            check_views(state)
            assert through_json(state) == state
        if state.phase == "pass":
            seat = h.due_seat(state)
            hand = codes(state.hands[seat])
            chosen = []
            for _ in range(3):
                chosen.append(hand.pop(rng.below(len(hand))))
            state = h.submit_pass(state, seat, chosen)
        elif state.phase == "play":
            seat = state.turn
            hand = codes(state.hands[seat])
            legal = h.legal_plays(state, seat)
            trick = [h.code(c) for c in state.trick]
            assert set(legal) == reference_legal(
                hand, trick, not state.tricks, bool(state.played & (0x1FFF << 39))
            )
            for other in range(4):
                assert other == seat or h.legal_plays(state, other) == []
            if len(legal) < len(hand) and rng.below(4) == 0:
                illegal = next(c for c in hand if c not in legal)
                before = state.to_dict()
                try:
                    h.play_card(state, seat, illegal)
                except h.HeartsError:
                    pass
                else:
                    raise AssertionError("an illegal card was accepted")
                assert state.to_dict() == before
            state = h.play_card(state, seat, legal[rng.below(len(legal))])
        elif state.phase == "trick-done":
            state = h.collect_trick(state)
        else:  # deal-done
            check_deal_end(state)
            deals_seen += 1
            state = h.next_deal(state)
    check_deal_end(state)
    assert len(state.deals) == deals_seen + 1 == state.deal_number
    assert max(state.totals) >= options.target
    assert all(
        max(sum(s[i] for s, _ in state.deals[:k]) for i in range(4)) < options.target
        for k in range(1, len(state.deals))
    )
    assert h.result(state) in ("win", "draw", "loss")


def check_deal_end(state: h.HeartsState) -> None:
    assert len(state.tricks) == 13 and state.hands == (0, 0, 0, 0)
    assert sum(state.taken) == 26
    scores, moon = state.deals[-1]
    assert sum(scores) == (78 if moon is not None else 26)
    assert [sum(s[i] for s, _ in state.deals) for i in range(4)] == list(state.totals)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**64 - 1), cut=st.integers(0, 400))
def test_a_saved_and_reloaded_game_continues_exactly_like_the_original(seed, cut):
    levels = ("random", "random", "random", "random")
    state = h.new_game(seed, levels=levels)
    straight = [state]
    while state.phase != "game-over":
        state = next_step(state)
        straight.append(state)
    cut = min(cut, len(straight) - 1)
    replay = through_json(straight[cut])
    for expected in straight[cut + 1 :]:
        replay = next_step(replay)
        assert replay == expected


