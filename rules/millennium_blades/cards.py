"""Millennium Blades card schema (rulebook: millennium-blades.txt).

Card data from "CARD DATA" (star rating, six elements, six types, rarity); card kinds from
"SINGLES", "DECK BOXES", "ACCESSORIES"; set kinds from "SET BREAKDOWN" and "COMPONENTS"; timing
words from "Effects on Cards" and "Use an Action"; keywords from "Set Specific Keywords".
The rulebook prints elements and types as icons; the names are the published game's: elements
Fire, Water, Earth, Air, Light, Dark; types Animal, Citizen, Construct, Mage, Myth, Soldier, and
Pro for Pro Player cards ("Pro Player Cards": "Pro Player cards have their own Type"). Star
ratings run 0-12 in real card lists, and X (docs/rules-notes.md, "Millennium Blades tournament engine").

The effect language (ops, conditions, counts, targets) is declared in ``effects.py`` and
documented in docs/effects-millennium-blades.md; ``effects.check_card`` is the card checker.
"""

from rules.core.schema import ENUM, INT, LIST, STR, TAGS, Attribute, CardType, GameSpec, ListLayout, OpSpec, RaritySpec, Section
from rules.millennium_blades.deck_rules import DECK_RULE_OPS
from rules.millennium_blades.market_ops import MARKET_EFFECT_OPS
from rules.millennium_blades.ops_attach2 import ATTACH2_OPS
from rules.millennium_blades.ops_clash2 import CLASH2_OPS
from rules.millennium_blades.ops_clash_tokens import CLASH_TOKENS_OPS
from rules.millennium_blades.ops_copying import COPYING_OPS
from rules.millennium_blades.ops_grants import GRANTS_OPS
from rules.millennium_blades.ops_guards import GUARDS_OPS
from rules.millennium_blades.ops_hands import HANDS_OPS
from rules.millennium_blades.ops_market_zones import MARKET_ZONES_OPS
from rules.millennium_blades.ops_metagame import METAGAME_OPS
from rules.millennium_blades.ops_more_a import MORE_A_EFFECT_OPS
from rules.millennium_blades.ops_more_b import MORE_B_OPS
from rules.millennium_blades.ops_more_c import MORE_C_OPS
from rules.millennium_blades.ops_more_d import MORE_D_OPS
from rules.millennium_blades.ops_more_e import MORE_E_OPS
from rules.millennium_blades.ops_more_f import MORE_F_OPS
from rules.millennium_blades.ops_more_g import MORE_G_OPS
from rules.millennium_blades.ops_more_h import MORE_H_OPS
from rules.millennium_blades.ops_more_i import MORE_I_OPS
from rules.millennium_blades.ops_more_j import MORE_J_OPS
from rules.millennium_blades.ops_more_k import MORE_K_OPS
from rules.millennium_blades.ops_more_l import MORE_L_OPS
from rules.millennium_blades.ops_more_n import MORE_N_OPS
from rules.millennium_blades.ops_more_o import MORE_O_OPS
from rules.millennium_blades.ops_more_p import MORE_P_OPS
from rules.millennium_blades.ops_more_q import MORE_Q_OPS
from rules.millennium_blades.ops_more_r import MORE_R_OPS
from rules.millennium_blades.ops_more_s import MORE_S_OPS
from rules.millennium_blades.ops_more_t import MORE_T_OPS
from rules.millennium_blades.ops_more_u import MORE_U_OPS
from rules.millennium_blades.ops_more_v import MORE_V_OPS
from rules.millennium_blades.ops_more_w import MORE_W_OPS
from rules.millennium_blades.ops_more_x import MORE_X_OPS
from rules.millennium_blades.ops_more_y import MORE_Y_OPS
from rules.millennium_blades.ops_more_z import MORE_Z_OPS
from rules.millennium_blades.ops_naming import NAMING_OPS
from rules.millennium_blades.ops_outcomes import OUTCOME_OPS
from rules.millennium_blades.ops_overrides import OVERRIDES_OPS
from rules.millennium_blades.ops_pointing import POINTING_OPS
from rules.millennium_blades.ops_positions import POSITIONS_OPS
from rules.millennium_blades.ops_powers import POWER_OPS
from rules.millennium_blades.ops_prevention import PREVENTION_OPS
from rules.millennium_blades.ops_promos import PROMOS_OPS
from rules.millennium_blades.ops_sideways import SIDEWAYS_OPS
from rules.millennium_blades.ops_triggers import TRIGGERS_OPS
from rules.millennium_blades.ops_zones2 import ZONES2_OPS
from rules.millennium_blades.replacement import REPLACEMENT_OPS
from rules.millennium_blades.vocabulary import (
    CARD_KINDS,
    COMPONENTS,
    ELEMENTS,
    KEYWORDS,
    KIND_TYPES,
    LIST_SET_KINDS,
    PRO,
    SET_KINDS,
    TIMINGS,
    TYPE_VALUES,
    TYPES,
)

#: the Deckbuilding side's timings of Character and Venue cards (effects.COMPONENT_TIMINGS)
COMPONENT_TIMINGS = ("deckbuilding", "setup")

ANY = "any"
N = {"amount": "int"}
#: rp: only the players of ``who`` whose RP total fits {cmp, value} ("each player with 40 RP or more";
#: ops_more_e.rp_filter_errors checks it, resolve.who keeps those players)
RP = {**N, "per": ANY, "max": "int", "who": "str", "rp": ANY}
EFFECT_OPS = {
    "gain_rp": OpSpec("Gain ranking points: amount, times a count (per), at most max.", RP),
    "lose_rp": OpSpec("Lose ranking points (never below zero).", RP),
    "gain_money": OpSpec("Gain Millennium Dollars (times a count, per).", {**N, "who": "str", "per": ANY}),
    "flip": OpSpec("Flip face-up cards face-down (no_reaction: \"This effect cannot be reacted to\").",
                   {"target": ANY, "optional": "bool", "no_reaction": "bool", "no_flip_effects": "bool"}),
    "clash": OpSpec("Clash with an opponent, with all players, or (two_chosen) between two players the effect's "
                    "player chooses among any players or opponents (among); results run the branches.",
                    {"with": "str", "win": ANY, "lose": ANY, "tie": ANY, "winner": ANY, "losers": ANY,
                     "their_card": "str", "use": "str", "rival": "str", "ignore_printed": "bool",
                     "rival_has": ANY, "rival_most_rp": "bool", "self_star": "int",
                     "rival_side": "str",  # ops_more_t.py: your left or right neighbour
                     "among": "str",  # ops_more_z.py: whom two chosen players are chosen among
                     "unless_rp": "int", "own_card": "str",  # ops_clash_tokens.py: the RP the opponent may lose instead
                     "reveal": "int"}),  # ops_clash2.py: the Store cards each player reveals
    "star_tokens": OpSpec("Put +1 Star tokens on cards (times a count, per; at most max).",
                          {**N, "target": ANY, "per": ANY, "max": "int"}),
    "insert": OpSpec("Scurry: insert this card anywhere into your tableau.", {}),
    "copy_attributes": OpSpec("Mimicry: the elements and types of the face-up card to the left.", {}),
    "protect": OpSpec("Cards cannot be flipped by opponents' effects (while: only while that CONDITION holds, "
                      "ops_more_y.py).", {"target": "str", "filter": ANY, "while": ANY}),
    "extra_slot": OpSpec("Your tableau has extra slots, at its right end.", N),
    "play_extra": OpSpec("Play an additional single this turn.", N),
    "keep_source": OpSpec("Action: this card is not flipped when its Action is used (\"Do not flip this card\").", {}),
    "extra_turn": OpSpec("Take another turn after this one (amount turns; rules notes).", N),
    "set_star": OpSpec('This card\'s Star Rating (printed "X"): amount times a count (per).', {**N, "per": ANY}),
    "reveal": OpSpec("Reveal a card (top of the Store, from your hand, or a face-down card: of any tableau, or of "
                     "yours (tableau: self) or an opponent's (opponent)).", {"source": "str", "filter": ANY, "tableau": "str"}),
    "discard": OpSpec("Discard cards from your hand to your binder.", {**N, "filter": ANY, "who": "str"}),
    "steal_rp": OpSpec("Steal ranking points: the players (who) lose them, never below zero, and you gain what "
                       "they lost (thief: that_player, the one who steals from you).",
                 {**RP, "thief": "str"}),
    "star_bonus": OpSpec("This card (card: this) or your Top Card (card: top) has amount more stars, times a count "
                         "(per) (continuous).", {**N, "per": ANY, "card": "str"}),
    "clash_star": OpSpec("This card has more stars when it is the Top Card in a clash (continuous).", N),
    "cancel_flip": OpSpec("Reaction: the flip that triggered the reaction does not happen.", {}),
    "if": OpSpec("Run then (or else) by a condition.", {"condition": ANY, "then": ANY, "else": ANY}),
    "pay_money": OpSpec("Pay Millennium Dollars to the bank; if you cannot, the rest of the effect does not happen.", N),
    "rescore": OpSpec("Activate again the Score effects of your Top Card (card: top) or of the Metagame cards "
                      "(card: metagame), for you; timing play: your Top Card's Play effects (ops_more_r.py).",
                      {"card": "str", "timing": "str"}),
    # special_ops.py: card rules and copies
    "copy_effects": OpSpec("Copy the effects of a timing (play, flip, ...) of a card (this one, left or right of it, "
                           "the one revealed, or one a target chooses): they resolve as this card's (all of them, "
                           "or the one the player accepts).",
                           {"card": "str", "target": ANY, "timing": "str", "pick": "str",
                            "face_down_ok": "bool"}),  # face_down_ok: a card revealed or flipped (ops_copying.py)
    "play_condition": OpSpec("Fusion: the card may only be played while the condition holds (continuous).",
                             {"condition": ANY}),
    "enters_with_tokens": OpSpec("Level Up: the card comes into play with +1 Star tokens (continuous).", N),
    "token_spares_action": OpSpec("Level Up: its Action may remove a +1 Star token instead of flipping it "
                                  "(continuous).", {}),
    "grant_flip": OpSpec("Other cards of the tableau (filter) have this card's Flip effects (continuous).",
                         {"filter": ANY}),
    "attach": OpSpec("Attach this card to the card the target names: it leaves its zone and gives that card "
                     "star, elements, types or protection while attached, or a new printed star (printed_star, "
                     "ops_more_h.py), or tokens its player may put on it each turn (turn_tokens), or an Action (action: its "
                     "ops) or a Score effect (score; ops_more_w.py), or keeps only its effects of some timings "
                     "(keep_only; ops_copying.py), or goes to the box with that card as the tournament ends "
                     "(end_remove; ops_attach2.py), or may be discarded instead of the flip after the host's Action "
                     "(action_guard; ops_attach2.py), or lets its player clash with that card instead of the Top "
                     "Card (clash_card; ops_attach2.py), or gives it Ongoing effects heard for a clash (ongoing; "
                     "ops_attach2.py), or lifts the caps on the RP its effects give (uncapped; ops_zones2.py).",
                     {"target": ANY, "star": "int", "elements": ANY, "types": ANY, "protect": "bool",
                      "printed_star": "int", "turn_tokens": "int", "action": ANY, "score": ANY, "keep_only": ANY,
                      "flip_copy": "str", "end_remove": "bool", "action_guard": "bool",
                      "clash_card": "bool", "ongoing": ANY, "uncapped": "bool"}),
    "attach_from_hand": OpSpec("Attach a card from your hand (filter) to this card: it leaves the hand; REF "
                               "attached names it.", {"filter": ANY}),
    "no_attach": OpSpec("Cards cannot be attached to this card (continuous).", {}),
    "exact_copy": OpSpec("This card is an exact copy of the face-up card left or right of it that fits the filter: "
                         "its printed data and effects (continuous). what: effects: it keeps its own data and has "
                         "those effects too, of the timings named, from that side or from: accessories (your other "
                         "face-up Accessories), not while scoring with until_scoring (ops_copying.py).",
                         {"side": "str", "filter": ANY, "what": "str", "from": "str", "timings": ANY,
                          "until_scoring": "bool"}),
    "attachment_shield": OpSpec("If the card this one is attached to would be flipped by an opponent's effect, "
                                "this card is discarded instead (continuous).", {}),
    # the Deckbuilding side of Character and Venue cards (effects.DECKBUILDING_OPS; the whole game runs them)
    "income": OpSpec("Deckbuilding: more dollars of income.", N),
    "deal": OpSpec("Deckbuilding: more cards dealt at the start of the round.", N),
    "sell_markers": OpSpec("Deckbuilding: more Sell Markers.", N),
    "store_price": OpSpec("Deckbuilding: Store cards cost this much more (negative: less).", N),
    "aftermarket_price": OpSpec("Deckbuilding: Aftermarket cards cost this much more (negative: less).", N),
    "sell_price": OpSpec("Deckbuilding: sales to the Aftermarket pay this much more (negative: less).", N),
    "fusion_size": OpSpec("Deckbuilding: Card Fusions need this many more cards (negative: fewer).",
                          {**N, "tier": "str"}),
    "kit_slots": OpSpec("Deckbuilding: the deck holds more cards of a section.", {**N, "section": "str"}),
    "peek": OpSpec("Deckbuilding: see the face-down Store cards showing and buy the one you choose.", {}),
    "metagame_control": OpSpec("Deckbuilding: once a round per Metagame stack, replace its revealed card "
                               "with the next one.", {}),
    "starting_promo": OpSpec("Setup: take cards from the top of a Card Fusion pile.", {**N, "tier": "str"}),
    "outside_set": OpSpec("Deckbuilding: at the nth Deckbuilding Phase's start, one copy of each card of a random set "
                          "of kinds[n-1] from outside the game, instead of the 6 cards dealt.", {"kinds": "list"}),
    "trade_in": OpSpec("Deckbuilding: remove a binder card from the game and pay amount dollars to take a Store Area "
                       "card of the same set.", N),
    "scrap_for_money": OpSpec("Deckbuilding: discard a binder card to the Store Discard for amount dollars, any number "
                              "of times.", N),
    **MARKET_EFFECT_OPS,
    **MORE_A_EFFECT_OPS,
    **REPLACEMENT_OPS,
    **MORE_B_OPS,
    **MORE_F_OPS,
    **MORE_C_OPS,
    **MORE_E_OPS,
    **MORE_Y_OPS,
    **MORE_D_OPS,
    **MORE_G_OPS,
    **MORE_L_OPS,
    **MORE_H_OPS,
    **MORE_I_OPS,
    **MORE_J_OPS,
    **MORE_K_OPS,
    **MORE_O_OPS,
    **MORE_P_OPS,
    **MORE_U_OPS,
    **MORE_N_OPS,
    **MORE_V_OPS,
    **POWER_OPS,
    **MORE_Q_OPS,
    **MORE_T_OPS,
    **MORE_Z_OPS,
    **MORE_S_OPS,
    **MORE_X_OPS,
    **PREVENTION_OPS,
    **MORE_W_OPS,
    **MORE_R_OPS,
    **OUTCOME_OPS,
    **METAGAME_OPS,
    **SIDEWAYS_OPS,
    **MARKET_ZONES_OPS,
    **CLASH_TOKENS_OPS,
    **POSITIONS_OPS,
    **TRIGGERS_OPS,
    **PROMOS_OPS,
    **ZONES2_OPS,
    **DECK_RULE_OPS,
    **COPYING_OPS,
    **NAMING_OPS,
    **ATTACH2_OPS,
    **CLASH2_OPS,
    **HANDS_OPS,
    **GUARDS_OPS,
    **GRANTS_OPS,
    **POINTING_OPS,
    **OVERRIDES_OPS,
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
    kinds=CARD_KINDS,
    kind_values={word: ("types", value) for word, value in KIND_TYPES.items()},
    part_attribute="kit_part",  # a Co-op Boss row that also says DECK BOX or ACCESSORY
)


def _check_card(card_type, attributes, effects):
    from rules.millennium_blades.effects import check_card  # effects.py imports this module's names

    return check_card(card_type, attributes, effects)


def _compile_text(text):
    from rules.millennium_blades.text import compile_text  # the compiler reads effects.py, which imports this module

    return compile_text(text)


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
        # Components besides the tournament kit (vocabulary.COMPONENTS): no deck section takes them.
        CardType("character", "Character", "#be185d"),
        CardType("friendship", "Friendship", "#db2777"),
        CardType("metagame", "Metagame", "#1d4ed8"),
        CardType("venue", "Venue", "#4d7c0f"),
        CardType("boss", "Co-op Boss", "#7f1d1d"),
        CardType("keyword_reminder", "Keyword Reminder", "#57534e"),
        CardType("npc", "NPC", "#92400e"),
        CardType("team_power", "Team Power", "#9d174d"),
        CardType("trigger", "Trigger", "#3f6212"),
        CardType("event", "Event", "#155e75"),
        CardType("blank", "Blank Custom", "#78716c"),
    ),
    attributes=(
        Attribute("star", INT, "Star rating", minimum=0, maximum=12, aliases=("stars", "star_rating"),
                  allow_x=True, required_for=("single",),
                  help='Star rating 0-12; "X" where a card sets its own.'),
        Attribute("elements", LIST, "Elements", values=ELEMENTS, aliases=("element", "e", "el")),
        Attribute("types", LIST, "Types", values=TYPE_VALUES, aliases=("mb_type", "ty", "kind"), subtype=True),
        Attribute("cost", INT, "Buy cost", minimum=0, maximum=99, aliases=("buy", "price")),
        Attribute("copies", INT, "Copies in set", minimum=1, maximum=20, aliases=("qty",),
                  help="How many of the card its set holds (FAQ: highest star 1, lowest 3, others 2)."),
        Attribute("keywords", TAGS, "Keywords", aliases=("kw", "keyword")),
        Attribute("set_theme", STR, "Set theme"),
        Attribute("kit_part", ENUM, "Boss kit part", values=("single", "deck_box", "accessory"),
                  help="A Co-op Boss card that is the boss's Deck Box or Accessory (none: a single)."),
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
    set_kinds=SET_KINDS + LIST_SET_KINDS,
    timings=TIMINGS + COMPONENT_TIMINGS,
    effect_ops=EFFECT_OPS,
    # side: a Character's or Venue's (effects.check_sided_effect); granted_play: a Next effect that is a
    # Play effect it gives the next card (ops_more_w.py)
    effect_fields=("keyword", "side", "granted_play"),
    list_layout=FAN_LIST,
    card_checker=_check_card,
    text_compiler=_compile_text,
    # the kit and the metagame cards, whose Score effects the tournament engine runs; the other
    # components' texts are rules for the full game, kept as printed
    compiled_card_types=("single", "deck_box", "accessory", "metagame"),
)

__all__ = ["COMPONENTS", "EFFECT_OPS", "ELEMENTS", "FAN_LIST", "GAME", "KEYWORDS", "PRO", "SET_KINDS", "TIMINGS", "TYPES",
           "TYPE_VALUES"]
