"""The fan-list CSV layout (``GameSpec.list_layout``, docs/import-format.md "Fan lists"): a game's
community card lists as their owners keep them (name, set, star, element, type, tier, cost, qty,
text), read into the same sets and card rows as the generic layout (``cardpool.importer``).

Sets are named, not coded (codes are made from their initials); a card's kind may come from its
tier, its type cell or its text's first segment; rows of one card merge as the docs describe.
"""

from __future__ import annotations

import re
from typing import Any

from cardpool.importer import (
    NONE_CELLS,
    CellError,
    CsvRead,
    _carry_over,
    _read_attributes,
    _read_json_cells,
    _split_list,
    card_type_slug,
    norm_word,
)
from cardpool.services import CardRow, RowError
from rules.core.schema import GameSpec

_MULTI = re.compile(r"^(dual|double|tri|triple|multi)[\s\-]+", re.IGNORECASE)
_LIST_SPLIT = re.compile(r"\s*(?:/|\||,|&|\+|\band\b)\s*", re.IGNORECASE)


def set_code_from_name(name: str, taken: set[str]) -> str:
    """Upper-case initials of the name ("Cheddar Catacombs" -> "CC"), made unique with 2, 3, ..."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    base = "".join(w if w.isdigit() else w[0] for w in words).upper()
    if len(base) < 2:
        base = re.sub(r"[^A-Za-z0-9]", "", name).upper()[:3] or "SET"
    base = base[:16]
    code, n = base, 1
    while code.lower() in taken:
        n += 1
        code = f"{base}{n}"
    taken.add(code.lower())
    return code


#: "Dual Fire/Water", "Tri ..." name exactly this many different values
_MULTI_COUNT = {"dual": 2, "double": 2, "tri": 3, "triple": 3}
#: a text segment written like a card kind (upper-case words, no timing word): "RELIC | Play: ..."
_KIND_LIKE = re.compile(r"[A-Z][A-Z'\-]*(?: [A-Z][A-Z'\-]*){0,3}\.?")


def card_kind(spec: GameSpec, word: str) -> str | None:
    """The card type a kind word names: a card type's slug or label, or a word of the game's
    list layout (``ListLayout.kinds``: "Legendary Accessory" -> accessory); else None."""
    word = word.strip().rstrip(".").strip()
    slug = card_type_slug(spec, word)
    if slug in spec.card_type_slugs:
        return slug
    layout = spec.list_layout
    # "Character (Co-Op)" reads as character_co_op
    return layout.kinds.get(norm_word(re.sub(r"[()]", " ", word))) if layout is not None else None


def _first_segment(text: str) -> str:
    """The first ability segment of a fan-list text cell (abilities are separated by `` | `` or lines)."""
    lines = text.strip().splitlines()
    return lines[0].split(" | ", 1)[0].strip() if lines else ""


def _multi_values(raw: str) -> tuple[list[str], str | None]:
    """A fan-list element or type cell as its values, and why it is wrong (a "Dual" cell that does
    not name two different values), else None."""
    m = _MULTI.match(raw)
    parts = [p for p in _LIST_SPLIT.split(raw[m.end():] if m else raw) if p]
    word = m.group(1).lower() if m else ""
    need = _MULTI_COUNT.get(word)
    if need and len({norm_word(p) for p in parts}) != need:
        shown = word.title()
        return parts, (f"{raw!r}: {shown} names {need} different values ({shown} Fire/Water"
                       f"{'/Earth' if need == 3 else ''}), not {len({norm_word(p) for p in parts})}")
    return parts, None


def read_fan(spec: GameSpec, rows, as_written: dict[str, str], read: CsvRead, existing) -> None:
    """A game's fan-list layout (``GameSpec.list_layout``), e.g. name, set, star, element, type, tier, cost, qty, text."""
    layout = spec.list_layout
    columns, attributes = layout.columns, layout.attributes
    logical = {columns[n]: n for n in as_written}  # logical column -> header word
    rows = [(where, {columns[n]: v for n, v in cells.items()}) for where, cells in rows]
    written = {col: as_written[word] for col, word in logical.items()}
    read.columns = dict(written)
    for col, attr_name in attributes.items():
        if col in written:
            read.columns[attr_name] = written[col]
    for col in ("tier", "card_type", "type"):
        if col in written:
            read.columns.setdefault("card_type", written[col])
    for where, cells in rows:  # "Dual Fire/Water", "Fire & Water" -> "Fire/Water"
        for col in ("element", "type"):
            if col in cells and not cells[col].lstrip().startswith("["):
                parts, problem = _multi_values(cells[col].strip())
                if problem:
                    read.errors.append(RowError(where, written[col], problem))
                    read.bad_cells.add((where, attributes.get(col, col)))
                    parts = []  # said once: the cell reads as empty from here
                cells[col] = "/".join(parts)
    present = set(logical)
    attr_columns = {attributes[c]: c for c in logical if c in attributes and c != "type"}
    db_sets, db_cards = existing
    taken = {code.lower() for code in db_sets}
    lookup: dict[str, str] = {}
    for code, s in db_sets.items():
        lookup.setdefault(s.name.lower(), code)
        lookup.setdefault(code.lower(), code)
    next_order = max((s.release_order for s in db_sets.values()), default=0) + 1
    new_sets: dict[str, dict[str, Any]] = {}
    kind_from: dict[str, tuple[str, str]] = {}  # set code -> (kind, where) given by a tier cell
    # A card is its set, name and kind group: every card a deck takes is one group ("kit"), each
    # component type its own, so a Co-op Boss's version of a set's single is a card of its own.
    deck_types = {t for section in spec.sections for t in section.card_types}

    def group(card_type: str) -> str:
        return "kit" if card_type in deck_types else card_type

    numbers_by_name: dict[tuple[str, str, str], str] = {}
    used: dict[str, set[str]] = {}
    for (code, number), card in db_cards.items():
        numbers_by_name.setdefault((code, card.name.lower(), group(card.card_type)), number)
        used.setdefault(code, set()).add(number)
    counters = {code: max((int(n) for n in numbers if n.isdigit()), default=0) for code, numbers in used.items()}
    # (set, name, group) -> (index in read.rows, the row's card data but its quantity, copies so far)
    first_of: dict[tuple[str, str, str], tuple[int, dict[str, Any], int]] = {}
    qty_attr = attributes.get("qty")
    type_attr = spec.attribute("types")
    type_values = set(type_attr.values) if type_attr is not None else set()
    kinds_label = ", ".join(k.replace("_", " ").title() for k in spec.set_kinds)
    types_label = ", ".join(t.label for t in spec.card_types)

    def unknown_kind(where: str) -> set[tuple[str, str]]:
        """A row whose kind is unknown: what its card type would require is not asked again."""
        return {(where, a.name) for a in spec.attributes if a.required_for}

    for where, cells in rows:
        data: dict[str, Any] = {}
        name = cells.get("name", "").strip()
        if name:
            data["name"] = name
        set_ref = cells.get("set", "").strip()
        code = None
        if set_ref:
            code = lookup.get(set_ref.lower())
            if code is None:
                code = set_code_from_name(set_ref, taken)
                new_sets[code] = {"code": code, "name": set_ref, "release_order": next_order, "kind": None}
                read.set_lines.append(where)
                next_order += 1
                lookup[set_ref.lower()] = lookup[code.lower()] = code
            data["set"] = code
        else:
            read.bad_cells.add((where, "number"))  # numbers come from the set: "set is required" says it
        # Card type and set kind from tier / card_type / type cells and the text's first segment.
        card_types: list[tuple[str, str]] = []  # (slug, column)
        kind_words: list[str] = []  # the words that named them (some add a type value: Pro Player)
        set_kind = None
        tier_kind = False  # a tier or card type cell names the card's kind
        for col in ("tier", "card_type"):
            raw = cells.get(col, "").strip()
            if raw.lower() in NONE_CELLS:
                continue
            key = norm_word(raw)
            slug = card_kind(spec, raw)
            if slug is not None:
                card_types.append((slug, col))
                kind_words.append(raw)
                tier_kind = True
            elif key in spec.set_kinds:
                set_kind = key
            else:
                read.errors.append(RowError(where, written[col], f"{raw!r} is neither a card type ({types_label}) "
                                                                 f"nor a set kind ({kinds_label})"))
                read.bad_cells.update(unknown_kind(where))
        types_cell = cells.get("type", "")
        if types_cell.strip().lower() not in NONE_CELLS:
            try:
                items = _split_list(types_cell)
            except CellError as exc:
                read.errors.append(RowError(where, written["type"], str(exc)))
                read.bad_cells.add((where, "types"))
                items = []
            rest = []
            for item in items:
                slug = card_kind(spec, item)
                if slug is not None and norm_word(item) not in type_values:
                    card_types.append((slug, "type"))
                    kind_words.append(item)
                else:
                    rest.append(item)
            if rest:
                cells["type"] = "|".join(rest)
                attr_columns_row = {**attr_columns, "types": "type"}
            else:
                attr_columns_row = attr_columns
        else:
            attr_columns_row = {**attr_columns, "types": "type"} if "type" in cells else attr_columns
        segment = _first_segment(cells.get("text", ""))
        if segment:  # "DECK BOX | Score: ...": the kind as the text's first segment
            slug = card_kind(spec, segment)
            if slug is not None:
                card_types.append((slug, "text"))
                kind_words.append(segment)
            elif (_KIND_LIKE.fullmatch(segment) and not tier_kind  # with a tier naming the kind: a heading (FRONT)
                  and not (spec.text_compiler and _compiles(spec, segment))):
                read.errors.append(RowError(where, written["text"], f"{segment!r} is not a card kind; a text that "
                                                                    f"starts with one names {types_label}"))
                read.bad_cells.update(unknown_kind(where))
        slugs = {slug for slug, _ in card_types}
        part = None  # a component row that also names a deck kind (a Co-op Boss's DECK BOX)
        kit_kinds = slugs & deck_types
        if layout.part_attribute and len(slugs) == 2 and len(kit_kinds) == 1:
            part = next(iter(kit_kinds))
            card_types = [(slug, col) for slug, col in card_types if slug != part]
            slugs -= kit_kinds
        if len(slugs) > 1:
            read.errors.append(RowError(where, written[card_types[-1][1]],
                                        f"names two card types: {', '.join(sorted(slugs))}"))
        data["card_type"] = card_types[0][0] if card_types else "single"
        if set_kind and code:
            earlier = kind_from.get(code)
            if earlier and earlier[0] != set_kind:
                read.errors.append(RowError(where, written["tier" if "tier" in written else "card_type"],
                                            f"set {set_ref!r} is {earlier[0]} ({earlier[1]}); this row says {set_kind}"))
            else:
                kind_from.setdefault(code, (set_kind, where))
        # Attributes, text, rarity, effects.
        for col in ("text", "flavor", "rarity"):
            if col in cells:
                value = cells[col] if col != "rarity" else cells[col].strip()
                if value or col != "rarity":
                    data[col] = value
        base = _read_json_cells(spec, where, cells, read, data)
        data["attributes"] = _read_attributes(spec, where, cells, attr_columns_row, base, read)
        if part:
            data["attributes"][layout.part_attribute] = part
        for word in kind_words:  # "Pro Player": a single whose types hold Pro
            attr_name, value = layout.kind_values.get(norm_word(word.strip().rstrip(".")), (None, None))
            if attr_name and (where, attr_name) not in read.bad_cells:
                values = list(data["attributes"].get(attr_name) or [])
                data["attributes"][attr_name] = values if value in values else [*values, value]
        # The same name twice in one set: one card whose copies add up (all else the same).
        if code and name:
            key = (code, name.lower(), group(data["card_type"]))
            card_data = {k: (v.strip() if isinstance(v, str) else v) for k, v in data.items() if k != "attributes"}
            card_data["attributes"] = {k: v for k, v in data["attributes"].items() if k != qty_attr}
            copies = data["attributes"].get(qty_attr) if qty_attr else None
            copies = copies if isinstance(copies, int) else 1
            if key in first_of:
                index, first_data, so_far = first_of[key]
                first_line = read.rows[index].where
                differ = sorted({k for k in first_data.keys() | card_data.keys() if k not in ("attributes", "name")
                                 and first_data.get(k) != card_data.get(k)}
                                | {k for k in first_data["attributes"].keys() | card_data["attributes"].keys()
                                   if first_data["attributes"].get(k) != card_data["attributes"].get(k)})
                if differ == ["text"] and data["card_type"] not in deck_types:
                    # a component's rows of other texts are its sides (a character's powers): one card
                    first = read.rows[index].data
                    texts = (first.get("text") or "").strip()
                    side = (card_data.get("text") or "").strip()
                    if side and side not in texts:
                        first["text"] = f"{texts}\n{side}" if texts else side
                    read.merged.append(f"{where}: {name!r} ({data['card_type']}) is the card of {first_line}; "
                                       f"its text is added as another side")
                    continue
                if differ:
                    shown = ", ".join(dict.fromkeys(read.columns.get(k, k) for k in differ))
                    read.errors.append(RowError(where, written["name"],
                                                f"{name!r} is listed twice in set {set_ref!r} with a different "
                                                f"{shown} (first at {first_line}); rows of one card may differ "
                                                f"only in their quantity, which adds up"))
                    read.bad_cells.add((where, "number"))
                elif qty_attr:
                    first_of[key] = (index, first_data, so_far + copies)
                    read.rows[index].data.setdefault("attributes", {})[qty_attr] = so_far + copies
                    read.merged.append(f"{where}: {name!r} is the card of {first_line}; its copies are "
                                       f"added ({so_far + copies})")
                continue
            first_of[key] = (len(read.rows), card_data, copies)
        # Numbers: the existing card of that name in that set keeps its number; new cards go on.
        if code:
            key = (code, name.lower(), group(data["card_type"]))
            number = numbers_by_name.get(key)
            if number is None:
                numbers = used.setdefault(code, set())
                counters[code] = counters.get(code, 0) + 1
                while f"{counters[code]:03d}" in numbers:
                    counters[code] += 1
                number = f"{counters[code]:03d}"
                numbers.add(number)
                if name:
                    numbers_by_name[key] = number
            data["number"] = number
            _carry_over(data, db_cards.get((code, number)), present, spec,
                        set(attr_columns_row) | ({"types"} if "type" in cells else set()), False)
        read.rows.append(CardRow(where, data))

    # Set kinds: a tier naming a set kind sets it (new sets default to expansion).
    read_lines = dict(zip(new_sets, read.set_lines, strict=True))
    read.sets, read.set_lines = [], []
    for code, declaration in new_sets.items():
        declaration["kind"] = kind_from.get(code, ("expansion",))[0]
        read.sets.append(declaration)
        read.set_lines.append(read_lines[code])
    for code, (kind, where) in kind_from.items():
        current = db_sets.get(code)
        if current is not None and current.kind != kind:
            read.sets.append({"code": code, "name": current.name, "release_order": current.release_order,
                              "kind": kind})
            read.set_lines.append(where)


def _compiles(spec: GameSpec, segment: str) -> bool:
    """Whether the game's text compiler reads ``segment`` (a bare keyword such as "SCURRY")."""
    try:
        effects, _ = spec.text_compiler(segment)
    except Exception:  # a compiler fault is reported on the card, not here
        return False
    return effects is not None
