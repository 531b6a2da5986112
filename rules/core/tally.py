"""Additive tallies of finished games, and the figures computed from them, for 1 to 5 sides.

A *tally* holds counts only (games, wins, placements, histograms, counters), so the tally of a
whole run is the :func:`merge` of the tallies of its chunks, in any order: a simulation stores
one tally per finished chunk and its results are always the sum of what has finished.
Everything derived (rates, Wilson intervals, means with Student's t intervals, medians) is
computed by :func:`summarize`
from a tally, never stored. Pure Python, JSON-able: histogram keys are strings.

A *side* is a deck of the pairing (side 0 is deck A); games rotate sides through seats, so
``seat_wins`` tells whether a seat (moving first, say) matters. Tally shape, version 2::

    {"version": 2, "sides": n, "games": g, "draws": d,
     "seat_wins": [wins per seat], "side_wins": [wins per side],
     "placements": [{place: games} per side],
     "returns": [sum per side], "returns_squared": [sum of squares per side],
     "turns": {turns: games}, "steps": {steps: games}, "end_reasons": {reason: games},
     "turns_to_win": [{turns: games} per side],
     "counters": [{name: {"values": {value: games}, "wins_with": n, "wins_without": n}} per side],
     "cards": [{card: {counter: {"count": n, "games": n, "wins": n}}} per side],
     "fingerprints": {fingerprint: games},
     "records": [[index, [side per seat], [winning seats], reason, turns, steps] per game]}

``fingerprints`` tells games apart (a short hash of each game's seats, result, length and
counters), up to :data:`FINGERPRINTS_KEPT` different ones (past that: ``null``, "all different
enough"): a luckless game between agents that always choose alike plays the same game again and
again, and :func:`summarize` says so instead of dressing N copies of one game up as N samples.

``records`` keeps one short line per game, in the order of the games' indices, so a run's games
list can say each game's winner, length and end reason and pick the shortest, the longest, the
upsets or one end reason without playing anything again (``null`` in a tally stored before
records were kept: :func:`merge` then gives ``null`` too).

``counters`` holds the game's plain counters (one number per game, e.g. mulligans); ``cards``
its per-card counters (cards drawn, played), whatever the game declares
(``EngineSpec.counters``): the tally reads them without knowing any game.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Sequence

from rules.core.probability import wilson_interval

VERSION = 2
Z95 = 1.96
FINGERPRINTS_KEPT = 16


class TallyVersionError(ValueError):
    """A tally stored by an older version of this module (its run must be played again)."""


# -- counting --------------------------------------------------------------------------------------
def empty(sides: int = 2) -> dict:
    """The tally of no games."""
    return {"version": VERSION, "sides": sides, "games": 0, "draws": 0,
            "seat_wins": [0] * sides, "side_wins": [0] * sides,
            "placements": [{} for _ in range(sides)],
            "returns": [0.0] * sides, "returns_squared": [0.0] * sides,
            "turns": {}, "steps": {}, "end_reasons": {},
            "turns_to_win": [{} for _ in range(sides)],
            "counters": [{} for _ in range(sides)], "cards": [{} for _ in range(sides)], "fingerprints": {},
            "records": []}


def fingerprint(result) -> str:
    """A short hash telling one finished game from another (its seats, result, length, counters)."""
    key = json.dumps([list(result.sides), list(result.winners), result.reason, result.turns, result.steps,
                      result.counters], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _add_fingerprints(into: dict | None, other: dict | None) -> dict | None:
    if into is None or other is None:
        return None  # a tally that no longer tells its games apart (too many; or stored before)
    for key, count in other.items():
        into[key] = into.get(key, 0) + count
    return into if len(into) <= FINGERPRINTS_KEPT else None


def _bump(histogram: dict, key, by: int = 1) -> None:
    key = str(key)
    histogram[key] = histogram.get(key, 0) + by


def tally(results: Iterable, sides: int = 2) -> dict:
    """Count ``results`` (``rules.core.play.GameResult``) of one pairing of ``sides`` sides."""
    out = empty(sides)
    for result in results:
        out["games"] += 1
        won_sides = result.winning_sides
        if result.is_draw:
            out["draws"] += 1
        for seat in result.winners:
            out["seat_wins"][seat] += 1
        out["fingerprints"] = _add_fingerprints(out["fingerprints"], {fingerprint(result): 1})
        _bump(out["turns"], result.turns)
        _bump(out["steps"], result.steps)
        _bump(out["end_reasons"], result.reason)
        out["records"].append(record(result))
        for side in range(sides):
            seat = result.seat_of(side)
            won = side in won_sides
            if won:
                out["side_wins"][side] += 1
                _bump(out["turns_to_win"][side], result.turns)
            _bump(out["placements"][side], result.placements[seat])
            out["returns"][side] += result.returns[seat]
            out["returns_squared"][side] += result.returns[seat] ** 2
            _count(out["counters"][side], out["cards"][side], result.counters[seat], won)
    return out


def record(result) -> list:
    """One game's line of ``records``: ``[index, sides by seat, winning seats, reason, turns, steps]``."""
    return [result.index, list(result.sides), list(result.winners), result.reason, result.turns, result.steps]


def _count(counters: dict, cards: dict, values: dict, won: bool) -> None:
    """Add one game's counters of one side: numbers to ``counters``, per-card ones to ``cards``."""
    for name, value in values.items():
        if isinstance(value, dict):
            for card, count in value.items():
                if count <= 0:
                    continue
                row = cards.setdefault(card, {}).setdefault(name, {"count": 0, "games": 0, "wins": 0})
                row["count"] += count
                row["games"] += 1
                row["wins"] += won
        else:
            row = counters.setdefault(name, {"values": {}, "wins_with": 0, "wins_without": 0})
            _bump(row["values"], value)
            if won:
                row["wins_with" if value else "wins_without"] += 1


def _add_histogram(into: dict, other: dict) -> None:
    for key, count in other.items():
        into[key] = into.get(key, 0) + count


def merge(tallies: Iterable[dict]) -> dict:
    """The sum of ``tallies`` (order-independent): ``merge([tally(a), tally(b)]) == tally(a + b)``."""
    tallies = list(tallies)
    for part in tallies:
        if part.get("version") != VERSION:
            raise TallyVersionError(f"tally version {part.get('version', 1)!r}; this code reads version {VERSION}")
    sides = tallies[0]["sides"] if tallies else 2
    out = empty(sides)
    for part in tallies:
        out["games"] += part["games"]
        out["draws"] += part["draws"]
        out["fingerprints"] = _add_fingerprints(out["fingerprints"], part.get("fingerprints"))
        if out["records"] is not None and part.get("records") is not None:
            out["records"].extend(part["records"])
        else:  # a part stored before records were kept: the whole has none
            out["records"] = None
        for key in ("seat_wins", "side_wins", "returns", "returns_squared"):
            out[key] = [a + b for a, b in zip(out[key], part[key], strict=True)]
        for key in ("turns", "steps", "end_reasons"):
            _add_histogram(out[key], part[key])
        for side in range(sides):
            _add_histogram(out["turns_to_win"][side], part["turns_to_win"][side])
            _add_histogram(out["placements"][side], part["placements"][side])
            for name, row in part["counters"][side].items():
                mine = out["counters"][side].setdefault(name, {"values": {}, "wins_with": 0, "wins_without": 0})
                _add_histogram(mine["values"], row["values"])
                mine["wins_with"] += row["wins_with"]
                mine["wins_without"] += row["wins_without"]
            for card, by_counter in part["cards"][side].items():
                for name, row in by_counter.items():
                    mine = out["cards"][side].setdefault(card, {}).setdefault(name, {"count": 0, "games": 0, "wins": 0})
                    for key in ("count", "games", "wins"):
                        mine[key] += row[key]
    return normalize(out)


def normalize(t: dict) -> dict:
    """The same tally with every histogram's keys in order (so equal tallies dump equal JSON)."""
    def ordered(histogram: dict) -> dict:
        return {k: histogram[k] for k in sorted(histogram, key=_sort_key)}

    out = dict(t)
    for key in ("turns", "steps", "end_reasons"):
        out[key] = ordered(t[key])
    out["turns_to_win"] = [ordered(h) for h in t["turns_to_win"]]
    out["placements"] = [ordered(h) for h in t["placements"]]
    out["counters"] = [{name: {**side[name], "values": ordered(side[name]["values"])} for name in sorted(side)}
                       for side in t["counters"]]
    out["cards"] = [{card: {name: dict(side[card][name]) for name in sorted(side[card])} for card in sorted(side)}
                    for side in t["cards"]]
    if t.get("fingerprints") is not None:
        out["fingerprints"] = dict(sorted(t["fingerprints"].items()))
    if t.get("records") is not None:
        out["records"] = sorted(t["records"], key=lambda r: r[0])
    return out


def _sort_key(key: str):
    return (0, int(key), "") if key.lstrip("-").isdigit() else (1, 0, key)


# -- figures ---------------------------------------------------------------------------------------
def rate(successes: int, trials: int) -> float | None:
    return round(successes / trials, 4) if trials else None


def rate_with_interval(successes: int, trials: int) -> dict:
    """A proportion with its 95% Wilson interval."""
    low, high = wilson_interval(successes, trials)
    return {"successes": successes, "trials": trials, "rate": rate(successes, trials),
            "low": round(low, 4), "high": round(high, 4)}


def _pairs(histogram: dict) -> list[tuple[int, int]]:
    return sorted((int(k), n) for k, n in histogram.items() if n)


def histogram_figures(histogram: dict) -> dict:
    """Count, mean, median, min, max and the [value, count] table of an integer histogram
    (the same figures ``statistics`` gives on the expanded values)."""
    pairs = _pairs(histogram)
    count = sum(n for _, n in pairs)
    if not count:
        return {"count": 0, "mean": None, "median": None, "min": None, "max": None, "distribution": []}
    total = sum(value * n for value, n in pairs)
    return {"count": count, "mean": round(total / count, 4), "median": round(float(_median(pairs, count)), 4),
            "min": pairs[0][0], "max": pairs[-1][0], "distribution": [[value, n] for value, n in pairs]}


def _median(pairs: list[tuple[int, int]], count: int) -> float:
    def nth(k: int) -> int:  # the k-th value (0-based) of the sorted expansion
        seen = 0
        for value, n in pairs:
            seen += n
            if k < seen:
                return value
        raise IndexError(k)

    if count % 2:
        return nth(count // 2)
    return (nth(count // 2 - 1) + nth(count // 2)) / 2


#: below this many values a mean gets no interval at all: the pages say "too few games"
#: (docs/rules-notes.md, "Chart choices": two games of 8 VP are not "8.00 (8.00-8.00)")
MIN_VALUES_FOR_INTERVAL = 5
#: Student's t, two-sided 95% (0.975 quantile), by degrees of freedom; past the table see :func:`t95`
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
        20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
        29: 2.045, 30: 2.042}


def t95(df: int) -> float:
    """Student's t 0.975 quantile for ``df`` degrees of freedom: the table to 30, then the
    Cornish-Fisher expansion around 1.96 (within 0.001 of the exact value past 30)."""
    if df in _T95:
        return _T95[df]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def _mean_interval(total: float, squares: float, n: int) -> dict:
    """A mean from its sum and sum of squares, with its 95% Student's t interval (mean +- t(n-1) *
    sample standard deviation / sqrt(n)), wide on small samples; below
    :data:`MIN_VALUES_FOR_INTERVAL` values no interval (``too_few``: the pages say "too few games")."""
    if not n:
        return {"mean": None, "low": None, "high": None, "count": 0, "too_few": True}
    mean = total / n
    if n < MIN_VALUES_FOR_INTERVAL:
        return {"mean": round(mean, 4), "low": None, "high": None, "count": n, "too_few": True}
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = t95(n - 1) * math.sqrt(variance / n)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4), "count": n,
            "too_few": False}


def mean_with_interval(histogram: dict) -> dict:
    """The mean of an integer histogram with its 95% interval (see :func:`_mean_interval`)."""
    pairs = _pairs(histogram)
    return _mean_interval(sum(v * c for v, c in pairs), sum(v * v * c for v, c in pairs), sum(c for _, c in pairs))


def counter_figures(t: dict, side: int) -> dict:
    """Per plain counter of ``side``: total, mean, games with it, its distribution, and the
    side's win rate in games with and without it."""
    games = t["games"]
    out = {}
    for name, row in t["counters"][side].items():
        pairs = _pairs(row["values"])
        with_it = sum(n for value, n in pairs if value)
        total = sum(value * n for value, n in pairs)
        out[name] = {"total": total, "mean": rate(total, games), "games_with": with_it,
                     "rate": rate(with_it, games), "distribution": [[value, n] for value, n in pairs],
                     "win_rate_with": rate(row["wins_with"], with_it),
                     "win_rate_without": rate(row["wins_without"], games - with_it)}
    return out


def card_figures(t: dict, side: int) -> dict:
    """Per card of ``side`` and per-card counter: copies in all and per game, games it counted
    in, and the side's win rate in those games."""
    games = t["games"]
    return {card: {name: {**row, "per_game": rate(row["count"], games), "win_rate": rate(row["wins"], row["games"])}
                   for name, row in by_counter.items()}
            for card, by_counter in t["cards"][side].items()}


def side_figures(t: dict, side: int, name: str) -> dict:
    """Everything about one side (deck) of a pairing."""
    games, wins = t["games"], t["side_wins"][side]
    placements = _pairs(t["placements"][side])
    return {
        "side": side, "name": name, "games": games, "wins": wins, "draws": t["draws"],
        "losses": games - wins - t["draws"],
        "win_rate": rate_with_interval(wins, games),
        "placements": [[place, n] for place, n in placements],
        "mean_placement": round(sum(p * n for p, n in placements) / games, 4) if games else None,
        "mean_return": _mean_interval(t["returns"][side], t["returns_squared"][side], games),
        "turns_to_win": histogram_figures(t["turns_to_win"][side]),
        "turns_to_win_mean": mean_with_interval(t["turns_to_win"][side]),
        "counters": counter_figures(t, side),
        "cards": card_figures(t, side),
    }


def summarize(t: dict, mode: str, deck_names: Sequence[str] = (), engine=None) -> dict:
    """The figures of one pairing's tally, for any number of sides.

    ``sides`` lists every side (deck) with its wins, draws and losses (a win rate is wins /
    games, draws count as not won, with its 95% Wilson interval), placements (1 = first, ties
    shared) and mean placement, mean return with its 95% interval (Student's t; none below
    ``MIN_VALUES_FOR_INTERVAL`` games: ``too_few``), turns to win, and the game's counters. In a
    goldfish run side 0 is the deck and side 1 the passive opponent. With the
    ``engine`` (an ``EngineSpec``), end reasons and counters carry their readable labels.
    ``distinct_games`` counts the different games (None past ``FINGERPRINTS_KEPT``);
    ``repeated_games`` is true when a game without chance played only repeats (at most one game
    per seating): the figures then describe those few games, not a sample.
    ``teams`` (a team run): each team's decks and win rate. ``counter_groups`` (when the engine
    declares ``StatCounter.group``s): group -> its plain counters, the parts of one whole (pages
    stack their means per side); ``counter_per`` (``StatCounter.per``): per-card counters that are
    an amount per copy of others, each card's figure then has ``per_unit`` (the mean price paid).
    """
    sides = t["sides"]
    names = list(deck_names) + [""] * (sides - len(deck_names))
    ends = dict(sorted(t["end_reasons"].items()))
    labels = engine.end_reason_label if engine is not None else (lambda r: r.replace("_", " "))
    out = {
        "mode": mode, "games": t["games"], "draws": t["draws"], "seats": sides,
        "sides": [side_figures(t, side, names[side]) for side in range(sides)],
        "seat_wins": list(t["seat_wins"]),
        "turns": histogram_figures(t["turns"]), "turns_mean": mean_with_interval(t["turns"]),
        "steps": histogram_figures(t["steps"]),
        "end_reasons": ends, "end_reason_labels": {reason: labels(reason) for reason in ends},
        "counter_labels": {c.name: c.label for c in engine.counters} if engine is not None else {},
        "counter_descriptions": {c.name: c.description for c in engine.counters if c.description}
        if engine is not None else {},
    }
    groups = counter_groups(engine)
    if groups:
        out["counter_groups"] = groups
    per = {c.name: list(c.per) for c in engine.counters if c.per} if engine is not None else {}
    if per:
        out["counter_per"] = per
        for side in out["sides"]:
            for by_counter in side["cards"].values():
                for name, units in per.items():
                    if name in by_counter:
                        copies = sum(by_counter.get(u, {}).get("count", 0) for u in units)
                        by_counter[name]["per_unit"] = round(by_counter[name]["count"] / copies, 4) if copies else None
    if mode == "teams":
        out["teams"] = team_figures(t, names)
    out["distinct_games"] = distinct = len(t["fingerprints"]) if t.get("fingerprints") is not None else None
    # every game a repeat: a luckless game whose agents chose alike each time (one game per seating)
    out["repeated_games"] = bool(distinct is not None and t["games"] > distinct and distinct <= sides
                                 and engine is not None and not engine.chance)
    return out


def counter_groups(engine) -> dict[str, list[str]]:
    """The engine's plain counters by ``StatCounter.group`` (the parts of one whole: VP by source),
    in declaration order; ``{}`` when it declares none."""
    out: dict[str, list[str]] = {}
    for counter in engine.counters if engine is not None else ():
        if counter.group and not counter.per_card:
            out.setdefault(counter.group, []).append(counter.name)
    return out


def team_figures(t: dict, names: Sequence[str]) -> list[dict]:
    """A team run's two teams (sides alternate teams: even sides are team 1): their decks and
    the team's wins, draws, losses and win rate with its interval (allies win together)."""
    games = t["games"]
    out = []
    for team in (0, 1):
        sides = list(range(team, t["sides"], 2))
        wins = t["side_wins"][sides[0]] if sides else 0
        out.append({"team": team + 1, "sides": sides, "names": [names[s] for s in sides], "games": games,
                    "wins": wins, "draws": t["draws"], "losses": games - wins - t["draws"],
                    "win_rate": rate_with_interval(wins, games)})
    return out


def deckless_figures(summary: dict, engine) -> dict:
    """A deckless run's figures (``EngineSpec.deckless_modes``; ``manage.py simulate --mode`` and the
    web's run page alike): the summary plus, per seat, each plain counter's mean with its 95%
    interval (``mean_interval``) and each per-card counter's copies in all and per game
    (``card_totals``; a counter with ``StatCounter.per`` also its amount per copy of those,
    ``per_unit``: the mean price paid), whatever counters the engine declares."""
    per_card = [c.name for c in engine.counters if c.per_card] if engine is not None else []
    for side in summary["sides"]:
        for figure in side["counters"].values():
            figure["mean_interval"] = mean_with_interval({str(v): n for v, n in figure["distribution"]})
        totals = {}
        for counter in per_card:
            total = sum(by_counter.get(counter, {}).get("count", 0) for by_counter in side["cards"].values())
            totals[counter] = {"total": total,
                               "per_game": round(total / summary["games"], 4) if summary["games"] else None}
        for counter, units in (summary.get("counter_per") or {}).items():  # a mean per copy (price paid)
            if counter in totals:
                copies = sum(totals.get(u, {}).get("total", 0) for u in units)
                totals[counter]["per_unit"] = round(totals[counter]["total"] / copies, 4) if copies else None
        side["card_totals"] = totals
    return summary
