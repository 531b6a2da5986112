"""The figures of a league (issue 28.1): the matchup matrix, Bradley–Terry ratings with bootstrap
intervals, and the metagame equilibrium of the symmetric zero-sum matrix game.

Pure Python over plain counts (no Django, no game): the web page, the API and ``manage.py
simulate --mode league`` all call :func:`league_report` on the same counts and seed, so they show
the same figures. The statistics are documented in ``docs/metagame.md`` ("League").

Input: the league's decks' names and its *tables*: for every pairing (two decks, a table of a
multiplayer game, two teams) the deck at each of its sides and how often each *pattern* of
placements happened (``{"1,2": 120, "2,1": 75, "1,1": 5}``: the placement of each side in side
order, 1 = best, tied sides share a place). Every pair of different decks at a table is one
comparison per game: the deck placed better wins it, equal places are a draw (half a win each);
a deck with several sides (a team) counts its best-placed side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog, minimize

from rules.core.probability import wilson_interval

#: bootstrap resamples of the games behind the rating intervals
BOOTSTRAP_SAMPLES = 200
#: Elo points per unit of Bradley–Terry log-strength: a 100-point gap is a 64% expected score
ELO = 400 / math.log(10)
#: the ridge (a normal prior of variance 1/RIDGE on each log-strength) that keeps the ratings of a
#: deck that won or lost every game finite; small enough to move no rating of a played-out league
RIDGE = 0.01
#: a share this small is no share (the linear program's tolerance)
SHARE_EPSILON = 1e-7
#: a mix dominates a deck when it scores more than this much (a share of games) better against every deck
DOMINANCE_MARGIN = 1e-6
#: best and worst matchups listed per deck (fewer in a small league: the two lists never share a deck
#: but with a single opponent)
MATCHUPS_LISTED = 3


@dataclass
class Table:
    """One pairing of a league: the deck (index into the league's decks) at each side, and how
    often each placement pattern (placements by side, "1,2") happened."""

    decks: tuple[int, ...]
    patterns: dict[str, int] = field(default_factory=dict)


def pattern_key(placements: Sequence[int]) -> str:
    return ",".join(str(int(p)) for p in placements)


def _deck_places(table: Table, pattern: str) -> dict[int, int]:
    """Each deck's placement in one game: its best side's (a team's decks place together)."""
    places: dict[int, int] = {}
    for deck, place in zip(table.decks, (int(p) for p in pattern.split(",")), strict=True):
        places[deck] = min(place, places.get(deck, place))
    return places


@dataclass
class _Comparisons:
    """A table's games as comparisons: the deck pairs ``(first[q], second[q])`` met at it, and per
    pattern the first deck's score against the second (1 won, 0.5 drew, 0 lost)."""

    first: np.ndarray
    second: np.ndarray
    scores: np.ndarray  # patterns x pairs
    counts: np.ndarray  # games per pattern


def _comparisons(table: Table) -> _Comparisons:
    decks = sorted(set(table.decks))
    pairs = [(a, b) for n, a in enumerate(decks) for b in decks[n + 1:]]
    rows = []
    for pattern in table.patterns:
        places = _deck_places(table, pattern)
        rows.append([1.0 if places[a] < places[b] else 0.0 if places[a] > places[b] else 0.5 for a, b in pairs])
    return _Comparisons(np.array([a for a, _ in pairs], dtype=int), np.array([b for _, b in pairs], dtype=int),
                        np.array(rows, dtype=float).reshape(len(rows), len(pairs)),
                        np.array(list(table.patterns.values()), dtype=float))


def _pairwise(size: int, comparisons: Sequence[_Comparisons], weights: Sequence[np.ndarray] | None = None):
    """``(scores, games)``: ``scores[i, j]`` deck i's wins over deck j plus half their draws,
    ``games[i, j]`` their comparisons; ``weights``: games per pattern instead of the tables' own
    (a bootstrap resample)."""
    scores, games = np.zeros((size, size)), np.zeros((size, size))
    if not comparisons:
        return scores, games
    won, played = [], []
    for number, c in enumerate(comparisons):
        w = c.counts if weights is None else weights[number]
        won.append(w @ c.scores)
        played.append(np.full(len(c.first), w.sum()))
    first = np.concatenate([c.first for c in comparisons])
    second = np.concatenate([c.second for c in comparisons])
    wins, n = np.concatenate(won), np.concatenate(played)
    np.add.at(scores, (first, second), wins)
    np.add.at(scores, (second, first), n - wins)
    np.add.at(games, (first, second), n)
    np.add.at(games, (second, first), n)
    return scores, games


def pairwise_counts(size: int, tables: Sequence[Table]) -> tuple[np.ndarray, np.ndarray]:
    """``(scores, games)`` of the league's decks over every comparison of its tables."""
    return _pairwise(size, [_comparisons(t) for t in tables])


# -- Bradley–Terry ---------------------------------------------------------------------------------
def bradley_terry(scores: np.ndarray, games: np.ndarray, start: np.ndarray | None = None) -> np.ndarray:
    """Log-strengths ``b`` (mean 0) maximising the Bradley–Terry likelihood ``P(i beats j) =
    1 / (1 + exp(b_j - b_i))`` of the scores (draws as half a win each), with the small ridge
    :data:`RIDGE`; fitted by ``scipy.optimize.minimize`` (a trust-region Newton method, ``trust-exact``)
    with the exact gradient and Hessian (the likelihood is concave: one maximum)."""
    size = scores.shape[0]
    if size < 2 or not games.any():
        return np.zeros(size)

    def loss(b: np.ndarray) -> tuple[float, np.ndarray]:
        p = 1 / (1 + np.exp(b[None, :] - b[:, None]))
        value = -(scores * np.log(np.clip(p, 1e-300, None))).sum() + RIDGE / 2 * (b @ b)
        gradient = -(scores - games * p).sum(axis=1) + RIDGE * b
        return float(value), gradient

    def hessian(b: np.ndarray) -> np.ndarray:
        p = 1 / (1 + np.exp(b[None, :] - b[:, None]))
        weight = games * p * (1 - p)
        return np.diag(weight.sum(axis=1) + RIDGE) - weight

    begin = np.zeros(size) if start is None else start
    fitted = minimize(loss, begin, jac=True, hess=hessian, method="trust-exact", options={"gtol": 1e-8})
    return fitted.x - fitted.x.mean()


def _bootstrap(size: int, tables: Sequence[Table], seed: int, samples: int, start: np.ndarray) -> np.ndarray:
    """The ratings of ``samples`` resamples of the games (each table's games drawn again with
    replacement, as many as it played: a multinomial over its patterns), one row per resample."""
    rng = np.random.default_rng(seed % 2**63)
    comparisons = [_comparisons(t) for t in tables]
    shares = [(int(c.counts.sum()), c.counts / c.counts.sum() if c.counts.sum() else c.counts) for c in comparisons]
    rows = []
    for _ in range(samples):
        weights = [rng.multinomial(n, p).astype(float) if n else np.zeros(len(p)) for n, p in shares]
        scores, games = _pairwise(size, comparisons, weights)
        rows.append(bradley_terry(scores, games, start))
    return np.array(rows).reshape(samples, size)


# -- the equilibrium --------------------------------------------------------------------------------
def equilibrium(payoff: np.ndarray) -> np.ndarray:
    """A Nash equilibrium mix of the symmetric zero-sum game ``payoff`` (antisymmetric: the row
    deck's expected score minus one half against the column deck): the mix ``x`` maximising the
    least payoff ``v`` any single deck gets against it, ``payoff.T @ x >= v``, by linear
    programming (``scipy.optimize.linprog``, HiGHS). The game's value is 0."""
    size = payoff.shape[0]
    if size == 1:
        return np.ones(1)
    # variables x_0..x_{n-1}, v: maximise v, i.e. minimise -v
    cost = np.zeros(size + 1)
    cost[-1] = -1.0
    upper = np.hstack([-payoff.T, np.ones((size, 1))])  # v - (payoff.T x)_j <= 0 for every column deck j
    equal = np.hstack([np.ones((1, size)), np.zeros((1, 1))])
    bounds = [(0, None)] * size + [(None, None)]
    solved = linprog(cost, A_ub=upper, b_ub=np.zeros(size), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs")
    if not solved.success:  # cannot happen for a finite matrix game; an even mix says "no answer"
        return np.full(size, 1 / size)
    shares = np.clip(solved.x[:size], 0, None)
    shares[shares < SHARE_EPSILON] = 0.0
    return shares / shares.sum()


def dominated(payoff: np.ndarray) -> dict[int, list[int]]:
    """Decks strictly dominated by a mix of the others: ``{deck: the decks of the mix}`` when some
    mix ``y`` of the other decks scores more than the deck against every deck (``payoff.T @ y >
    payoff[deck]``), found by linear programming (maximise the least margin). A dominated deck is
    never in an equilibrium."""
    out = {}
    size = payoff.shape[0]
    for i in range(size):
        others = [k for k in range(size) if k != i]
        if not others:
            continue
        # variables: y over the others, t; maximise t with (payoff[others].T @ y)_j - payoff[i, j] >= t
        cost = np.zeros(len(others) + 1)
        cost[-1] = -1.0
        upper = np.hstack([-payoff[others].T, np.ones((size, 1))])
        equal = np.hstack([np.ones((1, len(others))), np.zeros((1, 1))])
        solved = linprog(cost, A_ub=upper, b_ub=-payoff[i], A_eq=equal, b_eq=[1.0],
                         bounds=[(0, None)] * len(others) + [(None, 1)], method="highs")
        if solved.success and solved.x[-1] > DOMINANCE_MARGIN:
            out[i] = [others[n] for n, share in enumerate(solved.x[:-1]) if share > SHARE_EPSILON]
    return out


# -- the report ---------------------------------------------------------------------------------------
def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(float(value), digits)


def _cell(score: float, games: float) -> dict:
    score, games = float(score), float(games)
    if not games:
        return {"games": 0, "score": 0.0, "rate": None, "low": None, "high": None, "undecided": True}
    low, high = wilson_interval(score, games)
    return {"games": int(round(games)), "score": _round(score, 1), "rate": _round(score / games),
            "low": _round(low), "high": _round(high), "undecided": bool(low <= 0.5 <= high)}


def league_report(names: Sequence[str], tables: Sequence[Table], seed: int,
                  samples: int = BOOTSTRAP_SAMPLES) -> dict:
    """Every figure of a league, JSON-able and rounded (the same text from the same counts and
    seed): ``matrix`` (row deck's score rate against the column deck, Wilson 95% interval,
    ``undecided`` when it spans 50%), ``ratings`` (Bradley–Terry, in Elo points around 0, with
    bootstrap percentile 95% intervals, and the rank they give), ``equilibrium`` (each deck's
    share, its expected score against the mix, whether it is dominated), and per deck its best and
    worst matchups and the decks that beat it (interval wholly below 50%)."""
    size = len(names)
    scores, games = pairwise_counts(size, tables)
    matrix = [[None if i == j else _cell(scores[i, j], games[i, j]) for j in range(size)] for i in range(size)]
    rates = np.array([[0.5 if i == j or not games[i, j] else scores[i, j] / games[i, j] for j in range(size)]
                      for i in range(size)]).reshape(size, size)
    payoff = rates - 0.5
    strengths = bradley_terry(scores, games)
    resampled = _bootstrap(size, tables, seed, samples, strengths) if samples and games.any() else np.zeros((0, size))
    played_any = bool(games.any())  # before any game there is no equilibrium to speak of
    mix = equilibrium(payoff) if size else np.zeros(0)
    against_mix = payoff @ mix + 0.5 if size else np.zeros(0)
    dominators = dominated(payoff)
    order = sorted(range(size), key=lambda i: (-strengths[i], i))
    rank = {deck: place + 1 for place, deck in enumerate(order)}
    decks = []
    for i, name in enumerate(names):
        low, high = (np.percentile(resampled[:, i], [2.5, 97.5]) if len(resampled) else (None, None))
        played = [j for j in range(size) if j != i and games[i, j]]
        by_rate = sorted(played, key=lambda j: (-rates[i, j], j))
        listed = min(MATCHUPS_LISTED, max(1, len(played) // 2))  # best and worst apart, one each at least
        decks.append({
            "deck": i, "name": name, "games": int(round(games[i].sum())),
            "score_rate": _round(scores[i].sum() / games[i].sum()) if games[i].sum() else None,
            "rating": _round(ELO * strengths[i], 1),
            "rating_low": None if low is None else _round(ELO * low, 1),
            "rating_high": None if high is None else _round(ELO * high, 1),
            "rank": rank[i],
            "share": _round(mix[i]) if played_any else None, "in_equilibrium": played_any and bool(mix[i] > 0),
            "score_against_mix": _round(against_mix[i]) if played_any else None,
            "dominated": i in dominators, "dominated_by": dominators.get(i, []),
            "best": [{"deck": j, "name": names[j], **matrix[i][j]} for j in by_rate[:listed]],
            "worst": [{"deck": j, "name": names[j], **matrix[i][j]} for j in by_rate[::-1][:listed]],
            "beaten_by": [{"deck": j, "name": names[j], **matrix[i][j]} for j in by_rate[::-1]
                          if matrix[i][j]["high"] is not None and matrix[i][j]["high"] < 0.5],
        })
    return {"decks": decks, "names": list(names), "matrix": matrix, "ranking": order,
            "comparisons": int(round(games.sum() / 2)), "bootstrap_samples": len(resampled), "seed": seed,
            "undecided_cells": sum(1 for row in matrix for cell in row if cell and cell["undecided"]) // 2}
