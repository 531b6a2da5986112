"""The engine side of batch r's phrase shapes (issue 26.2; ``phrases_more_r.py``): attaching, after
batch h (``ops_more_h.py``). What the cards attached to a card count for (the ``attached`` COUNT);
a sentence that keeps the flips before it from activating Flip effects is the ``no_flip_effects``
field the ``flip`` op has, on ``flip_any`` too (``market.op_any_number``); a clash result the winner
"may" do is batch j's ``may``. docs/rules-notes.md, "MB: batch r", says how each reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

#: ``lasting_slot``: more tableau slots that stay when the card that gave them leaves or flips;
#: ``given_from_hand``: a card the other player picks from their own hand, into yours
MORE_R_OPS = {"lasting_slot": OpSpec("You have amount more slots in your tableau, at its right end, for the rest of "
                                     "the tournament (they stay when this card flips or leaves).", {"amount": "int"}),
              "given_from_hand": OpSpec("Each of the players (who; not you) picks a card from their own hand, and it "
                                        "goes into your hand, yours now (those cards).", {"who": "str"}),
              "attach_in_tableau": OpSpec("Attach a face-up card of your choice in your tableau to another face-up card "
                                          "of your choice there: it leaves the tableau (the attached card).", {}),
              "look_keep": OpSpec("Look at the top amount cards of the Store; put any number of them of your choice "
                                  "into your hand (yours now: those cards), the rest back on top in the order you "
                                  "choose.", {"amount": "int"}),
              "swap_with_this": OpSpec("This card and the card the REF names (card) change slots in your tableau, "
                                       "both face-up (else nothing happens).", {"card": "str"})}
_GIVERS = ("that_player", "each_opponent")

#: ``attached``: the cards attached to the effect's card (what: cards), their combined printed STAR
#: (stars), or their different rarities (elements, types)
MORE_R_COUNTS = ("attached",)
_ATTACHED_WHAT = ("cards", "stars", "rarities", "elements", "types")


def more_r_count(game: Any, count: Mapping[str, Any], source: int | None) -> int:
    """The ``attached`` COUNT of ``source``'s attachments. "Attached cards are not considered in the
    tableau for effects" ("FAQs": "How do attached cards function?"): each counts as printed (its
    printed STAR, its printed symbols; rules notes, "MB: batch r"); a card with no rarity known (a
    starter card) adds no rarity."""
    if source is None:
        return 0
    cards = game.attachments(source)
    what = count["what"]
    if what == "cards":
        return len(cards)
    if what == "stars":
        return sum(game.cards[c].printed_star for c in cards)
    if what == "rarities":
        from rules.millennium_blades.ops_more_l import rarity

        return len({rarity(game, c) for c in cards} - {""})
    return len({v for c in cards for v in getattr(game.cards[c], what)})


def more_r_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """The card checker of ``MORE_R_COUNTS``: ``attached`` counts cards, stars, rarities, elements or
    types."""
    return [] if count.get("what") in _ATTACHED_WHAT else [(f"{path}.what", f"is one of {', '.join(_ATTACHED_WHAT)}")]


def more_r_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker of ``MORE_R_OPS``: ``lasting_slot``'s amount is a number of slots, 1 or more;
    ``given_from_hand`` comes from that player or each opponent."""
    if name == "given_from_hand":
        return [] if op.get("who") in _GIVERS else [(f"{where}.who", f"is one of {', '.join(_GIVERS)}")]
    if name == "look_keep":
        amount = op.get("amount", 1)
        ok = isinstance(amount, int) and not isinstance(amount, bool) and amount >= 1
        return [] if ok else [(f"{where}.amount", "a number of cards, 1 or more")]
    if name == "attach_in_tableau":
        return [(f"{where}.{key}", f"{name} takes no {key}") for key in sorted(set(op) - {"op"})]
    if name == "swap_with_this":
        from rules.millennium_blades.effects import REFS  # effects imports this module

        return [] if op.get("card") in REFS else [(f"{where}.card", f"names a card: one of {', '.join(REFS)}")]
    amount = op.get("amount", 1)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        return [(f"{where}.amount", "a number of slots, 1 or more")]
    return []


def do_more_r_op(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """Run one of ``MORE_R_OPS``."""
    if op["op"] == "given_from_hand":
        return _given_from_hand(game, frame, op, k)
    if op["op"] == "swap_with_this":
        return _swap_with_this(game, frame, op)
    if op["op"] == "attach_in_tableau":
        return _attach_in_tableau(game, frame, k)
    if op["op"] == "look_keep":
        return _look_keep(game, frame, op, k)
    return _lasting_slot(game, frame, op)


def _look_keep(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """The top cards of the Store looked at, any number of them kept in the hand, the others put back
    in an order of the player's choice: the cards leave the Store while the player looks (only they see them: the
    log says how many, not which); they pick the ones to keep one at a time and stop ("decline"),
    then, of the rest, the card to put back first, and so on: the last one put back is the new top
    ("FAQs": a Store that runs out is the Store Discard shuffled). Kept cards are theirs now."""
    seat, ctx = frame["seat"], frame["ctx"]
    looked_key = f"{k}:looked"
    if looked_key not in ctx:
        ctx[looked_key] = [c for c in (game.draw_store() for _ in range(op.get("amount", 1))) if c is not None]
        game.log("look", seat, cards=len(ctx[looked_key]))
    looked: list[int] = ctx[looked_key]
    kept: list[int] = ctx.setdefault(f"{k}:kept", [])
    back: list[int] = ctx.setdefault(f"{k}:back", [])
    if not ctx.get(f"{k}:kept_done"):
        rest = [c for c in looked if c not in kept]
        key = f"{k}:keep{len(kept)}"
        if rest and key not in ctx:
            options = [Action("show", (name,)) for name in dict.fromkeys(game.cards[c].name for c in rest)]
            game.ask(seat, "any_number", [*options, Action("decline")], key, "a card to keep, or stop")
            return False
        if rest and ctx[key] is not False:
            kept.append(next(c for c in rest if game.cards[c].name == ctx[key]))
            return _look_keep(game, frame, op, k)
        ctx[f"{k}:kept_done"] = True
    rest = [c for c in looked if c not in kept and c not in back]
    while len(rest) > 1:
        key = f"{k}:back{len(back)}"
        if key not in ctx:
            options = [Action("show", (name,)) for name in dict.fromkeys(game.cards[c].name for c in rest)]
            game.ask(seat, "either", options, key, "the card to put back first (the last one is the top)")
            return False
        back.append(next(c for c in rest if game.cards[c].name == ctx[key]))
        rest = [c for c in looked if c not in kept and c not in back]
    back += rest
    game.store.extend(back)  # the end of the list is the top
    for card in kept:
        game.hand[seat].append(card)
        game.owner[card] = seat
    ctx["those"], ctx["did"] = list(kept), bool(kept)
    game.log("look_keep", seat, kept=len(kept), back=len(back))
    return True


def _attach_in_tableau(game: Any, frame: dict, k: int) -> bool:
    """One card of the player's tableau attached to another one there: the player picks a face-up
    card of theirs, then the face-up card to attach it to ("In general, effects cannot target
    face-down cards"; a card that cards cannot be attached to is no host, and a card that has
    attachments of its own stays: rules notes, "MB: batch r"). It leaves the tableau ("Attached cards
    are not considered in the tableau for effects", "FAQs") and goes to its owner's binder when its
    host is flipped (``detach``); "the attached card" names it. None to pick: nothing happens."""
    seat, ctx = frame["seat"], frame["ctx"]
    row = game.tableau[seat]
    hosts = [c for c in row if c not in game.down and game.attachable(c)]
    movable = [c for c in row if c not in game.down and not game.attachments(c) and any(h != c for h in hosts)]
    ctx["did"] = False
    if not movable:
        game.log("attach_failed", seat, card=game.cards[frame["source"]].name if frame["source"] is not None else None)
        return True
    for key, pool in ((f"{k}:attach_card", movable), (f"{k}:attach_host", None)):
        if pool is None:
            pool = [h for h in hosts if h != ctx[f"{k}:attach_card"]]
        if key not in ctx:
            if len(pool) == 1:
                ctx[key] = pool[0]
            else:
                about = "a card to attach" if key.endswith("card") else "the card to attach it to"
                game.ask(seat, "target", [game.target_action(c) for c in pool], key, about)
                return False
    card, host = ctx[f"{k}:attach_card"], ctx[f"{k}:attach_host"]
    row.remove(card)
    game.attached = {**game.attached, card: {"host": host}}
    ctx["attached"], ctx["did"] = card, True
    game.log("attach", seat, card=game.cards[card].name, to=game.cards[host].name, star=game.star(host))
    return True


def _swap_with_this(game: Any, frame: dict, op: Mapping[str, Any]) -> bool:
    """This card and the card a REF names ("it") change slots in the player's tableau ("Tableau":
    a card's slot is its place in the row), as the ``swap`` op swaps two of their choice; both must
    be face-up there ("In general, effects cannot target face-down cards"), and a card swapped with
    itself (this card is the Top Card) stays where it is."""
    seat, source = frame["seat"], frame["source"]
    other = game.ref(op["card"], source, seat, frame["ctx"])
    row = game.tableau[seat]
    if source is None or other is None or other == source or source not in row or other not in row \
            or source in game.down or other in game.down:
        game.log("swap", seat, swapped=False)
        return True
    a, b = row.index(source), row.index(other)
    row[a], row[b] = row[b], row[a]
    frame["ctx"]["those"] = [source, other]
    game.log("swap", seat, swapped=True, cards=[game.cards[source].name, game.cards[other].name])
    return True


def _given_from_hand(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """A card the chosen opponent selects from their own hand, into yours: each giver, in
    turn, picks one of their own cards (their choice, not yours: rules notes, "MB: batch r"); it
    leaves their hand for yours, and it is yours now (as a card taken from a hand, ``take_random_hand``).
    A giver with an empty hand gives nothing."""
    seat, ctx = frame["seat"], frame["ctx"]
    players = game.who(frame, op, k)
    if players is None:
        return False
    given: list[int] = ctx.setdefault(f"{k}:given", [])
    for n, p in enumerate(q for q in players if q != seat):
        key = f"{k}:give{n}"
        if key not in ctx:
            if not game.hand[p]:
                ctx[key] = None
                continue
            names = sorted({game.cards[c].name for c in game.hand[p]})
            game.ask(p, "discard", [Action("pick", (name,)) for name in names], key, "a card from your hand to give")
            return False
        card = ctx[key]
        if card is None or card in given:
            continue
        game.hand[p].remove(card)
        game.hand[seat].append(card)
        game.owner[card] = seat
        given.append(card)
        game.log("given_from_hand", seat, seat_from=p, card=game.cards[card].name)
    ctx["those"], ctx["did"] = list(given), bool(given)
    return True


def _lasting_slot(game: Any, frame: dict, op: Mapping[str, Any]) -> bool:
    """``lasting_slot``: the player's tableau has ``amount`` more slots for the rest of the tournament
    ("Tableau"; "FAQs": "Any extra tableau slots are always at the rightmost side"): an Action's card
    is flipped after its text ("Use an Action"), and the slots stay (rules notes, "MB: batch r")."""
    seat, amount = frame["seat"], op.get("amount", 1)
    game.lasting_slots = [n + amount if p == seat else n for p, n in enumerate(game.lasting_slots)]
    game.log("lasting_slot", seat, amount=amount, slots=game.capacity(seat))
    return True


__all__ = ["MORE_R_COUNTS", "MORE_R_OPS", "do_more_r_op", "more_r_count", "more_r_count_errors", "more_r_op_errors"]
