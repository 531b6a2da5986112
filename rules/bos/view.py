"""What each seat sees (``view``) and moves in the game's words (``action_to_string``); the view's
keys are documented in engine.py.

bos.txt, "Starting Info": "Any cards that have been face-down for the entire game are private
... You can also look at an opponent's wizards once they have been flipped face-up for the first
time, and you can look at any player's graveyard at any time."
"""

from __future__ import annotations

from typing import Any

from rules.bos.base import BosBase
from rules.bos.event_text import event_to_string
from rules.bos.frames import OFFERED, Attack, Batch, Defeat, Run
from rules.core.engine import Action, Event, Pick

COLUMN_NAMES = ("left", "middle", "right")

#: presentation hints (docs/view-format.md, "Presentation hints"): columns in the actions' words
HINTS = {
    "internal": [],
    "labels": {"turns_started": "turns started", "castle_known": "known in the castle", "printed": "printed strength",
               "player": "defending", "stack": "waiting to resolve"},
    "seat_keys": ["active", "first_player", "caster", "controller", "player"],
    # the phases in the rulebook's words (bos.txt, "Gameplay": the four phases; "Going First", "Best of 3
    # Match" and the set-up before them)
    "value_labels": {"column": [f"{name} column" for name in COLUMN_NAMES],
                     "phase": {"bid": "bidding for the first turn", "throw": "rock-paper-scissors for the first turn",
                               "choose_first": "choosing who goes first", "swap": "swapping reserves",
                               "arrange": "arranging wizards", "startup": "startup phase",
                               "summoning": "summoning phase", "main": "main phase", "ending": "ending phase",
                               "over": "game over"}},
}


class ViewMixin(BosBase):
    """``view`` and ``action_to_string``."""

    def step_to_string(self, step: str) -> str:
        """The phase in the rulebook's words (the hints' ``value_labels``)."""
        return HINTS["value_labels"]["phase"].get(step) or super().step_to_string(step)  # type: ignore[index]

    def _enchantments(self, host) -> list[dict]:
        return [{"name": name, "caster": caster} for name, caster in host.enchantments]

    def _unit_view(self, unit) -> dict:
        return {"name": unit.name, "column": unit.column, "strength": self.strength(unit),
                "printed": self.cards[unit.name].strength, "damage": unit.damage, "sideways": unit.sideways,
                "enchantments": self._enchantments(unit)}

    def _side_view(self, seat: int, mine: bool) -> dict:
        side = self.sides[seat]
        wizards = [{"column": c, "name": w.name if mine or w.seen else None, "face_up": w.face_up,
                    "sideways": w.sideways, "enchantments": self._enchantments(w)} for c, w in enumerate(side.wizards)]
        boss = None
        if side.boss is not None:
            if side.boss.face_up:
                boss = {**self._unit_view(side.boss), "face_up": True}
            else:
                known = mine or self.boss_revealed
                boss = {"name": side.boss.name if known else None, "face_up": False, "sideways": False,
                        "enchantments": []}
        out = {
            "life": side.life, "vim": side.vim, "ether": side.ether, "turns_started": side.turns_started,
            "wizards": wizards,
            "summons": [self._unit_view(u) if u else None for u in side.summons],
            "boss": boss,
            "graveyard": list(side.graveyard),
            "castle_count": sum(side.castle.values()), "spellbook_count": sum(side.spellbook.values()),
            "reserves_count": sum(side.reserves.values()),
            "castle_known": dict(sorted(side.castle_known.items())),
        }
        if mine:
            out["castle"] = dict(sorted(side.castle.items()))
            out["spellbook"] = dict(sorted(side.spellbook.items()))
            out["reserves"] = dict(sorted(side.reserves.items()))
        return out

    def _frame_view(self, frame) -> dict:
        if isinstance(frame, Batch):
            return {"kind": "abilities", "waiting": [{"card": t.card, "ability": t.ability, "at": t.where,
                                                      "controller": t.controller} for t in frame.triggers]}
        if isinstance(frame, Run):
            t = frame.trigger
            return {"kind": "ability", "card": t.card, "ability": t.ability, "at": t.where, "controller": t.controller,
                    "offered": frame.stage == OFFERED, "casting": frame.spell is not None}
        if isinstance(frame, Attack):
            attacker, target = self.unit(frame.attacker), self.unit(frame.target)
            return {"kind": "attack", "attacker": attacker.name if attacker else None,
                    "target": target.name if target else None, "player": frame.defender}
        assert isinstance(frame, Defeat)
        return {"kind": "defeated", "cards": [u.name for u in frame.units]}

    def view(self, player: int | None) -> dict:
        to_act = self.current_players()
        out = {
            "game": "bos", "turn": self.turn, "phase": self.phase, "active": self.active,
            "first_player": self.first if self.turn else None, "competitive": self.competitive,
            "to_act": list(to_act), "over": self._outcome is not None,
            "outcome": self._outcome.as_dict() if self._outcome else None,
            "bids": [list(b) for b in self.bids], "throws": [list(t) for t in self.throws],
            "stack": [self._frame_view(f) for f in self.stack],
            "players": [self._side_view(seat, player is None or player == seat) for seat in (0, 1)],
            "hints": {**HINTS, "outcome": self._outcome_sentence()},
        }
        if player is not None and player in to_act:  # only for a seat to act, as every engine does
            out["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return out

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N" (bos.txt, "Winning")."""
        outcome = self._outcome
        if outcome is None:
            return None
        if not outcome.winners:
            return "A draw: " + ("the turn limit was reached" if outcome.reason == "turn_limit"
                                 else outcome.reason.replace("_", " "))
        loser = 1 - outcome.winners[0]
        detail = {"life": f"seat {loser}'s life was brought down to {self.sides[loser].life}",
                  "decay": f"seat {loser} decayed to {self.sides[loser].life} life"}.get(
                      outcome.reason, outcome.reason.replace("_", " "))
        return f"seat {outcome.winners[0]} wins: {detail}"

    def action_pick(self, action: Action, player: int) -> Pick | None:
        """Wizards put in columns (left, middle, right, in order), attacks (the attacker, then the unit
        it attacks; attacking one's own side is marked), blocks and chosen units, picked on the board."""
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types engine.py lists
        if verb == "columns":
            return Pick("Put your wizards in columns: left, then middle, then right",
                        tuple(f"card:{name}" for name in args), ordered=True)
        if verb == "attack":
            unit = self.sides[player].boss if args[0] == "boss" else self.sides[player].summons[int(args[0][3:])]
            refs: tuple[str, ...] = (f"card:{unit.name}",) if unit is not None else ()
            warning = "yourself" if args[1] == f"seat{player}" else None
            if "." in args[1]:
                target = self.unit_at(args[1])
                refs += (f"card:{target.name}",) if target is not None else ()
                warning = "your own unit" if args[1].startswith(f"seat{player}.") else None
            return Pick("Attack: the attacker, then the unit it attacks", refs, ordered=True, warning=warning)
        if verb in ("block", "choose") and isinstance(args[0], str) and args[0].startswith("seat") and "." in args[0] \
                and ".wizard" not in args[0]:
            unit = self.unit_at(args[0])
            if unit is None:
                return None
            question = "Block with" if verb == "block" else "Choose a unit"
            return Pick(question, (f"card:{unit.name}",))
        return None

    # -- sentences ---------------------------------------------------------------------------------------
    def _where(self, word: str) -> str:
        """``seat1.col0`` -> "Ember Whelp (seat 1, left column)"."""
        if word.startswith("seat") and "." not in word:
            return f"seat {word[4:]}"
        if ".wizard" in word:
            wizard = self.lookup(word)
            assert isinstance(wizard, tuple)
            owner, column = wizard
            return f"{self.sides[owner].wizards[column].name} (seat {owner}'s {COLUMN_NAMES[column]} wizard)"
        unit = self.unit_at(word)
        seat, spot = word.split(".")
        name = unit.name if unit else "nothing"
        return f"{name} (seat {seat[4:]}, {'boss' if spot == 'boss' else COLUMN_NAMES[int(spot[3:])] + ' column'})"

    def _paying(self, vim: int, ether: int) -> str:
        if not vim:
            return ""
        parts = [f"{vim - ether} vim"] + ([f"{ether} ether"] if ether else [])
        return " for " + " and ".join(parts)

    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/bos/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        who = f"Seat {player}"
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types engine.py lists
        if verb == "bid":
            return f"{who} bids {args[0]} ether in secret"
        if verb == "throw":
            return f"{who} throws {args[0]}"
        if verb in ("go_first", "go_second"):
            return f"{who} chooses to go {verb[3:]}"
        if verb == "swap":
            return f"{who} swaps {args[0]} out of the deck for {args[1]} from the reserves"
        if verb == "done":
            return f"{who} is done swapping reserves"
        if verb == "columns":
            placed = ", ".join(f"{name} ({COLUMN_NAMES[c]})" for c, name in enumerate(args))
            return f"{who} puts its wizards in columns: {placed}"
        if verb == "end":
            return f"{who} ends the {self.phase} phase"
        if verb == "conduct":
            wizard = self.sides[player].wizards[args[1]].name
            return (f"{who} turns {wizard} face-down to conduct {args[0]} from the castle in front of the "
                    f"{COLUMN_NAMES[args[1]]} wizard")
        if verb == "use":
            card = dict(self.sources(player))[args[0]].card
            ability = self.ability(card, args[1])
            vim = sum(o.get("amount", 0) for o in ability.cost if o["op"] == "pay_vim")
            return f"{who} uses {card}'s ability{self._paying(vim, args[2])}: {ability.text or ability.timing}"
        if verb == "cast":
            return f"{who} casts {args[0]} from the spellbook{self._paying(self.cards[args[0]].vim_cost, args[1])}"
        if verb == "boss":
            boss = self.sides[player].boss
            assert boss is not None  # (turned face-up, still there)
            return f"{who} turns its boss {boss.name} face-up"
        if verb == "attack":
            unit = self.sides[player].boss if args[0] == "boss" else self.sides[player].summons[int(args[0][3:])]
            assert unit is not None  # a legal attacker
            attacker = f"{unit.name} ({'boss' if unit.column is None else COLUMN_NAMES[unit.column] + ' column'})"
            if "." not in args[1]:
                target = "itself" if args[1] == f"seat{player}" else f"seat {args[1][4:]} directly"
                return f"{who} acts with {attacker} to attack {target}"
            return f"{who} acts with {attacker} to attack {self._where(args[1])}"
        return self._answer_sentence(who, action)

    def _answer_sentence(self, who: str, action: Action) -> str:
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types engine.py lists
        frame = self.stack[-1] if self.stack else None
        card = frame.trigger.card if isinstance(frame, Run) else None
        if verb == "order":
            return f"{who} lets {args[0]}'s ability at {args[2]} happen next"
        if verb == "accept":
            return f"{who} uses {card}'s ability" + (f", paying {args[0]} ether" if args[0] else "")
        if verb == "block":
            return f"{who} blocks with {self._where(args[0])}"
        if verb == "place":
            return f"{who} conducts {args[0]} into the {COLUMN_NAMES[args[1]]} column for {card}"
        if verb == "choose":
            if args[0].startswith("col"):
                return f"{who} moves the summon to the {COLUMN_NAMES[int(args[0][3:])]} column for {card}"
            if not args[0].startswith("seat"):
                return f"{who} chooses {args[0]} from the spellbook for {card}"
            return f"{who} chooses {self._where(args[0])} for {card}"
        if isinstance(frame, Attack):
            return f"{who} does not block"
        if isinstance(frame, Run) and frame.stage == OFFERED:
            return f"{who} declines {card}'s ability"
        return f"{who} chooses no more targets for {card}"
