"""More phrase shapes of printed MB card text (issue 26.3, batch f): cards moving between hands,
binders and tableaus, and hidden information. A card discarded or taken at random from a hand, a
binder card drawn blind back to its hand, a card of a tableau returned to a hand,
discarding a card in play, "discard up to N ... cards", each player with so many cards in hand,
the players counted by their hand sizes. ``clauses.py`` and ``phrases.read_count`` ask these readers
once their own grammar has no reading; each returns ``None`` when it has none either, so the phrase
stays "not understood". The engine side is ``ops_more_f.py``; docs/effects-millennium-blades.md,
"More shapes, batch f", has an original example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, Unread, card_phrase, number

#: who does it, for a player word and a hand size ("every opponent with N or more cards ...")
_EACH = {"each player": "each", "every player": "each", "all players": "each", "each other player": "each_other",
         "all other players": "each_other", "each opponent": "each_opponent", "all opponents": "each_opponent",
         "every opponent": "each_opponent"}
_EACH_RE = "|".join(sorted(map(re.escape, _EACH), key=len, reverse=True))
_HAND_SIZE = rf"with ({NUMBER}) or more cards in (?:their |his or her )?hands?"
#: "a card", "one single", "1 card": one card of a zone
_ONE = r"(?:a|one|1) (?:card|single)"
#: "randomly ..." / "... at random": the card is drawn blind from the zone
_BLIND = "at random"
_RANDOM = re.compile(rf"discard ({NUMBER}) cards? (?:{_BLIND}(?: from your hand)?|from your hand {_BLIND})|"
                     rf"randomly discard ({NUMBER}) cards?(?: from your hand)?")
_BINDER_TO_HAND = re.compile(rf"(?:randomly )?(?:put|move|return) ({NUMBER}) cards? (?:at random )?from your binder "
                             r"(?:in)?to your hand(?: at random)?")
_TAKE_RANDOM = re.compile(rf"(?:gain|take) a (?:random )?card(?: {_BLIND})? from (each player's|each opponent's|"
                          r"each other player's|an opponent's|target opponent's) hand(?: (?:in)?to your hand)?")
_TO_HAND = re.compile(rf"(?:return|put) ({_ONE}|this card) (?:in|from) (your|an opponent's|another player's|any) tableau "
                      r"(?:in)?to (your|their|its owner's) hand|return this card (?:in)?to your hand")
_DISCARD_IN_PLAY = re.compile(rf"discard ({_ONE}) in (your|an opponent's|another player's) tableau")
_UP_TO = re.compile(rf"discard up to ({NUMBER}) (.*?)(?:cards?|singles?) (?:from|in) your hand"
                    rf"(?: to gain ({NUMBER}) (?:rp|ranking points) each)?")


def read_early_f(text: str) -> list[dict] | None:
    """A discard "at random" from your own hand, asked before ``clauses.read_clause``'s own discard
    (which would read "card at random" as a card); ``None`` if not one."""
    m = _RANDOM.fullmatch(text)
    if m:  # blind, from the player's own hand to their binder ("Discard a Card")
        return [{"op": "discard_random", "amount": number(m.group(1) or m.group(2))}]
    return None


def read_clause_f(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    text = text.replace("\u2019", "'")
    m = _BINDER_TO_HAND.fullmatch(text)
    if m and ("random" in text):  # "it" is the card drawn
        last["ref"] = "revealed"
        THAT_CARD.set("revealed")
        return [{"op": "binder_to_hand", "amount": number(m.group(1))}]
    m = _TAKE_RANDOM.fullmatch(text)
    if m and "random" in text:
        who = {"an opponent's": "chosen_opponent", "target opponent's": "chosen_opponent"}.get(m.group(1), "each_other")
        return [{"op": "take_random_hand", "who": who}]
    m = _TO_HAND.fullmatch(text)
    if m:
        return [_to_hand(m, last)]
    m = _DISCARD_IN_PLAY.fullmatch(text)
    if m:  # a face-up card ("effects cannot target face-down cards") to its owner's binder
        player = "self" if m.group(2) == "your" else "opponent"
        return [{"op": "discard_in_play", "target": {"player": player, "pick": "choice", "filter": {"face": "up"}}}]
    m = _UP_TO.fullmatch(text)
    if m:
        return _discard_up_to(m)
    m = re.fullmatch(r"discard (a|one) (card|single) to your binder", text)
    if m:  # "Discard a Card": the hand's card goes to the binder anyway
        return [{"op": "discard", "amount": 1}]
    m = re.fullmatch(rf"add the top (?:card|({NUMBER}) cards) of the store(?: deck)? (?:in)?to your hand", text)
    if m:  # as "take the top cards of the Store" (phrases_more_b: gain_store)
        last["ref"] = "revealed"
        THAT_CARD.set("revealed")
        return [{"op": "gain_store", "amount": number(m.group(1)) if m.group(1) else 1}]
    m = re.fullmatch(r"(?:they )?((?:discard|put|add|move)s? .+\b(?:their|his or her) (?:hand|binder)s?\b.*)", text)
    if m and last.get("as_each"):  # a second verb, with "their" hand or binder: the same players
        last["as_each"].extend(_as_their_own(m.group(1), timing, effect))
        return []
    return _each_with_hand(text, timing, effect, last)


def _as_their_own(text: str, timing: str, effect: dict) -> list[dict]:
    """What each of those players does, read as their own ("their hand" is theirs)."""
    from rules.millennium_blades.text import clauses  # text reads clauses with this module

    text = re.sub(r"\b(discard|put|add|move)s\b", r"\1", text)
    return clauses(re.sub(r"\b(?:their|his or her) (hand|binder|tableau)s?\b", r"your \1", text), timing, effect)


def _to_hand(m: re.Match, last: dict) -> dict:
    """A card of a tableau (yours, an opponent's, any) back to a hand (yours, or its owner's): a
    face-up card ("effects cannot target face-down cards") to the hand named."""
    if m.group(1) is None or m.group(1) == "this card":
        if m.group(2) not in (None, "your"):
            raise Unread(m.group(0), "this card is in your tableau")
        return {"op": "to_hand", "target": {"player": "self", "pick": "this"}}
    player = {"your": "self", "any": "any"}.get(m.group(2), "opponent")
    to = "self" if m.group(3) == "your" else "owner"
    last["ref"] = "chosen"
    return {"op": "to_hand", "target": {"player": player, "pick": "choice", "filter": {"face": "up"}}, "to": to}


def _discard_up_to(m: re.Match) -> list[dict]:
    """Discarding up to N cards (of a kind) from the hand, maybe with a gain for each one:
    as many as the player wants, none too; those are the cards discarded (counted afterwards)."""
    flt: dict = {}
    if m.group(2).strip():
        flt, _zone, rest = card_phrase(f"a {m.group(2).strip()} card")
        if rest:
            raise Unread(rest, "the cards discarded")
    ops: list[dict] = [{"op": "discard_up_to", "amount": number(m.group(1)), **({"filter": flt} if flt else {})}]
    if m.group(3):
        ops.append({"op": "gain_rp", "amount": number(m.group(3)), "per": {"count": "those_count"}})
    return ops


def _each_with_hand(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A player word ("every opponent", "all players", "each player (including you)"), maybe a hand
    size ("with N or more cards in hand"), then a discard or a move: each of them does it as their
    own ("their hand" is theirs), if their hand is that large; ``None`` if what they do is not read."""
    m = re.fullmatch(rf"({_EACH_RE})(?: \(including you\))?(?: {_HAND_SIZE})? (?:must )?((?:discard|put|add|move)s? .+)", text)
    if m is None or not (m.group(2) or "at random" in text or "their binder" in text or "their hand" in text):
        return None
    try:
        ops = _as_their_own(m.group(3), timing, effect)
    except Unread:
        return None
    if m.group(2):
        size = {"count": "cards", "zone": "hand", "filter": {}}
        ops = [{"op": "if", "condition": {"test": "count", "of": size, "cmp": ">=", "value": number(m.group(2))},
                "then": ops}]
    last["as_each"] = ops[0]["then"] if m.group(2) else ops  # "..., then discard ... from their hand"
    return [{"op": "as_each", "who": _EACH[m.group(1)], "ops": ops}]


def read_count_f(text: str) -> dict | None:
    """A COUNT of this module's shapes for ``phrases.read_count``: the cards the effect just
    discarded, the players whose hands hold N or more (fewer, no) cards; ``None`` when not one."""
    if re.fullmatch(r"(?:cards?|singles?) discarded(?: this way)?", text):
        return {"count": "those_count"}
    m = re.fullmatch(rf"players? with (no|({NUMBER}) or (more|fewer|less)) cards? (?:left )?in "
                     r"(?:their |his or her )?hands?", text)
    if m:  # every player, you too
        if m.group(1) == "no":
            return {"count": "players_hand", "cmp": "==", "value": 0}
        return {"count": "players_hand", "cmp": ">=" if m.group(3) == "more" else "<=", "value": number(m.group(2))}
    return None


#: the players whose discards an event is about
_DISCARDERS = {"a player": "any", "any player": "any", "one or more players": "any", "an opponent": "opponent",
               "another player": "opponent", "one or more opponents": "opponent", "players": "any"}
_DISCARDERS_RE = "|".join(sorted(map(re.escape, _DISCARDERS), key=len, reverse=True))


def read_event_f(text: str) -> dict | None:
    """A trigger event for ``phrases.read_event``: any player's (or an opponent's) discard from
    their hand, once for each effect that made them discard; ``None`` when not one."""
    m = re.fullmatch(rf"({_DISCARDERS_RE}) discards? (?:a card|one or more cards|cards|any number of cards)"
                     r"(?: from (?:their|his or her) hands?)?", text)
    if m is None:
        return None
    return {"event": "discard", "by": _DISCARDERS[m.group(1)]}


__all__ = ["read_clause_f", "read_count_f", "read_early_f", "read_event_f"]
