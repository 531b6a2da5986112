"""Tournament powers from printed text: the phrases of a Character card's Tournament side that are
rules of the player, not a card's ability, so the card text compiler (``text.compile_text``) has no
timing word for them (millennium-blades.txt, "VARIANTS & OPTIONS": "Character Powers": "Each card
has two sides, a Deckbuilding side and a Tournament side, giving you new powers during each phase").

A grammar of phrases, never a character's name or whole text, so a character nobody has seen,
printed in the same style, reads too. ``read_power`` returns ``None`` when no shape here reads the
ability (the card text compiler then tries it); a shape that matches but holds words it cannot
read raises ``Unread`` naming them. Shapes:

- ``once per tournament, as an action, X`` -> the Action ``X`` (a power's Action is used once a
  tournament: ``flow.use_action``); ``as an action, once per turn, X`` -> the Action ``X`` with
  ``every_turn`` (never used up: the turn's one Action is its limit);
- ``your top card has "action: X"`` -> the Action ``X`` with ``on_top``: an Action of your Top Card
  ("this card"), which flips it (``flow.use_action``);
- ``you can have N actions on your turn`` -> Ongoing ``actions_per_turn`` (``flow.use_action``);
- ``you have N additional accessory slot[s]`` -> Ongoing ``accessory_slots`` (the deck brings as many
  more Accessories: ``powers.kit_limits``);
- ``as an action, [you may] put|place a single into an empty accessory slot`` followed by ``such
  singles lose their other effects and have "Score: X"`` -> an Action every turn,
  ``single_to_accessory`` with the effects of ``X``;
- ``once per tournament, you may X`` -> ``X`` with ``free`` (once a tournament, on your turn, not the
  turn's Action); after "return a single ... to your hand", ``the single you return may be
  face-down`` lets that card be face-down;
- ``as an action, X`` (no limit printed) -> the Action ``X`` with ``every_turn``;
- a power printed about its character ("NAME may ... his hand") is read as said to its player
  (``second_person``);
- ``the maximum rp cap any card can give you is raised by N`` (with its reminder ``(an effect that
  says "(max. A RP)" now says "(max. B RP)")``, read only when ``B - A`` is ``N``) -> Ongoing
  ``rp_cap_raise``.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, Unread, number

_ONCE_A_TOURNAMENT = re.compile(r"once (?:per|a|each|during the) tournament,? as an action,? (.+)", re.I | re.S)
_CAP_RAISE = re.compile(rf"the maximum (?:rp|ranking points?) (?:limit|cap) (?:that )?(?:a|any) card can give you is "
                        rf"(?:increased|raised) by ({NUMBER})(?: (?:rp|ranking points))?\s*(.*)", re.I | re.S)
_QUOTE = "[\"“”']"
_CAP_EXAMPLE = re.compile(rf"\(an? (?:effect|card) that says {_QUOTE}\(?max(?:imum)?\.? (\d+) rp\)?{_QUOTE} now says "
                          rf"{_QUOTE}\(?max(?:imum)?\.? (\d+) rp\)?\.?{_QUOTE}\.?\)\.?", re.I)


#: "As an Action, once per turn, X" (either order): the turn's one Action, every turn
_EVERY_TURN = re.compile(r"(?:as an action,? once (?:per|a|each) turn|once (?:per|a|each) turn,? as an action),? (.+)",
                         re.I | re.S)
#: the verbs a power prints after its character's name ("Vesper gains"), as "you" says them
_THIRD_PERSON = {"gains": "gain", "puts": "put", "pays": "pay", "reveals": "reveal", "takes": "take", "plays": "play",
                 "loses": "lose", "discards": "discard", "flips": "flip", "draws": "draw", "does": "do",
                 "chooses": "choose", "returns": "return", "places": "place"}


def second_person(text: str, name: str) -> str:
    """A power printed about its character ("Vesper may take ... into his hand. When he does this, he
    must reveal ..., gains ... and puts ...") said to its player ("you may take ... into your hand.
    If you do, reveal ... and gain ... and put ..."): the character's name (whole, without a leading
    "The", or the first word of a name without one; as printed, capitalised)
    and "he"/"she" are "you", "his" (and "her" before a hand, tableau ...) is "your"; in a sentence so changed, the verbs of
    ``_THIRD_PERSON`` lose their "s", "you must" is what every effect is ("Effects on Cards": "Not
    Optional"), a list of actions "A, B and C" is "A and B and C", and "When you do this" is "If you
    do"; "the STAR" after "reveal" is the revealed card's. A text about no one is returned as it is."""
    subject = r"\b(?:[Hh]e or [Ss]he|[HhSs]he|[Hh]e)\b"
    full = name.strip()
    if full:  # the name as printed (capitalised): whole, without "The", or its first word ("Morrey")
        bare = re.sub(r"^the\s+", "", full, flags=re.I)
        names = {full, bare} | ({bare.split(" ")[0]} if bare == full and len(bare.split(" ")[0]) >= 3 else set())
        subject = rf"\b(?:{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})\b|" + subject
    if not re.search(subject, text):
        return text
    out = []
    for sentence in re.split(r"(?<=\.)\s+", text):
        changed = re.sub(subject, "you", sentence)
        changed = re.sub(r"\b(?:his or her|his|her(?= (?:hand|tableau|binder|deck|turn|cards?|rp)\b))\b", "your",
                         changed, flags=re.I)
        if changed != sentence:
            changed = re.sub(r"\b(" + "|".join(_THIRD_PERSON) + r")\b", lambda m: _THIRD_PERSON[m.group(1).lower()],
                             changed, flags=re.I)
            changed = re.sub(r"^when you do (?:this|so), (?:you must )?", "If you do, ", changed, flags=re.I)
            changed = re.sub(r"(?<!if you do), (?:and )?(?=(?:" + "|".join(_THIRD_PERSON.values()) + r") )", " and ",
                             changed, flags=re.I)
        # "reveal a card ... and gain RP equal to the STAR": the STAR of the card revealed
        changed = re.sub(r"(\breveal\b.*? equal to )the star\b", r"\1the revealed card's STAR", changed, flags=re.I)
        out.append(changed)
    return " ".join(out)


def _compile(text: str):
    from rules.millennium_blades.text import compile_text

    return compile_text(text)


def _action(ability: str, body: str, **more) -> list[dict]:
    """``body`` as a power's Action (the card text compiler's), or ``Unread`` naming what stops it."""
    from rules.millennium_blades.text import compile_text

    effects, reason = compile_text(f"Action: {body}")
    if effects is None:
        raise Unread(body, reason or "the Action")
    return [{**e, **more, "text": ability} for e in effects]


#: "Your Top card has "Action: X"": an Action of whichever card is your Top Card
_TOP_HAS_ACTION = re.compile(r"your top card has [\"“]action: (.+?)[\"”]\.?", re.I | re.S)
_KIND = r"(?:star|type|element)"
#: "a card in their tableau that matches the STAR, TYPE, or ELEMENT of this card": "That player must
#: flip a card" is of their tableau already, and "matches the X of" is "shares an X with"
_MATCHES_THIS = re.compile(rf"(?:a|one) card in (?:their|that player's) tableau that matches the ({_KIND}(?:, {_KIND})*,? or "
                           rf"{_KIND}) of this card", re.I)


#: "that matches this card's ELEMENT or TYPE": "that shares an element or type with this card"
_MATCHES_THIS_CARDS = re.compile(rf"that matches this card's ({_KIND}(?:, {_KIND})*,? or {_KIND})", re.I)
#: "You may take 3 Actions on your turn."
_ACTIONS_PER_TURN = re.compile(rf"you (?:can|may) (?:have|take|use) ({NUMBER}) actions (?:on|during|in) (?:each of )?your "
                               r"turns?\.?", re.I)
#: "You have 2 extra Accessory slots."
_ACCESSORY_SLOTS = re.compile(rf"you have ({NUMBER}) (?:additional|extra|more) accessory slots?\.?", re.I)
#: "As an Action, you may put a Single into an empty Accessory slot", then "such Singles" losing their
#: other effects and having the quoted "Score: ..."
_SINGLE_TO_ACCESSORY = re.compile(r"as an action,? (?:you may )?(?:place|put) a single (?:from your hand )?into "
                                  r"(?:one of your|an) empty accessory slots?\. (?:these|those|such|that|this) singles? "
                                  r"loses? (?:its|their) other effects and (?:has|have) [\"“](score: .+?)[\"”]\.?",
                                  re.I | re.S)
#: "Once per tournament, you may X": no Action, used on your turn (rules notes); "the single you return may
#: be face-down" lets the card returned be a face-down one
_ONCE_YOU_MAY = re.compile(r"once (?:per|a|each) tournament,? you may (.+?\.)(?: the (?:single|card) you return may be "
                           r"face-?down\.?)?", re.I | re.S)
_FACE_DOWN_TOO = re.compile(r"the (?:single|card) you return may be face-?down\.?$", re.I)
#: "As an Action, X": the turn's one Action, every turn (no limit printed)
_AS_AN_ACTION = re.compile(r"as an action,? (.+)", re.I | re.S)


def _as_shares(text: str) -> str:
    """A granted text's "matches the X or Y of this card" / "matches this card's X or Y" said as the
    grammar says it, "shares an X or Y with this card" (batch g's ``shares_any``)."""
    text = _MATCHES_THIS.sub(r"a card that shares a \1 with this card", text)
    return _MATCHES_THIS_CARDS.sub(r"that shares an \1 with this card", text)


def read_power(ability: str, name: str = "") -> list[dict] | None:
    """The effects of one Tournament-side ability of this module's shapes, or ``None``; ``name``: the
    character's, as the ability may print it (``second_person``)."""
    text = second_person(ability.strip(), name)
    m = _ONCE_A_TOURNAMENT.fullmatch(text)
    if m:
        return _action(ability, m.group(1))
    m = _TOP_HAS_ACTION.fullmatch(text)
    if m:  # the Top Card's Action: used, it flips that card ("Use an Action"), and the next Top Card has it
        return _action(ability, _as_shares(m.group(1)), on_top=True)
    m = _EVERY_TURN.fullmatch(text)
    if m:  # not used up: the turn's one Action is the limit ("Use an Action")
        return _action(ability, m.group(1), every_turn=True)
    m = _ACTIONS_PER_TURN.fullmatch(text)
    if m and number(m.group(1)) >= 2:
        return [{"timing": "ongoing", "ops": [{"op": "actions_per_turn", "amount": number(m.group(1))}], "text": ability}]
    m = _ACCESSORY_SLOTS.fullmatch(text)
    if m:
        return [{"timing": "ongoing", "ops": [{"op": "accessory_slots", "amount": number(m.group(1))}], "text": ability}]
    m = _SINGLE_TO_ACCESSORY.fullmatch(text)
    if m:  # the turn's one Action, every turn, while a slot is empty
        granted, reason = _compile(_as_shares(m.group(1)))
        if granted is None:
            raise Unread(m.group(1), reason or "the effects the single has")
        return [{"timing": "action", "every_turn": True, "text": ability,
                 "ops": [{"op": "single_to_accessory", "effects": granted}]}]
    m = _ONCE_YOU_MAY.fullmatch(text)
    if m and not m.group(1).lower().startswith("as an action"):
        effects = _action(ability, m.group(1), free=True)
        if _FACE_DOWN_TOO.search(text):  # only after a return to the hand: the card returned may be face-down
            ops = effects[0]["ops"] if len(effects) == 1 else []
            if [op["op"] for op in ops] != ["to_hand"] or ops[0]["target"].get("player") != "self":
                raise Unread(text, "a face-down card returned")
            effects[0]["ops"] = [{**ops[0], "target": {**ops[0]["target"], "filter": {
                **ops[0]["target"].get("filter", {}), "face": "any"}}}]
        return effects
    m = _AS_AN_ACTION.fullmatch(text)
    if m:  # no limit printed: the turn's one Action, every turn
        return _action(ability, m.group(1), every_turn=True)
    m = _CAP_RAISE.fullmatch(text)
    if m:
        amount, rest = number(m.group(1)), m.group(2).strip()
        if rest and rest != ".":
            example = _CAP_EXAMPLE.fullmatch(rest.lstrip(".").strip())
            if example is None or int(example.group(2)) - int(example.group(1)) != amount:
                raise Unread(rest, "the example after the raised cap")
        return [{"timing": "ongoing", "ops": [{"op": "rp_cap_raise", "amount": amount}], "text": ability}]
    return None


__all__ = ["read_power"]
