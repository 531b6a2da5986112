"""More printed shapes, batch ``copying`` (issue 26.2): effects copied, repeated or granted from other
cards (millennium-blades.txt, "Effects on Cards", "FAQs": "Can a copy effect ... be copied?"). Read
here, hooked into the core readers with one call each; run by ``special_ops.op_copy`` and
``ops_copying.py`` (docs/effects-millennium-blades.md, "More shapes: copying"; docs/rules-notes.md,
"MB: copying").

Every copy reads as a ``copy_effects`` (a card this effect names) or a ``copy_chosen`` (a card the player
chooses among zones of play areas); "You cannot gain more than N RP with this effect" and "(max. N
RP)" after a copy cap the RP the whole effect gains (``cap_rp``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, Unread, number

_TIMED = r"(play|flip|score|action)"
_RP = r"(?:rp|ranking points)"
_CAP = rf"(?:,? up to ({NUMBER}) {_RP})?"
#: "Reveal one face-down card in your tableau and copy that card's Score effects": the card revealed, face-down or not
_REVEAL_AND_COPY = re.compile(rf"(reveal .+?),? and (?:then )?copy (?:its|that card's|the revealed card's) {_TIMED} effects?")
#: "Copy one of your other face-up cards' Score effects": one card of your play area, your choice
_COPY_YOURS = re.compile(rf"copy (another|one|any) (?:one )?of your (other )?(?:face-up )?(cards|singles)'? {_TIMED} "
                         rf"effects?{_CAP}")
#: "Copy an Action printed on a Single or Accessory in play": the kinds named, any play area
_COPY_PRINTED = re.compile(rf"copy (?:an?|one|the) {_TIMED}(?: effect)? printed on (another|a|any) (.+?) in play{_CAP}")
#: "activate all of its Flip effects again", "activate all of its Play effects": the card just named
_ACTIVATE_ITS = re.compile(rf"activate (?:each of |all of |all )?(?:its|that card's) {_TIMED} effects?( again)?")
#: "Gain ..., then activate all of its Play effects": two clauses, the copy after
_THEN_ACTIVATE = re.compile(r"(.+?),? (?:and then|then|and) (activate .+)")
#: "Discard up to two cards from your hand and activate their Play effects in any order"
_AND_ACTIVATE_THEIR = re.compile(rf"(discard .+?),? and (?:then )?(?:activate|copy) (?:all of )?their {_TIMED} "
                                 r"effects?(?: in any order)?")
#: "After an opponent plays a card with a Play effect, copy that effect"
_COPY_THAT_EFFECT = re.compile(r"copy (?:that|this) (?:play )?effect")
#: "You cannot gain more than N RP with this effect": a cap on what the whole effect gains
_NO_MORE_THAN = re.compile(rf"you (?:can't|cannot|can not) gain more than ({NUMBER}) {_RP} (?:by|from|with|through) "
                           r"this effect")
#: the kinds of card "in play" a copy may take an effect from, and the zone each is in ("Tournament Setup")
_KIND_ZONES = {"single": "tableau", "singles": "tableau", "card": "tableau", "cards": "tableau",
               "accessory": "accessory", "accessories": "accessory", "deck box": "deck_box", "deck boxes": "deck_box"}
#: "perform all of this card's Score effects": its Score effects resolve now, as a copy does
_PERFORM = re.compile(rf"\bperform (?:each of |all of |all )?(this card's|its) {_TIMED} effects\b")
#: "(max. 30 RP from this effect)", once ``split_abilities`` made its words of it: a cap, "up to 30 RP"
_MAX_FROM_THIS = re.compile(rf",? max\.? ({NUMBER}) {_RP} from this effect\b")


def reword_copying(text: str) -> str:
    """"Perform all of this card's Score effects" is "copy this card's Score effects"; "max N RP from
    this effect" is "up to N RP"; "This card has all the effects of ...", then the sentence that ends it
    as scoring starts, is one sentence, "... until scoring" (``text.wording`` asks, last)."""
    text = _PERFORM.sub(lambda m: f"copy {m.group(1)} {m.group(2)} effects", text)
    text = _UNTIL_SCORING.sub(r"\1 until scoring", text)
    return _MAX_FROM_THIS.sub(lambda m: f", up to {m.group(1)} rp", text)


def _capped(ops: list[dict], cap: str | None) -> list[dict]:
    """``ops`` after a ``cap_rp`` when the clause printed one ("(max. 40 RP)")."""
    return ([{"op": "cap_rp", "max": number(cap)}] if cap else []) + ops


def _kind_zones(words: str) -> list[str]:
    """"single or accessory" -> the zones of those kinds, in that order; Unread otherwise."""
    zones: list[str] = []
    for word in re.split(r",? or |, ", words):
        zone = _KIND_ZONES.get(word.strip())
        if zone is None:
            raise Unread(words, "the kinds of card in play to copy from")
        if zone not in zones:
            zones.append(zone)
    return zones


def read_clause_copying(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when it is none."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = _ON_HOST_FLIP.fullmatch(text)
    if m:  # what the card attached just before does as its host is flipped (ops_copying.host_flip_copies)
        from rules.millennium_blades.special_text import attach_op_of

        attach = attach_op_of(effect)
        if attach is None:
            raise Unread(text, "a card attached just before")
        attach["flip_copy"] = m.group(1)
        return []
    m = _KEEP_ONLY.fullmatch(text)
    if m:  # what the card attached just before keeps (special_text's attach op)
        from rules.millennium_blades.special_text import attach_op_of

        attach = attach_op_of(effect)
        if attach is None:
            raise Unread(text, "a card attached just before")
        attach["keep_only"] = m.group(1).split(" and ")
        return []
    m = _REVEAL_AND_COPY.fullmatch(text)
    if m:  # the revealed card's effects, though it is face-down (rules notes, "MB: copying")
        first = read_clause(re.sub(r"^reveal (?:one|any) ", "reveal a ", m.group(1)), timing, effect, last)
        if len(first) != 1 or first[0]["op"] != "reveal":
            raise Unread(m.group(1), "one card revealed")
        return [*first, {"op": "copy_effects", "card": "revealed", "timing": m.group(2), "pick": "all",
                         **({"face_down_ok": True} if first[0]["source"] == "face_down" else {})}]
    m = _COPY_YOURS.fullmatch(text)
    if m:  # "your cards": a face-up card of your play area; "your singles": of your tableau
        zones = ["tableau"] if m.group(3) == "singles" else ["tableau", "accessory", "deck_box"]
        op = {"op": "copy_chosen", "timing": m.group(4), "player": "self", "zones": zones,
              "other": m.group(1) == "another" or bool(m.group(2))}
        return _capped([op], m.group(5))
    m = _COPY_PRINTED.fullmatch(text)
    if m:  # a card of any play area, your choice
        op = {"op": "copy_chosen", "timing": m.group(1), "player": "any", "zones": _kind_zones(m.group(3)),
              "other": m.group(2) == "another"}
        return _capped([op], m.group(4))
    m = _ACTIVATE_ITS.fullmatch(text)
    if m:  # "again": the card's effects as they were just activated, though it is face-down now
        return [{"op": "copy_effects", "card": THAT_CARD.get(), "timing": m.group(1), "pick": "all",
                 **({"face_down_ok": True} if m.group(2) else {})}]
    m = _AND_ACTIVATE_THEIR.fullmatch(text)
    if m:  # the cards discarded, in the order picked (rules notes, "MB: copying")
        first = read_clause(m.group(1), timing, effect, last)
        if len(first) != 1 or first[0]["op"] != "discard_up_to":
            raise Unread(m.group(1), "cards discarded by your choice")
        return [*first, {"op": "copy_those", "timing": m.group(2)}]
    if _COPY_THAT_EFFECT.fullmatch(text):  # the Play effect of the card whose play triggered this one
        trigger = effect.get("trigger", {})
        if trigger.get("event") != "play" or trigger.get("filter", {}).get("timing") != "play":
            raise Unread(text, "the effect of a card played with a Play effect")
        return [{"op": "copy_effects", "card": "played", "timing": "play", "pick": "all"}]
    return None


def read_sentence_copying(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """"Gain ..., then activate all of its Play effects": the clauses, then the copy (the grammar's
    joins leave "activate" alone). "You cannot gain more than N RP with this effect": a ``cap_rp``
    before the effect's ops (what the whole effect gains, copies too, is capped); False when ``s`` is
    not that sentence."""
    m = _THEN_ACTIVATE.fullmatch(s)
    if m and _ACTIVATE_ITS.fullmatch(m.group(2)):  # "Gain ..., then activate all of its Play effects"
        from rules.millennium_blades.text import clauses  # text asks this module

        ops += clauses(m.group(1), timing, effect) + clauses(m.group(2), timing, effect)
        return True
    m = _NO_MORE_THAN.fullmatch(s)
    if m is None:
        return False
    if not ops:
        raise Unread(s, "a cap on an effect before it")
    ops.insert(0, {"op": "cap_rp", "max": number(m.group(1))})
    return True


#: "This card has all the effects of the face-up card to its immediate right", "... until scoring"
_HAS_ALL_EFFECTS = re.compile(r"this card has all (?:the )?effects of the (?:face-up )?card to its immediate (left|right)"
                              r"( until scoring)?")
#: the sentence after it that ends it as the tournament is scored, said in its own words
_UNTIL_SCORING = re.compile(r"(this card has all (?:the )?effects of [^.]+?)\.? this effect stops working (?:during|while) "
                            r"scoring\b")
#: "This card gains the Flip and Score effects of all other Accessories in your play area"
_GAINS_ACCESSORIES = re.compile(r"this (?:card|accessory) (?:gains|has) the ((?:play|flip|score|action|reaction|ongoing)"
                                r"(?:(?:,|,? and) (?:play|flip|score|action|reaction|ongoing))*) effects of all other "
                                r"accessories in your play area")


def read_continuous_copying(s: str) -> list[dict] | None:
    """An Ongoing sentence that gives this card other cards' effects, batch ``exact_copy``'s partial
    form (``what: effects``, special_ops.py; rules notes, "MB: copying"): all effects of a neighbour
    (``side``; ``until_scoring``), or the effects of some timings of your other Accessories (``from:
    accessories``, ``timings``); ``None`` when not one."""
    symbols = _symbols_rule(s)
    if symbols is not None:  # the elements and types of other cards (rules notes, "MB: copying")
        return symbols
    m = _LEND.fullmatch(s)
    if m:  # the neighbours' effects replaced by some of this card's (rules notes, "MB: copying")
        return [{"op": "lend_effects", "timings": m.group(1).split(" and ")}]
    m = _HAS_ALL_EFFECTS.fullmatch(s)
    if m:
        return [{"op": "exact_copy", "what": "effects", "side": m.group(1),
                 **({"until_scoring": True} if m.group(2) else {})}]
    m = _GAINS_ACCESSORIES.fullmatch(s)
    if m:
        timings = re.split(r",? and |, ", m.group(1))
        return [{"op": "exact_copy", "what": "effects", "from": "accessories", "timings": timings}]
    return None


#: "Cards adjacent to this one lose their effects and gain this card's Score effects"
_LEND = re.compile(r"(?:adjacent (?:face-up )?cards|(?:face-up )?cards adjacent to this (?:one|card)) lose (?:all )?their "
                   r"(?:own )?effects and (?:gain|have) this card's ((?:play|flip|score|action|reaction|ongoing)"
                   r"(?: and (?:play|flip|score|action|reaction|ongoing))?) effects?")
#: "Whenever the attached card is flipped, copy its Play effects (before its Flip effects)" (after "Attach this ...")
_ON_HOST_FLIP = re.compile(rf"(?:whenever|when|each time) (?:the attached card|that card|it) is flipped, (?:copy|activate) "
                           rf"(?:all of )?its {_TIMED} effects?(?: before (?:activating |resolving )?(?:its )?flip effects)?")
#: "(before activating Flip effects)" after such a copy: words, the moment of the copy
_BEFORE_FLIP = re.compile(r"\s*\((before (?:activating |resolving )?(?:its )?flip effects)\)", re.I)
#: "That card loses all its other effects except Score effects while this card is attached" (after "Attach this ...")
_KEEP_ONLY = re.compile(r"(?:the attached card|that card|it) loses all (?:its )?(?:other )?effects except (?:its )?"
                        r"((?:play|flip|score|action|reaction|ongoing)(?: and (?:play|flip|score|action|reaction|ongoing))?) "
                        r"effects?(?:,? while this card is attached)?")
#: "This card has the ELEMENTS and TYPES of all the cards in the Aftermarket in addition to its own ones"
_HAS_SYMBOLS = re.compile(r"this card has (?:all )?(?:the )?elements and types of (?:all )?(?:the )?(cards in the aftermarket|"
                          r"(?:face-up )?cards (?:to its immediate left and right|adjacent to it))"
                          r"( in addition to its (?:normal|own) ones| instead of its own)")
#: Mimicry PLUS's reminder ("Set Specific Keywords": Mimicry is "instead of" the card's own symbols)
_MIMICRY_PLUS = re.compile(r"\bmimicry plus\s*\(this card has the elements and types of the (?:face-up )?cards to its "
                           r"immediate left and right\.?\)", re.I)
#: "(in addition to its normal ones)" after the symbols a card has: words, not a reminder
_IN_ADDITION = re.compile(r"\s*\((in addition to its (?:normal|own) ones)\)", re.I)


def printed_copying(text: str) -> str:
    """The printed text before ``text.split_abilities`` judges its parentheses: "Mimicry PLUS (its
    reminder)" is the keyword's text, Mimicry's reading for the cards left and right ("Set Specific
    Keywords": Mimicry has the symbols of the card to the left "instead of" its own); "(in addition to
    its normal ones)" after the symbols a card has is words the grammar reads."""
    text = _MIMICRY_PLUS.sub("Ongoing: This card has the elements and types of the face-up cards to its immediate left "
                             "and right instead of its own.", text)
    text = _BEFORE_FLIP.sub(r" \1", text)
    return _IN_ADDITION.sub(r" \1", text)


def _symbols_rule(s: str) -> list[dict] | None:
    """"This card has the ELEMENTS and TYPES of all the cards in the Aftermarket in addition to its own
    ones" -> ``gain_symbols`` (``from``: aftermarket or neighbours, ``keep_own``); ``None`` when not one."""
    m = _HAS_SYMBOLS.fullmatch(s)
    if m is None:
        return None
    source = "aftermarket" if m.group(1) == "cards in the aftermarket" else "neighbours"
    return [{"op": "gain_symbols", "from": source, "keep_own": not m.group(2).startswith(" instead")}]


#: "for each ELEMENT this card has": the elements (types) this card has now
_OWN_SYMBOLS = re.compile(r"(?:different )?(element|type)s? (?:this card has|on this card)")
#: "this card has 2 different TYPES and 2 different ELEMENTS"
_HAS_DIFFERENT = re.compile(rf"this card has ({NUMBER}) different (types|elements)(?: and ({NUMBER}) different "
                            r"(types|elements))?")


def read_count_copying(text: str) -> dict | None:
    """"ELEMENT this card has" (after "for each"): the different elements (types) this card has now
    (``own_symbols``); ``None`` when not one."""
    m = _OWN_SYMBOLS.fullmatch(text)
    return {"count": "own_symbols", "what": f"{m.group(1)}s"} if m else None


def read_condition_copying(text: str) -> dict | None:
    """"this card has 2 different TYPES and 2 different ELEMENTS": counts of this card's symbols now;
    ``None`` when not one."""
    m = _HAS_DIFFERENT.fullmatch(text)
    if m is None:
        return None
    tests = [{"test": "count", "of": {"count": "own_symbols", "what": what}, "cmp": ">=", "value": number(n)}
             for n, what in ((m.group(1), m.group(2)), (m.group(3), m.group(4))) if n]
    return tests[0] if len(tests) == 1 else {"test": "all", "of": tests}


#: 'All of your singles ... have "Action: ..."' printed with no timing word (a Deck Box's rule)
_QUOTED_GRANT = re.compile(r'.+ (?:have|has) "[a-z ]+:[^"]+"')


#: "One of your Deck Boxes' Score effects resolves twice" printed with no timing word
_RESOLVES_TWICE = re.compile(r"(?:one|a) (?:score effect of (?:one of )?your deck box(?:es)?|of your deck box(?:es)?'s? "
                             r"score effects) (?:resolves|is resolved|activates) twice")


def read_untimed_copying(text: str) -> dict | None:
    """A whole text printed with no timing word (``special_text.read_untimed``): a quoted ability
    given to cards, batch w's ``grant_action`` ("Effects on Cards": a rule of the card, Ongoing while
    it is face-up); "one of your Deck Boxes' Score effects resolves twice", a Score effect of this
    card copying one Score effect of one of your Deck Boxes (it resolves once more; rules notes, "MB:
    copying"); ``None`` when neither."""
    s = text.strip().rstrip(".")
    symbols = _symbols_rule(s)
    if symbols is not None:
        return {"timing": "ongoing", "ops": symbols}
    if _RESOLVES_TWICE.fullmatch(s):
        return {"timing": "score", "ops": [{"op": "copy_effects", "target": {"player": "self", "pick": "choice",
                                                                           "zone": "deck_box", "filter": {"face": "up"}},
                                            "timing": "score", "pick": "one"}]}
    if not _QUOTED_GRANT.fullmatch(s):
        return None
    from rules.millennium_blades.phrases_more_w import read_continuous_w  # it reads abilities

    ops = read_continuous_w(s)
    return {"timing": "ongoing", "ops": ops} if ops else None


__all__ = ["printed_copying", "read_clause_copying", "read_condition_copying", "read_continuous_copying",
           "read_count_copying", "read_sentence_copying", "read_untimed_copying", "reword_copying"]
