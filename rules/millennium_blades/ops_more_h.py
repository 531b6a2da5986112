"""The engine side of batch h's phrase shapes (issue 26.2; ``phrases_more_h.py``): accessories and
attaching. Most of batch h reads as ops the engine already plays (``kit_slots`` and ``all_symbols``
deck rules, ``extra_slot``, a ``flip`` of an Accessory, ``swap``, ``choose_player`` with
``reveal_hand``, an ``attach`` op's ``protect``); what is new here is that an Accessory's or Deck
Box's own "this card" names it although it is not in the tableau ("Your Tournament Area"): its
target (it flips, or takes +1 STAR tokens, itself) and the tokens counted for "this card has 6 or
more +1 STAR Tokens"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_more_t import keeps_this_turn_t

#: ``share_attached``: while this card is face-up in play, your cards in the zones it names have the
#: elements (types) printed on the cards attached to it, besides their own (continuous)
MORE_H_OPS = {"unflip": OpSpec("Turn face-up (up_to: or fewer, the player stopping when they like) amount of your "
                               "face-down cards in the zone (tableau, accessory); those cards.",
                               {"amount": "int", "zone": "str", "up_to": "bool"}),
              "share_attached": OpSpec("Ongoing: your cards in the zones (hand, tableau) have the elements and/or "
                                       "types (what; sets, rarities: batch overrides) printed on the cards attached "
                                       "to this card, in addition to "
                                       "their own (continuous).", {"zones": "list", "what": "list"})}
MORE_H_CONTINUOUS_OPS = ("share_attached",)
#: the ops ``do_more_h_op`` plays
MORE_H_RUN_OPS = ("unflip",)
_SHARE_ZONES = ("hand", "tableau")
_SHARE_WHAT = ("elements", "types")


def more_h_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker for ``MORE_H_OPS``."""
    errors = []
    if name == "unflip":
        amount = op.get("amount", 1)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            errors.append((f"{where}.amount", "a number of cards, 1 or more"))
        if op.get("zone", "tableau") not in ("tableau", "accessory"):
            errors.append((f"{where}.zone", "is tableau or accessory"))
        if not isinstance(op.get("up_to", False), bool):
            errors.append((f"{where}.up_to", "must be true or false"))
        return errors
    for key, known in (("zones", _SHARE_ZONES), ("what", (*_SHARE_WHAT, "sets", "rarities"))):  # (sets: ops_overrides)
        value = op.get(key)
        if not isinstance(value, list) or not value or any(v not in known for v in value):
            errors.append((f"{where}.{key}", f"is a list of {', '.join(known)}"))
    return errors


def sharing_attachments(state: Any, card: int, what: str) -> list[int]:
    """The cards whose ``what`` (elements, types, sets, rarities) ``card`` shares through a face-up
    ``share_attached`` card of its owner's naming it: the cards attached to that card, while ``card``
    is in a zone it names ("In addition to their other TYPES"; "FAQs": attached cards)."""
    found: list[int] = []
    for source in state.cards_with("share_attached"):
        seat = state.seat_of(source)
        if seat is None or source in state.down:
            continue
        zones = [z for op in state.ops_in_force(source, seat, "share_attached") if what in op["what"] for z in op["zones"]]
        if ("hand" in zones and card in state.hand[seat]) or ("tableau" in zones and card in state.tableau[seat]):
            found += state.attachments(source)
    return found


def shared_symbols(state: Any, card: int, key: str) -> tuple[str, ...]:
    """The elements (``key`` "elements") or types ``card`` has from a face-up ``share_attached`` card
    of its owner's: the symbols printed on that card's attachments (``sharing_attachments``)."""
    return tuple(dict.fromkeys(v for a in sharing_attachments(state, card, key) for v in getattr(state.cards[a], key)))


def tokens_on_this(state: Any, source: int) -> int:
    """The +1 STAR tokens on ``source`` itself, wherever it is in play (tableau, Deck Box or
    Accessory area: "Your Tournament Area"); a card of no Play Area has none."""
    return state.tokens.get(source, 0) if state.seat_of(source) is not None else 0



def this_in_kit_area(state: Any, pick: str, card: int | None) -> bool:
    """Whether a target "this card" names an Accessory or Deck Box in its player's area: "A card
    cannot affect or target your Accessories unless it specifically says it can" ("Accessories"),
    and an Accessory's own "this card" says so (it flips, or takes +1 STAR tokens, itself)."""
    return pick == "this" and card is not None and any(card in zone for zones in (state.accessories, state.deck_box)
                                                         for zone in zones)




def do_more_h_op(state: Any, frame: dict, op: dict, k: int) -> bool:
    """``unflip``: the player picks face-down cards of theirs in the zone, one at a time ("up to":
    they may stop, "decline"), and they turn face-up ("Face-Down Cards": they have their data and
    text again; an Accessory its Action); "those cards" are them. None face-down: nothing happens."""
    seat, ctx = frame["seat"], frame["ctx"]
    gear = op.get("zone") == "accessory"
    area = state.accessories[seat] if gear else state.tableau[seat]
    chosen: list[int] = []
    for n in range(op.get("amount", 1)):
        key = f"{k}:unflip{n}"
        pool = [c for c in area if c in state.down and c not in chosen]
        if not pool:
            break
        if key not in ctx:
            if len(pool) == 1 and not op.get("up_to"):
                ctx[key] = pool[0]
            else:
                options = [Action("accessory", (seat, area.index(c))) if gear else state.target_action(c) for c in pool]
                state.ask(seat, "unflip", [*options, *([Action("decline")] if op.get("up_to") else [])], key,
                          "a face-down card to turn face-up")
                return False
        if ctx[key] is False:  # stopped ("up to")
            break
        chosen.append(ctx[key])
    for card in chosen:
        state.down.discard(card)
        state.log("unflip", seat, card=state.cards[card].name, slot=area.index(card))
    ctx["those"], ctx["did"] = chosen, bool(chosen)
    return True


# -- filters ------------------------------------------------------------------------------------------------
#: ``shares_attached``: the card has an element (type) printed on a card attached to the effect's card
MORE_H_FILTER_KEYS = frozenset({"shares_attached"})


def more_h_filter_holds(state: Any, card: int, flt: Mapping[str, Any], source: int | None) -> bool:
    """FILTER ``shares_attached`` ("the same ELEMENT as the attached card"): ``card`` has one of the
    elements (types) printed on the cards attached to ``source``; none attached, or a face-down card
    ("Face-Down Cards": no symbols): it does not hold."""
    what = flt["shares_attached"]
    if source is None:
        return False
    if what == "sets":  # "from the SET of the attached card" (batch r): a face-down card has no Set
        sets = {state.cards[a].set_code for a in state.attachments(source)} - {""}
        return card not in state.down and state.cards[card].set_code in sets
    printed = {v for a in state.attachments(source) for v in getattr(state.cards[a], what)}
    mine = state.elements(card) if what == "elements" else state.types(card)
    return bool(printed & set(mine))


def more_h_filter_errors(key: str, value: Any, path: str) -> list[tuple[str, str]]:
    """The card checker for ``MORE_H_FILTER_KEYS``."""
    return [] if value in (*_SHARE_WHAT, "sets") else [(f"{path}.{key}", "is elements, types or sets")]


# -- counts ------------------------------------------------------------------------------------------------
#: ``sum``: several COUNTs added ("for each face-down card and empty slot"); ``empty_slots_each``: the
#: open slots of every tableau still in the tournament ("Tableau")
MORE_H_COUNTS = ("sum", "empty_slots_each")


def more_h_count(state: Any, count: Mapping[str, Any], source: int | None, seat: int, ctx: dict | None) -> int:
    """The value of a batch h COUNT seen from ``source`` (its player ``seat``)."""
    if count["count"] == "sum":
        return sum(state.count(part, source, seat, ctx) for part in count["of"])
    return sum(max(0, state.capacity(p) - len(state.tableau[p])) for p in range(state.num_players) if p not in state.out)


def more_h_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """The card checker: a ``sum`` adds two or more COUNTs, each checked as one."""
    if count["count"] != "sum":
        return []
    parts = count.get("of")
    if not isinstance(parts, list) or len(parts) < 2:
        return [(f"{path}.of", "is a list of two or more counts")]
    from rules.millennium_blades.effects import count_errors  # effects imports this module

    return [e for j, part in enumerate(parts) for e in count_errors(part, f"{path}.of[{j}]")]


# -- attaching ("FAQs": "How do attached cards function?") ------------------------------------------
def attach_gifts(state: Any, op: Mapping[str, Any], host: int) -> dict[str, int]:
    """What an ``attach`` op gives beyond star, symbols and protection: ``printed_star``, the host's
    printed Star Rating while the card is attached (the attachment adds the difference, with any
    ``star`` the op also gives; tokens and other bonuses still count on top: "CARD DATA"), and
    ``turn_tokens``, the +1 STAR tokens its player may put on it as each of their turns starts."""
    gifts = {}
    if "printed_star" in op:
        gifts["star"] = op.get("star", 0) + op["printed_star"] - state.cards[host].printed_star
    if op.get("turn_tokens"):
        gifts["turn_tokens"] = op["turn_tokens"]
    return gifts


def attach_gift_errors(op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker: an ``attach`` op's ``printed_star`` is a Star Rating (0 to 12), its
    ``turn_tokens`` a number of tokens (1 or more)."""
    errors = []
    value = op.get("printed_star", 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12:
        errors.append((f"{where}.printed_star", "a Star Rating from 0 to 12"))
    tokens = op.get("turn_tokens", 1)
    if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 1:
        errors.append((f"{where}.turn_tokens", "a number of +1 STAR tokens, 1 or more"))
    return errors


def attached_turn_frames(state: Any, seat: int) -> list[dict]:
    """The frames of what attachments give as ``seat``'s turn starts: for each face-up card of its
    tableau with an attachment that gives ``turn_tokens``, "you may" put them on that card (an
    optional frame whose card is the host, so "this card" is it)."""
    frames = []
    for info in state.attached.values():
        host = info["host"]
        if info.get("turn_tokens") and host in state.tableau[seat] and host not in state.down:
            effect = {"timing": "ongoing", "optional": True, "ops": [
                {"op": "star_tokens", "amount": info["turn_tokens"], "target": {"player": "self", "pick": "this"}}]}
            frames.append(state.frame(seat, host, effect, {}, needs_face_up=True))
    return frames


# -- an Ongoing "When you would lose a clash" ("Clashing"; "Effects on Cards") -------------------------
#: what the clash result may become for that player (``clash.would_lose_reactions``' outcomes)
_KEEPS = ("win", "not_lose")


def _flips_itself(target: Any) -> bool:
    """"flip this card" ("this accessory", "this deck box"): the effect's own card."""
    return isinstance(target, Mapping) and target.get("player") == "self" and target.get("pick") == "this" \
        and set(target) <= {"player", "pick", "zone"} and target.get("zone", "accessory") in ("accessory", "deck_box")


def _kept_as(ops: Any) -> str | None:
    """The clash outcome an Ongoing "would lose a clash" effect gives: its ops are that outcome alone,
    or "flip this card. If you do, ..." before it; ``None`` for any other shape."""
    if not isinstance(ops, list) or not ops:
        return None
    if len(ops) == 2 and ops[0].get("op") == "flip" and _flips_itself(ops[0].get("target")) \
            and ops[1].get("op") == "if" and ops[1].get("condition") == {"test": "did"} and "else" not in ops[1]:
        return _kept_as(ops[1].get("then"))
    if len(ops) == 1 and ops[0].get("op") == "clash_outcome" and ops[0].get("as") in _KEEPS:
        return ops[0]["as"]
    return None


def would_lose_errors(effect: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """The card checker (``effects.check_effect``): an Ongoing or Top effect on "you would lose a
    clash" is played only in the shapes ``_kept_as`` reads."""
    if effect.get("timing") in ("ongoing", "top") and effect.get("trigger", {}).get("event") == "would_lose_clash" \
            and (_kept_as(effect.get("ops")) is None or "condition" in effect or effect.get("optional")):
        return [(f"{path}.ops", ("an Ongoing \"would lose a clash\" is a clash outcome (win, not_lose), after "
                                 "\"flip this card. If you do,\" or alone"))]
    return []


def ongoing_keeps_clash(state: Any, ctx: dict, seat: int, key: str) -> str | None:
    """A loser's face-up card with an Ongoing (or, as its Top Card, Top) "When you would lose a
    clash": it is not optional ("Besides Reactions, other Effects are Not Optional"), so the first
    one resolves without a question: its card flips if the effect says so, and the result becomes
    what it prints ("win", "not_lose"); ``None`` when the player has none (rules notes, "MB: batch
    h"). ``key`` keeps the result for the clash's later questions."""
    if key in ctx:
        return ctx[key]
    top = state.top_card(seat)
    for card in state.play_area(seat):
        if card in state.down:
            continue
        for index, effect in enumerate(state.cards[card].triggers.get("would_lose_clash", ())):
            if effect["timing"] == "ongoing" or effect["timing"] == "top" and card == top:
                how = _kept_as(effect["ops"])
                if how is None or not keeps_this_turn_t(state, effect["trigger"], card, seat, index):
                    continue  # "the first time on your turn" (ops_more_t.py)
                if effect["ops"][0]["op"] == "flip" and not state.flip_card(card, seat):
                    continue  # "If you do": it did not flip, so nothing changes
                state.log("clash_kept", seat, card=state.cards[card].name, outcome=how)
                ctx[key] = how
                return how
    return None


__all__ = ["MORE_H_CONTINUOUS_OPS", "MORE_H_COUNTS", "MORE_H_FILTER_KEYS", "MORE_H_OPS", "MORE_H_RUN_OPS",
           "attach_gift_errors", "attach_gifts", "attached_turn_frames", "do_more_h_op", "more_h_count",
           "more_h_count_errors", "more_h_filter_errors", "more_h_filter_holds", "more_h_op_errors",
           "ongoing_keeps_clash", "shared_symbols", "sharing_attachments", "this_in_kit_area", "tokens_on_this",
           "would_lose_errors"]
