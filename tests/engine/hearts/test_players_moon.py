"""The moon, on hand-built positions (docs/rules.md#hearts-computers,
docs/hearts-levels.md#moon-defence).

- The watch is the same on every level: once a seat has 12+ points and nobody else
  has any, no level hands it a point card when another legal card exists.
- Only Hard defends: it takes tricks from the suspect and keeps its stoppers.
- No level ever tries to shoot the moon itself (the test-only shooter does).
"""

from __future__ import annotations

import pytest

from games.engine import hearts as h
from games.engine.hearts.cards import POINT_MASK, card_id, code
from games.engine.hearts.players import REGISTRY, SITE_LEVELS, get_player
from games.engine.hearts.players.moon import moon_suspect
from games.engine.hearts.players.suspicion import alarm, moon_signs
from games.engine.rng import SplitMix64
from games.engine.testing import build_position


def cards(text: str) -> list[str]:
    return text.split()


def decision(state: h.HeartsState, seat: int, level: str) -> str:
    """What ``level`` plays from ``seat`` here (through computer_move, as in a game)."""
    levels = ["human"] * 4
    levels[seat] = level
    seated = h.HeartsState.from_dict({**state.to_dict(), "levels": levels})
    after = h.computer_move(seated)
    return code(after.trick[-1] if after.trick else after.tricks[-1][1][-1])


# Seat 1 takes the Q♠ and the A♥ in tricks 2 and 3 (14 points, nobody else has any)
# and leads a club; seat 2, void in clubs, holds hearts and safe cards.
SUSPECT_WINNING = build_position(
    {2: cards("KH QH 10H 2D 3D 4D 2S 3S 4S 5S")},
    tricks=[
        (0, cards("2C AC 3C 4C")),
        (1, cards("KC QS 5C 6C")),
        (1, cards("QC AH 7C 8C")),
    ],
    trick=cards("JC"),
)


def test_the_watch_starts_at_twelve_points_with_nobody_else_scoring():
    view = h.seat_view(SUSPECT_WINNING, 2)
    assert view.taken == (0, 14, 0, 0) and moon_suspect(view) == 1
    assert moon_suspect(view._replace(taken=(0, 11, 0, 0))) is None
    assert moon_suspect(view._replace(taken=(0, 14, 1, 0))) is None
    assert moon_suspect(view._replace(taken=(0, 12, 0, 0))) == 1


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_every_level_alike_stops_feeding_points_to_a_seat_that_could_shoot(level):
    played = decision(SUSPECT_WINNING, 2, level)
    assert not (1 << card_id(played)) & POINT_MASK
    # The same player with the watch switched off throws its highest heart there.
    assert decision(SUSPECT_WINNING, 2, f"{level}-nowatch") == "KH"


def test_the_watch_is_one_shared_rule_switched_on_for_every_site_level():
    assert all(get_player(level).moon_watch for level in SITE_LEVELS)
    assert not any(get_player(f"{level}-nowatch").moon_watch for level in SITE_LEVELS)


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_the_watch_lets_points_go_to_a_trick_the_suspect_cannot_win(level):
    # Seat 1 (14 points) led the 9♣ and seat 2's 10♣ beats it: a heart from seat 3 now
    # lands on seat 2, which ends the moon — every level may (and does) throw it.
    state = build_position(
        {3: cards("KH QH 10H 2D 3D 4D 2S 3S 4S 5S")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C QS 6C")),
            (1, cards("QC 7C AH 8C")),
        ],
        trick=cards("9C 10C"),
    )
    assert decision(state, 3, level) == "KH"


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_the_watch_keeps_point_cards_off_a_lead_the_suspect_could_win(level):
    # Seat 2 is on lead with hearts broken, while seat 1 (14 points) has still to play.
    state = build_position(
        {2: cards("2H 3H 4H 9D 2S 3S 4S 5S 6S")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC QS 5C 6C")),
            (1, cards("QC AH 7C 8C")),
            (1, cards("5D 10D 6D 7D")),  # seat 2's 10♦ wins: seat 2 leads
        ],
    )
    assert state.turn == 2
    view = h.seat_view(state, 2)
    assert moon_suspect(view) == 1 and view.hearts_broken
    assert not (1 << card_id(decision(state, 2, level))) & POINT_MASK


def test_only_hard_takes_a_trick_from_the_suspect():
    # Seat 1 (13 points, the Q♠, and every trick) leads the 10♦ to the sixth trick; seat 2
    # holds the K♦ and the 3♦. (Past the early tricks, where Hard sheds high cards on
    # clean tricks anyway, so only the defence can explain the K♦.)
    state = build_position(
        {2: cards("KD 3D 2S 3S 4S 5S 2H 3H")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C QS 6C")),
            (1, cards("QC 7C 8C 9C")),
            (1, cards("JC 10C 8S 9S")),
            (1, cards("AS 10S JS KS")),
        ],
        trick=cards("10D"),
    )
    assert decision(state, 2, "hard") == "KD"
    assert decision(state, 2, "easy") == "3D"
    assert decision(state, 2, "medium") == "3D"
    assert decision(state, 2, "hard-nowatch") == "3D"  # Hard's own ducking, undefended


def test_only_hard_keeps_a_stopper_against_the_suspects_strong_suit():
    # Seat 1 (14 points) leads the A♥; seat 2 holds K♥ and 2♥. Ducking under the ace
    # with the king (Medium's habit) would leave nothing to stop the next hearts.
    state = build_position(
        {2: cards("KH 2H 2S 3S 4S 5S 6S 7S 2D 3D")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C QS 6C")),
            (1, cards("QC 7C 5H 8C")),
        ],
        trick=cards("AH"),
    )
    assert decision(state, 2, "hard") == "2H"
    assert decision(state, 2, "medium") == "KH"
    assert decision(state, 2, "hard-nowatch") == "KH"


def test_hard_defends_early_against_a_seat_with_every_point_and_most_tricks():
    # Seat 1 has won all three tricks and the only 3 points so far: not yet the watch's
    # 12, but it looks like a moon to Hard, which takes the trick while it is cheap.
    state = build_position(
        {2: cards("KD 3D 2S 3S 4S 5S 6S 7S 8S 9S")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C 6C 2H")),
            (1, cards("QC 7C 3H 4H")),
        ],
        trick=cards("10D"),
    )
    assert moon_suspect(h.seat_view(state, 2)) is None
    assert decision(state, 2, "hard") == "KD"
    assert decision(state, 2, "medium") == "3D"


def moon_in_reach() -> h.HeartsState:
    """Seat 0 has taken the Q♠ and ten hearts (23 points, nobody else has any). In the
    twelfth trick seat 1 leads the 3♥; seat 0, last to play, holds A♥ and 2♥. Winning
    with the A♥ takes the 3♥, and its 2♥ then wins the last trick: a moon. The 2♥ ducks."""
    leads = cards("AD KD QD JD 10D 9D 8D 7D 6D 5D")
    points = ["QS", *(f"{r}H" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))]
    pool = cards("7C 8C 9C 10C JC QC KC AC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS")
    others = points + pool[:19]
    tricks = [(0, [leads[i], *others[3 * i : 3 * i + 3]]) for i in range(10)]
    tricks.append((0, ["3D", "4D", "2D", pool[19]]))  # seat 1's 4♦ wins: seat 1 leads
    return build_position(
        {0: cards("AH 2H"), 1: cards("2C"), 2: cards("4C"), 3: cards("6C")},
        tricks=tricks,
        trick=cards("3H 3C 5C"),
    )


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_no_level_tries_to_shoot_the_moon_even_one_trick_from_it(level):
    state = moon_in_reach()
    assert state.taken == (23, 0, 0, 0) and state.turn == 0
    assert decision(state, 0, level) == "2H"
    assert decision(state, 0, "shooter") == "AH"  # the test-only shooter goes for it


MOON_HAND = cards("AH KH QH JH 10H AS KS AD KD AC KC 2C 3D")


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_no_level_passes_for_a_moon(level):
    # A hand made for shooting: the levels still pass high cards away; the shooter keeps
    # them and passes its lowest.
    state = build_position({0: MOON_HAND}, deal_number=1)
    data = state.to_dict()
    data.update(phase="pass", turn=None, pending=[None] * 4)
    view = h.seat_view(h.HeartsState.from_dict(data), 0)
    passed = get_player(level).choose_pass(view, SplitMix64(1))
    assert min(c % 13 for c in passed) >= 9  # a jack or better, every one
    shooter = get_player("shooter").choose_pass(view, SplitMix64(1))
    assert sorted(code(c) for c in shooter) == ["10H", "2C", "3D"]


def test_the_shooter_and_nowatch_variants_are_never_site_levels():
    assert SITE_LEVELS == ("easy", "medium", "hard")
    for name, player in REGISTRY.items():
        assert player.on_site == (name in SITE_LEVELS)


def test_hard_keeps_stoppers_only_against_a_seat_that_also_dominates_the_tricks():
    # Seat 1 took the Q♠ (13 points, nobody else any) but has won only two tricks of
    # four: the watch is on, yet Hard does not pay for stoppers; it ducks as usual.
    state = build_position(
        {2: cards("8D 6D 2S 5S 6S 7S 8S 9S 10S")},
        tricks=[
            (0, cards("2C 3C KC 4C")),
            (2, cards("QS 3S 4S KS")),
            (1, cards("2D 9D 3D 4D")),
            (2, cards("5C 6C 7C 8C")),
        ],
        trick=cards("10D"),
    )
    assert moon_suspect(h.seat_view(state, 2)) == 1
    assert decision(state, 2, "hard") == "8D"


# Hard reads a moon attempt from the signs a strong player notices — a pass of
# three low cards, high cards led and won, heart tricks taken — before anyone has points.


def signs_position(hard_seat: int, hand: str, received: str, deal: int, trick: str):
    """Seat 1 took the first two tricks (the A♣, then leading the K♣) after passing
    ``received`` to ``hard_seat``; ``trick`` is on the table, led by seat 1."""
    got = [(), (), (), ()]
    got[hard_seat] = cards(received)
    return build_position(
        {hard_seat: cards(hand)},
        tricks=[(0, cards("2C AC 3C 4C")), (1, cards("KC 5C 6C 7C"))],
        trick=cards(trick),
        deal_number=deal,
        received=got,
    )


def test_hard_reads_a_low_pass_and_high_leads_as_a_moon_attempt():
    # Deal 1 passes left: seat 2 got three low cards from seat 1.
    state = signs_position(2, "KD 2D 3S 4S 5S 6S 7S 8H 9H 10H 3D", "2D 3S 4S", 1, "AD")
    view = h.seat_view(state, 2)
    assert moon_suspect(view) is None and sum(view.taken) == 0  # not the shared watch
    hard = get_player("hard")
    assert hard.moon_suspect(view) == 1
    assert moon_signs(view, 1) == 4  # the pass (3) and the K♣ led and won (1)
    assert moon_signs(view, 3) == 0
    # The same table without the low pass: the K♣ alone is not enough.
    plain = signs_position(2, "KD 2D 3S 4S 5S 6S 7S 8H 9H 10H 3D", "", 4, "AD")
    assert hard.moon_suspect(h.seat_view(plain, 2)) is None


def test_hard_keeps_its_stopper_under_a_suspects_ace():
    # Seat 1 leads the A♦; Hard holds K♦ 3♦ 2♦. Shedding the K♦ under the ace (Medium's
    # duck, and Hard's own early shedding) would leave nothing to stop the diamonds.
    state = signs_position(2, "KD 2D 3S 4S 5S 6S 7S 8H 9H 10H 3D", "2D 3S 4S", 1, "AD")
    assert decision(state, 2, "hard") == "2D"
    assert decision(state, 2, "medium") == "KD"
    assert decision(state, 2, "hard-nowatch") == "KD"
    # Without the signs, Hard sheds the king as it always did.
    plain = signs_position(2, "KD 2D 3S 4S 5S 6S 7S 8H 9H 10H 3D", "", 4, "AD")
    assert decision(plain, 2, "hard") == "KD"


def test_hard_breaks_the_moon_by_taking_a_heart_from_the_suspect():
    # Deal 2 passes right: seat 0 got three low cards from seat 1. Seat 1 leads the J♦,
    # seat 2 (void) throws the 2♥, seat 3 follows low. Hard, last, takes the trick with
    # the Q♦: one point for Hard, and no moon for seat 1. Medium ducks with the 4♦.
    state = signs_position(0, "QD 4D 2D 3S 4S 5S 6S 7S 8H 9H 10H", "2D 3S 4S", 2, "JD 2H 3D")
    assert state.turn == 0
    assert decision(state, 0, "hard") == "QD"
    assert decision(state, 0, "medium") == "4D"
    assert decision(state, 0, "hard-nowatch") == "4D"


# Against a shooter that searches, Hard keeps what can still break the moon —
# its top hearts, the Q♠ for another seat's trick — and leads where the suspect cannot win.


def test_hard_forced_to_feed_the_suspect_gives_its_lowest_heart_and_keeps_the_top_ones():
    # Seat 1 (14 points, every point so far) leads the J♣; seat 2 holds only hearts.
    # Medium throws its highest heart; Hard the 2♥, keeping the K♥ to beat a low heart
    # the suspect must still play.
    state = build_position(
        {2: cards("KH QH JH 10H 9H 8H 7H 6H 5H 2H")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C QS 6C")),
            (1, cards("QC AH 7C 8C")),
        ],
        trick=cards("JC"),
    )
    assert decision(state, 2, "hard") == "2H"
    assert decision(state, 2, "medium") == "KH"
    assert decision(state, 2, "hard-nowatch") == "KH"


def test_hard_throws_the_queen_on_a_trick_the_suspect_can_no_longer_win():
    # Deal 3 passes across: seat 3 got three low cards from seat 1, the suspect. Seat 1
    # led the 9♦ and seat 2's K♦ beats it: the Q♠ there ends the moon (Hard used to
    # throw a heart and keep the queen, which the suspect could take later).
    state = signs_position(3, "QS 2S 3S 4S 5S 6S 7S 8S 8H 9H 10H", "2S 3S 4S", 3, "9D KD")
    assert get_player("hard").moon_suspect(h.seat_view(state, 3)) == 1
    assert decision(state, 3, "hard") == "QS"


def test_hard_leads_a_suit_the_suspect_has_shown_a_void_in():
    # Seat 1 passed seat 2 three low cards and showed a void in diamonds. Hard, on lead,
    # leads a diamond (the suspect cannot win it) rather than smoke the Q♠ out.
    state = build_position(
        {2: cards("KD 9D 2S 4S 5S 6S 8H 9H 10H")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C 6C 7C")),
            (1, cards("8C JC 9C 10C")),
            (2, cards("5D 3D 4D 3S")),
        ],
        deal_number=1,
        received=[(), (), cards("2S 4S 5S"), ()],
    )
    assert get_player("hard").moon_suspect(h.seat_view(state, 2)) == 1
    assert decision(state, 2, "hard") == "9D"
    assert decision(state, 2, "hard-nowatch") == "2S"


def insurance_position(second_trick: str, third_trick: str) -> h.HeartsState:
    """Seat 2, void in diamonds, discards on the fourth trick holding A♥ 7♥ 3♥."""
    return build_position(
        {2: cards("AH 7H 3H 2S 3S 4S 5S 6S 7S 8S")},
        tricks=[(0, cards("2C AC 3C 4C")), (1, cards(second_trick)), (1, cards(third_trick))],
        trick=cards("5D 6D 7D"),
        deal_number=4,
    )


def test_hard_keeps_its_ace_of_hearts_while_a_moon_is_still_possible():
    # Nobody has a point: any seat could still shoot, and the A♥ is the card that can
    # take a heart trick from it. Hard throws another heart; Medium the ace.
    state = insurance_position("KC 5C 6C 7C", "8C 9C JC 10C")
    assert sum(h.seat_view(state, 2).taken) == 0
    assert decision(state, 2, "hard") == "7H"
    assert decision(state, 2, "medium") == "AH"
    # Two seats have points: no moon is possible, and the ace goes as before.
    state = insurance_position("KC 5C 2H 7C", "8C 9C JC 4H")
    assert h.seat_view(state, 2).taken == (0, 1, 0, 1)
    assert decision(state, 2, "hard") == "AH"


def test_hard_reads_a_seat_that_wins_its_own_queen_of_spades_as_a_moon_attempt():
    # Seat 1 played the Q♠ on a spade trick and won it: nobody takes 13 points by choice
    # but a shooter. Two signs, with one for its points: Hard keeps its stoppers at once
    # and follows low under the 10♦ (Medium ducks with the 5♦).
    state = build_position(
        {2: cards("5D 3D 6S 7S 8S 9S 2H 3H 4H 5H 6H")},
        tricks=[(0, cards("2C 3C 4C 5C")), (3, cards("2S 3S QS 4S"))],
        trick=cards("10D"),
    )
    view = h.seat_view(state, 2)
    assert view.taken == (0, 13, 0, 0)
    assert alarm(view, 1) == 3
    assert decision(state, 2, "hard") == "3D"
    assert decision(state, 2, "medium") == "5D"


@pytest.mark.parametrize("level", SITE_LEVELS)
def test_no_site_level_uses_the_sampler_or_a_searching_player(level):
    # Hard defends from its own view; the sampling code is the test-only players' alone.
    import inspect

    source = inspect.getsource(inspect.getmodule(type(get_player(level))))
    for name in ("sampler", "planner", "searcher"):
        assert f"players.{name}" not in source and f"import {name}" not in source


# Hard clears a seat that throws high cards away, keeps its hearts
# off a trick a seat wins with its own Q♠, keeps its last stopper, keeps the A♥ from a
# pass that would give the A♥ and K♥ together, and sheds high cards only early.


def pass_of_hard(hand: str, level: str = "hard") -> list[str]:
    state = build_position({0: cards(hand)}, deal_number=1)
    data = state.to_dict()
    data.update(phase="pass", turn=None, pending=[None] * 4)
    view = h.seat_view(h.HeartsState.from_dict(data), 0)
    return sorted(code(c) for c in get_player(level).choose_pass(view, SplitMix64(1)))


def ducking_position(third_card: str) -> h.HeartsState:
    """Seat 1 passed seat 2 three low cards and won the first two tricks; on the fourth,
    under seat 2's A♦, it played ``third_card``. Seat 2 is on lead."""
    return build_position(
        {2: cards("9D 2S 4S 5S 6S 7S 8H 9H 10H")},
        tricks=[
            (0, cards("2C AC 3C 4C")),
            (1, cards("KC 5C 6C 7C")),
            (1, cards("2D KD 3D 4D")),
            (2, cards(f"AD 5D 6D {third_card}")),
        ],
        deal_number=1,
        received=[(), (), cards("2S 4S 5S"), ()],
    )


def test_hard_clears_a_seat_that_threw_a_high_card_under_a_winner():
    # A shooter keeps its high cards; a seat that played the Q♦ under the A♦ already on
    # the trick is not playing for the moon, whatever its pass and its leads said.
    hard = get_player("hard")
    ducked = h.seat_view(ducking_position("QD"), 2)
    assert alarm(ducked, 1) == 0 and hard.moon_suspect(ducked) is None
    low = h.seat_view(ducking_position("7D"), 2)
    assert alarm(low, 1) >= 3 and hard.moon_suspect(low) == 1


def test_hard_throws_no_heart_on_a_trick_a_seat_wins_with_its_own_queen():
    # Nobody has a point; seat 1 played the Q♠ over the 6♠ and is winning the trick with
    # it. Seat 2, void in spades, throws a diamond: a heart there would help a shooter
    # and shed the K♥ that could stop it. Medium throws the K♥.
    state = build_position(
        {2: cards("KD 9D 8D 7D 2D KH 9H 5H 3H 10C 9C 8C")},
        tricks=[(0, cards("2C 3C 4C AC"))],
        trick=cards("5S 6S QS"),
    )
    assert state.turn == 2 and sum(h.seat_view(state, 2).taken) == 0
    assert decision(state, 2, "hard") in ("KD", "9D", "8D", "7D", "2D", "10C", "9C", "8C")
    assert decision(state, 2, "medium") == "KH"
    assert decision(state, 2, "hard-nowatch") == "KH"


def test_hard_gives_the_suspect_a_low_heart_rather_than_its_last_stopper():
    # Seat 1 (three low cards passed to seat 2, the first two tricks) leads the A♦; seat 2
    # is void in diamonds and holds only the A♠ K♠ besides hearts: both are stoppers, so
    # Hard throws the 2♥ (a point to the suspect) and keeps a trick that can end the moon.
    stoppers = signs_position(2, "AS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H", "2H 3H 4H", 1, "AD")
    assert get_player("hard").moon_suspect(h.seat_view(stoppers, 2)) == 1
    assert decision(stoppers, 2, "hard") == "2H"
    # With a spade that is no stopper it throws that, as before.
    low = signs_position(2, "AS 3S 2H 3H 4H 5H 6H 7H 8H 9H 10H", "2H 3H 4H", 1, "AD")
    assert decision(low, 2, "hard") == "3S"


def test_hard_keeps_the_ace_of_hearts_from_a_pass_of_ace_and_king_with_hearts_behind():
    # Hard would pass the A♥ and K♥ together; with three more hearts staying, it keeps the
    # A♥ (a card that can always take a heart trick from a shooter) and passes another.
    hand = "AH KH 9H 8H 7H JC 3C 5C QD 7D 8D 2S 5S"
    assert set(pass_of_hard(hand)) == {"QD", "9H", "KH"}  # with the 8♥ 7♥ behind the A♥
    assert set(pass_of_hard(hand, "hard-nowatch")) == {"QD", "KH", "AH"}  # undefended
    # With only the 9♥ behind them, both go, as before.
    assert {"AH", "KH"} <= set(pass_of_hard("AH KH 9H 2C 3C 5C 6D 7D 8D 2S 5S 8S JS"))


def test_hard_sheds_high_cards_on_clean_tricks_only_in_the_first_three_tricks():
    # The fourth trick, a clean diamond trick with ten diamonds out: Hard now ducks with the
    # 3♦ (it used to take it with the K♦), keeping the king as a stopper.
    state = build_position(
        {0: cards("3D KD 6S 7S 8S 9S 10S 2H 3H 4H")},
        tricks=[
            (0, cards("2C 3C 4C AC")),
            (3, cards("8C 5C 6C 7C")),
            (3, cards("QC 9C 10C JC")),
        ],
        trick=cards("9D"),
    )
    assert state.turn == 0 and len(state.tricks) == 3
    assert decision(state, 0, "hard") == "3D"


def test_hard_keeps_the_king_of_hearts_with_three_hearts_under_it_while_a_moon_is_possible():
    # As with the A♥ above: nobody has a point, seat 2 discards on a
    # diamond trick holding the K♥ (the A♥ still out) over three more hearts. Hard throws
    # another heart and keeps the king, which the three hearts under it let wait for a
    # heart trick to take from a shooter; Medium throws the king.
    def position(hand: str, second: str = "KC 5C 6C 7C", third: str = "8C 9C JC 10C"):
        return build_position(
            {2: cards(hand)},
            tricks=[(0, cards("2C AC 3C 4C")), (1, cards(second)), (1, cards(third))],
            trick=cards("5D 6D 7D"),
            deal_number=4,
        )

    state = position("KH 9H 7H 3H 2S 3S 4S 5S 6S 7S")
    assert sum(h.seat_view(state, 2).taken) == 0
    assert decision(state, 2, "hard") not in ("KH", "AH")
    assert decision(state, 2, "medium") == "KH"
    # Only two hearts under it: the king goes, as before.
    assert decision(position("KH 7H 3H 2S 3S 4S 5S 6S 7S 8S"), 2, "hard") == "KH"
    # Two seats have points: no moon is possible, and the king goes.
    scored = position("KH 9H 7H 3H 2S 3S 4S 5S 6S 7S", "KC 5C 2H 7C", "8C 9C JC 4H")
    assert h.seat_view(scored, 2).taken == (0, 1, 0, 1)
    assert decision(scored, 2, "hard") == "KH"


def test_hard_takes_a_point_trick_before_the_suspect_with_a_card_nothing_out_beats():
    # Seat 3 has the Q♠ (13 points, the watch's suspect) and three
    # of the four tricks; seat 0 leads the 6♥ and seat 1's 9♥ is winning, with seat 3 still
    # to play after seat 2. Seat 2 holds the A♥, which nothing unseen beats: Hard takes the
    # hearts with it now (the moon ends) instead of ducking and keeping it as a stopper.
    def position(hand: str) -> h.HeartsState:
        return build_position(
            {2: cards(hand)},
            tricks=[
                (0, cards("2C 3C 4C AC")),
                (3, cards("KC 5C 6C 7C")),
                (3, cards("AS 2S QS 3S")),
                (3, cards("2D AD 3D 4D")),
            ],
            trick=cards("6H 9H"),
        )

    state = position("AH 3H 4S 5S 6S 7S 8D 9D 10D")
    assert moon_suspect(h.seat_view(state, 2)) == 3 and state.turn == 2
    assert decision(state, 2, "hard") == "AH"
    assert decision(state, 2, "medium") == "3H"
    # With the A♥ still out, the K♥ could be beaten by the suspect: Hard ducks, as before.
    assert decision(position("KH 3H 4S 5S 6S 7S 8D 9D 10D"), 2, "hard") == "3H"
