"""More phrase shapes of the printed MB card text (issue 26.2, batch e): RP and Dollars, and flip
protection. A gain of RP as a trigger (an opponent's, yours, a neighbour's) and the RP it gave; the
players an RP clause names by their RP total or by whose turn runs, and every opponent; RP counted
from your Dollars, your RP, the best (or worst) Star Rating of your tableau, the opponents richer
than you; protection from every effect, or while a condition holds, and more spellings of
protection from opponents' effects.

``clauses.py``, ``phrases.py`` and ``conditions.py`` ask these readers (one line each); a reader
returns ``None`` when the text is not one of its shapes, so the phrase stays "not understood".
The engine side is ``ops_more_e.py``; docs/effects-millennium-blades.md, "More shapes, batch e",
has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, Unread, number

_RP = r"(?:rp|ranking points?)"
_DOLLARS = r"(?:millennium )?(?:dollars?|money)"
_UP_TO = rf"(?:,? up to ({NUMBER}) {_RP})?"

#: the players of a gain of RP that triggers (``<who> gains RP``): the trigger's ``by``
_GAINERS = {"you": "self", "an opponent": "opponent", "another player": "opponent", "any other player": "opponent",
            "a player": "any", "any player": "any"}
_GAINER_RE = "|".join(sorted(map(re.escape, _GAINERS), key=len, reverse=True))
#: a player beside you (rules notes, "Left and right"): either neighbour, or a given side
_BESIDE = (r"(?:a|the) player (?:seated )?(?:(adjacent) to you|to your (left or right|left|right))")
_GAINS_RP = re.compile(rf"(?:({_GAINER_RE})|{_BESIDE}) gains? {_RP}")

#: players an RP clause names that ``clauses._WHO`` does not: by their RP total, or by whose turn runs
_RP_PLAYERS = re.compile(rf"(each player|every player|each opponent|all players|all opponents|any player) with "
                         rf"(?:exactly )?({NUMBER}|0) {_RP}(?: or (more|less|fewer))?(?: after this)?")
_TURN_PLAYER = r"the player whose turn it(?: currently)? is"
_CLAUSE_WHO = re.compile(rf"({_TURN_PLAYER}|all opponents|every opponent|{_RP_PLAYERS.pattern}) (?:must )?"
                         r"(gains?|loses?) (.+)")

#: protection from opponents' effects spelt in ways the clauses' ``_PROTECTED`` does not read
#: (no apostrophe, "card effects", effects they control), read as the ``protect`` it is
_OPPONENTS_EFFECTS = re.compile(r" by (?:opponents|opponent's|opponents'|your opponents'?|other players'?) "
                                r"(?:card )?effects?$|"
                                r" by effects (?:your )?(?:opponents'?|other players'?) controls?$")
#: protection from every effect, yours too, when the text says "by effects" or "by any effect" (with
#: no "by" it names no effects and stays refused, test_text.REFUSED)
_UNFLIPPABLE = re.compile(r"(?:while (.+?), )?(.+?) (?:cannot|can't|can not) be flipped(?: face-down)?"
                          r" by (?:any effects?|effects|all effects)")


def read_event_e(text: str) -> dict | None:
    """A gain of RP by a player (an opponent, you, a neighbour) as a trigger: after the gain is
    made (``gained_rp``); ``None`` when ``text`` is not one."""
    flipped = _read_flipped(text)
    if flipped is not None:
        return flipped
    m = _GAINS_RP.fullmatch(text)
    if m is None:
        return None
    if m.group(1):
        return {"event": "gained_rp", "by": _GAINERS[m.group(1)]}
    seated = "adjacent" if m.group(2) or m.group(3) == "left or right" else m.group(3)
    return {"event": "gained_rp", "by": "opponent", "seated": seated}


#: whose effect flips a card, in the words ``phrases.read_event`` reads
_FLIPPER = {"an opponent": "an opponent's effect", "another player": "an opponent's effect",
            "an opponent's effect": "an opponent's effect", "another player's effect": "an opponent's effect",
            "an opponent's card effect": "an opponent's effect", "an effect an opponent controls": "an opponent's effect",
            "an effect you control": "one of your effects", "your effect": "one of your effects",
            "one of your effects": "one of your effects", "any effect": "an effect", "an effect": "an effect"}
_FLIPPER_RE = "|".join(sorted(map(re.escape, _FLIPPER), key=len, reverse=True))


def _read_flipped(text: str) -> dict | None:
    """A flip as a trigger in words ``phrases.read_event`` does not read: you flipping a card (by
    your effect, or as the cost of your own Action or Reaction: the flip is yours), a card flipped
    by an opponent (their effect), an opponent's effect that causes a flip; ``None`` if not one."""
    from rules.millennium_blades.phrases import read_event

    m = re.fullmatch(r"you flip (.+? in (?:your|an opponent's|another player's|any player's) tableau)", text)
    if m:
        return read_event(f"one of your effects flips {m.group(1)}")
    m = re.fullmatch(rf"(.+?) (?:is|are) flipped(?: face-down)? by ({_FLIPPER_RE})", text)
    if m:
        return read_event(f"{_FLIPPER[m.group(2)]} flips {m.group(1)}")
    m = re.fullmatch(rf"({_FLIPPER_RE}) causes (.+?) to be flipped(?: face-down)?", text)
    if m:
        return read_event(f"{_FLIPPER[m.group(1)]} flips {m.group(2)}")
    return None


def read_early_e(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Clauses ``clauses.read_clause`` asks before its own readings: gains of "that much RP" after
    a gain that triggered, RP from Dollars or the highest STAR, the players named by their RP or
    turn; ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause

    text = re.sub(r"^you also gain\b", "gain", re.sub(r"^also gain\b", "gain", text))
    m = re.fullmatch(rf"gain (?:({MULTIPLE}) )?(?:that much|that many|the same amount of) {_RP}{_UP_TO}", text)
    if m:  # the RP the triggering gain gave (ops_more_e: rp_gained)
        if effect.get("trigger", {}).get("event") != "gained_rp":
            raise Unread(text, "'that much RP' after a gain of RP")
        return [_capped({"op": "gain_rp", "amount": number(m.group(1)) if m.group(1) else 1,
                         "per": {"count": "rp_gained"}}, m.group(2))]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?(?:your|the) (?:{_DOLLARS}|number of {_DOLLARS} "
                     rf"you have){_UP_TO}", text)
    if m:  # the Dollars you have now (the tournament's "money" and your purse: ops_more_e)
        return [_capped({"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                         "per": {"count": "money"}}, m.group(3))]
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?the (highest|lowest) star(?: rating)? "
                     rf"(?:in|among (?:the )?(?:face-up )?cards (?:in|of)) your tableau{_UP_TO}", text)
    if m:  # the best (worst) Star Rating of your face-up cards ("CARD DATA"); none face-up: 0
        return [_capped({"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
                         "per": {"count": f"{m.group(3)}_star"}}, m.group(4))]
    m = _CLAUSE_WHO.fullmatch(text)
    if m:
        ops = read_clause(f"{m.group(len(m.groups()) - 1).rstrip('s')} {m.group(len(m.groups()))}", timing, effect, last)
        if len(ops) != 1 or ops[0]["op"] not in ("gain_rp", "lose_rp", "gain_money"):
            return None
        return [{**ops[0], **_players(m.group(1))}]
    m = re.fullmatch(rf"({_RP_PLAYERS.pattern}) (?:must )?(flip|discard)s? (.+)", text)
    if m:  # each such player does it as "that player" (ops_more_e: for_players)
        ops = read_clause(f"that player {m.group(5)}s {m.group(6)}", timing, effect, last)
        return [{"op": "for_players", **_players(m.group(1)), "ops": ops}]
    return None


def _players(words: str) -> dict:
    """The WHO of every opponent, of the player taking the turn, of the players by their RP total."""
    if words in ("all opponents", "every opponent"):
        return {"who": "each_opponent"}
    if re.fullmatch(_TURN_PLAYER, words):  # "Tournament Turns": the player taking the turn now
        return {"who": "turn_player"}
    m = _RP_PLAYERS.fullmatch(words)
    assert m is not None
    who = "each_opponent" if "opponent" in m.group(1) else "each"
    cmp = {"more": ">=", None: "=="}.get(m.group(3), "<=")
    return {"who": who, "rp": {"cmp": cmp, "value": 0 if m.group(2) == "0" else number(m.group(2))}}


def _capped(op: dict, cap: str | None) -> dict:
    return {**op, "max": number(cap)} if cap else op


def read_count_e(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the opponents richer (poorer) than you, your RP in steps,
    the Dollars you hold; ``None`` when not one."""
    m = re.fullmatch(rf"(opponents?|players?|other players?) (?:with|who (?:has|have)|that (?:has|have)) "
                     rf"(more|less|fewer) {_RP} than you", text)
    if m:  # the players still in, other than you, richer (poorer) than you now
        return {"count": "players_rp", "cmp": ">" if m.group(2) == "more" else "<"}
    m = re.fullmatch(rf"({NUMBER}) {_RP} you have", text)
    if m:  # whole steps of that many RP, rounded down
        every = number(m.group(1))
        return {"count": "rp_steps", "every": every} if every > 1 else {"count": "rp"}
    if re.fullmatch(rf"(?:{_DOLLARS}) you have", text):
        return {"count": "money"}
    return None


def read_continuous_e(s: str) -> list[dict] | None:
    """Protection the clauses do not read: more spellings of protection from opponents' effects
    (the ``protect`` op), and protection from every effect, perhaps while a condition holds
    (``unflippable``: no effect flips the card, its own player's neither; rules notes, "Cannot be
    flipped by any effect"); ``None`` when not one."""
    from rules.millennium_blades.clauses import _protect
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.phrases import card_phrase

    m = _OPPONENTS_EFFECTS.search(s)
    if m and re.search(r" (?:cannot|can't|can not) be flipped(?: face-down)?$", s[:m.start()]):
        subject = re.sub(r" (?:cannot|can't|can not) be flipped(?: face-down)?$", "", s[:m.start()])
        return [_protect(subject)]
    m = _UNFLIPPABLE.fullmatch(s)
    if m is None:
        return None
    subject = m.group(2)
    op: dict = {"op": "unflippable"}
    from rules.millennium_blades.phrases_sideways import read_ref_sideways

    pointed = read_ref_sideways(subject)  # the card a card played sideways points to (phrases_pointing.py)
    if subject in ("this card", "this single", "this one"):
        op["target"] = "this"
    elif pointed is not None:
        op["target"] = pointed
    else:  # a kind of card with no owner named: every such card in play; "your ...": yours only
        flt, zone, rest = card_phrase(re.sub(r"^your (other )?", r"\1", subject) if subject.startswith("your ")
                                      else f"{subject} in all tableaus")
        if rest:
            raise Unread(rest, "the cards that cannot be flipped")
        flt.pop("face", None)
        op["target"] = "tableau" if subject.startswith("your ") else "all"
        if zone not in ("tableau", "all") or flt.get("where") not in (None, "other"):
            raise Unread(subject, "the cards that cannot be flipped")
        if flt:
            op["filter"] = flt
    if m.group(1):
        op["while"] = read_condition(m.group(1))
    return [op]


__all__ = ["read_continuous_e", "read_count_e", "read_early_e", "read_event_e"]
