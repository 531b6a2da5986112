"""More printed shapes, batch u (issue 26.2): the tableau as a whole and the rest. Read here, hooked
into the core readers with one call each (text.split_abilities, text.wording, clauses.read_clause,
conditions.read_condition); run by ``ops_more_u.py`` (docs/effects-millennium-blades.md, "More
shapes, batch u"; docs/rules-notes.md, "MB: batch u").

- three printed misprints read as the word meant ("includiung", "Ondoing", "yo have");
- "(then put it back face-down)" after revealing a face-down card: what revealing one is;
- "While X, you gain N RP each time Y": the condition judged as the event happens;
- "all face-up cards in your tableau are EARTH cards"; "all cards in your tableau are the same
  ELEMENT or the same TYPE"; "you have only one ELEMENT or only one TYPE in your tableau";
- "Gain RP equal to A, and B": one gain of both amounts added (one cap for the whole).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import ELEMENT, NUMBER, TYPE, Unread, number

#: misprints of the printed list, each read as the only word it can mean (rules notes, "MB: batch u"):
#: a word, never a card's name or whole text
_MISPRINTS = (
    (re.compile(r"\bincludiung\b", re.I), "including"),
    (re.compile(r"(^|\|\s*)ondoing(?=\s*:)", re.I | re.M), r"\1Ongoing"),
    (re.compile(r"\byo(?= have\b)", re.I), "you"),
)
#: "Reveal a face-down card ... (then put it back face-down)": the rules' own words for a reveal
#: ("Reveal a Face-down card": "then placed face-down again in the same slot")
_PUT_BACK = re.compile(r"(\breveal (?:a|all) face-down (?:cards?|singles?)\b[^.()|]*?)\s*\(then put (?:it|them) back face-down\)",
                       re.I)


#: "... as if it was a Play effect (it also activates as normal during scoring)": the Score
#: effects are activated at the end as always ("Ending the Tournament"), which is what the engine does
_STILL_SCORED = re.compile(r"(\bas if (?:they were|it was|it were) (?:a )?play effects?)\s*\((?:they|it) (?:still|also) "
                           r"activates? as normal during scoring\)", re.I)
#: "counts as all TYPES (except during scoring)": no reminder, a limit of the rule, kept as words the
#: reader of that rule reads
#: "Play up to 2 additional singles this turn (up to the limit of your tableau)": the rules' own
#: limit ("unable to play a single if ... his or her entire tableau is filled already")
_TABLEAU_LIMIT = re.compile(r"(\b(?:additional|more|extra) (?:cards|singles)\b[^.()|]*?)\s*\(up to the limit of your tableau\)",
                            re.I)
_EXCEPT_SCORING = re.compile(r"(\bcounts as all (?:elements|types))\s*\(except during scoring\)", re.I)


def printed_u(text: str) -> str:
    """The printed text with this module's misprints read as meant, the reveal reminder dropped and
    "(except during scoring)" after "counts as all ELEMENTS" kept as words, before
    ``text.split_abilities`` looks at its parentheses."""
    for pattern, words in _MISPRINTS:
        text = pattern.sub(words, text)
    text = _STILL_SCORED.sub(r"\1", _TABLEAU_LIMIT.sub(r"\1", _PUT_BACK.sub(r"\1", text)))
    return _EXCEPT_SCORING.sub(r"\1 except during scoring", text)


#: "while all ... are WATER cards, you gain 6 rp whenever you play a water card": the gain printed
#: before its trigger, under a "while"
_WHILE_TRIGGER = re.compile(r"while ([^,]+), (you (?:gain|lose) [^,]+?) (whenever [^,.]+)\.?")


#: "if you have ..., the first time you use an action each turn, gain 4 rp": a condition before
#: batch o's "the first time ... each turn"
_IF_FIRST = re.compile(r"if ([^,]+), the first time (?:each turn (?:that |when )?([^,]+?)|([^,]+?) each turn), (.+)")


#: a list of ELEMENTs and TYPEs ("fire, earth, and light") in the two shapes of this module that
#: print one inside a condition ("cards with ... in that order", "share the same type, element,
#: and star"): joined by "and", so the condition's commas do not end it
_SYMBOL_LIST = rf"(?:{ELEMENT}|{TYPE}|element|type|star(?: rating)?)"
_LISTED = re.compile(rf"(different (?:cards|singles) with |adjacent and share the same )"
                     rf"({_SYMBOL_LIST}(?:, (?:and )?{_SYMBOL_LIST})+)(?= in your tableau in that order|,)")


def _join_list(m: re.Match) -> str:
    return m.group(1) + re.sub(r", (?:and )?", " and ", m.group(2))


def reword_u(text: str) -> str:
    """"While X, you gain N RP whenever Y" read as "Whenever Y, if X, you gain N RP": an Ongoing's
    "while" holds as long as X does, so it is judged as the event happens (as batch k's "If X, when
    Y, Z"). "If X, the first time Y each turn, Z" likewise: "Whenever Y the first time each turn,
    if X, Z" (batch o's trigger, the condition judged as Y happens)."""
    text = _LISTED.sub(_join_list, text)
    m = _WHILE_TRIGGER.fullmatch(text)
    if m:
        return f"{m.group(3)}, if {m.group(1)}, {m.group(2)}"
    m = _IF_FIRST.fullmatch(text)
    if m:
        return f"whenever {m.group(2) or m.group(3)} the first time each turn, if {m.group(1)}, {m.group(4)}"
    return text


_SYMBOL = r"(element|type)"
_SYMBOL_WORD = f"(?:{ELEMENT}|{TYPE})"
#: "you have 3 different cards with LIGHT, AIR, and MYTH in your tableau in that order"
_IN_ORDER = re.compile(rf"you have ({NUMBER}) different (?:cards|singles) with ({_SYMBOL_WORD}(?: and {_SYMBOL_WORD})+) "
                       r"in your tableau in that order")


def read_condition_u(text: str) -> dict | None:
    """Conditions on the tableau as a whole for ``conditions.read_condition``; ``None`` when not one.
    "you have 3 different cards with LIGHT, AIR and MYTH in your tableau in that order": ``in_order``;
    "all face-up cards in your tableau are EARTH cards": none of them is not one (a count of 0);
    "all cards in your tableau are the same ELEMENT (or the same TYPE)": ``tableau_alike``;
    "you have only one ELEMENT (or only one TYPE) in your tableau": the different ones, exactly 1."""
    m = _IN_ORDER.fullmatch(text)
    if m:  # that many cards, left to right, one with each symbol in the order printed
        symbols = m.group(2).split(" and ")
        if number(m.group(1)) != len(symbols) or not all(re.fullmatch(_SYMBOL_WORD, s) for s in symbols):
            raise Unread(text, "one card for each ELEMENT (TYPE) named, in that order")
        return {"test": "in_order", "symbols": symbols}
    m = re.fullmatch(r"all face-up (?:cards|singles) in your tableau are (.+)", text)
    if m:
        return _all_face_up(m.group(1))
    m = re.fullmatch(rf"all (?:cards|singles) in your tableau (?:are|have|share) the same {_SYMBOL}"
                     rf"(?: or (?:the same )?{_SYMBOL})?", text)
    if m:
        kinds = [k for k in (m.group(1), m.group(2)) if k]
        if len(set(kinds)) != len(kinds):
            raise Unread(text, "two different kinds: ELEMENT or TYPE")
        return {"test": "tableau_alike", "what": kinds[0] if len(kinds) == 1 else "either"}
    m = re.fullmatch(rf"you have only one {_SYMBOL}(?: or only one {_SYMBOL})? in your tableau", text)
    if m:
        kinds = [k for k in (m.group(1), m.group(2)) if k]
        tests = [{"test": "count", "of": {"count": f"{k}s", "zone": "tableau", "filter": {"face": "up"}}, "cmp": "==",
                  "value": 1} for k in dict.fromkeys(kinds)]
        return tests[0] if len(tests) == 1 else {"test": "any", "of": tests}
    return None


def _all_face_up(words: str) -> dict:
    """"(are) EARTH cards", "(are) FIRE SOLDIERS": no face-up card of the tableau is not one."""
    from rules.millennium_blades.phrases import card_phrase

    flt, zone, rest = card_phrase(words if re.match(r"(?:a|an) ", words) else f"a {words}")
    if rest or zone != "tableau" or not flt or set(flt) & {"where", "face", "_zone"}:
        raise Unread(rest or words, "what every face-up card of your tableau is")
    return {"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up", "none_of": [flt]}},
            "cmp": "==", "value": 0}


#: "face-up cards in your tableau that are adjacent and share the same element and type and star rating"
_ALIKE_NEIGHBOURS = re.compile(r"face-up (?:cards|singles) in your tableau that are adjacent and share the same "
                               r"((?:type|element|star(?: rating)?)(?: and (?:type|element|star(?: rating)?))*)")


def read_count_u(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the face-up cards of your tableau beside a face-up card
    sharing a Type, an Element and the STAR with them (``alike_neighbours``, what is shared listed);
    ``None`` when not one."""
    m = _ALIKE_NEIGHBOURS.fullmatch(text)
    if m is None:
        return None
    what = m.group(1).replace("star rating", "star").split(" and ")
    if len(set(what)) != len(what):
        raise Unread(text, "what two cards share, each once")
    return {"count": "alike_neighbours", "what": what}


#: "gain rp equal to the star of both adjacent cards, and three times the star of this card(, up to 25 rp)"
_SUM = re.compile(r"(gain|lose) rp equal to ([^,]+?), and ([^,]+?)((?:,)? up to (\d+) rp)?")


def read_early_u(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Clauses ``clauses.read_clause`` asks before its own readings: all face-down cards adjacent to
    this card (of your tableau) revealed (``reveal_all``: "those" cards); in an Action, N more Actions
    this turn (``extra_actions``, N of 2 or more; one is batch g's ``extra_action``); in a Next
    effect, the next card's Play effects resolved twice (``repeat_play``); the cards of your tableau
    put in the order you want (``rearrange``); this card swapped with a card of an opponent's tableau
    (``swap_tableaus``); RP equal to two amounts added
    ("the STAR of both adjacent cards, and three times the STAR of this card"), one gain (``sum`` of the
    counts, each as many times as printed) with the cap printed after both; ``None`` otherwise."""
    m = re.fullmatch(r"reveal all face-down (?:cards|singles) (adjacent to this (?:card|one)|in your tableau)", text)
    if m:  # each of them shown, then face-down again ("Reveal a Face-down card"); "their" is those cards
        where = {"where": "adjacent"} if m.group(1).startswith("adjacent") else {}
        return [{"op": "reveal_all", "filter": where}]
    m = re.fullmatch(rf"(?:you may )?take ({NUMBER}) (?:additional|more|extra) actions(?: (?:during )?this turn)?", text)
    if m and timing == "action" and number(m.group(1)) > 1:  # this Action given back, and more ("Use an Action")
        return [{"op": "extra_actions", "amount": number(m.group(1))}]
    m = re.fullmatch(r"the next card you play (may )?(?:resolves?|activates?) (?:all )?its play effects? twice", text)
    if m and timing == "next":  # its Play effects once more, after the first time ("Next")
        if m.group(1):
            effect["optional"] = True
        return [{"op": "repeat_play"}]
    m = re.fullmatch(r"activate the score effects? of the next card you play as if (?:they were|it was|it were) (?:a )?play "
                     r"effects?", text)
    if m and timing == "next":  # its Score effects now, as Play effects do (and at the end as always)
        return [{"op": "repeat_play", "timing": "score"}]
    if re.fullmatch(r"rearrange (?:all )?(?:the )?(?:cards|singles) in your tableau(?: (?:however|in any order|in whatever "
                    r"order) you (?:want|like|wish|choose)| in any order)?", text):
        return [{"op": "rearrange"}]  # the player puts them in the order they choose ("Top": "if you can rearrange")
    m = re.fullmatch(r"swap this card with (?:another|a|one) (?:face-up )?(?:card|single) in an opponent's tableau", text)
    if m:  # a face-up card of an opponent's ("effects cannot target face-down cards"): "that player" is theirs
        return [{"op": "swap_tableaus", "target": {"player": "opponent", "pick": "choice", "filter": {}}}]
    m = _SUM.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    parts = []
    for amount in (m.group(2), m.group(3)):
        ops = read_clause(f"{m.group(1)} rp equal to {amount}", timing, effect, last)
        if len(ops) != 1 or set(ops[0]) != {"op", "amount", "per"} or not isinstance(ops[0]["amount"], int):
            raise Unread(amount, "an amount of RP equal to a count")
        parts += [ops[0]["per"]] * ops[0]["amount"]  # "twice X": X added twice
    op = {"op": f"{m.group(1)}_rp", "amount": 1, "per": {"count": "sum", "of": parts}}
    return [{**op, "max": int(m.group(5))} if m.group(5) else op]


#: "while all face-up cards in your tableau are dark cards, they have "score: gain 7 rp."": an
#: ability the cards of the condition's subject have while it holds
_GRANTED = re.compile(r'while (all face-up (?:cards|singles) in your tableau are [^,"]+), they (?:have|gain) "(score:[^"]+)"')


def read_continuous_u(text: str) -> list[dict] | None:
    """An Ongoing granting a quoted ability to the cards a "while" names ("While all face-up cards in
    your tableau are DARK cards, they have "Score: Gain 7 RP.""): ``grant_score``, the quoted text
    read with the same grammar. Only a Score ability is read here (a Flip one: batch s's ``has_flip``; an Action:
    batch w's ``grant_action``); ``None`` when the text is not such a grant."""
    m = _GRANTED.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.text import compile_ability

    condition = read_condition(m.group(1))
    granted = compile_ability(m.group(2))
    if granted["timing"] != "score" or "keyword" in granted:
        return None  # another timing: batch s's quoted Flip effects (phrases_more_s), else not understood
    granted.pop("text", None)
    return [{"op": "grant_score", "while": condition, "effect": granted}]


#: "your cards with less than 4 star are considered to have 4 star": a Star Rating raised to a floor
_FLOOR = re.compile(rf"your (?:face-up )?(?:cards|singles)(?: in your tableau)? with (?:less|fewer) than ({NUMBER}) "
                    rf"star(?: rating)? (?:are considered to have|count as having|are treated as having|have) ({NUMBER}) "
                    r"star(?: rating)?")


def read_continuous_sentence_u(s: str) -> list[dict] | None:
    """One sentence of an Ongoing or Top text for ``clauses.read_continuous``: "Your cards with less
    than 4 STAR are considered to have 4 STAR" (``star_floor``); "This effect still works during
    scoring" (what an Ongoing does: nothing more to do); "This card counts as all TYPES (except
    during scoring)" (``counts_as_all``); "Opponents cannot play EARTH cards" (``play_ban``); ``None``
    otherwise."""
    if re.fullmatch(r"this effect (?:works even|also works|still works|even works) during scoring", s):
        return []  # "Ongoing effects keep on working continuously as long as the card is face-up"
    m = re.fullmatch(r"this card (?:counts as|has) all (elements|types)( except during scoring)?", s)
    if m:  # every ELEMENT (TYPE) while in play ("CARD DATA"), not while the tournament is scored if so printed
        return [{"op": "counts_as_all", "what": m.group(1), **({"except_scoring": True} if m.group(2) else {})}]
    m = re.fullmatch(r"(opponents|other players|each opponent) (?:cannot|can't|can not|may not) play (.+)", s)
    if m:  # a Single of that kind is no legal play for them ("Play a Single (Required)": only if able)
        from rules.millennium_blades.phrases import card_phrase

        words = m.group(2)
        flt, zone, rest = card_phrase(words if re.match(r"(?:a|an) ", words) else f"a {words}")
        if rest or zone != "tableau" or not flt or set(flt) & {"where", "face", "_zone"}:
            raise Unread(rest or words, "the kind of card opponents cannot play")
        return [{"op": "play_ban", "who": "each_opponent", "filter": flt}]
    m = _FLOOR.fullmatch(s)
    if m is None:
        return None
    below, value = number(m.group(1)), number(m.group(2))
    if value < below:
        raise Unread(s, "a Star Rating raised, not lowered")
    return [{"op": "star_floor", "below": below, "value": value}]


#: "Gain 20 RP if there are 3 or more cards in your tableau at the end of this turn."
_AT_TURN_END = re.compile(r"(.+?),? at the end of this turn|at the end of this turn, (.+)")


def read_sentence_u(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these. A
    sentence done "at the end of this turn" (``at_turn_end``: its ops, a condition in them judged
    then); not in a Score effect (no turn is left). "If you did, ..." just after "Lose N RP": when
    the whole N was lost (the core "lost_short" not so). "That player gains ..." just after such a
    branch that named the player (a swap with their card): in that branch, once the swap was made."""
    from rules.millennium_blades.text import clauses  # text asks this module

    m = re.fullmatch(r"if you did, (.+?)\.?", s)
    if m and ops and ops[-1]["op"] == "lose_rp" and set(ops[-1]) == {"op", "amount"}:
        ops.append({"op": "if", "condition": {"test": "not", "of": {"test": "lost_short"}},
                    "then": clauses(m.group(1), timing, effect)})
        return True
    m = re.fullmatch(r"that player (?:gains|loses) .+", s.rstrip("."))
    if m and ops and ops[-1]["op"] == "if" and any(o["op"] == "swap_tableaus" for o in ops[-1]["then"]):
        ops[-1]["then"].append({"op": "if", "condition": {"test": "did"}, "then": clauses(s.rstrip("."), timing, effect)})
        return True
    m = _AT_TURN_END.fullmatch(s.rstrip("."))
    if m is None or timing == "score":
        return False
    from rules.millennium_blades.text import _sentences  # text asks this module

    ops.append({"op": "at_turn_end", "ops": _sentences([m.group(1) or m.group(2)], timing, effect)})
    return True


__all__ = ["printed_u", "read_condition_u", "read_continuous_sentence_u", "read_continuous_u", "read_count_u",
           "read_early_u", "read_sentence_u", "reword_u"]
