"""Souls: gaining them, converting hollow souls by flipping converts, and paying soul costs.

"4. Game Actions", Casting Spells: "you must pay its soul cost ... by flipping converts ... to
convert hollow souls to souls of the needed type"; "2. Soul Cost" (card breakdown) and the schema:
hollow costs "can be paid with any soul". A payment flips the fewest converts it needs (single-type
converts first) and pays hollow costs with hollow souls first, then with the most plentiful typed soul.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.spellbound.base import SpellboundBase
from rules.spellbound.constants import TYPED_SOULS

TYPED_SET = frozenset(TYPED_SOULS)


class SoulsMixin(SpellboundBase):
    """Soul pools, converts and payments."""

    def gain_souls(self, seat: int, soul: str, amount: int) -> None:
        self.sides[seat].souls[soul] += amount
        self.stats[seat]["souls_gained"] += amount

    def convert_options(self, perm) -> list[tuple[int, str, int]]:
        """(effect index, soul, amount) for each flip ability of a convert."""
        return list(self.cards[perm.name].conversions)

    def can_convert(self, perm, seat: int) -> bool:
        return perm.kind == "convert" and perm.controller == seat and not perm.flipped \
            and self.sides[seat].souls["hollow"] > 0

    def flip_convert(self, perm, effect_index: int) -> None:
        """Flip a convert: its ability converts hollow souls (the ability is part of paying: it
        does not use the ladder; rules notes) and does anything else it says."""
        seat = perm.controller
        souls = self.sides[seat].souls
        effect = self.card(perm.name).effects[effect_index]
        perm.flipped = True
        for op in effect.ops:
            if op["op"] == "convert":
                amount = min(op["amount"], souls["hollow"])
                souls["hollow"] -= amount
                souls[op["soul"]] += amount
                self.log("convert", seat, card=perm.ref, name=perm.name, soul=op["soul"], amount=amount)
            else:
                self.run_op(op, seat, perm.uid, None, {}, effect)

    # -- paying -----------------------------------------------------------------------------------
    def plan_payment(self, seat: int, cost: Mapping[str, int]) -> list[tuple[int, int]] | None:
        """The converts to flip (uid, effect index) so that ``seat`` can pay ``cost``, or None."""
        souls = self.sides[seat].souls
        if sum(souls.values()) < sum(cost.values()):
            return None
        deficit = {s: n - souls[s] for s, n in cost.items() if s in TYPED_SET and n > souls[s]}
        if not deficit:
            return []
        if sum(deficit.values()) > souls["hollow"]:  # each flip converts hollow souls: not enough of them
            return None
        groups: dict[tuple, list[int]] = {}  # converts that flip the same ways, in board order
        cards = self.cards
        for p in self.index().converts:
            if p.controller == seat and not p.flipped:
                groups.setdefault(cards[p.name].conversions, []).append(p.uid)
        plan = _cover(deficit, souls["hollow"], sorted(groups.items(), key=lambda g: (len(g[0]), g[1][0])))
        return None if plan is None else [(uid, index) for uid, index in plan]

    def can_pay(self, seat: int, cost: Mapping[str, int]) -> bool:
        return self.plan_payment(seat, cost) is not None

    def pay(self, seat: int, cost: Mapping[str, int]) -> dict[str, int]:
        """Flip the converts needed and spend the souls; returns the souls spent."""
        plan = self.plan_payment(seat, cost)
        assert plan is not None, f"seat {seat} cannot pay {dict(cost)} (pay only after can_pay)"
        for uid, index in plan:
            self.flip_convert(self.board[uid], index)
        souls = self.sides[seat].souls
        spent = {}
        for soul in TYPED_SOULS:
            if cost.get(soul):
                souls[soul] -= cost[soul]
                spent[soul] = cost[soul]
        hollow = cost.get("hollow", 0)
        while hollow:
            soul = "hollow" if souls["hollow"] else max(TYPED_SOULS, key=lambda s: (souls[s], -TYPED_SOULS.index(s)))
            take = min(hollow, souls[soul])
            souls[soul] -= take
            spent[soul] = spent.get(soul, 0) + take
            hollow -= take
        return spent


def _cover(deficit: dict[str, int], hollow: int, groups: list) -> list[tuple[int, int]] | None:
    """Choose converts (one group member at a time) whose flips cover every typed deficit."""
    need = next((s for s in TYPED_SOULS if deficit.get(s, 0) > 0), None)
    if need is None:
        return []
    if hollow <= 0:
        return None
    for g, (options, uids) in enumerate(groups):
        if not uids:
            continue
        for index, soul, amount in options:
            if soul != need:
                continue
            made = min(amount, hollow)
            rest = groups[:g] + [(options, uids[1:])] + groups[g + 1:]
            after = dict(deficit, **{need: deficit[need] - made})
            found = _cover(after, hollow - made, rest)
            if found is not None:
                return [(uids[0], index)] + found
    return None
