"""Conditions of Millennium Blades card text ("If ..."): the words between "If" and the comma ->
a structured CONDITION of the effect language (effects.py)."""

from __future__ import annotations

import re

from rules.millennium_blades.market_phrases import read_market_condition
from rules.millennium_blades.phrases import NUMBER, Unread, card_phrase, number, read_count, read_ref

_CARD = (r"(this card|it|that card|the next card you play|your top card|the revealed card|"
         r"the card (?:immediately )?(?:to|on) (?:the |its )?(?:immediate )?(?:left|right)(?: of this (?:one|card))?|"
         r"the card (?:that )?this(?: card)? points to)")  # a card played sideways (phrases_sideways.py)


def read_condition(text: str) -> dict:
    text = re.sub(r"^it's ", "it is ", text.strip())  # "it's" read as "it is" (phrases_more_f.py)
    from rules.millennium_blades.phrases_more_h import read_condition_h

    tokens = read_condition_h(text)  # this card's +1 STAR tokens, another Accessory of yours (phrases_more_h)
    if tokens is not None:
        return tokens
    from rules.millennium_blades.phrases_outcomes import read_condition_outcomes

    early_outcomes = read_condition_outcomes(text)  # cards with all different TYPES (phrases_outcomes.py)
    if early_outcomes is not None:
        return early_outcomes
    if " and " in text or " share" in text or " has " in text:  # two joined, "share", "it has" (phrases_more_g)
        from rules.millennium_blades.phrases_more_g import read_early_condition_g

        early = read_early_condition_g(text)
        if early is not None:
            return early
    from rules.millennium_blades.phrases_more_l import read_condition_l

    early_l = read_condition_l(text)  # two other cards of a kind, a rarity shared (phrases_more_l.py)
    if early_l is not None:
        return early_l
    from rules.millennium_blades.phrases_more_u import read_condition_u

    early_u = read_condition_u(text)  # the tableau as a whole, cards in an order (phrases_more_u.py)
    if early_u is not None:
        return early_u
    from rules.millennium_blades.phrases_more_v import read_condition_v

    early_v = read_condition_v(text)  # "you have the second-most RP" (phrases_more_v.py)
    if early_v is not None:
        return early_v
    from rules.millennium_blades.phrases_more_y import read_condition_y

    early_y = read_condition_y(text)  # "you did not lose a clash this turn" (phrases_more_y.py)
    if early_y is not None:
        return early_y
    from rules.millennium_blades.phrases_more_w import read_condition_w

    early_w = read_condition_w(text)  # this card's TYPE and ELEMENT matching a neighbour's (phrases_more_w.py)
    if early_w is not None:
        return early_w
    from rules.millennium_blades.phrases_copying import read_condition_copying

    early_copying = read_condition_copying(text)  # the different symbols this card has (phrases_copying.py)
    if early_copying is not None:
        return early_copying
    from rules.millennium_blades.phrases_naming import read_condition_naming

    named = read_condition_naming(text)  # a word chosen in names, a named card discarded (phrases_naming.py)
    if named is not None:
        return named
    from rules.millennium_blades.phrases_positions import read_condition_positions

    early_positions = read_condition_positions(text)  # "this card is at an edge of your tableau" (phrases_positions.py)
    if early_positions is not None:
        return early_positions
    from rules.millennium_blades.phrases_clash2 import read_condition_clash2

    early_clash2 = read_condition_clash2(text)  # no dice to roll: never (phrases_clash2.py)
    if early_clash2 is not None:
        return early_clash2
    m = re.fullmatch(r"you (did|do)(n't| not)?", text)
    if m:  # "If you did": the flip, discard or payment just before happened
        return {"test": "not", "of": {"test": "did"}} if m.group(2) else {"test": "did"}
    m = re.fullmatch(r"this card has no (.+)", text)
    if m:
        return _count(read_count(m.group(1)), "==", 0)
    if text == "it is your turn":  # "Tournament Turns"
        return {"test": "your_turn"}
    m = re.fullmatch(r"(an opponent's effect|one of your effects|your effect) flipped this card", text)
    if m:  # a Flip effect: whose effect flipped it ("that player": the one who did)
        return {"test": "flipped_by", "by": "opponent" if "opponent" in m.group(1) else "self"}
    m = re.fullmatch(r"this (?:card )?is the (highest|lowest) star(?: rating)? card in your tableau", text)
    if m:  # no card in your tableau has a higher (lower) Star Rating
        star = {"cmp": ">" if m.group(1) == "highest" else "<", "value": "this"}
        return _count({"count": "cards", "zone": "tableau", "filter": {"face": "up", "star": star}}, "==", 0)
    if re.fullmatch(r"this (?:card )?is the left-most face-up card in your tableau", text):
        return _count({"count": "cards", "zone": "tableau", "filter": {"face": "up", "where": "left_of"}}, "==", 0)
    if text == "this is the only card in your tableau":
        return _count({"count": "cards", "zone": "tableau", "filter": {}}, "==", 1)
    m = re.fullmatch(r"(?:you have|you hold) no (cards?|singles?) in (?:your )?hand", text)
    if m:
        return _count({"count": "cards", "zone": "hand", "filter": {}}, "==", 0)
    m = re.fullmatch(rf"you have ({NUMBER}) or (more|fewer) (cards?|singles?) in (?:your )?hand", text)
    if m:
        return _count({"count": "cards", "zone": "hand", "filter": {}}, _more(m.group(2)), number(m.group(1)))
    m = re.fullmatch(r"you (?:have )?won (?:a|at least one) clash this tournament", text)
    if m:
        return _count({"count": "clashes_won"}, ">=", 1)
    m = re.fullmatch(rf"{_CARD} (is|has|shares) (.+)", text)
    if m:
        return {"test": "card", "card": read_ref(m.group(1)), "is": _card_test(m.group(2), m.group(3))}
    m = re.fullmatch(r"no (.+?) (?:is|are) (face-down|face-up)", text)
    if m:
        flt, zone = _phrase(m.group(1))
        flt["face"] = "down" if m.group(2) == "face-down" else "up"
        return _count({"count": "cards", "zone": zone, "filter": flt}, "==", 0)
    m = re.fullmatch(r"(?:a|any|at least one) (.+?) (?:is|are) (face-down|face-up)", text)
    if m:
        flt, zone = _phrase(m.group(1))
        flt["face"] = "down" if m.group(2) == "face-down" else "up"
        return _count({"count": "cards", "zone": zone, "filter": flt}, ">=", 1)
    m = re.fullmatch(rf"no (.+?) has ({NUMBER}) or (more|fewer) stars", text)
    if m:
        flt, zone = _phrase(m.group(1))
        flt["star"] = {"cmp": ">=" if m.group(3) == "more" else "<=", "value": number(m.group(2))}
        return _count({"count": "cards", "zone": zone, "filter": flt}, "==", 0)
    m = re.fullmatch(rf"your tableau (?:holds|has|contains) ({NUMBER}) or (more|fewer) (.+)", text)
    if m:
        flt, _zone = _phrase(m.group(3))
        return _count({"count": "cards", "zone": "tableau", "filter": flt}, _more(m.group(2)), number(m.group(1)))
    m = re.fullmatch(r"you have at least (\d+) star(?: rating)? (?:of|among|in) (.+)", text)
    if m:  # the Star Ratings of those cards added up ("CARD DATA")
        return _count({**read_count(m.group(2)), "count": "stars"}, ">=", int(m.group(1)))
    m = re.fullmatch(rf"(?:you have|there (?:are|is)) at least ({NUMBER}) (.+)", text)
    if m:
        return _count(read_count(m.group(2)), ">=", number(m.group(1)))
    m = re.fullmatch(r"there (?:are|is) no (.+)", text)
    if m:
        return _count(read_count(m.group(1)), "==", 0)
    m = re.fullmatch(rf"this card's star rating is (lower|higher) than (?:that of )?{_CARD}", text)
    if m:  # the other card's Star Rating is higher (lower) than this card's
        return {"test": "card", "card": read_ref(m.group(2)),
                "is": {"face": "up", "star": {"cmp": ">" if m.group(1) == "lower" else "<", "value": "this"}}}
    m = re.fullmatch(rf"(?:you have|there are) ({NUMBER}) or (more|fewer) (.+)", text)
    if m:
        return _count(read_count(m.group(3)), _more(m.group(2)), number(m.group(1)))
    m = re.fullmatch(rf"you have (exactly )?({NUMBER}|0) (.+)", text)
    if m and (m.group(1) or m.group(2) not in ("a", "an")):  # "you have a CITIZEN": one or more, below
        return _count(read_count(m.group(3)), "==", number(m.group(2)))
    m = re.fullmatch(r"you have no (.+)", text)
    if m:
        return _count(read_count(m.group(1)), "==", 0)
    m = re.fullmatch(r"you have (?:a|an|any) (.+)", text)
    if m:
        return _count(read_count(m.group(1)), ">=", 1)
    market = read_market_condition(text)
    if market is not None:
        return market
    from rules.millennium_blades.phrases_more_b import read_condition_b
    from rules.millennium_blades.special_text import read_special_condition  # it reads clauses in turn

    special = read_special_condition(text)
    if special is not None:
        return special
    more = read_condition_b(text)
    if more is None:
        from rules.millennium_blades.phrases_more_g import read_condition_g

        more = read_condition_g(text)
    if more is None:
        from rules.millennium_blades.phrases_more_i import read_condition_i

        more = read_condition_i(text)  # how the clash just made went (phrases_more_i.py)
    if more is None:
        from rules.millennium_blades.phrases_more_k import read_condition_k

        more = read_condition_k(text)  # the +1 STAR tokens on a card
    if more is None:
        from rules.millennium_blades.phrases_more_q import read_condition_q

        more = read_condition_q(text)  # a card with a higher STAR than all of a zone (phrases_more_q.py)
    if more is None:
        from rules.millennium_blades.phrases_more_t import read_condition_t

        more = read_condition_t(text)  # in the clash, won by a margin (phrases_more_t.py)
    if more is None:
        from rules.millennium_blades.phrases_more_s import read_condition_s

        more = read_condition_s(text)  # "that player has ..." (phrases_more_s.py)
    if more is None:
        from rules.millennium_blades.phrases_triggers import read_condition_triggers

        more = read_condition_triggers(text)  # "that player isn't you" (phrases_triggers.py)
    if more is None:
        from rules.millennium_blades.phrases_hands import read_condition_hands

        more = read_condition_hands(text)  # "any cards were flipped" (phrases_hands.py)
    if more is not None:
        return more
    raise Unread(text, "a condition")


def _phrase(text: str) -> tuple[dict, str]:
    flt, zone, rest = card_phrase(text if re.match(r"(?:a|an|the|each|no) ", text) else f"a {text}")
    if rest:
        raise Unread(rest, "after a card description in a condition")
    return flt, zone


def _more(word: str) -> str:
    return ">=" if word == "more" else "<="


def _count(of: dict, cmp: str, value: int) -> dict:
    return {"test": "count", "of": of, "cmp": cmp, "value": value}


#: the kind of card a description names ("SINGLES", "DECK BOXES", "ACCESSORIES"): its head noun
_KIND_NOUN = re.compile(r"^((?:(?!(?:cards?|with|in|of|that|whose|from)\b)[a-z0-9-]+ )*?)"
                        r"(singles?|accessor(?:y|ies)|deck box(?:es)?)\b")
_KINDS = {"single": "single", "accessor": "accessory", "deck box": "deck_box"}


def _card_kind(words: str) -> tuple[str, dict]:
    """"a FIRE Single", "an Accessory", "a Deck Box": the description with its kind noun read as "card",
    and the kind as a FILTER key (``kind``). "If it is a Single" tests the card's kind (millennium-blades.txt,
    "SINGLES", "DECK BOXES", "ACCESSORIES": the three kinds of kit card): the card revealed or gained may be any
    of them, so the noun is a test, not a word to drop."""
    m = _KIND_NOUN.match(words)
    if not m:
        return words, {}
    kind = next(v for k, v in _KINDS.items() if m.group(2).startswith(k))
    return f"{m.group(1)}card{words[m.end():]}", {"kind": kind}


def _card_test(verb: str, rest: str) -> dict:
    """What a card "is" / "has" / "shares": a FILTER it must match."""
    rest = rest.strip()
    if verb == "is" and rest in ("face-down", "face-up"):
        return {"face": rest[5:]}
    if verb == "is":
        m = re.fullmatch(r"(?:a|an) (.+)", rest)
        if not m:
            raise Unread(rest, "what the card is")
        words, kind = _card_kind(m.group(1))
        flt, zone, tail = card_phrase(f"a {words}")
        if tail:
            raise Unread(tail, "what the card is")
        return {**flt, **kind, "face": flt.get("face", "up")}
    if verb == "has":
        m = re.fullmatch(r"(?:a )?(lower|higher) star rating than this (?:card|one)", rest)
        if m:
            return {"face": "up", "star": {"cmp": "<" if m.group(1) == "lower" else ">", "value": "this"}}
        m = re.fullmatch(rf"({NUMBER}) or (more|fewer) stars|(\d+) star(?: rating)? or (greater|higher|more|lower|less|fewer)",
                         rest)
        if m:
            more = (m.group(2) or m.group(4)) in ("more", "greater", "higher")
            return {"face": "up", "star": {"cmp": ">=" if more else "<=", "value": number(m.group(1) or m.group(3))}}
        m = re.fullmatch(r"(two|three) or more elements", rest)
        if m:
            return {"face": "up", "elements_min": number(m.group(1))}
    if verb == "shares":
        m = re.fullmatch(r"(?:an? )?(no )?(element|type) with this (?:card|one)", rest)
        if m:
            return {"face": "up", ("shares_none" if m.group(1) else "shares"): m.group(2)}
        if re.fullmatch(r"no (?:type or element|element or type) with this (?:card|one)", rest):
            return {"face": "up", "shares_none": "either"}
        if re.fullmatch(r"(?:both )?an? (?:element and (?:a )?type|type and (?:an )?element) with this (?:card|one)", rest):
            return {"face": "up", "shares": "both"}
    raise Unread(f"{verb} {rest}", "what the card is")
