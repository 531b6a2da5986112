"""Continuous effects that change a gain of RP before it happens (issue 26.2): "Players cannot gain
RP.", "Whenever an opponent would gain RP, they gain 5 fewer RP." (millennium-blades.txt, "Effects
on Cards": "Ongoing effects keep on working continuously as long as the card is face-up in your
tableau"; "Top effects work as long as the card with the Top effect is the right-most face-up card
in your tableau").

Each reads as the continuous op ``rp_gain_limit`` (``who``: ``each`` player or ``each_opponent`` of the card's
owner; ``none``: no RP is gained; ``less``: that many fewer, never below 0). ``limited_gain`` gives
the engine's ``gain_rp`` the amount once every such face-up card has changed it. A grammar of
phrases, never a card's name.
"""

from __future__ import annotations

import re

from rules.core.schema import OpSpec
from rules.millennium_blades.phrases import NUMBER, number

REPLACEMENT_OPS = {
    "rp_gain_limit": OpSpec("Ongoing/Top: a gain of RP by who (each or each_opponent) is none (none) or amount "
                            "fewer (less), never below 0; until_scoring: not while the tournament is scored.",
                            {"who": "str", "none": "bool", "less": "int", "until_scoring": "bool",
                             "once_a_turn": "bool", "times": "int"}),  # once_a_turn: none after the player's first gain
    # of a turn; times: that many times the gain ("Players gain triple RP ...": ops_history.py)
}
_RP = r"(?:rp|ranking points?)"
_WHO = {"players": "each", "a player": "each", "any player": "each", "an opponent": "each_opponent",
        "opponents": "each_opponent", "each opponent": "each_opponent", "your opponents": "each_opponent"}
_WHO_RE = "|".join(sorted(map(re.escape, _WHO), key=len, reverse=True))
_CANNOT = re.compile(rf"({_WHO_RE}) (?:cannot|can't|can not) gain {_RP}")
_WOULD = re.compile(rf"(?:whenever|when|each time) ({_WHO_RE}) would gain {_RP}, (?:they|that player) gain "
                    rf"(?:(no) {_RP}|({NUMBER}) (?:fewer|less) {_RP})")


_TIMES = {"double": 2, "twice": 2, "twice as much": 2, "triple": 3, "three times as much": 3}
#: "Opponents gain triple RP (from effects)": every gain of RP (all are made by effects) made that many times over
_MULTIPLIED = re.compile(rf"({_WHO_RE}) gain ({'|'.join(sorted(_TIMES, key=len, reverse=True))}) {_RP}"
                         r"(?: from (?:all )?(?:card )?effects)?")


def read_rp_gain_limit(text: str) -> list[dict] | None:
    """The ``rp_gain_limit`` op of an Ongoing or Top text, or None when ``text`` is not one."""
    text = text.strip().rstrip(".")
    m = _MULTIPLIED.fullmatch(text)
    if m:  # (batch history: rules notes, "MB: history")
        return [{"op": "rp_gain_limit", "who": _WHO[m.group(1)], "times": _TIMES[m.group(2)]}]
    m = _CANNOT.fullmatch(text)
    if m:
        return [{"op": "rp_gain_limit", "who": _WHO[m.group(1)], "none": True}]
    m = _WOULD.fullmatch(text)
    if m:
        op: dict = {"op": "rp_gain_limit", "who": _WHO[m.group(1)]}
        if m.group(2):
            op["none"] = True
        else:
            op["less"] = number(m.group(3))
        return [op]
    return None


def limited_gain(state, seat: int, amount: int) -> int:
    """The RP ``seat`` gains of ``amount`` once each face-up card's ``rp_gain_limit`` (an Ongoing
    one anywhere in its owner's play area, a Top one on its owner's Top Card) has changed it."""
    if "rp_gain_limit" not in state.feature_cards:  # no card of the game has one (a look-up)
        return amount
    for owner in range(state.num_players):
        for _card, op in state.face_up_ops(owner, "rp_gain_limit"):
            if op["who"] == "each_opponent" and owner == seat or op.get("until_scoring") and state.phase == "scoring":
                continue
            if op.get("once_a_turn") and state.turn_memo.get(f"gained_rp:{seat}") == state.turn:
                amount = 0  # "after that player gains RP that player cannot gain any more RP this turn" (ops_grants.py)
            amount = 0 if op.get("none") else max(0, amount - op.get("less", 0)) * op.get("times", 1)
    return amount
