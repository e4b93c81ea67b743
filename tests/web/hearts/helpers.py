"""Helpers for the Hearts view tests: start a game, act, drive it forward."""

from __future__ import annotations

from games.engine import hearts as engine
from games.models import HeartsGame
from tests.web.redirects import game_from_redirect

HX = {"HX-Request": "true"}


def start(client) -> HeartsGame:
    response = client.post("/hearts/new/")  # a visit shows the start screen; Deal starts
    assert response.status_code == 302
    return game_from_redirect(HeartsGame, response)


def url(game: HeartsGame) -> str:
    return f"/hearts/game/{game.pk}/"


def act(client, game: HeartsGame, **data):
    """The human's action, with the version the page shows (as the table's forms send
    it); pass ``version=`` to send another one."""
    if "version" not in data:
        game.refresh_from_db()
        data["version"] = game.version
    return client.post(url(game), data, headers=HX)


def advance(client, game: HeartsGame, version=None):
    game.refresh_from_db()
    data = {"version": game.version if version is None else version}
    return client.post(f"{url(game)}advance/", data, headers=HX)


def state(game: HeartsGame) -> engine.HeartsState:
    game.refresh_from_db()
    return engine.HeartsState.from_dict(game.state)


def hand_of(game: HeartsGame) -> list[dict]:
    """Seat 0's hand as its view shows it."""
    return engine.seat_view(state(game), 0).to_dict()["hand"]


def computers_pass(client, game: HeartsGame) -> None:
    """Every timed step of the pass phase the computers are due, one request each."""
    while engine.computer_due(state(game)) and state(game).phase == "pass":
        assert advance(client, game).status_code == 200


def step(client, game: HeartsGame) -> None:
    """One sensible step for whoever is due, through the web: the human plays its lowest
    legal card (lift, then play), passes its first three cards, or deals on."""
    current = state(game)
    if current.phase == "pass" and engine.due_seat(current) == 0:
        hand = engine.seat_view(current, 0).to_dict()["hand"]
        for card in hand[:3]:
            assert act(client, game, choose=card).status_code == 200
        assert act(client, game, action="pass").status_code == 200
    elif current.phase == "play" and current.turn == 0:
        card = engine.legal_plays(current, 0)[0]
        assert act(client, game, lift=card).status_code == 200
        assert act(client, game, play=card).status_code == 200
    elif current.phase == "deal-done":
        assert act(client, game, action="next-deal").status_code == 200
    else:
        response = advance(client, game)
        assert response.status_code == 200, response.content[:400]


def play_until(client, game: HeartsGame, done, limit: int = 5000) -> None:
    for _ in range(limit):
        if done(state(game)):
            return
        step(client, game)
    raise AssertionError("the game did not get there")
