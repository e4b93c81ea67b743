"""What an operator watches live: Prometheus metrics, every one defined here.

prometheus-client directly (no django-prometheus): one middleware times each request and
its database time, and the services count what players do with one line each. Under
gunicorn every worker is a process of its own: with ``PROMETHEUS_MULTIPROC_DIR`` set
(deploy/gunicorn.conf.py empties it at start and marks a dead worker's files), the
client library keeps each worker's values in files there, and ``/metrics`` adds them
up. ``METRICS=false`` turns it all off (the load benchmark measures what it costs).

``/metrics`` answers only requests whose every address (the connection's, and any that
a proxy put in X-Real-IP, X-Forwarded-For or ``CLIENT_ADDRESS_HEADER``) is inside
``METRICS_ALLOWED_NETWORKS`` (loopback by default); anyone else gets a plain 404.
docs/deploy.md#metrics says what to scrape and what to watch.
"""

from __future__ import annotations

import ipaddress
import os
import time
from functools import cache

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.views.decorators.cache import never_cache
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

ENABLED = os.environ.get("METRICS", "true").strip().lower() not in {"0", "false", "no", "off"}

# Requests of a page or a move take a few ms; a slow one, tens to hundreds.
_LATENCY_BUCKETS = (0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
_DATABASE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2.5)

REQUEST_SECONDS = Histogram(
    "cardsite_request_duration_seconds",
    "Time to answer a request, in the app server, by view (URL name) and method.",
    ["view", "method"], buckets=_LATENCY_BUCKETS,
)
DATABASE_SECONDS = Histogram(
    "cardsite_request_database_seconds",
    "Time a request spent in database queries, by view.",
    ["view"], buckets=_DATABASE_BUCKETS,
)
ERRORS = Counter(
    "cardsite_errors",
    "Answers with a 5xx status (a server error, or 503: the database busy or away), by view.",
    ["view", "status"],
)
MOVES = Counter(
    "cardsite_moves", "Moves applied and saved (a computer's step included), by game.", ["game"]
)
GAMES_STARTED = Counter(
    "cardsite_games_started",
    "Games started (Heart to Heart: at its first move; Hearts: when dealt), by game and level.",
    ["game", "level"],
)
GAMES_FINISHED = Counter(
    "cardsite_games_finished",
    "Games finished (Heart to Heart: won; Hearts: over), by game, level and result.",
    ["game", "level", "result"],
)
SIGN_INS = Counter(
    "cardsite_sign_ins", "Browsers signed in to a player, by way (passkey, link code).", ["way"]
)
LINK_CODES = Counter(
    "cardsite_link_codes", "Link codes made (shown on a device) and used (typed on another).",
    ["event"],
)

HEART_TO_HEART, HEARTS = "heart_to_heart", "hearts"
# Heart to Heart has no levels: its games carry this one.
NO_LEVEL = "-"


def move(game: str) -> None:
    if ENABLED:
        MOVES.labels(game).inc()


def game_started(game: str, level: str = NO_LEVEL) -> None:
    if ENABLED:
        GAMES_STARTED.labels(game, level).inc()


def game_finished(game: str, result: str, level: str = NO_LEVEL) -> None:
    if ENABLED:
        GAMES_FINISHED.labels(game, level, result).inc()


def signed_in(way: str) -> None:
    if ENABLED:
        SIGN_INS.labels(way).inc()


def link_code_made() -> None:
    if ENABLED:
        LINK_CODES.labels("made").inc()


def link_code_used() -> None:
    """A link code typed on another device signs that browser in: both are counted."""
    if ENABLED:
        LINK_CODES.labels("used").inc()
        SIGN_INS.labels("link code").inc()


class _DatabaseTimer:
    """A query wrapper (``connection.execute_wrapper``) adding up one request's time."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started


class MetricsMiddleware:
    """Outermost: times the whole answer, the other middleware included."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not ENABLED:
            return self.get_response(request)
        started = time.perf_counter()
        timer = _DatabaseTimer()
        with connection.execute_wrapper(timer):
            response = self.get_response(request)
        match = request.resolver_match
        view = match.view_name if match is not None else "unmatched"
        REQUEST_SECONDS.labels(view, request.method).observe(time.perf_counter() - started)
        DATABASE_SECONDS.labels(view).observe(timer.seconds)
        if response.status_code >= 500:
            ERRORS.labels(view, str(response.status_code)).inc()
        return response


@cache
def _allowed_networks() -> tuple:
    text = os.environ.get("METRICS_ALLOWED_NETWORKS", "127.0.0.0/8,::1/128")
    return tuple(ipaddress.ip_network(part.strip(), strict=False)
                 for part in text.split(",") if part.strip())


def _addresses(request: HttpRequest) -> list[str]:
    """Every address the request names: the connection's and any a proxy added."""
    meta = request.META
    named = [meta.get("REMOTE_ADDR", "")]
    for key in {"HTTP_X_REAL_IP", "HTTP_X_FORWARDED_FOR", settings.CLIENT_ADDRESS_HEADER}:
        if key in meta:
            named += meta[key].split(",")
    return [address.strip() for address in named]


def may_read(request: HttpRequest) -> bool:
    networks = _allowed_networks()
    for text in _addresses(request):
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            return False
        if not any(address in network for network in networks):
            return False
    return True


@never_cache
def metrics_view(request: HttpRequest) -> HttpResponse:
    """The metrics in Prometheus' text format, for the operator's scraper only."""
    if not ENABLED or not may_read(request):
        return HttpResponseNotFound("Not found\n", content_type="text/plain")
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
