"""What each seat sees (``view``) and actions in the game's words (``action_to_string``); the
view's keys are documented in ``rules/fellbound/engine.py``'s docstring."""

from __future__ import annotations

from rules.core.engine import Action, Event, Pick
from rules.fellbound.base import FellBoundBase
from rules.fellbound.board import ROW_LETTERS, ROWS
from rules.fellbound.event_text import event_to_string

#: presentation hints (docs/view-format.md, "Presentation hints")
HINTS = {
    "internal": [],
    "labels": {"turn_seats": "turn of", "first_seats": "went first", "zones": "home rows", "owner": "owned by",
               "deck": "deck", "living": "living characters", "hand_known": "known in hand"},
    "seat_keys": ["turn_seats", "first_seats", "zones", "owner"],
}
#: the verbs of a character on the battleground acting on another tile
_TILE_VERBS = ("move", "attack", "leach", "spray", "heal", "steal", "bribe", "reform", "retreat")
_HARMFUL = ("attack", "leach", "spray", "steal", "bribe")


class ViewMixin(FellBoundBase):
    """``view`` and ``action_to_string`` for :class:`~rules.fellbound.state.FellBoundState`."""
    __slots__ = ()  # (the fields: slots of FellBoundBase)

    def view(self, player: int | None) -> dict:
        to_act = list(self.current_players())
        view = {
            "game": "fellbound", "turn": self.turn, "phase": self.phase,
            "turn_seats": list(self.teams[self.active_side]), "first_seats": list(self.teams[self.first_side]),
            "to_act": to_act, "over": self.is_over,
            "outcome": self._outcome.as_dict() if self._outcome else None,
            "hints": {**HINTS, "outcome": self._outcome_sentence()},
        }
        if player is not None and player in to_act:
            view["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        view["battleground"] = self.battleground_view()
        view["players"] = [self.player_view(seat, player) for seat in range(self.num_players)]
        return view

    def battleground_view(self) -> dict:
        """The grid, the far row first (row ``b`` above row ``a``, as seat 0 sits)."""
        board = self.board
        rows = []
        for row in reversed(range(ROWS)):
            rows.append([self.tile_view(tile) for tile in board.zone(row)])  # a row is a side's zone
        return {"grid": rows, "row_labels": list(reversed(ROW_LETTERS[:ROWS])),
                "column_labels": [str(c + 1) for c in range(board.columns)],
                "zones": {ROW_LETTERS[side]: list(self.teams[side]) for side in range(2)}}

    def tile_view(self, tile: int) -> dict | None:
        character = self.tiles[tile]
        if character is None:
            return None
        out = {"name": self.name(character.card), "tile": self.board.name(tile), "seat": character.controller,
               "facing": "up" if character.facing > 0 else "down", "health": self.health(character),
               "gold": character.gold, "slain": character.slain}
        if character.owner != character.controller:
            out["owner"] = character.owner
        if not character.slain:
            for stat in ("attack", "defence", "range"):
                value = self.value(character.card, stat, character.controller, character)
                if value is not None:
                    out[stat] = value
        return out

    def player_view(self, seat: int, viewer: int | None) -> dict:
        sees_hand = viewer is None or self.side_of[viewer] == self.side_of[seat]
        out = {"side": ROW_LETTERS[self.side_of[seat]], "treasury": self.treasury[seat],
               "living": len(self.living((seat,))), "deck_count": len(self.deck[seat])}
        if sees_hand:
            out["hand"] = [self.name(c) for c in self.hand[seat]]
        else:
            out["hand_count"] = len(self.hand[seat])
            out["hand_known"] = [self.name(c) for c in self.hand_known[seat]]
        out["boneyard"] = [self.name(c) for c in self.boneyard[seat]]
        return out

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N": "seat 1 wins: seat 0 ended its turn with fewer
        than two living characters" (fellbound.txt, "Winning")."""
        outcome = self._outcome
        if outcome is None:
            return None
        if not outcome.winners:
            return "A draw: " + ("the turn limit was reached" if outcome.reason == "turn_limit" else outcome.reason)
        winners = " and ".join(f"seat {seat}" for seat in outcome.winners)
        losers = " and ".join(f"seat {seat}" for seat in range(self.num_players) if seat not in outcome.winners)
        detail = {"too_few_characters": f"{losers} ended a turn with fewer than two living characters",
                  "conceded": f"{losers} conceded"}.get(outcome.reason, outcome.reason.replace("_", " "))
        return f"{winners} {'win' if len(outcome.winners) > 1 else 'wins'}: {detail}"

    def action_pick(self, action: Action, player: int) -> Pick | None:
        """A deployment (the card in hand, then its tile) and a character's act (its tile, then the
        tile it moves to or acts on) picked on the battleground; acting against one's own side is
        marked."""
        verb, args = action.verb, action.args
        if verb == "deploy":
            return Pick("Deploy: a card from your hand, then its tile", (f"card:{args[0]}", f"tile:{args[1]}"),
                        ordered=True)
        if verb not in _TILE_VERBS:
            return None
        refs = tuple(f"tile:{arg}" for arg in args)
        warning = None
        if verb in _HARMFUL and len(args) > 1:
            target = self.tiles[self.board.at(args[1])]
            if target is not None and target.controller == player:
                warning = "your own character"
            elif target is not None and self.side_of[target.controller] == self.side_of[player]:
                warning = "an ally's character"
        return Pick("Act with a character: its tile, then where it goes or what it acts on", refs,
                    ordered=True, warning=warning)

    # -- sentences ------------------------------------------------------------------------------------
    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/fellbound/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        """``action`` by ``player`` in words ("Seat 0's Vanguard Lancer (a3) attacks Carrion Kite
        (b3) from the front"); said before the action is applied."""
        verb, args = action.verb, action.args
        if verb == "done":
            return f"Seat {player} ends the action phase"
        if verb == "end":
            return f"Seat {player} ends the turn"
        if verb == "concede":
            return f"Seat {player} concedes"
        if verb == "deploy":
            return f"Seat {player} {self._say_deploy(player, args)}"
        tile = self.board.at(args[0])
        actor = f"Seat {player}'s {self._on(tile)}"
        if verb == "move":
            return f"{actor} moves to {args[1]}{self._collecting(self.board.at(args[1]))}"
        if verb == "reform":
            facing = self.occupant(tile).facing
            return f"{actor} reforms to face row {ROW_LETTERS[0 if facing > 0 else 1]}"
        if verb == "retreat":
            return f"{actor} retreats to the boneyard, taking {self.occupant(tile).gold} gold back to the treasury"
        if verb == "spray" and len(args) == 1:
            hit = ", ".join(self._on(t) for t in self.spray_targets(tile))
            return f"{actor} spray-attacks everything ahead in range: {hit}"
        target = self.board.at(args[1])
        if verb in ("attack", "leach", "spray"):
            stat = {"spray": "spray_attack"}.get(verb, verb)
            side = "the flank" if self.board.is_flanking(tile, target, self.occupant(target).facing) else "the front"
            word = {"attack": "attacks", "leach": "leaches", "spray": "spray-attacks"}[verb]
            return (f"{actor} {word} {self._on(target)} from {side} "
                    f"({stat.replace('_', ' ')} {self.stat(self.occupant(tile), stat)} "
                    f"x{self.stat(self.occupant(tile), 'attack_multiplier')})")
        if verb == "heal":
            return f"{actor} heals {self._on(target)}"
        if verb == "steal":
            return f"{actor} steals gold from {self._on(target)}"
        if verb == "bribe":
            return f"{actor} bribes {self._on(target)} for {self.bribe_cost(self.occupant(target))} gold"
        return f"Seat {player} {action}"

    def _on(self, tile: int) -> str:
        character = self.occupant(tile)
        state = "slain " if character.slain else ""
        return f"{state}{self.name(character.card)} ({self.board.name(tile)})"

    def _collecting(self, tile: int) -> str:
        character = self.tiles[tile]
        if character is None:
            return ""
        return f", collecting the slain {self.name(character.card)} and its {character.gold} gold"

    def _say_deploy(self, player: int, args: tuple) -> str:
        name, tile = args[0], self.board.at(args[1])
        paid = next((a for a in args[2:] if isinstance(a, int)), None)
        sacrificed = next((a for a in args[2:] if isinstance(a, str)), None)
        if paid is None:
            card = next(c for c in self.hand[player] if self.name(c) == name)
            paid = self.value(card, "gold_cost", player) or 0
        text = f"deploys {name} onto {args[1]} with {paid} gold"
        if sacrificed:
            text += f", sacrificing {sacrificed}"
        return text + self._collecting(tile)
