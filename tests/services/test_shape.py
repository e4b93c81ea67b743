"""Both games' services have one shape (games.services): the same verbs, keyword-only."""

import inspect

import pytest

from games.services import heart_to_heart, hearts

# One-argument readers of a game the caller already holds: positional is unambiguous.
READERS = {"state_of", "replaced_by", "is_pending", "options_of"}


def _public_functions(module):
    return {
        name: function for name, function in inspect.getmembers(module, inspect.isfunction)
        if function.__module__ == module.__name__ and not name.startswith("_")
    }


@pytest.mark.parametrize("module", [heart_to_heart, hearts], ids=lambda m: m.__name__)
def test_every_verb_of_a_service_takes_keyword_only_arguments(module):
    for name, function in _public_functions(module).items():
        if name in READERS:
            continue
        kinds = {p.kind for p in inspect.signature(function).parameters.values()}
        assert kinds <= {inspect.Parameter.KEYWORD_ONLY}, name


@pytest.mark.parametrize("module", [heart_to_heart, hearts], ids=lambda m: m.__name__)
def test_every_verb_of_a_service_is_typed(module):
    for name, function in _public_functions(module).items():
        signature = inspect.signature(function)
        assert signature.return_annotation is not inspect.Signature.empty, name
        for parameter in signature.parameters.values():
            assert parameter.annotation is not inspect.Parameter.empty, (name, parameter.name)


def test_both_services_find_own_act_and_save_the_same_way():
    for module in (heart_to_heart, hearts):
        for verb in ("find_game", "current_game", "start_game", "stats_for", "state_of",
                     "_act", "_save"):
            assert callable(getattr(module, verb)), (module.__name__, verb)
