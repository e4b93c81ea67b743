"""The Hearts help page: the computers never see another hand, the tips of the user's
documents 001 and 003 (docs/sources/) in their own French words, and the answers to what a
new player asks."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
SEEDS = ROOT / "docs" / "sources"
HELP = ROOT / "templates" / "games" / "hearts" / "help"


def _words(text: str) -> str:
    """Text as a reader compares it: one kind of apostrophe and of space."""
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()


def _seed_tips(prefix: str, heading: str, stop: str | None) -> list[str]:
    text = next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")
    part = text.split(heading, 1)[1]
    if stop:
        part = part.split(stop, 1)[0]
    return [_words(line.lstrip("• ")) for line in part.splitlines() if line.startswith("•")]


def _page(client, language: str) -> str:
    response = client.get("/hearts/help/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return _words(re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.parametrize(("prefix", "heading", "stop"), [
    ("003", "\nAstuces\n", "Questions fréquentes"),
    ("001", "Conseils stratégiques", None),
])
def test_the_french_page_carries_the_seeds_tips_in_their_words(client, prefix, heading, stop):
    tips = _seed_tips(prefix, heading, stop)
    assert len(tips) >= 5
    page = _page(client, "fr")
    for tip in tips:
        assert tip in page, tip


PLAIN = {
    "en": ["The computers do not cheat.", "never sees another seat's hand",
           "Why can't I lead a heart?", "Why is this card greyed out?",
           "What is shooting the moon?", "Why is there no undo and no hint?", "Tips"],
    "fr": ["Les ordinateurs ne trichent pas.", "ne voit jamais la main d'un autre siège",
           "Pourquoi ne puis-je pas entamer un cœur ?", "Pourquoi cette carte est-elle grisée ?",
           "Qu'est-ce que faire la lune ?", "Pourquoi n'y a-t-il ni Annuler ni Indice ?",
           "Astuces"],
    "nb": ["Datamaskinene jukser ikke.", "ser aldri en annen plass sin hånd",
           "Hvorfor kan jeg ikke spille ut hjerter?", "Hvorfor er dette kortet grått?",
           "Hva vil det si å skyte månen?", "Hvorfor finnes det ingen angring og ingen hint?",
           "Tips"],
}


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_the_page_says_plainly_what_a_new_player_asks(client, language):
    page = _page(client, language)
    for phrase in PLAIN[language]:
        assert phrase in page, phrase


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_every_language_gives_as_many_tips(language):
    html = (HELP / f"{language}.html").read_text(encoding="utf-8")
    tips = html.split("<h2>", html.count("<h2>"))[-1]  # the last section: the tips
    assert tips.count("<li>") == 11
