"""Millennium Blades: the community card list (the ``dnguy4/mb-db`` repository's
``card_list.sqlite``) written as the fan-list CSV that ``import_cards`` reads
(docs/import-format.md, "The community card list (mb-db)").

Plain Python (``sqlite3`` and ``csv``, no Django): ``read_card_list(path)`` reads the table
``card_list`` into a :class:`Conversion`, ``write_csv`` writes it. Each row of the table is one
row of the CSV, in the table's order and as written: the importer reads the list's conventions
(tiers, ``DECK BOX | ...``, ``Dual Fire/Water``, a character's two power-side rows) and says what
it merges. The table's notes about a card (``NOT_WRITTEN``) have no place in the card pool and are
not written; the command says so.
"""

from __future__ import annotations

import csv
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

TABLE = "card_list"
#: (fan-list column, the table's column), in the CSV's order
COLUMNS = (
    ("Name", "card_name"), ("Set", "set"), ("Star", "star"), ("Element", "element"), ("Type", "type"),
    ("Tier", "card_type"), ("Cost", "cost"), ("Qty", "qty"), ("Text", "card_text"),
)
#: the table's columns that are notes about a card, not card data: which product and divider it
#: came in, what it refers to, errata comments (with old texts), source symbol, copyright year and
#: how often its name occurs in the list
NOT_WRITTEN = ("source", "divider", "references", "comments_and_errata", "source_symbol", "copyright", "count")
#: the cell starts a spreadsheet runs as a formula (as cardpool.importer.FORMULA_STARTS)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class ConvertError(ValueError):
    """The file is not the card list (no such table, a column missing)."""


@dataclass
class Conversion:
    """The CSV's header and rows, and the table's columns that were not written."""

    header: tuple[str, ...] = tuple(column for column, _ in COLUMNS)
    rows: list[list[str]] = field(default_factory=list)
    not_written: tuple[str, ...] = ()


def guard_formula(cell: str) -> str:
    """A cell a spreadsheet would run as a formula (``+1 VP``) gets a leading apostrophe, which
    the import strips again (``cardpool.importer.unguard_formula``; the same test)."""
    body = cell.lstrip("'")
    first = body[:1]
    formula = bool(first) and (first in FORMULA_STARTS or first.isspace()
                               or unicodedata.normalize("NFKC", first)[:1] in FORMULA_STARTS)
    return "'" + cell if formula else cell


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return guard_formula(str(value))


def read_card_list(path: str | Path) -> Conversion:
    """Every row of the card list at ``path`` as a fan-list CSV row. Raises :class:`ConvertError`
    when the file is not an SQLite database with the table and its columns."""
    path = Path(path)
    if not path.is_file():
        raise ConvertError(f"{path}: no such file")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise ConvertError(f"{path}: cannot open: {exc}") from None
    try:
        try:
            tables = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        except sqlite3.DatabaseError as exc:
            raise ConvertError(f"{path}: not an SQLite database ({exc})") from None
        if TABLE not in tables:
            raise ConvertError(f"{path}: no table {TABLE!r} (tables: {', '.join(tables) or 'none'})")
        columns = [r[1] for r in connection.execute(f'PRAGMA table_info("{TABLE}")')]
        missing = [source for _, source in COLUMNS if source not in columns]
        if missing:
            raise ConvertError(f"{path}: table {TABLE!r} has no column(s) {', '.join(missing)}")
        wanted = ", ".join(f'"{source}"' for _, source in COLUMNS)
        rows = [[_cell(v) for v in row]
                for row in connection.execute(f'SELECT {wanted} FROM "{TABLE}" ORDER BY rowid')]
    finally:
        connection.close()
    used = {source for _, source in COLUMNS}
    return Conversion(rows=rows, not_written=tuple(c for c in columns if c not in used))


def write_csv(conversion: Conversion, out: TextIO) -> None:
    """The fan-list CSV: the header, then one line per row of the table."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(conversion.header)
    writer.writerows(conversion.rows)
