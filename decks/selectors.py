"""Reads for decks: value objects for the rules, validation, lists, search, version diffs.

Data flows one way (docs/architecture.md): models -> ``CardSpec`` / ``DeckList`` -> ``rules`` ->
plain results. The rules' construction code is imported lazily so this app keeps working
(and reports "no validator") for a game whose ``construction.py`` is not there yet.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Count, QuerySet

from cardpool.models import Card
from decks.models import Deck, DeckVersion, Format
from decks.permissions import can_view
from rules.core.decks import CardSpec, DeckEntry, DeckList, Violation
from rules.core.registry import UnknownGame, get_game

MAX_QTY = 999

#: Where the checks this app makes itself (before the game's validator runs) come from.
SECTION_RULE = "docs/architecture.md · Game slugs, sections and types"
CARD_RULE = "the game's card pool (cardpool; /api/cards/)"
QTY_RULE = "deck text format (issue 'Deck builder', part 7): quantities are whole numbers 1-999"


# -- cards as the rules see them ----------------------------------------------------------------
def card_to_spec(card: Card) -> CardSpec:
    return CardSpec(id=card.pk, name=card.name, card_type=card.card_type, attributes=dict(card.attributes or {}),
                    effects=tuple(card.effects or ()), set_code=card.card_set.code, number=card.number,
                    text=card.text)


def game_card_specs(game: str) -> list[CardSpec]:
    """Every card of ``game`` as a CardSpec, oldest printing first (name lookups pick it)."""
    cards = (Card.objects.filter(game__slug=game).select_related("card_set")
             .order_by("name_lower", "card_set__release_order", "number", "pk"))
    return [card_to_spec(c) for c in cards]


def deck_to_decklist(deck: Deck) -> DeckList:
    """The deck as a ``DeckList`` (sections in the game's order) for validators and engines."""
    spec = get_game(deck.game)
    rows = deck.cards.select_related("card__card_set").order_by("card__name_lower", "pk")
    by_section: dict[str, list[DeckEntry]] = {}
    for row in rows:
        by_section.setdefault(row.section, []).append(DeckEntry(card_to_spec(row.card), row.quantity))
    order = [s.slug for s in spec.sections] + sorted(set(by_section) - {s.slug for s in spec.sections})
    sections = {slug: by_section[slug] for slug in order if slug in by_section}
    return DeckList(game=deck.game, sections=sections, format=deck.format_slug, name=deck.name)


# -- formats ---------------------------------------------------------------------------------------
def format_list(*, game: str) -> QuerySet[Format]:
    return Format.objects.filter(game=game).order_by("-builtin", "name")


def format_find(*, game: str, name: str | None) -> Format | None:
    """A game's format by slug or name (any case); ``None``/"" means the default ``standard``.

    Returns None when no such format exists (callers report it with ``format_list``).
    """
    key = (name or "standard").strip()
    qs = Format.objects.filter(game=game)
    return qs.filter(slug__iexact=key).first() or qs.filter(name__iexact=key).first()


def format_default(game: str) -> Format | None:
    return format_find(game=game, name="standard")


# -- validation ------------------------------------------------------------------------------------
def validate_decklist(decklist: DeckList, fmt: Format | None) -> list[Violation]:
    """Every construction violation of ``decklist`` under ``fmt`` (never raises for any deck)."""
    from rules.core.construction import validate_deck

    return list(validate_deck(decklist, fmt.spec() if fmt else None))


def deck_validate(deck: Deck) -> list[Violation]:
    return validate_decklist(deck_to_decklist(deck), deck.format)


def chart_data(decklist: DeckList) -> list[dict]:
    """The game's statistics for charts (``rules/<game>/construction.py`` ``chart_data``)."""
    from rules.core.construction import deck_charts

    return deck_charts(decklist)


def draw_rules(game: str) -> dict | None:
    """How the game draws cards (``DRAWS``), or None for games without draws (BOS)."""
    from rules.core.construction import draw_rules as rules_draws

    return rules_draws(game)


def deck_counts(decklist: DeckList) -> dict[str, int]:
    """Cards per section of the game (0 for empty ones) and ``total``."""
    spec = get_game(decklist.game)
    counts = {s.slug: decklist.count(s.slug) for s in spec.sections}
    counts["total"] = decklist.count()
    return counts


#: what one deck request may hold: far above any legal deck of the five games, far below a flood
MAX_BODY_BYTES = 256 * 1024
MAX_SECTIONS = 12
MAX_ENTRIES = 600
MAX_CARD_REFERENCE = 200  # characters of a card name given in a request


def deck_size_problem(sections: Any) -> str | None:
    """Why ``sections`` is too large to read (naming the limit and where), or None."""
    if not isinstance(sections, Mapping):
        return None  # sections_to_decklist reports the shape
    if len(sections) > MAX_SECTIONS:
        return f"a deck has at most {MAX_SECTIONS} sections, not {len(sections)}"
    entries = 0
    for section, cards in sections.items():
        if len(str(section)) > MAX_CARD_REFERENCE:
            return f"a section name has at most {MAX_CARD_REFERENCE} characters"
        if not isinstance(cards, list):
            continue
        entries += len(cards)
        if entries > MAX_ENTRIES:
            return f"a deck request lists at most {MAX_ENTRIES} cards (section {str(section)[:40]!r} goes past it)"
        for i, entry in enumerate(cards):
            name = entry.get("name") if isinstance(entry, Mapping) else None
            if isinstance(name, str) and len(name) > MAX_CARD_REFERENCE:
                return f"{str(section)[:40]}[{i}].name has {len(name):,} characters; a card name has at most " \
                       f"{MAX_CARD_REFERENCE}"
    return None


def sections_to_decklist(*, game: str, sections: Any, fmt: str = "standard", name: str = ""
                         ) -> tuple[DeckList, list[Violation]]:
    """Read ``{section: [{"name" or "card_id", "qty"}]}`` (or ``(card_id_or_name, qty)`` pairs).

    Unknown sections, unknown cards and bad quantities become violations (codes
    ``unknown_section``, ``unknown_card``, ``bad_quantity``) instead of exceptions, so the API
    can answer them like any other rule; the rest of the deck is still read.
    """
    spec = get_game(game)
    deck = DeckList(game=game, format=fmt, name=name)
    problems: list[Violation] = []
    too_large = deck_size_problem(sections)
    if too_large:
        return deck, [Violation("too_large", SECTION_RULE, too_large)]
    if not isinstance(sections, Mapping):
        problems.append(Violation("bad_sections", SECTION_RULE,
                                  'sections must be an object: {"section": [{"name": ..., "qty": ...}]}'))
        return deck, problems

    rows: list[tuple[str, str, Any, Any, str]] = []  # (section slug, "id"/"name", ref, qty, where)
    for raw_section, entries in sections.items():
        found = spec.section(str(raw_section))
        if found is None:
            known = ", ".join(s.slug for s in spec.sections)
            problems.append(Violation("unknown_section", SECTION_RULE,
                                      f"{str(raw_section)[:80]!r} is not a {spec.name} deck section ({known})",
                                      section=str(raw_section)[:80]))
            continue
        if not isinstance(entries, list):
            problems.append(Violation("bad_sections", SECTION_RULE,
                                      f"section {found.slug!r} must be a list of cards", section=found.slug))
            continue
        for i, entry in enumerate(entries):
            where = f"{found.slug}[{i}]"
            if isinstance(entry, Mapping) and entry.get("name") not in (None, ""):
                kind, ref, qty = "name", entry["name"], entry.get("qty", entry.get("quantity", 1))
            elif isinstance(entry, Mapping):
                kind, ref, qty = "id", entry.get("card_id", entry.get("id")), entry.get("qty", entry.get("quantity", 1))
            elif isinstance(entry, (list, tuple)) and len(entry) == 2:
                ref, qty = entry
                kind = "name" if isinstance(ref, str) else "id"
            else:
                problems.append(Violation("bad_entry", SECTION_RULE,
                                          f'{where}: expected {{"name" or "card_id", "qty"}}, not {str(entry)[:80]!r}',
                                          section=found.slug))
                continue
            rows.append((found.slug, kind, ref, qty, where))

    ids = {_as_id(ref) for _, kind, ref, _, _ in rows if kind == "id"} - {None}
    names = {ref.strip().lower() for _, kind, ref, _, _ in rows if kind == "name" and isinstance(ref, str)}
    cards = Card.objects.filter(game__slug=game).select_related("card_set")
    by_id = {c.pk: c for c in cards.filter(pk__in=ids)} if ids else {}
    by_name: dict[str, Card] = {}
    if names:
        for card in cards.filter(name_lower__in=names).order_by("card_set__release_order", "number", "pk"):
            by_name.setdefault(card.name_lower, card)

    merged: dict[tuple[str, int], int] = {}
    specs: dict[int, CardSpec] = {}
    for section, kind, ref, qty, where in rows:
        if kind == "id":
            card = by_id.get(_as_id(ref))
        else:
            card = by_name.get(ref.strip().lower()) if isinstance(ref, str) else None
        if card is None:
            problems.append(_unknown_card(game, kind, ref, where, section))
            continue
        count = _quantity(qty)
        if count is None:
            problems.append(Violation("bad_quantity", QTY_RULE,
                                      f"{where} {card.name}: quantity must be a whole number 1-{MAX_QTY}, "
                                      f"not {str(qty)[:40]!r}",
                                      cards=(card.name,), section=section))
            continue
        specs.setdefault(card.pk, card_to_spec(card))
        merged[(section, card.pk)] = merged.get((section, card.pk), 0) + count
    for slug in [s.slug for s in spec.sections]:
        for (section, pk), qty in merged.items():
            if section == slug:
                deck.sections.setdefault(slug, []).append(DeckEntry(specs[pk], qty))
    return deck, problems


def _as_id(ref: Any) -> int | None:
    """A card id from an int or a string of digits (JSON clients send either), else None."""
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref if 0 < ref < 2**62 else None
    if isinstance(ref, str) and ref.strip().isdigit() and len(ref.strip()) < 18:
        return int(ref.strip())
    return None


def _quantity(qty: Any) -> int | None:
    if isinstance(qty, bool):
        return None
    if isinstance(qty, str) and qty.strip().isdigit():
        qty = int(qty.strip())
    if isinstance(qty, int) and 1 <= qty <= MAX_QTY:
        return qty
    return None


def _unknown_card(game: str, kind: str, ref: Any, where: str, section: str) -> Violation:
    spec = get_game(game)
    if kind == "name" and isinstance(ref, str):
        pool = list(Card.objects.filter(game__slug=game).values_list("name", flat=True).distinct())
        near = difflib.get_close_matches(ref.strip(), pool, n=3, cutoff=0.5)
        hint = "; did you mean " + " or ".join(repr(n) for n in near) + "?" if near else ""
        message = f"{where}: no {spec.name} card named {ref.strip()[:120]!r}{hint}"
        return Violation("unknown_card", CARD_RULE, message, cards=(ref.strip()[:200],), section=section)
    if _as_id(ref) is not None:
        return Violation("unknown_card", CARD_RULE, f"{where}: no {spec.name} card with id {ref}", section=section)
    return Violation("unknown_card", CARD_RULE, f'{where}: give a card "name" or "card_id", not {str(ref)[:80]!r}',
                     section=section)


# -- lists and search ------------------------------------------------------------------------------
def deck_list_mine(*, user) -> QuerySet[Deck]:
    return (Deck.objects.filter(owner=user).select_related("format", "owner").annotate(card_rows=Count("cards"))
            .order_by("-updated", "-pk"))


def deck_list_public(*, q: str = "", game: str = "", format_slug: str = "", owner: str = "", card: str = ""
                     ) -> QuerySet[Deck]:
    """Public decks, searchable by name (``q``), game, format, owner name and a card name."""
    decks = Deck.objects.filter(visibility=Deck.PUBLIC).select_related("format", "owner").annotate(
        card_rows=Count("cards", distinct=True))
    if q.strip():
        decks = decks.filter(name__icontains=q.strip())
    if game.strip():
        decks = decks.filter(game=game.strip())
    if format_slug.strip():
        decks = decks.filter(format__slug=format_slug.strip())
    if owner.strip():
        decks = decks.filter(owner__username__iexact=owner.strip())
    if card.strip():
        decks = decks.filter(cards__card__name_lower__contains=card.strip().lower()).distinct()
    return decks.order_by("-updated", "-pk")


def deck_visible_to(user, deck: Deck, token: str | None = None) -> bool:
    return can_view(user, deck, token)


def deck_get_visible(*, pk: int, user, token: str | None = None) -> Deck | None:
    """The deck if it exists and ``user`` (or the share ``token``) may see it, else None."""
    deck = Deck.objects.select_related("format", "owner").filter(pk=pk).first()
    if deck is None or not can_view(user, deck, token):
        return None
    return deck


def deck_sections_for_display(deck: Deck, violations: Iterable[Mapping] = ()) -> list[dict]:
    """The game's sections, each with its rows and the violations naming its cards."""
    spec = get_game(deck.game)
    rows = list(deck.cards.select_related("card__card_set", "card__game").order_by("card__name_lower", "pk"))
    violations = list(violations)
    out = []
    known = [s.slug for s in spec.sections]
    extra = sorted({r.section for r in rows} - set(known))
    for slug in known + extra:
        section = spec.section(slug)
        cards = []
        for row in rows:
            if row.section != slug:
                continue
            problems = [v for v in violations if row.card.name in (v.get("cards") or [])
                        and v.get("section") in (None, slug)]
            cards.append({"row": row, "card": row.card, "qty": row.quantity, "problems": problems})
        out.append({"slug": slug, "label": section.label if section else slug,
                    "count": sum(c["qty"] for c in cards), "cards": cards})
    return out


# -- versions --------------------------------------------------------------------------------------
def deck_versions(deck: Deck) -> QuerySet[DeckVersion]:
    return deck.versions.order_by("-number")


def deck_version_get(deck: Deck, number: Any) -> DeckVersion | None:
    try:
        return deck.versions.filter(number=int(number)).first()
    except (TypeError, ValueError):
        return None


def deck_version_diff(a: DeckVersion, b: DeckVersion) -> dict:
    """What changed from version ``a`` to version ``b``, per section.

    ``{"from", "to", "name": (before, after) | None, "format": ..., "sections": {slug: {"added":
    [{name, card_id, qty}], "removed": [...], "changed": [{name, card_id, before, after}]}},
    "counts": {"added", "removed", "changed"}}``; cards are matched by id, then by name.
    """
    sections: dict[str, dict[str, list]] = {}
    counts = {"added": 0, "removed": 0, "changed": 0}
    before_all = a.snapshot or {}
    after_all = b.snapshot or {}
    order = list(dict.fromkeys([*before_all, *after_all]))
    for slug in order:
        before = _rows_by_key(before_all.get(slug, []))
        after = _rows_by_key(after_all.get(slug, []))
        part = {"added": [], "removed": [], "changed": []}
        for key, row in after.items():
            if key not in before:
                part["added"].append({"name": row["name"], "card_id": row.get("card_id"), "qty": row["qty"]})
            elif before[key]["qty"] != row["qty"]:
                part["changed"].append({"name": row["name"], "card_id": row.get("card_id"),
                                        "before": before[key]["qty"], "after": row["qty"]})
        for key, row in before.items():
            if key not in after:
                part["removed"].append({"name": row["name"], "card_id": row.get("card_id"), "qty": row["qty"]})
        if any(part.values()):
            for kind in part:
                part[kind].sort(key=lambda r: r["name"].lower())
                counts[kind] += len(part[kind])
            sections[slug] = part
    return {
        "from": a.number,
        "to": b.number,
        "name": [a.name, b.name] if a.name != b.name else None,
        "format": [a.format_slug, b.format_slug] if a.format_slug != b.format_slug else None,
        "sections": sections,
        "counts": counts,
    }


def _rows_by_key(rows: list[dict]) -> dict[Any, dict]:
    out: dict[Any, dict] = {}
    for row in rows:
        key = row.get("card_id") or row.get("name", "").lower()
        if key in out:
            out[key] = {**out[key], "qty": out[key]["qty"] + row.get("qty", 0)}
        else:
            out[key] = {"name": row.get("name", "?"), "card_id": row.get("card_id"), "qty": row.get("qty", 0)}
    return out


def game_exists(slug: str) -> bool:
    try:
        get_game(slug)
    except UnknownGame:
        return False
    return True


# -- draws -----------------------------------------------------------------------------------------
def deck_sample_hand(deck: Deck, draws: dict, seed: int) -> dict:
    """A seeded opening hand from the deck's drawing section (``rules.core.probability``)."""
    from rules.core.probability import sample_hand

    decklist = deck_to_decklist(deck)
    hand = sample_hand(decklist, draws, seed)
    return {"draws": True, "seed": seed, "section": draws["section"], "size": len(hand),
            "deck_size": decklist.count(draws["section"]), "rule": draws.get("rule", ""),
            "hand": [{"card_id": c.id, "name": c.name, "card_type": c.card_type} for c in hand]}


def deck_draw_odds(deck: Deck, draws: dict, card_id: int, turns: int) -> dict | None:
    """P(at least one copy of ``card_id`` by each turn), going first and second; None if not in the pile."""
    from rules.core.probability import draw_odds

    decklist = deck_to_decklist(deck)
    pile = decklist.entries(draws["section"])
    copies = sum(e.qty for e in pile if e.card.id == card_id)
    if not copies:
        return None
    name = next(e.card.name for e in pile if e.card.id == card_id)
    size = decklist.count(draws["section"])
    first = draw_odds(size, copies, draws, turns, on_play=True)
    second = draw_odds(size, copies, draws, turns, on_play=False)
    return {"draws": True, "card_id": card_id, "name": name, "copies": copies, "deck_size": size,
            "section": draws["section"], "rule": draws.get("rule", ""),
            "turns": [{"turn": t, "on_play": float(p1), "on_draw": float(p2),
                       "on_play_exact": f"{p1.numerator}/{p1.denominator}",
                       "on_draw_exact": f"{p2.numerator}/{p2.denominator}"}
                      for (t, p1), (_, p2) in zip(first, second, strict=True)]}


# -- a card's place among decks (the card page) ---------------------------------------------------
def card_format_legality(card: Card) -> list[dict]:
    """Each format of the card's game with the card's standing in it: ``legal``, ``banned`` or
    ``restricted`` (with its most ``copies``); names compared as the validators compare them."""
    from rules.core.formats import name_key

    key = name_key(card.name)
    out = []
    for fmt in format_list(game=card.game.slug):
        spec = fmt.spec()
        restricted = {name_key(name): copies for name, copies in spec.restricted.items()}
        if key in {name_key(name) for name in spec.banned}:
            out.append({"format": fmt.name, "status": "banned"})
        elif key in restricted:
            out.append({"format": fmt.name, "status": "restricted", "copies": restricted[key]})
        else:
            out.append({"format": fmt.name, "status": "legal"})
    return out


def public_decks_with_card(card: Card, limit: int = 12) -> list[Deck]:
    """Public decks that play a card of this name (any printing), newest first."""
    return list(Deck.objects.filter(visibility=Deck.PUBLIC, game=card.game.slug, cards__card__name_lower=card.name_lower)
                .select_related("owner", "format").distinct().order_by("-updated", "-pk")[:limit])
