"""The card search language, shared by every game (after Scryfall's).

    dragon                      bare words (and "quoted phrases") match card names
    name:golem  name="Exact"    name contains / equals;  !"Exact Name"  !Golem  the same
    t:form  type:"soul pond"    card type (slug or label), or a subtype: t:golem (a tribe),
                                t:protect (a spirit type), t:animal, t:dream ...
    o:draw  text:"draw 2"       printed text contains
    ft:storm                    flavor text contains
    s:BND1  set:core            set code (or a word of the set name)
    r:rare  r>=rare             rarity, compared by the game's rarity order
    game:bos  g:fellbound       game slug or name
    cn:007                      collector number
    pwr>=3  level:2  color:red  any attribute of the game's schema, by name or alias,
    element:fire  soul_cost.dream>=1   with : = != < <= > >=
    timing:auto                 a timing word used by one of the card's effects
    -t:spirit                   negation;  a or b  alternatives;  ( ... ) grouping
    /^gol/  o:/draw \\d/         regular expressions on name (or text)
    order:pwr  direction:desc   sort

``search(query, game_slug=...)`` returns a :class:`SearchResult`; any malformed query
raises :class:`SearchError` with a message, the 0-based ``position`` of the problem and,
where a known word is close, a ``suggestion``. Nothing here raises anything else for a
string a user typed.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Iterable
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field

from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from cardpool.models import Card, CardAttributeValue, CardSet, Rarity
from cardpool.regex import RegexError, compile_pattern
from rules.core.registry import UnknownGame, all_games, get_game
from rules.core.schema import BOOL, ENUM, INT, LIST, MAP, STR, TAGS, Attribute, GameSpec

QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE when statement_timeout stops a statement

OPERATORS = (":", "!=", "<=", ">=", "=", "<", ">")
COMPARISONS = ("<", "<=", ">", ">=")
MAX_QUERY_LENGTH = 1000
MAX_TERMS = 60
#: deepest parenthesis nesting a query may have (a person writes two or three levels)
MAX_NESTING = 12

BUILTIN_KEYS = {
    "name": "name", "n": "name",
    "t": "type", "type": "type",
    "o": "text", "text": "text", "oracle": "text",
    "ft": "flavor", "flavor": "flavor",
    "s": "set", "set": "set",
    "r": "rarity", "rarity": "rarity",
    "game": "game", "g": "game",
    "cn": "number", "number": "number",
    "timing": "timing", "eti": "timing",
    "order": "order", "sort": "order",
    "direction": "direction", "dir": "direction",
}
ORDER_FIELDS = {"name": "name_lower", "set": "card_set__release_order", "number": "number",
                "rarity": "rarity__order", "type": "card_type", "game": "game__name",
                "updated": "updated"}
LOOKUP = {"=": "exact", ":": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


class SearchError(ValueError):
    """A query the parser cannot use: says what is wrong and where. ``code`` is the API's stable
    error code: ``bad_query`` (the query itself), ``too_slow`` (the database gave up on it, or on its
    regular expression), ``busy`` (the client's regular-expression searches at once: 429)."""

    def __init__(self, message: str, position: int, suggestion: str | None = None, code: str = "bad_query"):
        self.message = message
        self.position = position
        self.suggestion = suggestion
        self.code = code
        text = f"{message} (at position {position + 1})"
        if suggestion:
            text += f"; did you mean {suggestion!r}?"
        super().__init__(text)

    @property
    def status(self) -> int:
        """The HTTP status that answers it: 429 for ``busy`` (the client's searches at once), else 400."""
        return 429 if self.code == "busy" else 400

    def details(self) -> dict:
        """Where the error is, for the API's error body beside its code and sentence."""
        return {"position": self.position, "column": self.position + 1, "suggestion": self.suggestion}


def _suggest(word: str, options: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(word.lower(), sorted(set(options)), n=1, cutoff=0.6)
    return match[0] if match else None


# -- tokens and syntax tree ----------------------------------------------------------------
@dataclass(frozen=True)
class Term:
    """``key op value`` (key None for a bare word); ``regex`` when written /.../."""

    key: str | None
    op: str
    value: str
    pos: int  # where the term starts
    value_pos: int
    regex: bool = False
    end: int = 0  # where it ends: the text of the term is ``query[pos:end]``


@dataclass(frozen=True)
class Not:
    child: object
    pos: int


@dataclass(frozen=True)
class And:
    children: tuple


@dataclass(frozen=True)
class Or:
    children: tuple


@dataclass
class ParsedQuery:
    tree: object | None
    order: list[tuple[str, int]] = field(default_factory=list)  # (key, position)
    direction: str = "asc"
    sort_terms: list[Term] = field(default_factory=list)  # the order:/direction: terms, left out of the tree


_KEY_OP = re.compile(r"([A-Za-z_][\w.]*)(!=|<=|>=|:|=|<|>)")
_TOKEN_END = set(" \t\r\n()")


class _Lexer:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.tokens: list[tuple[str, object, int]] = []

    def _quoted(self, start: int) -> tuple[str, int]:
        """Read "..." starting at ``start``; backslash escapes a quote."""
        i, out = start + 1, []
        while i < len(self.text):
            ch = self.text[i]
            if ch == "\\" and i + 1 < len(self.text):
                out.append(self.text[i + 1])
                i += 2
                continue
            if ch == '"':
                return "".join(out), i + 1
            out.append(ch)
            i += 1
        raise SearchError("unterminated quoted phrase: add a closing \"", start)

    def _regex(self, start: int) -> tuple[str, int]:
        i, out = start + 1, []
        while i < len(self.text):
            ch = self.text[i]
            if ch == "\\" and i + 1 < len(self.text):
                out.append(self.text[i:i + 2])
                i += 2
                continue
            if ch == "/":
                pattern = "".join(out)
                if not pattern:
                    raise SearchError("empty regular expression", start)
                try:
                    compile_pattern(pattern)
                except RegexError as exc:
                    if exc.position is not None:  # within RE2's syntax, past this search's bounds
                        raise SearchError(f"regular expression too large: {exc}", start + 1 + exc.position) from None
                    raise SearchError(f"invalid regular expression: {exc}", start + 1) from None
                return pattern, i + 1
            out.append(ch)
            i += 1
        raise SearchError("unterminated regular expression: add a closing /", start)

    def _bare(self, start: int) -> tuple[str, int]:
        i = start
        while i < len(self.text) and self.text[i] not in _TOKEN_END:
            i += 1
        return self.text[start:i], i

    def run(self) -> list[tuple[str, object, int]]:
        text = self.text
        while self.i < len(text):
            ch, start = text[self.i], self.i
            if ch.isspace():
                self.i += 1
            elif ch in "()":
                self.tokens.append((ch, ch, start))
                self.i += 1
            elif ch == "-":
                if self.i + 1 >= len(text) or text[self.i + 1].isspace() or text[self.i + 1] == ")":
                    raise SearchError("'-' must be followed by a search term (no space)", start)
                self.tokens.append(("NOT", "-", start))
                self.i += 1
            elif ch == "!" and self.i + 1 < len(text) and (text[self.i + 1] == '"' or text[self.i + 1].isalnum()):
                if text[self.i + 1] == '"':  # !"Exact Name": the card of that name (Scryfall's)
                    value, self.i = self._quoted(start + 1)
                else:
                    value, self.i = self._bare(start + 1)
                self.tokens.append(("TERM", Term("name", "=", value, start, start + 1, end=self.i), start))
            elif ch == '"':
                value, self.i = self._quoted(start)
                self.tokens.append(("TERM", Term(None, ":", value, start, start, end=self.i), start))
            elif ch == "/":
                value, self.i = self._regex(start)
                self.tokens.append(("TERM", Term(None, ":", value, start, start, regex=True, end=self.i), start))
            else:
                m = _KEY_OP.match(text, start)
                if m:
                    key, op = m.group(1), m.group(2)
                    vstart = m.end()
                    if vstart < len(text) and text[vstart] == '"':
                        value, self.i = self._quoted(vstart)
                        term = Term(key.lower(), op, value, start, vstart, end=self.i)
                    elif vstart < len(text) and text[vstart] == "/":
                        value, self.i = self._regex(vstart)
                        term = Term(key.lower(), op, value, start, vstart, regex=True, end=self.i)
                    else:
                        value, self.i = self._bare(vstart)
                        if not value:
                            raise SearchError(f"{key}{op} needs a value", vstart)
                        term = Term(key.lower(), op, value, start, vstart, end=self.i)
                    self.tokens.append(("TERM", term, start))
                else:
                    word, self.i = self._bare(start)
                    lowered = word.lower()
                    if lowered == "or":
                        self.tokens.append(("OR", word, start))
                    elif lowered == "and":
                        self.tokens.append(("AND", word, start))
                    else:
                        if any(op in word for op in ("<", ">", "!=", "=", ":")) and not word[0].isalnum():
                            raise SearchError(f"cannot read {word!r}: a key must start with a letter", start)
                        self.tokens.append(("TERM", Term(None, ":", word, start, start, end=self.i), start))
        return self.tokens


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _Lexer(text).run()
        self.k = 0
        self.parsed = ParsedQuery(None)
        self.term_count = 0
        self.depth = 0  # open parentheses around the current position

    def _peek(self) -> tuple[str, object, int] | None:
        return self.tokens[self.k] if self.k < len(self.tokens) else None

    def parse(self) -> ParsedQuery:
        if "\x00" in self.text:  # no database stores it; PostgreSQL refuses it outright
            raise SearchError("a query cannot contain a NUL character", self.text.index("\x00"))
        if len(self.text) > MAX_QUERY_LENGTH:
            raise SearchError(f"query is longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH)
        if self.tokens:
            tree = self._or()
            tok = self._peek()
            if tok is not None:
                if tok[0] == ")":
                    raise SearchError("unmatched closing parenthesis", tok[2])
                raise SearchError(f"unexpected {tok[1]!r}", tok[2])  # pragma: no cover - defensive
            self.parsed.tree = tree
        return self.parsed

    def _or(self):
        children = [self._and()]
        while (tok := self._peek()) and tok[0] == "OR":
            if children[-1] is None:  # "order:name or x": nothing to the left to choose from
                raise SearchError("'or' needs a search term on both sides", tok[2])
            self.k += 1
            nxt = self._peek()
            if nxt is None or nxt[0] in (")", "OR", "AND"):
                raise SearchError("'or' needs a search term on both sides", tok[2])
            children.append(self._and())
            if children[-1] is None:
                raise SearchError("'or' needs a search term on both sides", tok[2])
        return children[0] if len(children) == 1 else Or(tuple(children))

    def _and(self):
        """Implicitly and-ed terms; None when they were only order:/direction: terms."""
        children, consumed = [], False
        while (tok := self._peek()) and tok[0] not in (")", "OR"):
            consumed = True
            if tok[0] == "AND":
                self.k += 1
                nxt = self._peek()
                if not children or nxt is None or nxt[0] in (")", "OR", "AND"):
                    raise SearchError("'and' needs a search term on both sides", tok[2])
                continue
            node = self._unary()
            if node is not None:
                children.append(node)
        if not children and consumed:
            return None
        if not children:
            tok = self._peek()
            pos = tok[2] if tok else len(self.text)
            if tok and tok[0] == "OR":
                raise SearchError("'or' needs a search term on both sides", pos)
            if tok and tok[0] == ")":
                raise SearchError("empty parentheses or a missing search term", pos)
            raise SearchError("missing search term", pos)
        return children[0] if len(children) == 1 else And(tuple(children))

    def _unary(self):
        tok = self._peek()
        if tok[0] == "NOT":
            self.k += 1
            nxt = self._peek()
            if nxt is None or nxt[0] in (")", "OR", "AND", "NOT"):
                raise SearchError("'-' must be followed by a search term", tok[2])
            child = self._unary()
            if child is None:
                raise SearchError("'-' cannot negate order: or direction:", tok[2])
            return Not(child, tok[2])
        if tok[0] == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise SearchError(f"parentheses nested too deeply (at most {MAX_NESTING} levels)", tok[2])
            self.k += 1
            nxt = self._peek()
            if nxt is None:
                raise SearchError("unmatched opening parenthesis", tok[2])
            if nxt[0] == ")":
                raise SearchError("empty parentheses", tok[2])
            node = self._or()
            close = self._peek()
            if close is None or close[0] != ")":
                raise SearchError("unmatched opening parenthesis", tok[2])
            self.k += 1
            self.depth -= 1
            return node
        self.k += 1
        term: Term = tok[1]
        self.term_count += 1
        if self.term_count > MAX_TERMS:
            raise SearchError(f"too many search terms (at most {MAX_TERMS})", term.pos)
        if term.key is not None and BUILTIN_KEYS.get(term.key) == "order":
            self._check_sort_op(term)
            self.parsed.sort_terms.append(term)
            self.parsed.order.append((term.value.lower(), term.value_pos))
            return None
        if term.key is not None and BUILTIN_KEYS.get(term.key) == "direction":
            self._check_sort_op(term)
            self.parsed.sort_terms.append(term)
            value = term.value.lower()
            if value not in ("asc", "desc", "ascending", "descending"):
                raise SearchError(f"direction must be asc or desc, not {term.value!r}", term.value_pos,
                                  _suggest(value, ("asc", "desc")))
            self.parsed.direction = value[:3] if value.startswith("asc") else "desc"
            return None
        return term

    @staticmethod
    def _check_sort_op(term: Term) -> None:
        if term.op not in (":", "="):
            raise SearchError(f"{term.key} takes ':' (e.g. {term.key}:name)", term.pos + len(term.key))


def parse(query: str) -> ParsedQuery:
    """Parse a query into a tree of Term / Not / And / Or; raises SearchError."""
    return _Parser(query or "").parse()


def name_words(query: str) -> str:
    """The words of a query that look for a name (bare words, quoted phrases, ``name:``), not
    negated: what "did you mean" corrects. Empty for a query it cannot read."""
    try:
        tree = parse(query).tree
    except SearchError:
        return ""
    words: list[str] = []

    def walk(node) -> None:
        if isinstance(node, Term):
            if not node.regex and (node.key is None or BUILTIN_KEYS.get(node.key) == "name"):
                words.append(node.value)
        elif isinstance(node, (And, Or)):
            for child in node.children:
                walk(child)

    walk(tree)
    return " ".join(words).strip()


def first_regex(query: str) -> int | None:
    """Where the pattern of the first /regular expression/ of ``query`` starts (its first character;
    None: it has none, or cannot be read)."""
    try:
        tree = parse(query).tree
    except SearchError:
        return None
    found: list[int] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Term) and node.regex:
            found.append(node.value_pos + 1)
        elif isinstance(node, Not):
            stack.append(node.child)
        elif isinstance(node, (And, Or)):
            stack.extend(node.children)
    return min(found, default=None)


def word_at(query: str, position: int) -> tuple[int, int] | None:
    """The span ``(start, end)`` of the word of ``query`` at ``position`` as the lexer read it: a
    term's value from its start, or its key (or a key's ``.part``): what a suggestion replaces.
    None where no term starts or goes on there, or the text cannot be read."""
    try:
        tokens = _Lexer(query or "").run()
    except SearchError:
        return None
    for kind, term, _ in tokens:
        if kind != "TERM" or not term.pos <= position < term.end:
            continue
        if position >= term.value_pos or term.key is None:
            return position, term.end
        return position, term.value_pos - len(term.op)
    return None


#: what a regular-expression search may cost on PostgreSQL, whose engine grows with the pattern:
#: its compilation (``_check_regex_in_database``), then each statement of the search
REGEX_COMPILE_MS = 250
REGEX_STATEMENT_MS = 400
#: regular-expression searches one client (its address) may have running at once; one more waits
REGEX_SEARCHES_PER_CLIENT = 2
#: a slot left by a killed worker frees itself after this long
REGEX_SLOT_SECONDS = 30


def _regex_slot(client: str, position: int):
    """Take one of ``client``'s ``REGEX_SEARCHES_PER_CLIENT`` slots in the cache every server process
    shares (``settings.SHARED_CACHE``), or raise SearchError ``busy``: the key of the slot taken."""
    from accounts.throttles import shared_cache

    digest = hashlib.sha1(client.encode()).hexdigest()[:20]
    for slot in range(REGEX_SEARCHES_PER_CLIENT):
        key = f"search:regex-slot:{digest}:{slot}"
        if shared_cache().add(key, 1, REGEX_SLOT_SECONDS):
            return key
    raise SearchError(f"you already have {REGEX_SEARCHES_PER_CLIENT} regular-expression searches running; "
                      "wait for one to finish and try again", position, code="busy")


def _set_statement_timeout(milliseconds: int | str) -> str:
    """Set this transaction's statement timeout (PostgreSQL); the one it had, to put back."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        before = cursor.fetchone()[0]
        cursor.execute("SELECT set_config('statement_timeout', %s, true)", [str(milliseconds)])
    return before


@contextmanager
def statement_time_budget(query: str = "", client: str | None = None):
    """Run a search's statements inside: the database cancelling one at its statement timeout becomes
    a :class:`SearchError` ``too_slow`` (a clear 400, never a 500).

    A ``query`` holding a /regular expression/ is an expensive search: ``client`` (an address) may
    run ``REGEX_SEARCHES_PER_CLIENT`` of them at once (SearchError ``busy`` past that), and on
    PostgreSQL each of its statements has ``REGEX_STATEMENT_MS`` (its own engine's cost grows with
    the pattern; SQLite runs RE2, linear, and needs no budget), so one visitor's searches never hold
    a server process for long."""
    at = first_regex(query) if query else None
    expensive = at is not None
    slot = _regex_slot(client, at) if expensive and client else None
    budget = expensive and connection.vendor == "postgresql"
    try:
        with transaction.atomic() if budget else nullcontext():
            before = _set_statement_timeout(REGEX_STATEMENT_MS) if budget else None
            yield
            if budget:  # a savepoint in an outer transaction keeps the setting: put it back
                _set_statement_timeout(before)
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != QUERY_CANCELED:
            raise
        if budget:
            raise SearchError(f"this regular-expression search took longer than {REGEX_STATEMENT_MS} ms, the "
                              "most one may take; make the expression simpler or the search narrower", at,
                              code="too_slow") from None
        raise SearchError("this search took too long for the server; make it narrower", 0, code="too_slow") from None
    finally:
        if slot is not None:
            from accounts.throttles import shared_cache

            shared_cache().delete(slot)


# -- compiling to a Django filter ------------------------------------------------------------
@dataclass
class SearchResult:
    """``cards``: ordered, with set/game/rarity joined; ``matches``: the bare filter, for counting."""

    cards: QuerySet
    matches: QuerySet
    query: str
    order: list[str]
    direction: str

    def count(self) -> int:
        return self.matches.count()


def _attr_subquery(name: str, **lookups) -> Q:
    ids = CardAttributeValue.objects.filter(name=name, **lookups).values("card_id")
    return Q(pk__in=ids)


def _check_regex_in_database(pattern: str, position: int) -> None:
    """The lexer checks a /regex/ with RE2 (what SQLite's REGEXP runs); PostgreSQL's regex
    dialect refuses some patterns RE2 accepts, so ask it too, in a savepoint rolled back after it,
    within ``REGEX_COMPILE_MS``: its compilation grows with the pattern, and the search's own
    statements then find it compiled (PostgreSQL keeps the last ones it compiled)."""
    if connection.vendor != "postgresql":
        return
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT set_config('statement_timeout', %s, true)", [str(REGEX_COMPILE_MS)])
            cursor.execute("SELECT '' ~* %s", [pattern])
            transaction.set_rollback(True)  # and the statement timeout with it
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != QUERY_CANCELED:
            raise
        raise SearchError(f"this regular expression is too complex: the database could not prepare it within "
                          f"{REGEX_COMPILE_MS} ms; simplify it (fewer or smaller repetitions)", position,
                          code="too_slow") from None
    except DatabaseError as exc:
        reason = str(exc).splitlines()[0].removeprefix("invalid regular expression: ")
        raise SearchError(f"invalid regular expression: {reason}", position) from None


class _Compiler:
    def __init__(self, games: list[GameSpec], game_ids: dict[str, int]):
        self.games = games
        self.game_ids = game_ids
        self.single = len(games) == 1

    # scoped to a game when several games are searched together
    def _in_game(self, spec: GameSpec, q: Q) -> Q:
        return q if self.single else Q(game_id=self.game_ids.get(spec.slug, -1)) & q

    def compile(self, node) -> Q:
        if isinstance(node, Term):
            return self.term(node)
        if isinstance(node, Not):
            return ~self.compile(node.child)
        if isinstance(node, And):
            q = Q()
            for child in node.children:
                q &= self.compile(child)
            return q
        q = Q()
        for child in node.children:
            q |= self.compile(child)
        return q

    def known_keys(self) -> list[str]:
        keys = set(BUILTIN_KEYS)
        for spec in self.games:
            for attr in spec.attributes:
                keys.add(attr.name)
                keys.update(attr.aliases)
        return sorted(keys)

    def term(self, t: Term) -> Q:
        if t.key is None:
            return self.text_match("name_lower", t, lower=True)
        builtin = BUILTIN_KEYS.get(t.key)
        if builtin:
            return getattr(self, f"key_{builtin}")(t)
        return self.attribute(t)

    def _only(self, t: Term, ops: tuple[str, ...]) -> None:
        if t.op not in ops:
            raise SearchError(f"{t.key} does not support {t.op!r}; use {' or '.join(ops)}", t.pos + len(t.key))

    def text_match(self, column: str, t: Term, lower: bool = False) -> Q:
        self._only_text(t)
        if t.regex:
            _check_regex_in_database(t.value, t.value_pos + 1)  # its first character, as the lexer says
            return Q(**{f"{column}__iregex": t.value})
        if t.op == "=":
            return Q(**{f"{column}__iexact": t.value}) if not lower else Q(**{column: t.value.lower()})
        if t.op == "!=":
            return ~(Q(**{f"{column}__icontains": t.value}) if not lower else Q(**{f"{column}__contains": t.value.lower()}))
        return Q(**{f"{column}__icontains": t.value}) if not lower else Q(**{f"{column}__contains": t.value.lower()})

    def _only_text(self, t: Term) -> None:
        if t.op in COMPARISONS:
            what = t.key or "a name"
            raise SearchError(f"{what} cannot be compared with {t.op!r}; use ':' , '=' or '!='",
                              t.pos + len(t.key or ""))

    def key_name(self, t: Term) -> Q:
        return self.text_match("name_lower", t, lower=True)

    def key_text(self, t: Term) -> Q:
        return self.text_match("text", t)

    def key_flavor(self, t: Term) -> Q:
        return self.text_match("flavor", t)

    def key_number(self, t: Term) -> Q:
        self._only(t, (":", "=", "!="))
        q = Q(number__iexact=t.value)
        return ~q if t.op == "!=" else q

    def key_type(self, t: Term) -> Q:
        self._only(t, (":", "=", "!="))
        wanted = t.value.lower().replace(" ", "_").replace("-", "_")
        q, found, options = Q(), False, set()
        for spec in self.games:
            for ct in spec.card_types:
                options.update((ct.slug, ct.label.lower()))
                if wanted in (ct.slug, ct.label.lower().replace(" ", "_").replace("-", "_")):  # "Co-op Boss"
                    q |= self._in_game(spec, Q(card_type=ct.slug))
                    found = True
        if not found:
            q, found = self._subtype(t, wanted.replace("_", " "))
        if not found:
            raise SearchError(f"unknown card type {t.value!r}", t.value_pos,
                              _suggest(wanted, options | self._subtype_words()))
        return ~q if t.op == "!=" else q

    def _subtype(self, t: Term, wanted: str) -> tuple[Q, bool]:
        """``t:golem``: cards whose subtype attributes (``Attribute.subtype``: tribes, spirit
        types, subdivisions) hold the word. A word that is another attribute's value is refused
        with the key to use (``t:fire`` -> ``element:fire``)."""
        q, found = Q(), False
        for spec in self.games:
            for attr in spec.attributes:
                if not attr.subtype or attr.kind not in (TAGS, LIST, ENUM):
                    continue
                if attr.values and wanted not in {v.lower() for v in attr.values}:
                    continue
                if not attr.values and not CardAttributeValue.objects.filter(
                        name=attr.name, text=wanted, card__game_id=self.game_ids.get(spec.slug, -1)).exists():
                    continue
                q |= self._in_game(spec, _attr_subquery(attr.name, text=wanted))
                found = True
        if found:
            return q, True
        for spec in self.games:
            for attr in spec.attributes:
                if attr.kind in (LIST, ENUM) and wanted in {v.lower() for v in attr.values}:
                    key = attr.name[:-1] if attr.name[:-1] in attr.aliases else attr.name  # element:, not elements:
                    raise SearchError(f"{t.value!r} is not a card type but a value of {attr.label}: "
                                      f"search {key}:{t.value}", t.pos, f"{key}:{t.value}")
        return q, False

    def _subtype_words(self) -> set[str]:
        """Every subtype value of the games searched, for "did you mean" (t:gollem -> golem)."""
        words: set[str] = set()
        for spec in self.games:
            for attr in spec.attributes:
                if not attr.subtype:
                    continue
                if attr.values:
                    words.update(v.lower() for v in attr.values)
                else:
                    words.update(CardAttributeValue.objects.filter(
                        name=attr.name, card__game_id=self.game_ids.get(spec.slug, -1))
                        .values_list("text", flat=True).distinct()[:1000])
        return words

    def key_game(self, t: Term) -> Q:
        self._only(t, (":", "=", "!="))
        wanted = t.value.lower()
        options = {}
        for spec in all_games():
            options[spec.slug] = spec.slug
            options[spec.name.lower()] = spec.slug
            options[spec.name.lower().split(":")[0].split()[0]] = spec.slug
        slug = options.get(wanted) or options.get(wanted.replace("-", "_"))
        if slug is None:
            raise SearchError(f"unknown game {t.value!r}", t.value_pos, _suggest(wanted, options))
        q = Q(game__slug=slug)
        return ~q if t.op == "!=" else q

    def key_set(self, t: Term) -> Q:
        self._only(t, (":", "=", "!="))
        sets = CardSet.objects.all()
        if self.single:
            sets = sets.filter(game_id=self.game_ids.get(self.games[0].slug, -1))
        codes = dict(sets.values_list("code", "id"))
        wanted = t.value.lower()
        ids = [pk for code, pk in codes.items() if code.lower() == wanted]
        if not ids:
            ids = list(sets.filter(name__icontains=t.value).values_list("id", flat=True))
        if not ids:
            raise SearchError(f"unknown set {t.value!r}", t.value_pos,
                              _suggest(wanted, [c.lower() for c in codes]))
        q = Q(card_set_id__in=ids)
        return ~q if t.op == "!=" else q

    def key_rarity(self, t: Term) -> Q:
        """Rarity by code or name; comparisons use each game's own rarity order."""
        wanted = t.value.lower()
        rarities = list(Rarity.objects.filter(game__slug__in=[g.slug for g in self.games]))
        matches = [r for r in rarities if wanted in (r.code.lower(), r.name.lower())]
        if not matches:
            raise SearchError(f"unknown rarity {t.value!r}", t.value_pos,
                              _suggest(wanted, {r.name.lower() for r in rarities} | {r.code.lower() for r in rarities}))
        compare = {":": int.__eq__, "=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__,
                   ">": int.__gt__, ">=": int.__ge__}[t.op]
        ids = {r.pk for m in matches for r in rarities if r.game_id == m.game_id and compare(r.order, m.order)}
        return Q(rarity_id__in=sorted(ids))

    def key_timing(self, t: Term) -> Q:
        self._only(t, (":", "=", "!="))
        wanted = t.value.lower().strip("[]")
        options = {timing for spec in self.games for timing in spec.timings}
        if wanted not in options:
            raise SearchError(f"unknown timing {t.value!r}", t.value_pos, _suggest(wanted, options))
        q = _attr_subquery("timing", text=wanted)
        return ~q if t.op == "!=" else q

    # -- schema attributes ---------------------------------------------------------------
    def attribute(self, t: Term) -> Q:
        key, _, subkey = t.key.partition(".")
        resolved = [(spec, spec.attribute(key)) for spec in self.games]
        resolved = [(spec, attr) for spec, attr in resolved if attr is not None]
        if not resolved:
            canonical = list(BUILTIN_KEYS) + [a.name for spec in self.games for a in spec.attributes]
            raise SearchError(f"unknown search key {t.key!r}", t.pos,
                              _suggest(t.key, canonical) or _suggest(t.key, self.known_keys()))
        q, first_error = Q(), None
        for spec, attr in resolved:
            try:
                q |= self._in_game(spec, self.attribute_condition(spec, attr, subkey, t))
            except SearchError as exc:
                first_error = first_error or exc
        if first_error and len(q) == 0:
            raise first_error
        return q

    def attribute_condition(self, spec: GameSpec, attr: Attribute, subkey: str, t: Term) -> Q:
        if t.regex:
            raise SearchError(f"{t.key} does not take a regular expression", t.value_pos)
        value = t.value.strip().lower()
        if subkey and attr.kind != MAP:
            raise SearchError(f"{attr.name} has no parts; write {attr.name}{t.op}{t.value}", t.pos + len(attr.name))
        if attr.kind == MAP:
            return self._map_condition(attr, subkey, value, t)
        if attr.kind == INT:
            if attr.allow_x and value == "x":
                self._only(t, (":", "=", "!="))
                q = _attr_subquery(attr.name, text="x")
                return (_attr_subquery(attr.name) & ~q) if t.op == "!=" else q
            number = self._number(value, t)
            if t.op == "!=":
                return _attr_subquery(attr.name, num__isnull=False) & ~_attr_subquery(attr.name, num=number)
            return _attr_subquery(attr.name, **{f"num__{LOOKUP[t.op]}": number})
        if attr.kind == BOOL:
            self._only(t, (":", "=", "!="))
            truth = {"true": True, "yes": True, "1": True, "y": True, "false": False, "no": False, "0": False, "n": False}
            if value not in truth:
                raise SearchError(f"{attr.name} is true or false, not {t.value!r}", t.value_pos,
                                  _suggest(value, ("true", "false")))
            wanted = truth[value] != (t.op == "!=")
            if wanted:
                return _attr_subquery(attr.name, num=1)
            return ~_attr_subquery(attr.name, num=1)
        self._only(t, (":", "=", "!="))
        wanted = value.replace(" ", "_") if attr.kind in (ENUM, LIST) else value
        if attr.kind in (ENUM, LIST):
            if wanted not in attr.values:
                raise SearchError(f"{attr.name} has no value {t.value!r} (one of {', '.join(attr.values)})",
                                  t.value_pos, _suggest(wanted, attr.values))
            q = _attr_subquery(attr.name, text=wanted)
        elif attr.kind == STR and t.op == ":":
            q = _attr_subquery(attr.name, text__contains=wanted)
        else:  # TAGS, or STR with "="
            q = _attr_subquery(attr.name, text=wanted)
        return ~q if t.op == "!=" else q

    def _map_condition(self, attr: Attribute, subkey: str, value: str, t: Term) -> Q:
        if subkey:
            if subkey not in attr.values:
                raise SearchError(f"{attr.name} has no part {subkey!r} (one of {', '.join(attr.values)})",
                                  t.pos + len(attr.name) + 1, _suggest(subkey, attr.values))
            number = self._number(value, t)
            if t.op == "!=":
                return ~_attr_subquery(f"{attr.name}.{subkey}", num=number)
            return _attr_subquery(f"{attr.name}.{subkey}", **{f"num__{LOOKUP[t.op]}": number})
        if re.fullmatch(r"-?\d+", value):  # total, e.g. soul_cost>=3
            number = int(value)
            if t.op == "!=":
                return _attr_subquery(attr.name, num__isnull=False) & ~_attr_subquery(attr.name, num=number)
            return _attr_subquery(attr.name, **{f"num__{LOOKUP[t.op]}": number})
        self._only(t, (":", "=", "!="))
        if value not in attr.values:
            raise SearchError(f"{attr.name} has no part {t.value!r} (one of {', '.join(attr.values)}, or a number)",
                              t.value_pos, _suggest(value, attr.values))
        q = _attr_subquery(f"{attr.name}.{value}", num__gt=0)
        return ~q if t.op == "!=" else q

    @staticmethod
    def _number(value: str, t: Term) -> int:
        if not re.fullmatch(r"-?\d{1,9}", value):
            raise SearchError(f"{t.key} needs a whole number, not {t.value!r}", t.value_pos)
        return int(value)

    # -- ordering ----------------------------------------------------------------------------
    def ordering(self, qs: QuerySet, order: list[tuple[str, int]], direction: str) -> tuple[QuerySet, list[str]]:
        keys, names = [], []
        desc = direction == "desc"
        for key, pos in order or [("name", 0)]:
            if key in ORDER_FIELDS:
                keys.append(F(ORDER_FIELDS[key]).desc(nulls_last=True) if desc else F(ORDER_FIELDS[key]).asc(nulls_last=True))
                names.append(key)
                continue
            attr = next((a for spec in self.games if (a := spec.attribute(key)) is not None), None)
            if attr is None or attr.kind not in (INT, MAP, ENUM, STR, BOOL):
                options = list(ORDER_FIELDS) + [a.name for spec in self.games for a in spec.attributes
                                                 if a.kind in (INT, MAP, ENUM, STR, BOOL)]
                raise SearchError(f"cannot order by {key!r}", pos, _suggest(key, options))
            column = "num" if attr.kind in (INT, MAP, BOOL) else "text"
            alias = f"order_{attr.name}"
            qs = qs.annotate(**{alias: Subquery(
                CardAttributeValue.objects.filter(card_id=OuterRef("pk"), name=attr.name)
                .order_by(column).values(column)[:1])})
            keys.append(F(alias).desc(nulls_last=True) if desc else F(alias).asc(nulls_last=True))
            names.append(attr.name)
        keys += [F("name_lower").asc(), F("card_set__release_order").asc(), F("number").asc(), F("pk").asc()]
        return qs.order_by(*keys), names


class _GameIds:
    """The games' ids by slug, read from the database when a term first needs one (most searches
    of one game never do: their filter joins the game by slug)."""

    def __init__(self, slugs: list[str]):
        self.slugs = slugs
        self._ids: dict[str, int] | None = None

    def get(self, slug: str, default=None):
        if self._ids is None:
            from cardpool.models import Game

            self._ids = dict(Game.objects.filter(slug__in=self.slugs).values_list("slug", "id"))
        return self._ids.get(slug, default)


def search(query: str, *, game_slug: str | None = None, game_id: int | None = None) -> SearchResult:
    """Run ``query`` over one game's cards (or all games'); raises SearchError. ``game_id``: the
    id of ``game_slug``'s row when the caller has read it (spares a query)."""
    parsed = parse(query)
    if game_slug:
        try:
            games = [get_game(game_slug)]
        except UnknownGame:
            raise SearchError(f"unknown game {game_slug!r}", 0,
                              _suggest(game_slug, [g.slug for g in all_games()])) from None
    else:
        games = all_games()
    if game_slug and game_id is not None:
        game_ids = {game_slug: game_id}
    else:
        game_ids = _GameIds([g.slug for g in games])
    compiler = _Compiler(games, game_ids)
    qs = Card.objects.all()
    if game_slug and game_id is not None:
        qs = qs.filter(game_id=game_id)
    elif game_slug:
        qs = qs.filter(game__slug=game_slug)  # joined: no query for the game's id
    if parsed.tree is not None:
        qs = qs.filter(compiler.compile(parsed.tree))
    ordered, order_names = compiler.ordering(qs, parsed.order, parsed.direction)
    return SearchResult(ordered.select_related("game", "card_set", "rarity"), qs, query, order_names,
                        parsed.direction)
