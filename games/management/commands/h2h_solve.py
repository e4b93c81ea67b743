"""``manage.py h2h_solve CODE``: the solver's verdict on a deal, and a winning line."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from games.engine.heart_to_heart.deal_codes import DealCodeError, deal_for, parse_code
from games.engine.heart_to_heart.solver import narrate, solve


class Command(BaseCommand):
    help = "Prove a Heart to Heart deal winnable (printing a winning line) or unwinnable."

    def add_arguments(self, parser):
        parser.add_argument("code", help="a deal code, e.g. HH1-N-AAAAAAM")
        parser.add_argument("--taps", action="store_true", help="print the raw taps too")

    def handle(self, *args, code: str, taps: bool, **options):
        try:
            deal_code = parse_code(code)
        except DealCodeError as error:
            raise CommandError(str(error)) from error
        ranks = deal_for(deal_code)
        started = time.perf_counter()
        solution = solve(ranks)
        elapsed_ms = (time.perf_counter() - started) * 1000
        for line in narrate(str(deal_code), ranks, solution, elapsed_ms):
            self.stdout.write(line)
        if taps and solution.winnable:
            self.stdout.write(" ".join(str(target) for target in solution.line))
