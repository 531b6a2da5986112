"""Agents: who chooses the actions. Game-agnostic; a game contributes only its evaluation.

The protocol (docs/architecture.md, "The engine protocol"): ``choose(state, player) -> Action``, where the
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
  node, scores the position reached and backpropagates; seats that act at once choose
  independently (decoupled UCT over the joint move). Each new edge starts with one visit worth
  the evaluation one ply after it (heuristic node priors, Gelly & Silver 2007), so the search
  begins where greedy stands and spends its iterations on the replies greedy cannot see;
  evaluations count relative to the root position's, squashed by ``eval_scale``. Random
  play-outs are optional (``rollout_steps``): in games whose turns are many small actions they
  value ending a phase over acting, and lost to greedy. A game may set its own defaults
  (``EngineSpec.search_defaults``: Boundless keeps random play-outs, which serve it best;
  Spellbound cuts the tree to its root, ``flat``, with greedy play-outs three turns deep).
- ``rollout`` one-step look-ahead with greedy play-outs (policy rollout, Bertsekas): each legal
  action is tried in one sampled world and greedy then plays every seat until ``turns`` turns later
  (default 2: to the end of the opponent's reply) before the evaluation scores it. It sees the
  reply greedy cannot; it beat greedy in 26 of 36 FellBound games (but not in BOS or Spellbound,
  where its greedy play-outs mislead it). Slow (greedy play-outs for every action).
- ``passive`` the goldfish opponent: does as little as the rules allow (see :class:`PassiveAgent`).

Search agents look ahead only in worlds sampled from what their player may know (the game's
``determinize`` plus a fresh game RNG), with ``log_events`` off, and never touch the real state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.core.engine import Action, EngineSpec, GameState

Evaluate = Callable[[GameState, int], float]

#: Terminal scores for greedy: far above anything an evaluation returns.
WIN_SCORE = 1e9


class Agent:
    """Base agent: a name, its own seeded RNG and the options it was made with.

    ``choose(state, player)`` returns one of ``state.legal_actions(player)``. When several
    seats act at once, each agent is asked on the same state before anything is applied, so it
    cannot see the others' choices.
    """

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


def sample_world(state: GameState, player: int, rng: random.Random, perfect_information: bool = False) -> GameState:
    """One world consistent with what ``player`` knows: hidden cards redealt (``determinize``;
    skipped in a game of perfect information), a fresh game RNG drawn from ``rng`` so future
    shuffles and dice are unknown too (``reseed``), no log."""
    world = _lookahead(state) if perfect_information else state.determinize(player, rng)
    world.log_events = False
    world.reseed(rng.getrandbits(64))
    return world


def reward(state: GameState, player: int) -> float:
    """``player``'s share of a finished game in [0, 1]: the fraction of the other seats placed
    below it, ties counting half (two players: 1 win, 0.5 draw, 0 loss; allies share a place)."""
    outcome = state.outcome
    assert outcome is not None, "reward is for a finished game"
    placements = outcome.placements
    mine = placements[player]
    others = [place for seat, place in enumerate(placements) if seat != player]
    if not others:
        return 1.0 if outcome.winners else 0.5
    return sum(1.0 if place > mine else 0.5 if place == mine else 0.0 for place in others) / len(others)


def terminal_value(state: GameState, player: int) -> float:
    """A finished game as an evaluation: far above (a win) or below (a loss) any evaluation."""
    return (reward(state, player) - 0.5) * 2 * WIN_SCORE


def joint_move(state: GameState, player: int, action: Action, rng: random.Random) -> dict[int, Action]:
    """``player``'s ``action`` with, for every other seat acting at the same time, a uniformly
    random legal choice: a search agent does not know what the others chose."""
    move = {player: action}
    for seat in state.current_players():
        if seat != player:
            move[seat] = rng.choice(state.legal_actions(seat))
    return move


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: GameState, player: int) -> Action:
        """``rng.choice`` of the legal actions, its two Python calls inlined (the same draws: CPython's
        ``Random._randbelow_with_getrandbits``): a random game asks it at every step."""
        actions = state.legal_actions(player)
        count = len(actions)
        if not count:
            raise IndexError(f"seat {player} has no legal action to choose from")
        getrandbits, bits = self.rng.getrandbits, count.bit_length()
        index = getrandbits(bits)
        while index >= count:
            index = getrandbits(bits)
        return actions[index]


class PassiveAgent(Agent):
    """The goldfish opponent: the first legal action whose verb is in :data:`PASSIVE_VERBS`
    (in the order the engine lists them), else the first legal action; or the game's own choice
    (``EngineSpec.passive_choice``). It never attacks or plays a card unless the rules force it to."""

    name = "passive"
    PASSIVE_VERBS = ("pass", "end", "keep", "done", "skip", "decline", "no")

    def __init__(self, seed: int = 0, *, policy: Callable[[GameState, int], Action] | None = None, **options: Any):
        super().__init__(seed, **options)
        self.policy = policy  # the game's own passive choice (``EngineSpec.passive_choice``)

    def choose(self, state: GameState, player: int) -> Action:
        if self.policy is not None:
            return self.policy(state, player)
        actions = state.legal_actions(player)
        for action in actions:
            if action.verb in self.PASSIVE_VERBS:
                return action
        return actions[0]


class GreedyAgent(Agent):
    """One-ply search with the game's evaluation.

    Each legal action is applied to a clone and scored with ``evaluate(clone, player)`` (a
    finished game scores :func:`terminal_value`); the best wins, ties broken by the agent's RNG.
    With one legal action nothing is cloned. When other seats act at the same time, their
    choices in the clone are drawn at random (greedy cannot see them).

    The clones are made from one :func:`sample_world` per decision, not from the real state, so
    greedy cannot peek at hidden cards or at the real outcome of a shuffle (a mulligan judged by
    the cards it would really draw); every action is judged in the same sampled world, the last
    one in that world itself (it is the agent's own copy: one clone fewer per decision).

    A game whose turns offer many near-alike actions may shorten the list greedy tries: a
    ``search_candidates(player, actions)`` method on its state returns the few worth judging (a
    subset of ``actions``, in their order; Millennium Blades' whole game keeps the best few of each
    kind by a cheap score: ``rules/millennium_blades/full/agents/candidates.py``).

    A game may also score the candidates without playing them: a ``greedy_values(player, actions,
    evaluate)`` method on its state returns, for a decision where it can, exactly the value each
    action would score if applied to the sampled world (else None: they are applied). Boundless
    scores its mulligan options so: the 32 ways to put cards back, each redraw judged by its
    expected value, need no copy of the game each.

    And a game may score the candidates it plays faster than one ``evaluate`` call each: a
    ``greedy_scorer(player, evaluate)`` method on its state returns, for one decision, a function
    of the state after a candidate giving exactly ``evaluate(after, player)`` (reusing what no
    candidate changes; each candidate is played on a copy that stays as it was once scored), or None.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, *, evaluate: Evaluate | None = None, perfect_information: bool = False,
                 **options: Any):
        super().__init__(seed, **options)
        if evaluate is None:
            raise ValueError("the greedy agent needs the game's evaluation (EngineSpec.evaluate)")
        self.evaluate = evaluate
        self.perfect_information = perfect_information

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        world = sample_world(state, player, self.rng, self.perfect_information)
        narrow = getattr(world, "search_candidates", None)  # the game's own short list (see the class)
        if narrow is not None:
            actions = narrow(player, actions)
        # the others' legal actions, once: the same for every candidate (their moves are drawn per candidate)
        others = {seat: world.legal_actions(seat) for seat in world.current_players() if seat != player}
        evaluate = self.evaluate
        values = getattr(world, "greedy_values", None)  # the game's own scores, when it has them (see the class)
        scores = values(player, actions, evaluate) if values is not None and not others else None
        if scores is not None:
            return self._best(actions, scores)
        scorer = getattr(world, "greedy_scorer", None)  # the game's faster scorer for this decision (see the class)
        score = scorer(player, evaluate) if scorer is not None else None
        if score is None:
            def score(after: GameState) -> float:
                return evaluate(after, player)
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
            if others:  # as ``joint_move``: a random legal choice for every other seat acting now
                after.apply_joint({player: action, **{seat: self.rng.choice(legal) for seat, legal in others.items()}})
            else:
                after.apply(action, player)
            value = terminal_value(after, player) if after.is_over else score(after)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _best(self, actions: list[Action], scores: Sequence[float]) -> Action:
        """The best-scored action, ties to the agent's RNG (as ``choose`` keeps them)."""
        best_score = max(scores)
        best = [action for action, value in zip(actions, scores, strict=True) if value == best_score]
        return best[0] if len(best) == 1 else self.rng.choice(best)


class _Edge:
    """Statistics of one seat's action at one node of the information-set tree."""

    __slots__ = ("visits", "reward", "available")

    def __init__(self):
        self.visits = 0
        self.reward = 0.0  # summed reward of the seat that took the action
        self.available = 0  # times the action was available when its node was visited

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


class _Node:
    """A node of the information-set tree: per acting seat the statistics of its actions
    (decoupled, so seats acting at once choose independently), and the child per move."""

    __slots__ = ("edges", "children")

    def __init__(self):
        self.edges: dict[tuple[int, Action], _Edge] = {}
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}


#: most moves a play-out to a turn horizon (``rollout_turns``) may take
ROLLOUT_TURN_STEPS = 200


class ISMCTSAgent(Agent):
    """Single-observer information-set MCTS, budgeted by ``iterations``.

    Options: ``iterations`` (default 100), ``exploration`` (UCB1 constant, default 0.4: small
    budgets do better exploiting), ``prior`` (visits each new edge starts with, worth the
    evaluation one ply after it; default 1, 0 for none: untried actions are then expanded in
    random order), ``rollout_steps`` (moves played out after the tree before the position is
    scored, default 0), ``rollout`` ("random" or "greedy": the play-out policy; greedy-lite scores
    ``rollout_sample`` random legal actions, 0 for all of them, with the evaluation and keeps the best), ``eval_scale``
    (an unfinished position scores ``1 / (1 + exp(-(evaluate - root) / eval_scale))``, where
    ``root`` is the evaluation of the position searched from; default 10), ``relative`` (default true; false scores the evaluation
    itself, not its change from the root), ``skip_verbs`` (comma-separated verbs the search never
    tries, unless nothing else is legal: a game's dominated actions, default none; Spellbound's
    ``convert``, which paying does anyway, otherwise serves the search as a move that only puts off
    the opponent's reply), ``reply_first`` (default false: after the tree, every other seat plays
    one-ply greedy until the searching seat acts again, then the position is scored),
    ``rollout_from_root`` (default false: ``rollout_turns`` counts from the turn searched from, or
    from the leaf's turn once the tree has passed it, so leaves of this turn are all played out to
    the same point). These three were measured in Spellbound (docs/rules-notes.md, "Search agents").
    ``flat`` (default false) cuts the tree to its root: each iteration samples one world and plays
    every root action out in it from the same RNGs (common random numbers), to turn root +
    ``rollout_turns``; the best mean evaluation wins (determinized flat Monte Carlo). Spellbound's
    default, the one search that beat greedy there: its tree searches compared positions at different
    points of a turn, and one play-out per world and action compares them all at the same point.

    Every determinization gets a fresh game RNG drawn from the agent's RNG, so the search
    cannot foresee the real game's future shuffles or dice; in a game of perfect information
    nothing is redealt. Where several seats act at once, each chooses by its own statistics
    at that node (decoupled UCT; the others' choices in a prior's one-ply look are drawn at
    random) and the tree branches on the joint move. The final choice is the most visited root
    action that is legal in the real state (ties to the first listed).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, *, evaluate: Evaluate | None = None, perfect_information: bool = False,
                 iterations: int = 100, exploration: float = 0.4, rollout: str = "random", rollout_steps: int = 0,
                 rollout_sample: int = 4, rollout_turns: int = 0, eval_scale: float = 10.0, prior: int = 1,
                 relative: bool = True, skip_verbs: str = "", reply_first: bool = False, rollout_from_root: bool = False,
                 flat: bool = False, **options: Any):
        super().__init__(seed, iterations=iterations, exploration=exploration, rollout=rollout,
                         rollout_steps=rollout_steps, rollout_sample=rollout_sample, rollout_turns=rollout_turns,
                         eval_scale=eval_scale,
                         prior=prior, relative=relative, **({"skip_verbs": skip_verbs} if skip_verbs else {}),
                         **({"reply_first": True} if reply_first else {}),
                         **({"rollout_from_root": True} if rollout_from_root else {}),
                         **({"flat": True} if flat else {}), **options)
        if rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        if rollout == "greedy" and evaluate is None:
            raise ValueError("a greedy rollout needs the game's evaluation (EngineSpec.evaluate)")
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if eval_scale <= 0 or prior < 0:
            raise ValueError("eval_scale must be positive and prior at least 0")
        self.evaluate = evaluate
        self.perfect_information = perfect_information
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_policy = rollout
        self.rollout_steps = rollout_steps
        self.rollout_turns = rollout_turns
        self.rollout_sample = rollout_sample
        self.eval_scale = eval_scale
        self.prior = prior if evaluate is not None else 0
        self.relative = relative
        self.reply_first = reply_first
        self.rollout_from_root = rollout_from_root
        self.flat = flat
        if flat and evaluate is None:
            raise ValueError("flat needs the game's evaluation (EngineSpec.evaluate)")
        self._root_turn = 0
        if reply_first and evaluate is None:
            raise ValueError("reply_first needs the game's evaluation (EngineSpec.evaluate)")
        self.skip_verbs = frozenset(v.strip() for v in skip_verbs.split(",") if v.strip())
        self._base: list[float] = []

    def _searched(self, actions: list[Action]) -> list[Action]:
        """The actions the search tries: all but ``skip_verbs`` (all of them when nothing else is left)."""
        if not self.skip_verbs:
            return actions
        kept = [a for a in actions if a.verb not in self.skip_verbs]
        return kept or actions

    # -- search ------------------------------------------------------------------------------
    def choose(self, state: GameState, player: int) -> Action:
        legal = self._searched(state.legal_actions(player))
        if len(legal) == 1:
            return legal[0]
        if self.flat:
            return self._choose_flat(state, player, legal)
        root = _Node()
        self._root_turn = getattr(state, "turn", 0)
        # the root's evaluation per seat (from this seat's sampled view): rewards count change from it
        self._base = [0.0] * state.num_players
        if self.relative and self.evaluate is not None:
            world = sample_world(state, player, self.rng, self.perfect_information)
            self._base = [self.evaluate(world, p) for p in range(state.num_players)]
        for _ in range(self.iterations):
            self._iterate(root, state, player)
        visits = {action: edge.visits for (seat, action), edge in root.edges.items() if seat == player}
        best = max(legal, key=lambda a: visits.get(a, -1))
        return best if best in visits else self.rng.choice(legal)

    def _select(self, node: _Node, world: GameState, seat: int, actions: list[Action]) -> tuple[Action, bool]:
        """``seat``'s action among its legal ``actions`` at ``node``: an untried one at random
        (expanding), else by UCB1."""
        untried, tried = [], []
        judge = self.prior
        for action in actions:
            edge = node.edges.get((seat, action))
            if edge is None and judge:
                edge = node.edges[(seat, action)] = self._judged_edge(world, seat, action)
            if edge is None or not edge.visits:
                untried.append(action)
            else:
                edge.available += 1
                tried.append((action, edge))
        if untried:
            action = self.rng.choice(untried)
            node.edges.setdefault((seat, action), _Edge()).available += 1
            return action, True
        return max(tried, key=lambda pair: pair[1].ucb(self.exploration))[0], False

    def _iterate(self, root: _Node, state: GameState, player: int) -> None:
        world = sample_world(state, player, self.rng, self.perfect_information)
        node = root
        path: list[tuple[_Node, tuple[tuple[int, Action], ...]]] = []
        # selection: descend while every available action has been tried; expand one node
        while not world.is_over:
            legal = {seat: self._searched(world.legal_actions(seat)) for seat in world.current_players()}
            expanded = False
            move = []
            for seat, actions in legal.items():
                action, new = self._select(node, world, seat, actions)
                move.append((seat, action))
                expanded = expanded or new
            key = tuple(move)
            path.append((node, key))
            world.apply_move(dict(move))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
            if expanded:
                break
        # the others' replies (``reply_first``): one-ply greedy for every other seat until ``player`` acts again
        steps = 0
        while self.reply_first and not world.is_over and player not in world.current_players() \
                and steps < ROLLOUT_TURN_STEPS:
            world.apply_move({seat: self._rollout_action(world, seat, "greedy") for seat in world.current_players()})
            steps += 1
        # simulation
        start = max(self._root_turn, world.turn) if self.rollout_from_root else world.turn
        self._play_out(world, start + self.rollout_turns if self.rollout_turns else None, self.rng)
        rewards = self._rewards(world)
        # backpropagation: every seat's edge on the path scores that seat's reward
        for parent, key in path:
            for seat, action in key:
                edge = parent.edges[(seat, action)]
                edge.visits += 1
                edge.reward += rewards[seat]

    def _play_out(self, world: GameState, horizon: int | None, rng: random.Random) -> None:
        """Play ``world`` on by the play-out policy: until turn ``horizon`` begins (at most
        ``ROLLOUT_TURN_STEPS`` moves) or, with no horizon, for ``rollout_steps`` moves."""
        steps = 0
        while not world.is_over and (steps < self.rollout_steps if horizon is None
                                     else world.turn < horizon and steps < ROLLOUT_TURN_STEPS):
            world.apply_move({seat: self._rollout_action(world, seat, rng=rng) for seat in world.current_players()})
            steps += 1

    def _choose_flat(self, state: GameState, player: int, legal: list[Action]) -> Action:
        """``flat``: every iteration samples one world and plays each of ``legal`` out in it from
        the same game RNG and play-out RNG (common random numbers: the actions differ only by
        themselves), to the same turn ``rollout_turns`` after the root's; the best mean of the
        evaluation (a finished game: :func:`terminal_value`) wins, ties to the agent's RNG."""
        totals = dict.fromkeys(legal, 0.0)
        evaluate = self.evaluate
        assert evaluate is not None, "flat search needs an evaluation (checked in __init__)"
        horizon = state.turn + self.rollout_turns if self.rollout_turns else None
        for _ in range(self.iterations):
            world = sample_world(state, player, self.rng, self.perfect_information)
            seed = self.rng.getrandbits(64)
            for action in legal:
                after = _lookahead(world)
                after.reseed(seed)
                if len(after.current_players()) > 1:
                    after.apply_joint(joint_move(after, player, action, random.Random(seed)))
                else:
                    after.apply(action, player)
                self._play_out(after, horizon, random.Random(seed))
                totals[action] += terminal_value(after, player) if after.is_over else evaluate(after, player)
        best = max(totals.values())
        top = [action for action in legal if totals[action] == best]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _judged_edge(self, world: GameState, seat: int, action: Action) -> _Edge:
        """A new edge that starts with ``prior`` visits worth the position one ply after it."""
        after = _lookahead(world)
        if len(after.current_players()) > 1:
            after.apply_joint(joint_move(after, seat, action, self.rng))
        else:
            after.apply(action, seat)
        edge = _Edge()
        edge.visits = self.prior
        # a hair of noise breaks ties at random, as greedy does (not by the order of legal actions)
        edge.reward = self.prior * self._rewards(after, only=seat)[seat] + self.rng.random() * 1e-9
        return edge

    def _rollout_action(self, world: GameState, actor: int, policy: str | None = None,
                        rng: random.Random | None = None) -> Action:
        rng = rng or self.rng
        actions = self._searched(world.legal_actions(actor))
        if (policy or self.rollout_policy) == "random" or len(actions) == 1:
            return rng.choice(actions)
        if len(world.current_players()) > 1:  # a simultaneous move: no one-ply lookahead
            return rng.choice(actions)
        sample = actions if not self.rollout_sample or len(actions) <= self.rollout_sample \
            else rng.sample(actions, self.rollout_sample)
        best, best_score = sample[0], -math.inf
        evaluate = self.evaluate
        assert evaluate is not None, "a greedy rollout needs an evaluation (checked in __init__)"
        for action in sample:
            after = _lookahead(world)
            after.apply(action, actor)
            value = terminal_value(after, actor) if after.is_over else evaluate(after, actor)
            if value > best_score:
                best, best_score = action, value
        return best

    def _rewards(self, world: GameState, only: int | None = None) -> list[float]:
        """Each player's reward in [0, 1]: the outcome when over, else the squashed evaluation
        (relative to the root's with ``relative``); with ``only``, the others are left at 0.5."""
        players = range(world.num_players)
        if world.is_over:
            return [reward(world, p) for p in players]
        if self.evaluate is None:
            return [0.5 for _ in players]
        out = []
        for p in players:
            if only is not None and p != only:
                out.append(0.5)
                continue
            x = max(-60.0, min(60.0, (self.evaluate(world, p) - self._base[p]) / self.eval_scale))
            out.append(1.0 / (1.0 + math.exp(-x)))
        return out


class RolloutAgent(Agent):
    """One-step look-ahead with greedy play-outs: each legal action is applied in one sampled
    world (the same world for every action, as greedy does), then a greedy agent plays every seat
    until ``turns`` turns have begun since the position chosen from (or ``max_steps`` moves, or
    the end), and the evaluation (or the result) scores the position; the best action wins, ties to
    the agent's RNG. The horizon is counted from the position, not from after each action, so an
    action that ends the turn is scored at the same point as the others.

    Options: ``turns`` (default 2: the rest of this turn and the opponent's next), ``max_steps``
    (default 80 moves per play-out). Deterministic for a seed; never touches the real state."""

    name = "rollout"

    def __init__(self, seed: int = 0, *, evaluate: Evaluate | None = None, perfect_information: bool = False,
                 turns: int = 2, max_steps: int = 80, **options: Any):
        super().__init__(seed, turns=turns, max_steps=max_steps, **options)
        if evaluate is None:
            raise ValueError("the rollout agent needs the game's evaluation (EngineSpec.evaluate)")
        if turns < 1 or max_steps < 1:
            raise ValueError("turns and max_steps must be at least 1")
        self.evaluate = evaluate
        self.perfect_information = perfect_information
        self.turns, self.max_steps = turns, max_steps
        self.policy = GreedyAgent(seed + 1, evaluate=evaluate, perfect_information=perfect_information)

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        world = sample_world(state, player, self.rng, self.perfect_information)
        best: list[Action] = []
        best_score = -math.inf
        horizon = state.turn + self.turns  # the same point for every action, one that ends the turn too
        for action in actions:
            after = _lookahead(world)
            if len(after.current_players()) > 1:
                after.apply_joint(joint_move(after, player, action, self.rng))
            else:
                after.apply(action, player)
            steps = 0
            while not after.is_over and after.turn < horizon and steps < self.max_steps:
                after.apply_move({seat: self.policy.choose(after, seat) for seat in after.current_players()})
                steps += 1
            value = terminal_value(after, player) if after.is_over else self.evaluate(after, player)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
    "rollout": RolloutAgent,
    "passive": PassiveAgent,
}


def make_agent(name: str, seed: int, engine: EngineSpec | None = None, **options: Any) -> Agent:
    """Build an agent by name ("random", "greedy", "ismcts", "rollout", "passive") for ``engine``'s game.

    The searching agents take the game's evaluation and whether it has hidden information from
    the engine's spec (``evaluate`` may also be given directly); the others ignore both.
    """
    try:
        cls = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
    if cls in (RandomAgent, PassiveAgent):
        options.pop("evaluate", None)
        if cls is PassiveAgent and engine is not None and engine.passive_choice is not None:
            options.setdefault("policy", engine.passive_choice)
        return cls(seed, **options)
    if engine is not None:
        options.setdefault("evaluate", engine.evaluate)
        options.setdefault("perfect_information", engine.perfect_information)
        if cls is ISMCTSAgent:
            for key, value in engine.search_defaults.items():
                options.setdefault(key, value)
    return cls(seed, **options)


def agent_names() -> Sequence[str]:
    return tuple(AGENTS)
