"""Clause shapes the printed Character powers' Tournament sides print (issue 26.3), read for any
card printed in the same style: the top cards of the Store discarded, and one of the cards just
discarded taken into the hand; the Store's top card or an Aftermarket card taken into the hand; a
card just revealed put on top of the Store. ``clauses.read_clause`` asks ``read_clause_powers`` once its own
grammar and the batches' have no reading; ``None`` leaves the phrase "not understood". The engine
side is ``ops_powers.py``; docs/effects-millennium-blades.md, "Character powers", has an original
example of each.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, THAT_CARD, number

#: "the Store or Core deck", "the Core deck", "the Store" (phrases_more_b.py: the Store deck)
_STORE_DECK = r"the (?:store(?: deck)?|core deck|store or core deck|store deck or core deck)"
#: "discard the top 10 cards of the Store or Core Deck": a Store card has no owner, so it is
#: discarded to the Store Discard ("Discards"; docs/rules-notes.md, "MB: character powers")
_DISCARD_TOP = re.compile(rf"discard the top (?:card|({NUMBER}) cards) of {_STORE_DECK}")
#: "take one discarded card into your hand", "add one of the discarded cards to your hand"
_DISCARDED_TO_HAND = re.compile(rf"(?:gain|add|put|take) (?:(a|one|{NUMBER}) discarded cards?|(one|{NUMBER}) of the "
                                r"discarded cards) (?:(?:in)?to your hand)")

#: "put the top card of the Store or any card in the Aftermarket into your hand (without paying for it)"
_STORE_OR_AFTERMARKET = re.compile(rf"(?:put|take|add) the top card of {_STORE_DECK} or (?:any|a|one) card (?:in|from) "
                                   r"the aftermarket (?:in)?to your hand(?: without paying for it)?")
#: "put it back on top of the Store": the card just revealed
_ON_STORE = re.compile(rf"(?:put|place|return) (?:it|the revealed card) (?:back )?(?:on|to) (?:the )?top of {_STORE_DECK}")


def read_clause_powers(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this module's shapes for ``clauses.read_clause``; ``None`` when not one."""
    m = _DISCARD_TOP.fullmatch(text)
    if m:  # as "discard the top N cards of the Store to the Store Discard" (phrases_more_j.py); "it": the last
        THAT_CARD.set("revealed")
        last["ref"] = "revealed"
        return [{"op": "store_to_discard", "amount": number(m.group(1)) if m.group(1) else 1}]
    m = _DISCARDED_TO_HAND.fullmatch(text)
    if m:  # of the cards this effect discarded from the Store (those)
        word = m.group(1) or m.group(2)
        return [{"op": "discarded_to_hand", "amount": 1 if word in ("a", "one") else number(word)}]
    if _STORE_OR_AFTERMARKET.fullmatch(text):  # "it": the card taken
        THAT_CARD.set("taken")
        last["ref"] = "taken"
        return [{"op": "store_or_aftermarket_to_hand"}]
    if _ON_STORE.fullmatch(text) and last.get("ref") == "revealed":  # a card this effect revealed
        return [{"op": "revealed_on_store"}]
    return None


__all__ = ["read_clause_powers"]
