"""Printed shapes of preventing and protecting (issue 26.2, batch "prevention"): Reactions that
prevent an effect as it is about to resolve ("Reaction: Prevent a Flip effect. Copy that Flip
effect."), that keep an effect from discarding cards from your hand or from flipping your cards,
that keep a card of any play area from being flipped by any effect; and a bare "cannot be flipped"
protection. Read here and hooked into the core readers with one call each (text._read_body,
text.compile_text, clauses._continuous); run by ``ops_prevention.py``
(docs/effects-millennium-blades.md, "More shapes: prevention"; docs/rules-notes.md, "MB: prevention").
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import THAT_CARD, Unread
from rules.millennium_blades.phrases_pointing import POINTED_SUBJECT
from rules.millennium_blades.phrases_sideways import read_ref_sideways

#: whose effect a Reaction answers: the effect's player against the Reaction's player
_BY = {"an effect": "any", "any effect": "any", "an opponent's effect": "opponent", "an opponents' effect": "opponent",
       "an effect an opponent controls": "opponent", "another player's effect": "opponent",
       "one of your opponent's effects": "opponent", "one of your effects": "self"}
_BY_RE = "|".join(sorted(map(re.escape, _BY), key=len, reverse=True))
#: the timing words of an effect a Reaction may prevent ("Effects on Cards")
EFFECT_TIMINGS = ("play", "flip", "action", "score", "next", "reaction")
_TIMED = "|".join(EFFECT_TIMINGS)
#: "Prevent a Play effect", "Prevent an opponent's Flip effect", "Prevent an effect"
_PREVENT_EFFECT = re.compile(rf"prevent (?:an?|one) (?:(opponent's|other player's|another player's) )?(?:({_TIMED}) )?effect")
#: "Copy that Flip effect": the effect just prevented, resolved as this card's
_COPY_THAT = re.compile(rf"copy (?:that|the prevented) (?:({_TIMED}) )?effect")
#: "the card that effect is printed on": the card whose effect was prevented
_PRINTED_ON = re.compile(r"\bthe card (?:that|the prevented) effect (?:is|was) (?:printed )?on\b")
#: "from discarding (any number of) cards from your hand"
_DISCARDING = r"discarding (?:any number of |one or more )?cards from your hand"
#: "from flipping (any number of) cards from (in) your tableau": every card of yours it would flip
_FLIPPING = r"flipping (?:any number of |one or more )?(?:cards|your cards) (?:from|in) your tableau"
_PREVENT_FROM = re.compile(rf"prevent ({_BY_RE}) from ({_DISCARDING}|{_FLIPPING})(?: or ({_DISCARDING}|{_FLIPPING}))?")
#: "Prevent a card in any player's Play Area from being flipped by any effect": any effect, any player's card
_PREVENT_FLIP = re.compile(rf"prevent (.+?) from being flipped(?: face-down)? by ({_BY_RE})(?:,? and (.+))?")
#: "a card in any play area": a card of any player's tableau, Deck Box or Accessories
_ANY_AREA = re.compile(r"(?:a|one) card in any (?:player's )?play area")


def read_reaction_prevention(low: str, effect: dict) -> bool:
    """A Reaction text of this module's shapes read into ``effect`` (its trigger and ops): True;
    False when ``low`` (worded, lower case) is none of them."""
    if effect["timing"] != "reaction":
        return False
    text = low.strip().rstrip(".")
    m = _PREVENT_FROM.fullmatch(text)
    if m:
        whats = [w for w in (m.group(2), m.group(3)) if w]
        if len(set(whats)) != len(whats):
            raise Unread(text, "two different things an effect is kept from doing")
        parts = [_kept_from(m.group(1), what) for what in whats]
        effect.update(trigger=parts[0]["trigger"], optional=True, ops=parts[0]["ops"])
        if len(parts) > 1:  # "... or ...": a second Reaction of the same card (``split_either_prevention``)
            effect["_either"] = parts[1]
        return True
    m = _PREVENT_FLIP.fullmatch(text)
    if m:
        trigger = _flip_trigger(m.group(1), _BY[m.group(2)])
        rest = []
        if m.group(3):  # "... and gain 4 RP": what the Reaction does besides
            from rules.millennium_blades.text import clauses  # text asks this module

            rest = clauses(m.group(3), "reaction", effect)
        effect.update(trigger=trigger, optional=True, ops=[{"op": "cancel_flip"}, *rest])
        return True
    sentences = [s.strip().rstrip(".") for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]
    m = _PREVENT_EFFECT.fullmatch(sentences[0]) if sentences else None
    if m is None:
        return False
    timing = m.group(2) or "any"
    trigger = {"event": "would_resolve", "timing": timing, "by": "opponent" if m.group(1) else "any"}
    ops: list[dict] = [{"op": "prevent_effect"}]
    from rules.millennium_blades.text import clauses  # text asks this module

    token = THAT_CARD.set("played")  # "that card", "the card that effect is printed on": the prevented effect's
    try:
        for sentence in sentences[1:]:
            copy = _COPY_THAT.fullmatch(sentence)
            if copy:
                if (copy.group(1) or timing) != timing:
                    raise Unread(sentence, "a copy of the effect just prevented")
                ops.append({"op": "copy_prevented"})
                continue
            ops += clauses(_PRINTED_ON.sub("that card", sentence), "reaction", effect)
    finally:
        THAT_CARD.reset(token)
    effect.update(trigger=trigger, optional=True, ops=ops)
    return True


def _kept_from(by: str, what: str) -> dict:
    """The trigger and ops of "Prevent <by> from <what>"."""
    if what.startswith("discarding"):
        return {"trigger": {"event": "would_discard", "by": _BY[by]}, "ops": [{"op": "prevent_discard"}]}
    return {"trigger": {"event": "would_flip", "by": _BY[by], "whose": "self", "every": True},
            "ops": [{"op": "cancel_flip"}]}


def _flip_trigger(what: str, by: str) -> dict:
    """The ``would_flip`` trigger of "Prevent <what> from being flipped by <by>"."""
    if _ANY_AREA.fullmatch(what):
        return {"event": "would_flip", "by": by, "whose": "any"}
    from rules.millennium_blades.phrases import read_event

    side = {"any": "an effect", "opponent": "an opponent's effect", "self": "one of your effects"}[by]
    return read_event(f"{side} would flip {what}")


def split_either_prevention(effects: list[dict]) -> list[dict]:
    """The effects of one ability, a Reaction "Prevent X from A or B" made two Reactions of the same
    printed text (one trigger each): either may be used, and using one flips the card ("Reaction")."""
    out = []
    for effect in effects:
        either = effect.pop("_either", None)
        out.append(effect)
        if either:
            out.append({**{k: v for k, v in effect.items() if k not in ("trigger", "ops")}, **either})
    return out


#: "this card cannot be flipped", "while X, this card cannot be flipped": by no effect at all
#: (or the card a card played sideways points to: phrases_pointing.py)
_BARE = re.compile(rf"(?:while (.+?), )?(this card|this single|this one|{POINTED_SUBJECT}) (?:cannot|can't|can not) be "
                   r"flipped(?: face-down)?")


#: "While all face-up cards in your tableau are LIGHT cards, they cannot be flipped by opponents'
#: effects, and you are always considered to win clashes": "they" are the cards of your tableau the
#: condition names; each rule holds while the condition does
_THEY = re.compile(r"(?:while|if) (.+? cards in your tableau .+?), (?:they|those cards) ((?:cannot|can't|can not) be "
                   r"flipped .+?)(?:,? and (you are (?:always )?considered to win (?:all |every |each )?clash(?:es)?))?")


#: "Action (and Reaction) effects cannot be used by opponents": no other player uses them
_OTHERS_BARRED = re.compile(r"(action|reaction)(?: and (action|reaction))? effects (?:cannot|can't|can not) be "
                            r"(?:triggered|used|activated) by (?:other players|opponents|your opponents|another player)")


#: 'Your Deck Box, your Accessories, and all of your Singles have "Reaction: ..."': every card of your
#: play area has the quoted Reaction
_GRANT_REACTION = re.compile(r'(?:your deck box, your accessories,? and all (?:of )?your singles|all (?:of )?the cards in '
                             r'your play area) (?:have|gain) "(reaction:[^"]+?)\.?"')


def read_continuous_prevention(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence: "this card cannot be flipped" (perhaps "while X"), naming no effect:
    no effect flips it (``unflippable``, as "by any effect": rules notes, "MB: prevention"); "while X,
    they cannot be flipped by opponents' effects(, and you are always considered to win clashes)":
    ``protect`` (and ``win_clashes``) while X; "Action (and Reaction) effects cannot be triggered by
    other players" (``others_cannot_use``); ``None`` when not one."""
    granted = _GRANT_REACTION.fullmatch(s)
    if granted:
        from rules.millennium_blades.text import compile_ability  # text asks this module

        effect = compile_ability(f"{granted.group(1)}.")
        if effect.get("trigger", {}).get("event") != "would_flip":
            raise Unread(f'"{granted.group(1)}"', "a granted Reaction to a flip")
        effect.pop("text", None)
        return [{"op": "grant_reaction", "effect": effect}]
    barred = _OTHERS_BARRED.fullmatch(s)
    if barred:
        return [{"op": "others_cannot_use", "timings": list(dict.fromkeys(t for t in barred.groups() if t))}]
    they = _THEY.fullmatch(s)
    if they:
        from rules.millennium_blades.conditions import read_condition
        from rules.millennium_blades.phrases_more_e import read_continuous_e

        condition = read_condition(they.group(1))
        protect = read_continuous_e(f"your cards {they.group(2)}")
        if not protect or [op["op"] for op in protect] != ["protect"]:
            raise Unread(they.group(2), "a protection of the cards the condition names")
        ops = [{**protect[0], "while": condition}]
        return ops + ([{"op": "win_clashes", "while": condition}] if they.group(3) else [])
    m = _BARE.fullmatch(s)
    if m is None:
        return None
    op: dict = {"op": "unflippable", "target": read_ref_sideways(m.group(2)) or "this"}
    if m.group(1):
        from rules.millennium_blades.conditions import read_condition

        # "you have other face-up cards": one or more of them ("another face-up card": one)
        words = re.sub(r"^you have (?:other|another) (face-up )?cards? ", r"you have 1 or more other \1cards ", m.group(1))
        op["while"] = read_condition(words)
    return [op]


__all__ = ["EFFECT_TIMINGS", "read_continuous_prevention", "read_reaction_prevention", "split_either_prevention"]
