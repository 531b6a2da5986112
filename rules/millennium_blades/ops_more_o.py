"""The engine side of ``phrases_more_o.py`` (issue 26.2, batch o): a trigger that fires only the
first time its event happens in a turn ("Gain 2 RP the first time a single is flipped each turn";
millennium-blades.txt, "Tournament Turns", "Effects on Cards"; docs/rules-notes.md, "MB: batch o").
And a card that flips itself as soon as a condition holds ("Flip a Card"). The card checker's
checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.ops_powers import cap_raise

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

MORE_O_OPS = {
    "flip_self_when": OpSpec("Ongoing: this card flips itself face-down as soon as the condition holds for its "
                             "player, once the effects resolving are done.", {"condition": "any"}),
    "turn_capped_gain": OpSpec("Gain amount RP, but this effect's card gives at most turn_max RP in one turn "
                               "(\"max. 15 RP per turn\").", {"amount": "int", "turn_max": "int"}),
}
MORE_O_CONTINUOUS_OPS = ("flip_self_when",)
#: a trigger's ``turn``: only during the turns of this card's player (self) or of another (opponent)
TRIGGER_TURNS = ("self", "opponent")


def more_o_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import condition_errors  # effects imports this module

    if name == "turn_capped_gain":
        return [(f"{where}.{key}", "is a whole number of RP, 1 or more") for key in ("amount", "turn_max")
                if not isinstance(op.get(key), int) or isinstance(op.get(key), bool) or op[key] < 1]
    return condition_errors(op.get("condition"), f"{where}.condition")


def do_more_o_op(game: Any, frame: dict, op: dict, k: int) -> bool:
    """``turn_capped_gain``: the RP this card's effect gave this turn (``turn_memo``) count against
    ``turn_max``; it gains what is left of the amount, and logs the cap when it stops a gain."""
    if op["op"] != "turn_capped_gain":
        return True  # flip_self_when: a rule of the card, nothing to do when an effect resolves
    seat, source = frame["seat"], frame["source"]
    key = f"{source}:capped:{seat}"
    given = game.turn_memo.get(key + ":given", 0) if game.turn_memo.get(key) == game.turn else 0
    turn_max = op["turn_max"] + cap_raise(game, seat)  # a cap raised for this player (ops_powers.py)
    amount = max(0, min(op["amount"], turn_max - given))
    if amount < op["amount"]:
        game.log("turn_cap", seat, card=game.cards[source].name if source is not None else "", cap=turn_max,
                 amount=amount)
    before = game.rp[seat]
    if amount and not game.op_points(frame, {"op": "gain_rp", "amount": amount}, k):
        return False
    game.turn_memo[key], game.turn_memo[key + ":given"] = game.turn, given + game.rp[seat] - before
    return True


def trigger_turn_fits(game: MBBase, trigger: Mapping[str, Any], seat: int) -> bool:
    """A trigger "during your turn" (``turn: self``) fires only in its player's turns; "during an
    opponent's turn" only in another player's."""
    turn = trigger.get("turn")
    return turn is None or (game.seat_turn == seat) == (turn == "self")


def flip_selves(game: MBBase) -> bool:
    """"If you have no singles in your hand, flip this single": once nothing is resolving, each face-up
    card of a tableau with such an Ongoing whose condition holds for its player is flipped by that
    player ("Flip a Card": its Flip effects and flip triggers follow); True when one was."""
    flipped = False
    for card in sorted(game.cards_with("flip_self_when")):
        seat = game.seat_of(card)
        if seat is None or card in game.down or card not in game.tableau[seat]:
            continue
        if any(game.holds(op["condition"], card, seat, {}) for op in game.cards[card].continuous("flip_self_when")):
            game.log("flip_self", seat, card=game.cards[card].name)
            flipped = game.flip_card(card, seat) or flipped
    return flipped


def trigger_first_errors(trigger: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """``first_each_turn``: true, or absent; ``turn``: one of TRIGGER_TURNS, or absent."""
    errors = []
    if trigger.get("first_each_turn", True) is not True:
        errors.append((f"{path}.first_each_turn", "is true: the trigger fires for the first such event of each turn"))
    if trigger.get("turn", "self") not in TRIGGER_TURNS:
        errors.append((f"{path}.turn", f"is one of {', '.join(TRIGGER_TURNS)}"))
    return errors


def first_this_turn(game: MBBase, source: int, event: str, index: int) -> bool:
    """Whether the ``index``-th ``event`` trigger of ``source`` has not fired yet this turn; if not,
    it fires now and is remembered for the rest of the turn ("the first time ... each turn": the
    first such event of the turn, whether or not the card was face-up at an earlier one)."""
    key = f"{source}:{event}:{index}"
    if game.turn_memo.get(key) == game.turn:
        return False
    game.turn_memo[key] = game.turn
    return True
