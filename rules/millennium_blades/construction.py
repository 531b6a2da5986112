"""Millennium Blades deck construction and collections (rulebook: millennium-blades.txt).

"Build your Deck": up to eight singles, up to one deck box, up to two accessories, and "You may
only have one copy of any card in your deck!". "Make your Collection": 2-8 cards sharing a
symbol, all with different star ratings, scored by the "SCORING COLLECTIONS" table. Every number
is read from the format's ``limits``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.construction import at_most, chart, int_attr, is_x, list_attr, wrong_section_violations
from rules.core.construction_spec import ConstructionSpec
from rules.core.decks import CardSpec, DeckEntry, DeckList, Violation
from rules.core.formats import FormatSpec, cite, copies_by_name, name_key
from rules.millennium_blades.cards import ELEMENTS, GAME, TYPES
from rules.millennium_blades.deck_rules import EPIC_LIMIT, extra_slots, has_all_symbols, is_epic

BOOK = GAME.rulebook
BUILD_DECK = cite(BOOK, "Build your Deck")
MAKE_COLLECTION = cite(BOOK, "Make your Collection")
SCORING = cite(BOOK, "SCORING COLLECTIONS", "Collection Points")
#: the Epic keyword's printed reminder: no rulebook section names it (rules notes, "Epic cards")
EPIC = f'{BUILD_DECK}; the Epic keyword: "Limit one Epic Card per Deck"'
NO_SYMBOL = cite(BOOK, "ACCESSORIES",
                 '"Those that do not have one of these symbols cannot be used as part of a collection."')

FORMATS: dict[str, FormatSpec] = {
    "standard": FormatSpec(
        game="millennium_blades", slug="standard", name="Standard",
        limits={
            "max_singles": 8,
            "max_deck_boxes": 1,
            "max_accessories": 2,
            "max_copies": 1,
            "collection_min": 2,
            "collection_max": 8,
            # cards -> victory points; the last entry counts for every larger collection ("8+")
            "collection_points": {2: 2, 3: 4, 4: 7, 5: 9, 6: 12, 7: 16, 8: 21},
        },
        description="Up to 8 singles, 1 deck box and 2 accessories, one copy of any card.",
        rule_source=BUILD_DECK,
    ),
}

#: No draws: "take the cards in their decks into their hands" (Tournament Phase, "Setup the
#: Phase"): the whole deck is the hand, so there is no sample hand or draw odds.

def validate(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Every Millennium Blades deck violation of ``deck`` under ``fmt``."""
    lim = fmt.limit
    out: list[Violation] = []
    out += wrong_section_violations(deck, GAME, BUILD_DECK)
    kit = deck.cards("deck_box") + deck.cards("accessories")  # their printed extra slots (deck_rules.py)
    out += at_most("singles_limit", BUILD_DECK, deck.count("singles"), _more(lim("max_singles"), kit, "singles"),
                   "singles", "singles")
    out += at_most("deck_box_limit", BUILD_DECK, deck.count("deck_box"),
                   _more(lim("max_deck_boxes"), kit, "deck_box"),
                   "deck box" if lim("max_deck_boxes") == 1 else "deck boxes", "deck_box")
    out += at_most("accessory_limit", BUILD_DECK, deck.count("accessories"),
                   _more(lim("max_accessories"), kit, "accessories"), "accessories", "accessories")
    most = lim("max_copies")
    if most is not None:
        counts, display = copies_by_name(deck.entries())
        section_of: dict[str, str] = {}  # a card name key -> the first section it is in
        for slug, entries in deck.sections.items():
            for e in entries:
                section_of.setdefault(name_key(e.card.name), slug)
        for key, n in counts.items():
            if n > most:
                out.append(Violation("duplicate_card", BUILD_DECK,
                                     f"{display[key]}: {n} copies; you may only have "
                                     f"{'one copy' if most == 1 else f'{most} copies'} of any card in your deck.",
                                     (display[key],), section_of.get(key)))
    epics = sorted({e.card.name for e in deck.entries() if is_epic(e.card)})
    if sum(e.qty for e in deck.entries() if is_epic(e.card)) > EPIC_LIMIT:
        out.append(Violation("epic_limit", EPIC, f"{len(epics)} Epic cards ({', '.join(epics)}); limit one Epic card per deck.",
                             tuple(epics)))
    return out


def _more(limit: int | None, kit: list[CardSpec], section: str) -> int | None:
    """``limit`` with the slots the kit's Deck Box and Accessories print ("Build your Deck")."""
    return None if limit is None else limit + extra_slots(kit, section)


#: the kit's sections, the card type each takes, and the Standard limit on it ("Build your Deck")
KIT_SECTIONS = (("singles", "single", "max_singles"), ("deck_box", "deck_box", "max_deck_boxes"),
                ("accessories", "accessory", "max_accessories"))


def random_legal_deck(pool: Sequence[CardSpec], rng: random.Random) -> DeckList:
    """A random Standard kit drawn from the whole ``pool`` ("Build your Deck": "up to eight singles,
    up to one Deck Box, and up to two Accessories"; "one copy of any card"): 1 to 8 singles, 0 or 1
    deck box, 0 to 2 accessories, each name once (its first printing), sizes and cards from ``rng``.

    Why: the conformance suite's random-legal-deck sweep plays such kits for every game
    (``get_construction(slug).random_legal_deck(pool, rng)``), and the tests of this package do
    too (``tests/rules/millennium_blades/test_consistency.py``): some rule defects never show with
    the sample kits (an Action that discards the turn's only Single, a face-down card's Reaction;
    issue 29). Deterministic for the state of ``rng``; raises ``ValueError`` for a pool without a
    single."""
    limit = FORMATS["standard"].limit
    sections = {}
    for section, card_type, limit_name in KIT_SECTIONS:
        by_name: dict[str, CardSpec] = {}
        for card in sorted((c for c in pool if c.card_type == card_type),
                           key=lambda c: (name_key(c.name), c.set_code, c.number)):
            by_name.setdefault(name_key(card.name), card)
        least = 1 if section == "singles" else 0
        if len(by_name) < least:
            raise ValueError(f"the pool has no single to build a kit with ({BUILD_DECK})")
        size = rng.randint(least, min(limit(limit_name), len(by_name)))
        sections[section] = [DeckEntry(by_name[key], 1) for key in sorted(rng.sample(sorted(by_name), size))]
    epics = [(section, e) for section, entries in sections.items() for e in entries if is_epic(e.card)]
    for section, entry in epics[EPIC_LIMIT:]:  # "Limit one Epic Card per Deck": the first one stays
        sections[section].remove(entry)
    return DeckList(game=GAME.slug, name="Random legal kit", sections=sections)


def symbols(card: CardSpec) -> set[str]:
    """A card's collection symbols: its elements and types (all of them for a card printed "all
    ELEMENTS and TYPES for the purpose of building collections": deck_rules.py)."""
    if has_all_symbols(card):
        return {f"element:{e}" for e in ELEMENTS} | {f"type:{t}" for t in TYPES}
    return {f"element:{e}" for e in list_attr(card, "elements")} | {f"type:{t}" for t in list_attr(card, "types")}


def star_of(card: CardSpec) -> int | str | None:
    """The star rating: a number, "X" (a rating of its own), or None."""
    return "X" if is_x(card, "star") else int_attr(card, "star")


def collection_points(size: int, fmt: FormatSpec | None = None) -> int:
    """Victory points for a collection of ``size`` cards ("SCORING COLLECTIONS"; 8+ -> 21)."""
    table = {int(k): int(v) for k, v in (fmt or FORMATS["standard"]).limit("collection_points", {}).items()}
    fitting = [k for k in table if k <= size]
    return table[max(fitting)] if fitting else 0


def check_collection(cards: Sequence[CardSpec], fmt: FormatSpec | None = None) -> tuple[list[Violation], int]:
    """The problems of a collection and the victory points it scores.

    Cards with neither an element nor a type cannot be part of a collection: each is reported
    (``no_symbol``) and left out; the rest is checked -- 2-8 cards (``collection_size``), one symbol
    they all share (``no_shared_symbol``), all star ratings different (``same_star``) -- and scores
    by the table when it breaks none of those rules, else 0.
    """
    fmt = fmt or FORMATS["standard"]
    out: list[Violation] = []
    kept = []
    for card in cards:
        if symbols(card):
            kept.append(card)
        else:
            out.append(Violation("no_symbol", NO_SYMBOL,
                                 f"{card.name} has no element and no type, so it cannot be part of a "
                                 "collection; it is left out.", (card.name,)))
    least, most = fmt.limit("collection_min", 2), fmt.limit("collection_max", 8)
    scored_ok = True
    if (least is not None and len(kept) < least) or (most is not None and len(kept) > most):
        out.append(Violation("collection_size", MAKE_COLLECTION,
                             f"a collection is made up of {least}-{most} cards; this one has {len(kept)}"
                             f"{' (after leaving out cards without symbols)' if len(kept) != len(cards) else ''}.",
                             tuple(c.name for c in kept)))
        scored_ok = False
    if kept:
        shared = set.intersection(*(symbols(c) for c in kept))
        if not shared:
            out.append(Violation("no_shared_symbol", MAKE_COLLECTION,
                                 "every card must have at least one matching symbol (element or type) "
                                 "with all the others; these share none.", tuple(c.name for c in kept)))
            scored_ok = False
    by_star: dict = {}
    for card in kept:
        by_star.setdefault(star_of(card), []).append(card.name)
    for star, names in by_star.items():
        if len(names) > 1 or star is None:
            what = "no star rating" if star is None else f"the same star rating ({star})"
            out.append(Violation("same_star", MAKE_COLLECTION,
                                 f"each card needs a different star rating; {', '.join(names)} "
                                 f"{'have' if len(names) > 1 else 'has'} {what}.", tuple(names)))
            scored_ok = False
    return out, collection_points(len(kept), fmt) if scored_ok else 0


def chart_data(deck: DeckList) -> list[dict]:
    """Star curve (by kind of card) and the element / type spread."""
    kinds = {"singles": "Singles", "deck_box": "Deck box", "accessories": "Accessories"}
    stars: dict[str, dict] = {label: {} for label in kinds.values()}
    elements = dict.fromkeys(ELEMENTS, 0)
    types = dict.fromkeys(TYPES, 0)
    for slug, label in kinds.items():
        for e in deck.entries(slug):
            star = star_of(e.card)
            if star is not None:
                stars[label][star] = stars[label].get(star, 0) + e.qty
            for el in list_attr(e.card, "elements"):
                if el in elements:
                    elements[el] += e.qty
            for ty in list_attr(e.card, "types"):
                if ty in types:
                    types[ty] += e.qty
    numbers = [s for series in stars.values() for s in series if s != "X"]
    labels: list = list(range(1, max([8, *numbers]) + 1))
    if any("X" in series for series in stars.values()):
        labels.append("X")
    return [
        chart("star_curve", "Star curve", "stacked", labels,
              {name: [series.get(s, 0) for s in labels] for name, series in stars.items()}),
        chart("elements", "Elements", "bar", [e.capitalize() for e in elements], {"Cards": list(elements.values())}),
        chart("types", "Types", "bar", [t.capitalize() for t in types], {"Cards": list(types.values())}),
    ]


CONSTRUCTION = ConstructionSpec(
    formats=FORMATS, validate=validate, chart_data=chart_data, random_legal_deck=random_legal_deck,
    draws=None,
)
