"""Boundless effects become structured data, checked by the engine's compiler when a card is
saved: every stored Boundless card is rewritten by _boundless_legacy_effects.py beside this file
(which says what changes; frozen here, it imports no live rules code); a card it cannot read is left as it was and named on the migration's output (the
engine refused it already). The savior's new flip effects join the search index (``timing``)."""

from django.db import migrations

from cardpool.migrations._boundless_legacy_effects import Unreadable, structured_effects


def forwards(apps, schema_editor):
    Card = apps.get_model("cardpool", "Card")
    Index = apps.get_model("cardpool", "CardAttributeValue")
    for card in Card.objects.filter(game__slug="boundless").iterator():
        try:
            effects = structured_effects(card.card_type, card.attributes, card.effects)
        except Unreadable as exc:
            print(f"\n  Boundless card {card.pk} {card.name!r}: left as it was, cannot read {exc}")
            continue
        if effects != card.effects:
            card.effects = effects
            card.save(update_fields=["effects"])
            if any(e.get("timing") == "flip" for e in effects):
                Index.objects.get_or_create(card_id=card.pk, name="timing", text="flip", defaults={"num": None})


class Migration(migrations.Migration):
    dependencies = [("cardpool", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
