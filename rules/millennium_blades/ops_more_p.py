"""Engine side of batch p (issue 26.2; ``phrases_more_p.py`` reads the printed text): a gain of RP
turned into a loss of that amount while a card says so ("Effects on Cards": "Ongoing effects keep on
working continuously as long as the card is face-up in your tableau"; "Top effects work as long as
the card with the Top effect is the right-most face-up card in your tableau"). The resolver asks
``gain_turned_to_loss`` before each gain of RP (resolve.py, ``op_points``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

MORE_P_OPS = {
    "rp_gain_to_loss": OpSpec("Ongoing/Top: a gain of RP by who (each player, or each_opponent of the card's owner) "
                              "is a loss of that much RP instead (never below 0).", {"who": "str"}),
}
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
MORE_P_CONTINUOUS_OPS = ("rp_gain_to_loss",)

Errors = list[tuple[str, str]]


def more_p_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    return [] if op.get("who") in ("each", "each_opponent") else [(f"{where}.who", "is each or each_opponent")]


def gain_turned_to_loss(game: MBBase, seat: int) -> bool:
    """Whether a gain of RP by ``seat`` is a loss instead: a face-up card in force with
    ``rp_gain_to_loss`` for them (an owner's ``each_opponent`` one spares the owner)."""
    if "rp_gain_to_loss" not in game.feature_cards:  # no card of the game has one (a look-up)
        return False
    return any(op["who"] == "each" or owner != seat for owner in range(game.num_players)
               for _card, op in game.face_up_ops(owner, "rp_gain_to_loss"))


def lose_instead_of_gain(game: MBBase, seat: int, amount: int, cannot_lose: bool) -> None:
    """``seat`` loses ``amount`` RP (what they would have gained) instead of gaining it: as much as
    they have ("FAQs": "You lose as much as you can and stop at zero"); none if they cannot lose RP
    (``cannot_lose``)."""
    lost = 0 if cannot_lose else min(amount, game.rp[seat])
    game.rp[seat] -= lost
    game.log("gain_turned_to_loss", seat, would_gain=amount, amount=lost, rp=game.rp[seat])




__all__ = ["MORE_P_CONTINUOUS_OPS", "MORE_P_OPS", "gain_turned_to_loss", "lose_instead_of_gain", "more_p_op_errors"]
