from django.apps import AppConfig


class AdminStatisticsConfig(AppConfig):
    name = "games.admin_statistics"
    label = "admin_statistics"
    verbose_name = "Statistics dashboard"
