"""Numbers, steps and end reasons of a Spellbound game (rulebook:
shared/rulebooks/spellbound-chaos-divided.txt). Interpretations: docs/rules-notes.md, "Spellbound engine".
"""

from __future__ import annotations

from enum import StrEnum

BOOK = "spellbound-chaos-divided.txt"

TYPED_SOULS = ("death", "life", "ancient", "space", "dream", "chaos")  # "3. Divisions", 9. Converts
SOULS = TYPED_SOULS + ("hollow",)
SPELLS = ("creature", "hex", "charm", "blessing", "aura", "item")
#: "4. Game Actions", Casting Spells: "Cards on the battlefield are called reinforcements to differentiate
#: them from hexes": the cast cards that stay (converts, creatures, charms, blessings, auras, items).
#: Not the bounder and the soul pond, placed there at setup: Unflip Step, "On the first turn of the game,
#: you don't have any reinforcements", though both are on the battlefield (docs/rules-notes.md).
REINFORCEMENTS = ("convert", "creature", "charm", "blessing", "aura", "item")
PLACED = ("bounder", "soul_pond")  # "placed onto the battlefield ... at the beginning of the game"

OPENING_HAND = 5  # "2. Set Up to the Battlefield", 2. Library: "shuffle your library, and draw five cards"
HAND_LIMIT = 9  # "6. Parts of a Turn", Janitor Step: "discard cards until you have only nine"
CREATURE_LIMIT = 4  # "3. Divisions", 1. Creatures: "you can only have four creatures on your battlefield"
ITEM_SLOTS = {"weapon": 1, "equipment": 1, "accessory": 1}  # "3. Divisions", 6. Items
TURN_LIMIT = 100  # a runaway game is a draw (decking ends real games long before)
MAX_ACTIONS_PER_TURN = 300  # safety valve: after 300 actions in a turn a player may only pass (or end declaring)

# "6. Parts of a Turn", in order
UNFLIP, CARETAKE, DRAW, GAIN = "unflip", "caretake", "draw", "gain"
FIRST_CASTING, PRE_BATTLE, DECLARE, DAMAGE = "first_casting", "pre_battle", "declare_battlers", "battle_damage"
SECOND_CASTING, CEASE, JANITOR, OVER = "second_casting", "cease", "janitor", "over"
STEPS = (UNFLIP, CARETAKE, DRAW, GAIN, FIRST_CASTING, PRE_BATTLE, DECLARE, DAMAGE, SECOND_CASTING, CEASE, JANITOR)
CASTING_PHASES = (FIRST_CASTING, SECOND_CASTING)
#: steps in which no one receives priority: the unflip step (nothing is said of casting there),
#: the gain step ("no spells can be cast and no abilities can be activated") and the janitor
#: step ("No one can cast spells ... unless an ability triggers during this step").
SILENT_STEPS = (UNFLIP, GAIN, JANITOR)

BARRAGE, WARDEN = "Barrage", "Warden"


class EndReason(StrEnum):
    """How a Spellbound game ends; the core adds ``turn_limit`` (a draw). Stored: never change."""

    BOUNDER = "bounder"  # a bounder's health fell to 0 or less ("3. Divisions", 7. Bounders)
    LIBRARY = "library"  # a player had to draw from an empty library (interpretation)


END_REASONS = {
    EndReason.BOUNDER.value: "a bounder's health fell to 0 or less",
    EndReason.LIBRARY.value: "a player had to draw from an empty library",
}
