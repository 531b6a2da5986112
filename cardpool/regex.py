"""Regular expressions for search, run by RE2: linear time, so no pattern can freeze the server.

Python's ``re`` backtracks, and while it backtracks it holds the interpreter lock: one search
such as ``/^([\\w\\s]+)+!/`` used to stop every request until a restart. RE2 (google-re2)
answers in time linear in the text and refuses what it cannot do in linear time
(backreferences, lookaround) with a message, which the search reports at the pattern's position.

On SQLite this module replaces Django's ``REGEXP`` function (which calls ``re``) on every new
connection. PostgreSQL keeps its own engine, whose cost grows with the pattern's expanded size
(``(.*){1,200}(.*){1,200}(.*){1,200}!`` took it 13-25 s to compile), so every pattern is bounded
here before any database sees it (``check_bounds``: its length, each counted repetition and their
total), and the search runs it under a time budget of its own (``cardpool.search``).
"""

from __future__ import annotations

import re
from functools import lru_cache

import re2

#: RE2 gives up on a pattern whose compiled program would need more memory than this.
MAX_PROGRAM_BYTES = 4 << 20
#: the longest pattern a search may hold, in characters
MAX_PATTERN_LENGTH = 200
#: the largest count of one repetition ({n}, {n,}, {n,m}), and of all of them together (a
#: repetition inside another counts times the outer one)
MAX_REPEAT = 100
MAX_TOTAL_REPEAT = 100


class RegexError(ValueError):
    """A pattern refused: by RE2 (the message says why in its words) or by ``check_bounds``
    (``position``: where in the pattern, 0-based; None when RE2 does not say)."""

    def __init__(self, message: str, position: int | None = None):
        super().__init__(message)
        self.position = position


_COUNTED = re.compile(r"\{(\d+)(,(\d*))?\}")


def _count(m: re.Match) -> int:
    """How many times ``{n}``, ``{n,}`` or ``{n,m}`` repeats at most (``{n,}``: n copies, then a star)."""
    return int(m.group(3)) if m.group(3) else int(m.group(1))


def _skip_class(pattern: str, i: int) -> int:
    """The position after the character class opening at ``i`` (``[]a]``, ``[^]a]``, ``[[:alpha:]]``)."""
    j = i + 1
    j += pattern.startswith("^", j)
    j += pattern.startswith("]", j)
    while j < len(pattern) and pattern[j] != "]":
        if pattern[j] == "\\":
            j += 2
        elif pattern.startswith("[:", j) and (end := pattern.find(":]", j + 2)) != -1:
            j = end + 2
        else:
            j += 1
    return j + 1


def check_bounds(pattern: str) -> None:
    """Refuse, saying where, a pattern longer than ``MAX_PATTERN_LENGTH``, one counted repetition
    above ``MAX_REPEAT``, or counted repetitions above ``MAX_TOTAL_REPEAT`` in all (a repeated
    group's own repetitions multiplied: ``((a){1,5}){1,4}`` counts 5 x 4 + 4). One linear scan that
    skips escapes and character classes; RE2 checks the syntax itself."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise RegexError(f"a regular expression has at most {MAX_PATTERN_LENGTH} characters, "
                         f"this one {len(pattern)}", MAX_PATTERN_LENGTH)
    totals = [0]  # repetitions counted so far in each open group, the whole pattern first
    closed = 0  # the repetitions inside the group that has just closed (0 after anything else)
    i = 0
    while i < len(pattern):
        ch, after = pattern[i], 0
        if ch == "\\":
            i += 2
        elif ch == "[":
            i = _skip_class(pattern, i)
        elif ch == "(":
            totals.append(0)
            i += 1
        elif ch == ")" and len(totals) > 1:
            after = totals.pop()
            totals[-1] += after
            i += 1
        elif ch == "{" and (m := _COUNTED.match(pattern, i)):
            count = _count(m)
            if count > MAX_REPEAT:
                raise RegexError(f"{m.group()} at position {i + 1} of the expression repeats {count} times; "
                                 f"a repetition may repeat at most {MAX_REPEAT}", i)
            totals[-1] += count + closed * (count - 1)
            if sum(totals) > MAX_TOTAL_REPEAT:
                raise RegexError(f"{m.group()} at position {i + 1} of the expression brings its counted "
                                 f"repetitions to {sum(totals)} (nested ones multiplied); at most "
                                 f"{MAX_TOTAL_REPEAT} in all", i)
            i = m.end()
        else:
            i += 1
        closed = after


def _options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # RE2 would otherwise print every refused pattern to stderr
    options.max_mem = MAX_PROGRAM_BYTES
    return options


@lru_cache(maxsize=256)
def compile_pattern(pattern: str):
    """The compiled RE2 pattern, or :class:`RegexError` saying why it cannot be searched
    (``check_bounds`` first)."""
    check_bounds(pattern)
    try:
        return re2.compile(pattern, _options())
    except re2.error as exc:
        reason = exc.args[0] if exc.args else "not a regular expression"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise RegexError(reason) from None


def sqlite_regexp(pattern: str | None, text: str | None) -> bool | None:
    """SQLite's ``pattern REGEXP text``, with the NULL handling of Django's own function."""
    if pattern is None or text is None:
        return None
    try:
        return compile_pattern(pattern).search(text) is not None
    except RegexError:
        return False  # the search parser refuses such patterns before they reach SQL


def install_on_sqlite(sender, connection, **kwargs) -> None:
    """``connection_created`` receiver: make SQLite's REGEXP run RE2 on this connection."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("REGEXP", 2, sqlite_regexp, deterministic=True)
