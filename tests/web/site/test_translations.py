"""Every message has a French and a Norwegian translation, and the compiled catalogues match."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[3]
LOCALE = ROOT / "locale"
LANGUAGES = ["fr", "nb"]


def _catalogue(language: str, base: Path = LOCALE) -> polib.POFile:
    return polib.pofile(str(base / language / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    po = _catalogue(language)
    assert len(po) > 0
    missing = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert missing == [], f"{language}: untranslated: {missing}"
    assert fuzzy == [], f"{language}: fuzzy: {fuzzy}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_the_po_file(language):
    po = _catalogue(language)
    mo = polib.mofile(str(LOCALE / language / "LC_MESSAGES" / "django.mo"))
    compiled = {(entry.msgctxt, entry.msgid): entry for entry in mo}
    for entry in po.translated_entries():
        found = compiled.get((entry.msgctxt, entry.msgid))
        assert found is not None, f"{language}: {entry.msgid!r} not compiled; run `make messages`"
        assert (found.msgstr, found.msgstr_plural) == (entry.msgstr, entry.msgstr_plural) or (
            found.msgstr_plural and entry.msgstr_plural
        ), f"{language}: django.mo is stale for {entry.msgid!r}; run `make messages`"


def test_catalogues_cover_every_translatable_string_in_the_source(tmp_path):
    """makemessages on a copy of the source finds no msgid the catalogues lack."""
    for name in ("cardsite", "games", "templates", "locale"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardsite.settings",
           "SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "-l", "nb", "-v", "0"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    for language in LANGUAGES:
        fresh = {(e.msgctxt, e.msgid) for e in _catalogue(language, tmp_path / "locale")}
        ours = {(e.msgctxt, e.msgid) for e in _catalogue(language)}
        assert fresh - ours == set(), f"{language}: missing from the catalogue; run `make messages`"
