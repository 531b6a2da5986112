"""The goldfish opponent's deck: blank cards (no abilities), so that against the passive agent
(who never conducts, casts or attacks) the deck under test meets an empty side and one measures
the turns it needs to bring 30 life to 0 (issue 11, part 6)."""

from __future__ import annotations

from rules.core.decks import CardSpec, DeckEntry, DeckList

COLOUR = "yellow"


def _card(name: str, card_type: str, **attributes) -> CardSpec:
    return CardSpec(id=None, name=name, card_type=card_type, attributes={"color": COLOUR, **attributes})


def goldfish_deck() -> DeckList:
    """3 blank wizards, 10 blank summons, 10 blank spells and a boss that never wakes."""
    wizards = [_card(f"Idle Wizard {n}", "wizard") for n in ("I", "II", "III")]
    summon = _card("Idle Summon", "summon", strength=1, summoning_condition="Conduct a summon with any yellow wizard.",
                   conducted_by=f"any {COLOUR} wizard")
    spell = _card("Idle Spell", "spell", vim_cost=99)
    boss = _card("Idle Boss", "boss", strength=1, summoning_condition=(
        "You may turn this boss face-up during your main phase if you have 999 or more life."))
    entries = [DeckEntry(w, 1) for w in wizards] + [DeckEntry(summon, 10), DeckEntry(spell, 10), DeckEntry(boss, 1)]
    return DeckList(game="bos", sections={"main": entries}, name="Goldfish opponent")
