"""The site's real settings plus one do-nothing view, for bench/bench_load.py only.

The load benchmark measures the floor (a Django view that does nothing, behind the same
middleware, gunicorn and nginx) in the same run as the games. That view is reachable
only when an app server is started with ``DJANGO_SETTINGS_MODULE=bench.floor_settings``;
the site itself never serves it.
"""

from cardsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"
