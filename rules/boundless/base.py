"""``BoundlessBase``: every field of a Boundless game, declared once with its type and how a copy
copies it.

The game state is one class (:class:`~rules.boundless.state.BoundlessState`) written in parts:
zones (zones.py), PWR (power.py), triggered effects (triggers.py), the turn (turn.py), combat
(combat.py), the verbs (actions.py) and the view (view.py). Each part is a mixin on this base, so a
type checker (and a reader) finds every attribute here, and ``clone`` is derived from these
declarations (``rules/core/fields.py``) instead of re-listing the fields by hand.

Cards are ints and zones small lists of them, so a copy copies lists, never card objects. The
methods one part calls in another are declared at the end for the type checker only (they do not
exist at run time: the parts define them).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Annotated, Any

from rules.boundless.compiler import CardDef
from rules.boundless.records import Continuation, Pending, Trigger
from rules.core.engine import Event, GameState
from rules.core.fields import COPY_ON_WRITE, FIXED, LOG, RECORD, Copy, Declared

if TYPE_CHECKING:
    from rules.core.engine import Action

#: a pair of zones, one per seat, each a list (or set) of card ids: a new pair of new containers
#: (the hottest copy of all: written out for two seats rather than looped)
PER_SEAT = Copy("PER_SEAT", "[(p := {})[0].copy(), p[1].copy()]")
#: the spirits under each form zone, per seat: a new pair of new per-seat lists; the list under a
#: zone is shared, as zones.py replaces it whole and never changes it in place (copy on write)
SPIRITS_UNDER = Copy("SPIRITS_UNDER", "[(p := {})[0].copy(), p[1].copy()]", walk="none")
#: a small list, set, dict or bytes a copy shares with its source because every write replaces it
#: whole, never changing it in place (the seat flags, turn and combat marks, setup records and card
#: statistics below: a few writes a turn, against a copy for every action the greedy agent tries)
REPLACED = Copy("REPLACED", "{}", walk="none")


def with_item(pair: list, seat: int, index: int, value: Any) -> list:
    """A per-seat pair of rows like ``pair`` with ``value`` at ``[seat][index]``: how a ``REPLACED``
    per-seat field (``command_face_up``, ``command_set_turn``) is written, as copies share it."""
    row = pair[seat].copy()
    row[index] = value
    return [row, pair[1]] if seat == 0 else [pair[0], row]


#: effects in progress (effects.py's frame layout): lists and dicts copied through, around the
#: compiled effects (from the ``FIXED`` card table) and records they hold, which are shared
FRAMES = Copy("FRAMES", "(copy_data(f) if (f := {}) else [])", walk="containers")  # (mostly empty)
#: batches of triggered effects: new lists, the same ``Trigger`` records (never changed once made)
BATCHES = Copy("BATCHES", "([b.copy() for b in w] if (w := {}) else [])", walk="containers")


class BoundlessBase(Declared, GameState):
    """The fields of a Boundless game (besides ``GameState``'s: seats, seed, turn, outcome)."""

    copy_from_dict = True  # every attribute is declared (tests/rules/boundless/test_clone.py): copies start from __dict__

    # the options the game was started with
    turn_limit: int
    num_form_zones: int
    num_command_zones: int
    # the cards: built with the game, never changed by it (``catalogue[kind]``, ``card_defs[id]``)
    catalogue: Annotated[list[CardDef], FIXED]
    card_defs: Annotated[list[CardDef], FIXED]
    owner: Annotated[list[int], FIXED]  # id -> seat
    is_spirit: bytes  # id -> 1 for a spirit card
    is_interrupt_or_swift: bytes  # id -> 1 for an [INTERRUPT] or [SWIFT] command (what a face-down card may be)
    listened_triggers: frozenset[str]  # the trigger names some card of this game answers
    # the zones ("ZONES AND SETUP"), per seat
    main_deck: Annotated[list[list[int]], PER_SEAT]
    spirit_deck: Annotated[list[list[int]], PER_SEAT]
    savior: Annotated[list[int], FIXED]  # each seat's savior card: set up with the game, never changed
    hand: Annotated[list[list[int]], PER_SEAT]
    drop: Annotated[list[list[int]], PER_SEAT]
    void: Annotated[list[list[int]], PER_SEAT]
    savior_spirits: Annotated[list[list[int]], PER_SEAT]  # in the order placed
    flipped: Annotated[list[bool], REPLACED]  # the savior shows its boundless side
    forms: Annotated[list[list[int]], PER_SEAT]  # form zones: card ids (EMPTY: open)
    form_spirits: Annotated[list[list[list[int]]], SPIRITS_UNDER]  # spirits under each form zone
    commands: Annotated[list[list[int]], PER_SEAT]  # command zones: card ids
    # (REPLACED per seat as well: written a few times a turn, through ``with_item`` and
    # ``ZoneMixin.mark_known``, never in place)
    command_face_up: Annotated[list[list[bool]], REPLACED]
    command_set_turn: Annotated[list[list[int]], REPLACED]  # the turn each was placed
    known_in_hand: Annotated[list[frozenset[int]], REPLACED]  # hand cards the opponent saw go there
    # the turn
    turn_player: int
    first_player: int
    step: int  # constants.py: MULLIGAN ...
    phase: str  # the combat step's phase (constants: START_PHASE ...)
    acting_player: int
    # once-per-turn and combat marks ("THE ACT STEP", "THE COMBAT STEP")
    savior_spiritualized: Annotated[list[bool], REPLACED]
    spiritualized_this_turn: Annotated[set[int], REPLACED]  # forms
    sacrificed_to_play: bool
    used_once_per_turn: Annotated[set[tuple[int, int]], REPLACED]  # (card, effect index)
    attack_counts: Annotated[dict[int, int], REPLACED]
    extra_attacks: Annotated[dict[int, int], REPLACED]
    damaged: Annotated[list[int], REPLACED]  # forms damaged this combat step
    # lasting changes, each with its expiry (effects.py: END_OF_ATTACK, 2t, 2t + 1)
    pwr_changes: Annotated[list[tuple[int, int, int]], REPLACED]  # (card, amount, until)
    protected_until: Annotated[dict[int, int], REPLACED]  # card -> until: it cannot be damaged
    cannot_attack_until: Annotated[dict[int, int], REPLACED]
    # resolution (triggers.py)
    frames: Annotated[list[list[Any]], FRAMES]  # effects in progress, innermost last (effects.py's layout)
    waiting_effects: Annotated[list[list[Trigger]], BATCHES]  # newest first
    continuations: Annotated[list[Continuation], LOG]  # the turn's own flow, next last
    pending: Annotated[Pending | None, RECORD]  # the decision a player is asked now
    negated_card: int  # a command whose activation was negated
    # setup decisions and statistics
    mulligan_put_back: Annotated[list[int], REPLACED]  # cards each seat put back (-1: not decided)
    die_rolls: Annotated[list[tuple[int, int]], REPLACED]
    # per card id (rules-notes: "Card statistics"): bytes, replaced when a card's flag changes
    # (``ZoneMixin.mark_drawn``, ``mark_played``: a copy shares them)
    was_drawn: Annotated[bytes, REPLACED]
    was_played: Annotated[bytes, REPLACED]
    # sampled worlds (``determinize``): decks whose order is not fixed, and the seed of the picks
    unordered_decks: int  # bit 2p: seat p's main deck, bit 2p + 1: their spirit deck
    deal_seed: int
    # the RNG and the event log, shared by a clone and its source until one of them needs its own
    # (state.py: ``_own_rng``, ``log``): copying them would cost as much as the rest of a clone
    _rng: Annotated[random.Random, COPY_ON_WRITE]
    _rng_seed: int | None  # a sampled world's seed, turned into an RNG when first needed
    _rng_shared: bool
    events: Annotated[list[Event], COPY_ON_WRITE]
    _events_shared: bool

    if TYPE_CHECKING:
        # -- state.py ------------------------------------------------------------------------------
        @abstractmethod
        def _own_rng(self) -> random.Random: ...

        # -- zones.py ------------------------------------------------------------------------------
        @abstractmethod
        def in_act_step(self) -> bool: ...
        @abstractmethod
        def on_field(self, card: int) -> bool: ...
        @abstractmethod
        def spirits_of(self, card: int) -> list: ...
        @abstractmethod
        def mark_known(self, player: int, card: int, known: bool) -> None: ...
        @abstractmethod
        def mark_drawn(self, card: int, drawn: int = 1) -> None: ...
        @abstractmethod
        def mark_played(self, card: int) -> None: ...
        @abstractmethod
        def card_at(self, position: str) -> int: ...
        @abstractmethod
        def card_in(self, cards: list, kind: int) -> int: ...
        @abstractmethod
        def can_spiritualize(self, player: int, card: int) -> bool: ...
        @abstractmethod
        def shuffle(self, cards: list) -> None: ...
        @abstractmethod
        def draw(self, player: int, n: int) -> int: ...
        @abstractmethod
        def invoke(self, player: int, n: int) -> int: ...
        @abstractmethod
        def spiritualize(self, player: int, spirit: int, host: int, by_effect: bool = False) -> None: ...
        @abstractmethod
        def put_form(self, player: int, card: int, zone: int, played_from: str = "hand", sacrificed: int = -1,
                     spirits: list | None = None) -> None: ...
        @abstractmethod
        def _leave_field(self, card: int) -> None: ...
        @abstractmethod
        def remove_form(self, card: int, destination: str) -> None: ...
        @abstractmethod
        def savior_damaged(self, player: int) -> None: ...
        @abstractmethod
        def flip(self, player: int) -> None: ...

        # -- power.py ------------------------------------------------------------------------------
        @abstractmethod
        def pwr(self, card: int) -> int: ...

        # -- triggers.py ---------------------------------------------------------------------------
        @abstractmethod
        def _collect(self, card: int, controller: int, name: str, context: dict, batch: list,
                     zone: str = "field") -> None: ...
        @abstractmethod
        def _collect_controlled(self, player: int, name: str, context: dict, batch: list) -> None: ...
        @abstractmethod
        def _collect_under(self, host: int, controller: int, name: str, context: dict, batch: list) -> None: ...
        @abstractmethod
        def _collect_damaged(self, card: int, owner: int, context: dict, batch: list) -> None: ...
        @abstractmethod
        def _queue(self, batch: list) -> None: ...
        @abstractmethod
        def _resolve(self) -> None: ...
        @abstractmethod
        def _push_frame(self, controller: int, source: int, effect: Any, variables: dict, kind: int = 0) -> None: ...
        @abstractmethod
        def order_action(self, trigger: Trigger) -> Action: ...
        @abstractmethod
        def _take_waiting(self, index: int) -> None: ...
        @abstractmethod
        def _start_effect(self, trigger: Trigger) -> None: ...
        @abstractmethod
        def _open_response_window(self, event: str, context: dict) -> None: ...

        # -- turn.py -------------------------------------------------------------------------------
        @abstractmethod
        def _ask_mulligan(self, player: int) -> None: ...
        @abstractmethod
        def _mulligan(self, player: int, kinds: tuple) -> None: ...
        @abstractmethod
        def _choose_first_player(self, player: int, go_first: bool) -> None: ...
        @abstractmethod
        def _expire_until(self, moment: int) -> None: ...

        # -- combat.py and actions.py --------------------------------------------------------------
        @abstractmethod
        def _start_combat(self) -> None: ...
        @abstractmethod
        def _combat_actions(self, player: int) -> list: ...
        @abstractmethod
        def _end_combat(self) -> None: ...
        @abstractmethod
        def _activation_actions(self, player: int, out: list, combat: bool) -> None: ...
