"""``manage.py card_faces [--check]``: write the card faces (a file each) and their
stylesheets, for every deck (card_faces.DECKS).

The files are drawn from games/drawing/card_faces.py and committed, so that the site
serves them as plain static files (whitenoise hashes and compresses them like the
rest): the standard deck in static/cards/faces/ and static/css/faces.css, each other
deck in static/cards/faces/<deck>/ and static/css/faces-<deck>.css. Run it after
changing that module; ``--check`` only says whether the committed
files are current (tests/web/site/test_card_faces.py asks the same).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.drawing import card_faces

STATIC = Path(settings.BASE_DIR) / "static"
FACES = STATIC / "cards" / "faces"
FILES = {
    path: write
    for deck in card_faces.DECKS
    for path, write in (
        *((STATIC / card_faces.face_path(code, deck), partial(card_faces.face_file, code, deck))
          for code in card_faces.all_codes()),
        (STATIC / card_faces.stylesheet_path(deck), partial(card_faces.stylesheet, deck)),
    )
}


def stale_files() -> list[Path]:
    """The committed files that differ from what the module draws now, and any face
    file the module no longer draws."""
    return [
        path for path, write in FILES.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != write()
    ] + sorted(set(FACES.rglob("*.svg")) - set(FILES))


class Command(BaseCommand):
    help = ("Write static/cards/faces/ and static/css/faces*.css (every deck) from"
            " games/drawing/card_faces.py.")

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="write nothing; fail when a committed file is out of date")

    def handle(self, *args, check: bool, **options):
        if check:
            stale = stale_files()
            if stale:
                raise CommandError("out of date: " + ", ".join(str(p) for p in stale)
                                   + " (run manage.py card_faces)")
            self.stdout.write("card faces are up to date")
            return
        for old in set(FACES.rglob("*.svg")) - set(FILES):
            old.unlink()
        for path, write in FILES.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write(), encoding="utf-8")
        sizes = sum(path.stat().st_size for path in FILES)
        self.stdout.write(f"wrote {len(FILES)} files under static/ ({sizes:,} bytes)")
