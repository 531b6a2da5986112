"""The engine conformance suite: every registered play mode (and the toy game) against the protocol.

An engine joins by registering (``rules/<game>/engine.py`` exposing ``ENGINE``) and shipping
sample decks in ``fixtures/decks/<game>-*.txt``; its deckless modes (``EngineSpec.deckless_modes``:
Millennium Blades' whole game, duel and turn-based game) join with it, on placeholder decks
(``rules.core.registry.play_modes``); nothing here names a game. For each engine or mode and each
seat count it may be played with (``EngineSpec.seat_counts``) (``CONFORMANCE_GAMES`` random games
each, default 300, and ``CONFORMANCE_MODE_GAMES``, default 2, for a deckless mode, whose games are
long: tests/sweeps.py), with uniformly random legal choices:

- every game ends (the engine's turn cap at worst), with an outcome whose returns and
  placements agree, for a reason the engine declares;
- no card appears or vanishes: ``all_cards()`` is the same multiset after every move;
- every offered action round-trips through its text (``Action.parse(str(a)) == a``) and, at
  sampled moves, applies on a clone without error (simultaneous ones with random choices of
  the other seats; in a deckless mode, whose market offers hundreds of actions at once,
  ``MODE_ACTIONS_APPLIED`` of them per seat, drawn at random);
- ``view(seat)`` is JSON-able and does not change when what the seat cannot see is redealt
  (``determinize``): the view hides what ``hidden_cards`` says is hidden; a game that declares
  perfect information hides nothing;
- the same seed and choices repeat the game event for event; a game without chance plays the
  same from any seed;
- simultaneous moves happen only in games that declare them, and they do happen there;
- every action kind has a sentence (``action_to_string``) and counters are the declared ones;
- a greedy agent's look-ahead never changes the real game, and its games replay move for move.

The same checks run again over random legal decks in ``test_random_legal_decks.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from rules.core.engine import CORE_END_REASONS, Action, EngineSpec, GameState
from rules.core.registry import PlayMode, game_slugs, get_engine, play_modes
from tests.rules.core import toy
from tests.rules.samples import GamePool
from tests.sweeps import sweep

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

GAMES = sweep(300, "CONFORMANCE_GAMES")
MODE_GAMES = sweep(2, "CONFORMANCE_MODE_GAMES")
#: of the actions a seat is offered at a sampled move of a deckless mode, how many are applied on clones
MODE_ACTIONS_APPLIED = 12
CHECK_EVERY = 9  # every offered action applied on a clone, and the views, at about one move in nine
REPEAT_EVERY = 20  # one game in 20 is played again from its seed and compared event for event


@dataclass(frozen=True)
class Table:
    """An engine, the decks at the table and the engine's options; ``mode``: the deckless mode the
    engine is (None: the game's deck engine)."""

    engine: EngineSpec
    decks: tuple
    options: tuple = ()
    mode: str | None = None

    @property
    def label(self) -> str:
        extra = "-teams" if self.options else ""
        mode = f"-{self.mode}" if self.mode else ""
        return f"{self.engine.game}{mode}-{len(self.decks)}p{extra}"

    @property
    def games(self) -> int:
        """Random games a protocol sweep plays at this table."""
        return MODE_GAMES if self.mode else GAMES


def _tables() -> list[Table]:
    tables = []
    for mode in play_modes():
        for seats in mode.engine.seat_counts():
            tables.append(Table(mode.engine, _decks(mode, seats), mode=mode.mode))
    toy_decks = (toy.STRONG, toy.WEAK, toy.make_deck("Mid", [3, 4, 5] * 6), toy.make_deck("Low", [1, 2, 9] * 6))
    for seats in range(2, 5):
        tables.append(Table(toy.ENGINE, toy_decks[:seats]))
    tables.append(Table(toy.ENGINE, toy_decks, (("teams", ((0, 2), (1, 3))),)))
    return tables


def _decks(mode: PlayMode, seats: int) -> tuple:
    if mode.deckless:
        return tuple(mode.placeholder_decks(seats))
    decks = GamePool(mode.game).sample_decks()
    assert decks, f"{mode.game} has an engine but no sample decks in fixtures/decks/{mode.game}-*.txt"
    return tuple(decks[i % len(decks)] for i in range(seats))


TABLES = _tables()


def _start(table: Table, seed: int) -> GameState:
    options = {key: [list(team) for team in value] if key == "teams" else value for key, value in table.options}
    return table.engine.start(list(table.decks), seed, **options)


def _random_move(state: GameState, rng: random.Random) -> dict[int, Action]:
    return {seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()}


def _check_actions_round_trip(state: GameState) -> None:
    for seat in state.current_players():
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} must act but has no legal action"
        assert len(set(actions)) == len(actions), f"seat {seat} is offered the same action twice: {actions}"
        for action in actions:
            assert Action.parse(str(action)) == action, f"{action!r} does not round-trip through {str(action)!r}"


def _check_every_action_applies(state: GameState, rng: random.Random, most: int | None = None) -> None:
    """Every action each acting seat is offered (at most ``most`` of them, drawn at random) applies
    on a clone."""
    acting = list(state.current_players())
    for seat in acting:
        actions = state.legal_actions(seat)
        if most is not None and len(actions) > most:
            actions = rng.sample(actions, most)
        for action in actions:
            copy = state.clone()
            copy.log_events = False
            move = {other: rng.choice(copy.legal_actions(other)) for other in acting}
            move[seat] = action
            copy.apply_joint_checked(move)


def _check_views(table: Table, state: GameState, rng: random.Random) -> None:
    everything = state.all_cards()
    for seat in range(state.num_players):
        view = state.view(seat)
        json.dumps(view)
        hidden = state.hidden_cards(seat)
        if table.engine.perfect_information:
            assert not hidden, f"a game of perfect information hides {hidden} from seat {seat}"
        assert not Counter(hidden) - Counter(everything), f"seat {seat} is hidden cards the game does not hold"
        for _ in range(2):
            world = state.determinize(seat, random.Random(rng.getrandbits(32)))
            assert world.view(seat) == view, f"view({seat}) changes when hidden cards are redealt: it leaks them"
            assert Counter(world.all_cards()) == Counter(everything), "determinize lost or made cards"
    json.dumps(state.view(None))


def _check_outcome(table: Table, state: GameState) -> None:
    outcome = state.outcome
    n = state.num_players
    assert len(outcome.returns) == n and len(outcome.placements) == n
    first = tuple(seat for seat in range(n) if outcome.placements[seat] == 1)
    assert outcome.winners == (() if len(first) == n else first)
    for a in range(n):
        for b in range(n):
            if outcome.returns[a] > outcome.returns[b]:
                assert outcome.placements[a] < outcome.placements[b], "a higher return must place better"
    assert outcome.reason in table.engine.end_reasons or outcome.reason in CORE_END_REASONS, \
        f"end reason {outcome.reason!r} is not declared in the engine's spec"


def _check_counters(table: Table, state: GameState) -> None:
    declared = {c.name: c for c in table.engine.counters}
    values = state.counters()
    assert len(values) == state.num_players
    for seat_values in values:
        for name, value in seat_values.items():
            assert name in declared, f"counter {name!r} is not declared in the engine's spec"
            assert isinstance(value, dict) == declared[name].per_card, f"counter {name!r} has the wrong shape"


def play_random_game(table: Table, seed: int, *, checks: bool) -> tuple[GameState, dict]:
    """A game with uniformly random choices; returns the final state and what was seen."""
    state = _start(table, seed)
    rng = random.Random(seed * 7 + 1)
    everything = Counter(state.all_cards())
    seen = {"simultaneous": 0, "verbs": set(), "moves": []}
    moves = 0
    while not state.is_over:
        acting = list(state.current_players())
        assert acting, "the game is not over but nobody is to act"
        if len(acting) > 1:
            seen["simultaneous"] += 1
        if checks:
            _check_actions_round_trip(state)
            if moves % CHECK_EVERY == 0:
                _check_every_action_applies(state, rng, MODE_ACTIONS_APPLIED if table.mode else None)
                _check_views(table, state, rng)
        move = _random_move(state, rng)
        for seat, action in move.items():
            if action.verb not in seen["verbs"]:
                sentence = state.action_to_string(action, seat)
                assert isinstance(sentence, str) and sentence.strip() and sentence != str(action), \
                    f"{action} has no sentence in the game's words ({sentence!r})"
                seen["verbs"].add(action.verb)
        seen["moves"].append(move)
        state.apply_joint_checked(move)
        moves += 1
        if checks:
            assert Counter(state.all_cards()) == everything, f"cards changed after move {moves} ({move})"
        assert moves < 100_000, "the game did not end"
    _check_outcome(table, state)
    _check_counters(table, state)
    return state, seen



def _play_and_repeat(table: Table, seed: int, *, checks: bool, repeat: bool) -> int:
    """One random game with every check; with ``repeat``, played again from its seed and moves
    and compared event for event. Returns how many simultaneous moves it had."""
    state, seen = play_random_game(table, seed, checks=checks)
    if repeat:
        again = _start(table, seed)
        for move in seen["moves"]:
            again.apply_joint_checked(move)
        assert again.events == state.events, "the same seed and moves did not repeat the game"
    return seen["simultaneous"]


@pytest.mark.parametrize("table", TABLES, ids=[t.label for t in TABLES])
def test_random_games_keep_the_protocol(table):
    simultaneous = sum(_play_and_repeat(table, 1000 + game, checks=game % 3 == 0, repeat=game % REPEAT_EVERY == 0)
                       for game in range(table.games))
    if not table.engine.simultaneous_moves:
        assert not simultaneous, "several seats acted at once in a game that does not declare simultaneous moves"


SIMULTANEOUS = sorted({(t.engine.game, t.mode or ""): t.engine for t in TABLES if t.engine.simultaneous_moves}.items())


@pytest.mark.parametrize("engine", [engine for _, engine in SIMULTANEOUS],
                         ids=["-".join(filter(None, key)) for key, _ in SIMULTANEOUS])
def test_declared_simultaneous_moves_happen(engine):
    """An engine that declares simultaneous moves has them at one of its tables at least (a game
    may have them only at some seat counts: FellBound's allies act together, two players never)."""
    seen = 0
    for table in (t for t in TABLES if t.engine is engine):
        for game in range(min(table.games, 50)):
            seen += play_random_game(table, 3000 + game, checks=False)[1]["simultaneous"]
            if seen:
                return
    pytest.fail("the engine declares simultaneous moves but none happened")


@pytest.mark.parametrize("table", [t for t in TABLES if not t.engine.chance], ids=lambda t: t.label)
def test_a_game_without_chance_plays_the_same_from_any_seed(table):
    for game in range(20):
        first, seen = play_random_game(table, 5000 + game, checks=False)
        other = _start(table, 9_999_999 + game)
        for move in seen["moves"]:
            other.apply_joint_checked(move)
        assert [e.as_dict() for e in other.events] == [e.as_dict() for e in first.events]


def test_every_table_is_checked():
    """The toy game covers 2-4 seats, a simultaneous bid and teams; registered engines and every
    deckless mode they declare join at each of their seat counts."""
    labels = {t.label for t in TABLES}
    assert {"toy-2p", "toy-3p", "toy-4p", "toy-4p-teams"} <= labels
    for slug in game_slugs():
        engine = get_engine(slug)
        if engine is None:
            continue
        assert {f"{slug}-{n}p" for n in engine.seat_counts()} <= labels
        for name, mode in engine.deckless_modes.items():
            assert {f"{slug}-{name}-{n}p" for n in mode.seat_counts()} <= labels, f"{slug}'s mode {name} is not checked"
    assert {"millennium_blades-full-game-3p", "millennium_blades-duel-2p", "millennium_blades-turn-based-5p"} <= labels


def _search_tables() -> list[Table]:
    """Every table of an engine with an evaluation, no options; a deckless mode at its smallest table only."""
    tables = [t for t in TABLES if t.engine.evaluate is not None and not t.options]
    return [t for t in tables if not t.mode or len(t.decks) == min(t.engine.seat_counts())]


@pytest.mark.parametrize("table", _search_tables(), ids=lambda t: t.label)
def test_search_agents_never_touch_the_real_game_and_their_games_replay(table):
    """A greedy agent looks ahead in copies (``clone``/``determinize``): the real state is the same
    after it chose, and the recorded game replays move for move (a copy that shared one object
    with the real state once let BOS look-ahead damage real units)."""
    from rules.core.play import build_agent, choose_move, derive_seed
    from rules.core.replay import make_replay, replay_game

    for game in range(12 if not table.mode else MODE_GAMES):
        seed = 700 + game
        state = _start(table, seed)
        agents = [build_agent("greedy", derive_seed(seed, "agent", s), table.engine) for s in range(len(table.decks))]
        moves = []
        while not state.is_over and len(moves) < 3000:
            before = json.dumps(state.view(None), sort_keys=True)
            move = choose_move(state, agents)
            assert json.dumps(state.view(None), sort_keys=True) == before, f"choosing {move} changed the game"
            state.apply_move(move)
            moves.append(move)
        if state.is_over:
            replay = make_replay(engine=table.engine, decks=list(table.decks), seed=seed,
                                 agents=[a.describe() for a in agents], moves=moves, state=state, options={})
            assert replay_game(replay, table.engine).is_over
