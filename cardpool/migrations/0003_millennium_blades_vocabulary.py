"""Millennium Blades cards take the published game's vocabulary (issue 12, part 1): the element
Wind becomes Air; the types Beast, Machine, Fairy and Monster become Animal, Construct, Mage and
Myth (``RENAMED``, frozen here). Stored attributes, the search index, the printed text and the
structured effects are rewritten, the effects by renaming the words in place.

Frozen: this migration imports no live rules code, so what it does cannot change with the game's
vocabulary or its text compiler. (It used to compile the effects again from the rewritten text
with rules/millennium_blades/text.py; the game's own cards are rewritten by ``load_cardpool``
anyway, and an effect's words renamed in place say what the recompiled text says: for each of
the 108 fixture cards put back in the old words, both ways gave the same effects.)"""

import json
import re

from django.db import migrations

#: the names the earlier schema guessed, and the published names they became
RENAMED = {"elements": {"wind": "air"},
           "types": {"beast": "animal", "machine": "construct", "fairy": "mage", "monster": "myth"}}
WORDS = {old: new for names in RENAMED.values() for old, new in names.items()}


def _rename_text(text: str) -> str:
    for old, new in WORDS.items():
        for a, b in ((old, new), (old.capitalize(), new.capitalize()), (old.upper(), new.upper())):
            text = re.sub(rf"\b{a}(s?)\b", rf"{b}\1", text)
    return text.replace("Fairys", "Mages").replace("Fairies", "Mages")


def _rename_effects(effects):
    text = json.dumps(effects)
    for old, new in WORDS.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def forwards(apps, schema_editor):
    Card = apps.get_model("cardpool", "Card")
    Index = apps.get_model("cardpool", "CardAttributeValue")
    for card in Card.objects.filter(game__slug="millennium_blades").iterator():
        attributes = dict(card.attributes or {})
        for key, names in RENAMED.items():
            if isinstance(attributes.get(key), list):
                attributes[key] = [names.get(v, v) for v in attributes[key]]
        text = _rename_text(card.text or "")
        effects = _rename_effects(card.effects or [])
        if (attributes, text, effects) != (card.attributes, card.text, card.effects):
            card.attributes, card.text, card.effects = attributes, text, effects
            card.save(update_fields=["attributes", "text", "effects"])
        for key, names in RENAMED.items():
            for old, new in names.items():
                Index.objects.filter(card_id=card.pk, name=key, text=old).update(text=new)


class Migration(migrations.Migration):
    dependencies = [("cardpool", "0002_boundless_structured_effects")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
