"""Engine side of the printed Character powers' Tournament phrases (issue 26.3;
``full/power_text.py`` and ``phrases_powers.py`` read them): the RP caps of cards raised for the
player who holds such a power, and a card an effect just discarded from the Store taken back into
the hand (millennium-blades.txt, "VARIANTS & OPTIONS": "Character Powers"; "Discards").

A power is no card in the tableau (``MBState(powers=...)``): its Ongoing ops are in force for its
holder for the whole tournament (``QueryMixin.face_up_ops`` reads the powers too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

POWER_OPS = {
    "rp_cap_raise": OpSpec("Ongoing: every cap on the RP a card's effect gives this card's player (\"(max. 30 RP)\", "
                           "\"max. 15 RP per turn\") is amount higher.", {"amount": "int"}),
    "store_or_aftermarket_to_hand": OpSpec("The top card of the Store or a card of the Aftermarket, of your choice, to "
                                           "your hand, free (REF taken names it).", {}),
    "revealed_on_store": OpSpec("The card this effect revealed (REF revealed), from your hand or the Aftermarket, on "
                                "top of the Store.", {}),
    "actions_per_turn": OpSpec("Ongoing: you may use amount Actions on your turn (\"Use an Action\": one); while: "
                               "only while that CONDITION holds (phrases_clash_tokens.py).", {"amount": "int", "while": "any"}),
    "accessory_slots": OpSpec("Ongoing: your tournament board (and so your deck) has amount more Accessory slots.",
                              {"amount": "int"}),
    "single_to_accessory": OpSpec("Put a single of your choice from your hand into an empty Accessory slot of yours (the "
                                  "board's two and accessory_slots, less your Accessories); it has only the effects "
                                  "given (a list of effects).", {"effects": "list"}),
    "discarded_to_hand": OpSpec("Of the cards this effect just discarded from the Store (those), still in the Store "
                                "Discard, amount of your choice to your hand.", {"amount": "int"}),
}
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
POWER_CONTINUOUS_OPS = ("rp_cap_raise", "accessory_slots", "actions_per_turn")

Errors = list[tuple[str, str]]


def power_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of this module's ops: a whole amount, 1 or more."""
    if name in ("store_or_aftermarket_to_hand", "revealed_on_store"):
        return []
    if name == "single_to_accessory":
        from rules.millennium_blades.effects import check_effect  # effects asks this module

        given = op.get("effects")
        if not isinstance(given, list) or not given:
            return [(f"{where}.effects", "is a list of effects")]
        return [e for i, effect in enumerate(given) for e in check_effect(effect, f"{where}.effects[{i}]")]
    amount = op.get("amount", 1)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return [(f"{where}.amount", "is a whole number, 1 or more")]
    if name == "actions_per_turn" and "while" in op:  # "if there are at least 2 +1 STAR Tokens on this card"
        from rules.millennium_blades.effects import condition_errors

        return condition_errors(op["while"], f"{where}.while")
    return []


def cap_raise(game: MBBase, seat: int) -> int:
    """How much higher the RP caps of cards are for ``seat``: its face-up ``rp_cap_raise`` ops (a
    power's, always face-up)."""
    if "rp_cap_raise" not in game.feature_cards:  # no card of the game has one (a look-up)
        return 0
    return sum(op.get("amount", 1) for _card, op in game.face_up_ops(seat, "rp_cap_raise"))


def capped_gain(game: MBBase, seat: int, op: Mapping[str, Any], uncapped: int, capped: int) -> int:
    """The RP ``seat`` gains of a gain whose card caps it (``op["max"]``): ``capped`` as printed, or,
    with a raise, up to the raised cap; the raise is logged when it gives more."""
    more = cap_raise(game, seat)
    if not more:
        return capped
    gained = min(uncapped, op["max"] + more)
    if gained > capped and game.log_events:
        game.log("rp_cap_raised", seat, cap=op["max"], raised_to=op["max"] + more, amount=gained)
    return gained


def do_power_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The ops of this module; ``rp_cap_raise`` is a rule, read by ``capped_gain``, with nothing to do
    when an effect resolves."""
    name = op["op"]
    if name == "discarded_to_hand":
        return _discarded_to_hand(game, frame, op, k)
    if name == "store_or_aftermarket_to_hand":
        return _store_or_aftermarket_to_hand(game, frame, k)
    if name == "revealed_on_store":
        return _revealed_on_store(game, frame)
    if name == "single_to_accessory":
        return _single_to_accessory(game, frame, op, k)
    return True


def action_given_back(game: MBBase, seat: int) -> bool:
    """After an Action of ``seat``'s turn: whether its ``actions_per_turn`` leaves it another one this
    turn (the Actions used this turn are counted in ``turn_memo``; the largest amount in force)."""
    if "actions_per_turn" not in game.feature_cards or seat != game.seat_turn:
        return False
    allowed = max((op.get("amount", 1) for card, op in game.face_up_ops(seat, "actions_per_turn")
                   if "while" not in op or game.holds(op["while"], card, seat, {})), default=1)  # (ops_clash_tokens)
    key = f"actions:{seat}"
    used = game.turn_memo.get(key + ":n", 0) if game.turn_memo.get(key) == game.turn else 0
    game.turn_memo[key], game.turn_memo[key + ":n"] = game.turn, used + 1
    if used + 1 < allowed:
        game.log("action_left", seat, used=used + 1, allowed=allowed)
        return True
    return False


def accessory_room(game: MBBase, seat: int) -> int:
    """The seat's empty Accessory slots: "two slots reserved for your accessories" ("Accessories"),
    the slots its cards print (deck_rules.kit_extra_slots) and its powers' ``accessory_slots``, less
    the Accessories it has."""
    from rules.millennium_blades.deck_rules import kit_extra_slots
    from rules.millennium_blades.state import KIT_LIMITS

    kit = [game.cards[c] for c in game.deck_box[seat] + game.accessories[seat]]
    slots = KIT_LIMITS["accessories"] + kit_extra_slots(kit)["accessories"]
    slots += sum(op.get("amount", 1) for _card, op in game.face_up_ops(seat, "accessory_slots"))
    return slots - len(game.accessories[seat])


def _single_to_accessory(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Place a Single into one of your empty Accessory Slots. These Singles lose their other effects
    and have ...": a single of the player's choice from their hand, into the Accessories, its effects
    replaced by the ones given (a new definition, as an exact copy's: special_ops.refresh_copies);
    nothing without a single in hand or an empty slot."""
    from dataclasses import replace

    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:single"
    singles = [c for c in game.hand[seat] if game.cards[c].card_type == "single"]
    ctx["did"] = False
    if not singles or accessory_room(game, seat) <= 0:
        return True
    names = sorted({game.cards[c].name for c in singles})
    if key not in ctx and len(names) > 1:
        game.ask(seat, "discard", [Action("pick", (n,)) for n in names], key, "a single to put in an Accessory slot")
        return False
    chosen = ctx.get(key, next(c for c in singles if game.cards[c].name == names[0]))
    card = chosen if isinstance(chosen, int) else next(c for c in singles if game.cards[c].name == chosen)
    game.hand[seat].remove(card)
    game.accessories[seat].append(card)
    cards = list(game.cards)
    cards[card] = replace(game.cards[card], effects=tuple(op["effects"]))
    game.cards = cards
    game.index_features()
    ctx["did"] = True
    game.log("single_to_accessory", seat, card=game.cards[card].name)
    return True


#: the option that names the top card of the Store (the Aftermarket's cards are named by their names)
STORE_TOP = 0


def _store_or_aftermarket_to_hand(game: MBBase, frame: dict, k: int) -> bool:
    """"Put the top card of the Store or any card in the Aftermarket into your hand": the player picks
    (``option 0``: the Store's top, unseen; ``take NAME``: that Aftermarket card), free: a tournament
    has no prices ("Aftermarket Space")."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:store_or_aftermarket"
    names = sorted({game.cards[c].name for c in game.aftermarket})
    has_store = bool(game.store or game.store_discard)  # an empty Store is its discard shuffled ("FAQs")
    ctx["did"] = False
    if not names and not has_store:
        game.log("take_failed", seat, source="store or aftermarket")
        return True
    if key not in ctx and len(names) + has_store > 1:
        options = ([Action("option", (STORE_TOP,))] if has_store else []) + [Action("take", (n,)) for n in names]
        game.ask(seat, "aftermarket", options, key, "the top card of the Store (option 0) or a card of the Aftermarket")
        return False
    choice = ctx.get(key, STORE_TOP if has_store else names[0])
    if isinstance(choice, str):
        card = next(c for c in game.aftermarket if game.cards[c].name == choice)
        game.aftermarket.remove(card)  # as market.move_from_aftermarket does: theirs now
        game.hand[seat].append(card)
        game.owner[card] = seat
        game.log("from_aftermarket", seat, card=game.cards[card].name, to="hand")
    else:
        drawn = game.draw_store()
        if drawn is None:
            return True
        card = drawn
        game.hand[seat].append(card)
        game.owner[card] = seat
        game.log("gain_store", seat, cards=[game.cards[card].name])
    ctx["taken"], ctx["those"], ctx["did"] = card, [card], True
    return True


def _revealed_on_store(game: MBBase, frame: dict) -> bool:
    """"Put it back on top of the Store": the card this effect revealed, from its player's hand (a
    card revealed from the hand is "returned to your hand": "General Rules") or, a revealed Store
    card, from the Aftermarket ("Clashing"), onto the Store's top; nothing if it is elsewhere now."""
    seat, card = frame["seat"], frame["ctx"].get("revealed")
    if card is None:
        return True
    if card in game.hand[seat]:
        game.hand[seat].remove(card)
    elif card in game.aftermarket:
        game.aftermarket.remove(card)
    else:
        return True
    game.owner[card] = -1  # a Store card has no owner
    game.store.append(card)  # the Store's top is the end of the list
    game.log("on_store", seat, card=game.cards[card].name)
    return True


def _discarded_to_hand(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Of the cards this effect discarded from the Store, ``amount`` of the player's choice to the hand."""
    seat, ctx = frame["seat"], frame["ctx"]
    pool = [c for c in ctx.get("those", ()) if c in game.store_discard]
    chosen: list[int] = []
    for n in range(min(op.get("amount", 1), len(pool))):
        left = [c for c in pool if c not in chosen]
        names = sorted({game.cards[c].name for c in left})
        key = f"{k}:discarded{n}"
        if key not in ctx and len(names) > 1:
            game.ask(seat, "store_discard", [Action("take", (name,)) for name in names], key,
                     "a discarded card to add to your hand")
            return False
        name = ctx.get(key, names[0])
        chosen.append(next(c for c in left if game.cards[c].name == name))
    for card in chosen:
        game.store_discard.remove(card)
        game.hand[seat].append(card)
        game.owner[card] = seat
    ctx["did"] = bool(chosen)
    if chosen:
        game.log("discarded_to_hand", seat, cards=[game.cards[c].name for c in chosen])
    return True


__all__ = ["POWER_CONTINUOUS_OPS", "POWER_OPS", "cap_raise", "capped_gain", "do_power_op", "power_op_errors"]
