"""The consistency test over thousands of random FellBound games (two players and teams of two).

Random legal choices (never conceding, so games run their course): every game ends; no card is
lost or duplicated (deck, hand, tiles, boneyard); gold is conserved (treasuries plus gold on
cards change only by transfers the log records: deployment payments, pickups, steals, bribes,
retreats); no two living characters share a tile; no value below 0 and no health above its
starting value; ``view`` hides every deck and the enemies' hands (allies' hands excepted); the
same seed repeats the game. Greedy games end by the rules, almost never by the turn limit.

``FELLBOUND_CONSISTENCY_GAMES`` sets the number of two-player games (default 2000; a tenth as
many team games).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

from rules.core.play import run_games
from rules.fellbound.engine import ENGINE
from tests.rules.samples import GamePool

GAMES = int(os.environ.get("FELLBOUND_CONSISTENCY_GAMES", "2000"))
DECKS = GamePool("fellbound").sample_decks()


def _gold(state) -> int:
    return sum(state.treasury) + sum(c.gold for c in state.tiles if c is not None)


def _check_values(state) -> None:
    assert all(t >= 0 for t in state.treasury)
    for character in state.tiles:
        if character is None:
            continue
        assert character.gold >= 0 and character.damage >= 0 and character.defences_used >= 0
        assert 0 <= state.health(character)
        assert (state.health(character) == 0) == character.slain
        for stat in ("attack", "defence", "range", "attack_multiplier", "heal", "steal", "bribe"):
            assert state.stat(character, stat) >= 0


def _check_view(state, seat: int) -> None:
    view = state.view(seat)
    text = json.dumps(view)
    for other in range(state.num_players):
        shown = view["players"][other]
        if state.side_of[other] == state.side_of[seat]:
            assert shown["hand"] == [state.name(c) for c in state.hand[other]]
        else:
            assert "hand" not in shown and shown["hand_count"] == len(state.hand[other])
    assert "deck" not in text.replace("deck_count", "")  # decks appear only as counts
    grid = view["battleground"]["grid"]
    assert sum(cell is not None for row in grid for cell in row) == sum(c is not None for c in state.tiles)


def play(decks, seed: int, checks: bool):
    state = ENGINE.start(decks, seed)
    rng = random.Random(seed)
    cards = Counter(state.all_cards())
    gold = _gold(state)
    moves = []
    steps = 0
    while not state.is_over:
        move = {}
        for seat in state.current_players():
            choices = [a for a in state.legal_actions(seat) if a.verb != "concede"]
            move[seat] = rng.choice(choices)
        moves.append(move)
        state.apply_move(move)
        steps += 1
        assert _gold(state) == gold, f"gold not conserved after {move}"
        if checks:
            assert Counter(state.all_cards()) == cards
            _check_values(state)
            if steps % 5 == 0:
                for seat in range(state.num_players):
                    _check_view(state, seat)
        assert steps < 20_000
    return state, moves


def test_random_two_player_games_keep_every_invariant():
    reasons = Counter()
    for game in range(GAMES):
        decks = [DECKS[game % 3], DECKS[(game + 1) % 3]]
        state, moves = play(decks, game, checks=game % 4 == 0)
        reasons[state.outcome.reason] += 1
        if game % 50 == 0:
            again = ENGINE.start(decks, game)
            for move in moves:
                again.apply_joint_checked(move)
            assert again.events == state.events
    assert reasons["too_few_characters"] > GAMES // 2, reasons


def test_random_team_games_keep_every_invariant():
    for game in range(GAMES // 10):
        decks = [DECKS[(game + i) % 3] for i in range(4)]
        state, moves = play(decks, 10_000 + game, checks=game % 2 == 0)
        assert state.is_over
        if state.outcome.winners:
            assert len(state.outcome.winners) == 2 and state.side_of[state.outcome.winners[0]] == \
                state.side_of[state.outcome.winners[1]]


def test_greedy_games_end_by_the_rules_not_the_turn_limit():
    ends = Counter()
    for a, b in ((0, 1), (1, 2), (2, 0)):
        for result in run_games(ENGINE, [DECKS[a], DECKS[b]], ["greedy", "greedy"], games=40, seed=a * 10 + b):
            ends[result.reason] += 1
    assert ends["turn_limit"] < 0.01 * sum(ends.values()), ends
