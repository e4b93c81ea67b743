from django.urls import path

from games.views import help_pages

from . import pages as hearts

app_name = "hearts"

urlpatterns = [
    path("", hearts.play, name="play"),
    path("new/", hearts.new_game, name="new"),
    path("options/", hearts.options, name="options"),
    path("help/", help_pages.hearts_help, name="help"),
    path("game/<uuid:game_id>/", hearts.game, name="game"),
    path("game/<uuid:game_id>/advance/", hearts.advance, name="advance"),
]
