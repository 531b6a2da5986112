"""More phrase shapes of printed MB card text (issue 26.2, batch n): zones and turns. "Whenever your
turn is passed": a trigger when its owner Passes ("Tournament Turns": "If the player is unable to
play a Single, they cannot take an Action, and instead Passes"); this card removed from the game
(to the box: "Discards"); a bare "Discard a card." (from the hand: "Discard a Card"); "If you do
not, ..." after "If you have ..., ...": the other branch of that test; "The first time each turn
(that) X, ...": a trigger once a turn; the different rarities (Sets) among revealed cards. ``phrases.read_event``,
``clauses.read_clause`` and ``text._sentences`` ask this module once their own grammar has no
reading; ``None`` when it has none either, so the phrase stays "not understood". The engine side
is ``ops_more_n.py``; docs/effects-millennium-blades.md, "More shapes, batch n", has an original
example of each.
"""

from __future__ import annotations

import re

#: "your turn is passed", "you pass (your turn)": the turn ends with no Single played
_PASSED = re.compile(r"your turn is passed|you pass(?: your turn| a turn)?")




def read_event_n(text: str) -> dict | None:
    """A trigger event for ``phrases.read_event``: its owner's turn passed; ``None`` when not one
    ("the first time each turn" is batch o's reading, ``phrases_more_o.py``)."""
    if _PASSED.fullmatch(text):
        return {"event": "passed", "by": "self"}
    return None


#: "remove this card from the game", "return (discard) this card to the box": out of the game ("Discards")
_REMOVE_SELF = re.compile(r"(?:remove this (?:card|single) from the game|(?:return|discard) this (?:card|single) "
                          r"to the box)")


def read_clause_n(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    if _REMOVE_SELF.fullmatch(text):
        return [{"op": "remove_self"}]
    if re.fullmatch(r"discard (?:a|one) (?:card|single)", text):  # "Discard a Card": a card of the hand, to the binder
        return [{"op": "discard", "amount": 1}]
    return None


#: "If you do not (don't), ...", "If not, ...": the other branch of the test just before
_IF_NOT = re.compile(r"if (?:you (?:do not|don't)|not),? (.+)")


def read_count_n(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the different rarities (Sets) among the cards this effect
    revealed ("For each different RARITY revealed"); ``None`` when not one."""
    m = re.fullmatch(r"different (rarity|rarities|set|sets) revealed(?: this way)?", text)
    if m:
        return {"count": "those_kinds", "what": "rarity" if m.group(1).startswith("rarit") else "set"}
    return None


def read_sentence_n(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks about with the ops read before it: "If you do not, ..."
    just after "If <a test>, ..." is that test's ``else`` branch, decided once, before either branch
    runs (the gain of the first branch cannot make the second one run too). After a test of what
    was done ("If you did", a flip or discard), or with no test before, it is not one of these (the
    core grammar reads "If you do not" as "the flip, discard or payment did not happen"). True when
    read (the branch added to that test)."""
    m = _IF_NOT.fullmatch(s)
    if m is None or not ops or ops[-1]["op"] != "if" or "else" in ops[-1] or _about_done(ops[-1]["condition"]):
        return False
    from rules.millennium_blades.text import clauses  # text asks this module

    ops[-1]["else"] = clauses(m.group(1), timing, effect)
    return True


def _about_done(cond: object) -> bool:
    """Whether a condition tests what an effect did ("If you did"), anywhere inside it."""
    if isinstance(cond, dict):
        return cond.get("test") == "did" or any(_about_done(value) for value in cond.values())
    if isinstance(cond, list):
        return any(_about_done(value) for value in cond)
    return False


__all__ = ["read_clause_n", "read_count_n", "read_event_n", "read_sentence_n"]
