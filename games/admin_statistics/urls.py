"""/admin/statistics/: the dashboard and its CSV files, behind the admin's staff check."""

from django.contrib import admin
from django.urls import path

from . import views

app_name = "admin_statistics"

urlpatterns = [
    path("", admin.site.admin_view(views.dashboard), name="dashboard"),
    path("<slug:table>.csv", admin.site.admin_view(views.table_csv), name="csv"),
]
