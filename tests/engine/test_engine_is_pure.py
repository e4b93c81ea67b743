"""The whole engine tree is pure Python: no Django, and no randomness but the project's PRNG.

``make lint`` checks the same layers with import-linter (pyproject.toml's contracts); this
test keeps the promise visible in the suite, over every file below games/engine/.
"""

import re
from pathlib import Path

import games.engine

ENGINE = Path(games.engine.__file__).parent


def test_no_django_and_no_python_random_anywhere_in_the_engine():
    paths = sorted(ENGINE.rglob("*.py"))
    assert len(paths) >= 25  # every package: shared, both games, players, analysis
    for path in paths:
        source = path.read_text()
        assert not re.search(r"^\s*(from|import) django", source, re.M), path
        # Deal codes must stay valid forever: all shuffles come from games.engine.rng.
        assert not re.search(r"^\s*(import random|from random import)", source, re.M), path
        assert not re.search(r"\brandom\.(shuffle|Random|random|choice)\b", source), path
