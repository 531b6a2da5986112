"""``view`` and ``action_to_string`` for the whole game (keys documented in the package docstring)."""

from __future__ import annotations

import re
from typing import Any

from rules.core.engine import Action, Event
from rules.millennium_blades.event_text import event_to_string
from rules.millennium_blades.full import powers, trading
from rules.millennium_blades.full.base import FullBase
from rules.millennium_blades.full.market import FUSION_SIZE, showing
from rules.millennium_blades.view import outcome_sentence

#: presentation hints (docs/view-format.md, "Presentation hints"): the market's words
#: (millennium-blades.txt, "DECKBUILDING PHASE"); the set-up (slug, mode, per-timer budgets, which
#: modes are on) is the run page's, and a mode's fields are drawn only while they hold something
HINTS = {
    "internal": ["game", "mode", "tick", "budgets", "free_market", "modes", "made", "seat"],
    "labels": {"timer": "timer (of 3)", "ticks_left": "ticks left", "store_showing": "store (sets showing)",
               "aftermarket_open": "aftermarket open", "fusion": "card fusion", "size": "binder cards to fuse",
               "kit": "deck", "vp": "victory points (VP)",
               "sell_markers": "sell markers", "fused_this_round": "fused this round",
               "friendship_left": "friendship cards left", "friendship_received": "friendship cards received",
               "collection_type": "type collection", "tournaments_won": "tournaments won",
               "rp_collections": "RP collections", "character_side": "character side", "power": "powers",
               "store_count": "store deck", "store_discard_count": "store discard", "setup_notes": "set-up notes",
               "millennium_draft": "Millennium Accessory draft", "venue_deck_count": "venue deck",
               "pro_players": "Pro Player cards given", "store_peek": "store (peeked)", "meta_peek": "metagame stacks (peeked)",
               "tournament_rounds": "tournament VP by round", "collection_rounds": "collection VP by round",
               "pre_release": "pre-release", "friendship_from": "asks friendship from",
               "packet_sizes": "packet sizes"},
    "seat_keys": ["from", "by", "to", "order", "friendship_from", "seats", "marker"],
    "notes": ["setup_notes"],
    "empty_hidden": ["draft", "millennium_draft", "venue", "venue_deck_count", "pro_players", "store_peek", "meta_peek",
                     "setup_notes", "offers", "trades", "metagame", "collection_type", "tournaments_won",
                     "rp_collections", "character_side", "power", "friendship_received", "fused_this_round",
                     "store_showing", "timer"],
}


#: the parts of a step's name ("round1:timer3:tick40") in the rulebook's words
#: (millennium-blades.txt, "DECKBUILDING PHASE": three timers a round; Draft Mode's picks)
_STEP_PARTS = {"round": "round {}", "timer": "timer {} of 3", "tick": "tick {}", "draft": "draft pick {}"}
_STEP_PART = re.compile(r"([a-z]+)(\d+)")


def step_words(step: str) -> str:
    """A whole-game step for people: "round1:timer3:tick40" -> "round 1, timer 3 of 3, tick 40",
    "setup:millennium_accessories" -> "set-up, Millennium Accessory draft"."""
    if step == "setup:millennium_accessories":
        return "set-up, Millennium Accessory draft"
    if step == "pre_release:tournament":
        return "the Pre-Release Tournament"
    parts = []
    for part in step.split(":"):
        found = _STEP_PART.fullmatch(part)
        parts.append(_STEP_PARTS[found[1]].format(found[2]) if found and found[1] in _STEP_PARTS
                     else part.replace("_", " "))
    return ", ".join(parts)


class ViewMixin(FullBase):
    def step_to_string(self, step: str) -> str:
        """The step in the rulebook's words (:func:`step_words`)."""
        return step_words(step)

    def _names(self, ids) -> list[str]:
        return [self.cards[c].name for c in ids]

    def _seat_view(self, seat: int) -> dict:
        from rules.millennium_blades.full.scoring import breakdown

        # what a player looks at first comes first (the board draws keys in order): money, the binder
        # (the cards in hand), the deck being built, the collection, the points
        return {"money": self.money[seat], "binder": sorted(self._names(self.binder[seat])),
                "kit": self._names(self.kit[seat]), "collection": self._names(self.collection[seat]),
                "vp": breakdown(self, seat), "sell_markers": self.markers[seat],
                "fused_this_round": sorted(self.fused[seat]), "seat": seat, "starter": self.starters[seat],
                "character": self.characters[seat] if self.characters else None,
                "friendship_left": len(self.friendship[seat]),
                "friendship_received": [{"name": self.cards[c].name, "from": self.friendship_owner[c]}
                                        for c in self.friends[seat]],
                # Duel Mode (duel.py): the type collection, tournaments won, collections' RP
                "collection_type": self._names(self.collection_type[seat]),
                "tournaments_won": self.tournament_wins[seat], "rp_collections": list(self.rp_collections[seat]),
                **powers.seat_view(self, seat)}  # the character's side shown and its powers (powers.py)

    def _draft_view(self, player: int | None) -> dict | None:
        """Draft Mode's draft under way: the pick, the direction, the packet ``player`` holds and
        how many cards each seat holds (with ``player`` None: every packet)."""
        if self.draft is None:
            return None
        packets = self.draft["packets"]
        out = {"pick": self.draft["pick"], "direction": "clockwise" if self.draft["direction"] > 0 else "counter-clockwise",
               "packet_sizes": [len(p) for p in packets]}
        if player is None:
            out["packets"] = [sorted(self._names(p)) for p in packets]
        else:
            out["packet"] = sorted(self._names(packets[player]))
        return out

    def view(self, player: int | None) -> dict:
        # people-first order (the board draws keys in order): the phase and the clock, the market,
        # the offers, the seats; the game's set-up after them
        view = {"phase": self.phase, "round": self.round,
                "timer": self.timer + 1 if self.phase == "deckbuilding" else None,
                "ticks_left": max(0, sum(self.budgets) - self.tick) if self.phase == "deckbuilding" else 0,
                "tick": self.tick, "to_act": list(self.current_players()),
                "store_showing": [self.cards[c].set_code for c in showing(self)],
                "aftermarket": [{"name": self.cards[c].name, "star": self.cards[c].star,
                                 "marker": self.marker.get(c)} for c in self.aftermarket],
                "aftermarket_open": self.aftermarket_open,
                "fusion": {t: {"cards": len(p), "size": FUSION_SIZE[t]} for t, p in self.fusion.items()},
                "offers": [trading.offer_text(self, self.offers[by]) for by in sorted(self.offers)],
                "players": [self._seat_view(s) for s in range(self.num_players)],
                "trades": [dict(t) for t in self.trades],
                "metagame": [self.cards[c].name for c in self.meta_revealed],
                "store_count": len(self.store), "store_discard_count": len(self.store_discard),
                "over": self.is_over, "outcome": self.outcome.as_dict() if self.outcome else None,
                "game": "millennium_blades", "mode": "full_game", "budgets": list(self.budgets),
                "free_market": self.free_market,
                "modes": {"duel": self.duel, "draft": self.draft_mode, "liquidation": self.liquidation,
                          "free_market": self.free_market, "friendship": self.friendship_used},
                "draft": self._draft_view(player),
                "millennium_draft": ({"revealed": self._names(self.accessory_draft["revealed"]),
                                      "order": list(self.accessory_draft["order"])} if self.accessory_draft else None),
                # what the set-up made of a short pool: said until the first market tick is played
                # (the replay's set-up frame and the run page keep them)
                "setup_notes": list(self.setup_notes) if self._setting_up() else []}
        view.update(powers.game_view(self, player))  # venue, Pro Player cards given, a peek (powers.py)
        view["hints"] = {**HINTS, "outcome": self._outcome_sentence()}
        if self.tournament is not None:
            view["tournament"] = self.tournament.view(player)
        if player is not None and player in self.current_players():
            view["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return view

    def _setting_up(self) -> bool:
        """Whether play has not started yet: no market tick of the first round played."""
        return self.round == 1 and self.tick == 0 and self.tournament is None and not self.is_over

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N": the winners and every seat's VP
        (millennium-blades.txt, "GAME END": the most VP wins)."""
        from rules.millennium_blades.full.scoring import breakdown

        if self.outcome is None:
            return None
        return outcome_sentence(self.outcome.winners,
                                [f"{breakdown(self, s)['total']} VP" for s in range(self.num_players)])

    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/millennium_blades/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action: Action, player: int) -> str:
        if self.tournament is not None:
            return self.tournament.action_to_string(action, player)
        who, verb = f"Seat {player}", action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types market.py lists
        if verb == "wait":
            return f"{who} waits"
        if verb in trading.VERBS:
            return trading.describe(self, action, player)
        if verb == "buy_store":  # prices as the powers and the venue make them (powers.py)
            price = powers.store_price(self, player, self.set_cost(args[0]))
            if len(args) > 1:  # a peeking seat names the card it saw
                return f"{who} buys {args[1]} (a {args[0]} card) from the Store for {price} dollars"
            return f"{who} buys a face-down {args[0]} card from the Store for {price} dollars"
        if verb == "buy_aftermarket":
            star = next(self.cards[c].value for c in self.aftermarket if self.cards[c].name == args[0])
            return f"{who} buys {args[0]} from the Aftermarket for {powers.aftermarket_price(self, player, star)} dollars"
        if verb == "sell":
            star = next(self.cards[c].value for c in self.binder[player] if self.cards[c].name == args[0])
            return f"{who} sells {args[0]} to the Aftermarket for {powers.sell_price(self, player, star)} dollars"
        if verb == "fuse":
            return f"{who} fuses {powers.fusion_size(self, player, args[0])} binder cards into a {args[0]} promo"
        if verb == "trade_in":
            return (f"{who} removes {args[0]} from the game and pays {powers.trade_in_price(self, player)} dollars for "
                    "a Store Area card of its set")
        if verb == "scrap":
            return f"{who} discards {args[0]} to the Store discard for {powers.scrap_value(self, player)} dollars"
        phrases = {"collect": "adds {} to their collection", "uncollect": "takes {} out of their collection",
                   "collect_type": "adds {} to their type collection",
                   "uncollect_type": "takes {} out of their type collection",
                   "draft": "drafts {}", "take_accessory": "takes the Millennium Accessory {}",
                   "kit": "puts {} in their deck", "unkit": "takes {} out of their deck",
                   "redraw_meta": "puts the revealed {} Metagame card on the bottom and reveals the next",
                   "cycle_meta": "puts the top {} Metagame card on the bottom and reveals the new top card"}
        return f"{who} " + phrases.get(verb, verb + " {}").format(*args)
