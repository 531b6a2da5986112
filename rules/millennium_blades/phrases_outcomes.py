"""More phrase shapes of printed MB text (issue 26.2): what an effect's earlier step came to.

"If you cannot, <clause>" after a loss of RP (the loss took less than it said); all players
discarding a card "simultaneously" (every pick made before any card moves) and "for each different
ELEMENT discarded this way"; a card of your hand swapped for "a card at random" from another player's
hand; "exactly three face-up cards in your tableau that have three different TYPES and ELEMENTS". The engine
side is ``ops_outcomes.py``; docs/effects-millennium-blades.md, "More shapes: outcomes", has an
original example of each, and docs/rules-notes.md, "MB: outcomes", the decisions.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: "If you can't, <clause>" ("cannot", "are unable to")
_IF_CANNOT = re.compile(r"if you (?:cannot|can't|can not|are unable to|could not|couldn't)(?: do so| do this)?,? (.+)")

#: "All players discard a card simultaneously" ("each player must", "each other player")
_SIMULTANEOUS = re.compile(r"(each player|all players|each other player|all other players|each opponent) (?:must )?"
                           r"discards? (a|one) (?:card|single) (?:from their hands? )?simultaneously")
_TOGETHER_WHO = {"each player": "each", "all players": "each", "each other player": "each_opponent",
                 "all other players": "each_opponent", "each opponent": "each_opponent"}

#: "Swap a card from your hand with a card at random from another player's hand" ("in", "a random card")
_SWAP_RANDOM = re.compile(r"swap a (?:card|single) (?:in|from) your hand with a (?:random card|card at random) "
                          r"(?:in|from) (an opponent's|another player's) hand")

#: "you have exactly four face-up cards in your tableau that have four different TYPES and ELEMENTS"
_ALL_DIFFERENT = re.compile(rf"you have (exactly) ({NUMBER}) face-up (?:cards|singles) in your tableau that (?:all )?"
                            rf"have ({NUMBER}) different (types and elements|elements and types|types|elements)")


#: "at the end of the tournament (before scoring)": the words say when, as "before scoring" does
_BEFORE_SCORING = re.compile(r"(at the end of the tournament)\s*\((before scoring)\)", re.I)
#: "If you had zero RP at the end of the tournament before scoring, <clause>" (no timing word)
_HAD_AT_END = re.compile(rf"if you had ({NUMBER}|zero|no) (?:rp|ranking points) at the end of the tournament(?: before "
                         r"scoring)?,? (.+?)\.?")


def printed_outcomes(text: str) -> str:
    """The printed card text with "(before scoring)" after "at the end of the tournament" as words."""
    return _BEFORE_SCORING.sub(r"\1 \2", text)


def read_untimed_outcomes(low: str) -> dict | None:
    """"If you had zero RP at the end of the tournament (before scoring), gain 45 RP" printed with no
    timing word: a Score effect under a condition on the RP you had as scoring began ("Ending the
    Tournament": Score effects are activated then; COUNT ``rp_at_scoring``); ``None`` when not that."""
    m = _HAD_AT_END.fullmatch(low)
    if m is None:
        return None
    from rules.millennium_blades.text import clauses  # text asks this module

    value = 0 if m.group(1) in ("zero", "no") else number(m.group(1))
    return {"timing": "score", "condition": {"test": "count", "of": {"count": "rp_at_scoring"}, "cmp": "==",
                                             "value": value}, "ops": clauses(m.group(2), "score", {})}


#: "the Reactions of these cards cannot be used" ("on those cards", "can't"), after a flip of them
_OWN_REACTIONS = re.compile(r"(?:the )?reactions (?:on|of) (?:those|these|the flipped) cards (?:can't|cannot|can not) be used")
#: "Activate a Score effect on a card in your tableau now, then ...": "now" is when the effect resolves
_ACTIVATE_NOW = re.compile(r"\b(activate [^.,;]*?) now\b")


def reword_outcomes(text: str) -> str:
    """The printed "activate ... now" in the grammar's words: an effect activated as this one resolves."""
    return _ACTIVATE_NOW.sub(r"\1", text)


def read_sentence_outcomes(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """"If you can't, <clause>" just after your own loss of RP: the clause when that loss took less
    than it said (the core ``lost_short``, as "If you don't have enough RP to lose"); False when not
    this sentence. After anything else "you cannot" names no step this grammar knows: not read."""
    if _OWN_REACTIONS.fullmatch(s):  # "Flip a Card": a card's own Reactions are never offered against its own
        if not ops or ops[-1]["op"] != "flip":  # flip (flip_reactions.py), so this is what the flip does
            raise Unread(s, "the Reactions of the cards just flipped")
        return True
    m = _IF_CANNOT.fullmatch(s)
    if m is None:
        return False
    last = ops[-1] if ops else None
    if last is None or last["op"] != "lose_rp" or last.get("who", "self") != "self" or "per" in last:
        raise Unread(s, "what you could not do (a loss of RP of your own just before)")
    from rules.millennium_blades.text import clauses  # text asks this module

    ops.append({"op": "if", "condition": {"test": "lost_short"}, "then": clauses(m.group(1), timing, effect)})
    return True


def read_clause_outcomes(text: str) -> list[dict] | None:
    """A clause ``clauses.read_clause`` asks this module about; ``None`` when none of these."""
    m = _SIMULTANEOUS.fullmatch(text)
    if m:
        return [{"op": "discard_together", "who": _TOGETHER_WHO[m.group(1)]}]
    if _SWAP_RANDOM.fullmatch(text):
        return [{"op": "choose_player", "among": "opponent"}, {"op": "swap_hand", "random": True}]  # batch j's
    return None


def read_count_outcomes(text: str) -> dict | None:
    """"different TYPE discarded this way": the core ``those_distinct`` of the cards the effect just
    discarded; ``None`` when not that."""
    m = re.fullmatch(r"different (type|element|star(?: rating)?) discarded(?: this way)?", text)
    return {"count": "those_distinct", "what": m.group(1).split()[0]} if m else None


def read_condition_outcomes(text: str) -> dict | None:
    """"you have exactly four face-up cards in your tableau that have four different TYPES and
    ELEMENTS": exactly that many face-up cards, no two of them sharing a TYPE (an
    ELEMENT; the core ``pair`` test, none); ``None`` when not that. The two numbers must agree: four
    cards with three different TYPES is a shape of its own, not read."""
    m = _ALL_DIFFERENT.fullmatch(text)
    if m is None:
        return None
    cards, kinds = number(m.group(2)), number(m.group(3))
    if cards != kinds:
        raise Unread(text, "as many different TYPES (ELEMENTS) as cards")
    face_up = {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up"}},
               "cmp": "==", "value": cards}
    apart = [{"test": "not", "of": {"test": "pair", "what": kind, "this_too": True}}
             for kind in ("type", "element") if kind in m.group(4)]
    return {"test": "all", "of": [face_up, *apart]}


__all__ = ["printed_outcomes", "read_clause_outcomes", "reword_outcomes", "read_condition_outcomes", "read_count_outcomes",
           "read_sentence_outcomes", "read_untimed_outcomes"]
