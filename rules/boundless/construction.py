"""Boundless TCG deck construction (rulebook: shared/rulebooks/boundless-tcg.txt).

"WHAT YOU NEED": a main deck of 30 Form and Command cards with at most 4 copies of a card, a
spirit deck of 15 Spirit cards with at most 4 "Rescue Spirit" and 1 "Perfect Spirit", and
1 (and only 1) Savior. Every number is read from the format's ``limits``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.boundless.cards import GAME
from rules.core.construction import (
    chart,
    count_of_type,
    curve_labels,
    exact_count,
    int_attr,
    plural,
    random_copies,
    size_range,
    wrong_section_violations,
)
from rules.core.construction_spec import ConstructionSpec, DrawRules
from rules.core.decks import CardSpec, DeckList, Violation
from rules.core.formats import FormatSpec, cite, copies_by_name, name_key

BOOK = GAME.rulebook
WHAT_YOU_NEED = cite(BOOK, "WHAT YOU NEED")
SPIRIT_CARDS = cite(BOOK, "SPIRIT")  # the card-type page: "THE SPIRIT DECK CONSISTS OF 15 SPIRIT CARDS ..."

#: The code reported for a named spirit over its limit; any other name in ``max_named``
#: (a format may add one) reports ``spirit_name_limit``.
NAMED_LIMIT_CODES = {"perfect spirit": "perfect_spirit_limit"}

FORMATS: dict[str, FormatSpec] = {
    "standard": FormatSpec(
        game="boundless", slug="standard", name="Standard",
        limits={
            "saviors": 1,
            "main_size": 30,  # exact; "main_min"/"main_max" may replace it in a custom format
            "max_copies_main": 4,
            "spirit_size": 15,
            "max_named": {"Rescue Spirit": 4, "Perfect Spirit": 1},
        },
        description="The rulebook's deck: 1 Savior, a 30-card main deck of Forms and Commands "
                    "(4 copies at most), a 15-card spirit deck (4 Rescue Spirits, 1 Perfect Spirit).",
        rule_source=WHAT_YOU_NEED,
    ),
}

#: Boundless draws 5 ("BEFORE YOU START": DRAW 5) and 1 in every draw step ("TURN STRUCTURE":
#: DRAW STEP); nobody skips the first draw (only the first player's combat step is skipped).

def validate(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Every Boundless construction violation of ``deck`` under ``fmt``."""
    lim = fmt.limit
    out: list[Violation] = []
    out += wrong_section_violations(deck, GAME, WHAT_YOU_NEED)

    saviors = deck.entries("savior")
    out += exact_count("savior_count", WHAT_YOU_NEED, deck.count("savior"), lim("saviors"),
                       "Savior card (every player must have 1, and only 1)", "savior",
                       tuple(e.card.name for e in saviors))

    main = deck.entries("main")
    main_size = lim("main_size")
    out += size_range("main_size", WHAT_YOU_NEED, deck.count("main"),
                      main_size if main_size is not None else lim("main_min"),
                      main_size if main_size is not None else lim("main_max"),
                      "Form and Command cards in the main deck", "main")
    most = lim("max_copies_main")
    if most is not None:
        counts, display = copies_by_name(main)
        for key, n in counts.items():
            if n > most:
                out.append(Violation("too_many_copies", WHAT_YOU_NEED,
                                     f"{display[key]}: {n} copies in the main deck; at most {most}.",
                                     (display[key],), "main"))

    spirit_size = lim("spirit_size")
    out += size_range("spirit_size", WHAT_YOU_NEED, deck.count("spirit"),
                      spirit_size if spirit_size is not None else lim("spirit_min"),
                      spirit_size if spirit_size is not None else lim("spirit_max"),
                      "Spirit cards in the spirit deck", "spirit")
    counts, display = copies_by_name(deck.entries())
    for name, most in (lim("max_named") or {}).items():
        n = counts.get(name_key(name), 0)
        if n > most:
            code = NAMED_LIMIT_CODES.get(name_key(name), "spirit_name_limit")
            out.append(Violation(code, WHAT_YOU_NEED,
                                 f'only {plural(most, "card")} named "{name}" may be included; the deck has {n}.',
                                 (display.get(name_key(name), name),), "spirit"))
    return out


def random_legal_deck(pool: Sequence[CardSpec], rng: random.Random) -> DeckList:
    """A random Standard deck drawn from the whole ``pool`` ("WHAT YOU NEED"): one savior, 30 forms and
    commands (4 of a name at most), 15 spirits within the named limits. The conformance suite plays
    such decks, since some rule defects never show with the sample decks."""
    lim = FORMATS["standard"].limit
    of_type = {t: [c for c in pool if c.card_type == t] for t in ("savior", "form", "command", "spirit")}
    if not of_type["savior"]:
        raise ValueError(f"the pool has no savior ({WHAT_YOU_NEED})")
    return DeckList(game=GAME.slug, name="Random legal deck", sections={
        "savior": random_copies(rng, of_type["savior"], lim("saviors"), most=1),
        "main": random_copies(rng, of_type["form"] + of_type["command"], lim("main_size"),
                              most=lim("max_copies_main")),
        "spirit": random_copies(rng, of_type["spirit"], lim("spirit_size"), named_most=lim("max_named")),
    })


def chart_data(deck: DeckList) -> list[dict]:
    """Level curve of the forms, the form / command split and the spirit mix."""
    main = deck.entries("main")
    levels: dict[int, int] = {}
    for e in main:
        if e.card.card_type == "form":
            level = int_attr(e.card, "level")
            level = 0 if level is None else level  # "IF THERE IS NO ORB, ITS LEVEL IS 0"
            levels[level] = levels.get(level, 0) + e.qty
    labels = curve_labels(levels, floor_top=3)
    spirits: dict[str, int] = {}
    for e in deck.entries("spirit"):
        spirits[e.card.name] = spirits.get(e.card.name, 0) + e.qty
    return [
        chart("level_curve", "Form level curve", "bar", labels,
              {"Forms": [levels.get(level, 0) for level in labels]}),
        chart("form_command_split", "Forms and commands", "pie", ["Form", "Command"],
              {"Main deck": [count_of_type(main, "form"), count_of_type(main, "command")]}),
        chart("spirit_mix", "Spirit mix", "pie", list(spirits), {"Spirits": list(spirits.values())}),
    ]


CONSTRUCTION = ConstructionSpec(
    formats=FORMATS, validate=validate, chart_data=chart_data, random_legal_deck=random_legal_deck,
    draws=DrawRules(section="main", opening=5, per_turn=1,
                    rule=f'{cite(BOOK, "BEFORE YOU START")}; {cite(BOOK, "TURN STRUCTURE")}'),
)
