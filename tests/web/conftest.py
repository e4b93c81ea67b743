"""Web tests: each one starts in the site's default language."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A test-client request with Accept-Language activates that language in this thread,
    and Django leaves it active after the response. Without this, a test that asks for
    Norwegian makes the next test in the thread (in random order) read Norwegian where
    it expects English."""
    yield
    translation.deactivate()
