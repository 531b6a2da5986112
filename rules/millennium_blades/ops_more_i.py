"""The engine side of ``phrases_more_i.py``: a clash total changed for a player (by their cards in
force) or by the clash op itself, and players considered to win or to lose a clash instead of its
reveals' result (millennium-blades.txt, "Clashing", "Reaction"; docs/rules-notes.md, "MB: batch i,
clash shapes"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.catalogue import IN_FORCE

if TYPE_CHECKING:
    from rules.millennium_blades.queries import QueryMixin

ANY = "any"
#: would_win_clash: a player (by: self, you; opponent, another player) would win a clash, after its
#: reveals: a Reaction that may make them lose it instead
MORE_I_EVENTS = ("would_win_clash",)
#: clash_bonus: your clash totals have this much more (per: for each of a COUNT); win_clashes: you are
#: considered to win every clash you are in; clash_star_as: this card counts as that Star Rating in a clash
#: no_clash: you cannot be clashed with nor initiate clashes; clash_magnet: players choosing an opponent to
#: clash with must choose you if they may
MORE_I_CONTINUOUS_OPS = ("clash_bonus", "win_clashes", "clash_star_as", "no_clash", "clash_magnet")
#: the features of the cards holding them (``face_up_ops``): a clash asks about each, most games hold none
NO_CLASH, CLASH_MAGNET, WIN_CLASHES = IN_FORCE + "no_clash", IN_FORCE + "clash_magnet", IN_FORCE + "win_clashes"
CLASH_STAR_AS, CLASH_BONUS = IN_FORCE + "clash_star_as", IN_FORCE + "clash_bonus"
MORE_I_OPS = {
    "clash_bonus": OpSpec("Ongoing/Top: each clash you are in, your total has amount more (negative: less), "
                          "times per (a COUNT) when given.", {"amount": "int", "per": ANY}),
    "win_clashes": OpSpec("Ongoing/Top: you are considered to win every clash you are in, whatever its totals "
                          "(the others' result stands: there may be several winners); while: only while that "
                          "condition holds (phrases_prevention.py).", {"while": ANY}),
    "clash_star_as": OpSpec("Ongoing/Top: when this card is the card a player clashes with, its Star Rating is "
                            "value in that clash's total.", {"value": "int"}),
    "no_clash": OpSpec("Ongoing/Top: you are in no clash: no one may clash with you, and a clash you would "
                       "make does not occur.", {}),
    "clash_magnet": OpSpec("Ongoing/Top: a player choosing an opponent to clash with must choose you when they may.",
                           {}),
    "choose_loser": OpSpec("After a clash (its result in this effect's context): the effect's player chooses one of its "
                           "losers, then \"that player\"; no loser: no one.", {}),
    "considered_to_lose": OpSpec("A would-win-a-clash Reaction: the winners its trigger names (you, or each other "
                                 "player who would win) are considered to lose that clash instead.", {}),
}


def more_i_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import count_errors  # effects asks this module

    errors: list[tuple[str, str]] = []
    if name == "clash_bonus":
        amount = op.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            errors.append((f"{where}.amount", "is a whole number, not 0"))
        if "per" in op:
            errors += count_errors(op["per"], f"{where}.per")
    if name == "win_clashes" and "while" in op:  # "while X, ... you are always considered to win" (phrases_prevention)
        from rules.millennium_blades.effects import condition_errors

        errors += condition_errors(op["while"], f"{where}.while")
    if name == "clash_star_as":
        value = op.get("value")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            errors.append((f"{where}.value", "is a whole number, 0 or more"))
    return errors


def clash_i_errors(op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """A clash's ``self_star``: your card's Star Rating changes by this much during this clash only."""
    if "self_star" not in op:
        return []
    value = op["self_star"]
    if isinstance(value, bool) or not isinstance(value, int) or value == 0 or op.get("with") == "aftermarket":
        return [(f"{where}.self_star", "is a whole number, not 0, in a clash with players")]
    return []


#: clash_players: how many players of the clash just made ``players`` names (ops_more_d.CLASH_PLAYERS);
#: clash_players_star: the highest (lowest: which) Star Rating among those players' face-up cards
#: clash_players_cards: the cards of those players' tableaus that fit ``filter``
MORE_I_COUNTS = ("clash_players", "clash_players_star", "clash_players_cards")


def more_i_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.ops_more_d import CLASH_PLAYERS

    errors = [] if count.get("players") in CLASH_PLAYERS else [(f"{path}.players", f"is one of {', '.join(CLASH_PLAYERS)}")]
    if count["count"] == "clash_players_star" and count.get("which") not in ("highest", "lowest"):
        errors.append((f"{path}.which", "is highest or lowest"))
    if count["count"] == "clash_players_cards":
        from rules.millennium_blades.effects import filter_errors

        errors += filter_errors(count.get("filter", {}), f"{path}.filter")
    return errors


def more_i_count(game: QueryMixin, count: Mapping[str, Any], ctx: Mapping[str, Any]) -> int:
    """How many players of the clash just made (in this effect's context) ``players`` names, or the
    highest (lowest) Star Rating among their face-up cards ("CARD DATA"; none: 0); no clash made, 0."""
    from rules.millennium_blades.ops_more_d import clash_players

    result = ctx.get("clash_result")
    if not result:
        return 0
    seats = clash_players(result, count["players"])
    if count["count"] == "clash_players":
        return len(seats)
    if count["count"] == "clash_players_cards":  # seen from no card: "this" and "other" name none
        return sum(1 for p in seats for c in game.tableau[p] if game.matches(c, count.get("filter", {}), None))
    stars = [game.star(c) or 0 for p in seats for c in game.tableau[p] if c not in game.down]
    return (max if count["which"] == "highest" else min)(stars) if stars else 0


def clash_players_by_total(result: Mapping[str, Any], players: str) -> list[int]:
    """The seats of a clash result by their totals, in the clash's order: same_total, each whose
    total another player of it has too; lowest_total, those with the lowest; not_lowest_total, the others."""
    totals = {int(p): t for p, t in result.get("totals", {}).items()}
    values = list(totals.values())
    if players == "same_total":
        return [p for p, t in totals.items() if values.count(t) > 1]
    low = min(values, default=0)
    return [p for p, t in totals.items() if (t == low) == (players == "lowest_total")]


class MoreOpsIMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def tally_i(self, frame: dict, op: dict) -> tuple:
        """For a ``for_clash_players`` op with ``tally``: the op each player's frame ends with, which
        counts what it flipped and discarded into this effect's context ("for each card flipped this
        way" after "each player who did not win must flip a card"); the counts start at none here.
        This frame is the top of the stack now and stays at that place below theirs."""
        if not op.get("tally"):
            return ()
        at = len(self.stack) - 1
        ctx = frame["ctx"]
        ctx.update({"_tally_at": at, "flipped_count": 0, "flipped_stars": 0, "those": []})
        return ({"op": "_tally_i", "at": at},)

    def _choose_loser(self, frame: dict, k: int) -> bool:
        """"One of the losers of your choice": the effect's player picks one (asked when several);
        "that player" is them, or no one when the clash had no loser."""
        ctx, key = frame["ctx"], f"{k}:loser"
        losers = list((ctx.get("clash_result") or {}).get("losers", ()))
        if not losers:
            ctx.pop("that_player", None)
            return True
        if key not in ctx:
            if len(losers) > 1:
                self.ask(frame["seat"], "player", [Action("player", (s,)) for s in losers], key, "one of the losers")
                return False
            ctx[key] = losers[0]
        ctx["that_player"] = ctx[key]
        self.log("choose_player", frame["seat"], chosen=ctx[key])
        return True

    def do_more_i_op(self, frame: dict, op: dict, k: int) -> bool:
        """``_tally_i``: this frame's flips and discards added to the effect's (``tally_i``); the
        other ops of this module are done by the clash, not by a frame."""
        if op["op"] == "choose_loser":
            return self._choose_loser(frame, k)
        if op["op"] != "_tally_i":
            return True
        at, ctx = op["at"], frame["ctx"]
        if at < len(self.stack) and self.stack[at]["ctx"].get("_tally_at") == at:
            into = self.stack[at]["ctx"]
            into["flipped_count"] += ctx.get("flipped_count", 0)
            into["flipped_stars"] += ctx.get("flipped_stars", 0)
            into["those"] = [*into["those"], *ctx.get("those", ())]
        return True

    def rivals_i(self, rivals: list[int]) -> list[int]:
        """The opponents one may choose to clash with: never a player who "cannot be clashed with"
        (``no_clash``); a player whose card says the others must pick them to clash with when they can
        (``clash_magnet``) must be chosen when they may be (either of two such)."""
        if NO_CLASH not in self.feature_cards and CLASH_MAGNET not in self.feature_cards:
            return rivals
        rivals = [p for p in rivals if not self.face_up_ops(p, "no_clash")]
        magnets = [p for p in rivals if self.face_up_ops(p, "clash_magnet")]
        return magnets or rivals

    def clash_players_i(self, seat: int, participants: list[int]) -> list[int]:
        """The players of a clash without those who "cannot be clashed with or initiate clashes":
        when its own player is one, no clash occurs."""
        if NO_CLASH not in self.feature_cards:
            return participants
        if seat in participants and self.face_up_ops(seat, "no_clash"):
            return []
        return [p for p in participants if not self.face_up_ops(p, "no_clash")]

    def keep_source_i(self, ctx: dict, branch: list[dict]) -> None:
        """A clash result of the effect's own player that says "do not flip this card": the
        Action's card stays face-up ("Use an Action": "then flip the card face-down", unless the text
        says otherwise); the result's own frame has a copy of the context, so it is said here."""
        if any(o["op"] == "keep_source" for o in branch):
            ctx["keep_source"] = True

    def leftmost_card_i(self, seat: int) -> int | None:
        """The seat's left-most face-up card (a player with a Top Card has one)."""
        return next((c for c in self.tableau[seat] if c not in self.down), None)

    def kit_cards_i(self, seat: int, zone: str) -> list[int]:
        """A player's Accessories, or their Deck Box(es) ("Deck Box Area": "A card cannot affect or
        target your Deck Box unless it specifically says it can"; an effect naming it says so)."""
        return list(self.accessories[seat] if zone == "accessory" else self.deck_box[seat])

    def clash_total_i(self, p: int, used: int, op: dict | None, seat: int) -> int:
        """What batch i changes in ``p``'s clash total, ``used`` the card they clash with: that card
        counted as another Star Rating ("considered an 8-STAR when clashing"), your card's Star
        Rating changed for this clash (``self_star``, for the clash's own player ``seat``), and the
        ``clash_bonus`` of ``p``'s face-up cards in force ("Clashing": the total is the Star
        Ratings of the card used and the card revealed; these change it)."""
        change = 0
        features = self.feature_cards
        star_as = self.ops_in_force(used, p, "clash_star_as") if CLASH_STAR_AS in features and used not in self.down else ()
        if star_as:
            change += star_as[-1]["value"] - (self.star(used) or 0)
        if op and op.get("self_star") and p == seat:
            change += op["self_star"]
        for card, bonus in self.face_up_ops(p, "clash_bonus") if CLASH_BONUS in features else ():
            per = self.count(bonus["per"], card, p) if "per" in bonus else 1
            change += bonus["amount"] * per
        return change

    def settle_clash_i(self, frame: dict, participants: list[int], winners: list[int], losers: list[int],
                       k: int) -> tuple[list[int], list[int]] | None:
        """The result once players are considered to win or to lose instead: first those whose cards
        say they win every clash (``win_clashes``: they win, the other results stand), then each
        player in turn order, from the clash's own, may use a would-win Reaction (its card is
        flipped, "Reaction"), making the winners its trigger names lose instead. None while a
        Reaction is asked (rules notes, "MB: batch i, clash shapes")."""
        ctx = frame["ctx"]
        winners, losers = list(winners), list(losers)
        if WIN_CLASHES in self.feature_cards:  # cards whose players win every clash (most games: none)
            said = ctx.setdefault(f"{k}:considered", [])  # logged once, though the clash is asked again
            for p in participants:
                found = [card for card, op in self.face_up_ops(p, "win_clashes")
                         if "while" not in op or self.holds(op["while"], card, p, {})]  # (while X: phrases_prevention.py)
                if found and p not in winners:
                    winners.append(p)
                    losers = [q for q in losers if q != p]
                    if f"win{p}" not in said:
                        said.append(f"win{p}")
                        self.log("considered_winner", p, card=self.cards[found[0]].name)
        if not winners or "on would_win_clash" not in self.feature_cards:
            return winners, losers
        said = ctx.setdefault(f"{k}:considered", [])
        seat = frame["seat"]
        order = [(seat + i) % self.num_players for i in range(self.num_players)]
        for r in [s for s in order if s not in self.out]:
            key = f"{k}:would_win{r}"
            if key not in ctx:
                found = [c for c in self.play_area(r) if c not in self.down and any(
                    self._names_winners(e, r, winners) for e in self.cards[c].triggers.get("would_win_clash", ()))]
                if not found:
                    continue
                options = [Action("react", (n,)) for n in dict.fromkeys(self.cards[c].name for c in found)]
                self.ask(r, "react", [*options, Action("decline")], key, "a clash won")
                return None
            card = ctx[key]
            if card is False:  # declined (a card's id may be 0)
                continue
            effect = next(e for e in self.cards[card].triggers["would_win_clash"] if e["timing"] == "reaction")
            named = self._names_winners(effect, r, winners)
            if card not in self.down:  # used now: "the card that triggers it is flipped face-down"
                self.log("reaction", r, card=self.cards[card].name)
                self.flip_card(card, r)
                rest = [o for o in effect["ops"] if o["op"] != "considered_to_lose"]
                if rest:
                    self.triggered.append(self.frame(r, card, {"ops": rest}, optional=False))
            for p in named:
                winners.remove(p)
                losers.append(p)
                if f"lose{p}" not in said:
                    said.append(f"lose{p}")
                    self.log("considered_loser", p, card=self.cards[card].name)
        return winners, sorted(losers, key=participants.index)

    def _names_winners(self, effect: dict, owner: int, winners: list[int]) -> list[int]:
        """The winners a would-win Reaction of ``owner`` names: ``owner`` (by self) or the others."""
        if effect["timing"] != "reaction":
            return []
        by = effect["trigger"].get("by", "self")
        return [p for p in winners if (p == owner) == (by == "self")]


__all__ = ["MORE_I_CONTINUOUS_OPS", "MORE_I_EVENTS", "MORE_I_OPS", "MoreOpsIMixin", "clash_i_errors",
           "clash_players_by_total", "MORE_I_COUNTS", "more_i_count", "more_i_count_errors", "more_i_op_errors"]
