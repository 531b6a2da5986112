"""Effect ops, targets and what happens when cards leave the battlefield.

Targets ("5. Advanced Topics", Targeting) are refs: ``u<uid>`` for a card on the battlefield or a
spell on the ladder, ``seat<n>`` for a player, a card name for a card in a graveyard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.spellbound.base import SpellboundBase
from rules.spellbound.board import LadderItem, Permanent
from rules.spellbound.compiler import Effect
from rules.spellbound.constants import REINFORCEMENTS, SECOND_CASTING


class EffectsMixin(SpellboundBase):
    """Legal targets, the ops, triggers and leaving the battlefield."""

    # -- targets ----------------------------------------------------------------------------------
    def target_options(self, kind: str, seat: int, effect: Effect | None = None, item_uid: int | None = None) -> list[str]:
        """Every legal target of ``kind`` for ``seat`` now."""
        if kind == "target_player":
            return ["seat0", "seat1"]
        if kind == "spell":
            return [i.ref for i in self.ladder if i.kind == "spell" and i.uid != item_uid]
        if kind.startswith("graveyard_"):
            division = kind.split("_", 1)[1]
            return sorted({n for n in self.sides[seat].graveyard if self.card(n).kind == division})
        perms = list(self.board.values())
        if kind in ("creature", "enemy_creature", "own_creature"):
            found = [p for p in perms if p.kind == "creature" and (kind == "creature" or
                                                                   (p.controller == seat) == (kind == "own_creature"))]
            most = (effect.condition.get("target_health_at_most") if effect else None)
            if most is not None:
                found = [p for p in found if self.health(p) <= most]
        elif kind in ("any", "creature_or_bounder"):
            found = [p for p in perms if p.kind in ("creature", "bounder")]
        elif kind == "bounder":
            found = [p for p in perms if p.kind == "bounder"]
        elif kind == "your_creature_or_bounder":
            found = [p for p in perms if p.kind in ("creature", "bounder") and p.controller == seat]
        elif kind == "reinforcement":
            found = [p for p in perms if p.kind in REINFORCEMENTS]
        elif kind == "item_or_charm":
            found = [p for p in perms if p.kind in ("item", "charm")]
        else:
            raise ValueError(f"unknown target kind {kind!r}")
        return [p.ref for p in found]

    def _group(self, target: str | None, seat: int, source: int | None, chosen: str | None, context: dict) -> list:
        """The permanents (or players' bounders) an op's target word names."""
        if target in ("your_bounder",):
            return [self.bounder(seat)]
        if target == "your_creatures":
            return self.creatures(seat)
        if target == "enemy_creatures":
            return self.creatures(1 - seat)
        if target == "all_creatures":
            return self.creatures()
        if target == "aura":
            return [a for a in [self.aura()] if a is not None]
        if target == "self":
            return [p for p in [self.permanent(source)] if p is not None]
        if target == "attached":
            src = self.permanent(source)
            host = self.permanent(src.attached) if src is not None else None
            return [host] if host is not None else []
        if target == "battling_creature":
            return [p for p in [self.permanent(context.get("battler"))] if p is not None]
        perm = self.permanent(chosen)
        return [perm] if perm is not None else []

    # -- ops --------------------------------------------------------------------------------------
    def run_op(self, op: Mapping[str, Any], seat: int, source: int | None, chosen: str | None, context: dict,
               effect: Effect) -> None:
        name, amount = op["op"], op.get("amount", 0)
        target = op.get("target")
        if name in ("draw", "discard", "mill"):
            for player in self._players(op.get("player", "you"), seat, chosen):
                if name == "draw":
                    self.draw(player, amount)
                elif name == "discard":
                    if self.sides[player].hand:
                        self.pending.append(("discard", player, amount, "effect"))
                else:
                    self._mill(player, amount)
        elif name == "hex_damage":
            for perm in self._group(target, seat, source, chosen, context):
                perm.damage += amount
                self.log("hex_damage", seat, target=perm.ref, name=perm.name, amount=amount)
        elif name == "heal":
            for perm in self._group(target, seat, source, chosen, context):
                healed = min(amount, perm.damage)
                perm.damage -= healed
                self.log("heal", seat, target=perm.ref, name=perm.name, amount=healed)
        elif name in ("destroy", "return_to_hand", "exile"):
            zone = {"destroy": "graveyard", "return_to_hand": "hand", "exile": "exile"}[name]
            for perm in self._group(target, seat, source, chosen, context):
                self.leave(perm, zone, destroyed=name == "destroy")
        elif name == "gain_souls":
            self.gain_souls(seat, op["soul"], amount)
            self.log("gain_souls", seat, soul=op["soul"], amount=amount)
        elif name in ("buff", "grant"):
            for perm in self._group(target, seat, source, chosen, context):
                perm.temp_damage += op.get("damage", 0)
                perm.temp_health += op.get("health", 0)
                if name == "grant":
                    perm.temp_keywords += (op["keyword"],)
                self.log(name, seat, target=perm.ref, name=perm.name, damage=op.get("damage", 0),
                         health=op.get("health", 0), keyword=op.get("keyword"), until="end_of_turn")
        elif name == "flip":
            for perm in self._group(target, seat, source, chosen, context):
                perm.flipped = not op.get("unflip", False)
                self.log("flip", seat, target=perm.ref, name=perm.name, flipped=perm.flipped)
        elif name == "counter":
            item = next((i for i in self.ladder if i.ref == chosen), None)
            if item is not None:
                self.ladder.remove(item)
                self.sides[item.controller].graveyard.append(item.name)
                self.log("counter", seat, spell=item.ref, name=item.name)
        elif name == "level_up":
            self.raise_pond(seat)
        elif name == "self_destroy_after":
            perm = self.permanent(source)
            if perm is not None:
                self.leave(perm, "graveyard", destroyed=True)
        elif name == "return_from_graveyard":
            self._return_from_graveyard(op, seat, chosen, context, effect)
        else:  # convert, pay_souls, statics: never run as an effect (the compiler refuses it)
            raise ValueError(f"op {name} cannot run here")

    def _players(self, word: str, seat: int, chosen: str | None) -> list[int]:
        if word == "each":
            return [self.active, 1 - self.active]
        if word == "active":
            return [self.active]
        if word == "target_player":
            return [int(chosen[4:])] if chosen else []
        return [seat]

    def _mill(self, seat: int, amount: int) -> None:
        side = self.sides[seat]
        milled = [side.library.pop() for _ in range(min(amount, len(side.library)))]
        side.graveyard += milled
        self.log("mill", seat, cards=milled)

    def _return_from_graveyard(self, op: Mapping[str, Any], seat: int, chosen: str | None, context: dict, effect: Effect) -> None:
        owner = context.get("owner", seat)
        graveyard = self.sides[owner].graveyard
        wanted = context.get("creature") or chosen
        if wanted is not None:
            if wanted in graveyard:
                self.move_from_graveyard(owner, wanted)
            return
        if any(self.card(n).kind == op["division"] for n in graveyard):
            self.pending.append(("pick", owner, op["division"]))

    def move_from_graveyard(self, seat: int, name: str) -> None:
        self.sides[seat].graveyard.remove(name)
        self.sides[seat].hand.append(name)
        self.log("return_to_hand", seat, name=name, zone="graveyard")

    def raise_pond(self, seat: int) -> None:
        """One level up, never past the top; never in the second casting phase ("Second Casting
        Phase": "You cannot cast converts or level up your soul pond on this phase")."""
        pond = self.pond(seat)
        if self.step_name == SECOND_CASTING:
            self.log("no_level_up", seat, pond=pond.name, level=pond.level, reason="second_casting")
            return
        if pond.level < len(self.card(pond.name).of("gain")):
            pond.level += 1
            self.stats[seat]["pond_level"] = pond.level
            self.log("level_up", seat, pond=pond.name, level=pond.level)

    # -- leaving the battlefield ------------------------------------------------------------------
    def leave(self, perm: Permanent, zone: str, destroyed: bool = False) -> None:
        """``perm`` goes to its owner's graveyard, hand or exile; what was attached to it goes to
        its owners' graveyards. A destroyed creature's "when destroyed" abilities trigger."""
        if perm.uid not in self.board:
            return
        triggers = self._destroyed_triggers(perm) if destroyed and perm.kind == "creature" else []
        del self.board[perm.uid]
        self.board_changes += 1
        getattr(self.sides[perm.owner], zone).append(perm.name)
        self.log("leaves", perm.controller, card=perm.ref, name=perm.name, to=zone, destroyed=destroyed)
        for attached in self.attachments(perm.uid):
            self.leave(attached, "graveyard")
        for args in triggers:
            self.add_trigger(*args)

    def _destroyed_triggers(self, perm: Permanent) -> list[tuple[Any, ...]]:
        """``add_trigger``'s arguments for each ability that triggers as ``perm`` is destroyed."""
        out: list[tuple[Any, ...]] = [(perm.name, perm.controller, e, None, {}, perm.uid)
                                      for e in self.card(perm.name).of("triggered") if e.trigger == "destroyed"]
        for other in self.board.values():
            for e in self.card(other.name).of("triggered"):
                if e.trigger == "your_creature_destroyed" and other.controller == perm.controller \
                        and other.uid != perm.uid:
                    out.append((other.name, other.controller, e, other.uid, {}))
                elif e.trigger == "attached_destroyed" and other.attached == perm.uid:
                    out.append((other.name, other.controller, e, None, {"creature": perm.name, "owner": perm.owner},
                                other.uid))
        return out

    # -- triggers ---------------------------------------------------------------------------------
    def add_trigger(self, name: str, controller: int, effect: Effect, source: int | None, context: dict,
                    origin: int | None = None) -> None:
        """A triggered ability goes on the ladder; its target is chosen now ("5. Advanced Topics",
        Targeting: "for an ability when it triggers"); with no legal target it does not. ``source``: the
        card on the battlefield its ops may name (``self``); ``origin``: the uid of the card it came from,
        for the view and the log (default ``source``: a destroyed creature's, a spell's on the ladder)."""
        origin = source if origin is None else origin
        item = LadderItem(self.new_uid(), "trigger", name, controller, effect.index, source, None, dict(context),
                          origin)
        ref = None if origin is None else f"u{origin}"
        if effect.target and not self.target_options(effect.target, controller, effect, item.uid):
            self.log("trigger_without_target", controller, name=name, source=ref)
            return
        self.ladder.append(item)
        self.log("trigger", controller, item=item.ref, name=name, source=ref, text=effect.text)
        if effect.target:
            self.pending.append(("target", controller, item.uid))
