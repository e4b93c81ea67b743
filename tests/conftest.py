"""Shared test set-up: hypothesis profiles; the DB and browser fixtures live nearer their tests."""

import os

from hypothesis import HealthCheck, settings

# Shared 2-core machines are noisy: no per-example deadline, and a bounded budget.
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_modifyitems(items):
    """Browser tests first: they are the long ones (whole games played in Chromium, most
    of it waiting), so in a parallel run (`--dist load` hands out the first quarter of the
    tests one by one, round the workers) they spread over every worker from the start
    instead of piling up at the end. Their own order, and everyone else's, is kept."""
    items.sort(key=lambda item: "/tests/browser/" not in str(item.path).replace("\\", "/"))
