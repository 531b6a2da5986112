"""More phrase shapes of printed MB text (issue 26.2, batch g): card selectors and positions. A
card with any attribute of a printed list (Star Rating, element, type), an X STAR card where X is a
count, activating another card's effects (read as copying them), your leftmost face-up card, the
card just left of this one, two symbols joined by "or" without the word card, two conditions joined
by "and", the highest card's Star Rating, cards that share one value, one more Action, and playing
"up to" more cards this turn. ``phrases.py``, ``clauses.py``
and ``conditions.py`` ask these readers once their own grammar has no reading; each returns
``None`` when it has none either, so the phrase stays "not understood". The engine side is
``ops_more_g.py``; docs/effects-millennium-blades.md, "More shapes, batch g", has an original
example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import ELEMENT, NUMBER, TYPE, Unread, number
from rules.millennium_blades.vocabulary import ELEMENTS

#: an attribute list after a colon (Star Ratings, elements, types): the list ends the phrase
_ATTRIBUTE = re.compile(rf"(?:(\d+)[- ]star(?: rating)?|({ELEMENT})|({TYPE}))")
_ATTRIBUTES = re.compile(rf"^ that (?:has|have) (one or more|any|at least one|none) of (?:these|the following) "
                         rf"attributes: ({_ATTRIBUTE.pattern}(?:,? (?:or |and )?{_ATTRIBUTE.pattern})*)\.?")
#: an X STAR (or lower, or higher) card, then a comma and what X counts
_X_STAR = re.compile(r"^(.*?\ban? )x( star(?: rating)? or (?:lower|higher|less|more|greater|fewer) .+?),? "
                     r"where x (?:is (?:equal to )?|equals )(?:(twice|three times|\d+ times) )?the (?:number|count) of (.+)$")
#: the placeholder Star Rating the clause is read with, replaced by the count after
_X_PLACEHOLDER = 9999


#: a card sharing an element (type, Star Rating) with your tableau: another card there has it too
_SHARES_WITH = re.compile(r"^ that shares? (?:an? )?(element|type|star(?: rating)?) with (?:a|any|another) "
                          r"(?:face-up )?(?:card|single) in your tableau")


_KINDS = r"(?:type|element|star(?: rating)?)"
_SHARES_ANY = re.compile(rf"^ that shares? (?:an? )?({_KINDS}(?:, (?:an? )?{_KINDS})*,? or (?:an? )?{_KINDS}) with this "
                         r"(?:one|card)")
_WITH_STAR_VS_THIS = re.compile(r"^ with (fewer|less|lower|more|greater|higher) star(?: rating)? than this (?:one|card)")


def _set_zone(flt: dict) -> bool:
    """Mark ``flt`` as naming a card of any tableau (``card_phrase`` reads the zone from it)."""
    flt["_zone"] = "all"
    return True


def read_modifier_g(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: the attribute list ("CARD
    DATA": Star Rating, Element, Type) as ``any_of``, one filter per attribute, or a type (element,
    Star Rating) shared with your tableau (``shares_tableau``); returns the text left, or ``None`` when
    ``rest`` does not start with one."""
    m = _SHARES_ANY.match(rest)
    if m:  # several kinds shared with this card: one of them at least
        flt["shares_any"] = [w.split()[0] for w in re.findall(r"type|element|star(?: rating)?", m.group(1))]
        return rest[m.end():]
    m = _WITH_STAR_VS_THIS.match(rest)
    if m:  # fewer (more) STAR than this card
        flt["star"] = {"cmp": "<" if m.group(1) in ("fewer", "less", "lower") else ">", "value": "this"}
        return rest[m.end():]
    m = re.match(r"^ in a player's tableau", rest)
    if m:  # any player's tableau
        return rest[m.end():] if _set_zone(flt) else None
    m = _SHARES_WITH.match(rest)
    if m:
        flt["shares_tableau"] = m.group(1).split()[0]
        return rest[m.end():]
    m = _ATTRIBUTES.match(rest)
    if m is None:
        return None
    options: list[dict] = []
    for word in re.split(r",\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", m.group(2).strip()):
        a = _ATTRIBUTE.fullmatch(word.strip())
        if a is None:
            raise Unread(word, "an attribute (a Star Rating, an element or a type)")
        if a.group(1):
            options.append({"star": {"cmp": "==", "value": int(a.group(1))}})
        else:
            options.append({"element": a.group(2)} if a.group(2) else {"type": a.group(3)})
    if m.group(1) == "none":  # a card with none of them ("a non-EARTH card")
        flt["none_of"] = options
    elif len(options) < 2:
        raise Unread(m.group(2), "a list of attributes")
    else:
        flt["any_of"] = options
    return rest[m.end():]


#: two symbols joined by "or", without the word "card" after them
_EITHER_BARE = re.compile(rf"^((?:each |every |a |an |one |the |any |all )?(?:(?:an)?other )?(?:face-up |face-down )?)"
                          rf"({ELEMENT}|{TYPE}) or ({ELEMENT}|{TYPE})\b(?! cards?\b| singles?\b)")


#: "each of your (other) face-up cards": each such card of your tableau
_EACH_OF = re.compile(r"^each of (?:your|the) (other )?(face-up |face-down )?(card|single)s(?: in your tableau)?\b")


_LEAD = r"((?:each |every |a |an |one |the |any |all )?(?:(?:an)?other )?(?:face-up )?)"
_TWO_STARS = re.compile(rf"^{_LEAD}(\d+) or (\d+) star(?: rating)? (cards?|singles?)\b")
_NON = re.compile(rf"^{_LEAD}non-({ELEMENT}|{TYPE}) (cards?|singles?)\b")


def bare_either_g(text: str) -> str | None:
    """Two symbols joined by "or": the same phrase with the noun "card" the printed text leaves
    out; "each of your" cards as each such card of your tableau; ``None`` when not one."""
    m = _TWO_STARS.match(text)
    if m:  # two Star Ratings joined by "or": either
        return f"{m.group(1)}{m.group(4)} that has any of these attributes: {m.group(2)} star, {m.group(3)} star{text[m.end():]}"
    m = _NON.match(text)
    if m:  # "a non-EARTH card": a card without that symbol (a face-down card has none: "Face-Down Cards")
        return f"{m.group(1)}{m.group(3)} that has none of these attributes: {m.group(2)}{text[m.end():]}"
    m = _EACH_OF.match(text)
    if m:
        return f"each {m.group(1) or ''}{m.group(2) or ''}{m.group(3)} in your tableau{text[m.end():]}"
    m = _EITHER_BARE.match(text)
    if m is None or m.group(2) in ELEMENTS and m.group(3) in ELEMENTS:
        return None  # "a FIRE or WATER" alone names no card
    return f"{m.group(0)} card{text[m.end():]}"


#: RP equal to (a multiple of) a STAR: of your highest (lowest) STAR card of a kind, or your highest
#: card's STAR: a Star Rating, of the highest (lowest) such card
_EXTREME_STAR = re.compile(r"(gain|lose) (?:rp|ranking points) equal to (?:(twice|three times|four times|\d+ times) )?"
                           r"(?:the[ ]star(?: rating)? of (?:the|your) |your )(highest|lowest)(?: star(?: rating)?|-starred)? "
                           r"(?:(.+?) you have in play|(.+?)'s star(?: rating)?|(.+))")


def _owned_cards(text: str) -> tuple[dict, str]:
    """"card in your tableau", "CONSTRUCT" (you have in play): a FILTER and ZONE."""
    from rules.millennium_blades.phrases import card_phrase

    words = text if re.search(r"\b(?:cards?|singles?)\b", text) else f"{text} card"
    flt, zone, rest = card_phrase(f"a {words}")
    if rest or zone not in ("tableau", "opponents", "all"):
        raise Unread(rest or text, "the cards whose highest Star Rating counts")
    return flt, zone


def read_early_g(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause ``clauses.read_clause`` asks before its own readings (which would refuse it): "...
    an X STAR card ..., then what X counts: the clause read with X a placeholder,
    then X the COUNT, worked out as the card is chosen (rules notes, "More shapes, batch g")."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module
    from rules.millennium_blades.phrases import read_count

    m = re.fullmatch(r"(each player|each opponent|each other player) (?:must )?flips? (a|one) (card|single) in their "
                     r"tableau (with .+)", text)
    if m:  # the owner's card described after its zone: read with the zone last
        return read_clause(f"{m.group(1)} flips {m.group(2)} {m.group(3)} {m.group(4)} in their tableau", timing, effect, last)
    m = _EXTREME_STAR.fullmatch(text)
    if m:  # a Star Rating, of the highest (lowest) such face-up card; none: 0 ("CARD DATA")
        flt, zone = _owned_cards(m.group(4) or m.group(5) or m.group(6))
        count = {"count": "extreme_star", "which": m.group(3), "zone": zone, "filter": {**flt, "face": "up"}}
        return [{"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1, "per": count}]
    m = _X_STAR.fullmatch(text)
    if m is None:
        return None
    ops = read_clause(f"{re.sub(r'an $', 'a ', m.group(1))}{_X_PLACEHOLDER}{m.group(2)}", timing, effect, last)
    if not _set_x(ops, read_count(m.group(4)), number(m.group(3)) if m.group(3) else 1):
        raise Unread(text, "a card whose Star Rating is X")
    return ops


def read_clause_g(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module
    m = re.fullmatch(rf"(?:you may )?play up to ({NUMBER}) (?:additional|more|extra) (?:cards|singles)"
                     r"(?: (?:during|this) (?:this )?turn)?", text)
    if m:  # as many more Singles this turn, each one the player may play or not ("Tournament Turns")
        return [{"op": "play_extra", "amount": number(m.group(1))}]
    m = re.fullmatch(r"(?:you may )?take (?:another|an additional|an extra|one more) action(?: this turn)?", text)
    if m and timing == "action":  # one more Action this turn, after this one ("Use an Action": one a turn)
        return [{"op": "extra_action"}]
    m = re.fullmatch(r"choose (a|another) (card|single) in your tableau", text)
    if m:  # a face-up card ("effects cannot target face-down cards"); "it" is that card
        from rules.millennium_blades.phrases import THAT_CARD

        THAT_CARD.set("chosen")
        last["ref"] = "chosen"
        flt = {"face": "up", **({"where": "other"} if m.group(1) == "another" else {})}
        return [{"op": "choose_card", "target": {"player": "self", "pick": "choice", "filter": flt}}]
    m = re.fullmatch(r"activate (the|a|one|each|all|all the|each of the) (play|flip|score|action) effects? "
                     r"((?:of|on) .+)", text)
    if m:  # another card's effect resolved now for you: read as a copy (rules notes, "Activating")
        word = {"the": "the", "a": "a", "one": "one"}.get(m.group(1), "all")
        side = re.fullmatch(r"of the card (?:to the |on the )?(?:immediate )?(left|right) of this (?:one|card)", m.group(3))
        if side:
            return [{"op": "copy_effects", "card": side.group(1), "timing": m.group(2),
                     "pick": "one" if word in ("a", "one") else "all"}]
        return read_clause(f"copy {word} {m.group(2)} effect {m.group(3)}", timing, effect, last)
    return None


def _set_x(ops: list[dict], count: dict, times: int) -> bool:
    """Replace the placeholder Star Rating in the ops' target filters by ``count`` (``times`` it)."""
    found = False
    for op in ops:
        star = op.get("target", {}).get("filter", {}).get("star")
        if star and star.get("value") == _X_PLACEHOLDER:
            star["value"] = count
            if times != 1:
                star["times"] = times
            found = True
    return found


#: where a second condition starts after "and": a new subject ("this is", "you have", "there are")
_SECOND = re.compile(r" and (?=(?:this|you|there|your|it|no|all) )")


def read_early_condition_g(text: str) -> dict | None:
    """Conditions ``conditions.read_condition`` asks before its own readings (which would refuse
    them): at least N cards that share one type (element, star) (``most_alike``), a card's Star
    Rating "or fewer" (singular STAR), and two conditions joined by "and", both holding (``all``),
    only when both halves read as conditions; ``None`` otherwise."""
    from rules.millennium_blades.conditions import read_condition  # conditions asks this module

    m = re.fullmatch(rf"(?:there are|you have) at least ({NUMBER}) (.+?) that share the same "
                     r"(type|element|star(?: rating)?)", text)
    if m:  # the most cards with one value in common ("CARD DATA")
        from rules.millennium_blades.phrases import whole_card_phrase

        flt, zone = whole_card_phrase(m.group(2))
        of = {"count": "most_alike", "what": m.group(3).split()[0], "zone": zone, "filter": {**flt, "face": "up"}}
        return {"test": "count", "of": of, "cmp": ">=", "value": number(m.group(1))}
    m = re.fullmatch(r"(it|that card|this card) has (\d+) or (fewer|more|less|greater) star(?: rating)?", text)
    if m:  # a card with N or fewer (more) STAR: its Star Rating
        from rules.millennium_blades.phrases import read_ref

        more = m.group(3) in ("more", "greater")
        return {"test": "card", "card": read_ref(m.group(1)),
                "is": {"face": "up", "star": {"cmp": ">=" if more else "<=", "value": int(m.group(2))}}}
    if " and " not in text:
        return None
    for m in _SECOND.finditer(text):
        try:
            first, second = read_condition(text[:m.start()]), read_condition(text[m.end():])
        except Unread:
            continue
        return {"test": "all", "of": [first, second]}
    return None


def read_condition_g(text: str) -> dict | None:
    """A condition of this module's shapes for ``conditions.read_condition``; ``None`` if not one."""
    from rules.millennium_blades.conditions import read_condition  # conditions asks this module

    if re.fullmatch(r"this (?:card )?is your left-?most\sface-up (?:card|single)", text):  # none face-up left of it
        return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up", "where": "left_of"}},
                "cmp": "==", "value": 0}
    if re.fullmatch(r"(?:you have only one|you have exactly one|this is the only|this card is the only) face-up "
                    r"(?:card|single) in your tableau", text):
        # one face-up card, this one ("Face-Down Cards"): a Score or Play effect's card is face-up
        one = {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up"}}, "cmp": "==",
               "value": 1}
        if text.startswith("you have"):
            return one
        return {"test": "all", "of": [one, {"test": "card", "card": "this", "is": {"face": "up"}}]}
    m = re.fullmatch(rf"(?:your tableau (?:contains|has|holds)|you have) (fewer|less|more) than ({NUMBER}) (.+?)"
                     r"(?: in your tableau)?", text)
    if m:
        from rules.millennium_blades.phrases import read_count

        of = read_count(m.group(3) if m.group(3).endswith("tableau") else f"{m.group(3)} in your tableau")
        return {"test": "count", "of": of, "cmp": ">" if m.group(1) == "more" else "<", "value": number(m.group(2))}
    m = re.fullmatch(r"all (?:of )?(?:your )?(?:face-up )?(?:cards|singles)(?: in your tableau)? have\sthe same star(?: rating)?",
                     text)
    if m:  # one Star Rating among the face-up cards (none or one card: all the same; face-down: none)
        return {"test": "count", "of": {"count": "star_values", "zone": "tableau", "filter": {"face": "up"}}, "cmp": "<=",
                "value": 1}
    m = re.fullmatch(r"(?:a|an) (.+?) (?:card |single )?is (?:immediately )?to the (?:immediate )?(left|right) of "
                     r"this (?:card|one)", text)
    if m:  # the card in the slot beside this one is such a card ("Tableau")
        return read_condition(f"the card to the immediate {m.group(2)} of this card is a {m.group(1)} card")
    return None


__all__ = ["bare_either_g", "read_clause_g", "read_condition_g", "read_early_condition_g", "read_early_g", "read_modifier_g"]
