"""Server time per Heart to Heart tap through Django's test client, on a SQLite file.

Prints medians and 99th percentiles (wall and CPU time) for a tap (htmx partial), for a
full page, and for a baseline request measured in the same run (the home page, no
database write), plus the bytes of a tap and of a page: as rendered, as sent (the
client accepts gzip, as a browser does), and with the response headers.
Run: .venv/bin/python bench/bench_heart_to_heart_web.py
"""

# ruff: noqa: I001 — web_setup configures Django, so it is imported before Django's modules.
from __future__ import annotations

import os

from web_setup import BROWSER_HEADERS, Samples, Sizes, game_id_from, ratio, summary, timed

from django.test import Client

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE, solve_code
from games.models import HeartToHeartGame

GAMES = int(os.environ.get("BENCH_GAMES", "12"))


def main() -> None:
    client = Client(headers=BROWSER_HEADERS)
    line = solve_code(EXAMPLE_CODE).line
    taps, pages, baseline = Samples(), Samples(), Samples()
    partial_sizes, page_sizes = Sizes(), Sizes()
    for _ in range(GAMES):
        # A deal-code URL shows the deal; posting to it starts the game (GET saves nothing).
        game_id = game_id_from(client.post(f"/heart-to-heart/{EXAMPLE_CODE}/"))
        url = f"/heart-to-heart/game/{game_id}/"
        version = HeartToHeartGame.objects.get(pk=game_id).version
        for target in line:
            response = timed(taps, client.post, url, {"target": target, "version": version},
                             headers={"HX-Request": "true"})
            assert response.status_code == 200
            partial_sizes.add(response)
            version += 1
            timed(baseline, client.get, "/")
            if len(taps) % 10 == 0:
                page_sizes.add(timed(pages, client.get, url))
        assert engine.GameState.from_dict(HeartToHeartGame.objects.get(pk=game_id).state).won
    print(f"Heart to Heart web, {GAMES} full games of {EXAMPLE_CODE} ({len(line)} taps each),"
          " SQLite file, DEBUG off")
    print(summary("tap (htmx partial)", taps))
    print(summary("full game page (GET)", pages))
    print(summary("baseline: home page (GET)", baseline))
    print(ratio("tap", taps, baseline))
    print(partial_sizes.line("tap"))
    print(page_sizes.line("full page"))

if __name__ == "__main__":
    main()
