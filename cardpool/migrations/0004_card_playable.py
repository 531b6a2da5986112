"""Cards record whether the engine can run them (issue 12, part 4): ``playable`` is false when
the game compiles card text into effects (GameSpec.text_compiler) and the card's text did not
compile on import; ``unplayable_reason`` names the phrase not understood. Cards already stored
stay playable until they are imported again (the import compiles their text)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('cardpool', '0003_millennium_blades_vocabulary'),
    ]

    operations = [
        migrations.AddField(
            model_name='card',
            name='playable',
            field=models.BooleanField(default=True, help_text="False when the card's text could not be compiled into effects"),
        ),
        migrations.AddField(
            model_name='card',
            name='unplayable_reason',
            field=models.TextField(blank=True, help_text='Why the text did not compile (the phrase not understood)'),
        ),
    ]
