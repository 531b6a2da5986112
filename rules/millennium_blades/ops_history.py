"""Engine side of batch "history" (issue 26.2; ``phrases_history.py`` reads the printed text): the
face of the card an effect just returned to a hand ("Flip a Card": a face-down card is a blank card;
docs/rules-notes.md, "MB: history"). Batch f's ``to_hand`` keeps it in the effect's context
(``returned_up``); ``history_holds`` answers the test.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: returned_face: the card this effect returned to a hand was face-up (face: up) or face-down (down)
HISTORY_TESTS = ("returned_face",)

#: the ops whose fields this module checks: batch replacement's rp_gain_limit (its times is this batch's)
HISTORY_OPS = ("rp_gain_limit",)

Errors = list[tuple[str, str]]


def history_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``rp_gain_limit``: ``who`` each or each_opponent; ``less`` 1 or more RP, ``times`` 2 or more
    (a gain doubled, tripled); ``none``, ``once_a_turn``, ``until_scoring`` true or false."""
    errors: Errors = [] if op.get("who") in ("each", "each_opponent") else [(f"{where}.who", "is each or each_opponent")]
    for key, least in (("less", 1), ("times", 2)):
        value = op.get(key, least)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            errors.append((f"{where}.{key}", f"is a whole number, {least} or more"))
    errors += [(f"{where}.{key}", "is true or false") for key in ("none", "once_a_turn", "until_scoring")
               if not isinstance(op.get(key, False), bool)]
    return errors


def history_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``returned_face``: ``face`` up or down."""
    return [] if cond.get("face") in ("up", "down") else [(f"{path}.face", "is up or down")]


def history_holds(cond: Mapping[str, Any], ctx: Mapping[str, Any]) -> bool:
    """``returned_face``: a card was returned by this effect, and it was face-up (down) as it left."""
    if "returned_up" not in ctx:
        return False
    return bool(ctx["returned_up"]) == (cond["face"] == "up")


# -- the turn a card was played ----------------------------------------------------------------------
#: the feature of a card that asks when cards were played (``catalogue``): the game keeps the turn of each play
PLAY_RECORD = "play_record"


#: FILTER played_this_turn: true (a card its player played this turn) or "or_this" (or the effect's own card)
HISTORY_FILTER_KEYS = frozenset({"played_this_turn"})


def records_plays(effects: tuple[dict, ...]) -> bool:
    """Whether one of ``effects`` asks the turn a card was played: a trigger "at the end of your next turn",
    a FILTER of the cards played this turn."""
    return any(effect.get("trigger", {}).get("next_turn") or _asks_played(effect["ops"]) for effect in effects)


def _asks_played(value: Any) -> bool:
    if isinstance(value, dict):
        return "played_this_turn" in value or any(_asks_played(v) for v in value.values())
    return isinstance(value, list) and any(_asks_played(v) for v in value)


def played_this_turn(game: MBBase, card: int, flt: Mapping[str, Any], source: int | None) -> bool:
    """FILTER ``played_this_turn``: ``card`` was played in this turn (``note_played``), or is the effect's
    own card (``or_this``: "including this one")."""
    return game.turn_memo.get(f"played:{card}") == game.turn or flt["played_this_turn"] == "or_this" and card == source


def history_filter_errors(key: str, value: Any, path: str) -> Errors:
    """``played_this_turn``: true or "or_this"."""
    return [] if value is True or value == "or_this" else [(f"{path}.{key}", 'is true or "or_this"')]


def note_played(game: MBBase, card: int) -> None:
    """``card`` was played now (``turn_memo``: the turn of its last play)."""
    game.turn_memo[f"played:{card}"] = game.turn


def next_turn_end(game: MBBase, source: int) -> bool:
    """"At the end of your next turn": whether the end of turn heard now is ``source``'s player's next
    turn after the one it was played in: not that turn itself, and once for each time it was played
    (a card put into play otherwise: the first end of its player's turn it hears). It fires now if so."""
    played = game.turn_memo.get(f"played:{source}", 0)
    if game.turn == played or game.turn_memo.get(f"next_end:{source}", -1) >= played:
        return False
    game.turn_memo[f"next_end:{source}"] = game.turn
    return True


def trigger_history_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``next_turn``: true, on a ``turn_end`` trigger only (the end of your next turn), or absent."""
    if "next_turn" in trigger and (trigger["next_turn"] is not True or trigger.get("event") != "turn_end"):
        return [(f"{path}.next_turn", "is true, on a turn_end trigger (the end of your next turn)")]
    return []


# -- a gain of RP made twice over -------------------------------------------------------------------
#: batch v's rp_gain_outcome "as" values this module does: times (the gain made that many times over)
#: choose: the gainer may instead take one of the options (lists of ops)
HISTORY_OUTCOMES = ("times", "choose")


def history_outcome_errors(op: Mapping[str, Any], where: str) -> Errors:
    """``rp_gain_outcome`` as times: ``times`` 2 or more; ``lose_all``, ``flip_this`` true (or absent);
    those fields on no other outcome."""
    keys = ("times", "lose_all", "flip_this")
    if op.get("as") == "choose":
        from rules.millennium_blades.effects import ops_errors  # effects imports this module

        options = op.get("options")
        if not isinstance(options, list) or len(options) < 2:
            return [(f"{where}.options", "is a list of two or more lists of ops")]
        errors: Errors = [(f"{where}.{key}", "is only for as: times") for key in keys if key in op]
        for i, branch in enumerate(options):
            errors += ops_errors(branch, f"{where}.options[{i}]")
        return errors
    if "options" in op:
        return [(f"{where}.options", "is only for as: choose")]
    if op.get("as") not in HISTORY_OUTCOMES:
        return [(f"{where}.{key}", "is only for as: times") for key in keys if key in op]
    times = op.get("times")
    errors = [] if isinstance(times, int) and not isinstance(times, bool) and times >= 2 else [  # (as: times)
        (f"{where}.times", "is a whole number, 2 or more")]
    return errors + [(f"{where}.{key}", "is true, or absent") for key in keys[1:] if op.get(key, True) is not True]


def gain_multiplied(game: Any, seat: int, card: int, outcome: Mapping[str, Any], amount: int) -> int:
    """A gain doubled or tripled after all RP lost, then this card flipped: ``seat`` (the gainer) loses all
    their RP ("FAQs": as much as they have; none if they cannot lose RP), the ``amount`` they would gain
    is made ``times`` over (returned: the gain then made), and ``card`` is flipped ("Flip a Card"). (``game``
    is the engine: ``cannot_lose_rp`` is the resolver's.)"""
    if outcome.get("lose_all"):
        lost = 0 if game.cannot_lose_rp(seat) else game.rp[seat]
        game.rp[seat] -= lost
        game.log("lose_rp", seat, amount=lost, rp=game.rp[seat])
    game.log("rp_gain_multiplied", seat, card=game.cards[card].name, times=outcome["times"], amount=amount)
    if outcome.get("flip_this") and card not in game.down:
        game.flip_card(card, seat)
    return amount * outcome["times"]


def gain_choice(game: MBBase, frame: dict, card: int, seat: int, gainer: int, k: int) -> int | bool | None:
    """The turn's first gain of RP traded "instead" for an option: the option ``seat`` takes
    (its index) or False (the gain is kept: declined, or not the first gain of the turn for a
    ``first_each_turn`` trigger); None while asked. The first gain of the turn is the one the card
    is first asked about (batch o's turn_memo), whatever the answer."""
    key = f"{k}:gain_choice{gainer}:{card}"
    ctx = frame["ctx"]
    if key in ctx:
        return ctx[key]
    effect = game.cards[card].triggers["would_gain_rp"][0]
    if effect["trigger"].get("first_each_turn"):
        memo = f"{card}:would_gain_rp:first"
        if game.turn_memo.get(memo) == game.turn:
            return False
        game.turn_memo[memo] = game.turn
    options = [Action("option", (i,)) for i in range(len(effect["ops"][0]["options"]))]
    game.ask(seat, "either", [*options, Action("decline")], key, f"{game.cards[card].name}: instead of the RP")
    return None


def gain_chosen_instead(game: MBBase, frame: dict, card: int, seat: int, gainer: int, k: int) -> None:
    """The option ``seat`` took instead of the gain (``gain_choice``), resolved as ``card``'s effect
    right after the op that would have made the gain."""
    picked = frame["ctx"][f"{k}:gain_choice{gainer}:{card}"]
    ops = game.cards[card].triggers["would_gain_rp"][0]["ops"][0]["options"][picked]
    game.triggered.append(game.frame(seat, card, {"ops": ops}, optional=False))


def whole_play_area(game: MBBase, seat: int) -> list[int]:
    """"Singles, Accessories, and Deck Boxes you control": the cards of ``seat``'s play area ("Play Area":
    the tableau, the Deck Box and the Accessories), not a character's powers (no card)."""
    return game.tableau[seat] + game.deck_box[seat] + game.accessories[seat]


def kit_option(game: MBBase, seat: int, card: int) -> Action:
    """The answer that picks ``card``, an Accessory (``accessory <seat> <index>``) or a Deck Box
    (``deck_box <seat> <index>``) of ``seat``."""
    if card in game.accessories[seat]:
        return Action("accessory", (seat, game.accessories[seat].index(card)))
    return Action("deck_box", (seat, game.deck_box[seat].index(card)))


__all__ = ["HISTORY_FILTER_KEYS", "HISTORY_OPS", "HISTORY_OUTCOMES", "HISTORY_TESTS", "PLAY_RECORD", "gain_chosen_instead",
           "gain_choice", "gain_multiplied", "history_condition_errors", "history_filter_errors", "history_holds",
           "history_op_errors", "history_outcome_errors", "kit_option", "next_turn_end", "note_played", "played_this_turn",
           "records_plays", "trigger_history_errors", "whole_play_area"]
