""""Did you mean": card names close to a name nobody has, from a trigram index built once per game.

The deck validator used to load every card name of the game and run ``difflib`` over them for
each unknown name: 600 near-miss names took 5 s on the stock pool, and at 90,000 cards a few
anonymous requests held every worker until it was killed (issue 25, part 2). Here each game's
distinct names are indexed by their three-letter pieces once per process (rebuilt in the
background after ``INDEX_SECONDS``, and on next use when this process changes cards); a
suggestion reads the postings of the name's rarest pieces, at most ``POSTINGS_PER_NAME`` entries
in all, and scores the ``CANDIDATES_PER_NAME`` names sharing most pieces with rapidfuzz. So one suggestion costs the same
at 500 cards or 500,000, and a request asks for at most ``SUGGESTIONS_PER_REQUEST`` of them within
``SUGGESTION_SECONDS`` (``Suggester``).
"""

from __future__ import annotations

import heapq
import logging
import re
import threading
import time
from array import array
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

#: unknown names of one request that get suggestions; the others are reported without them
SUGGESTIONS_PER_REQUEST = 25
#: and the time a request may spend on suggestions at most
SUGGESTION_SECONDS = 0.25
#: postings (name ids under a three-letter piece) one suggestion reads at most
POSTINGS_PER_NAME = 4000
#: names sharing most pieces with the query that are scored by edit distance
CANDIDATES_PER_NAME = 40
#: names suggested for one unknown name, and how close they must be (rapidfuzz ratio, 0-100)
SUGGESTED_NAMES = 3
SCORE_CUTOFF = 50
#: a process builds a game's index again after this long (another process may have changed cards)
INDEX_SECONDS = 300

_SEPARATORS = re.compile(r"[^\w]+")


def normalize(name: str) -> str:
    """Lower case, every run of punctuation and white space as one space: what pieces are taken of."""
    return _SEPARATORS.sub(" ", name.lower()).strip()


def pieces(name: str) -> set[str]:
    """The three-letter pieces of a normalized name, its words padded much as PostgreSQL's pg_trgm
    pads them ("  g", " go", "gol", ..., "em ")."""
    padded = "  " + name.replace(" ", "  ") + " "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


@dataclass
class NameIndex:
    """The distinct card names of one game (first spelling of each lower-case name) and, for each
    three-letter piece, the ids of the names that have it."""

    names: list[str]
    keys: list[str] = field(init=False)
    postings: dict[str, array] = field(init=False)
    built: float = field(default_factory=time.monotonic)
    #: postings read by every suggestion so far (tests bound the work by it)
    work: int = 0

    def __post_init__(self):
        self.keys = [normalize(name) for name in self.names]
        grouped: defaultdict[str, list[int]] = defaultdict(list)
        for i, key in enumerate(self.keys):
            for piece in pieces(key):
                grouped[piece].append(i)
        self.postings = {piece: array("I", ids) for piece, ids in grouped.items()}

    def suggest(self, name: str, limit: int = SUGGESTED_NAMES) -> list[str]:
        """The names closest to ``name`` (best first), reading at most ``POSTINGS_PER_NAME`` postings."""
        key = normalize(name)[:200]
        lists = sorted((self.postings[p] for p in pieces(key) if p in self.postings), key=len)
        shared: dict[int, int] = {}
        budget = POSTINGS_PER_NAME
        for ids in lists:  # rarest pieces first: they tell names apart; "the" would read them all
            if budget <= 0:
                break
            ids = ids[:budget]
            budget -= len(ids)
            for i in ids:
                shared[i] = shared.get(i, 0) + 1
        self.work += POSTINGS_PER_NAME - max(budget, 0)
        candidates = heapq.nlargest(CANDIDATES_PER_NAME, shared, key=shared.__getitem__)
        found = process.extract(key, [self.keys[i] for i in candidates], scorer=fuzz.ratio,
                                score_cutoff=SCORE_CUTOFF, limit=limit)
        return [self.names[candidates[at]] for _, _, at in found]


_indexes: dict[str, NameIndex] = {}
_refreshing: set[str] = set()
_lock = threading.Lock()
log = logging.getLogger(__name__)


def _read_names(game: str) -> list[str]:
    from cardpool.models import Card

    first: dict[str, str] = {}
    rows = (Card.objects.filter(game__slug=game).order_by("name_lower", "card_set__release_order", "number", "pk")
            .values_list("name_lower", "name"))
    for lower, name in rows.iterator(chunk_size=5000):
        first.setdefault(lower, name)
    return list(first.values())


def name_index(game: str) -> NameIndex:
    """``game``'s index: built on first use in this process (one thread builds it, the others wait
    for it), then kept; after ``INDEX_SECONDS`` a background thread builds it again while requests
    go on using the one there is, so no request but a process's first pays for the pool's size."""
    index = _indexes.get(game)
    if index is None:
        with _lock:
            index = _indexes.get(game)
            if index is None:
                index = _indexes[game] = NameIndex(_read_names(game))
    elif time.monotonic() - index.built >= INDEX_SECONDS and game not in _refreshing:
        with _lock:
            if game not in _refreshing:
                _refreshing.add(game)
                threading.Thread(target=_refresh, args=(game,), name=f"name-index-{game}", daemon=True).start()
    return index


def _refresh(game: str) -> None:
    from django.db import connection

    try:
        _indexes[game] = NameIndex(_read_names(game))
    except Exception:  # the old index stays; the next request past INDEX_SECONDS tries again
        log.exception("could not index the card names of %s", game)
    finally:
        _refreshing.discard(game)
        connection.close()  # this thread's own connection


def forget_name_indexes() -> None:
    """Cards changed in this process (a save, an import): build the indexes again when next asked."""
    _indexes.clear()


class Suggester:
    """One request's "did you mean": suggestions for its first ``SUGGESTIONS_PER_REQUEST`` unknown
    names, within ``SUGGESTION_SECONDS``; after that, none (``given`` and ``skipped`` count them)."""

    def __init__(self, game: str, *, most: int = SUGGESTIONS_PER_REQUEST, seconds: float = SUGGESTION_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.game, self.most, self.clock = game, most, clock
        self.deadline = clock() + seconds
        self.given = self.skipped = 0

    def __call__(self, name: str) -> list[str]:
        if self.given >= self.most or self.clock() > self.deadline:
            self.skipped += 1
            return []
        self.given += 1
        return name_index(self.game).suggest(name)
