"""Regular expressions for search, run by RE2: linear time, so no pattern can freeze the server.

Python's ``re`` backtracks, and while it backtracks it holds the interpreter lock: one search
such as ``/^([\\w\\s]+)+!/`` used to stop every request until a restart. RE2 (google-re2)
answers in time linear in the text and refuses what it cannot do in linear time
(backreferences, lookaround) with a message, which the search reports at the pattern's position.

On SQLite this module replaces Django's ``REGEXP`` function (which calls ``re``) on every new
connection. PostgreSQL keeps its own engine; a pattern must still compile in RE2 (so there are
no backreferences), and its statement timeout (``DATABASE_STATEMENT_TIMEOUT``) bounds the rest.
"""

from __future__ import annotations

from functools import lru_cache

import re2

#: RE2 gives up on a pattern whose compiled program would need more memory than this.
MAX_PROGRAM_BYTES = 4 << 20


class RegexError(ValueError):
    """A pattern RE2 refuses; the message says why in RE2's words."""


def _options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # RE2 would otherwise print every refused pattern to stderr
    options.max_mem = MAX_PROGRAM_BYTES
    return options


@lru_cache(maxsize=256)
def compile_pattern(pattern: str):
    """The compiled RE2 pattern, or :class:`RegexError` saying why it cannot be searched."""
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
