"""A Millennium Blades card as the tournament engine reads it (millennium-blades.txt, "CARD DATA"),
and the default Store: the game's card pool, every copy its set holds."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rules.core.decks import CardSpec
from rules.millennium_blades.ops_attach2 import scores_attached
from rules.millennium_blades.ops_history import PLAY_RECORD, records_plays
from rules.millennium_blades.ops_more_m import PLAY_ORDER, orders_play
from rules.millennium_blades.ops_naming import has_foreboding
from rules.millennium_blades.text import compile_text
from rules.millennium_blades.vocabulary import TRIGGERED_TIMINGS

POOL = Path(__file__).resolve().parents[2] / "fixtures" / "millennium_blades.json"


CACHE_LIMIT = 20_000  # card definitions kept for reuse across games (see ``card_def``)
#: ops that never take a card from a hand, put one into a tableau, lower the plays left, make a
#: Single unplayable or loop: gaining and losing points, tokens, a clash, a branch (its ops are
#: checked too), Scurry's reordering, a flip prevented, extra plays, and the continuous rules that
#: only add slots, guard or change stars and RP. ``may_cost_a_play`` flags a card with any other op
#: (a new op is one until it is listed here): ``FlowMixin.action_keeps_a_play``
PLAY_SAFE_OPS = frozenset({"gain_rp", "lose_rp", "gain_money", "steal_rp", "star_tokens", "clash", "if", "insert",
                           "cancel_flip", "play_extra", "extra_slot", "protect", "star_bonus", "set_star",
                           "clash_star", "no_rp_loss", "rp_gain_limit", "rp_gain_to_loss",  # rp_gain_to_loss: ops_more_p.py
                           "at_turn_end",  # ops_more_u.py: a wrapper, as "if" (its ops are checked too)
                           "lasting_slot",  # ops_more_r.py: only adds slots
                           "prevent_effect", "prevent_discard",  # ops_prevention.py: done by the window that asks
                           "others_cannot_use",  # ops_prevention.py: a rule that only bars Actions and Reactions
                           "grant_reaction",  # ops_prevention.py: a rule (the Reaction's ops are checked too)
                           "plays_required",  # ops_grants.py: only more Singles owed, never fewer
                           "down_mimicry",  # ops_grants.py: symbols of face-down cards, as Mimicry's
                           "grant_rule",  # ops_grants.py: a Sell Marker offered as a card enters
                           # ops_pointing.py: RP not given, a protection until the next turn and its end
                           "gives_no_rp", "shield_until_next_turn", "shield_lifted"})
#: the ops a triggered effect may hold and still start no further event (so triggers cannot chain
#: into an "Infinite Loop"): a reaction's own flip is once a card, as a face-down card does not react
QUIET_TRIGGER_OPS = frozenset({"gain_rp", "gain_money", "cancel_flip",
                               "prevent_effect", "prevent_discard"})  # ops_prevention.py: a Reaction's window
#: ops that never take a card from a player's hand, put a card into a tableau or forbid a play
#: (flips, reveals, choices, points, tokens, the market's piles): with no card of the game holding
#: any other op (feature "takes_from_hand"), only a lost extra slot can cost the turn's Single
#: (``FlowMixin.action_keeps_a_play``). A new op is outside this list, so it counts until listed.
HAND_SAFE_OPS = PLAY_SAFE_OPS | frozenset({
    "flip", "flip_any", "flip_n", "reveal", "reveal_any", "reveal_hand", "peek", "look_store", "steal_rp",
    "steal_money", "pay_money", "spend_up_to", "lose_half_rp", "toll", "choose_player", "choose_card", "choose_value",
    "name_card", "either", "each_either", "as_each", "repeat", "rescore", "ignore_clash", "clash_outcome",
    "rp_loss_outcome", "remove_tokens", "move_tokens", "store_to_aftermarket", "clear_aftermarket", "move_to_end",
    "to_right_end", "clash_bonus", "win_clashes", "clash_star_as", "considered_to_lose", "no_clash",
    "clash_magnet", "choose_loser", "not_lose_clashes",  # not_lose_clashes: ops_pointing.py
    "tokens_on_different", "token_shield",  # ops_more_k.py
    "flip_self_when",  # ops_more_o.py: a flip of its own card
    "take_clash_revealed", "outside_clash", "swap_theirs",  # ops_more_t.py: revealed clash cards, others' ops,
    "clashed_by",  # a swap, a clash made by that player
    "reveal_all", "extra_actions", "rearrange",  # ops_more_u.py: face-down cards shown, more Actions, an order
    "dollar_shield", "revealed_symbol", "has_flip", "swap_with",  # ops_more_s.py
    "grant_action",  # ops_more_w.py: a rule of its card (the granted ops are checked too)
    # ops_market_zones.py: the Store's piles looked at and moved (play_chosen, play_store_discard play a card)
    "look_choose", "unchosen_to_discard", "sell_marker", "store_discard_to_top", "reveal_in_place",
    "those_fitting_to_hand", "those_to_store_discard",
    "recall_named", "reveal_named", "pick_blind", "pick_secret", "guess_card",  # ops_naming.py: a name remembered, cards shown
    "each_chooses", "pass_option", "exchange_rp", "bonus_action",
    "echo_next_gain", "negate_play",  # ops_triggers.py: choices, RP swapped, an Action
    "steal_all_money", "spare_unless", "give_friendship", "take_friendship", "exchange_friendship",
    "return_friendship", "reveal_one_of_those", "attach_those", "at_scoring_end",
    "tied_rp", "buy_in_play",  # ops_hands.py (spare_unless, at_scoring_end, tied_rp: wrappers, their ops checked)
    "promo_gain", "promo_reveal_top", "promo_yours", "promo_fuse_aftermarket", "name_word",  # ops_promos.py:
    "outside_select_set", "outside_take_from_set", "outside_rest_to_aftermarket", "outside_gain",  # cards to a hand,
    # shown, owned; a word of a name (the other promo ops play a card)
    "discard_store_until"})  # ops_zones2.py: Store cards to its discard (play_gained and play_found play a card)


@dataclass(frozen=True)
class CardDef:
    """Printed data: star (a number, "X" or None), elements, types, keywords and effects.

    Immutable and shared by every game that holds the card, so what the engine asks of it on
    every step is worked out once, here: the effects by timing words, the triggered effects by
    event, whether it has an Action, its extra tableau slots."""

    name: str
    card_type: str
    star: int | str | None
    elements: tuple[str, ...]
    types: tuple[str, ...]
    keywords: tuple[str, ...]
    effects: tuple[dict, ...]
    #: the printed Set ("a card ... has no attributes (Star Rating, Rarity, Element, Type, Set, etc)"
    #: when face-down); ``MBState.determinize`` reads it (kits are built from sets)
    set_code: str = field(default="", compare=False)
    #: an exact copy's: the name of the card it copies (special_ops.exact_copy)
    copied_from: str = field(default="", compare=False)
    #: the kind of the printed Set (``CardSpec.set_kind``), its RARITY ("CARD DATA"; ops_more_l.py)
    set_kind: str = field(default="", compare=False)
    #: timing words -> ((index, effect), ...), filled as the engine asks
    _by_timings: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: (op name, timing) -> the continuous ops ``continuous`` finds, filled as the engine asks
    _continuous: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: event -> the Top, Ongoing and Reaction effects that event triggers, in card order
    triggers: dict = field(init=False, repr=False, compare=False)
    has_action: bool = field(init=False, repr=False, compare=False)
    extra_slots: int = field(init=False, repr=False, compare=False)  # Ongoing "extra slot" amounts
    mimics: bool = field(init=False, repr=False, compare=False)  # Mimicry: takes the left card's symbols
    #: what the engine looks for across a game's cards (``QueryMixin.cards_with``): "action",
    #: "extra_slot", "score", "mimicry", "takes_from_hand" (an op outside ``HAND_SAFE_OPS``), "rp_gain_limit",
    #: "may_cost_a_play" (an op outside ``PLAY_SAFE_OPS``, or a trigger's outside ``QUIET_TRIGGER_OPS``), and "on EVENT"
    #: for each event that triggers one of its effects
    features: frozenset = field(init=False, repr=False, compare=False)
    #: the printed Star Rating as a number ("X" and none: 0)
    printed_star: int = field(init=False, repr=False, compare=False)
    #: timing word -> ``timed(word)`` (a look-up without a call, for the timings every step asks)
    by_timing: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        triggers: dict[str, list[dict]] = {}
        for effect in self.effects:
            trigger = effect.get("trigger")
            if trigger and effect.get("timing") in TRIGGERED_TIMINGS:
                triggers.setdefault(trigger["event"], []).append(effect)
        object.__setattr__(self, "triggers", {event: tuple(found) for event, found in triggers.items()})
        object.__setattr__(self, "printed_star", self.star if isinstance(self.star, int) else 0)
        timings = {e["timing"] for e in self.effects if isinstance(e.get("timing"), str)}
        object.__setattr__(self, "by_timing", {timing: self.timed(timing) for timing in timings})
        object.__setattr__(self, "has_action", bool(self.timed("action")))
        object.__setattr__(self, "extra_slots", sum(op.get("amount", 1) for op in self.continuous("extra_slot")))
        object.__setattr__(self, "mimics", bool(self.continuous("copy_attributes")))
        flags = {"action": self.has_action, "extra_slot": bool(self.extra_slots), "mimicry": self.mimics,
                 "score": bool(self.timed("score")),  # flow.start_scoring: the few cards with a Score effect
                 "takes_from_hand": any(not _op_names(e["ops"]) <= HAND_SAFE_OPS for e in self.effects),
                 # special_ops.py: cards the engine looks for where they are (hand, entering, tableau)
                 **{name: bool(self.continuous(name)) for name in ("play_condition", "enters_with_tokens", "grant_flip",
                                                                  "exact_copy", "no_attach", "unite",
                                                                  "attachment_guard", "token_guard",
                                                                  "sell_marker_shield", "token_shield",
                                                                  "dollar_shield", "flip_self_when",
                                                                  "counts_as_all", "takes_spending",
                                                                  "gain_symbols", "lend_effects")},  # ops_copying.py
                 # ops_more_u.py's granted Score effects; ops_more_w.py: a card that, attached, gives its host one
                 "grant_score": bool(self.continuous("grant_score")) or any(_has_attach_gift(e["ops"], "score")
                                                                            for e in self.effects),
                 "pass_turn": any(_has_op(e["ops"], "pass_turn") for e in self.effects),  # ops_more_a.py
                 # ops_copying.py: a card that, attached, keeps only some of its host's effects
                 "keeps_only": any(_has_attach_gift(e["ops"], "keep_only") for e in self.effects),
                 "at_turn_end": any(_has_op(e["ops"], "at_turn_end") for e in self.effects),  # ops_more_u.py
                 "echo_gain": any(_has_op(e["ops"], "echo_next_gain") for e in self.effects),  # ops_triggers.py
                 "may_cost_a_play": any(not _op_names(e["ops"]) <= (QUIET_TRIGGER_OPS if "trigger" in e else
                                                                     PLAY_SAFE_OPS) for e in self.effects),
                 # replacement.py: RP gains only cards with this rule can change
                 "rp_gain_limit": bool(self.continuous("rp_gain_limit") or self.continuous("rp_gain_limit", "top")),
                 "star_bonus": bool(self.continuous("star_bonus") or self.continuous("star_bonus", "top")),
                 # ops_more_c.py: cards that give the cards played tokens
                 "tokens_on_entry": bool(self.continuous("tokens_on_entry") or self.continuous("tokens_on_entry", "top")),
                 # ops_more_e.py: cards no effect may flip
                 "unflippable": bool(self.continuous("unflippable") or self.continuous("unflippable", "top")),
                 # ops_more_h.py: cards whose attachments' symbols your other cards have
                 "share_attached": bool(self.continuous("share_attached") or self.continuous("share_attached", "top")),
                 # ops_more_u.py: cards that raise Star Ratings to a floor
                 "star_floor": bool(self.continuous("star_floor") or self.continuous("star_floor", "top")),
                 "play_ban": bool(self.continuous("play_ban") or self.continuous("play_ban", "top")),
                 # ops_more_y.py: cards that keep Play effects from activating
                 "no_play_effects": bool(self.continuous("no_play_effects") or self.continuous("no_play_effects", "top")),
                 # ops_more_x.py: cards that make plays from the hand random
                 "random_plays": bool(self.continuous("random_plays") or self.continuous("random_plays", "top")),
                 "play_from": bool(self.continuous("play_from") or self.continuous("play_from", "top")),
                 "play_down": bool(self.continuous("play_down") or self.continuous("play_down", "top")),
                 "plays_per_turn": bool(self.continuous("plays_per_turn") or self.continuous("plays_per_turn", "top")),
                 # ops_more_s.py: cards whose quoted Flip effect other cards have
                 "has_flip": bool(self.continuous("has_flip") or self.continuous("has_flip", "top")),
                 # ops_more_w.py: cards whose quoted Action the cards of their tableau have
                 "grant_action": bool(self.continuous("grant_action") or self.continuous("grant_action", "top"))
                 or any(_has_attach_gift(e["ops"], "action") for e in self.effects),
                 # ops_more_p.py: cards that turn gains of RP into losses
                 "rp_gain_to_loss": bool(self.continuous("rp_gain_to_loss") or self.continuous("rp_gain_to_loss", "top")),
                 # ops_powers.py: a power that raises the RP caps of cards for its player
                 "rp_cap_raise": bool(self.continuous("rp_cap_raise")),
                 "actions_per_turn": bool(self.continuous("actions_per_turn") or self.continuous("actions_per_turn", "top")),
                 # ops_market_zones.py: a Next effect letting the next play be the Store Discard's top card
                 "next_from_store_discard": any(_has_op(e["ops"], "next_from_store_discard") for e in self.effects),
                 # ops_naming.py: a Foreboding ability; a card that bans a name for the tournament
                 "foreboding": has_foreboding(self.effects),
                 "ban_named": any(_has_op(e["ops"], "ban_named") for e in self.effects),
                 # ops_grants.py: a Next effect giving the next card a Fusion
                 "next_play_condition": any(_has_op(e["ops"], "next_play_condition") for e in self.effects),
                 # ops_positions.py: cards that ask who first played into a slot (the game keeps count), give
                 # the cards played a Play ability, or have the next Single played between two cards
                 "positions_play": any(e.get("condition", {}).get("test") == "first_in_slot" or _has_op(e["ops"], "next_between")
                                       for e in self.effects)
                 or any(self.continuous(name) or self.continuous(name, "top") for name in ("grant_play", "play_leftmost")),
                 # ops_attach2.py: a Score effect for while this card is attached to another
                 "attached_score": any(scores_attached(e) for e in self.effects),
                 PLAY_RECORD: records_plays(self.effects),  # ops_history.py: the game keeps when cards were played
                 # ops_pointing.py: a card that may protect its player's cards until their next turn
                 "shield_next_turn": any(_has_op(e["ops"], "shield_until_next_turn") for e in self.effects),
                 # ops_guards.py: a card that names a trigger (heard as it activates, or switched off)
                 "names_trigger": any(_has_op(e["ops"], "name_trigger") for e in self.effects),
                 # ops_more_m.py: a play trigger that waits for Play effects, keeps them, or hears its own play
                 PLAY_ORDER: orders_play(self.triggers.get("play", ()))}
        object.__setattr__(self, "features", frozenset([name for name, on in flags.items() if on]
                                                       + [f"on {event}" for event in triggers]
                                                       + [IN_FORCE + name for name in self._continuous_op_names()]))

    @classmethod
    def from_spec(cls, spec: CardSpec) -> CardDef:
        """A card from a deck or the pool; a card without structured effects plays its compiled
        text (none when the text does not compile: it is a blank card with its printed data)."""
        attributes = spec.attributes or {}
        effects = tuple(spec.effects or ())
        if not effects and spec.text:
            compiled, _reason = compile_text(spec.text)
            effects = tuple(compiled or ())
        return cls(spec.name, spec.card_type, attributes.get("star"), tuple(attributes.get("elements") or ()),
                   tuple(attributes.get("types") or ()), tuple(attributes.get("keywords") or ()), effects,
                   spec.set_code or "", set_kind=spec.set_kind or "")

    def timed(self, *timings: str) -> tuple[tuple[int, dict], ...]:
        """``(index, effect)`` of the effects at these timing words, in card order (cached)."""
        found = self._by_timings.get(timings)
        if found is None:
            found = self._by_timings[timings] = tuple(
                (i, e) for i, e in enumerate(self.effects) if e.get("timing") in timings)
        return found

    def effects_at(self, *timings: str) -> list[tuple[int, dict]]:
        return list(self.timed(*timings))

    def continuous(self, op_name: str, timing: str = "ongoing") -> tuple[dict, ...]:
        """The continuous ops named ``op_name`` of this card's effects at ``timing`` (cached)."""
        found = self._continuous.get((op_name, timing))
        if found is None:
            found = self._continuous[op_name, timing] = tuple(
                op for e in self.effects if e.get("timing") == timing and "trigger" not in e
                for op in e["ops"] if op.get("op") == op_name)
        return found

    def _continuous_op_names(self) -> set[str]:
        """The names of the ops ``continuous`` can find, at either timing ``ops_in_force`` asks
        (Ongoing, Top): feature ``IN_FORCE + name`` of each."""
        return {op.get("op") for e in self.effects if e.get("timing") in ("ongoing", "top") and "trigger" not in e
                for op in e["ops"]}



def _has_op(ops, name: str) -> bool:
    """Whether ``ops`` or any of their branches (``if``, a clash's results) holds an op ``name``."""
    for op in ops:
        if not isinstance(op, dict):
            continue
        if op.get("op") == name:
            return True
        if any(isinstance(branch, list) and _has_op(branch, name) for branch in op.values()):
            return True
    return False


def _has_attach_gift(ops, key: str) -> bool:
    """Whether ``ops`` or their branches attach this card giving its host ``key``, an Action or a Score
    effect (ops_more_w.py)."""
    for op in ops:
        if not isinstance(op, dict):
            continue
        if op.get("op") == "attach" and key in op:
            return True
        if any(isinstance(branch, list) and _has_attach_gift(branch, key) for branch in op.values()):
            return True
    return False


def _op_names(item, out: set[str] | None = None) -> set[str]:
    """Every op name in ``item`` and all it nests (branches, a clash's results): any dict's ``op``."""
    out = set() if out is None else out
    if isinstance(item, dict):
        if isinstance(item.get("op"), str):
            out.add(item["op"])
        for value in item.values():
            if isinstance(value, (dict, list, tuple)):
                _op_names(value, out)
    elif isinstance(item, (list, tuple)):
        for value in item:
            _op_names(value, out)
    return out


#: the feature prefix of a card with a continuous op of that name (``CardDef._continuous_op_names``):
#: ``QueryMixin.face_up_ops`` asks for ops ("no_clash", "win_clashes", "clash_bonus") that most games hold nowhere
IN_FORCE = "in force "

_CARD_DEFS: dict[int, tuple[CardSpec, CardDef]] = {}  # id(spec) -> (the spec, kept alive; its definition)


def card_def(spec: CardSpec) -> CardDef:
    """``CardDef.from_spec``, reused: a game builds a definition for every card of the Store and
    the kits, and the same spec objects come back game after game."""
    known = _CARD_DEFS.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]
    if len(_CARD_DEFS) >= CACHE_LIMIT:
        _CARD_DEFS.clear()
    definition = CardDef.from_spec(spec)
    _CARD_DEFS[id(spec)] = (spec, definition)
    return definition


_LAST_RUN: list = [None, []]  # the last tuple of specs given to ``card_defs``, and its definitions


def card_defs(specs) -> list[CardDef]:
    """``card_def`` of each spec; for the same tuple as last time (the default Store, at every
    setup) the same definitions without looking each one up again."""
    if isinstance(specs, tuple) and specs is _LAST_RUN[0]:
        return _LAST_RUN[1]
    defs = [card_def(spec) for spec in specs]
    if isinstance(specs, tuple):
        _LAST_RUN[:] = [specs, defs]
    return defs


@lru_cache(maxsize=1)
def pool_store() -> tuple[CardSpec, ...]:
    """The fixture pool as the Store ("GAME SETUP" 2: the sets "Shuffle[d] ... together to form the
    Store"): every copy each card's set holds."""
    data = json.loads(POOL.read_text(encoding="utf-8"))
    out, kinds = [], _set_kinds(data)
    for i, c in enumerate(data["cards"], 1):
        spec = CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), (), c["set"], c["number"], "",
                        kinds.get(c["set"], ""))
        out.extend([spec] * int(c.get("attributes", {}).get("copies", 1)))
    return tuple(out)


@lru_cache(maxsize=1)
def _printed() -> dict[str, CardDef]:
    data = json.loads(POOL.read_text(encoding="utf-8"))
    kinds = _set_kinds(data)
    return {c["name"]: CardDef.from_spec(CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), (), c["set"],
                                                  c["number"], c.get("text", ""), kinds.get(c["set"], "")))
            for i, c in enumerate(data["cards"], 1)}


def _set_kinds(data: dict) -> dict[str, str]:
    """The fixture pool's set code -> set kind (a card's rarity, ops_more_l.py)."""
    return {s["code"]: s.get("kind", "") for s in data.get("sets", ())}


def as_printed(card: CardDef) -> CardDef:
    """``card`` with the effects its printed text gives, if it has none: the Store's cards are
    made without them (``pool_store``: in a tournament a Store card is only revealed, for its
    star), but a card a sampled world deals into a hand is played (``MBState.determinize``)."""
    if card.effects:
        return card
    printed = _printed().get(card.name)
    return printed if printed is not None and printed.card_type == card.card_type else card

