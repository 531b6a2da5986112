"""Boundless TCG card schema (rulebook: boundless-tcg.txt).

Card types from "CARD TYPES"; form levels 0-3 from "FORM CARDS"; command kinds from
"COMMAND CARDS"; spirit names from "SPIRIT CARDS"; timing indicators from
"EFFECT TIMING INDICATORS"; keyword ops from "KEYWORDS". Conditions, targets, amounts and
durations are structured data checked by the engine's own compiler (compiler.py) when a card is
saved or imported (docs/fixture-format.md, "Boundless effects").
"""

from rules.boundless.compiler import check_card
from rules.core.schema import (
    ENUM,
    INT,
    STR,
    TAGS,
    Attribute,
    CardType,
    GameSpec,
    OpSpec,
    RaritySpec,
    Section,
)

SPIRIT_KINDS = ("boost", "rescue", "aggress", "protect", "perfect")
COMMAND_KINDS = ("normal", "bound", "interrupt", "swift")

#: Effect timing indicators ("EFFECT TIMING INDICATORS"), plus ``act`` for an effect a
#: spiritualized form or savior activates in its controller's act step (no indicator printed)
#: ``command`` for what a command card does when it resolves, and ``flip`` for a savior's flip
#: requirement ("SAVIOR CARDS": printed at the bottom of its effect box; op ``flip_savior``).
TIMINGS = ("auto", "cont", "interrupt", "swift", "independent", "act", "command", "flip")

N = {"amount": "int"}
TARGET = {"target": "any"}  # a card reference ("self", "attacker", ...) or a selection object

EFFECT_OPS = {
    # KEYWORDS
    "draw": OpSpec("Add cards from the top of your main deck to your hand.", {**N, "player": "str"}),
    "discard": OpSpec("Send cards from hand to the drop zone (spirits cannot be discarded); "
                      "the discarding player chooses them.", {**N, "player": "str"}),
    "rescue": OpSpec("Add spirit cards of your choice from your void to your hand.", {**N, "kind": "str"}),
    "spiritualize": OpSpec("Place a spirit from your hand under a savior or form.", {**N, **TARGET, "source": "str"}),
    "invoke": OpSpec("Add spirits from the top of your spirit deck to your hand.", N),
    "despiritualize": OpSpec("Send spirits from under a card to the void.", {**N, **TARGET}),
    "devour": OpSpec("Send spirits from the top of an opponent's spirit deck to their void.", N),
    # Further ops used by authored cards.
    "pwr": OpSpec("Change PWR of a card; ``until`` end_of_turn, end_of_combat or permanent.",
                  {**N, **TARGET, "until": "str"}),
    "damage": OpSpec("Damage a form or savior as combat damage would.", TARGET),
    "sacrifice": OpSpec("Sacrifice a form by effect (its spirits go to the void).", TARGET),
    "return_to_hand": OpSpec("Return a form to its owner's hand.", TARGET),
    "search": OpSpec("Look through the main deck for a card and add it to hand, then shuffle.",
                     {"card_type": "str", "tribe": "str", "level": "int", "name": "str"}),
    "play_from": OpSpec("Play this form from a zone (drop or hand) without sacrifice.", {"zone": "str"}),
    "negate": OpSpec("Negate the activation of an effect or command.", TARGET),
    "extra_attack": OpSpec("A card may attack one more time this combat step.", TARGET),
    "cannot_attack": OpSpec("A card cannot attack until the stated time.", {**TARGET, "until": "str"}),
    "protect": OpSpec("A card cannot be damaged until the stated time.", {**TARGET, "until": "str"}),
    "mill": OpSpec("Send cards from the top of a main deck to the drop zone.", {**N, "player": "str"}),
    "flip_savior": OpSpec("Flip your savior to its boundless state (flip condition met).", {}),
    "win": OpSpec("Alternate win condition: the controller wins the game.", {}),
}

GAME = GameSpec(
    slug="boundless",
    name="Boundless TCG",
    rulebook="boundless-tcg.txt",
    blurb="Saviors, forms and spirits fight for the planet Adyta: send seven of your "
          "opponent's spirits to the void.",
    accent="#b8860b",
    card_types=(
        CardType("savior", "Savior", "#c9a227"),  # golden border
        CardType("spirit", "Spirit", "#8a8d91"),  # grey border
        CardType("form", "Form", "#b3261e"),  # red border
        CardType("command", "Command", "#1f5fae"),  # blue border
    ),
    attributes=(
        Attribute("level", INT, "Level", minimum=0, maximum=3, aliases=("lvl", "lv"),
                  applies_to=("form",), required_for=("form",),
                  help="Form level 0-3 (FORM CARDS)."),
        Attribute("pwr", INT, "PWR", minimum=0, maximum=99, aliases=("power", "pow"),
                  applies_to=("form", "savior"), required_for=("form", "savior"),
                  help="Power; for a savior, its PWR on the bound side."),
        Attribute("boundless_pwr", INT, "Boundless PWR", minimum=0, maximum=99,
                  aliases=("bpwr", "flip_pwr"), applies_to=("savior",), required_for=("savior",),
                  help="A savior's PWR once flipped to its boundless state."),
        Attribute("boundless_text", STR, "Boundless side text", aliases=("back",),
                  applies_to=("savior",), required_for=("savior",)),
        Attribute("flip_condition", STR, "Flip condition", aliases=("flip",),
                  applies_to=("savior",), required_for=("savior",),
                  help="Requirement printed at the bottom of the savior's effect box."),
        Attribute("tribe", TAGS, "Tribe", aliases=("tribes",), applies_to=("form", "savior"), subtype=True),
        Attribute("command_kind", ENUM, "Command type", values=COMMAND_KINDS,
                  aliases=("command", "ck"), applies_to=("command",), required_for=("command",), subtype=True),
        Attribute("spirit_kind", ENUM, "Spirit type", values=SPIRIT_KINDS,
                  aliases=("spirit", "sk"), applies_to=("spirit",), required_for=("spirit",), subtype=True),
        Attribute("archetype", STR, "Archetype", aliases=("arch",)),
    ),
    sections=(
        Section("savior", "Savior", ("savior",)),
        Section("main", "Main deck", ("form", "command")),
        Section("spirit", "Spirit deck", ("spirit",)),
    ),
    rarities=(
        RaritySpec("C", "Common", 1),
        RaritySpec("U", "Uncommon", 2),
        RaritySpec("R", "Rare", 3),
        RaritySpec("SR", "Super Rare", 4),
        RaritySpec("SCR", "Secret Rare", 5),
    ),
    set_kinds=("starter", "core", "expansion", "promo"),
    timings=TIMINGS,
    effect_ops=EFFECT_OPS,
    effect_fields=("side", "name", "once_per_turn"),
    card_checker=check_card,
)
