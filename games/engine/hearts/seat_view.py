"""What one seat at the Hearts table knows: the only input a computer player gets.

A ``SeatView`` is built by ``hearts.seat_view(state, seat)``. It holds the seat's own
hand, its own pending pass (before the exchange only), the cards it received, every
card played this deal with who played it, how many cards each seat holds, the points
each seat has taken, the scores, whose turn it is, whether hearts are broken, the
phase, the pass direction and the seat's own level. It never holds another seat's
hand, what another seat passed, the cards the seat itself passed once the exchange is
done (except for a test-only player that remembers its pass: ``own_pass``), or the
game's seed (which would let a reader rebuild every deal).

Cards are ids 0..51 and sets of cards are bit masks (see ``cards``), so a
player can work fast; ``to_dict()`` gives the same facts with card codes for a page.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.hearts.cards import code, codes

Trick = tuple[int, tuple[int, ...], int]  # (leader seat, cards in play order, winner seat)


class SeatView(NamedTuple):
    seat: int
    level: str
    phase: str
    deal_number: int
    pass_direction: str  # "left" | "right" | "across" | "none"
    hand: int  # mask of the seat's own cards
    pending_pass: int  # mask: the seat's own chosen pass, until the exchange (else 0)
    passed: tuple[bool, bool, bool, bool]  # which seats have confirmed their pass
    received: int  # mask: cards passed to this seat this deal (they arrived in its hand)
    tricks: tuple[Trick, ...]  # finished tricks of this deal, in order
    trick_leader: int  # who led the trick on the table
    trick: tuple[int, ...]  # cards on the table, in play order from trick_leader
    trick_winner: int | None  # set while a finished trick is still on the table
    played: int  # mask: every card played this deal (finished tricks and the table)
    taken: tuple[int, int, int, int]  # points taken in tricks this deal, per seat
    hearts_broken: bool
    turn: int | None  # whose card is due (play phase only)
    legal: int  # mask: the cards this seat may play now (0 when it is not its turn)
    totals: tuple[int, int, int, int]
    deal_scores: tuple[tuple[int, int, int, int], ...]  # scored points of each finished deal
    moons: tuple[int | None, ...]  # per finished deal: the seat that shot the moon, or None
    target: int
    result: str | None  # "win" | "draw" | "loss" from this seat, once the game is over
    # The cards this seat passed, after the exchange — kept only for a measurement player
    # that remembers its pass (``remembers_pass``: the searcher); 0 for every site level and
    # the human seat, which forget it (docs/rules.md#hearts-computers).
    own_pass: int = 0

    @property
    def cards_left(self) -> tuple[int, int, int, int]:
        """Cards in each seat's hand, as anyone at the table counts them: 13, less one per
        finished trick, less one for a seat whose card is on the table (a pass moves 3 for
        3, so it changes no count). Worked out on demand: the computers never ask."""
        done = 13 - len(self.tricks)
        on_table = len(self.trick)
        leader = self.trick_leader
        return tuple(done - ((seat - leader) % 4 < on_table) for seat in range(4))

    def trick_plays(self) -> list[tuple[int, int]]:
        """(seat, card) for the cards on the table, in play order."""
        return [((self.trick_leader + i) % 4, card) for i, card in enumerate(self.trick)]

    def history(self) -> list[tuple[int, int]]:
        """(seat, card) for every card played this deal, in play order."""
        plays = [
            ((leader + i) % 4, card)
            for leader, cards, _ in self.tricks
            for i, card in enumerate(cards)
        ]
        plays.extend(self.trick_plays())
        return plays

    def to_dict(self) -> dict:
        """The same facts with card codes, ready for a template or JSON."""
        return {
            "seat": self.seat,
            "level": self.level,
            "phase": self.phase,
            "deal_number": self.deal_number,
            "pass_direction": self.pass_direction,
            "hand": codes(self.hand),
            "pending_pass": codes(self.pending_pass),
            "passed": list(self.passed),
            "received": codes(self.received),
            "tricks": [
                {
                    "leader": leader,
                    "plays": [
                        {"seat": (leader + i) % 4, "card": code(c)} for i, c in enumerate(cards)
                    ],
                    "winner": winner,
                }
                for leader, cards, winner in self.tricks
            ],
            "trick": [{"seat": s, "card": code(c)} for s, c in self.trick_plays()],
            "trick_winner": self.trick_winner,
            "taken": list(self.taken),
            "cards_left": list(self.cards_left),
            "hearts_broken": self.hearts_broken,
            "turn": self.turn,
            "legal": codes(self.legal),
            "totals": list(self.totals),
            "deal_scores": [list(row) for row in self.deal_scores],
            "moons": list(self.moons),
            "target": self.target,
            "result": self.result,
        }
