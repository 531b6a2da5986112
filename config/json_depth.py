"""How deeply a JSON text nests, found before it is parsed.

Python's json parser recurses once per nested array or object, so a few kilobytes of "[[[[..."
raise RecursionError deep inside a view (a 500, with the debug page when DEBUG is on) on every
JSON endpoint, the admin's JSON fields and the card imports. Every place that parses JSON a user
sent asks ``too_deep`` first and refuses such text with a 400 that says where. No card, deck or
simulation request nests beyond a handful of levels.
"""

from __future__ import annotations

#: the deepest nesting of arrays and objects accepted anywhere a user sends JSON
MAX_JSON_DEPTH = 32


def too_deep(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> int | None:
    """The 0-based position where ``text`` first nests deeper than ``limit``, or None.

    A linear scan that skips strings (with their escapes), so it is cheap on any size and never
    recurses; it does not check that the text is valid JSON (the parser does, afterwards)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    depth = 0
    in_string = escaped = False
    for position, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return position
        elif char in "]}":
            depth = max(depth - 1, 0)
    return None


def nesting_message(position: int, where: str = "the JSON") -> str:
    return (f"{where} nests arrays or objects more than {MAX_JSON_DEPTH} levels deep (at position {position}); "
            "no card, deck or request needs that many")
