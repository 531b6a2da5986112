"""The engine side of ``phrases_positions.py`` (issue 26.2, batch ``positions``): where cards go in a
tableau, whose tableau, and Sell Markers on tableau cards (millennium-blades.txt, "Tableau", "Set
Specific Keywords" (Scurry), "Sell", "Discard a Card"; docs/rules-notes.md, "MB: positions"). The
card checker's checks are here too.

A card in a tableau works for the player whose tableau holds it ("Ongoing effects keep on working
continuously as long as the card is face-up in your tableau"; "Activate all of the Score effects (of
face-up cards) in your tableau"), whoever owns it; only an effect that says so hands ownership over
(``insert_any`` with ``give``), and an owned card goes back to its owner's binder ("Discard a Card").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_grants import has_keyword
from rules.millennium_blades.ops_guards import movable

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

_ON = ("this", "swapped", "choice", "played")
_MARKED_PLAYERS = ("self", "opponent", "any")
_SOLD_FROM = ("tableau", "hand")
_FACES = ("up", "down")
_SELLERS = ("self", "each_other")
_FIRST = ("self", "any")
_SAME = ("set", "type", "element", "either")

POSITIONS_OPS = {
    "put_sell_marker": OpSpec("Put one (amount) of your Sell Markers, as many as you have left, on a card in a "
                              "tableau (on: this, this card; swapped, the card the swap just before brought to "
                              "you; choice, a face-up card of your choice in player's tableau: self, opponent, "
                              "any; played, the card a trigger's event is about (REF played), if face-up in a "
                              "tableau); nothing more happens to it in the tournament.",
                              {"on": "str", "amount": "int", "player": "str"}),
    "play_leftmost": OpSpec("Ongoing (Top): each Single its player plays (this card the Top Card as it is played) may "
                            "go to the left-most slot instead (the others shifting right); each time one does, the "
                            "ops `then` resolve as this card's.", {"then": "any"}),
    "next_between": OpSpec("The next Single its player plays (any turn) may go between two cards of their tableau "
                           "(a slot with a card on each side) instead of the right end.", {}),
    "swap_accessory": OpSpec("This Accessory and a face-up Accessory of an opponent's of your choice change Accessory "
                             "areas; \"that player\" is that opponent; none: \"If you did\" does not hold.", {}),
    "swap_places": OpSpec("This card and a face-up card of your tableau of your choice (not this one) change "
                          "places: slots of your tableau, or this card's Deck Box or Accessory area and that "
                          "card's slot; none: \"If you did\" does not hold.", {}),
    "sell_card": OpSpec("Sell a card of your choice (from: your tableau, face up or down; your hand) without a Sell "
                        "Marker: to the Aftermarket, and you gain dollars equal to its printed Star Rating; it is "
                        "\"those\" cards, and \"If you did\" holds. who each_other: each other player with "
                        "face_up or more face-up cards in their tableau sells one of theirs instead, in turn order.",
                        {"from": "str", "face": "str", "who": "str", "face_up": "int"}),
    "insert_any": OpSpec("This card (in your tableau) goes into any player's tableau with an open slot, at the slot "
                         "of your choice (the others shifting right); give: that player owns it from then on.",
                         {"give": "bool"}),
    "place_down_in": OpSpec("This card (an Accessory or Deck Box of yours) goes face-down into the next open left-most "
                            "slot of an opponent's tableau of your choice (player: opponent); \"that player\" is them.",
                            {"player": "str"}),
    "swap_two": OpSpec("Swap two face-up cards of different tableaus, of your choice: the first in your tableau "
                       "(first: self) or any (any); the second in another tableau, sharing each of `same` (set, "
                       "type, element; either: a type or an element) with the first and, with `star`, of a higher "
                       "(>) or lower (<) Star Rating; none: \"If you did\" does not hold.",
                       {"first": "str", "same": "any", "star": "str"}),
    "grant_play": OpSpec("Ongoing (Top): each card its player plays (face-up) has the Play effect `effect` too, a "
                         "keyword's (`keyword`), resolved as that card's own after its printed Play effects.",
                         {"effect": "any", "keyword": "str", "without": "str"}),  # without: ops_grants.py
    "replace_with_this": OpSpec("Discard a face-up card (filter) of an opponent's tableau of your choice (\"Discard a "
                                "Card\"); this card (in your tableau) takes its slot.", {"filter": "any"}),
}

POSITIONS_CONTINUOUS_OPS = ("grant_play", "play_leftmost")
#: the ops ``do_positions_op`` runs: the cards' and the engine's own (a card placed as it is played)
POSITIONS_RUN_OPS = frozenset({*POSITIONS_OPS, "_between", "_leftmost"})
#: first_in_slot: the card just played (REF played) is the first card any player played into their
#: tableau's slot ``slot`` (from 1) this tournament
POSITIONS_TESTS = ("first_in_slot",)
#: the feature of the cards whose rules act as a card is played (catalogue.py): a slot's first card
#: noted, a granted Play ability, the next Single played between two cards (``positions_on_play``)
POSITIONS_PLAY_FEATURE = "positions_play"

Errors = list[tuple[str, str]]


def positions_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: the card a Sell Marker goes on, where a card is sold from and its face,
    the player a card is placed with, and the counts."""
    errors: Errors = []
    if name == "put_sell_marker":
        if op.get("on") not in _ON:
            errors.append((f"{where}.on", f"is one of {', '.join(_ON)}"))
        if ("player" in op) != (op.get("on") == "choice") or op.get("player", "any") not in _MARKED_PLAYERS:
            errors.append((f"{where}.player", f"is one of {', '.join(_MARKED_PLAYERS)}, for a card of your choice"))
        amount = op.get("amount", 1)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            errors.append((f"{where}.amount", "is a whole number, 1 or more"))
    if name == "sell_card":
        if op.get("from") not in _SOLD_FROM:
            errors.append((f"{where}.from", f"is one of {', '.join(_SOLD_FROM)}"))
        if "face" in op and (op["face"] not in _FACES or op.get("from") != "tableau"):
            errors.append((f"{where}.face", "is up or down, for a card of a tableau"))
        if op.get("who", "self") not in _SELLERS:
            errors.append((f"{where}.who", f"is one of {', '.join(_SELLERS)}"))
        face_up = op.get("face_up", 1)
        if "face_up" in op and op.get("who") != "each_other" or isinstance(face_up, bool) \
                or not isinstance(face_up, int) or face_up < 1:
            errors.append((f"{where}.face_up", "is a whole number, 1 or more, for each_other"))
    if name == "swap_two":
        if op.get("first") not in _FIRST:
            errors.append((f"{where}.first", f"is one of {', '.join(_FIRST)}"))
        same = op.get("same")
        if not isinstance(same, list) or not same or any(kind not in _SAME for kind in same):
            errors.append((f"{where}.same", f"is a list of {', '.join(_SAME)}"))
        if op.get("star", "<") not in ("<", ">"):
            errors.append((f"{where}.star", "is < or >"))
    if name == "grant_play":
        from rules.millennium_blades.effects import check_effect  # effects asks this module

        effect = op.get("effect")
        if not isinstance(effect, Mapping) or effect.get("timing") != "play" or {"trigger", "condition"} & set(effect):
            return [(f"{where}.effect", "is a Play effect (no trigger, no condition)")]
        errors += check_effect(effect, f"{where}.effect")
        if not isinstance(op.get("keyword"), str):
            errors.append((f"{where}.keyword", "names the keyword"))
        if "without" in op and op["without"] != op.get("keyword"):  # only to cards without it (ops_grants.py)
            errors.append((f"{where}.without", "is the keyword given"))
    if name == "replace_with_this" and "filter" in op:
        from rules.millennium_blades.effects import filter_errors  # effects asks this module

        errors += filter_errors(op["filter"], f"{where}.filter")
    if name == "play_leftmost":
        from rules.millennium_blades.effects import ops_errors  # effects asks this module

        errors += ops_errors(op.get("then"), f"{where}.then")
    if name == "insert_any" and not isinstance(op.get("give", False), bool):
        errors.append((f"{where}.give", "is true or false"))
    if name == "place_down_in" and op.get("player") != "opponent":
        errors.append((f"{where}.player", "is opponent"))
    return errors


def put_sell_marker(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Sell Markers of the effect's player on the card named, as many as they have left (rules notes,
    "MB: positions": the card keeps them; nothing more happens to it in the tournament)."""
    seat, ctx = frame["seat"], frame["ctx"]
    if op["on"] == "choice":
        chosen = game.choose_cards(frame, {"player": op["player"], "pick": "choice", "filter": {"face": "up"}}, k,
                                   flipping=False)
        if chosen is None:
            return False  # a choice is pending
        card = next(iter(chosen), None)
    elif op["on"] == "played":  # "Whenever you play a FIRE card, put a Sell Marker on it": that card, face-up
        card = ctx.get("played")  # ("General Rules": "effects cannot target face-down cards")
        card = None if card in game.down else card
    else:
        card = frame["source"] if op["on"] == "this" else (ctx.get("those") or [None, None])[1] if ctx.get("did") else None
    put = min(op.get("amount", 1), game.markers_left[seat])
    if card is None or not game.in_tableau(card) or put <= 0:
        game.log("sell_marker", seat, card=game.cards[card].name if card is not None else None, markers=0,
                 left=game.markers_left[seat])
        return True
    game.markers_left[seat] -= put
    game.sell_marked[card] = game.sell_marked.get(card, 0) + put
    game.log("sell_marker", seat, card=game.cards[card].name, markers=put, left=game.markers_left[seat])
    return True


def _sold(game: MBBase, frame: dict, card: int, seller: int) -> None:
    """``card`` sold by ``seller``: out of its zone to the Aftermarket ("Aftermarket Space"), face-up
    and without tokens or Sell Markers (back to the seller), dollars equal to its printed Star Rating
    ("Sell": "take Millennium Dollars equal to that card's Star Rating")."""
    ctx = frame["ctx"]
    for zone in (game.hand, game.tableau):
        if card in zone[seller]:
            zone[seller].remove(card)
    game.down.discard(card)
    game.tokens.pop(card, None)
    game.markers_left[seller] += game.sell_marked.pop(card, 0)
    game.to_aftermarket([card])
    dollars = game.cards[card].printed_star
    game.money[seller] += dollars
    ctx["did"] = True
    ctx["those"] = [*ctx.get("those", ()), card]
    game.log("sold_card", seller, card=game.cards[card].name, dollars=dollars)


def _sell_one(game: MBBase, frame: dict, op: dict, seller: int, key: str) -> bool:
    """``seller`` picks a card of their hand (by name) or of their tableau (face-up or face-down as
    printed: a face-down one is "moved, not targeted") and sells it; False while they choose."""
    ctx = frame["ctx"]
    if op["from"] == "hand":
        names = sorted({game.cards[c].name for c in game.hand[seller]})
        if key not in ctx and len(names) > 1:
            game.ask(seller, "discard", [Action("pick", (n,)) for n in names], key, "a card to sell")
            return False
        card = ctx[key] if key in ctx else (game.hand[seller][0] if game.hand[seller] else None)
    else:
        down = op.get("face") == "down"
        cards = [c for c in game.tableau[seller] if (c in game.down) == down]
        if key not in ctx and len(cards) > 1:
            game.ask(seller, "target", [game.target_action(c) for c in cards], key, "a card to sell")
            return False
        card = ctx[key] if key in ctx else (cards[0] if cards else None)
    if card is None:
        game.log("sold_card", seller, card=None, dollars=0)
    else:
        _sold(game, frame, card, seller)
    return True


def sell_card(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``sell_card``: the effect's player sells a card (``_sell_one``); ``who: each_other``: each
    other player with ``face_up`` or more face-up cards in their tableau (counted as their turn to
    sell comes) sells one of their face-up cards instead, in turn order from the effect's player."""
    seat, ctx = frame["seat"], frame["ctx"]
    if f"{k}:begun" not in ctx:
        ctx[f"{k}:begun"], ctx["did"], ctx["those"] = True, False, []
    if op.get("who", "self") == "self":
        return _sell_one(game, frame, op, seat, f"{k}:sold")
    n = game.num_players
    for seller in [(seat + i) % n for i in range(1, n)]:
        key = f"{k}:sold{seller}"
        if f"{key}:done" in ctx:
            continue
        face_up = sum(1 for c in game.tableau[seller] if c not in game.down)
        if seller not in game.out and face_up >= op.get("face_up", 1) and not _sell_one(game, frame, op, seller, key):
            return False
        ctx[f"{key}:done"] = True
    return True


def insert_any(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Scurry PLUS: this card into any player's tableau (an open slot needed; yours: anywhere in it),
    at the slot chosen ("you will shift some of your cards to the right to make room"); ``give``:
    that player owns it from then on."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    if source is None or source not in game.tableau[seat]:
        return True
    key, slot_key = f"{k}:player", f"{k}:slot"
    players = [p for p in range(game.num_players) if p not in game.out
               and (p == seat or len(game.tableau[p]) < game.capacity(p))]
    if key not in ctx:
        if len(players) > 1:
            game.ask(seat, "player", [Action("player", (p,)) for p in players], key, game.cards[source].name)
            return False
        ctx[key] = seat
    to = ctx[key]
    room = len(game.tableau[to]) if to == seat else len(game.tableau[to]) + 1
    if slot_key not in ctx:
        game.ask(seat, "insert", [Action("insert", (i,)) for i in range(room)], slot_key, game.cards[source].name)
        return False
    game.tableau[seat].remove(source)
    game.tableau[to].insert(ctx[slot_key], source)
    if op.get("give"):
        game.owner[source] = to
    ctx["that_player"] = to
    game.log("insert_any", seat, card=game.cards[source].name, seat_to=to, slot=ctx[slot_key],
             owner=game.owner[source])
    return True


def place_down_in(game: MBBase, frame: dict, k: int) -> bool:
    """This card (from your Accessories or Deck Box, or your tableau) face-down into the next open
    left-most slot of an opponent's tableau ("Tableau": "Always place singles in the left-most
    available slot"); its owner unchanged. No opponent with an open slot: nothing, and "that
    player" is nobody."""
    seat, source, ctx, key = frame["seat"], frame["source"], frame["ctx"], f"{k}:player"
    players = [p for p in game.opponents(seat) if len(game.tableau[p]) < game.capacity(p)]
    ctx["did"] = False
    if source is None or game.seat_of(source) != seat or not players:
        game.log("placed_down", seat, card=None, seat_to=None)
        return True
    if key not in ctx:
        if len(players) > 1:
            game.ask(seat, "player", [Action("player", (p,)) for p in players], key, game.cards[source].name)
            return False
        ctx[key] = players[0]
    to = ctx[key]
    for zone in (game.tableau, game.deck_box, game.accessories):
        if source in zone[seat]:
            zone[seat].remove(source)
    game.tokens.pop(source, None)
    game.tableau[to].append(source)
    game.down.add(source)
    ctx["did"], ctx["that_player"] = True, to
    game.log("placed_down", seat, card=game.cards[source].name, seat_to=to)
    return True


def replace_with_this(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A face-up card of an opponent's tableau ("effects cannot target face-down cards") is discarded
    to its owner's binder ("Discard a Card"), and this card leaves your tableau for its slot."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    ctx["did"] = False
    if source is None or source not in game.tableau[seat]:
        return True
    target = {"player": "opponent", "pick": "choice", "filter": {**op.get("filter", {}), "face": "up"}}
    chosen = game.choose_cards(frame, target, k, flipping=False)
    if chosen is None:
        return False
    card = next(iter(chosen), None)
    theirs = game.seat_of(card) if card is not None else None
    if card is None or theirs is None or theirs == seat:
        game.log("replaced", seat, card=None, seat_with=None, by=game.cards[source].name)
        return True
    slot = game.tableau[theirs].index(card)
    game.discard_from_play(card)
    game.tableau[seat].remove(source)
    game.tableau[theirs].insert(slot, source)
    ctx["did"], ctx["that_player"] = True, theirs
    game.log("replaced", seat, card=game.cards[card].name, seat_with=theirs, by=game.cards[source].name)
    return True


def _alike(game: MBBase, first: int, second: int, op: dict) -> bool:
    """Whether ``second`` shares each kind of ``same`` with ``first`` (and is of the Star Rating
    ``star`` against it)."""
    for kind in op["same"]:
        if kind == "set" and game.cards[first].set_code != game.cards[second].set_code:
            return False
        elements = set(game.elements(first)) & set(game.elements(second))
        types = set(game.types(first)) & set(game.types(second))
        if kind == "element" and not elements or kind == "type" and not types or kind == "either" and not elements | types:
            return False
    if "star" in op:
        mine, theirs = game.star(first) or 0, game.star(second) or 0
        return theirs > mine if op["star"] == ">" else theirs < mine
    return True


def swap_two(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``swap_two``: the player picks a face-up card ("effects cannot target face-down cards") with
    a partner, then the partner, of another tableau; the two take each other's slots ("Tableau"),
    each then working for the tableau it is in (rules notes, "MB: positions")."""
    seat, ctx = frame["seat"], frame["ctx"]
    rows = [seat] if op["first"] == "self" else [p for p in range(game.num_players) if p not in game.out]
    face_up = {p: movable(game, [c for c in game.tableau[p] if c not in game.down], seat)  # (ops_guards.py)
               for p in range(game.num_players) if p not in game.out}

    def partners(card: int, row: int) -> list[int]:
        return [c for p, cards in face_up.items() if p != row for c in cards if _alike(game, card, c, op)]

    firsts = [c for p in rows for c in face_up.get(p, ()) if partners(c, p)]
    ctx["did"] = False
    if not firsts:
        game.log("swap_failed", seat)
        return True
    key, second_key = f"{k}:first", f"{k}:second"
    if key not in ctx and len(firsts) > 1:  # (the only one: no choice to ask)
        game.ask(seat, "target", [game.target_action(c) for c in firsts], key, "a card to swap")
        return False
    first = ctx.setdefault(key, firsts[0])
    row = game.seat_of(first)
    assert row is not None  # chosen among the cards of a tableau
    seconds = partners(first, row)
    if second_key not in ctx and len(seconds) > 1:
        game.ask(seat, "target", [game.target_action(c) for c in seconds], second_key, "the card to swap it with")
        return False
    ctx.setdefault(second_key, seconds[0])
    second = ctx[second_key]
    other = game.seat_of(second)
    assert other is not None
    a, b = game.tableau[row].index(first), game.tableau[other].index(second)
    game.tableau[row][a], game.tableau[other][b] = second, first
    ctx["did"], ctx["those"] = True, [first, second]
    game.log("swapped_two", seat, card=game.cards[first].name, seat_from=row, with_card=game.cards[second].name,
             seat_with=other)
    return True


def positions_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``first_in_slot``'s slot is a whole number from 1."""
    slot = cond.get("slot")
    if isinstance(slot, bool) or not isinstance(slot, int) or slot < 1:
        return [(f"{path}.slot", "is a whole number, 1 or more")]
    return [(f"{path}.{key}", "first_in_slot takes slot only") for key in sorted(set(cond) - {"test", "slot"})]


def positions_on_play(game: MBBase, seat: int, card: int, frames: list[dict], play_effects: bool) -> list[dict]:
    """As ``card`` is played into ``seat``'s tableau (its right end), the frames that play resolves:
    first where it goes (a ``play_leftmost`` rule of the Top Card it was played under; a play
    between two cards that ``next_between`` left waiting), as part of playing it, then ``frames``
    (its triggers and Play effects), then, with ``play_effects`` (no effect stopping them) and the
    card face-up, the Play abilities granted to it (``granted_plays``). The first card played into
    each slot of any tableau this tournament is kept (``turn_memo`` lasts the tournament). Asked only
    when the game holds such a card (``POSITIONS_PLAY_FEATURE``)."""
    game.turn_memo.setdefault(f"first_slot:{len(game.tableau[seat])}", card)
    placing = []
    before = [c for c in game.tableau[seat] if c != card and c not in game.down]
    top = before[-1] if before else None  # the Top Card the card was played under ("Top Card")
    for giver in game.play_area(seat):
        if giver == card or giver in game.down:
            continue
        rules = game.cards[giver].continuous("play_leftmost") + \
            (game.cards[giver].continuous("play_leftmost", "top") if giver == top else ())
        placing += [game.frame(seat, giver, {"ops": [{"op": "_leftmost", "card": card, "then": op["then"]}]},
                               {"played": card}) for op in rules]
    if game.turn_memo.pop(f"next_between:{seat}", None):
        placing.append(game.frame(seat, None, {"ops": [{"op": "_between", "card": card}]}, {"played": card}))
    granted = granted_plays(game, seat, card) if play_effects and card not in game.down else []
    return placing + frames + granted if placing or granted else frames


def play_leftmost(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The card just played may go to the left-most slot instead (the others shift right); if it
    does, the ops ``then`` resolve as this rule's card's ("Each time you do")."""
    seat, ctx, card = frame["seat"], frame["ctx"], op["card"]
    row = game.tableau[seat]
    if card not in row or len(row) < 2:
        return True
    key = f"{k}:slot"
    if key not in ctx:
        game.ask(seat, "insert", [Action("insert", (0,)), Action("insert", (len(row) - 1,))], key,
                 game.cards[card].name)
        return False
    if ctx[key] != 0:
        return True
    row.remove(card)
    row.insert(0, card)
    game.log("insert", seat, card=game.cards[card].name, slot=0)
    frame["i"] = k + 1
    game.push([game.frame(seat, frame["source"], {"ops": op["then"]})])
    return True


def next_between(game: MBBase, frame: dict) -> bool:
    """``next_between``: the next Single the player plays, whenever, may go between two cards
    (``positions_on_play``); used again before that, it is still one."""
    game.turn_memo[f"next_between:{frame['seat']}"] = True
    game.log("next_between", frame["seat"])
    return True


def play_between(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The card just played (at the right end) goes to a slot with a card on each side, of its
    player's choice, or stays ("You may play your next Single between any two Singles"); with fewer
    than two other cards there is no such slot."""
    seat, ctx, card = frame["seat"], frame["ctx"], op["card"]
    row = game.tableau[seat]
    if card not in row or len(row) < 3:
        return True
    key = f"{k}:slot"
    if key not in ctx:
        options = [Action("insert", (i,)) for i in range(1, len(row))]
        game.ask(seat, "insert", options, key, game.cards[card].name)
        return False
    row.remove(card)
    row.insert(ctx[key], card)
    game.log("insert", seat, card=game.cards[card].name, slot=ctx[key])
    return True


def positions_holds(game: MBBase, cond: dict, ctx: dict) -> bool:
    """``first_in_slot``: the card the trigger is about was the first played into that slot."""
    played = ctx.get("played")
    return played is not None and game.turn_memo.get(f"first_slot:{cond['slot']}") == played


def granted_plays(game: MBBase, seat: int, card: int) -> list[dict]:
    """The frames of the Play effects ``card``, just played face-up by ``seat``, has from the
    ``grant_play`` rules in force in ``seat``'s play area ("All your cards have Scurry (...)"), each
    as ``card``'s own ("this card" is it). Asked only when the game holds such a card (feature
    ``POSITIONS_PLAY_FEATURE``)."""
    frames = []
    for giver, op in game.face_up_ops(seat, "grant_play"):
        if "without" in op and has_keyword(game.cards[card], op["without"]):  # it has it already (ops_grants)
            continue
        if game.log_events:
            game.log("granted_play", seat, card=game.cards[card].name, by=game.cards[giver].name, keyword=op["keyword"])
        frames.append(game.frame(seat, card, op["effect"], {"played": card}, needs_face_up=True))
    return frames


def swap_places(game: MBBase, frame: dict, k: int) -> bool:
    """``swap_places``: this card and a face-up card of its player's tableau ("effects cannot target
    face-down cards") change places; from a Deck Box or Accessory area ("A card cannot affect or
    target your Deck Box unless it specifically says it can": this one says so) this card takes the
    slot and the other card its area, where it works as such a card does (rules notes, "MB: positions")."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    ctx["did"] = False
    zone = next((z for z in (game.tableau, game.deck_box, game.accessories) if source in z[seat]), None) \
        if source is not None else None
    cards = [c for c in game.tableau[seat] if c not in game.down and c != source]
    if zone is None or not cards:
        game.log("swap_failed", seat)
        return True
    key = f"{k}:with"
    if key not in ctx and len(cards) > 1:
        game.ask(seat, "target", [game.target_action(c) for c in cards], key, "a card to swap with")
        return False
    other = ctx.setdefault(key, cards[0])
    row = game.tableau[seat]
    a, b = zone[seat].index(source), row.index(other)
    zone[seat][a], row[b] = other, source
    ctx["did"], ctx["those"] = True, [source, other]
    game.log("swapped_places", seat, card=game.cards[source].name, with_card=game.cards[other].name)
    return True


def swap_accessory(game: MBBase, frame: dict, k: int) -> bool:
    """``swap_accessory``: this card, one of its player's Accessories, and a face-up Accessory of an
    opponent's ("effects cannot target face-down cards"; "A card cannot affect or target your
    Accessories unless it specifically says it can": this one says so) change Accessory areas, each
    then working for the player whose area holds it; owners do not change (rules notes, "MB: positions")."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    ctx["did"] = False
    theirs = [(p, c) for p in game.opponents(seat) for c in game.accessories[p] if c not in game.down]
    if source is None or source not in game.accessories[seat] or not theirs:
        game.log("swap_failed", seat)
        return True
    key = f"{k}:accessory"
    if key not in ctx and len(theirs) > 1:
        options = [Action("accessory", (p, game.accessories[p].index(c))) for p, c in theirs]
        game.ask(seat, "target", options, key, "an Accessory to swap with")
        return False
    other = ctx.setdefault(key, theirs[0][1])
    holder = game.seat_of(other)
    assert holder is not None  # chosen among the opponents' Accessories
    a, b = game.accessories[seat].index(source), game.accessories[holder].index(other)
    game.accessories[seat][a], game.accessories[holder][b] = other, source
    ctx["did"], ctx["that_player"], ctx["those"] = True, holder, [source, other]
    game.log("swap_tableaus", seat, seat_with=holder, gave=game.cards[source].name, got=game.cards[other].name)
    return True


def do_positions_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The ops of this module, each above."""
    name = op["op"]
    if name == "put_sell_marker":
        return put_sell_marker(game, frame, op, k)
    if name == "sell_card":
        return sell_card(game, frame, op, k)
    if name == "insert_any":
        return insert_any(game, frame, op, k)
    if name == "place_down_in":
        return place_down_in(game, frame, k)
    if name == "swap_two":
        return swap_two(game, frame, op, k)
    if name == "swap_places":
        return swap_places(game, frame, k)
    if name == "swap_accessory":
        return swap_accessory(game, frame, k)
    if name == "next_between":
        return next_between(game, frame)
    if name == "_between":
        return play_between(game, frame, op, k)
    if name == "_leftmost":
        return play_leftmost(game, frame, op, k)
    return replace_with_this(game, frame, op, k)


__all__ = ["POSITIONS_CONTINUOUS_OPS", "POSITIONS_OPS", "POSITIONS_PLAY_FEATURE", "POSITIONS_RUN_OPS", "POSITIONS_TESTS",
           "do_positions_op", "granted_plays", "positions_condition_errors", "positions_holds", "positions_on_play",
           "positions_op_errors"]
