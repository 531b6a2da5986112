"""Issue 12, part 7: greedy (the MB evaluation: projected RP against the best other) beats random
at a 3-player table: its rate of first places has a Wilson 95% lower bound above the 1/3 a seat
gets by chance."""

from __future__ import annotations

import pytest

from rules.core.agents import GreedyAgent, RandomAgent
from rules.core.probability import wilson_interval
from rules.millennium_blades.engine import ENGINE
from tests.rules.samples import GamePool

GAMES = 60


@pytest.mark.xfail(strict=True, reason="not yet: greedy places first in 23/60 games (Wilson low 0.27); its "
                                       "one-ply evaluation gains ~10 RP a game over random, too little to show")
def test_greedy_beats_random_at_a_three_player_table():
    decks = GamePool("millennium_blades").sample_decks()
    firsts = 0
    for game in range(GAMES):
        greedy_seat = game % 3
        agents = [GreedyAgent(game, evaluate=ENGINE.evaluate) if s == greedy_seat else RandomAgent(game * 3 + s)
                  for s in range(3)]
        table = [decks[(game + s) % 3] for s in range(3)]
        state = ENGINE.start(table, game)
        while not state.is_over:
            (seat,) = state.current_players()
            state.apply(agents[seat].choose(state, seat), seat)
        firsts += state.outcome.placements[greedy_seat] == 1
    low, _high = wilson_interval(firsts, GAMES)
    assert low > 1 / 3, (firsts, GAMES, low)
