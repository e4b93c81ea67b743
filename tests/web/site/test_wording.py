"""Wording a native speaker would use, pinned where it once went wrong."""

import re

import pytest
from django.utils import translation

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.views.heart_to_heart.text import card_name
from games.views.hearts.text import card_name as hearts_card_name
from tests.web.heart_to_heart.helpers import attribute, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "four", "queen_of_spades"),
    [("nb", "hjerter fire", "spar dame"), ("fr", "le quatre de cœur", "la dame de pique")],
)
def test_cards_are_named_as_running_text_names_them(language, four, queen_of_spades):
    with translation.override(language):
        assert card_name("4") == four  # not «Hjerter Firer»
        assert hearts_card_name("QS") == queen_of_spades


def test_norwegian_card_labels_read_hjerter_fire(client):
    game = start(client)  # the example deal: the point (position 25) is a 4
    html = client.get(
        f"/heart-to-heart/game/{game.pk}/", headers={"Accept-Language": "nb"}
    ).content.decode()
    assert attribute(html, "id", "pos-25", "aria-label") == "Hjerter fire, fritt"
    assert attribute(html, "id", "pos-1", "aria-label") == "Hjerter ti, dekket"
    assert not re.search(r"Hjerter (Ess|Toer|Treer|Firer|Femmer|Sekser|Syver|Åtter|Nier|Tier)",
                         html)


def test_french_card_labels_agree_with_the_card(client):
    game = start(client)
    html = client.get(
        f"/heart-to-heart/game/{game.pk}/", headers={"Accept-Language": "fr"}
    ).content.decode()
    assert attribute(html, "id", "pos-25", "aria-label") == "Le quatre de cœur, carte libre"


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_the_examples_banner_shows_its_one_count_once(client, language):
    """On the Examples page the step is the number of moves made: one counter, not the
    same number twice (in Norwegian both read «TREKK»)."""
    html = client.get(
        "/heart-to-heart/examples/?step=10", headers={"Accept-Language": language}
    ).content.decode()
    labels = re.findall(r'<span class="stat-label">([^<]+)</span><span data-stat="(step|moves)"',
                        html)
    assert [stat for _label, stat in labels] == ["step"]
    assert 'data-stat="step">10 / ' in html
    assert EXAMPLE_CODE in html
