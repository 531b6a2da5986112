"""The Boundless game state: its zones and counters, setup, copies and sampled worlds.

``BoundlessState`` is assembled from one mixin per concern, each in its own module:

==============  ===============================================================================
``zones.py``    cards moving between zones (draw, discard, spiritualize, forms in and out, the void)
``power.py``    PWR now, and the evaluation's one-pass field sums
``triggers.py`` triggered effects, effects in progress, response windows: the resolution loop
``turn.py``     mulligan, die roll, draw and invoke steps, end step
``combat.py``   the combat step
``actions.py``  who acts, the legal actions, ``apply`` (a handler per verb)
``view.py``     ``view`` and ``action_to_string``
==============  ===============================================================================

Cards are ints: a card's *id* is its index in the game (``card_defs[id]`` is its shared,
immutable :class:`~rules.boundless.effects.CardDef`, ``owner[id]`` its owner); a card's *kind*
(``CardDef.kind``) numbers its definition, the same for every copy (``catalogue[kind]``). Zones
are small lists of ids (``EMPTY`` marks an open form or command zone), so ``clone`` copies lists,
never card objects (every field is declared, with how a copy copies it, in base.py). Every
per-player zone is a pair indexed by seat.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.boundless import ai
from rules.boundless.actions import ActionMixin
from rules.boundless.combat import CombatMixin
from rules.boundless.compiler import SPIRIT, CardDef, card_def
from rules.boundless.constants import (
    COMBAT,
    COMMAND_ZONES,
    EMPTY,
    FORM_ZONES,
    HAND_START,
    MULLIGAN,
    STEP_NAMES,
    TURN_LIMIT,
)
from rules.boundless.effects import F_SRC
from rules.boundless.power import PowerMixin
from rules.boundless.records import Ask, Pending
from rules.boundless.triggers import TriggerMixin
from rules.boundless.turn import TurnMixin
from rules.boundless.view import ViewMixin
from rules.boundless.zones import ZoneMixin
from rules.core.decks import DeckList


class BoundlessState(ActionMixin, CombatMixin, TurnMixin, TriggerMixin, ViewMixin, PowerMixin, ZoneMixin):
    """A Boundless game for two players (the rulebook describes up to 2: "ABOUT BOUNDLESS")."""

    turn_limit = TURN_LIMIT

    def __init__(self, decks: list[DeckList] | None, seed: int, *, turn_limit: int = TURN_LIMIT,
                 form_zones: int = FORM_ZONES, command_zones: int = COMMAND_ZONES, _blank: bool = False):
        self._rng_seed = None
        self._rng_shared = False
        self._events_shared = False
        super().__init__(2, seed)
        if _blank:
            return
        self.turn_limit = turn_limit
        self.num_form_zones, self.num_command_zones = form_zones, command_zones
        # -- the cards (shared by every clone) --
        catalogue: list[CardDef] = []  # kind -> definition
        by_printing: dict = {}
        card_defs: list[CardDef] = []  # id -> definition
        owner: list[int] = []  # id -> seat
        sections: list[dict] = []
        for seat, deck in enumerate(decks or ()):  # (None only for a blank state)
            ids: dict[str, list[int]] = {"savior": [], "main": [], "spirit": []}
            for section in ("savior", "main", "spirit"):
                for printing in deck.cards(section):
                    key = (printing.name, printing.set_code, printing.number, printing.id)
                    definition = by_printing.get(key)
                    if definition is None:
                        definition = by_printing[key] = card_def(len(catalogue), printing)
                        catalogue.append(definition)
                    ids[section].append(len(card_defs))
                    card_defs.append(definition)
                    owner.append(seat)
            if len(ids["savior"]) != 1:
                raise ValueError(f"deck {seat + 1} needs exactly 1 savior card (WHAT YOU NEED), has {len(ids['savior'])}")
            sections.append(ids)
        self.catalogue = catalogue
        self.card_defs = card_defs
        self.owner = owner
        self.is_spirit = bytes(1 if d.ctype == SPIRIT else 0 for d in card_defs)
        self.is_interrupt_or_swift = bytes(1 if d.command_kind in ("interrupt", "swift") else 0 for d in card_defs)
        #: the trigger names some card of this game answers (the rest need no search)
        self.listened_triggers = frozenset(name for d in catalogue for name in d.trig)
        # -- the zones ("ZONES AND SETUP"), per seat --
        self.main_deck = [ids["main"] for ids in sections]
        self.spirit_deck = [ids["spirit"] for ids in sections]
        self.savior = [ids["savior"][0] for ids in sections]
        self.hand = [[], []]
        self.drop = [[], []]
        self.void = [[], []]
        self.savior_spirits = [[], []]  # spirits underneath each savior, in the order placed
        self.flipped = [False, False]  # the savior shows its boundless side
        self.forms = [[EMPTY] * form_zones, [EMPTY] * form_zones]  # form zones: card ids
        self.form_spirits = [[[] for _ in range(form_zones)] for _ in range(2)]  # spirits under each form zone
        self.commands = [[EMPTY] * command_zones, [EMPTY] * command_zones]  # command zones: card ids
        self.command_face_up = [[False] * command_zones, [False] * command_zones]
        self.command_set_turn = [[0] * command_zones, [0] * command_zones]  # the turn each was placed
        self.known_in_hand = [frozenset(), frozenset()]  # hand cards the opponent has seen go there (rescued, returned)
        # -- the turn --
        self.turn_player = 0
        self.first_player = 0
        self.step = MULLIGAN
        self.phase = ""  # the combat step's phase (constants: START_PHASE ...)
        self.acting_player = 0
        # -- once-per-turn and combat marks ("THE ACT STEP", "THE COMBAT STEP") --
        self.savior_spiritualized = [False, False]
        self.spiritualized_this_turn: set[int] = set()  # forms
        self.sacrificed_to_play = False
        self.used_once_per_turn: set[tuple[int, int]] = set()  # (card, effect index)
        self.attack_counts: dict[int, int] = {}
        self.extra_attacks: dict[int, int] = {}
        self.damaged: list[int] = []  # forms damaged this combat step (they leave at its end)
        # -- lasting changes, each with its expiry (effects.py: END_OF_ATTACK, 2t, 2t + 1) --
        self.pwr_changes: list[tuple[int, int, int]] = []  # (card, amount, until)
        self.protected_until: dict[int, int] = {}  # card -> until: it cannot be damaged
        self.cannot_attack_until: dict[int, int] = {}
        # -- resolution (triggers.py) --
        self.frames: list[list] = []  # effects in progress, innermost last (effects.py's frame layout)
        self.waiting_effects: list[list] = []  # batches of triggered effects (records.Trigger), newest first
        self.continuations: list = []  # the turn's own flow: (handler, args) pairs (records.Continuation), next last
        self.pending: Pending | None = None  # the decision a player is asked now
        self.negated_card = EMPTY  # a command whose activation was negated
        # -- setup decisions and statistics --
        self.mulligan_put_back = [-1, -1]  # cards each seat put back (-1: not decided yet)
        self.die_rolls: list[tuple[int, int]] = []
        self.was_drawn = bytes(len(card_defs))  # per card id (rules-notes: "Card statistics")
        self.was_played = bytes(len(card_defs))
        # -- sampled worlds (``determinize``): decks whose order is not fixed, and the seed of the picks --
        self.unordered_decks = 0  # bit 2p: seat p's main deck, bit 2p + 1: their spirit deck
        self.deal_seed = 0
        # "BEFORE YOU START": shuffle both decks, draw 5, then the mulligans
        for seat in (0, 1):
            self.shuffle(self.main_deck[seat])
            self.shuffle(self.spirit_deck[seat])
        for seat in (0, 1):
            self.draw(seat, HAND_START)
        self._ask_mulligan(0)

    # -- chance and the log --------------------------------------------------------------------------
    @property
    def step_name(self) -> str:  # type: ignore[override]  # (GameState's plain field, here worked out: never assigned)
        """The step, for the log and the view: "setup", "draw", "invoke", "act1", "combat:<phase>",
        "act2", "end", "over"."""
        name = STEP_NAMES[self.step]
        return f"{name}:{self.phase}" if self.step == COMBAT and self.phase else name

    def _own_rng(self) -> random.Random:
        """This state's own RNG. Clones share it until one of them needs it (copy on write), and a
        sampled world gets only a seed (``reseed``), turned into an RNG when first needed: most
        look-ahead worlds never shuffle or roll, and seeding or copying an RNG is not cheap."""
        if self._rng_shared:
            if self._rng_seed is not None:
                self._rng = random.Random(self._rng_seed)
                self._rng_seed = None
            else:
                rng = random.Random(0)  # (seeding from an int is cheap; the state is replaced next)
                rng.setstate(self._rng.getstate())
                self._rng = rng
            self._rng_shared = False
        return self._rng

    @property
    def rng(self) -> random.Random:
        return self._own_rng()

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_seed = None
        self._rng_shared = False

    def reseed(self, seed: int) -> None:
        """Give this state a fresh RNG seeded with ``seed``, made lazily (see ``_own_rng``)."""
        self._rng_seed = seed
        self._rng_shared = True

    def log(self, action: str, player: int | None, **changes) -> None:
        if self.log_events:
            if self._events_shared:  # the event list is shared with a clone until one writes
                self.events = list(self.events)
                self._events_shared = False
            super().log(action, player, **changes)

    # -- copies --------------------------------------------------------------------------------------
    def clone(self) -> BoundlessState:
        """An independent copy, each field copied as base.py declares it (``rules/core/fields.py``):
        zone lists copied, card definitions shared, the RNG and event log shared until either side
        needs its own (copy on write). (The greedy and search agents clone for every action they try.)"""
        self._events_shared = self._rng_shared = True
        return self.copy()

    def determinize(self, player: int, rng: random.Random) -> BoundlessState:
        """Redeal what ``player`` cannot see: the order of every deck (left unordered: the top
        card is picked when one is taken, ``take_top``), and the opponent's hidden hand cards,
        face-down commands and deck contents (spirit and main cards keep their counts: the two
        have different backs, "SPIRIT CARDS"; face-down cards stay commands that can be set
        face-down; cards known to be in hand stay). The world gets a fresh RNG seed and deal.

        While the opponent is choosing inside an effect or deciding whether to respond, their
        hand and face-down commands stay as they are: that decision depends on them, and a world
        without it would show ``player`` a different game (agents sample worlds only when they
        act themselves, so this happens only when a game is inspected)."""
        world = self.clone()
        world.reseed(rng.getrandbits(64))
        opponent = 1 - player
        world.unordered_decks = 15  # every deck's order is hidden
        world.deal_seed = rng.getrandbits(64)
        pending = world.pending
        if pending is not None and pending.player == opponent and pending.kind in (Ask.CHOICE, Ask.RESPONSE):
            return world
        known: frozenset[int] | set[int] = world.known_in_hand[opponent]
        asks_optional = pending is not None and pending.kind == Ask.OPTIONAL
        if world.waiting_effects or world.frames or asks_optional:  # cards an effect refers to stay put
            known = extra = set(known)
            extra.update(trigger.source for batch in world.waiting_effects for trigger in batch)
            extra.update(frame[F_SRC] for frame in world.frames)
            if asks_optional and pending is not None and pending.trigger is not None:  # (always, when optional)
                extra.add(pending.trigger.source)
        kept, hidden_main, hidden_spirits = [], [], []
        is_spirit = world.is_spirit
        for card in world.hand[opponent]:
            if card in known:
                kept.append(card)
            elif is_spirit[card]:
                hidden_spirits.append(card)
            else:
                hidden_main.append(card)
        commands, face_up = world.commands[opponent], world.command_face_up[opponent]
        face_down = [zone for zone in range(world.num_command_zones)
                     if commands[zone] >= 0 and not face_up[zone] and commands[zone] not in known]
        new_main: list[int] | tuple[()] = ()
        new_spirits: list[int] | tuple[()] = ()
        if hidden_main or face_down:
            pool = hidden_main + world.main_deck[opponent]
            for zone in face_down:
                pool.append(commands[zone])
            fit = world.is_interrupt_or_swift
            for zone in face_down:  # a face-down card is some interrupt or swift command
                fits = [j for j, card in enumerate(pool) if fit[card]]
                j = fits[int(rng.random() * len(fits))]
                commands[zone] = pool[j]
                pool[j] = pool[-1]
                pool.pop()
            new_main = rng.sample(pool, len(hidden_main))
            if new_main:
                taken: set[int] = set(new_main)
                pool = [card for card in pool if card not in taken]
            world.main_deck[opponent] = pool
        if hidden_spirits:
            spirit_pool = hidden_spirits + world.spirit_deck[opponent]
            new_spirits = rng.sample(spirit_pool, len(hidden_spirits))
            taken = set(new_spirits)
            world.spirit_deck[opponent] = [card for card in spirit_pool if card not in taken]
        if new_main or new_spirits:
            world.hand[opponent] = kept + list(new_main) + list(new_spirits)
        if pending is not None and pending.kind == Ask.MULLIGAN and pending.player == opponent:
            world._ask_mulligan(opponent)  # the options name the cards of the redealt hand
        return world

    def greedy_values(self, player: int, actions: list, evaluate) -> list[float] | None:
        """The greedy agent's shortcut (``rules.core.agents.GreedyAgent``): the mulligan options
        scored by this game's evaluation without playing each in a copy (``ai.mulligan_values``:
        exactly the scores playing them gives); None for every other decision."""
        pending = self.pending
        if evaluate is not ai.evaluate or pending is None or pending.kind != Ask.MULLIGAN or pending.player != player:
            return None
        return ai.mulligan_values(self, player, actions)

    def greedy_scorer(self, player: int, evaluate):
        """The greedy agent's scorer for one decision's candidates (``rules.core.agents.GreedyAgent``):
        ``ai.decision_scorer``, this game's evaluation with the opponent's side computed once while
        no candidate changes it (exactly ``evaluate``'s scores); None for another evaluation."""
        return ai.decision_scorer(player) if evaluate is ai.evaluate else None

    # -- what the game holds, hides and counts -------------------------------------------------------------
    def card_ids(self) -> list[int]:
        """Every card id in every zone, spirits underneath included (for conservation checks)."""
        out = []
        for seat in (0, 1):
            out += self.main_deck[seat] + self.spirit_deck[seat] + self.hand[seat] + self.drop[seat] + self.void[seat]
            out += self.savior_spirits[seat] + [self.savior[seat]]
            out += [card for card in self.forms[seat] if card >= 0] + [card for card in self.commands[seat] if card >= 0]
            for under in self.form_spirits[seat]:
                out += under
        return out

    def all_cards(self) -> list[str]:
        """The name of every card in every zone (decks, hands, field, spirits underneath, drop
        zones, voids), with repeats: the same all game long."""
        card_defs = self.card_defs
        return [card_defs[card].name for card in self.card_ids()]

    def hidden_cards(self, player: int) -> list[str]:
        """Names of the cards ``player`` cannot see: every deck (order, and the opponent's
        contents), the opponent's hand but for the cards known to be there, the opponent's
        face-down commands."""
        opponent = 1 - player
        card_defs = self.card_defs
        hidden = self.main_deck[0] + self.main_deck[1] + self.spirit_deck[0] + self.spirit_deck[1]
        hidden += [card for card in self.hand[opponent] if card not in self.known_in_hand[opponent]]
        hidden += [card for zone, card in enumerate(self.commands[opponent])
                   if card >= 0 and not self.command_face_up[opponent][zone]]
        return [card_defs[card].name for card in hidden]

    def counters(self) -> list[dict]:
        """Per seat (``ENGINE.counters``): ``drawn`` and ``played`` per card name, each copy at
        most once (rules-notes: "Card statistics: drawn and played"); ``mulligans`` 1 when the seat
        put cards back; ``put_back`` how many."""
        out: list[dict[str, Any]] = [{"drawn": {}, "played": {}, "mulligans": 0, "put_back": 0} for _ in (0, 1)]
        card_defs, owner = self.card_defs, self.owner
        for key, flags in (("drawn", self.was_drawn), ("played", self.was_played)):
            for card in itertools.compress(range(len(flags)), flags):
                counts = out[owner[card]][key]
                name = card_defs[card].name
                counts[name] = counts.get(name, 0) + 1
        for seat in (0, 1):
            put_back = max(self.mulligan_put_back[seat], 0)
            out[seat]["mulligans"] = 1 if put_back else 0
            out[seat]["put_back"] = put_back
        return out
