"""Reads for decks: value objects for the rules, validation, lists, search, version diffs.

Data flows one way (docs/architecture.md): models -> ``CardSpec`` / ``DeckList`` -> ``rules`` ->
plain results. The rules' construction code is imported lazily so this app keeps working
(and reports "no validator") for a game whose ``construction.py`` is not there yet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cache as cache_for_process
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Q, QuerySet

from cardpool.models import Card
from cardpool.name_index import Suggester
from decks.models import Deck, DeckCard, DeckVersion, Format
from decks.permissions import can_view
from rules.core.construction_spec import DrawRules
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
                    text=card.text, set_kind=card.card_set.kind)


def game_card_specs(game: str, names: Iterable[str] | None = None) -> list[CardSpec]:
    """Every card of ``game`` as a CardSpec, oldest printing first (name lookups pick it); with
    ``names``, only the printings of those names (any case), so a deck's lookup costs the same
    whatever the size of the pool."""
    cards = Card.objects.filter(game__slug=game)
    if names is not None:
        cards = cards.filter(name_lower__in={n.strip().lower() for n in names})
    cards = cards.select_related("card_set").order_by("name_lower", "card_set__release_order", "number", "pk")
    return [card_to_spec(c) for c in cards]


def deck_rows(deck: Deck) -> list[DeckCard]:
    """The deck's card rows with their cards (set and game joined), by card name, in one query
    that the deck page's cards, validation and charts all read."""
    return list(deck.cards.select_related("card__card_set", "card__game").order_by("card__name_lower", "pk"))


def deck_to_decklist(deck: Deck, rows: Iterable[DeckCard] | None = None) -> DeckList:
    """The deck as a ``DeckList`` (sections in the game's order) for validators and engines;
    ``rows`` (``deck_rows``) when the caller has read them already."""
    spec = get_game(deck.game)
    if rows is None:
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


def draw_rules(game: str) -> DrawRules | None:
    """How the game draws cards (its construction's ``draws``), or None for games without draws (BOS)."""
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
                return (f"{str(section)[:40]}[{i}].name has {len(name):,} characters; a card name has at most "
                        f"{MAX_CARD_REFERENCE}")
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
    suggest = Suggester(game)
    for section, kind, ref, qty, where in rows:
        if kind == "id":
            card = by_id.get(_as_id(ref))
        else:
            card = by_name.get(ref.strip().lower()) if isinstance(ref, str) else None
        if card is None:
            problems.append(_unknown_card(game, kind, ref, where, section, suggest))
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


def _unknown_card(game: str, kind: str, ref: Any, where: str, section: str, suggest: Suggester) -> Violation:
    """The violation for a card the game does not have; a name gets the closest names the request's
    ``suggest`` still gives (``cardpool.name_index``: an index, bounded per request)."""
    spec = get_game(game)
    if kind == "name" and isinstance(ref, str):
        near = suggest(ref.strip())
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


def deck_sections_for_display(deck: Deck, violations: Iterable[Mapping] = (),
                              rows: list[DeckCard] | None = None) -> list[dict]:
    """The game's sections, each with its rows and the violations naming its cards (``rows``:
    ``deck_rows``, when the caller has read them already)."""
    spec = get_game(deck.game)
    rows = deck_rows(deck) if rows is None else rows
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
def deck_sample_hand(deck: Deck, draws: DrawRules, seed: int) -> dict:
    """A seeded opening hand from the deck's drawing section (``rules.core.probability``)."""
    from rules.core.probability import sample_hand

    decklist = deck_to_decklist(deck)
    hand = sample_hand(decklist, draws, seed)
    return {"draws": True, "seed": seed, "section": draws.section, "size": len(hand),
            "deck_size": decklist.count(draws.section), "rule": draws.rule,
            "hand": [{"card_id": c.id, "name": c.name, "card_type": c.card_type} for c in hand]}


def deck_draw_odds(deck: Deck, draws: DrawRules, card_id: int, turns: int) -> dict | None:
    """P(at least one copy of ``card_id`` by each turn), going first and second; None if not in the pile."""
    from rules.core.probability import draw_odds

    decklist = deck_to_decklist(deck)
    pile = decklist.entries(draws.section)
    copies = sum(e.qty for e in pile if e.card.id == card_id)
    if not copies:
        return None
    name = next(e.card.name for e in pile if e.card.id == card_id)
    size = decklist.count(draws.section)
    first = draw_odds(size, copies, draws, turns, on_play=True)
    second = draw_odds(size, copies, draws, turns, on_play=False)
    return {"draws": True, "card_id": card_id, "name": name, "copies": copies, "deck_size": size,
            "section": draws.section, "rule": draws.rule,
            "turns": [{"turn": t, "on_play": float(p1), "on_draw": float(p2),
                       "on_play_exact": f"{p1.numerator}/{p1.denominator}",
                       "on_draw_exact": f"{p2.numerator}/{p2.denominator}"}
                      for (t, p1), (_, p2) in zip(first, second, strict=True)]}


# -- a card's place among decks (the card page) ---------------------------------------------------
#: how many copies the card page tries before it says "any number"
COPIES_PROBE = 10


def _probe_deck(game: str, fmt: str, card: Card, section: str, qty: int) -> DeckList:
    return DeckList(game=game, format=fmt, sections={section: [DeckEntry(card_to_spec(card), qty)]})


def card_format_legality(card: Card) -> list[dict]:
    """Each format of the card's game with the card's standing in it, asked of the game's own
    validator (a deck of only this card, in the first section that takes its type): ``banned``
    or ``not_allowed`` (with the ``reason`` in the rulebook's words), else ``legal`` with the most
    ``copies`` a deck may hold (None: no limit up to ``COPIES_PROBE``); ``restricted`` when a
    format's restriction list names it. Names are compared as the validators compare them."""
    from rules.core.formats import name_key

    spec = get_game(card.game.slug)
    section = spec.section_for_type(card.card_type) or (spec.sections[0] if spec.sections else None)
    key = name_key(card.name)
    out = []
    for fmt in format_list(game=card.game.slug):
        fmt_spec = fmt.spec()
        row = {"format": fmt.name, "slug": fmt.slug, "status": "legal", "copies": None, "reason": ""}
        restricted = {name_key(name): copies for name, copies in fmt_spec.restricted.items()}
        if key in {name_key(name) for name in fmt_spec.banned}:
            row["status"] = "banned"
            out.append(row)
            continue
        if section is None:
            out.append(row)
            continue

        def naming(qty: int, fmt: Format = fmt) -> list[Violation]:
            deck = _probe_deck(card.game.slug, fmt.slug, card, section.slug, qty)
            return [v for v in validate_decklist(deck, fmt) if card.name in v.cards]

        first = naming(1)
        if first:
            row.update(status="not_allowed", reason=first[0].message)
        elif key in restricted:
            row.update(status="restricted", copies=restricted[key])
        else:
            for qty in range(2, COPIES_PROBE + 1):
                if naming(qty):
                    row["copies"] = qty - 1
                    break
        out.append(row)
    return out


def decks_with_card(card: Card, user=None, limit: int = 12) -> list[Deck]:
    """Public decks that play a card of this name (any printing), and the viewer's own decks
    (of any visibility) that do, the viewer's first; newest first. Never another person's
    private or unlisted deck."""
    mine = Q(owner=user) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
    decks = (Deck.objects.filter(Q(visibility=Deck.PUBLIC) | mine, game=card.game.slug,
                                 cards__card__name_lower=card.name_lower)
             .select_related("owner", "format", "featured_card").distinct().order_by("-updated", "-pk"))
    rows = list(decks[:limit * 2])
    if getattr(user, "is_authenticated", False):
        rows.sort(key=lambda d: d.owner_id != user.pk)  # stable: the viewer's decks first, each newest first
    return rows[:limit]


def public_decks_with_card(card: Card, limit: int = 12) -> list[Deck]:
    """Public decks that play a card of this name (any printing), newest first."""
    return decks_with_card(card, None, limit)


def decks_to_add_card(card: Card, user) -> list[Deck]:
    """The viewer's decks of the card's game that are not dealt (the "add to deck" choices)."""
    if not getattr(user, "is_authenticated", False):
        return []
    decks = (Deck.objects.filter(owner=user, game=card.game.slug).select_related("format")
             .order_by("-updated", "-pk"))
    return [d for d in decks if not (d.format_id and d.format.spec().limit("dealt"))]


def card_sections(card: Card) -> list:
    """The game's deck sections that take this card's type (where "add to deck" may put it)."""
    spec = get_game(card.game.slug)
    return [s for s in spec.sections if not s.card_types or card.card_type in s.card_types]


# -- what a deck looks like: featured card, visual groups, charts -----------------------------------
def deck_featured_card(deck: Deck, sections: list[dict] | None = None) -> Card | None:
    """The card the owner chose to show for the deck, else the deck's first card (first section
    in the game's order, most copies first), else None."""
    if deck.featured_card_id:
        return deck.featured_card
    for section in sections if sections is not None else deck_sections_for_display(deck):
        if section["cards"]:
            return max(section["cards"], key=lambda item: item["qty"])["card"]
    return None


def decks_attach_featured(decks: Iterable[Deck]) -> list[Deck]:
    """Set ``shown_card`` (a Card or None) on each deck of a list page, in two queries at most."""
    decks = list(decks)
    missing = [d.pk for d in decks if not d.featured_card_id]
    first: dict[int, Card] = {}
    if missing:
        rows = (DeckCard.objects.filter(deck_id__in=missing).select_related("card", "deck")
                .order_by("deck_id", "-quantity", "card__name_lower"))
        order: dict[int, tuple[int, int]] = {}
        for row in rows:
            try:
                slugs = [s.slug for s in get_game(row.deck.game).sections]
            except UnknownGame:
                slugs = []
            rank = (slugs.index(row.section) if row.section in slugs else len(slugs), 0)
            if row.deck_id not in order or rank < order[row.deck_id]:
                order[row.deck_id] = rank
                first[row.deck_id] = row.card
    for deck in decks:
        deck.shown_card = deck.featured_card if deck.featured_card_id else first.get(deck.pk)
    return decks


def deck_visual_groups(deck: Deck, sections: list[dict], by: str = "section") -> list[dict]:
    """The deck's cards grouped for the visual view: by deck section (the game's order) or by
    card type (the game's order of types), each group with its label, count and cards
    (highest count first, then by name)."""
    spec = get_game(deck.game)
    if by != "type":
        return [{"slug": s["slug"], "label": s["label"], "count": s["count"],
                 "cards": sorted(s["cards"], key=lambda i: (-i["qty"], i["card"].name_lower))}
                for s in sections if s["cards"]]
    groups: dict[str, list[dict]] = {}
    for section in sections:
        for item in section["cards"]:
            groups.setdefault(item["card"].card_type, []).append(item)
    order = [t.slug for t in spec.card_types] + sorted(set(groups) - {t.slug for t in spec.card_types})
    out = []
    for slug in order:
        if slug in groups:
            card_type = spec.card_type(slug)
            items = sorted(groups[slug], key=lambda i: (-i["qty"], i["card"].name_lower))
            out.append({"slug": slug, "label": card_type.label if card_type else slug,
                        "count": sum(i["qty"] for i in items), "cards": items})
    return out


def deck_type_chart(decklist: DeckList) -> dict | None:
    """Cards per card type (the game's types, in its order), as a chart; None for an empty deck."""
    from rules.core.construction import chart

    spec = get_game(decklist.game)
    counts: dict[str, int] = {}
    for entry in decklist.entries():
        counts[entry.card.card_type] = counts.get(entry.card.card_type, 0) + entry.qty
    if not counts:
        return None
    order = [t for t in spec.card_types if t.slug in counts]
    return chart("card_types", "Card types", "bar", [t.label for t in order],
                 {"Cards": [counts[t.slug] for t in order]})


def deck_chart_list(deck: Deck, decklist: DeckList | None = None) -> list[dict]:
    """The deck's charts: the game's own (cost curves, splits: ``chart_data``) and its card types."""
    decklist = deck_to_decklist(deck) if decklist is None else decklist
    if not decklist.count():
        return []
    charts = [c for c in chart_data(decklist) if any(any(s["values"]) for s in [*c["series"], {"values": []}])]
    types = deck_type_chart(decklist)
    if types and not any(c["id"] in ("types", "card_types") for c in charts):
        charts.append(types)
    return charts


# -- what the deck page derives from a deck, memoised ----------------------------------------------
#: how long a deck's derived figures stay in the cache. Their key changes with every save of the
#: deck, of its format and of its cards (``Card.updated``) and with any change of what the page shows
#: of a card; a card import's bulk update does not touch ``Card.updated``, so what it changes in the
#: rules' view of a card (attributes, effects) is seen within this time.
DERIVED_SECONDS = 600
#: bump when what ``deck_page_derived`` stores changes shape
DERIVED_SHAPE = 1
#: most versions the deck page lists
RECENT_VERSIONS = 5
#: the modules whose code decides a deck's violations and charts (with the game's ``construction``
#: and ``cards`` modules): a server running other code computes them again
_DERIVED_MODULES = ("rules.core.construction", "rules.core.formats", "rules.core.decks", "rules.core.schema",
                    "decks.charts", "decks.selectors")
#: what a deck's cards contribute to its derived key: the rows, and of each card its last change and
#: everything the page shows of it
_STAMP_FIELDS = ("section", "card_id", "quantity", "card__updated", "card__name", "card__slug", "card__number",
                 "card__card_type", "card__playable", "card__unplayable_reason", "card__card_set__code",
                 "card__game__slug")


@cache_for_process
def _rules_fingerprint(game: str) -> str:
    """A hash of the source of the code that validates and charts ``game``'s decks (read once per
    process), so a cache shared by servers of another version never hands one's figures to the other."""
    import importlib
    import sys

    digest = hashlib.sha1()
    names = [*_DERIVED_MODULES]
    if game_exists(game):
        names += [f"rules.{game}.construction", f"rules.{game}.cards"]
    for name in names:
        try:
            module = sys.modules.get(name) or importlib.import_module(name)
            path = getattr(module, "__file__", None)
            digest.update(name.encode() + b"\0" + (Path(path).read_bytes() if path else b""))
        except (ImportError, OSError):
            digest.update(name.encode() + b"\0-")
    return digest.hexdigest()[:16]


def _format_fingerprint(fmt_spec) -> str:
    if fmt_spec is None:
        return "-"
    return json.dumps([fmt_spec.game, fmt_spec.slug, fmt_spec.name, fmt_spec.limits, sorted(fmt_spec.banned),
                       fmt_spec.restricted, fmt_spec.description, fmt_spec.rule_source],
                      sort_keys=True, default=str)


def deck_derived_key(deck: Deck, fmt_spec=None) -> str:
    """The cache key of a deck's derived figures: the deck and its saved version, everything they
    are computed from -- the deck row's last save and featured card, every card row with its card's
    last change and what the page shows of it (one query of plain values), the format's rules as
    they are now -- and the code that computes them. Any save of the deck, of one of its cards or of
    its format gives a new key, so a stale entry is never read (it expires)."""
    if fmt_spec is None and deck.format_id:
        fmt_spec = deck.format.spec()
    content = hashlib.sha1()
    content.update(repr((deck.game, deck.name, deck.format_id, deck.featured_card_id,
                         deck.updated.isoformat() if deck.updated else "")).encode())
    for row in deck.cards.order_by("card__name_lower", "pk").values_list(*_STAMP_FIELDS):
        content.update(repr(row).encode())
    content.update(_format_fingerprint(fmt_spec).encode())
    return (f"decks:derived:{DERIVED_SHAPE}:{deck.pk}:{deck.current_version}:"
            f"{_rules_fingerprint(deck.game)}:{content.hexdigest()}")


def _card_link(card: Card) -> dict:
    """What a page shows of a card it links to, as plain values (for the cache)."""
    return {"pk": card.pk, "name": card.name, "get_absolute_url": card.get_absolute_url(),
            "thumb_url": card.thumb_url, "unplayable_reason": card.unplayable_reason}


def deck_page_derived(deck: Deck) -> dict:
    """What the deck page shows that is worked out from the deck alone, the same for every viewer
    who may see it: ``violations`` (as dicts, against the deck's format), ``charts`` (drawn:
    ``decks.charts``), ``total`` (cards), ``not_playable`` and ``featured`` (cards as plain values:
    ``_card_link``; ``featured`` None and ``featured_elsewhere`` true when the chosen card is not in
    the deck) and the ``versions`` last saved (plain values), with the ``key`` they are kept under.

    A saved version never changes, so these are kept in the cache (``deck_derived_key``: keyed by
    the deck, its version and everything they are computed from) and worked out again only when
    the deck, one of its cards, its format or the code changes: a view then costs one query of
    plain values instead of reading, validating and charting every card. Only figures derived from
    the deck are kept; who may see the deck is asked on every request, before this.
    ``rows`` is set (the deck's ``deck_rows``) when they were read to work the figures out."""
    from cardpool.selectors import cards_not_playable
    from decks import charts as deck_charts
    from rules.core.construction import validate_deck

    fmt_spec = deck.format.spec() if deck.format_id else None
    key = deck_derived_key(deck, fmt_spec)
    derived = cache.get(key)
    rows = None
    if derived is None:
        rows = deck_rows(deck)
        decklist = deck_to_decklist(deck, rows)
        violations = [v.as_dict() for v in validate_deck(decklist, fmt_spec)]
        sections = deck_sections_for_display(deck, violations, rows)
        cards = [item["card"] for section in sections for item in section["cards"]]
        featured = None
        if deck.featured_card_id:
            featured = next((c for c in cards if c.pk == deck.featured_card_id), None)
        else:
            featured = deck_featured_card(deck, sections)
        derived = {
            "violations": violations,
            "charts": deck_charts.draw_all(deck_chart_list(deck, decklist)),
            "total": sum(s["count"] for s in sections),
            "not_playable": [_card_link(c) for c in cards_not_playable(cards)],
            "featured": _card_link(featured) if featured is not None else None,
            "featured_elsewhere": bool(deck.featured_card_id) and featured is None,
            "versions": [{"number": v.number, "created": v.created, "card_count": v.card_count(), "note": v.note}
                         for v in deck_versions(deck)[:RECENT_VERSIONS]],
        }
        cache.set(key, derived, DERIVED_SECONDS)
    derived["key"] = key
    derived["rows"] = rows
    return derived


# -- the deck's simulation record -------------------------------------------------------------------
#: most runs listed on a deck page
RECORD_RUNS = 10


def _deck_sides(mode: str, position: int, pairings: int) -> list[tuple[int, int]]:
    """Which (pairing, side) a deck at ``position`` of a run plays (simulate.modes.pairings): a
    gauntlet's first deck plays side 0 of every pairing, each other deck side 1 of its own."""
    from simulate import modes

    if mode == modes.GAUNTLET:
        return [(p, 0) for p in range(pairings)] if position == 0 else [(position - 1, 1)]
    return [(0, position)]


def deck_simulation_record(deck: Deck, user) -> list[dict]:
    """The simulation runs that played this deck and that the viewer may see (their own runs:
    ``simulate.permissions.can_view`` without a share key), newest first: each with its mode, the
    other decks, and this deck's games, wins, draws, losses and win rate (its interval), or for a
    goldfish run the mean turns to win. Read-only: nothing of the simulate app is changed."""
    if not getattr(user, "is_authenticated", False):
        return []
    from rules.core.tally import rate_with_interval
    from simulate import permissions as run_permissions
    from simulate.models import SimulationRun

    runs = (SimulationRun.objects.filter(run_decks__deck=deck, owner=user).distinct()
            .prefetch_related("run_decks").order_by("-created", "-pk"))[:RECORD_RUNS]
    out = []
    for run in runs:
        if not run_permissions.can_view(user, run):
            continue
        positions = [rd.position for rd in run.run_decks.all() if rd.deck_id == deck.pk]
        others = [rd.name for rd in sorted(run.run_decks.all(), key=lambda rd: rd.position)
                  if rd.deck_id != deck.pk]
        # a finished run's figures never change: kept, not summed from its chunks again on every view
        done = run.status == SimulationRun.Status.DONE
        key = (f"decks:record:{DERIVED_SHAPE}:{run.pk}:{deck.pk}:{positions}:{run.engine_version}:"
               f"{run.finished.isoformat() if run.finished else ''}")
        figures = cache.get(key) if done else None
        if figures is None:
            figures = _record_figures(run, positions)
            if done:
                cache.set(key, figures, DERIVED_SECONDS)
        games, wins, draws, turns = figures["games"], figures["wins"], figures["draws"], figures["turns"]
        rate = rate_with_interval(wins, games) if games else None
        out.append({
            "run": run, "mode": run.get_mode_display(), "goldfish": run.mode == SimulationRun.Mode.GOLDFISH,
            "status": run.get_status_display(), "others": others, "version": next(
                (rd.deck_version for rd in run.run_decks.all() if rd.deck_id == deck.pk), None),
            "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": rate, "turns_to_win": round(sum(turns) / len(turns), 1) if turns else None,
            "readable": figures["readable"],
        })
    return out


def _record_figures(run, positions: list[int]) -> dict:
    """This deck's games, wins, draws and goldfish turns to win in ``run`` (it sat at ``positions``)."""
    from simulate import selectors as run_selectors

    try:
        results = run_selectors.run_results(run)
    except Exception:  # a run whose engine or tallies cannot be read is listed without figures
        results = {"readable": False, "pairings": []}
    games = wins = draws = 0
    turns = []
    if results.get("readable"):
        for position in positions:
            for pairing, side in _deck_sides(run.mode, position, len(results["pairings"])):
                if pairing >= len(results["pairings"]):
                    continue
                summary = results["pairings"][pairing]["summary"]
                if side >= len(summary["sides"]):
                    continue
                figures = summary["sides"][side]
                games += figures["games"]
                wins += figures["wins"]
                draws += figures["draws"]
                mean = figures.get("turns_to_win_mean") or {}
                if mean.get("mean") is not None:
                    turns.append(mean["mean"])
    return {"games": games, "wins": wins, "draws": draws, "turns": turns, "readable": bool(results.get("readable"))}
