"""The whole game's ``clone`` is derived from the fields ``FullGameState`` declares (issue 30): at
many positions of random games in every mode (Duel, Draft, Liquidation with Free Market, powers
with the Millennium Accessories draft and the Pre-Release, handicaps) a clone shares no mutable
object with its source, holds every attribute its source holds, plays on exactly like it, and the
tables declared ``FIXED`` never change. The RNG, each seat's ``stats`` and a tick's kept actions
are shared until either side changes its own (``COPY_ON_WRITE``)."""

from __future__ import annotations

import random

from rules.core.fields import shared_mutables
from rules.millennium_blades.full import new_full_game
from tests.rules.core.clone_checks import check_whole_games

MODES = [dict(players=3), dict(players=2, duel=True), dict(players=4, draft=True),
         dict(players=3, liquidation=True, free_market=True),
         dict(players=3, millennium_accessories="draft", characters="powers", pro_players=True, venues=True,
              metagame_stacks="original", pre_release=True),
         dict(players=5, millennium_accessories="handicap", handicap_seats=(1,))]
EVERY = 9  # positions checked: one move in nine


def _start(seed: int):
    options = dict(MODES[seed])
    return new_full_game(options.pop("players"), seed, **options)


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = check_whole_games((_start(seed) for seed in range(len(MODES))), EVERY)
    assert checked > 120, checked


def test_stats_are_copied_by_the_first_side_to_tally():
    state = new_full_game(3, 2)
    world = state.clone()
    assert world.stats[0] is state.stats[0]
    world.tally(0, "bought", "Some Card")
    assert world.stats[0] is not state.stats[0] and "bought" not in state.stats[0]
    state.tally(1, "sold", "Other Card")
    assert "sold" not in world.stats[1]


def test_determinize_in_a_tournament_copies_it_once_and_shares_nothing():
    state = new_full_game(3, 5, pre_release=True)
    assert state.tournament is not None
    world = state.determinize(0, random.Random(1))
    assert world.tournament is not state.tournament and world.tournament.events is world.events
    assert not shared_mutables(state, world)
