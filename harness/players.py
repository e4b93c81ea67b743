"""Simulated players of both games, pressing only buttons the pages offer.

Shared by the fault tests, the scale-out test and the load benchmark. Each ``step``
sends one request (one button a person would press, or the timed computer step that
htmx would post); each checks what it got back: an applied action moves the game's
``version`` on by exactly one, so nothing is applied twice or behind the player's back.

When a server dies under a request, ``step`` raises ``ServerGone`` with the action still
``in_flight``; ``resume`` then reloads the game and says whether that action was saved
(the version moved on by one, and only one) or not at all (the board is exactly what the
player last saw), and play goes on from there.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.client import Browser, Page, ServerGone, hooks

APPLIED, NOT_APPLIED = "applied", "not applied"
# nginx's answers when an app server died under a request it had already passed on.
PROXY_GAVE_UP = (502, 504)
# Choosing a card for the pass is a set ("choose QS"), not a move: depending on the
# site's version it may leave the game's version where it was, and repeating it is safe.
NOT_A_MOVE = frozenset({"hearts choose"})


@dataclass
class InFlight:
    version: int | None  # the version the player had seen (None: no game saved yet)
    kind: str
    seen: Page  # the board or table as the player last saw it


class _Player:
    element_id = ""
    game_prefix = ""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.page: Page | None = None
        self.game_id: str | None = None
        self.version: int | None = None
        self.in_flight: InFlight | None = None
        self.actions = 0  # applied actions, as answered
        self.resumed: list[str] = []  # APPLIED / NOT_APPLIED, one per recovered crash
        self.done = False

    def _show(self, page: Page) -> None:
        self.page = page
        self.game_id = page.game_id or self.game_id
        self.version = page.version

    def _press(self, form, button, kind: str) -> Page:
        before = self.version if self.game_id is not None else None
        self.in_flight = InFlight(before, kind, self.page)
        answer = self.browser.press(form, button, kind=kind)  # may raise ServerGone
        if answer.status in PROXY_GAVE_UP:
            # The proxy had handed the request over and lost the app server: it may or
            # may not have been saved. A person would look and press again; so do we.
            raise ServerGone(f"{kind}: {answer.status} from the proxy")
        self.in_flight = None
        if answer.status != 200:
            raise AssertionError(f"{kind}: {answer.status} {answer.url}\n{answer.text[:800]}")
        if before is not None:
            allowed = {before, before + 1} if kind in NOT_A_MOVE else {before + 1}
            assert answer.version in allowed, (kind, before, answer.version)
        self.actions += 1
        self._show(answer)
        return answer

    def game_path(self) -> str:
        return f"{self.game_prefix}game/{self.game_id}/"

    def resume(self) -> str:
        """After a crash: reload the game; APPLIED or NOT_APPLIED for the request in flight."""
        flight = self.in_flight
        assert flight is not None, "nothing was in flight"
        if flight.version is None:  # the game itself was never confirmed: start afresh
            self.start()  # may raise ServerGone again: the flight is kept for a retry
            self.in_flight = None
            self.resumed.append(NOT_APPLIED)
            return NOT_APPLIED
        page = self.browser.get(self.game_path(), kind="page")  # may raise ServerGone
        assert page.status == 200, page.status
        self.in_flight = None
        saved = page.version
        same = hooks(page, self.element_id) == hooks(flight.seen, self.element_id)
        if saved == flight.version and flight.kind in NOT_A_MOVE:
            outcome = NOT_APPLIED if same else APPLIED  # a choice: either is consistent
        elif saved == flight.version:
            # Not applied at all: the game is exactly as the player last saw it.
            assert same, "the game did not resume as seen"
            outcome = NOT_APPLIED
        else:
            assert saved == flight.version + 1, (flight, saved)  # applied once, whole
            self.actions += 1
            outcome = APPLIED
        self._after_resume(outcome)
        self._show(page)
        self.resumed.append(outcome)
        return outcome

    def _after_resume(self, outcome: str) -> None:
        pass

    def start(self) -> None:
        raise NotImplementedError

    def step(self) -> str:
        raise NotImplementedError


class HeartToHeartPlayer(_Player):
    """Plays a deal code's winning line tap by tap (the solver's line for the deal)."""

    element_id = "board"
    game_prefix = "/heart-to-heart/"

    def __init__(self, browser: Browser, code: str, line) -> None:
        super().__init__(browser)
        self.code = code
        self.line = [str(target) for target in line]
        self.index = 0

    def start(self) -> None:
        self.index = 0
        self.game_id = None
        self._show(self.browser.get(f"/heart-to-heart/{self.code}/", kind="page"))
        assert self.page.status == 200, self.page.status

    def step(self) -> str:
        target = self.line[self.index]
        found = self.page.find(name_="target", value=target)
        assert found is not None, f"no button for {target} on {self.page.url}"
        self._press(*found, kind="h2h tap")
        self.index += 1
        self.done = self.index == len(self.line)
        return "h2h tap"

    def _after_resume(self, outcome: str) -> None:
        if outcome == APPLIED:
            self.index += 1
            self.done = self.index == len(self.line)

    @property
    def status(self) -> str | None:
        return self.page.attribute("data-status") if self.page else None

    @property
    def moves(self) -> int:
        stat = self.page.text.split('data-stat="moves">', 1)[1]
        return int(stat.split("<", 1)[0])


class HeartsPlayer(_Player):
    """Chooses, passes, lifts and plays the first card it may; posts the computers' steps
    as htmx's timer would (without waiting out the delay: the server does no waiting)."""

    element_id = "table"
    game_prefix = "/hearts/"

    def __init__(self, browser: Browser, *, deals: int | None = 1) -> None:
        super().__init__(browser)
        self.deals = deals  # stop when this many deals are over (None: the whole game)
        self.deals_done = 0

    def start(self) -> None:
        self.game_id = None
        self._show(self.browser.get("/hearts/", kind="page"))
        assert self.page.status == 200, self.page.status
        if self.phase is None:  # a start screen: the options as they are, and Deal
            found = self.page.find(data_action="start")
            assert found is not None, f"no table and no Deal button on {self.page.url}"
            self._show(self.browser.press(*found, kind="hearts new game"))
            assert self.page.status == 200 and self.phase is not None, self.page.url

    @property
    def phase(self) -> str | None:
        return self.page.attribute("data-phase") if self.page else None

    def step(self) -> str:
        page = self.page
        advance = page.form_with(class_="advance")
        if advance is not None:
            self._press(advance, None, "hearts advance")
            return "hearts advance"
        phase = self.phase
        if phase == "pass":
            found = page.find(data_action="pass")
            kind = "hearts pass"
            if found is None:
                found, kind = page.find(name_="choose"), "hearts choose"
        elif phase == "play":
            found, kind = page.find(name_="play"), "hearts play"
            if found is None:
                found, kind = page.find(name_="lift"), "hearts lift"
        elif phase == "deal-done":
            self.deals_done += 1
            if self.deals is not None and self.deals_done >= self.deals:
                self.done = True
                return "done"
            found, kind = page.find(data_action="next-deal"), "hearts next deal"
        elif phase == "game-over":
            self.done = True
            return "done"
        else:
            raise AssertionError(f"unknown phase {phase!r}")
        assert found is not None, f"nothing to press in phase {phase} on {page.url}"
        self._press(*found, kind=kind)
        return kind


def recover(player: _Player, wait_until_up, *, attempts: int = 5) -> str:
    """``resume`` once the site answers again, retrying if it goes away meanwhile."""
    for _ in range(attempts):
        wait_until_up()
        try:
            return player.resume()
        except ServerGone:
            continue
    raise AssertionError(f"could not resume after {attempts} attempts")


def play_to_the_end(player: _Player, *, max_steps: int = 5000) -> None:
    """Bounded: a player that never finishes is a failure, not a hang."""
    for _ in range(max_steps):
        if player.done:
            return
        player.step()
    raise AssertionError(f"not done after {max_steps} steps")


__all__ = ["APPLIED", "NOT_APPLIED", "HeartToHeartPlayer", "HeartsPlayer", "ServerGone",
           "play_to_the_end", "recover"]
