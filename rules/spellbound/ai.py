"""Position evaluation for Spellbound greedy and search agents.

``evaluate(state, player) -> float``: positive is good for ``player``, in bounder-health points.
What waits on the ladder is first played out (both players pass; pending choices take their first
option), so that a cast spell is judged by what it does, not by the souls it cost. Bounder health
weighs most, then creatures (health left and damage), declared battles, souls, the soul pond's
level, converts and cards in hand.

``evaluate_future`` (measured, not the default: docs/rules-notes.md, "Search agents") adds what the
coming steps will bring, so that positions at different steps of a turn score alike: the active
player's draw, pond gain and battles still to come this turn in full, the other player's next draw,
gain and battles (every creature of theirs against the defenders now) at half weight; converts on
the battlefield weigh 14, above a card in hand.
"""

from __future__ import annotations

from rules.core.engine import Action
from rules.spellbound.constants import BARRAGE, DECLARE, DRAW, GAIN, STEPS, WARDEN

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


def _battles(state, player: int, barrage: bool = False) -> float:
    """Declared battles not yet dealt: what their damage will do (``_hit``)."""
    if state.step_name not in ("declare_battlers", "pre_battle"):
        return 0.0
    score = 0.0
    for uid, target in state.battles:
        battler, victim = state.board.get(uid), state.permanent(target)
        if battler is not None and victim is not None:
            value = _hit(state, battler, victim, state.attack(battler), barrage)
            score += value if battler.controller == player else -value
    return score


def _hit(state, battler, victim, hit: int, barrage: bool = False) -> float:
    """What ``hit`` damage from ``battler`` does to ``victim``: a bounder's health, a creature's damage,
    a kill; with ``barrage``, the excess a Barrage battler carries on (``evaluate_future`` only)."""
    if victim.kind == "bounder":
        return 1.5 * hit
    health = state.health(victim)
    if hit < health:
        return 0.5 * hit
    value = 40 + 0.5 * health + 0.9 * state.attack(victim)
    if barrage and BARRAGE in state.keywords(battler):
        value += 1.5 * (hit - health)
    return value


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


# -- evaluate_future: the value of what the coming steps bring ----------------------------------------
_STEP = {step: i for i, step in enumerate(STEPS)}
NEXT_TURN = 0.5  # weight of the other player's next turn (the active player's rest of this turn: 1)
CONVERT_ON_BOARD = 14  # a convert on the battlefield, above a card in hand (12): casting one is a gain


def _gain(state, seat: int) -> float:
    """The souls ``seat``'s pond gives at its level, scored as ``_side`` scores souls."""
    pond = state.pond(seat)
    effect = next(e for e in state.card(pond.name).of("gain") if e.level == pond.level)
    return sum((6 if op["soul"] == "hollow" else 5) * op["amount"] for op in effect.ops)


def _assign(state, seat: int, attackers: list, taken: set) -> float:
    """Battles ``attackers`` could deal, declared one at a time as greedy declares them (the best
    battler and target first, Warden creatures and every open creature before the bounder)."""
    open_creatures = [p for p in state.creatures(1 - seat) if p.ref not in taken]
    bounder = state.bounder(1 - seat)
    hits = {p.uid: state.attack(p) for p in attackers}
    attackers, total = list(attackers), 0.0
    while attackers:
        wardens = [p for p in open_creatures if WARDEN in state.keywords(p)]
        targets = wardens or open_creatures or [bounder]
        value, battler, target = max(((_hit(state, a, t, hits[a.uid], barrage=True), a, t)
                                      for a in attackers for t in targets), key=lambda best: best[0])  # the first best
        total += value
        attackers.remove(battler)
        if target.kind != "bounder":
            open_creatures.remove(target)
    return total




def future(state) -> tuple[float, float]:
    """(the active player's rest of this turn, the other player's next turn, weighted)."""
    active, other = state.active, 1 - state.active
    step = _STEP.get(state.step_name, len(STEPS))
    now = 0.0
    if step < _STEP[DRAW] and state.turn > 1 and len(state.sides[active].hand) < 9:
        now += 12
    if step < _STEP[GAIN]:
        now += _gain(state, active)
    if step < _STEP[DECLARE] or (step == _STEP[DECLARE] and state.pending and state.pending[0][0] == "declare"):
        declared = {uid for uid, _ in state.battles}
        attackers = [p for p in state.creatures(active)
                     if not p.flipped and not state.fatigued(p) and p.uid not in declared]
        if attackers:
            now += _assign(state, active, attackers, {ref for _, ref in state.battles})
    later = _gain(state, other)
    if len(state.sides[other].hand) < 9 and state.sides[other].library:
        later += 12
    creatures = state.creatures(other)
    if creatures:
        later += _assign(state, other, creatures, set())
    return now, NEXT_TURN * later


def evaluate_future(state, player: int) -> float:
    state = settle(state)
    if state.outcome is not None:
        return state.outcome.score(player, WIN)
    converts = CONVERT_ON_BOARD - 8
    mine = _side(state, player) + converts * len(state.permanents(player, "convert"))
    theirs = _side(state, 1 - player) + converts * len(state.permanents(1 - player, "convert"))
    now, later = future(state)
    return mine - theirs + _battles(state, player, barrage=True) + (now - later if player == state.active else later - now)
