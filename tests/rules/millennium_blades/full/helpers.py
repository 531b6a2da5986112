"""Tables for whole-game scenario tests: a game from the fixture pool, cards moved where a test
needs them, ticks by the moves' text form."""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.millennium_blades.full import new_full_game
from rules.millennium_blades.full.market import showing

__all__ = ["STACKS", "game", "give", "ids_named", "put_showing", "showing", "tick", "wait_until"]


def game(players: int = 3, seed: int = 0, **options):
    return new_full_game(players, seed, **options)


def ids_named(state, name: str) -> list[int]:
    return [i for i, c in enumerate(state.cards) if c.name == name]


def _zone_of(state, card: int) -> list[int]:
    return next(zone for zone in state.zones().values() if card in zone)


def give(state, seat: int, name: str, zone: str = "binder") -> int:
    """Move a card named ``name`` (one not held by a seat, if there is one) into ``seat``'s zone."""
    held = {c for s in range(state.num_players) for c in state.binder[s] + state.kit[s] + state.collection[s]}
    options = ids_named(state, name)
    card = next((c for c in options if c not in held), options[0])
    _zone_of(state, card).remove(card)
    getattr(state, zone)[seat].append(card)
    return card


def put_showing(state, name_or_set: str, where: str = "area") -> int:
    """Put a card (by name, or any card of a set code) from the Store deck into the Store area's
    first place (or on top of the Store deck)."""
    card = next(c for c in reversed(state.store) if name_or_set in (state.cards[c].name, state.cards[c].set_code))
    state.store.remove(card)
    if where == "area":
        old = state.store_area[0]
        state.store_area[0] = card
        state.store.insert(0, old)
    else:
        state.store.append(card)
    return card


def tick(state, **moves: str) -> None:
    """One tick: ``s0="sell 'X'"`` style moves by seat, every other seat waits; checked."""
    actions = {s: Action("wait") for s in range(state.num_players)}
    for key, text in moves.items():
        actions[int(key[1:])] = Action.parse(text)
    state.apply_joint_checked(actions)


def wait_until(state, predicate, limit: int = 1000) -> None:
    for _ in range(limit):
        if predicate(state):
            return
        tick(state)
    raise AssertionError("the condition never held")


def meta(name: str, key: str, value: str) -> CardSpec:
    """An original metagame card for tests (the fixture has none): 2 RP per matching card."""
    effect = {"timing": "score", "ops": [{"op": "gain_rp", "amount": 2, "per": {
        "count": "cards", "zone": "tableau", "filter": {key: value}}}]}
    return CardSpec(None, name, "metagame", {}, (effect,), "TEST-META", "", "")


STACKS = {"elemental": [meta("Test Heatwave", "element", "fire"), meta("Test Floodtide", "element", "water")],
          "type": [meta("Test Drill Season", "type", "soldier"), meta("Test Beast Fair", "type", "animal")]}
