"""Playing games between agents, and the two simulation modes (goldfish, head-to-head).

Game-agnostic: anything with an :class:`~rules.core.engine.EngineSpec` plays.

Reproducibility: game ``i`` of a run with seed ``S`` has seed ``derive_seed(S, "game", i)``
and the agent in seat ``k`` gets ``derive_seed(game_seed, "agent", k)``. A game depends on
nothing else, so splitting a run into chunks over any number of worker processes and
aggregating in game order gives byte-identical results. Results are plain dicts ready for
``json.dumps(sort_keys=True)``; rates are rounded to 4 decimals so the text is stable.

Sides and seats: a run pits *sides* (deck + agent; head-to-head has sides A and B) against
each other; with ``rotate`` the sides take turns sitting in seat 0 (game ``i`` puts side
``(seat + i) % n`` in seat ``seat``). Whether seat 0 acts first is the game's business (a
Boundless die roll decides it).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from rules.core.agents import Agent, make_agent
from rules.core.decks import DeckList
from rules.core.engine import EngineSpec
from rules.core.probability import wilson_interval

AgentSpec = str | dict  # "greedy" or {"name": "ismcts", "iterations": 100}
Progress = Callable[[int, int], None]  # progress(games_done, games_total)

#: a game that applies this many actions without ending is an engine bug (turn caps end games)
MAX_STEPS = 200_000


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from any parts, stable across processes and Python versions."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") & (2**63 - 1)


def agent_spec(spec: AgentSpec) -> dict:
    """Normalise ``"greedy"`` or ``{"name": "greedy", ...}`` to the dict form."""
    if isinstance(spec, str):
        return {"name": spec}
    if isinstance(spec, dict) and isinstance(spec.get("name"), str):
        return dict(spec)
    raise ValueError(f"an agent is a name or a dict with a 'name', not {spec!r}")


def build_agent(spec: AgentSpec | Agent, seed: int, engine: EngineSpec) -> Agent:
    if isinstance(spec, Agent):
        return spec
    options = agent_spec(spec)
    name = options.pop("name")
    return make_agent(name, seed, evaluate=engine.evaluate, **options)


@dataclass
class GameResult:
    """One finished game, by seat. ``sides[seat]`` is the side (deck index) in that seat."""

    index: int
    seed: int
    sides: tuple[int, ...]
    winners: tuple[int, ...]  # seats; empty for a draw
    reason: str
    turns: int
    steps: int
    card_stats: list[dict] = field(default_factory=list)  # per seat {"drawn": {...}, "played": {...}}
    mulligans: list[int] = field(default_factory=list)  # per seat
    replay: dict | None = None

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def winning_sides(self) -> tuple[int, ...]:
        return tuple(sorted(self.sides[seat] for seat in self.winners))

    def seat_of(self, side: int) -> int:
        return self.sides.index(side)

    def as_dict(self) -> dict:
        return {"index": self.index, "seed": self.seed, "sides": list(self.sides), "winners": list(self.winners),
                "draw": self.is_draw, "reason": self.reason, "turns": self.turns, "steps": self.steps,
                "card_stats": self.card_stats, "mulligans": self.mulligans}


def play_game(engine: EngineSpec, decks: Sequence[DeckList], seed: int, agents: Sequence[AgentSpec | Agent],
              record: bool = False, *, index: int = 0, sides: Sequence[int] | None = None,
              options: dict | None = None) -> GameResult:
    """Play one game to its end; ``decks[seat]`` is played by ``agents[seat]``.

    Agents given by name or spec get seeds derived from ``seed`` and their seat. With
    ``record`` the result carries the replay (``rules.core.replay``); without it the engine's
    event log is switched off, which changes nothing but speed.
    """
    if len(agents) != len(decks):
        raise ValueError(f"{len(decks)} decks need {len(decks)} agents, got {len(agents)}")
    options = options or {}
    state = engine.start(list(decks), seed, **options)
    state.log_events = record
    players = [build_agent(spec, derive_seed(seed, "agent", seat), engine) for seat, spec in enumerate(agents)]
    actions: list[tuple[int, str]] = []
    steps = 0
    while not state.is_over:
        player = state.current_players()[0]
        action = players[player].choose(state, player)
        state.apply(action, player)
        steps += 1
        if record:
            actions.append((player, str(action)))
        if steps >= MAX_STEPS:
            raise RuntimeError(f"{engine.game} game with seed {seed} did not end after {MAX_STEPS} actions")
    stats = state.card_stats()
    mulligans = state.mulligans()
    result = GameResult(
        index=index, seed=seed, sides=tuple(sides if sides is not None else range(len(decks))),
        winners=state.outcome.winners, reason=state.outcome.reason, turns=state.turn, steps=steps,
        card_stats=[{"drawn": dict(stats[p]["drawn"]), "played": dict(stats[p]["played"])} for p in range(len(decks))],
        mulligans=[mulligans[p] for p in range(len(decks))],
    )
    if record:
        from rules.core.replay import make_replay

        described = [p.describe() for p in players]
        result.replay = make_replay(engine=engine, decks=list(decks), seed=seed, agents=described,
                                    actions=actions, state=state, options=options)
    return result


# -- many games ----------------------------------------------------------------------------------
def _engine_ref(engine: EngineSpec) -> EngineSpec | str:
    """What to send to a worker: the slug of a registered engine, else the spec itself."""
    from rules.core.registry import get_engine

    try:
        if get_engine(engine.game) is engine:
            return engine.game
    except LookupError:
        pass
    return engine


def _resolve_engine(ref: EngineSpec | str) -> EngineSpec:
    if isinstance(ref, EngineSpec):
        return ref
    from rules.core.registry import get_engine

    return get_engine(ref)


def _seating(index: int, sides: int, rotate: bool) -> tuple[int, ...]:
    shift = index % sides if rotate else 0
    return tuple((seat + shift) % sides for seat in range(sides))


def _play_chunk(engine_ref: EngineSpec | str, decks: list[DeckList], agents: list[dict], seed: int,
                indices: list[int], record: bool, rotate: bool, options: dict) -> list[GameResult]:
    """Play games ``indices`` of a run (the unit of work of the process pool)."""
    engine = _resolve_engine(engine_ref)
    results = []
    for index in indices:
        seating = _seating(index, len(decks), rotate)
        results.append(play_game(engine, [decks[s] for s in seating], derive_seed(seed, "game", index),
                                 [agents[s] for s in seating], record, index=index, sides=seating,
                                 options=options))
    return results


def run_games(engine: EngineSpec, decks: Sequence[DeckList], agents: Sequence[AgentSpec], *, games: int,
              seed: int, workers: int = 1, progress: Progress | None = None, record: bool = False,
              rotate: bool = True, chunk_size: int | None = None, options: dict | None = None) -> list[GameResult]:
    """Play ``games`` games between sides ``decks[i]`` + ``agents[i]``; results in game order.

    ``workers > 1`` splits the games into chunks on a local process pool (spawn start method, so
    it behaves the same on every platform); each game's seed depends only on ``seed`` and its
    index, so the results do not depend on ``workers`` or ``chunk_size``.
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    if workers < 1:
        raise ValueError("workers must be >= 1")
    if len(agents) != len(decks):
        raise ValueError(f"{len(decks)} decks need {len(decks)} agents, got {len(agents)}")
    decks = list(decks)
    specs = [agent_spec(a) for a in agents]
    options = dict(options or {})
    if chunk_size is None:
        chunk_size = max(1, min(200, math.ceil(games / (workers * 8)) if games else 1))
    chunks = [list(range(start, min(start + chunk_size, games))) for start in range(0, games, chunk_size)]
    by_chunk: dict[int, list[GameResult]] = {}
    done = 0
    if workers == 1 or len(chunks) <= 1:
        for number, indices in enumerate(chunks):
            by_chunk[number] = _play_chunk(engine, decks, specs, seed, indices, record, rotate, options)
            done += len(indices)
            if progress:
                progress(done, games)
    else:
        ref = _engine_ref(engine)
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
            futures = {pool.submit(_play_chunk, ref, decks, specs, seed, indices, record, rotate, options): number
                       for number, indices in enumerate(chunks)}
            for future in as_completed(futures):
                by_chunk[futures[future]] = future.result()
                done += len(chunks[futures[future]])
                if progress:
                    progress(done, games)
    return [result for number in range(len(chunks)) for result in by_chunk[number]]


# -- aggregation -----------------------------------------------------------------------------------
def rate(successes: int, trials: int) -> float | None:
    return round(successes / trials, 4) if trials else None


def rate_with_interval(successes: int, trials: int) -> dict:
    """A proportion with its 95% Wilson interval."""
    low, high = wilson_interval(successes, trials)
    return {"successes": successes, "trials": trials, "rate": rate(successes, trials),
            "low": round(low, 4), "high": round(high, 4)}


def distribution(values: Sequence[int]) -> dict:
    """Count, mean, median, min, max and the value -> count table (as sorted [value, count] pairs)."""
    if not values:
        return {"count": 0, "mean": None, "median": None, "min": None, "max": None, "distribution": []}
    return {"count": len(values), "mean": round(statistics.fmean(values), 4),
            "median": round(float(statistics.median(values)), 4), "min": min(values), "max": max(values),
            "distribution": [[value, count] for value, count in sorted(Counter(values).items())]}


def card_figures(results: Sequence[GameResult], side: int) -> dict:
    """Per card of ``side``: copies drawn and played in all, games in which it was drawn or
    played, and the side's win rate in those games."""
    figures: dict[str, dict[str, int]] = {}
    for result in results:
        stats = result.card_stats[result.seat_of(side)]
        won = side in result.winning_sides
        for kind in ("drawn", "played"):
            for name, count in stats[kind].items():
                if count <= 0:
                    continue
                row = figures.setdefault(name, {"drawn": 0, "played": 0, "games_drawn": 0, "games_played": 0,
                                                "wins_when_drawn": 0, "wins_when_played": 0})
                row[kind] += count
                row[f"games_{kind}"] += 1
                row[f"wins_when_{kind}"] += won
    games = len(results)
    return {
        name: {**row,
               "drawn_per_game": rate(row["drawn"], games), "played_per_game": rate(row["played"], games),
               "win_rate_when_drawn": rate(row["wins_when_drawn"], row["games_drawn"]),
               "win_rate_when_played": rate(row["wins_when_played"], row["games_played"])}
        for name, row in sorted(figures.items())
    }


def mulligan_figures(results: Sequence[GameResult], side: int) -> dict:
    """How often ``side`` mulliganed, and its win rate with and without a mulligan."""
    counts = [result.mulligans[result.seat_of(side)] for result in results]
    wins = [side in result.winning_sides for result in results]
    with_mulligan = [won for count, won in zip(counts, wins, strict=True) if count]
    without = [won for count, won in zip(counts, wins, strict=True) if not count]
    return {"total": sum(counts), "games_with_mulligan": len(with_mulligan),
            "rate": rate(len(with_mulligan), len(results)),
            "distribution": [[value, n] for value, n in sorted(Counter(counts).items())],
            "win_rate_with_mulligan": rate(sum(with_mulligan), len(with_mulligan)),
            "win_rate_without_mulligan": rate(sum(without), len(without))}


def end_reasons(results: Sequence[GameResult]) -> dict[str, int]:
    return dict(sorted(Counter(result.reason for result in results).items()))


def summarize_goldfish(results: Sequence[GameResult], deck_name: str = "") -> dict:
    """Goldfish figures for side 0 (the deck) against side 1 (the passive opponent), computed
    from the additive tally (``rules.core.tally``) exactly as the web's results are."""
    from rules.core.tally import summarize, tally

    return summarize(tally(results, 2), "goldfish", [deck_name])


def summarize_head_to_head(results: Sequence[GameResult], deck_names: Sequence[str] = ("", "")) -> dict:
    """Head-to-head figures for sides A (0) and B (1); a win rate is wins / games (draws count
    as not won) with its 95% Wilson interval. Computed from the additive tally, like the web's."""
    from rules.core.tally import summarize, tally

    return summarize(tally(results, 2), "head-to-head", list(deck_names))


# -- modes ---------------------------------------------------------------------------------------
def goldfish_opponent(engine: EngineSpec, deck: DeckList) -> DeckList:
    """The passive opponent's deck: the game's own choice when it has one, else a mirror."""
    return engine.goldfish_opponent() if engine.goldfish_opponent else deck


def goldfish(engine: EngineSpec, deck: DeckList, *, games: int, seed: int, agent: AgentSpec = "greedy",
             workers: int = 1, progress: Progress | None = None) -> dict:
    """One deck played by ``agent`` against a :class:`~rules.core.agents.PassiveAgent`: turns to
    win, cards drawn and played, mulligans. Seats alternate."""
    results = run_games(engine, [deck, goldfish_opponent(engine, deck)], [agent, "passive"], games=games,
                        seed=seed, workers=workers, progress=progress)
    return summarize_goldfish(results, deck.name)


def head_to_head(engine: EngineSpec, deck_a: DeckList, deck_b: DeckList, *, games: int, seed: int,
                 agents: Sequence[AgentSpec] = ("greedy", "greedy"), workers: int = 1,
                 progress: Progress | None = None) -> dict:
    """Deck A (played by ``agents[0]``) against deck B (``agents[1]``), seats alternating."""
    results = run_games(engine, [deck_a, deck_b], list(agents), games=games, seed=seed, workers=workers,
                        progress=progress)
    return summarize_head_to_head(results, (deck_a.name, deck_b.name))
