"""The whole game's state (``FullGameState``): zones, money, VP, the protocol's dispatch between
the Deckbuilding Phase (simultaneous ticks, ``market.py``) and the Tournament Phase (the
tournament engine's ``MBState`` held in ``tournament``).

Cards are ints: ``cards[id]`` is a market ``Card`` (printed data); the registry is made at setup
and never changes. Every card is in exactly one zone (``zones()``): the Store deck (``store``,
top at the end), ``store_area`` (the 9 face-down cards), ``store_discard``, ``aftermarket`` (with
``marker[id]``: the seat whose Sell Marker is on it, absent for a clash's card), the fusion piles
``fusion[tier]``, prize support ``prize[round]``, per seat ``binder``, ``kit`` (the deck) and
``collection``, the ``box`` (``fused``, ``collections``, ``prize_unused``, ``removed``), per seat the
Friendship cards it may still give (``friendship``) and those it was given (``friends``; who gave
each: ``friendship_owner``), and during a tournament the cards lent to it (``lent``: tournament
card id -> card id). Pending trade offers: ``offers`` (offering seat -> offer, ``trading.py``);
trades made: ``trades``.
"""

from __future__ import annotations

import random

from rules.core.engine import Action
from rules.millennium_blades.full import draft, market, millennium_accessories, powers, rounds
from rules.millennium_blades.full.base import FullBase
from rules.millennium_blades.full.view import ViewMixin
from rules.millennium_blades.nested_log import NestedLogMixin

TIMERS = (7, 7, 6)  # "When time runs out...": 7-minute, 7-minute and 6-minute timers
TICKS_PER_MINUTE = 2


class FullGameState(NestedLogMixin, ViewMixin, FullBase):
    """A whole game of Millennium Blades for 3-5 players, or 2 in Duel Mode (``new_full_game``).
    Its fields are declared in base.py with how a copy copies them (``rules/core/fields.py``); the RNG is
    forked (``ForkedRngField``) and two are shared by a copy until either side changes its own
    (``COPY_ON_WRITE``, see ``_copy``): each seat's ``stats`` and the actions kept for a tick (``tick_legal``)."""

    turn_limit = 10 ** 9  # every game ends: ticks are budgeted and tournaments end by themselves

    def __init__(self, num_players: int, seed: int, *, ticks_per_minute: int = TICKS_PER_MINUTE,
                 timers=TIMERS, free_market: bool = False, duel: bool = False, draft_mode: bool = False,
                 liquidation: bool = False):
        super().__init__(num_players, seed)
        self.tournament = None
        n = num_players
        self.turn_limit, self.step_name = 10 ** 9, ""  # (every field a copy holds is the instance's own)
        self.budgets = tuple(int(m * ticks_per_minute) for m in timers)
        self.ticks_per_minute = ticks_per_minute
        self.cards = []
        self.setup_notes = []
        self.store, self.store_area, self.store_discard, self.aftermarket = [], [], [], []
        self.marker = {}
        self.fusion = {}
        self.prize = {}
        self.outside_box, self.outside_about = {}, {}  # sets outside the game (setup.register_outside)
        self.box = {"fused": [], "collections": [], "prize_unused": [], "removed": [], "metagame": [],
                    "liquidated": [], "friendship_unused": []}
        self.meta = {"elemental": [], "type": []}  # the two Metagame stacks
        self.meta_revealed = []
        self.binder = [[] for _ in range(n)]
        self.kit = [[] for _ in range(n)]
        self.collection = [[] for _ in range(n)]
        self.money = [0] * n
        self.money_flow = [{} for _ in range(n)]
        self.markers_total, self.markers = 0, [0] * n
        self.fused = [set() for _ in range(n)]
        self.vp_tournament = [[0] * rounds.ROUNDS for _ in range(n)]
        self.vp_collections = [[0] * rounds.ROUNDS for _ in range(n)]
        self.vp_prerelease = [0] * n
        self.last_round = rounds.ROUNDS
        self.placements = []
        self.stats = [{} for _ in range(n)]  # per seat: counter -> card name -> count (``tally``)
        self.stats_owned = set(range(n))  # see ``tally``
        self.last_store_buy = [-1] * n
        self.revealed_by = {}
        self.lent = []
        self.phase, self.round, self.tick, self.timer, self.clock = "setup", 1, 0, 0, 0
        self.aftermarket_open = True
        self.free_market = free_market  # "Free Market Mode" (trading.py)
        self.duel = duel  # "Duel Mode" (duel.py)
        self.friendship_used = not duel  # "Friendship is not used in this mode"
        self.draft_mode = draft_mode  # "Draft Mode" (draft.py): ``draft`` is the draft under way
        self.draft = None
        self.liquidation = liquidation  # "Liquidation Mode" (rounds.py, scoring.py)
        self.millennium = []  # Millennium Accessories out of play (millennium_accessories.py)
        self.accessory_draft = None
        self.collection_type = [[] for _ in range(n)]  # Duel Mode's type collection
        self.rp_collections = [[0] * rounds.ROUNDS for _ in range(n)]  # Duel Mode: collections as RP
        self.tournament_wins = [0] * n  # Duel Mode
        self.characters = []
        self.friendship = [[] for _ in range(n)]
        self.friends = [[] for _ in range(n)]
        self.friendship_owner = {}
        self.offers = {}
        self.trades = []
        self.card_named = {}
        self.tick_legal = {}  # see ``market_actions``
        self.reads_tick_legal = False

    # -- helpers the modules share --------------------------------------------------------------------
    def draw_store(self, count: int) -> list[int]:
        """Cards from the top of the Store deck (the discard reshuffled when it runs out)."""
        out = []
        for _ in range(count):
            self.ensure_store()
            if not self.store:
                break
            out.append(self.store.pop())
        self.ensure_store()
        return out

    def ensure_store(self) -> None:
        """"If the Store runs out of cards, shuffle the store discard together to form a new deck.\""""
        if not self.store and self.store_discard:
            self.store, self.store_discard = self.store_discard, []
            self.rng.shuffle(self.store)
            self.log("store_reshuffled", None, cards=len(self.store))

    def refill_store_area(self) -> None:
        while len(self.store_area) < rounds.STORE_AREA:
            dealt = self.draw_store(1)
            if not dealt:
                break
            self.store_area += dealt

    def set_cost(self, code: str) -> int:
        return max(self.cards[c].cost for c in market.showing(self) if self.cards[c].set_code == code)

    def pay(self, seat: int, amount: int, kind: str) -> None:
        """Money moves only through the bank, by kind (income, buy_store, buy_aftermarket, sell,
        tournament; ``trade``: between two players, the only money that does not go through the
        bank): ``money_flow`` keeps each kind's sum."""
        self.money[seat] += amount
        self.money_flow[seat][kind] = self.money_flow[seat].get(kind, 0) + amount

    def count(self, seat: int, counter: str, card: int, by: int = 1) -> None:
        self.tally(seat, counter, self.cards[card].name, by)

    def tally(self, seat: int, counter: str, name: str, by: int = 1) -> None:
        """``by`` more for the card ``name`` in ``seat``'s per-card statistic ``counter`` (an amount:
        ``price_paid`` counts dollars). A seat's statistics are shared with copies (``clone``) until
        one of them tallies for that seat (``stats_owned``: the seats whose are its own): greedy's
        look-ahead copies change one seat's at most, and copying them all cost."""
        if seat not in self.stats_owned:
            self.stats[seat] = {k: dict(v) for k, v in self.stats[seat].items()}
            self.stats_owned.add(seat)
        per = self.stats[seat].setdefault(counter, {})
        per[name] = per.get(name, 0) + by

    def vp_recorded(self, seat: int) -> int:
        """VP on the score sheet so far: tournaments (the Pre-Release's included) and collections
        (Friendship is scored at the end: ``friendship.friendship_vp``)."""
        return sum(self.vp_tournament[seat]) + self.vp_prerelease[seat] + sum(self.vp_collections[seat])

    # -- the protocol -----------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self.is_over:
            return []
        if self.tournament is not None:
            return list(self.tournament.current_players())
        if self.accessory_draft is not None:
            drafter = millennium_accessories.drafting(self)
            assert drafter is not None  # a draft under way has someone to take a card
            return [drafter]
        if self.draft is not None:  # a Store short of cards may deal short packets
            return [s for s in range(self.num_players) if self.draft["packets"][s]]
        return list(range(self.num_players))

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_over or player not in self.current_players():
            return []
        if self.tournament is not None:
            return self.tournament.legal_actions(player)
        if self.accessory_draft is not None:
            return millennium_accessories.legal_actions(self, player)
        if self.draft is not None:
            return draft.legal_actions(self, player)
        return self.market_actions(player)

    def market_actions(self, player: int) -> list[Action]:
        """A Deckbuilding tick's legal actions (``market.py``), shared by the worlds greedy samples.

        In a tick every seat's greedy agent samples a world (``determinize``) and needs every other
        seat's actions in it: rebuilt in each world, that was most of a tick's cost. So the state
        keeps them in ``tick_legal`` (seat -> its actions), until it changes (``apply``,
        ``apply_joint``: a fresh dict); ``determinize`` hands the same dict to a world when the redeal
        cannot change any seat's actions, and such a world (``reads_tick_legal``) reads and fills it.
        The game itself, and every other copy, builds its actions afresh every time and only writes
        them there: a state edited by hand (tests) that no longer matches the dict clears it."""
        kept = self.tick_legal
        if self.reads_tick_legal:
            known = kept.get(player)
            if known is None:
                known = kept[player] = market.legal_actions(self, player)
            return list(known)
        fresh = market.legal_actions(self, player)
        if kept.get(player, fresh) != fresh:
            kept.clear()
        kept[player] = fresh
        return list(fresh)

    def search_candidates(self, player: int, actions: list[Action]) -> list[Action]:
        """The actions greedy judges: in a Deckbuilding tick, the best few of each kind
        (``agents/candidates.py``)."""
        from rules.millennium_blades.full.agents.candidates import candidates

        return candidates(self, player, actions)

    def apply(self, action: Action, player: int) -> None:
        self.apply_joint({player: action})

    def apply_joint(self, actions) -> None:
        """One move: a tournament turn, a Millennium Accessory pick, a draft pick or a market tick;
        then ``step_name`` names the step now waiting, so a page's "turn N · step" header and the
        move it logs next agree (events carry the step they happened in)."""
        self.tick_legal = {}
        self.step_name = self.step_now()
        if self.tournament is not None:
            (seat, action), = actions.items()
            self.tournament.apply(action, seat)
            self.turn += 1
            if self.tournament.is_over:
                rounds.end_tournament(self)
        elif self.accessory_draft is not None:
            (seat, action), = actions.items()
            self.turn += 1
            if millennium_accessories.take(self, seat, action):
                rounds.start_first_round(self)
        elif self.draft is not None:  # picks do not spend the timer's ticks (draft.py)
            self.turn += 1
            self.clock += 1
            draft.resolve(self, actions)
        else:
            market.resolve_tick(self, {s: actions.get(s, Action("wait")) for s in range(self.num_players)})
            rounds.after_tick(self)
        if not self.is_over:
            self.step_name = self.step_now()

    def step_now(self) -> str:
        """The step of the decision waiting now: "setup:millennium_accessories",
        "round1:timer2:draft3", "round1:timer3:tick40", "round1:tournament" or
        "pre_release:tournament" (the Pre-Release Tournament, round 0)."""
        if self.accessory_draft is not None:
            return "setup:millennium_accessories"
        if self.tournament is not None:
            return f"round{self.round}:tournament" if self.round > 0 else "pre_release:tournament"
        if self.draft is not None:
            return f"round{self.round}:timer{self.timer + 1}:draft{self.draft['pick']}"
        return f"round{self.round}:timer{self.timer + 1}:tick{self.tick + 1}"

    # -- what the game holds ------------------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        """Every zone and the card ids in it (each card in exactly one)."""
        out = {"store": self.store, "store_area": self.store_area, "store_discard": self.store_discard,
               "aftermarket": self.aftermarket, "tournament": list(self.lent)}
        out.update({f"fusion_{t}": pile for t, pile in self.fusion.items()})
        out.update({f"outside_{code}": ids for code, ids in self.outside_box.items()})
        out.update({f"meta_{k}": pile for k, pile in self.meta.items()})
        out["meta_revealed"] = self.meta_revealed
        out.update({f"prize_{r}": pile for r, pile in self.prize.items()})
        out.update({f"box_{k}": v for k, v in self.box.items()})
        for s in range(self.num_players):
            out.update({f"binder_{s}": self.binder[s], f"kit_{s}": self.kit[s], f"collection_{s}": self.collection[s],
                        f"collection_type_{s}": self.collection_type[s],
                        f"friendship_{s}": self.friendship[s], f"friends_{s}": self.friends[s]})
            if self.draft is not None:
                out[f"draft_packet_{s}"] = self.draft["packets"][s]
        out["millennium"] = self.millennium
        if self.accessory_draft is not None:
            out["millennium_revealed"] = self.accessory_draft["revealed"]
        out.update(powers.zones(self))  # Character cards, Pro Player sets, the Venue Deck (powers.py)
        return out

    def all_cards(self) -> list[str]:
        return [c.name for c in self.cards]

    def hidden_cards(self, player: int) -> list[str]:
        """The Store deck and the face-down Store area (only their sets show); during a
        tournament, what the tournament hides (its Store, the others' hands)."""
        if self.tournament is not None:
            return self.tournament.hidden_cards(player)
        # (powers.hidden_store: a peeking seat sees the Store cards showing)
        return [self.cards[c].name for c in powers.hidden_store(self, player) + draft.hidden_from(self, player)]

    def determinize(self, player: int, rng: random.Random) -> FullGameState:
        """A clone with the Store deck and area redealt from the unseen cards, each card showing
        keeping its set (the set is what a face-down card shows), and the Metagame stacks in an order
        ``player`` cannot tell (``powers.hide_meta_order``); in a tournament, the tournament's own."""
        if self.tournament is not None:  # (its determinize copies it: no clone of it first)
            world = self._copy(lambda tournament: tournament.determinize(player, rng))
            powers.hide_meta_order(world, player, rng)
            return world
        world = self.clone()
        powers.hide_meta_order(world, player, rng)
        if world.draft is None and powers.peeks(world, player):  # it sees the Store cards showing (powers.py)
            world.reads_tick_legal, world.tick_legal = True, self.tick_legal  # what shows stays: so do the actions
            return powers.determinize_peeking(world, rng)
        costs = [world.cards[c].cost for c in market.showing(world)]
        unseen = world.store + world.store_area
        rng.shuffle(unseen)
        by_set: dict[str, list[int]] = {}
        for c in unseen:
            by_set.setdefault(world.cards[c].set_code, []).append(c)
        area = [by_set[world.cards[c].set_code].pop() for c in world.store_area]
        top = [by_set[world.cards[c].set_code].pop() for c in world.store[-1:]]
        rest = [c for pile in by_set.values() for c in pile]
        rng.shuffle(rest)
        # who revealed a card showing is public: it stays with the card now in that place
        moved = dict(zip(world.store_area + world.store[-1:], area + top, strict=True))
        world.revealed_by = {moved[c]: s for c, s in world.revealed_by.items() if c in moved}
        world.store_area, world.store = area, rest + top
        if world.draft is not None:  # the packets the player does not hold are redealt too
            packets = world.draft["packets"]
            others = [s for s in range(world.num_players) if s != player]
            pool = [c for s in others for c in packets[s]] + rest
            rng.shuffle(pool)
            for s in others:
                packets[s], pool = pool[:len(packets[s])], pool[len(packets[s]):]
            world.store = pool + top
        # the actions of every seat are as in this state unless the redeal may change them (a card a
        # seat sees, a Store price): then the world builds its own (``market_actions``)
        world.reads_tick_legal = True
        if world.draft is None and not any(powers.peeks(world, s) for s in range(world.num_players)) \
                and costs == [world.cards[c].cost for c in market.showing(world)]:
            world.tick_legal = self.tick_legal
        return world

    def clone(self) -> FullGameState:
        return self._copy(lambda tournament: tournament.clone())

    def _copy(self, copy_tournament) -> FullGameState:
        """A copy (each field copied as declared), the tournament under way (if any) copied by
        ``copy_tournament(tournament)`` (``determinize``'s copies it once, its own way); the RNG
        is forked (``ForkedRngField``: a copy's generator is made only if it draws). Each seat's
        ``stats`` are copied by the first side to ``tally`` for it."""
        tournament, self.tournament = self.tournament, None
        copy = self.copy()
        self.tournament = tournament
        if tournament is not None:
            copy.tournament = copy_tournament(tournament)
            copy.tournament.events = copy.events
        copy.stats = list(self.stats)
        self.stats_owned, copy.stats_owned = set(), set()
        copy.tick_legal, copy.reads_tick_legal = {}, False  # (shared only by ``determinize``)
        return copy

    def reseed(self, seed: int) -> None:
        self.rng = random.Random(seed)
        if self.tournament is not None:
            self.tournament.reseed(self.rng.getrandbits(63))

    def counters(self) -> list[dict]:
        """Per seat: final VP by source (Duel Mode: tournaments won, RP from collections), money, and
        per card bought, sold, fused, collected, traded for."""
        from rules.millennium_blades.full.scoring import breakdown

        out = []
        for s in range(self.num_players):
            b = breakdown(self, s)
            score = ({"tournaments_won": self.tournament_wins[s], "rp_collections": sum(self.rp_collections[s])}
                     if self.duel else  # Duel Mode: wins decide (duel.py)
                     {"vp_tournaments": b["tournaments"], "vp_collections": b["collections"],
                      "vp_money": b["money"], "vp_friendship": b["friendship"]})
            out.append({**score, "money": self.money[s],
                        **{k: dict(self.stats[s].get(k, {})) for k in
                           ("bought", "bought_aftermarket", "sold", "fused", "collected", "prize", "traded_for",
                            "price_paid", "kit", "in_winning_kit")}})
        return out
