"""More engine ops for printed MB card text (issue 26.2, batch n; readers in ``phrases_more_n.py``):
the trigger of a turn passed, and this card removed from the game (millennium-blades.txt:
"Tournament Turns", "Discards"; docs/rules-notes.md, "MB: batch n"). The card checker's checks
are here too. ``ops_more_b.end_turn_effects`` asks ``passed_frames`` for the frames
of "Whenever your turn is passed" effects as the turn ends; they resolve before "At the end of your
turn" effects and before the next player's turn starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.schema import OpSpec

MORE_N_OPS = {
    "remove_self": OpSpec("This card leaves its owner's hand, tableau, deck box or accessories for the box: out of "
                          "the game for good (\"Discards\").", {}),
}
#: those_kinds: the different rarities (what: rarity) or printed Sets (set) among the cards the effect
#: revealed (those); a card with none known adds none
MORE_N_COUNTS = ("those_kinds",)
#: passed: the player whose turn it is Passes ("Tournament Turns"): the turn ends with no Single played
MORE_N_EVENTS = ("passed",)


def passed_frames(game: Any) -> list[dict]:
    """The frames of "Whenever your turn is passed" effects of the player whose turn ends without a
    Single played: a Pass, as "Once all players pass in succession" counts it ("Tournament Turns":
    "If the player is unable to play a Single, they cannot take an Action, and instead Passes")."""
    if game.played_this_turn or "on passed" not in game.feature_cards:
        return []  # (the "pass" itself is logged by the move)
    return game.collect("passed", None, game.seat_turn)


def more_n_count(game: Any, count: dict, ctx: dict | None) -> int:
    """The different rarities (Sets) of the cards just revealed ("CARD DATA": each card's Set and
    its rarity are printed on it), as shown (``ops_more_l.rarity``)."""
    from rules.millennium_blades.ops_more_l import rarity

    cards = (ctx or {}).get("those", ())
    if count["what"] == "rarity":
        values = {rarity(game, c) for c in cards}
    else:
        values = {game.cards[c].set_code for c in cards}
    return len(values - {""})


def more_n_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """The card checker's checks of this module's counts: ``those_kinds`` counts rarity or set."""
    return [] if count.get("what") in ("rarity", "set") else [(f"{path}.what", "is rarity or set")]


def more_n_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker's checks of this module's ops: ``remove_self`` takes no field."""
    extra = sorted(set(op) - {"op"})
    return [(f"{where}.{key}", f"{name} takes no {key}") for key in extra]


def do_more_n_op(game: Any, frame: dict, op: dict, k: int) -> bool:
    """Run one of this module's ops (``remove_self``)."""
    remove_self(game, frame["source"])
    return True


def remove_self(game: Any, card: int | None) -> None:
    """"Cards that are discarded \"to the Box\" or \"removed from the game\" are placed back into the
    game box and will never come back into play" ("Discards"): from its owner's hand, tableau, deck
    box or accessories to the box (``removed``: the whole game puts them in its box), face-up and
    without tokens. A card in none of them (a power, or gone already) stays where it is."""
    seat = game.owner[card] if card is not None else -1
    if seat < 0:
        return
    zone = next((z for z in (game.tableau, game.deck_box, game.accessories, game.hand) if card in z[seat]), None)
    if zone is None:
        return
    zone[seat].remove(card)
    game.down.discard(card)
    game.tokens.pop(card, None)
    game.removed[seat].append(card)
    game.log("removed_from_game", seat, card=game.cards[card].name)


__all__ = ["MORE_N_COUNTS", "MORE_N_EVENTS", "MORE_N_OPS", "do_more_n_op", "more_n_count",
           "more_n_count_errors", "more_n_op_errors",
           "passed_frames", "remove_self"]
