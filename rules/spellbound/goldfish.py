"""The goldfish opponent's deck (issue 9, part 4): a Bounder that never acts. Its library holds
cards it can never cast (nothing to pay with: its pond gives hollow souls but every spell costs
more than it can ever hold) so that, against the passive agent, one measures the turns the deck
under test needs to bring 500 health to 0."""

from __future__ import annotations

from rules.core.decks import CardSpec, DeckEntry, DeckList

IDLE_POND_EFFECT = {"timing": "gain", "level": 1, "ops": [{"op": "gain_souls", "amount": 1, "soul": "hollow"}]}


def goldfish_deck() -> DeckList:
    """A 500-health bounder without abilities, a one-level pond and 60 uncastable idle creatures."""
    bounder = CardSpec(id=None, name="Idle Bounder", card_type="bounder",
                       attributes={"health": 500, "soul_type": "hollow"})
    pond = CardSpec(id=None, name="Idle Pond", card_type="soul_pond", attributes={"pond_levels": 1},
                    effects=(IDLE_POND_EFFECT,))
    idle = CardSpec(id=None, name="Idle Creature", card_type="creature",
                    attributes={"soul_cost": {"chaos": 99}, "soul_type": "hollow", "health": 1, "damage": 0})
    return DeckList(game="spellbound", name="Goldfish opponent",
                    sections={"bounder": [DeckEntry(bounder, 1)], "soul_pond": [DeckEntry(pond, 1)],
                              "library": [DeckEntry(idle, 60)]})
