"""Targets, flips, +1 Star tokens, clashes and the Store (millennium-blades.txt, "Flip a Card",
"Cannot be flipped", "Reaction", "Clashing", "Aftermarket Space", "FAQs")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.effects import ALLY_PLAYERS
from rules.millennium_blades.flip_reactions import flip_window, may_answer_flips
from rules.millennium_blades.market import MarketMixin
from rules.millennium_blades.ops_attach2 import clash_card_hosts, flips_after_clash, granted_clash_frames
from rules.millennium_blades.ops_clash2 import (
    CLASH_BEST_OF,
    CLASH_DICE,
    SELF_CLASH,
    best_of_choices,
    best_store_card,
    clash_dice,
    clash_self,
    joined_clash,
    joined_wins,
    reveals_made_again,
    roll,
    several_store_cards,
    star_of_card_counted,
)
from rules.millennium_blades.ops_clash_tokens import (
    FORCED_CLASH,
    HAND_REVEAL,
    TOKEN_BONUS,
    UNTOKENED_TOPS,
    clash_banner,
    clash_refused,
    clash_stars_frames,
    clash_tops,
    forced_clash,
    hand_card_revealed,
    hand_reveal_choices,
    token_bonus,
)
from rules.millennium_blades.ops_guards import unmovable
from rules.millennium_blades.ops_more_h import ongoing_keeps_clash, this_in_kit_area
from rules.millennium_blades.ops_more_k import token_shield
from rules.millennium_blades.ops_more_s import dollar_shield
from rules.millennium_blades.ops_more_t import rivals_t
from rules.millennium_blades.ops_more_y import flip_prevented, mark_clash_lost
from rules.millennium_blades.ops_more_z import boost_reactions_z, boost_results_z, two_chosen_z
from rules.millennium_blades.ops_pointing import NOT_LOSE_CLASHES, clash_with_frames, kept_from_losing
from rules.millennium_blades.ops_prevention import flip_kept
from rules.millennium_blades.ops_triggers import aftermarket_heard, clash_occurred
from rules.millennium_blades.store_order import draw_store_top

AFTERMARKET_LIMIT = 12  # "Aftermarket Space": "the Aftermarket has a limit of 12 cards"
NO_CLASHES = IN_FORCE + "no_clashes"  # the feature of a card that bans clashes (ops_clash_tokens.py)
CLASH_STAR = IN_FORCE + "clash_star"  # the cards printing a clash_star op (more STAR while clashing)
FIXED_PICKS = ("this", "left", "right", "played", "next_played", "revealed", "losing_card", "chosen",
               "winning_card")  # (a clash of two of your own cards: ops_clash2.py)


class ClashMixin(MarketMixin):
    __slots__ = ()  # (the fields: slots of MBBase)
    # -- choosing cards --------------------------------------------------------------------------------
    def choose_cards(self, frame: dict, target: dict, k: int, *, flipping: bool,
                     attaching: bool = False, moving: bool = False) -> list[int] | None:
        """The cards a TARGET names, after any choice (None while a choice is pending).

        "In general, effects cannot target face-down cards"; a flip by an opponent's effect never
        picks a card that "cannot be flipped" ("Cannot be flipped": Shur's highest card protected by
        Orella is no legal target, so nothing is flipped)."""
        seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
        pick, flt = target["pick"], target.get("filter", {})
        if "star" in flt and type(flt["star"]["value"]) is dict and ("card" in flt["star"]["value"]
                                                                   or flt["star"]["value"].get("count") == "flipped_this_way"):
            flt = star_of_card_counted(self, flt, source, seat, ctx)  # "the losing card's STAR or lower" (ops_clash2)
        by = ctx.get("forced_by", seat)  # a player made to flip their own card by another's effect (ops_more_s.py)

        def legal(card, owner_seat):
            # ("unless they specifically say otherwise": a FILTER face "any", full/power_text.py)
            if card is None or card in self.down and flt.get("face") != "any" or not self.matches(card, flt, source):
                return False
            if attaching and not self.attachable(card):  # "Cards cannot be attached to this card"
                return False
            if moving and unmovable(self, card, owner_seat, by):  # "cannot be moved by opponents' effects" (ops_guards)
                return False
            if flipping and "unflippable" in self.feature_cards and self.unflippable(card):  # by any effect (ops_more_e)
                return False
            if flipping and owner_seat != by and self.protected(card, owner_seat):
                if pick != "choice" and "on flip_prevented" in self.feature_cards:  # a named card kept face-up
                    flip_prevented(self, frame, card, owner_seat, by, k)  # (ops_more_y.py)
                return False
            return True

        if pick in FIXED_PICKS:
            card = self.ref(pick, source, seat, ctx)
            if target.get("zone") == "accessory" or target.get("zone") == "deck_box" or this_in_kit_area(self, pick, card):
                return [card] if card is not None and card not in self.down else []  # "this card" on one too (ops_more_h)
            return [card] if card is not None and self.in_tableau(card) and legal(card, self.seat_of(card)) else []
        player = target.get("player", "self")
        players = self.ally_seats(seat, player, ctx) if player in ALLY_PLAYERS else \
            {"self": [seat], "opponent": self.opponents(seat), "each_opponent": self.opponents(seat),
             "that_player": [ctx.get("that_player", seat)],
             "losers": list((ctx.get("clash_result") or {}).get("losers", ())),  # ops_more_i.py
             }.get(player, [s for s in range(self.num_players) if s not in self.out])
        one_pick = player in ("opponent", "any", "losers")
        groups: list[tuple[int, list[int]]] = []
        for p in players:
            cands = self._candidates(p, pick, legal) if target.get("zone") not in ("accessory", "deck_box") else \
                [c for c in self.kit_cards_i(p, target["zone"]) if legal(c, p)]  # "Flip an Accessory ..." (ops_more_i.py)
            if one_pick and groups:
                groups[0][1].extend(cands)
            else:
                groups.append((p, cands))
        chosen: list[int] = []
        for g, (p, cands) in enumerate(groups):
            if pick == "all" or len(cands) <= 1:
                chosen += cands
                continue
            key = f"{k}:g{g}"
            if key not in ctx:
                chooser = p if target.get("chooser") == "owner" and not one_pick else seat
                options = [self.target_action(c) if target.get("zone") != "accessory" else self._accessory_option(c)
                           for c in cands]
                self.ask(chooser, "target", options, key, self.cards[source].name if source is not None else "")
                return None
            chosen.append(ctx[key])
        return chosen

    def _accessory_option(self, card: int) -> Action:
        """``accessory <seat> <index>``: an accessory chosen ("Flip an Accessory in an opponent's tableau")."""
        seat = next(s for s in range(self.num_players) if card in self.accessories[s])
        return Action("accessory", (seat, self.accessories[seat].index(card)))

    def _candidates(self, p: int, pick: str, legal) -> list[int]:
        if pick == "top":
            top = self.top_card(p)
            return [top] if top is not None and legal(top, p) else []
        if pick in ("leftmost", "rightmost"):  # the face-up card nearest that end of the tableau
            up = [c for c in self.tableau[p] if c not in self.down]
            end = (up[:1] if pick == "leftmost" else up[-1:])
            return [c for c in end if legal(c, p)]
        if pick in ("highest", "lowest"):
            up = [c for c in self.tableau[p] if c not in self.down]
            if not up:
                return []
            stars = [self.star(c) or 0 for c in up]  # (face-up: never None)
            best = max(stars) if pick == "highest" else min(stars)
            return [c for c, s in zip(up, stars, strict=True) if s == best and legal(c, p)]
        return [c for c in self.tableau[p] if legal(c, p)]

    # -- flips -----------------------------------------------------------------------------------------
    def op_flip(self, frame: dict, op: dict, k: int) -> bool:
        # the flip is the effect's player's, also when another player does it as their own because that
        # effect makes them ("forced_by": "Cannot be flipped"; rules notes, "MB: batch s")
        ctx = frame["ctx"]
        seat = ctx.get("forced_by", frame["seat"])
        targets = ctx.get(f"{k}:targets")
        if targets is None:
            targets = self.choose_cards(frame, op["target"], k, flipping=True)
            if targets is None:
                return False
            ctx[f"{k}:targets"] = targets
            ctx["did"] = False
        for j in range(ctx.get(f"{k}:done", 0), len(targets)):
            card = targets[j]
            owner_seat = self.seat_of(card)
            cancelled = False
            if f"{k}:kept_tableaus" in ctx and flip_kept(self, ctx, k, owner_seat, card):
                ctx[f"{k}:done"] = j + 1  # "any number of cards from your tableau": kept already (ops_prevention.py)
                continue
            guarded = self.guard_flip(frame, card, f"{k}:guard{j}") if self.attached else False
            if guarded is None:  # Unite: an attachment discarded instead (ops_more_a.py)
                return False
            if guarded:
                ctx[f"{k}:done"] = j + 1
                continue
            if card not in self.down and self.sell_marked and self.sell_marker_shield(card, seat):
                ctx[f"{k}:done"] = j + 1  # a Sell Marker removed instead (ops_more_b.py)
                continue
            shield = token_shield(self, frame, card, seat, f"{k}:tshield{j}") if "token_shield" in self.feature_cards else False
            if shield is None:  # a +1 STAR token removed instead, if its player likes (ops_more_k.py)
                return False
            if shield:
                ctx[f"{k}:done"] = j + 1
                continue
            paid = dollar_shield(self, frame, card, seat, f"{k}:dshield{j}") if "dollar_shield" in self.feature_cards else False
            if paid is None:  # Dollars paid instead, if its player likes (ops_more_s.py)
                return False
            if paid:
                ctx[f"{k}:done"] = j + 1
                continue
            if owner_seat is not None and owner_seat != seat and card not in self.down and self.attached \
                    and self.shield_with_attachment(card, seat):
                ctx[f"{k}:done"] = j + 1
                continue
            if owner_seat is not None and card not in self.down and not op.get("no_reaction") and may_answer_flips(self):
                # every player holding a Reaction to this flip, in turn order from the player whose turn it
                # is; none to an effect that forbids them (no_reaction) (flip_reactions.py)
                answered = flip_window(self, ctx, k, j, card, owner_seat, seat)
                if answered is None:
                    return False
                cancelled = answered
            if not cancelled:
                star, had = self.star(card), self.tokens.get(card, 0)
                # "If you did": the card this effect flipped, as it was
                if self.flip_card(card, seat, flip_effects=not op.get("no_flip_effects"), cause=frame["source"]):
                    ctx["did"], ctx["flipped"], ctx["flipped_star"] = True, card, star or 0
                    ctx["flipped_count"] = ctx.get("flipped_count", 0) + 1  # "flipped this way"
                    ctx["flipped_stars"] = ctx.get("flipped_stars", 0) + (star or 0)
                    ctx["flipped_tokens"] = ctx.get("flipped_tokens", 0) + had  # the tokens it had (ops_clash_tokens)
                    ctx["flipped_max"] = max(ctx.get("flipped_max", 0), star or 0)
                    ctx["flipped_seats"] = [*ctx.get("flipped_seats", ()), owner_seat]  # whose (ops_more_v.py)
            ctx[f"{k}:done"] = j + 1
        return True

    # -- +1 Star tokens ("Blast Off") ------------------------------------------------------------------
    def op_tokens(self, frame: dict, op: dict, k: int) -> bool:
        seat, amount = frame["seat"], op.get("amount", 1)
        if "per" in op:  # "two +1 STAR Tokens ... for each ..." (phrases_more_b.py)
            amount *= self.count(op["per"], frame["source"], seat, frame["ctx"])
        if "max" in op:  # "(max. +15 STAR)" (phrases_more_k.py)
            amount = min(amount, op["max"])
        if op["target"]["pick"] == "next_played" and "next_played" not in frame["ctx"]:
            # on the next card played; a Next effect resolving names that card already
            self.next_effects[seat].append(("tokens", amount))
            self.log("star_tokens_pending", seat, amount=amount)
            return True
        cards = self.choose_cards(frame, op["target"], k, flipping=False)
        if cards is None:
            return False
        if op["target"]["pick"] == "choice" and len(cards) == 1:  # "that card" after it (clauses.py)
            frame["ctx"]["chosen"] = cards[0]
        frame["ctx"]["tokens_added"] = frame["ctx"].get("tokens_added", 0) + amount * len(cards)  # (ops_more_v.py)
        for card in cards:
            # "it gains an additional +1 STAR Token" (ops_clash_tokens.py)
            extra = token_bonus(self, card, seat) if amount > 0 and TOKEN_BONUS in self.feature_cards else 0
            self.tokens[card] = self.tokens.get(card, 0) + amount + extra
            if self.log_events:
                self.log("star_tokens", seat, card=self.cards[card].name, amount=amount + extra, star=self.star(card))
            self.triggered.extend(self.collect("star_tokens", card, seat))
        return True

    # -- clashes ("Clashing") ------------------------------------------------------------------------------
    def op_clash(self, frame: dict, op: dict, k: int) -> bool:
        seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
        if NO_CLASHES in self.feature_cards and f"{k}:clash" not in ctx:  # "No clash may be declared" (ops_clash_tokens.py)
            banner = clash_banner(self)
            if banner is not None:
                self.log("clash_banned", seat, card=self.cards[banner].name)
                return True
        if op["with"] == "aftermarket":
            return self.clash_aftermarket(frame, op, k)
        if op["with"] == SELF_CLASH:  # two of your own cards (ops_clash2.py)
            return clash_self(self, frame, op, k)
        if op["with"] == "opponent":
            rivals = self.rivals_d(seat, op, self.clash_rivals(seat, op))  # ops_more_d.py
            rivals = self.rivals_i(rivals_t(self, seat, op, rivals))  # your left or right neighbour (_t.py), _i.py
            if UNTOKENED_TOPS in self.feature_cards and (tops := clash_tops(self)) is not None:  # (ops_clash_tokens.py)
                rivals = [p for p in rivals if tops[p] is not None]  # "cannot ... be clashed with"
            key = f"{k}:opponent"
            if (self.top_card(seat) is not None or "own_card" in op) and len(rivals) > 1 and key not in ctx:
                self.ask(seat, "opponent", [Action("opponent", (p,)) for p in rivals], key, "an opponent to clash with")
                return False
            participants = [seat, ctx.get(key, rivals[0])] if rivals else [seat]
        elif op["with"] == "two_chosen":  # "Choose two players. They clash." (ops_more_z.py)
            pair = two_chosen_z(self, frame, op, k)
            if pair is None:
                return False
            participants = pair
        else:  # (with all players: only the opponents that have a kind of card in play, rival_has: ops_more_z.py)
            participants = [seat, *(self.rivals_d(seat, op, self.opponents(seat)) if "rival_has" in op
                                    else self.opponents(seat))]
        tops = clash_tops(self) if UNTOKENED_TOPS in self.feature_cards else None  # tokened cards ignored (ops_clash_tokens)
        own = frame["source"] if op.get("own_card") == "this" and frame["source"] not in self.down else None  # _clash_tokens
        participants = [p for p in participants if (self.top_card(p) if tops is None else tops[p]) is not None
                        or p == seat and own is not None]
        participants = self.clash_players_i(seat, participants)  # "cannot be clashed with" (ops_more_i.py)
        if len(participants) < 2:  # "the clash does not occur"
            self.log("clash", seat, occurred=False)
            return True
        if FORCED_CLASH in self.feature_cards and f"{k}:forced" not in ctx and f"{k}:clash" not in ctx \
                and forced_clash(self, frame, op, participants, k):
            return True  # "If an opponent's effect would force you to clash, ..." first (ops_clash_tokens.py)
        if "unless_rp" in op and f"{k}:clash" not in ctx:  # "unless that opponent loses 20 RP" (ops_clash_tokens.py)
            refused = clash_refused(self, frame, op, participants, k)
            if refused is None:
                return False
            if refused:
                return True
        if "on clash_join" in self.feature_cards:  # "include yourself in any clash" asked (ops_clash2.py)
            joined = joined_clash(self, frame, participants, k)
            if joined is None:
                return False
            participants = joined
        used = {p: self.top_card(p) for p in participants} if tops is None else {p: tops[p] for p in participants}
        if own is not None:  # "using this accessory instead of your Top Card" (ops_clash_tokens.py)
            used[seat] = own
        if op.get("use") == "lowest":  # "Both players use the lowest STAR card in their tableau"
            used = {p: self.lowest_card(p) for p in participants}
        if op.get("use") == "leftmost":  # "players use their left-most face-up cards" (ops_more_i.py)
            used = {p: self.leftmost_card_i(p) for p in participants}
        if op.get("their_card") == "chosen":  # the card of their tableau you choose, not their Top Card
            chosen = self.their_clash_card(frame, participants[1], k)
            if chosen is False:
                return False
            used[participants[1]] = chosen
        ignored = self.clash_ignored(frame, participants, k)  # "When you would clash, ignore that clash" (ops_more_a.py)
        if ignored is None:
            return False
        if ignored:
            return True
        if not self.clash_card_reactions(frame, participants, used, k):
            return False
        if "on before_reveal" in self.feature_cards and not boost_reactions_z(self, frame, participants, k):
            return False  # a Reaction before the reveals asked (ops_more_z.py)
        if HAND_REVEAL in self.feature_cards and f"{k}:clash" not in ctx \
                and not hand_reveal_choices(self, frame, participants, k):
            return False  # "reveal a card at random from your hand instead" asked (ops_clash_tokens.py)
        if CLASH_BEST_OF in self.feature_cards and f"{k}:clash" not in ctx and not best_of_choices(self, frame, participants, k):
            return False  # "pay Dollars to reveal more Store cards and keep the highest" asked (ops_clash2.py)
        done = ctx.get(f"{k}:clash")
        if done is None:  # the reveals happen once, even when a Reaction is asked for after them
            done = ctx[f"{k}:clash"] = self._reveal_for_clash(seat, participants, used, op, ctx.get(f"{k}:boost"),
                                                              ctx.get(f"{k}:alt"), ctx.get(f"{k}:best"))
        if "on clash_revealed" in self.feature_cards:  # "discard those cards and all players reveal new cards" (ops_clash2)
            done = reveals_made_again(self, frame, participants, lambda: self._reveal_for_clash(
                seat, participants, used, op, ctx.get(f"{k}:boost"), ctx.get(f"{k}:alt"), ctx.get(f"{k}:best")), k)
            if done is None:
                return False
        totals = {int(p): t for p, t in done["totals"].items()}
        best = max(totals.values())
        top = [p for p, t in totals.items() if t == best]
        winner = top[0] if len(top) == 1 else None
        losers = [p for p in participants if p != winner] if winner is not None else []
        outcome = self.would_lose_reactions(frame, losers, k)
        if outcome is None:
            return False
        if outcome.get("repeat"):  # "ignore the results and repeat the clash"
            ctx[f"{k}:clash"] = self._reveal_for_clash(seat, participants, used, op, ctx.get(f"{k}:boost"),
                                                       ctx.get(f"{k}:alt"), ctx.get(f"{k}:best"))
            return self.op_clash(frame, op, k)
        losers = [p for p in losers if p not in outcome["win"] and p not in outcome["not_lose"]]
        winners = ([winner] if winner is not None else []) + outcome["win"]
        settled = self.settle_clash_i(frame, participants, winners, losers, k)  # considered to win / lose (ops_more_i.py)
        if settled is None:
            return False
        winners, losers = settled
        if NOT_LOSE_CLASHES in self.feature_cards:  # "the card this one points to cannot lose clashes" (ops_pointing.py)
            losers = kept_from_losing(self, losers, used)
        # what the effect's next sentences ask about: "If you or your ally won", "the losing card"
        ctx["clash_result"] = {"winner": winner, "winners": winners, "losers": losers,
                               "totals": {str(p): totals[p] for p in participants},
                               "used": {str(p): used[p] for p in participants},
                               "revealed": done.get("revealed", {}),  # the Store cards revealed (ops_more_t.py)
                               "rolls": done.get("rolls", {}),  # the dice rolled instead (ops_clash2.py)
                               **({"revealed_all": done["revealed_all"]} if "revealed_all" in done else {})}
        if len(losers) == 1:
            ctx["losing_card"] = used[losers[0]]
        frames = []
        result = "win" if seat in winners else "lose" if seat in losers else "tie" if winner is None else None
        if result and op.get(result):
            self.keep_source_i(ctx, op[result])  # "If you lose, ... do not flip this box" (ops_more_i.py)
            others = [p for p in participants if p != seat]
            mine = ctx if "that_player" in ctx or len(others) != 1 else {**ctx, "that_player": others[0]}
            # "Clash with an opponent. If you win, that player ...": the one other player of the clash
            frames.append(self.frame(seat, source, {"ops": op[result]}, mine, optional=False))
        for p in winners:
            self.clashes_won[p] += 1
            if op.get("winner"):
                frames.append(self.frame(p, source, {"ops": op["winner"]}, ctx, optional=False))
        for p in losers:
            if op.get("losers"):
                frames.append(self.frame(p, source, {"ops": op["losers"]}, ctx, optional=False))
        if f"{k}:extra" in ctx:
            frames += boost_results_z(self, ctx, k, winners, losers)  # a boost's own results (ops_more_z.py)
        if f"{k}:joined" in ctx:
            frames += joined_wins(self, ctx, k, winners)  # "If you win that clash" of a player who joined (ops_clash2)
        listening = self.feature_cards  # (each trigger collected only where some card of the game listens)
        if "on clash_won" in listening:
            for p in winners:
                frames += self.collect("clash_won", used[p], p)  # "When you win a clash with this card"
        for p in losers:
            mark_clash_lost(self, p)  # "you did not lose a clash this turn" (ops_more_y.py)
            if "on clash_lost" in listening:
                frames += self.collect("clash_lost", None, p)
        if "on clash" in listening:
            for p in participants:  # "Whenever you clash": each player in it; "Whenever a clash occurs": once
                frames += self.collect("clash", None, p)
        if "on clash_with" in self.feature_cards:  # "When you clash with this card", any result (ops_pointing.py)
            frames += clash_with_frames(self, participants, used)
        for triggered in frames:  # a trigger's effect knows the result too (ops_more_d.py)
            triggered["ctx"].setdefault("clash_result", ctx["clash_result"])
        if "on action_no_clash" in self.feature_cards:  # (ops_triggers.py)
            clash_occurred(self)
        for any_clash in self.collect("clash_any", None, seat) if "on clash_any" in listening else ():  # "the loser" of
            # it (ops_more_a.py, toll)
            any_clash["ctx"]["clash_result"] = ctx["clash_result"]
            frames.append(any_clash)
        if self.attached:  # a host's "Whenever a clash occurs" from its attachment (ops_attach2.py)
            frames += granted_clash_frames(self, ctx["clash_result"])
        if "on clash_stars" in self.feature_cards:  # "Whenever two 6 STAR or higher cards clash" (ops_clash_tokens.py)
            frames += clash_stars_frames(self, seat, [used[p] for p in participants], ctx["clash_result"])
        for p in participants:  # "If you do, this card is flipped after the clash ends" (and its results)
            if ctx.get(f"{k}:duel{p}", False) is not False and (not self.attached or flips_after_clash(self, used[p])):
                frames.append(self.frame(p, used[p], {"ops": [{"op": "_flip_source"}]}, optional=False))
        self.triggered = frames + self.triggered
        return True

    def clash_card_reactions(self, frame: dict, participants: list[int], used: dict, k: int) -> bool:
        """"Reaction: When you clash, you may use this card instead of your Top card to clash":
        each player in the clash, in turn order, may use one such face-up card of their tableau
        (flipped after the clash ends, as it says). False while one is asked."""
        ctx = frame["ctx"]
        for p in participants:
            key = f"{k}:duel{p}"
            if key not in ctx:
                if "on clash_card" not in self.feature_cards and not self.attached:
                    continue
                found = [c for c in self.tableau[p] if c not in self.down and c != used[p] and any(
                    e["timing"] == "reaction" for e in self.cards[c].triggers.get("clash_card", ()))]
                if self.attached:  # an Ongoing one has from an attachment (ops_attach2.py)
                    found += [c for c in clash_card_hosts(self, p, used[p]) if c not in found]
                if not found:
                    continue
                options = [Action("react", (n,)) for n in dict.fromkeys(self.cards[c].name for c in found)]
                self.ask(p, "react", [*options, Action("decline")], key, "the choice of the card to clash with")
                return False
            if ctx[key] is not False:  # a card (ids start at 0), or False: declined
                used[p] = ctx[key]
        return True

    def _reveal_for_clash(self, seat: int, participants: list[int], used: dict, op: dict | None = None,
                          boost: dict | None = None, alt: dict | None = None, best: dict | None = None) -> dict:
        """Each player in the clash reveals the top card of the Store, "starting with whoever
        initiated the clash and moving clockwise", and adds it to their card's Star Rating; the
        revealed cards go to the Aftermarket ("Clashing"). ``boost``: a player's Reactions' +N
        before the reveals (ops_more_z.py). ``alt``: the players who reveal a card of their hand at random
        instead (it stays there: ops_clash_tokens.py). A player whose card rolls dice for their clash
        value reveals nothing: the roll is their total, with their Reactions' +N only; ``best``: the players
        who paid to reveal that many Store cards and keep the highest (ops_clash2.py)."""
        totals: dict[str, int] = {}
        revealed: list[int | None] = []
        rolls: dict[str, int] = {}
        dice = {p: o for p in participants if (o := clash_dice(self, p))} if CLASH_DICE in self.feature_cards else None
        several = op.get("reveal") if op else None  # "revealing 3 cards each ... instead of 1" (ops_clash2.py)
        shown_all: dict[str, list[int]] = {}
        for p in participants:
            if dice and p in dice:  # dice rolled as the clash value (ops_clash2.py)
                revealed.append(None)
                totals[str(p)] = rolls[str(p)] = roll(self, p, dice[p]["dice"], dice[p]["sides"], "clash")
                totals[str(p)] += (boost or {}).get(str(p), 0)
                continue
            from_hand = hand_card_revealed(self, p) if alt and alt.get(str(p)) else None
            several_stars = None
            if from_hand is not None:
                card = None
            elif several:  # each of them counted (ops_clash2.py)
                card, others, several_stars = several_store_cards(self, p, several)
                self.to_aftermarket(others)
                shown_all[str(p)] = ([card] if card is not None else []) + others
            elif best and str(p) in best:  # the highest of several (ops_clash2.py)
                card, others = best_store_card(self, p, best[str(p)])
                self.to_aftermarket(others)
            else:
                card = self.draw_store()
            revealed.append(card)
            shown = card if from_hand is None else from_hand
            extra = self.cards[shown].printed_star if shown is not None else 0
            if several_stars is not None:
                extra = several_stars
            top = used[p]
            # "Top: This card has +2 STAR when clashing" counts while it is the Top Card ("Top" effects)
            bonus = sum([o.get("amount", 0) for o in in_force]) if CLASH_STAR in self.feature_cards \
                and (in_force := self.ops_in_force(top, p, "clash_star")) else 0
            totals[str(p)] = (self.star(top) or 0) + bonus + extra + self.clash_total_i(p, top, op, seat)  # ops_more_i.py
            if boost:
                totals[str(p)] += boost.get(str(p), 0)
            if op and op.get("ignore_printed") and p == seat:  # "ignoring the printed STAR of your cards" (ops_more_a.py)
                totals[str(p)] -= self.cards[top].printed_star
        self.to_aftermarket([c for c in revealed if c is not None])
        if self.log_events:
            winner = [p for p in participants if totals[str(p)] == max(totals.values())]
            self.log("clash", seat, occurred=True, players=participants, totals=[totals[str(p)] for p in participants],
                     revealed=[self.cards[c].name if c is not None else None for c in revealed],
                     winner=winner[0] if len(winner) == 1 else None)
        return {"totals": totals, "revealed": {str(p): c for p, c in zip(participants, revealed, strict=True)},
                "rolls": rolls, **({"revealed_all": shown_all} if several else {})}

    def would_lose_reactions(self, frame: dict, losers: list[int], k: int) -> dict | None:
        """"Reaction: When you would lose a clash, ...": each loser, in turn order, may use one
        (its card is flipped, "Reaction"): considered to win instead, not lose, or repeat the clash
        (rules notes, "Would lose a clash"). None while a loser is asked."""
        ctx = frame["ctx"]
        outcome: dict = {"win": [], "not_lose": [], "repeat": False}
        if "on would_lose_clash" not in self.feature_cards:  # no card of the game has one (most games: a look-up)
            return outcome
        for p in losers:
            kept = ongoing_keeps_clash(self, ctx, p, f"{k}:kept{p}")  # an Ongoing one, not optional (ops_more_h.py)
            if kept is not None:
                outcome[kept].append(p)
                continue
            key = f"{k}:would_lose{p}"
            if key not in ctx:
                found = [c for c in self.play_area(p) if c not in self.down and any(
                    e["timing"] == "reaction" for e in self.cards[c].triggers.get("would_lose_clash", ()))]
                if not found:
                    continue
                options = [Action("react", (n,)) for n in dict.fromkeys(self.cards[c].name for c in found)]
                self.ask(p, "react", [*options, Action("decline")], key, "a clash you would lose")
                return None
            if ctx[key] is False:  # declined (a card's id may be 0)
                continue
            card = ctx[key]
            if card not in self.down:  # used now: "the card that triggers it is flipped face-down"
                self.log("reaction", p, card=self.cards[card].name)
                self.flip_card(card, p)
            effect = next(e for e in self.cards[card].triggers["would_lose_clash"] if e["timing"] == "reaction")
            for o in effect["ops"]:
                if o["op"] == "clash_outcome" and o["as"] == "repeat":
                    ctx[key] = False  # not asked again when the clash is repeated
                    return {**outcome, "repeat": True}
                if o["op"] == "clash_outcome":
                    outcome[o["as"]].append(p)
        return outcome

    def draw_store(self) -> int | None:
        """The top card of the Store ("FAQs": when it runs out, "Shuffle the Store Discard")."""
        if not self._store and self.store_discard:  # (``store_cards()``, without the call: every clash asks)
            self.store, self.store_discard = self.store_discard, []
            self.rng.shuffle(self.store)
            self.log("store_reshuffled", None, cards=len(self.store))
        return draw_store_top(self)  # (its place in the shuffle settled as it is drawn: store_order.py)

    def to_aftermarket(self, cards: list[int]) -> None:
        """"If there is no space left (max. 12), discard all cards in the Aftermarket to the Store
        Discard before adding any new cards"."""
        if len(self.aftermarket) + len(cards) > AFTERMARKET_LIMIT:
            self.store_discard.extend(self.aftermarket)
            self.log("aftermarket_discarded", None, cards=len(self.aftermarket))
            self.aftermarket = []
        self.aftermarket.extend(cards)
        if "on to_aftermarket" in self.feature_cards:  # "Each time a card is placed into the Aftermarket" (ops_triggers)
            aftermarket_heard(self, cards)
