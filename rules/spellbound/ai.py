"""Position evaluation for Spellbound greedy and search agents.

``evaluate(state, player) -> float``: positive is good for ``player``, in bounder-health points.
What waits on the ladder is first played out (both players pass; pending choices take their first
option), so that a cast spell is judged by what it does, not by the souls it cost. Bounder health
weighs most, then creatures (health left and damage), declared battles, souls, the soul pond's
level, converts and cards in hand.
"""

from __future__ import annotations

from rules.core.engine import Action

WIN = 100_000.0
LOOK_THROUGH = 30  # decisions played out on a pending ladder before scoring
PASS = Action("pass")


def _side(state, seat: int) -> float:
    side = state.sides[seat]
    score = 1.5 * state.health(state.bounder(seat))
    for perm in state.creatures(seat):
        score += 40 + 0.5 * state.health(perm) + 0.9 * state.attack(perm)
    for perm in state.board.values():
        if perm.controller == seat and perm.kind in ("charm", "blessing", "aura", "item"):
            score += 25
    score += 30 * state.pond(seat).level
    score += 8 * len(state.permanents(seat, "convert"))
    score += 4 * sum(not p.flipped for p in state.permanents(seat, "convert"))
    score += 6 * side.souls["hollow"] + 5 * (side.total_souls - side.souls["hollow"])
    score += 12 * min(len(side.hand), 9)
    if not side.library:
        score -= 200
    return score


def _battles(state, player: int) -> float:
    """Declared battles not yet dealt: what their damage will do."""
    if state.step_name not in ("declare_battlers", "pre_battle"):
        return 0.0
    score = 0.0
    for uid, target in state.battles:
        battler, victim = state.board.get(uid), state.permanent(target)
        if battler is None or victim is None:
            continue
        hit = state.attack(battler)
        if victim.kind == "bounder":
            value = 1.5 * hit
        elif hit >= state.health(victim):
            value = 40 + 0.5 * state.health(victim) + 0.9 * state.attack(victim)
        else:
            value = 0.5 * hit
        score += value if battler.controller == player else -value
    return score


def settle(state):
    """``state`` itself when nothing waits, else a copy with the ladder and pending choices played out."""
    if state.is_over or not (state.ladder or state.pending):
        return state
    world = state.clone()
    world.log_events = False
    for _ in range(LOOK_THROUGH):
        if world.is_over or not (world.ladder or world.pending):
            break
        seat = world.current_players()[0]
        actions = world.legal_actions(seat)
        world.apply(PASS if PASS in actions else actions[-1 if world.pending[0][0] == "declare" else 0], seat)
    return world


def evaluate(state, player: int) -> float:
    state = settle(state)
    if state.outcome is not None:
        return state.outcome.score(player, WIN)
    return _side(state, player) - _side(state, 1 - player) + _battles(state, player)
