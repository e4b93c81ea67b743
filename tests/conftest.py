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
