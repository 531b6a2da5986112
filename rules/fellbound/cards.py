"""FellBound card schema (rulebook: fellbound.txt).

Every card is a character. Values from "BASIC RULES" (gold cost, health, attack, defence,
range, multipliers), "SPECIAL ABILITIES", "SPECIAL MOVEMENT", "SPECIAL COST",
"SPECIAL DEPLOYMENT" and "ALIGNMENT".
"""

from rules.core.schema import BOOL, INT, LIST, STR, Attribute, CardType, GameSpec, OpSpec, Section
from rules.fellbound.catalogue import check_card

ALIGNMENTS = ("life", "death", "order", "chaos")
C = ("character",)


def _value(name, label, aliases=(), maximum=20, help="", allow_x=False, required=False):
    return Attribute(name, INT, label, minimum=0, maximum=maximum, aliases=aliases, applies_to=C,
                     required_for=C if required else (), allow_x=allow_x, help=help)


def _flag(name, label, aliases=(), help=""):
    return Attribute(name, BOOL, label, aliases=aliases, applies_to=C, help=help)


#: ``aura`` effects apply to all characters you control while the character lives ("AURA");
#: ``deploy`` effects happen when the character is deployed. The engine checks the rest when a
#: card is saved (``rules.fellbound.catalogue.check_card``).
TIMINGS = ("aura", "deploy")

EFFECT_OPS = {
    "modify": OpSpec("Change a value (attack, defence, health, range, multipliers) by an amount (an aura).",
                     {"stat": "str", "amount": "int", "who": "str"}),
    "gain_gold": OpSpec("Add gold to your treasury (a deploy effect).", {"amount": "int"}),
}

GAME = GameSpec(
    slug="fellbound",
    name="FellBound",
    rulebook="fellbound.txt",
    blurb="Ten characters, a 2x5 battleground and a treasury of gold: keep two of yours "
          "standing at the end of every turn.",
    accent="#7a1f1f",
    card_types=(CardType("character", "Character", "#6b4423"),),
    attributes=(
        _value("gold_cost", "Gold cost", ("gold", "gc", "cost"), maximum=10, allow_x=True,
               required=True, help='Gold paid on deployment; "X" for X gold cost.'),
        _value("health", "Health", ("hp", "hlt"), maximum=30, allow_x=True, required=True,
               help='"X" for X health value.'),
        _value("attack", "Attack", ("atk",), allow_x=True),
        _value("attack_multiplier", "Attack multiplier", ("atk_mult", "am"), maximum=10, allow_x=True),
        _value("defence", "Defence", ("def", "defense"), allow_x=True),
        _value("defence_multiplier", "Defence multiplier", ("def_mult", "dm"), maximum=10, allow_x=True),
        _value("range", "Range", ("rng",), maximum=5),
        _value("rear_range", "Rear range", ("rear", "rr"), maximum=5),
        _value("heal", "Heal", ()),
        _value("leach", "Leach", ("leech",)),
        _value("steal", "Steal", ()),
        _value("bribe", "Bribe", ()),
        _value("spray_attack", "Spray attack", ("spray",)),
        _flag("flying", "Flying", ("fly",)),
        _flag("corpse_cost", "Corpse cost", ("corpse",)),
        _flag("sacrifice_cost", "Sacrifice cost", ("sac",)),
        _flag("infiltrate", "Infiltrate", ("inf",)),
        _flag("redeploy", "Redeploy", ()),
        _flag("charge", "Charge", ()),
        Attribute("aura", STR, "Aura", applies_to=C, help="The aura condition, as printed."),
        Attribute("alignments", LIST, "Alignments", values=ALIGNMENTS, aliases=("alignment", "align", "al"),
                  applies_to=C, required_for=C),
    ),
    sections=(Section("deck", "Deck", C),),
    rarities=(),
    set_kinds=("core", "expansion", "promo"),
    timings=TIMINGS,
    effect_ops=EFFECT_OPS,
    effect_fields=(),
    card_checker=check_card,
)
