"""Agents: who chooses the actions. Game-agnostic; a game contributes only its evaluation.

The protocol (ARCHITECTURE.md "engine protocol"): ``choose(state, player) -> Action``, where the
action is one of ``state.legal_actions(player)``. Every agent owns a seeded ``random.Random`` and,
when it searches, an iteration budget, never a wall-clock budget: the same seed and budget give
the same choices on any machine, so games and whole runs repeat exactly.

- ``random``  uniform over the legal actions.
- ``greedy``  one ply: try each legal action on a clone of one sampled world (hidden cards and
  future chance redrawn) and keep the best by the game's ``EngineSpec.evaluate(state, player)``;
  ties go to the agent's RNG.
- ``ismcts``  information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012,
  single-observer variant): each iteration determinizes the hidden information, descends with
  UCB1 over the actions available in that determinization (availability counts), expands one
  node, plays out with a cheap policy to a step cap, scores the end and backpropagates.
- ``passive`` the goldfish opponent: does as little as the rules allow (see :class:`PassiveAgent`).

Search agents look ahead only in worlds sampled from what their player may know (the game's
``determinize`` plus a fresh game RNG), with ``log_events`` off, and never touch the real state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.core.engine import Action, GameState

Evaluate = Callable[[GameState, int], float]

#: Terminal scores for greedy: far above anything an evaluation returns.
WIN_SCORE = 1e9
LOSS_SCORE = -1e9


class Agent:
    """Base agent: a name, its own seeded RNG and the options it was made with."""

    name = "agent"

    def __init__(self, seed: int = 0, **options: Any):
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = options

    def choose(self, state: GameState, player: int) -> Action:
        raise NotImplementedError

    def describe(self) -> dict:
        """A JSON-able description (for results and replays): name and options."""
        return {"name": self.name, **{k: v for k, v in sorted(self.options.items()) if _jsonable(v)}}


def _jsonable(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool, type(None)))


def _lookahead(state: GameState) -> GameState:
    """A clone for search: no event log (it is not needed and costs time)."""
    copy = state.clone()
    copy.log_events = False
    return copy


def sample_world(state: GameState, player: int, rng: random.Random) -> GameState:
    """One world consistent with what ``player`` knows: hidden cards redealt (``determinize``),
    a fresh game RNG drawn from ``rng`` so future shuffles and dice are unknown too, no log."""
    world = state.determinize(player, rng)
    world.log_events = False
    seed = rng.getrandbits(64)
    reseed = getattr(world, "reseed", None)  # a game may seed its RNG lazily (cheaper)
    if reseed is not None:
        reseed(seed)
    else:
        world.rng = random.Random(seed)
    return world


def terminal_score(state: GameState, player: int) -> float:
    """1 for a sole win, 1/k for a win shared by k players, 0.5 for a draw, 0 for a loss."""
    winners = state.outcome.winners
    if not winners:
        return 0.5
    return 1.0 / len(winners) if player in winners else 0.0


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: GameState, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


class PassiveAgent(Agent):
    """The goldfish opponent: the first legal action whose verb is in :data:`PASSIVE_VERBS`
    (in the order the engine lists them), else the first legal action. It never attacks or
    plays a card unless the rules force it to."""

    name = "passive"
    PASSIVE_VERBS = ("pass", "end", "keep", "done", "skip", "decline", "no")

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        for action in actions:
            if action.verb in self.PASSIVE_VERBS:
                return action
        return actions[0]


class GreedyAgent(Agent):
    """One-ply search with the game's evaluation.

    Each legal action is applied to a clone and scored with ``evaluate(clone, player)`` (a won
    game scores :data:`WIN_SCORE`, a lost one :data:`LOSS_SCORE`, a draw 0); the best wins, ties
    broken by the agent's RNG. With one legal action nothing is cloned. When several players act
    at once the clone simply still waits for the others; the evaluation is taken as it stands.

    The clones are made from one :func:`sample_world` per decision, not from the real state, so
    greedy cannot peek at hidden cards or at the real outcome of a shuffle (a mulligan judged by
    the cards it would really draw); every action is judged in the same sampled world, the last
    one in that world itself (it is the agent's own copy: one clone fewer per decision).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, *, evaluate: Evaluate | None = None, **options: Any):
        super().__init__(seed, **options)
        if evaluate is None:
            raise ValueError("the greedy agent needs the game's evaluation (EngineSpec.evaluate)")
        self.evaluate = evaluate

    def score(self, state: GameState, action: Action, player: int) -> float:
        return self._score_in_place(_lookahead(state), action, player)

    def _score_in_place(self, after: GameState, action: Action, player: int) -> float:
        """Apply ``action`` to ``after`` itself (a disposable world) and score the result."""
        after.apply(action, player)
        if after.is_over:
            winners = after.outcome.winners
            return 0.0 if not winners else (WIN_SCORE if player in winners else LOSS_SCORE)
        return self.evaluate(after, player)

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        world = sample_world(state, player, self.rng)
        evaluate = self.evaluate
        best: list[Action] = []
        best_score = -math.inf
        last = len(actions) - 1
        for i, action in enumerate(actions):
            # the sampled world is ours alone: the last action needs no copy of it
            if i == last:
                after = world
            else:
                after = world.clone()
                after.log_events = False
            after.apply(action, player)
            if after.is_over:
                winners = after.outcome.winners
                value = 0.0 if not winners else (WIN_SCORE if player in winners else LOSS_SCORE)
            else:
                value = evaluate(after, player)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


class _Node:
    """A node of the information-set tree: statistics of the edge that led here."""

    __slots__ = ("player", "action", "parent", "children", "visits", "reward", "available")

    def __init__(self, player: int | None = None, action: Action | None = None, parent: _Node | None = None):
        self.player = player  # who took ``action`` to get here
        self.action = action
        self.parent = parent
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed reward of ``player``
        self.available = 1  # times this edge was available when its parent was visited

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


class ISMCTSAgent(Agent):
    """Single-observer information-set MCTS, budgeted by ``iterations``.

    Options: ``iterations`` (default 100), ``exploration`` (UCB1 constant, default 0.4: small budgets do better exploiting),
    ``rollout`` ("random" or "greedy", default "random"; greedy-lite scores ``rollout_sample``
    random legal actions with the evaluation and keeps the best), ``rollout_steps`` (actions
    played out after the tree before the position is scored, default 10: short playouts
    plus the evaluation beat long random ones at equal cost), ``eval_scale``
    (an unfinished rollout scores ``1 / (1 + exp(-evaluate / eval_scale))``; default 10).

    Every determinization gets a fresh game RNG drawn from the agent's RNG, so the search
    cannot foresee the real game's future shuffles or dice. The final choice is the most
    visited root action that is legal in the real state (ties to the first listed).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, *, evaluate: Evaluate | None = None, iterations: int = 100,
                 exploration: float = 0.4, rollout: str = "random", rollout_steps: int = 10,
                 rollout_sample: int = 4, eval_scale: float = 10.0, **options: Any):
        super().__init__(seed, iterations=iterations, exploration=exploration, rollout=rollout,
                         rollout_steps=rollout_steps, rollout_sample=rollout_sample, eval_scale=eval_scale,
                         **options)
        if rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        if rollout == "greedy" and evaluate is None:
            raise ValueError("a greedy rollout needs the game's evaluation (EngineSpec.evaluate)")
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.evaluate = evaluate
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_policy = rollout
        self.rollout_steps = rollout_steps
        self.rollout_sample = rollout_sample
        self.eval_scale = eval_scale

    # -- search ------------------------------------------------------------------------------
    def choose(self, state: GameState, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(root, state, player)
        visits = {action: child.visits for (p, action), child in root.children.items() if p == player}
        best = max(legal, key=lambda a: visits.get(a, -1))
        return best if best in visits else self.rng.choice(legal)

    def _iterate(self, root: _Node, state: GameState, player: int) -> None:
        world = sample_world(state, player, self.rng)
        node = root
        first = True
        # selection: descend while every available action has been tried
        while not world.is_over:
            actor = player if first else world.current_players()[0]
            first = False
            actions = world.legal_actions(actor)
            untried = []
            children = []
            for a in actions:
                child = node.children.get((actor, a))
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
                    children.append(child)
            if untried:  # expansion: one new node, then play out from it
                action = self.rng.choice(untried)
                child = _Node(actor, action, node)
                node.children[(actor, action)] = child
                node = child
                world.apply(action, actor)
                break
            node = max(children, key=lambda c: c.ucb(self.exploration))
            world.apply(node.action, actor)
        # simulation
        steps = 0
        while not world.is_over and steps < self.rollout_steps:
            actor = world.current_players()[0]
            world.apply(self._rollout_action(world, actor), actor)
            steps += 1
        rewards = self._rewards(world)
        # backpropagation
        while node.parent is not None:
            node.visits += 1
            node.reward += rewards[node.player]
            node = node.parent
        node.visits += 1

    def _rollout_action(self, world: GameState, actor: int) -> Action:
        actions = world.legal_actions(actor)
        if self.rollout_policy == "random" or len(actions) == 1:
            return self.rng.choice(actions)
        sample = actions if len(actions) <= self.rollout_sample else self.rng.sample(actions, self.rollout_sample)
        best, best_score = sample[0], -math.inf
        for action in sample:
            after = _lookahead(world)
            after.apply(action, actor)
            value = terminal_score(after, actor) * 2e9 - 1e9 if after.is_over else self.evaluate(after, actor)
            if value > best_score:
                best, best_score = action, value
        return best

    def _rewards(self, world: GameState) -> list[float]:
        """Each player's reward in [0, 1]: the outcome when over, else the squashed evaluation."""
        players = range(world.num_players)
        if world.is_over:
            return [terminal_score(world, p) for p in players]
        if self.evaluate is None:
            return [0.5 for _ in players]
        out = []
        for p in players:
            x = max(-60.0, min(60.0, self.evaluate(world, p) / self.eval_scale))
            out.append(1.0 / (1.0 + math.exp(-x)))
        return out


AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
    "passive": PassiveAgent,
}


def make_agent(name: str, seed: int, **options: Any) -> Agent:
    """Build an agent by name ("random", "greedy", "ismcts", "passive").

    ``evaluate`` (the game's ``EngineSpec.evaluate``) is passed to the agents that use it and
    ignored by the others, so callers may always pass it.
    """
    try:
        cls = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
    if cls in (RandomAgent, PassiveAgent):
        options.pop("evaluate", None)
    return cls(seed, **options)


def agent_names() -> Sequence[str]:
    return tuple(AGENTS)
