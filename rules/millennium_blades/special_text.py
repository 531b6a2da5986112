"""Phrase readers for rules a card prints about itself and for copied effects (issue 26.2):
Fusion's play condition, Level Up, copying a card's effects, granting a Flip effect, paying
dollars. ``text.py``, ``clauses.py`` and ``conditions.py`` ask these readers once their own
grammar has no reading; each returns ``None`` when it has none either, so the phrase stays
"not understood". The engine side is ``special_ops.py``; docs/effects-millennium-blades.md,
"Card rules and copies", has an original example of each shape.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, Unread, card_phrase, number, read_target
from rules.millennium_blades.phrases_zones2 import caps_lifted_after
from rules.millennium_blades.vocabulary import ELEMENTS, TYPE_VALUES

_TIMED = r"(play|flip|score|action|next)"
#: "Fusion:", "Level Up -": a keyword naming a rule of the card itself, printed without a timing word
_RULE_KEYWORD = re.compile(r"^[a-z][a-z' !]{0,24}?\s*(?:[—–-]|:)\s*")


def _sentences(text: str) -> list[str]:
    return [s.strip().rstrip(".").strip() for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]


# -- segments without a timing word ----------------------------------------------------------------
def read_untimed(text: str) -> dict | None:
    """A segment with no timing word that prints a rule of its card ("Fusion: You may only play
    this card if ...", "Level Up - Comes into play with ..."): an Ongoing effect of continuous
    ops that hold wherever the card is (in hand for a play condition); ``None`` if not one."""
    from rules.millennium_blades.phrases_more_h import read_untimed_trigger_h

    triggered = read_untimed_trigger_h(text)  # "When you would lose a clash, ...": Ongoing (phrases_more_h)
    if triggered is not None:
        return triggered
    low = re.sub(r"\s+", " ", text.lower()).strip()
    from rules.millennium_blades.phrases_outcomes import read_untimed_outcomes  # it reads clauses

    ended = read_untimed_outcomes(low)  # "If you had zero RP at the end of the tournament, ..." (phrases_outcomes)
    if ended is not None:
        return ended
    from rules.millennium_blades.phrases_more_j import read_untimed_j  # it reads clauses

    own = read_untimed_j(low)  # "When you discard this card from your hand, ..." (phrases_more_j.py)
    if own is not None:
        return own
    from rules.millennium_blades.phrases_copying import read_untimed_copying

    own = read_untimed_copying(low)  # a quoted Action given to cards, a Score effect twice (phrases_copying.py)
    if own is not None:
        return own
    from rules.millennium_blades.phrases_attach2 import read_untimed_attach2  # it reads abilities

    own = read_untimed_attach2(low)  # "As an action, X": the card's Action (phrases_attach2.py)
    if own is not None:
        return own
    from rules.millennium_blades.phrases_promos import read_untimed_promos

    own = read_untimed_promos(low)  # "This card counts as having "X" in its name." (phrases_promos.py)
    if own is not None:
        return own
    from rules.millennium_blades.phrases_zones2 import read_untimed_zones2

    own = read_untimed_zones2(low)  # the Store's top card kept shown, playable as the Single (phrases_zones2.py)
    if own is not None:
        return own
    m = _RULE_KEYWORD.match(low)
    body = low[m.end():] if m else low
    ops: list[dict] = []
    for sentence in _sentences(body):
        found = _card_rule(sentence)
        if found is None:
            from rules.millennium_blades.phrases_more_b import read_card_rule_b  # it reads conditions

            found = read_card_rule_b(sentence)
        if found is None:
            from rules.millennium_blades.phrases_more_h import read_card_rule_h

            found = read_card_rule_h(sentence)  # an extra tableau slot (phrases_more_h)
        if found is None:
            from rules.millennium_blades.phrases_more_i import read_continuous_i  # "considered an 8-STAR when clashing"

            found = read_continuous_i(sentence)
        if found is None:
            return None
        ops += found
    return {"timing": "ongoing", "ops": ops} if ops else None


#: "Cards cannot be attached to this card": no attach op may choose it ("FAQs": attached cards)
_NO_ATTACH = re.compile(r"(?:other )?cards (?:cannot|can't|can not) be attached to this (?:card|single|one)")


def _card_rule(s: str) -> list[dict] | None:
    if _NO_ATTACH.fullmatch(s):
        return [{"op": "no_attach"}]
    if re.fullmatch(r"if the attached card would be flipped by (?:an effect an opponent controls|an opponent's effect|"
                    r"opponents' effects), discard this card instead", s):
        return [{"op": "attachment_shield"}]  # the attachment goes instead of the card it is attached to
    m = re.fullmatch(r"you (?:may|can) only play this card if (.+)", s)
    if m:  # a play condition ("Play a Single (Required)": the card is no legal play without it)
        return [{"op": "play_condition", "condition": c} for c in _play_conditions(m.group(1))]
    m = re.fullmatch(rf"(?:this card )?comes into play with ({NUMBER}) \+1 star tokens? on it", s)
    if m:  # Level Up: the card enters the tableau with its tokens
        return [{"op": "enters_with_tokens", "amount": number(m.group(1))}]
    if re.fullmatch(r"when you use this card's action effect, you may remove (?:a|one) \+1 star token from it "
                    r"instead of flipping it", s):  # Level Up: "Use an Action" flips the card, unless ...
        return [{"op": "token_spares_action"}]
    return None


def _play_conditions(text: str) -> list[dict]:
    """"you have cards of this card's ELEMENT and TYPE in your tableau": a face-up card in your
    tableau sharing an element with this card, and one sharing a type (rules notes, "Fusion");
    any other condition the grammar reads ("you have a CITIZEN in play")."""
    m = re.fullmatch(r"you have (?:a )?cards? of this card's (elements?|types?)(?: and (elements?|types?))? "
                     r"in (?:your tableau|play)", text)
    if m:
        kinds = [k.rstrip("s") for k in m.groups() if k]
        return [{"test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "up", "shares": kind}},
                 "cmp": ">=", "value": 1} for kind in kinds]
    from rules.millennium_blades.conditions import read_condition  # conditions reads phrases, as this does

    return [read_condition(text)]


# -- clauses that happen once ----------------------------------------------------------------------
_COPY_CARD = {"this card's": "this", "this single's": "this"}
_SIDE = r"(?:on|of) (?:a |the )?card (?:to the |on the )?(?:immediate )?(left|right) of this (?:card|one)"


def read_special_clause(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: copying effects, paying dollars, the reminder that an
    effect cannot be copied; ``None`` when it is none of these."""
    if re.fullmatch(r"this effect (?:cannot|can't|can not) be copied", text):
        return []  # "FAQs": "Copy effects can never be copied" (the engine never copies a copy)
    attached = _attach_clause(text, effect)
    if attached is not None:
        return attached
    m = re.fullmatch(rf"(?:copy|repeat) this (?:card|single)'s {_TIMED} effects?", text)
    if m:
        return [{"op": "copy_effects", "card": "this", "timing": m.group(1), "pick": "all"}]
    m = re.fullmatch(rf"copy (a|one|the|all|each of the) {_TIMED} effects? {_SIDE}", text)
    if m:
        pick = "one" if m.group(1) in ("a", "one") else "all"
        return [{"op": "copy_effects", "card": m.group(3), "timing": m.group(2), "pick": pick}]
    m = re.fullmatch(rf"copy (?:any|all|the|all the) {_TIMED} effects? (?:on|of) the attached card", text)
    if m:  # "Copy any Score effects on the attached card": the card attached to this one
        return [{"op": "copy_effects", "card": "attached", "timing": m.group(1), "pick": "all"}]
    m = re.fullmatch(rf"copy (?:all|any|the|all the) {_TIMED} effects? (?:on|of) (?:that card|it)", text)
    if m:
        return [{"op": "copy_effects", "card": THAT_CARD.get(), "timing": m.group(1), "pick": "all"}]
    m = re.fullmatch(rf"copy (?:its|that card's|the revealed card's) {_TIMED} effects?", text)
    if m:  # "Reveal a card from your hand. Copy its Play effects."
        return [{"op": "copy_effects", "card": THAT_CARD.get(), "timing": m.group(1), "pick": "all"}]
    m = re.fullmatch(rf"copy (a|one|the|all|all the) {_TIMED} effects? (?:(?:of|on) (.+)|in (.+))", text)
    if m:  # "Copy the Flip effect of an adjacent card": the player chooses the card
        what = re.sub(r"\bany player's (tableaus?)", r"any \1", m.group(3) or f"a card in {m.group(4)}")
        target = read_target(what)
        if target["pick"] != "choice":
            raise Unread(what, "a card to copy from")
        pick = "one" if m.group(1) in ("a", "one") else "all"
        THAT_CARD.set("chosen")  # "..., then flip that card": the card copied from (special_ops.op_copy)
        return [{"op": "copy_effects", "target": target, "timing": m.group(2), "pick": pick}]
    m = re.fullmatch(rf"(?:spend|pay) ({NUMBER}) (?:millennium )?dollars?(?: to the bank)?(?:,? (?:and|then|to) (.+))?",
                     text)
    if m:  # "Spend 2 Dollars and ...": what follows happens only if you pay (rules notes, "Paying dollars")
        from rules.millennium_blades.clauses import read_clause  # clauses asks this module

        ops = [{"op": "pay_money", "amount": number(m.group(1))}]
        return ops + (read_clause(m.group(2), timing, effect, last) if m.group(2) else [])
    return None


def read_purpose(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """"Flip a card ... to gain 10 RP": the flip, then the rest if it happened (an ``if`` on
    ``did``: a flip with no legal card gains nothing, rules notes "Flip ... to gain")."""
    from rules.millennium_blades.clauses import read_clause  # clauses asks this module

    m = re.fullmatch(r"(flip .+?) and (copy .+)", text)
    if m:  # "Flip a card ... and copy all Play effects on that card": the card as it was (rules notes)
        first = read_clause(m.group(1), timing, effect, last)
        return [*first, {"op": "if", "condition": {"test": "did"}, "then": read_clause(m.group(2), timing, effect, last)}]
    m = re.fullmatch(r"(flip .+?) to ((?:gain|put|clash|play) .+)", text)
    if not m:
        return None
    first = read_clause(m.group(1), timing, effect, last)
    return [*first, {"op": "if", "condition": {"test": "did"}, "then": read_clause(m.group(2), timing, effect, last)}]


def read_special_condition(text: str) -> dict | None:
    """"this is (not) attached to a card": whether this card is an attachment now."""
    m = re.fullmatch(r"this(?: card| accessory)? is (not )?attached to (?:a|another) card", text)
    if m:
        held = {"test": "attached", "card": "this"}
        return {"test": "not", "of": held} if m.group(1) else held
    return None


# -- continuous effects ----------------------------------------------------------------------------
def read_special_continuous(s: str) -> list[dict] | None:
    """A sentence for ``clauses.read_continuous``: "Other DARK cards in your tableau have a copy of
    this card's Flip effect"; ``None`` when it is not one."""
    s = s.strip()
    if re.fullmatch(r"this effect (?:cannot|can't|can not) be copied", s):
        return []
    if _NO_ATTACH.fullmatch(s):
        return [{"op": "no_attach"}]
    m = re.fullmatch(r"this card is an exact copy of (.+?) (?:to|on) its immediate (left|right)", s)
    if m:  # the card is the neighbour that fits, printed data and effects (rules notes, "Exact copies")
        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone != "tableau":
            raise Unread(rest or m.group(1), "the card copied")
        flt.setdefault("face", "up")
        return [{"op": "exact_copy", "side": m.group(2), "filter": flt}]
    m = re.fullmatch(r"(.+?) (?:have|has) a copy of this card's flip effects?", s)
    if m:
        flt, zone, rest = card_phrase(m.group(1))
        if rest or zone != "tableau":
            raise Unread(rest or m.group(1), "the cards that have the Flip effect")
        flt.setdefault("face", "up")
        return [{"op": "grant_flip", "filter": flt}]
    return None


# -- attaching ("FAQs": "How do attached cards function?") -----------------------------------------
#: the attach op the sentences after it add to ("The attached card gains AIR and +3 STAR"), with the
#: effect it belongs to (the dict itself, compared by identity: a later ability's sentences never add
#: to an earlier one's; an id alone was reused by a later effect once the first was freed, and "that
#: card cannot be played ..." after "Name a card" was then read as what an attached card gains); and
#: forgotten after each effect (text.py)
ATTACHING: ContextVar[tuple[dict, dict] | None] = ContextVar("ATTACHING", default=None)
_ATTACHED = r"(?:the attached card|that card|it)"
_OPPONENTS_EFFECTS = r"(?:an opponent's|opponents'|opponent's|other players'|other player's|an opponent's) effects?"


def _attach_clause(text: str, effect: dict) -> list[dict] | None:
    """"Attach this card to a face-up card" -> an ``attach`` op; "The attached card gains AIR and +3
    STAR while this card is attached" -> what that op gives the card (an empty list of ops)."""
    m = re.fullmatch(r"(you may )?attach (an?|one) (.+?) from your hand to this(?: card| single| one| accessory| deck box)?",
                     text)
    if m:  # the card leaves the hand and is attached to this one; "the attached card" names it
        flt, zone, rest = card_phrase(f"{m.group(2)} {m.group(3)}")
        if rest or zone != "tableau" or flt.get("where"):
            raise Unread(rest or m.group(3), "a card from your hand to attach")
        flt.pop("face", None)
        if m.group(1):
            effect["optional"] = True
        return [{"op": "attach_from_hand", **({"filter": flt} if flt else {})}]
    m = re.fullmatch(r"attach this(?: card| accessory| deck box)? to (.+)", text)
    if m:
        played = m.group(1) in ("it", "that card") and THAT_CARD.get() == "played"  # the card just played (zones2)
        target = {"player": "self", "pick": "played"} if played else read_target(m.group(1))
        if target["pick"] not in ("choice", "this", "left", "right", "top", "played"):
            raise Unread(m.group(1), "one card to attach to")
        op: dict = {"op": "attach", "target": target}
        ATTACHING.set((effect, op))
        return [op]
    m = re.fullmatch(rf"{_ATTACHED} ((?:gains|has|is|cannot|can't) .+?)(?:,? while this card is attached)?", text)
    attaching = ATTACHING.get()
    if attaching is not None and attaching[0] is effect and caps_lifted_after(attaching[1], text):
        return []  # the host's RP limits lifted (phrases_zones2.py)
    if not m or attaching is None or attaching[0] is not effect:
        return None
    op = attaching[1]
    quoted = re.fullmatch(r'(?:gains|has) "[^"]+"', m.group(1))  # one quoted ability: its "and" is its own
    from rules.millennium_blades.phrases_attach2 import QUOTE_STOP, quoted_abilities

    # 'gains "..." and "..."': each quoted ability, its full stops given back (phrases_attach2)
    several = quoted_abilities(m.group(1).replace(QUOTE_STOP, " "))
    for item in several or ([m.group(1).replace(QUOTE_STOP, " ")] if quoted else re.split(r",? and |, ", m.group(1))):
        _grant(op, re.sub(r"^(?:gains|has|is) ", "", item.strip()), item)
    return []


def attach_op_of(effect: dict) -> dict | None:
    """The ``attach`` op an earlier sentence of ``effect`` read ("Attach this card to ..."), that a
    later sentence adds to; ``None`` when that effect attached nothing (phrases_more_h.py)."""
    attaching = ATTACHING.get()
    return attaching[1] if attaching is not None and attaching[0] is effect else None


def _grant(op: dict, item: str, printed: str) -> None:
    m = re.fullmatch(r"\+(\d+) star(?: rating)?", item)
    if m:
        op["star"] = op.get("star", 0) + int(m.group(1))
        return
    if item in ELEMENTS:
        op.setdefault("elements", []).append(item)
        return
    m = re.fullmatch(r"an? (\w+)(?: in addition to its other types)?", item)
    if m and m.group(1) in TYPE_VALUES:
        op.setdefault("types", []).append(m.group(1))
        return
    if re.fullmatch(rf"(?:cannot|can't|can not) be flipped by {_OPPONENTS_EFFECTS}", item):
        op["protect"] = True
        return
    from rules.millennium_blades.phrases_more_h import read_grant_h

    if read_grant_h(op, item):  # a quoted Ongoing that keeps it face-up (phrases_more_h)
        return
    from rules.millennium_blades.phrases_more_w import read_attached_grant_w

    if read_attached_grant_w(op, item):  # a quoted Action the host has (phrases_more_w)
        return
    from rules.millennium_blades.phrases_attach2 import read_attached_grant_attach2

    if read_attached_grant_attach2(op, item):  # clashing with the host instead of the Top Card (phrases_attach2)
        return
    raise Unread(printed, "what the attached card gains")
