"""``view`` (what a seat may see, JSON-able; keys documented in engine.py) and ``action_to_string``."""

from __future__ import annotations

from rules.core.engine import Action, Event, Pick
from rules.spellbound.base import SpellboundBase
from rules.spellbound.event_text import event_to_string

#: presentation hints (docs/view-format.md, "Presentation hints"): a card's owner and kind are said
#: by the panel and the zone it is drawn in; its controller only when it is not the panel's seat
HINTS = {
    "internal": ["uid", "kind", "owner", "source", "attached_to", "item", "battler", "target"],
    "labels": {"library": "library", "creature_limit": "creature limit", "damage": "battle damage",
               "converts_cast": "converts cast this turn", "target_name": "target",
               "battler_name": "battler", "pending": "waiting for", "asks": "to", "left": "discards left",
               "reason": "because of"},
    "seat_keys": ["active", "first_player", "priority", "controller", "seat"],
    # drawn only while something waits, is on the ladder or battles (not "Waiting for: —")
    "empty_hidden": ["pending", "ladder", "aura", "battles"],
    # the steps in the rulebook's words (spellbound.txt, "6. Parts of a Turn")
    "value_labels": {"step": {"unflip": "unflip step", "caretake": "caretake step", "draw": "draw step",
                              "gain": "gain step", "first_casting": "first casting phase",
                              "pre_battle": "pre-battle step", "declare_battlers": "declare battlers step",
                              "battle_damage": "battle damage step", "second_casting": "second casting phase",
                              "cease": "cease phase", "janitor": "janitor step"},
                     # a pending discard's reason: an effect's, or the janitor step's hand limit of nine
                     "reason": {"effect": "an effect", "hand_limit": "the hand limit"}},
}

#: a pending decision's kind in words (the view's ``pending.asks``)
ASKS = {"target": "choose a target", "declare": "declare battlers", "discard": "discard",
        "pick": "pick a card from the graveyard"}


class ViewMixin(SpellboundBase):
    """The seat's view and actions in words."""

    def _perm_view(self, perm) -> dict:
        out = {"uid": perm.ref, "name": perm.name, "kind": perm.kind, "owner": perm.owner,
               "controller": perm.controller, "flipped": perm.flipped}
        if perm.kind in ("creature", "bounder"):
            out.update(health=self.health(perm), max_health=self.max_health(perm), damage_taken=perm.damage)
        if perm.kind == "creature":
            out.update(damage=self.attack(perm), keywords=sorted(self.keywords(perm)), fatigued=self.fatigued(perm),
                       attached=[self._perm_view(p) for p in self.attachments(perm.uid)])
        if perm.kind == "bounder":
            out["attached"] = [self._perm_view(p) for p in self.attachments(perm.uid)]
        if perm.kind == "blessing":
            out["caretakes"] = perm.caretakes
        if perm.attached is not None:
            out["attached_to"] = f"u{perm.attached}"
        return out

    def _side_view(self, seat: int, viewer: int | None) -> dict:
        side = self.sides[seat]
        pond = self.pond(seat)
        out = {
            "bounder": self._perm_view(self.bounder(seat)),
            "soul_pond": {"uid": pond.ref, "name": pond.name, "level": pond.level,
                          "levels": len(self.card(pond.name).of("gain")), "next_cost": self.next_level_cost(seat)},
            "souls": dict(side.souls),
            "converts": [self._perm_view(p) for p in self.permanents(seat, "convert")],
            "creatures": [self._perm_view(p) for p in self.creatures(seat)],
            "creature_limit": self.creature_limit(seat),
            "battlefield": [self._perm_view(p) for p in self.permanents(seat)
                            if p.kind in ("charm", "blessing") and p.attached is None],
            "hand_count": len(side.hand), "library_count": len(side.library),
            "graveyard": list(side.graveyard), "exile": list(side.exile),
            "converts_cast": side.converts_cast, "turns_taken": side.turns_taken,
        }
        if viewer is None or viewer == seat:
            out["hand"] = sorted(side.hand)
        return out

    def _ladder_view(self) -> list[dict]:
        out = []
        for item in reversed(self.ladder):  # top first
            target = self.permanent(item.target)
            out.append({"uid": item.ref, "kind": item.kind, "name": item.name, "controller": item.controller,
                        "source": None if item.origin is None else f"u{item.origin}", "target": item.target,
                        "target_name": target.name if target is not None else item.target,
                        "text": self.card(item.name).effects[item.effect].text if item.effect is not None else ""})
        return out

    def _pending_view(self) -> dict | None:
        """The decision asked first: its kind and seat; the ladder item a target is chosen for, the
        discards still to make and why, the division of the card to pick."""
        if not self.pending:
            return None
        kind, seat = self.pending[0][:2]
        out = {"kind": kind, "asks": ASKS[kind], "seat": seat}
        if kind == "target":
            out["item"] = f"u{self.pending[0][2]}"
        elif kind == "discard":
            out.update(left=min(self.pending[0][2], len(self.sides[seat].hand)), reason=self.pending[0][3])
        elif kind == "pick":
            out["division"] = self.pending[0][2]
        return out

    def _pending_sentence(self) -> dict:
        """The hints' ``sentences`` for the decision asked first, seats as "seat N" ("seat 1 to
        choose a target for Flame Jab"), or nothing while none is asked."""
        pending = self._pending_view()
        if pending is None:
            return {}
        said = f"seat {pending['seat']} to {pending['asks']}"
        if "item" in pending:
            said += f" for {self._card_name(pending['item'])}"
        elif "left" in pending:
            reason = HINTS["value_labels"]["reason"].get(pending["reason"], pending["reason"])  # type: ignore[index]
            said += f" ({pending['left']} left, because of {reason})"
        elif "division" in pending:
            said += f" ({pending['division']})"
        return {"sentences": {"pending": said}}

    def view(self, player: int | None) -> dict:
        aura = self.aura()
        acting = self.current_players()
        view = {
            "game": "spellbound", "turn": self.turn, "step": self.step_name, "active": self.active,
            "first_player": self.first, "priority": self.priority, "to_act": acting,
            "pending": self._pending_view(),
            "over": self.is_over, "outcome": self.outcome.as_dict() if self.outcome else None,
            "ladder": self._ladder_view(),
            "aura": self._perm_view(aura) if aura is not None else None,
            "battles": [{"battler": f"u{uid}", "target": t, "battler_name": self._card_name(f"u{uid}"),
                         "target_name": self._card_name(t)} for uid, t in self.battles],
            "players": [self._side_view(seat, player) for seat in range(self.num_players)],
            "hints": {**HINTS, "outcome": self._outcome_sentence(), **self._pending_sentence()},
        }
        if player is not None and acting == [player]:  # only for the seat to act, as every engine does
            view["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return view

    def step_to_string(self, step: str) -> str:
        """The step in the rulebook's words (the hints' ``value_labels``)."""
        return HINTS["value_labels"]["step"].get(step, step.replace("_", " "))  # type: ignore[index]

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N": "seat 0 wins: Mirelle's health fell to -40"
        (spellbound.txt, "Winning the game")."""
        outcome = self.outcome
        if outcome is None:
            return None
        if not outcome.winners:
            return "A draw: " + ("the turn limit was reached" if outcome.reason == "turn_limit" else outcome.reason)
        loser = 1 - outcome.winners[0]
        bounder = self.bounder(loser)
        detail = (f"{bounder.name}'s health fell to {self.health(bounder)}" if outcome.reason == "bounder"
                  else f"seat {loser} had to draw from an empty library" if outcome.reason == "library"
                  else outcome.reason.replace("_", " "))
        return f"seat {outcome.winners[0]} wins: {detail}"

    # -- picking on the board ---------------------------------------------------------------------
    def _pick_ref(self, ref) -> str:
        """A target as the board draws it: a card on the battlefield by its uid (a seat by its
        bounder's), any other card by its name."""
        if isinstance(ref, str) and ref.startswith("seat"):
            return f"id:{self.bounder(int(ref[4:])).ref}"
        perm = self.permanent(ref)
        return f"id:{perm.ref}" if perm is not None else f"card:{ref}"

    def action_pick(self, action: Action, player: int) -> Pick | None:
        """Battlers (each battler, then what it battles; several, then ``done``), targets, discards
        and graveyard picks on the board."""
        verb, args = action.verb, action.args
        if verb == "battle":
            return Pick("Declare battlers: a battler, then what it battles", (self._pick_ref(args[0]),
                        self._pick_ref(args[1])), ordered=True, several=True, finish="done")
        if verb == "target":
            return Pick("Choose the target", (self._pick_ref(args[0]),))
        if verb == "discard":
            return Pick("Choose a card to discard", (f"card:{args[0]}",))
        if verb == "pick":
            return Pick("Choose a card to return from the graveyard", (f"card:{args[0]}",))
        return None

    # -- words ------------------------------------------------------------------------------------
    def _card_name(self, ref: str) -> str:
        """A battlefield card's name for people, never its uid (one gone says so)."""
        name = self._name(ref)
        return "a card no longer on the battlefield" if name == ref else name

    def _name(self, ref) -> str:
        if isinstance(ref, str) and ref.startswith("seat"):
            return f"Seat {int(ref[4:])}"
        perm = self.permanent(ref)
        if perm is not None:
            return perm.name
        item = next((i for i in self.ladder if i.ref == ref), None)
        return f"the spell {item.name}" if item is not None else str(ref)

    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/spellbound/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        who = f"Seat {player}"  # seats are numbered from 0, as everywhere (name_seats names them by deck)
        verb, args = action.verb, action.args
        if verb == "pass":
            return f"{who} passes" + (" (the top of the ladder resolves if all pass)" if self.ladder else "")
        if verb == "cast":
            return f"{who} casts {args[0]}"
        if verb == "ability":
            perm = self.on_board(args[0])
            effect = self.card(perm.name).of("soul")[int(args[1]) - 1]
            return f"{who} activates {perm.name}: {effect.text}"
        if verb == "level_up":
            return f"{who} levels up {self.pond(player).name} to level {self.pond(player).level + 1}"
        if verb == "convert":
            return f"{who} flips {self._name(args[0])} to convert a hollow soul into {args[1]}"
        if verb == "target":
            item = next((i for i in self.ladder if i.uid == self.pending[0][2]), None) if self.pending else None
            return f"{who} targets {self._name(args[0])}" + (f" with {item.name}" if item else "")
        if verb == "discard":
            return f"{who} discards {args[0]}"
        if verb == "pick":
            return f"{who} returns {args[0]} from the graveyard to hand"
        if verb == "battle":
            return f"{who} battles {self._name(args[1])} with {self._name(args[0])}"
        if verb == "done":
            return f"{who} finishes declaring battlers"
        return f"{who}: {action}"
