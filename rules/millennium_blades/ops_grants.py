"""The engine side of ``phrases_grants.py`` (issue 26.2, batch ``grants``): play rules binding
players and keywords given to cards (millennium-blades.txt, "Tournament Turns", "Set Specific
Keywords"; docs/rules-notes.md, "MB: grants"). The card checker's checks are here too.

``plays_required`` (Ongoing or Top): the players it binds (each_other: every player but this card's;
each; self) must play ``amount`` Singles in each of their turns instead of one ("may take one
Action and must play one Single"): while they owe a play and can make one, the turn has no ``end``,
and they have room to play (``FlowMixin.room_to_play``). A player who cannot play (no Single they
may play, no open slot) owes nothing more, as "If the player is unable to play a Single" ends the
turn's plays. The flow asks only when the game holds such a card (``cards_with(IN_FORCE +
"plays_required")``, a look-up).

``down_mimicry`` (Ongoing or Top): the face-down cards of its player's tableau have Mimicry
(``down_mimicked``): "a blank card for all purposes" ("Flip a Card") but for the symbols a card
says they have; no Star Rating, no text.

``grant_play``'s ``without`` (batch positions' op): the keyword is given only to cards that do not
have it already (``has_keyword``), as "Your Singles without Speed gain Speed (...)".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.catalogue import CardDef

GRANTS_OPS = {
    "plays_required": OpSpec("Ongoing (Top): the players it binds (who: each_other, every player but this card's; each; "
                             "self) must play `amount` Singles in each of their turns instead of one, as long as they "
                             "can play one.", {"who": "str", "amount": "int"}),
    "down_mimicry": OpSpec("Ongoing (Top): each face-down card of this card's player's tableau has Mimicry: the "
                           "ELEMENT and TYPE symbols of the face-up card to its immediate left (none otherwise).", {}),
    "next_play_condition": OpSpec("Next: the next card its player plays must meet the condition (a Fusion it is "
                                  "given; \"this card\" in it is that card) to be played; nothing to do as it "
                                  "resolves.", {"condition": "any"}),
    "others_may_flip": OpSpec("Ongoing: each other player may flip this card as their turn's Action (an Action with "
                              "no text: the card is flipped, its Flip effects resolve for its player).", {}),
    "flip_effects_off": OpSpec("Ongoing (Top): the Flip effects of every other card (any play area) do not activate.",
                               {}),
    "grant_rule": OpSpec("Ongoing (Top): each card of this card's player's tableau (but one that has the keyword "
                         "`without`) has the continuous rule `rule` (sell_marker_shield: Undead's) as its own, a "
                         "keyword's (`keyword`).", {"rule": "any", "keyword": "str", "without": "str"}),
}
GRANTS_CONTINUOUS_OPS = ("plays_required", "down_mimicry", "grant_rule", "others_may_flip", "flip_effects_off")
#: the features of the game's cards other players may flip as an Action, and of those stopping Flip effects
OTHERS_FLIP = IN_FORCE + "others_may_flip"
FLIP_EFFECTS_OFF = IN_FORCE + "flip_effects_off"
#: the Action other players use on an ``others_may_flip`` card: no text; flipping it is the Action's cost
FLIP_AS_ACTION: dict = {"timing": "action", "ops": []}
#: sell_marker_removed: a Sell Marker of yours taken off a card that stays (by: its player)
GRANTS_EVENTS = ("sell_marker_removed",)
#: the ops the resolver runs here (a Next Fusion is checked before the play: nothing left to do)
GRANTS_RUN_OPS = frozenset({"next_play_condition"})
#: the feature of the game's cards whose Next effect gives the next card a Fusion (``may_play`` asks)
NEXT_FUSION = "next_play_condition"
#: the rules ``grant_rule`` may give
_GRANTABLE = ("sell_marker_shield",)
#: the feature of the game's cards printing a ``plays_required`` rule (the flow's look-up)
PLAYS_REQUIRED = IN_FORCE + "plays_required"
#: the feature of the game's cards giving the cards of their tableau a rule
GRANT_RULE = IN_FORCE + "grant_rule"
#: the feature of the game's cards giving face-down cards Mimicry (the symbol queries' look-up)
DOWN_MIMICRY = IN_FORCE + "down_mimicry"
_WHO = ("each_other", "each", "self")
#: the most Singles a turn may require (a tableau's board slots)
_MOST = 8

Errors = list[tuple[str, str]]


def grants_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``plays_required`` binds each_other, each or self, to 2 or more Singles a turn."""
    errors: Errors = []
    if name in ("down_mimicry", "others_may_flip", "flip_effects_off"):
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    if name == "grant_rule":
        rule = op.get("rule")
        if not isinstance(rule, Mapping) or rule.get("op") not in _GRANTABLE:
            errors.append((f"{where}.rule", f"is one of the ops {', '.join(_GRANTABLE)}"))
        elif set(rule) - {"op", "amount"} or not isinstance(rule.get("amount", 1), int):
            errors.append((f"{where}.rule", "takes an amount only"))
        if not isinstance(op.get("keyword"), str) or op.get("without", op.get("keyword")) != op.get("keyword"):
            errors.append((f"{where}.keyword", "names the keyword (without: the same)"))
    if name == "next_play_condition":
        from rules.millennium_blades.effects import condition_errors  # effects asks this module

        errors += condition_errors(op.get("condition"), f"{where}.condition")
    if name == "plays_required":
        if op.get("who") not in _WHO:
            errors.append((f"{where}.who", f"is one of {', '.join(_WHO)}"))
        amount = op.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or not 2 <= amount <= _MOST:
            errors.append((f"{where}.amount", f"is a whole number from 2 to {_MOST}"))
    return errors


def trigger_grants_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``nth_each_turn``: a whole number from 2 to 4, never with batch o's ``first_each_turn``."""
    if "nth_each_turn" not in trigger:
        return []
    nth = trigger["nth_each_turn"]
    if not isinstance(nth, int) or isinstance(nth, bool) or not 2 <= nth <= 4 or trigger.get("first_each_turn"):
        return [(f"{path}.nth_each_turn", "is a whole number from 2 to 4 (not with first_each_turn)")]
    return []


def nth_this_turn(game: MBBase, source: int, event: str, index: int, nth: int) -> bool:
    """Whether this is the ``nth`` time this turn the ``index``-th ``event`` trigger of ``source``
    hears its event (counted while it listens, as batch o's ``first_this_turn``)."""
    key = f"{source}:{event}:{index}"
    heard = game.turn_memo.get(f"{key}:heard", 0) + 1 if game.turn_memo.get(f"{key}:nth") == game.turn else 1
    game.turn_memo[f"{key}:nth"], game.turn_memo[f"{key}:heard"] = game.turn, heard
    return heard == nth


def do_grants_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``next_play_condition``: checked before the next card was played (``next_fusion_holds``)."""
    return True


def next_fusion_holds(game: MBBase, seat: int, card: int) -> bool:
    """Whether ``card`` meets every Fusion the Next effects waiting for ``seat``'s next play give it
    (``next_play_condition``, "this card" being ``card``). Asked only when the game holds such a card."""
    cards, down = game.cards, game.down
    for entry in game.next_effects[seat]:
        if entry[0] != "effect" or entry[1] in down or entry[2] >= len(cards[entry[1]].effects):
            continue
        for op in cards[entry[1]].effects[entry[2]].get("ops", ()):
            if op.get("op") == "next_play_condition" and not game.holds(op["condition"], card, seat, {}):
                return False
    return True


def flippable_by(game: MBBase, seat: int) -> list[int]:
    """The face-up cards of the other players' play areas ``seat`` may flip as its Action now
    (``others_may_flip``). Asked only when the game holds such a card (``OTHERS_FLIP``)."""
    return [card for other in range(game.num_players) if other != seat
            for card, _op in game.face_up_ops(other, "others_may_flip")]


def flip_effects_stopped(game: MBBase, card: int) -> bool:
    """Whether a face-up card other than ``card`` stops Flip effects now (``flip_effects_off``; the
    flipped card is face-down already, so its own rule does not stop its own Flip effects)."""
    return any(source != card for seat in range(game.num_players)
               for source, _op in game.face_up_ops(seat, "flip_effects_off"))


def note_gain(game: MBBase, seat: int) -> None:
    """``seat`` gained RP this turn: a ``rp_gain_limit`` with ``once_a_turn`` gives it no more this turn
    (one gain is one ``gain_rp`` op's, "single effects that give multiple RP provide it all at once")."""
    game.turn_memo[f"gained_rp:{seat}"] = game.turn


def required_plays(game: MBBase, seat: int) -> int:
    """The Singles ``seat`` must play this turn: the most any ``plays_required`` rule in force (in
    any play area, face-up; a Top one while its card is the Top Card) binding ``seat`` asks, else 1."""
    most = 1
    for owner in range(game.num_players):
        for _card, op in game.face_up_ops(owner, "plays_required"):
            binds = op["who"] == "each" or (op["who"] == "self") == (owner == seat)
            if binds and op["amount"] > most:
                most = op["amount"]
    return most


def required_plays_left(game: MBBase, seat: int) -> int:
    """The Singles ``seat`` still must play this turn (none outside their turn)."""
    if seat != game.seat_turn:
        return 0
    return max(0, required_plays(game, seat) - game.played_this_turn)


def owes_a_play(game: MBBase, seat: int) -> bool:
    """Whether ``seat`` may not end the turn yet: a Single more is required and one can be played."""
    return required_plays_left(game, seat) > 0 and game.can_play(seat)


def down_mimicked(game: MBBase, card: int) -> int | None:
    """The face-up card whose symbols the face-down ``card`` has ("Set Specific Keywords": Mimicry
    "has the Element and Type symbols of a face-up card to its immediate left"), while a face-up
    ``down_mimicry`` rule of its tableau's player is in force; ``None`` otherwise. Asked by the
    symbol queries only when the game holds such a card (``DOWN_MIMICRY``)."""
    for seat, row in enumerate(game.tableau):
        if card in row:
            if not game.face_up_ops(seat, "down_mimicry"):
                return None
            i = row.index(card)
            left = row[i - 1] if i > 0 else None
            return left if left is not None and left not in game.down else None
    return None


def granted_rules(game: MBBase, card: int, name: str) -> list[dict]:
    """The rules ``name`` the tableau card ``card`` has from face-up ``grant_rule`` rules of its
    player (none for a card that has the keyword already). Asked only when the game holds such a card."""
    if GRANT_RULE not in game.feature_cards:
        return []
    seat = next((s for s, row in enumerate(game.tableau) if card in row), None)
    if seat is None:
        return []
    return [op["rule"] for _giver, op in game.face_up_ops(seat, "grant_rule")
            if op["rule"]["op"] == name and not ("without" in op and has_keyword(game.cards[card], op["without"]))]


def marker_removed_heard(game: MBBase, seat: int, card: int) -> None:
    """The effects "Whenever you discard a Sell Marker from a card" that a marker of ``seat`` taken
    off ``card`` triggers (``sell_marker_removed``)."""
    if "on sell_marker_removed" in game.feature_cards:
        game.triggered.extend(game.collect("sell_marker_removed", card, seat))


def has_keyword(definition: CardDef, keyword: str) -> bool:
    """Whether a card has ``keyword`` of its own: printed among its keywords, or an ability printed
    under it ("Speed–Play: ..."). Asked only as a ``grant_play`` with ``without`` gives it."""
    if keyword in definition.keywords:
        return True
    words = keyword.replace("_", " ")
    return any(effect.get("keyword") == keyword or str(effect.get("text", "")).lower().startswith(words)
               for effect in definition.effects)


__all__ = ["DOWN_MIMICRY", "GRANTS_CONTINUOUS_OPS", "GRANTS_EVENTS", "GRANTS_OPS", "GRANTS_RUN_OPS", "GRANT_RULE",
           "NEXT_FUSION", "PLAYS_REQUIRED", "FLIP_AS_ACTION", "FLIP_EFFECTS_OFF", "OTHERS_FLIP", "do_grants_op", "down_mimicked",
           "flip_effects_stopped", "flippable_by", "granted_rules", "grants_op_errors",
           "has_keyword", "marker_removed_heard", "next_fusion_holds", "note_gain", "nth_this_turn", "owes_a_play",
           "required_plays", "required_plays_left", "trigger_grants_errors"]
