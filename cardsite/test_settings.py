"""Settings for the test suite: the real settings, made fast and deterministic."""

import os

# Playwright's sync API runs an event loop in the test thread; Django's ORM
# refuses to run beside one unless told that this is intended.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # The manifest storage needs collectstatic; tests use plain files.
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
HEARTS_COMPUTER_DELAY_MS = 0
HEARTS_TRICK_LINGER_MS = 0
LOGGING["root"]["level"] = "WARNING"  # noqa: F405
