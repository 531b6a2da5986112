"""Writes for decks (keyword-only, atomic): create, update, set cards, import, copy, delete.

Every write that changes a deck refreshes its cached legality (``is_legal``, ``violations``)
and, when the cards, name or format changed, keeps a new ``DeckVersion``. Writes that act for a
user take ``actor`` and check ``decks.permissions`` themselves too, so no path can skip it.
Bad input raises a ``DeckError`` subclass carrying every problem; nothing is saved then.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from cardpool.models import Card
from cardpool.name_index import Suggester
from cardpool.search import SearchError, search, statement_time_budget
from decks import permissions
from decks.models import Deck, DeckCard, DeckVersion, Format, new_share_token, validate_game_slug
from decks.selectors import (
    card_to_spec,
    deck_to_decklist,
    format_find,
    format_list,
    game_card_specs,
    sections_to_decklist,
    validate_decklist,
)
from rules.core.dealing import deck_dealer
from rules.core.decks import DeckEntry, DeckList, TextError, Violation, parse_deck_text, resolve_deck
from rules.core.registry import game_slugs, get_game

#: Seeds of dealt decks: whole numbers in [0, MAX_SEED] (a fresh one is drawn below 2**31).
MAX_SEED = 2**63 - 1
#: deck text longer than this is not a deck (a 60-card deck with comments is under 100 lines)
MAX_TEXT_LINES = 2000
#: most copies a saved deck holds, all sections together, legal or not: far above any format's
#: (the largest rulebook deck is 60 cards), so only a flood is refused. A 60,939-copy draft made
#: public took every deck page, proxy sheet and simulation of it down with it.
MAX_DECK_CARDS = 1000


class DeckError(ValueError):
    """Input a deck write cannot accept; ``messages`` lists every problem."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


class DeckTooLarge(DeckError):
    """More copies than any deck may hold (``MAX_DECK_CARDS``); ``field`` names the part of the input."""

    field = "sections"

    def __init__(self, copies: int):
        super().__init__([f"{self.field}: a deck holds at most {MAX_DECK_CARDS:,} cards, not {copies:,}"])
        self.copies = copies


class DeckTextErrors(DeckError):
    """Deck text with unreadable lines or unknown cards; ``errors`` are line-numbered."""

    def __init__(self, errors: list[TextError]):
        super().__init__([str(e) for e in errors])
        self.errors = sorted(errors, key=lambda e: e.line)


class DeckPoolError(DeckError):
    """A dealt deck's pool that cannot be used: a malformed query, or too few cards for a deck."""


class DeckContentErrors(DeckError):
    """Cards that cannot be stored (unknown card, section or quantity), as violations."""

    def __init__(self, violations: list[Violation]):
        super().__init__([v.message for v in violations])
        self.violations = violations


# -- formats ---------------------------------------------------------------------------------------
def format_sync_builtin() -> int:
    """Create or refresh every game's built-in formats from ``rules`` (admin-made rows untouched).

    Returns how many rows were written. Runs after every ``migrate`` (``DecksConfig.ready``).
    """
    try:
        from rules.core.construction import builtin_formats
    except ImportError:
        return 0
    written = 0
    for game in game_slugs():
        for slug, spec in builtin_formats(game).items():
            Format.objects.update_or_create(
                game=game, slug=slug,
                defaults={"name": spec.name, "limits": dict(spec.limits or {}), "banned": list(spec.banned or ()),
                          "restricted": dict(spec.restricted or {}), "description": spec.description or "",
                          "rule_source": spec.rule_source or "", "builtin": True},
            )
            written += 1
    return written


def _resolve_format(game: str, fmt: Format | str | None) -> Format | None:
    """A Format row of ``game`` from a row, a slug or name; None only when the game has none at all."""
    if isinstance(fmt, Format):
        if fmt.game != game:
            raise DeckError([f"format {fmt.slug!r} belongs to {fmt.game}, not {game}"])
        return fmt
    found = format_find(game=game, name=fmt)
    if found is None and (fmt or format_list(game=game).exists()):
        known = ", ".join(f.slug for f in format_list(game=game)) or "none yet"
        raise DeckError([f"unknown format {fmt!r} for {get_game(game).name}; known: {known}"])
    return found


def _check_game(game: str) -> None:
    try:
        validate_game_slug(game)
    except ValidationError as exc:
        raise DeckError(exc.messages) from None


# -- internals -------------------------------------------------------------------------------------
def _snapshot(decklist: DeckList) -> dict[str, list[dict]]:
    return {section: [{"card_id": e.card.id, "name": e.card.name, "qty": e.qty} for e in entries]
            for section, entries in decklist.sections.items() if entries}


def _refresh(deck: Deck, *, note: str = "", keep_version: bool = True) -> DeckList:
    """Re-validate, cache legality, and (by default) keep a new version of ``deck``."""
    decklist = deck_to_decklist(deck)
    violations = validate_decklist(decklist, deck.format)
    deck.violations = [v.as_dict() for v in violations]
    deck.is_legal = not violations
    if keep_version:
        # the number from the row itself, locked: two saves of one deck at once get two versions
        # (the deck object may have been read before another save committed)
        stored = Deck.objects.select_for_update().filter(pk=deck.pk).values_list("current_version", flat=True).first()
        deck.current_version = (stored if stored is not None else deck.current_version) + 1
        DeckVersion.objects.create(deck=deck, number=deck.current_version, name=deck.name,
                                   format_slug=deck.format_slug, snapshot=_snapshot(decklist), note=note[:200])
    deck.save()
    return decklist


def _check_size(decklist: DeckList, extra: int = 0) -> None:
    """Refuse (``DeckTooLarge``) a deck of more than ``MAX_DECK_CARDS`` copies."""
    copies = sum(e.qty for entries in decklist.sections.values() for e in entries) + extra
    if copies > MAX_DECK_CARDS:
        raise DeckTooLarge(copies)


def _write_cards(deck: Deck, decklist: DeckList) -> None:
    _check_size(decklist)
    deck.cards.all().delete()
    DeckCard.objects.bulk_create([DeckCard(deck=deck, card_id=e.card.id, section=section, quantity=e.qty)
                                  for section, entries in decklist.sections.items() for e in entries])


def _require_edit(actor, deck: Deck) -> None:
    if not permissions.can_edit(actor, deck):
        raise PermissionDenied("only the deck's owner may change it")


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise DeckError(["a deck needs a name"])
    if len(name) > 200:
        raise DeckError(["a deck name has at most 200 characters"])
    return name


#: a deck description a person writes (a 15 MB one was accepted once)
MAX_DESCRIPTION = 10_000


def _clean_description(description: str | None) -> str:
    description = description or ""
    if not isinstance(description, str):
        raise DeckError(["a deck description is text"])
    if len(description) > MAX_DESCRIPTION:
        raise DeckError([f"a deck description has at most {MAX_DESCRIPTION:,} characters, not {len(description):,}"])
    return description


def _clean_visibility(visibility: str) -> str:
    if visibility not in {choice for choice, _ in Deck.VISIBILITY_CHOICES}:
        raise DeckError([f"visibility must be private, unlisted or public, not {visibility!r}"])
    return visibility


# -- deck writes -----------------------------------------------------------------------------------
@transaction.atomic
def deck_create(*, owner, game: str, name: str, fmt: Format | str | None = None, description: str = "",
                visibility: str = Deck.PRIVATE, sections: Any = None, note: str = "created") -> Deck:
    """A new deck (optionally with cards, ``{section: [(card_id or name, qty)]}``); version 1."""
    _check_game(game)
    name = _clean_name(name)
    fmt_row = _resolve_format(game, fmt)
    decklist = None
    if sections:
        decklist, problems = sections_to_decklist(game=game, sections=sections)
        if problems:
            raise DeckContentErrors(problems)
    deck = Deck.objects.create(owner=owner, game=game, name=name, format=fmt_row,
                               description=_clean_description(description),
                               visibility=_clean_visibility(visibility))
    if decklist is not None:
        _write_cards(deck, decklist)
    _refresh(deck, note=note)
    return deck


@transaction.atomic
def deck_update(*, actor, deck: Deck, name: str | None = None, description: str | None = None,
                visibility: str | None = None, fmt: Format | str | None = None, sections: Any = None,
                note: str = "") -> Deck:
    """Change a deck (owner only): metadata and, when ``sections`` is given, its cards.

    ``sections`` is ``{section: [(card_id or name, qty)]}`` or the API's ``[{"name"|"card_id", "qty"}]``;
    it replaces every card. Unknown cards, sections or quantities raise ``DeckContentErrors``
    and change nothing; an illegal but well-formed deck is saved, with its violations cached.
    One new version is kept when the cards, name or format change.
    """
    _require_edit(actor, deck)
    # One write to a deck at a time: a second save waits here until the first has committed (on
    # PostgreSQL two saves replacing the cards at once inserted the same rows twice).
    Deck.objects.select_for_update().filter(pk=deck.pk).first()
    decklist = None
    if sections is not None:
        decklist, problems = sections_to_decklist(game=deck.game, sections=sections)
        if problems:
            raise DeckContentErrors(problems)
    before = (deck.name, deck.format_id)
    if name is not None:
        deck.name = _clean_name(name)
    if description is not None:
        deck.description = _clean_description(description)
    if visibility is not None:
        visibility = _clean_visibility(visibility)
        if visibility == Deck.UNLISTED and deck.visibility != Deck.UNLISTED:
            # unlisted again: a new link, so the one shared before (and taken back) opens nothing
            deck.share_token = new_share_token()
        deck.visibility = visibility
    if fmt is not None:
        deck.format = _resolve_format(deck.game, fmt)
    notes = [note] if note else []
    if before[0] != deck.name:
        notes.append(f"renamed from {before[0]!r}")
    if before[1] != deck.format_id:
        notes.append(f"format {deck.format_slug}")
    if decklist is not None:
        _write_cards(deck, decklist)
        if not note:
            notes.insert(0, "cards saved")
    changed = decklist is not None or before != (deck.name, deck.format_id)
    _refresh(deck, note="; ".join(notes), keep_version=changed)
    return deck


def deck_set_cards(*, actor, deck: Deck, sections: Any, note: str = "") -> Deck:
    """Replace the deck's cards (owner only) and keep a new version (see ``deck_update``)."""
    return deck_update(actor=actor, deck=deck, sections=sections, note=note)


def format_is_dealt(fmt: Format | None) -> bool:
    """True when ``fmt``'s limits say ``"dealt": True`` (its deck is dealt, not chosen)."""
    return bool(fmt is not None and fmt.spec().limit("dealt"))


def _dealt_format(game: str, fmt: Format | str | None) -> Format:
    """The Format row for ``fmt`` if it is a dealt format of ``game``, else a DeckError naming the dealt ones."""
    fmt_row = _resolve_format(game, fmt)
    if not format_is_dealt(fmt_row):
        dealt = [f.slug for f in format_list(game=game) if format_is_dealt(f)]
        name = fmt_row.slug if fmt_row is not None else (fmt or "standard")
        offer = f"dealt formats of {get_game(game).name}: {', '.join(dealt)}" if dealt else \
            f"{get_game(game).name} has no dealt format"
        raise DeckError([f"format {name!r} is not dealt (its cards are chosen, not dealt); {offer}"])
    return fmt_row


def _deal_size(fmt_row: Format) -> int:
    """How many cards a dealt format's deck holds: its ``deck_size`` limit (or ``deck_min``)."""
    limits = fmt_row.spec().limits
    size = limits.get("deck_size", limits.get("deck_min"))
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise DeckError([f"format {fmt_row.slug!r} has no deck_size limit to deal by"])
    return size


def _clean_seed(seed: Any) -> int:
    """A fresh random seed for None, else the whole number given (0..MAX_SEED)."""
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed.strip())
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DeckError([f"seed must be a whole number from 0 to {MAX_SEED}, not {str(seed)[:40]!r}"])
    return seed


def deal_note(pool_query: str, seed: int) -> str:
    """How a dealt deck was made, in words that let anyone deal it again."""
    return f"Dealt from pool '{pool_query}' with seed {seed}"


@transaction.atomic
def deck_deal(*, owner, game: str, fmt: Format | str | None, pool_query: str = "", seed: int | None = None,
              name: str = "", visibility: str = Deck.PRIVATE) -> Deck:
    """A new deck dealt at random from the cards matching ``pool_query`` (empty = every card of the game).

    Only for dealt formats (limits ``"dealt": True``); the game's construction module deals
    (its construction's ``deal_random_deck(pool, seed, size)``, e.g. fellbound.txt "RANDOM PLAY") and the deck size
    comes from the format's limits. The same pool query and seed deal the same deck; the seed
    (random when None) and query are kept in the description and the version note. A bad
    query or a pool too small for a deck raises ``DeckPoolError``; nothing is saved then.
    """
    _check_game(game)
    fmt_row = _dealt_format(game, fmt)
    dealer = deck_dealer(game)
    if dealer is None:
        raise DeckError([f"{get_game(game).name} has no way to deal a random deck"])
    size = _deal_size(fmt_row)
    seed = _clean_seed(seed)
    pool_query = str(pool_query or "").strip()
    visibility = _clean_visibility(visibility)
    try:
        with statement_time_budget(query=pool_query):  # a /regex/ pool is read within its time budget
            pool = [card_to_spec(card) for card in search(pool_query, game_slug=game).cards]
    except SearchError as exc:
        raise DeckPoolError([f"pool query {pool_query!r}: {exc}"]) from None
    try:
        decklist = dealer(pool, seed, size)
    except ValueError as exc:
        raise DeckPoolError([f"pool {pool_query!r} ({len(pool)} card(s)) is too small: {exc}"]) from None
    how = deal_note(pool_query, seed)
    deck = Deck.objects.create(owner=owner, game=game, format=fmt_row, visibility=visibility,
                               name=_clean_name(name or decklist.name or f"Dealt deck (seed {seed})"),
                               description=f"{how}.")
    _write_cards(deck, decklist)
    note = how if len(how) <= 200 else deal_note(pool_query[:150] + "…", seed)
    _refresh(deck, note=note)
    return deck


def deck_parse_text(*, game: str, text: str, fmt: str | None = None) -> DeckList:
    """Deck text -> DeckList against ``game``'s cards; raises ``DeckTextErrors`` with every bad line."""
    spec = get_game(game)
    parsed = parse_deck_text(text, spec)
    named = game_card_specs(game, names=[line.name for line in parsed.lines])  # not the whole pool
    decklist, errors = resolve_deck(parsed, named, game=game, fmt=fmt, suggest=Suggester(game))
    if errors:
        raise DeckTextErrors(errors)
    return decklist


@transaction.atomic
def deck_import_text(*, owner, game: str, text: str, name: str = "", fmt: Format | str | None = None,
                     visibility: str = Deck.PRIVATE, description: str = "") -> Deck:
    """A new deck from deck text. All or nothing: any line error raises ``DeckTextErrors``.

    The name and format default to the text's ``# Name:`` / ``# Format:`` lines.
    """
    _check_game(game)
    decklist = deck_parse_text(game=game, text=text)
    text_format = decklist.format if decklist.format != "standard" else None
    fmt_row = _resolve_format(game, fmt or text_format)
    deck = Deck.objects.create(owner=owner, game=game, name=_clean_name(name or decklist.name or "Imported deck"),
                               format=fmt_row, visibility=_clean_visibility(visibility),
                               description=_clean_description(description))
    _write_cards(deck, decklist)
    _refresh(deck, note="imported from text")
    return deck


@transaction.atomic
def deck_copy(*, actor, deck: Deck, name: str = "") -> Deck:
    """Copy a public deck (or one's own) into ``actor``'s decks, private, at version 1."""
    if not permissions.can_copy(actor, deck):
        raise PermissionDenied("only public decks (or your own) can be copied, and only when logged in")
    _check_size(deck_to_decklist(deck))  # a deck saved before the limit is not copied past it
    copy = Deck.objects.create(owner=actor, game=deck.game, format=deck.format, description=deck.description,
                               name=_clean_name(name or f"{deck.name} (copy)"[:200]), visibility=Deck.PRIVATE,
                               copied_from=deck, featured_card_id=deck.featured_card_id)
    DeckCard.objects.bulk_create([DeckCard(deck=copy, card_id=row.card_id, section=row.section,
                                           quantity=row.quantity) for row in deck.cards.all()])
    _refresh(copy, note=f"copied from {deck.name!r} by {deck.owner.get_username()}"[:200])
    return copy


@transaction.atomic
def deck_delete(*, actor, deck: Deck) -> None:
    _require_edit(actor, deck)
    deck.delete()


@transaction.atomic
def deck_set_featured(*, actor, deck: Deck, card_id: Any) -> Deck:
    """Choose the card shown for the deck (owner only): any card of the deck's game, or None for
    the default (the deck's first card). Presentation only: no new version is kept."""
    _require_edit(actor, deck)
    card = None
    if card_id not in (None, "", 0, "0"):
        card_pk = _as_card_id(card_id)
        card = Card.objects.filter(pk=card_pk, game__slug=deck.game).first() if card_pk else None
        if card is None:
            raise DeckError([f"no {get_game(deck.game).name} card with id {str(card_id)[:40]} to feature"])
    Deck.objects.filter(pk=deck.pk).update(featured_card=card)
    deck.featured_card = card
    return deck


def _as_card_id(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value < 2**62 else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 18:
        return int(value.strip())
    return None


def _violation_keys(violations) -> set[tuple[str, str]]:
    return {(v.code, v.section or "") for v in violations}


def _naming(violations, name: str) -> set[tuple[str, str]]:
    return {(v.code, v.section or "") for v in violations if name in v.cards}


@transaction.atomic
def deck_add_card(*, actor, deck: Deck, card: Card, section: str | None = None) -> Deck:
    """Add one copy of ``card`` to ``deck`` (owner only) and keep a new version.

    The card goes in ``section`` or the first of the game's sections that takes its type. The
    add is refused (``DeckError`` saying why; nothing changes) when the card belongs to another
    game, the section does not take it, or the copy would break a construction rule the deck
    did not break before (a ban, a copy limit, a full section): a deck still short of cards stays
    addable, as it is in the builder.
    """
    _require_edit(actor, deck)
    Deck.objects.select_for_update().filter(pk=deck.pk).first()
    spec = get_game(deck.game)
    if card.game.slug != deck.game:
        raise DeckError([f"{card.name} is a {card.game.name} card; {deck.name} is a {spec.name} deck"])
    fitting = [s for s in spec.sections if not s.card_types or card.card_type in s.card_types]
    if section:
        chosen = spec.section(section)
        if chosen is None:
            raise DeckError([f"{section[:40]!r} is not a {spec.name} deck section"])
        if chosen not in fitting:
            raise DeckError([f"the {chosen.label} section does not take {card.card_type} cards"])
    elif fitting:
        chosen = fitting[0]
    else:
        raise DeckError([f"no {spec.name} deck section takes {card.card_type} cards"])
    before = deck_to_decklist(deck)
    after = DeckList(game=before.game, format=before.format, name=before.name,
                     sections={slug: list(entries) for slug, entries in before.sections.items()})
    entries = after.sections.setdefault(chosen.slug, [])
    for i, entry in enumerate(entries):
        if entry.card.id == card.pk:
            entries[i] = DeckEntry(entry.card, entry.qty + 1)
            break
    else:
        entries.append(DeckEntry(card_to_spec(card), 1))
    old = validate_decklist(before, deck.format)
    new = validate_decklist(after, deck.format)
    fresh = (_violation_keys(new) - _violation_keys(old)) | (_naming(new, card.name) - _naming(old, card.name))
    if fresh:
        reasons = [v.message for v in new if (v.code, v.section or "") in fresh]
        raise DeckError([f"{card.name} was not added to {deck.name}: {reason}" for reason in reasons])
    _check_size(after)
    row = DeckCard.objects.filter(deck=deck, card=card, section=chosen.slug).first()
    if row is None:
        DeckCard.objects.create(deck=deck, card=card, section=chosen.slug, quantity=1)
    else:
        row.quantity += 1
        row.save(update_fields=["quantity"])
    _refresh(deck, note=f"added 1 {card.name} to {chosen.label}"[:200])
    return deck


def deck_revalidate(*, deck: Deck) -> Deck:
    """Refresh the cached legality without a new version (after a format or card pool change)."""
    _refresh(deck, keep_version=False)
    return deck



# -- the sample decks of a fresh install ---------------------------------------------------------
#: The built-in account that owns the sample decks. It cannot log in (no usable password).
SAMPLE_OWNER = "workshop"


def _sample_description(text: str) -> str:
    """The comment lines at the top of a sample deck's text, after ``# Name:`` (its blurb)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        if body and not body.lower().startswith(("name:", "format:")):
            lines.append(body)
    return " ".join(lines)


def _card_counts(decklist: DeckList) -> set[tuple[str, int, int]]:
    return {(section, e.card.id, e.qty) for section, entries in decklist.sections.items() for e in entries}


@transaction.atomic
def sample_decks_load(directory) -> dict[str, int]:
    """Every sample deck (``fixtures/decks/<game>-*.txt``) as a public deck of the built-in
    account ``workshop``, so a new user can simulate and play against them at once.

    Idempotent: a sample deck already there (same game and name) is changed only when its
    cards or description differ, keeping a new version. Raises ``DeckTextErrors`` for a bad file.
    """
    from django.contrib.auth import get_user_model

    owner, _ = get_user_model().objects.get_or_create(username=SAMPLE_OWNER)
    if owner.has_usable_password():
        owner.set_unusable_password()
        owner.save(update_fields=["password"])
    counts = {"created": 0, "updated": 0, "unchanged": 0}
    for path in sorted(directory.glob("*-*.txt")):
        game = path.stem.split("-", 1)[0]
        if game not in game_slugs():
            continue
        text = path.read_text(encoding="utf-8")
        decklist = deck_parse_text(game=game, text=text)
        description = _clean_description(_sample_description(text))
        deck = Deck.objects.filter(owner=owner, game=game, name=decklist.name).first()
        if deck is None:
            deck_import_text(owner=owner, game=game, text=text, visibility=Deck.PUBLIC, description=description)
            counts["created"] += 1
        elif _card_counts(deck_to_decklist(deck)) != _card_counts(decklist) or deck.description != description \
                or deck.visibility != Deck.PUBLIC:
            deck.description, deck.visibility = description, Deck.PUBLIC
            _write_cards(deck, decklist)
            _refresh(deck, note=f"sample deck updated from {path.name}")
            counts["updated"] += 1
        else:
            counts["unchanged"] += 1
    return counts
