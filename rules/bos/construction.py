"""BOS deck construction (rulebook: shared/rulebooks/bos.txt).

"Starting Info": one deck of 24 cards -- 3 wizards, 10 summons, 10 spells and 1 boss -- all of
one colour; at most 3 copies of the same card; 3 different wizards. "Reserves" (competitive
rules, part of our ``standard``): at most 10 cards, summons and spells only, and the 3-copy
limit counts deck and reserves together. Every number is read from the format's ``limits``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from rules.bos.abilities import CompileError, card_def
from rules.bos.cards import COLORS, GAME
from rules.core.construction import (
    at_most,
    chart,
    curve_labels,
    exact_count,
    int_attr,
    random_copies,
    wrong_section_violations,
)
from rules.core.construction_spec import ConstructionSpec
from rules.core.decks import CardSpec, DeckList, Violation
from rules.core.formats import FormatSpec, cite, copies_by_name, name_key

BOOK = GAME.rulebook
STARTING_INFO = cite(BOOK, "Starting Info")
RESERVES = cite(BOOK, "Reserves")

#: Count codes per card type in the main deck.
TYPE_CODES = {"wizard": "wizard_count", "summon": "summon_count", "spell": "spell_count", "boss": "boss_count"}

FORMATS: dict[str, FormatSpec] = {
    "standard": FormatSpec(
        game="bos", slug="standard", name="Standard (competitive)",
        limits={
            "deck_size": 24,
            "type_counts": {"wizard": 3, "summon": 10, "spell": 10, "boss": 1},
            "different_wizards": True,
            "one_colour": True,
            "max_copies": 3,  # counted over the deck and its reserves together
            "reserves_max": 10,
            "reserve_types": ["summon", "spell"],
            "reserves_share_colour": True,
        },
        description="24 cards of one colour (3 different wizards, 10 summons, 10 spells, 1 boss), "
                    "3 copies at most, and up to 10 reserves (summons and spells).",
        rule_source=f"{STARTING_INFO}; {RESERVES}",
    ),
}

#: "BOS is the first luckless trading card game. This means no shuffling your cards, no drawing
#: cards" (Starter Guide): no opening hand, no draw odds.
STRENGTH_BUCKETS = ((0, 2), (3, 5), (6, 8), (9, 11), (12, None))


def colour(card: CardSpec) -> str | None:
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    value = attrs.get("color")
    return value if isinstance(value, str) else None


def validate(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Every BOS construction violation of ``deck`` under ``fmt``."""
    lim = fmt.limit
    out: list[Violation] = []
    main = deck.entries("main")
    reserves = deck.entries("reserves")
    out += wrong_section_violations(deck, GAME, STARTING_INFO, skip=("reserves",))

    out += exact_count("deck_size", STARTING_INFO, deck.count("main"), lim("deck_size"), "cards in the deck", "main")
    for card_type, expected in (lim("type_counts") or {}).items():
        have = [e for e in main if e.card.card_type == card_type]
        kind = GAME.card_type(card_type)
        label = kind.label.lower() if kind else card_type
        out += exact_count(TYPE_CODES.get(card_type, f"{card_type}_count"), STARTING_INFO,
                           sum(e.qty for e in have), expected, label if expected == 1 else f"{label}s", "main")
    if lim("different_wizards"):
        counts, display = copies_by_name(e for e in main if e.card.card_type == "wizard")
        twice = [display[k] for k, n in counts.items() if n > 1]
        if twice:
            out.append(Violation("wizards_not_different", STARTING_INFO,
                                 f"the wizards must be 3 different cards; repeated: {', '.join(twice)}.",
                                 tuple(twice), "main"))

    most = lim("max_copies")
    if most is not None:
        counts, display = copies_by_name(main + reserves)
        for key, n in counts.items():
            if n > most:
                out.append(Violation("too_many_copies", f"{STARTING_INFO}; {RESERVES}",
                                     f"{display[key]}: {n} copies in the deck and reserves together; at most {most}.",
                                     (display[key],), "main"))

    out += at_most("reserve_size", RESERVES, deck.count("reserves"), lim("reserves_max"), "reserve cards", "reserves")
    allowed = lim("reserve_types")
    if allowed is not None:
        for e in reserves:
            if e.card.card_type not in allowed:
                out.append(Violation("reserve_card_type", RESERVES,
                                     f"{e.card.name} is a {e.card.card_type}; reserves can only have "
                                     f"{' and '.join(a + 's' for a in allowed)} in them.",
                                     (e.card.name,), "reserves"))

    if lim("one_colour"):
        pool = main + (reserves if lim("reserves_share_colour") else [])
        out += _mixed_colours(pool)
    return out


def _mixed_colours(entries) -> list[Violation]:
    """One violation naming the cards off the deck's colour (the most common one)."""
    tally: Counter = Counter()
    for e in entries:
        tally[colour(e.card)] += e.qty
    if len(tally) <= 1:
        return []
    coloured = [c for c in tally if c is not None]
    main_colour = max(coloured, key=lambda c: tally[c]) if coloured else None  # ties: first in deck
    off = tuple(dict.fromkeys(e.card.name for e in entries if colour(e.card) != main_colour))
    spread = ", ".join(f"{n} {c or 'without a colour'}" for c, n in tally.most_common())
    return [Violation("mixed_colours", STARTING_INFO,
                      f"all cards must share one colour (red, yellow or blue); the deck has {spread}. "
                      f"Off colour: {', '.join(off)}.", off, None)]


def random_legal_deck(pool: Sequence[CardSpec], rng: random.Random) -> DeckList:
    """A random ``standard`` deck drawn from the whole ``pool`` ("Starting Info", "Reserves"): a colour
    that can make a deck, 3 different wizards, 1 boss, 10 summons and 10 spells (3 of a name at most),
    and 0-10 reserves of that colour's summons and spells within the same 3-copy limit. Cards the
    engine cannot run are left out. The same ``rng`` state gives the same deck. The conformance
    suite plays such decks: some rule defects never show with the sample decks."""
    lim = FORMATS["standard"].limit
    need = lim("type_counts")
    most = lim("max_copies")
    by_colour: dict[str, dict[str, list[CardSpec]]] = {c: {t: [] for t in need} for c in COLORS}
    for card in pool:
        kinds = by_colour.get(colour(card) or "")  # (a card without a colour has no pile)
        if kinds is None or card.card_type not in kinds or not _playable(card):
            continue
        kinds[card.card_type].append(card)

    def enough(kinds: dict[str, list[CardSpec]]) -> bool:
        for card_type, count in need.items():
            names = {name_key(c.name) for c in kinds[card_type]}
            if len(names) * (1 if card_type in ("wizard", "boss") else most) < count:
                return False
        return True

    colours = [c for c in COLORS if enough(by_colour[c])]
    if not colours:
        raise ValueError(f"the pool cannot make a BOS deck of one colour ({STARTING_INFO})")
    kinds = by_colour[rng.choice(colours)]
    main = [*random_copies(rng, kinds["wizard"], need["wizard"], most=1),
            *random_copies(rng, kinds["summon"], need["summon"], most=most),
            *random_copies(rng, kinds["spell"], need["spell"], most=most),
            *random_copies(rng, kinds["boss"], need["boss"], most=1)]
    used = {name_key(e.card.name): e.qty for e in main}
    backups = kinds["summon"] + kinds["spell"]
    left = {c.name: most - used.get(name_key(c.name), 0) for c in backups}
    room = sum(left[name] for name in {name_key(c.name): c.name for c in backups}.values())
    size = min(rng.randint(0, lim("reserves_max")), room)
    reserves = random_copies(rng, backups, size, most=most, named_most=left) if size else []
    return DeckList(game=GAME.slug, name="Random legal deck", sections={"main": main, "reserves": reserves})


def _playable(card: CardSpec) -> bool:
    """The engine can compile the card (``abilities.card_def``, cached)."""
    try:
        card_def(card)
    except (CompileError, KeyError, TypeError, ValueError):
        return False
    return True


def _bucket(strength: int) -> str:
    for low, high in STRENGTH_BUCKETS:
        if high is None or strength <= high:
            return f"{low}+" if high is None else f"{low}-{high}"
    return ""  # unreachable


def chart_data(deck: DeckList) -> list[dict]:
    """Vim-cost curve of the spells and the strength spread of summons and boss (main deck)."""
    main = deck.entries("main")
    vim: dict[int, int] = {}
    for e in main:
        if e.card.card_type == "spell":
            cost = int_attr(e.card, "vim_cost") or 0
            vim[cost] = vim.get(cost, 0) + e.qty
    labels = curve_labels(vim, floor_top=3)
    bucket_labels = [_bucket(low) for low, _ in STRENGTH_BUCKETS]
    strength = {"Summons": dict.fromkeys(bucket_labels, 0), "Boss": dict.fromkeys(bucket_labels, 0)}
    for e in main:
        series = {"summon": "Summons", "boss": "Boss"}.get(e.card.card_type)
        value = int_attr(e.card, "strength")
        if series and value is not None and value >= 0:
            strength[series][_bucket(value)] += e.qty
    return [
        chart("vim_curve", "Vim-cost curve (spells)", "bar", labels, {"Spells": [vim.get(c, 0) for c in labels]}),
        chart("strength_spread", "Strength spread", "stacked", bucket_labels,
              {name: list(values.values()) for name, values in strength.items()}),
    ]


CONSTRUCTION = ConstructionSpec(
    formats=FORMATS, validate=validate, chart_data=chart_data, random_legal_deck=random_legal_deck,
    draws=None,
)
