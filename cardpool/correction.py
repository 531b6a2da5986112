"""A search that finds nothing because of a typo, corrected (issue 27, part 10).

Scryfall answers "pebblehart" with the card, not with an empty page. Here a query whose name
words (bare words, quoted phrases, ``name:``; not negated, not regular expressions) include one
that is in no card name of the game at all is corrected when that word (or phrase) is one edit
from words of the card names: one letter added, dropped, changed, or two neighbours swapped
(optimal string alignment distance 1, rapidfuzz's ``OSA``). The results page then shows the
cards of the corrected query, marked as a correction, with a link to search the words as typed.

Words shorter than :data:`SHORTEST_CORRECTED` letters are left alone: one edit from "orc" is
half the dictionary. The names come from the per-process name index (``cardpool.name_index``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from cardpool.name_index import name_index, normalize
from cardpool.search import _TOKEN_END, BUILTIN_KEYS, And, Or, SearchError, Term, parse

#: Words shorter than this are never corrected.
SHORTEST_CORRECTED = 4


@dataclass(frozen=True)
class Correction:
    """``query`` with each of ``changes`` (typed, corrected) made."""

    query: str
    changes: tuple[tuple[str, str], ...]


def _name_terms(node) -> Iterable[Term]:
    """The terms of a parsed query that look for a name and must match (not under a negation)."""
    if isinstance(node, Term):
        if not node.regex and node.op == ":" and (node.key is None or BUILTIN_KEYS.get(node.key) == "name"):
            yield node
    elif isinstance(node, (And, Or)):
        for child in node.children:
            yield from _name_terms(child)


def _source_end(query: str, start: int) -> int:
    """Where the value written at ``start`` ends in the query (after its closing quote, if quoted)."""
    if start < len(query) and query[start] == '"':
        i = start + 1
        while i < len(query):
            if query[i] == "\\":
                i += 2
                continue
            if query[i] == '"':
                return i + 1
            i += 1
        return len(query)
    i = start
    while i < len(query) and query[i] not in _TOKEN_END:
        i += 1
    return i


def _written(value: str) -> str:
    """A value as the search language reads it: bare when it can be, else "quoted"."""
    if value and all(ch not in _TOKEN_END and ch != '"' for ch in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _closest(typed: str, keys: list[str]) -> str | None:
    """The run of words of the names (as many words as ``typed``) one edit from ``typed``; of several,
    the one in most names, then the first alphabetically."""
    width = len(typed.split())
    runs: Counter[str] = Counter()
    for key in keys:
        words = key.split()
        runs.update({" ".join(words[i:i + width]) for i in range(len(words) - width + 1)})
    found = process.extract(typed, list(runs), scorer=OSA.distance, score_cutoff=1, limit=None)
    if not found:
        return None
    return min((candidate for candidate, _, _ in found), key=lambda c: (-runs[c], c))


def correct_query(query: str, names: list[str]) -> Correction | None:
    """``query`` corrected against the card ``names``, or None when no name word of it is a typo
    one edit from the names (or it cannot be read)."""
    try:
        tree = parse(query).tree
    except SearchError:
        return None
    lowered = [name.lower() for name in names]
    keys = [normalize(name) for name in names]
    changes: list[tuple[int, int, str, str]] = []
    for term in _name_terms(tree):
        typed = normalize(term.value)
        if len(typed.replace(" ", "")) < SHORTEST_CORRECTED or any(term.value.lower() in name for name in lowered):
            continue
        corrected = _closest(typed, keys)
        if corrected is not None:
            changes.append((term.value_pos, _source_end(query, term.value_pos), term.value, corrected))
    if not changes:
        return None
    fixed = query
    for start, end, _, corrected in sorted(changes, reverse=True):
        fixed = fixed[:start] + _written(corrected) + fixed[end:]
    return Correction(fixed, tuple((typed, corrected) for _, _, typed, corrected in changes))


def correct_search(query: str, game_slugs: Iterable[str]) -> Correction | None:
    """:func:`correct_query` against the card names of the games ``game_slugs``."""
    names = [name for slug in game_slugs for name in name_index(slug).names]
    return correct_query(query, names)
