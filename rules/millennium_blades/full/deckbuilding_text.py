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
- ``when you sell a card to the aftermarket, you gain N extra dollars`` -> ``sell_price``; ``when you
  buy a card from the store|aftermarket, you pay N dollars less [(to a minimum of M dollar[s])]`` ->
  ``store_price``/``aftermarket_price`` (``min``: a lowered price is never below M, nor raised by it)
- ``you may discard a card you own to the store discard to gain N dollars [. you may do this any number
  of times]`` -> ``scrap_for_money`` (the market's ``scrap NAME``, a binder card, as often as the player likes)
- ``you may remove a card in your binder from the game and spend N dollars to gain a card of the same set
  from the store area [at no additional cost]`` -> ``trade_in`` (the market's ``trade_in NAME``)
- ``at the start of each deckbuilding phase, you receive 1 copy of each card in a random set from outside
  the game (1st: K1 2nd: K2 ...)`` [``these cards replace the first 6 cards you would receive each
  deckbuilding phase``] -> ``outside_set`` (``kinds``; the 6 cards dealt at the phase's start are
  not dealt to that player)
- ``you may look at the face-down store cards [showing] [and buy the one you choose]`` -> ``peek``
- ``you may look at the top N meta[game] cards of each|both meta[game] decks|stacks [at any time]`` ->
  ``meta_peek`` (the view's ``meta_peek``)
- ``once per|a round, before the second meta[game] [card] is revealed, you may place|put the top card of
  either meta[game] deck|stack on|at the bottom of that deck|stack[,] and reveal the new top card`` ->
  ``meta_cycle`` (the market's ``cycle_meta <stack>``)
- ``[at the start of the game,|setup:] take the top card of the bronze|silver|gold card fusion pile``
  -> ``starting_promo`` (timing ``setup``)
"""

from __future__ import annotations

import re

from rules.millennium_blades.full.rounds import DEALT
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
    # "when you sell a card to the aftermarket, you gain 1 extra dollar" ("Sell a Card": the bank pays its STAR)
    ((rf"when(?:ever)? you sell (?:a card|cards) to the aftermarket, (?:you )?(?:gain|get|receive) (?P<n>{NUMBER}) "
     rf"{_MORE} (?:millennium )?dollars?"), "sell_price"),
    # "when you buy a card from the store, you pay 1 dollar less (to a minimum of 2 dollars)"
    ((rf"when(?:ever)? you buy (?:a card|cards) from the (?P<market>store|aftermarket), (?:you )?pay (?P<n>{NUMBER}) "
     rf"(?:millennium )?dollars? {_MORE}(?: \(to a minimum of (?P<floor>{NUMBER}) (?:millennium )?dollars?\))?"),
     "buy_price"),
    (rf"(?:your )?card fusions (?:cost|need|require) (?P<n>{NUMBER}) {_MORE} cards?(?: for you)?", "fusion_size"),
    ((rf"(?:your (?:deck|kit) may (?:hold|include)|you (?:can|may) include) (?P<n>{NUMBER}) {_MORE} "
      r"(?P<section>singles?|deck box(?:es)?|accessor(?:y|ies))(?: in your (?:deck|kit))?"), "kit_slots"),
    # "you may discard a card you own to the store discard to gain 3 dollars" (full/market.py: "scrap")
    ((rf"you (?:may|can) discard (?:a|one) card you own to the store discard to (?:gain|get|receive) (?P<n>{NUMBER}) "
      r"(?:millennium )?dollars?"), "scrap_for_money"),
    # "you may remove a card in your binder from the game and spend 1 dollar to gain a card of the same set
    # from the store area at no additional cost" (full/market.py: "trade_in"; "additonal" as one printing spells it)
    ((rf"you (?:may|can) remove (?:a|one) card (?:in|from) your binder from the game and (?:spend|pay) (?P<n>{NUMBER}) "
      r"(?:millennium )?dollars? to (?:gain|take) (?:a|one) card of the same set from the store area"
      r"(?: at no addit(?:i)?onal cost)?"), "trade_in"),
    (r"you may look at the face-down store cards(?: showing)?(?: and buy the one you choose)?", "peek"),
    # "you may look at the top 2 metagame cards of each metagame stack at any time" (powers.meta_peek_view)
    ((rf"you (?:may|can) look at the top (?P<n>{NUMBER}) meta(?:game)? cards of (?:each|both|every) meta(?:game)? "
      r"(?:decks?|stacks?)(?: at any time)?"), "meta_peek"),
    # "once per round, before the second metagame card is revealed, you may put the top card of either metagame
    # stack at the bottom of that stack and reveal the new top card" (powers.cycle_meta)
    ((r"once (?:per|a|each) round, before the second meta(?:game)?(?: card)? is revealed, you may (?:place|put) the "
      r"top card of either meta(?:game)? (?:deck|stack) (?:on|at) the bottom of that (?:deck|stack),? and reveal the "
      r"new top card"), "meta_cycle"),
    ((r"(?:at the start of the game, )?take the top card of the (?P<tier>bronze|silver|gold) "
      r"(?:card fusion|promo) pile"), "starting_promo"),
))


#: "you can do it as often as you like" after a rule the market lets a player use again and again
_AGAIN = re.compile(r"you (?:may|can) do (?:this|so|it) (?:any number of times|as (?:often|many times) as you (?:like|want))")
REPEATABLE = ("scrap_for_money",)


#: "at the start of each deckbuilding phase, you receive 1 copy of each card in a random set from outside the
#: game (1st: expansion 2nd: premium 3rd: master)", then "these cards replace the first 6 cards you would
#: receive each deckbuilding phase" (rounds.DEALT: the phase's deal)
_ORDINAL = r"\d+(?:st|nd|rd|th)"
_OUTSIDE_SET = re.compile(rf"at the (?:start|beginning) of each deckbuilding phase, you (?:receive|gain|get) (?:1|one) "
                          rf"copy of each card (?:in|of) a random set from outside the game \(((?:{_ORDINAL}: \w+,? ?)+)\)")
_REPLACES = re.compile(r"these cards replace the first (\d+|six) cards you would receive each deckbuilding phase")


def _outside_set(sentence: str) -> dict | None:
    """The ``outside_set`` op of ``_OUTSIDE_SET``, its kinds in the printed order (1st, 2nd, ...)."""
    m = _OUTSIDE_SET.fullmatch(sentence)
    if m is None:
        return None
    pairs = re.findall(rf"({_ORDINAL}): (\w+)", m.group(1))
    if [int(re.sub(r"\D", "", n)) for n, _k in pairs] != list(range(1, len(pairs) + 1)):
        return None
    return {"op": "outside_set", "kinds": [k for _n, k in pairs]}


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
            op["amount"] = number(groups["n"]) * _SIGN[groups.get("more") or "more"]  # (no "more": as printed)
        if groups.get("section"):
            op["section"] = _SECTIONS[groups["section"]]
        if groups.get("tier"):
            op["tier"] = groups["tier"]
        if name == "buy_price":  # the market named: store_price or aftermarket_price
            op["op"] = f"{groups['market']}_price"
        if groups.get("floor") is not None:  # a lower price never below it
            op["min"] = number(groups["floor"])
        return op
    return None


def read_deckbuilding(text: str) -> tuple[dict | None, str | None]:
    """A Deckbuilding-side ability as an effect (``{"side": "deckbuilding", "timing": "deckbuilding"
    or "setup", "ops": [...], "text": text}``), or ``(None, reason)`` naming the sentence not read."""
    ops: list[dict] = []
    for sentence in _sentences(text):
        if _AGAIN.fullmatch(sentence) and ops and ops[-1]["op"] in REPEATABLE:
            continue  # "do it as often as you like": what the market lets these rules do
        m = _REPLACES.fullmatch(sentence)
        if m and ops and ops[-1]["op"] == "outside_set" and number(m.group(1)) == DEALT:
            ops[-1]["replaces_deal"] = True  # the cards dealt at the phase's start (Setup the Phase 3)
            continue
        op = read_op(sentence) or _outside_set(sentence)
        if op is None:
            return None, f"not understood: {sentence!r} (no Deckbuilding phrase reads it)"
        ops.append(op)
    if not ops:
        return None, "no Deckbuilding rule"
    setup = [op for op in ops if op["op"] == "starting_promo"]
    if setup and len(setup) != len(ops):
        return None, "a setup rule and Deckbuilding rules in one ability"
    return {"side": "deckbuilding", "timing": "setup" if setup else "deckbuilding", "ops": ops, "text": text}, None
