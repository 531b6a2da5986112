"""Position evaluation for FellBound greedy and search agents, and the goldfish opponent's policy.

``evaluate(state, player) -> float``: positive is good for ``player``'s side. The scale is about
one point per point of health on the battleground; a side short of the two living characters
it needs at the end of its turn ("VICTORY CONDITIONS") is heavily penalised, so the core's
ISMCTS squashing (evaluate / 10) stays in a useful range.
"""

from __future__ import annotations

from rules.core.engine import Action

WIN = 1000.0
SHORT_OF_TWO = 12.0  # per living character missing below two
HAND_CARD = 1.0
TREASURY_GOLD = 0.4


def _character_worth(state, character) -> float:
    stat = state.stat
    worth = 1.5 + stat(character, "health")
    worth += 1.2 * stat(character, "attack") * stat(character, "attack_multiplier")
    worth += 1.2 * stat(character, "leach") * stat(character, "attack_multiplier")
    worth += 1.0 * stat(character, "spray_attack") * stat(character, "attack_multiplier")
    worth += 0.8 * stat(character, "defence") * stat(character, "defence_multiplier")
    worth += 0.6 * (stat(character, "heal") + stat(character, "steal") + stat(character, "bribe"))
    worth += 0.2 * character.gold
    return worth


def affordable(state, seat: int) -> int:
    """How many hand cards ``seat`` could still deploy with its treasury, cheapest first (an X
    cost at 1 gold when the gold is its health, else 0; a corpse cost only with a slain character
    to stand on; a sacrifice cost takes a second card). An estimate for the evaluation."""
    costs = []
    corpses = sum(1 for c in state.tiles if c is not None and c.slain)
    for card in state.hand[seat]:
        definition = state.cards[card]
        if definition.has("corpse_cost") and not corpses:
            continue
        if definition.is_x("gold_cost"):
            cost = 1 if definition.is_x("health") else 0
        else:
            cost = state.value(card, "gold_cost", seat) or 0
        costs.append((cost, 2 if definition.has("sacrifice_cost") else 1))
    gold, cards, count = state.treasury[seat], len(state.hand[seat]), 0
    for cost, uses in sorted(costs):
        if cost > gold or uses > cards:
            break
        gold, cards, count = gold - cost, cards - uses, count + 1
    return count


def _side(state, seats) -> float:
    score = 0.0
    living = 0
    for character in state.tiles:
        if character is not None and not character.slain and character.controller in seats:
            living += 1
            score += _character_worth(state, character)
    if living < 2:
        # the defeat check comes at the end of the side's turn: what it can still deploy counts
        reachable = living + sum(affordable(state, seat) for seat in seats)
        score -= SHORT_OF_TWO * max(0, 2 - reachable) + 3.0 * (2 - living)
    for seat in seats:
        score += HAND_CARD * len(state.hand[seat]) + TREASURY_GOLD * state.treasury[seat]
    return score


def evaluate(state, player: int) -> float:
    """Material difference from ``player``'s side; +/-1000 for a decided game."""
    if state.outcome is not None:
        return state.outcome.score(player, WIN)
    side = state.side_of[player]
    return _side(state, state.teams[side]) - _side(state, state.teams[1 - side])


def passive_choice(state, player: int) -> Action:
    """The goldfish opponent: deploys until it has two living characters (else it would lose at
    the end of its turn), then only ends its phases; it never moves or attacks."""
    actions = state.legal_actions(player)
    if len(state.living((player,))) < 2:
        deploy = next((a for a in actions if a.verb == "deploy"), None)
        if deploy is not None:
            return deploy
    return next(a for a in actions if a.verb in ("done", "end"))
