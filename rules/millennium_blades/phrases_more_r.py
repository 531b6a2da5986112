"""More phrase shapes of printed MB text (issue 26.2, batch r): attaching, after batch h's first part
(``phrases_more_h.py``). What the cards attached to this card count for ("for each card attached to
this card", "for each card of a different RARITY attached to this card", "RP equal to the STAR of
the cards attached to this card"), Flip effects not activated by the flips just before, and a clash
result the winner "may choose and" do. ``phrases.read_count``, ``clauses._points_or_market`` and
``text._sentences`` ask these readers once their own grammar has no reading; each returns ``None``
(False) when it has none either, so the phrase stays "not understood". The engine side is
``ops_more_r.py``; docs/effects-millennium-blades.md, "More shapes, batch r", has an original
example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import MULTIPLE, NUMBER, number

# -- deck rules ("Build your Deck": "up to one Deck Box, and up to two Accessories") -----------------
#: "This Deck Box takes up 2 Deck Box slots" (an Accessory: Accessory slots)
_USES_SLOTS = re.compile(rf"this (accessory|deck box) (?:uses|takes(?: up)?) ({NUMBER}) (accessory|deck box) slots")


def read_deck_rule_r(body: str) -> dict | None:
    """A kit card's deck rule (``deck_rules.read_deck_rule``): the card takes more than one slot of
    its own section of the deck (``kit_uses``: as many of the others fewer); ``None`` when not that."""
    m = _USES_SLOTS.fullmatch(body)
    if m is None or m.group(1) != m.group(3) or number(m.group(2)) < 2:
        return None
    return {"op": "kit_uses", "section": "accessories" if m.group(1) == "accessory" else "deck_box",
            "amount": number(m.group(2))}


# -- counts: the cards attached to this card ("FAQs": "How do attached cards function?") -------------
_THIS = r"this (?:card|one|single|deck box|accessory)"
#: "card attached to this card", "card of a different RARITY attached to this Deck Box"
_ATTACHED_COUNT = re.compile(rf"(?:cards?|singles?)(?: of (?:a )?different (rarit(?:y|ies)|elements?|types?))? "
                             rf"attached to {_THIS}")
_KINDS = {"rarity": "rarities", "rarities": "rarities", "element": "elements", "elements": "elements",
          "type": "types", "types": "types"}


def read_count_r(text: str) -> dict | None:
    """The COUNT after "for each" of the cards attached to this card: how many (``attached`` what
    cards), or how many different rarities (elements, types) they have; ``None`` when not that."""
    m = _ATTACHED_COUNT.fullmatch(text)
    if m is None:
        return None
    return {"count": "attached", "what": _KINDS[m.group(1)] if m.group(1) else "cards"}


#: "gain RP equal to the STAR of the cards attached to this card (max 50 RP)"
_ATTACHED_STARS = re.compile(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?the (?:combined |total )?star(?: ratings?)? "
                             rf"of (?:all )?(?:the )?cards attached to {_THIS}(?:,? up to ({NUMBER}) (?:rp|ranking "
                             r"points))?")


def read_points_r(text: str) -> list[dict] | None:
    """RP equal to the combined printed STAR of the cards attached to this card (``attached`` what
    stars), at most "up to" so much; ``None`` when not that."""
    m = _ATTACHED_STARS.fullmatch(text)
    if m is None:
        return None
    op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
          "per": {"count": "attached", "what": "stars"}}
    return [{**op, "max": number(m.group(3))} if m.group(3) else op]


# -- card phrases: a symbol of the attached card --------------------------------------------------
#: "cards from the SET of the attached card", "a card from the attached card's SET": batch h's
#: ``shares_attached`` filter (``ops_more_h.more_h_filter_holds``)
_OF_ATTACHED = re.compile(r"^ (?:from|of|with|that shares?) (?:the (set|element|type) of the attached card|the attached "
                          r"card's (set|element|type))")


#: "a card that matches the STAR of your Top Card" (the words "with a STAR" left out)
_MATCHES_TOP = re.compile(r"^ that match(?:es)? the (set|type|element|star)(?: rating)? of your top card\b")


def read_modifier_r(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: the card has a Set (element,
    type) printed on a card attached to this one (``shares_attached``: sets, elements, types), or
    it matches the effect's player's Top Card (``matches_top``, as "with a STAR that matches the
    STAR of your Top Card"); the rest of the text, or ``None`` when not that."""
    m = _MATCHES_TOP.match(rest)
    if m:  # "that matches the STAR of your Top Card": the market grammar's "matching your top card's star"
        flt["matches_top"] = m.group(1)
        return rest[m.end():]
    m = _OF_ATTACHED.match(rest)
    if m is None:
        return None
    flt["shares_attached"] = f"{m.group(1) or m.group(2)}s"
    return rest[m.end():]


#: "other player's effects": one player's, misprinted for "other players' effects" (their effects)
_OTHER_PLAYERS = re.compile(r"\bby other player's effects\b")


#: "place a card face-down in their tableau" (no place it comes from: the hand), "play a card from
#: your hand into your tableau face-down", "... face-down in your tableau": batch j's words
_FACE_DOWN_WORDS = (
    (re.compile(r"\b(?:put|place) a card face-down (?:in|into) (their|your) tableau\b"),
     r"put a card from \1 hand face-down into \1 tableau"),
    (re.compile(r"\b(put|place|play) a card from (their|your) hand (?:in|into) (their|your) tableau face-down\b"),
     r"\1 a card from \2 hand face-down into \3 tableau"),
    (re.compile(r"\b((?:put|place|play) a card from (?:their|your) hand face-down) in (their|your) tableau\b"),
     r"\1 into \2 tableau"),
    # the cards looked at, then what becomes of them: one sentence (``_LOOK_KEEP``)
    (re.compile(r"\blook at the top (\w+) cards of the store(?: deck)?\. (?:then,? )?put any number of them (?:in|into) your "
                r"hand and (?:put|place|return) the rest back(?: on top of the store)? in any order"),
     r"look at the top \1 cards of the store, keep any number of them and put the rest back in any order"),
)


def reword_r(text: str) -> str:
    """The card text with "by other player's effects" said as the grammar reads it ("by other
    players' effects": any effect another player controls), and a card put face-down into a
    tableau in batch j's words ("put a card from your hand face-down into your ..."; with no
    place named, from the hand: rules notes, "MB: batch r"); the top cards of the Store looked at
    and what becomes of them, two sentences, as one."""
    text = _OTHER_PLAYERS.sub("by other players' effects", text)
    for pattern, words in _FACE_DOWN_WORDS:
        text = pattern.sub(words, text)
    return text


# -- sentences -------------------------------------------------------------------------------------
#: "Do not activate the Flip effects of those cards." after "Flip any number of singles ..."
_NO_FLIP_EFFECTS = re.compile(r"(?:but )?do not activate (?:their|any|its|the) flip effects?(?: (?:on|of) (?:those|these|"
                              r"the flipped|them) cards?)?")
_FLIPS = ("flip", "flip_any")


#: "That player picks a card from their hand, and you add it to your hand."
_GIVEN = re.compile(r"(that opponent|that player|each opponent) (?:selects|chooses|picks) a card (?:from|in) their hand,? "
                    r"and you (?:gain|take|add|put) it (?:to|into) your hand")


#: "Then swap that card with this one." after a gain of RP for the STAR of your Top Card
_SWAP_THIS = re.compile(r"swap (it|that card|your top card) with this (?:card|single|one)")


#: "Activate all Play effects of your Top Card."
_ACTIVATE_TOP = re.compile(r"activate (?:each of |all of |all )?(?:the |its )?play effects? (?:of|on) your top card")
#: "You may end your turn without playing a card."
_MAY_END = re.compile(r"you may end (?:your|this) turn without playing an?(?: single| card)")


#: the top cards of the Store looked at, then "Put any number of them into your hand and ... the rest back
#: in any order" (two sentences: ``reword_r`` makes them one)
_LOOK_KEEP = re.compile(rf"look at the top ({NUMBER}) cards of the store, keep any number of them and put the rest back "
                        r"in any order")


#: "The winner of the clash may choose and flip one of the loser's cards."
_MAY_CHOOSE = re.compile(r"(the winner(?: of the clash)?|the losers?|each loser) may choose and (.+)")


def _star_card_before(ops: list[dict]) -> str | None:
    """The card the op just before names by its STAR (RP equal to the STAR of your Top Card),
    which a later "it" names too; ``None`` when that op names none."""
    per = ops[-1].get("per") if ops and ops[-1]["op"] in ("gain_rp", "lose_rp") else None
    return per["card"] if isinstance(per, dict) and per.get("count") == "star" and per.get("card") != "this" else None


def read_sentence_r(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these.
    "Do not activate the Flip effects of those cards" right after a sentence of flips: those flips do not
    activate the Flip effects of the cards flipped (``no_flip_effects``, as "..., but do not
    activate any Flip effects" printed in the same sentence). "The winner may choose and flip one
    of the loser's cards" after a clash: the clash result "the winner flips one of the loser's
    cards" that the winner may do (``may``); the one who flips picks the card ("Flip a Card"), so
    "choose" says no more. "That opponent selects a card from their hand, and you gain it to your
    hand": ``given_from_hand``. "Then swap that card with this one": ``swap_with_this``. Your Top Card's
    Play effects activated (``rescore`` with ``timing: play``); "You may end your turn without
    playing a Single" in an Action: ``may`` ``pass_turn`` (rules notes, "MB: batch r"). "Look at the
    top 3 cards of the Store. Put any number of them into your hand and put the rest back in any
    order": ``look_keep``."""
    m = _LOOK_KEEP.fullmatch(s)
    if m:
        ops.append({"op": "look_keep", "amount": number(m.group(1))})
        return True
    if _ACTIVATE_TOP.fullmatch(s):  # as "Activate again the Score effects of your Top Card": ``rescore``
        ops.append({"op": "rescore", "card": "top", "timing": "play"})
        return True
    if _MAY_END.fullmatch(s) and timing == "action":  # the turn's Single given up now, or not at all
        ops.append({"op": "may", "ops": [{"op": "pass_turn"}]})
        return True
    m = _SWAP_THIS.fullmatch(s)
    if m:  # "it": the card the gain before it named by its STAR ("your Top card")
        named = "top" if m.group(1) == "your top card" else _star_card_before(ops)
        if named is None:
            return False
        ops.append({"op": "swap_with_this", "card": named})
        return True
    m = _GIVEN.fullmatch(s)
    if m:  # a card the other player picks from their hand, into yours (one sentence: "and you" joins no clause)
        ops.append({"op": "given_from_hand", "who": "each_opponent" if m.group(1) == "each opponent" else "that_player"})
        return True
    m = _MAY_CHOOSE.fullmatch(s)
    clash = next((o for o in reversed(ops) if o["op"] == "clash"), None)
    if m and clash is not None:
        from rules.millennium_blades.text import _clash_branches  # it asks this module

        for key, branch in _clash_branches(f"{m.group(1)} must {m.group(2)}", timing, effect, clash):
            clash.setdefault(key, []).append({"op": "may", "ops": branch})
        return True
    if _NO_FLIP_EFFECTS.fullmatch(s) is None:
        return False
    flips = []
    for op in reversed(ops):
        if op["op"] not in _FLIPS:
            break
        flips.append(op)
    if not flips:
        return False  # no flip just before: the sentence says something else ("Flip a Card")
    for op in flips:
        op["no_flip_effects"] = True
    return True


# -- clauses ----------------------------------------------------------------------------------------
_FOR_GOOD = r"for the rest of (?:the|this) tournament"
#: "For the rest of this tournament you have two extra slots in your tableau", the time printed last too
_LASTING_SLOT = re.compile(rf"(?:{_FOR_GOOD},? )?you have (an|one|{NUMBER}) (?:additional|extra) (?:single )?slots? in "
                           rf"your tableau(?: {_FOR_GOOD})?")
#: "Take an additional turn after this one, and you have ... for the rest of the tournament"
_AND_LASTING = re.compile(r"(.+?),? and (you have .+)")


#: "Attach a single in your tableau to another single in your tableau."
_ATTACH_IN_TABLEAU = re.compile(r"attach (?:a|one) (?:face-up )?(?:card|single) in your tableau to another (?:face-up )?"
                                r"(?:card|single) in your tableau")


def read_clause_r(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """More tableau slots "for the rest of the tournament" (``lasting_slot``: they stay when this card
    flips, unlike an Ongoing's extra slot), alone or after another clause joined by ", and";
    ``None`` when not that. A slot with no time printed is batch h's Ongoing ``extra_slot``. One
    card of your tableau attached to another there: ``attach_in_tableau``."""
    if _ATTACH_IN_TABLEAU.fullmatch(text):
        return [{"op": "attach_in_tableau"}]
    m = _LASTING_SLOT.fullmatch(text)
    if m and re.search(_FOR_GOOD, text):
        return [{"op": "lasting_slot", "amount": 1 if m.group(1) in ("an", "one") else number(m.group(1))}]
    m = _AND_LASTING.fullmatch(text)
    if m is None or _LASTING_SLOT.fullmatch(m.group(2)) is None or not re.search(_FOR_GOOD, m.group(2)):
        return None
    from rules.millennium_blades.clauses import read_clause  # it asks this module

    return read_clause(m.group(1), timing, effect, last) + (read_clause_r(m.group(2), timing, effect, last) or [])
