"""The Millennium Blades effect language as data, and the card checker that refuses what the
tournament engine cannot run (docs/effects-millennium-blades.md documents every word).

An effect is ``{"timing", "ops", "text"?, "keyword"?, "optional"?, "condition"?, "trigger"?}``.
Timings are the card's timing words (millennium-blades.txt, "Effects on Cards", "Use an Action").
Everything an op, condition or count names is one of the structures below; nothing is free text.

- FILTER: which cards: ``face`` (up / down / any), ``element``, ``type``, ``keyword``, ``star``
  (``{"cmp", "value"}``, value a number or ``"this"``), ``where`` (relative to the source card),
  ``elements_min``, ``shares`` / ``shares_none`` (element or type with the source card; ``both``:
  an element and a type; ``either``: neither).
- COUNT: ``{"count": "cards"|"elements"|"types"|"star_tokens", "zone", "filter"}``,
  ``{"count": "clashes_won"}``, ``{"count": "star", "card": REF}``.
- CONDITION: ``{"test": "count", "of": COUNT, "cmp", "value"}``, ``{"test": "card", "card": REF,
  "is": FILTER}``, ``{"test": "not", "of": CONDITION}``.
- TARGET: ``{"player", "pick", "filter", "chooser", "zone"}``.
- TRIGGER: ``{"event", "by", "whose", "filter"}``.

Character and Venue cards (the whole game, ``rules/millennium_blades/full/powers.py``): every
effect names its ``side``, ``deckbuilding`` or ``tournament`` ("Character Powers": "Each card has
two sides, a Deckbuilding side and a Tournament side"; "Venues": "rules to follow for the
Deckbuilding Phase, Tournament Phase or both"). A Deckbuilding-side effect has the timing
``deckbuilding`` (a rule that holds while the phase lasts) or ``setup`` (once, at "GAME SETUP";
characters only) and ``DECKBUILDING_OPS``; a Tournament-side effect is a tournament effect its
holder has as a power (not a card in the tableau: never flipped, targeted or counted), so only
``POWER_TIMINGS`` and no op that needs a place in the tableau.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.millennium_blades.deck_rules import deck_rule_errors
from rules.millennium_blades.market_checks import market_condition_errors, market_op_errors
from rules.millennium_blades.market_ops import MARKET_EFFECT_OPS
from rules.millennium_blades.ops_attach2 import ATTACH2_FILTER_KEYS, ATTACH2_OPS, attach2_filter_errors, attach2_op_errors
from rules.millennium_blades.ops_clash2 import (
    CLASH2_CONTINUOUS_OPS,
    CLASH2_COUNTS,
    CLASH2_EVENTS,
    CLASH2_OPS,
    CLASH2_REFS,
    CLASH2_TESTS,
    CLASH_WITH_CLASH2,
    clash2_clash_errors,
    clash2_condition_errors,
    clash2_count_errors,
    clash2_op_errors,
)
from rules.millennium_blades.ops_clash_tokens import (
    CLASH_TOKENS_CONTINUOUS_OPS,
    CLASH_TOKENS_COUNTS,
    CLASH_TOKENS_EVENTS,
    CLASH_TOKENS_OPS,
    TOPS_ZONE,
    clash_tokens_clash_errors,
    clash_tokens_op_errors,
    trigger_clash_tokens_errors,
)
from rules.millennium_blades.ops_copying import (
    COPYING_CONTINUOUS_OPS,
    COPYING_COUNTS,
    COPYING_OPS,
    copying_count_errors,
    copying_op_errors,
)
from rules.millennium_blades.ops_grants import (
    GRANTS_CONTINUOUS_OPS,
    GRANTS_EVENTS,
    GRANTS_OPS,
    grants_op_errors,
    trigger_grants_errors,
)
from rules.millennium_blades.ops_guards import (
    GUARDS_CONTINUOUS_OPS,
    GUARDS_EVENTS,
    GUARDS_OPS,
    effect_ops_guards,
    guards_op_errors,
)
from rules.millennium_blades.ops_hands import HANDS_COUNTS, HANDS_OPS, hands_count_errors, hands_op_errors
from rules.millennium_blades.ops_history import (
    HISTORY_FILTER_KEYS,
    HISTORY_OPS,
    HISTORY_TESTS,
    history_condition_errors,
    history_filter_errors,
    history_op_errors,
    trigger_history_errors,
)
from rules.millennium_blades.ops_market_zones import MARKET_ZONES_OPS, market_zones_op_errors
from rules.millennium_blades.ops_metagame import METAGAME_OPS, metagame_op_errors
from rules.millennium_blades.ops_more_a import (
    CLASH_RIVALS,
    MORE_A_CONTINUOUS_OPS,
    MORE_A_COUNTS,
    MORE_A_EVENTS,
    MORE_A_OPS,
    MORE_A_TESTS,
    more_a_condition_errors,
    more_a_count_errors,
    more_a_op_errors,
)
from rules.millennium_blades.ops_more_b import (
    MORE_B_CONTINUOUS_OPS,
    MORE_B_COUNTS,
    MORE_B_OPS,
    MORE_B_TESTS,
    more_b_condition_errors,
    more_b_op_errors,
)
from rules.millennium_blades.ops_more_c import MORE_C_CONTINUOUS_OPS, MORE_C_COUNTS, MORE_C_OPS, more_c_op_errors
from rules.millennium_blades.ops_more_d import MORE_D_OPS, clash_d_errors, more_d_op_errors
from rules.millennium_blades.ops_more_e import (
    MORE_E_CONTINUOUS_OPS,
    MORE_E_COUNTS,
    MORE_E_EVENTS,
    MORE_E_OPS,
    MORE_E_WHO,
    more_e_count_errors,
    more_e_op_errors,
    rp_filter_errors,
    trigger_seated_errors,
)
from rules.millennium_blades.ops_more_f import MORE_F_COUNTS, MORE_F_OPS, more_f_count_errors, more_f_op_errors
from rules.millennium_blades.ops_more_g import (
    MORE_G_COUNTS,
    MORE_G_FILTER_KEYS,
    MORE_G_TESTS,
    is_counted_star,
    more_g_condition_errors,
    more_g_count_errors,
    more_g_filter_errors,
)
from rules.millennium_blades.ops_more_h import (
    MORE_H_CONTINUOUS_OPS,
    MORE_H_COUNTS,
    MORE_H_FILTER_KEYS,
    MORE_H_OPS,
    more_h_count_errors,
    more_h_filter_errors,
    more_h_op_errors,
    would_lose_errors,
)
from rules.millennium_blades.ops_more_i import (
    MORE_I_CONTINUOUS_OPS,
    MORE_I_COUNTS,
    MORE_I_EVENTS,
    MORE_I_OPS,
    clash_i_errors,
    more_i_count_errors,
    more_i_op_errors,
)
from rules.millennium_blades.ops_more_j import (
    MORE_J_CONTINUOUS_OPS,
    MORE_J_COUNTS,
    MORE_J_EVENTS,
    MORE_J_OPS,
    more_j_count_errors,
    more_j_op_errors,
)
from rules.millennium_blades.ops_more_k import (
    MORE_K_CONTINUOUS_OPS,
    MORE_K_COUNTS,
    MORE_K_FILTER_KEYS,
    MORE_K_OPS,
    more_k_count_errors,
    more_k_op_errors,
)
from rules.millennium_blades.ops_more_l import (
    MORE_L_COUNTS,
    MORE_L_FILTER_KEYS,
    MORE_L_OPS,
    MORE_L_TESTS,
    more_l_condition_errors,
    more_l_count_errors,
    more_l_filter_errors,
    more_l_op_errors,
)
from rules.millennium_blades.ops_more_m import after_play_errors
from rules.millennium_blades.ops_more_n import (
    MORE_N_COUNTS,
    MORE_N_EVENTS,
    MORE_N_OPS,
    more_n_count_errors,
    more_n_op_errors,
)
from rules.millennium_blades.ops_more_o import MORE_O_CONTINUOUS_OPS, MORE_O_OPS, more_o_op_errors, trigger_first_errors
from rules.millennium_blades.ops_more_p import MORE_P_CONTINUOUS_OPS, MORE_P_OPS, more_p_op_errors
from rules.millennium_blades.ops_more_q import MORE_Q_COUNTS, MORE_Q_OPS, more_q_count_errors, more_q_op_errors, trigger_q_errors
from rules.millennium_blades.ops_more_r import MORE_R_COUNTS, MORE_R_OPS, more_r_count_errors, more_r_op_errors
from rules.millennium_blades.ops_more_s import (
    MORE_S_CONTINUOUS_OPS,
    MORE_S_FILTER_KEYS,
    MORE_S_OPS,
    more_s_filter_errors,
    more_s_op_errors,
)
from rules.millennium_blades.ops_more_t import (
    MORE_T_OPS,
    MORE_T_TESTS,
    clash_t_errors,
    more_t_condition_errors,
    more_t_op_errors,
)
from rules.millennium_blades.ops_more_u import (
    MORE_U_CONTINUOUS_OPS,
    MORE_U_COUNTS,
    MORE_U_OPS,
    MORE_U_TESTS,
    more_u_condition_errors,
    more_u_count_errors,
    more_u_op_errors,
)
from rules.millennium_blades.ops_more_v import (
    MORE_V_CONTINUOUS_OPS,
    MORE_V_COUNTS,
    MORE_V_EVENTS,
    MORE_V_OPS,
    MORE_V_TESTS,
    MORE_V_WHO,
    effect_v_errors,
    more_v_condition_errors,
    more_v_count_errors,
    more_v_op_errors,
)
from rules.millennium_blades.ops_more_w import MORE_W_CONTINUOUS_OPS, MORE_W_OPS, granted_play_errors, more_w_op_errors
from rules.millennium_blades.ops_more_x import MORE_X_CONTINUOUS_OPS, MORE_X_OPS, more_x_op_errors
from rules.millennium_blades.ops_more_y import (
    MORE_Y_CONTINUOUS_OPS,
    MORE_Y_EVENTS,
    MORE_Y_TESTS,
    more_y_condition_errors,
    trigger_y_errors,
)
from rules.millennium_blades.ops_more_z import CLASH_WITH_Z, MORE_Z_EVENTS, MORE_Z_OPS, clash_z_errors, more_z_op_errors
from rules.millennium_blades.ops_naming import (
    NAMING_CONTINUOUS_OPS,
    NAMING_COUNTS,
    NAMING_FILTER_KEYS,
    NAMING_OPS,
    naming_count_errors,
    naming_filter_errors,
    naming_op_errors,
)
from rules.millennium_blades.ops_outcomes import OUTCOME_OPS, outcome_op_errors
from rules.millennium_blades.ops_overrides import OVERRIDES_CONTINUOUS_OPS, OVERRIDES_OPS, overrides_op_errors
from rules.millennium_blades.ops_pointing import POINTING_CONTINUOUS_OPS, POINTING_EVENTS, POINTING_OPS, pointing_op_errors
from rules.millennium_blades.ops_positions import (
    POSITIONS_CONTINUOUS_OPS,
    POSITIONS_OPS,
    POSITIONS_TESTS,
    positions_condition_errors,
    positions_op_errors,
)
from rules.millennium_blades.ops_powers import POWER_CONTINUOUS_OPS, POWER_OPS, power_op_errors
from rules.millennium_blades.ops_prevention import (
    PREVENTION_CONTINUOUS_OPS,
    PREVENTION_EVENTS,
    PREVENTION_OPS,
    effect_ops_prevention,
    prevention_op_errors,
    trigger_prevention_errors,
)
from rules.millennium_blades.ops_promos import PROMOS_CONTINUOUS_OPS, PROMOS_OPS, promos_op_errors
from rules.millennium_blades.ops_sideways import SIDEWAYS_FILTER_KEYS, SIDEWAYS_OPS, SIDEWAYS_REFS, sideways_filter_errors
from rules.millennium_blades.ops_triggers import (
    TRIGGERS_COUNTS,
    TRIGGERS_EVENTS,
    TRIGGERS_OPS,
    TRIGGERS_TESTS,
    trigger_triggers_errors,
    triggers_condition_errors,
    triggers_count_errors,
    triggers_op_errors,
)
from rules.millennium_blades.ops_zones2 import ZONES2_EVENTS, ZONES2_OPS, zones2_op_errors
from rules.millennium_blades.special_ops import SPECIAL_CONTINUOUS_OPS, special_op_errors
from rules.millennium_blades.vocabulary import ELEMENTS, KEYWORDS, TIMINGS, TRIGGERED_TIMINGS, TYPE_VALUES

CMPS = ("<", "<=", "==", ">=", ">")
#: what "Choose a SET" (TYPE, ELEMENT, TYPE or ELEMENT, number, word: ops_naming.py) chooses; FILTER ``chosen`` names it
CHOSEN_VALUES = ("set", "type", "element", "type_or_element", "number", "word")
FACES = ("up", "down", "any")
#: FILTER ``where``: this card, every other card, the card immediately left/right, every card
#: left/right of this one, the cards adjacent to it
WHERES = ("this", "other", "left", "right", "left_of", "right_of", "adjacent")
#: kit: your deck box and accessories; aftermarket: the shared Aftermarket
ZONES = ("tableau", "opponents", "all", "hand", "kit", "binder", "aftermarket", TOPS_ZONE)  # tops: ops_clash_tokens
#: those_stars: the Star Ratings of the cards the effect just moved; highest_flipped: the highest
#: Star Rating among the cards the effect flipped (as they were); flipped_this_way, flipped_stars: how
#: many cards the effect flipped, and their Star Ratings as they were; rp_at_scoring: your RP when the
#: tournament ended, before any Score effect (phrases_outcomes.py)
COUNTS = ("cards", "elements", "types", "star_tokens", "stars", "clashes_won", "star", "empty_slots", "rp", "rp_at_scoring",
          "those_stars", "highest_flipped", "players_discarded", "sets", "those_distinct", "players_with",
          "those_count", "star_values", "flipped_this_way", "flipped_stars", *CLASH_TOKENS_COUNTS, *MORE_A_COUNTS, *MORE_B_COUNTS,
          *MORE_F_COUNTS, *MORE_C_COUNTS, *MORE_E_COUNTS, *MORE_G_COUNTS, *MORE_L_COUNTS,
          *MORE_H_COUNTS, *MORE_I_COUNTS, *MORE_J_COUNTS, *MORE_K_COUNTS, *MORE_N_COUNTS, *MORE_Q_COUNTS,
          *MORE_U_COUNTS, *MORE_V_COUNTS, *MORE_R_COUNTS, *COPYING_COUNTS, *NAMING_COUNTS, *TRIGGERS_COUNTS,
          *CLASH2_COUNTS, *HANDS_COUNTS)
#: REF: a card an effect names: this card, its neighbours, your Top Card, the card a Next effect or
#: trigger is about, the card just revealed
#: the card a clash with the Aftermarket was against (clashed), the card taken from the Aftermarket
#: (taken), the card the loser used in the clash (losing_card)
REFS = ("this", "left", "right", "top", "next_played", "played", "revealed", "flipped", "clashed", "taken",
        "losing_card", "chosen", "attached", "flipper", *SIDEWAYS_REFS, *CLASH2_REFS)
#: ally: the player chosen as your ally for a clash ("Choose an ally for this clash")
ALLY_PLAYERS = ("ally", "self_and_ally", "others_but_ally")
#: losers: the losers of the clash just made (one card chosen among theirs: ops_more_i.py)
PLAYERS = ("self", "opponent", "each_opponent", "each", "any", "that_player", "losers", *ALLY_PLAYERS)
PICKS = ("this", "left", "right", "top", "next_played", "played", "choice", "highest", "lowest", "leftmost",
         "rightmost", "all", "losing_card", "chosen", *CLASH2_REFS)
WHO = ("self", "each_opponent", "that_player", "chosen_opponent", "each", "each_other", "winner", "losers",
       *ALLY_PLAYERS, *MORE_E_WHO, *MORE_V_WHO)
#: clash: you are in a clash that occurs; clash_any: any clash occurs (both after its result)
EVENTS = ("play", "flipped", "would_flip", "clash_won", "clash_lost", "clash", "clash_any", "star_tokens",
          "would_lose_clash", "action_used", "would_lose_rp", "clash_card", "turn_start", "turn_end", "discard",
          *MORE_A_EVENTS, *MORE_E_EVENTS, *MORE_I_EVENTS, *MORE_J_EVENTS, *MORE_N_EVENTS,
          *MORE_V_EVENTS, *MORE_Z_EVENTS, *MORE_Y_EVENTS, *PREVENTION_EVENTS, *CLASH_TOKENS_EVENTS, *TRIGGERS_EVENTS,
          *CLASH2_EVENTS, *GRANTS_EVENTS, *POINTING_EVENTS, *GUARDS_EVENTS, *ZONES2_EVENTS)
SIDES = ("self", "opponent", "any")
CONTINUOUS_OPS = ("protect", "extra_slot", "set_star", "star_bonus", "copy_attributes", "clash_star", "no_rp_loss",
                  "rp_gain_limit", *SPECIAL_CONTINUOUS_OPS, *MORE_A_CONTINUOUS_OPS, *MORE_B_CONTINUOUS_OPS,
                  *MORE_C_CONTINUOUS_OPS, *MORE_E_CONTINUOUS_OPS, *MORE_H_CONTINUOUS_OPS,
                  *MORE_I_CONTINUOUS_OPS, *MORE_J_CONTINUOUS_OPS, *MORE_K_CONTINUOUS_OPS, *MORE_O_CONTINUOUS_OPS,
                  *MORE_P_CONTINUOUS_OPS, *POWER_CONTINUOUS_OPS, *MORE_U_CONTINUOUS_OPS, *MORE_S_CONTINUOUS_OPS,
                  *MORE_V_CONTINUOUS_OPS, *MORE_Y_CONTINUOUS_OPS, *MORE_X_CONTINUOUS_OPS, *MORE_W_CONTINUOUS_OPS,
                  *PREVENTION_CONTINUOUS_OPS, *COPYING_CONTINUOUS_OPS, *CLASH_TOKENS_CONTINUOUS_OPS,
                  *NAMING_CONTINUOUS_OPS, *POSITIONS_CONTINUOUS_OPS, *CLASH2_CONTINUOUS_OPS, *GRANTS_CONTINUOUS_OPS,
                  *PROMOS_CONTINUOUS_OPS, *POINTING_CONTINUOUS_OPS, *GUARDS_CONTINUOUS_OPS, *OVERRIDES_CONTINUOUS_OPS)
#: the sides of a Character or Venue card, and its Deckbuilding side's timings and ops
CARD_SIDES = ("deckbuilding", "tournament")
COMPONENT_TIMINGS = ("deckbuilding", "setup")
SIDED_CARD_TYPES = ("character", "venue")
DECKBUILDING_OPS = {
    "income": "more (or, negative, fewer) dollars of income at Deckbuilding \"Setup the Phase\" 2",
    "deal": "more cards dealt at Deckbuilding \"Setup the Phase\" 3",
    "sell_markers": "more Sell Markers this round",
    "store_price": "Store cards cost this much more (negative: less; never below 0)",
    "aftermarket_price": "Aftermarket cards cost this much more (negative: less; never below 0)",
    "sell_price": "cards sold to the Aftermarket pay this much more (negative: less; never below 0)",
    "fusion_size": "Card Fusions need this many more cards (negative: fewer; at least 1); tier: one tier only",
    "kit_slots": "the deck (\"Build your Deck\") holds this many more cards of a section",
    "peek": "see the face-down Store cards showing and buy the one you choose",
    "metagame_control": "once a round for each Metagame stack, put its revealed card on the bottom and reveal the next",
    "meta_peek": "see the top `amount` cards of each Metagame stack, at any time",
    "meta_cycle": "once a round, before the Type Metagame card is revealed: either stack's top card (the revealed "
                  "Elemental card) to its bottom, the new top card revealed",
    "starting_promo": "setup: take cards from the top of a Card Fusion pile",
    "scrap_for_money": "discard a binder card to the Store Discard for this many dollars, any number of times",
    "outside_set": "at each Deckbuilding Phase's start, one copy of each card of a random set from outside the game of "
                   "that phase's kind (kinds: in order), instead of the 6 cards dealt",
    "trade_in": "remove a binder card from the game and pay this many dollars for a Store Area card of its set",
}
#: Tournament-side timings of a power: what holds without being a card in the tableau
POWER_TIMINGS = ("ongoing", "score", "action")
#: ops a power cannot hold (they need the card in a tableau: its slot, its star, its neighbours)
NOT_POWER_OPS = ("insert", "set_star", "copy_attributes", "cancel_flip")
FUSION_TIERS = ("bronze", "silver", "gold")
#: the set kinds an ``outside_set`` rule names (the Store's: "SET BREAKDOWN")
OUTSIDE_SET_KINDS = ("core", "expansion", "premium", "master")
KIT_SECTIONS = ("singles", "deck_box", "accessories")
#: REFs of a ``rescore`` op: your Top Card, or the revealed Metagame cards
RESCORE_CARDS = ("top", "metagame")
BRANCHES = ("win", "lose", "tie", "winner", "losers")
REVEAL_SOURCES = ("store", "hand", "face_down")

Errors = list[tuple[str, str]]


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> Errors:
    """``GameSpec.card_checker``: every problem the tournament engine would meet running the card,
    as ``(field path, message)``."""
    errors: Errors = []
    if card_type in SIDED_CARD_TYPES:
        for i, effect in enumerate(effects):
            errors += check_sided_effect(card_type, effect, f"effects[{i}]")
        return errors
    for i, effect in enumerate(effects):
        if "side" in effect:
            errors.append((f"effects[{i}].side", f"only {' and '.join(SIDED_CARD_TYPES)} cards have sides"))
            continue
        if isinstance(effect, Mapping) and effect.get("timing") == "deckbuilding":  # a printed deck rule
            errors += deck_rule_errors(effect, f"effects[{i}]")
            continue
        errors += check_effect(effect, f"effects[{i}]")
    if attributes.get("star") == "X" and card_type == "single" and effects \
            and not any(op.get("op") == "set_star" for e in effects for op in e.get("ops", ())):
        errors.append(("attributes.star", 'an "X" star needs an Ongoing set_star effect that says what X is'))
    return errors


def check_sided_effect(card_type: str, effect: Mapping[str, Any], path: str) -> Errors:
    """A Character's or Venue's effect: its side, then that side's timings and ops."""
    side = effect.get("side")
    if side not in CARD_SIDES:
        return [(f"{path}.side", f"{side!r} is not a side ({', '.join(CARD_SIDES)})")]
    timing = effect.get("timing", "")  # (none: not one of the timings)
    if side == "deckbuilding":
        timings = COMPONENT_TIMINGS if card_type == "character" else ("deckbuilding",)
        if timing not in timings:
            return [(f"{path}.timing", f"a {card_type}'s Deckbuilding side has the timings {', '.join(timings)}")]
        errors: Errors = []
        for key in ("trigger", "condition", "optional", "keyword"):
            if key in effect:
                errors.append((f"{path}.{key}", "a Deckbuilding-side rule has none"))
        return errors + deckbuilding_ops_errors(effect.get("ops"), timing, f"{path}.ops")
    if timing not in POWER_TIMINGS:
        return [(f"{path}.timing", (f"a Tournament side is no card in the tableau: its timings are "
                                    f"{', '.join(POWER_TIMINGS)}"))]
    errors = check_effect({k: v for k, v in effect.items() if k != "side"}, path)
    for key in ("every_turn", "on_top", "free"):  # every turn; the Top Card's; not the turn's Action (power_text.py)
        if key in effect and (effect[key] is not True or timing != "action"):
            errors.append((f"{path}.{key}", "is true, on an Action"))
    for where, op in _all_ops(effect.get("ops"), f"{path}.ops"):
        if op.get("op") in NOT_POWER_OPS:
            errors.append((f"{where}.op", f"{op['op']!r} needs a card in the tableau, which a power is not"))
        elif op.get("op") == "protect" and op.get("target") != "tableau":
            errors.append((f"{where}.target", "a power protects the tableau (it has no slot)"))
    return errors


def _all_ops(ops: Any, path: str):
    """Every op of a list of ops and of its branches, with its path."""
    if not isinstance(ops, list):
        return
    for j, op in enumerate(ops):
        if not isinstance(op, Mapping):
            continue
        yield f"{path}[{j}]", op
        for branch in ("then", "else", *BRANCHES):
            if isinstance(op.get(branch), list):
                yield from _all_ops(op[branch], f"{path}[{j}].{branch}")


def deckbuilding_ops_errors(ops: Any, timing: str, path: str) -> Errors:
    if not isinstance(ops, list) or not ops:
        return [(path, "must be a non-empty list of ops")]
    errors: Errors = []
    for j, op in enumerate(ops):
        where = f"{path}[{j}]"
        name = op.get("op") if isinstance(op, Mapping) else None
        if name not in DECKBUILDING_OPS:
            errors.append((f"{where}.op", f"{name!r} is not a Deckbuilding op ({', '.join(DECKBUILDING_OPS)})"))
            continue
        if (name == "starting_promo") != (timing == "setup"):
            errors.append((f"{where}.op", "starting_promo is the one setup op, and only at setup"))
        if name not in ("peek", "metagame_control", "meta_cycle"):
            errors += _int(op.get("amount", 1), f"{where}.amount")
        if name in ("deal", "sell_markers", "kit_slots", "starting_promo") and isinstance(op.get("amount", 1), int) \
                and op.get("amount", 1) < 0:
            errors.append((f"{where}.amount", f"{name} adds: the amount is not negative"))
        if name == "kit_slots" and op.get("section") not in KIT_SECTIONS:
            errors.append((f"{where}.section", f"is one of {', '.join(KIT_SECTIONS)}"))
        if name == "starting_promo" and op.get("tier") not in FUSION_TIERS:
            errors.append((f"{where}.tier", f"is one of {', '.join(FUSION_TIERS)}"))
        if "min" in op:  # "to a minimum of 1 Dollar" (full/deckbuilding_text.py)
            if name not in ("store_price", "aftermarket_price"):
                errors.append((f"{where}.min", "only a store or aftermarket price has a minimum"))
            elif isinstance(op["min"], bool) or not isinstance(op["min"], int) or op["min"] < 0:
                errors.append((f"{where}.min", "is a whole number of dollars, 0 or more"))
        if name == "outside_set" and (not isinstance(op.get("kinds"), list) or not op["kinds"]
                                      or any(k not in OUTSIDE_SET_KINDS for k in op["kinds"])):
            errors.append((f"{where}.kinds", f"is a list of {', '.join(OUTSIDE_SET_KINDS)}"))
        if name == "fusion_size" and "tier" in op and op["tier"] not in FUSION_TIERS:
            errors.append((f"{where}.tier", f"is one of {', '.join(FUSION_TIERS)}"))
    return errors


def check_effect(effect: Mapping[str, Any], path: str) -> Errors:
    timing = effect.get("timing")
    if timing not in TIMINGS:
        return [(f"{path}.timing", f"{timing!r} is not a timing word ({', '.join(TIMINGS)})")]
    errors: Errors = []
    if "trigger" in effect:
        if timing not in TRIGGERED_TIMINGS:
            errors.append((f"{path}.trigger", f"only {', '.join(TRIGGERED_TIMINGS)} effects have triggers"))
        errors += _trigger(effect["trigger"], f"{path}.trigger")
    elif timing == "reaction":
        errors.append((f"{path}.trigger", "a Reaction names the event it reacts to"))
    if "condition" in effect:
        errors += condition_errors(effect["condition"], f"{path}.condition")
    errors += granted_play_errors(effect, path)  # a Play a Next effect gives (ops_more_w.py)
    if "keyword" in effect and effect["keyword"] not in KEYWORDS:
        errors.append((f"{path}.keyword", f"{effect['keyword']!r} is not a keyword ({', '.join(KEYWORDS)})"))
    if "optional" in effect and not isinstance(effect["optional"], bool):
        errors.append((f"{path}.optional", "must be true or false"))
    errors += would_lose_errors(effect, path)  # an Ongoing "would lose a clash": its shapes (ops_more_h.py)
    errors += effect_v_errors(effect, path)  # a Reaction to a gain of RP: its shape (ops_more_v.py)
    errors += effect_ops_prevention(effect, path)  # a Reaction preventing an effect: its shape (ops_prevention.py)
    errors += effect_ops_guards(effect, path)  # a trigger switched off after it is named (ops_guards.py)
    continuous = timing in ("ongoing", "top") and "trigger" not in effect
    errors += ops_errors(effect.get("ops"), f"{path}.ops", continuous=continuous)
    return errors


def ops_errors(ops: Any, path: str, *, continuous: bool = False) -> Errors:
    if not isinstance(ops, list) or not ops:
        return [(path, "must be a non-empty list of ops")]
    errors: Errors = []
    for j, op in enumerate(ops):
        where = f"{path}[{j}]"
        if not isinstance(op, Mapping):
            errors.append((where, "must be an op object"))
            continue
        name = op.get("op")
        if continuous != (name in CONTINUOUS_OPS):
            state = "a continuous Ongoing/Top effect" if continuous else "an effect that happens once"
            errors.append((f"{where}.op", (f"{name!r} cannot be {state} "
                                           f"(continuous ops: {', '.join(CONTINUOUS_OPS)})")))
            continue
        errors += _op(name, op, where)
    return errors


def _op(name: str | None, op: Mapping[str, Any], where: str) -> Errors:
    errors: Errors = []
    if name in ("gain_rp", "lose_rp", "gain_money", "extra_slot", "play_extra", "extra_turn", "star_tokens", "set_star",
                "discard", "pay_money", "steal_rp", "clash_star", "star_bonus"):
        errors += _int(op.get("amount", 1), f"{where}.amount")
    if name == "star_bonus" and op.get("card", "this") not in ("this", "top"):
        errors.append((f"{where}.card", "is this or top"))
    if name in ("gain_rp", "lose_rp", "set_star", "star_bonus", "gain_money", "steal_rp", "star_tokens",
                "gain_store") and "per" in op:  # gain_store: once per COUNT (ops_clash_tokens.py)
        errors += count_errors(op["per"], f"{where}.per")
    if "max" in op:
        errors += _int(op["max"], f"{where}.max")
    if "who" in op and op["who"] not in WHO:
        errors.append((f"{where}.who", f"{op['who']!r} is not one of {', '.join(WHO)}"))
    errors += rp_filter_errors(op, where)  # "each player with 40 RP or more" (ops_more_e.py)
    if name in ("flip", "star_tokens"):
        errors += target_errors(op.get("target"), f"{where}.target")
    elif name == "clash":
        if op.get("with") not in ("opponent", "all", "aftermarket", *CLASH_WITH_Z, *CLASH_WITH_CLASH2):
            errors.append((f"{where}.with", 'a clash is "with" an "opponent", "all" players or the "aftermarket"'))
        if op.get("use", "lowest") not in ("lowest", "leftmost") or "use" in op and op.get("with") == "aftermarket":
            errors.append((f"{where}.use", 'is "lowest" or "leftmost": the card each player clashes with'))
        if op.get("their_card", "chosen") != "chosen" or "their_card" in op and op.get("with") != "opponent":
            errors.append((f"{where}.their_card", 'is "chosen", in a clash with an opponent'))
        if "ignore_printed" in op and (op["ignore_printed"] is not True or op.get("with") != "opponent"):
            errors.append((f"{where}.ignore_printed", "is true, in a clash with an opponent"))
        if op.get("rival", CLASH_RIVALS[0]) not in CLASH_RIVALS or "rival" in op and op.get("with") != "opponent":
            errors.append((f"{where}.rival", f"is one of {', '.join(CLASH_RIVALS)}, in a clash with an opponent"))
        errors += clash_d_errors(op, where)  # the opponents one may clash with (ops_more_d.py)
        errors += clash_i_errors(op, where)  # your card's Star Rating in this clash (ops_more_i.py)
        errors += clash_t_errors(op, where)  # your left or right neighbour (ops_more_t.py)
        errors += clash_z_errors(op, where)  # two chosen players (ops_more_z.py)
        errors += clash_tokens_clash_errors(op, where)  # unless the opponent loses RP (ops_clash_tokens.py)
        errors += clash2_clash_errors(op, where)  # two of your own cards: no branches (ops_clash2.py)
        for branch in BRANCHES:
            if branch in op:
                errors += ops_errors(op[branch], f"{where}.{branch}")
    elif name == "protect":
        if op.get("target") not in ("this", "left", "right", "adjacent", "tableau"):
            errors.append((f"{where}.target", "protects this, left, right, adjacent or tableau"))
        if "filter" in op:
            errors += filter_errors(op["filter"], f"{where}.filter")
        if "while" in op:  # "If X, your cards cannot be flipped ..." (ops_more_y.py)
            errors += condition_errors(op["while"], f"{where}.while")
    elif name == "reveal":
        if op.get("source") not in REVEAL_SOURCES:
            errors.append((f"{where}.source", f"reveals from {', '.join(REVEAL_SOURCES)}"))
        if op.get("tableau", "self") not in ("self", "opponent"):
            errors.append((f"{where}.tableau", "is self or opponent (a face-down card of your or an opponent's tableau)"))
        if "filter" in op:
            errors += filter_errors(op["filter"], f"{where}.filter")
    elif name == "discard" and "filter" in op:
        errors += filter_errors(op["filter"], f"{where}.filter")
    elif name == "choose_player" and op.get("among") not in ("any", "opponent"):
        errors.append((f"{where}.among", 'chooses among "any" player or an "opponent"'))
    elif name in MARKET_OPS:
        errors += market_op_errors(name, op, where)
    elif name == "rescore" and op.get("card") not in RESCORE_CARDS:
        errors.append((f"{where}.card", f"rescores {' or '.join(RESCORE_CARDS)}"))
    elif name == "rescore" and op.get("timing", "score") != "score" and (op["timing"] != "play" or op["card"] != "top"):
        errors.append((f"{where}.timing", "activates Score effects, or the Top Card's Play effects"))
    elif name in ("copy_effects", "attach", "attach_from_hand", *SPECIAL_CONTINUOUS_OPS):
        errors += special_op_errors(name, op, where)
    elif name in MORE_A_OPS:
        errors += more_a_op_errors(name, op, where)
    elif name in MORE_B_OPS:
        errors += more_b_op_errors(name, op, where)
    elif name in MORE_F_OPS:
        errors += more_f_op_errors(name, op, where)
    elif name in MORE_C_OPS:  # ops_more_c.py
        errors += more_c_op_errors(name, op, where)
    elif name in MORE_E_OPS:
        errors += more_e_op_errors(name, op, where)
    elif name in MORE_D_OPS:
        errors += more_d_op_errors(name, op, where)
    elif name in MORE_L_OPS:  # ops_more_l.py
        errors += more_l_op_errors(name, op, where)
    elif name in MORE_H_OPS:  # ops_more_h.py
        errors += more_h_op_errors(name, op, where)
    elif name in MORE_I_OPS:
        errors += more_i_op_errors(name, op, where)
    elif name in MORE_J_OPS:  # ops_more_j.py
        errors += more_j_op_errors(name, op, where)
    elif name in MORE_N_OPS:  # ops_more_n.py
        errors += more_n_op_errors(name, op, where)
    elif name in MORE_K_OPS:  # ops_more_k.py
        errors += more_k_op_errors(name, op, where)
    elif name in MORE_O_OPS:  # a card that flips itself (ops_more_o.py)
        errors += more_o_op_errors(name, op, where)
    elif name in MORE_P_OPS:  # ops_more_p.py
        errors += more_p_op_errors(name, op, where)
    elif name in MORE_V_OPS:  # a Reaction to a gain of RP (ops_more_v.py)
        errors += more_v_op_errors(name, op, where)
    elif name in MORE_W_OPS:  # an Action granted to cards (ops_more_w.py)
        errors += more_w_op_errors(name, op, where)
    elif name in POWER_OPS:  # printed Character powers (ops_powers.py)
        errors += power_op_errors(name, op, where)
    elif name in MORE_Q_OPS:  # the Store Discard's top cards taken (ops_more_q.py)
        errors += more_q_op_errors(name, op, where)
    elif name in MORE_T_OPS:  # revealed clash cards taken (ops_more_t.py)
        errors += more_t_op_errors(name, op, where)
    elif name in MORE_Z_OPS:  # a boost before a clash's reveals (ops_more_z.py)
        errors += more_z_op_errors(name, op, where)
    elif name in MORE_U_OPS:  # ops_more_u.py
        errors += more_u_op_errors(name, op, where)
    elif name in MORE_S_OPS:  # ops_more_s.py
        errors += more_s_op_errors(name, op, where)
    elif name in MORE_R_OPS:  # slots for the rest of the tournament (ops_more_r.py)
        errors += more_r_op_errors(name, op, where)
    elif name in MORE_X_OPS:  # ways to play a card (ops_more_x.py)
        errors += more_x_op_errors(name, op, where)
    elif name in OUTCOME_OPS:  # a discard every player makes at once (ops_outcomes.py)
        errors += outcome_op_errors(name, op, where)
    elif name in METAGAME_OPS:  # a Metagame card out of play (ops_metagame.py)
        errors += metagame_op_errors(name, op, where)
    elif name in SIDEWAYS_OPS:  # a card played sideways (ops_sideways.py): no fields
        pass
    elif name in MARKET_ZONES_OPS:  # the Store zones looked at and taken from (ops_market_zones.py)
        errors += market_zones_op_errors(name, op, where)
    elif name in PREVENTION_OPS:  # an effect prevented, copied (ops_prevention.py)
        errors += prevention_op_errors(name, op, where)
    elif name in COPYING_OPS:  # a chosen card's effects copied, a capped effect (ops_copying.py)
        errors += copying_op_errors(name, op, where)
    elif name in CLASH_TOKENS_OPS:  # no clash declared (ops_clash_tokens.py)
        errors += clash_tokens_op_errors(name, op, where)
    elif name in NAMING_OPS:  # names remembered (ops_naming.py)
        errors += naming_op_errors(name, op, where)
    elif name in POSITIONS_OPS:  # tableau positions, Sell Markers, sales (ops_positions.py)
        errors += positions_op_errors(name, op, where)
    elif name in TRIGGERS_OPS:  # other players' choices, RP exchanged (ops_triggers.py)
        errors += triggers_op_errors(name, op, where)
    elif name in ATTACH2_OPS:  # an attachment removed with its host (ops_attach2.py)
        errors += attach2_op_errors(name, op, where)
    elif name in CLASH2_OPS:  # dice rolled (ops_clash2.py)
        errors += clash2_op_errors(name, op, where)
    elif name in HANDS_OPS:  # Dollars stolen, a player spared, Friendship cards moved (ops_hands.py)
        errors += hands_op_errors(name, op, where)
    elif name in GRANTS_OPS:  # plays required of players (ops_grants.py)
        errors += grants_op_errors(name, op, where)
    elif name in PROMOS_OPS:  # the Promo stacks (ops_promos.py)
        errors += promos_op_errors(name, op, where)
    elif name in HISTORY_OPS:  # a gain of RP changed (ops_history.py)
        errors += history_op_errors(name, op, where)
    elif name in POINTING_OPS:  # the card a card played sideways points to (ops_pointing.py)
        errors += pointing_op_errors(name, op, where)
    elif name in GUARDS_OPS:  # cards kept in their slots (ops_guards.py)
        errors += guards_op_errors(name, op, where)
    elif name in OVERRIDES_OPS:  # other cards' symbols overridden (ops_overrides.py)
        errors += overrides_op_errors(name, op, where)
    elif name in ZONES2_OPS:  # a card gained, then played (ops_zones2.py)
        errors += zones2_op_errors(name, op, where)
    elif name == "if":
        errors += condition_errors(op.get("condition"), f"{where}.condition")
        errors += ops_errors(op.get("then"), f"{where}.then")
        if "else" in op:
            errors += ops_errors(op["else"], f"{where}.else")
    return errors


def _int(value: Any, path: str) -> Errors:
    if isinstance(value, bool) or not isinstance(value, int):
        return [(path, f"must be a whole number, not {value!r}")]
    return []


int_errors = _int  # a whole number (market_checks.py asks it too)


def filter_errors(flt: Any, path: str) -> Errors:
    if not isinstance(flt, Mapping):
        return [(path, "must be a filter object")]
    errors: Errors = []
    checks = {"face": FACES, "element": ELEMENTS, "type": TYPE_VALUES, "keyword": KEYWORDS, "where": WHERES,
              "shares": ("element", "type", "both"), "shares_none": ("element", "type", "either"),
              "kind": ("single", "deck_box", "accessory"), "timing": TIMINGS,
              "matches_top": ("set", "type", "element", "star"), "chosen": (True,)}
    for key, value in flt.items():
        if key in checks:
            if value not in checks[key]:
                errors.append((f"{path}.{key}", f"{value!r} is not one of {', '.join(map(str, checks[key]))}"))
        elif key in MORE_G_FILTER_KEYS or is_counted_star(key, value):  # ops_more_g.py
            errors += more_g_filter_errors(key, value, path)
        elif key in MORE_L_FILTER_KEYS:  # a card's rarity (ops_more_l.py)
            errors += more_l_filter_errors(key, value, path)
        elif key in MORE_H_FILTER_KEYS:  # a symbol of the attached card (ops_more_h.py)
            errors += more_h_filter_errors(key, value, path)
        elif key in MORE_K_FILTER_KEYS:  # fewest tokens (ops_more_k.py)
            errors += [] if value is True else [(f"{path}.{key}", "is true")]
        elif key in MORE_S_FILTER_KEYS:  # a Metagame's symbol, the highest of its tableau (ops_more_s.py)
            errors += more_s_filter_errors(key, value, path)
        elif key in SIDEWAYS_FILTER_KEYS:  # a symbol of the card this one points to (ops_sideways.py)
            errors += sideways_filter_errors(key, value, path)
        elif key in NAMING_FILTER_KEYS:  # a name named with Foreboding (ops_naming.py)
            errors += naming_filter_errors(key, value, path)
        elif key in ATTACH2_FILTER_KEYS:  # a symbol of a card attached to this one (ops_attach2.py)
            errors += attach2_filter_errors(key, value, path)
        elif key in HISTORY_FILTER_KEYS:  # a card played this turn (ops_history.py)
            errors += history_filter_errors(key, value, path)
        elif key == "star":
            errors += _comparison(value, f"{path}.star", allow_this=True)
        elif key == "elements_min":
            errors += _int(value, f"{path}.elements_min")
        elif key == "tokens":  # how many +1 STAR tokens are on the card
            errors += _comparison(value, f"{path}.tokens")
        elif key in ("elements_all", "types_all"):
            known = ELEMENTS if key == "elements_all" else TYPE_VALUES
            if not isinstance(value, list) or not value or any(v not in known for v in value):
                errors.append((f"{path}.{key}", f"is a list of {', '.join(known)}"))
        elif key == "symbols_any":
            if not isinstance(value, list) or len(value) < 2 or any(v not in (*ELEMENTS, *TYPE_VALUES) for v in value):
                errors.append((f"{path}.{key}", "is a list of two or more elements and types"))
        else:
            errors.append((f"{path}.{key}", ("is not a filter key (face, element, type, keyword, star, where, "
                                             "elements_min, shares, shares_none)")))
    return errors


def _comparison(value: Any, path: str, *, allow_this: bool = False) -> Errors:
    if not isinstance(value, Mapping) or value.get("cmp") not in CMPS:
        return [(path, f"must be {{cmp: one of {' '.join(CMPS)}, value}}")]
    if allow_this and value.get("value") == "this":
        return []
    return _int(value.get("value"), f"{path}.value")


def count_errors(count: Any, path: str) -> Errors:
    if not isinstance(count, Mapping) or count.get("count") not in COUNTS:
        return [(path, f"must be a count: {{count: one of {', '.join(COUNTS)}, ...}}")]
    errors: Errors = []
    if count["count"] == "star":
        if count.get("card") not in REFS:
            errors.append((f"{path}.card", f"names a card: one of {', '.join(REFS)}"))
        return errors
    if count["count"] in MORE_A_COUNTS:
        return more_a_count_errors(count, path)
    if count["count"] in MORE_F_COUNTS:
        return more_f_count_errors(count, path)
    if count["count"] in MORE_E_COUNTS:  # Dollars, RP, the RP a gain gave (ops_more_e.py)
        return more_e_count_errors(count, path)
    if count["count"] in MORE_G_COUNTS:  # ops_more_g.py
        return more_g_count_errors(count, path)
    if count["count"] in MORE_L_COUNTS:  # ops_more_l.py
        return more_l_count_errors(count, path)
    if count["count"] in MORE_H_COUNTS:  # several counts added, every tableau's open slots (ops_more_h.py)
        return more_h_count_errors(count, path)
    if count["count"] in MORE_I_COUNTS:  # the players of the clash just made (ops_more_i.py)
        return more_i_count_errors(count, path)
    if count["count"] in MORE_N_COUNTS:  # the rarities revealed (ops_more_n.py)
        return more_n_count_errors(count, path)
    if count["count"] in MORE_J_COUNTS:  # the players (ops_more_j.py)
        return more_j_count_errors(count, path)
    if count["count"] in MORE_K_COUNTS:  # the player chosen, players by their cards (ops_more_k.py)
        return more_k_count_errors(count, path)
    if count["count"] in MORE_Q_COUNTS:  # the cards just revealed that fit (ops_more_q.py)
        return more_q_count_errors(count, path)
    if count["count"] in MORE_U_COUNTS:  # cards beside an alike one (ops_more_u.py)
        return more_u_count_errors(count, path)
    if count["count"] in MORE_V_COUNTS:  # the RP you lack (ops_more_v.py)
        return more_v_count_errors(count, path)
    if count["count"] in MORE_R_COUNTS:  # the cards attached to this card (ops_more_r.py)
        return more_r_count_errors(count, path)
    if count["count"] in COPYING_COUNTS:  # the symbols this card has (ops_copying.py)
        return copying_count_errors(count, path)
    if count["count"] in NAMING_COUNTS:  # the letters of a card's name (ops_naming.py)
        return naming_count_errors(count, path)
    if count["count"] in TRIGGERS_COUNTS:  # Dollars of a trigger, the Aftermarket's best (ops_triggers.py)
        return triggers_count_errors(count, path)
    if count["count"] in CLASH2_COUNTS:  # the dice rolled (ops_clash2.py)
        return clash2_count_errors(count, path)
    if count["count"] in HANDS_COUNTS:  # the VP of a Friendship card returned (ops_hands.py)
        return hands_count_errors(count, path)
    if count["count"] == "those_distinct":
        return [] if count.get("what") in ("type", "element", "star") else [(f"{path}.what", "is type, element or star")]
    if count["count"] in ("clashes_won", "empty_slots", "rp", "those_stars", "highest_flipped",
                          "players_discarded", "those_count", "flipped_this_way", "flipped_stars", *MORE_B_COUNTS,
                          *MORE_C_COUNTS):
        return errors
    if count.get("zone", "tableau") not in ZONES:
        errors.append((f"{path}.zone", f"{count.get('zone')!r} is not one of {', '.join(ZONES)}"))
    if "filter" in count:
        errors += filter_errors(count["filter"], f"{path}.filter")
    return errors


def condition_errors(cond: Any, path: str) -> Errors:
    if not isinstance(cond, Mapping):
        return [(path, "must be a structured condition (test: count, card or not), not text")]
    test = cond.get("test")
    if test == "count":
        return count_errors(cond.get("of"), f"{path}.of") + _comparison(cond, path)
    if test == "card":
        errors = [] if cond.get("card") in REFS else [(f"{path}.card", f"names a card: one of {', '.join(REFS)}")]
        if "as_was" in cond and cond["as_was"] is not True:
            errors.append((f"{path}.as_was", "is true: the card as it was before this effect flipped it"))
        return errors + filter_errors(cond.get("is", {}), f"{path}.is")
    if test == "pair":
        errors = [] if cond.get("what") in ("type", "element", "set", "star") else [
            (f"{path}.what", "is type, element, set or star")]
        return errors + ([(f"{path}.this_too", "is true, or absent")] if cond.get("this_too", True) is not True else [])
    if test in ("clash_result", "alike"):
        return market_condition_errors(cond, path)
    if test == "not":
        return condition_errors(cond.get("of"), f"{path}.of")
    if test in MORE_A_TESTS:
        return more_a_condition_errors(cond, path)
    if test == "attached":  # this card is attached to another (special_ops.py)
        return [] if cond.get("card") == "this" else [(f"{path}.card", "is this")]
    if test in ("did", "your_turn", "lost_short"):  # "If you did": the effect's last flip, discard or payment happened
        return []
    if test in MORE_G_TESTS:  # several conditions that all hold (ops_more_g.py)
        return more_g_condition_errors(cond, path)
    if test in MORE_L_TESTS:  # a count even or odd (ops_more_l.py)
        return more_l_condition_errors(cond, path)
    if test in MORE_B_TESTS:  # RP beside you (ops_more_b.py)
        return more_b_condition_errors(cond, path)
    if test in MORE_U_TESTS:  # the tableau as a whole, one of several (ops_more_u.py)
        return more_u_condition_errors(cond, path)
    if test == "flipped_by":  # a Flip effect: whose effect flipped the card
        return [] if cond.get("by") in ("self", "opponent") else [(f"{path}.by", "is self or opponent")]
    if test in MORE_T_TESTS:  # in the clash, won by a margin (ops_more_t.py)
        return more_t_condition_errors(cond, path)
    if test in MORE_V_TESTS:  # Dollars spent this turn (ops_more_v.py)
        return more_v_condition_errors(cond, path)
    if test in MORE_Y_TESTS:  # a clash lost this turn (ops_more_y.py)
        return more_y_condition_errors(cond, path)
    if test in POSITIONS_TESTS:  # the first card played into a slot (ops_positions.py)
        return positions_condition_errors(cond, path)
    if test in TRIGGERS_TESTS:  # the trigger's player is you (ops_triggers.py)
        return triggers_condition_errors(cond, path)
    if test in CLASH2_TESTS:  # no dice to roll: never (ops_clash2.py)
        return clash2_condition_errors(cond, path)
    if test in HISTORY_TESTS:  # the face of the card just returned (ops_history.py)
        return history_condition_errors(cond, path)
    return [(f"{path}.test", f"{test!r} is not a condition test (count, card, not, did, clash_result, alike)")]


def target_errors(target: Any, path: str) -> Errors:
    if not isinstance(target, Mapping):
        return [(path, "must be a target object {player, pick, filter, chooser, zone}")]
    errors: Errors = []
    if target.get("player", "self") not in PLAYERS:
        errors.append((f"{path}.player", f"{target.get('player')!r} is not one of {', '.join(PLAYERS)}"))
    if target.get("pick") not in PICKS:
        errors.append((f"{path}.pick", f"{target.get('pick')!r} is not one of {', '.join(PICKS)}"))
    if target.get("chooser", "controller") not in ("controller", "owner"):
        errors.append((f"{path}.chooser", "is controller or owner"))
    if target.get("zone", "tableau") not in ("tableau", "accessory", "deck_box"):
        errors.append((f"{path}.zone", "is tableau, accessory or deck_box"))
    if "filter" in target:
        errors += filter_errors(target["filter"], f"{path}.filter")
    return errors


def _trigger(trigger: Any, path: str) -> Errors:
    if not isinstance(trigger, Mapping) or trigger.get("event") not in EVENTS:
        return [(f"{path}.event", f"must name an event: one of {', '.join(EVENTS)}")]
    errors: Errors = []
    if trigger.get("with_this", True) is not True and trigger.get("with_this") not in SIDEWAYS_REFS:
        errors.append((f"{path}.with_this", "is true, or the REF of the card this one points to (ops_pointing.py)"))
    for key in ("by", "whose"):
        if trigger.get(key, "any") not in SIDES:
            errors.append((f"{path}.{key}", f"is one of {', '.join(SIDES)}"))
    if "filter" in trigger:
        errors += filter_errors(trigger["filter"], f"{path}.filter")
    return (errors + trigger_seated_errors(trigger, path) + after_play_errors(trigger, path)
            + trigger_first_errors(trigger, path) + trigger_q_errors(trigger, path) + trigger_y_errors(trigger, path)
            + trigger_prevention_errors(trigger, path)
            + trigger_clash_tokens_errors(trigger, path)  # a clash of high cards (ops_clash_tokens.py)
            + trigger_triggers_errors(trigger, path)
            + trigger_grants_errors(trigger, path)  # the Nth time each turn (ops_grants.py)
            + trigger_history_errors(trigger, path))  # the end of your next turn (ops_history.py)


# -- the Store, the Aftermarket, allies (market_ops.py) ----------------------------------------------
MARKET_OPS = tuple(name for name in MARKET_EFFECT_OPS if name != "choose_player")
