"""The engine side of ``phrases_copying.py`` (issue 26.2, batch ``copying``): effects copied from a
card the player chooses, and a cap on the RP an effect gains (millennium-blades.txt, "Effects on
Cards"; "FAQs": "Can a copy effect (Like Yellow Egg's) be copied? Can a copy effect copy a face down
card?"; docs/rules-notes.md, "MB: copying"). The card checker's checks are here too.

``copy_chosen``: the effect's player chooses one face-up card among the zones named (tableau,
accessory, deck_box) of the players named (self, any), another than this card with ``other``, that has
effects of the timing that do not copy; those effects resolve as this card's own ("this card" in them
is the copier, its controller the effect's player), and the log names the card copied. ``cap_rp``:
the RP the effect's player gains by the rest of this effect (copied effects too) is at most ``max``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_overrides import BLANK_TEXT, HOST_GAINS_RULE, blank_candidates, blank_of, blanked, host_gained

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

COPYING_OPS = {
    "copy_chosen": OpSpec("Copy the effects of a timing (play, flip, score, action) of one face-up card the player "
                          "chooses among the zones (tableau, accessory, deck_box) of the players (self or any), "
                          "another than this card with other: they resolve as this card's.",
                          {"timing": "str", "zones": "any", "player": "str", "other": "bool"}),
    "copy_those": OpSpec("Copy the effects of a timing of each card the effect named just before (REF those: the "
                         "cards discarded), in the order they were picked: they resolve as this card's.",
                         {"timing": "str"}),
    "gain_symbols": OpSpec("While this card is face-up in a tableau it has the elements and types of the cards of "
                           "from (aftermarket: every card there; neighbours: the face-up cards left and right of it; "
                           "opponents: the face-up cards of the other players' tableaus), "
                           "with its own (keep_own) or instead of them (continuous).",
                           {"from": "str", "keep_own": "bool"}),
    "lend_effects": OpSpec("While this card is face-up in a tableau, the face-up cards adjacent to it lose their own "
                           "effects and have this card's printed effects of the timings named (continuous).",
                           {"timings": "any"}),
    "cap_rp": OpSpec("The RP this effect's player gains by the rest of this effect (copied effects too) is at most "
                     "max (\"You cannot gain more than N RP with this effect\").", {"max": "int"}),
}
COPYING_CONTINUOUS_OPS = ("gain_symbols", "lend_effects")
#: the features of cards that change other cards' effects (special_ops.refresh_copies keeps their definitions)
OVERLAY_FEATURES = ("lend_effects", "keeps_only", BLANK_TEXT, HOST_GAINS_RULE)  # (the last two: ops_overrides.py)
#: ``own_symbols``: the different elements (types) this card has now ("for each ELEMENT this card has")
COPYING_COUNTS = ("own_symbols",)
_SYMBOL_SOURCES = ("aftermarket", "neighbours", "opponents")  # (opponents: batch overrides)
#: the zones of a play area a ``copy_chosen`` may take a card from, in the order it offers them
COPY_ZONES = ("tableau", "accessory", "deck_box")
COPY_CHOSEN_TIMINGS = ("play", "flip", "score", "action")
_PLAYERS = ("self", "any")
#: the frame's context key naming the cap in force, ``(seat, token)``: the frames the capped effect pushes
#: inherit it; the RP still open is in the context of the lowest frame of the stack naming it (``_LEFT``),
#: the effect's own (a frame's context is copied with the game, so no dict is shared between frames)
CAP_KEY = "rp_cap"
_LEFT = "rp_cap_left"

Errors = list[tuple[str, str]]


def copying_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of ``copy_chosen`` and ``cap_rp``."""
    if name == "cap_rp":
        cap = op.get("max")
        ok = isinstance(cap, int) and not isinstance(cap, bool) and cap >= 1
        return [] if ok else [(f"{where}.max", "is a whole number, 1 or more")]
    errors: Errors = []
    if name == "gain_symbols":
        if op.get("from") not in _SYMBOL_SOURCES:
            errors.append((f"{where}.from", f"is one of {', '.join(_SYMBOL_SOURCES)}"))
        if not isinstance(op.get("keep_own"), bool):
            errors.append((f"{where}.keep_own", "is true or false"))
        return errors
    if name == "lend_effects":
        timings = op.get("timings")
        ok = isinstance(timings, list) and bool(timings) and all(t in EFFECT_TIMINGS for t in timings)
        return [] if ok else [(f"{where}.timings", f"is a list of {', '.join(EFFECT_TIMINGS)}")]
    if name == "copy_those":
        return [] if op.get("timing") in COPY_CHOSEN_TIMINGS else \
            [(f"{where}.timing", f"is one of {', '.join(COPY_CHOSEN_TIMINGS)}")]
    if op.get("timing") not in COPY_CHOSEN_TIMINGS:
        errors.append((f"{where}.timing", f"is one of {', '.join(COPY_CHOSEN_TIMINGS)}"))
    zones = op.get("zones")
    if not isinstance(zones, list) or not zones or any(z not in COPY_ZONES for z in zones):
        errors.append((f"{where}.zones", f"is a list of {', '.join(COPY_ZONES)}"))
    if op.get("player") not in _PLAYERS:
        errors.append((f"{where}.player", f"is one of {', '.join(_PLAYERS)}"))
    if not isinstance(op.get("other", False), bool):
        errors.append((f"{where}.other", "is true or false"))
    return errors


def copy_candidates(game: MBBase, seat: int, source: int | None, op: Mapping[str, Any]) -> list[int]:
    """The cards a ``copy_chosen`` may copy now: face-up ("A copy effect that would target a face-down
    card does nothing"), of the zones and players named, with effects of the timing that do not copy
    ("Copy effects can never be copied"), your own play area first."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    players = [seat] if op["player"] == "self" else \
        [seat, *(s for s in range(game.num_players) if s != seat and s not in game.out)]
    found = []
    for p in players:
        for zone in op["zones"]:
            cards = game.tableau[p] if zone == "tableau" else game.kit_cards_i(p, zone)
            for card in cards:
                if card in game.down or op.get("other") and card == source:
                    continue
                if any(not _copies(e) for _i, e in game.cards[card].timed(op["timing"])):
                    found.append(card)
    return found


def do_copying_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Run ``copy_chosen`` or ``cap_rp``; False while a choice is pending."""
    seat, ctx = frame["seat"], frame["ctx"]
    if op["op"] == "cap_rp":
        before = _cap_frame(game, ctx[CAP_KEY]) if CAP_KEY in ctx else None
        ctx[_LEFT] = op["max"] if before is None else min(op["max"], before["ctx"][_LEFT])
        ctx[CAP_KEY] = (seat, f"{game.steps}:{k}:{len(game.stack)}")
        return True
    if op["op"] == "copy_those":
        return _copy_those(game, frame, op, k)
    return _copy_chosen(game, frame, op, k)


def _copy_those(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The effects of the timing of each card REF ``those`` names (the cards just discarded), card by
    card in the order the player picked them ("in any order": that order; rules notes, "MB: copying"),
    each as this card's; a face-up or discarded card has its printed effects."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    frames = []
    for card in ctx.get("those") or ():
        effects = [e for _i, e in game.cards[card].timed(op["timing"]) if not _copies(e)]
        game.log("copy", seat, card=game.cards[card].name, effects=len(effects))
        frames += [game.frame(seat, source, e, {**ctx, "played": ctx.get("played", source)}) for e in effects]
    frame["i"] = k + 1
    game.push(frames)
    return True


def _copy_chosen(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """One card of ``copy_candidates``, the player's choice (asked when there are several); its effects
    of the timing resolve as this card's, after this op."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    key = f"{k}:copy_card"
    if key not in ctx:
        cards = copy_candidates(game, seat, source, op)
        if not cards:
            game.log("copy_failed", seat, card=game.cards[source].name if source is not None else None)
            return True
        if len(cards) > 1:
            names = ", ".join(f"{i + 1} {game.cards[c].name}" for i, c in enumerate(cards))
            ctx[f"{k}:copy_cards"] = cards
            game.ask(seat, "either", [Action("option", (i,)) for i in range(len(cards))], key,
                     f"the card whose {op['timing'].capitalize()} effects to copy ({names})")
            return False
        ctx[key] = 0
        ctx[f"{k}:copy_cards"] = cards
    card = ctx[f"{k}:copy_cards"][ctx[key]]
    effects = [e for _i, e in game.cards[card].timed(op["timing"]) if not _copies(e)]
    game.log("copy", seat, card=game.cards[card].name, effects=len(effects))
    frame["i"] = k + 1
    game.push([game.frame(seat, source, e, {**ctx, "played": ctx.get("played", source)}) for e in effects])
    return True


def _cap_frame(game: MBBase, cap: tuple) -> dict | None:
    """The frame of the effect that set ``cap``: the lowest one on the stack naming it."""
    return next((f for f in game.stack if f["ctx"].get(CAP_KEY) == cap), None)


#: the timings a partial copy (``exact_copy`` with ``what: effects``) may name
EFFECT_TIMINGS = ("play", "flip", "score", "action", "reaction", "ongoing", "top", "next")


def effects_copy_errors(op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``exact_copy`` ``what: effects`` copies a neighbour's effects (``side``) or
    your other Accessories' (``from: accessories``), of some ``timings`` or all; ``until_scoring``."""
    errors: Errors = []
    if op.get("what") != "effects":
        errors.append((f"{where}.what", "is effects (the card's own data kept)"))
    if ("side" in op) == ("from" in op) or op.get("side", "left") not in ("left", "right") \
            or op.get("from", "accessories") != "accessories":
        errors.append((f"{where}.side", "copies the card to the left or right (side), or from: accessories"))
    timings = op.get("timings", list(EFFECT_TIMINGS))
    if not isinstance(timings, list) or not timings or any(t not in EFFECT_TIMINGS for t in timings):
        errors.append((f"{where}.timings", f"is a list of {', '.join(EFFECT_TIMINGS)}"))
    if op.get("until_scoring", True) is not True:
        errors.append((f"{where}.until_scoring", "is true when given"))
    return errors


def effects_copy_of(game: MBBase, card: int, own, rule: Mapping[str, Any]):
    """The definition ``card`` has now under a partial copy (``exact_copy`` ``what: effects``): its own
    data and effects, with the effects of the timings named of the face-up neighbour on that side (in
    a tableau), or of its player's other face-up Accessories; a face-down card, a card that copies or
    an effect that copies is never copied (FAQs), and an ``until_scoring`` rule stops while the
    tournament is scored (rules notes, "MB: copying")."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    seat = game.seat_of(card)
    if card in game.down or seat is None or rule.get("until_scoring") and game.phase == "scoring":
        return own
    if "side" in rule:
        other = game.neighbour(card, -1 if rule["side"] == "left" else 1) if game.in_tableau(card) else None
        sources = [other] if other is not None else []
    else:
        sources = [a for a in game.accessories[seat] if a != card]
    timings = rule.get("timings")
    sources = [s for s in sources if s not in game.down and not copies_itself(game, s)]
    gained = tuple(e for s in sources for e in game.cards[s].effects
                   if (timings is None or e.get("timing") in timings) and not _copies(e))
    if not gained:
        return own
    return _with_effects(own, tuple(game.cards[s] for s in sources), gained)


def overlaid(game: MBBase, copiers: dict) -> dict:
    """``copiers`` with the cards other cards may change the effects of now: the face-up neighbours of
    a face-up ``lend_effects`` card, the host of an attachment that keeps only some of its effects
    (``attach`` ``keep_only``); each with its own definition, kept while the game lasts (its entry
    gives it back once nothing changes it). The same dict when none is new."""
    found = {}
    for card, own in copiers.items():
        if "lend_effects" in own.features and card not in game.down and game.in_tableau(card):
            for side in (-1, 1):
                other = game.neighbour(card, side)
                if other is not None and other not in copiers:
                    found[other] = game.cards[other]
    for info in game.attached.values():
        if info.get("keep_only") and info["host"] not in copiers:
            found[info["host"]] = game.cards[info["host"]]
    found.update(blank_candidates(game, {**copiers, **found}))  # cards whose text may be blank (ops_overrides.py)
    return {**copiers, **found} if found else copiers


def overlay_of(game: MBBase, card: int, own):
    """The definition ``card`` has now under the cards that change its effects ("Effects on Cards": an
    Ongoing effect works while its card is face-up): next to a face-up ``lend_effects`` card it loses
    its own effects and has that card's printed effects of the timings named; with an attachment that
    keeps only some timings (Quartz-like ``keep_only``) it keeps only those (rules notes, "MB:
    copying"). A face-down card has no text; out of a tableau nothing changes it."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    if game.copiers and blanked(game, card, own, game.copiers):  # its text blank (ops_overrides.py)
        return blank_of(own)
    if card in game.down or not game.in_tableau(card):
        return own
    if HOST_GAINS_RULE in own.features and (held := host_gained(game, card, "effects")):  # ops_overrides.py
        gained = tuple(e for a in held for e in game.cards[a].effects if not _copies(e))
        return _with_effects(own, tuple(game.cards[a] for a in held), gained) if gained else own
    copiers = game.copiers or {}
    effects: tuple | None = None
    lenders = []
    for side in (-1, 1):
        other = game.neighbour(card, side)
        lender = copiers.get(other) if other is not None and other not in game.down else None
        if lender is not None and "lend_effects" in lender.features:
            timings = [t for op in lender.continuous("lend_effects") for t in op["timings"]]
            effects = (effects or ()) + tuple(e for e in lender.effects if e.get("timing") in timings and not _copies(e))
            lenders.append(lender)
    kept = [t for info in game.attached.values() if info["host"] == card for t in info.get("keep_only", ())]
    if effects is None and not kept:
        return own
    if effects is None:
        effects = tuple(e for e in own.effects if e.get("timing") in kept)
    key = ("overlay", id(own), *map(id, lenders), tuple(kept))
    known = _WITH_EFFECTS.get(key)
    if known is not None and known[0] is own:
        return known[2]
    from rules.millennium_blades.catalogue import CardDef

    copy = CardDef(own.name, own.card_type, own.star, own.elements, own.types, own.keywords, effects, own.set_code,
                   copied_from=", ".join(x.name for x in lenders) or "its attachment", set_kind=own.set_kind)
    _WITH_EFFECTS[key] = (own, (), copy)
    return copy


def copies_itself(game: MBBase, card: int) -> bool:
    """Whether ``card`` is an exact copy (whole or of effects): "Copy effects can never be copied"
    (FAQs); a card that only changes other cards' effects is no copy (its own definition is kept)."""
    own = (game.copiers or {}).get(card)
    return own is not None and "exact_copy" in own.features


_WITH_EFFECTS: dict[tuple, tuple] = {}


def _with_effects(own, sources: tuple, gained: tuple):
    """``own`` with ``gained`` after its effects, naming the cards they are from (``copied_from``); made
    once per card and sources (a new definition each step would rebuild the feature index each step)."""
    from rules.millennium_blades.catalogue import CardDef

    key = (id(own), *map(id, sources), len(gained))
    known = _WITH_EFFECTS.get(key)
    if known is not None and known[0] is own and known[1] == sources:
        return known[2]
    if len(_WITH_EFFECTS) > 5000:
        _WITH_EFFECTS.clear()
    copy = CardDef(own.name, own.card_type, own.star, own.elements, own.types, own.keywords, (*own.effects, *gained),
                   own.set_code, copied_from=", ".join(s.name for s in sources), set_kind=own.set_kind)
    _WITH_EFFECTS[key] = (own, sources, copy)
    return copy


def gained_symbols(game: MBBase, card: int, what: str) -> tuple[str, ...] | None:
    """The elements (``what``: elements) or types ``card`` has under its ``gain_symbols`` rule, or
    ``None`` while the rule is not in force (the card out of a tableau: "Effects on Cards"; face-down
    cards have none, as ``elements`` says first). Aftermarket cards show their printed symbols; a
    neighbour with such a rule too gives its printed ones (no card reads itself round a loop)."""
    if not game.in_tableau(card):
        return None
    found: list[str] = []
    for op in game.cards[card].continuous("gain_symbols"):
        if op["keep_own"]:
            found += getattr(game.cards[card], what)
        if op["from"] == "aftermarket":
            others = [getattr(game.cards[c], what) for c in game.aftermarket]
        else:  # the cards beside it, or those of the other tableaus (batch overrides)
            seat = game.seat_of(card)
            sides = (game.neighbour(card, -1), game.neighbour(card, 1)) if op["from"] == "neighbours" else \
                tuple(c for other, row in enumerate(game.tableau) if other != seat for c in row)
            others = [getattr(game.cards[n], what) if "gain_symbols" in game.cards[n].features
                      else (game.elements(n) if what == "elements" else game.types(n))
                      for n in sides if n is not None and n not in game.down]
        found += [v for values in others for v in values]
    return tuple(dict.fromkeys(found))


def copying_count(game: MBBase, count: Mapping[str, Any], source: int | None) -> int:
    """``own_symbols``: how many different elements (types) this card has now (none out of play)."""
    if source is None:
        return 0
    return len(set(game.elements(source) if count["what"] == "elements" else game.types(source)))


def copying_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    return [] if count.get("what") in ("elements", "types") else [(f"{path}.what", "is elements or types")]


def host_flip_copies(game: MBBase, host: int) -> list[dict]:
    """Frames of the effects an attachment copies as its host is flipped ("Whenever the attached card is
    flipped, copy its Play effects (before activating Flip effects)"): the host's printed effects of
    that timing as it was, each the attachment's own for its player, resolved before the host's Flip
    effects; asked as the flip happens, before the attachment leaves ("FAQs": attached cards)."""
    from rules.millennium_blades.special_ops import _copies  # special_ops asks this module

    frames = []
    for att, info in game.attached.items():
        if info["host"] != host or "flip_copy" not in info:
            continue
        seat = game.owner[att] if game.owner[att] >= 0 else game.seat_of(host)
        if seat is None:
            continue
        effects = [e for _i, e in game.cards[host].timed(info["flip_copy"]) if not _copies(e)]
        game.log("copy", seat, card=game.cards[host].name, effects=len(effects))
        frames += [game.frame(seat, att, e, {"played": host}) for e in effects]
    return frames


def gain_under_cap(game: MBBase, ctx: dict, seat: int, gained: int) -> int:
    """What ``seat`` gains of ``gained`` under the effect's cap (``cap_rp``), the cap spent by it."""
    cap = ctx[CAP_KEY]
    owner = _cap_frame(game, cap)
    if cap[0] != seat or owner is None:
        return gained
    kept = min(gained, owner["ctx"][_LEFT])
    owner["ctx"][_LEFT] -= kept
    if kept < gained and game.log_events:
        game.log("rp_capped", seat, amount=gained, kept=kept)
    return kept


__all__ = ["CAP_KEY", "COPYING_CONTINUOUS_OPS", "COPYING_COUNTS", "COPYING_OPS", "COPY_ZONES", "EFFECT_TIMINGS",
           "OVERLAY_FEATURES", "copies_itself", "copy_candidates", "copying_count", "copying_count_errors", "copying_op_errors",
           "do_copying_op", "effects_copy_errors", "effects_copy_of", "gain_under_cap", "gained_symbols",
           "host_flip_copies", "overlaid",
           "overlay_of"]
