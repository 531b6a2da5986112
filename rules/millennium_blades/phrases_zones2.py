"""More shapes of printed text, batch zones2 (issue 26.2): cards played from places other than the
hand, and the card just played given a Sell Marker. A card of your hand played only if its STAR fits
a number or a count; "put a Sell Marker on it" after a card played from the hand or the binder;
an Ongoing rule letting its player play the turn's Single from the top of the Store, the
Aftermarket or at random from the binder (millennium-blades.txt, "Tournament Turns", "Play a Single
(Required)", "General Rules"; docs/rules-notes.md, "MB: zones2"). ``clauses.read_clause`` and
``phrases.read_event`` ask these readers once their own grammar has no reading; each returns
``None`` when it has none either. The engine side is ``ops_zones2.py``.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, Unread, number, read_count

#: a comparison of a Star Rating with a value: its words -> the CMP
_CMP_WORDS = {"equal to or less than": "<=", "equal to or lower than": "<=", "less than or equal to": "<=",
              "at most": "<=", "no more than": "<=", "no higher than": "<=", "equal to or greater than": ">=",
              "equal to or more than": ">=", "equal to or higher than": ">=", "greater than or equal to": ">=",
              "at least": ">=", "no less than": ">=", "less than": "<", "lower than": "<", "greater than": ">",
              "more than": ">", "higher than": ">", "equal to": "=="}
_CMP_RE = "|".join(sorted(map(re.escape, _CMP_WORDS), key=len, reverse=True))
#: a card of the hand played if its STAR compares to a number or a COUNT ("whose STAR is <cmp> <count>"),
#: "... with STAR at most 4", "... whose STAR is 3 or less"
_PLAY_FITTING = re.compile(rf"play (?:a|one) (?:card|single) from your hand (?:whose star(?: rating)? is|with (?:a )?"
                           rf"star(?: rating)?(?: of)?) (?:({_CMP_RE}) ([^,]+)|({NUMBER}) or (less|fewer|lower|more|higher))")
#: "<a card played>, put a Sell Marker on it": the card just played (REF played)
_THEN_MARKER = re.compile(r"(.+?),? (?:then |and |and then )?put a sell marker on it")
#: the ops that leave the card they played as REF played (the card a later "it" names)
_PLAYS = ("play_from_hand", "play_random_binder", "play_found")
#: Store cards discarded one by one "until you discard" a card that fits (the test file's Hill Hermit)
_STORE = r"(?:the store(?: deck)?(?: or core deck| and core decks?)?|the core deck)"
_UNTIL = re.compile(rf"discard cards from the top of {_STORE} until you discard (an? .+)")
#: after it: the card it stopped at, played
_PLAY_FOUND = re.compile(r"play (?:that card|it|the card discarded this way)")
#: the effect ended when the Store has no card left (the Hermit's last sentence)
_RUNS_OUT = re.compile(rf"if {_STORE} (?:runs? out(?: of cards)?|is (?:empty|out of cards)),? (?:this|the) effect ends")
#: "remove this card from the game, <what follows>": a list of orders, the first this card's removal
_REMOVE_THEN = re.compile(r"remove this (?:card|accessory|deck box) from the game,? (?:and |then |and then )?(.+)")
#: "then play it (immediately) if it is not an Accessory", after a card gained to the hand
_KIND = r"(?:an? )?(deck box|accessory|single)"
_PLAY_GAINED = re.compile(rf"(?:then )?(?:immediately )?play (?:it|that card)(?: immediately)?(?: if it is(n't| not)? {_KIND}"
                          rf"(?:,? or {_KIND})?)?")


def _star_value(words: str) -> int | dict:
    """The value a Star Rating is compared with: a number, or a COUNT ("the number of cards in your
    tableau", seen as the effect resolves)."""
    if re.fullmatch(NUMBER, words):
        return number(words)
    m = re.fullmatch(r"the (?:number|amount) of (.+)", words)
    if m is None:
        raise Unread(words, "the value a STAR is compared with")
    return read_count(m.group(1))


def read_clause_zones2(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A card of the hand played if its STAR fits (``play_from_hand`` with a FILTER); a card played
    then given a Sell Marker (market_zones' ``sell_marker``, on REF played). ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    named = read_clause_named(text, timing, effect, last)  # cards named X across zones
    if named is not None:
        return named
    m = _PLAY_FITTING.fullmatch(text)
    if m:  # not the turn's Single; "it" is the card played (rules notes, "Playing a card from an effect")
        if m.group(1):
            cmp, value = _CMP_WORDS[m.group(1)], _star_value(m.group(2))
        else:
            cmp, value = ("<=" if m.group(4) in ("less", "fewer", "lower") else ">="), number(m.group(3))
        last["ref"] = "played"
        THAT_CARD.set("played")
        return [{"op": "play_from_hand", "filter": {"star": {"cmp": cmp, "value": value}}}]
    m = _UNTIL.fullmatch(text)
    if m:  # the Store's top cards to the Store Discard one at a time, up to one that fits (REF found)
        from rules.millennium_blades.phrases import card_phrase

        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone != "tableau":
            raise Unread(rest or m.group(1), "the card the discards stop at")
        flt.pop("face", None)
        last["ref"] = "found"
        THAT_CARD.set("found")  # "that card", in this sentence or the next: the one the discards stopped at
        return [{"op": "discard_store_until", "filter": flt}]
    if THAT_CARD.get() == "found" and _PLAY_FOUND.fullmatch(text):  # "Play that card": the one the discards stopped at
        last["ref"] = "played"
        THAT_CARD.set("played")
        return [{"op": "play_found"}]
    m = _REMOVE_THEN.fullmatch(text)
    if m:  # this card out of the game first ("Discards": "returned to the box"), then the rest in order
        return [{"op": "remove_self"}, *read_clause(m.group(1), timing, effect, last)]
    m = _PLAY_GAINED.fullmatch(text)
    if m and last.get("gained"):  # the card a gain to the hand just took (batch b's gain_store: REF revealed)
        kinds = [k.replace(" ", "_") for k in (m.group(2), m.group(3)) if k]
        if kinds and not m.group(1):
            raise Unread(text, "a kind the card gained must be")
        last["ref"] = "played"
        THAT_CARD.set("played")
        return [{"op": "play_gained", **({"except": kinds} if kinds else {})}]
    m = _THEN_MARKER.fullmatch(text)
    if m:
        before = read_clause(m.group(1), timing, effect, last)
        if not before or before[-1]["op"] not in _PLAYS:
            raise Unread(text, "the card a Sell Marker goes on")
        last["ref"] = "played"  # a later "it" is that card too ("then attach this card to it")
        THAT_CARD.set("played")
        return [*before, {"op": "sell_marker"}]
    return None


def trigger_card_named(it: str, effect: dict, last: dict) -> bool:
    """Whether "put a Sell Marker on it (that card)" in a trigger's effect names the card its event is
    about ("Whenever you play a FIRE card, put a Sell Marker on it": the card played, REF played),
    not this card (it was read as this card: rules notes, "MB: fidelity fixes (stop 34)")."""
    return it in ("it", "that card") and "trigger" in effect and last.get("ref") != "swapped" \
        and THAT_CARD.get() == "played"


def played_before(it: str, amount: int, effect: dict, last: dict) -> bool:
    """Whether "put a Sell Marker on it", a sentence of its own, names the card an op of this effect
    just played (REF played: "Play a card from your hand. Put a Sell Marker on it."), not this card:
    one marker, "it", no trigger's card (phrases_positions.py asks)."""
    return it == "it" and amount == 1 and last.get("ref") != "swapped" and "trigger" not in effect \
        and THAT_CARD.get() == "played"


#: what an attached card gives its host: no RP limit (the caps printed on its gains of RP) any more
_NO_LIMITS = re.compile(r"(?:the attached card|that card|it) loses (?:all(?: of)? )?(?:its )?(?:rp|ranking points?) "
                        r"(?:limits|caps|maximums)(?:,? while this card is attached)?")


def caps_lifted_after(op: dict, text: str) -> bool:
    """A sentence after an ``attach`` op of the same effect: the host losing its RP limits gives the
    host ``uncapped`` (the "(max. N RP)" caps on its gains of RP lifted while this card is attached;
    rules notes, "MB: zones2"). ``special_text._attach_clause`` asks; False when not one."""
    if _NO_LIMITS.fullmatch(text):
        op["uncapped"] = True
        return True
    return False


#: a zone a Single may be played from as the turn's Single: its words -> batch x's ``play_from`` zone
_ZONE_WORDS = {"the top of the store": "store", "the top of the store deck": "store", "the top card of the store": "store",
               "the aftermarket": "aftermarket", "your binder": "binder"}
_ZONE = "|".join(sorted(map(re.escape, _ZONE_WORDS), key=len, reverse=True))
#: Singles the player may play from the Store's top, the Aftermarket or the binder (at random), then what
#: "each time you do" gives (the test file's Street Peddler and Night Coach)
_PLAY_FROM_ZONES = re.compile(rf"you may play (?:cards|singles|a card|a single) from ({_ZONE})(?:,? or (?:from )?({_ZONE}))?"
                              r"( at random)?(?: as your single(?: for (?:the|this|each|your) turn)?)?"
                              r"(?:\. (?:when|whenever|each time) you do(?: so| this)?, (.+))?")
#: "When you play a card from your binder": a card played from the binder, by you
_BINDER_PLAY = re.compile(r"you play (.+?) from your binder")


def read_continuous_zones2(text: str) -> list[dict] | None:
    """A whole Ongoing or Top text: the turn's Single may come from the top of the Store (blind), the
    Aftermarket or the binder (at random), each a batch x ``play_from`` rule of its zone with the
    ops "When you do" gives as ``then``; ``None`` when not one. A binder play must say "at random"
    (no choice among the binder's cards is read), and only a binder play may."""
    m = _PLAY_FROM_ZONES.fullmatch(text)
    if m is None:
        return None
    zones = [_ZONE_WORDS[z] for z in (m.group(1), m.group(2)) if z]
    if ("binder" in zones) != bool(m.group(3)) or len(set(zones)) < len(zones):
        raise Unread(text, "a binder card played at random, and only that")
    then: list[dict] | None = []
    if m.group(4):
        from rules.millennium_blades.phrases_more_x import _then_ops  # "each time you do": the card's own grammar

        then = _then_ops(m.group(4))
        if then is None:
            raise Unread(m.group(4), "what each play from there gives")
    return [{"op": "play_from", "zone": zone, "hand": "always", **({"then": then} if then else {})} for zone in zones]


def read_event_zones2(text: str) -> dict | None:
    """A TRIGGER for ``phrases.read_event``: ``binder_play``, a card (of the FILTER) played from your
    binder; ``None`` when not one."""
    m = _BINDER_PLAY.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.phrases import card_phrase

    flt, _zone, rest = card_phrase(m.group(1))
    if rest:
        raise Unread(rest, "the card played from your binder")
    flt.pop("face", None)
    return {"event": "binder_play", "by": "self", **({"filter": flt} if flt else {})}


# -- cards named in several zones ---------------------------------------------------------------------------
#: a card's name as printed: capitalised words ("Duelist Fashion Ring"), none of them a kind or symbol word
_NAME = r"(?:[A-Z][a-z][\w'-]*)(?: (?:of |the )?[A-Z][a-z][\w'-]*)*"
_NOT_NAMES = {"single", "singles", "card", "cards", "accessory", "accessories", "deck box", "deck boxes", "player",
              "players", "pro player", "opponent", "promo"}
#: where the printed text names a card by its name alone: "for every <Name> you have in", "each player who has a
#: <Name> in their", "each player who owns a <Name> (regardless of where it is)"
_PRINTED_NAMED = re.compile(rf"(?i:(for (?:every|each) )|(who (?:has|owns) an? ))({_NAME})"
                            r"(?i:( you have in | in their )|( \(regardless of where it is\)))")


def printed_zones2(text: str) -> str:
    """A card named by its printed name alone, in the shapes ``_PRINTED_NAMED`` lists, becomes "card named
    <name>" (the capitals tell a name from the grammar's words; the text is lower-cased after this);
    "owns a <Name> (regardless of where it is)" is "owns a card named <name>": owning is wherever the
    card is, and the parenthetical says so (``split_abilities`` asks, before reminders are dropped)."""
    def named(m: re.Match) -> str:
        name = m.group(3)
        if name.lower() in _NOT_NAMES:
            return m.group(0)
        after = m.group(4) if m.group(4) else ""
        return f"{m.group(1) or m.group(2)}card named {name}{after}"
    return _PRINTED_NAMED.sub(named, text)


#: a zone word of a list such as "your binder, hand, or play area" -> the zones it covers
_ZONE_OF = {"binder": ("binder",), "hand": ("hand",), "tableau": ("tableau",), "play area": ("tableau", "kit"),
            "accessory slot": ("kit",), "accessory slots": ("kit",), "accessory area": ("kit",)}
_ZONE_WORD = "|".join(sorted(map(re.escape, _ZONE_OF), key=len, reverse=True))
_ZONE_LIST = rf"(?:(?:your|their) )?(?:{_ZONE_WORD})(?:(?:,|,? or|,? and) (?:in )?(?:(?:your|their) )?(?:{_ZONE_WORD}))*"
#: "for each card named X you have in" a list of zones (binder, hand, play area, ...), then the gain
_PER_NAMED = re.compile(rf"for (?:every|each) card named (.+?) you have in ({_ZONE_LIST}),? (gain .+)")
#: each player who "has" a card named X in a list of zones (or "owns" one, anywhere), then what they
#: do: gain, flip or lose
_PLAYERS_NAMED = re.compile(rf"each player who (has|owns) an? card named (.+?)(?: in ({_ZONE_LIST}))?,? "
                            r"(?:must )?(gains? .+|flips? .+|loses? .+)")


def _zones(words: str) -> list[str]:
    zones: list[str] = []
    for word in re.findall(_ZONE_WORD, words):
        zones += [z for z in _ZONE_OF[word] if z not in zones]
    return zones


def read_clause_named(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Cards named X counted across zones: a gain per such card you have (a COUNT ``sum`` of batch h
    over the zones, FILTER ``name_has``); each player who has (owns) one doing something (batch k's
    ``for_players_with`` with ``zones``). ``None`` when not one."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = _PER_NAMED.fullmatch(text)
    if m:
        flt = {"name_has": m.group(1)}
        parts = [{"count": "cards", "zone": z, "filter": flt} for z in _zones(m.group(2))]
        per = parts[0] if len(parts) == 1 else {"count": "sum", "of": parts}
        ops = read_clause(m.group(3), timing, effect, last)
        if any(op["op"] not in ("gain_rp", "gain_money") or "per" in op for op in ops):
            raise Unread(m.group(3), "a gain for each card named")
        return [{**op, "per": per} for op in ops]
    m = _PLAYERS_NAMED.fullmatch(text)
    if m:
        verb = re.sub(r"^(gain|flip|lose)\b", r"\1s", m.group(4))
        ops = read_clause(f"that player {verb}", timing, effect, last)
        zones = ["owned"] if m.group(1) == "owns" else _zones(m.group(3) or "tableau")
        if m.group(1) == "owns" and m.group(3):
            raise Unread(text, "a card owned, said to be in some zones")
        return [{"op": "for_players_with", "who": "each", "filter": {"name_has": m.group(2)}, "ops": ops,
                 **({"zones": zones} if zones != ["tableau"] else {})}]
    return None


def read_sentence_zones2(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about: "If the Store runs out of cards, this effect
    ends" after a ``discard_store_until`` of the same effect (its ``ends``: the rest of the effect is not
    done when no card stopped the discards); False when ``s`` is not one."""
    until = [op for op in ops if op["op"] == "discard_store_until"]
    if not until or not _RUNS_OUT.fullmatch(s):
        return False
    until[-1]["ends"] = True
    return True


#: a rule printed with no timing word: the Store's top card kept shown, and it may be the turn's Single,
#: then what "when you do" gives (the test file's Open Stall)
_SHOWN_TOP = re.compile(rf"reveal (?:the top card of {_STORE}|the store's top card)\. you may play (?:either )?"
                        rf"(?:the top card of {_STORE}|that card|it)"
                        r"(?: on your turn| as your single(?: for (?:the|this|each|your) turn)?)?"
                        r"(?:\. (?:when|whenever|each time) you do(?: so| this)?, (.+))?")


def read_untimed_zones2(low: str) -> dict | None:
    """A segment with no timing word (``special_text.read_untimed``, lower case): the Store's top card
    kept revealed and playable as the turn's Single (``play_from`` ``zone: store``, ``shown``: the legal
    action names it, offered only for a Single that may be played), with the ops of "when you do";
    an Ongoing rule of the card ("Effects on Cards": while it is face-up). ``None`` otherwise."""
    m = _SHOWN_TOP.fullmatch(low.rstrip("."))
    if m is None:
        return None
    then: list[dict] | None = []
    if m.group(1):
        from rules.millennium_blades.phrases_more_x import _then_ops  # "each time you do": the card's own grammar

        then = _then_ops(m.group(1))
        if then is None:
            raise Unread(m.group(1), "what each play from there gives")
    return {"timing": "ongoing", "ops": [{"op": "play_from", "zone": "store", "hand": "always", "shown": True,
                                          **({"then": then} if then else {})}]}
