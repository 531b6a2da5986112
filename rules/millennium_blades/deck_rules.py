"""Deck rules printed on kit cards (issue 26.2): sentences with no timing word that change how the
deck or a collection is built, not what happens in a tournament.

millennium-blades.txt, "Build your Deck": "The Deck Area can contain up to eight singles, up to one
Deck Box, and up to two Accessories." A Deck Box or Accessory may print that the deck holds more
("You can include 2 additional Singles in your deck.", "Your Deck Size is increased by 3." -- the
Deck Size is the eight singles: rules notes, "Deck rules printed on kit cards"). "Make your
Collection": "each having at least one matching symbol with all the others"; a card may print that
it is "all ELEMENTS and TYPES for the purpose of building collections" (it matches every symbol).

The Epic keyword's reminder, "Limit one Epic Card per Deck", is one more such rule, printed on singles
too (``EPIC_RULE``: the validator, the whole game's deckbuilders and the tournament's "Illegal Decks"
check keep one Epic card a deck; rules notes, "Epic cards").

Each reads as an effect ``{"timing": "deckbuilding", "ops": [...]}`` with ``KIT_RULE_OPS``: the
tournament engine never plays it (it is no timing word of "Effects on Cards"); ``extra_slots`` gives
the tournament's "Illegal Decks" check and the deck validator the bigger limit, and
``all_symbols`` the collection check the wildcard card. A grammar of phrases, never a card's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.schema import OpSpec
from rules.millennium_blades.phrases import NUMBER, number

#: the ops a kit card's deck rule may hold (``kit_slots`` is declared with the Deckbuilding ops)
KIT_RULE_OPS = ("kit_slots", "all_symbols", "epic", "kit_uses")
DECK_RULE_OPS = {"all_symbols": OpSpec('Deck rule: the card is every element and type "for the purpose of building '
                                       'collections" ("Make your Collection").', {}),
                 "epic": OpSpec('Deck rule: the card is Epic, "Limit one Epic Card per Deck" (the keyword\'s '
                                'printed reminder; rules notes, "Epic cards").', {}),
                 # a card taking two slots of its section (phrases_more_r.py)
                 "kit_uses": OpSpec("Deck rule: this Deck Box or Accessory takes amount slots of its section of the "
                                    "deck, not one.", {"amount": "int", "section": "str"})}
#: "Limit one Epic Card per Deck": how many Epic cards one deck (its singles, Deck Box and Accessories) holds
EPIC_LIMIT = 1
#: an Epic card's own deck rule, the effect ``text.compile_text`` gives the printed "Epic"
EPIC_RULE = {"timing": "deckbuilding", "ops": [{"op": "epic"}], "text": "Epic"}
#: the sections a kit card may take more than one slot of
_USES_SECTIONS = ("deck_box", "accessories")
KIT_SECTIONS = ("singles", "deck_box", "accessories")
_DECK_SIZE = re.compile(rf"your deck size is increased by ({NUMBER})")
_ALL_SYMBOLS = re.compile(r"this (?:card|accessory|deck box) (?:is|has) all (?:elements and types|types and elements)"
                          r" for the purpose of (?:building|making) (?:a )?collections?")


def read_deck_rule(text: str) -> dict | None:
    """A printed deck rule as a ``deckbuilding`` effect, or None when ``text`` is not one.
    ``text`` may open with "Ongoing:" (a rule that holds while the card is in the deck)."""
    from rules.millennium_blades.full.deckbuilding_text import read_op  # the package imports this one

    body = re.sub(r"^ongoing\s*:\s*", "", text.strip().lower()).rstrip(". ").strip()
    op: dict | None
    m = _DECK_SIZE.fullmatch(body)
    if m:
        op = {"op": "kit_slots", "section": "singles", "amount": number(m.group(1))}
    elif _ALL_SYMBOLS.fullmatch(body):
        op = {"op": "all_symbols"}
    else:
        op = read_op(body)
        if op is None or op["op"] != "kit_slots" or op["amount"] < 0:
            from rules.millennium_blades.phrases_more_h import read_deck_rule_h  # it imports phrases

            op = read_deck_rule_h(body)  # one more Accessory slot, a collection wildcard (phrases_more_h)
            if op is None:
                from rules.millennium_blades.phrases_more_r import read_deck_rule_r  # it imports phrases

                op = read_deck_rule_r(body)  # a card that takes two slots (phrases_more_r)
            if op is None:
                return None
    return {"timing": "deckbuilding", "ops": [op], "text": text}


def deck_rule_errors(effect: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    """The problems of a kit card's ``deckbuilding`` effect (``effects.check_card``)."""
    ops = effect.get("ops")
    if not isinstance(ops, list) or not ops:
        return [(f"{path}.ops", "must be a non-empty list of ops")]
    errors = [(f"{path}.{key}", "a deck rule has none") for key in ("trigger", "condition", "optional", "keyword")
              if key in effect]
    for j, op in enumerate(ops):
        where = f"{path}.ops[{j}]"
        name = op.get("op") if isinstance(op, Mapping) else None
        if name not in KIT_RULE_OPS:
            errors.append((f"{where}.op", f"{name!r} is not a deck rule ({', '.join(KIT_RULE_OPS)})"))
        elif name == "kit_slots":
            if op.get("section") not in KIT_SECTIONS:
                errors.append((f"{where}.section", f"is one of {', '.join(KIT_SECTIONS)}"))
            if not isinstance(op.get("amount"), int) or isinstance(op.get("amount"), bool) or op["amount"] < 0:
                errors.append((f"{where}.amount", "a whole number of extra slots, not negative"))
        elif name == "kit_uses":
            if op.get("section") not in _USES_SECTIONS:
                errors.append((f"{where}.section", f"is one of {', '.join(_USES_SECTIONS)}"))
            if not isinstance(op.get("amount"), int) or isinstance(op.get("amount"), bool) or op["amount"] < 2:
                errors.append((f"{where}.amount", "a whole number of slots, 2 or more"))
    return errors


def _slots_given(op: Mapping) -> int:
    """The slots of its section a deck rule op adds to the deck: ``kit_slots``' amount, or, for a
    card that takes ``kit_uses`` amount slots, one less than that taken from the others."""
    return op.get("amount", 0) if op["op"] == "kit_slots" else 1 - op.get("amount", 1)


def _rule_ops(effects: Iterable[Mapping]) -> list[Mapping]:
    return [op for e in effects or () if e.get("timing") == "deckbuilding" and "side" not in e
            for op in e.get("ops", ())]


def extra_slots(kit_cards: Iterable[Any], section: str) -> int:
    """The slots of ``section`` the kit's Deck Box and Accessories add ("Build your Deck")."""
    return sum(_slots_given(op) for card in kit_cards if card.card_type in ("deck_box", "accessory")
               for op in _rule_ops(card.effects) if op["op"] in ("kit_slots", "kit_uses") and op.get("section") == section)


def kit_extra_slots(kit_cards: Iterable[Any]) -> dict[str, int]:
    """``extra_slots`` of every section in one pass over the kit's ``CardDef``s (a tournament's setup
    asks for all three at every game; ``CardDef.timed`` keeps which effects are deck rules)."""
    out = dict.fromkeys(KIT_SECTIONS, 0)
    for card in kit_cards:
        if card.card_type in ("deck_box", "accessory") and card.timed("deckbuilding"):
            for op in _rule_ops(card.effects):
                if op["op"] in ("kit_slots", "kit_uses") and op.get("section") in out:
                    out[op["section"]] += _slots_given(op)
    return out


def is_epic(card: Any) -> bool:
    """Whether the card prints "Epic" (``EPIC_LIMIT`` of them in one deck)."""
    return any(op["op"] == "epic" for op in _rule_ops(getattr(card, "effects", ())))


def has_all_symbols(card: Any) -> bool:
    """Whether the card is every element and type "for the purpose of building collections"."""
    return any(op["op"] == "all_symbols" for op in _rule_ops(getattr(card, "effects", ())))
