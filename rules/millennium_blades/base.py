"""``MBBase``: every field of a Millennium Blades tournament, declared once with its type and how a
copy copies it (``rules/core/fields.py``, issue 30).

The tournament state (:class:`~rules.millennium_blades.state.MBState`) is one class written in
parts: turns and actions (flow.py), effects (resolve.py, clash.py, market.py, special_ops.py),
queries (queries.py) and the view (view.py). Each part is a mixin on this base, so a type checker
(and a reader) finds every attribute here, and ``clone`` is derived from these declarations
instead of re-listing the fields by hand.

Cards are ints: ``cards[id]`` is a :class:`CardDef`, ``owner[id]`` its owner (-1 for the Store's).
Three fields are replaced, never changed in place, so a copy shares them until either side
replaces its own (``COPY_ON_WRITE``): ``cards`` (an exact copy's definition changes by a new
list), ``attached`` and ``copiers``; ``feature_cards``, an index read from ``cards``, with them.
A list of lists (or sets, or dicts) of immutable items is ``EACH``: each inner container's own
``copy()`` copies it whole, at C speed (``DATA`` walks every item: twice the cost of a copy).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Set
from typing import TYPE_CHECKING, Annotated, Any, Self

from rules.core.engine import GameState
from rules.core.fields import (
    COPY_ON_WRITE,
    DATA,
    EACH,
    EACH_OF_EACH_VALUE,
    EACH_VALUE,
    FIXED,
    FORKED,
    SHALLOW,
    Declared,
    ForkedRng,
    ForkedRngField,
    declared_slots,
)
from rules.millennium_blades.store_order import finish_store_shuffle

if TYPE_CHECKING:
    from rules.core.engine import Action


class MBBase(ForkedRngField, Declared, GameState):
    """The fields of a tournament (besides ``GameState``'s: seats, seed, turn, event log, outcome; its
    RNG is forked by a copy, ``ForkedRngField``)."""

    # the options the tournament was started with
    chart: str  # the "Tournament VP Chart" row
    deck_names: Annotated[list[str], FIXED]
    # the cards
    cards: Annotated[list[CardDef], COPY_ON_WRITE]  # every card of the game by id (replaced, never changed)
    owner: Annotated[list[int], SHALLOW]  # per card: its owner's seat, -1 for the Store's
    #: the game's cards by CardDef feature (queries.cards_with; only features some card has), made
    #: again whenever ``cards`` is replaced (never changed in place), and how many cards it indexed
    feature_cards: Annotated[dict[str, frozenset[int]], COPY_ON_WRITE]
    _indexed_count: int
    copiers: Annotated[dict[int, CardDef] | None, COPY_ON_WRITE]  # exact-copy cards, their own definitions
    attached: Annotated[dict[int, dict[str, Any]], COPY_ON_WRITE]  # attachment -> host and what it gives
    pointing: Annotated[dict[int, int], COPY_ON_WRITE]  # a card played sideways -> -1 left, +1 right (ops_sideways)
    on_tableau: Annotated[dict[int, int], COPY_ON_WRITE]  # a card attached to a player's tableau -> that seat (ops_attach2)
    # per seat: its zones (card ids, left to right)
    hand: Annotated[list[list[int]], EACH]
    tableau: Annotated[list[list[int]], EACH]
    deck_box: Annotated[list[list[int]], EACH]
    accessories: Annotated[list[list[int]], EACH]
    binder: Annotated[list[list[int]], EACH]
    removed: Annotated[list[list[int]], EACH]  # "Infinite Loops": returned to the box
    powers: Annotated[list[list[int]], FIXED]  # character and venue Tournament sides held as powers
    # shared zones and marks
    _store: Annotated[list[int], SHALLOW]  # the Store (read and set as ``store``): its top is the end of the list
    store_unshuffled: int  # how many of the Store's bottom cards are not shuffled into their places yet
    _store_rng: Annotated[ForkedRng, FORKED]  # the generator that shuffles them (the Store's own: store_order.py)
    store_discard: Annotated[list[int], SHALLOW]
    aftermarket: Annotated[list[int], SHALLOW]
    metagame: Annotated[list[int], SHALLOW]
    promos: Annotated[dict[str, list[int]], EACH_VALUE]  # tier -> its Promo stack, the top last (ops_promos.py)
    outside: Annotated[dict[str, list[int]], EACH_VALUE]  # set code -> its cards still outside the game (ops_promos)
    outside_sets: Annotated[dict[str, tuple[str, str]], FIXED]  # set code -> (its kind, its name)
    down: Annotated[set[int], SHALLOW]  # the face-down cards
    tokens: Annotated[dict[int, int], SHALLOW]  # card -> its +1 Star tokens
    sell_marked: Annotated[dict[int, int], SHALLOW]  # card -> the Sell Markers on it (ops_more_b.py)
    revealed_by: Annotated[dict[int, int], COPY_ON_WRITE]  # card -> the cards its last reveal_hand showed
    powers_used: Annotated[set[int], SHALLOW]  # powers whose Action was used (once a tournament)
    out: Annotated[set[int], SHALLOW]  # seats removed by the infinite-loop rule
    loop_money: Annotated[list[int], SHALLOW]  # per seat: the dollars the infinite-loop rule paid it
    # per seat: counters
    rp: Annotated[list[int], SHALLOW]
    rp_at_scoring: Annotated[list[int], SHALLOW]  # per seat: RP as scoring began (empty before)
    money: Annotated[list[int], SHALLOW]
    clashes_won: Annotated[list[int], SHALLOW]
    friends: Annotated[list[list[int]], EACH]  # per Friendship card it holds: the seat that gave it (whole game)
    markers_left: Annotated[list[int], SHALLOW]  # the Sell Markers it may still put on its cards
    friendship_left: Annotated[list[int], SHALLOW]  # its own Friendship cards it still has (the whole game's)
    purse: Annotated[list[int], SHALLOW]  # the dollars a ``pay_money`` op may spend (the whole game's)
    stats: Annotated[list[dict[str, dict[str, int]]], EACH_OF_EACH_VALUE]  # "played" and "flipped", per card name
    # the turn ("Tournament Turns")
    first_player: int
    seat_turn: int
    passes: int
    extra_turns: Annotated[list[int], SHALLOW]  # per seat: "take another turn" turns owed after its own
    plays_left: int
    played_this_turn: int
    action_used: bool
    turn_ending: bool  # the turn's "At the end of your turn" effects are resolving (ops_more_b.py)
    phase: str
    steps: int
    # what is resolving
    next_effects: Annotated[list[list[tuple[Any, ...]]], EACH]  # per seat: effects on its next play
    next_turn_ops: Annotated[list[list[tuple[Any, ...]]], EACH]  # per seat: (card, ops) at its next turn (ops_more_v)
    stack: Annotated[list[dict[str, Any]], DATA]  # effects resolving, the top last
    triggered: Annotated[list[dict[str, Any]], DATA]  # triggers waiting to go on the stack
    pending: Annotated[dict[str, Any] | None, DATA]  # the decision a seat must make now
    _x_busy: Annotated[set[int], SHALLOW]  # "X" star ratings being worked out (queries.star: no recursion)
    turn_memo: Annotated[dict[str, int], SHALLOW]  # per-turn memory of effects (ops_more_o)
    lasting_slots: Annotated[list[int], SHALLOW]  # per seat: tableau slots "for the rest of the tournament" (ops_more_r)
    _bonus_busy: Annotated[set[int], SHALLOW]  # star bonuses being worked out (queries.star_bonus: no recursion)
    named: Annotated[dict[str, tuple[str, ...]], SHALLOW]  # names remembered for the tournament (ops_naming)
    # every field a slot (the parts' mixins have empty ``__slots__``): no instance ``__dict__``
    __slots__ = declared_slots(__annotations__, GameState, ForkedRngField)  # (the body's annotations)

    @property
    def store(self) -> list[int]:
        """The Store, its top the end of the list, every card in its shuffled place: the shuffle at
        setup is finished first if it was deferred (store_order.py)."""
        if self.store_unshuffled:
            finish_store_shuffle(self)
        return self._store

    @store.setter
    def store(self, cards: list[int]) -> None:
        """A new Store, in the order given (shuffled already, or to be: ``defer_store_shuffle``)."""
        self._store, self.store_unshuffled = cards, 0

    def store_cards(self) -> list[int]:
        """The Store's cards in no particular order (read only): what a count or a view needs, without
        finishing a deferred shuffle (``store``)."""
        return self._store

    if TYPE_CHECKING:  # the methods one part calls in another (defined there; declared for the type checker)
        # -- queries.py ---------------------------------------------------------------------------------
        @abstractmethod
        def capacity(self, seat: int) -> int: ...
        @abstractmethod
        def cards_with(self, feature: str) -> frozenset[int]: ...
        @abstractmethod
        def index_features(self) -> None: ...
        @abstractmethod
        def count(self, count: dict, source: int | None, seat: int | None = None, ctx: dict | None = None) -> int: ...
        @abstractmethod
        def elements(self, card: int) -> tuple[str, ...]: ...
        @abstractmethod
        def holds(self, cond: dict, source: int | None, seat: int, ctx: dict) -> bool: ...
        @abstractmethod
        def in_own_hand(self, card: int) -> bool: ...
        @abstractmethod
        def in_tableau(self, card: int) -> bool: ...
        @abstractmethod
        def matches(self, card: int | None, flt: dict, source: int | None, *, public: bool = True) -> bool: ...
        @abstractmethod
        def neighbour(self, card: int, step: int) -> int | None: ...
        @abstractmethod
        def opponents(self, seat: int) -> list[int]: ...
        @abstractmethod
        def ops_in_force(self, card: int, seat: int, op_name: str) -> tuple[dict, ...]: ...
        @abstractmethod
        def in_play_area(self, cards: Set[int], seat: int) -> list[int]: ...
        @abstractmethod
        def play_area(self, seat: int) -> list[int]: ...
        @abstractmethod
        def ref(self, name: str, source: int | None, seat: int, ctx: dict) -> int | None: ...
        @abstractmethod
        def seat_of(self, card: int) -> int | None: ...
        @abstractmethod
        def slot_of(self, card: int) -> int | None: ...
        @abstractmethod
        def star(self, card: int) -> int | None: ...
        @abstractmethod
        def top_card(self, seat: int) -> int | None: ...
        @abstractmethod
        def types(self, card: int) -> tuple[str, ...]: ...
        # -- state.py -----------------------------------------------------------------------------------
        @abstractmethod
        def clone(self) -> Self: ...
        # -- flow.py ------------------------------------------------------------------------------------
        @abstractmethod
        def infinite_loop(self) -> None: ...
        @abstractmethod
        def play_single(self, seat: int, card: int, *, from_hand: bool = True, play_effects: bool = True) -> None: ...
        @abstractmethod
        def settle(self) -> None: ...
        @abstractmethod
        def can_play(self, seat: int) -> bool: ...  # (ops_grants.py asks it)
        # -- resolve.py ---------------------------------------------------------------------------------
        @abstractmethod
        def _fits(self, trigger: dict, seat: int, source: int, card: int | None, by: int | None, whose) -> bool: ...
        @abstractmethod
        def seats_in_order(self) -> list[int]: ...  # resolve.py (ops_prevention.py asks it)
        @abstractmethod
        def answer(self, action: Action) -> None: ...
        @abstractmethod
        def ask(self, seat: int, kind: str, options: list[Action], key: str, about: str) -> None: ...
        @abstractmethod
        def collect(self, event: str, card: int | None, by: int | None, whose: int | None = None) -> list[dict]: ...
        @abstractmethod
        def flip_card(self, card: int, by: int, *, flip_effects: bool = True, cause: int | None = None) -> bool: ...
        @abstractmethod
        def frame(self, seat: int, source: int | None, effect: dict, ctx: dict | None = None, *,
                  extra: tuple = (), optional: bool | None = None, needs_face_up: bool = False) -> dict: ...
        @abstractmethod
        def push(self, frames: list[dict]) -> None: ...
        @abstractmethod
        def run(self) -> None: ...
        @abstractmethod
        def who(self, frame: dict, op: dict, k: int) -> list[int] | None: ...
        # -- clash.py -----------------------------------------------------------------------------------
        @abstractmethod
        def choose_cards(self, frame: dict, target: dict, k: int, *, flipping: bool,
                         attaching: bool = False, moving: bool = False) -> list[int] | None: ...
        @abstractmethod
        def draw_store(self) -> int | None: ...
        @abstractmethod
        def to_aftermarket(self, cards: list[int]) -> None: ...
        # -- market.py ----------------------------------------------------------------------------------
        @abstractmethod
        def alike_holds(self, cond: dict, source: int | None, ctx: dict) -> bool: ...
        @abstractmethod
        def clash_result_holds(self, cond: dict, seat: int, ctx: dict) -> bool: ...
        @abstractmethod
        def matches_top(self, card: int, what: str, source: int | None) -> bool: ...
        @abstractmethod
        def pair_holds(self, cond: dict, source: int | None, seat: int) -> bool: ...
        # -- special_ops.py -----------------------------------------------------------------------------
        @abstractmethod
        def attached_star(self, host: int) -> int: ...
        @abstractmethod
        def attached_symbols(self, host: int, key: str) -> tuple[str, ...]: ...
        @abstractmethod
        def attachment_protects(self, host: int) -> bool: ...
        @abstractmethod
        def attachments(self, host: int) -> list[int]: ...
        @abstractmethod
        def enter_with_tokens(self, seat: int, card: int) -> None: ...
        @abstractmethod
        def may_play(self, seat: int, card: int) -> bool: ...
        @abstractmethod
        def refresh_copies(self) -> None: ...
        @abstractmethod
        def shield_with_attachment(self, host: int, by: int) -> bool: ...
        @abstractmethod
        def start_turn_effects(self) -> None: ...
        @abstractmethod
        def detach(self, att: int, why: str) -> None: ...
        # -- ops_more_a.py ------------------------------------------------------------------------------
        @abstractmethod
        def clash_rivals(self, seat: int, op: dict) -> list[int]: ...
        @abstractmethod
        def unite_actions(self, seat: int) -> list[Action]: ...
        @abstractmethod
        def unite(self, seat: int, name: str, slot: int) -> None: ...
        @abstractmethod
        def guard_flip(self, frame: dict, card: int, key: str) -> bool | None: ...
        @abstractmethod
        def clash_ignored(self, frame: dict, participants: list[int], k: int) -> bool | None: ...
        @abstractmethod
        def token_guard(self, card: int) -> bool: ...
        @abstractmethod
        def looked_placeable(self, op: dict, ctx: dict, seat: int) -> bool: ...
        # -- ops_more_b.py -------------------------------------------------------------------------------
        @abstractmethod
        def more_b_holds(self, cond: dict, seat: int) -> bool: ...
        @abstractmethod
        def more_b_count(self, kind: str, seat: int, source: int | None) -> int: ...
        @abstractmethod
        def sell_marker_shield(self, card: int, by: int) -> bool: ...
        @abstractmethod
        def offer_sell_marker(self, seat: int, card: int) -> list[dict]: ...
        @abstractmethod
        def end_turn_effects(self) -> bool: ...
        # -- ops_more_f.py -------------------------------------------------------------------------------
        @abstractmethod
        def more_f_count(self, count: dict) -> int: ...
        @abstractmethod
        def discard_from_play(self, card: int | None) -> None: ...
        @abstractmethod
        def discard_triggers(self, seat: int, cards: list[int]) -> None: ...
        @abstractmethod
        def op_discard_up_to(self, frame: dict, op: dict, k: int) -> bool: ...  # ops_more_j.py asks it
        @abstractmethod
        def zone_cards(self, zone: str, seat: int) -> list[int]: ...  # queries.py; ops_more_j.py asks it
        # -- ops_more_c.py -------------------------------------------------------------------------------
        @abstractmethod
        def tokens_on_entry(self, seat: int, card: int) -> None: ...
        @abstractmethod
        def target_action(self, card: int) -> Action: ...
        # -- ops_more_e.py -------------------------------------------------------------------------------
        @abstractmethod
        def more_e_who(self, frame: dict, op: dict) -> list[int]: ...
        @abstractmethod
        def more_e_count(self, count: dict, seat: int, source: int | None, ctx: dict) -> int: ...
        @abstractmethod
        def rp_gained_triggers(self, frame: dict, seat: int, gained: int) -> None: ...
        @abstractmethod
        def unflippable(self, card: int) -> bool: ...
        @abstractmethod
        def _covers(self, op: dict, guard: int, card: int) -> bool: ...  # queries.py (ops_more_y.py)
        @abstractmethod
        def face_up_ops(self, seat: int, op_name: str) -> list[tuple[int, dict]]: ...
        # -- ops_more_d.py -------------------------------------------------------------------------------
        @abstractmethod
        def rivals_d(self, seat: int, op: dict, rivals: list[int]) -> list[int]: ...
        # -- ops_more_l.py -------------------------------------------------------------------------------
        @abstractmethod
        def op_points(self, frame: dict, op: dict, k: int) -> bool: ...
        # -- ops_more_i.py -------------------------------------------------------------------------------
        @abstractmethod
        def clash_total_i(self, p: int, used: int, op: dict | None, seat: int) -> int: ...
        @abstractmethod
        def kit_cards_i(self, seat: int, zone: str) -> list[int]: ...
        @abstractmethod
        def leftmost_card_i(self, seat: int) -> int | None: ...
        @abstractmethod
        def keep_source_i(self, ctx: dict, branch: list[dict]) -> None: ...
        @abstractmethod
        def rivals_i(self, rivals: list[int]) -> list[int]: ...
        @abstractmethod
        def tally_i(self, frame: dict, op: dict) -> tuple: ...
        @abstractmethod
        def clash_players_i(self, seat: int, participants: list[int]) -> list[int]: ...
        @abstractmethod
        def settle_clash_i(self, frame: dict, participants: list[int], winners: list[int], losers: list[int],
                           k: int) -> tuple[list[int], list[int]] | None: ...


# last: the catalogue's effects import the mixins, which import this module (the annotations above
# are read when the first copy is made, by then this name is here)
from rules.millennium_blades.catalogue import CardDef  # noqa: E402
