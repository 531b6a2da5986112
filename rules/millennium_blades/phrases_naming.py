"""More shapes of printed text, batch "naming" (issue 26.2): naming and choosing a value. A card
named with a Foreboding ability and remembered for the rest of the tournament (its copies discarded,
its plays answered), a named card no one may play any more, a named card discarded from hands or
flipped in tableaus, a word chosen and looked for in the names of cards, "name a SET" read as "choose
a SET" (millennium-blades.txt, "Effects on Cards", "Discard a Card", "Flip a Card"; docs/rules-notes.md,
"MB: naming"; the engine side is ``ops_naming.py``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.market_phrases import CHOSEN
from rules.millennium_blades.phrases import NUMBER, THAT_CARD, number

#: a Foreboding ability ("Foreboding–Play: Name a card."): its name is remembered as a Foreboding name
_FOREBODING_PLAY = re.compile(r"\bforeboding\s*[—–-]\s*play\s*:\s*name a card\b", re.I)
#: Foreboding's own reminder, printed after the keyword where a card gives it
_FOREBODING_REMINDER = re.compile(r"\b(foreboding)\s*\(play:\s*name a card\.?\)", re.I)
#: "(if you do not find one, nothing happens)" after a search of the Store: what the search does anyway
_NOT_FOUND = re.compile(r"(until you reveal [^.()|]*?)\s*\(if you do(?: not|n't) find one,? nothing happens\.?\)", re.I)
#: "the card you named with Foreboding" (any of your Foreboding names: rules notes)
_NAMED_WITH = re.compile(r"(.*)\bthe card you named with foreboding\b(.*)")
#: the players of a play answered by a Foreboding name
_BY = {"you": "self", "an opponent": "opponent", "another player": "opponent", "a player": "any", "any player": "any"}
_PLAY_NAMED = re.compile(r"(you|an opponent|another player|a player|any player) plays? (?:a|the) (?:card|single) "
                         r"(?:you )?named with foreboding")
_PLAY_UNNAMED = re.compile(r"(you|an opponent|another player|a player|any player) plays? a (?:card|single) without "
                           r"foreboding")


def printed_naming(text: str) -> str:
    """Printed words before ``text.split_abilities`` judges parentheses and drops set keywords: a
    Foreboding ability's "Name a card" is named "with Foreboding" (remembered: ``name_card`` with
    ``with``), and Foreboding's reminder after the keyword given to cards is the keyword itself."""
    text = _NOT_FOUND.sub(r"\1", text)  # a search that finds nothing plays nothing (ops_naming: reveal_until)
    text = _FOREBODING_PLAY.sub("Play: Name a card with Foreboding", text)
    return _FOREBODING_REMINDER.sub(r"\1", text)


def reword_naming(text: str) -> str:
    """Naming words in the grammar's words: "Name a SET (TYPE, TYPE or ELEMENT)" is "Choose a SET"
    (the value named is chosen: rules notes, "MB: naming"); "If you play a card named with
    Foreboding, ..." in an Ongoing text is its trigger ("Whenever you play ..."); "All your cards
    without Foreboding gain Foreboding" is a Foreboding name for each card without one you play."""
    text = re.sub(r"\bname an? (set|type or element|element or type|type|element)\b", r"choose a \1", text)
    text = re.sub(r"^if you play a (card|single) named with foreboding, ", r"whenever you play a \1 you named with "
                  r"foreboding, ", text)
    return re.sub(r"^all your (?:cards|singles) without foreboding (?:gain|have) foreboding\b",
                  "whenever you play a card without foreboding, name a card with foreboding", text)


def read_continuous_naming(text: str) -> list[dict] | None:
    """A whole Ongoing (Top) text that binds the choices of others: when an effect has another
    player choose a player or an opponent, they must choose this card's player (``must_choose_me``: a
    rule of the choice, no trigger); ``None`` otherwise."""
    if re.fullmatch(r'(?:whenever|when|if) an effect (?:specifies|says) "choose (?:a player|an opponent)"(?:,? or '
                    r'"choose (?:a player|an opponent)")?, (?:other players|your opponents|opponents) (?:must )?choose '
                    r'you(?: if able)?', text):
        return [{"op": "must_choose_me"}]
    return None


def read_event_naming(text: str) -> dict | None:
    """A play trigger for ``phrases.read_event``: a card of a name you named with Foreboding
    (FILTER ``named``), or a card without a Foreboding ability (FILTER ``foreboding``: false);
    ``None`` when neither."""
    m = _PLAY_NAMED.fullmatch(text)
    if m:
        return {"event": "play", "by": _BY[m.group(1)], "filter": {"named": "foreboding"}}
    m = _PLAY_UNNAMED.fullmatch(text)
    if m:
        return {"event": "play", "by": _BY[m.group(1)], "filter": {"foreboding": False}}
    return None


def read_sentence_naming(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A whole sentence after "Name a card": each player discards a copy of the named card from
    their hand or, with none there, flips a face-up copy in their tableau (``discard_or_flip_named``)."""
    m = re.fullmatch(r"(each player|each opponent|each other player|all players|all other players) (?:must )?discards? "
                     r"(?:that card|the named card|it) if it is in their hand,? or flips? it if it is in their tableau", s)
    if m and THAT_CARD.get() == "named":
        who = "each" if m.group(1) in ("each player", "all players") else "each_opponent"
        ops.append({"op": "discard_or_flip_named", "who": who})
        return True
    m = re.fullmatch(r"(each player|each opponent|each other player|all players|all other players) (?:must )?discards? "
                     r"(?:a|one) copy of (?:that card|the named card|it) from their hands? to the store discard,? or "
                     r"reveals? (?:a|their) hand with none", s)
    if m and THAT_CARD.get() == "named":  # one copy, to the Store Discard; a player without one shows it
        who = "each" if m.group(1) in ("each player", "all players") else "each_opponent"
        ops.append({"op": "discard_named", "who": who, "all": False, "to": "store_discard", "show_none": True})
        return True
    m = re.fullmatch(r"reveal cards from the top of the store(?: deck)? (?:one at a time )?until you reveal a (?:card|single) "
                     r"(?:of|from) that (set|type or element|type|element)(?:,? then play (?:that card|it))?", s)
    if m and CHOSEN.get():  # the Store searched for a card of the value chosen, and played
        ops.append({"op": "reveal_until", "filter": {"chosen": True}, "play": s.endswith(("that card", "it")),
                    "rest": "aftermarket"})
        THAT_CARD.set("played")
        return True
    if re.fullmatch(r"shuffle the revealed cards and put them (?:on|at) the bottom of the (?:store )?(?:deck|store)", s) \
            and ops and ops[-1]["op"] == "reveal_until":
        ops[-1]["rest"] = "bottom"  # not the Aftermarket, where revealed Store cards go otherwise
        return True
    if re.fullmatch(r"reveal (?:that card|it)", s) and ops and ops[-1]["op"] in ("pick_blind", "guess_card"):
        ops[-1]["reveal"] = True  # the card picked, shown to all ("General Rules": a card revealed from the hand)
        return True
    m = re.fullmatch(r"(each opponent|each other player|all other players) (?:must )?guess(?:es)? its (?:type|element|star"
                     r"(?: rating)?)(?:, (?:type|element|star(?: rating)?))*,? or (?:type|element|star(?: rating)?)", s)
    if m and ops and ops[-1]["op"] == "pick_secret":  # each names a TYPE, an ELEMENT or a STAR of the hidden card
        ops.append({"op": "guess_card", "who": "each_opponent"})
        return True
    m = re.fullmatch(rf"(?:you )?gain ({NUMBER}) (?:rp|ranking points) for each player who discard(?:s|ed) (?:a card|it|"
                     r"that card)(?: this way)?", s)
    if m and ops and ops[-1]["op"] in ("discard_or_flip_named", "discard_named"):  # the players who discarded one
        ops.append({"op": "gain_rp", "amount": number(m.group(1)), "per": {"count": "players_discarded"}})
        return True
    return False


def read_clause_naming(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of naming: "Name a card with Foreboding" (remembered, ``name_card`` ``with``); the
    clause around "the card you named with Foreboding" read with that name recalled
    (``recall_named``); a named card barred from play for the rest of the tournament
    (``ban_named``); "Choose a word" (``choose_value`` ``word``). ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause

    if text == "name a card with foreboding":
        THAT_CARD.set("named")
        return [{"op": "name_card", "with": "foreboding"}]
    m = _NAMED_WITH.fullmatch(text)
    if m:  # the latest name you named with Foreboding is "the card you named" of the clause
        THAT_CARD.set("named")
        return [{"op": "recall_named", "with": "foreboding"},
                *read_clause(f"{m.group(1)}the card you named{m.group(2)}", timing, effect, last)]
    m = re.fullmatch(r"(?:that card|the named card|it) (?:cannot|can't|may not) be played (?:for the rest of|until the "
                     r"end of) (?:the|this) tournament", text)
    if m and THAT_CARD.get() == "named":
        return [{"op": "ban_named"}]
    m = re.fullmatch(r"(each opponent|each other player|all other players|each player|all players) (?:must )?reveals? "
                     r"(?:all|any) copies of (?:that card|the named card|the card you named)(?: (?:in|from) their hands?)?",
                     text)
    if m and THAT_CARD.get() == "named":  # "General Rules": a card revealed from a hand goes back to it
        THAT_CARD.set("revealed")  # "its Play effects": a card revealed
        return [{"op": "reveal_named", "who": "each" if m.group(1) in ("each player", "all players") else "each_opponent"}]
    m = re.fullmatch(r"(?:this card )?(may )?copy (?:one of|a|one) (?:its|that card's|the revealed card's) "
                     r"(play|flip|score|action) effects?", text)
    if m and THAT_CARD.get() == "revealed":  # one of the revealed card's effects, chosen ("may": or none)
        copy = {"op": "copy_effects", "card": "revealed", "timing": m.group(2), "pick": "one"}
        return [{"op": "may", "ops": [copy]} if m.group(1) else copy]
    m = re.fullmatch(r"(?:(.+?),? (?:and |then |and then ))?take one of the discarded cards and play it(?: in(?:to)? "
                     r"your tableau)?", text)
    if m and THAT_CARD.get() == "named":  # a card the named card's discard put in the Store Discard
        return [*(read_clause(m.group(1), timing, effect, last) if m.group(1) else []), {"op": "play_those"}]
    m = re.fullmatch(r"(.+?),? and (choose an? (?:set|type or element|element or type|type|element|number))", text)
    if m:  # a discard of this card, then "name a SET": each as the grammar reads it, in order
        return [*read_clause(m.group(1), timing, effect, last), *read_clause(m.group(2), timing, effect, last)]
    if re.fullmatch(r"choose a (?:card|single) (?:in|from) your hand", text):  # kept hidden: the opponents guess it
        THAT_CARD.set("revealed")
        return [{"op": "pick_secret"}]
    if re.fullmatch(r"choose a (?:card|single) (?:in|from) (?:an opponent's|another player's) hand", text):
        THAT_CARD.set("revealed")  # an opponent of your choice, a card of their hand unseen (rules notes)
        return [{"op": "choose_player", "among": "opponent"}, {"op": "pick_blind", "who": "that_player"}]
    m = re.fullmatch(r"gain (all cards|every card|a card|one card) (?:from|of) that (set|type|element) from (?:that "
                     r"player's|their) (binder|hand)(?: and reveal it)?", text)
    if m and CHOSEN.get():  # cards of the chosen player (choose_player before), of the value chosen, to your hand
        THAT_CARD.set("revealed")
        op = {"op": "take_from", "who": "that_player", "zone": m.group(3), "filter": {"chosen": True},
              "all": m.group(1) in ("all cards", "every card")}
        last["take_from"] = op  # "... and reveal it": the card taken, shown
        return [{**op, "reveal": True} if text.endswith("reveal it") else op]
    if text == "reveal it" and last.get("take_from"):
        last["take_from"]["reveal"] = True
        return []
    if text == "choose a word":  # "that word" names it after (FILTER chosen: name_has)
        CHOSEN.set("word")
        return [{"op": "choose_value", "what": "word"}]
    return None


def read_count_naming(text: str) -> dict | None:
    """A COUNT for ``phrases.read_count``: the letters of the name of the card revealed ("every
    letter in that card's name"); ``None`` otherwise."""
    if re.fullmatch(r"(?:letter|letters) in (?:that card's|its|the revealed card's) name", text) \
            and THAT_CARD.get() == "revealed":
        return {"count": "name_letters", "card": "revealed"}
    return None


def read_condition_naming(text: str) -> dict | None:
    """"That word appears in the names of at least 2 cards in players' tableaus" (after "Choose a
    word"): a count of the face-up cards of every tableau with the word in their names; "any cards
    are discarded this way" after a named card is discarded: the discard happened. ``None`` otherwise."""
    m = re.fullmatch(rf"that word appears in the names? of (?:at least )?({NUMBER}) (?:or more )?(?:cards|singles) in "
                     r"(?:all )?(?:players'|player's|all players'|any) tableaus?", text)
    if m and CHOSEN.get() == "word":
        count = {"count": "cards", "zone": "all", "filter": {"face": "up", "chosen": True}}
        return {"test": "count", "of": count, "cmp": ">=", "value": number(m.group(1))}
    m = re.fullmatch(r"(no|any) (?:opponent|player|one) guessed (?:correctly|right)", text)
    if m and THAT_CARD.get() == "revealed":  # the guesses of guess_card ("did": one was right)
        return {"test": "not", "of": {"test": "did"}} if m.group(1) == "no" else {"test": "did"}
    if re.fullmatch(r"any cards? (?:are|were|is|was) (discarded|revealed) this way|anyone (discarded|revealed) a card "
                    r"(?:this way|with this effect)", text) and THAT_CARD.get() in ("named", "revealed"):
        return {"test": "did"}
    return None


__all__ = ["printed_naming", "read_clause_naming", "read_condition_naming", "read_continuous_naming", "read_count_naming",
           "read_event_naming",
           "read_sentence_naming", "reword_naming"]
