"""League runs (issue 28.1): N decks of one game (2 .. :data:`MAX_DECKS`), every pairing played.

Pure Python over a game's :class:`~rules.core.engine.EngineSpec` (no database), shared by the web
runs (``simulate.services`` / ``runner`` / ``selectors``) and ``manage.py simulate --mode league``,
so both play the same games from the same seed. What a game's league may be comes from its spec:

- **games** (``head_to_head``): every two decks play each other, seats alternating (games of 2 seats);
- **match**: every two decks play the game's competitive matches (``EngineSpec.match``: BOS's best of three);
- **teams**: every two decks meet as two teams of allies (``EngineSpec.teams``: FellBound at 4 seats),
  each deck taking every seat of its team (a team is one deck played by allies);
- **table**: every ``table_size`` decks (3 .. ``max_players``) sit at one table, every deck taking
  every seat in turn (``EngineSpec.free_for_all``: Millennium Blades); each table of the league is
  one combination of that many decks, so every two decks meet at some table.

A league's *tables* (its pairings, :func:`tables`) are numbered in the order of
``itertools.combinations``; table ``p`` plays from ``modes.pairing_seed(run_seed, p)`` as any
pairing does. The figures (matrix, ratings, equilibrium) come from ``simulate.metagame`` over each
table's placement patterns (:func:`outcome_patterns`), which a league chunk stores in its tally.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from rules.core.decks import DeckList
from rules.core.engine import EngineSpec
from simulate.metagame import Table, league_report, pattern_key
from simulate.modes import ModeError, Pairing, distinct_names, players_text, team_seats, team_sizes

MIN_DECKS, MAX_DECKS = 2, 32
#: a league plays at most this many tables (pairings), whatever its size
MAX_TABLES = 1000
GAMES, MATCH, TEAMS, TABLE = "head_to_head", "match", "teams", "table"
FORMATS = (GAMES, MATCH, TEAMS, TABLE)
FORMAT_LABELS = {GAMES: "Games (two decks, seats alternating)", MATCH: "Matches (the game's competitive format)",
                 TEAMS: "Teams (each deck a team of allies)", TABLE: "Tables (several decks at one table)"}
#: where a league's decks come from (the web form and the API)
SOURCES = ("chosen", "mine", "public", "search")


def formats(engine: EngineSpec) -> list[str]:
    """The league formats the game offers, by its spec (games first when it has them)."""
    out = []
    if 2 in engine.seat_counts():
        out.append(GAMES)
    if engine.match is not None:
        out.append(MATCH)
    if team_sizes(engine):
        out.append(TEAMS)
    if engine.free_for_all and any(n >= 3 for n in engine.seat_counts()):
        out.append(TABLE)
    return out


def table_sizes(engine: EngineSpec) -> list[int]:
    """The table sizes of a table league: the game's seat counts of 3 or more."""
    return [n for n in engine.seat_counts() if n >= 3] if TABLE in formats(engine) else []


def check(engine: EngineSpec, decks: int, league_format: str | None, table_size: int | None) -> dict:
    """The league's settings ``{"format", "table_size"}`` (format: default the game's first; size:
    the table's seats, 2 for two decks and matches, the team size for teams), or :class:`ModeError`
    saying what is wrong."""
    offered = formats(engine)
    if not offered:
        raise ModeError("mode_not_offered", f"{engine.game} ({players_text(engine)}) has no league")
    league_format = league_format or offered[0]
    if league_format not in FORMATS:
        raise ModeError("bad_league", f"league format must be one of {', '.join(offered)}, not {league_format!r}")
    if league_format not in offered:
        raise ModeError("bad_league", f"{engine.game} has no {league_format} league (its formats: {', '.join(offered)})")
    if isinstance(decks, bool) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise ModeError("wrong_deck_count", f"a league takes {MIN_DECKS} to {MAX_DECKS} decks, not {decks}")
    if league_format == TABLE:
        sizes = table_sizes(engine)
        if table_size is None:
            table_size = sizes[0]
        if isinstance(table_size, bool) or table_size not in sizes:
            raise ModeError("bad_league", f"table_size must be one of {', '.join(map(str, sizes))} for "
                                          f"{engine.game}, not {table_size!r}")
        if table_size > decks:
            raise ModeError("wrong_deck_count", f"a league at tables of {table_size} takes at least {table_size} "
                                                f"decks, not {decks}")
    elif table_size not in (None, _seats(engine, league_format)):
        raise ModeError("bad_league", f"table_size is for a league at tables (format table), not {league_format}")
    size = table_size if league_format == TABLE else _seats(engine, league_format)
    count = math.comb(decks, size if league_format == TABLE else 2)
    if count > MAX_TABLES:
        raise ModeError("too_many_games", f"{decks} decks at tables of {size} make {count:,} tables; a league "
                                          f"plays at most {MAX_TABLES:,}: take fewer decks or smaller tables")
    return {"format": league_format, "table_size": size}


def _seats(engine: EngineSpec, league_format: str) -> int:
    return team_sizes(engine)[0] if league_format == TEAMS else 2


def tables(decks: int, settings: dict) -> list[tuple[int, ...]]:
    """The deck (index into the league's decks) at each side of every table, in table order: a
    pair of decks for games and matches; for teams each deck at every side of its team (sides
    alternate teams: ``modes.side_order``); at tables, each combination of ``table_size`` decks."""
    if settings["format"] == TABLE:
        return list(combinations(range(decks), settings["table_size"]))
    pairs = list(combinations(range(decks), 2))
    if settings["format"] == TEAMS:
        half = settings["table_size"] // 2
        return [tuple(pair[side % 2] for side in range(2 * half)) for pair in pairs]
    return pairs


def pairing_count(decks: int, settings: dict) -> int:
    return len(tables(decks, settings))


def pairing_names(names: Sequence[str], settings: dict) -> list[list[str]]:
    """The side names of every table (a team's sides: "Deck (ally 2)")."""
    names = distinct_names(list(names))
    out = []
    for table in tables(len(names), settings):
        seen: Counter = Counter()
        row = []
        for deck in table:
            seen[deck] += 1
            row.append(names[deck] if seen[deck] == 1 else f"{names[deck]} (ally {seen[deck]})")
        out.append(row)
    return out


def pairings(engine: EngineSpec, decks: list[DeckList], names: list[str], agents: list[dict],
             settings: dict) -> list[Pairing]:
    """Every table of the league as a :class:`~simulate.modes.Pairing`; ``agents``: one per deck
    of the league (a side plays its deck's agent)."""
    labels = pairing_names(names, settings)
    out = []
    for number, table in enumerate(tables(len(decks), settings)):
        options = {"teams": team_seats(len(table))} if settings["format"] == TEAMS else {}
        out.append(Pairing(number, [decks[d] for d in table], [dict(agents[d]) for d in table], labels[number],
                           options, match=settings["format"] == MATCH))
    return out


def outcome_patterns(results: Iterable) -> dict[str, int]:
    """How often each placement pattern (placements by side, ``metagame.pattern_key``) happened in
    ``results`` (``rules.core.play.GameResult``): what a league chunk adds to its tally."""
    counts: Counter = Counter()
    for result in results:
        sides = len(result.sides)
        counts[pattern_key([result.placements[result.seat_of(side)] for side in range(sides)])] += 1
    return dict(sorted(counts.items()))


def merge_patterns(parts: Iterable[dict | None]) -> dict[str, int]:
    """The sum of several chunks' patterns."""
    total: Counter = Counter()
    for part in parts:
        total.update(part or {})
    return dict(sorted(total.items()))


def report(names: Sequence[str], settings: dict, patterns: Sequence[dict], seed: int) -> dict:
    """THE league figures (``simulate.metagame.league_report``) of decks ``names`` (told apart)
    from each table's merged placement patterns, bootstrap seeded by the run's ``seed``: the web
    page, the API and ``manage.py simulate --mode league`` all call this."""
    found = [Table(table, dict(p)) for table, p in zip(tables(len(names), settings), patterns, strict=True)]
    return {**league_report(names, found, seed), "format": settings.get("format"),
            "table_size": settings.get("table_size")}


# -- the report as text (manage.py simulate --mode league) ----------------------------------------------
def _pct(value: float | None) -> str:
    return "  —  " if value is None else f"{100 * value:4.0f}%"


def render_text(report: dict, settings: dict) -> str:
    """The league's figures as the command prints them: the ranking with ratings, intervals and
    equilibrium shares, the matrix (row deck's score against the column deck; ``?`` marks an
    undecided cell), and each deck's best and worst matchups."""
    names = report["names"]
    agents = " vs ".join(sorted({a["name"] for a in settings["agents"]}))
    form = settings["league"]["format"] + (f" of {settings['league']['table_size']}"
                                           if settings["league"]["format"] == TABLE else "")
    lines = [(f"{settings['game']} league ({form}): {len(names)} decks, {settings['games']} games per table, "
              f"seed {settings['seed']}, {agents}; {report['comparisons']} comparisons"),
             "  rank  rating (95% CI)           share  vs mix  deck"]
    for deck in report["ranking"]:
        d = report["decks"][deck]
        interval = f"{d['rating_low']:+.0f} to {d['rating_high']:+.0f}" if d["rating_low"] is not None else "—"
        flag = " (dominated)" if d["dominated"] else ""
        lines.append(f"  {d['rank']:>4}  {d['rating']:+7.1f} ({interval:>14})  {_pct(d['share'])}  "
                     f"{_pct(d['score_against_mix'])}  {d['name']}{flag}")
    lines.append(f"  matchup matrix (row's score against column; ? = the 95% interval spans 50%; "
                 f"{report['undecided_cells']} undecided):")
    width = max(len(str(len(names))), 2)
    lines.append("    " + " " * 4 + "".join(f"  {n + 1:>{width + 3}}" for n in range(len(names))))
    for i, row in enumerate(report["matrix"]):
        cells = "".join("  " + ("  —  ".rjust(width + 3) if cell is None else
                               (_pct(cell["rate"]) + ("?" if cell["undecided"] else " ")).rjust(width + 3))
                        for cell in row)
        lines.append(f"    {i + 1:>{width}}. {cells}  {names[i]}")
    for d in report["decks"]:
        best = ", ".join(f"{m['name']} {_pct(m['rate']).strip()}" for m in d["best"]) or "—"
        worst = ", ".join(f"{m['name']} {_pct(m['rate']).strip()}" for m in d["worst"]) or "—"
        beaten = ", ".join(m["name"] for m in d["beaten_by"]) or "nothing, for sure"
        lines.append(f"  {d['name']}: best {best}; worst {worst}; beaten by {beaten}")
    return "\n".join(lines)
