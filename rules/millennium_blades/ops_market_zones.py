"""The engine side of ``phrases_market_zones.py`` (issue 26.2, batch market_zones): the Store and
the Store Discard as zones an effect looks at and takes from during a tournament
(millennium-blades.txt, "Discards", "FAQs": "What happens if the Store runs out of cards?",
"Play a Single (Required)"; docs/rules-notes.md, "MB: market zones"). The card checker's checks are
here too. (``market.py`` / ``market_ops.py`` are the clash-era Store and Aftermarket ops: these
add to them and reuse their helpers.)

``look_choose``: the player looks at the top ``amount`` cards of the Store (``from: store``; "the
Store or Core deck": the Store, batch b) or of the Store Discard and chooses one (a decision);
REF ``chosen`` names it, and it stays where it is until a later op moves it. ``unchosen_to_discard``:
the cards looked at and not chosen, still on the Store, to the Store Discard. ``play_chosen``: the
chosen card, still where it was, played into the next open slot (it is the player's now).
``sell_marker``: one of the player's Sell Markers on the card just played. ``store_discard_to_top``:
cards drawn at random from the Store Discard put on top of the Store in the player's order.
``reveal_in_place``: the Store's top card shown to all and left on top. ``fill_aftermarket``: Store
cards into the Aftermarket until it holds a number. ``those_fitting_to_hand`` /
``those_to_store_discard``: the revealed cards that fit to the hand, the rest to the Store Discard.
``play_store_discard``: the pile's bottom (top) card played. ``next_from_store_discard``: a Next
effect making the pile's top card a choice for the next play (``store_discard_plays``, flow.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the zones ``look_choose`` looks at (their top is the end of the list)
LOOK_FROM = ("store", "store_discard")
#: the second argument of the legal action that plays the Store Discard's top card (``next_from_store_discard``)
FROM_STORE_DISCARD = "store_discard"
MARKET_ZONES_OPS = {
    "look_choose": OpSpec("Look at the top amount cards (as many as there are) of the Store (from: store) or the Store "
                          "Discard (from: store_discard) and choose one; REF chosen names it, still there.",
                          {"from": "str", "amount": "int"}),
    "unchosen_to_discard": OpSpec("The cards the look_choose before looked at and did not choose, still on the Store, "
                                  "to the Store Discard (those in the Store Discard stay).", {}),
    "play_chosen": OpSpec("Play the card the look_choose before chose (still in its zone) into your tableau, its Play "
                          "effects too (an open slot needed; yours now); REF played names it.", {}),
    "sell_marker": OpSpec("Put one of your Sell Markers (if you have one left) on the card just played (REF played), "
                          "still face-up in your tableau.", {}),
    "reveal_in_place": OpSpec("The Store's top card shown to every player; it stays on top (REF revealed).", {}),
    "fill_aftermarket": OpSpec("Put the top cards of the Store into the Aftermarket one at a time until it holds size "
                               "cards (none if it holds as many already; those cards).", {"size": "int"}),
    "those_fitting_to_hand": OpSpec("Of the cards this effect revealed (those), still in the Aftermarket, those that "
                                    "fit the filter to your hand (yours now).", {"filter": "any"}),
    "those_to_store_discard": OpSpec("The other cards this effect revealed (those), still in the Aftermarket, to the "
                                     "Store Discard.", {}),
    "play_store_discard": OpSpec("Play the bottom (end: bottom) or top (end: top) card of the Store Discard into your "
                                 "tableau, its Play effects too (an open slot needed; yours now); REF played names it.",
                                 {"end": "str"}),
    "next_from_store_discard": OpSpec("Next: your next play may take the Store Discard's top card (a "
                                      "Single), played as the turn's Single (legal action `play <name> "
                                      "store_discard`), yours from then on; resolving it does nothing more.", {}),
    "store_discard_to_top": OpSpec("Put amount cards drawn at random from the Store Discard (as many as it has) on "
                                   "top of the Store in the order you choose (those cards).", {"amount": "int"}),
}

Errors = list[tuple[str, str]]


def market_zones_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: a look names its zone and a whole number of cards."""
    from rules.millennium_blades.effects import _int  # effects asks this module

    errors: Errors = []
    if name in ("look_choose", "store_discard_to_top"):
        errors += _int(op.get("amount", 1), f"{where}.amount")
    if name == "look_choose" and op.get("from") not in LOOK_FROM:
        errors.append((f"{where}.from", f"is one of {', '.join(LOOK_FROM)}"))
    if name == "fill_aftermarket":
        errors += _int(op.get("size"), f"{where}.size")
    if name == "play_store_discard" and op.get("end") not in ("top", "bottom"):
        errors.append((f"{where}.end", "is top or bottom"))
    if name == "those_fitting_to_hand":
        from rules.millennium_blades.effects import filter_errors

        errors += filter_errors(op.get("filter"), f"{where}.filter")
    return errors


def _zone(game: MBBase, name: str) -> list[int]:
    return game.store if name == "store" else game.store_discard


def _look_choose(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A look at a pile's top cards and a choice of one: the top ``amount`` cards (all there
    are, if fewer; an empty Store is its discard shuffled first, "FAQs"), seen by the player only;
    the choice is theirs. Nothing there: nothing is chosen, and "If you did" does not hold."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:look"
    if f"{k}:looked" not in ctx:
        if op["from"] == "store" and not game.store:
            card = game.draw_store()  # the discard shuffled into a new Store ("FAQs"), its top card back on it
            if card is not None:
                game.store.append(card)
        zone = _zone(game, op["from"])
        ctx[f"{k}:looked"] = zone[-op.get("amount", 1):][::-1]  # top first
    looked = ctx[f"{k}:looked"]
    ctx["looked"], ctx["chosen"], ctx["did"] = looked, None, False
    if not looked:
        game.log("looked_at", seat, zone=op["from"], looked=0, chose=None)
        return True
    names = list(dict.fromkeys(game.cards[c].name for c in looked))
    if key not in ctx and len(names) > 1:
        game.ask(seat, "play", [Action("value", (n,)) for n in names], key, "the card looked at to keep")
        return False
    name = ctx.get(key, names[0])
    ctx["chosen"] = next(c for c in looked if game.cards[c].name == name)
    ctx["did"] = True
    game.log("looked_at", seat, zone=op["from"], looked=len(looked), chose=name)
    return True


def _unchosen_to_discard(game: MBBase, frame: dict) -> bool:
    """"Discard ... the unchosen cards": a Store card has no owner, so it goes to the Store Discard
    (rules notes, "Store cards discarded"); cards looked at in the Store Discard are there already."""
    ctx = frame["ctx"]
    moved = [c for c in ctx.get("looked", ()) if c != ctx.get("chosen") and c in game.store]
    for card in moved:
        game.store.remove(card)
        game.store_discard.append(card)
    ctx["those"] = moved
    game.log("unchosen_discarded", frame["seat"], cards=[game.cards[c].name for c in moved])
    return True


def _play_chosen(game: MBBase, frame: dict, card: int | None) -> bool:
    """"Play the chosen card": out of its zone into the next open slot ("Play a Single": not the
    turn's Single; its Play effects resolve), the player's from then on, as a card gained from the
    Store is. Gone from its zone, no open slot, or a ban on it: nothing, and "it" names nothing."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["played"], ctx["did"] = None, False
    zone = next((z for z in (game.store, game.store_discard) if card in z), None) if card is not None else None
    if zone is None or card is None:
        game.log("play_failed", seat, why="no card")
        return True
    if len(game.tableau[seat]) >= game.capacity(seat) or not game.may_play(seat, card):  # (special_ops.may_play)
        game.log("play_failed", seat, why="no open slot" if game.may_play(seat, card) else "cannot be played")
        return True
    zone.remove(card)
    game.owner[card] = seat
    ctx["played"], ctx["did"] = card, True
    game.log("played_chosen", seat, card=game.cards[card].name)
    game.play_single(seat, card, from_hand=False)
    return True


def _sell_marker(game: MBBase, frame: dict) -> bool:
    """"Put a Sell Marker on it": one of the Sell Markers the player has (none left: nothing), on the
    card just played while it is face-up in their tableau; nothing else happens to it in the
    tournament (rules notes, "Sell Markers in a tournament"; it is no shield: "MB: market zones")."""
    seat, card = frame["seat"], frame["ctx"].get("played")
    if card is None or card not in game.tableau[seat] or card in game.down or game.markers_left[seat] <= 0:
        game.log("sell_marker_missed", seat)
        return True
    game.markers_left[seat] -= 1
    game.sell_marked[card] = game.sell_marked.get(card, 0) + 1
    game.log("sell_marker", seat, card=game.cards[card].name, markers=1, left=game.markers_left[seat])
    return True


def _store_discard_to_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Random cards of the Store Discard put on top of the Store "in any order": drawn blind (the
    game's RNG), then put on the Store one at a time in the order the player chooses, the last put the
    new top. Fewer in the Store Discard: all of them."""
    seat, ctx = frame["seat"], frame["ctx"]
    drawn_key = f"{k}:drawn"
    if drawn_key not in ctx:
        pool = list(game.store_discard)
        picked = [pool.pop(game.rng.randrange(len(pool))) for _ in range(min(op.get("amount", 1), len(pool)))]
        for card in picked:
            game.store_discard.remove(card)
        ctx[drawn_key] = picked
        game.log("from_store_discard_at_random", seat, cards=[game.cards[c].name for c in picked])
    drawn: list[int] = ctx[drawn_key]
    order: list[int] = []
    while len(order) < len(drawn):
        key = f"{k}:put{len(order)}"
        names = list(dict.fromkeys(game.cards[c].name for c in drawn if c not in order))
        if key not in ctx and len(names) > 1:
            game.ask(seat, "either", [Action("value", (n,)) for n in names], key,
                     "the next card to put on top of the Store")
            return False
        name = ctx.get(key, names[0])
        order.append(next(c for c in drawn if c not in order and game.cards[c].name == name))
    game.store.extend(order)
    ctx["those"], ctx["did"] = order, bool(order)
    game.log("on_top_of_store", seat, cards=[game.cards[c].name for c in order])
    return True


def discarded_to_store_discard(game: MBBase, card: int) -> None:
    """A card just discarded from play to its owner's binder goes on to the Store Discard instead
    ("Discard a Card": to the binder "unless another location is specified"; "Discards": cards
    discarded "to the Store Discard" may reappear), the Store's card from then on."""
    for binder in game.binder:
        if card in binder:
            binder.remove(card)
    game.store_discard.append(card)
    game.owner[card] = -1
    game.log("to_store_discard", None, card=game.cards[card].name)


def _fill_aftermarket(game: MBBase, frame: dict, op: dict) -> bool:
    """"Add cards to the Aftermarket until it has 8 cards": the Store's top cards, face-up, one at a
    time until the Aftermarket holds that many, or the Store and its discard are empty ("FAQs"). A
    size over 12 stops at 12: "During Tournaments, the Aftermarket has a limit of 12 cards"
    ("Aftermarket Space"), so a 13th would empty it and the count would never be reached."""
    from rules.millennium_blades.clash import AFTERMARKET_LIMIT  # clash asks the card checker, which asks this module

    added: list[int] = []
    while len(game.aftermarket) < min(op["size"], AFTERMARKET_LIMIT):
        card = game.draw_store()
        if card is None:
            break
        game.to_aftermarket([card])
        added.append(card)
    frame["ctx"]["those"] = added
    game.log("store_to_aftermarket", frame["seat"], cards=[game.cards[c].name for c in added])
    return True


def _reveal_in_place(game: MBBase, frame: dict) -> bool:
    """The Store's top card revealed, then put back: every player sees it ("reveal"), and it
    is on top again (an empty Store is its discard shuffled, "FAQs"); "it" names it."""
    card = game.draw_store()
    if card is not None:
        game.store.append(card)
        game.log("reveal", frame["seat"], source="store_top", card=game.cards[card].name,
                 star=game.cards[card].printed_star)
    frame["ctx"]["revealed"] = card
    return True


def _those_fitting_to_hand(game: MBBase, frame: dict, op: dict) -> bool:
    """"Gain all CONSTRUCT cards to your hand": of the cards this effect revealed (batch j's
    ``reveal_top`` put them in the Aftermarket: "Clashing"), those still there that fit, the
    player's now."""
    ctx = frame["ctx"]
    taken = [c for c in ctx.get("those", ()) if c in game.aftermarket
             and game.matches(c, op.get("filter", {}), frame["source"])]
    for card in taken:
        game.aftermarket.remove(card)
        game.hand[frame["seat"]].append(card)
        game.owner[card] = frame["seat"]
        game.log("from_aftermarket", frame["seat"], card=game.cards[card].name, to="hand")
    ctx["did"] = bool(taken)
    return True


def _those_to_store_discard(game: MBBase, frame: dict) -> bool:
    """"(discard the rest)": the other cards this effect revealed, still in the Aftermarket, to the
    Store Discard (a Store card has no owner: rules notes, "Store cards discarded")."""
    rest = [c for c in frame["ctx"].get("those", ()) if c in game.aftermarket]
    for card in rest:
        game.aftermarket.remove(card)
        game.store_discard.append(card)
        game.log("from_aftermarket", frame["seat"], card=game.cards[card].name, to="store_discard")
    return True


def store_discard_plays(game: MBBase, seat: int) -> list[int]:
    """The Store Discard's top card, if ``seat``'s next play may be it: a ``next_from_store_discard``
    Next effect of theirs waits for that play (its card face-up: "Face-Down Cards"), and the card is a
    Single that may be played (``may_play``). Asked only when the game holds such a card (feature
    ``next_from_store_discard``)."""
    if not game.store_discard or seat != game.seat_turn:
        return []
    top = game.store_discard[-1]
    if game.cards[top].card_type != "single" or not game.may_play(seat, top):
        return []
    for entry in game.next_effects[seat]:
        if entry[0] == "effect" and entry[1] not in game.down and entry[2] < len(game.cards[entry[1]].effects) \
                and any(op["op"] == "next_from_store_discard" for op in game.cards[entry[1]].effects[entry[2]]["ops"]):
            return [top]
    return []


def play_from_store_discard(game: MBBase, seat: int, name: str) -> None:
    """The turn's Single taken from the top of the Store Discard ("the next card you play may be" it):
    it comes to the player's hand (theirs now, as a card taken from the Store is) and is played from
    there with everything a card played from the hand has ("Play a Single (Required)"); the Next
    effect that allowed it is spent by this play, as every Next effect is."""
    card = next(c for c in store_discard_plays(game, seat) if game.cards[c].name == name)
    game.store_discard.remove(card)
    game.hand[seat].append(card)
    game.owner[card] = seat
    game.log("from_store_discard", seat, cards=[name], to="hand")
    game.play_single(seat, card)


def do_market_zones_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops (``False``: a decision is pending)."""
    name = op["op"]
    if name == "look_choose":
        return _look_choose(game, frame, op, k)
    if name == "unchosen_to_discard":
        return _unchosen_to_discard(game, frame)
    if name == "play_chosen":
        return _play_chosen(game, frame, frame["ctx"].get("chosen"))
    if name == "play_store_discard":  # "the bottom card": the first discarded of those there (its top is the end)
        pile = game.store_discard
        return _play_chosen(game, frame, (pile[0] if op["end"] == "bottom" else pile[-1]) if pile else None)
    if name == "those_fitting_to_hand":
        return _those_fitting_to_hand(game, frame, op)
    if name == "reveal_in_place":
        return _reveal_in_place(game, frame)
    if name == "fill_aftermarket":
        return _fill_aftermarket(game, frame, op)
    if name == "next_from_store_discard":  # done by the play it allowed (store_discard_plays)
        return True
    if name == "those_to_store_discard":
        return _those_to_store_discard(game, frame)
    if name == "sell_marker":
        return _sell_marker(game, frame)
    return _store_discard_to_top(game, frame, op, k)


__all__ = ["FROM_STORE_DISCARD", "LOOK_FROM", "MARKET_ZONES_OPS", "do_market_zones_op", "market_zones_op_errors",
           "play_from_store_discard", "store_discard_plays"]
