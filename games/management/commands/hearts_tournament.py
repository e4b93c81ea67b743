"""``manage.py hearts_tournament``: computer levels against each other, measured.

    python manage.py hearts_tournament --games 2000 --seats hard,easy,easy,easy --seed 1

A thin wrapper around ``games.engine.analysis.hearts_tournament`` (which explains the method):
it parses the options, shows a tqdm progress bar and prints the table.
"""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games.engine.analysis.hearts_tournament import parse_seats, run_tournament, seat_names
from games.engine.hearts import PASS_ORDERS, TARGETS, TIE_RULES, HeartsOptions


class Command(BaseCommand):
    help = "Play Hearts computer levels against each other and print points per deal, wins, moons."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000, help="games (whole sets of 4)")
        parser.add_argument(
            "--seats",
            default="hard,easy,easy,easy",
            help=f"four levels, chairs 0-3: {seat_names()}",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--target", type=int, default=100, choices=TARGETS)
        parser.add_argument("--pass-order", default="LRAN", choices=tuple(PASS_ORDERS))
        parser.add_argument("--tie-rule", default="draw", choices=TIE_RULES)
        parser.add_argument(
            "--workers", type=int, default=1, help="processes playing sets in parallel"
        )
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args, **options):
        try:
            seats = parse_seats(options["seats"])
            rules = HeartsOptions(options["target"], options["pass_order"], options["tie_rule"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        games = options["games"]
        if games < 1:
            raise CommandError("--games must be at least 1")
        start = time.perf_counter()
        with tqdm(
            total=4 * -(-games // 4), unit="game", disable=options["no_progress"], file=sys.stderr
        ) as bar:
            try:
                result = run_tournament(
                    seats, games, options["seed"], rules, bar.update, options["workers"]
                )
            except ValueError as error:
                raise CommandError(str(error)) from error
        elapsed = time.perf_counter() - start
        self.stdout.write(result.table())
        self.stdout.write(f"time: {elapsed:.1f} s ({result.games / elapsed:.0f} games/s)")
