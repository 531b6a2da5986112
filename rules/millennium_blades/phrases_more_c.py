"""More phrase shapes of printed MB card text (issue 26.2, batch C): +1 STAR tokens
removed, discarded or moved from card to card (and the count of those, "per token removed this
way"), tokens put one at a time ("distribute", "give a card a token", "that card gains tokens"),
and cards that come into play with tokens while a card says so. ``clauses.py``, ``phrases.py``
and ``text.py`` ask these readers once their own grammar has no reading; each returns ``None``
when it has none either, so the phrase stays "not understood". The engine side is
``ops_more_c.py``; docs/effects-millennium-blades.md, "More shapes, batch C", has an original
example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

_TOKENS = r"\+1 star tokens?"
#: how many: "up to three", "any number of", "all" (none named: one)
_HOW_MANY = rf"(up to {NUMBER}|any number of|all(?: of)?(?: the)?|{NUMBER})"
_REMOVE = re.compile(rf"(remove|discard) {_HOW_MANY} {_TOKENS} from (.+)")
_MOVE = re.compile(rf"move {_HOW_MANY} {_TOKENS} from (.+?) to (another(?: card| single)?|.+)")
#: "in all Play Areas": every card in play (accessories and deck boxes are in a Play Area too)
_EVERYWHERE = re.compile(r"(?:all |the )?cards in (?:all|every|each player's) (?:play areas?|tableaus?)")


def _how_many(words: str) -> dict:
    """``{"up_to": n}``, ``{}`` for any number, ``{"all": True}``; a bare number is that many."""
    if words.startswith("up to "):
        return {"up_to": number(words[len("up to "):])}
    if words == "any number of":
        return {}
    if words.startswith("all"):
        return {"all": True}
    return {"up_to": number(words), "exactly": True}


def _from_cards(text: str, last: dict) -> dict:
    """The cards tokens come from: one card chosen ("a card in any tableau"), or each card of a
    group ("cards in your tableau": the player says how many from each)."""
    from rules.millennium_blades.phrases import read_target

    text = re.sub(r"^one ", "a ", text)
    if _EVERYWHERE.fullmatch(text):
        return {"player": "any", "pick": "all", "zone": "play_area"}
    plural = re.fullmatch(r"(?:all )?(cards|singles)( .+)?", text)
    if plural:
        target = read_target(f"all {plural.group(1)}{plural.group(2) or ''}", last.get("ref"))
        if target["player"] == "each_opponent":
            target["player"] = "opponent"
        return target
    return read_target(text, last.get("ref"))


def read_clause_c(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    m = _REMOVE.fullmatch(text)
    if m:  # the tokens come off; "for each token removed this way" counts them (rules notes)
        return [{"op": "remove_tokens", "target": _from_cards(m.group(3), last), **_how_many(m.group(2))}]
    m = _MOVE.fullmatch(text)
    if m:
        source = _from_cards(m.group(2), last)
        if source["pick"] == "all":
            raise Unread(m.group(2), "one card tokens move from")
        return [{"op": "move_tokens", "from": source, "to": _to_card(m.group(3), source), **_how_many(m.group(1))}]
    m = re.fullmatch(rf"distribute ({NUMBER}) {_TOKENS} (?:on|among|between) (.+)", text)
    if m:  # one at a time, each on a card of the player's choice (rules notes, "Tokens one at a time")
        where = re.sub(r"^(?:the )?cards (?:of your choice )?", "a card ", m.group(2))
        return _one_at_a_time(number(m.group(1)), where, last)
    m = re.fullmatch(rf"(?:you may )?put ({NUMBER}) {_TOKENS} on cards (in .+)", text)
    if m and number(m.group(1)) > 1:  # on cards of a tableau: the player picks a card per token
        return _one_at_a_time(number(m.group(1)), f"a card {m.group(2)}", last)
    m = re.fullmatch(rf"give (.+?) ({NUMBER}) {_TOKENS}", text)
    if m:  # "give a card a token": put it on that card
        return _put(number(m.group(2)), m.group(1), last)
    m = re.fullmatch(rf"(that card|it|this card|the attached card) gains ({NUMBER}) {_TOKENS}", text)
    if m:
        return _put(number(m.group(2)), m.group(1), last)
    return None


def _to_card(text: str, source: dict) -> dict:
    """Where moved tokens go: "another" (card) is another face-up card where the first was chosen
    from; otherwise the target the words name."""
    from rules.millennium_blades.phrases import read_target

    if re.fullmatch(r"another(?: card| single)?", text):
        flt = {k: v for k, v in source.get("filter", {}).items() if k != "tokens"}
        return {**source, "pick": "choice", "filter": {**flt, "face": "up", "where": "other"}}
    return read_target(text)


def _put(amount: int, where: str, last: dict) -> list[dict]:
    from rules.millennium_blades.clauses import read_clause

    return read_clause(f"put {amount} +1 star tokens on {where}", "play", {}, last)


def _one_at_a_time(amount: int, where: str, last: dict) -> list[dict]:
    return [op for _ in range(amount) for op in _put(1, where, last)]


def read_count_c(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the tokens this effect removed or moved (counted as
    "token(s) removed", "moved" or "discarded", maybe "this way")."""
    if re.fullmatch(r"(?:(?:\+1 star )?tokens? )?(?:removed|discarded|moved)(?: (?:this way|in this way))?", text):
        return {"count": "tokens_moved"}
    return None


_ENTER = re.compile(rf"(your other cards|your other singles|your cards|your singles|all cards|all other cards|cards you play|"
                    rf"every card|each card) comes? into play with "
                    rf"({NUMBER}) {_TOKENS}(?: on (?:them|it))?")


def read_continuous_c(text: str) -> list[dict] | None:
    """A continuous effect: cards (yours, yours but this one, everyone's) get tokens as they come
    into play (while this card is face-up, or the Top Card for a Top effect); ``None`` if not one."""
    m = _ENTER.fullmatch(text)
    if m:
        whose = "self" if m.group(1).startswith(("your", "cards you")) else "any"
        other = "other" in m.group(1)
        return [{"op": "tokens_on_entry", "amount": number(m.group(2)), "whose": whose, **({"other": True} if other else {})}]
    return None
