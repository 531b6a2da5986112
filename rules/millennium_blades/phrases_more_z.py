"""Clash phrases of printed MB text, batch z (issue 26.2; the engine side is ``ops_more_z.py``): a
clash between two players the effect's player chooses, who need not include themselves, and a
Reaction as you clash, before the clash's cards are revealed, that adds to your total for that
clash (with results of its own for that clash's winner or loser). It goes on
from batches d, i and t (``phrases_more_d.py``, ``_i.py``, ``_t.py``). millennium-blades.txt,
"Clashing"; docs/rules-notes.md, "MB: batch z, clash shapes"; docs/effects-millennium-blades.md,
"More shapes, batch z", has an original example.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

#: "Choose two players. They clash.": one clause, "two players of your choice clash"
_REWORDS = (
    (re.compile(r"\bchoose two (other players|players|opponents)\. (?:they|those players|the chosen players) clash"
                r"(?: with each other)?\b"), r"two \1 of your choice clash"),
    # "Before cards are revealed in a clash, you may ...": "your clash total" is a player's in the clash
    (re.compile(r"^before (?:the )?cards are revealed in a clash(?: you are in)?, "),
     "when you clash before cards are revealed, "),
    (re.compile(r"\bthe player who loses (?:the|that|this) clash\b"), "the loser"),
)
#: "when you clash (before cards are revealed)": its parenthesis is the moment, kept as words
_BEFORE_PAREN = re.compile(r"\b(when(?:ever)? you clash)\s*\(before (?:the )?cards are revealed\)", re.I)
#: "gain +4 to your clash total", "you have +3 to that clash", then perhaps ", and <a result>"
_BOOST = re.compile(rf"(?:you )?(?:gain|have|get) \+({NUMBER}) to (?:your|that|this|the) clash(?: total)?"
                    r"(?:,? and (.+))?")

#: who may be chosen: any player, any player but you, your opponents (the same players here)
_AMONG = {"players": "any", "other players": "opponent", "opponents": "opponent"}
_PAIR = re.compile(r"two (players|other players|opponents) of your choice clash(?: with each other)?")


def reword_z(text: str) -> str:
    """The printed words of ``_REWORDS`` in the grammar's words (``text.wording`` asks last)."""
    for pattern, words in _REWORDS:
        text = pattern.sub(words, text)
    return text


def printed_z(text: str) -> str:
    """Printed words before ``text.split_abilities`` judges parentheses: "(before cards are
    revealed)" after "when you clash" is the moment of the Reaction, kept as words."""
    return _BEFORE_PAREN.sub(r"\1 before cards are revealed", text)


def read_event_z(text: str) -> dict | None:
    """"You clash before (cards are) reveal(ed)": ``before_reveal``, as a clash you are in starts
    (its cards are not revealed yet); ``None`` when not one."""
    if re.fullmatch(r"you clash before (?:the )?cards are revealed", text):
        return {"event": "before_reveal"}
    return None


#: "clash with any number of other players (in turn order)": one clash with each opponent you choose
_SEVERAL = re.compile(r"clash with any number of (?:opponents|other players)(?:,? (?:one at a time|separately))?"
                      r"(?:,? in turn order)?")
#: "Gain 3 Dollars before each (of those) clash(es)": what is done before each of those clashes
_BEFORE_EACH = re.compile(r"(.+?) before each (?:of those |of these )?clash(?:es)?(?: occurs| happens| is made)?")


#: "clash with each other player with a SOLDIER in play": you and those opponents, in one clash
_ALL_WHO_HAVE = re.compile(r"clash with (?:each|every|all) (?:other players?|opponents?) (?:who (?:has|have)|with) "
                           r"(.+?) in play")
#: "for each player that participated in the clash": the clash's players, counted
_PARTICIPANTS = re.compile(r"players? (?:that|who) (?:participated|took part|was|were) in (?:the|that|this) clash")


def read_count_z(text: str) -> dict | None:
    """The players of the clash just made, counted (batch i's ``clash_players`` count, in other
    words); ``None`` when not one."""
    if _PARTICIPANTS.fullmatch(text):
        return {"count": "clash_players", "players": "participants"}
    return None


def read_sentence_z(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """"Gain 3 Dollars before each of those clashes" after a clash with any number of other players: ops
    done before each of its clashes (``clash_several``'s ``before``); False when not one."""
    m = _BEFORE_EACH.fullmatch(s)
    if m is None:
        return False
    if not ops or ops[-1]["op"] != "clash_several" or "before" in ops[-1]:
        raise Unread(s, "ops before each clash of a clash with several opponents just before")
    from rules.millennium_blades.text import clauses  # text asks this module

    ops[-1]["before"] = clauses(m.group(1), timing, effect)
    return True


def read_early_z(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``, asked before its own readings:
    a clash of two chosen players (``clash`` with ``two_chosen``); a Reaction's +N to the clash
    you are in (``clash_boost``: "When you clash, gain +3 to this clash" is asked before the
    reveals, as batch a's "use this card instead of your Top card"); ``None`` when not one."""
    m = _PAIR.fullmatch(text)
    if m:
        return [{"op": "clash", "with": "two_chosen", "among": _AMONG[m.group(1)]}]
    if _SEVERAL.fullmatch(text):
        return [{"op": "clash_several"}]
    m = _ALL_WHO_HAVE.fullmatch(text)
    if m:  # one clash of you and each of them (as "clash with each opponent"), batch d's rival_has
        from rules.millennium_blades.phrases import card_phrase

        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone not in (None, "tableau") or not flt:
            raise Unread(text, "the other players who have a kind of card in play")
        return [{"op": "clash", "with": "all", "rival_has": {**flt, "face": "up"}}]
    event = effect.get("trigger", {}).get("event")
    m = _BOOST.fullmatch(text)
    if m and timing == "reaction" and event in ("clash", "before_reveal"):
        results = _results(m.group(2), timing, effect)
        effect["trigger"] = {"event": "before_reveal"}  # asked as the clash starts (ops_more_z.py)
        return [{"op": "clash_boost", "amount": number(m.group(1)), **results}]
    if event == "before_reveal":  # nothing else is done before a clash's reveals (ops_more_z.py)
        raise Unread(text, "a change to a clash total before its reveals")
    return None


def _results(words: str | None, timing: str, effect: dict) -> dict:
    """", and the winner gains 20 additional RP" after a boost: the clash's result branches."""
    if not words:
        return {}
    from rules.millennium_blades.text import _clash_branches  # text asks this module

    words = re.sub(rf"\b(gains? {NUMBER}) additional (rp|ranking points)\b", r"\1 \2", words)
    # read as results of a clash of yours (the moment, before its reveals, is the boost's only)
    branches = _clash_branches(words, timing, {**effect, "trigger": {"event": "clash"}})
    if not branches:
        raise Unread(words, "a clash result after a change to a clash total")
    out: dict[str, list[dict]] = {}
    for key, ops in branches:
        out.setdefault(key, []).extend(ops)
    return out


__all__ = ["printed_z", "read_count_z", "read_early_z", "read_event_z", "read_sentence_z", "reword_z"]
