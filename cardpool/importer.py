"""Reading card files (JSON and CSV) into rows for ``cardpool.services.card_import``.

The JSON shape is documented in docs/fixture-format.md; the CSV columns in docs/import-format.md.
Readers never write: they turn a file into ``(sets, rows)`` or raise ``ImportFailed`` with
every problem they can see (line, field, reason). ``import_cards_text`` streams a CSV file's rows
(``csv_rows``, a generator) into ``card_import`` twice, check then write, so memory does not grow
with the rows (docs/import-format.md, "Memory").
"""

from __future__ import annotations

import csv
import difflib
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from cardpool.services import CardRow, ImportFailed, ImportSummary, RowError, card_import
from config.json_depth import nesting_message, too_deep
from rules.core.registry import get_game
from rules.core.schema import BOOL, ENUM, INT, LIST, MAP, STR, TAGS, Attribute, GameSpec, X


def read_json(text: str, *, game_slug: str) -> tuple[list[Any], list[CardRow]]:
    """Parse the fixture/import JSON shape into sets and card rows."""
    deep = too_deep(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        raise ImportFailed([RowError(f"line {line}", "", nesting_message(deep, "the file"))])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFailed([RowError(f"line {exc.lineno} column {exc.colno}", "", f"invalid JSON: {exc.msg}")]) from None
    if isinstance(data, list):  # a bare list of cards
        data = {"cards": data}
    if not isinstance(data, dict):
        raise ImportFailed([RowError("file", "", "must be a JSON object with \"sets\" and \"cards\" (or a list of cards)")])
    errors = []
    file_game = data.get("game")
    if file_game is not None and file_game != game_slug:
        errors.append(RowError("file", "game", f"file is for {file_game!r}, not {game_slug!r}"))
    sets = data.get("sets", [])
    cards = data.get("cards", [])
    if not isinstance(sets, list):
        errors.append(RowError("file", "sets", "must be a list"))
        sets = []
    if not isinstance(cards, list):
        errors.append(RowError("file", "cards", "must be a list"))
        cards = []
    rows = []
    for i, card in enumerate(cards):
        label = f"cards[{i}]"
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            label += f" ({card['name']})"
        if not isinstance(card, dict):
            errors.append(RowError(label, "", "must be an object"))
            continue
        rows.append(CardRow(label, dict(card)))
    if errors:
        raise ImportFailed(errors)
    return sets, rows


# ---------------------------------------------------------------------------------------------
# CSV (docs/import-format.md)
# ---------------------------------------------------------------------------------------------

#: Columns of the generic layout (besides one column per schema attribute).
CARD_COLUMNS = ("set", "number", "name", "card_type", "rarity", "text", "flavor")
SET_COLUMNS = ("set_name", "set_kind", "set_order")
JSON_COLUMNS = ("effects", "attributes")
REQUIRED_COLUMNS = ("set", "number", "name", "card_type")

NONE_CELLS = {"", "-", "[-]", "\u2013", "\u2014", "none", "n/a"}
MAX_CSV_FIELD = 1_000_000

_INT = re.compile(r"[+-]?\d+")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_MAP_PAIR = re.compile(r"(?P<k1>[A-Za-z][A-Za-z_]*)\s*[:=]\s*(?P<v1>\d+)|(?P<v2>\d+)\s*(?P<k2>[A-Za-z][A-Za-z_]*)")
_MAP_GAP = re.compile(r"^[\s,;|+&]*(?:and)?[\s,;|+&]*$", re.IGNORECASE)


class CellError(ValueError):
    """A cell that cannot be read as its column's kind."""


def norm_word(value: str) -> str:
    """Case-insensitive, spaces and hyphens as underscores: "Deck Box" -> "deck_box"."""
    return re.sub(r"[\s\-]+", "_", value.strip().lower())


def _json_cell(cell: str, expect: type, what: str) -> Any:
    deep = too_deep(cell)
    if deep is not None:
        raise CellError(nesting_message(deep, "the cell"))
    try:
        value = json.loads(cell)
    except json.JSONDecodeError as exc:
        raise CellError(f"invalid JSON at character {exc.pos + 1}: {exc.msg}") from None
    if not isinstance(value, expect):
        raise CellError(f"must be a JSON {what}, not {type(value).__name__}")
    return value


def _split_list(cell: str) -> list[str]:
    s = cell.strip()
    if s.startswith("["):
        items = _json_cell(s, list, "list")
        if not all(isinstance(i, str) for i in items):
            raise CellError("must be a list of words")
        return items
    for sep in ("|", "/", ","):
        if sep in s:
            return [part.strip() for part in s.split(sep) if part.strip()]
    return [s]


def _parse_map(attr: Attribute, cell: str) -> dict[str, int]:
    s = cell.strip()
    if s.startswith("{"):
        return _json_cell(s, dict, "object")
    result: dict[str, int] = {}
    pos = 0
    for m in _MAP_PAIR.finditer(s):
        if not _MAP_GAP.match(s[pos:m.start()]):
            break
        key = norm_word(m.group("k1") or m.group("k2"))
        if key in result:
            raise CellError(f"names {key} twice")
        result[key] = int(m.group("v1") or m.group("v2"))
        pos = m.end()
    if not result or not _MAP_GAP.match(s[pos:]):
        example = f"{attr.values[0]}:1 {attr.values[-1]}:2" if attr.values else "key:1"
        raise CellError(f"cannot read {cell!r} as counts; write e.g. {example!r} or "
                        f"'1 {attr.values[0].title() if attr.values else 'Key'}, 2 ...' or a JSON object")
    return result


def convert_cell(attr: Attribute, cell: str) -> Any:
    """Read one CSV cell as ``attr``'s kind; ``None`` means the attribute is absent.

    Raises :class:`CellError` with the reason when the cell cannot be read or is not allowed.
    """
    s = cell.strip()
    if attr.kind == STR:
        return cell if s else None
    if s.lower() in NONE_CELLS:
        return None
    if attr.kind == INT:
        if attr.allow_x and s.upper() == X:
            value: Any = X
        elif _INT.fullmatch(s):
            value = int(s)
        else:
            extra = ' or "X"' if attr.allow_x else ""
            raise CellError(f"must be a whole number{extra}, not {s!r}")
    elif attr.kind == ENUM:
        value = norm_word(s)
        if value not in attr.values:
            raise CellError(f"must be one of {', '.join(attr.values)}, not {s!r}")
    elif attr.kind in (LIST, TAGS):
        value = _split_list(s)
        if attr.kind == LIST:
            value = [norm_word(v) for v in value]
    elif attr.kind == BOOL:
        word = s.lower()
        if word in ("true", "yes", "y", "1", "t"):
            value = True
        elif word in ("false", "no", "n", "0", "f"):
            value = False
        else:
            raise CellError(f"must be true/false, yes/no or 1/0, not {s!r}")
    elif attr.kind == MAP:
        value = _parse_map(attr, s)
    else:  # pragma: no cover - KINDS is closed
        value = s
    message = attr.validate(value)
    if message:
        raise CellError(message)
    return value


def card_type_slug(spec: GameSpec, value: str) -> str:
    """A card type slug from its slug or label in any case ("Deck Box" -> "deck_box"); else as given."""
    key = norm_word(value)
    for t in spec.card_types:
        if key in (t.slug, norm_word(t.label)):
            return t.slug
    return value.strip()


def _suggest(name: str, known: list[str], spec: GameSpec) -> str:
    attr = spec.attribute(name)
    if attr is not None and attr.name in known:
        return attr.name
    match = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return match[0] if match else ""


@dataclass
class CsvRead:
    """What a CSV file holds: sets and rows for ``card_import`` plus the problems seen reading it."""

    sets: list[dict[str, Any]] = field(default_factory=list)
    rows: list[CardRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    layout: str = "generic"  # or "fan": the game's GameSpec.list_layout
    fatal: bool = False  # the header is wrong: rows were not read
    set_lines: list[str] = field(default_factory=list)  # where each entry of ``sets`` was declared
    columns: dict[str, str] = field(default_factory=dict)  # card field / attribute -> header as written
    bad_cells: set[tuple[str, str]] = field(default_factory=set)  # (where, attribute or field) already reported
    merged: list[str] = field(default_factory=list)  # fan list: rows merged into an earlier row's card, and how


#: A cell starting with one of these is a formula to a spreadsheet (=HYPERLINK(...) runs when the
#: file is opened): the export writes it with a leading apostrophe (cardpool.exporter.guard_formula),
#: which spreadsheets show as text and the import strips, so the round trip is exact.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(cell: str) -> bool:
    """Whether a spreadsheet could read ``cell`` (its leading apostrophes aside) as a formula: it
    starts with one of FORMULA_STARTS, or does after leading white space (a space, a non-breaking
    space, a newline) or in a full-width form (``＝``, ``＋``: NFKC folds them), which spreadsheets
    also run; a cell starting with white space is guarded whatever follows."""
    body = cell.lstrip("'")
    first = body[:1]
    return bool(first) and (first in FORMULA_STARTS or first.isspace()
                            or unicodedata.normalize("NFKC", first)[:1] in FORMULA_STARTS)


def unguard_formula(cell: str) -> str:
    """A cell the export guarded against spreadsheet formulas (``'=...``, see
    ``cardpool.exporter.guard_formula``) reads back as it was: the leading apostrophe goes."""
    return cell[1:] if cell[:1] == "'" and looks_like_formula(cell) else cell


def _records(text: str, read: CsvRead) -> Iterator[tuple[int, list[str]]]:
    """Every CSV record with the line it starts on, one at a time; malformed records become errors."""
    start = 1 if text.startswith("\ufeff") else 0
    end = text.find("\n", start)
    first = text[start:end if end >= 0 else len(text)]
    delimiter = ","
    if "," not in first:
        delimiter = ";" if ";" in first else ("\t" if "\t" in first else ",")
    # lines sliced off the text one at a time (as open(newline="") would: \r\n, \r or \n): no copy of the file
    lines = (m.group() for m in _LINE.finditer(text, start))
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    previous = 0
    while True:
        old_limit = csv.field_size_limit(MAX_CSV_FIELD)  # set around each read: the generator may pause
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            start = previous + 1
            reason = str(exc)
            if "unexpected end of data" in reason:
                reason = "a quoted cell that starts here is never closed (missing '\"')"
            elif "expected after" in reason:
                reason = f"malformed quoting ({reason}); double a quote inside a quoted cell: \"\""
            read.errors.append(RowError(f"line {start}", "", f"malformed CSV: {reason}"))
            previous = reader.line_num
            if reader.line_num <= start - 1:  # no progress: stop rather than loop
                return
            continue
        finally:
            csv.field_size_limit(old_limit)
        start, previous = previous + 1, reader.line_num
        yield start, [unguard_formula(c.replace("\r\n", "\n")) for c in cells]


def parse_csv(text: str, *, game_slug: str) -> CsvRead:
    """Read a CSV file into sets and card rows, collecting every problem (never raises for data).
    Holds every row: :func:`import_cards_text` streams them instead (:func:`csv_rows`)."""
    read = CsvRead()
    read.rows = list(csv_rows(text, game_slug=game_slug, read=read))
    return read


def csv_rows(text: str, *, game_slug: str, read: CsvRead, existing=None) -> Iterator[CardRow]:
    """The card rows of a CSV file, made one at a time as its records are read (a fan list, whose
    later rows change earlier ones, is read whole first). ``read`` collects the sets, columns and
    problems as the rows go, complete once they are all read; ``existing`` is the game's sets and
    cards (``_existing``), to read the file twice against the same pool."""
    spec = get_game(game_slug)
    records = ((line, cells) for line, cells in _records(text, read) if any(c.strip() for c in cells))
    first = next(records, None)
    if first is None:
        if not read.errors:
            read.errors.append(RowError("file", "", "is empty: expected a header line and card rows"))
        read.fatal = True
        return
    header_line, header = first
    names = [norm_word(h) for h in header]
    as_written = {n: h.strip() for n, h in zip(names, header, strict=True)}
    fan = spec.list_layout
    read.layout = "fan" if (fan is not None and "number" not in names and {"name", "set"} <= set(names)
                            and fan.signs & set(names)) else "generic"
    if read.layout == "fan":
        known = list(fan.columns)
        required = ("name", "set")
    else:
        known = [*CARD_COLUMNS, *SET_COLUMNS, *(a.name for a in spec.attributes), *JSON_COLUMNS]
        required = REQUIRED_COLUMNS
    where = f"line {header_line}"
    seen_at: dict[str, int] = {}
    unknown = []
    unnamed = [i for i, name in enumerate(names) if name == ""]
    filled = set()
    if unnamed:  # a column without a header but with values: read the file once more to know (rare)
        scratch = CsvRead()
        for _, cells in records:
            filled.update(i for i in unnamed if i < len(cells) and cells[i].strip())
        records = ((line, cells) for line, cells in _records(text, scratch) if any(c.strip() for c in cells))
        next(records, None)
    for i, name in enumerate(names):
        if name == "":
            if i in filled:
                unknown.append(f"column {i + 1} (no header, but it has values)")
            continue
        if name in seen_at:
            read.errors.append(RowError(where, as_written[name],
                                        f"column appears twice (columns {seen_at[name] + 1} and {i + 1})"))
        seen_at.setdefault(name, i)
        if name not in known:
            hint = _suggest(name, known, spec)
            unknown.append(f"{header[i].strip()!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
    if unknown:
        read.errors.append(RowError(where, "", f"unknown column(s): {', '.join(unknown)}; "
                                               f"known columns: {', '.join(known)}"))
    missing = [c for c in required if c not in seen_at]
    if missing:
        read.errors.append(RowError(where, "", f"missing column(s): {', '.join(missing)}"))
    if read.errors:
        read.fatal = True
        return
    width = len(header)

    def rows():
        """Each record as {column: cell}, made as it is read and dropped after (memory: one row)."""
        for line, cells in records:
            extra = [c for c in cells[width:] if c.strip()]
            if extra:
                read.errors.append(RowError(f"line {line}", "", f"has {len(cells)} cells but the header has "
                                                                f"{width} columns (extra: {extra[0][:40]!r})"))
                continue
            cells = cells + [""] * (width - len(cells))
            yield f"line {line}", {n: cells[i] for n, i in seen_at.items()}

    existing = existing or _existing(game_slug)
    if read.layout == "fan":
        from cardpool.fan_list import read_fan  # the fan-list layout builds on this module's readers

        read_fan(spec, list(rows()), as_written, read, existing)
        yield from read.rows
    else:
        yield from _read_generic(spec, rows(), as_written, read, existing)


def _existing(game_slug: str):
    from cardpool.models import Card, CardSet  # readers only read

    sets = {s.code: s for s in CardSet.objects.filter(game__slug=game_slug)}
    cards = {(c.card_set.code, c.number): c
             for c in Card.objects.filter(game__slug=game_slug).select_related("card_set", "rarity")}
    return sets, cards


def _carry_over(data: dict[str, Any], card, present: set[str], spec: GameSpec, attr_columns: set[str],
                has_attributes_column: bool) -> None:
    """Keep what the file does not mention: a missing column leaves the card's value as it is."""
    if card is None:
        return
    if "text" not in present:
        data["text"] = card.text
    if "flavor" not in present:
        data["flavor"] = card.flavor
    if "rarity" not in present and card.rarity_id:
        data["rarity"] = card.rarity.code
    if "effects" not in present and not _compiled_from_text(spec, card):
        data["effects"] = card.effects
    if not has_attributes_column:
        for attr in spec.attributes:
            if attr.name not in attr_columns and attr.name in (card.attributes or {}):
                data.setdefault("attributes", {})[attr.name] = card.attributes[attr.name]


def _compiled_from_text(spec: GameSpec, card) -> bool:
    """Whether ``card``'s effects are what the game's text compiler makes of its text (or it has
    none): then a file without an effects column compiles the row's text again instead of
    carrying the old effects over, so a changed text changes the effects."""
    if not spec.compiles_text_of(card.card_type):
        return False
    if not card.effects:
        return True
    try:
        effects, _ = spec.text_compiler(card.text or "")
    except Exception:  # the import reports a compiler fault on the row itself
        return False
    return effects == card.effects


def _read_attributes(spec: GameSpec, where: str, cells: dict[str, str], columns: dict[str, str],
                     base: dict[str, Any], read: CsvRead) -> dict[str, Any]:
    """``columns`` maps attribute name -> logical column; each non-empty cell overrides ``base``."""
    attributes = dict(base)
    for attr_name, column in columns.items():
        attr = next(a for a in spec.attributes if a.name == attr_name)
        try:
            value = convert_cell(attr, cells[column])
        except CellError as exc:
            read.errors.append(RowError(where, read.columns.get(attr_name, column), str(exc)))
            read.bad_cells.add((where, attr_name))
            attributes.pop(attr_name, None)
            continue
        if value is None:
            attributes.pop(attr_name, None)
        else:
            attributes[attr_name] = value
    return attributes


def _read_json_cells(spec: GameSpec, where: str, cells: dict[str, str], read: CsvRead,
                     data: dict[str, Any]) -> dict[str, Any]:
    base: dict[str, Any] = {}
    for column, expect, what in (("effects", list, "list"), ("attributes", dict, "object")):
        if column in cells and cells[column].strip():
            try:
                value = _json_cell(cells[column].strip(), expect, what)
            except CellError as exc:
                read.errors.append(RowError(where, read.columns.get(column, column), str(exc)))
                if column == "attributes":
                    read.bad_cells.update((where, a.name) for a in spec.attributes)
                continue
            if column == "effects":
                data["effects"] = value
            else:
                base = value
        elif column == "effects" and column in cells:
            data["effects"] = []
    return base


def _default_kind(spec: GameSpec) -> str:
    return "core" if "core" in spec.set_kinds else spec.set_kinds[0]


def _read_generic(spec: GameSpec, rows, as_written: dict[str, str], read: CsvRead, existing) -> Iterator[CardRow]:
    present = set(as_written)
    read.columns = {n: as_written[n] for n in present}
    attr_columns = {a.name: a.name for a in spec.attributes if a.name in present}
    db_sets, db_cards = existing
    by_lower = {code.lower(): code for code in db_sets}
    by_name = {s.name.lower(): code for code, s in db_sets.items()}
    next_order = max((s.release_order for s in db_sets.values()), default=0) + 1
    declared: dict[str, int] = {}
    for where, cells in rows:
        data: dict[str, Any] = {}
        for column in ("set", "number", "name", "card_type", "rarity"):
            if column in cells and cells[column].strip():
                data[column] = cells[column].strip()
        for column in ("text", "flavor"):
            if column in cells:
                data[column] = cells[column]
        code = data.get("set")
        if code and code not in db_sets and code not in declared:
            code = by_lower.get(code.lower()) or by_name.get(code.lower()) or code
            data["set"] = code
        if code and len(code) > 20:
            read.errors.append(RowError(where, read.columns["set"], "set codes are at most 20 characters"))
        if "card_type" in data:
            data["card_type"] = card_type_slug(spec, data["card_type"])
        base = _read_json_cells(spec, where, cells, read, data)
        data["attributes"] = _read_attributes(spec, where, cells, attr_columns, base, read)
        _carry_over(data, db_cards.get((code, data.get("number"))), present, spec, set(attr_columns),
                    "attributes" in present)
        # Set declarations: the first row that gives any set_* value for a set declares it.
        values = {c: cells.get(c, "").strip() for c in SET_COLUMNS}
        if code and code not in declared and any(values.values()):
            current = db_sets.get(code)
            declaration: dict[str, Any] = {
                "code": code,
                "name": values["set_name"] or (current.name if current else ""),
                "kind": (norm_word(values["set_kind"]) if values["set_kind"]
                         else current.kind if current else _default_kind(spec)),
            }
            if values["set_order"]:
                if _INT.fullmatch(values["set_order"]) and int(values["set_order"]) >= 0:
                    declaration["release_order"] = int(values["set_order"])
                else:
                    read.errors.append(RowError(where, read.columns["set_order"],
                                                f"must be a whole number >= 0, not {values['set_order']!r}"))
                    declaration["release_order"] = 0
            elif current is not None:
                declaration["release_order"] = current.release_order
            else:
                declaration["release_order"] = next_order
                next_order += 1
            declared[code] = len(read.sets)
            read.sets.append(declaration)
            read.set_lines.append(where)
        yield CardRow(where, data)


def read_csv(text: str, *, game_slug: str) -> tuple[list[Any], list[CardRow]]:
    """Parse a CSV card file (generic or the game's fan-list layout) into sets and card rows.

    Raises :class:`ImportFailed` with every cell that cannot be read (line, column, reason).
    Checks that need the whole pool (unknown sets, duplicates, schema rules) happen in
    ``card_import``; :func:`import_cards_text` runs both and reports everything together.
    """
    read = parse_csv(text, game_slug=game_slug)
    if read.errors:
        raise ImportFailed(read.errors)
    return read.sets, read.rows


# ---------------------------------------------------------------------------------------------
# One entry point for the command and the admin
# ---------------------------------------------------------------------------------------------
FORMATS = ("csv", "json")


def detect_format(filename: str, text: str = "", override: str | None = None) -> str:
    """``override`` if given, else the file extension (.csv/.json), else a look at the content."""
    if override:
        return override.lower()
    lower = (filename or "").lower()
    if lower.endswith(".json"):
        return "json"
    if lower.endswith((".csv", ".tsv", ".txt")):
        return "csv"
    return "json" if text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") else "csv"


def decode_upload(data: bytes) -> str:
    """UTF-8 text (a byte-order mark is dropped) or ImportFailed saying where the bad byte is."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ImportFailed([RowError(f"line {line} column {column}", "",
                                     f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x}); save it as UTF-8")]) from None


class _Rollback(Exception):
    def __init__(self, summary: ImportSummary | None = None):
        self.summary = summary


def _line_key(error: RowError) -> tuple[int, int]:
    m = re.match(r"line (\d+)", error.where)
    return (1, int(m.group(1))) if m else (0, 0)


def _translate(errors: list[RowError], read: CsvRead) -> list[RowError]:
    """Service errors in CSV terms: set declarations by line, attribute paths by column."""
    set_fields = {"name": "set_name", "kind": "set_kind", "release_order": "set_order", "code": "set"}
    if read.layout == "fan":
        set_fields.update(kind=read.columns.get("tier", read.columns.get("card_type", "tier")),
                          name="set", release_order="set")
    out = []
    for error in errors:
        where, fld = error.where, error.field
        m = re.fullmatch(r"sets\[(\d+)\]", where)
        if m and int(m.group(1)) < len(read.set_lines):
            where = read.set_lines[int(m.group(1))]
            fld = read.columns.get(set_fields.get(fld, fld), set_fields.get(fld, fld))
        elif fld.startswith("attributes."):
            attr, _, rest = fld[len("attributes."):].partition(".")
            if (where, attr) in read.bad_cells:
                continue  # already reported as an unreadable cell
            if attr in read.columns:
                fld = read.columns[attr] + (f".{rest}" if rest else "")
        else:
            head = re.split(r"[.\[]", fld, maxsplit=1)[0]
            if (where, head) in read.bad_cells:
                continue
            if head in read.columns:
                fld = read.columns[head] + fld[len(head):]
        out.append(RowError(where, fld, error.message))
    return out


def import_cards_text(text: str, *, game_slug: str, fmt: str, dry_run: bool = False,
                      progress=None) -> ImportSummary:
    """Read ``text`` as ``fmt`` and import it all or nothing; ``dry_run`` checks and rolls back.

    Raises :class:`ImportFailed` listing every problem (reading and checking together),
    sorted by line, when anything is wrong; then nothing was written.
    """
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise ImportFailed([RowError("file", "format", f"unknown format {fmt!r}; use csv or json")])
    read = None
    if fmt == "json":
        sets, rows = read_json(text, game_slug=game_slug)
    else:  # streamed: rows are read twice (check, then write), one at a time, never all held
        read = CsvRead()
        existing = _existing(game_slug)

        def rows():
            read.__dict__.update(vars(CsvRead()))  # each pass collects the sets, columns and problems afresh
            return csv_rows(text, game_slug=game_slug, read=read, existing=existing)

        def sets():
            return read.sets

    try:
        with transaction.atomic():
            summary = card_import(game_slug=game_slug, sets=sets, rows=rows, progress=progress,
                                  reader_failed=None if read is None else (lambda: bool(read.errors)))
            if read is not None:
                summary.merged = list(read.merged)
            if dry_run:
                raise _Rollback(summary)
        return summary
    except _Rollback as done:
        return done.summary
    except ImportFailed as exc:
        if read is None:
            raise
        if read.fatal:  # the header is wrong: rows were not read
            raise ImportFailed(read.errors) from None
        errors = read.errors + _translate(exc.errors, read)
    errors.sort(key=_line_key)
    raise ImportFailed(errors)
