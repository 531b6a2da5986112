"""The engine side of ``phrases_pointing.py`` (issue 26.2, batch ``pointing``): the rules a card played
sideways gives the card it points to, and the clash shapes beside them (docs/rules-notes.md, "MB:
pointing"). The card checker's checks are here too.

``not_lose_clashes`` (Ongoing or Top, ``card``: batch sideways' REF ``pointed`` or ``pointed_face_up``):
a player who clashes with the card this one points to is not among that clash's losers ("Clashing": "all
other players are the losers"); a winner stays the winner: not losing is not winning (as batch m's
``not_lose``). ``gives_no_rp`` (Ongoing or Top, ``card``): a gain of RP by an effect of the card pointed
to is none for this card's player (its Score effects too). The other rules of that card are other
batches' ops given its REF: batch e's ``unflippable`` (``target``), batch u's ``grant_score`` (``card``).

``shield_until_next_turn``: the player's cards cannot be flipped by opponents' effects until their next
turn starts. The event ``clash_with`` (``with_this``): "When you clash with this card", whatever the
result. A card of the Aftermarket put into a tableau is batch market's ``put_in_play`` (``who``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.ops_sideways import SIDEWAYS_REFS, pointed_card

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

POINTING_OPS = {
    "not_lose_clashes": OpSpec("Ongoing (Top): a player clashing with the card this one points to (card: pointed, or "
                               "pointed_face_up) is no loser of that clash; a winner still wins.", {"card": "str"}),
}
POINTING_OPS["gives_no_rp"] = OpSpec("Ongoing (Top): the effects of the card this one points to (card: pointed, or "
                                     "pointed_face_up) give this card's player no RP (a gain of RP is none).",
                                     {"card": "str"})
POINTING_OPS["shield_until_next_turn"] = OpSpec("Until the start of this effect's player's next turn, their cards "
                                                "cannot be flipped by opponents' effects.", {})
POINTING_OPS["shield_lifted"] = OpSpec("The protection shield_until_next_turn gave this effect's player ends (set "
                                       "for the start of their next turn).", {})
#: the ops the resolver runs here
POINTING_RUN_OPS = {name: POINTING_OPS[name] for name in ("shield_until_next_turn", "shield_lifted")}
#: clash_with: you clashed with this card (with_this), whatever the result
POINTING_EVENTS = ("clash_with",)
#: the feature of the game's cards that may protect their player's cards until their next turn
SHIELDS = "shield_next_turn"
POINTING_CONTINUOUS_OPS = ("not_lose_clashes", "gives_no_rp")
#: the feature of the game's cards keeping the card they point to from losing clashes (the clash's look-up)
NOT_LOSE_CLASHES = IN_FORCE + "not_lose_clashes"
#: the feature of the game's cards whose pointed card gives their player no RP (a gain's look-up)
GIVES_NO_RP = IN_FORCE + "gives_no_rp"

Errors = list[tuple[str, str]]


def pointing_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: ``not_lose_clashes`` and ``gives_no_rp`` name the card pointed to, and nothing else;
    the protection until the next turn takes no field."""
    if name in POINTING_RUN_OPS:
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    errors = [(f"{where}.{key}", f"{name} takes card only") for key in sorted(set(op) - {"op", "card"})]
    if op.get("card") not in SIDEWAYS_REFS:
        errors.append((f"{where}.card", f"is one of {', '.join(SIDEWAYS_REFS)}"))
    return errors


def pointed_ref_errors(value: Any, path: str) -> Errors:
    """A ``card`` (``target``) naming the card pointed to, for the other batches' ops that take one."""
    return [] if value in SIDEWAYS_REFS else [(path, f"is one of {', '.join(SIDEWAYS_REFS)}")]


def kept_from_losing(game: MBBase, losers: list[int], used: Mapping[int, int | None]) -> list[int]:
    """The losers of a clash but those who clashed with a card that a face-up card of their play area,
    played sideways, points to and keeps from losing (``not_lose_clashes``); each one kept is logged.
    Asked only when the game holds such a card (``NOT_LOSE_CLASHES``)."""
    kept = []
    for p in losers:
        card = used.get(p)
        guard = next((g for g, op in game.face_up_ops(p, "not_lose_clashes")
                      if card is not None and pointed_card(game, g, op["card"]) == card), None)
        if guard is None or card is None:
            kept.append(p)
            continue
        game.log("not_lost_clash", p, card=game.cards[card].name, by=game.cards[guard].name)
    return kept


def gain_from_pointed(game: MBBase, frame: dict, seat: int, gained: int) -> int:
    """The RP ``seat`` gains by the effect of ``frame``: none when its card is the card a face-up card of
    ``seat``'s play area points to and keeps from giving them RP (``gives_no_rp``); that is logged. Asked
    only when the game holds such a card (``GIVES_NO_RP``)."""
    source = frame["source"]
    if gained <= 0 or source is None:
        return gained
    guard = next((g for g, op in game.face_up_ops(seat, "gives_no_rp") if pointed_card(game, g, op["card"]) == source),
                 None)
    if guard is None:
        return gained
    game.log("rp_not_given", seat, card=game.cards[source].name, by=game.cards[guard].name, amount=gained)
    return 0


def do_pointing_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``shield_until_next_turn``: the player's cards are protected (``turn_memo``, read by ``shielded``) and
    the protection is lifted as their next turn starts (batch v's ``next_turn_ops``, before that turn's
    "At the start of your turn" effects: those come after the start). ``shield_lifted``: it ends."""
    seat, key = frame["seat"], f"shield:{frame['seat']}"
    if op["op"] == "shield_lifted":
        if game.turn_memo.pop(key, None) is not None:
            game.log("shield_lifted", seat)
        return True
    if key not in game.turn_memo:  # one lifting is enough for several protections given before it
        game.next_turn_ops[seat].append((frame["source"], [{"op": "shield_lifted"}]))
    game.turn_memo[key] = 1
    game.log("shielded", seat)
    return True


def shielded(game: MBBase, seat: int) -> bool:
    """Whether ``seat``'s cards cannot be flipped by opponents' effects until its next turn starts. Asked
    only when the game holds a card that may protect so (``SHIELDS``)."""
    return f"shield:{seat}" in game.turn_memo


def clash_with_frames(game: MBBase, participants: list[int], used: Mapping[int, int | None]) -> list[dict]:
    """The effects "When you clash with this card" the clash just made triggers: each player's, for the
    card they clashed with (``clash_with``, whatever the result). Asked only when the game holds one."""
    return [frame for p in participants for frame in game.collect("clash_with", used[p], p)]


__all__ = ["GIVES_NO_RP", "NOT_LOSE_CLASHES", "POINTING_CONTINUOUS_OPS", "POINTING_EVENTS", "POINTING_OPS",
           "POINTING_RUN_OPS", "SHIELDS", "clash_with_frames", "do_pointing_op", "gain_from_pointed",
           "kept_from_losing", "pointed_ref_errors", "pointing_op_errors", "shielded"]
