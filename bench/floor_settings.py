"""The site's real settings plus two floor views, for bench/bench_load.py only.

The load benchmark measures the floor (a Django view that does nothing, behind the same
middleware, gunicorn and nginx) and two database floors (one row read by its key; one row
locked and written in a transaction, the least a saved move costs) in the same run as
the games. Those
views are reachable only when an app server is started with
``DJANGO_SETTINGS_MODULE=bench.floor_settings``; the site itself never serves them.
"""

from cardsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"
