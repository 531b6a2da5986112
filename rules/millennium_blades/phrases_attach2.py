"""More shapes of printed text, batch "attach2" (issue 26.2): attaching, second wave, after batches h,
r and w. An attachment and the card it is attached to removed from the game together (by a Score
effect of the attachment, or as the tournament ends), and an untimed "As an action, ..." read as the
card's Action (millennium-blades.txt, "FAQs": "How do attached cards function?"; "Discards";
"Tournament Turns", "Use an Action (Optional)"; docs/rules-notes.md, "MB: attach2").
``clauses.read_clause`` and ``special_text.read_untimed`` ask these readers once their own grammar
has no reading; each returns ``None`` when it has none either. The engine side is ``ops_attach2.py``.
"""

from __future__ import annotations

import re

#: "remove it and that card from the game", "remove this card and the card it is attached to from the
#: game": this card (an attachment) and its host, to the box
_THIS = r"(?:it|this|this card|this accessory|this deck box)"
_HOST = r"(?:that card|the card (?:it is|this (?:card )?is) attached to)"
_REMOVE_PAIR = re.compile(rf"(?:remove|return) (?:both )?{_THIS} and {_HOST} (?:from the game|to the box)")
#: "At the end of the tournament, both this card and the card it is attached to are returned to the box"
#: (after "Attach this card to ...": "that card" is the host)
_END_REMOVE = re.compile(rf"at the end of (?:the|this) tournament, (?:both )?{_THIS} and {_HOST} are "
                         r"(?:removed from the game|returned to the box)")
#: "When an Action effect on the attached card is activated, its controller may discard this card to your
#: binder instead of flipping the card" (after "Attach this card to ..."): the host's Action flip spared
_ACTION_GUARD = re.compile(r"(?:when|whenever|each time) (?:an action effect on|an action of|the attached card's action "
                           r"on)? ?the attached card is (?:activated|used), (?:its controller|that card's controller|"
                           r"you) may discard this (?:card|accessory) (?:to (?:your|its owner's) binder )?instead of "
                           r"flipping (?:the|that|the attached) card")
#: 'has "Ongoing: Whenever you clash, you may use this card to clash instead of your Top Card."' (what an
#: attached card has): its host may be the card its player clashes with
_QUOTED_CLASH_CARD = re.compile(r'"?ongoing: (?:whenever|when|each time) you clash, you may use this card (?:to clash )?'
                                r'instead of your top card(?: to clash)?\.?"?')
#: "As an action, X" printed with no timing word: the card's Action X
_AS_ACTION = re.compile(r"as an action,\s*(.+)", re.S)


#: "a TYPE, RARITY, ELEMENT, SET, or STAR of an attached card": the list joined by "or", so that the
#: sentence's commas stay the grammar's (a trigger's end)
_SYMBOL = r"(?:type|rarity|element|set|star(?: rating)?)"
_SYMBOL_LIST = re.compile(rf"\b(?:a|an|any) ({_SYMBOL}(?:(?:,| or|, or) {_SYMBOL})+) of (?:an|any) attached card\b")
#: the modifier it becomes: "that matches a type or rarity or ... of an attached card"
_MATCHES_ATTACHED = re.compile(rf" (?:that|which) (?:matches|shares) a ({_SYMBOL}(?: or {_SYMBOL})+) of an attached card")
_WHAT = {"type": "types", "element": "elements", "set": "set", "rarity": "rarity", "star": "star",
         "star rating": "star"}


#: "attach this card to another player's tableau": not one card to attach to (``special_text``)
_TO_TABLEAU = re.compile(r"\battach this (?:card|deck box|accessory) to (?:another player's|an opponent's) tableau\b")
_TO_TABLEAU_WORDS = "attach this card onto the tableau of an opponent of your choice"
#: an untimed "As an action, ... attach this card to another player's tableau." and, after it, a sentence
#: opening with a trigger: that sentence is an Ongoing ability of its own ("Effects on Cards")
_ACTION_THEN_TRIGGER = re.compile(r"(\bas an action,[^.|]*?\battach this (?:card|deck box|accessory) to "
                                  r"(?:another player's|an opponent's) tableau\.)\s*((?:each time|whenever) [^|]*?)"
                                  r"(?=\s*\||\s*$)", re.I | re.M)
#: "one of that player's cards" in that sentence: a card of the tableau this card is attached to
_THAT_PLAYERS_ONE = re.compile(r"\b(?:one of|any of|a card of) that player's cards\b", re.I)
#: the card phrase's modifier it becomes
_IN_ATTACHED_TABLEAU = re.compile(r" in the tableau this card is attached to")


def printed_attach2(text: str) -> str:
    """Printed text before it is cut into abilities: "As an action, you may attach this card to another
    player's tableau. Each time one of that player's cards is flipped, ...": the trigger's sentence is
    an Ongoing ability of the card ("that player's cards": the cards of that tableau)."""
    return _ACTION_THEN_TRIGGER.sub(
        lambda m: f"{m.group(1)} | Ongoing: "
                  + _THAT_PLAYERS_ONE.sub("a card in the tableau this card is attached to", m.group(2)), text)


#: a full stop inside the quoted abilities an attached card gains: kept from the sentence split
#: (``text._read_body`` cuts sentences at ". "), given back by ``special_text._attach_clause``
QUOTE_STOP = "\ue000"
_ATTACHED_QUOTES = re.compile(r'\b((?:that card|the attached card|it) (?:gains|has) )("[^"]+"(?:(?:,? and |, )"[^"]+")*)')


def reword_attach2(text: str) -> str:
    """"a TYPE, RARITY, ELEMENT, SET, or STAR of an attached card": one "or" list (no commas);
    "attach this card to another player's tableau": words of this module (no card to attach to); the
    full stops inside the quoted abilities an attached card gains (``QUOTE_STOP``)."""
    text = _TO_TABLEAU.sub(_TO_TABLEAU_WORDS, text)
    text = _ATTACHED_QUOTES.sub(lambda m: m.group(1) + re.sub(r'\.\s+(?=[^"])', "." + QUOTE_STOP, m.group(2)), text)
    return _SYMBOL_LIST.sub(lambda m: "a " + " or ".join(w.strip() for w in re.split(r",? or |, ", m.group(1)))
                            + " of an attached card", text)


def read_modifier_attach2(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: "that matches a TYPE or RARITY or
    ... of an attached card" (FILTER ``matches_attached``, any one of them), "in the tableau this card is
    attached to" (``in_attached_tableau``); the rest of the text, or ``None`` when not that."""
    m = _IN_ATTACHED_TABLEAU.match(rest)
    if m:  # "a card in the tableau this card is attached to" (``printed_attach2``)
        flt["in_attached_tableau"] = True
        flt["_zone"] = "all"  # another player's tableau: any tableau, the filter says which
        return rest[m.end():]
    m = _MATCHES_ATTACHED.match(rest)
    if m is None:
        return None
    flt["matches_attached"] = list(dict.fromkeys(_WHAT[w] for w in m.group(1).split(" or ")))
    return rest[m.end():]


def read_clause_attach2(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause for ``clauses.read_clause``: this attachment and its host removed from the game now
    (``remove_with_host``), or at the end of the tournament when the sentence follows "Attach this card
    to ..." in the same effect (that ``attach`` op's ``end_remove``); after such a sentence too, this card
    discarded instead of the flip that follows the host's Action (``action_guard``); an opponent chosen
    and this card attached to their tableau; ``None`` when none of them."""
    if text == _TO_TABLEAU_WORDS:  # an opponent chosen, then this card attached to their tableau
        return [{"op": "choose_player", "among": "opponent"}, {"op": "attach_to_tableau"}]
    if _ACTION_GUARD.fullmatch(text):
        from rules.millennium_blades.special_text import attach_op_of  # it imports the clause readers

        op = attach_op_of(effect)
        if op is None:
            return None  # "the attached card" is no card this effect attached this one to
        op["action_guard"] = True
        return []
    if _REMOVE_PAIR.fullmatch(text):
        return [{"op": "remove_with_host"}]
    if _END_REMOVE.fullmatch(text):
        from rules.millennium_blades.special_text import attach_op_of  # it imports the clause readers

        op = attach_op_of(effect)
        if op is None:
            return None  # "that card" names no card this effect attached to
        op["end_remove"] = True
        return []
    return None


#: 'gains "..." and "..."': two or more quoted abilities, nothing else
_SEVERAL_QUOTED = re.compile(r'(gains|has) ("[^"]+"(?:,? and "[^"]+"|, "[^"]+")+)')
#: a quoted Ongoing ability (with its keyword label, as "Toll – Ongoing: ...")
_QUOTED_ONGOING = re.compile(r'"((?:[a-z ]+[–-] ?)?ongoing:[^"]+?)\.?"')
#: the events a triggered Ongoing an attached card gives its host is heard for (ops_attach2.py)
GRANTED_EVENTS = ("clash_any",)


def quoted_abilities(text: str) -> list[str] | None:
    """'gains "A" and "B"' (after "The attached card"): 'gains "A"', 'gains "B"', each read as one (its
    own commas and "and" are its own); ``None`` when ``text`` is not two or more quoted abilities."""
    m = _SEVERAL_QUOTED.fullmatch(text.strip())
    if m is None:
        return None
    return [f"{m.group(1)} {q}" for q in re.findall(r'"[^"]+"', m.group(2))]


def read_attached_grant_attach2(op: dict, item: str) -> bool:
    """What an attached card "has" (``special_text._grant``, after "Attach this card to ..."): a quoted
    Ongoing letting its player clash with it instead of their Top Card (the ``attach`` op's
    ``clash_card``, ops_attach2.py), or a quoted Ongoing whose trigger the engine hears for hosts
    (``GRANTED_EVENTS``: the ``attach`` op's ``ongoing``); False when ``item`` is neither."""
    if _QUOTED_CLASH_CARD.fullmatch(item.strip()):
        op["clash_card"] = True
        return True
    m = _QUOTED_ONGOING.fullmatch(item.strip())
    if m is None:
        return False
    from rules.millennium_blades.phrases import Unread
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(f"{m.group(1)}.")
    if granted.get("timing") != "ongoing" or granted.get("trigger", {}).get("event") not in GRANTED_EVENTS:
        raise Unread(item, "a granted Ongoing effect of this trigger")
    granted.pop("text", None)
    op.setdefault("ongoing", []).append(granted)
    return True


def read_untimed_attach2(text: str) -> dict | None:
    """A whole ability printed "As an action, X" with no timing word (``special_text.read_untimed``):
    X, read with the same grammar, is done as the turn's Action ("Use an Action (Optional)"), but the
    card is not flipped after it: the words are a rule of the card, not an "Action:" effect, and the
    cards printing it keep working face-up with what X attached (rules notes, "MB: attach2"); ``None``
    when the text does not open so."""
    m = _AS_ACTION.fullmatch(text.strip())
    if m is None:
        return None
    from rules.millennium_blades.text import compile_ability  # text asks this module

    effect = compile_ability(f"Action: {m.group(1)}")
    effect.pop("text", None)
    effect["ops"] = [*effect["ops"], {"op": "keep_source"}]  # as "Do not flip this card" (phrases_more_k)
    # "you may": using it is the player's choice already (an Action); declining once used would flip the card
    effect.pop("optional", None)
    return effect


__all__ = ["GRANTED_EVENTS", "QUOTE_STOP", "printed_attach2", "quoted_abilities", "read_attached_grant_attach2",
           "read_clause_attach2", "read_modifier_attach2", "read_untimed_attach2", "reword_attach2"]
