"""The Hearts models speak the engine's vocabulary: one list of phases, one of levels."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.engine.hearts import Phase
from games.models import HeartsGame


def test_the_phase_choices_are_the_engines_phases():
    field = HeartsGame._meta.get_field("phase")
    assert [value for value, _label in field.choices] == [phase.value for phase in Phase]
    assert field.default == Phase.PASS


@pytest.mark.django_db
def test_the_models_and_their_migrations_agree():
    out = StringIO()
    call_command("makemigrations", "games", "--check", "--dry-run", stdout=out)
