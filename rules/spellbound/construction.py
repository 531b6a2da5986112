"""Spellbound: Chaos Divided deck construction (rulebook: spellbound-chaos-divided.txt).

"1. Breakdown of a Card" 1a: at most four cards of the same name, except Basic Converts
(unlimited). "3. Divisions of Cards" 7 and 8: the deck has one bounder and one soul pond, and a
game cannot be played or won without them. The rulebook sets no library size (a format may:
``library_min`` / ``library_max``). Every number is read from the format's ``limits``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rules.core.construction import (
    chart,
    exact_count,
    plural,
    random_copies,
    size_range,
    wrong_section_violations,
)
from rules.core.construction_spec import ConstructionSpec, DrawRules
from rules.core.decks import CardSpec, DeckEntry, DeckList, Violation
from rules.core.formats import FormatSpec, cite, copies_by_name, name_key
from rules.spellbound.cards import GAME, SOULS, SPELLS, TYPED_SOULS

BOOK = GAME.rulebook
CARD_NAME = cite(BOOK, "1. Breakdown of a Card", "1. Card Name, a")
BOUNDERS = cite(BOOK, "3. Divisions of Cards in Spellbound: Chaos Divided", "7. Bounders")
SOUL_PONDS = cite(BOOK, "3. Divisions of Cards in Spellbound: Chaos Divided", "8. Soul Ponds")
SET_UP = cite(BOOK, "2. Set Up to the Battlefield")

FORMATS: dict[str, FormatSpec] = {
    "standard": FormatSpec(
        game="spellbound", slug="standard", name="Standard",
        limits={
            "bounders": 1,
            "soul_ponds": 1,
            "max_copies": 4,
            "unlimited_basic_converts": True,
            "library_min": None,  # the rulebook sets no library size
            "library_max": None,
        },
        description="One bounder, one soul pond, a library with at most four cards of a name "
                    "(Basic Converts unlimited).",
        rule_source=CARD_NAME,
    ),
}

#: "2. Set Up to the Battlefield" 2 (Library): shuffle and draw five; "6. Parts of a Turn",
#: Draw Step: draw one each turn, and "the player who goes first skips the draw step on their
#: first turn".

def is_basic_convert(card: CardSpec) -> bool:
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    return card.card_type == "convert" and attrs.get("basic") is True


def validate(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Every Spellbound construction violation of ``deck`` under ``fmt``."""
    lim = fmt.limit
    out: list[Violation] = []
    out += wrong_section_violations(deck, GAME, SET_UP)
    out += exact_count("bounder_count", BOUNDERS, deck.count("bounder"), lim("bounders"),
                       "bounder (\"Your deck can only have one bounder in it\")", "bounder",
                       tuple(e.card.name for e in deck.entries("bounder")))
    out += exact_count("soul_pond_count", SOUL_PONDS, deck.count("soul_pond"), lim("soul_ponds"),
                       "soul pond (\"You may only have one in your deck\")", "soul_pond",
                       tuple(e.card.name for e in deck.entries("soul_pond")))
    out += size_range("library_size", SET_UP, deck.count("library"), lim("library_min"), lim("library_max"),
                      "cards in the library", "library")
    most = lim("max_copies")
    if most is not None:
        exempt = {name_key(e.card.name) for e in deck.entries()
                  if lim("unlimited_basic_converts", False) and is_basic_convert(e.card)}
        counts, display = copies_by_name(deck.entries())
        for key, n in counts.items():
            if n > most and key not in exempt:
                out.append(Violation("name_limit", CARD_NAME,
                                     f"{display[key]}: {n} cards of this name; at most "
                                     f"{plural(most, 'card')} of the same name (only Basic Converts are unlimited).",
                                     (display[key],), "library"))
    return out


#: a random legal deck's library: its size (the rulebook sets none; the samples hold 40) and converts
RANDOM_LIBRARY = (30, 50)
RANDOM_CONVERTS = (12, 20)
RANDOM_NONBASIC_CONVERTS = 8  # at most, of the converts


def random_legal_deck(pool: Sequence[CardSpec], rng: random.Random) -> DeckList:
    """A random Standard deck drawn from the whole ``pool``: one bounder and one soul pond ("3.
    Divisions" 7 and 8), and a library of 30 to 50 cards: 12 to 20 converts, up to 8 of them nonbasic
    (four of a name at most), the basic ones split among the soul types the deck's spells cost (so the
    deck can cast something), and spells of every division, four of a name at most (1a). The same
    ``rng`` state gives the same deck. The conformance suite plays such decks: some rule defects never
    show with the sample decks. Raises ``ValueError`` when the pool lacks a bounder, a soul pond or
    enough cards."""
    of_type = {t: [c for c in pool if c.card_type == t] for t in ("bounder", "soul_pond", "convert", *SPELLS)}
    for kind, rule in (("bounder", BOUNDERS), ("soul_pond", SOUL_PONDS)):
        if not of_type[kind]:
            raise ValueError(f"the pool has no {kind} ({rule})")
    lim = FORMATS["standard"].limit
    size = rng.randint(*RANDOM_LIBRARY)
    converts = min(rng.randint(*RANDOM_CONVERTS), size)
    spells = random_copies(rng, [c for kind in SPELLS for c in of_type[kind]], size - converts,
                           most=lim("max_copies"))
    basics: dict[str, CardSpec] = {}  # soul type -> one printing of its Basic Convert
    for card in sorted(of_type["convert"], key=lambda c: (c.name, c.set_code, c.number)):
        souls = tuple(card.attributes.get("converts_to") or ()) if is_basic_convert(card) else ()
        if len(souls) == 1:
            basics.setdefault(souls[0], card)
    nonbasic = [c for c in of_type["convert"] if not is_basic_convert(c)]
    most_nonbasic = lim("max_copies") * len({name_key(c.name) for c in nonbasic})
    n_nonbasic = converts if not basics else rng.randint(0, min(RANDOM_NONBASIC_CONVERTS, most_nonbasic, converts))
    library = spells + (random_copies(rng, nonbasic, n_nonbasic, most=lim("max_copies")) if n_nonbasic else [])
    if basics:
        need = {s: sum(e.qty * soul_costs(e.card).get(s, 0) for e in spells) for s in sorted(basics)}
        weights = [need[s] + 1 for s in need]  # every type stays possible
        drawn: dict[str, int] = {}
        for soul in rng.choices(list(need), weights, k=converts - n_nonbasic):
            drawn[soul] = drawn.get(soul, 0) + 1
        library += [DeckEntry(basics[soul], n) for soul, n in sorted(drawn.items())]
    return DeckList(game=GAME.slug, name="Random legal deck", sections={
        "bounder": random_copies(rng, of_type["bounder"], lim("bounders"), most=1),
        "soul_pond": random_copies(rng, of_type["soul_pond"], lim("soul_ponds"), most=1),
        "library": library,
    })


def soul_costs(card: CardSpec) -> dict[str, int]:
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    cost = attrs.get("soul_cost")
    if not isinstance(cost, Mapping):
        return {}
    return {k: v for k, v in cost.items() if k in SOULS and isinstance(v, int) and not isinstance(v, bool) and v > 0}


def cost_colour(cost: Mapping[str, int]) -> str:
    """The series a spell is stacked in: its one typed soul, "multi" for two or more, else hollow."""
    typed = [s for s in TYPED_SOULS if cost.get(s)]
    if len(typed) > 1:
        return "multi"
    return typed[0] if typed else "hollow"


def chart_data(deck: DeckList) -> list[dict]:
    """Soul-cost curve of the library's spells (total souls 0..N), stacked by soul type."""
    curve: dict[str, dict[int, int]] = {s: {} for s in (*SOULS, "multi")}
    totals = []
    division: dict[str, int] = {}
    for e in deck.entries("library"):
        kind = GAME.card_type(e.card.card_type)
        label = kind.label if kind else e.card.card_type
        division[label] = division.get(label, 0) + e.qty
        if e.card.card_type not in SPELLS:  # converts have no soul cost ("3. Divisions" 9)
            continue
        cost = soul_costs(e.card)
        total = sum(cost.values())
        totals.append(total)
        bucket = curve[cost_colour(cost)]
        bucket[total] = bucket.get(total, 0) + e.qty
    labels = list(range(max(totals, default=0) + 1))
    return [
        chart("soul_curve", "Soul-cost curve (total souls)", "stacked", labels,
              {s: [curve[s].get(t, 0) for t in labels] for s in curve}),
        chart("divisions", "Library by division", "pie", list(division), {"Cards": list(division.values())}),
    ]


CONSTRUCTION = ConstructionSpec(
    formats=FORMATS, validate=validate, chart_data=chart_data, random_legal_deck=random_legal_deck,
    draws=DrawRules(section="library", opening=5, per_turn=1, first_player_skips_first_draw=True,
                    rule=f'{SET_UP} 2. Library; {cite(BOOK, "6. Parts of a Turn", "Draw Step")}'),
)
