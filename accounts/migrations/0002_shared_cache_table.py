"""The database's cache table (settings.CACHES["shared"]), where every server process counts API
rates and sign-ups alike: made by `migrate` (so `make run`, `make serve`, the tests and any
database a worker migrates have it). Nothing to do when the shared cache is Redis."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
