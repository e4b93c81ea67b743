# The field was called "last seen" but only moved when a player's settings were saved:
# renamed to say what it is, keeping its values.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_hearts"),
    ]

    operations = [
        migrations.RenameField(model_name="player", old_name="last_seen_at", new_name="updated_at"),
        migrations.AlterField(
            model_name="player",
            name="updated_at",
            field=models.DateTimeField(auto_now=True, verbose_name="updated"),
        ),
        migrations.AlterModelOptions(
            name="player",
            options={"ordering": ["-updated_at"], "verbose_name": "player",
                     "verbose_name_plural": "players"},
        ),
    ]
