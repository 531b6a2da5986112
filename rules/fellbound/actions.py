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

_ACTIONS: dict[tuple, Action] = {}


def action(verb: str, *args) -> Action:
    """The action ``verb args``, one shared object per distinct action (legal actions are listed
    at every decision; building them anew each time was the engine's largest cost)."""
    key = (verb, *args)
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        found = _ACTIONS[key] = Action(verb, args)
    return found


DONE = Action("done")  # end the action phase
END = Action("end")  # end the turn (after deploying)
CONCEDE = Action("concede")



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
        # "MOVE" (one tile forward, left, right or back); "FLYING": "any tile unoccupied by a living character"
        moves = board.flights[tile] if "flying" in self.cards[character.card].flags else board.moves[tile]
        for to, move in moves:
            occupant = tiles[to]
            if occupant is None or occupant.slain:
                out.append(move)
        out.append(board.reforms[tile])  # "REFORM"
        if may_retreat and tile in board.zone(self.side_of[character.controller]):
            out.append(board.retreats[tile])  # "RETREAT"
        straight, sides = board.in_reach(tile, character.facing, self.stat(character, "range"),
                                         self.stat(character, "rear_range"))
        reach = [t for t in straight + sides if tiles[t] is not None]
        if not reach:
            return out
        usable = self.usable_abilities(character)
        my_side = self.side_of[character.controller]
        for verb in usable:
            if verb == "spray":
                if self.spray_targets(tile):
                    out.append(action("spray", here))
                candidates = [t for t in sides if tiles[t] is not None]
            else:
                candidates = reach
            for target in self.targets(verb, character, candidates, my_side):
                out.append(action(verb, here, board.name(target)))
        return out

    def usable_abilities(self, character) -> list[str]:
        """The targeted verbs ``character`` has a usable value for, in the order of
        ``catalogue.ABILITIES`` (an attack, leach or spray needs its value and an attack
        multiplier above 0)."""
        abilities = self.cards[character.card].abilities
        if not abilities:
            return []
        stat = self.stat
        repeats = stat(character, "attack_multiplier") > 0
        return [verb for verb, value, repeated in abilities if (repeats or not repeated) and stat(character, value) > 0]

    def targets(self, verb: str, character, reach: list[int], my_side: int) -> list[int]:
        """The tiles in reach that ``verb`` may target ("RANGE": "a living target character";
        "STEAL": "living or slain enemy character carrying gold")."""
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
        side = self.side_of[seat]
        hand = self.hand[seat]
        treasury = self.treasury[seat]
        open_tiles = (self.open_tiles(side), self.open_tiles(1 - side))  # own zone, the enemy's (infiltrate)
        out: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            definition = self.cards[card]
            name = definition.name
            if name in seen:
                continue
            seen.add(name)
            flags = definition.flags
            tiles = open_tiles[1] if "infiltrate" in flags else open_tiles[0]
            if "corpse_cost" in flags:
                tiles = [t for t in tiles if t[1] is not None]
            sacrifices: tuple = ((),)
            if "sacrifice_cost" in flags:
                sacrifices = tuple((other,) for other in dict.fromkeys(self.name(c) for c in hand if c != card))
            x_cost = definition.is_x("gold_cost")
            cost = 0 if x_cost else (self.value(card, "gold_cost", seat) or 0)
            for tile_name, corpse_gold in tiles:
                gold = treasury + (corpse_gold or 0)
                if x_cost:
                    for paid in range(gold + 1):
                        for sacrificed in sacrifices:
                            out.append(action("deploy", name, tile_name, paid, *sacrificed))
                elif cost <= gold:
                    for sacrificed in sacrifices:
                        out.append(action("deploy", name, tile_name, *sacrificed))
        return out

    def open_tiles(self, side: int) -> list[tuple[str, int | None]]:
        """The tiles of ``side``'s deployment zone without a living character: (name, the gold on
        the slain character there, or None when the tile is empty)."""
        names, tiles = self.board.names, self.tiles
        out = []
        for tile in self.board.zone(side):
            occupant = tiles[tile]
            if occupant is None:
                out.append((names[tile], None))
            elif occupant.slain:
                out.append((names[tile], occupant.gold))
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
        self.auras_changed()
        self.count(seat, "deployed", card)
        if definition.deploy_gold:
            self.treasury[seat] += definition.deploy_gold
        if self.log_events:
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
            self.auras_changed()
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
        board_changed = False  # ending a phase or turning round changes no ally's choices
        for seat in sorted(actions):
            if self.is_over:
                return
            action = actions[seat]
            if not board_changed or action in self.legal_actions(seat):
                self.apply(action, seat)
                board_changed = board_changed or action.verb not in ("done", "end", "reform")
            else:
                self.log("blocked", seat, wanted=str(action))
