from django.urls import path

from games.views import help_pages

from . import examples as heart_to_heart_examples
from . import pages as heart_to_heart
from . import sharing as heart_to_heart_sharing

app_name = "h2h"

urlpatterns = [
    path("", heart_to_heart.play, name="play"),
    path("new/", heart_to_heart.new_game, name="new"),
    path("open/", heart_to_heart.open_code, name="open"),
    path("settings/", heart_to_heart.settings, name="settings"),
    path("examples/", heart_to_heart_examples.examples, name="examples"),
    path("rules/", help_pages.heart_to_heart_rules, name="rules"),
    path("game/<uuid:game_id>/", heart_to_heart.game, name="game"),
    path("game/<uuid:game_id>/restart/", heart_to_heart.restart, name="restart"),
    # A deal's link-preview picture (og:image): drawn from the code alone, never a game.
    path(
        "<str:code>/preview-<str:language>-<int:drawing>.png",
        heart_to_heart_sharing.deal_image_view,
        name="deal_image",
    ),
    # Last: anything else is read as a deal code (and refused clearly if it is not one).
    path("<str:code>/", heart_to_heart.deal, name="deal"),
]
