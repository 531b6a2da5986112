"""The Boundless decks frozen in simulation runs get structured effects, as the card database
did (cardpool 0002; cardpool/migrations/_boundless_legacy_effects.py says what changes, frozen
there: no live rules code), so their games can be
resumed and their replays played again by the engine that checks effects at save."""

from django.db import migrations

from cardpool.migrations._boundless_legacy_effects import Unreadable, structured_snapshot


def forwards(apps, schema_editor):
    RunDeck = apps.get_model("simulate", "RunDeck")
    for run_deck in RunDeck.objects.filter(run__game="boundless").iterator():
        try:
            snapshot = structured_snapshot(run_deck.snapshot)
        except Unreadable as exc:
            print(f"\n  run {run_deck.run_id} deck {run_deck.position}: left as it was, cannot read {exc}")
            continue
        if snapshot != run_deck.snapshot:
            run_deck.snapshot = snapshot
            run_deck.save(update_fields=["snapshot"])


class Migration(migrations.Migration):
    dependencies = [("simulate", "0003_table_mode_tally_v2")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
