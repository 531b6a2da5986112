"""The core's agents on the whole game: ``random`` plays it through ``rules.core.play`` (and the
replay re-runs), ``greedy`` plays the market with ``evaluate`` and beats random on final VP.

Measured (scripts at hand, seeds 1000-1019, 4 players: 2 greedy and 2 random, seats alternating):
greedy's mean final VP 104.2, random's 63.6; the per-game difference of the means 40.6 VP (95%
interval 37.5-43.7, 20 games; about 1.9 s a game with two greedy seats; engine full-0.1, before
trading: full-0.2's trade offers make a greedy decision weigh about twice the actions, about 5.5 s
a game, seed 1000: greedy 113 and 102, random 70 and 65, 8 trades). With several cards a side
(``add``) and Friendship asked for (``ask_friendship``), the 4 games of this test (seeds
1000-1003): greedy's mean 106.6, random's 67.5; 22 trades, 8 of them of several cards a side, 2
with a Friendship card, 81 requests for Friendship; 10 to 30 s a game, with the machine shared. One
game of 4 greedy seats (seed 1000): 7 trades, 1 of several cards a side, 3 with a Friendship card.
This test plays 4 of those games and asks that greedy's mean be above random's by at least 15 VP.
"""

from __future__ import annotations

import statistics

from rules.core.agents import make_agent
from rules.core.decks import DeckList
from rules.core.engine import Action
from rules.core.play import play_game
from rules.core.replay import replay_game
from rules.millennium_blades.full import FULL_ENGINE, evaluate, new_full_game


def test_random_plays_through_the_core_and_the_replay_reruns():
    decks = [DeckList("millennium_blades", {}, name=f"seat {s}") for s in range(3)]
    result = play_game(FULL_ENGINE, decks, 5, ["random", "random", "random"], record=True)
    assert result.reason == "game_end" and sorted(result.placements)[0] == 1
    again = replay_game(result.replay, FULL_ENGINE)
    assert again.outcome == new_outcome(result)


def new_outcome(result):
    from rules.core.engine import Outcome

    return Outcome(tuple(result.winners), result.reason, tuple(result.returns), tuple(result.placements))


def test_evaluate_counts_vp_money_kit_and_collection():
    state = new_full_game(3, 0)
    base = evaluate(state, 0)
    state.money[0] += 8
    assert evaluate(state, 0) == base + 2  # 4 dollars to 1 VP
    single = next(c for c in state.binder[0] if state.cards[c].card_type == "single")
    state.binder[0].remove(single)
    state.kit[0].append(single)
    assert evaluate(state, 0) > base + 2  # a card in the deck is worth more than in the binder


def test_greedy_beats_random_on_final_vp():
    greedy, rand = [], []
    for game in range(4):
        state = new_full_game(4, 1000 + game)
        state.log_events = False
        names = ["greedy", "random"] * 2 if game % 2 == 0 else ["random", "greedy"] * 2
        agents = [make_agent(name, game * 10 + s, FULL_ENGINE) for s, name in enumerate(names)]
        while not state.is_over:
            state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
        for s, name in enumerate(names):
            (greedy if name == "greedy" else rand).append(state.outcome.returns[s])
    assert statistics.mean(greedy) > statistics.mean(rand) + 15, (greedy, rand)


def test_greedy_judges_the_best_few_actions_of_each_kind_a_tick():
    """Issue 25.8: greedy judged every legal action a tick (every trade offer above all: 16-63 CPU s
    a whole game); ``search_candidates`` keeps every action of a kind not in ``KEEP`` and the best
    ``KEEP[verb]`` of each kind in it, in the legal order, by a cheap score: the offer kept is for
    the strongest card per dollar, the card kitted the strongest."""
    import random

    from rules.millennium_blades.full.agents.ai import power
    from rules.millennium_blades.full.agents.candidates import KEEP

    state = new_full_game(4, 3)
    rng = random.Random(1)
    actions = state.legal_actions(0)
    while not {"offer", "kit"} <= {a.verb for a in actions}:  # a tick with trade offers and cards to kit
        state.apply_move({s: rng.choice(state.legal_actions(s)) for s in state.current_players()})
        actions = state.legal_actions(0)
    kept = state.search_candidates(0, actions)
    assert len(kept) < len(actions) // 3 and Action("wait") in kept
    assert kept == [a for a in actions if a in kept]  # a subset, in order
    for verb, most in KEEP.items():
        assert sum(a.verb == verb for a in kept) <= most
    assert [a for a in actions if a.verb not in KEEP] == [a for a in kept if a.verb not in KEEP]
    offers = [a for a in actions if a.verb == "offer"]
    (offer,) = [a for a in kept if a.verb == "offer"]
    worth = {a: power(state.card_named[a.args[1]]) * 4 - a.args[2] for a in offers}  # ~ strength per dollar
    assert worth[offer] >= sorted(worth.values())[len(worth) // 2]  # among the better half at least
    (kit,) = [a for a in kept if a.verb == "kit"]
    assert power(state.card_named[kit.args[0]]) == max(power(state.card_named[a.args[0]]) for a in actions
                                                       if a.verb == "kit")


def test_greedy_outside_a_tick_judges_every_action():
    """In a tournament (and the drafts) the list is the legal one: turns there are few actions."""
    state = new_full_game(3, 0)
    actions = [Action("wait"), Action("kit", ("x",))]
    state.tournament = object()  # only its presence is asked
    assert state.search_candidates(0, actions) == actions
