"""Server time per Hearts request through Django's test client, on a SQLite file.

Plays whole games (three Hard computers; the human plays its lowest legal card) and
prints medians and 99th percentiles (wall and CPU time) for a computer step (the timed
refresh), for the human's actions, and for a baseline request measured in the same run
(the home page), plus a step's bytes: rendered, sent (gzip accepted), with headers.
Run: .venv/bin/python bench/bench_hearts_web.py
"""

# ruff: noqa: I001 — web_setup configures Django, so it is imported before Django's modules.
from __future__ import annotations

import os

from web_setup import BROWSER_HEADERS, Samples, Sizes, game_id_from, ratio, summary, timed

from django.test import Client

from games.engine import hearts as engine
from games.models import HeartsGame, Player

GAMES = int(os.environ.get("BENCH_GAMES", "3"))
HX = {"HX-Request": "true"}


def main() -> None:
    client = Client(headers=BROWSER_HEADERS)
    client.get("/hearts/")
    Player.objects.update(hearts_level="hard")
    advances, human, baseline, sizes = Samples(), Samples(), Samples(), Sizes()
    for _ in range(GAMES):
        game_id = game_id_from(client.post("/hearts/new/"))
        url = f"/hearts/game/{game_id}/"
        while True:
            game = HeartsGame.objects.get(pk=game_id)
            state = engine.HeartsState.from_dict(game.state)
            if state.phase == "game-over":
                break
            # Every human action carries the table's version, as its forms do; choosing
            # does not move it, lifting does.
            version = game.version
            if state.phase == "pass" and engine.due_seat(state) == 0:
                for card in engine.seat_view(state, 0).to_dict()["hand"][:3]:
                    timed(human, client.post, url, {"choose": card, "version": version},
                          headers=HX)
                timed(human, client.post, url, {"action": "pass", "version": version},
                      headers=HX)
            elif state.phase == "play" and state.turn == 0:
                card = engine.legal_plays(state, 0)[0]
                timed(human, client.post, url, {"lift": card, "version": version}, headers=HX)
                timed(human, client.post, url, {"play": card, "version": version + 1},
                      headers=HX)
            elif state.phase == "deal-done":
                timed(human, client.post, url, {"action": "next-deal", "version": version},
                      headers=HX)
            else:
                response = timed(advances, client.post, f"{url}advance/",
                                 {"version": game.version}, headers=HX)
                assert response.status_code == 200
                sizes.add(response)
            timed(baseline, client.get, "/")
    print(f"Hearts web, {GAMES} whole games against three Hard computers, SQLite file, DEBUG off")
    print(summary("computer step (advance)", advances))
    print(summary("human action", human))
    print(summary("baseline: home page (GET)", baseline))
    print(ratio("advance", advances, baseline))
    print(sizes.line("computer step"))


if __name__ == "__main__":
    main()
