"""``view`` and ``action_to_string`` for Millennium Blades (shaped per docs/view-format.md; the keys
are documented in engine.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Action, Event
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.event_text import event_to_string

#: presentation hints (docs/view-format.md, "Presentation hints"): the panel's title names the seat
#: and its deck; the tournament's words (millennium-blades.txt, "Tournament Phase")
HINTS: dict[str, Any] = {
    "internal": ["deck", "seat"],  # the panel says the seat; a decision is asked of the seat to act
    "labels": {"turn_seat": "whose turn", "rp": "ranking points (RP)", "passes_in_succession": "passes in a row",
               "plays_left": "plays left", "action_used": "action used", "clashes_won": "clashes won",
               "top_card": "top card", "deck_box": "deck box", "next_card_effects": "effects on the next card",
               "chart": "prize chart", "store_count": "store", "store_discard": "store discard",
               "decision": "waiting for", "about": "for", "was": "face-down card, was"},
    "seat_keys": ["turn_seat"],
    "empty_hidden": ["next_card_effects", "accessories", "deck_box", "removed", "metagame", "store_discard",
                     "tokens", "top_card"],
    # the prize chart in the rulebook's words (millennium-blades.txt, "Tournament VP Chart")
    "value_labels": {"chart": {"pre_release": "pre-release", "round1": "round 1",
                               "round2": "round 2", "final": "final round"},
                     "phase": {"turn": "players' turns", "scoring": "scoring", "over": "game over"}},
}


def outcome_sentence(winners: Sequence[int], scores: list[str], what: str = "") -> str:
    """The end of a game in a sentence, seats as "seat N" (engine numbers, which the page names
    for people): who won (``what``, if said) and every seat's score, in seat order."""
    won = " and ".join(f"seat {w}" for w in winners) or "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    points = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(scores))
    return f"{won} {verb}{' ' + what if what else ''} ({points})"


#: a pending decision's kind in words: what the seat does about the decision's ``about``. Every kind
#: the engine asks (``ResolveMixin.ask`` refuses any other), and view.schema.json's ``decision.kind``
DECISION_WORDS = {"target": "choose a target for {about}", "react": "decide on a reaction: {about}",
                  "opponent": "choose {about}", "aftermarket": "take {about}", "either": "choose {about}",
                  "any_number": "take {about}", "value": "name {about}", "name": "choose {about}",
                  "optional": "accept or decline: {about}", "player": "choose {about}",
                  "insert": "choose where {about} goes", "reveal": "choose {about}", "discard": "choose {about}",
                  "accessory": "keep or discard {about}", "meta": "choose {about}", "attach": "choose {about}",
                  "store_discard": "take {about}", "spend": "choose {about}", "guard": "choose {about}",
                  "unflip": "turn {about} face-up", "play": "choose {about}"}


def decision_hints(decision: dict | None) -> dict:
    """The hints' ``sentences`` for a pending decision, its seat as "seat N" ("seat 1 to choose a
    target for Ember Bolt"), or nothing while none is pending."""
    if not decision:
        return {}
    words = DECISION_WORDS.get(decision["kind"], "decide: {about}").format(about=decision["about"] or "a card")
    return {"sentences": {"decision": f"seat {decision['seat']} to {words}"}}


class ViewMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def card_chip(self, card: int, slot: int | None = None, top: bool = False) -> dict:
        """A face-up card: name, star now, elements, types, tokens; a face-down one has no name
        ("Face-Down Cards": "a blank card"), only ``face: "down"`` and what it was (everyone saw it)."""
        chip: dict[str, Any]
        if card in self.down:
            chip = {"face": "down", "was": self.cards[card].name}
        else:
            chip = {"name": self.cards[card].name, "star": self.star(card) if self.in_tableau(card) else
                    self.cards[card].star, "elements": " ".join(self.elements(card)) or "-",
                    "types": " ".join(self.types(card)) or "-"}
            if self.tokens.get(card):
                chip["tokens"] = self.tokens[card]
            if self.attached and self.attachments(card):
                chip["attached"] = [self.cards[a].name for a in self.attachments(card)]
            if top:
                chip["top_card"] = True
            if self.pointing and card in self.pointing and slot is not None:  # played sideways (ops_sideways.py)
                chip["points"] = "left" if self.pointing[card] < 0 else "right"
        if slot is not None:
            chip["slot"] = slot
        return chip

    def player_view(self, seat: int, viewer: int | None) -> dict:
        top = self.top_card(seat)
        row: list[dict | None] = [self.card_chip(c, i, c == top) for i, c in enumerate(self.tableau[seat])]
        row += [None] * max(0, self.capacity(seat) - len(row))
        out = {"seat": seat, "deck": self.deck_names[seat], "rp": self.rp[seat], "money": self.money[seat],
               "clashes_won": self.clashes_won[seat], "tableau": row,
               "top_card": self.cards[top].name if top is not None else None,
               "deck_box": [self.card_chip(c) for c in self.deck_box[seat]],
               "accessories": [self.card_chip(c) for c in self.accessories[seat]],
               "binder": [self.cards[c].name for c in self.binder[seat]],
               "next_card_effects": [self.cards[e[1]].name if e[0] == "effect" else f"+{e[1]} star tokens"
                                     for e in self.next_effects[seat]],
               "removed": seat in self.out}
        if viewer is None or viewer == seat:
            out["hand"] = sorted(self.cards[c].name for c in self.hand[seat])
        else:
            out["hand_count"] = len(self.hand[seat])
        return out

    def view(self, player: int | None) -> dict:
        view: dict[str, Any] = {"game": "millennium_blades", "turn": self.turn, "phase": self.phase, "turn_seat": self.seat_turn,
                "to_act": list(self.current_players()), "passes_in_succession": self.passes,
                "plays_left": self.plays_left, "action_used": self.action_used, "over": self.is_over,
                "outcome": self.outcome.as_dict() if self.outcome else None, "chart": self.chart,
                "players": [self.player_view(s, player) for s in range(self.num_players)],
                "store_count": len(self.store_cards()), "store_discard": [self.cards[c].name for c in self.store_discard],
                "aftermarket": [self.cards[c].name for c in self.aftermarket],
                "metagame": [self.card_chip(c) for c in self.metagame]}
        if self.pending:
            view["decision"] = {"seat": self.pending["seat"], "kind": self.pending["kind"],
                                "about": self.pending["about"]}
        view["hints"] = {**HINTS, "outcome": self._outcome_sentence(), **decision_hints(view.get("decision"))}
        if player is not None and player in self.current_players():
            view["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return view

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N": who placed first and the ranking points
        (millennium-blades.txt, "Ending the Tournament": the most RP wins it)."""
        if self.outcome is None:
            return None
        return outcome_sentence(self.outcome.winners, [f"{rp} RP" for rp in self.rp], "the tournament")

    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/millennium_blades/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        who = f"Seat {player}"
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types engine.py lists
        about = self.pending["about"] if self.pending else ""
        if verb == "play":
            where = {"aftermarket": " from the Aftermarket", "face-down": " face-down",  # (ops_more_x.py)
                     "store_discard": " from the top of the Store Discard",
                     "binder": " from their binder"}.get(args[1], "") if len(args) > 1 else ""  # (ops_zones2.py)
            return f"{who} plays {args[0]}{where} into slot {len(self.tableau[player]) + 1}"
        if verb == "use":
            return f"{who} uses the Action of {args[0]} (then flips it face-down)"
        if verb == "pass":
            return f"{who} cannot play a single and passes"
        if verb == "end":
            return f"{who} ends the turn"
        if verb == "accept":
            return f"{who} uses the optional effect of {about}"
        if verb == "decline":
            return f"{who} declines the effect of {about}" if self.pending and self.pending["kind"] != "react" \
                else f"{who} does not react to {about}"
        if verb == "react":
            return f"{who} reacts with {args[0]} to {about}"
        if verb == "target":
            card = self.tableau[args[0]][args[1]]
            return f"{who} chooses seat {args[0]}'s {self._name_for(card)} (slot {args[1] + 1}) for {about}"
        if verb in ("opponent", "player"):  # ("an opponent to clash with")
            return f"{who} chooses seat {args[0]} as {about}"
        if verb == "pick":
            return f"{who} chooses {args[0]} from their hand as {about}"
        if verb == "value":
            return f"{who} chooses {args[0]} as {about}"
        if verb == "show":
            return f"{who} reveals {args[0]} from their hand for {about}"
        if verb == "name":
            return f"{who} names {args[0]} for {about}"
        if verb == "option":
            return f"{who} chooses option {args[0] + 1} of {about}"
        if verb == "take":
            return f"{who} chooses {args[0]} from the Aftermarket as {about}"
        if verb == "accessory":
            return f"{who} chooses seat {args[0]}'s accessory {self.cards[self.accessories[args[0]][args[1]]].name} for {about}"
        if verb == "deck_box":  # ops_history.py
            return f"{who} chooses seat {args[0]}'s deck box {self.cards[self.deck_box[args[0]][args[1]]].name} for {about}"
        if verb == "unite":  # ops_more_a.py
            return f"{who} attaches {args[0]} from their hand to {self._name_for(self.tableau[player][args[1]])} (Unite)"
        if verb == "guard":
            return f"{who} discards the attached {args[0]} to keep {about} face-up (Unite)"
        if verb == "insert":
            return f"{who} inserts {about} into slot {args[0] + 1} of their tableau (Scurry)"
        return f"{who}: {action}"

    def _name_for(self, card: int) -> str:
        return f"face-down card (was {self.cards[card].name})" if card in self.down else self.cards[card].name
