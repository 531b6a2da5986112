"""The Millennium Blades tournament state: zones, setup, what a card is now, copies, sampled worlds.

Cards are ints (``cards[id]`` a :class:`CardDef`, ``owner[id]`` its owner, -1 for the Store's).
Per seat: ``hand``, ``tableau`` (left to right), ``deck_box``, ``accessories``, ``binder``;
shared: ``store`` (its top is the end of the list), ``store_discard``, ``aftermarket``,
``metagame``; ``down`` holds the face-down cards, ``tokens`` the +1 Star tokens.
The mixins: ``queries.py`` (attributes, Top Card, protection, filters), ``resolve.py`` (effects),
``flow.py`` (turns, actions, decisions, the end), ``view.py``.
"""

from __future__ import annotations

import math
import random
from typing import Self

from rules.core.decks import DeckList
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.catalogue import as_printed, card_def, card_defs, pool_store
from rules.millennium_blades.deck_rules import EPIC_LIMIT, KIT_SECTIONS, is_epic, kit_extra_slots
from rules.millennium_blades.flow import FlowMixin
from rules.millennium_blades.kit_deals import (
    KitDeal,
    keep_deal,
    keep_index,
    keep_setup,
    kept_setup,
    known_deal,
    table_entries,
)
from rules.millennium_blades.ops_promos import outside_sets, promo_stacks
from rules.millennium_blades.queries import TABLEAU_SLOTS, QueryMixin
from rules.millennium_blades.resolve import ResolveMixin
from rules.millennium_blades.store_order import defer_store_shuffle
from rules.millennium_blades.view import ViewMixin

TURN_LIMIT = 200  # turns in all; every turn plays a card or passes, so a tournament ends far sooner
#: "Build your Deck": "up to eight singles, up to one Deck Box, and up to two Accessories"
KIT_LIMITS = {"singles": 8, "deck_box": 1, "accessories": 2}
#: ``determinize``: an unseen single is this many times likelier in an opponent's hand for each of
#: its elements, types and set that opponent's known kit shows or names
KIT_AFFINITY = 5.0
__all__ = ["CHARTS", "KIT_LIMITS", "TABLEAU_SLOTS", "TURN_LIMIT", "MBState"]
CHARTS = {  # "Tournament VP Chart"
    "pre_release": (7, 5, 4, 3, 2), "round1": (21, 15, 12, 9, 6),
    "round2": (28, 20, 16, 12, 8), "final": (42, 30, 24, 18, 12),
}


def _named_symbols(item, out: set[str]) -> None:
    """The elements and types an effect's filters name (``{"type": "soldier"}``), into ``out``."""
    if isinstance(item, dict):
        for key, value in item.items():
            if key in ("element", "type") and isinstance(value, str):
                out.add(value)
            else:
                _named_symbols(value, out)
    elif isinstance(item, (list, tuple)):
        for value in item:
            _named_symbols(value, out)


class MBState(FlowMixin, ResolveMixin, QueryMixin, ViewMixin, MBBase):
    """A Millennium Blades tournament for one to five players (its fields: base.py)."""

    __slots__ = ()  # (its fields: slots of MBBase, base.py)

    def __init__(self, decks: list[DeckList], seed: int, *, store=None, metagame=(), chart: str = "round1",
                 first_player: int = 0, turn_limit: int = TURN_LIMIT, powers=None, kit_limits=None, purse=None,
                 friends=None, friendship_left=None, sell_markers=None, promos=None, outside=None, begin: bool = True):
        """``powers``: per seat, the CardSpecs of the Tournament sides the seat holds as powers (a
        character's, a venue's: the whole game, ``full/powers.py``), numbered after every other
        card; ``kit_limits``: per seat, the "Build your Deck" limits when not ``KIT_LIMITS``;
        ``purse``: per seat, the dollars a ``pay_money`` op may spend (the whole game's money);
        ``friends``: per seat, the giver of each other player's Friendship card it holds, and
        ``friendship_left``: per seat, its own Friendship cards not given (the whole game's);
        ``sell_markers``: per seat, the Sell Markers it has (default: the set-up's 3, 4 with three
        players: rules notes, "Sell Markers in a tournament"); ``promos``: ``{tier: [CardSpec, ...]}``,
        the Promo stacks a card effect may reach ("bronze", "silver", "gold"; the last the top, in the
        order given: the whole game lends its shuffled Card Fusion piles), none by default
        (docs/rules-notes.md, "MB: promos"); ``outside``: the sets outside the game a card effect may
        reach, each ``{"code", "kind", "name", "cards": [CardSpec, ...]}``, none by default;
        ``begin`` False: set up but not begun (``begin``), as ``at_table`` keeps a table's setup."""
        super().__init__(len(decks) if decks else 1, seed)
        if chart not in CHARTS:
            raise ValueError(f"chart is one of {', '.join(CHARTS)}, not {chart!r}")
        n = self.num_players
        self.turn_limit, self.chart = turn_limit, chart
        self.step_name = ""  # events name no step: a tournament's turns are its only steps
        self.cards = []
        self.owner = []
        self.feature_cards, self._indexed_count = {}, 0  # (made once every card is in: index_features)
        self.copiers = None
        self.attached = {}
        self.pointing = {}
        self.on_tableau = {}  # cards attached to another player's tableau (ops_attach2.py)
        self._x_busy = set()
        self._bonus_busy = set()
        self.turn_memo = {}
        self.lasting_slots = [0] * n  # tableau slots for good (ops_more_r.py)
        self.named = {}  # names named with Foreboding, names banned (ops_naming.py)
        self.deck_names = [d.name for d in decks]
        self.hand = [[] for _ in range(n)]
        self.tableau = [[] for _ in range(n)]
        self.deck_box = [[] for _ in range(n)]
        self.accessories = [[] for _ in range(n)]
        self.binder = [[] for _ in range(n)]
        self.removed = [[] for _ in range(n)]  # "Infinite Loops": returned to the box
        self.down = set()
        self.tokens = {}
        self.sell_marked = {}
        self.revealed_by = {}
        self.markers_left = list(sell_markers) if sell_markers is not None else [4 if n == 3 else 3] * n
        self.rp, self.money, self.clashes_won = [0] * n, [0] * n, [0] * n
        self.rp_at_scoring = []
        self.stats = [{"played": {}, "flipped": {}} for _ in range(n)]
        # "Tournament Phase", "Setup the Phase": singles in hand, deck box and accessories face-up
        entries = table_entries(decks, KIT_SECTIONS) if store is None and not kit_limits else None
        deal = known_deal(entries) if entries is not None else None
        if deal is not None:  # these kits dealt before, nothing trimmed at random (kit_deals.py)
            self._deal_kept(deal)
        else:
            self._deal_kits(decks, kit_limits)
            self.store = self._new_cards(pool_store() if store is None else store, -1)
            if entries is not None and not any(self.binder):  # (a trim draws from the seed: not kept)
                deal = KitDeal(entries, tuple(self.cards), tuple(self.owner), tuple(map(tuple, self.hand)),
                               tuple(map(tuple, self.deck_box)), tuple(map(tuple, self.accessories)), tuple(self.store))
                keep_deal(deal)
        defer_store_shuffle(self)  # "Shuffle[d] ... together to form the Store", as its cards are drawn
        self.store_discard = []
        self.aftermarket = []
        self.metagame = [self._new_card(spec, -1) for spec in metagame]
        self.promos = promo_stacks(self._new_card, promos)  # numbered after the metagame cards (full/rounds.py lends them)
        self.outside, self.outside_sets = outside_sets(self._new_card, outside)  # then the sets outside the game
        # powers (character and venue Tournament sides): in no zone a card effect reaches, no owner
        self.powers = [[self._new_card(spec, -1) for spec in seat_powers] for seat, seat_powers in
                       enumerate(powers or [()] * n)]
        if deal is not None and deal.feature_cards is not None and len(self.cards) == len(deal.cards):
            self.feature_cards, self._indexed_count = deal.feature_cards, len(self.cards)  # (no card added since)
        else:
            self.index_features()  # every card of the game is in
            if deal is not None and len(self.cards) == len(deal.cards):
                keep_index(deal, self.feature_cards)
        self.powers_used = set()  # powers whose Action was used (once a tournament)
        self.purse = list(purse) if purse is not None else [0] * n
        # none in a tournament alone (rules notes, "Friendship cards")
        self.friends = [list(f) for f in friends] if friends is not None else [[] for _ in range(n)]
        self.friendship_left = list(friendship_left) if friendship_left is not None else [0] * n
        self.out: set[int] = set()  # seats removed by the infinite-loop rule
        self.loop_money = [0] * n  # and the dollars it paid them (the whole game takes them back in the last round)
        # the turn ("Tournament Turns")
        self.first_player = first_player % n
        self.seat_turn = self.first_player
        self.passes = 0
        self.extra_turns = [0] * n  # "Take another turn": the turns each seat takes after its own
        self.plays_left, self.played_this_turn, self.action_used = 1, 0, False
        self.turn_ending = False
        self.next_effects = [[] for _ in range(n)]
        self.next_turn_ops = [[] for _ in range(n)]  # "At the start of your next turn" (ops_more_v.py)
        self.stack = []
        self.triggered = []
        self.pending = None
        self.phase = "turn"
        self.steps = 0
        self.turn = 1
        if begin:
            self.begin()

    def begin(self) -> None:
        """Setup's event, then the first player's first turn starts (its "At the start of your turn"
        effects resolve)."""
        self.log("setup", None, rp=[0] * self.num_players, first_player=self.first_player,
                 hands=[len(h) for h in self.hand], store=len(self.store_cards()))
        if "exact_copy" in self.feature_cards:  # an Accessory with its others' effects has them from the start (ops_copying)
            self.refresh_copies()
        self.start_turn_effects()

    @classmethod
    def at_table(cls, decks: list[DeckList], seed: int) -> MBState:
        """A tournament with every option at its default. A table of kits that played before starts as
        a copy of its kept setup (``kit_deals.keep_setup``), only the seeded part done again (the
        game's generator, the Store's shuffle from it): setting up costs a random game between sample
        kits at one seat as much as a fifth of its time, and a copy a third of a setup."""
        entries = table_entries(decks, KIT_SECTIONS)
        setup = kept_setup(entries) if entries is not None else None
        if setup is None:
            state = cls(decks, seed, begin=False)
            if entries is not None:
                keep_setup(entries, state)  # (kept only where the deal is: no kit trimmed at random)
        else:
            state = setup.copy()
            state.deck_names = [d.name for d in decks]  # (the same cards may be under another name)
            state.seed, state.rng = seed, random.Random(seed)  # as ``GameState.__init__``
            defer_store_shuffle(state)  # the game's first draw, as in ``__init__`` (nothing trimmed before it)
        state.begin()
        return state

    def _deal_kits(self, decks: list[DeckList], kit_limits) -> None:
        """Each seat's kit: singles to the hand, the deck box and accessories face-up, an illegal
        kit trimmed at random ("Illegal Decks", ``_trim_illegal``, ``_trim_epics``)."""
        for seat, deck in enumerate(decks):
            ids = {section: self._new_cards(deck.cards(section), seat) for section in KIT_SECTIONS}
            # a Deck Box or Accessory may print more slots (deck_rules.py, "Build your Deck")
            extra = kit_extra_slots([self.cards[c] for c in ids["deck_box"] + ids["accessories"]])
            limits = kit_limits[seat] if kit_limits else KIT_LIMITS
            for section in KIT_SECTIONS:
                self._trim_illegal(seat, section, ids[section], limits[section] + extra[section])
            self._trim_epics(seat, ids)
            for section, zone in (("singles", self.hand), ("deck_box", self.deck_box),
                                  ("accessories", self.accessories)):
                zone[seat].extend(ids[section])

    def _deal_kept(self, deal: KitDeal) -> None:
        """``_deal_kits`` and the Store's cards as an earlier game between these kits dealt them."""
        self.cards, self.owner = list(deal.cards), list(deal.owner)
        for zone, dealt in ((self.hand, deal.hand), (self.deck_box, deal.deck_box), (self.accessories, deal.accessories)):
            for seat, ids in enumerate(dealt):
                zone[seat].extend(ids)
        self.store = list(deal.store)

    def _new_card(self, spec, owner: int) -> int:
        self.cards.append(card_def(spec))
        self.owner.append(owner)
        return len(self.cards) - 1

    def _new_cards(self, specs, owner: int) -> list[int]:
        """Ids for a run of new cards (the Store's two hundred, at every setup), in order."""
        first = len(self.cards)
        self.cards.extend(card_defs(specs))
        self.owner.extend([owner] * (len(self.cards) - first))
        return list(range(first, len(self.cards)))

    def _trim_illegal(self, seat: int, section: str, ids: list[int], limit: int) -> None:
        """"Illegal Decks": "Randomly remove cards from the player's deck to their binder until it is
        below the 8-card limit" (the same for deck boxes and accessories; rules notes)."""
        removed = []
        while len(ids) > limit:
            removed.append(ids.pop(self.rng.randrange(len(ids))))
        if removed:
            self.binder[seat].extend(removed)
            self.log("illegal_deck_trimmed", seat, section=section, to_binder=[self.cards[c].name for c in removed])

    def _trim_epics(self, seat: int, ids: dict[str, list[int]]) -> None:
        """The Epic keyword's "Limit one Epic Card per Deck" kept as "Illegal Decks" keeps the size:
        random Epic cards go to the binder until one is left (rules notes, "Epic cards")."""
        epics = [(section, c) for section in KIT_SECTIONS for c in ids[section]
                 if self.cards[c].timed("deckbuilding") and is_epic(self.cards[c])]
        while len(epics) > EPIC_LIMIT:
            section, card = epics.pop(self.rng.randrange(len(epics)))
            ids[section].remove(card)
            self.binder[seat].append(card)
            self.log("epic_trimmed", seat, section=section, card=self.cards[card].name)

    # -- what the game holds -----------------------------------------------------------------------
    def all_cards(self) -> list[str]:
        return [c.name for c in self.cards]

    def hidden_cards(self, player: int) -> list[str]:
        """The Store's order and contents, and the other players' hands."""
        hidden = [self.cards[c].name for c in self.store]
        for seat in range(self.num_players):
            if seat != player:
                hidden += [self.cards[c].name for c in self.hand[seat]]
        return hidden

    def determinize(self, player: int, rng: random.Random) -> MBState:
        """A world ``player`` cannot tell from this one: the other hands redealt (their sizes kept)
        from the unseen singles (the Store and those hands), the rest the Store, shuffled.

        The belief is the kits' plan, read from public cards only: "Deck Boxes represent the
        engine of your deck, and help to unify the theme" and the player tries "to find cards that
        will make one of them work" ("DECK BOXES"); sets have themes (the Set Guide). So each
        unseen single is dealt to an opponent with weight ``KIT_AFFINITY ** matches``, where
        ``matches`` counts the single's elements, types and set found among that opponent's
        known kit (the face-up deck box and accessories, every card it has played, face-down
        ones included: they were played face-up) -- their printed elements, types and sets and
        the elements and types their effects name ("each face-up Soldier", "Fire card"). A
        uniform redeal (the Store being the whole pool) gave every opponent a hand of random
        store singles in every sampled world, so the search played against kits that lose; worse,
        the Store's cards are made without effects (``pool_store``), so they were blank: a dealt
        card now plays its printed text (``as_printed``).
        Deterministic for ``rng``; the real hands only lend their sizes (docs/rules-notes.md)."""
        world = self.clone()
        world.cards = list(self.cards)  # its own: a dealt Store card gets its printed effects
        others = [s for s in range(self.num_players) if s != player]
        unseen = sorted(world.store_cards()) + [c for s in others for c in world.hand[s]]  # (not the Store's order)
        singles = [c for c in unseen if world.cards[c].card_type == "single"]
        rng.shuffle(singles)
        taken = set()
        for seat in others:
            size = len(world.hand[seat])
            plan = self._kit_plan(seat)
            # weighted sampling without replacement: the ``size`` smallest of Exp(1) / weight
            keys = {c: -math.log(1.0 - rng.random()) / KIT_AFFINITY ** self._matches(c, plan) for c in singles}
            hand = sorted(singles, key=keys.__getitem__)[:size]
            world.hand[seat] = hand
            dealt = set(hand)
            singles = [c for c in singles if c not in dealt]
            taken |= dealt
            for c in hand:
                world.owner[c] = seat
                world.cards[c] = as_printed(world.cards[c])
        copiers = world.copiers
        if copiers is not None:  # a dealt card that copies its neighbour is one in this world too
            dealt_copiers = {c: world.cards[c] for c in taken  # (or changes others' effects: ops_copying.py)
                             if world.cards[c].features & {"exact_copy", "lend_effects", "keeps_only"}}
            world.copiers = {**copiers, **dealt_copiers} if dealt_copiers else copiers
        world.store = [c for c in unseen if c not in taken]
        rng.shuffle(world.store)
        for c in world.store:
            world.owner[c] = -1
        world.index_features()  # (its dealt cards print their text)
        for pile in world.promos.values():  # a Promo stack's order is hidden too (ops_promos.py; none: no draw)
            rng.shuffle(pile)
        return world

    def _kit_plan(self, seat: int) -> set[str]:
        """The elements, types and sets ``seat``'s known kit shows or names (``determinize``)."""
        plan: set[str] = set()
        for c in self.deck_box[seat] + self.accessories[seat] + self.tableau[seat]:
            card = self.cards[c]
            plan.update(card.elements, card.types)
            if card.set_code:
                plan.add("set " + card.set_code)
            _named_symbols(card.effects, plan)
        return plan

    def _matches(self, card_id: int, plan: set[str]) -> int:
        card = self.cards[card_id]
        found = sum(1 for symbol in card.elements + card.types if symbol in plan)
        return found + (1 if card.set_code and "set " + card.set_code in plan else 0)

    def clone(self) -> Self:
        """An independent copy, each field copied as base.py declares it."""
        return self.copy()

    def counters(self) -> list[dict]:
        return [{"rp": self.rp[s], "clashes_won": self.clashes_won[s], "money": self.money[s],
                 "played": dict(self.stats[s]["played"]), "flipped": dict(self.stats[s]["flipped"])}
                for s in range(self.num_players)]
