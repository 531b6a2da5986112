"""Position evaluation for BOS greedy and search agents.

``evaluate(state, player) -> float``: positive is good for ``player``, in points where one life
is worth 1. A pending attack or ability is first played out with a simple policy (the defender
blocks when its best blocker survives or the hit is big; other choices take the first option),
so that an attack is judged by its result, not by the attacker having turned sideways.
"""

from __future__ import annotations

from rules.core.engine import Action

WIN = 1000.0
LOOK_THROUGH = 40  # decisions played out on a pending stack before scoring


def _side(state, seat: int) -> float:
    side = state.sides[seat]
    score = float(side.life) + 0.35 * side.vim + 0.3 * side.ether
    score += 0.15 * (sum(side.castle.values()) + sum(side.spellbook.values()))
    for unit in side.units():
        score += 1.5 + 0.6 * state.strength(unit) + (0.0 if unit.sideways else 0.3)
    score += 0.2 * sum(1 for w in side.wizards if w.face_up)
    return score


def _default(state, seat: int, actions: list[Action]) -> Action:
    if actions[0].verb != "block":
        return actions[0]
    attacker = state.unit(state.stack[-1].attacker)
    hit = state.strength(attacker) if attacker else 0
    best, strength = None, -1
    for action in actions:
        if action.verb == "block":
            value = state.strength(state.unit_at(action.args[0]))
            if value > strength:
                best, strength = action, value
    if best is not None and (strength >= hit or hit * 2 >= state.sides[seat].life):
        return best
    return actions[-1]  # pass


def settle(state):
    """``state`` itself when nothing is pending, else a copy with the stack played out."""
    if not state.stack or state.is_over:
        return state
    world = state.clone()
    world.log_events = False
    for _ in range(LOOK_THROUGH):
        if world.is_over or not world.stack:
            break
        seat = world.current_players()[0]
        world.apply(_default(world, seat, world.legal_actions(seat)), seat)
    return world


def evaluate(state, player: int) -> float:
    """Life, board strength, vim and ether, cards left: ``player``'s side minus the other's."""
    state = settle(state)
    if state.outcome is not None:
        return state.outcome.score(player, WIN)
    return _side(state, player) - _side(state, 1 - player)
