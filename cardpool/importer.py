"""Reading card files (JSON and CSV) into rows for ``cardpool.services.card_import``.

The JSON shape is documented in docs/fixture-format.md; the CSV columns in docs/import-format.md.
Readers never write: they turn a file into ``(sets, rows)`` or raise ``ImportFailed`` with
every problem they can see (line, field, reason).
"""

from __future__ import annotations

import json
from typing import Any

from cardpool.services import CardRow, ImportFailed, RowError


def read_json(text: str, *, game_slug: str) -> tuple[list[Any], list[CardRow]]:
    """Parse the fixture/import JSON shape into sets and card rows."""
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
