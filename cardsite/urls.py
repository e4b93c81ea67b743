from django.contrib import admin
from django.urls import include, path

from cardsite.health import healthz
from cardsite.metrics import metrics_view
from cardsite.rate_limited import too_many_requests
from games.views.home import home
from games.views.look import look_page
from games.views.web_app import web_app_manifest

urlpatterns = [
    path("", home, name="home"),
    path("manifest.webmanifest", web_app_manifest, name="web_app_manifest"),
    path("look/", look_page, name="look"),
    path("healthz", healthz, name="healthz"),
    # For the operator's Prometheus only (cardsite/metrics.py, docs/deploy.md#metrics).
    path("metrics", metrics_view, name="metrics"),
    # The page nginx shows a client it has limited (deploy/nginx/, docs/deploy.md).
    path("too-many-requests/", too_many_requests, name="too_many_requests"),
    path("heart-to-heart/", include("games.views.heart_to_heart.urls")),
    path("hearts/", include("games.views.hearts.urls")),
    # Keeping progress on other devices: passkeys, link codes (docs/passkeys.md).
    path("keep/", include("games.views.keeping.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # Before admin.site.urls: the statistics dashboard is an admin page of its own.
    path("admin/statistics/", include("games.admin_statistics.urls")),
    path("admin/", admin.site.urls),
]

# A database that is busy or out of reach answers 503 even when the error came from
# a middleware rather than a view (see cardsite/database_unavailable.py).
handler500 = "cardsite.database_unavailable.server_error"
