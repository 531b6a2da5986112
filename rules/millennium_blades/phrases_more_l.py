"""More phrase shapes of printed MB text (issue 26.2, batch l): the tableau, positions and what a
card counts as. A card's RARITY (CORE, EXPANSION, PREMIUM, MASTER, PROMO and the three promo
metals) as a card word ("CARD DATA": Rarity), different rarities, cards sharing one; the STAR of
one card beside this one; "they" for the player a trigger names; each player with N cards; players
with a card in play; exactly N cards; cards adjacent to this one; Meta conditions fulfilled; a gain
replaced "instead"; this card swapping slots with a neighbour; runs, orders and parity of Star
Ratings; the best card of each kind; words in card names; Sets matched or alone.
``phrases.py``, ``clauses.py`` and ``conditions.py`` ask these readers once their own grammar has
no reading; each returns ``None`` when it has none either, so the phrase stays "not understood".
The engine side is ``ops_more_l.py``; docs/effects-millennium-blades.md, "More shapes, batch l", has
an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import ELEMENT, MULTIPLE, NUMBER, TYPE, Unread, number

#: the printed rarity words ("CARD DATA": Rarity; "RARITIES": "Promo" is any rarity of Promo card)
RARITY_WORDS = {"core": "core", "expansion": "expansion", "premium": "premium", "master": "master", "promo": "promo",
                "bronze promo": "bronze_promo", "silver promo": "silver_promo", "gold promo": "gold_promo"}
_RARITY = "|".join(sorted(RARITY_WORDS, key=len, reverse=True))
_LEAD = r"((?:each |every |a |an |one |the |any |all )?(?:different )?(?:(?:an)?other )?(?:face-up )?)"
#: "all EXPANSION cards", "a face-up GOLD PROMO card", "PROMO CARDS" (the rarity's printed name
#: "Promo Card", then the noun: "a PROMO CARD card" is one such card)
_RARITY_CARD = re.compile(rf"^{_LEAD}(?:({ELEMENT}) )?({_RARITY})(?: card(?= cards?\b))? ((?:{TYPE})s?(?: cards?| singles?)?"
                          rf"|cards?|singles?)\b")


#: "both cards adjacent to this one", "both adjacent cards": the two cards beside it
_BOTH_ADJACENT = re.compile(r"^both (?:(adjacent) (cards|singles)|(cards|singles) (adjacent to this (?:one|card)))\b")


def card_words_l(text: str) -> tuple[str, dict] | None:
    """A card phrase worded in a way ``phrases.card_phrase`` reads once reworded: (the phrase
    without a rarity before its card word, {"rarity": it}), or "both" cards beside this one (the
    phrase without "both", {}); ``None`` when ``text`` is none of these."""
    m = _BOTH_ADJACENT.match(text)
    if m:
        words = f"{m.group(1)} {m.group(2)}" if m.group(1) else f"{m.group(3)} {m.group(4)}"
        return f"{words}{text[m.end():]}", {}
    m = _RARITY_CARD.match(text)
    if m is None:
        return None
    element = f"{m.group(2)} " if m.group(2) else ""
    return f"{m.group(1)}{element}{m.group(4)}{text[m.end():]}", {"rarity": RARITY_WORDS[m.group(3)]}


#: "to the immediate left" said of this card without naming it
_BESIDE = re.compile(r"^ (?:immediately )?to the immediate (left|right)(?: of this (?:card|one))?\b")


def read_modifier_l(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: "to the immediate left" (of
    this card, said or not): the card in that slot; a word in its name; "player's tableaus" (all);
    "that matches this card's TYPE"; ``None`` otherwise."""
    m = re.match(r'^ with "([a-z0-9 ]+)" in (?:their|its) names?', rest)
    if m:  # a word in the card's name (a face-down card is blank: "Flip a Card")
        flt["name_has"] = m.group(1)
        return rest[m.end():]
    m = re.match(r"^ in player's tableaus\b", rest)
    if m:  # "in player's tableaus": the tableaus of all players (the word "all" left out)
        flt["_zone"] = "all"
        return rest[m.end():]
    m = re.match(r"^ that match(?:es)? (?:the (type|element) of this (?:card|one)|this (?:card|one)'s (type|element))",
                 rest)
    if m:  # "that matches this card's TYPE": shares one of its types ("CARD DATA")
        flt["shares"] = m.group(1) or m.group(2)
        return rest[m.end():]
    m = _BESIDE.match(rest)
    if m:
        flt["where"] = m.group(1)
        return rest[m.end():]
    return None


def read_count_l(text: str) -> dict | None:
    """A COUNT of this module: the different rarities among cards ("for each different RARITY in
    your tableau"), the players with a kind of card in play; ``None`` when not one."""
    from rules.millennium_blades.phrases import card_phrase

    if re.fullmatch(r"meta(?:game)? conditions? (?:that )?you fulfill|meta(?:game)?s? (?:cards? )?(?:that )?you score"
                    r"(?: in this tournament)?", text):  # the Metagame cards whose condition holds for you
        return {"count": "meta_fulfilled"}
    m = re.fullmatch(r'(?:letter )?"([a-z0-9 ]+)" in (?:card|single) names in (your play area|your tableau|all tableaus|'
                     r"all players' tableaus|opponents' tableaus)", text)
    if m:  # how many times the letters (word) stand in the names of the face-up cards there
        zones = {"your play area": "play_area", "your tableau": "tableau", "opponents' tableaus": "opponents"}
        zone = zones.get(m.group(2), "all")
        return {"count": "name_occurrences", "text": m.group(1), "zone": zone}
    m = re.fullmatch(r"sets? in your tableau that match(?:es)? an? sets? in (opponents'|other players'|all other) tableaus",
                     text)
    if m:  # your cards' Sets that an opponent's face-up card has too ("CARD DATA": Set)
        return {"count": "sets_shared"}
    m = re.fullmatch(r"(element|type)s? that you have at least (twice|\d+ times) in your tableau", text)
    if m:  # the Elements (Types) that many of your face-up cards show
        return {"count": "repeated", "what": m.group(1), "min": number(m.group(2).replace("twice", "two times")),
                "zone": "tableau", "filter": {"face": "up"}}
    m = re.fullmatch(r"(?:different )?(?:element and type|type and element)s? in your tableau", text)
    if m:  # the different Elements, and the different Types, of your face-up cards: both counted
        return {"count": "elements_and_types", "zone": "tableau", "filter": {"face": "up"}}
    m = re.fullmatch(r"players? with (?:a|an|one|at least one) (.+?) in play", text)
    if m:  # the players, you too, with such a card in their tableau ("in play": "Effects on Cards")
        flt, zone, rest = card_phrase(f"a {m.group(1)}")
        if rest or zone != "tableau":
            raise Unread(rest or m.group(1), "a card a player has in play")
        return {"count": "players_with", "filter": flt}
    m = re.fullmatch(r"(?:different )?rarit(?:y|ies) (among|in|of) (.+)", text)
    if m is None:
        return None
    from rules.millennium_blades.phrases import whole_card_phrase

    flt, zone = whole_card_phrase(m.group(2) if m.group(1) != "in" else f"cards in {m.group(2)}")
    return {"count": "rarities", "zone": zone, "filter": {**flt, "face": "up"}}


#: RP equal to (three times) the STAR of one MASTER single just left of this one: one such card, if any
_STAR_OF_ONE = re.compile(rf"(gain|lose) (?:rp|ranking points) equal to (?:({MULTIPLE}) )?the star(?: rating)? of "
                          rf"((?:an?|another) .+)")


def having_count_l(having: str) -> dict | None:
    """What each player must have in their tableau, said with a number ("with exactly three
    face-down cards", "with 3 or more face-up cards") for ``market_phrases``: the condition on
    their own tableau; ``None`` when no number is said (one such card is enough)."""
    from rules.millennium_blades.phrases import read_count

    m = re.fullmatch(rf"(exactly |at least )?({NUMBER})(?: or (more|fewer|less))? (.+)", having)
    if m is None or not (m.group(1) or m.group(3) or number(m.group(2)) > 1):
        return None
    cmp = "==" if m.group(1) == "exactly " else "<=" if m.group(3) in ("fewer", "less") else \
        ">=" if m.group(1) or m.group(3) else "=="
    return {"test": "count", "of": read_count(f"{m.group(4)} in your tableau"), "cmp": cmp, "value": number(m.group(2))}


def read_early_l(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Clauses ``clauses.read_clause`` asks before its own readings: "they" for the player the
    trigger names, and RP equal to the STAR of one card that fits (``star_of_one``)."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = re.fullmatch(r"they (gain|lose|score)s? (.+)", text)
    if m and (effect.get("trigger") or {}).get("by") in ("opponent", "other", "any"):
        # the player whose play (flip, gain) triggered the effect ("that player": rules notes, batch l)
        return read_clause(f"that player {m.group(1)}s {m.group(2)}", timing, effect, last)
    m = re.fullmatch(r"(?:switch|swap) (?:the positions of )?this card (?:and|with) an adjacent (?:card|single)", text)
    if m:  # this card and a face-up card beside it change slots ("Tableau")
        return [{"op": "swap_adjacent"}]
    m = re.fullmatch(r"(all players|each player|every player|each opponent|all opponents|each other player) "
                     r"((?:gain|lose)s? .+? (?:for each|for every|per) .+?) they have((?:,? up to \d+ rp)?)", text)
    if m:  # each counts what they have, as their own effect ("you" in it is that player)
        who = {"each opponent": "each_opponent", "all opponents": "each_opponent", "each other player": "each_other"}
        verb = re.sub(r"^(gain|lose)s ", r"\1 ", m.group(2))
        return [{"op": "as_each", "who": who.get(m.group(1), "each"),
                 "ops": read_clause(f"{verb} you have{m.group(3)}", timing, effect, last)}]
    m = re.fullmatch(r"flip (?:a|one) (card|single) of your choice in (?:their|his|her|that player's) tableau", text)
    if m and (effect.get("trigger") or {}).get("by") in ("opponent", "other", "any"):
        # a face-up card of the player the trigger names, you choosing ("Flip a Card")
        return [{"op": "flip", "target": {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}}]
    m = re.fullmatch(r"also ((?:gain|lose) .+)", text)
    if m:  # "If you did, also gain 6 RP": a gain besides the one before
        return read_clause(m.group(1), timing, effect, last)
    m = _STAR_OF_ONE.fullmatch(text)
    if m:
        from rules.millennium_blades.phrases import card_phrase

        flt, zone, rest = card_phrase(m.group(3))
        if rest or zone != "tableau":
            raise Unread(rest or m.group(3), "one card of your tableau")
        times = number(m.group(2).replace("twice", "two times")) if m.group(2) else 1
        return [{"op": "star_of_one", "gain": m.group(1) == "gain", "times": times,
                 "filter": {**flt, "face": "up"}}]
    return None


_INSTEAD = re.compile(r"if (.+?), ((?:you )?(?:gain|lose) .+?) instead")


_STAR = r"star(?: rating)?"
_KIND = r"(type|element|rarity)"
#: for each type (element, rarity), one card of it: its STAR (a card of it chosen, or the highest one)
_BEST_OF_EACH = (
    re.compile(rf"for each (?:different )?{_KIND}(?: of (?:cards|singles))?(?: in your tableau)?, choose an? (?:card|single) "
               rf"in your tableau (?:with|of) that (?:type|element|rarity) and gain rp equal to (?:({MULTIPLE}) )?its {_STAR}"
               r"(, up to \d+ rp)?"),
    re.compile(rf"for each {_KIND}, gain rp equal to (?:({MULTIPLE}) )?the {_STAR} of the highest (?:card|single) of that "
               rf"(?:type|element|rarity) in your tableau(, up to \d+ rp)?"),
)


def read_sentence_l(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about before reading its clauses; False when
    ``s`` is none of these. "Gain 3 RP. If it has 1 or fewer STAR, gain 11 RP instead.": the gain
    (loss) just before is replaced when the condition holds (``if`` with ``else``); only a plain
    gain (loss) of RP or Dollars can be replaced this way. For each TYPE (ELEMENT, rarity) a card of
    it chosen, RP for its Star Rating: the best card of each (``best_of_each``)."""
    for pattern in _BEST_OF_EACH:
        best = pattern.fullmatch(s)
        if best:  # the player's best choice: the highest face-up card of each (a choice that only gains)
            times = number(best.group(2).replace("twice", "two times")) if best.group(2) else 1
            gain = {"op": "gain_rp", "amount": times, "per": {"count": "best_of_each", "what": best.group(1),
                                                              "zone": "tableau", "filter": {"face": "up"}}}
            ops.append({**gain, "max": int(re.sub(r"\D", "", best.group(3)))} if best.group(3) else gain)
            return True
    m = _INSTEAD.fullmatch(s)
    if m is None:
        return False
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.text import clauses

    if not ops or ops[-1]["op"] not in ("gain_rp", "lose_rp", "gain_money"):
        raise Unread(s, "a gain to replace, just before")
    cond = read_condition(m.group(1))
    ops[-1] = {"op": "if", "condition": cond, "then": clauses(m.group(2), timing, effect, cond.get("card")),
               "else": [ops[-1]]}
    return True


def read_condition_l(text: str) -> dict | None:
    """Conditions of this module's shapes for ``conditions.read_condition``: two (N) other cards of
    a kind, or sharing a rarity, at least N cards sharing one, exactly N cards, N different elements
    (types) face-up, the (two) cards adjacent to this one alike; ``None`` when not one."""
    from rules.millennium_blades.conditions import read_condition  # conditions asks this module
    from rules.millennium_blades.phrases import read_count, whole_card_phrase

    m = re.fullmatch(rf"you have (?:cards|singles) in play fulfilling (at least |exactly )?({NUMBER}) "
                     r"meta(?:game)? conditions?", text)
    if m:  # the Metagame cards whose Score condition your cards fulfil ("Metagame")
        return {"test": "count", "of": {"count": "meta_fulfilled"}, "cmp": "==" if m.group(1) == "exactly " else ">=",
                "value": number(m.group(2))}
    m = re.fullmatch(rf"there are at least ({NUMBER}) (.+?) adjacent to each other in your tableau", text)
    if m:  # that many such cards side by side ("Tableau": slots left to right)
        flt, zone = whole_card_phrase(f"{m.group(2)} in your tableau")
        return {"test": "count", "of": {"count": "longest_run", "zone": zone, "filter": {**flt, "face": "up"}},
                "cmp": ">=", "value": number(m.group(1))}
    m = re.fullmatch(r"you have an? (even|odd) number of face-up star(?: rating)?s? in your tableau", text)
    if m:  # the Star Ratings of your face-up cards added up ("CARD DATA"), even (0 too) or odd
        stars = {"count": "stars", "zone": "tableau", "filter": {"face": "up"}}
        return {"test": "parity", "of": stars, "even": m.group(1) == "even"}
    m = re.fullmatch(rf"there are at least ({NUMBER}) (?:cards|singles) in your tableau whose star(?: rating)?s? (?:are|is) "
                     r"in (?:a |an )?(descending|decending|ascending) order", text)
    if m:  # that many face-up cards, left to right, each with a lower (higher) Star Rating than the one before
        order = "ascending" if m.group(2) == "ascending" else "descending"
        return {"test": "count", "of": {"count": "ordered", "order": order}, "cmp": ">=", "value": number(m.group(1))}
    m = re.fullmatch(r"no other (?:card|single) in your tableau matches (its|that card's|the played card's) set", text)
    if m:  # the card's Set is on no other face-up card of your tableau ("CARD DATA": Set)
        from rules.millennium_blades.phrases import read_ref

        return {"test": "set_alone", "card": read_ref("it" if m.group(1) == "its" else "that card")}
    m = re.fullmatch(r"the (?:two )?(cards adjacent to this (?:one|card) (?:have|are) .+)", text)
    if m:  # both of them ("Tableau": the slots beside this one)
        return read_condition(f"both {m.group(1)}")
    m = re.fullmatch(rf"(?:there are|you have) exactly ({NUMBER}) (.+?)(?: combined)?", text)
    if m:  # that many, no more ("combined": all the tableaus named, together)
        return {"test": "count", "of": read_count(m.group(2)), "cmp": "==", "value": number(m.group(1))}
    m = re.fullmatch(rf"you have ({NUMBER}) different (elements?|types?)(?: and ({NUMBER}) different (elements?|types?))? "
                     r"(face-up )?in your tableau", text)
    if m and (m.group(3) or m.group(5)):  # so many different symbols face-up ("CARD DATA"), both counts when two
        tests = [{"test": "count", "of": {"count": f"{kind.rstrip('s')}s", "zone": "tableau", "filter": {"face": "up"}},
                  "cmp": ">=", "value": number(n)} for n, kind in ((m.group(1), m.group(2)), (m.group(3), m.group(4))) if n]
        return tests[0] if len(tests) == 1 else {"test": "all", "of": tests}
    m = re.fullmatch(rf"(?:there are )?(?:any |at least )?({NUMBER}) (other )?(cards|singles) in your tableau "
                     rf"(?:are (.+)|share the same rarity)", text)
    if m is None:
        m = re.fullmatch(rf"(?:there are|you have) at least ({NUMBER}) (other )?(cards|singles) in your tableau "
                         r"that share the same (rarity)", text)
    if m is None:
        return None
    base = {"face": "up", **({"where": "other"} if m.group(2) else {})}
    if m.group(4) and m.group(4) != "rarity":  # "are PROMO CARDS": that many of them such cards
        words = re.sub(r"^(?:a |an )", "", m.group(4))
        flt, zone = whole_card_phrase(f"{m.group(2) or ''}{words} in your tableau")
        of = {"count": "cards", "zone": zone, "filter": {**flt, "face": "up"}}
    else:  # the most of them with one rarity in common
        of = {"count": "rarity_alike", "zone": "tableau", "filter": base}
    return {"test": "count", "of": of, "cmp": ">=", "value": number(m.group(1))}


__all__ = ["RARITY_WORDS", "card_words_l", "having_count_l", "read_condition_l", "read_count_l", "read_early_l",
           "read_modifier_l", "read_sentence_l"]
