"""Every Hearts message that can be about the human's seat has its own sentence for
"you" in each language, never a seat name slotted into a third-person sentence."""

import re

import pytest
from django.utils import translation

from games.engine import hearts as engine
from games.engine.testing import play_on
from games.views.hearts.table import table_context
from games.views.hearts.text import SEAT_NAMES, SEAT_SENTENCES, card_name, seat_sentence
from tests.web.hearts.helpers import start, state, step, url

# The sentence each kind says about seat 0 and about Computer 2, in each language.
EXPECTED = {
    "en": {
        "turn": ("Your turn: tap a card to lift it, tap it again to play it.",
                 "Computer 2 is playing…"),
        "turn-again": ("Your turn.", "Computer 2 is playing…"),
        "takes-trick": ("You take the trick.", "Computer 2 takes the trick."),
        "played": ("You played {card}.", "Computer 2 played {card}."),
        "led": ("{card}, your lead", "{card}, led by Computer 2"),
        "moon": ("You shot the moon!", "Computer 2 shot the moon!"),
        "on-table": ("{card}, yours", "{card}, from Computer 2"),
    },
    "fr": {
        "turn": ("À vous : touchez une carte pour la lever, touchez-la encore pour la jouer.",
                 "Ordinateur 2 joue…"),
        "turn-again": ("À vous.", "Ordinateur 2 joue…"),
        "takes-trick": ("Vous remportez le pli.", "Ordinateur 2 remporte le pli."),
        "played": ("Vous avez joué {card}.", "Ordinateur 2 a joué {card}."),
        "led": ("{card}, votre entame", "{card}, entame d’Ordinateur 2"),
        "moon": ("Vous avez tiré la lune !", "Ordinateur 2 a tiré la lune !"),
        "on-table": ("{card}, à vous", "{card}, d’Ordinateur 2"),
    },
    "nb": {
        "turn": ("Din tur: trykk på et kort for å løfte det, og trykk igjen for å spille det.",
                 "Datamaskin 2 spiller…"),
        "turn-again": ("Din tur.", "Datamaskin 2 spiller…"),
        "takes-trick": ("Du tar stikket.", "Datamaskin 2 tar stikket."),
        "played": ("Du spilte {card}.", "Datamaskin 2 spilte {card}."),
        "led": ("{card}, ditt utspill", "{card}, utspill fra Datamaskin 2"),
        "moon": ("Du skjøt månen!", "Datamaskin 2 skjøt månen!"),
        "on-table": ("{card}, ditt", "{card}, fra Datamaskin 2"),
    },
}


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_every_message_kind_about_you_and_about_a_computer(lang):
    assert set(EXPECTED[lang]) == set(SEAT_SENTENCES)  # a new kind needs its sentences here
    with translation.override(lang):
        card = card_name("QS")  # the catalogue's name for it (worded elsewhere)
        for kind, (about_you, about_computer) in EXPECTED[lang].items():
            assert seat_sentence(kind, 0, card=card) == about_you.format(card=card), kind
            assert seat_sentence(kind, 2, card=card) == about_computer.format(card=card), kind


def _trick_done(winner: int) -> engine.HeartsState:
    state = engine.new_game(5, levels=("medium", "medium", "medium"))
    return play_on(
        state, lambda s: s.phase == "trick-done" and s.trick_winner == winner,
        human_play=lambda s: engine.legal_plays(s, 0)[-1], limit=400,
    )


class _Game:
    """What ``table_context`` reads of a saved game."""

    version = 1
    chosen: list = []
    lifted = ""
    counts_down = False
    updated_at = None


@pytest.mark.parametrize(("lang", "you", "computer"), [
    ("en", "You take the trick.", "takes the trick."),
    ("fr", "Vous remportez le pli.", "remporte le pli."),
    ("nb", "Du tar stikket.", "tar stikket."),
])
def test_the_status_line_of_a_trick_you_take(lang, you, computer):
    with translation.override(lang):
        assert table_context(_Game(), _trick_done(0))["status_line"] == you
        status = table_context(_Game(), _trick_done(1))["status_line"]
        assert status == f"{SEAT_NAMES[1]} {computer}"


# French elides before a vowel: «de Ordinateur», «le as», «que Ordinateur» are never
# written; «d’Ordinateur», «l’as», «qu’Ordinateur» are.
NOT_ELIDED = re.compile(
    r"(?<![\w’-])(?:de|le|la|que|ne|je|me|te|se)\s+[aeiouyàâéèêëîïôûAEIOUYÀÂÉÈÊËÎÏÔÛ]"
)


def test_every_french_sentence_that_names_a_seat_elides():
    cards = [engine.code(card) for card in range(52)]
    with translation.override("fr"):
        for kind in SEAT_SENTENCES:
            for seat in (1, 2, 3):
                for code in cards:
                    sentence = seat_sentence(kind, seat, card=card_name(code))
                    assert not NOT_ELIDED.search(sentence), sentence
        led = seat_sentence("led", 3, card=card_name("AS"))
        assert led == "l’as de pique, entame d’Ordinateur 3"


@pytest.mark.django_db
def test_every_french_table_of_a_deal_elides(client):
    """Every answer of a whole deal, drawn in French: the status line, the announcement,
    the trick's labels, the scores."""
    game = start(client)
    seen = 0
    while state(game).phase not in ("deal-done", "game-over"):
        step(client, game)
        html = client.get(url(game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        text = re.sub(r"<[^>]+>", " ", html) + " ".join(re.findall(r'aria-label="([^"]*)"', html))
        found = NOT_ELIDED.search(text)
        assert not found, text[max(0, found.start() - 80):found.end() + 40]
        seen += "Ordinateur" in text
    assert seen

