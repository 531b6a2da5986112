"""Millennium Blades card schema (rulebook: millennium-blades.txt).

Card data from "CARD DATA" (star rating 1-10, six elements, six types, rarity); card kinds
from "SINGLES", "DECK BOXES", "ACCESSORIES"; set kinds from "SET BREAKDOWN" and
"COMPONENTS"; timing words from "Effects on Cards" and "Use an Action"; keywords from
"Set Specific Keywords". The rulebook prints elements and types as icons and names only
Dark (element) and Soldier, Citizen (types); the other names are our decision
(docs/rules-notes.md, "Millennium Blades elements and types").
"""

from rules.core.schema import INT, LIST, STR, TAGS, Attribute, CardType, GameSpec, ListLayout, OpSpec, RaritySpec, Section

ELEMENTS = ("fire", "water", "earth", "wind", "light", "dark")
TYPES = ("soldier", "citizen", "beast", "machine", "fairy", "monster")
KEYWORDS = ("mimicry", "blast_off", "scurry", "anvil_drop", "thwomp")
TIMINGS = ("play", "next", "flip", "ongoing", "top", "score", "reaction", "action")
SET_KINDS = ("starter", "core", "expansion", "premium", "master",
             "bronze_promo", "silver_promo", "gold_promo")

N = {"amount": "int"}
EFFECT_OPS = {
    "gain_rp": OpSpec("Gain ranking points, optionally per matching card.",
                      {**N, "per": "str", "element": "str", "type": "str", "where": "str"}),
    "lose_rp": OpSpec("A player loses ranking points (never below zero).", {**N, "player": "str"}),
    "flip": OpSpec("Flip a face-up card face-down.", {"target": "str", "player": "str"}),
    "clash": OpSpec("Clash with an opponent or with all players.", {"with": "str", "win": "any", "lose": "any"}),
    "star_tokens": OpSpec("Put +1 star tokens on a card.", {**N, "target": "str"}),
    "draw_store": OpSpec("Take cards from the top of the Store.", N),
    "discard": OpSpec("Discard a card to its owner's binder.", {"target": "str", "player": "str"}),
    "reveal": OpSpec("Reveal a card from hand or a face-down card.", {"target": "str"}),
    "insert": OpSpec("Scurry: insert this card anywhere in your tableau.", {}),
    "copy_attributes": OpSpec("Mimicry: take the element and type of the face-up card to the left.", {}),
    "extra_slot": OpSpec("Gain an extra tableau slot (at the right).", N),
    "protect": OpSpec("Cards cannot be flipped by opponents' effects.", {"target": "str"}),
    "gain_money": OpSpec("Gain Millennium Dollars.", N),
    "play_extra": OpSpec("Play an additional single this turn.", N),
    "set_star": OpSpec('Set this card\'s Star Rating (cards printed with an "X" star): amount, '
                       "optionally times a count named by per.", {**N, "per": "str"}),
}

#: The layout fan card lists use (docs/import-format.md): name, set, star, element, type,
#: tier, cost, qty, text; no collector numbers.
FAN_LIST = ListLayout(
    name="fan list",
    columns={
        "name": "name", "set": "set", "star": "star", "stars": "star",
        "element": "element", "elements": "element", "type": "type", "types": "type",
        "tier": "tier", "card_type": "card_type", "cost": "cost", "qty": "qty", "quantity": "qty",
        "copies": "qty", "text": "text", "rarity": "rarity", "flavor": "flavor", "keywords": "keywords",
        "set_theme": "set_theme", "effects": "effects",
    },
    signs=frozenset({"star", "stars", "element", "elements", "type", "types", "tier", "qty", "quantity"}),
    attributes={"star": "star", "element": "elements", "type": "types", "cost": "cost", "qty": "copies",
                "keywords": "keywords", "set_theme": "set_theme"},
)

GAME = GameSpec(
    slug="millennium_blades",
    name="Millennium Blades",
    rulebook="millennium-blades.txt",
    blurb="A CCG simulator: buy, sell and collect, then bring eight singles, a deck box and "
          "two accessories to the tournament.",
    accent="#d9480f",
    card_types=(
        CardType("single", "Single", "#c2410c"),
        CardType("deck_box", "Deck Box", "#0f766e"),
        CardType("accessory", "Accessory", "#6d28d9"),
    ),
    attributes=(
        Attribute("star", INT, "Star rating", minimum=1, maximum=10, aliases=("stars", "star_rating"),
                  allow_x=True, required_for=("single",),
                  help='Star rating 1-10; "X" where a card sets its own.'),
        Attribute("elements", LIST, "Elements", values=ELEMENTS, aliases=("element", "e", "el")),
        Attribute("types", LIST, "Types", values=TYPES, aliases=("mb_type", "ty", "kind"), subtype=True),
        Attribute("cost", INT, "Buy cost", minimum=0, maximum=99, aliases=("buy", "price")),
        Attribute("copies", INT, "Copies in set", minimum=1, maximum=20, aliases=("qty",),
                  help="How many of the card its set holds (FAQ: highest star 1, lowest 3, others 2)."),
        Attribute("keywords", TAGS, "Keywords", aliases=("kw", "keyword")),
        Attribute("set_theme", STR, "Set theme"),
    ),
    sections=(
        Section("singles", "Singles", ("single",)),
        Section("deck_box", "Deck Box", ("deck_box",)),
        Section("accessories", "Accessories", ("accessory",)),
    ),
    rarities=(
        RaritySpec("S", "Starter", 1),
        RaritySpec("R", "Rare", 2),
        RaritySpec("SR", "Super Rare", 3),
        RaritySpec("UR", "Ultra Rare", 4),
        RaritySpec("P", "Promo", 5),
    ),
    set_kinds=SET_KINDS,
    timings=TIMINGS,
    effect_ops=EFFECT_OPS,
    effect_fields=("keyword",),
    list_layout=FAN_LIST,
)
