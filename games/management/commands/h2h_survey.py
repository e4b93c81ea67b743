"""``manage.py h2h_survey --deals N``: shares of winnable, stuck and greedily won deals."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games.engine.analysis.heart_to_heart_survey import summary, survey_codes, survey_deal


class Command(BaseCommand):
    help = "Survey class-N Heart to Heart deals with the solver and a greedy player."

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=1000, help="how many deals (1000)")
        parser.add_argument("--first", type=int, default=0, help="seed of the first deal (0)")

    def handle(self, *args, deals: int, first: int, **options):
        if deals < 1:
            raise CommandError("--deals must be at least 1")
        try:
            codes = survey_codes(deals, first)
        except ValueError as error:
            raise CommandError(f"seeds out of range: {error}") from error
        started = time.perf_counter()
        # The bar goes to stderr and hides itself when stderr is not a terminal.
        reports = [survey_deal(code) for code in tqdm(codes, unit="deal", disable=None)]
        self.stdout.write(summary(reports, time.perf_counter() - started))
