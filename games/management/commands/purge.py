"""``manage.py purge [--days 30] [--batch-size 1000] [--dry-run]``: keep the data bounded.

Deletes unfinished games idle for ``--days`` days, players with nothing left (no game
worth keeping, no statistics that count anything: see ``games/services/purge.py`` for
why a player who has played is kept) and expired sessions, in batches of
``--batch-size`` rows, each batch its own short transaction. Finished-game statistics
are never touched, and a player who holds a passkey is never removed for being away, nor
is their game in progress (docs/passkeys.md). Spent passkey challenges, expired link
codes, past attempt counters and signed-in devices whose cookie expired go too.
``--dry-run`` prints what would go and deletes nothing.

Run it daily from cron (README, "Purging old data").
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.services.purge import DEFAULT_BATCH_SIZE, DEFAULT_DAYS, Purge


class Command(BaseCommand):
    help = ("Delete idle unfinished games, players with nothing left, expired sessions and "
            "spent sign-in rows.")

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=DEFAULT_DAYS,
                            help=f"idle for more than this many days ({DEFAULT_DAYS})")
        parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE,
                            help=f"rows per transaction ({DEFAULT_BATCH_SIZE})")
        parser.add_argument("--dry-run", action="store_true",
                            help="print what would be deleted, delete nothing")

    def handle(self, *args, days: int, batch_size: int, dry_run: bool, **options):
        if days < 1:
            raise CommandError("--days must be at least 1")
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1")
        purge = Purge(days=days, batch_size=batch_size)
        counts = purge.count() if dry_run else purge.run()
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"Idle since {purge.cutoff:%Y-%m-%d %H:%M} UTC ({days} days):")
        for name, count in counts.items():
            self.stdout.write(f"  {verb} {count:>8,} {name}")
