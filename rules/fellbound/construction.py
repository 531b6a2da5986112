"""FellBound deck construction (rulebook: shared/rulebooks/fellbound.txt).

"SETUP": a deck of ten cards. "WAYS TO PLAY": constructed play (our ``standard``) is ten unique
cards chosen by the player; random play (``random``) is ten unique cards dealt from a communal
pool; "ALIGNMENT" (our ``aligned``): Life cannot align with Death, Order cannot align with Chaos.
Every number is read from the format's ``limits``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.construction import (
    chart,
    curve_labels,
    int_attr,
    is_x,
    list_attr,
    random_copies,
    size_range,
    wrong_section_violations,
)
from rules.core.construction_spec import ConstructionSpec, DrawRules
from rules.core.decks import CardSpec, DeckEntry, DeckList, Violation
from rules.core.formats import FormatSpec, cite, copies_by_name, name_key
from rules.fellbound.cards import ALIGNMENTS, GAME

BOOK = GAME.rulebook
SETUP = cite(BOOK, "SETUP")
CONSTRUCTED = cite(BOOK, "CONSTRUCTED PLAY")
RANDOM = cite(BOOK, "RANDOM PLAY")
ALIGNMENT = cite(BOOK, "ALIGNMENT")

_TEN_UNIQUE = {"deck_size": 10, "unique": True}

FORMATS: dict[str, FormatSpec] = {
    "standard": FormatSpec(
        game="fellbound", slug="standard", name="Constructed",
        limits=dict(_TEN_UNIQUE),
        description="Constructed play: ten unique characters chosen from your collection.",
        rule_source=CONSTRUCTED,
    ),
    "aligned": FormatSpec(
        game="fellbound", slug="aligned", name="Aligned",
        limits={**_TEN_UNIQUE, "forbidden_pairs": [["life", "death"], ["order", "chaos"]]},
        description="Constructed play by alignment: no Life with Death, no Order with Chaos.",
        rule_source=ALIGNMENT,
    ),
    "random": FormatSpec(
        game="fellbound", slug="random", name="Random",
        limits={**_TEN_UNIQUE, "dealt": True},
        description="Random play: ten unique cards dealt face-down from a communal pool.",
        rule_source=RANDOM,
    ),
}

#: "SETUP": "On your opening turn, draw three cards"; "DEPLOYMENT PHASE": after your actions,
#: "draw one additional card" -- from the second turn on (the opening turn has no action phase).

def validate(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Every FellBound construction violation of ``deck`` under ``fmt``."""
    lim = fmt.limit
    rule = RANDOM if lim("dealt") else CONSTRUCTED
    out: list[Violation] = []
    out += wrong_section_violations(deck, GAME, SETUP)
    size = lim("deck_size")
    out += size_range("deck_size", rule, deck.count("deck"),
                      size if size is not None else lim("deck_min"),
                      size if size is not None else lim("deck_max"),
                      "cards (\"ten unique cards\")", "deck")
    if lim("unique"):
        counts, display = copies_by_name(deck.entries())
        for key, n in counts.items():
            if n > 1:
                out.append(Violation("not_unique", rule,
                                     f"{display[key]} appears {n} times; every card in the deck must be unique.",
                                     (display[key],), "deck"))
    for pair in lim("forbidden_pairs") or ():
        out += _alignment_conflict(deck.entries(), [str(a).lower() for a in pair])
    return out


def _alignment_conflict(entries: list[DeckEntry], pair: list[str]) -> list[Violation]:
    """One violation when the deck holds every alignment of ``pair`` (e.g. Life and Death),
    attributed to the cards of the smaller side, which are the ones to take out (the one Death
    card among nine Life cards, not the nine); on a tie, to both sides."""
    sides = [[e.card.name for e in entries if a in list_attr(e.card, "alignments")] for a in pair]
    if len(pair) < 2 or not all(sides):
        return []
    words = " and ".join(a.capitalize() for a in pair)
    detail = "; ".join(f"{a.capitalize()}: {', '.join(dict.fromkeys(side))}" for a, side in zip(pair, sides, strict=True))
    fewest = min(len(set(side)) for side in sides)
    cards = tuple(dict.fromkeys(n for side in sides if len(set(side)) == fewest for n in side))
    return [Violation("alignment_conflict", ALIGNMENT,
                      f"{pair[0].capitalize()} cannot align with {pair[1].capitalize()}: the deck mixes "
                      f"{words} ({detail}).", cards, "deck")]


def deal_random_deck(pool: Sequence[CardSpec], seed: int, size: int = 10) -> DeckList:
    """A random deck of ``size`` unique characters from ``pool`` ("RANDOM PLAY"), reproducibly.

    The pool is put in a fixed order (by name, then printing) before the seeded draw, so the same
    pool and seed give the same deck whatever order the pool arrives in. One printing per name.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"a random deck needs a size of at least 1, not {size!r}")
    by_name: dict[str, CardSpec] = {}
    for card in sorted((c for c in pool if c.card_type in GAME.sections[0].card_types),
                       key=lambda c: (name_key(c.name), c.set_code, c.number, c.id or 0)):
        by_name.setdefault(name_key(card.name), card)
    if len(by_name) < size:
        raise ValueError(f"the pool has {len(by_name)} unique character name(s); "
                         f"a random FellBound deck needs {size} unique cards ({RANDOM})")
    chosen = random.Random(seed).sample(sorted(by_name), size)
    return DeckList(game=GAME.slug, format="random", name=f"Random deck (seed {seed})",
                    sections={"deck": [DeckEntry(by_name[key], 1) for key in chosen]})


def random_legal_deck(pool: Sequence[CardSpec], rng: random.Random) -> DeckList:
    """A random ``standard`` deck drawn from the whole ``pool`` ("CONSTRUCTED PLAY": "ten unique
    cards"): ten character names, one printing each, drawn with ``rng`` (the same state, the same
    deck; any pool order). The conformance suite and the consistency test play such decks, since
    some rule defects never show with the sample decks. Raises ``ValueError`` for a pool with fewer
    than ten character names."""
    lim = FORMATS["standard"].limit
    characters = [c for c in pool if c.card_type in GAME.sections[0].card_types]
    try:
        entries = random_copies(rng, characters, lim("deck_size"), most=1)
    except ValueError:
        raise ValueError(f"the pool has {len({name_key(c.name) for c in characters})} unique character name(s); "
                         f"a FellBound deck needs {lim('deck_size')} ({CONSTRUCTED})") from None
    return DeckList(game=GAME.slug, format="standard", name="Random legal deck", sections={"deck": entries})


def chart_data(deck: DeckList) -> list[dict]:
    """Gold-cost curve (X as its own bar) and the alignment spread."""
    costs: dict[int, int] = {}
    x_count = 0
    alignments = dict.fromkeys(ALIGNMENTS, 0)
    for e in deck.entries("deck"):
        if is_x(e.card, "gold_cost"):
            x_count += e.qty
        else:
            cost = int_attr(e.card, "gold_cost")
            cost = 0 if cost is None else cost  # no gold cost printed: free to deploy
            costs[cost] = costs.get(cost, 0) + e.qty
        for a in list_attr(e.card, "alignments"):
            if a in alignments:
                alignments[a] += e.qty
    labels: list = curve_labels(costs, floor_top=3)
    values = [costs.get(c, 0) for c in labels] + [x_count]
    return [
        chart("gold_curve", "Gold-cost curve", "bar", [*labels, "X"], {"Characters": values}),
        chart("alignments", "Alignments", "bar", [a.capitalize() for a in alignments],
              {"Characters": list(alignments.values())}),
    ]


CONSTRUCTION = ConstructionSpec(
    formats=FORMATS, validate=validate, chart_data=chart_data, random_legal_deck=random_legal_deck,
    draws=DrawRules(section="deck", opening=3, per_turn=1, draw_on_first_turn=False,
                    rule=f'{SETUP}; {cite(BOOK, "DEPLOYMENT PHASE")}'),
    deal_random_deck=deal_random_deck,
)
