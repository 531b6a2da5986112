"""More shapes of printed text, batch x (issue 26.2): ways to play a card. A card played at random
from the hand, by an effect or as every play of a player (millennium-blades.txt, "Tournament
Turns", "Play a Single (Required)"; docs/rules-notes.md, "MB: batch x"; the engine side is
``ops_more_x.py``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, number

#: a player (or every player) bound to play only blind draws from the hand
_RANDOM_PLAYS = re.compile(r"(you|players|all players|each player) (?:must )?plays? (?:your|their|all (?:your|their)) "
                           r"(?:cards|singles) at random(?: from (?:your|their) hands?)?")
#: "Play another card from your hand at random" / "play a random card from your hand"
_PLAY_RANDOM_HAND = re.compile(r"play (?:another|a|one) (?:(?:card|single) from your hand at random|random "
                               r"(?:card|single) from your hand|(?:card|single) at random from your hand)"
                               r"(?: into your tableau)?")


#: Singles of the Aftermarket played as if from the hand (the test file has original examples)
_FROM_AFTERMARKET = (r"(?:you may play (?:singles|cards) from the aftermarket|instead of playing a (?:card|single) from "
                     r"your hand, you may choose a (?:card|single) (?:in|from) the aftermarket and play it) as (?:though|if) "
                     r"(?:they were|it were|it was) in your hand")
#: the card is the player's from then on, said after it
_OWNED = (r"(?:\. (?:the card becomes yours permanently|you gain permanent ownership of (?:any|the) (?:cards|singles) "
          r"you play this way|(?:it|they) becomes? yours permanently))")
#: the hand barred while the Aftermarket holds cards
_HAND_BARRED = (r"(?:\. while there are (?:any )?cards in the aftermarket, you (?:cannot|can't|may not) play "
                r"(?:cards|singles) from your hand)")
_PLAY_FROM = re.compile(f"{_FROM_AFTERMARKET}{_OWNED}({_HAND_BARRED})?")


#: the turn's Single face-down, then ops "each time you do" (before or after them; the test file's examples)
_PLAY_DOWN = re.compile(r"you may (?:have your (?:cards|singles) come into play|play (?:cards|singles|your cards|your "
                        r"singles)(?: from your hand)?) face-down\. (?:(.+?),? (?:each time|whenever) you do(?: this| so)?|"
                        r"(?:each time|whenever) you do(?: this| so)?, (.+))")
#: "gain 5 RP and choose an opponent": two orders joined by "and", read as two sentences
_AND_ORDER = re.compile(r"(.+?) and ((?:choose|gain|lose|flip|draw|discard) .+)")


def _then_ops(text: str) -> list[dict] | None:
    """The ops of "each time you do, ..." read as a Play effect's text (the card's own grammar);
    ``None`` unless it is plain ops (no trigger, condition or choice around them)."""
    from rules.millennium_blades.text import compile_text  # text asks this module

    effects, reason = compile_text(f"Play: {text}.")
    first = text.split(". ")[0]
    if reason is not None and (m := _AND_ORDER.fullmatch(first)):
        effects, reason = compile_text(f"Play: {m.group(1)}. {m.group(2)}{text[len(first):]}.")
    if reason is not None or effects is None or len(effects) != 1:
        return None
    if set(effects[0]) - {"timing", "ops", "text"}:
        return None
    return list(effects[0]["ops"])


def read_continuous_x(text: str) -> list[dict] | None:
    """A whole Ongoing or Top text: Singles of the Aftermarket played as the turn's Single, as though
    they were in the hand and the player's for good (``play_from`` ``zone: aftermarket``; "while there
    are cards in the Aftermarket, you cannot play cards from your hand": ``hand: while_empty``);
    ``None`` otherwise. The sentence saying the card becomes theirs is required: it is what the op does."""
    m = _PLAY_DOWN.fullmatch(text)
    if m:  # the turn's Single face-down, then the card's own ops (ops_more_x.play_face_down)
        then = _then_ops(m.group(1) or m.group(2))
        return [{"op": "play_down", "then": then}] if then is not None else None
    m = _PLAY_FROM.fullmatch(text)
    if m is None:
        return None
    return [{"op": "play_from", "zone": "aftermarket", "hand": "while_empty" if m.group(1) else "always"}]


#: "(If X,) you may play an additional Single each turn"
_PLAYS_PER_TURN = re.compile(rf"(?:if (.+?), )?you may play ({NUMBER}|an|one) (?:additional|extra|more) singles? "
                             r"(?:each|every) turn")


#: "You cannot play a card if it shares a TYPE with a card in your tableau"
_SELF_BAN = re.compile(r"you (?:cannot|can't|can not|may not) play an? (?:card|single) if it shares an? (set|type|element) "
                       r"with (?:a|any|another) (?:face-up )?(?:card|single) in your tableau")


def read_continuous_sentence_x(s: str) -> list[dict] | None:
    """One sentence of an Ongoing or Top text: "Each player must play their cards at random"
    (``random_plays``, who: each), "You must play all your singles at random from your hand" (who: self);
    ``None`` otherwise."""
    m = _SELF_BAN.fullmatch(s)
    if m:  # batch u's play ban, on this card's own player; the check every play asks (special_ops.may_play)
        return [{"op": "play_ban", "who": "self", "filter": {"shares_tableau": m.group(1)}}]
    m = _PLAYS_PER_TURN.fullmatch(s)
    if m:  # "Tournament Turns": one Single a turn, one more while the condition holds
        from rules.millennium_blades.conditions import read_condition

        amount = 1 if m.group(2) in ("an", "one") else number(m.group(2))
        op = {"op": "plays_per_turn", "amount": amount}
        return [{**op, "while": read_condition(m.group(1))} if m.group(1) else op]
    m = _RANDOM_PLAYS.fullmatch(s)
    if m:
        return [{"op": "random_plays", "who": "self" if m.group(1) == "you" else "each"}]
    return None


def read_clause_x(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this batch's shapes for ``clauses.read_clause``: "play another card from your hand
    at random" (``play_random_hand``; "it" is the card played); ``None`` when not one."""
    if _PLAY_RANDOM_HAND.fullmatch(text):
        last["ref"] = "played"
        THAT_CARD.set("played")
        return [{"op": "play_random_hand"}]
    return None


__all__ = ["read_clause_x", "read_continuous_sentence_x", "read_continuous_x"]
