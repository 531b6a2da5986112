"""The engine's shortcuts agree with the plain reading they stand for (random 2- and 4-seat games).

- ``is_legal(action, seat)`` (the allies' check in ``apply_joint``) is ``action in legal_actions(seat)``;
- ``stat`` and ``values_of`` (kept per card, controller and X while the auras last) are :meth:`value`;
- the deployments listed from the shared tables are every affordable card onto every open tile
  (a sacrifice cost aside);
- a clone shares the aura tables and values, yet changing one state leaves the other as it was.
"""

from __future__ import annotations

import random

import pytest

from rules.core.engine import Action
from rules.fellbound.catalogue import VALUES
from rules.fellbound.engine import new_game
from tests.rules.samples import GamePool

POOL = GamePool("fellbound")


def _decks(seats: int, rng: random.Random):
    from tests.rules.fellbound.helpers import deck

    characters = [c for c in POOL.pool if c.card_type == "character"]
    return [deck(rng.sample(characters, 10), f"Random {seat}") for seat in range(seats)]


def _positions(seats: int, games: int):
    """Every decision point of ``games`` random games, as (state, acting seats)."""
    for game in range(games):
        rng = random.Random(game)
        state = new_game(_decks(seats, rng), seed=game)
        state.log_events = False
        while not state.is_over:
            acting = list(state.current_players())
            yield state, acting
            state.apply_move({seat: rng.choice(state.legal_actions(seat)) for seat in acting})


@pytest.mark.parametrize("seats", [2, 4])
def test_is_legal_is_membership_of_the_legal_actions(seats):
    checked = 0
    for state, acting in _positions(seats, 12):
        others = {seat: state.legal_actions(seat) for seat in acting}
        for seat in range(seats):
            legal = state.legal_actions(seat)
            candidates = {str(a) for actions in others.values() for a in actions} | {"done", "end", "concede"}
            for text in sorted(candidates):
                action = Action.parse(text)  # equal to the listed action, not the same object
                assert state.is_legal(action, seat) == (action in legal), (seat, text)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("seats", [2, 4])
def test_values_are_the_values_under_the_auras(seats):
    under_auras = 0
    for state, _ in _positions(seats, 30):
        under_auras += any(state.auras_of(seat) for seat in range(seats))
        for character in state.tiles:
            if character is None or character.slain:
                continue
            for stat in VALUES:
                if stat == "health":
                    continue  # ``stat`` gives the current health, ``value`` the starting health
                expected = state.value(character.card, stat, character.controller, character)
                assert state.stat(character, stat) == (expected or 0), (state.name(character.card), stat)
        for seat in range(seats):
            for card in state.hand[seat]:
                assert state.card_values(card, seat)["gold_cost"] == (state.value(card, "gold_cost", seat) or 0)
    assert under_auras > 20


def test_deployments_are_every_affordable_card_onto_every_open_tile():
    for state, acting in _positions(4, 12):
        if state.phase == "action":
            continue
        for seat in acting:
            listed = {str(a) for a in state.legal_actions(seat) if a.verb == "deploy"}
            expected = set()
            side = state.side_of[seat]
            for card in state.hand[seat]:
                definition = state.cards[card]
                if definition.has("sacrifice_cost"):  # (one per card to discard: not rebuilt here)
                    expected |= {a for a in listed if Action.parse(a).args[0] == definition.name}
                    continue
                zones = (side, 1 - side) if definition.has("infiltrate") else (side,)  # "INFILTRATE": "may"
                for tile in (t for zone_side in zones for t in state.board.zone(zone_side)):
                    occupant = state.tiles[tile]
                    if occupant is not None and not occupant.slain:
                        continue
                    if definition.has("corpse_cost") and occupant is None:
                        continue
                    gold = state.treasury[seat] + (occupant.gold if occupant is not None else 0)
                    name = state.board.name(tile)
                    if definition.is_x("gold_cost"):
                        expected |= {str(Action("deploy", (definition.name, name, paid))) for paid in range(gold + 1)}
                    elif (state.value(card, "gold_cost", seat) or 0) <= gold:
                        expected.add(str(Action("deploy", (definition.name, name))))
            assert listed == expected


def test_a_clone_changes_apart_from_its_original():
    for state, _ in _positions(4, 6):
        if state.turn < 4 or not any(c is not None and not c.slain for c in state.tiles):
            continue
        before = state.view(None)
        copy = state.clone()
        rng = random.Random(1)
        while not copy.is_over:
            copy.apply_move({seat: rng.choice(copy.legal_actions(seat)) for seat in copy.current_players()})
        assert state.view(None) == before
