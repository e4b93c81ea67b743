"""``manage.py card_faces [--check]``: write the card faces (a file each) and their stylesheet.

The files are drawn from games/drawing/card_faces.py and committed, so that the site
serves them as plain static files (whitenoise hashes and compresses them like the
rest). Run it after changing that module; ``--check`` only says whether the committed
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
    **{STATIC / card_faces.face_path(code): partial(card_faces.face_file, code)
       for code in card_faces.all_codes()},
    STATIC / "css" / "faces.css": card_faces.stylesheet,
}


def stale_files() -> list[Path]:
    """The committed files that differ from what the module draws now, and any face
    file the module no longer draws."""
    return [
        path for path, write in FILES.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != write()
    ] + sorted(set(FACES.glob("*.svg")) - set(FILES))


class Command(BaseCommand):
    help = ("Write static/cards/faces/*.svg and static/css/faces.css from"
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
        for old in set(FACES.glob("*.svg")) - set(FILES):
            old.unlink()
        for path, write in FILES.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write(), encoding="utf-8")
        sizes = sum(path.stat().st_size for path in FILES)
        self.stdout.write(f"wrote {len(FILES)} files under static/ ({sizes:,} bytes)")
