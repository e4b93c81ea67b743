"""cardsite settings: every deployment-specific value comes from the environment.

Defaults are for one person on a laptop: DEBUG on, an embedded SQLite file.
Production sets DEBUG=false, SECRET_KEY, ALLOWED_HOSTS and usually DATABASE_URL.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from cardsite.postgres_tuning import tune_postgres
from cardsite.sqlite_tuning import tune_sqlite

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if value.strip().lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

# A development key is fine while DEBUG is on; production must bring its own.
_DEV_SECRET_KEY = "django-insecure-cardsite-development-key-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY") or (_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY in the environment when DEBUG is off.")
# Rotating the key: the old one goes here for a while, so that players' cookies (which
# name their games) and the admin's sessions signed with it still verify.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "csp",
    "games",
    # The admin's statistics dashboard: templates, tags and stylesheet beside its code.
    "games.admin_statistics",
]

MIDDLEWARE = [
    # Outermost: the operator's metrics time the whole answer (docs/deploy.md#metrics);
    # METRICS=false leaves them out. Then the request id every log line carries.
    *(["cardsite.metrics.MetricsMiddleware"] if env_bool("METRICS", True) else []),
    "cardsite.logs.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "cardsite.request_body.ReadPostBodyMiddleware",
    # Below WhiteNoise (static files come precompressed) and above everything that writes
    # a body. Why Django compresses rather than the proxy: docs/performance.md#bytes.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "games.visitors.VisitorMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Inside the language: a 405 is answered with a page the visitor can read.
    "cardsite.method_not_allowed.MethodNotAllowedPageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A database that is busy or out of reach answers 503 "try again", not 500.
    "cardsite.database_unavailable.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "cardsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.look.context",
            ],
        },
    },
    {
        # The board and the table of every move's answer (games/jinja2/, drawn through
        # games.views.game_pages.render_game); no context processors: the view gives
        # them all they draw.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "games.jinja_environment.environment"},
    },
]

WSGI_APPLICATION = "cardsite.wsgi.application"
ASGI_APPLICATION = "cardsite.asgi.application"

# --- Database -------------------------------------------------------------
# SQLite by default (SQLITE_PATH), PostgreSQL or another SQLite file through
# DATABASE_URL. Every SQLite database gets the same tuning for a web server,
# however it was named: see cardsite/sqlite_tuning.py.
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "var" / "db.sqlite3"))
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    _database = dj_database_url.parse(DATABASE_URL, conn_max_age=600, conn_health_checks=True)
else:
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    _database = {"ENGINE": "django.db.backends.sqlite3", "NAME": SQLITE_PATH}
# PostgreSQL: a short connect timeout (a database that is down answers 503 in seconds,
# not after a hang) and persistent connections that are checked before reuse, so the
# site recovers by itself once the database is back (see cardsite/postgres_tuning.py).
DATABASES = {
    "default": tune_sqlite(
        tune_postgres(
            _database,
            connect_timeout=int(os.environ.get("DATABASE_CONNECT_TIMEOUT", 3)),
            conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", 600)),
        )
    )
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Languages ------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("nb", _("Norwegian Bokmål")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# --- Static files ---------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files in production; plain files while developing
        # and testing, where collectstatic has not run.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# --- Caches ----------------------------------------------------------------
# "deal_images" holds the drawn link-preview PNGs of deal codes, so a picture is drawn
# once per process and code (their size: docs/performance.md#in-the-code). Per-process
# memory is enough: the drawing is deterministic, so every app server has the same bytes
# and ETag (see games/views/heart_to_heart/sharing.py). MAX_ENTRIES bounds the memory.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "deal_images": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "deal-images",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
}

# --- Security (effective when DEBUG is off) -------------------------------
# Anonymous players are remembered by a signed cookie of their own (games/visitors.py)
# and keep their games for a year; sessions now only hold the admin's logins, which
# should not outlive two weeks.
PLAYER_COOKIE_AGE = 60 * 60 * 24 * 365
SESSION_COOKIE_AGE = 60 * 60 * 24 * 14
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"  # for browsers older than CSP's frame-ancestors

# Content-Security-Policy (django-csp), the same on every page, the admin included:
# scripts and styles only from our own static files, never inline and never eval. The
# heart's card positions are classes, htmx's indicator style is turned off and eval is
# refused in base.html's htmx-config, and Django 5.2's admin needs nothing inline on the
# pages this site shows (its one inline <style>, in a change list without actions, is
# never drawn: every admin here keeps its actions). tests/web/site/test_security_headers.py,
# tests/browser/test_content_security_policy.py.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        # default-src covers images, fonts and fetches; scripts and styles are named to
        # say plainly that they too come only from our files. Every byte here goes out
        # with every answer, each htmx move included.
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}
# Permissions-Policy (django-permissions-policy): the powerful features a page of ours
# never uses, refused to it and to anything it might embed. The copy-link button's
# clipboard write stays allowed.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        # Only features Chromium knows: an unknown one ("bluetooth") is a console warning
        # on every page.
        "camera", "microphone", "geolocation", "payment", "usb", "serial", "hid",
        "display-capture", "browsing-topics",
    )
}
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 30))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Load balancers probe the app servers, and the metrics scraper reads them, directly
    # over plain http.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^metrics$"]

# --- Game pacing (tests set these to 0) -----------------------------------
HEARTS_COMPUTER_DELAY_MS = int(os.environ.get("HEARTS_COMPUTER_DELAY_MS", 450))
HEARTS_TRICK_LINGER_MS = int(os.environ.get("HEARTS_TRICK_LINGER_MS", 1000))

# --- Keeping progress on other devices (docs/passkeys.md) ----------------
# The WebAuthn relying party: by default the host each request came to (one of
# ALLOWED_HOSTS), and the origin it was served from. Set WEBAUTHN_RP_ID to the site's
# registrable domain (example.org) when it is served on several of its hosts, and
# WEBAUTHN_ORIGINS to every origin a passkey ceremony may come from.
WEBAUTHN_RP_ID = os.environ.get("WEBAUTHN_RP_ID", "")
WEBAUTHN_RP_NAME = os.environ.get("WEBAUTHN_RP_NAME", "cardsite")
WEBAUTHN_ORIGINS = env_list("WEBAUTHN_ORIGINS", [])
# Where the client's address is (a META key): behind the shipped nginx, X-Real-IP, which
# nginx overwrites (deploy/nginx/); REMOTE_ADDR when the app faces clients itself.
CLIENT_ADDRESS_HEADER = os.environ.get("CLIENT_ADDRESS_HEADER", "REMOTE_ADDR")
# Attempts per address in the app itself (games/services/throttle.py): (attempts, seconds).
KEEPING_LIMITS = {
    "sign-in": (30, 600),  # a passkey sign-in is two requests (its challenge, its answer)
    "passkey": (30, 600),  # creating a passkey, the same
    "code": (10, 600),  # typing a link code
    "link": (10, 600),  # showing a link code
}

# --- Logging: errors reach the console even with DEBUG off ----------------
# LOG_FORMAT=json: one JSON object a line, each with the id of its request (X-Request-ID
# from nginx, else drawn): cardsite/logs.py, docs/deploy.md#logs.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "plain").strip().lower()
if LOG_FORMAT not in {"plain", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be plain or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "cardsite.logs.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
        "json": {"()": "cardsite.logs.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["request_id"],
        },
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
