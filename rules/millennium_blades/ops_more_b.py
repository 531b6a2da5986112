"""The engine side of ``phrases_more_b.py``: taking the top cards of the Store to your hand, playing
a card from your hand as part of an effect, moving a card to the right end of its owner's tableau,
and the RP conditions about the players beside you (millennium-blades.txt, "Play a Single
(Required)", "Tableau", "Effects on Cards"; docs/rules-notes.md, "More shapes (second batch)").
The card checker's checks of these ops and conditions are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_grants import granted_rules, marker_removed_heard
from rules.millennium_blades.ops_hands import note_hand_revealed, revealed_in_hand
from rules.millennium_blades.ops_more_n import passed_frames
from rules.millennium_blades.ops_more_u import turn_end_frames
from rules.millennium_blades.ops_more_x import play_random_hand, plays_at_random

ANY = "any"
MORE_B_OPS = {
    "gain_store": OpSpec("Take the top cards of the Store (\"the Store or Core deck\") to your hand; REF "
                         "revealed names the last one taken (those: all of them); per: amount times a COUNT "
                         "(phrases_clash_tokens.py).", {"amount": "int", "per": ANY}),
    "play_from_hand": OpSpec("Play a card of your choice from your hand into your tableau (not the turn's "
                             "Single; an open slot needed), one that fits the FILTER if given (phrases_zones2.py); "
                             "REF played names it, and \"If you did\" holds.", {"filter": ANY}),
    "reveal_hand": OpSpec("The players (who) reveal their hands, or only the cards of them that fit the filter; "
                          "those are those cards (\"revealed this way\", counted for this card as "
                          "revealed_by_this) and the last player is that player.", {"who": "str", "filter": ANY}),
    "lose_half_rp": OpSpec("The players (who) each lose half of their RP, rounded up (round: up) or down.",
                           {"who": "str", "round": "str"}),
    "sell_marker_shield": OpSpec("Ongoing: as the card comes into play its player may put one (amount) of their Sell "
                                 "Markers on it; while it has one, a flip by an opponent's effect removes the marker instead "
                                 "(continuous).", {"amount": "int"}),
    "each_either": OpSpec("Each of the players (who; richer: only those with more RP than you) chooses one of two "
                          "options (lists of ops) and does it as their own; \"you\" in an option (who: that_player) "
                          "is this effect's player; an option they cannot do is not offered.",
                          {"who": "str", "options": ANY, "richer": "bool"}),
    "move_to_end": OpSpec("Move a face-up card of your choice (target) to the right-most slot of its owner's "
                          "tableau.", {"target": ANY}),
}
#: neighbour_rp: the player to your left (right) has more (fewer) RP than you; least_rp: no player
#: has fewer RP than you
MORE_B_TESTS = ("neighbour_rp", "least_rp")
MORE_B_CONTINUOUS_OPS = ("sell_marker_shield",)
#: friendship_cards: other players' Friendship cards you hold; friendship_givers: the players you
#: hold one from; friendship_strangers: the opponents you hold none from; friendship_left: your own
#: Friendship cards you have not given (the whole game's; none in a tournament alone)
FRIENDSHIP_COUNTS = ("friendship_cards", "friendship_givers", "friendship_strangers", "friendship_left")
#: the COUNTs this module adds: Friendship cards, and the cards this card's last reveal showed
MORE_B_COUNTS = (*FRIENDSHIP_COUNTS, "revealed_by_this")


def more_b_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import _int, target_errors  # effects asks this module

    if name == "gain_store":
        return _int(op.get("amount", 1), f"{where}.amount")
    if name == "move_to_end":
        return target_errors(op.get("target"), f"{where}.target")
    if name in ("reveal_hand", "play_from_hand") and "filter" in op:
        from rules.millennium_blades.effects import filter_errors

        return filter_errors(op["filter"], f"{where}.filter")
    if name == "sell_marker_shield":
        return _int(op.get("amount", 1), f"{where}.amount")
    if name == "each_either":
        from rules.millennium_blades.effects import market_op_errors

        return market_op_errors("either", op, where)
    if name == "lose_half_rp":
        return [] if op.get("round") in ("up", "down") else [(f"{where}.round", "is up or down")]
    return []


def more_b_condition_errors(cond: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    if cond["test"] == "neighbour_rp":
        errors = [] if cond.get("side") in ("left", "right") else [(f"{path}.side", "is left or right")]
        return errors + ([] if cond.get("cmp") in (">", "<") else [(f"{path}.cmp", "is > or <")])
    return []


class MoreOpsBMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def do_more_b_op(self, frame: dict, op: dict, k: int) -> bool:
        name = op["op"]
        if name == "gain_store":
            return self.op_gain_store(frame, op)
        if name == "play_from_hand":
            return self.op_play_from_hand(frame, k, op.get("filter", {}))
        if name == "reveal_hand":
            return self.op_reveal_hand(frame, op, k)
        if name == "lose_half_rp":
            return self.op_lose_half(frame, op, k)
        if name == "each_either":
            return self.op_each_either(frame, op, k)
        if name in MORE_B_CONTINUOUS_OPS:
            return True  # continuous: asked by play_single and op_flip (below)
        if name == "_sell_marker":
            return self.op_put_sell_marker(frame)
        return self.op_move_to_end(frame, op, k)

    def op_gain_store(self, frame: dict, op: dict) -> bool:
        """The top cards of the Store to the player's hand, theirs now ("FAQs": a Store that runs out
        is the Store Discard shuffled; none there, nothing is taken)."""
        seat, ctx = frame["seat"], frame["ctx"]
        amount = op.get("amount", 1)
        if "per" in op:  # "for each +1 STAR Token discarded" (phrases_clash_tokens.py)
            amount *= self.count(op["per"], frame["source"], seat, ctx)
        cards = [c for c in (self.draw_store() for _ in range(amount)) if c is not None]
        for card in cards:
            self.hand[seat].append(card)
            self.owner[card] = seat
        ctx["those"], ctx["revealed"], ctx["did"] = cards, (cards[-1] if cards else None), bool(cards)
        self.log("gain_store", seat, cards=[self.cards[c].name for c in cards])
        return True

    def op_play_from_hand(self, frame: dict, k: int, flt: dict) -> bool:
        """A card of the player's choice from their hand into the next open slot, with its effects
        as any card played ("Play a Single (Required)"), but not the turn's Single; no open slot or
        no card that may be played: nothing (rules notes, "Playing a card from an effect"). A FILTER
        ("whose STAR is at most ...") keeps the cards that fit it, seen as the effect resolves (zones2)."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:from_hand"
        blind = "random_plays" in self.feature_cards and plays_at_random(self, seat)  # no choice of card (ops_more_x.py)
        if blind and not flt:
            return play_random_hand(self, frame, {"op": "play_random_hand"}, k)
        ctx["did"], ctx["played"] = False, None
        if len(self.tableau[seat]) >= self.capacity(seat):
            self.log("play_failed", seat, why="no open slot")
            return True
        fitting = [c for c in self.hand[seat] if self.may_play(seat, c) and (not flt or self.matches(c, flt, frame["source"]))]
        options = sorted({self.cards[c].name for c in fitting})
        if not options:
            self.log("play_failed", seat, why="no card")
            return True
        if blind and key not in ctx:  # drawn blind among the cards that fit
            ctx[key] = fitting[self.rng.randrange(len(fitting))]
        if key not in ctx and len(options) > 1:
            self.ask(seat, "play", [Action("pick", (n,)) for n in options], key, "a card to play")
            return False
        card = ctx[key] if key in ctx else next(c for c in self.hand[seat] if self.cards[c].name == options[0])
        self.hand[seat].remove(card)
        ctx["did"], ctx["played"] = True, card
        frame["i"] = k + 1
        self.play_single(seat, card, from_hand=False)  # its Play effects resolve before the rest of this one
        return True

    def op_reveal_hand(self, frame: dict, op: dict, k: int) -> bool:
        """"Reveal an opponent's hand": every card of it shown to all players (the event names them)."""
        players = self.who(frame, op, k)
        if players is None:
            return False
        flt, source = op.get("filter", {}), frame["source"]
        shown = {p: [c for c in self.hand[p] if self.matches(c, flt, source)] for p in players}
        frame["ctx"]["those"] = [c for p in players for c in shown[p]]
        if source is not None:  # "each card revealed with this card's ability", later in its text
            self.revealed_by = {**self.revealed_by, source: len(frame["ctx"]["those"])}
        note_hand_revealed(self, source, frame["ctx"]["those"])  # this turn's reveals, by card (ops_hands.py)
        if players:
            frame["ctx"]["that_player"] = players[-1]
        for p in players:
            self.log("reveal_hand", frame["seat"], seat=p, cards=[self.cards[c].name for c in shown[p]])
        return True

    def end_turn_effects(self) -> bool:
        """The effects "At the end of your turn" of the player whose turn ends, resolved before the
        next turn starts ("Tournament Turns"; rules notes, "The end of your turn"); True when some
        are resolving (``settle`` ends the turn once they are done)."""
        if self.turn_ending or self.phase != "turn" or self.seat_turn in self.out:
            return False
        # "Whenever your turn is passed" first (ops_more_n.py)
        frames = passed_frames(self) if "on passed" in self.feature_cards else []
        if "on turn_end" in self.feature_cards:
            frames += self.collect("turn_end", None, self.seat_turn)
        if "at_turn_end" in self.feature_cards:  # "... at the end of this turn" (ops_more_u.py)
            frames += turn_end_frames(self)
        if not frames:
            return False
        self.turn_ending = True
        self.push(frames)
        self.settle()
        return True

    def op_lose_half(self, frame: dict, op: dict, k: int) -> bool:
        """Each player loses half of their RP as a loss of that many ("FAQs": a loss stops at zero;
        "When you would lose RP" Reactions see it), each worked out from their own RP."""
        players = self.who(frame, op, k)
        if players is None:
            return False
        frame["i"] = k + 1
        up = op.get("round", "up") == "up"
        self.push([self.frame(frame["seat"], frame["source"], {"ops": [
            {"op": "lose_rp", "amount": (self.rp[p] + 1) // 2 if up else self.rp[p] // 2, "who": "that_player"}]},
            {**frame["ctx"], "that_player": p}, optional=False) for p in players if p != frame["seat"]]
            + [self.frame(frame["seat"], frame["source"], {"ops": [
                {"op": "lose_rp", "amount": (self.rp[p] + 1) // 2 if up else self.rp[p] // 2}]}, frame["ctx"],
                optional=False) for p in players if p == frame["seat"]])
        return True

    def op_each_either(self, frame: dict, op: dict, k: int) -> bool:
        """Each player in turn chooses an option as "that player" of an ``either`` ("Either ... or,
        for each player"); the options they cannot do are not offered, unless none can be done."""
        seat = frame["seat"]
        players = self.who(frame, op, k)
        if players is None:
            return False
        if op.get("richer"):  # "each player with more RP than you"
            players = [p for p in players if self.rp[p] > self.rp[seat]]
        frame["i"] = k + 1
        frames = []
        for p in players:
            options = [o for o in op["options"] if self.can_do_option(o, p, frame)] or op["options"]
            either = {"op": "either", "who": "that_player", "options": options if len(options) == 2 else options * 2}
            frames.append(self.frame(seat, frame["source"], {"ops": [either]}, {**frame["ctx"], "that_player": p},
                                     optional=False))
        self.push(frames)
        return True

    def can_do_option(self, option: list[dict], seat: int, frame: dict) -> bool:
        """An option whose first op is a discard (flip) that ``seat`` has no cards for cannot be done
        (a flip of their Deck Box or Accessory: none face-up)."""
        first = option[0]
        if first["op"] == "discard":
            return len(self.hand[seat]) >= first.get("amount", 1)
        if first["op"] == "discard_revealed":  # one of the cards this card revealed still there (ops_hands.py)
            return bool(revealed_in_hand(self, seat, frame["source"]))
        zone = first.get("target", {}).get("zone") if first["op"] == "flip" else None
        if zone in ("deck_box", "accessory"):  # "flip their Deck Box": one face-up to flip (phrases_more_s.py)
            return any(c not in self.down for c in self.kit_cards_i(seat, zone))
        if first["op"] in ("flip", "flip_n") and first.get("target", {}).get("pick", "choice") == "choice":
            up = [c for c in self.tableau[seat] if c not in self.down]
            return len(up) >= first.get("amount", 1)
        return True

    def offer_sell_marker(self, seat: int, card: int) -> list[dict]:
        """As a card with ``sell_marker_shield`` comes into play: a frame asking its player whether
        to put one of their Sell Markers on it (none left: nothing to ask)."""
        if self.markers_left[seat] <= 0 or not (self.cards[card].continuous("sell_marker_shield")
                                                or granted_rules(self, card, "sell_marker_shield")):  # (ops_grants.py)
            return []
        return [self.frame(seat, card, {"ops": [{"op": "_sell_marker"}]}, optional=True)]

    def op_put_sell_marker(self, frame: dict) -> bool:
        """The markers the card says ("two Sell Markers"), as many as its player has."""
        seat, card = frame["seat"], frame["source"]
        if self.in_tableau(card) and card not in self.down:
            wanted = max(op.get("amount", 1) for op in (*self.cards[card].continuous("sell_marker_shield"),
                                                        *granted_rules(self, card, "sell_marker_shield")))
            put = min(wanted, self.markers_left[seat])
            if put:
                self.markers_left[seat] -= put
                self.sell_marked[card] = self.sell_marked.get(card, 0) + put
                self.log("sell_marker", seat, card=self.cards[card].name, markers=put, left=self.markers_left[seat])
        return True

    def sell_marker_shield(self, card: int, by: int) -> bool:
        """A Sell Marker removed instead of an opponent's flip: the marker goes back to its player
        (rules notes, "Sell Markers in a tournament"); True when it kept the card face-up."""
        seat = self.seat_of(card)
        if seat is None or seat == by or not self.sell_marked.get(card):
            return False
        if not self.cards[card].continuous("sell_marker_shield") and not granted_rules(self, card, "sell_marker_shield"):
            return False  # only the card's own rule (or one given it: ops_grants.py) makes a marker a shield, not a
            # marker an effect put there (ops_market_zones.py, ops_positions.py; rules notes)
        self.sell_marked[card] -= 1
        if not self.sell_marked[card]:
            del self.sell_marked[card]
        self.markers_left[seat] += 1
        self.log("sell_marker_instead_of_flip", seat, card=self.cards[card].name, by=by)
        marker_removed_heard(self, seat, card)  # "Whenever you discard a Sell Marker from a card" (ops_grants.py)
        return True

    def op_move_to_end(self, frame: dict, op: dict, k: int) -> bool:
        """The chosen card to the right-most slot of its owner's tableau, the others shifting left
        ("Tableau"; rules notes)."""
        chosen = self.choose_cards(frame, op["target"], k, flipping=False, moving=True)
        if chosen is None:
            return False
        frame["ctx"]["did"] = False
        for card in chosen:
            seat = self.seat_of(card)
            if seat is None or card not in self.tableau[seat]:
                continue
            frame["ctx"]["did"] = self.tableau[seat][-1] != card  # "If you moved it"
            self.tableau[seat].remove(card)
            self.tableau[seat].append(card)
            self.log("move_to_end", frame["seat"], card=self.cards[card].name, seat=seat, slot=len(self.tableau[seat]) - 1)
        return True

    def more_b_count(self, kind: str, seat: int, source: int | None) -> int:
        """"Friendship Cards": the whole game's, as it started the tournament (rules notes); the
        cards this card's last reveal showed."""
        if kind == "revealed_by_this":
            return self.revealed_by.get(source, 0) if source is not None else 0
        givers = self.friends[seat]
        if kind == "friendship_cards":
            return len(givers)
        if kind == "friendship_givers":
            return len(set(givers) - {seat})
        if kind == "friendship_strangers":
            return len([p for p in self.opponents(seat) if p not in givers])
        return self.friendship_left[seat]

    def more_b_holds(self, cond: dict, seat: int) -> bool:
        """A neighbour with more RP than you (``neighbour_rp``): the next player in turn order (left)
        or the one before (right); "you have the least RP": no player still in has fewer."""
        players = [s for s in range(self.num_players) if s not in self.out]
        if cond["test"] == "least_rp":
            return all(self.rp[seat] <= self.rp[s] for s in players)
        if len(players) < 2 or seat not in players:
            return False
        i = players.index(seat)
        other = players[(i + (1 if cond["side"] == "left" else -1)) % len(players)]
        return self.rp[other] > self.rp[seat] if cond["cmp"] == ">" else self.rp[other] < self.rp[seat]
