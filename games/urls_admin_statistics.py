"""/admin/statistics/: the dashboard and its CSV files, behind the admin's staff check."""

from django.contrib import admin
from django.urls import path

from games.views.admin_statistics import pages

app_name = "admin_statistics"

urlpatterns = [
    path("", admin.site.admin_view(pages.dashboard), name="dashboard"),
    path("<slug:table>.csv", admin.site.admin_view(pages.table_csv), name="csv"),
]
