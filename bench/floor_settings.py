"""The site's real settings plus two floor views, for bench/bench_load.py only.

The load benchmark measures the floor (a Django view that does nothing, behind the same
middleware, gunicorn and nginx) and the database floor (the least a saved move costs: the
session, a locked row written in one transaction) in the same run as the games. Those
views are reachable only when an app server is started with
``DJANGO_SETTINGS_MODULE=bench.floor_settings``; the site itself never serves them.
"""

from cardsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"
