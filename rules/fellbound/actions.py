"""Who acts, the legal actions and ``apply`` (one handler per verb); the verbs are listed in
``rules/fellbound/engine.py``'s docstring.

Characters on the battleground are named by their tile (``a3``), cards in a hand by their name
(a FellBound deck holds "ten unique cards"), so the same move is the same action in every world a
search samples. The actions are shared objects, built once per board (``Battleground.moves``,
``deploys``, ``aims``...): listing them at every decision is the engine's largest cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.engine import Action
from rules.fellbound.base import FellBoundBase
from rules.fellbound.board import Character
from rules.fellbound.turn import ACTION, OVER


def listed(action: Action, actions: list[Action]) -> bool:
    """``action in actions``, looking for the very object first (the legal actions are shared
    objects, so an agent's choice is one of them), without calling ``Action.__eq__`` on each."""
    return id(action) in map(id, actions) or action in actions


DONE = Action("done")  # end the action phase
END = Action("end")  # end the turn (after deploying)
CONCEDE = Action("concede")
PHASE_ENDS = {"done": DONE, "end": END, "concede": CONCEDE}


class ActionMixin(FellBoundBase):
    """Legal actions and their application for :class:`~rules.fellbound.state.FellBoundState`."""
    __slots__ = ()  # (the fields: slots of FellBoundBase)

    def current_players(self) -> list[int]:
        if self.phase == OVER or self._outcome is not None:
            return []
        if not self.finished:
            return list(self.teams[self.active_side])
        return [seat for seat in self.teams[self.active_side] if seat not in self.finished]

    def is_acting(self, player: int) -> bool:
        """``player in self.current_players()``, without the list."""
        return (self.phase != OVER and self._outcome is None and player not in self.finished
                and player in self.teams[self.active_side])

    def legal_actions(self, player: int) -> list[Action]:
        if (self.phase == OVER or self._outcome is not None or player in self.finished
                or player not in self.teams[self.active_side]):  # (``is_acting``, written out)
            return []
        out: list[Action] = []
        if self.phase == ACTION:
            for tile, character in enumerate(self.tiles):
                if (character is not None and character.controller == player and character.active
                        and not character.acted and not character.slain):
                    out += self.character_actions(tile, character, True)
            out.append(DONE)
        else:
            if self.charged:  # "CHARGE": "a single action (either move, attack, reform or special ability)"
                for tile, character in enumerate(self.tiles):
                    if (character is not None and character.charging and character.controller == player
                            and not character.slain):
                        out += self.character_actions(tile, character, False)
            if self.hand[player]:
                out += self.deploy_actions(player)
            out.append(END)
        if player in self.may_concede:
            out.append(CONCEDE)
        return out

    def is_legal(self, action: Action, player: int) -> bool:
        """``action in self.legal_actions(player)``, working out only the part of the list it could
        be in: a character's actions all start with its tile, a deployment with the card's name."""
        if not self.is_acting(player):
            return False
        verb, args = action.verb, action.args
        if verb in PHASE_ENDS:
            if verb == "concede":
                return player in self.may_concede and action == CONCEDE
            return action == (DONE if self.phase == ACTION else END)
        if verb == "deploy":
            return (self.phase != ACTION and bool(args) and isinstance(args[0], str)
                    and listed(action, self.deploy_actions(player, only=args[0])))
        if not args or not isinstance(args[0], str) or (tile := self.board.parse(args[0])) is None:
            return False
        character = self.tiles[tile]
        if character is None or character.slain or character.controller != player:
            return False
        if self.phase == ACTION:
            may_act, may_retreat = character.active and not character.acted, True
        else:
            may_act, may_retreat = character.charging, False
        return may_act and listed(action, self.character_actions(tile, character, may_retreat))

    # -- a character's actions -------------------------------------------------------------------
    def character_actions(self, tile: int, character, may_retreat: bool) -> list[Action]:
        board, tiles = self.board, self.tiles
        definition = self.cards[character.card]
        # "MOVE" (one tile forward, left, right or back); "FLYING": "any tile unoccupied by a living character"
        moves = board.flights[tile] if "flying" in definition.flags else board.moves[tile]
        out = []  # (loops rather than comprehensions here: each comprehension is a call in Python 3.11)
        for to, move in moves:
            occupant = tiles[to]
            if occupant is None or occupant.slain:
                out.append(move)
        out.append(board.reforms[tile])  # "REFORM"
        if may_retreat and tile // board.columns == self.side_of[character.controller]:
            out.append(board.retreats[tile])  # "RETREAT" (from the deployment zone: the side's row)
        abilities = definition.abilities
        if not abilities:
            return out
        values = self._values[character.controller].get(character.card)  # (``values_of``, written out)
        if values is None or definition.has_x:
            values = self.values_of(character)
        _, sides, in_reach = board.reach[tile, character.facing, values["range"], values["rear_range"]]
        reach = []
        for t in in_reach:
            if tiles[t] is not None:
                reach.append(t)
        if not reach:
            return out
        repeats = values["attack_multiplier"] > 0  # (what ``usable_abilities`` says, written out)
        for verb, value, repeated in abilities:
            if values[value] <= 0 or (repeated and not repeats):
                continue
            aims = board.aims[verb][tile]
            if verb == "attack" or verb == "leach":  # any living character in reach
                for t in reach:
                    if (target := tiles[t]) is not None and not target.slain:
                        out.append(aims[t])
            elif verb == "spray":
                if self.spray_targets(tile):
                    out.append(board.sprays[tile])
                out += [aims[t] for t in sides if (target := tiles[t]) is not None and not target.slain]
            else:
                out += [aims[t] for t in self.targets(verb, character, reach, self.side_of[character.controller])]
        return out

    def usable_abilities(self, character, values: dict[str, int] | None = None) -> list[str]:
        """The targeted verbs ``character`` has a usable value for, in the order of
        ``catalogue.ABILITIES`` (an attack, leach or spray needs its value and an attack
        multiplier above 0); ``values``: its :meth:`values_of`, when known."""
        abilities = self.cards[character.card].abilities
        if not abilities:
            return []
        values = self.values_of(character) if values is None else values
        repeats = values["attack_multiplier"] > 0
        return [verb for verb, value, repeated in abilities if (repeats or not repeated) and values[value] > 0]

    def targets(self, verb: str, character, reach: list[int], my_side: int) -> list[int]:
        """The tiles in reach that ``verb`` may target ("RANGE": "a living target character";
        "STEAL": "living or slain enemy character carrying gold")."""
        out = []
        tiles, side_of = self.tiles, self.side_of
        for t in reach:
            target = tiles[t]
            if target is None:
                continue
            if verb == "steal":
                if side_of[target.controller] != my_side and target.gold > 0:
                    out.append(t)
            elif target.slain:
                continue
            elif verb == "heal":
                if target.damage > 0:  # "a single target character which has already lost health"
                    out.append(t)
            elif verb == "bribe":
                if side_of[target.controller] != my_side:
                    cost = self.bribe_cost(target)
                    if cost <= self.values_of(character)["bribe"] and cost <= character.gold:
                        out.append(t)
            else:
                out.append(t)
        return out

    # -- deployment ----------------------------------------------------------------------------------
    def deploy_actions(self, seat: int, only: str | None = None) -> list[Action]:
        """Every way to deploy a card from the hand ("DEPLOYMENT PHASE", "SPECIAL COST",
        "SPECIAL DEPLOYMENT"): ``deploy <card> <tile> [<gold paid for X>] [<card sacrificed>]``
        (with ``only``, those of the card so named), tile by tile."""
        hand = self.hand[seat]
        side = self.side_of[seat]
        treasury = self.treasury[seat]
        zones: dict[int, Sequence[tuple[int, int | None]]] = {}  # side -> its open tiles, when a card needs them
        out: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            definition = self.cards[card]
            name = definition.name
            if name in seen or (only is not None and name != only):
                continue
            seen.add(name)
            flags = definition.flags
            # "INFILTRATE": "may be deployed onto a tile in the opponent deployment zone": its own
            # zone stays open to it (docs/rules-notes.md, "Infiltrate")
            for zone_side in ((side, 1 - side) if "infiltrate" in flags else (side,)):
                tiles = zones.get(zone_side)
                if tiles is None:
                    tiles = zones[zone_side] = self.open_tiles(zone_side)
                out += self._deploys_onto(seat, card, zone_side, tiles, treasury)
        return out

    def _deploys_onto(self, seat: int, card: int, zone_side: int, tiles: Sequence[tuple[int, int | None]],
                      treasury: int) -> Sequence[Action]:
        """The deployments of ``card`` onto ``tiles``, the open tiles of ``zone_side``'s zone
        (``open_tiles``); a shared tuple when the zone is empty."""
        definition = self.cards[card]
        name, flags = definition.name, definition.flags
        if "corpse_cost" in flags:
            tiles = [t for t in tiles if t[1] is not None]
        whole_zone = tiles is self.board.empty_zones[zone_side]  # every tile open, no slain character
        if "sacrifice_cost" in flags:
            return self.sacrifice_deploys(seat, card, tiles)
        if definition.x_gold_cost:  # one action per gold it may be paid, up to all there is
            if whole_zone:
                return self.board.deploys_paying_zone[name, zone_side, treasury]
            columns = self.board.deploys_paying(name, treasury + max((g or 0 for _, g in tiles), default=0))
            out: list[Action] = []
            for tile, corpse_gold in tiles:
                out += columns[tile][:treasury + (corpse_gold or 0) + 1]
            return out
        values = self._values[seat].get(card)  # (``card_values``, written out)
        cost = (self.card_values(card, seat) if values is None or definition.has_x else values)["gold_cost"]
        row = self.board.deploys[name]
        if cost <= treasury:
            if whole_zone:
                return row[tiles[0][0]:tiles[-1][0] + 1]
            return [row[tile] for tile, _ in tiles]
        if whole_zone:
            return ()
        # only where the gold on a slain character makes up the difference
        return [row[tile] for tile, corpse_gold in tiles if corpse_gold is not None and cost <= treasury + corpse_gold]

    def sacrifice_deploys(self, seat: int, card: int, tiles: Sequence[tuple[int, int | None]]) -> list[Action]:
        """The deployments of a card with a sacrifice cost onto ``tiles``: one per other card in
        hand to discard (and with an X gold cost, per gold paid)."""
        definition = self.cards[card]
        hand, treasury, name = self.hand[seat], self.treasury[seat], definition.name
        others = tuple(dict.fromkeys(self.name(c) for c in hand if c != card))
        out: list[Action] = []
        cost = 0 if definition.x_gold_cost else self.card_values(card, seat)["gold_cost"]
        for tile, corpse_gold in tiles:
            gold = treasury + (corpse_gold or 0)
            if definition.x_gold_cost:
                out += [Action("deploy", (name, self.board.names[tile], paid, other))
                        for paid in range(gold + 1) for other in others]
            elif cost <= gold:
                out += [self.board.deploys_sacrificing[name, other][tile] for other in others]
        return out

    def open_tiles(self, side: int) -> Sequence[tuple[int, int | None]]:
        """The tiles of ``side``'s deployment zone without a living character: (tile, the gold on
        the slain character there, or None when the tile is empty). Not to be changed."""
        tiles = self.tiles
        zone = self.board.zones[side]
        if not any(tiles[zone.start:zone.stop]):  # all empty (a character is never false)
            return self.board.empty_zones[side]
        out: list[tuple[int, int | None]] = []
        for tile, occupant in enumerate(tiles[zone.start:zone.stop], zone.start):
            if occupant is None:
                out.append((tile, None))
            elif occupant.slain:
                out.append((tile, occupant.gold))
        return out

    def deploy(self, seat: int, name: str, tile: int, x_paid: int | None, sacrificed: str | None) -> None:
        card = self._from_hand(seat, name)
        occupant = self.tiles[tile]
        if occupant is not None:
            self.clear_slain(tile, seat)  # its gold may pay for this character
        if sacrificed is not None:
            gone = self._from_hand(seat, sacrificed)
            self.boneyard[seat].append(gone)  # "SACRIFICE COST": "discard a character from your hand"
            if self.log_events:
                self.log("sacrifice", seat, card=sacrificed)
        definition = self.cards[card]
        cost = x_paid if x_paid is not None else self.card_values(card, seat)["gold_cost"]
        self.treasury[seat] -= cost
        health = cost if definition.x_health else int(definition.base["health"] or 0)  # (an X health: x_health)
        self.deployments += 1
        character = Character(card, self.owner[card], seat, self.board.forward(self.side_of[seat]), cost, health,
                              self.deployments, charging="charge" in definition.flags)
        self.charged = self.charged or character.charging
        self.tiles[tile] = character
        auras_changed = bool(definition.auras)
        if auras_changed:
            self.auras_changed()
        self.count(seat, "deployed", card)
        if definition.deploy_gold:
            self.treasury[seat] += definition.deploy_gold
        if self.log_events:
            self.log("deploy", seat, card=name, tile=self.board.name(tile), gold_on_card=cost,
                     health=self.health(character), treasury=self.treasury[seat], gained=definition.deploy_gold)
        if self.health(character) == 0:
            # an X health paid with no gold: "If a character's health value is reduced to 0, that
            # character is slain" (docs/rules-notes.md, "X health paid with no gold")
            self.slay(tile)
        elif auras_changed or self.health_auras:
            self.check_values()  # (else no health changed but the new one's, which is above 0)

    def _from_hand(self, seat: int, name: str) -> int:
        hand, cards = self.hand[seat], self.cards
        for card in hand:
            if cards[card].name == name:
                break
        else:
            raise ValueError(f"seat {seat} has no {name!r} in hand")
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
            if self.log_events:
                self.log(verb, player)
            self.finish_phase(player)
        elif verb == "deploy":
            x_paid = sacrificed = None  # the first number and the first name after the tile
            for extra in args[2:]:
                if isinstance(extra, int):
                    x_paid = extra if x_paid is None else x_paid
                elif isinstance(extra, str):
                    sacrificed = extra if sacrificed is None else sacrificed
            self.deploy(player, str(args[0]), self.board.at(args[1]), x_paid, sacrificed)
        else:
            at = self.board.at
            self.character_action(player, verb, [at(a) for a in args])

    def character_action(self, player: int, verb: str, tiles: list[int]) -> None:
        board = self.board
        tile = tiles[0]
        character = self.occupant(tile)
        character.acted = True
        character.charging = False
        logged = self.log_events
        where = {"from": board.name(tile), "card": self.name(character.card)} if logged else {}
        if verb == "move":
            to = tiles[1]
            if self.tiles[to] is not None:
                self.clear_slain(to, player)  # "the moving player receives any gold on that card"
            self.tiles[to], self.tiles[tile] = character, None
            if logged:
                self.log("move", player, **where, to=board.name(to))
        elif verb == "reform":
            character.facing = -character.facing
            if logged:
                self.log("reform", player, **where, facing=character.facing)
        elif verb == "retreat":
            self.tiles[tile] = None
            if self.cards[character.card].auras:
                self.auras_changed()
            self.boneyard[player].append(character.card)
            self.treasury[player] += character.gold
            if logged:
                self.log("retreat", player, **where, gold=character.gold, treasury=self.treasury[player])
            self.check_values()
        elif verb == "spray" and len(tiles) == 1:
            results = [self.strike(tile, t, "spray_attack") for t in self.spray_targets(tile)]
            if logged:
                self.log("spray", player, **where, targets=results)
            self.slay_struck(results)
        elif verb in ("attack", "leach", "spray"):
            result = self.strike(tile, tiles[1], {"spray": "spray_attack"}.get(verb, verb))
            if logged:
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
            if self._outcome is not None:
                return
            action = actions[seat]
            if not board_changed or self.is_legal(action, seat):
                self.apply(action, seat)
                board_changed = board_changed or action.verb not in ("done", "end", "reform")
            else:
                self.log("blocked", seat, wanted=str(action))
