"""Position evaluation for Boundless greedy and search agents.

``evaluate(state, player) -> float``: positive is good for ``player``. The scale is "points"
where one spirit in a void is worth about 3 (a player loses at 7, "HOW TO WIN"), so the core's
ISMCTS squashing (evaluate / 10) stays in a useful range. Cheap: a few list lengths and the
PWR of the cards on the field.
"""

from __future__ import annotations

WIN = 1000.0
VOID_LIMIT = 7


def _side(state, p: int) -> float:
    void = len(state.void[p])
    # spirits in the void hurt more as the loss at 7 draws near
    score = -3.0 * void - (6.0 if void >= VOID_LIMIT - 1 else 0.0)
    score += 0.4 * len(state.sdeck[p])  # spirit deck: the buffer that savior damage eats
    hand = state.hand[p]
    spirits_in_hand = sum(map(state.sflag.__getitem__, hand))
    score += 0.5 * len(hand) + 0.1 * spirits_in_hand
    score += 0.8 * len(state.sspirits[p])
    if state.flipped[p]:
        score += 4.0
    score += 0.25 * state.pwr(state.savior[p])
    spirited = 0
    for spirits in state.fsp[p]:
        spirited += len(spirits)
    pwrs = state.form_pwrs(p)
    score += len(pwrs) + 0.45 * sum(pwrs) + 0.7 * spirited
    for c in state.cmds[p]:
        if c >= 0:
            score += 0.6
    deck = len(state.deck[p])
    if deck < 3:
        score -= 3.0 * (3 - deck)
    return score


def evaluate(state, player: int) -> float:
    """Material and tempo difference from ``player``'s side; +/-1000 for a decided game."""
    if state.is_over:
        winners = state.outcome.winners
        if not winners:
            return 0.0
        return WIN if player in winners else -WIN
    return _side(state, player) - _side(state, 1 - player)
