"""Position evaluation for Millennium Blades greedy and search agents ("each player maximises its
own result"): the player's projected RP (RP now plus what its face-up Score effects would give
now) against the best projected RP among the others, since placement comes from RP
(millennium-blades.txt, "Ending the Tournament")."""

from __future__ import annotations

TOP_STAR = 0.3  # per star of the Top Card: clashes are won with it ("Clashing")


def score_preview(state, seat: int) -> int:
    """RP the face-up Score effects of ``seat`` would give if the tournament ended now (plain RP
    gains only; a choice or a clash counts nothing)."""
    total = 0
    for card in state.tableau[seat] + state.deck_box[seat] + state.accessories[seat] + state.metagame:
        if card in state.down:
            continue
        for _i, effect in state.cards[card].effects_at("score"):
            ops = effect["ops"]
            if "condition" in effect and not state.holds(effect["condition"], card, seat, {}):
                continue
            total += _ops_value(state, ops, card, seat)
    return total


def _ops_value(state, ops: list, card: int, seat: int) -> int:
    value = 0
    for op in ops:
        if op["op"] == "gain_rp" and op.get("who", "self") == "self":
            amount = op.get("amount", 1)
            if "per" in op:
                amount *= state.count(op["per"], card, seat, {})
            value += min(amount, op.get("max", amount))
        elif op["op"] == "if" and state.holds(op["condition"], card, seat, {}):
            value += _ops_value(state, op["then"], card, seat)
    return value


def projected(state, seat: int) -> float:
    top = state.top_card(seat)
    return state.rp[seat] + score_preview(state, seat) + TOP_STAR * ((state.star(top) or 0) if top is not None else 0)


def evaluate(state, player: int) -> float:
    """Projected RP of ``player`` minus the best projected RP among the others (0 alone)."""
    mine = projected(state, player)
    others = [projected(state, s) for s in range(state.num_players) if s != player and s not in state.out]
    return mine - (max(others) if others else 0.0)
