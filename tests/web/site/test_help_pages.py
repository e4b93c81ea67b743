"""The rules pages exist in every language of the site, and say the rules' key facts."""

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "games"


@pytest.mark.parametrize("folder", ["heart_to_heart/rules", "hearts/help"])
def test_every_language_has_its_own_text(folder):
    for code, _name in settings.LANGUAGES:
        assert (TEMPLATES / folder / f"{code}.html").exists(), f"{folder}: no {code} text"


@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("en", ["Must be same rank", "No more moves", "HH1-N-AAAAAAM"]),
        ("fr", ["Doit être du même rang", "Plus aucun coup possible", "la pioche"]),
        ("nb", ["Må ha samme verdi", "Ingen flere mulige trekk", "trekkbunken"]),
    ],
)
def test_heart_to_heart_rules_in_each_language(client, language, phrases):
    response = client.get("/heart-to-heart/rules/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}">' in html
    for phrase in phrases:
        assert phrase in html


@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("en", ["Pass cards", "Shooting the moon", "Hard"]),
        ("fr", ["Passer les cartes", "Faire la lune", "Difficile"]),
        ("nb", ["Send kortene", "skyte månen", "Vanskelig"]),
    ],
)
def test_hearts_help_in_each_language(client, language, phrases):
    response = client.get("/hearts/help/", HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    assert response.status_code == 200
    for phrase in phrases:
        assert phrase in html


def test_rules_is_not_read_as_a_deal_code(client):
    assert client.get("/heart-to-heart/rules/").status_code == 200


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
@pytest.mark.parametrize("path", ["/hearts/help/", "/heart-to-heart/rules/"])
def test_every_table_header_cell_has_a_name(client, path, language):
    """No empty <th> (axe's "empty-table-header"): a header cell with nothing to show
    still names its column for a screen reader, in visually hidden words."""
    html = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    cells = re.findall(r"<th\b[^>]*>(.*?)</th>", html, re.DOTALL)
    for cell in cells:
        assert re.sub(r"<[^>]+>", "", cell).strip(), f"{path} ({language}): an empty <th>"
    if path == "/hearts/help/":
        assert len(cells) >= 4  # the levels table is there to be checked
