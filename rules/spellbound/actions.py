"""Legal actions and ``apply`` by verb (the action list is documented in engine.py).

A pending decision (a target, a discard, a card to pick from a graveyard, the battlers to
declare) comes before priority; otherwise the player with priority may cast, activate, convert,
level up the soul pond or ``pass``.
"""

from __future__ import annotations

from rules.core.engine import Action
from rules.spellbound.base import SpellboundBase
from rules.spellbound.constants import FIRST_CASTING, MAX_ACTIONS_PER_TURN

_ACTIONS: dict[tuple, Action] = {}  # (verb, args) -> the one shared Action
_ACTIONS_LIMIT = 50_000  # emptied past this many entries (a long-lived web process)


def action(verb: str, *args: int | str) -> Action:
    """The interned ``Action(verb, args)``: actions are immutable, so equal ones are shared."""
    key = (verb, args)
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) > _ACTIONS_LIMIT:
            _ACTIONS.clear()
        found = _ACTIONS[key] = Action(verb, args)
    return found


PASS = action("pass")
DONE = action("done")
LEVEL_UP = action("level_up")


class ActionsMixin(SpellboundBase):
    """``legal_actions`` and ``apply``."""

    # -- pending decisions ------------------------------------------------------------------------
    def options_for(self, pending: tuple) -> list[Action]:
        kind, seat = pending[0], pending[1]
        if kind == "target":
            item = next((i for i in self.ladder if i.uid == pending[2]), None)
            if item is None:
                return []
            return [action("target", ref) for ref in self.item_target_options(item)]
        if kind == "discard":
            return [action("discard", name) for name in sorted(set(self.sides[seat].hand))]
        if kind == "pick":
            return [action("pick", name) for name in
                    sorted({n for n in self.sides[seat].graveyard if self.card(n).kind == pending[2]})]
        if kind == "declare":
            if self.actions_this_turn >= MAX_ACTIONS_PER_TURN:
                return [DONE]
            return [action("battle", *pair) for pair in self.declare_options(seat)] + [DONE]
        raise ValueError(kind)

    def item_target_options(self, item) -> list[str]:
        if item.kind == "spell":
            return self.spell_targets(item.controller, item.name, item.uid)
        effect = self.item_effect(item)  # asked only of an ability that targets (add_trigger, activate)
        return self.target_options(effect.target, item.controller, effect, item.uid) if effect.target else []

    # -- the protocol -----------------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.pending:
            return self.options_for(self.pending[0]) if self.pending[0][1] == player else []
        if self.priority != player:
            return []
        actions = [PASS]
        if self.actions_this_turn >= MAX_ACTIONS_PER_TURN:
            return actions
        side = self.sides[player]
        cards = self.cards
        if self.in_own_casting_phase(player):
            # a spell costing more souls than the player has cannot be paid (may_cast); a convert costs nothing
            souls = sum(side.souls.values())
            candidates = sorted({name for name in side.hand
                                 if cards[name].cost_total <= souls or cards[name].kind == "convert"})
            actions += [action("cast", name) for name in candidates if self.may_cast(player, name)]
            actions += [action("ability", perm.ref, number) for perm, number, _ in self.soul_abilities(player)]
            if self.can_level_up(player):
                actions.append(LEVEL_UP)
        else:  # only Immediate spells; no soul abilities, no levelling up (may_cast, soul_abilities)
            candidates = sorted({name for name in side.hand if cards[name].castable_any_time})
            actions += [action("cast", name) for name in candidates if self.may_cast(player, name)]
        if side.souls["hollow"] > 0:  # a convert flips only to convert a hollow soul (can_convert)
            for perm in self.permanents(player, "convert"):
                if self.can_convert(perm, player):
                    actions += [action("convert", perm.ref, soul) for soul in cards[perm.name].conversion_souls]
        return actions

    def can_level_up(self, seat: int) -> bool:
        """"8. Soul Ponds": "On your first casting phase, you have the opportunity to upgrade them to
        the next level using souls ... You can't skip levels"; "6. Parts of a Turn", First Casting Phase:
        "level up your soul pond as many times as you'd like"."""
        if seat != self.active or self.step_name != FIRST_CASTING:
            return False
        cost = self.next_level_cost(seat)
        return cost is not None and self.can_pay(seat, cost)

    def next_level_cost(self, seat: int):
        pond = self.pond(seat)
        return self.cards[pond.name].level_costs.get(pond.level + 1)

    def apply(self, action: Action, player: int) -> None:
        verb, args = action.verb, action.args
        if verb == "pass":
            self.pass_priority(player)
        elif verb == "cast":
            self.cast(player, str(args[0]))
        elif verb == "ability":
            self.activate(player, self.on_board(args[0]).uid, int(args[1]))
        elif verb == "level_up":
            spent = self.pay(player, self.next_level_cost(player))
            self.log("level_up_paid", player, paid=spent)
            self.raise_pond(player)
            self.acted(player)
        elif verb == "convert":
            perm = self.on_board(args[0])
            index = next(i for i, soul, _ in self.convert_options(perm) if soul == args[1])
            self.flip_convert(perm, index)
            self.acted(player)
        elif verb == "target":
            _, _, uid = self.pending.pop(0)
            item = next(i for i in self.ladder if i.uid == uid)
            item.target = str(args[0])
            chosen = self.permanent(args[0])
            self.log("target", player, item=item.ref, name=item.name, target=args[0],
                     target_name=chosen.name if chosen is not None else args[0])
        elif verb == "discard":
            _, seat, left, reason = self.pending.pop(0)
            name = str(args[0])
            self.sides[seat].hand.remove(name)
            self.sides[seat].graveyard.append(name)
            self.log("discard", seat, name=args[0], reason=reason)
            if left > 1 and self.sides[seat].hand:
                self.pending.insert(0, ("discard", seat, left - 1, reason))
        elif verb == "pick":
            _, seat, _ = self.pending.pop(0)
            self.move_from_graveyard(seat, str(args[0]))
        elif verb == "battle":
            self.declare(player, str(args[0]), str(args[1]))
        elif verb == "done":
            self.finish_declaring(player)
        else:
            raise ValueError(f"unknown verb {verb!r}")
        self.run()
