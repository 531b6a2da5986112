"""Playing games between agents, and the two simulation modes (goldfish, head-to-head).

Game-agnostic: anything with an :class:`~rules.core.engine.EngineSpec` plays.

Reproducibility: game ``i`` of a run with seed ``S`` has seed ``derive_seed(S, "game", i)``
and the agent in seat ``k`` gets ``derive_seed(game_seed, "agent", k)``. A game depends on
nothing else, so splitting a run into chunks over any number of worker processes and
aggregating in game order gives byte-identical results. Results are plain dicts ready for
``json.dumps(sort_keys=True)``; rates are rounded to 4 decimals so the text is stable.

Sides and seats: a run pits *sides* (deck + agent: head-to-head has two, a table of a
multiplayer game up to the engine's ``max_players``) against each other; with ``rotate`` the
sides take turns in every seat (:func:`seating`: game ``i`` puts side ``(seat + i) % n`` in seat
``seat``). Whether seat 0 acts first is the game's business (a Boundless die roll decides it).

Simultaneous moves: when several seats act at once, every agent chooses from the same state
before any choice is applied (:func:`choose_move`), and the state applies them together.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from rules.core.agents import Agent, make_agent
from rules.core.decks import DeckList
from rules.core.engine import Action, EngineSpec, GameState, Outcome

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
    return make_agent(name, seed, engine=engine, **options)


@dataclass
class GameResult:
    """One finished game, by seat. ``sides[seat]`` is the side (deck index) in that seat.

    ``returns`` and ``placements`` are the engine's :class:`~rules.core.engine.Outcome` per seat;
    ``counters`` each seat's declared statistics (``EngineSpec.counters``).
    """

    index: int
    seed: int
    sides: tuple[int, ...]
    winners: tuple[int, ...]  # seats; empty for a draw
    reason: str
    turns: int
    steps: int
    returns: tuple[float, ...] = ()
    placements: tuple[int, ...] = ()
    counters: list[dict] = field(default_factory=list)  # per seat {counter: number or {card: number}}
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
                "returns": list(self.returns), "placements": list(self.placements), "counters": self.counters}


Move = dict[int, Action]  # one decision point: the acting seat(s) and their action(s)


def choose_move(state: GameState, agents: Sequence[Agent]) -> Move:
    """Every acting seat's choice at this decision point. When several seats act at once, each
    agent chooses from the same state, before any choice is applied: none sees the others'."""
    return {seat: agents[seat].choose(state, seat) for seat in state.current_players()}


class GameStopped(Exception):
    """A game given up half-way because ``should_stop()`` said so (a cancelled run)."""


def play_game(engine: EngineSpec, decks: Sequence[DeckList], seed: int, agents: Sequence[AgentSpec | Agent],
              record: bool = False, *, index: int = 0, sides: Sequence[int] | None = None,
              options: dict | None = None, should_stop: Callable[[], bool] | None = None) -> GameResult:
    """Play one game to its end; ``decks[seat]`` is played by ``agents[seat]``.

    Agents given by name or spec get seeds derived from ``seed`` and their seat. With
    ``record`` the result carries the replay (``rules.core.replay``); without it the engine's
    event log is switched off, which changes nothing but speed. ``should_stop`` (asked before
    every move; make it cheap) gives the game up with :class:`GameStopped`.
    """
    if len(agents) != len(decks):
        raise ValueError(f"{len(decks)} decks need {len(decks)} agents, got {len(agents)}")
    options = options or {}
    state = engine.start(list(decks), seed, **options)
    state.log_events = record
    players = [build_agent(spec, derive_seed(seed, "agent", seat), engine) for seat, spec in enumerate(agents)]
    moves: list[Move] = []
    steps = 0
    while not state.is_over:
        if should_stop is not None and should_stop():
            raise GameStopped(f"game {index} was stopped after {steps} moves")
        acting = state.current_players()
        if len(acting) == 1:  # most decision points: ``choose_move`` and ``apply_move`` without their calls
            seat = acting[0]
            action = players[seat].choose(state, seat)
            state.apply(action, seat)
            if record:
                moves.append({seat: action})
        else:
            move = choose_move(state, players)
            state.apply_move(move)
            if record:
                moves.append(move)
        steps += 1
        if steps >= MAX_STEPS:
            raise RuntimeError(f"{engine.game} game with seed {seed} did not end after {MAX_STEPS} moves")
    outcome = state.outcome
    assert outcome is not None
    result = GameResult(
        index=index, seed=seed, sides=tuple(sides if sides is not None else range(len(decks))),
        winners=outcome.winners, reason=outcome.reason, turns=state.turn, steps=steps,
        returns=outcome.returns, placements=outcome.placements, counters=state.counters(),
    )
    if record:
        from rules.core.replay import make_replay

        described = [p.describe() for p in players]
        result.replay = make_replay(engine=engine, decks=list(decks), seed=seed, agents=described,
                                    moves=moves, state=state, options=options)
    return result


# -- many games ----------------------------------------------------------------------------------
def _engine_ref(engine: EngineSpec) -> EngineSpec | str | tuple[str, str]:
    """What to send to a worker: the slug of a registered engine, ``(slug, mode)`` for one of its
    deckless modes (``EngineSpec.deckless_modes``), else the spec itself."""
    from rules.core.registry import deckless_mode_of, get_engine

    try:
        if get_engine(engine.game) is engine:
            return engine.game
        mode = deckless_mode_of(engine)
    except LookupError:
        return engine
    return engine if mode is None else (engine.game, mode)


def _resolve_engine(ref: EngineSpec | str | tuple[str, str]) -> EngineSpec:
    if isinstance(ref, EngineSpec):
        return ref
    from rules.core.registry import get_engine

    if isinstance(ref, tuple):
        return get_engine(*ref)
    return get_engine(ref)


def seating(index: int, sides: int, rotate: bool = True) -> tuple[int, ...]:
    """The side in each seat for game ``index``: with ``rotate`` every side takes every seat in
    turn (two sides alternate: side 0 in seat 0 on even games)."""
    shift = index % sides if rotate else 0
    return tuple((seat + shift) % sides for seat in range(sides))


def _play_chunk(engine_ref: EngineSpec | str | tuple[str, str], decks: list[DeckList], agents: list[dict], seed: int,
                indices: list[int], record: bool, rotate: bool, options: dict, dealer=None,
                match: bool = False) -> list[GameResult]:
    """Play games ``indices`` of a run (the unit of work of the process pool); with ``match``
    each is one of the game's matches."""
    engine = _resolve_engine(engine_ref)
    results = []
    for index in indices:
        if match:
            results.append(play_indexed_match(engine, decks, agents, derive_seed(seed, "game", index), index, record,
                                              rotate))
        else:
            results.append(play_indexed_game(engine, decks, agents, derive_seed(seed, "game", index), index, record,
                                             rotate, options, dealer))
    return results


def play_indexed_game(engine: EngineSpec, decks: Sequence[DeckList], agents: Sequence[AgentSpec], game_seed: int,
                      index: int, record: bool = False, rotate: bool = True, options: dict | None = None,
                      dealer=None, should_stop: Callable[[], bool] | None = None) -> GameResult:
    """Game ``index`` of a run between sides ``decks[i]`` + ``agents[i]``: the sides seated by
    :func:`seating`, and with a :class:`~rules.core.dealing.Dealer` the dealt sides' decks dealt
    for this game from its seed."""
    if dealer is not None:
        decks = dealer.deal(game_seed, decks)
    sides = seating(index, len(decks), rotate)
    return play_game(engine, [decks[s] for s in sides], game_seed, [agents[s] for s in sides], record,
                     index=index, sides=sides, options=options, should_stop=should_stop)


MATCH_REPLAY = "card-workshop-match"


def play_indexed_match(engine: EngineSpec, decks: Sequence[DeckList], agents: Sequence[AgentSpec], match_seed: int,
                       index: int, record: bool = False, rotate: bool = True) -> GameResult:
    """Match ``index`` of a run (``EngineSpec.match``), summed up as one result: the match's
    winner, the turns and steps of all its games, each seat's counters summed over its games
    plus ``games_won``; with ``record`` its replay is ``{"format": MATCH_REPLAY, "games": [one
    replay per game]}``."""
    sides = seating(index, len(decks), rotate)
    assert engine.match is not None, f"{engine.game} declares no match format"
    match = engine.match.play(engine, [decks[s] for s in sides], [agents[s] for s in sides], match_seed, record=record)
    winners = () if match.winner is None else (match.winner,)
    outcome = Outcome.from_winners(len(decks), winners, "match_won" if winners else "match_drawn")
    counters = [_summed([game.counters[seat] for game in match.games]) for seat in range(len(decks))]
    for seat, won in enumerate(match.game_wins):
        counters[seat]["games_won"] = won
    result = GameResult(index=index, seed=match_seed, sides=sides, winners=outcome.winners, reason=outcome.reason,
                        turns=sum(g.turns for g in match.games), steps=sum(g.steps for g in match.games),
                        returns=outcome.returns, placements=outcome.placements, counters=counters)
    if record:
        result.replay = {"format": MATCH_REPLAY, "games": [game.replay for game in match.games]}
    return result


def _summed(per_game: Sequence[dict]) -> dict:
    """Counters of several games added up (numbers, and per-card numbers card by card)."""
    out: dict = {}
    for counters in per_game:
        for name, value in counters.items():
            if isinstance(value, dict):
                into = out.setdefault(name, {})
                for card, count in value.items():
                    into[card] = into.get(card, 0) + count
            else:
                out[name] = out.get(name, 0) + value
    return out


def run_games(engine: EngineSpec, decks: Sequence[DeckList], agents: Sequence[AgentSpec], *, games: int,
              seed: int, workers: int = 1, progress: Progress | None = None, record: bool = False,
              rotate: bool = True, chunk_size: int | None = None, options: dict | None = None,
              dealer=None, match: bool = False) -> list[GameResult]:
    """Play ``games`` games between sides ``decks[i]`` + ``agents[i]``; results in game order.
    With a ``dealer`` (``rules.core.dealing``) its sides get fresh decks every game; with
    ``match`` each "game" is one of the game's matches (``EngineSpec.match``).

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
            by_chunk[number] = _play_chunk(engine, decks, specs, seed, indices, record, rotate, options, dealer, match)
            done += len(indices)
            if progress:
                progress(done, games)
    else:
        ref = _engine_ref(engine)
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
            futures = {pool.submit(_play_chunk, ref, decks, specs, seed, indices, record, rotate, options, dealer,
                                   match): number
                       for number, indices in enumerate(chunks)}
            for future in as_completed(futures):
                by_chunk[futures[future]] = future.result()
                done += len(chunks[futures[future]])
                if progress:
                    progress(done, games)
    return [result for number in range(len(chunks)) for result in by_chunk[number]]


# -- figures (computed from the additive tally, exactly as the web's results are) ----------------
def summarize_results(results: Sequence[GameResult], mode: str, deck_names: Sequence[str],
                      engine: EngineSpec | None = None) -> dict:
    """The figures of one pairing's games (``rules.core.tally.summarize``)."""
    from rules.core.tally import summarize, tally

    return summarize(tally(results, len(deck_names)), mode, list(deck_names), engine)


# -- modes ---------------------------------------------------------------------------------------
GOLDFISH_OPPONENT_NAME = "Goldfish opponent"


def goldfish_opponent(engine: EngineSpec, deck: DeckList) -> DeckList:
    """The passive opponent's deck: the game's own choice when it has one, else a mirror."""
    return engine.goldfish_opponent() if engine.goldfish_opponent else deck


def goldfish(engine: EngineSpec, deck: DeckList, *, games: int, seed: int, agent: AgentSpec = "greedy",
             workers: int = 1, progress: Progress | None = None) -> dict:
    """One deck played by ``agent`` against a :class:`~rules.core.agents.PassiveAgent`: turns to
    win, cards drawn and played, mulligans. Seats alternate."""
    results = run_games(engine, [deck, goldfish_opponent(engine, deck)], [agent, "passive"], games=games,
                        seed=seed, workers=workers, progress=progress)
    return summarize_results(results, "goldfish", [deck.name, GOLDFISH_OPPONENT_NAME], engine)


def head_to_head(engine: EngineSpec, deck_a: DeckList, deck_b: DeckList, *, games: int, seed: int,
                 agents: Sequence[AgentSpec] = ("greedy", "greedy"), workers: int = 1,
                 progress: Progress | None = None) -> dict:
    """Deck A (played by ``agents[0]``) against deck B (``agents[1]``), seats alternating."""
    results = run_games(engine, [deck_a, deck_b], list(agents), games=games, seed=seed, workers=workers,
                        progress=progress)
    return summarize_results(results, "head_to_head", [deck_a.name, deck_b.name], engine)


def table(engine: EngineSpec, decks: Sequence[DeckList], *, games: int, seed: int,
          agents: Sequence[AgentSpec] | None = None, workers: int = 1, progress: Progress | None = None) -> dict:
    """Two to ``max_players`` decks at one table (every seat its own deck), seats rotating."""
    agents = list(agents or ["greedy"] * len(decks))
    results = run_games(engine, list(decks), agents, games=games, seed=seed, workers=workers, progress=progress)
    return summarize_results(results, "table", [deck.name for deck in decks], engine)
