"""The Hearts models speak the engine's vocabulary: one list of phases, one of levels."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.engine import hearts as engine
from games.engine.hearts import Phase
from games.engine.hearts.players import SITE_LEVELS
from games.models import HeartsGame, Player


def test_the_phase_choices_are_the_engines_phases():
    field = HeartsGame._meta.get_field("phase")
    assert [value for value, _label in field.choices] == [phase.value for phase in Phase]
    assert field.default == Phase.PASS


def test_the_levels_a_player_can_choose_are_the_engines_site_levels():
    assert tuple(Player.HeartsLevel.values) == SITE_LEVELS


def test_the_rule_options_a_player_can_choose_are_the_engines():
    assert tuple(Player.HeartsTarget.values) == engine.TARGETS
    assert tuple(Player.PassOrder.values) == tuple(engine.PASS_ORDERS)
    assert tuple(Player.TieRule.values) == engine.TIE_RULES
    defaults = engine.HeartsOptions()
    player = Player()
    assert (player.hearts_target, player.hearts_pass_order, player.hearts_tie_rule) == (
        defaults.target, defaults.pass_order, defaults.tie_rule)


@pytest.mark.django_db
def test_the_models_and_their_migrations_agree():
    out = StringIO()
    call_command("makemigrations", "games", "--check", "--dry-run", stdout=out)
