"""Clash phrases of MB card text, batch d (issue 26.2; the engine side is ``ops_more_d.py``): the
players of a clash just made named by its result (its losers, its winners, everyone in it, those
who did not win), the loser's tableau in a winner's result, triggers after a clash and on any
player's lost clash, an owner's Top Card flipped only when its stars fit, and the opponents one may
clash with. millennium-blades.txt, "Clashing"; docs/rules-notes.md, "Clash shapes (batch d)".
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, card_phrase, number

#: the events whose effects are about one clash: its result is in the effect's context (clash.py)
CLASH_EVENTS = ("clash", "clash_any", "clash_won", "clash_lost")
#: the players a sentence names by the clash's result: (each|every|all) [other] player(s) who
#: lost / won / did not win [the clash], or in the clash; each (every, the) loser(s) / winner(s)
_SUBJECT = re.compile(r"(?:(?:each|every|all)( other)? players? (?:who (lost|won|did not win|didn't win)(?: the clash)?|"
                      r"(in) the clash)|(?:each|every|the) (loser|winner)s?) (?:must )?(\w+) (.+)")
_RESULT_PLAYERS = {"lost": "losers", "loser": "losers", "won": "winners", "winner": "winners", "in": "participants",
                   "did not win": "non_winners", "didn't win": "non_winners"}
#: subjects the clash op's own result branches read (text._clash_branches) when the clash is in this effect
_BRANCH_PLAYERS = ("losers", "winners")
_AFTER_CLASH = re.compile(r"^after (?:a|each|every|any) clash(?: (?:ends|is resolved|resolves))?, ")


def reword_d(text: str) -> str:
    """A sentence opening on "after" any clash is a trigger of every clash, once its result is known
    ("Clashing"): read as the grammar's "whenever a clash occurs"."""
    return _AFTER_CLASH.sub("whenever a clash occurs, ", text)


def read_event_d(text: str) -> dict | None:
    """Any player (or an opponent) who loses or wins a clash: the clash_lost / clash_won event,
    by that player, who is then "that player". ``None`` when not one."""
    m = re.fullmatch(r"(a player|any player|an opponent|another player) (loses|wins) (?:a|any) clash", text)
    if m is None:
        return None
    by = "any" if m.group(1) in ("a player", "any player") else "opponent"
    return {"event": "clash_lost" if m.group(2) == "loses" else "clash_won", "by": by}


def read_sentence_d(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence about the players of the clash just made, for ``text._sentences``: its losers,
    winners, everyone in it or those who did not win, each doing something, in an effect a clash
    triggered or after a clash of the effect (losers and winners of that clash are its own result
    branches instead): a ``for_clash_players`` op appended to ``ops``. False when ``s`` is not one."""
    if _conditional_clash_result(s, ops, timing, effect):
        return True
    m = _SUBJECT.fullmatch(s)
    if m is None:
        return False
    players = _RESULT_PLAYERS[m.group(2) or m.group(3) or m.group(4)]
    but_self = bool(m.group(1))
    clash_here = any(o["op"] == "clash" for o in ops)
    triggered = effect.get("trigger", {}).get("event") in CLASH_EVENTS
    if clash_here and players in _BRANCH_PLAYERS or not clash_here and not triggered:
        return False
    ops.append(for_clash_players(players, but_self, f"{_verb(m.group(5))} {m.group(6)}", timing, effect))
    return True


def _conditional_clash_result(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A result sentence after a clash made only under a condition (an ``if`` whose last op is the
    clash): that clash's result branch (no clash made: no result)."""
    from rules.millennium_blades.text import _clash_branches  # text asks this module

    if not ops or ops[-1]["op"] != "if" or not ops[-1]["then"] or ops[-1]["then"][-1]["op"] != "clash":
        return False
    clash = ops[-1]["then"][-1]
    branches = _clash_branches(s, timing, effect, clash)
    for key, branch_ops in branches:
        clash.setdefault(key, []).extend(branch_ops)
    return bool(branches)


def _verb(word: str) -> str:
    """"loses" -> "lose", "must flip" -> "flip" (as text._clash_branches reads a result's verb)."""
    return re.sub(r"(?<=[^s])s$", "", word)


def for_clash_players(players: str, but_self: bool, what: str, timing: str, effect: dict) -> dict:
    """What each such player does as their own: "their tableau", "their hand" are theirs."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    what = re.sub(r"\b(?:their|his or her|his|her) (tableau|top card|hand)\b", r"your \1", what)
    what = re.sub(r"^discard (a|one|\d+) cards? (?:in|from) your hand$",
                  lambda d: f"discard {number(d.group(1)) if d.group(1) != 'a' else 1} card from your hand", what)
    what = re.sub(r"^(flip .+?) after the clash ends$", r"\1", what)  # the trigger is after the clash already
    op = {"op": "for_clash_players", "players": players, "as": "self",
          "ops": read_clause(what, timing, effect, {"ref": None})}
    return {**op, "but_self": True} if but_self else op


_LOSERS = "the loser's"
_LOSER_CARDS = re.compile(rf"flip (a|one|{NUMBER}) (?:cards? in {_LOSERS} tableau|of {_LOSERS} cards"
                          rf"(?: in (?:their|your|{_LOSERS}) tableau)?)")
_OWNERS = {"each opponent": "each_opponent", "every opponent": "each_opponent", "each player": "each",
           "each other player": "each_opponent"}
_TOP_IF = re.compile(rf"({'|'.join(_OWNERS)}) flips (?:their|his or her) top card if (?:it|that card) has "
                     rf"({NUMBER}) star(?: rating)? or (lower|less|fewer|higher|more|greater)")


def read_early_d(text: str, last: dict) -> list[dict] | None:
    """A clause of this module's shapes, read before the usual ones of ``clauses.read_clause``: a
    winner flipping some of the loser's cards (``for_clash_players`` losers, as that player), owners
    flipping their Top Card only when its stars fit (a FILTER on pick top), a clash with a narrowed
    choice of opponents, and "that player also ..." (the "also" adds nothing). ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause

    m = _LOSER_CARDS.fullmatch(text)
    if m:
        amount = 1 if m.group(1) in ("a", "one") else number(m.group(1))
        flip = {"op": "flip", "target": {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}}
        return [{"op": "for_clash_players", "players": "losers", "as": "that_player", "ops": [flip] * amount}]
    m = _TOP_IF.fullmatch(text)
    if m:
        low = m.group(3) in ("lower", "less", "fewer")
        flt = {"star": {"cmp": "<=" if low else ">=", "value": number(m.group(2))}}
        return [{"op": "flip", "target": {"player": _OWNERS[m.group(1)], "pick": "top", "chooser": "owner",
                                          "filter": flt}}]
    m = re.fullmatch(r"clash with (?:a player|an opponent|another player|one opponent) (?:who has|with) the most "
                     r"(?:rp|ranking points)", text)
    if m:  # no player has more (rules notes, "Clash shapes (batch d)")
        return [{"op": "clash", "with": "opponent", "rival_most_rp": True}]
    m = re.fullmatch(r"clash with (?:a player|an opponent|another player|one opponent) (?:who (?:also )?has|with) (.+?) "
                     r"in play", text)
    if m:  # an opponent with a face-up card of that kind
        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone not in (None, "tableau") or not flt:
            raise Unread(text, "an opponent who has a kind of card in play")
        return [{"op": "clash", "with": "opponent", "rival_has": {**flt, "face": "up"}}]
    m = re.fullmatch(r"(that player|they) also (.+)", text)
    if m:
        return read_clause(f"that player {m.group(2)}", "play", {}, last)
    return None


__all__ = ["CLASH_EVENTS", "Unread", "for_clash_players", "read_early_d", "read_event_d", "read_sentence_d", "reword_d"]
