"""Hearts rules, one by one, on hand-built deals (docs/rules.md#hearts)."""

from __future__ import annotations

import pytest

from games.engine import hearts as h
from games.engine.hearts.cards import ALL_CARDS, codes, mask_of
from games.engine.testing import build_position

ALL = set(codes(ALL_CARDS))
COMPUTERS = ("random", "random", "random")


def hand(text: str) -> list[str]:
    return text.split()


def untouched(state: h.HeartsState, action) -> h.HeartsError:
    """Run a refused action and check it raised HeartsError and changed nothing."""
    before = state.to_dict()
    with pytest.raises(h.HeartsError) as caught:
        action(state)
    assert state.to_dict() == before
    return caught.value


# Deals -------------------------------------------------------------------------------------


def test_a_deal_gives_thirteen_cards_to_each_seat_from_one_deck():
    hands = h.deal_hands(7, 1)
    assert [x.bit_count() for x in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == ALL_CARDS


def test_deal_n_is_a_fixed_function_of_the_seed_and_n():
    assert h.deal_hands(12345, 3) == h.deal_hands(12345, 3)
    assert h.deal_hands(12345, 3) != h.deal_hands(12345, 4)
    assert h.deal_hands(12345, 3) != h.deal_hands(12346, 3)


def test_deals_are_pinned_so_saved_games_replay():
    # Golden: SplitMix64 + Fisher–Yates of (seed, deal). Changing them breaks saved games.
    assert codes(h.deal_hands(0, 1)[0]) == hand("5C 7C KC AC 2D 4D 7D 8D JD QD 6S QS 8H")
    assert codes(h.deal_hands(2**64 - 1, 7)[3]) == hand("6C KC 8D 9D 2S 5S 10S JS 2H 4H 5H 7H 9H")


def test_new_game_seats_the_human_at_0_and_three_levels():
    state = h.new_game(5, levels=COMPUTERS)
    assert state.levels == ("human", *COMPUTERS)
    assert state.deal_number == 1 and state.phase == "pass"
    assert h.pass_direction(1) == state.pass_direction == "left"


def test_new_game_refuses_unknown_levels_and_bad_seeds():
    with pytest.raises(ValueError):
        h.new_game(1, levels=("random", "grandmaster", "random"))
    with pytest.raises(ValueError):
        h.new_game(-1)


# Pass directions and the simultaneous pass ------------------------------------------------


def test_pass_order_lran_is_left_right_across_none_then_again():
    assert [h.pass_direction(n, "LRAN") for n in range(1, 9)] == [
        "left",
        "right",
        "across",
        "none",
        "left",
        "right",
        "across",
        "none",
    ]


def test_pass_order_larn_is_left_across_right_none_then_again():
    assert [h.pass_direction(n, "LARN") for n in range(1, 9)] == [
        "left",
        "across",
        "right",
        "none",
        "left",
        "across",
        "right",
        "none",
    ]


def pass_all(state: h.HeartsState, seats=(0, 1, 2, 3)) -> tuple[h.HeartsState, dict]:
    chosen = {}
    for seat in seats:
        cards = codes(state.hands[seat])[-3:]
        chosen[seat] = cards
        state = h.submit_pass(state, seat, cards)
    return state, chosen


@pytest.mark.parametrize(
    ("deal", "order", "offset"),
    [
        (1, "LRAN", 1),
        (2, "LRAN", 3),
        (3, "LRAN", 2),
        (1, "LARN", 1),
        (2, "LARN", 2),
        (3, "LARN", 3),
    ],
)
def test_each_pass_direction_sends_cards_to_the_right_seat(deal, order, offset):
    state = h.new_game(99, h.HeartsOptions(pass_order=order), COMPUTERS)
    for _ in range(deal - 1):
        state = _skip_deal(state)
    assert state.phase == "pass"
    before = state.hands
    state, chosen = pass_all(state)
    for seat in range(4):
        to = (seat + offset) % 4
        assert set(chosen[seat]) <= set(codes(state.hands[to]))
        assert codes(state.received[to]) == sorted(chosen[seat], key=h.card_id)
        assert not set(chosen[seat]) & set(codes(state.hands[seat])) or offset == 0
    assert sum(x.bit_count() for x in state.hands) == 52 and state.hands != before


def _skip_deal(state: h.HeartsState) -> h.HeartsState:
    """Play a deal out with random computers, keeping the state's own levels elsewhere."""
    s = h.HeartsState.from_dict({**state.to_dict(), "levels": ["random"] * 4})
    while s.phase not in ("deal-done", "game-over"):
        s = h.collect_trick(s) if s.phase == "trick-done" else h.computer_move(s)
    s = h.next_deal(s)
    return h.HeartsState.from_dict({**s.to_dict(), "levels": list(state.levels)})


def test_deal_four_has_no_pass_and_starts_with_play():
    state = h.new_game(3, levels=COMPUTERS)
    for _ in range(3):
        state = _skip_deal(state)
    assert state.deal_number == 4 and state.pass_direction == "none"
    assert state.phase == "play" and state.received == (0, 0, 0, 0)
    assert state.hands[state.turn] & 1  # the 2♣ holder leads


def test_passed_cards_move_only_when_all_four_have_passed():
    state = h.new_game(11, levels=COMPUTERS)
    start = state.hands
    state, _ = pass_all(state, seats=(2, 0, 3))
    assert state.hands == start and state.phase == "pass"
    assert state.pending[1] is None and all(state.pending[s] for s in (0, 2, 3))
    state, _ = pass_all(state, seats=(1,))
    assert state.hands != start and state.phase == "play"
    assert state.pending == (None, None, None, None)


def test_a_pass_must_be_exactly_three_distinct_cards_of_ones_own_hand():
    state = h.new_game(11, levels=COMPUTERS)
    mine = codes(state.hands[0])
    other = codes(state.hands[1])[0]
    assert untouched(state, lambda s: h.submit_pass(s, 0, mine[:2])).code == "pass-three"
    assert untouched(state, lambda s: h.submit_pass(s, 0, mine[:4])).code == "pass-three"
    assert (
        untouched(state, lambda s: h.submit_pass(s, 0, [mine[0], mine[0], mine[1]])).code
        == "pass-three"
    )
    assert untouched(state, lambda s: h.submit_pass(s, 0, [*mine[:2], other])).code == "not-in-hand"
    assert untouched(state, lambda s: h.submit_pass(s, 0, ["ZZ", *mine[:2]])).code == "not-a-card"


def test_a_seat_passes_only_once_and_not_during_play():
    state = h.new_game(11, levels=COMPUTERS)
    state = h.submit_pass(state, 0, codes(state.hands[0])[:3])
    assert untouched(state, lambda s: h.submit_pass(s, 0, codes(s.hands[0])[3:6])).code == (
        "already-passed"
    )
    state, _ = pass_all(state, seats=(1, 2, 3))
    assert untouched(state, lambda s: h.submit_pass(s, 0, codes(s.hands[0])[:3])).code == (
        "no-pass"
    )


def test_no_card_is_played_during_the_pass():
    state = h.new_game(11, levels=COMPUTERS)
    assert untouched(state, lambda s: h.play_card(s, 0, "2C")).code == "not-playing"
    assert h.legal_plays(state, 0) == []


# Choosing the cards to pass (not a move: the choice is kept beside the state) ------------


def test_choosing_for_the_pass_keeps_the_cards_in_the_order_chosen_and_changes_nothing():
    state = h.new_game(11, levels=COMPUTERS)
    before = state.to_dict()
    mine = codes(state.hands[0])
    chosen = ()
    for card in (mine[4], mine[0], mine[9]):
        chosen = h.choose_for_pass(state, 0, chosen, card, True)
    assert chosen == (mine[4], mine[0], mine[9])
    assert state.to_dict() == before  # choosing is not a move


def test_choosing_a_card_twice_is_the_same_as_once():
    state = h.new_game(11, levels=COMPUTERS)
    card = codes(state.hands[0])[0]
    once = h.choose_for_pass(state, 0, (), card, True)
    assert h.choose_for_pass(state, 0, once, card, True) == once == (card,)


def test_putting_a_card_back_removes_it_and_putting_back_an_unchosen_card_changes_nothing():
    state = h.new_game(11, levels=COMPUTERS)
    mine = codes(state.hands[0])
    assert h.choose_for_pass(state, 0, mine[:3], mine[1], False) == (mine[0], mine[2])
    assert h.choose_for_pass(state, 0, mine[:2], mine[5], False) == tuple(mine[:2])


def test_at_most_three_cards_are_chosen_for_the_pass():
    state = h.new_game(11, levels=COMPUTERS)
    mine = codes(state.hands[0])
    full = tuple(mine[: h.PASS_SIZE])
    error = untouched(state, lambda s: h.choose_for_pass(s, 0, full, mine[5], True))
    assert error.code == h.Refusal.PASS_THREE
    assert set(h.choose_for_pass(state, 0, full, mine[0], True)) == set(full)  # chosen already


def test_only_cards_of_ones_own_hand_are_chosen_for_the_pass():
    state = h.new_game(11, levels=COMPUTERS)
    other = codes(state.hands[1])[0]
    for card in (other, "ZZ", "", "11H"):
        error = untouched(state, lambda s, card=card: h.choose_for_pass(s, 0, (), card, True))
        assert error.code == h.Refusal.NOT_IN_HAND


def test_a_remembered_choice_of_a_card_no_longer_in_the_hand_is_dropped():
    state = h.new_game(11, levels=COMPUTERS)
    mine = codes(state.hands[0])
    other = codes(state.hands[1])[0]
    assert h.choose_for_pass(state, 0, (other, mine[0]), mine[1], True) == (mine[0], mine[1])


def test_nothing_is_chosen_once_the_seat_has_passed_nor_outside_the_pass():
    state = h.new_game(11, levels=COMPUTERS)
    mine = codes(state.hands[0])
    state = h.submit_pass(state, 0, mine[:3])
    error = untouched(state, lambda s: h.choose_for_pass(s, 0, (), mine[5], True))
    assert error.code == h.Refusal.NO_PASS
    state, _ = pass_all(state, seats=(1, 2, 3))
    assert state.phase == "play"
    card = codes(state.hands[0])[0]
    error = untouched(state, lambda s: h.choose_for_pass(s, 0, (), card, True))
    assert error.code == h.Refusal.NO_PASS


# Legal plays -------------------------------------------------------------------------------


def test_the_two_of_clubs_opens_every_deal_and_nothing_else_may():
    state = build_position({0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")})
    assert state.turn == 0
    assert h.legal_plays(state, 0) == ["2C"]
    assert untouched(state, lambda s: h.play_card(s, 0, "3C")).code == "two-of-clubs"


def test_follow_suit_when_you_can_even_with_a_heart_or_the_queen_of_spades_in_hand():
    state = build_position(
        {0: hand("3D QS KH 2H 4D 5D 6D 7D 8D 9D 10D JD")},
        tricks=[(0, ["2C", "3C", "4C", "5C"])],  # seat 3's 5♣ wins: seat 3 leads
        trick=["AD"],
    )
    assert state.turn == 0
    assert h.legal_plays(state, 0) == hand("3D 4D 5D 6D 7D 8D 9D 10D JD")
    assert untouched(state, lambda s: h.play_card(s, 0, "KH")).code == "follow-suit"
    assert untouched(state, lambda s: h.play_card(s, 0, "QS")).code == "follow-suit"


def test_first_trick_void_seat_may_not_play_hearts_or_the_queen_of_spades():
    state = build_position(
        {
            0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
            1: hand("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2D"),
        },
    )
    state = h.play_card(state, 0, "2C")
    assert h.legal_plays(state, 1) == ["2D"]
    assert untouched(state, lambda s: h.play_card(s, 1, "2H")).code == "first-trick-points"
    assert untouched(state, lambda s: h.play_card(s, 1, "QS")).code == "first-trick-points"


def test_first_trick_rule_bends_for_a_hand_of_only_hearts_and_the_queen_of_spades():
    state = build_position(
        {
            0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
            1: hand("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
        },
    )
    state = h.play_card(state, 0, "2C")
    assert h.legal_plays(state, 1) == hand("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    state = h.play_card(state, 1, "KH")
    assert state.hearts_broken


def test_hearts_may_not_lead_before_a_heart_has_fallen():
    state = build_position(
        {0: hand("2H 3H 4H 5D 6D 7D 8D 9D 10D JD QD KD")},
        tricks=[(0, ["AC", "2C", "3C", "4C"])],
    )
    assert state.turn == 0 and not state.hearts_broken
    assert "2H" not in h.legal_plays(state, 0)
    assert untouched(state, lambda s: h.play_card(s, 0, "2H")).code == "hearts-not-broken"


def test_a_hand_of_only_hearts_may_lead_a_heart_before_hearts_are_broken():
    state = build_position(
        {0: hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")},
        tricks=[(0, ["AC", "2C", "3C", "4C"])],
    )
    assert not state.hearts_broken
    assert h.legal_plays(state, 0) == hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    state = h.play_card(state, 0, "5H")
    assert state.hearts_broken


def test_the_queen_of_spades_may_lead_before_hearts_are_broken_and_does_not_break_them():
    state = build_position(
        {0: hand("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")},
        tricks=[(0, ["AC", "2C", "3C", "4C"])],
    )
    assert h.legal_plays(state, 0) == ["QS"]
    state = h.play_card(state, 0, "QS")
    assert not state.hearts_broken


def test_a_heart_discarded_on_a_trick_breaks_hearts_for_later_leads():
    state = build_position(
        {
            0: hand("AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"),
            1: hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
        },
        tricks=[(1, ["2C", "3C", "4C", "5C"])],  # seat 0's 5♣ wins
    )
    assert state.turn == 0 and not state.hearts_broken
    state = h.play_card(state, 0, "AC")
    state = h.play_card(state, 1, "2H")
    assert state.hearts_broken


def test_only_the_seat_whose_turn_it_is_may_play():
    state = build_position({0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")})
    assert h.legal_plays(state, 1) == []
    assert untouched(state, lambda s: h.play_card(s, 1, codes(s.hands[1])[0])).code == (
        "not-your-turn"
    )
    assert untouched(state, lambda s: h.play_card(s, 0, "AH")).code == "not-in-hand"
    assert untouched(state, lambda s: h.play_card(s, 0, "1X")).code == "not-a-card"
    assert untouched(state, lambda s: h.play_card(s, 7, "2C")).code == "no-such-seat"


# Tricks -----------------------------------------------------------------------------------


def test_the_highest_card_of_the_suit_led_wins_and_an_off_suit_ace_never_does():
    assert h.trick_winner(0, [h.card_id(c) for c in ["5C", "AD", "KC", "AH"]]) == 2
    assert h.trick_winner(2, [h.card_id(c) for c in ["5C", "AD", "KC", "AH"]]) == 0
    assert h.trick_winner(3, [h.card_id(c) for c in ["10S", "QS", "2S", "AC"]]) == 0


def test_a_finished_trick_stays_on_the_table_until_it_is_collected_then_its_winner_leads():
    state = build_position({0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")})
    state = h.play_card(state, 0, "2C")
    for seat in (1, 2, 3):
        state = h.play_card(state, seat, h.legal_plays(state, seat)[-1])
    assert state.phase == "trick-done" and h.due_seat(state) is None
    winner = state.trick_winner
    assert len(state.trick) == 4
    assert untouched(state, lambda s: h.play_card(s, winner, "3C")).code == "not-playing"
    state = h.collect_trick(state)
    assert state.phase == "play" and state.turn == winner == state.trick_leader
    assert state.trick == () and len(state.tricks) == 1
    assert untouched(state, h.collect_trick).code == "no-trick"


# Scoring ----------------------------------------------------------------------------------


def play_deal_out(state: h.HeartsState) -> h.HeartsState:
    """Finish a deal with each seat playing its lowest legal card."""
    while state.phase in ("play", "trick-done"):
        if state.phase == "trick-done":
            state = h.collect_trick(state)
        else:
            state = h.play_card(state, state.turn, h.legal_plays(state, state.turn)[0])
    return state


def suits_deal() -> h.HeartsState:
    """Seat 0: all clubs; seat 1: diamonds; seat 2: spades; seat 3: hearts."""
    return build_position(
        {
            0: hand("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
            1: hand("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
            2: hand("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"),
            3: hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
        }
    )


def test_one_seat_taking_all_26_points_shoots_the_moon_and_everyone_else_takes_26():
    # Seat 0 holds every club and leads them all: it wins every trick, so it takes
    # all 13 hearts and the Q♠ that the others must discard.
    state = play_deal_out(suits_deal())
    assert state.taken == (26, 0, 0, 0)
    assert state.deals[-1] == ((0, 26, 26, 26), 0)
    assert state.totals == (0, 26, 26, 26)


def hearts_to_seat_1_then_last_trick(last: list[str]) -> h.HeartsState:
    """Twelve tricks that seat 1 wins with 3♦…A♦ while the others throw all 13 hearts
    (and clubs, the 2♦, spades) on them; then a last trick of ``last`` led by seat 1."""
    leads = hand("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")
    used = set(leads) | set(last)
    throws = [c for c in codes(ALL_CARDS) if c not in used and c != "QS"]
    throws = [c for c in throws if c.endswith("H")] + [c for c in throws if not c.endswith("H")]
    assert len(throws) == 36
    tricks = [(1, [leads[i], *throws[3 * i : 3 * i + 3]]) for i in range(12)]
    return build_position({1: [last[0]], 2: [last[1]], 3: [last[2]], 0: [last[3]]}, tricks=tricks)


def test_hearts_count_one_each_and_the_queen_of_spades_alone_is_an_ordinary_thirteen():
    state = hearts_to_seat_1_then_last_trick(["2S", "3S", "4S", "QS"])
    assert state.taken == (0, 13, 0, 0) and state.turn == 1
    state = play_deal_out(state)
    assert state.taken == (13, 13, 0, 0)
    assert state.deals[-1] == ((13, 13, 0, 0), None)
    assert state.totals == (13, 13, 0, 0)


def test_taking_every_heart_and_the_queen_is_the_moon_but_thirteen_hearts_alone_is_not():
    state = play_deal_out(hearts_to_seat_1_then_last_trick(["KS", "3S", "4S", "QS"]))
    assert state.deals[-1] == ((26, 0, 26, 26), 1)
    state = play_deal_out(hearts_to_seat_1_then_last_trick(["2S", "3S", "QS", "4S"]))
    assert state.deals[-1] == ((0, 13, 0, 13), None)


def test_game_over_at_100_and_not_before():
    state = suits_deal()
    state = h.HeartsState.from_dict({**state.to_dict(), "totals": [0, 73, 73, 73]})
    state = play_deal_out(state)  # moon by seat 0: 26 to each other seat → 99
    assert state.totals == (0, 99, 99, 99) and state.phase == "deal-done"
    state = h.HeartsState.from_dict({**suits_deal().to_dict(), "totals": [0, 74, 60, 60]})
    state = play_deal_out(state)
    assert state.totals == (0, 100, 86, 86) and state.phase == "game-over"
    assert h.result(state) == "win"
    assert untouched(state, h.next_deal).code == "no-next-deal"


def test_a_fast_game_ends_at_75():
    fast = h.HeartsOptions(target=75)
    state = h.HeartsState.from_dict(
        {**suits_deal().to_dict(), "totals": [0, 48, 48, 48], "options": fast.to_dict()}
    )
    state = play_deal_out(state)
    assert state.totals == (0, 74, 74, 74) and state.phase == "deal-done"
    state = h.HeartsState.from_dict(
        {**suits_deal().to_dict(), "totals": [0, 49, 0, 0], "options": fast.to_dict()}
    )
    state = play_deal_out(state)
    assert state.totals == (0, 75, 26, 26) and state.phase == "game-over"


def test_next_deal_follows_a_finished_deal():
    state = play_deal_out(suits_deal())
    assert state.phase == "deal-done" and h.due_seat(state) is None
    state = h.next_deal(state)
    assert state.deal_number == 5 and state.phase == "pass"
    assert state.taken == (0, 0, 0, 0) and state.tricks == ()


# The end of the game and the tie rules -------------------------------------------------------


def finished(totals, last, tie_rule="draw") -> h.HeartsState:
    state = suits_deal()
    data = state.to_dict()
    data.update(
        phase="game-over",
        totals=list(totals),
        deals=[{"scores": list(last), "moon": None}],
        options=h.HeartsOptions(tie_rule=tie_rule).to_dict(),
        turn=None,
    )
    return h.HeartsState.from_dict(data)


def test_alone_lowest_is_a_win():
    assert h.result(finished((40, 60, 70, 100), (5, 6, 7, 8))) == "win"


def test_any_seat_below_you_is_a_loss():
    assert h.result(finished((60, 40, 70, 100), (5, 6, 7, 8))) == "loss"
    assert h.result(finished((60, 40, 40, 100), (0, 6, 7, 8), "last-deal")) == "loss"


def test_tied_lowest_is_a_draw_under_the_draw_rule():
    state = finished((50, 50, 70, 100), (0, 10, 7, 9))
    assert h.result(state) == "draw" and h.winners(state) == (0, 1)


def test_tied_lowest_is_decided_by_the_lower_last_deal_under_the_last_deal_rule():
    assert h.result(finished((50, 50, 70, 100), (3, 10, 7, 6), "last-deal")) == "win"
    assert h.result(finished((50, 50, 70, 100), (10, 3, 7, 6), "last-deal")) == "loss"
    # Tied on the last deal too: still a draw.
    assert h.result(finished((50, 50, 70, 100), (4, 4, 7, 11), "last-deal")) == "draw"


def test_no_result_before_the_game_is_over():
    assert h.result(suits_deal()) is None and h.winners(suits_deal()) == ()


def test_options_are_validated():
    with pytest.raises(ValueError):
        h.HeartsOptions(target=50)
    with pytest.raises(ValueError):
        h.HeartsOptions(pass_order="LLLL")
    with pytest.raises(ValueError):
        h.HeartsOptions(tie_rule="coin")
    assert h.HeartsOptions() == h.HeartsOptions(100, "LRAN", "draw")


def test_mask_helpers_round_trip():
    assert codes(mask_of(["QS", "2C", "AH"])) == ["2C", "QS", "AH"]
    assert set(codes(ALL_CARDS)) == ALL
