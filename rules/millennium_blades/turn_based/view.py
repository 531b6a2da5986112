"""What each seat may see in Turn-Based Mode: ``view`` (keys documented in the package docstring),
``hidden_cards``, ``determinize``, and ``action_to_string``."""

from __future__ import annotations

import random
from typing import Any

from rules.core.engine import Action, Event
from rules.millennium_blades.event_text import event_to_string
from rules.millennium_blades.turn_based.actions import FUSION_SIZE
from rules.millennium_blades.turn_based.base import TurnBasedBase
from rules.millennium_blades.turn_based.setup import FUSION_PILES
from rules.millennium_blades.view import HINTS as TOURNAMENT_HINTS
from rules.millennium_blades.view import decision_hints, outcome_sentence

_PHRASES = {
    "sell": "sells {} to the Aftermarket",
    "play": "plays {} into their tableau",
    "deck_box": "puts {} in play as their deck box",
    "accessory": "puts {} in play as an accessory",
    "use": "uses the Action of {} (then flips it face-down)",
    "keep": "keeps the accessory {} for the next deck",
    "discard": "discards the accessory {} to the Store Discard",
    "meta": "puts the {} meta on the bottom of its pile and reveals a new one",
}


#: presentation hints (docs/view-format.md, "Presentation hints"): the tournament's words, the mode
#: said by the page
HINTS = {**TOURNAMENT_HINTS, "internal": [*TOURNAMENT_HINTS["internal"], "mode"], "notes": ["setup_notes"],
         "labels": {**TOURNAMENT_HINTS["labels"], "setup_notes": "set-up notes"}}


class ViewMixin(TurnBasedBase):
    def _names(self, ids) -> list[str]:
        return [self.cards[c].name for c in ids]

    def _seat_view(self, seat: int, viewer: int | None) -> dict:
        table = self.table
        top = table.top_card(seat)
        out = {"seat": seat, "money": self.money[seat], "rp": table.rp[seat], "scores": list(self.scores[seat]),
               "total_rp": self.total_rp(seat), "scorings": self.scorings[seat], "out": seat in self.out,
               "sell_markers": table.markers[seat], "fused_this_deck": sorted(self.fused[seat]),
               "turns_in_deck": self.turns_in_deck[seat],
               "tableau": [table.card_chip(c, i, c == top) for i, c in enumerate(table.tableau[seat])],
               "open_slots": max(0, table.capacity(seat) - len(table.tableau[seat])),
               "deck_box": [table.card_chip(c) for c in table.deck_box[seat]],
               "accessories": [table.card_chip(c) for c in table.accessories[seat]],
               "collections": {kind: {"symbol": self.collection_symbol[seat][kind], "cards": self._names(cards)}
                               for kind, cards in self.collections[seat].items()},
               "hand_count": len(table.hand[seat])}
        if viewer is None or viewer == seat:
            out["hand"] = sorted(self._names(table.hand[seat]))
        return out

    def view(self, player: int | None) -> dict:
        table = self.table
        top = table.store[-1] if table.store else None
        view: dict[str, Any] = {"game": "millennium_blades", "mode": "turn_based", "turn": self.turn, "turn_seat": self.turn_seat,
                "first_player": self.first_player, "to_act": list(self.current_players()),
                "main_action_done": self.main_done, "action_used": self.action_used,
                "over": self.is_over, "outcome": self.outcome.as_dict() if self.outcome else None,
                "store_count": len(table.store), "store_top_set": self.cards[top].set_code if top is not None else None,
                "store_top_cost": self.cards[top].cost if top is not None else None,
                "store_discard_count": len(table.store_discard),
                "aftermarket": [{"name": self.cards[c].name, "star": self.cards[c].star,
                                 "marker": table.marker_on.get(c), "sold_by": self.sold_by.get(c)}
                                for c in table.aftermarket],
                "metagame": [{"stack": self.meta_kind[c], **table.card_chip(c)} for c in table.metagame],
                "meta_stacks": {k: len(v) for k, v in self.meta.items()},
                "fusion": {pile: {"tier": FUSION_PILES[pile], "cards": len(cards), "size": FUSION_SIZE[FUSION_PILES[pile]]}
                           for pile, cards in self.fusion.items()},
                "set_aside_promos": {pile: len(cards) for pile, cards in self.prize.items()},
                "players": [self._seat_view(s, player) for s in range(self.num_players)],
                # what the set-up made of a short pool: said during the first turn only
                "setup_notes": list(self.setup_notes) if self.turn <= 1 else [],
                "hints": {**HINTS, "outcome": self._outcome_sentence()}}
        if table.pending:
            view["decision"] = {"seat": table.pending["seat"], "kind": table.pending["kind"],
                                "about": table.pending["about"]}
        elif self.decision:
            view["decision"] = {"seat": self.decision["seat"], "kind": self.decision["kind"],
                                "about": self.decision["about"]}
        view["hints"].update(decision_hints(view.get("decision")))
        if player is not None and player in self.current_players():
            view["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return view

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N": the winners and every seat's total RP
        (millennium-blades.txt, "Turn-Based Mode": the highest total RP wins)."""
        if self.outcome is None:
            return None
        return outcome_sentence(self.outcome.winners, [f"{self.total_rp(s)} RP" for s in range(self.num_players)])

    def hidden_cards(self, player: int) -> list[str]:
        """The Store deck, the other players' hands, and the face-down piles (fusion, set-aside
        promos, Metagame stacks: their order)."""
        table = self.table
        hidden = list(table.store) + [c for s in range(self.num_players) if s != player for c in table.hand[s]]
        for pile in [*self.fusion.values(), *self.prize.values(), *self.meta.values()]:
            hidden += pile
        return [self.cards[c].name for c in hidden]

    def determinize(self, player: int, rng: random.Random) :
        """A clone with the Store deck and the other hands redealt together (hand sizes kept, the
        Store's top keeping its set: the set shows) and each face-down pile shuffled."""
        world = self.clone()
        table = world.table
        others = [s for s in range(self.num_players) if s != player]
        unseen = list(table.store) + [c for s in others for c in table.hand[s]]
        rng.shuffle(unseen)
        top = []
        if table.store:
            code = self.cards[table.store[-1]].set_code
            top = [next(c for c in unseen if self.cards[c].set_code == code)]
            unseen.remove(top[0])
        for s in others:
            size = len(table.hand[s])
            table.hand[s], unseen = unseen[:size], unseen[size:]
            for c in table.hand[s]:
                table.owner[c] = s
        for c in unseen + top:
            table.owner[c] = -1
        table.store = unseen + top
        for pile in [*world.fusion.values(), *world.prize.values(), *world.meta.values()]:
            rng.shuffle(pile)
        return world

    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/millennium_blades/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        table = self.table
        if table.pending:
            return table.action_to_string(action, player)
        who, verb = f"Seat {player}", action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types actions.py gives
        if verb == "buy_store":
            top = table.store[-1]
            return f"{who} buys the top card of the Store (a {self.cards[top].set_code} card) for {self.cards[top].cost} dollars"
        if verb == "buy_aftermarket":
            star = next(self.cards[c].value for c in table.aftermarket if self.cards[c].name == args[0])
            return f"{who} buys {args[0]} from the Aftermarket for {star} dollars"
        if verb == "fuse":
            tier = FUSION_PILES[args[0]]
            return f"{who} fuses {FUSION_SIZE[tier]} cards from their hand into a {tier} promo ({args[0]} pile)"
        if verb == "collect":
            return f"{who} adds {args[0]} to their {args[1]} collection"
        if verb == "score":
            return f"{who} scores their tableau and collections (scoring {self.scorings[player] + 1} of 3)"
        if verb == "end":
            return f"{who} ends the turn"
        phrase = _PHRASES.get(verb)
        return f"{who} " + phrase.format(*args) if phrase else f"{who}: {action}"
