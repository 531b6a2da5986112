"""BOS card schema (rulebook: bos.txt).

Types and colours from "Starting Info" and "Cards"; strength from "Attack"; vim cost and
enchant from "Cast a Spell"; summoning conditions from "Phase 2: Summoning Phase"; the
four parts of an ability (condition, [cost], optional/mandatory mark, effect) from "Abilities".
"""

from rules.bos.abilities import check_card
from rules.core.schema import BOOL, ENUM, INT, STR, Attribute, CardType, GameSpec, OpSpec, RaritySpec, Section

COLORS = ("red", "yellow", "blue")

#: ``static`` abilities have no condition and are always active; ``main`` abilities are
#: used in the main phase; ``startup``/``ending`` happen in those phases; ``defeated``
#: when a summon is defeated; ``cast`` is a spell's ability when cast; ``enchant`` while
#: a spell is enchanting a card.
TIMINGS = ("static", "main", "startup", "summoning", "ending", "defeated", "attack", "cast", "enchant", "conduct")

N = {"amount": "int"}
EFFECT_OPS = {
    "act": OpSpec("Cost: turn this card on its side ([act]).", {}),
    "gain_strength": OpSpec("A summon gains strength.", {**N, "target": "str", "until": "str"}),
    "deal_damage": OpSpec("Deal damage to a summon, boss or player.", {**N, "target": "str"}),
    "gain_vim": OpSpec("Gain vim.", N),
    "pay_vim": OpSpec("Cost: pay vim (ether may replace vim).", N),
    "gain_life": OpSpec("Gain life.", N),
    "lose_life": OpSpec("Lose life.", {**N, "player": "str"}),
    "gain_ether": OpSpec("Gain ether.", N),
    "ready": OpSpec("Ready (turn face-up / forward) a card.", {"target": "str"}),
    "exhaust": OpSpec("Make a card act (turn it on its side).", {"target": "str"}),
    "defeat": OpSpec("Defeat a summon (send it to its owner's graveyard).", {"target": "str"}),
    "return_to_castle": OpSpec("Return a summon to its owner's castle.", {"target": "str"}),
    "conduct": OpSpec("Conduct a summon from the castle.", {"name": "str", "free": "bool"}),
    "move": OpSpec("Move a summon to another column.", {"target": "str"}),
    "flip_wizard": OpSpec("Turn a wizard face-down or face-up.", {"target": "str", "face": "str"}),
    "enchant": OpSpec("Place this spell underneath a valid card.", {"target": "str"}),
    "block": OpSpec("Block a player attack.", {"target": "str"}),
    "discard_spell": OpSpec("Put a spell from the spellbook into the graveyard.", N),
}

GAME = GameSpec(
    slug="bos",
    name="BOS",
    rulebook="bos.txt",
    blurb="The luckless trading card game: no shuffling, no draws, no dice. Wizards conduct "
          "summons, spells cost vim, and the boss waits face-down.",
    accent="#2d4f8f",
    card_types=(
        CardType("wizard", "Wizard", "#4b3f72"),
        CardType("summon", "Summon", "#2f6f4f"),
        CardType("spell", "Spell", "#285a9c"),
        CardType("boss", "Boss", "#7f1d1d"),
    ),
    attributes=(
        Attribute("color", ENUM, "Colour", values=COLORS, aliases=("c", "colour"), required_for=(
            "wizard", "summon", "spell", "boss")),
        Attribute("strength", INT, "Strength", minimum=0, maximum=9999, aliases=("str", "st"),
                  applies_to=("summon", "boss"), required_for=("summon", "boss")),
        Attribute("vim_cost", INT, "Vim cost", minimum=0, maximum=99, aliases=("vim", "cost", "vc"),
                  applies_to=("spell",), required_for=("spell",)),
        Attribute("summoning_condition", STR, "Summoning condition", aliases=("condition", "sc"),
                  applies_to=("summon", "boss"), required_for=("summon", "boss")),
        Attribute("conducted_by", STR, "Conducted by",
                  applies_to=("summon",),
                  help='Wizard name, or "any <colour> wizard", that may conduct this summon.'),
        Attribute("enchant", BOOL, "Enchant", aliases=("ench",), applies_to=("spell",)),
        Attribute("conditional", BOOL, "Has a casting condition", aliases=("cond",), applies_to=("spell",)),
        Attribute("mandatory", BOOL, "Mandatory ability", aliases=("must",)),
        Attribute("edition", STR, "Edition", aliases=("ed",)),
    ),
    sections=(
        Section("main", "Main deck", ("wizard", "summon", "spell", "boss")),
        Section("reserves", "Reserves", ("summon", "spell")),
    ),
    rarities=(
        RaritySpec("C", "Common", 1),
        RaritySpec("U", "Uncommon", 2),
        RaritySpec("R", "Rare", 3),
        RaritySpec("L", "Legendary", 4),
    ),
    set_kinds=("starter", "core", "expansion", "promo"),
    timings=TIMINGS,
    effect_ops=EFFECT_OPS,
    effect_fields=("mandatory",),
    card_checker=check_card,  # the engine's compiler (abilities.py): refuses effects it cannot run
)
