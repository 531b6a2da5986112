"""More phrase shapes of printed MB text (issue 26.2, batch h): accessories and attaching. A deck
rule that gives the kit one more Accessory or Deck Box slot, a card that counts as every element
and type in a collection, a Deck Box's untimed extra tableau slot, an Accessory "in your Play Area",
swapping two cards of your tableau, looking at a player's hand, and an attached card that "has"
a quoted Ongoing protection. ``phrases.py``, ``clauses.py``, ``deck_rules.py`` and
``special_text.py`` ask these readers once their own grammar has no reading; each returns ``None``
when it has none either, so the phrase stays "not understood". No new engine op: each reads as ops
the engine already plays (``ops_more_h.py`` says so). docs/effects-millennium-blades.md, "More
shapes, batch h", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, Unread, number

# -- deck rules ("Build your Deck"; "ACCESSORIES"; "Make your Collection") ------------------------------
#: "You have one extra slot for accessories" / "... for a Deck Box": the kit holds one more
_KIT_SLOT = re.compile(rf"you have (an|one|{NUMBER}) (?:additional|extra) slots? for (accessories|an accessory|"
                       r"(?:a |an additional )?deck box(?:es)?)")
_WILDCARD = re.compile(r"(?:this (?:card|accessory|deck box) )?counts as (?:all|any|every) (?:types? and elements?|"
                       r"elements? and types?|types? or elements?|elements? or types?)(?: when used in an? collections?|"
                       r" for (?:the purpose of (?:building |making )?)?(?:a )?collections?)")


def read_deck_rule_h(body: str) -> dict | None:
    """A kit card's deck rule (``deck_rules.read_deck_rule``): one more Accessory (Deck Box) slot in
    the Deck Area ("Build your Deck": "up to one Deck Box, and up to two Accessories"), or the
    collection wildcard ("Make your Collection"; rules notes, "MB: batch h"); ``None`` when neither."""
    m = _KIT_SLOT.fullmatch(body)
    if m:
        amount = 1 if m.group(1) in ("an", "one") else number(m.group(1))
        return {"op": "kit_slots", "section": "accessories" if "accessor" in m.group(2) else "deck_box",
                "amount": amount}
    if _WILDCARD.fullmatch(body):
        return {"op": "all_symbols"}
    return None


# -- a rule of the card with no timing word ---------------------------------------------------------
#: "You have one extra single slot in your tableau at its right end" (a Deck Box's rule)
_EXTRA_SLOT = re.compile(rf"you have (an|one|{NUMBER}) (?:additional|extra) (?:single )?slots? in your tableau"
                         r"(?:,? (?:on|at) (?:the|its) right (?:edge|end))?")


def read_card_rule_h(sentence: str) -> list[dict] | None:
    """An untimed sentence that is a rule of its card (``special_text.read_untimed``): extra tableau
    slots while the card is face-up in play ("FAQs": "Any extra tableau slots are always at the
    rightmost side"); ``None`` when not one."""
    m = _EXTRA_SLOT.fullmatch(sentence.strip().rstrip("."))
    if m:
        return [{"op": "extra_slot", "amount": 1 if m.group(1) in ("an", "one") else number(m.group(1))}]
    return None


# -- card phrases: Accessories in a Play Area ("Accessories") -----------------------------------------
#: "an Accessory in your Play Area": the Accessories zone of that player ("Your Tournament Area")
_ACCESSORY_AREA = re.compile(r"\b(accessor(?:y|ies)) in (your|an opponent's|any player's|another player's) "
                             r"play areas?\b")


def accessory_area_h(text: str) -> str | None:
    """The same card phrase with "in your Play Area" after Accessories read as the wording the
    grammar already has for that zone ("an Accessory in your tableau": ``zone`` accessory); ``None``
    when the phrase names no Accessory in a Play Area."""
    if _ACCESSORY_AREA.search(text) is None:
        return None
    return _ACCESSORY_AREA.sub(lambda m: f"{m.group(1)} in {m.group(2)} tableau", text)


# -- clauses -------------------------------------------------------------------------------------------
_SWAP_TWO = re.compile(r"swap (?:2|two) (?:face-up )?cards in your tableau")
_LOOK_PLAYER = re.compile(r"look at (?:a|any|one) player's hand")
#: after a clash, the winner takes a card blind from the loser's hand ("Clashing")
_LOSER_HAND = re.compile(r"(?:gain|take|steal)s? a random card from the loser's hand(?: (?:in)?to (?:their|your|his or "
                         r"her) hand)?")


_SKIP_TURN = re.compile(r"skip (?:your|this) (?:current )?turn")
#: "Un-flip up to 2 of your Accessories": face-down cards of yours turned face-up
_UNFLIP = re.compile(rf"(?:un-?flip|turn face-up) (up to )?({NUMBER}|an?|one) (?:of your |face-down )*(accessories|accessory|"
                     r"(?:cards?|singles?) in your tableau)")
_UNFLIPPED_STARS = re.compile(rf"gain rp equal to (?:({MULTIPLE}) )?the (?:combined )?star(?: ratings?)? of the "
                              rf"un-?flipped cards|gain rp equal to (?:({MULTIPLE}) )?the un-?flipped cards'? star(?: ratings?)?")
#: "your other singles with the same TYPE as the attached card cannot be flipped by opponents' effects"
_SHARERS_SAFE = re.compile(r"your other (?:cards|singles) (?:with|that have|that share) the same (element|type) as the "
                           r"attached card (?:can't|cannot|can not) be flipped by (?:an opponent's|opponents'|opponent's|"
                           r"other players'|other player's) effects?")


#: "Its printed STAR becomes 8 while this card is attached" (after "Attach this card to")
_PRINTED_STAR = re.compile(rf"(?:that card's|the attached card's|its) printed star(?: rating)? (?:is changed to|becomes|"
                           rf"is) ({NUMBER})(?:,? while this card is attached)?")


#: "Flip any number of Accessories in your Play Area (to gain ...)": the player picks them
_ANY_ACCESSORIES = re.compile(r"flip any number of (?:face-up )?accessories in your (?:play area|tableau)(?: to (.+))?")


def read_early_h(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause read before the usual ones (they would take "any number of Accessories" for one
    card, and a gain "equal to" for another shape): any number of your Accessories flipped
    (``flip_any`` ``zone: accessory``), and what "to" gains after it when some were flipped; RP
    equal to the STAR of the cards an ``unflip`` turned face-up; ``None`` when neither."""
    m = _UNFLIPPED_STARS.fullmatch(text)
    if m:  # the cards the unflip just turned face-up ("those"), as they are now
        times = m.group(1) or m.group(2)
        return [{"op": "gain_rp", "amount": number(times) if times else 1, "per": {"count": "those_stars"}}]
    m = _ANY_ACCESSORIES.fullmatch(text)
    if m is None:
        return None
    ops: list[dict] = [{"op": "flip_any", "zone": "accessory"}]
    if m.group(1):
        from rules.millennium_blades.clauses import read_clause  # it asks this module

        ops.append({"op": "if", "condition": {"test": "did"}, "then": read_clause(m.group(1), timing, effect, last)})
    return ops


def read_clause_h(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """Swapping two cards of your tableau (the ``swap`` op of "swap the positions of two cards"),
    looking at a player's hand (a player chosen, then that hand revealed: rules notes, "MB: batch h"),
    a clash winner taking a random card from the loser's hand, skipping your current turn (as
    "pass your turn"), and the printed STAR of the card this card is attached to changed while it is
    attached (the ``attach`` op's ``printed_star``), and "For each X, gain ..." printed first;
    ``None`` when none of those."""
    m = _UNFLIP.fullmatch(text)
    if m:
        amount = 1 if m.group(2) in ("a", "an", "one") else number(m.group(2))
        return [{"op": "unflip", "amount": amount, "zone": "accessory" if "accessor" in m.group(3) else "tableau",
                 **({"up_to": True} if m.group(1) else {})}]
    m = _PRINTED_STAR.fullmatch(text)
    if m:
        from rules.millennium_blades.special_text import attach_op_of  # it imports phrases

        op = attach_op_of(effect)
        if op is None:
            return None  # no card is attached by this effect: "that card" is another one
        op["printed_star"] = number(m.group(1))  # what the attach op gives while attached
        return []
    if _SKIP_TURN.fullmatch(text):  # "Pass your turn" in other words: no Single after this Action
        from rules.millennium_blades.phrases_more_a import read_more_clause

        return read_more_clause("pass your turn", timing, effect, last)
    if _SWAP_TWO.fullmatch(text):
        return [{"op": "swap"}]
    if _LOOK_PLAYER.fullmatch(text):
        return [{"op": "choose_player", "among": "any"}, {"op": "reveal_hand", "who": "that_player"}]
    if _LOSER_HAND.fullmatch(text):  # the winner's frame: each loser is "that player" (ops_more_d.py)
        return [{"op": "for_clash_players", "players": "losers", "as": "that_player",
                 "ops": [{"op": "take_random_hand", "who": "that_player"}]}]
    m = _SHARERS_SAFE.fullmatch(text)
    if m and timing == "play":
        # a rule that lasts, printed in a Play text after the card is attached: an Ongoing effect of
        # its own (``lasting_effects_h``), while this card is face-up with its attachment
        effect.setdefault("_lasting", []).append({"op": "protect", "target": "tableau", "filter": {
            "where": "other", "shares_attached": _WHAT[m.group(1)]}})
        return []
    return read_for_each_first(text, timing, effect, last)


# -- what an attached card has ("FAQs": "How do attached cards function?") ----------------------------
_QUOTED_SHIELD = re.compile(r"\"?ongoing: this card (?:cannot|can't|can not) be flipped by (?:an opponent's|"
                            r"opponents'|opponent's|other players'|other player's) effects?\.?\"?")


#: a quoted Ongoing: "you may put two +1 STAR tokens on this card at the start of each of your turns"
_QUOTED_TURN_TOKENS = re.compile(rf"\"?ongoing: (?:you may )?put ({NUMBER}|an?) \+1 star tokens? (?:to|on|onto) this card at "
                                 r"the (?:start|beginning) of (?:each of )?your turns?\.?\"?")


def read_grant_h(op: dict, item: str) -> bool:
    """An attached card that "has" a quoted Ongoing: one that keeps it face-up against opponents'
    effects (the attach op's ``protect``, as the unquoted words), or one that lets its player put
    +1 STAR tokens on it as each of their turns starts (``turn_tokens``); False when neither."""
    if _QUOTED_SHIELD.fullmatch(item.strip()):
        op["protect"] = True
        return True
    m = _QUOTED_TURN_TOKENS.fullmatch(item.strip())
    if m and "you may" in item:  # "may": the player chooses each turn (rules notes, "MB: batch h")
        op["turn_tokens"] = 1 if m.group(1) in ("a", "an") else number(m.group(1))
        return True
    return False


# -- a triggered sentence with no timing word ---------------------------------------------------------
#: "When you would lose a clash, ...", "Each time another player plays ...": a trigger that does not
#: name this card itself (a card in hand is in no play area: "When you discard this card" is not one)
_UNTIMED_TRIGGER = re.compile(r"^(?:when|whenever|each time) (?![^,]*\bthis (?:card|one|single)\b)[^,]+, ")


def read_untimed_trigger_h(text: str) -> dict | None:
    """An untimed segment that opens with a trigger (``special_text.read_untimed``), read as an Ongoing
    effect: it works while the card is face-up in play and, not being a Reaction, is not optional
    ("Effects on Cards": "Besides Reactions, other Effects are Not Optional"; rules notes, "MB: batch
    h"). ``None`` when the segment opens with no such trigger; a trigger whose effect the grammar
    cannot read reports its own phrase."""
    from rules.millennium_blades.text import compile_ability  # it imports the modules that import this one

    if _UNTIMED_TRIGGER.match(re.sub(r"\s+", " ", text.strip().lower())) is None:
        return None
    effect = compile_ability(f"Ongoing: {text.strip()}")
    effect.pop("text", None)
    return effect


# -- conditions ------------------------------------------------------------------------------------------
_HAS_TOKENS = re.compile(rf"this (?:card|accessory|deck box|one) has (?:({NUMBER}) or more|at least ({NUMBER})) "
                         r"\+1 star tokens?(?: on it)?")


_ANOTHER_ACCESSORY = re.compile(r"you have (another|an?|one) (face-up |face-down )?accessory in your (?:play area|tableau)")


def read_condition_h(text: str) -> dict | None:
    """"this card has 6 or more +1 STAR Tokens": the tokens on this card wherever it is in play (an
    Accessory too: ``ops_more_h.tokens_on_this``); "you have another face-up Accessory in your Play
    Area": one of your Accessories ("kit" zone, the kind accessory); ``None`` when neither."""
    m = _ANOTHER_ACCESSORY.fullmatch(text)
    if m:
        flt: dict = {"kind": "accessory"}
        if m.group(1) == "another":
            flt["where"] = "other"
        if m.group(2):
            flt["face"] = m.group(2).strip().split("-")[1]
        return {"test": "count", "of": {"count": "cards", "zone": "kit", "filter": flt}, "cmp": ">=", "value": 1}
    m = _HAS_TOKENS.fullmatch(text)
    if m is None:
        return None
    return {"test": "count", "of": {"count": "star_tokens", "zone": "tableau", "filter": {"where": "this"}},
            "cmp": ">=", "value": number(m.group(1) or m.group(2))}


# -- events ----------------------------------------------------------------------------------------------
#: "Whenever an Accessory is flipped": anyone's, as "an Accessory in any player's tableau is flipped"
_ACCESSORY_FLIPPED = re.compile(r"an accessory (?:in (any player's|an opponent's|another player's|your) play area )?"
                                r"is flipped")


def reword_event_h(text: str) -> str | None:
    """The words after "Whenever" with an Accessory flipped anywhere (no place named, or "in a Play
    Area") said as ``phrases_more_a.read_more_event`` reads them; ``None`` when not that."""
    m = _ACCESSORY_FLIPPED.fullmatch(text)
    if m is None:
        return None
    return f"an accessory in {m.group(1) or 'any player' + chr(39) + 's'} tableau is flipped"


# -- counts ----------------------------------------------------------------------------------------------
_ALL_TABLEAUS = r"(?:all|each|every) players?'?s?'? tableaus?|all tableaus|any tableau"
#: "each face-down card and empty slot in all players' tableaus": two counts added
_AND_EMPTY = re.compile(rf"(.+?) and (?:empty|open) slots? in (your tableau|{_ALL_TABLEAUS})")
_FLIPPED_ACCESSORIES = re.compile(r"accessor(?:y|ies) flipped (?:this way|by this effect)")
_YOURS = re.compile(r"(face-up|face-down)? ?accessor(?:y|ies) you (?:have|control)(?: in play)?")
#: "+1 STAR tokens on singles in your tableau or Accessories in your Play Area"
_TOKENS_ON_BOTH = re.compile(r"\+1 star tokens? on (?:an? |each )?single in your tableau or (?:an? )?accessory in your "
                             r"(?:play area|tableau)")
#: "each single or Accessory in your tableau with a +1 STAR token on it"
_BOTH_WITH = re.compile(r"(?:single|card) or accessory in your (?:tableau|play area)( with (?:a|at least one) \+1 star "
                        r"token on it)?")


def read_count_h(text: str) -> dict | None:
    """A COUNT that adds two (``sum``): cards and the open slots of your (every) tableau ("Tableau":
    the slots no card fills), or your singles and your Accessories ("Your Tournament Area": the
    Accessories are not in the tableau) by their +1 STAR tokens; ``None`` when not one of those."""
    from rules.millennium_blades.phrases import read_count

    if _FLIPPED_ACCESSORIES.fullmatch(text):  # the Accessories this effect flipped
        return {"count": "flipped_this_way"}
    m = _YOURS.fullmatch(text)
    if m:  # "each face-down Accessory you have": your Accessories, beside the tableau
        return {"count": "cards", "zone": "kit", "filter": {"kind": "accessory", **(
            {"face": m.group(1).split("-")[1]} if m.group(1) else {})}}
    m = _AND_EMPTY.fullmatch(text)
    if m:
        mine = m.group(2) == "your tableau"
        cards = read_count(f"{m.group(1)} in {'your tableau' if mine else 'all tableaus'}")
        return {"count": "sum", "of": [cards, {"count": "empty_slots" if mine else "empty_slots_each"}]}
    if _TOKENS_ON_BOTH.fullmatch(text):
        return {"count": "sum", "of": [{"count": "star_tokens", "zone": "tableau", "filter": {"kind": "single"}},
                                       {"count": "star_tokens", "zone": "kit", "filter": {"kind": "accessory"}}]}
    m = _BOTH_WITH.fullmatch(text)
    if m:
        tokens = {"tokens": {"cmp": ">=", "value": 1}} if m.group(1) else {}
        return {"count": "sum", "of": [{"count": "cards", "zone": "tableau", "filter": {"kind": "single", **tokens}},
                                       {"count": "cards", "zone": "kit", "filter": {"kind": "accessory", **tokens}}]}
    return None


# -- "For each X, ..." printed first --------------------------------------------------------------------
#: what "for each card in your tableau" reads as, replaced by the count the text prints
_PLACEHOLDER = {"count": "cards", "zone": "tableau", "filter": {}}
_FOR_EACH_FIRST = re.compile(r"for (each|every) ([^,]+), (gain|put|add|lose) (.+?)(, up to \d+ rp)?")


def read_for_each_first(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """"For each X, gain 3 RP" ("..., up to 60 RP"): the clause with its count after it, as the
    grammar reads "gain 3 RP for each X"; ``None`` when ``text`` does not open so."""
    m = _FOR_EACH_FIRST.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.clauses import read_clause  # it asks this module

    count = read_count_h(m.group(2))  # a count the core reader would take for one card phrase
    if count is None:
        return read_clause(f"{m.group(3)} {m.group(4)} for {m.group(1)} {m.group(2)}{m.group(5) or ''}", timing, effect,
                           last)
    ops = read_clause(f"{m.group(3)} {m.group(4)} for {m.group(1)} card in your tableau{m.group(5) or ''}", timing, effect,
                      last)
    if len(ops) != 1 or ops[0].get("per") != _PLACEHOLDER:
        raise Unread(text, "one effect for each of the cards counted")
    return [{**ops[0], "per": count}]


# -- continuous ------------------------------------------------------------------------------------------
_WHAT = {"type": "types", "types": "types", "element": "elements", "elements": "elements"}
#: "All cards in your hand and tableau have the TYPE and ELEMENT of the attached card, in addition to
#: their other TYPES"
_SHARE_ATTACHED = re.compile(r"(?:all )?(?:the )?cards in your (hand and tableau|tableau and hand|hand|tableau) "
                             r"(?:have|are considered to have) the (types?|elements?)(?: and (types?|elements?))? of the "
                             r"attached cards?(?:,? in addition to their (?:own|other (?:types?|elements?)))?")


def read_continuous_h(s: str) -> list[dict] | None:
    """An Ongoing sentence: your cards in your hand (tableau) have the symbols printed on the card
    attached to this one, besides their own (``share_attached``); ``None`` when not that."""
    m = _SHARE_ATTACHED.fullmatch(s)
    if m is None:
        return None
    zones = ["hand", "tableau"] if " and " in m.group(1) else [m.group(1)]
    what = list(dict.fromkeys(_WHAT[w] for w in (m.group(2), m.group(3)) if w))
    return [{"op": "share_attached", "zones": zones, "what": what}]


def lasting_effects_h(effects: list[dict]) -> list[dict]:
    """The effects of one ability, with any lasting rule a Play text printed after its one-time
    effects (``read_clause_h``) made an Ongoing effect of its own, with the same printed text: it
    holds while the card is face-up in play ("Effects on Cards": Ongoing; rules notes, "MB: batch h")."""
    out = []
    for effect in effects:
        lasting = effect.pop("_lasting", None)
        if effect.get("ops") or not lasting:  # a Play text that is only the lasting rule (phrases_guards) is that rule
            out.append(effect)
        if lasting:
            out.append({"timing": "ongoing", "ops": lasting, **({"text": effect["text"]} if "text" in effect else {})})
    return out
