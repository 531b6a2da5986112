"""Spellbound: Chaos Divided card schema (rulebook: spellbound-chaos-divided.txt).

Divisions and subdivisions from "3. Divisions of Cards"; soul types and rarities 1-5 from
"1. Breakdown of a Card"; converts from "9. Converts"; soul pond levels from "8. Soul Ponds".
"""

from rules.core.schema import (
    BOOL,
    ENUM,
    INT,
    LIST,
    MAP,
    TAGS,
    Attribute,
    CardType,
    GameSpec,
    OpSpec,
    RaritySpec,
    Section,
)
from rules.spellbound.compiler import check_card

TYPED_SOULS = ("death", "life", "ancient", "space", "dream", "chaos")
SOULS = TYPED_SOULS + ("hollow",)
SPELLS = ("creature", "hex", "charm", "blessing", "aura", "item")
SUBDIVISIONS = ("weapon", "equipment", "accessory", "bounder", "creature", "battlefield")

#: When an effect happens. ``immediate`` marks spells castable outside their owner's
#: casting phases ("6. Parts of a Turn"); ``soul`` marks a soul ability (bounders).
TIMINGS = ("cast", "static", "activated", "soul", "triggered", "immediate", "caretake", "cease", "gain")

N = {"amount": "int"}
EFFECT_OPS = {
    "draw": OpSpec("Draw cards from your library.", {**N, "player": "str"}),
    "discard": OpSpec("Discard cards from hand to the graveyard.", {**N, "player": "str", "choice": "str"}),
    "hex_damage": OpSpec("Deal hex damage to a target.", {**N, "target": "str"}),
    "heal": OpSpec("Restore health to a creature or bounder.", {**N, "target": "str"}),
    "destroy": OpSpec("Destroy target reinforcement.", {"target": "str"}),
    "return_to_hand": OpSpec("Send a target to its owner's hand.", {"target": "str"}),
    "gain_souls": OpSpec("Gain souls of a type (hollow when untyped).", {**N, "soul": "str"}),
    "convert": OpSpec("Flip: convert hollow souls into typed souls.", {**N, "soul": "str"}),
    "buff": OpSpec("Change a creature's health and/or damage.",
                   {"health": "int", "damage": "int", "target": "str", "until": "str"}),
    "grant": OpSpec("Give a keyword (Barrage, Warden, ...) to a target.", {"keyword": "str", "target": "str", "until": "str"}),
    "extra_creature_slot": OpSpec("Allow one more creature on your battlefield.", N),
    "extra_item_slot": OpSpec("A creature may hold one more item of a subdivision.", {"subdivision": "str"}),
    "mill": OpSpec("Put cards from the top of a library into the graveyard.", {**N, "player": "str"}),
    "return_from_graveyard": OpSpec("Return a card from the graveyard to hand or battlefield.",
                                    {"division": "str", "to": "str"}),
    "exile": OpSpec("Exile a target.", {"target": "str"}),
    "counter": OpSpec("Counter a spell on the ladder.", {"target": "str"}),
    "flip": OpSpec("Flip (tap) or unflip a target.", {"target": "str", "unflip": "bool"}),
    "level_up": OpSpec("Raise your soul pond a level.", {}),
    "self_destroy_after": OpSpec("This blessing destroys itself after a number of your turns.", {"turns": "int"}),
    "pay_souls": OpSpec("Cost of an ability: spend souls of a type (hollow may be paid with any soul); "
                        "one op per soul type in the cost (soul abilities, \"7. Bounders\").",
                        {**N, "soul": "str"}),
}

GAME = GameSpec(
    slug="spellbound",
    name="Spellbound: Chaos Divided",
    rulebook="spellbound-chaos-divided.txt",
    blurb="Bounders, soul ponds and converts: gather souls, cast spells and bring the "
          "opposing bounder's health to zero.",
    accent="#6b3fa0",
    card_types=(
        CardType("bounder", "Bounder", "#a0522d"),
        CardType("soul_pond", "Soul Pond", "#2e8b8b"),
        CardType("convert", "Convert", "#7d7d7d"),
        CardType("creature", "Creature", "#3b7a3b"),
        CardType("hex", "Hex", "#8b1e3f"),
        CardType("charm", "Charm", "#c07a12"),
        CardType("blessing", "Blessing", "#d4b106"),
        CardType("aura", "Aura", "#5a4fcf"),
        CardType("item", "Item", "#5f6b73"),
    ),
    attributes=(
        Attribute("soul_cost", MAP, "Soul cost", values=SOULS, aliases=("cost", "souls", "sc"),
                  applies_to=SPELLS, required_for=SPELLS,
                  help="Soul type -> count; hollow souls can be paid with any soul."),
        Attribute("health", INT, "Health", minimum=0, maximum=2000, aliases=("hp", "hlt"),
                  applies_to=("creature", "bounder"), required_for=("creature", "bounder")),
        Attribute("damage", INT, "Damage", minimum=0, maximum=2000, aliases=("dmg", "atk"),
                  applies_to=("creature",), required_for=("creature",)),
        Attribute("soul_type", ENUM, "Soul type", values=SOULS, aliases=("st", "type_of_soul"),
                  applies_to=("creature", "bounder"), required_for=("creature",)),
        Attribute("subdivision", ENUM, "Subdivision", values=SUBDIVISIONS, aliases=("sub", "subdiv"),
                  applies_to=("charm", "item", "blessing", "creature"), required_for=("charm", "item"),
                  subtype=True),
        Attribute("basic", BOOL, "Basic convert", applies_to=("convert",), required_for=("convert",)),
        Attribute("converts_to", LIST, "Converts to", values=TYPED_SOULS, aliases=("produces", "ct"),
                  applies_to=("convert",), required_for=("convert",),
                  help="Typed souls this convert turns hollow souls into."),
        Attribute("pond_levels", INT, "Soul pond levels", minimum=1, maximum=10, aliases=("levels",),
                  applies_to=("soul_pond",), required_for=("soul_pond",)),
        Attribute("keywords", TAGS, "Keywords", aliases=("kw", "keyword")),
        Attribute("immediate", BOOL, "Immediate", aliases=("imm",), applies_to=SPELLS),
    ),
    sections=(
        Section("bounder", "Bounder", ("bounder",)),
        Section("soul_pond", "Soul Pond", ("soul_pond",)),
        Section("library", "Library", ("convert",) + SPELLS),
    ),
    rarities=(
        RaritySpec("1", "Common", 1),
        RaritySpec("2", "Rare", 2),
        RaritySpec("3", "Epic", 3),
        RaritySpec("4", "Legendary", 4),
        RaritySpec("5", "Mythical", 5),
    ),
    set_kinds=("starter", "core", "expansion", "promo"),
    timings=TIMINGS,
    effect_ops=EFFECT_OPS,
    effect_fields=("level", "upgrade_cost", "flip", "target_required"),
    card_checker=check_card,  # the engine's compiler (compiler.py): refuses effects it cannot run
)
