"""More shapes of printed text, batch ``overrides`` (issue 26.2): continuous rules overriding other
cards' symbols (millennium-blades.txt, "CARD DATA", "Face-Down Cards", "Effects on Cards";
docs/rules-notes.md, "MB: overrides"; the engine side is ``ops_overrides.py``).

Readers (Ongoing and Top sentences): "Your face-down cards are considered to be WATER" (an element or
a type the face-down cards of your tableau have, ``override_symbols`` ``own_down``); "All cards in
all other tableaus are CITIZEN instead of their normal TYPE" (``other_tableaus``); "This card gains
the ELEMENT and TYPE of the cards in other players' tableaus" (batch copying's ``gain_symbols``, ``from:
opponents``); a printed STAR of your tableau's cards set to a NUMBER if X (``printed_star``,
``while`` X); "Top: Choose an ELEMENT. All cards in every player's hands and tableaus are that ELEMENT" (a
choice kept as the card is played, ``printed_overrides``; ``hands_and_tableaus``). Clauses: "discard
your whole hand" (``discard_hand``), also as the middle op of a list "A, discard your hand,
and B" (``reword_overrides``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number
from rules.millennium_blades.vocabulary import ELEMENTS, TYPES

_SYMBOL = "|".join((*ELEMENTS, *TYPES))
#: "(all of) your face-down singles (in your tableau) are (considered) (a) WATER (card(s))"
_OWN_DOWN = re.compile(rf"(?:all (?:of )?)?your face-down (?:cards|singles)(?: in your tableau)? are "
                       rf"(?:(?:considered|treated as|counted as) )?(?:to be )?(?:an? )?({_SYMBOL})(?: cards?| singles?)?")
#: "cards in the other tableaus are ANIMAL (cards) instead of their own TYPE"
_OTHER_TABLEAUS = re.compile(rf"(?:all )?(?:the )?(?:cards|singles) in (?:all )?(?:other|other players'|(?:your )?opponents'|"
                             rf"each (?:other|opponent's)) tableaus? are (?:(?:considered|treated as|counted as) )?"
                             rf"(?:to be )?(?:an? )?({_SYMBOL})(?: cards?| singles?)? instead of their "
                             rf"(?:normal|own|printed|usual) (types?|elements?)")


#: "this card has (gains) the ELEMENT and TYPE of the (face-up) singles in other players' tableaus"
_OPPONENTS_SYMBOLS = re.compile(r"this card (?:gains|has) (?:all )?the (?:types? and elements?|elements? and types?) of "
                                r"(?:all )?(?:the )?(?:face-up )?(?:cards|singles) in (?:all )?(?:your |each )?"
                                r"(?:opponents'|opponent's|other players'|other) tableaus?"
                                r"(?:,? in addition to its (?:own|normal ones|own ones))?")


#: "(if X,) the singles in your tableau get their printed STAR (rating) set to 6"
_PRINTED_STAR = re.compile(rf"(?:if (.+?), )?(?:all (?:of )?)?(?:the )?(?:cards|singles) in your tableau (?:have|get) "
                           rf"their printed star(?: ratings?)? (?:changed|set) to ({NUMBER})")


#: "Top: Choose an ELEMENT. All cards in every player's hands and tableaus are that ELEMENT.": a choice for a rule
_CHOSEN_RULE = re.compile(r"(^|\|\s*)(Ongoing|Top):\s*Choose an? (TYPE|ELEMENT)\.\s*All (?:the )?cards in (?:all|every) "
                          r"players?(?:'s?|s') hands? and tableaus? are that \3\.?(?=\s*\||\s*$)", re.I)
#: the two abilities it is: the choice as the card is played, the rule with the symbol kept
_CHOSEN_SPLIT = (r"\1Play: Choose a \3 for this card's rule. | \2: All cards in hands and tableaus are the \3 chosen "
                 r"for this card.")
#: "all cards in hands and tableaus are the TYPE chosen for this card"
_ARE_CHOSEN = re.compile(r"all cards in hands and tableaus are the (type|element) chosen for this card")


#: a sentence giving your cards the attached card's symbols ("are considered to have ...") printed after
#: another ability's sentence with no timing word: a rule of the card while it is in play, Ongoing
_UNTIMED_SHARE = re.compile(r"(\.)\s+(All (?:the )?(?:singles|cards) in your (?:tableau|hand)[^.|()]*? are considered to "
                            r"have the attached card's [^.|()]*\.)(?=\s*\||\s*$)", re.I)


def printed_overrides(text: str) -> str:
    """Printed words before ``text.split_abilities``: "Top: Choose an ELEMENT. All cards in every player's
    hands and tableaus are that ELEMENT." is a choice made as the card comes into play (it is its player's Top
    Card then: "Always place singles in the left-most available slot") and kept for the card, and the
    rule of its timing word with the symbol kept (rules notes, "MB: overrides"); your cards given
    the attached card's symbols ("are considered to have ...") printed with no timing word after another
    ability is an Ongoing rule ("Effects on Cards"); a parenthesis saying Top effects stop while the
    tournament is scored, after a rule taking other cards' text, is that rule's limit, "until scoring"."""
    text = _UNTIL_SCORING.sub(r"\1 until scoring", text)  # the rule's own limit, read with it
    text = _UNTIMED_SHARE.sub(r"\1 | Ongoing: \2", text)  # a rule printed with no timing word: Ongoing
    return _CHOSEN_RULE.sub(_CHOSEN_SPLIT, text)


#: "all other cards' printed STAR are 2", "all other singles have a printed STAR of 4"
_OTHERS_PRINTED = re.compile(rf"all other (?:cards|singles)(?:'|'s)? printed star(?: ratings?)? (?:are|is) ({NUMBER})|"
                             rf"all other (?:cards|singles) have (?:a|their) printed star(?: rating)? (?:of|changed to) "
                             rf"({NUMBER})")


#: a parenthesis saying Top effects stop while scoring, printed after a rule taking other cards' text: words
_UNTIL_SCORING = re.compile(r"\b((?:are|is) (?:ignored|blank))\s*\(top effects stop (?:working )?(?:during|while) scoring\)",
                            re.I)
#: the kinds of card a text-taking rule names
_KIND_WORDS = {"singles": "single", "accessories": "accessory", "deck boxes": "deck_box"}
_KINDS = "singles|accessories|deck boxes"
#: "all other singles' text is blank", "the text of all other singles and accessories is ignored"
_BLANK = re.compile(rf"(?:all other ({_KINDS})(?:'s|'|s')? text(?: boxes?)? (?:are|is) blank|(?:all )?(?:the )?(?:card )?"
                    rf"text (?:boxes )?(?:on|of) (?:all )?other ((?:{_KINDS})(?:(?:,|,? and) (?:{_KINDS}))*) (?:are|is) "
                    rf"(?:ignored|blank))( until scoring)?")


#: the cards of a zone (hand, tableau) given the attached card's listed symbols besides their own: batch
#: h's ``share_attached``, SETs and rarities too
_SYMBOL_WORDS = {"element": "elements", "type": "types", "set": "sets", "rarity": "rarities", "elements": "elements",
                 "types": "types", "sets": "sets", "rarities": "rarities"}
_WHATS = "elements?|types?|sets?|rarity|rarities"
_SHARE_ALL = re.compile(rf"all (?:the )?(?:singles|cards) in your (tableau|hand|hand and tableau|tableau and hand) are "
                        rf"considered to have the attached card's ((?:{_WHATS})(?:(?:,|,? and) (?:{_WHATS}))*) in "
                        rf"addition to their own")
#: "discard all cards attached to this card (and attach ...)": every attachment, then the rest
_DISCARD_ATTACHED = re.compile(r"discard (?:any|all|each|every) cards? attached to this (?:one|card)(?: and (attach .+))?")


#: "this card gains the combined STAR of the attached cards and the TYPES, SETS, names, and effects of the
#: attached cards": what is printed on its attachments (``host_gains``)
_GAIN_WORDS = {"elements": "elements", "element": "elements", "types": "types", "type": "types", "sets": "sets",
               "set": "sets", "rarities": "rarities", "rarity": "rarities", "names": "names", "name": "names",
               "effects": "effects"}
_GAINABLE = "elements?|types?|sets?|rarity|rarities|names?|effects"
_HOST_GAINS = re.compile(rf"this card gains (?:(the combined star(?: rating)? of (?:all (?:the )?|the )?(?:attached )?cards)"
                         rf"(?:,? (?:as well as|and))? )?(?:the ((?:{_GAINABLE})(?:(?:,|,? and) (?:{_GAINABLE}))*) of "
                         rf"the (?:attached cards|cards attached to it))?")


def _kind(symbol: str) -> str:
    return "elements" if symbol in ELEMENTS else "types"


def read_continuous_overrides(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence overriding other cards' symbols (``override_symbols``); ``None``
    when not one."""
    m = _ARE_CHOSEN.fullmatch(s)
    if m:  # the rule of a symbol chosen as the card was played (printed_overrides)
        return [{"op": "override_symbols", "what": f"{m.group(1)}s", "value": "chosen", "cards": "hands_and_tableaus"}]
    m = _HOST_GAINS.fullmatch(s)
    if m and (m.group(1) or m.group(2)):  # its attachments' printed data, its own (ops_overrides.py)
        gained = (["star"] if m.group(1) else []) + [_GAIN_WORDS[w] for w in re.split(r",? and |, ", m.group(2) or "") if w]
        return [{"op": "host_gains", "what": list(dict.fromkeys(gained))}]
    m = _SHARE_ALL.fullmatch(s)
    if m:  # the attached card's symbols, SET and rarity, besides their own (batch h's share_attached)
        zones = ["hand", "tableau"] if " and " in m.group(1) else [m.group(1)]
        what = list(dict.fromkeys(_SYMBOL_WORDS[w] for w in re.split(r",? and |, ", m.group(2))))
        return [{"op": "share_attached", "zones": zones, "what": what}]
    m = _BLANK.fullmatch(s)
    if m:  # other cards' text taken (the cards in play: batch copying's overlays)
        words = re.split(r",? and |, ", m.group(1) or m.group(2))
        blank: dict = {"op": "blank_text", "kinds": [_KIND_WORDS[w] for w in words]}
        return [{**blank, "until_scoring": True} if m.group(3) else blank]
    m = _OTHERS_PRINTED.fullmatch(s)
    if m:  # every other card's printed Star Rating
        return [{"op": "printed_star", "value": number(m.group(1) or m.group(2)), "cards": "others"}]
    m = _PRINTED_STAR.fullmatch(s)
    if m:  # a printed Star Rating changed, while a condition holds
        op: dict = {"op": "printed_star", "value": number(m.group(2)), "cards": "own_tableau"}
        if m.group(1):
            from rules.millennium_blades.conditions import read_condition  # it asks this module's neighbours

            op["while"] = read_condition(m.group(1))
        return [op]
    if _OPPONENTS_SYMBOLS.fullmatch(s):  # gains: in addition to its own (batch copying's gain_symbols)
        return [{"op": "gain_symbols", "from": "opponents", "keep_own": True}]
    m = _OWN_DOWN.fullmatch(s)
    if m:
        return [{"op": "override_symbols", "what": _kind(m.group(1)), "value": m.group(1), "cards": "own_down"}]
    m = _OTHER_TABLEAUS.fullmatch(s)
    if m:
        kind = _kind(m.group(1))
        if not m.group(2).startswith(kind[:-1]):  # "MAGE instead of their normal ELEMENT": no sense
            raise Unread(s, f"a {kind[:-1]} instead of their own {kind[:-1]}")
        return [{"op": "override_symbols", "what": kind, "value": m.group(1), "cards": "other_tableaus"}]
    return None


#: "discard your (whole, entire) hand", "discard all of the singles in your hand"
_WHOLE_HAND = re.compile(r"discard (?:all (?:of )?(?:the )?(?:cards|singles) (?:in|from) your hand|all of your hand|"
                         r"your (?:whole |entire )?hand)(?: to your binder)?")


def read_clause_overrides(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: "discard your whole hand" (``discard_hand``, no card
    chosen); "discard all cards attached to this card" (``discard_attached``), and what follows it;
    "choose a TYPE for this card's rule" (``printed_overrides``'s); ``None`` otherwise."""
    if _WHOLE_HAND.fullmatch(text):
        return [{"op": "discard_hand"}]
    m = _DISCARD_ATTACHED.fullmatch(text)
    if m:  # every attachment of this card to its owner's binder, then what follows
        from rules.millennium_blades.clauses import read_clause  # it asks this module

        return [{"op": "discard_attached"}, *(read_clause(m.group(1), timing, effect, last) if m.group(1) else [])]
    m = re.fullmatch(r"choose an? (type|element) for this card's rule", text)
    if m:  # batch market's choice, then kept for the card (printed_overrides)
        return [{"op": "choose_value", "what": m.group(1)}, {"op": "keep_chosen", "chosen": True}]
    return None


#: "gain X, discard your whole hand, and flip Y": a list of three ops, the middle one a whole hand
_LISTED_HAND = re.compile(r", (discard (?:all (?:of )?(?:the )?(?:cards|singles) (?:in|from) your hand|all of your hand|"
                          r"your (?:whole |entire )?hand)), and (?=(?:gain|lose|flip|put|discard|draw)\b)")


def reword_overrides(text: str) -> str:
    """"A, discard your whole hand, and B" is "A and discard your whole hand and B": the
    grammar joins ops with "and" (``text._JOIN``), a list of three with its commas is the same ops."""
    return _LISTED_HAND.sub(r" and \1 and ", text)


__all__ = ["printed_overrides", "read_clause_overrides", "read_continuous_overrides", "reword_overrides"]
