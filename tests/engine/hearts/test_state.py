"""The Hearts state as the web layer uses it: JSON, seat views, whose move, computer moves."""

from __future__ import annotations

import json

import pytest

from games.engine import hearts as h
from games.engine.hearts.cards import codes, mask_of
from games.engine.testing import build_position, next_step, through_json

COMPUTERS = ("random", "random", "random")


def hand(text: str) -> list[str]:
    return text.split()


def test_state_round_trips_through_compact_json_with_a_version():
    state = h.new_game(2024, h.HeartsOptions(75, "LARN", "last-deal"), COMPUTERS)
    text = json.dumps(state.to_dict())
    data = json.loads(text)
    assert data["version"] == h.FORMAT_VERSION
    assert h.HeartsState.from_dict(data) == state
    assert h.HeartsState.from_dict(data).options == h.HeartsOptions(75, "LARN", "last-deal")


def test_json_keeps_per_deal_scores_for_the_sidebar():
    state = h.new_game(8, levels=("random",) * 4)
    while len(state.deals) < 2:
        state = next_step(state)
    data = json.loads(json.dumps(state.to_dict()))
    assert [d["scores"] for d in data["deals"]] == [list(s) for s in state.deal_scores()]
    assert len(data["deals"]) == 2
    assert through_json(state).deal_scores() == state.deal_scores()


def test_a_stored_state_with_another_version_or_lost_cards_is_refused():
    data = h.new_game(1, levels=COMPUTERS).to_dict()
    with pytest.raises(h.HeartsError) as caught:
        h.HeartsState.from_dict({**data, "version": 99})
    assert caught.value.code == h.Refusal.BAD_SAVE
    assert "version" in str(caught.value.__cause__)
    broken = {**data, "hands": [data["hands"][0], data["hands"][0], *data["hands"][2:]]}
    with pytest.raises(h.HeartsError) as caught:
        h.HeartsState.from_dict(broken)
    assert caught.value.code == h.Refusal.BAD_SAVE
    assert "inconsistent" in str(caught.value.__cause__)


def test_public_functions_never_change_the_state_they_are_given():
    state = h.new_game(77, levels=("random",) * 4)
    for _ in range(200):
        before = state.to_dict()
        after = next_step(state)
        assert state.to_dict() == before
        assert after is not state
        state = after


def test_seat_view_before_the_exchange_shows_its_own_pending_pass_only():
    state = h.new_game(5, levels=COMPUTERS)
    mine = codes(state.hands[0])[:3]
    state = h.submit_pass(state, 0, mine)
    state = h.submit_pass(state, 1, codes(state.hands[1])[:3])
    view = h.seat_view(state, 0)
    assert codes(view.pending_pass) == mine
    assert view.passed == (True, True, False, False)
    assert h.seat_view(state, 2).pending_pass == 0
    assert codes(h.seat_view(state, 1).pending_pass) == codes(state.pending[1])
    assert view.pass_direction == "left" and view.phase == "pass"


def test_seat_view_after_the_exchange_forgets_its_own_pass_and_shows_what_it_received():
    state = h.new_game(5, levels=COMPUTERS)
    passed = {}
    for seat in range(4):
        passed[seat] = codes(state.hands[seat])[-3:]
        state = h.submit_pass(state, seat, passed[seat])
    for seat in range(4):
        view = h.seat_view(state, seat)
        assert view.pending_pass == 0
        assert codes(view.received) == sorted(passed[(seat - 1) % 4], key=h.card_id)
        text = json.dumps(view.to_dict())
        for card in passed[seat]:
            assert f'"{card}"' not in text  # the cards it passed are in another hand now


def test_seat_view_holds_exactly_what_the_seat_knows():
    state = build_position(
        {
            0: hand("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
            2: hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
        },
        tricks=[(1, ["2C", "3C", "4C", "AC"])],
        trick=["2D"],
        levels=("human", "random", "random", "random"),
    )
    view = h.seat_view(state, 1)
    assert view.seat == 1 and view.level == "random" and view.hand == state.hands[1]
    assert view.tricks == ((1, (0, 1, 2, 12), 0),)
    assert view.trick_plays() == [(0, 13)]
    assert view.history() == [(1, 0), (2, 1), (3, 2), (0, 12), (0, 13)]
    assert view.turn == 1 and view.legal == h.legal_mask(state.hands[1], (13,), False, False)
    assert view.taken == (0, 0, 0, 0) and not view.hearts_broken
    data = view.to_dict()
    assert data["trick"] == [{"seat": 0, "card": "2D"}]
    assert data["tricks"][0]["plays"][3] == {"seat": 0, "card": "AC"}
    assert not set(data["hand"]) & set(codes(state.hands[0] | state.hands[2] | state.hands[3]))
    assert h.seat_view(state, 2).legal == 0  # not its turn


def test_seat_view_counts_the_cards_each_seat_holds_from_what_it_played():
    state = build_position(
        {0: hand("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")},
        tricks=[(1, ["2C", "3C", "4C", "AC"])],
        trick=["2D", "5S"],
    )
    assert [state.hands[seat].bit_count() for seat in range(4)] == [11, 11, 12, 12]
    for seat in range(4):
        assert h.seat_view(state, seat).cards_left == (11, 11, 12, 12)
    assert h.seat_view(state, 2).to_dict()["cards_left"] == [11, 11, 12, 12]


def test_a_fresh_deal_shows_thirteen_cards_in_every_hand_during_the_pass():
    state = h.new_game(5, levels=COMPUTERS)
    state = h.submit_pass(state, 1, codes(state.hands[1])[:3])
    assert h.seat_view(state, 0).cards_left == (13, 13, 13, 13)


def test_due_seat_in_the_pass_is_the_computers_first_then_the_human():
    state = h.new_game(5, levels=COMPUTERS)
    assert h.due_seat(state) == 1 and h.computer_due(state)
    state = h.computer_move(state)
    assert h.due_seat(state) == 2
    state = h.submit_pass(state, 0, codes(state.hands[0])[:3])
    assert h.due_seat(state) == 2
    state = h.computer_move(h.computer_move(state))
    assert state.phase == "play" and h.due_seat(state) == state.turn


def test_computer_move_refuses_when_the_human_is_due():
    state = h.new_game(5, levels=COMPUTERS)
    for _ in range(3):
        state = h.computer_move(state)
    assert h.due_seat(state) == 0 and not h.computer_due(state)
    with pytest.raises(h.HeartsError):
        h.computer_move(state)


def test_computer_move_applies_exactly_one_move():
    state = h.new_game(5, levels=("random",) * 4)
    for _ in range(4):
        state = h.computer_move(state)
    assert state.phase == "play"
    step = state.step
    state = h.computer_move(state)
    assert state.step == step + 1 and len(state.trick) == 1


def test_a_whole_game_replays_identically_from_its_seed():
    def play(seed):
        state = h.new_game(seed, levels=("random",) * 4)
        while state.phase != "game-over":
            state = next_step(state)
        return state.to_dict()

    assert play(31337) == play(31337)
    assert play(31337) != play(31338)


def test_cards_can_be_given_as_codes_in_any_case_or_as_ids():
    state = build_position({0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")})
    assert h.play_card(state, 0, "2c") == h.play_card(state, 0, 0)


def test_errors_carry_a_code_and_a_message_for_the_player():
    state = h.new_game(5, levels=COMPUTERS)
    with pytest.raises(h.HeartsError) as caught:
        h.submit_pass(state, 0, codes(state.hands[0])[:2])
    assert caught.value.code == "pass-three"
    assert str(caught.value) == "Choose exactly 3 cards to pass."
    assert isinstance(caught.value, ValueError)


def test_mask_of_accepts_codes_and_ids():
    assert mask_of(["2C", 1]) == 0b11


