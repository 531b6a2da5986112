"""The engine side of ``phrases_zones2.py`` (issue 26.2, batch zones2): cards played from places other
than the hand (millennium-blades.txt, "Tournament Turns", "Play a Single (Required)"; docs/rules-notes.md,
"MB: zones2"). The card checker's checks are here too.

Batch x's ``play_from`` rule (Ongoing or Top: the turn's Single may come from elsewhere) reaches two
more zones here: ``zone: store``, the top card of the Store, played blind (legal action ``play "the
top card of the Store" store``: the card is hidden until drawn), or by name while a rule keeps it
revealed (``shown``: offered only if it is a Single that may be played); ``zone: binder``, a card drawn at
random from the binder among the Singles that may be played (``play "a card at random" binder``).
Its ``then`` ops ("each time you do, gain 7 RP") resolve as the rule's card after each such play, from any
of its zones (``ops_more_x.zone_play_then``). ``binder_play``: the event of a card played from the
binder (by a ``play_from`` rule or an effect: batch j's ``play_random_binder``), "When you play a card
from your binder", heard by the player's cards, not the card played.

An ``attach`` op's ``uncapped`` (batch attach2's GIFTS): while the attachment is on its host, the
"(max. N RP)" caps on the gains of RP of the host's own effects are lifted (``caps_lifted``, asked by
``resolve.op_points`` for a capped gain only).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_more_x import AT_RANDOM, FROM_AFTERMARKET, zone_play_then

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

ZONES2_OPS = {
    "play_gained": OpSpec("Play the card this effect just took into your hand (REF revealed: gain_store), still there, "
                          "into your tableau (not the turn's Single; an open slot needed), unless its kind is one of "
                          "except (deck_box, accessory); only a Single that may be played is; REF played names it.",
                          {"except": "any"}),
    "discard_store_until": OpSpec("Discard the Store's top cards to the Store Discard one at a time until one fits the "
                                  "FILTER (REF found names it); the Store run out (it is not made again from its "
                                  "discard here): no card found, and with ends the rest of the effect is not done.",
                                  {"filter": "any", "ends": "bool"}),
    "play_found": OpSpec("Play the card the discard_store_until before stopped at, from the Store Discard, into your "
                         "tableau (not the turn's Single; an open slot needed; yours now); REF played names it.", {}),
}
#: the zones batch k's ``for_players_with`` may look in for a player's cards (``zones``); owned: wherever
#: the card is, its owner being the player (hand, play area, binder, attached), not the box
PLAYER_ZONES = ("tableau", "hand", "binder", "kit", "owned")
#: the kinds of card ``play_gained``'s ``except`` may name
_KINDS = ("deck_box", "accessory", "single")
#: the zones a ``play_from`` rule's Single may come from here; the second argument of its legal action
FROM_STORE = "store"
FROM_BINDER = "binder"
ZONE_ARGS = (FROM_STORE, FROM_BINDER)
#: the first argument of the legal action playing the Store's top card: it names no card (hidden)
STORE_TOP = "the top card of the Store"
#: "When you play a card from your binder": a card played from the binder, by its player
ZONES2_EVENTS = ("binder_play",)

Errors = list[tuple[str, str]]


def play_from_errors(op: Mapping[str, Any], where: str) -> Errors:
    """The card checker for batch x's ``play_from``: its zone, and its ``then`` ops if given."""
    from rules.millennium_blades.effects import ops_errors  # effects asks this module

    zones = (FROM_AFTERMARKET, *ZONE_ARGS)
    errors = [] if op.get("zone") in zones else [(f"{where}.zone", f"is one of {', '.join(zones)}")]
    if op.get("shown", True) is not True or "shown" in op and op.get("zone") != FROM_STORE:
        errors.append((f"{where}.shown", "is true when given, for the Store's top card"))
    return errors + (ops_errors(op["then"], f"{where}.then") if "then" in op else [])


def _binder_playable(game: MBBase, seat: int) -> list[int]:
    cards = game.cards
    return [c for c in game.binder[seat] if cards[c].card_type == "single" and game.may_play(seat, c)]


def zone_plays(game: MBBase, seat: int) -> list[Action]:
    """The legal actions playing the turn's Single from the Store's top or the binder that ``seat``'s
    ``play_from`` rules in force allow ("Play a Single (Required)"). Asked only when the game holds
    such a rule (feature ``play_from``) and the seat has a play and an open slot (flow.py)."""
    rules = [op for _card, op in game.face_up_ops(seat, "play_from")]
    zones = {op["zone"] for op in rules}
    actions = []
    if any(op["zone"] == FROM_STORE and op.get("shown") for op in rules):  # kept revealed: offered by name
        top = game.store[-1] if game.store else None
        if top is not None and game.cards[top].card_type == "single" and game.may_play(seat, top):
            actions.append(Action("play", (game.cards[top].name, FROM_STORE)))
    elif FROM_STORE in zones and (game.store or game.store_discard):  # ("FAQs": an empty Store is its discard shuffled)
        actions.append(Action("play", (STORE_TOP, FROM_STORE)))
    if FROM_BINDER in zones and _binder_playable(game, seat):
        actions.append(Action("play", (AT_RANDOM, FROM_BINDER)))
    return actions


def play_from_zone(game: MBBase, seat: int, zone: str) -> None:
    """The turn's Single from the Store's top (blind) or drawn at random from the binder, played as
    though it were in the hand ("Play a Single (Required)": its Play and Next effects, the turn's
    play spent), the player's from then on; then the ``then`` ops of the rules of that zone. A Store
    card that is not a Single that may be played is shown and goes to the Aftermarket, as revealed
    Store cards do ("Clashing"), and the Single is still to play (rules notes, "MB: zones2")."""
    if zone == FROM_BINDER:
        pool = _binder_playable(game, seat)
        card = pool[game.rng.randrange(len(pool))]
        game.binder[seat].remove(card)
    else:
        drawn = game.draw_store()
        if drawn is None:  # (not offered then)
            return
        if game.cards[drawn].card_type != "single" or not game.may_play(seat, drawn):
            game.log("store_top_unplayable", seat, card=game.cards[drawn].name)
            game.to_aftermarket([drawn])
            return
        card = drawn
    game.hand[seat].append(card)
    game.owner[card] = seat
    game.log("from_zone_played", seat, card=game.cards[card].name, zone=zone)
    game.play_single(seat, card)
    if zone == FROM_BINDER:
        binder_played(game, seat, card)
    zone_play_then(game, seat, zone)


def binder_played(game: MBBase, seat: int, card: int) -> None:
    """A card ``seat`` played from their binder: "When you play a card from your binder" (event
    ``binder_play``) is heard by their cards in play, not by the card played."""
    if "on binder_play" in game.feature_cards:
        game.triggered.extend(f for f in game.collect("binder_play", card, seat) if f["source"] != card)


def caps_lifted(game: MBBase, frame: dict, seat: int, op: Mapping[str, Any], uncapped: int) -> bool:
    """Whether a capped gain of RP (``op["max"]``) of ``frame``'s card is made in full: a card attached to
    it gives ``uncapped`` (its host loses its RP limits); the lift is logged when it gives more."""
    source = frame["source"]
    if not game.attached or source is None \
            or not any(a.get("uncapped") and a["host"] == source for a in game.attached.values()):
        return False
    if uncapped > op["max"] and game.log_events:
        game.log("rp_cap_lifted", seat, card=game.cards[source].name, cap=op["max"], amount=uncapped)
    return True


def zones2_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker for this module's ops: ``play_gained``'s ``except``, a list of kinds;
    ``discard_store_until``'s FILTER."""
    if name == "discard_store_until":
        from rules.millennium_blades.effects import filter_errors  # effects asks this module

        return filter_errors(op.get("filter"), f"{where}.filter")
    kinds = op.get("except", [])
    if not isinstance(kinds, list) or any(kind not in _KINDS for kind in kinds):
        return [(f"{where}.except", f"is a list of {', '.join(_KINDS)}")]
    return []


def player_zones_errors(op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: a ``zones`` list of ``PLAYER_ZONES``, when given."""
    zones = op.get("zones", ["tableau"])
    if not isinstance(zones, list) or not zones or any(z not in PLAYER_ZONES for z in zones):
        return [(f"{where}.zones", f"is a list of {', '.join(PLAYER_ZONES)}")]
    return []


def player_cards(game: MBBase, seat: int, zones: list[str]) -> list[int]:
    """``seat``'s cards in ``zones`` ("in their binder, accessory slot or hand"; ``owned``: every card the
    player owns wherever it is, the box aside: "regardless of where it is")."""
    if "owned" in zones:
        boxed = set(game.removed[seat])
        return [c for c, owner in enumerate(game.owner) if owner == seat and c not in boxed]
    return [c for zone in zones for c in game.zone_cards(zone, seat)]


def _play_gained(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The Store's top card taken into the hand, "then play it immediately if it is not an Accessory": the
    card gained (REF revealed), if still in the hand, is played into the next open slot ("Play a
    Single": not the turn's Single, its Play effects resolving first). A kind excepted, a card
    that is no Single (the tournament plays Singles) or that may not be played, or no open slot: it
    stays in the hand (rules notes, "MB: zones2")."""
    seat, ctx = frame["seat"], frame["ctx"]
    card = ctx.get("revealed")
    ctx["played"], ctx["did"] = None, False
    if card is None or card not in game.hand[seat]:
        game.log("play_failed", seat, why="no card")
        return True
    kind = game.cards[card].card_type
    if kind in op.get("except", ()) or kind != "single" or not game.may_play(seat, card):
        game.log("play_failed", seat, why="cannot be played")
        return True
    if len(game.tableau[seat]) >= game.capacity(seat):
        game.log("play_failed", seat, why="no open slot")
        return True
    game.hand[seat].remove(card)
    ctx["played"], ctx["did"] = card, True
    frame["i"] = k + 1
    game.play_single(seat, card, from_hand=False)  # its Play effects resolve before the rest of this one
    return True


def _discard_store_until(game: MBBase, frame: dict, op: dict) -> bool:
    """"Discard cards from the top of the Store until you discard a card of that TYPE": each top card to
    the Store Discard (a Store card has no owner: "Discards"), the last the one that fits (REF found).
    The Store run out: no card found, and the Store Discard is not shuffled back in (it would deal the
    same cards again); "this effect ends" (``ends``): the rest of the effect is not done (rules notes,
    "MB: zones2")."""
    seat, ctx = frame["seat"], frame["ctx"]
    moved, found = [], None
    while game.store and found is None:
        card = game.store.pop()
        game.store_discard.append(card)
        moved.append(card)
        if game.matches(card, op["filter"], frame["source"]):
            found = card
    ctx["found"], ctx["those"] = found, moved
    game.log("discarded_until", seat, cards=[game.cards[c].name for c in moved],
             found=game.cards[found].name if found is not None else None)
    if found is None and op.get("ends"):
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
    return True


def do_zones2_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's one-shot ops."""
    if op["op"] == "play_gained":
        return _play_gained(game, frame, op, k)
    if op["op"] == "discard_store_until":
        return _discard_store_until(game, frame, op)
    if op["op"] == "play_found":  # market zones' play of a chosen Store card, from where it is
        from rules.millennium_blades.ops_market_zones import _play_chosen

        return _play_chosen(game, frame, frame["ctx"].get("found"))
    return True
