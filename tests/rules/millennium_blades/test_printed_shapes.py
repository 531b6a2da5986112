"""More general shapes of printed text (issue 26.2): original cards in each, compiled and played in
the tournament engine (millennium-blades.txt sections cited per test)."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, kit, place, table


def test_a_card_of_either_symbol():
    """"CARD DATA": a card has Elements and Types; "each WATER or MAGE card" counts a card with
    either, once (docs/rules-notes.md, "A card of either symbol"); a face-down card has neither
    ("Face-Down Cards")."""
    text = "Play: Gain 3 RP for each WATER or MAGE card in your tableau."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["per"]["filter"] == {"symbols_any": ["water", "mage"]}
    pond = card("Pond Sage", text, elements=("earth",), types=("citizen",))
    both = card("Tide Wizard", elements=("water",), types=("mage",))
    st = table(kit([card("Rain Imp", elements=("water",)), card("Hedge Witch", types=("mage",)), both,
                    card("Plain Rock", elements=("earth",)), card("Hidden Eel", elements=("water",)), pond]),
               kit([]))
    place(st, 0, "Rain Imp", "Hedge Witch", "Tide Wizard", "Plain Rock", "Hidden Eel", down=("Hidden Eel",))
    do(st, 'play "Pond Sage"')
    assert st.rp[0] == 9  # Rain Imp, Hedge Witch, Tide Wizard
