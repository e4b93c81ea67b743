"""The state as a compact JSON value (a database JSON field), with a version field."""

import json
from dataclasses import replace

import pytest

from games.engine.heart_to_heart import (
    EXAMPLE_CODE,
    GameState,
    HeartToHeartError,
    new_game,
    solve_code,
    tap,
)
from games.engine.testing import h2h_deal, play_taps


def round_trip(state):
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def test_every_state_of_a_won_game_survives_a_round_trip():
    state = new_game(EXAMPLE_CODE)
    assert round_trip(state) == state
    for target in solve_code(EXAMPLE_CODE).line:
        state = tap(state, target).state
        assert round_trip(state) == state
    assert state.won


@pytest.mark.parametrize("selection", [25, "waste"])
def test_selection_and_every_kind_of_history_survive(selection):
    state = h2h_deal({25: "4"}, waste="4")
    state = play_taps(state, selection, "waste" if selection == 25 else 25)  # pair with the waste
    state = play_taps(state, *["stock"] * 26, 23)  # flips, a redeal, then select a free card
    state = play_taps(state, "stock")
    assert round_trip(state) == state


def test_the_value_carries_its_version_and_is_compact():
    state = play_taps(new_game("HH1-N-AAAAAAM"), *["stock"] * 150)
    value = state.to_dict()
    assert value["version"] == 1
    assert value["code"] == "HH1-N-AAAAAAM"
    assert len(json.dumps(value, separators=(",", ":"))) < 600  # with 100 undo records


def test_ten_is_written_as_one_character():
    value = new_game("HH1-N-AAAAAAM").to_dict()
    assert value["layout"][0] == "T" and len(value["layout"]) == 25


def good_value():
    return play_taps(h2h_deal({25: "4"}, waste="4"), 25, "waste", "stock", 23).to_dict()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda v: v.update(version=2),
        lambda v: v.pop("version"),
        lambda v: v.pop("stock"),
        lambda v: v.update(layout=v["layout"][:-1]),
        lambda v: v.update(layout="X" + v["layout"][1:]),
        lambda v: v.update(stock=v["stock"] + "A"),  # a fifth A
        lambda v: v.update(waste=""),  # a card lost
        lambda v: v.update(removed=-1),
        lambda v: v.update(removed=1 << 25),
        lambda v: v.update(removed="x"),
        lambda v: v.update(selected=1),  # a covered card
        lambda v: v.update(selected=26),
        lambda v: v.update(selected="stock"),
        lambda v: v.update(moves=-1),
        lambda v: v.update(history=["q"]),
        lambda v: v.update(history=["f"] * 101),
        lambda v: v.update(history=None),
    ],
)
def test_a_spoilt_value_is_refused_cleanly(spoil):
    value = good_value()
    assert GameState.from_dict(value)  # fine before it is spoilt
    spoil(value)
    with pytest.raises(HeartToHeartError) as caught:
        GameState.from_dict(value)
    assert caught.value.code == "bad-save"


@pytest.mark.parametrize("value", [None, [], "state", 1])
def test_a_value_that_is_not_an_object_is_refused(value):
    with pytest.raises(HeartToHeartError):
        GameState.from_dict(value)


def test_removed_cards_must_match_their_partners():
    state = h2h_deal({25: "4"}, waste="4")
    # Claim the point left without its waste partner: one 4 is unaccounted for.
    with pytest.raises(HeartToHeartError):
        GameState.from_dict(replace(state, removed=1 << 24).to_dict())
