"""Who acts, the legal actions and ``apply`` (one handler per verb); the verbs are listed in
``rules/fellbound/engine.py``'s docstring.

Characters on the battleground are named by their tile (``a3``), cards in a hand by their name
(a FellBound deck holds "ten unique cards"), so the same move is the same action in every world a
search samples.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.engine import Action
from rules.fellbound.turn import ACTION, OVER

DONE = Action("done")  # end the action phase
END = Action("end")  # end the turn (after deploying)
CONCEDE = Action("concede")
#: verbs of a character's action with one target tile
TARGETED = ("attack", "leach", "spray", "heal", "steal", "bribe")


class ActionMixin:
    """Legal actions and their application for :class:`~rules.fellbound.state.FellBoundState`."""

    def current_players(self) -> list[int]:
        if self.phase == OVER or self._outcome is not None:
            return []
        return [seat for seat in self.teams[self.active_side] if seat not in self.finished]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        out: list[Action] = []
        if self.phase == ACTION:
            for tile, character in self.living((player,)):
                if character.active and not character.acted:
                    out += self.character_actions(tile, character, may_retreat=True)
            out.append(DONE)
        else:
            for tile, character in self.living((player,)):
                if character.charging:
                    # "CHARGE": "a single action (either move, attack, reform or special ability)"
                    out += self.character_actions(tile, character, may_retreat=False)
            out += self.deploy_actions(player)
            out.append(END)
        if player in self.may_concede:
            out.append(CONCEDE)
        return out

    # -- a character's actions -------------------------------------------------------------------
    def character_actions(self, tile: int, character, may_retreat: bool) -> list[Action]:
        board, tiles = self.board, self.tiles
        here = board.name(tile)
        out = []
        flying = self.cards[character.card].has("flying")
        # "MOVE" (one tile forward, left, right or back); "FLYING": "any tile unoccupied by a living character"
        destinations = range(board.size) if flying else board.neighbours(tile)
        for to in destinations:
            if to != tile and (tiles[to] is None or tiles[to].slain):
                out.append(Action("move", (here, board.name(to))))
        out.append(Action("reform", (here,)))  # "REFORM"
        if may_retreat and tile in board.zone(self.side_of[character.controller]):
            out.append(Action("retreat", (here,)))  # "RETREAT"
        straight, sides = board.in_reach(tile, character.facing, self.stat(character, "range"),
                                         self.stat(character, "rear_range"))
        my_side = self.side_of[character.controller]
        for verb in TARGETED:
            if verb == "spray" and self.can_use(character, "spray_attack") and self.spray_targets(tile):
                out.append(Action("spray", (here,)))
            for target in self.targets(verb, character, straight + sides if verb != "spray" else sides, my_side):
                out.append(Action(verb, (here, board.name(target))))
        return out

    def can_use(self, character, stat: str) -> bool:
        value = self.stat(character, stat)
        if stat in ("attack", "leach", "spray_attack"):
            return value > 0 and self.stat(character, "attack_multiplier") > 0
        return value > 0

    def targets(self, verb: str, character, reach: list[int], my_side: int) -> list[int]:
        """The tiles in reach that ``verb`` may target ("RANGE": "a living target character";
        "STEAL": "living or slain enemy character carrying gold")."""
        stat = {"spray": "spray_attack"}.get(verb, verb)
        if not self.can_use(character, stat):
            return []
        out = []
        for t in reach:
            target = self.tiles[t]
            if target is None:
                continue
            enemy = self.side_of[target.controller] != my_side
            if verb == "steal":
                if enemy and target.gold > 0:
                    out.append(t)
            elif target.slain:
                continue
            elif verb == "heal":
                if target.damage > 0:  # "a single target character which has already lost health"
                    out.append(t)
            elif verb == "bribe":
                cost = self.bribe_cost(target)
                if enemy and cost <= self.stat(character, "bribe") and cost <= character.gold:
                    out.append(t)
            else:
                out.append(t)
        return out

    # -- deployment ----------------------------------------------------------------------------------
    def deploy_actions(self, seat: int) -> list[Action]:
        """Every way to deploy a card from the hand ("DEPLOYMENT PHASE", "SPECIAL COST",
        "SPECIAL DEPLOYMENT"): ``deploy <card> <tile> [<gold paid for X>] [<card sacrificed>]``."""
        board = self.board
        side = self.side_of[seat]
        hand = self.hand[seat]
        auras = self.auras_of(seat)
        out: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            definition = self.cards[card]
            if definition.name in seen:
                continue
            seen.add(definition.name)
            zone = board.zone(1 - side) if definition.has("infiltrate") else board.zone(side)
            sacrifices = [[]]
            if definition.has("sacrifice_cost"):
                sacrifices = [[name] for name in dict.fromkeys(self.name(c) for c in hand if c != card)]
            for tile in zone:
                occupant = self.tiles[tile]
                if occupant is not None and not occupant.slain:
                    continue
                if definition.has("corpse_cost") and occupant is None:
                    continue
                gold = self.treasury[seat] + (occupant.gold if occupant is not None else 0)
                if definition.is_x("gold_cost"):
                    payments = [[x] for x in range(gold + 1)]
                else:
                    cost = self.value(card, "gold_cost", seat, auras=auras) or 0
                    payments = [[]] if cost <= gold else []
                for paid in payments:
                    for sacrificed in sacrifices:
                        out.append(Action("deploy", (definition.name, board.name(tile), *paid, *sacrificed)))
        return out

    def deploy(self, seat: int, name: str, tile: int, x_paid: int | None, sacrificed: str | None) -> None:
        card = self._from_hand(seat, name)
        occupant = self.tiles[tile]
        if occupant is not None:
            self.clear_slain(tile, seat)  # its gold may pay for this character
        if sacrificed is not None:
            gone = self._from_hand(seat, sacrificed)
            self.boneyard[seat].append(gone)  # "SACRIFICE COST": "discard a character from your hand"
            self.log("sacrifice", seat, card=sacrificed)
        definition = self.cards[card]
        cost = x_paid if x_paid is not None else (self.value(card, "gold_cost", seat) or 0)
        self.treasury[seat] -= cost
        from rules.fellbound.state import Character  # the state module imports this one

        health = cost if definition.is_x("health") else (definition.printed("health") or 0)
        self.deployments += 1
        character = Character(card, self.owner[card], seat, self.board.forward(self.side_of[seat]), cost, health,
                              self.deployments, charging=definition.has("charge"))
        self.tiles[tile] = character
        self.count(seat, "deployed", card)
        if definition.deploy_gold:
            self.treasury[seat] += definition.deploy_gold
        self.log("deploy", seat, card=name, tile=self.board.name(tile), gold_on_card=cost,
                 health=self.health(character), treasury=self.treasury[seat], gained=definition.deploy_gold)
        self.check_values()

    def _from_hand(self, seat: int, name: str) -> int:
        hand = self.hand[seat]
        card = next(c for c in hand if self.cards[c].name == name)
        hand.remove(card)
        if card in self.hand_known[seat]:
            self.hand_known[seat].remove(card)
        return card

    # -- apply ------------------------------------------------------------------------------------------
    def apply(self, action: Action, player: int) -> None:
        verb, args = action.verb, action.args
        self.may_concede.discard(player)
        if verb == "concede":
            self.log("concede", player)
            self.concede(player)
        elif verb in ("done", "end"):
            self.log(verb, player)
            self.finish_phase(player)
        elif verb == "deploy":
            x_paid = next((a for a in args[2:] if isinstance(a, int)), None)
            sacrificed = next((a for a in args[2:] if isinstance(a, str)), None)
            self.deploy(player, args[0], self.board.parse(args[1]), x_paid, sacrificed)
        else:
            self.character_action(player, verb, [self.board.parse(a) for a in args])

    def character_action(self, player: int, verb: str, tiles: list[int]) -> None:
        board = self.board
        tile = tiles[0]
        character = self.tiles[tile]
        character.acted = True
        character.charging = False
        where = {"from": board.name(tile), "card": self.name(character.card)}
        if verb == "move":
            to = tiles[1]
            if self.tiles[to] is not None:
                self.clear_slain(to, player)  # "the moving player receives any gold on that card"
            self.tiles[to], self.tiles[tile] = character, None
            self.log("move", player, **where, to=board.name(to))
        elif verb == "reform":
            character.facing = -character.facing
            self.log("reform", player, **where, facing=character.facing)
        elif verb == "retreat":
            self.tiles[tile] = None
            self.boneyard[player].append(character.card)
            self.treasury[player] += character.gold
            self.log("retreat", player, **where, gold=character.gold, treasury=self.treasury[player])
            self.check_values()
        elif verb == "spray" and len(tiles) == 1:
            results = [self.strike(tile, t, "spray_attack") for t in self.spray_targets(tile)]
            self.log("spray", player, **where, targets=results)
            self.slay_struck(results)
        elif verb in ("attack", "leach", "spray"):
            result = self.strike(tile, tiles[1], {"spray": "spray_attack"}.get(verb, verb))
            self.log(verb, player, **where, **result)
            self.slay_struck([result])
        elif verb == "heal":
            self.log("heal", player, **where, **self.heal(tile, tiles[1]))
        elif verb == "steal":
            self.log("steal", player, **where, **self.steal(tile, tiles[1]))
        elif verb == "bribe":
            self.log("bribe", player, **where, **self.bribe(tile, tiles[1]))
        else:
            raise ValueError(f"unknown FellBound action {verb!r}")

    def apply_joint(self, actions: Mapping[int, Action]) -> None:
        """Allies' choices made at once ("ALLIED TEAM PLAY"), applied in seat order; a choice the
        ally's made impossible (both deploying onto one tile) is skipped, and its seat chooses
        again."""
        for seat in sorted(actions):
            if self.is_over:
                return
            action = actions[seat]
            if action in self.legal_actions(seat):
                self.apply(action, seat)
            else:
                self.log("blocked", seat, wanted=str(action))
