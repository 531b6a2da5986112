"""Writing a game's cards as CSV or JSON that ``import_cards`` reads back unchanged.

CSV uses the generic layout of docs/import-format.md (one column per schema attribute,
plus set_name/set_kind/set_order so an empty database can take the file); JSON is the
fixture shape of docs/fixture-format.md. The order is fixed (sets by release order and
code, cards by set and collector number), so exporting twice gives the same bytes, and
export -> import into an empty database -> export gives the same file again.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from cardpool.importer import CARD_COLUMNS, NONE_CELLS, SET_COLUMNS, looks_like_formula
from cardpool.models import Card, CardSet
from rules.core.registry import get_game
from rules.core.schema import BOOL, INT, LIST, MAP, TAGS, GameSpec

FORMATS = ("csv", "json")


def _number_key(number: str) -> tuple:
    """Collector numbers in natural order: "2" < "10" < "10a" < "P1"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.findall(r"\d+|\D+", number)) or ((0, 0, ""),)


def _cards(game_slug: str) -> list[Card]:
    cards = list(Card.objects.filter(game__slug=game_slug).select_related("card_set", "rarity"))
    cards.sort(key=lambda c: (c.card_set.release_order, c.card_set.code, _number_key(c.number), c.number))
    return cards


def _ordered_attributes(spec: GameSpec, attributes: dict[str, Any]) -> dict[str, Any]:
    names = [a.name for a in spec.attributes]
    ordered = {n: attributes[n] for n in names if n in attributes}
    ordered.update({k: attributes[k] for k in sorted(attributes) if k not in ordered})
    return ordered


def _card_dict(spec: GameSpec, card: Card) -> dict[str, Any]:
    return {
        "set": card.card_set.code,
        "number": card.number,
        "name": card.name,
        "card_type": card.card_type,
        "rarity": card.rarity.code if card.rarity_id else None,
        "text": card.text,
        "flavor": card.flavor,
        "attributes": _ordered_attributes(spec, card.attributes or {}),
        "effects": card.effects or [],
    }


def export_json(game_slug: str) -> str:
    spec = get_game(game_slug)
    sets = [{"code": s.code, "name": s.name, "release_order": s.release_order, "kind": s.kind}
            for s in CardSet.objects.filter(game__slug=game_slug).order_by("release_order", "code")]
    data = {"game": game_slug, "sets": sets, "cards": [_card_dict(spec, c) for c in _cards(game_slug)]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _needs_json(items: list[str]) -> bool:
    return not items or any(not i or i != i.strip() or any(sep in i for sep in "|/,") for i in items) \
        or (len(items) == 1 and items[0].strip().lower() in NONE_CELLS) or items[0].lstrip().startswith("[")


def cell_value(kind: str, value: Any) -> str:
    """One attribute value as the CSV cell the importer reads back to the same value."""
    if kind == BOOL and isinstance(value, bool):
        return "true" if value else "false"
    if kind == INT:
        return str(value)
    if kind in (LIST, TAGS) and isinstance(value, list):
        if _needs_json(value):
            return json.dumps(value, ensure_ascii=False)
        return "|".join(value)
    if kind == MAP and isinstance(value, dict):
        if not value or not all(re.fullmatch(r"[A-Za-z][A-Za-z_]*", k) for k in value):
            return json.dumps(value, ensure_ascii=False)
        return " ".join(f"{k}:{v}" for k, v in value.items())
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def guard_formula(cell: str) -> str:
    """A cell a spreadsheet would run as a formula, written as text (``looks_like_formula``: also
    after leading white space, and full-width ``＝``); a cell that already looks guarded gets one
    more apostrophe, since the import strips one."""
    return "'" + cell if looks_like_formula(cell) else cell


def export_csv(game_slug: str) -> str:
    spec = get_game(game_slug)
    attributes = list(spec.attributes)
    header = ["set", *SET_COLUMNS, *CARD_COLUMNS[1:], *(a.name for a in attributes), "effects"]
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for card in _cards(game_slug):
        s = card.card_set
        row = [s.code, s.name, s.kind, str(s.release_order), card.number, card.name, card.card_type,
               card.rarity.code if card.rarity_id else "", card.text, card.flavor]
        values = card.attributes or {}
        row += [cell_value(a.kind, values[a.name]) if a.name in values else "" for a in attributes]
        row.append(json.dumps(card.effects, ensure_ascii=False) if card.effects else "")
        writer.writerow([guard_formula(cell) for cell in row])
    return out.getvalue()


def export_cards(game_slug: str, fmt: str) -> str:
    """All of a game's cards as ``fmt`` ("csv" or "json"), in a fixed order."""
    fmt = fmt.lower()
    if fmt == "csv":
        return export_csv(game_slug)
    if fmt == "json":
        return export_json(game_slug)
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
