"""Agents on the toy game (tests/rules/core/toy.py): fairness, reproducibility, strength."""

from collections import Counter

import pytest

from rules.core.agents import GreedyAgent, ISMCTSAgent, PassiveAgent, RandomAgent, make_agent
from rules.core.engine import Action, IllegalAction
from rules.core.play import play_game
from tests.rules.core.toy import ENGINE, STRONG, WEAK, CardRace, make_deck


def _started(seed=1):
    """A toy game past the (simultaneous) mulligan and the secret bid (both bid 0: player 0
    goes first), player 0 to act."""
    state = ENGINE.start([STRONG, WEAK], seed)
    state.apply_joint_checked({0: Action("keep"), 1: Action("keep")})
    state.apply_joint_checked({0: Action("bid", (0,)), 1: Action("bid", (0,))})
    assert state.current_players() == [0]
    return state


def _with_hand(values, score=0, opponent_score=0):
    state = _started()
    cards = {c.attributes["value"]: c for c in STRONG.cards()}
    state.hands[0] = [cards[v] for v in values]
    state.scores = [score, opponent_score]
    return state


def play(value):
    return Action("play", (f"Strong {value}",))


def test_random_agent_is_uniform_over_legal_actions():
    state = _with_hand([2, 7, 3])
    legal = state.legal_actions(0)
    agent = RandomAgent(seed=11)
    counts = Counter(agent.choose(state, 0) for _ in range(4000))
    assert set(counts) == set(legal)
    expected = 4000 / len(legal)
    assert all(abs(n - expected) < 0.1 * expected for n in counts.values()), counts


def test_random_agent_repeats_with_its_seed():
    state = _with_hand([2, 7, 3])
    a, b, c = RandomAgent(seed=5), RandomAgent(seed=5), RandomAgent(seed=6)
    run_a = [a.choose(state, 0) for _ in range(50)]
    assert run_a == [b.choose(state, 0) for _ in range(50)]
    assert run_a != [c.choose(state, 0) for _ in range(50)]


def test_greedy_picks_the_best_scoring_action():
    state = _with_hand([2, 7, 3])
    agent = make_agent("greedy", 0, evaluate=ENGINE.evaluate)
    assert agent.choose(state, 0) == play(7)


def test_greedy_takes_a_winning_action():
    state = _with_hand([1, 4, 8], score=16)  # 16 + 4 reaches the target of 20
    assert GreedyAgent(evaluate=ENGINE.evaluate).choose(state, 0) in (play(4), play(8))
    greedy_with_a_win_flag = GreedyAgent(evaluate=lambda s, p: 0.0)  # only a finished game scores
    assert greedy_with_a_win_flag.choose(state, 0) in (play(4), play(8))


def test_greedy_breaks_ties_with_its_rng():
    state = _with_hand([2, 7, 3])
    flat = lambda s, p: 0.0  # noqa: E731 - every action ties
    picks = {GreedyAgent(seed, evaluate=flat).choose(state, 0) for seed in range(40)}
    assert picks == set(state.legal_actions(0))
    assert GreedyAgent(3, evaluate=flat).choose(state, 0) == GreedyAgent(3, evaluate=flat).choose(state, 0)


def test_greedy_and_ismcts_handle_simultaneous_choices():
    state = ENGINE.start([STRONG, WEAK], 2)
    assert state.current_players() == [0, 1]
    flat = ISMCTSAgent(evaluate=ENGINE.evaluate, iterations=3, flat=True, rollout="greedy", rollout_turns=1)
    for agent in (GreedyAgent(evaluate=ENGINE.evaluate), ISMCTSAgent(evaluate=ENGINE.evaluate, iterations=30), flat):
        assert agent.choose(state, 1) in state.legal_actions(1)
        assert agent.choose(state, 0) in state.legal_actions(0)


def test_a_secret_bid_is_chosen_without_seeing_the_other_bid():
    """The bid: both seats choose from the same state; neither choice is applied before the
    other is made, and the state resolves them together (the highest bidder pays and starts)."""
    state = ENGINE.start([STRONG, WEAK], 4)
    state.apply_joint_checked({0: Action("keep"), 1: Action("keep")})
    assert state.current_players() == [0, 1] and state.legal_actions(0)[0] == Action("bid", (0,))
    before = state.view(None)
    ISMCTSAgent(1, evaluate=ENGINE.evaluate, iterations=40).choose(state, 0)
    GreedyAgent(2, evaluate=ENGINE.evaluate).choose(state, 1)
    assert state.view(None) == before  # choosing applied nothing
    assert state.view(0)["bids"] is None and state.view(1)["bids"] is None
    state.apply_joint_checked({0: Action("bid", (1,)), 1: Action("bid", (3,))})
    assert state.view(0)["bids"] == [1, 3] and state.active == 1 and state.scores[1] == -3
    with pytest.raises(IllegalAction):
        state.apply_checked(Action("pass"), 0)  # seat 1 won the bid: not seat 0's turn
    tie = ENGINE.start([STRONG, WEAK], 4)
    tie.apply_joint_checked({0: Action("keep"), 1: Action("keep")})
    with pytest.raises(IllegalAction, match="seats \\[0, 1\\] act now"):
        tie.apply_joint_checked({0: Action("bid", (2,))})
    tie.apply_joint_checked({0: Action("bid", (2,)), 1: Action("bid", (2,))})
    assert tie.active == 0 and tie.scores == [-2, 0]  # a tie goes to the lowest seat, which pays


def test_greedy_leaves_the_real_state_untouched():
    state = _with_hand([2, 7, 3])
    before = (state.view(None), len(state.events), state.rng.getstate())
    GreedyAgent(evaluate=ENGINE.evaluate).choose(state, 0)
    ISMCTSAgent(evaluate=ENGINE.evaluate, iterations=50).choose(state, 0)
    assert (state.view(None), len(state.events), state.rng.getstate()) == before


def test_ismcts_is_reproducible_with_the_same_seed_and_budget():
    def game(seed):
        agents = [ISMCTSAgent(seed, evaluate=ENGINE.evaluate, iterations=40), RandomAgent(seed)]
        return play_game(ENGINE, [STRONG, WEAK], 9, agents, record=True).replay["moves"]

    assert game(4) == game(4)
    assert game(4) != game(5)


def test_ismcts_finds_the_winning_play():
    """Only ``play 4`` wins now; anything else lets the opponent (at 19) win next turn."""
    state = _with_hand([1, 2, 4], score=16, opponent_score=19)
    assert ISMCTSAgent(1, evaluate=ENGINE.evaluate, iterations=60).choose(state, 0) == play(4)


def test_ismcts_without_evaluation_plays_out_to_the_end():
    state = _with_hand([1, 2, 4], score=16, opponent_score=19)
    agent = ISMCTSAgent(2, iterations=60, rollout_steps=1000)
    assert agent.choose(state, 0) == play(4)


def test_ismcts_greedy_rollouts_beat_random_play():
    agents = [{"name": "ismcts", "iterations": 30, "rollout": "greedy"}, "random"]
    from rules.core.play import run_games

    results = run_games(ENGINE, [WEAK, WEAK], agents, games=20, seed=3)
    assert sum(0 in r.winning_sides for r in results) >= 15


def _flat(seed=1, **options):
    return ISMCTSAgent(seed, evaluate=ENGINE.evaluate, flat=True, iterations=4, rollout="greedy",
                       rollout_sample=50, rollout_turns=2, **options)


def test_flat_ismcts_finds_the_winning_play():
    """``flat``: only ``play 4`` wins now; the others' play-outs reach the opponent's winning turn."""
    state = _with_hand([1, 2, 4], score=16, opponent_score=19)
    assert _flat().choose(state, 0) == play(4)


def test_flat_ismcts_scores_every_action_at_the_same_turn_and_leaves_the_real_state_alone():
    """Every play-out stops where turn root + ``rollout_turns`` begins (or at the game's end),
    whatever the action did to the turn: actions are compared at one point of the game."""
    state = _with_hand([2, 7, 3])
    before = (state.view(None), len(state.events), state.rng.getstate())
    scored_at = []

    def evaluate(world, player):
        scored_at.append(None if world.is_over else world.turn)
        return ENGINE.evaluate(world, player)

    # random play-outs: the evaluation is called only to score where a play-out stopped
    agent = ISMCTSAgent(3, evaluate=evaluate, flat=True, iterations=3, rollout="random", rollout_turns=2)
    assert agent.choose(state, 0) in state.legal_actions(0)
    assert len(scored_at) == 3 * len(state.legal_actions(0))
    assert set(scored_at) <= {state.turn + 2, None} and state.turn + 2 in scored_at
    assert (state.view(None), len(state.events), state.rng.getstate()) == before


def test_flat_ismcts_is_reproducible_and_needs_an_evaluation():
    def game(seed):
        return play_game(ENGINE, [STRONG, WEAK], 9, [_flat(seed), RandomAgent(seed)], record=True).replay["moves"]

    assert game(4) == game(4)
    with pytest.raises(ValueError, match="flat needs the game's evaluation"):
        ISMCTSAgent(1, flat=True)


def test_passive_agent_keeps_and_passes():
    state = ENGINE.start([STRONG, WEAK], 2)
    assert PassiveAgent().choose(state, 0) == Action("keep")
    state.apply_joint_checked({0: Action("keep"), 1: Action("keep")})
    assert PassiveAgent().choose(state, 0) == Action("bid", (0,))
    assert PassiveAgent().choose(_with_hand([2, 7]), 0) == Action("pass")


def test_passive_agent_falls_back_to_the_first_action():
    class Forced(CardRace):
        def legal_actions(self, player):
            return [Action("play", ("X 3",)), Action("play", ("X 5",))]

    state = Forced([make_deck("X", [3, 5, 5, 5]), make_deck("Y", [1, 1, 1, 1])], 1)
    assert PassiveAgent().choose(state, 0) == Action("play", ("X 3",))


def test_make_agent_names_and_errors():
    assert isinstance(make_agent("random", 1, evaluate=ENGINE.evaluate), RandomAgent)
    assert isinstance(make_agent("passive", 1), PassiveAgent)
    assert make_agent("ismcts", 1, evaluate=ENGINE.evaluate, iterations=7).iterations == 7
    assert make_agent("greedy", 1, engine=ENGINE).evaluate is ENGINE.evaluate
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        make_agent("clever", 1)
    with pytest.raises(ValueError, match="needs the game's evaluation"):
        make_agent("greedy", 1)
    with pytest.raises(ValueError, match="rollout"):
        make_agent("ismcts", 1, rollout="smart")


def test_rollout_agent_plays_legal_repeatable_moves_and_leaves_the_real_state_alone():
    """``rollout``: greedy play-outs to a turn horizon; legal, repeatable for a seed, side-effect free."""
    state = _started(3)
    before = (state.view(None), len(state.events), state.rng.getstate())
    a, b = make_agent("rollout", 4, engine=ENGINE), make_agent("rollout", 4, engine=ENGINE)
    choice = a.choose(state, 0)
    assert choice in state.legal_actions(0) and choice == b.choose(state, 0)
    assert (state.view(None), len(state.events), state.rng.getstate()) == before
    assert a.describe() == {"name": "rollout", "turns": 2, "max_steps": 80}
    with pytest.raises(ValueError):
        make_agent("rollout", 1)  # no evaluation without the engine


def test_rollout_agent_scores_every_action_at_one_turn_counted_from_the_position():
    """The horizon is ``turns`` turns from the position chosen from, the same for every action
    (counted from after each action, an action that ends the turn was scored a turn later)."""
    state = _started(3)
    agent = make_agent("rollout", 4, engine=ENGINE, turns=2)
    real, seen = agent.evaluate, []
    agent.evaluate = lambda world, seat: seen.append(world.turn) or real(world, seat)
    assert len(state.legal_actions(0)) > 1
    agent.choose(state, 0)
    assert seen and set(seen) == {state.turn + 2}


def test_rollout_agent_plays_whole_games_of_every_seat_count():
    for seats in (2, 3):
        decks = [STRONG, WEAK, make_deck("Mid", [3, 4, 5] * 6)][:seats]
        result = play_game(ENGINE, decks, 9, ["rollout"] + ["greedy"] * (seats - 1))
        assert result.winners or result.reason
