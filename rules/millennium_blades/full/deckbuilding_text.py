"""Deckbuilding powers from printed text: the phrases of a Character card's Deckbuilding side that
name a rule the whole game already runs (``effects.DECKBUILDING_OPS``, played by ``powers.py``).

Why here and not in ``text.py``: the card text compiler reads tournament abilities, each opened by a
timing word ("Play:", "Score:"...); a printed Deckbuilding power has none (millennium-blades.txt,
"Character Powers": "show the relevant side during each phase"), and its rules are the market's
(income, prices, fusions, Sell Markers, the kit's size). This is a grammar of phrases, one pattern
per op and never a card's name or whole text, so a character nobody has seen, printed in the same
style, reads too. A sentence that matches no pattern is not read: ``read_deckbuilding`` returns the
reason, and the character's powers are not played (``characters.imported_character``).

Phrase shapes (``N`` a number or a number word; ``more``/``fewer``/``less`` set the sign):

- ``gain N more dollars of income [each round]`` -> ``income``
- ``you get N more sell markers`` / ``gain N extra sell markers`` -> ``sell_markers``
- ``you are dealt N more cards [at the start of each deckbuilding phase]`` -> ``deal``
- ``store cards cost [you] N less`` -> ``store_price``; ``aftermarket cards cost [you] N less`` ->
  ``aftermarket_price``; ``you sell cards to the aftermarket for N more`` -> ``sell_price``
- ``card fusions cost|need N fewer card[s] [for you]`` -> ``fusion_size``
- ``your deck may hold|include N more singles|deck box[es]|accessor(y|ies)``, ``you can|may include N
  more|additional singles ... [in your deck]`` -> ``kit_slots``
- ``you may look at the face-down store cards [showing] [and buy the one you choose]`` -> ``peek``
- ``[at the start of the game,|setup:] take the top card of the bronze|silver|gold card fusion pile``
  -> ``starting_promo`` (timing ``setup``)
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, number

_SIGN = {"more": 1, "extra": 1, "additional": 1, "fewer": -1, "less": -1}
_MORE = r"(?P<more>more|extra|additional|fewer|less)"
_SECTIONS = {"single": "singles", "singles": "singles", "deck box": "deck_box", "deck boxes": "deck_box",
             "accessory": "accessories", "accessories": "accessories"}
_WHEN = r"(?: (?:each|every) round| at the start of (?:each|every|the) deckbuilding (?:phase|round))?"
#: (pattern, op name): the amount is the number ``n`` times the sign of its ``more`` word
PHRASES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(p), op) for p, op in (
    (rf"(?:you )?gain (?P<n>{NUMBER}) {_MORE} (?:millennium )?dollars(?: of income)?{_WHEN}", "income"),
    (rf"(?:you )?(?:get|gain|have|take) (?P<n>{NUMBER}) {_MORE} sell markers?{_WHEN}", "sell_markers"),
    (rf"you are dealt (?P<n>{NUMBER}) {_MORE} cards?{_WHEN}", "deal"),
    (rf"store cards cost (?:you )?(?P<n>{NUMBER}) {_MORE}(?: dollars?)?", "store_price"),
    (rf"aftermarket cards cost (?:you )?(?P<n>{NUMBER}) {_MORE}(?: dollars?)?", "aftermarket_price"),
    (rf"you sell cards to the aftermarket for (?P<n>{NUMBER}) {_MORE}(?: dollars?)?", "sell_price"),
    (rf"(?:your )?card fusions (?:cost|need|require) (?P<n>{NUMBER}) {_MORE} cards?(?: for you)?", "fusion_size"),
    ((rf"(?:your (?:deck|kit) may (?:hold|include)|you (?:can|may) include) (?P<n>{NUMBER}) {_MORE} "
      r"(?P<section>singles?|deck box(?:es)?|accessor(?:y|ies))(?: in your (?:deck|kit))?"), "kit_slots"),
    (r"you may look at the face-down store cards(?: showing)?(?: and buy the one you choose)?", "peek"),
    ((r"(?:at the start of the game, )?take the top card of the (?P<tier>bronze|silver|gold) "
      r"(?:card fusion|promo) pile"), "starting_promo"),
))


def _sentences(text: str) -> list[str]:
    text = re.sub(r"^(?:deckbuilding|setup)\s*:\s*", "", text.strip(), flags=re.I)
    return [s.strip().rstrip(".").strip() for s in re.split(r"(?<=[.!])\s+", text.lower()) if s.strip(" .")]


def read_op(sentence: str) -> dict | None:
    """One sentence's op, or None when no phrase shape matches it whole."""
    for pattern, name in PHRASES:
        m = pattern.fullmatch(sentence)
        if not m:
            continue
        groups = m.groupdict()
        op: dict = {"op": name}
        if groups.get("n") is not None:
            op["amount"] = number(groups["n"]) * _SIGN[groups["more"]]
        if groups.get("section"):
            op["section"] = _SECTIONS[groups["section"]]
        if groups.get("tier"):
            op["tier"] = groups["tier"]
        return op
    return None


def read_deckbuilding(text: str) -> tuple[dict | None, str | None]:
    """A Deckbuilding-side ability as an effect (``{"side": "deckbuilding", "timing": "deckbuilding"
    or "setup", "ops": [...], "text": text}``), or ``(None, reason)`` naming the sentence not read."""
    ops = []
    for sentence in _sentences(text):
        op = read_op(sentence)
        if op is None:
            return None, f"not understood: {sentence!r} (no Deckbuilding phrase reads it)"
        ops.append(op)
    if not ops:
        return None, "no Deckbuilding rule"
    setup = [op for op in ops if op["op"] == "starting_promo"]
    if setup and len(setup) != len(ops):
        return None, "a setup rule and Deckbuilding rules in one ability"
    return {"side": "deckbuilding", "timing": "setup" if setup else "deckbuilding", "ops": ops, "text": text}, None
