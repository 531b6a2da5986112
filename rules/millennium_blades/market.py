"""The Store, the Aftermarket, allies and clash variants in the tournament (issue 26.2; the ops of
``market_ops.py``): millennium-blades.txt, "Clashing", "Aftermarket Space", "FAQs" ("What happens
if the Store runs out of cards?"), and the decisions the rules notes record ("Clash with a card in
the Aftermarket", "An ally for a clash", "Paying another player", "Swapping two cards").

"Those cards" (``ctx["those"]``) are the cards the last of these ops moved: "Add the top 6 cards of
the Store to the Aftermarket and gain RP equal to their combined STAR"."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_clash2 import CLASH_DICE, clash_dice, roll
from rules.millennium_blades.ops_history import kit_option, whole_play_area
from rules.millennium_blades.ops_naming import choosable_words, remember_name
from rules.millennium_blades.ops_triggers import clash_occurred
from rules.millennium_blades.vocabulary import ELEMENTS, TYPE_VALUES


def _with_chosen(node, what: str, value):
    """A copy of ``node`` (ops, conditions, counts) whose FILTERs say ``chosen`` name ``value``."""
    if isinstance(node, list):
        return [_with_chosen(n, what, value) for n in node]
    if not isinstance(node, dict):
        return node
    out = {key: _with_chosen(v, what, value) for key, v in node.items()}
    if out.pop("chosen", None) is not None:
        out.update({"set": {"set": value}, "type": {"type": value}, "element": {"element": value},
                    "type_or_element": {"symbol": value}, "number": {"star": {"cmp": "==", "value": value}},
                    "word": {"name_has": value}}[what])  # word: ops_naming.py
    return out


class MarketMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def target_action(self, card: int) -> Action:
        """The answer "target <seat> <slot>" that chooses ``card``, a card in a tableau."""
        for seat, row in enumerate(self.tableau):
            if card in row:
                return Action("target", (seat, row.index(card)))
        raise ValueError(f"card {card} is in no tableau")

    def do_market_op(self, frame: dict, op: dict, k: int) -> bool:
        name = op["op"]
        if name == "store_to_aftermarket":
            return self.op_store_to_aftermarket(frame, op)
        if name == "clear_aftermarket":
            cards, self.aftermarket = list(self.aftermarket), []
            self.store_discard.extend(cards)
            frame["ctx"]["those"] = cards
            self.log("aftermarket_discarded", frame["seat"], cards=len(cards))
            return True
        if name == "take_aftermarket":
            return self.op_take_aftermarket(frame, op, k)
        if name == "take":
            card = frame["ctx"].get(op["card"])
            if card is not None and card in self.aftermarket:
                who = frame["ctx"].get("that_player", frame["seat"]) if op.get("who") == "that_player" else frame["seat"]
                self.move_from_aftermarket(frame, card, op["to"], who)
            return True
        if name == "put_in_play":  # who: that_player, into their tableau, theirs now (ops_pointing.py)
            card, seat = frame["ctx"].get(op["card"]), frame["seat"]
            if op.get("who") == "that_player":
                seat = frame["ctx"].get("that_player", seat)
            if self.can_put_in_play(seat, card):
                self.aftermarket.remove(card)
                self.owner[card] = seat
                self.play_single(seat, card, from_hand=False, play_effects=False)
            return True
        if name == "steal_money":
            return self.op_steal_money(frame, op, k)
        if name == "swap":
            return self.op_swap(frame, k)
        if name == "choose_card":
            return self.op_choose_card(frame, op, k)
        if name == "either":
            return self.op_either(frame, op, k)
        if name == "as_each":
            players = self.who(frame, op, k)
            if players is None:
                return False
            frame["i"] = k + 1
            self.push([self.frame(p, frame["source"], {"ops": op["ops"]}, frame["ctx"], optional=False) for p in players])
            return True
        if name == "discard_self":
            self.discard_from_play(frame["source"])
            return True
        if name == "choose_value":
            return self.op_choose_value(frame, op, k)
        if name == "flip_n":
            return self.op_flip_n(frame, op, k)
        if name in ("flip_any", "reveal_any"):
            return self.op_any_number(frame, op, k)
        if name == "name_card":
            return self.op_name_card(frame, op, k)
        if name == "discard_named":
            return self.op_discard_named(frame, op, k)
        if name in ("no_rp_loss", "clash_outcome", "rp_loss_outcome"):
            return True  # asked by cannot_lose_rp; done by the clash (ClashMixin.would_lose_reactions)
        raise ValueError(f"not a market op: {name!r}")

    # -- the Store and the Aftermarket --------------------------------------------------------------
    def op_store_to_aftermarket(self, frame: dict, op: dict) -> bool:
        """The top cards of the Store into the Aftermarket, all at once ("Aftermarket Space": if
        they would take it over 12, its cards are discarded first)."""
        cards = [c for c in (self.draw_store() for _ in range(op.get("amount", 1))) if c is not None]
        self.to_aftermarket(cards)
        frame["ctx"]["those"] = cards
        self.log("store_to_aftermarket", frame["seat"], cards=[self.cards[c].name for c in cards])
        return True

    def op_take_aftermarket(self, frame: dict, op: dict, k: int) -> bool:
        """A card of the player's choice from the Aftermarket (none there that fits: nothing, and
        "If you did" does not hold)."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:taken"
        fits = [c for c in self.aftermarket if self.matches(c, op.get("filter", {}), frame["source"])]
        ctx["did"] = False
        if not fits:
            self.log("take_failed", seat, source="aftermarket")
            return True
        if op.get("all"):  # "Add each card of that TYPE in the Aftermarket to your hand"
            for card in fits:
                self.move_from_aftermarket(frame, card, op["to"])
            ctx["those"], ctx["did"] = fits, True
            return True
        options = sorted({self.cards[c].name for c in fits})
        if key not in ctx and len(options) > 1:
            self.ask(seat, "aftermarket", [Action("take", (n,)) for n in options], key, "a card from the Aftermarket")
            return False
        name = ctx.get(key, options[0])
        card = next(c for c in fits if self.cards[c].name == name)
        self.move_from_aftermarket(frame, card, op["to"])
        ctx["taken"], ctx["those"], ctx["did"] = card, [card], True
        return True

    def discard_from_play(self, card: int | None) -> None:
        """"Discard this card": from its owner's tableau (or deck box, accessories) to their binder
        ("Discard a Card"; "Cards discarded to the binder are unavailable for the rest of the
        tournament"), face-up again and without tokens."""
        if card is None:
            return
        seat = self.seat_of(card)
        if seat is None or card in self.powers[seat]:
            return
        for zone in (self.tableau, self.deck_box, self.accessories):
            if card in zone[seat]:
                zone[seat].remove(card)
        self.down.discard(card)
        self.tokens.pop(card, None)
        self.binder[self.owner[card] if self.owner[card] >= 0 else seat].append(card)
        self.log("discard", seat, card=self.cards[card].name, from_play=True)

    def can_put_in_play(self, seat: int, card: int | None) -> bool:
        """A card of the Aftermarket can be played into a tableau with an open slot ("Play a Single")."""
        return card is not None and card in self.aftermarket and len(self.tableau[seat]) < self.capacity(seat) \
            and self.may_play(seat, card)  # the one play check (special_ops.may_play)

    def move_from_aftermarket(self, frame: dict, card: int, to: str, seat: int | None = None) -> None:
        """A card leaves the Aftermarket: to the player's hand or binder (it is theirs now), to the
        bottom of the Store, or to the Store Discard."""
        seat = frame["seat"] if seat is None else seat
        self.aftermarket.remove(card)
        if to in ("hand", "binder"):
            (self.hand if to == "hand" else self.binder)[seat].append(card)
            self.owner[card] = seat
        elif to == "store_bottom":
            self.store.insert(0, card)  # the Store's top is the end of the list
        else:
            self.store_discard.append(card)
        self.log("from_aftermarket", seat, card=self.cards[card].name, to=to)

    # -- money between players --------------------------------------------------------------------------
    def op_steal_money(self, frame: dict, op: dict, k: int) -> bool:
        """The players pay you, each as much as they have up to the amount (rules notes, "Paying
        another player", as "FAQs" has a loss of RP stop at zero)."""
        players = self.who(frame, op, k)
        if players is None:
            return False
        seat = frame["seat"]
        for p in players:
            paid = max(0, min(op.get("amount", 1), self.purse[p] + self.money[p]))
            if op.get("if_able") and paid < op.get("amount", 1):  # "..., if able": all or nothing (batch v)
                paid = 0
            self.money[p] -= paid
            self.money[seat] += paid
            self.log("pay_player", p, to=seat, amount=paid)
        return True

    def cannot_lose_rp(self, seat: int) -> bool:
        """"Ongoing: You cannot lose RP": a face-up card in the seat's play area says so."""
        return any(c not in self.down and self.cards[c].continuous("no_rp_loss") for c in self.play_area(seat))

    # -- "When you would lose RP" --------------------------------------------------------------------------
    def _rp_loss_reactions(self, seat: int) -> list[int]:
        scoring = self.phase == "scoring"
        return [c for c in self.play_area(seat) if c not in self.down and any(
            e["timing"] == "reaction" and not (scoring and any(o.get("not_scoring") for o in e["ops"]))
            for e in self.cards[c].triggers.get("would_lose_rp", ()))]

    def ask_rp_loss_reactions(self, frame: dict, players: list[int], amount: int, k: int) -> bool:
        """Before a loss of RP, each player who would lose some may use a "When you would lose RP"
        Reaction ("Reaction"; rules notes, "Would lose RP"); False while one is asked."""
        ctx = frame["ctx"]
        for p in players:
            key = f"{k}:would_lose_rp{p}"
            if key in ctx or amount <= 0 or "on would_lose_rp" not in self.feature_cards:
                continue
            found = self._rp_loss_reactions(p)
            if found:
                options = [Action("react", (n,)) for n in dict.fromkeys(self.cards[c].name for c in found)]
                self.ask(p, "react", [*options, Action("decline")], key, f"a loss of {amount} RP")
                return False
        return True

    def rp_loss_after_reaction(self, frame: dict, seat: int, amount: int, k: int) -> int:
        """The loss once the seat's Reaction (if used) replaced it: "gain that much RP instead" (the
        amount the effect says), "you lose 20 less RP"; its card is flipped ("Reaction")."""
        card = frame["ctx"].get(f"{k}:would_lose_rp{seat}", False)
        if card is False or card is None:  # none asked, or declined (a card's id may be 0)
            return amount
        if card not in self.down:
            self.log("reaction", seat, card=self.cards[card].name)
            self.flip_card(card, seat)
        for effect in self.cards[card].triggers.get("would_lose_rp", ()):
            for o in effect["ops"]:
                if o["op"] == "rp_loss_outcome" and o["as"] == "gain":
                    self.rp[seat] += amount
                    self.log("gain_rp", seat, amount=amount, rp=self.rp[seat])
                    return 0
                if o["op"] == "rp_loss_outcome":
                    return max(0, amount - o.get("amount", 0))
        return amount

    # -- allies ------------------------------------------------------------------------------------------
    def ally_seats(self, seat: int, word: str, ctx: dict) -> list[int]:
        """The seats an ally word names ("your ally", "you both", "each other player except your
        ally"); with no ally chosen (no opponent to choose), only you."""
        ally = ctx.get("ally")
        if word == "ally":
            return [ally] if ally is not None else []
        if word == "self_and_ally":
            return [seat] + ([ally] if ally is not None else [])
        return [p for p in self.opponents(seat) if p != ally]

    def clash_result_holds(self, cond: dict, seat: int, ctx: dict) -> bool:
        """"If you or your ally won", "If you and your ally lost", "... had the same clash total":
        the clash this effect just made (none made: it does not hold)."""
        result = ctx.get("clash_result")
        if result is None:
            return False
        if cond["who"] == "any_two":  # "If any two players have the same total" (phrases_more_i.py)
            totals = list(result["totals"].values())
            return len(set(totals)) < len(totals)
        side = [seat] + ([ctx["ally"]] if ctx.get("ally") is not None and cond["who"] != "self" else [])
        if cond["result"] == "won":
            return any(p in result["winners"] for p in side)
        if cond["result"] == "lost":
            return all(p in result["losers"] for p in side)
        totals = [result["totals"].get(str(p)) for p in side]
        return len(side) == 2 and None not in totals and totals[0] == totals[1]

    def alike_holds(self, cond: dict, source: int | None, ctx: dict) -> bool:
        """Two face-up cards with the same element, type or either ("the same TYPE or ELEMENT")."""
        if cond["cards"] == "neighbours":
            pair = [self.neighbour(source, -1), self.neighbour(source, 1)] if source is not None else []
        else:
            pair = list(ctx.get("those", ()))
        if len(pair) != 2:
            return False
        a, b = pair
        if a is None or b is None or a in self.down or b in self.down:
            return False
        same_element = bool(set(self.elements(a)) & set(self.elements(b)))
        same_type = bool(set(self.types(a)) & set(self.types(b)))
        return {"element": same_element, "type": same_type, "either": same_element or same_type}[cond["what"]]

    def matches_top(self, card: int, what: str, source: int | None) -> bool:
        """"A card ... with a SET that matches the SET of your Top Card": the effect's player's Top
        Card (none, or the card face-down: nothing matches)."""
        seat = self.seat_of(source) if source is not None else None
        top = self.top_card(seat) if seat is not None else None
        if top is None or card in self.down:
            return False
        if what == "set":
            return bool(self.cards[card].set_code) and self.cards[card].set_code == self.cards[top].set_code
        if what == "star":
            return self.star(card) == self.star(top)
        mine = self.types if what == "type" else self.elements
        return bool(set(mine(card)) & set(mine(top)))

    def pair_holds(self, cond: dict, source: int | None, seat: int) -> bool:
        """"If any two other cards in your tableau share the same TYPE" (ELEMENT, SET, STAR): two
        face-up cards besides this one (``this_too``: this one among them) with one in common."""
        cards = [c for c in self.tableau[seat] if (c != source or cond.get("this_too")) and c not in self.down]
        what = cond["what"]
        seen: set = set()
        for c in cards:
            listed = {"type": self.types(c), "element": self.elements(c), "set": (self.cards[c].set_code,),
                      "star": (self.star(c),)}[what]
            values = {v for v in listed if v not in (None, "")}
            if values & seen:
                return True
            seen |= values
        return False

    # -- clash with a card in the Aftermarket ---------------------------------------------------------------
    def clash_aftermarket(self, frame: dict, op: dict, k: int) -> bool:
        """"Clash with a card in the Aftermarket" (rules notes): you choose one; you reveal the top
        card of the Store as in any clash ("Clashing") and add it to your Top Card's Star Rating; the
        card's total is its own Star Rating (it is no player: it reveals nothing). No Top Card, or
        no card in the Aftermarket: "the clash does not occur"."""
        seat, source, ctx, key = frame["seat"], frame["source"], frame["ctx"], f"{k}:clashed"
        top = self.top_card(seat)
        if top is None or not self.aftermarket:
            self.log("clash", seat, occurred=False)
            return True
        options = sorted({self.cards[c].name for c in self.aftermarket})
        if key not in ctx and len(options) > 1:
            self.ask(seat, "aftermarket", [Action("take", (n,)) for n in options], key, "a card to clash with")
            return False
        rival = next(c for c in self.aftermarket if self.cards[c].name == ctx.get(key, options[0]))
        dice = clash_dice(self, seat) if CLASH_DICE in self.feature_cards else None  # the roll instead (ops_clash2.py)
        revealed = self.draw_store() if dice is None else None
        bonus = sum(o.get("amount", 0) for o in self.cards[top].continuous("clash_star"))
        mine = (self.star(top) or 0) + bonus + (self.cards[revealed].printed_star if revealed is not None else 0)
        if dice is not None:
            mine = roll(self, seat, dice["dice"], dice["sides"], "clash")
            ctx["clash_result"] = {"rolls": {str(seat): mine}}  # "your roll" (ops_clash2.py)
        theirs = self.cards[rival].printed_star
        if revealed is not None:
            self.to_aftermarket([revealed])
        result = "win" if mine > theirs else "lose" if mine < theirs else "tie"
        ctx["clashed"] = rival
        if result != "tie":  # "the losing card": the Aftermarket card, or your Top Card (ops_clash2.py)
            ctx["losing_card"] = rival if result == "win" else top
        self.log("clash", seat, occurred=True, against=self.cards[rival].name, totals=[mine, theirs],
                 revealed=[self.cards[revealed].name if revealed is not None else None], result=result)
        frames = [self.frame(seat, source, {"ops": op[result]}, ctx, optional=False)] if op.get(result) else []
        if result == "win":
            self.clashes_won[seat] += 1
            frames += self.collect("clash_won", None, seat)
        elif result == "lose":
            frames += self.collect("clash_lost", None, seat)
        frames += self.collect("clash", None, seat) + self.collect("clash_any", None, seat)
        if dice is not None:
            for triggered in frames:  # "your roll" in a clash trigger (ops_clash2.py)
                triggered["ctx"].setdefault("clash_result", ctx["clash_result"])
        if "on action_no_clash" in self.feature_cards:  # "an Action that does not cause a clash" (ops_triggers.py)
            clash_occurred(self)
        self.triggered = frames + self.triggered
        return True

    def lowest_card(self, seat: int) -> int | None:
        """The seat's face-up card with the lowest Star Rating (the left-most of a tie)."""
        up = [c for c in self.tableau[seat] if c not in self.down]
        return min(up, key=lambda c: self.star(c) or 0) if up else None

    def their_clash_card(self, frame: dict, rival: int, k: int) -> int | None | bool:
        """"They must use a card of your choice in their tableau for the clash": a face-up card of
        the opponent's tableau you choose (False while the choice is pending)."""
        ctx, key = frame["ctx"], f"{k}:their_card"
        cands = [c for c in self.tableau[rival] if c not in self.down]
        if key not in ctx and len(cands) > 1:
            options = [self.target_action(c) for c in cands]
            self.ask(frame["seat"], "target", options, key, "the card they clash with")
            return False
        return ctx.get(key, cands[0] if cands else None)

    # -- choosing a card, choosing one of two --------------------------------------------------------------
    def op_choose_card(self, frame: dict, op: dict, k: int) -> bool:
        """"Choose a Single": a face-up card of any tableau; "that card" and "its owner" then."""
        cards = self.choose_cards(frame, op["target"], k, flipping=False)
        if cards is None:
            return False
        if cards:
            frame["ctx"]["chosen"], frame["ctx"]["that_player"] = cards[0], self.seat_of(cards[0])
            self.log("choose_card", frame["seat"], card=self.cards[cards[0]].name)
        return True

    def op_either(self, frame: dict, op: dict, k: int) -> bool:
        """"Its owner must either give you 20 RP or flip that card": the player chooses an option
        that can be done and does it as their own ("you" in it is still this effect's player;
        rules notes, "Either ... or")."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:option"
        players = self.who(frame, op, k)
        if players is None:
            return False
        if not players:
            return True
        chooser = players[0]
        doable = [i for i, option in enumerate(op["options"]) if self.option_doable(option, ctx, chooser)]
        if not doable:
            return True
        if key not in ctx and len(doable) > 1:
            self.ask(chooser, "either", [Action("option", (i,)) for i in doable], key,
                     "one of two options" if len(op["options"]) == 2 else f"one of {len(op['options'])} options")
            return False
        chosen = ctx.get(key, doable[0])
        frame["i"] = k + 1
        # the option's flip of their own card is forced by this effect's player (ops_more_s.py: "forced_by")
        self.stack.append({"seat": chooser, "source": frame["source"], "ops": list(op["options"][chosen]), "i": 0,
                           "ctx": {**ctx, "that_player": seat, "forced_by": ctx.get("forced_by", seat)},
                           "optional": False, "reaction": False, "needs_face_up": False})
        return True

    def option_doable(self, option: list[dict], ctx: dict, chooser: int) -> bool:
        """An option whose flip names a card (that card) that is no more face-up in a tableau cannot
        be done, nor playing a card into a tableau with no open slot."""
        first = option[0]
        if first["op"] == "place_looked":  # ops_more_a.py
            return self.looked_placeable(first, ctx, chooser)
        if first["op"] == "put_in_play":
            return self.can_put_in_play(chooser, ctx.get(first["card"]))
        if first["op"] != "flip" or first["target"].get("pick") not in ctx:
            return True
        card = ctx[first["target"]["pick"]]
        return card is not None and self.in_tableau(card) and card not in self.down

    # -- any number of cards -----------------------------------------------------------------------------
    def op_any_number(self, frame: dict, op: dict, k: int) -> bool:
        """"Flip any number of cards in your tableau" (face-up ones, "Flip a Card") and "Reveal any
        number of cards from your hand" ("Reveal a Card from your hand": shown, then kept): the
        player picks them one at a time and stops (declines) when done."""
        seat, ctx = frame["seat"], frame["ctx"]
        flipping = op["op"] == "flip_any"
        gear = op.get("zone") == "accessory"  # "any number of Accessories in your Play Area" (ops_more_h.py)
        area = self.accessories[seat] if gear else self.tableau[seat]
        if op.get("zone") == "play_area":  # "Singles, Accessories, and Deck Boxes you control" (ops_history.py)
            area = whole_play_area(self, seat)
        chosen: list[int] = []
        for n in range(len(area) if flipping else len(self.hand[seat])):
            key = f"{k}:any{n}"
            pool = [c for c in (area if flipping else self.hand[seat])
                    if c not in chosen and not (op.get("other") and c == frame["source"])  # "other cards" (phrases_more_k)
                    and not (flipping and (c in self.down or "unflippable" in self.feature_cards
                                                              and self.unflippable(c)))]  # ops_more_e.py
            if not pool:
                break
            if key not in ctx:
                if flipping:
                    options = [Action("accessory", (seat, area.index(c))) if gear else self.target_action(c)
                               if c in self.tableau[seat] else kit_option(self, seat, c) for c in pool]
                else:
                    options = [Action("show", (name,)) for name in dict.fromkeys(self.cards[c].name for c in pool)]
                self.ask(seat, "any_number", [*options, Action("decline")], key, "one more card, or stop")
                return False
            pick = ctx[key]
            if pick is False:
                break
            chosen.append(pick if flipping else next(c for c in pool if self.cards[c].name == pick))
        ctx["those"], ctx["did"] = chosen, bool(chosen)
        if flipping:
            for card in chosen:
                star = self.star(card) or 0
                if self.flip_card(card, seat, flip_effects=not op.get("no_flip_effects"), cause=frame["source"]):  # ops_more_r.py
                    ctx["flipped"], ctx["flipped_max"] = card, max(ctx.get("flipped_max", 0), star)
                    # "for each card flipped this way", "their combined STAR" (as op_flip keeps them)
                    ctx["flipped_count"] = ctx.get("flipped_count", 0) + 1
                    ctx["flipped_stars"] = ctx.get("flipped_stars", 0) + star
        else:
            self.log("reveal", seat, source="hand", card=", ".join(self.cards[c].name for c in chosen) or None)
        return True

    # -- choosing a Set, a type, an element, a number ---------------------------------------------------------
    def op_choose_value(self, frame: dict, op: dict, k: int) -> bool:
        """"Choose a SET" (TYPE, ELEMENT, TYPE or ELEMENT, number): the FILTERs of the effect's later
        ops that say ``chosen`` then mean that value (rules notes, "Choosing a Set or a type")."""
        seat, ctx, key, what = frame["seat"], frame["ctx"], f"{k}:value", op["what"]
        if key not in ctx:
            if what == "set":
                values: list = sorted({d.set_code for d in self.cards if d.set_code})
            elif what == "number":
                values = list(range(13))  # the Star Ratings a card can have ("CARD DATA")
            elif what == "word":  # the words of the names of face-up cards in tableaus (ops_naming.py)
                values = choosable_words(self)
            else:
                values = ([*TYPE_VALUES] if what != "element" else []) + ([*ELEMENTS] if what != "type" else [])
            if not values:
                return True
            self.ask(seat, "value", [Action("value", (v,)) for v in values], key, f"a {what.replace('_', ' ')}")
            return False
        value = ctx[key]
        self.log("choose_value", seat, what=what, value=value)
        frame["ops"] = frame["ops"][:k + 1] + [_with_chosen(o, what, value) for o in frame["ops"][k + 1:]]
        return True

    def op_flip_n(self, frame: dict, op: dict, k: int) -> bool:
        """"Flip 2 DARK cards in your tableau": that many face-up such cards of your choice, or as
        many as there are; "If you did" holds only when all were flipped (rules notes)."""
        seat, ctx, amount = frame["seat"], frame["ctx"], op.get("amount", 1)
        chosen: list[int] = []
        for n in range(amount):
            key = f"{k}:flip{n}"
            pool = [c for c in self.tableau[seat] if c not in self.down and c not in chosen
                    and self.matches(c, op.get("filter", {}), frame["source"])
                    and not (self.cards_with("unflippable") and self.unflippable(c))]  # ops_more_e.py
            if not pool:
                break
            if key not in ctx:
                if len(pool) == 1:
                    ctx[key] = pool[0]
                else:
                    self.ask(seat, "target", [self.target_action(c) for c in pool], key,
                             "a card to flip")
                    return False
            chosen.append(ctx[key])
        for card in chosen:
            self.flip_card(card, seat)
        ctx["those"], ctx["did"] = chosen, len(chosen) == amount
        return True

    # -- naming a card ---------------------------------------------------------------------------------------
    def op_name_card(self, frame: dict, op: dict, k: int) -> bool:
        """"Name a card": one of the names of the singles the players brought to the tournament
        (rules notes, "Naming a card"); it is then "that card"."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:named"
        if key not in ctx:
            names = sorted({d.name for c, d in enumerate(self.cards) if self.owner[c] >= 0 and d.card_type == "single"})
            if not names:
                return True
            self.ask(seat, "name", [Action("name", (n,)) for n in names], key, "the card to name")
            return False
        ctx["named"] = ctx[key]
        if "with" in op:  # "Foreboding–Play: Name a card.": remembered for the tournament (ops_naming.py)
            remember_name(self, seat, op["with"], ctx[key])
            self.log("name_card", seat, card=ctx[key], **{"with": op["with"]})
        else:
            self.log("name_card", seat, card=ctx[key])
        return True

    def op_discard_named(self, frame: dict, op: dict, k: int) -> bool:
        """"Each opponent must discard all copies of that card": from their hands to their binders
        ("Discard a Card"); how many players discarded one is counted for "for each player who"."""
        players = self.who(frame, op, k)
        if players is None:
            return False
        named, ctx = frame["ctx"].get("named"), frame["ctx"]
        kept = ctx.get(f"{k}:kept_hands", ())  # hands a Reaction keeps (ops_prevention.discard_window)
        count, moved = 0, []
        for p in players:
            copies = [c for c in self.hand[p] if self.cards[c].name == named and p not in kept]
            for c in copies if op.get("all") else copies[:1]:
                self.hand[p].remove(c)
                if op.get("to") == "store_discard":  # no one's card any more (ops_naming.py)
                    self.store_discard.append(c)
                    self.owner[c] = -1
                else:
                    self.binder[p].append(c)
                self.log("discard", p, card=self.cards[c].name, **({"to": op["to"]} if "to" in op else {}))
                moved.append(c)
            if not copies and op.get("show_none"):  # "or reveal a hand with none" (ops_naming.py)
                self.log("hand_without", p, card=named)
            count += bool(copies)
        ctx["players_discarded"], ctx["did"], ctx["those"] = count, count > 0, moved
        return True

    # -- swapping ------------------------------------------------------------------------------------------
    def op_swap(self, frame: dict, k: int) -> bool:
        """"Swap the positions of two cards in your tableau": two face-up cards of your choice ("In
        general, effects cannot target face-down cards"); fewer than two: nothing happens."""
        seat, ctx = frame["seat"], frame["ctx"]
        row = self.tableau[seat]
        chosen = []
        for n in range(2):
            key = f"{k}:swap{n}"
            cands = [c for c in row if c not in self.down and c not in chosen]
            if len([c for c in row if c not in self.down]) < 2:
                self.log("swap", seat, swapped=False)
                return True
            if key not in ctx:
                if len(cands) == 1:
                    ctx[key] = cands[0]
                else:
                    options = [self.target_action(c) for c in cands]
                    self.ask(seat, "target", options, key, "a card to swap")
                    return False
            chosen.append(ctx[key])
        a, b = row.index(chosen[0]), row.index(chosen[1])
        row[a], row[b] = row[b], row[a]
        ctx["those"] = chosen
        self.log("swap", seat, swapped=True, cards=[self.cards[c].name for c in chosen])
        return True
