"""Writes to the card database: syncing games from the registry and importing cards.

Imports are all or nothing: every row is checked first and every problem reported with
where it is (line or position), field and reason; only a clean file is written, inside one
transaction, updating cards that already exist (same game, set and number).

A game that compiles printed text into effects (``GameSpec.text_compiler``) gets, for every card
that arrives without structured effects, the effects compiled from its text; a text that does not
compile is no error: the card is imported without effects, marked not playable, with the reason
(the phrase not understood). Effects given with a card are kept and checked as always.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from cardpool.models import Card, CardSet, Game, Rarity, reindex_cards
from cardpool.selectors import forget_game_counts
from config.middleware import CONTROL
from rules.core.registry import all_games, get_game

CARD_FIELDS = ("set", "number", "name", "card_type", "rarity", "text", "flavor", "attributes", "effects")


@dataclass(frozen=True)
class RowError:
    where: str  # "line 14", "cards[3]", "sets[0]"
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}" if self.field else f"{self.where}: {self.message}"


class ImportFailed(Exception):
    """A file with errors: nothing was written. ``errors`` lists every problem found."""

    def __init__(self, errors: list[RowError]):
        self.errors = errors
        super().__init__(f"{len(errors)} error(s); nothing was imported:\n" + "\n".join(map(str, errors)))


@dataclass
class CardRow:
    """One card to import, as plain data, with where it came from for error messages."""

    where: str
    data: dict[str, Any]


@dataclass
class ImportSummary:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    sets_created: int = 0
    errors: list[RowError] = field(default_factory=list)
    #: cards whose effects were compiled from their text, and those of them not playable (their
    #: text did not compile): only for games with a text compiler
    compiled: int = 0
    not_playable: list[tuple[str, str]] = field(default_factory=list)  # (card name, reason)
    #: a fan list's rows that are an earlier row's card (copies added, or a component's other side)
    merged: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = (f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
                f"{self.sets_created} new set(s)")
        if self.compiled:
            text += (f"; {self.compiled} card(s) without effects compiled from their text: "
                     f"{self.compiled - len(self.not_playable)} playable, {len(self.not_playable)} not playable yet")
        if self.merged:
            text += f"; {len(self.merged)} row(s) merged into an earlier row's card"
        return text


@dataclass(frozen=True)
class CompiledText:
    """What a game's text compiler made of a card's text: effects, or why the card cannot be played."""

    effects: list
    playable: bool = True
    reason: str = ""


def compile_card_text(spec, *, card_type: str, attributes: Any, text: str) -> CompiledText | None:
    """The effects ``spec``'s text compiler reads in ``text``, checked by the game's card checker;
    ``None`` when the game has no text compiler, or it does not read ``card_type`` cards'
    (``GameSpec.compiled_card_types``). Never raises for what the text says: a text the
    compiler cannot read, or compiled effects the checker refuses, make an unplayable card."""
    if not spec.compiles_text_of(card_type):
        return None
    try:
        effects, reason = spec.text_compiler(text or "")
    except Exception as exc:  # a compiler fault on one odd text must not stop a whole list
        return CompiledText([], False, f"the text compiler failed: {type(exc).__name__}: {exc}")
    if effects is None:
        return CompiledText([], False, reason or "not understood")
    problems = spec.validate_card(card_type=card_type, attributes=attributes or {}, effects=effects)
    if problems:
        field_name, message = problems[0]
        return CompiledText([], False, f"the compiled effects are refused: {field_name} {message}")
    return CompiledText(effects)


def effects_given(effects: Any) -> bool:
    """Whether a row brings structured effects of its own (an absent, null or empty list does not)."""
    return effects not in (None, [], "")


def unplayable_phrase(reason: str) -> str:
    """The phrase a reason names ("not understood: 'draw a card'" -> "draw a card"), else the reason."""
    m = re.fullmatch(r"not understood: (?P<q>['\"])(?P<phrase>.*)(?P=q)", reason or "", re.DOTALL)
    if m is None:
        return reason
    try:
        return ast.literal_eval(m.group("q") + m.group("phrase") + m.group("q"))
    except (ValueError, SyntaxError):
        return m.group("phrase")


def game_sync_all() -> dict[str, Game]:
    """Create or update a Game and its Rarity rows for every game in the registry."""
    games = {}
    for spec in all_games():
        game, _ = Game.objects.update_or_create(slug=spec.slug, defaults={"name": spec.name})
        for rarity in spec.rarities:
            Rarity.objects.update_or_create(game=game, code=rarity.code,
                                            defaults={"name": rarity.name, "order": rarity.order})
        games[spec.slug] = game
    return games


def _control_characters(value: Any, field: str, where: str) -> list[RowError]:
    """Every text of ``value`` (nested lists and objects, keys included) holding a control
    character other than tab and newline: SQLite would store it silently and PostgreSQL refuse
    it (config/middleware.py says the same of every request)."""
    if isinstance(value, str):
        found = CONTROL.search(value)
        return [RowError(where, field, f"holds a control character (U+{ord(found[0]):04X}) at position "
                                       f"{found.start()}")] if found else []
    if isinstance(value, dict):
        errors = []
        for key, item in value.items():
            path = f"{field}.{key}" if field else str(key)
            errors += _control_characters(str(key), path, where) + _control_characters(item, path, where)
        return errors
    if isinstance(value, list):
        return [e for i, item in enumerate(value) for e in _control_characters(item, f"{field}[{i}]", where)]
    return []


def _check_set(spec, raw: Any, where: str) -> list[RowError]:
    if not isinstance(raw, dict):
        return [RowError(where, "", "must be an object with code, name, release_order, kind")]
    errors = _control_characters(raw, "", where)
    for key in ("code", "name"):
        if not isinstance(raw.get(key), str) or not raw.get(key).strip():
            errors.append(RowError(where, key, "is required"))
    kind = raw.get("kind", "core")
    if kind not in spec.set_kinds:
        errors.append(RowError(where, "kind", f"{kind!r} is not one of {', '.join(spec.set_kinds)}"))
    order = raw.get("release_order", 0)
    if isinstance(order, bool) or not isinstance(order, int) or order < 0:
        errors.append(RowError(where, "release_order", f"must be a whole number >= 0, not {order!r}"))
    return errors


def _check_row(spec, row: CardRow, set_codes: set[str]) -> list[RowError]:
    data, where = row.data, row.where
    errors = _control_characters(data, "", where)
    unknown = sorted(set(data) - set(CARD_FIELDS))
    for key in unknown:
        errors.append(RowError(where, key, f"is not a card field ({', '.join(CARD_FIELDS)})"))
    for key in ("set", "number", "name", "card_type"):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            errors.append(RowError(where, key, "is required"))
    if isinstance(data.get("name"), str) and len(data["name"]) > 200:
        errors.append(RowError(where, "name", "is longer than 200 characters"))
    if isinstance(data.get("number"), str) and len(data["number"]) > 12:
        errors.append(RowError(where, "number", "is longer than 12 characters"))
    if isinstance(data.get("set"), str) and data["set"] not in set_codes:
        errors.append(RowError(where, "set", f"unknown set {data['set']!r}; known: {', '.join(sorted(set_codes)) or 'none'}"))
    rarity = data.get("rarity")
    if rarity not in (None, ""):
        if not spec.rarities:
            errors.append(RowError(where, "rarity", f"{spec.name} has no rarities"))
        elif spec.rarity(str(rarity)) is None:
            names = ", ".join(f"{r.code} ({r.name})" for r in spec.rarities)
            errors.append(RowError(where, "rarity", f"unknown rarity {rarity!r}; known: {names}"))
    for key in ("text", "flavor"):
        if data.get(key) is not None and not isinstance(data.get(key), str):
            errors.append(RowError(where, key, "must be text"))
    if isinstance(data.get("card_type"), str):
        for fld, message in spec.validate_card(card_type=data["card_type"],
                                               attributes=data.get("attributes") or {},
                                               effects=data.get("effects") if data.get("effects") is not None else []):
            errors.append(RowError(where, fld, message))
    return errors


#: Rows written (and their cards read back and indexed) at a time: memory stays bounded by a
#: batch, not by the file, while the import is still one transaction.
IMPORT_WRITE_BATCH = 1000


def _write_batch(spec, game: Game, batch: list[CardRow], set_by_code: dict[str, CardSet],
                 rarity_by_code: dict[str, Rarity], summary: ImportSummary) -> None:
    """Create or update the cards of ``batch`` (rows already checked) and index them."""
    keys = {(set_by_code[row.data["set"]].pk, row.data["number"]) for row in batch}
    existing = {(c.card_set_id, c.number): c
                for c in Card.objects.filter(game=game, card_set_id__in={k[0] for k in keys},
                                             number__in={k[1] for k in keys})
                if (c.card_set_id, c.number) in keys}
    to_create, to_update = [], []
    for row in batch:
        d = row.data
        result = None
        if not effects_given(d.get("effects")):
            result = compile_card_text(spec, card_type=d["card_type"], attributes=d.get("attributes") or {},
                                       text=d.get("text") or "")
        if result is not None:
            summary.compiled += 1
            if not result.playable:
                summary.not_playable.append((d["name"].strip(), result.reason))
        card_set = set_by_code[d["set"]]
        rarity_spec = spec.rarity(str(d["rarity"])) if d.get("rarity") not in (None, "") else None
        values = {
            "name": d["name"].strip(),
            "card_type": d["card_type"],
            "rarity": rarity_by_code[rarity_spec.code] if rarity_spec else None,
            "text": d.get("text") or "",
            "flavor": d.get("flavor") or "",
            "attributes": d.get("attributes") or {},
            "effects": result.effects if result else d.get("effects") or [],
            "playable": result.playable if result else True,
            "unplayable_reason": result.reason if result else "",
        }
        values["slug"] = slugify(values["name"])[:200] or "card"
        values["name_lower"] = values["name"].lower()
        card = existing.get((card_set.pk, d["number"]))
        if card is None:
            to_create.append(Card(game=game, card_set=card_set, number=d["number"], **values))
        elif any(getattr(card, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(card, k, v)
            to_update.append(card)
        else:
            summary.unchanged += 1
    Card.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        now = timezone.now()  # bulk_update skips auto_now: set it, so pages keyed on it see the change
        for card in to_update:
            card.updated = now
        Card.objects.bulk_update(to_update, ["name", "slug", "name_lower", "card_type", "rarity", "text",
                                             "flavor", "attributes", "effects", "playable",
                                             "unplayable_reason", "updated"], batch_size=500)
    summary.created += len(to_create)
    summary.updated += len(to_update)
    # bulk_create does not return primary keys on every backend: read them back to index.
    changed_keys = {(c.card_set_id, c.number) for c in to_create + to_update}
    if changed_keys:
        changed = [c for c in Card.objects.filter(game=game, card_set_id__in={k[0] for k in changed_keys},
                                                  number__in={k[1] for k in changed_keys}).select_related("game")
                   if (c.card_set_id, c.number) in changed_keys]
        reindex_cards(changed)


def _batches(rows: Iterable[CardRow]) -> Iterator[list[CardRow]]:
    batch: list[CardRow] = []
    for row in rows:
        batch.append(row)
        if len(batch) == IMPORT_WRITE_BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def card_import(*, game_slug: str, sets: Iterable[Any] | Callable[[], Iterable[Any]] = (),
                rows: Iterable[CardRow] | Callable[[], Iterable[CardRow]],
                progress: Callable[[int, int], None] | None = None,
                reader_failed: Callable[[], bool] | None = None) -> ImportSummary:
    """Check every set and row, then write them all in one transaction, or nothing.

    Two passes, so that a file of any size is held a batch at a time: the first checks every
    row and keeps only compact keys for the checks across rows (set and number of each card,
    the rows naming a set not declared yet); the second, only when nothing is wrong, reads the
    rows again and writes them :data:`IMPORT_WRITE_BATCH` at a time inside the one transaction.
    ``rows`` is a list or a callable that reads the rows afresh each time (a streaming reader);
    ``sets`` a list or a callable read after the first pass (a CSV declares sets in its rows).
    ``reader_failed``: whether the reader found problems of its own (asked after the first pass):
    they stop the write too, and the caller reports them. Raises :class:`ImportFailed` with every problem.
    """
    spec = get_game(game_slug)
    read_rows = rows if callable(rows) else (lambda: rows)
    errors: list[RowError] = []
    game = Game.objects.filter(slug=game_slug).first()
    existing_codes = set(CardSet.objects.filter(game=game).values_list("code", flat=True)) if game else set()
    known_sets = sets if not callable(sets) else ()
    set_codes = existing_codes | {s["code"] for s in known_sets if isinstance(s, dict) and isinstance(s.get("code"), str)}
    seen: dict[tuple[str, str], str] = {}
    undeclared: dict[int, str] = {}  # index in errors -> set code: unknown when its row was read
    count = 0
    codes: dict[str, str] = {}  # one string per set code for the keys of ``seen``
    for row in read_rows():
        count += 1
        code = row.data.get("set")
        if isinstance(code, str) and code not in set_codes and callable(sets):  # declared by a row so far?
            set_codes |= {s["code"] for s in sets() if isinstance(s, dict) and isinstance(s.get("code"), str)}
        if isinstance(code, str):
            code = codes.setdefault(code, code)
        row_errors = _check_row(spec, row, set_codes)
        checked = row_errors  # but an unknown set that a later row may declare (a CSV's set_* cells)
        if isinstance(code, str) and code not in set_codes and callable(sets):
            checked = []
            for i, error in enumerate(row_errors):
                if error.field == "set" and error.message.startswith("unknown set"):
                    undeclared[len(errors) + i] = code
                else:
                    checked.append(error)
        errors.extend(row_errors)
        key = (code, row.data.get("number"))
        if not checked and key in seen:
            errors.append(RowError(row.where, "number",
                                   f"set {key[0]} number {key[1]} already appears at {seen[key]}"))
        if all(isinstance(part, str) for part in key):  # a list or object here is already an error
            seen.setdefault(key, row.where)
    del seen
    sets = list(sets() if callable(sets) else sets)
    set_errors = [e for i, raw in enumerate(sets) for e in _check_set(spec, raw, f"sets[{i}]")]
    if undeclared:  # the rows naming a set before the row that declares it are fine after all
        set_codes |= {s["code"] for s in sets if isinstance(s, dict) and isinstance(s.get("code"), str)}
        known = ", ".join(sorted(set_codes)) or "none"
        errors = [error if i not in undeclared else RowError(error.where, "set", f"unknown set {undeclared[i]!r}; "
                                                                                  f"known: {known}")
                  for i, error in enumerate(errors) if undeclared.get(i) not in set_codes]
    errors = set_errors + errors
    if errors or (reader_failed is not None and reader_failed()):
        raise ImportFailed(errors)
    if not count and not sets:
        raise ImportFailed([RowError("file", "", "contains no cards")])

    summary = ImportSummary()
    with transaction.atomic():
        game = game_sync_all()[game_slug]
        set_by_code = {s.code: s for s in CardSet.objects.filter(game=game)}
        for raw in sets:
            defaults = {"name": raw["name"], "release_order": raw.get("release_order", 0),
                        "kind": raw.get("kind", "core")}
            current = set_by_code.get(raw["code"])
            if current is None:
                set_by_code[raw["code"]] = CardSet.objects.create(game=game, code=raw["code"], **defaults)
                summary.sets_created += 1
            elif any(getattr(current, k) != v for k, v in defaults.items()):
                for k, v in defaults.items():
                    setattr(current, k, v)
                current.save()
        rarity_by_code = {r.code: r for r in Rarity.objects.filter(game=game)}
        done = 0
        for batch in _batches(read_rows()):
            _write_batch(spec, game, batch, set_by_code, rarity_by_code, summary)
            done += len(batch)
            if progress:
                progress(done, count)
    forget_game_counts()  # now for this process, and again once the import is committed
    transaction.on_commit(forget_game_counts)
    return summary
