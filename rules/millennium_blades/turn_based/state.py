"""The Turn-Based game's state (``TurnBasedState``): the turn, the protocol, copies, sampled worlds.

Cards are ints: ``cards[id]`` a market ``Card`` (``full/pool.py``), the same id as in the
tournament table (``table.cards[id]``, ``TurnTable``). Every card is in exactly one zone
(``zones()``): on the table the Store deck (``table.store``, top at the end), the Store Discard,
the Aftermarket, each seat's hand, tableau, deck box and accessories, the revealed metas
(``table.metagame``); here the fusion piles (``fusion``), the set-aside promos (``prize``), the
Metagame stacks (``meta``), each seat's two collections (``collections[seat]["element"|"type"]``)
and the box (fusion fodder).

A turn ("On a player's turn, he must perform exactly one of these actions"): the main action
(``actions.py``, ``scoring.py``), and at most one "Action:" effect (``use <name>``) before or after
it ("players can use "Action:" effects before or after doing their main action"); once the main
action is done the turn ends by itself when nothing else is left, else with ``end``. A single's
"play an additional single this turn" lets ``play`` be taken again after the main action.
"""

from __future__ import annotations

import random
from typing import Self

from rules.core.engine import Action
from rules.millennium_blades.nested_log import NestedLogMixin
from rules.millennium_blades.turn_based import actions, scoring
from rules.millennium_blades.turn_based.base import TurnBasedBase
from rules.millennium_blades.turn_based.view import ViewMixin

END = Action("end")
#: no rule makes a player score; so that every game ends, a player who has taken this many turns
#: on a deck (since the game's start or the last scoring) may only score (rules notes)
TURNS_PER_DECK = 40
DECISION_VERBS = frozenset({"keep", "discard", "meta"})


class TurnBasedState(NestedLogMixin, ViewMixin, TurnBasedBase):
    """A game of Millennium Blades' Turn-Based Mode for 2-5 players (``new_turn_based_game``).
    Its fields are declared in base.py with how a copy copies them (``rules/core/fields.py``)."""

    NESTED = "table"  # the tournament engine's table (table.py) writes into this log

    turn_limit = 10 ** 9  # ended by TURNS_PER_DECK: every player scores three times (set in __init__ too)

    def __init__(self, num_players: int, seed: int, *, turns_per_deck: int = TURNS_PER_DECK):
        super().__init__(num_players, seed)
        n = num_players
        self.turn_limit = 10 ** 9  # (every field a copy holds is the instance's own)
        self.step_name = ""  # events name no step
        self.turns_per_deck = turns_per_deck
        self.cards = []
        self.table = None  # type: ignore[assignment]  # (setup.py deals it before any move or copy)
        self.setup_notes = []
        self.store_sets, self.fusion_sets, self.prize_sets = [], {}, {}  # setup.py
        self.fusion = {}
        self.prize = {}
        self.meta = {"elemental": [], "type": []}
        self.meta_kind = {}
        self.box = []
        self.collections = [{"element": [], "type": []} for _ in range(n)]
        self.collection_symbol = [{"element": None, "type": None} for _ in range(n)]
        self.money = [0] * n
        self.money_flow = [{} for _ in range(n)]
        self.markers_total = 0
        self.sold_by = {}
        self.fused = [set() for _ in range(n)]
        self.scores = [[] for _ in range(n)]
        self.scorings = [0] * n
        self.turns_in_deck = [0] * n
        self.out = set()
        self.stats = [{} for _ in range(n)]
        self.first_player = 0
        self.turn_seat = 0
        self.main_done = self.action_used = False
        self.scoring = None
        self.decision = None

    # -- helpers the modules share --------------------------------------------------------------------
    def pay(self, seat: int, amount: int, kind: str) -> None:
        """Money moves through the bank only, by kind (income, buy_store, buy_aftermarket, sell,
        effect): ``money_flow`` keeps each kind's sum."""
        self.money[seat] += amount
        self.money_flow[seat][kind] = self.money_flow[seat].get(kind, 0) + amount

    def to_hand(self, seat: int, card: int) -> None:
        self.table.hand[seat].append(card)
        self.table.owner[card] = seat

    def count(self, seat: int, counter: str, card: int) -> None:
        per = self.stats[seat].setdefault(counter, {})
        name = self.cards[card].name
        per[name] = per.get(name, 0) + 1

    def ask(self, seat: int, kind: str, options: list[Action], about: str) -> None:
        self.decision = {"seat": seat, "kind": kind, "options": options, "about": about}

    def must_score(self, seat: int) -> bool:
        return self.turns_in_deck[seat] >= self.turns_per_deck

    def total_rp(self, seat: int) -> int:
        return sum(self.scores[seat])

    # -- the protocol ---------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self.is_over:
            return []
        if self.table.pending:
            return [self.table.pending["seat"]]
        if self.decision:
            return [self.decision["seat"]]
        return [self.turn_seat]

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_over or player not in self.current_players():
            return []
        if self.table.pending:
            return list(self.table.pending["options"])
        if self.decision:
            return list(self.decision["options"])
        out = [] if self.main_done else actions.main_actions(self, player)
        if not self.action_used:
            out += [actions._action("use", self.cards[c].name) for c in self.table.usable_actions(player)]
        out += self.table.unite_actions(player)  # Unite: attach cards from the hand (ops_more_a.py)
        if self.main_done:
            out += self._extra_plays(player)
            out.append(END)
        return out

    def _extra_plays(self, seat: int) -> list[Action]:
        """"Play: You may play an additional single this turn" (the tournament engine's ``plays_left``)."""
        table = self.table
        if table.plays_left <= 0 or seat in self.out:
            return []
        return [a for a in actions.main_actions(self, seat) if a.verb == "play"]

    def apply(self, action: Action, player: int) -> None:
        table = self.table
        table.steps = 0
        if table.pending:
            table.answer(action)
        elif self.decision:
            self.decision = None
            if action.verb == "meta":
                scoring.replace_meta(self, player, str(action.args[0]))
            else:
                scoring.answer_accessory(self, player, action)
        elif action.verb == "use":
            card = next(c for c in table.usable_actions(player) if self.cards[c].name == action.args[0])
            self.action_used = True
            if card in table.cards_with("pass_turn"):  # "Pass this turn": no main action after it (ops_more_a.py)
                self.main_done = True
            table.use_action(player, card)  # "perform the text on the card, then flip the card face-down"
        elif action.verb == "unite":
            name, slot = action.args  # (unite_actions: a card name and a slot)
            table.unite(player, str(name), int(slot))
        elif action.verb == "end":
            self.log("end", player)
            self._end_turn()
            return
        elif action.verb == "score":
            self.main_done = True
            table.plays_left -= 1
            scoring.start(self, player)
        else:
            if not self.main_done:
                self.log("main_action", player, chose=str(action))
                if action.verb != "play":  # the turn's play is spent on another main action
                    table.plays_left -= 1
            self.main_done = True
            actions.apply_main(self, player, action)
        self._settle()

    def _settle(self) -> None:
        """Resolve the tournament engine's effects; go on with a scoring; end the turn when
        nothing is left to do in it."""
        table = self.table
        if hasattr(table, "purse"):  # what a "pay dollars" effect may spend: the player's money
            table.purse = list(self.money)
        table.run()
        self._sweep()
        if table.pending or self.decision:
            return
        if self.scoring is not None:
            scoring.proceed(self)
            if self.decision:
                return
        if not self.main_done:
            return
        seat = self.turn_seat
        if seat in self.out or not (self._extra_plays(seat) or (not self.action_used and table.has_usable_action(seat))
                                    or table.unite_actions(seat)):
            self._end_turn()

    def _sweep(self) -> None:
        """Money effects gave (the table's ``money``) into the players' money; cards effects
        discarded (to "the owner's Binder": there is none in this mode) to the Store Discard."""
        table = self.table
        for seat in range(self.num_players):
            if table.money[seat]:
                self.pay(seat, table.money[seat], "effect")
                table.money[seat] = 0
            if table.binder[seat]:
                for card in table.binder[seat]:
                    table.owner[card] = -1
                table.store_discard.extend(table.binder[seat])
                table.binder[seat] = []
        if self.sold_by and len(self.sold_by) > len(table.aftermarket):  # sold cards no longer for sale
            self.sold_by = {c: s for c, s in self.sold_by.items() if c in table.aftermarket}
        if not table.store and table.store_discard:  # "shuffle the store discard together to form a new deck"
            table.store, table.store_discard = table.store_discard, []
            self.rng.shuffle(table.store)
            self.log("store_reshuffled", None, cards=len(table.store))

    def _end_turn(self) -> None:
        n = self.num_players
        if len(self.out) == n:
            self._finish_game()
            return
        self.turn_seat = next((self.turn_seat + k) % n for k in range(1, n + 1) if (self.turn_seat + k) % n not in self.out)
        self.begin_turn()

    def begin_turn(self) -> None:
        seat, table = self.turn_seat, self.table
        self.main_done = self.action_used = False
        table.seat_turn = seat
        table.plays_left, table.played_this_turn, table.action_used = 1, 0, False
        self.turn += 1
        table.turn = self.turn
        self.turns_in_deck[seat] += 1
        self.log("turn", seat, deck=self.scorings[seat] + 1, turn_in_deck=self.turns_in_deck[seat])

    def _finish_game(self) -> None:
        """"After all players have scored three times, total up their RP across all three rounds
        ... The highest total RP wins!" (equal totals share the place)."""
        totals = [self.total_rp(s) for s in range(self.num_players)]
        self.log("final_rp", None, scores=[list(s) for s in self.scores], totals=totals)
        self.end_with_returns(totals, "game_end")

    # -- what the game holds ---------------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        table = self.table
        out = {"store": table.store, "store_discard": table.store_discard, "aftermarket": table.aftermarket,
               "metagame": table.metagame, "box": self.box}
        out.update({f"fusion_{k}": v for k, v in self.fusion.items()})
        out.update({f"prize_{k}": v for k, v in self.prize.items()})
        out.update({f"meta_{k}": v for k, v in self.meta.items()})
        for s in range(self.num_players):
            for name in ("hand", "tableau", "deck_box", "accessories", "binder", "removed"):
                out[f"{name}_{s}"] = getattr(table, name)[s]
            for kind, cards in self.collections[s].items():
                out[f"collection_{kind}_{s}"] = cards
        return out

    def all_cards(self) -> list[str]:
        return [c.name for c in self.cards]

    def clone(self) -> Self:
        """An independent copy (each field copied as declared), its table drawing from the copy's
        RNG and writing into the copy's log, as the source's does."""
        copy = self.copy()
        copy.table.events = copy.events
        copy.table.draw_from(copy)
        return copy

    def reseed(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table.draw_from(self)

    def counters(self) -> list[dict]:
        """Per seat: RP of each scoring and in all, money left, and per card bought, sold, fused."""
        out = []
        for s in range(self.num_players):
            scores = self.scores[s] + [0] * (scoring.SCORINGS - len(self.scores[s]))
            out.append({"rp_total": self.total_rp(s), **{f"rp_scoring_{i + 1}": v for i, v in enumerate(scores)},
                        "money": self.money[s],
                        "played": dict(self.table.stats[s]["played"]),
                        **{k: dict(self.stats[s].get(k, {})) for k in PER_CARD_COUNTERS}})
        return out


PER_CARD_COUNTERS = ("bought", "bought_aftermarket", "sold", "fused", "fusion_fodder", "collected", "prize")
