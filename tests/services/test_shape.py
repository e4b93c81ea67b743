"""Both games' services have one shape (games.services): the same verbs, keyword-only; the
keeping services one shape of their own (``Outcome``)."""

import inspect
from enum import StrEnum

import pytest

from games.services import (
    heart_to_heart,
    hearts,
    keeping,
    link_codes,
    passkeys,
    throttle,
    unfinished,
)

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


@pytest.mark.parametrize("module", [heart_to_heart, hearts, keeping, passkeys, link_codes,
                                    throttle, unfinished], ids=lambda m: m.__name__)
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


# The keeping services: one shape of their own. One-argument readers and tidiers of a
# value the caller holds may be positional.
KEEPING_READERS = {"clean_label", "shown", "normalise", "counted_as", "past_windows"}
KEEPING = [keeping, passkeys, link_codes, throttle, unfinished]
# Every verb that can say "no" answers an Outcome, its problem a keeping.Problem.
SAYS_NO = {keeping: {"sign_in"}, passkeys: {"register", "authenticate", "remove"},
           link_codes: {"redeem"}}


@pytest.mark.parametrize("module", KEEPING, ids=lambda m: m.__name__)
def test_every_keeping_verb_takes_keyword_only_arguments(module):
    # Typed as well: test_every_verb_of_a_service_is_typed reads every service.
    for name, function in _public_functions(module).items():
        if name in KEEPING_READERS:
            continue
        kinds = {p.kind for p in inspect.signature(function).parameters.values()}
        assert kinds <= {inspect.Parameter.KEYWORD_ONLY}, name


@pytest.mark.parametrize("module", list(SAYS_NO), ids=lambda m: m.__name__)
def test_every_keeping_no_is_an_outcome(module):
    for name in SAYS_NO[module]:
        annotation = str(inspect.signature(getattr(module, name)).return_annotation)
        assert annotation.startswith("Outcome["), (name, annotation)
    kinds = {name for name, value in vars(module).items()
             if isinstance(value, type) and issubclass(value, StrEnum)
             and value.__module__ == module.__name__}
    assert kinds <= {"Problem", "Kind"}, kinds  # no reasons of its own beside the one set
    assert not [name for name, value in vars(module).items()
                if isinstance(value, type) and issubclass(value, Exception)
                and value.__module__ == module.__name__]  # "no" is never raised
