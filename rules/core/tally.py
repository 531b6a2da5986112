"""Additive tallies of finished games, and the figures computed from them.

A *tally* holds counts only (games, wins, histograms, per-card counts), so the tally of a whole
run is the :func:`merge` of the tallies of its chunks, in any order: a simulation stores one
tally per finished chunk and its results are always the sum of what has finished. Everything
derived (rates, Wilson intervals, means, medians) is computed by :func:`summarize` from a
tally, never stored. Pure Python, JSON-able: histogram keys are strings (JSON object keys).

Tally shape (``sides`` = number of sides in the pairing, normally 2)::

    {"games": n, "draws": n, "seat_wins": [n per seat], "side_wins": [n per side],
     "turns": {turns: n}, "steps": {steps: n}, "end_reasons": {reason: n},
     "turns_to_win": [{turns: n} per side],
     "cards": [{name: {"drawn", "played", "games_drawn", "games_played",
                       "wins_when_drawn", "wins_when_played"}} per side],
     "mulligans": [{"counts": {mulligans: n}, "wins_with": n, "wins_without": n} per side]}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from rules.core.probability import wilson_interval

CARD_FIELDS = ("drawn", "played", "games_drawn", "games_played", "wins_when_drawn", "wins_when_played")
Z95 = 1.96


# -- counting --------------------------------------------------------------------------------------
def empty(sides: int = 2) -> dict:
    """The tally of no games."""
    return {"games": 0, "draws": 0, "seat_wins": [0] * sides, "side_wins": [0] * sides, "turns": {},
            "steps": {}, "end_reasons": {}, "turns_to_win": [{} for _ in range(sides)],
            "cards": [{} for _ in range(sides)],
            "mulligans": [{"counts": {}, "wins_with": 0, "wins_without": 0} for _ in range(sides)]}


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
        for side in won_sides:
            out["side_wins"][side] += 1
        _bump(out["turns"], result.turns)
        _bump(out["steps"], result.steps)
        _bump(out["end_reasons"], result.reason)
        for side in range(sides):
            seat = result.seat_of(side)
            won = side in won_sides
            if won:
                _bump(out["turns_to_win"][side], result.turns)
            stats = result.card_stats[seat] if seat < len(result.card_stats) else {"drawn": {}, "played": {}}
            cards = out["cards"][side]
            for kind in ("drawn", "played"):
                for name, count in stats.get(kind, {}).items():
                    if count <= 0:
                        continue
                    row = cards.get(name)
                    if row is None:
                        row = cards[name] = dict.fromkeys(CARD_FIELDS, 0)
                    row[kind] += count
                    row[f"games_{kind}"] += 1
                    row[f"wins_when_{kind}"] += won
            count = result.mulligans[seat] if seat < len(result.mulligans) else 0
            mulligans = out["mulligans"][side]
            _bump(mulligans["counts"], count)
            if won:
                mulligans["wins_with" if count else "wins_without"] += 1
    return out


def _add_histogram(into: dict, other: dict) -> None:
    for key, count in other.items():
        into[key] = into.get(key, 0) + count


def merge(tallies: Iterable[dict]) -> dict:
    """The sum of ``tallies`` (order-independent): ``merge([tally(a), tally(b)]) == tally(a + b)``."""
    tallies = list(tallies)
    sides = len(tallies[0]["side_wins"]) if tallies else 2
    out = empty(sides)
    for part in tallies:
        out["games"] += part["games"]
        out["draws"] += part["draws"]
        for key in ("seat_wins", "side_wins"):
            out[key] = [a + b for a, b in zip(out[key], part[key], strict=True)]
        for key in ("turns", "steps", "end_reasons"):
            _add_histogram(out[key], part[key])
        for side in range(sides):
            _add_histogram(out["turns_to_win"][side], part["turns_to_win"][side])
            cards = out["cards"][side]
            for name, row in part["cards"][side].items():
                mine = cards.setdefault(name, dict.fromkeys(CARD_FIELDS, 0))
                for fieldname in CARD_FIELDS:
                    mine[fieldname] += row[fieldname]
            mine, theirs = out["mulligans"][side], part["mulligans"][side]
            _add_histogram(mine["counts"], theirs["counts"])
            mine["wins_with"] += theirs["wins_with"]
            mine["wins_without"] += theirs["wins_without"]
    return normalize(out)


def normalize(t: dict) -> dict:
    """The same tally with every histogram's keys in order (so equal tallies dump equal JSON)."""
    def ordered(histogram: dict) -> dict:
        return {k: histogram[k] for k in sorted(histogram, key=_sort_key)}

    out = dict(t)
    for key in ("turns", "steps", "end_reasons"):
        out[key] = ordered(t[key])
    out["turns_to_win"] = [ordered(h) for h in t["turns_to_win"]]
    out["cards"] = [{name: dict(side[name]) for name in sorted(side)} for side in t["cards"]]
    out["mulligans"] = [{**m, "counts": ordered(m["counts"])} for m in t["mulligans"]]
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


def mean_with_interval(histogram: dict) -> dict:
    """The mean of an integer histogram with its 95% normal-approximation interval
    (mean +- 1.96 * sample standard deviation / sqrt(n)); no interval below two values."""
    pairs = _pairs(histogram)
    n = sum(c for _, c in pairs)
    if not n:
        return {"mean": None, "low": None, "high": None, "count": 0}
    mean = sum(v * c for v, c in pairs) / n
    if n < 2:
        return {"mean": round(mean, 4), "low": None, "high": None, "count": n}
    variance = sum(c * (v - mean) ** 2 for v, c in pairs) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4), "count": n}


def card_figures(t: dict, side: int) -> dict:
    """Per card of ``side``: copies drawn/played, games drawn/played, wins, and the rates."""
    games = t["games"]
    return {
        name: {**row,
               "drawn_per_game": rate(row["drawn"], games), "played_per_game": rate(row["played"], games),
               "win_rate_when_drawn": rate(row["wins_when_drawn"], row["games_drawn"]),
               "win_rate_when_played": rate(row["wins_when_played"], row["games_played"])}
        for name, row in sorted(t["cards"][side].items())
    }


def mulligan_figures(t: dict, side: int) -> dict:
    """How often ``side`` mulliganed, and its win rate with and without a mulligan."""
    m = t["mulligans"][side]
    pairs = _pairs(m["counts"])
    with_mulligan = sum(n for count, n in pairs if count)
    without = sum(n for count, n in pairs if not count)
    return {"total": sum(count * n for count, n in pairs), "games_with_mulligan": with_mulligan,
            "rate": rate(with_mulligan, t["games"]), "distribution": [[count, n] for count, n in pairs],
            "win_rate_with_mulligan": rate(m["wins_with"], with_mulligan),
            "win_rate_without_mulligan": rate(m["wins_without"], without)}


def summarize(t: dict, mode: str, deck_names: Sequence[str] = ()) -> dict:
    """The figures of one pairing's tally.

    ``mode`` "goldfish": side 0 is the deck, side 1 the passive opponent (turns to win, mulligans
    of side 0). Any other mode ("head_to_head", "head-to-head", a gauntlet pairing) reports sides
    A (0) and B (1). A win rate is wins / games (draws count as not won) with its 95% Wilson
    interval; game length and turns to win come with the mean's 95% interval.
    """
    games = t["games"]
    names = list(deck_names) + [""] * (2 - len(deck_names))
    ends = dict(sorted(t["end_reasons"].items()))
    if mode == "goldfish":
        wins, draws = t["side_wins"][0], t["draws"]
        return {
            "mode": mode, "deck": names[0], "games": games, "wins": wins, "losses": games - wins - draws,
            "draws": draws, "win_rate": rate_with_interval(wins, games),
            "turns_to_win": histogram_figures(t["turns_to_win"][0]),
            "turns_to_win_mean": mean_with_interval(t["turns_to_win"][0]),
            "turns": histogram_figures(t["turns"]), "turns_mean": mean_with_interval(t["turns"]),
            "steps": histogram_figures(t["steps"]), "end_reasons": ends,
            "cards": card_figures(t, 0), "mulligans": mulligan_figures(t, 0),
        }
    labels = "ab"
    return {
        "mode": mode, "decks": {"a": names[0], "b": names[1]}, "games": games,
        "wins": {label: t["side_wins"][side] for side, label in enumerate(labels)},
        "draws": t["draws"],
        "win_rate": {label: rate_with_interval(t["side_wins"][side], games) for side, label in enumerate(labels)},
        "seat_wins": {f"seat_{seat}": n for seat, n in enumerate(t["seat_wins"])},
        "turns": histogram_figures(t["turns"]), "turns_mean": mean_with_interval(t["turns"]),
        "steps": histogram_figures(t["steps"]), "end_reasons": ends,
        "cards": {label: card_figures(t, side) for side, label in enumerate(labels)},
        "mulligans": {label: mulligan_figures(t, side) for side, label in enumerate(labels)},
    }
