"""The tournament engine's fast paths answer exactly as the plain scans they replace (the engine's
speed work, issue 12's ``make bench`` check): triggers collected, tableau capacity, usable
Actions, slot-relative filters, the Store's shuffle and the per-card indexes, checked against
straightforward reference versions on every position of random tables of random kits."""

from __future__ import annotations

import random

from rules.core.decks import DeckEntry, DeckList
from rules.core.fields import ForkedRng, declared_fields
from rules.millennium_blades import kit_deals, queries
from rules.millennium_blades.catalogue import CardDef, card_def
from rules.millennium_blades.deck_rules import KIT_SECTIONS
from rules.millennium_blades.effects import EVENTS, WHERES
from rules.millennium_blades.engine import new_game
from rules.millennium_blades.queries import TABLEAU_SLOTS
from rules.millennium_blades.state import KIT_LIMITS, MBState
from rules.millennium_blades.store_order import defer_store_shuffle, draw_store_top
from rules.millennium_blades.vocabulary import ELEMENTS, TYPES
from tests.rules.millennium_blades.helpers import card as made_up_card
from tests.rules.millennium_blades.test_consistency import POOL, random_kit
from tests.sweeps import sweep

TABLES = sweep(12)


# -- reference versions: the plain scans --------------------------------------------------------------
def reference_collect(state, event, card, by, whose=None):
    found = {"top": [], "ongoing": [], "reaction": []}
    for seat in state.seats_in_order():
        top = state.top_card(seat)
        for source in state.play_area(seat):
            if source in state.down or source == card and event == "play":
                continue
            for _i, effect in state.cards[source].effects_at("top", "ongoing", "reaction"):
                trigger = effect.get("trigger")
                if not trigger or trigger["event"] != event or effect["timing"] == "top" and source != top:
                    continue
                if state._fits(trigger, seat, source, card, by, whose):
                    ctx = {"that_player": by if by is not None else seat, "played": card}
                    found[effect["timing"]].append(state.frame(seat, source, effect, ctx, needs_face_up=True))
    return found["top"] + found["ongoing"] + found["reaction"]


def reference_capacity(state, seat):
    return TABLEAU_SLOTS + sum(op.get("amount", 1) for c in state.play_area(seat) if c not in state.down
                               for op in state.cards[c].continuous("extra_slot"))


def reference_usable_actions(state, seat):
    seen, out = set(), []
    for card in state.play_area(seat):
        name = state.cards[card].name
        if card not in state.down and state.cards[card].effects_at("action") and name not in seen:
            seen.add(name)
            out.append(card)
    return out


def reference_where(state, where, card, source):
    if source is None:
        return where != "this"
    if where == "this":
        return card == source
    if where == "other":
        return card != source
    a, b = state.slot_of(source), state.slot_of(card)
    if a is None or b is None or state.seat_of(source) != state.seat_of(card):
        return False
    return {"left": b == a - 1, "right": b == a + 1, "left_of": b < a, "right_of": b > a,
            "adjacent": abs(a - b) == 1}[where]


def reference_face_up_ops(state, seat, op_name):
    return [(card, op) for card in state.play_area(seat) if card not in state.down
            for op in state.ops_in_force(card, seat, op_name)]


def reference_feature_cards(state):
    """The game's cards by feature, a walk of the cards (only the features some card has)."""
    found: dict[str, set[int]] = {}
    for card, definition in enumerate(state.cards):
        for feature in definition.features:
            found.setdefault(feature, set()).add(card)
    return {feature: frozenset(cards) for feature, cards in found.items()}


def full_test(fast_keys: str, function, *args):
    """``function(*args)`` with a fast path switched off: its plain keys emptied, so the whole test answers."""
    kept = getattr(queries, fast_keys)
    setattr(queries, fast_keys, frozenset())
    try:
        return function(*args)
    finally:
        setattr(queries, fast_keys, kept)


#: filters and counts of the plain shapes the fast paths answer (``_matches_plain``, ``count``)
PLAIN_FILTERS = [{"face": "up"}, {"face": "down"}, {"kind": "single"}, {"element": ELEMENTS[0]}, {"type": TYPES[0]},
                 {"face": "up", "type": TYPES[1], "where": "other"}, {"element": ELEMENTS[1], "where": "left_of"},
                 {"where": "adjacent"}, {"where": "this"}, {"face": "up", "element": ELEMENTS[2], "kind": "single"},
                 {"face": "down", "kind": "single"}, {"type": TYPES[2], "kind": "accessory"}]
CONTINUOUS = ("no_clash", "clash_magnet", "clash_bonus", "win_clashes", "protect", "extra_slot", "star_bonus",
              "clash_star", "rp_gain_limit")


def check_indexes(state):
    """The feature index (taken from a recent game when the cards are the same), the face-up ops
    found through it, and the plain filters and counts, against their plain versions."""
    n = state.num_players
    walked = reference_feature_cards(state)
    assert state.feature_cards == walked  # read as it is by the hot paths: never stale once set up
    for feature in {f for d in state.cards for f in d.features} | {"action", "nothing has this"}:
        assert state.cards_with(feature) == walked.get(feature, frozenset())
    for seat in range(n):
        for op_name in CONTINUOUS:
            assert state.face_up_ops(seat, op_name) == reference_face_up_ops(state, seat, op_name)
    cards = [c for seat in range(n) for c in state.play_area(seat) + state.hand[seat]]
    for source in cards[:3]:
        for flt in PLAIN_FILTERS:
            for card in cards:
                assert state.matches(card, flt, source) == full_test(
                    "PLAIN_FILTER_KEYS", state.matches, card, flt, source), (flt, card, source)
            for zone in ("tableau", "hand", "kit"):
                count = {"count": "cards", "filter": flt, "zone": zone}
                assert state.count(count, source, 0) == full_test("PLAIN_COUNT_KEYS", state.count, count, source, 0)


def check_position(state):
    n = state.num_players
    check_indexes(state)
    for seat in range(n):
        assert state.capacity(seat) == reference_capacity(state, seat)
        assert state.usable_actions(seat) == reference_usable_actions(state, seat)
        assert state.has_usable_action(seat) == bool(reference_usable_actions(state, seat))
    in_play = [c for seat in range(n) for c in state.play_area(seat)]
    in_hands = [c for seat in range(n) for c in state.hand[seat]]
    for card in in_hands:
        by = state.owner[card]
        assert state.collect("play", card, by) == reference_collect(state, "play", card, by)
    for card in in_play:
        whose = state.seat_of(card)
        for by in range(n):
            for event in EVENTS:
                assert state.collect(event, card, by, whose) == reference_collect(state, event, card, by, whose)
    for by in range(n):
        assert state.collect("clash_won", None, by) == reference_collect(state, "clash_won", None, by)
    for source in in_play + in_hands[:2]:
        for card in in_play:
            for where in WHERES:
                assert state._where(where, card, source) == reference_where(state, where, card, source)


def test_fast_paths_agree_with_the_plain_scans_on_random_tables():
    rng, printed = random.Random(2024), 0
    for table in range(TABLES):
        state = new_game([random_kit(rng) for _ in range(rng.randint(2, 5))], table)
        moves = random.Random(table)
        while not state.is_over:
            if not state.pending and not state.stack:
                check_position(state)
                printed += state.symbols_as_printed()  # (counts then take ``_count_printed``)
            (seat,) = state.current_players()
            state.apply_checked(moves.choice(state.legal_actions(seat)), seat)
    assert printed > 50


def test_an_action_is_not_tried_out_only_where_it_cannot_cost_the_play():
    """``action_keeps_a_play`` skips the trial copy in a game of cards without an op that could
    cost a play (``may_cost_a_play``) while the board's own slots are not full, or while the
    extra slots no Action or Reaction can flip keep one open (``slots_kept_through``): there the
    trial always finds a Single still playable. Kits of such cards only, every Action offered
    before the turn's Single, on random tables."""
    quiet = [spec for spec in POOL.pool if "may_cost_a_play" not in card_def(spec).features]
    by_type = {kind: [c for c in quiet if c.card_type == kind] for kind in ("single", "deck_box", "accessory")}
    assert all(by_type.values()) and any(card_def(c).has_action for c in quiet)
    rng, skipped, kept_through = random.Random(7), 0, 0
    for table in range(TABLES * 3):
        kits = [DeckList("millennium_blades", {
            "singles": [DeckEntry(c, 1) for c in rng.sample(by_type["single"], min(8, len(by_type["single"])))],
            "deck_box": [DeckEntry(c, 1) for c in rng.sample(by_type["deck_box"], 1)],
            "accessories": [DeckEntry(c, 1) for c in rng.sample(by_type["accessory"], min(2, len(by_type["accessory"])))]})
            for _ in range(rng.randint(1, 5))]
        state = new_game(kits, table)
        moves = random.Random(table)
        while not state.is_over:
            (seat,) = state.current_players()
            if not state.pending and not state.played_this_turn and not state.action_used:
                for card in state.usable_actions(seat):
                    if len(state.tableau[seat]) < TABLEAU_SLOTS:
                        skipped += 1
                        assert state.trial_keeps_a_play(seat, card), (state.cards[card].name, table)
                    elif state.slots_kept_through(seat, card):  # a full board: its other extra slots kept
                        kept_through += 1
                        assert state.trial_keeps_a_play(seat, card), (state.cards[card].name, table)
            state.apply_checked(moves.choice(state.legal_actions(seat)), seat)
    assert skipped > 100 and kept_through > 0


def test_a_full_board_keeps_the_slots_no_flip_can_take():
    """``slots_kept_through`` against the trial on full boards: kits of cards without an op that
    could cost a play, each with an extra-slot card and Action cards, every Action offered before
    the turn's Single once the board's own slots are filled. Where it answers, the trial agrees;
    where the extra slot is the Action's own card's (or a Reaction card's), it leaves the trial to
    answer."""
    quiet = [spec for spec in POOL.pool if "may_cost_a_play" not in card_def(spec).features]
    roomy = [c for c in quiet if card_def(c).extra_slots]
    acting = [c for c in quiet if card_def(c).has_action]
    singles = [c for c in quiet if c.card_type == "single"]
    assert roomy and acting
    rng, answered, left = random.Random(11), 0, 0
    for table in range(TABLES * 3):
        kits = []
        for _ in range(rng.randint(1, 4)):
            extra = rng.choice(roomy)
            kit_cards = [extra] + rng.sample(acting, 3) + rng.sample(singles, 8)
            kits.append(DeckList("millennium_blades", {
                "singles": [DeckEntry(c, 1) for c in dict.fromkeys(c for c in kit_cards if c.card_type == "single")][:8],
                "accessories": [DeckEntry(c, 1) for c in dict.fromkeys(c for c in kit_cards
                                                                        if c.card_type == "accessory")][:2]}))
        state = new_game(kits, table)
        moves = random.Random(table)
        while not state.is_over:
            (seat,) = state.current_players()
            if not state.pending and not state.played_this_turn and not state.action_used \
                    and len(state.tableau[seat]) >= TABLEAU_SLOTS:
                for card in state.usable_actions(seat):
                    if state.slots_kept_through(seat, card):
                        answered += 1
                        assert state.trial_keeps_a_play(seat, card), (state.cards[card].name, table)
                    else:
                        left += 1
            state.apply_checked(moves.choice(state.legal_actions(seat)), seat)
    assert answered > 20 and left > 0, (answered, left)


def test_ops_that_could_cost_a_play_are_flagged():
    def flagged(*effects):
        return "may_cost_a_play" in CardDef("Test Card", "single", 1, (), (), (), tuple(effects)).features

    assert not flagged({"timing": "action", "ops": [{"op": "clash", "with": "opponent", "win": [{"op": "gain_rp"}]}]})
    assert flagged({"timing": "action", "ops": [{"op": "clash", "with": "opponent", "win": [{"op": "discard"}]}]})
    assert flagged({"timing": "action", "ops": [{"op": "play_from_hand"}]})
    assert flagged({"timing": "action", "ops": [{"op": "a_new_op"}]})  # unknown: flagged until listed
    # a trigger's op that starts another event could chain into an infinite loop
    assert flagged({"timing": "top", "trigger": {"event": "star_tokens"}, "ops": [{"op": "star_tokens", "amount": 1}]})
    assert not flagged({"timing": "reaction", "trigger": {"event": "would_flip"}, "ops": [{"op": "cancel_flip"}]})


def test_ops_that_may_take_a_card_from_a_hand_are_flagged():
    def flagged(*effects):
        return "takes_from_hand" in CardDef("Test Card", "single", 1, (), (), (), tuple(effects)).features

    assert not flagged({"timing": "action", "ops": [{"op": "flip", "target": {"player": "opponent"}}]})
    for op in ("discard", "discard_random", "discard_up_to", "play_from_hand", "attach_from_hand", "a_new_op"):
        assert flagged({"timing": "action", "ops": [{"op": op}]}), op
    assert flagged({"timing": "action", "ops": [{"op": "either", "options": [[{"op": "put_in_play"}], []]}]})


# -- setup -----------------------------------------------------------------------------------------------
class _Store:
    """What store_order.py reads of a game: its generator, ``_store`` and ``store_unshuffled``."""

    def __init__(self, seed: int, cards: list[int]):
        self.rng, self._store, self.store_unshuffled = random.Random(seed), list(cards), 0


def test_a_deferred_store_shuffle_is_random_shuffle_with_the_stores_own_generator():
    """"Shuffle[d] ... together to form the Store": finished at once, the deferred shuffle is
    ``random.shuffle`` drawing from a generator seeded from the game's."""
    for seed in range(200):
        cards = list(range(seed % 250))
        game = _Store(seed, cards)
        defer_store_shuffle(game)
        expected = list(cards)
        random.Random(random.Random(seed).getrandbits(64)).shuffle(expected)
        assert MBState.store.fget(game) == expected  # (the ``store`` property finishes it)
        assert game.store_unshuffled == 0


def test_the_store_ends_in_the_same_order_whenever_it_is_looked_at():
    """Draws from the top take the shuffle's steps one at a time; whenever the rest is finished (a
    view, a search, an effect that reads the Store), the cards are where an eager shuffle put them:
    looking at the Store never changes a game."""
    for seed in range(100):
        cards = list(range(1, 1 + seed % 120))
        eager = _Store(seed, cards)
        defer_store_shuffle(eager)
        order = list(MBState.store.fget(eager))
        for looked_after in range(len(cards) + 1):
            lazy = _Store(seed, cards)
            defer_store_shuffle(lazy)
            drawn = [draw_store_top(lazy) for _ in range(looked_after)]
            assert drawn == order[::-1][:looked_after]
            assert MBState.store.fget(lazy) == order[:len(order) - looked_after]
        assert draw_store_top(_Store(seed, [])) is None


def test_a_game_setup_leaves_the_store_unshuffled_and_a_clash_draws_only_what_it_reveals():
    rng = random.Random(4)
    game = new_game([random_kit(rng) for _ in range(3)], 4)
    assert game.store_unshuffled == len(game._store) > 100
    copy = game.clone()
    top = draw_store_top(game)
    assert game.store_unshuffled == len(game._store)  # one step taken, the rest still to come
    assert copy.store[-1] == top  # a copy draws the same card, its Store then finished
    assert game.store == copy.store[:-1]


def test_card_definitions_are_reused_and_indexed():
    for spec in POOL.pool:
        definition = card_def(spec)
        assert card_def(spec) is definition
        plain = CardDef.from_spec(spec)
        assert plain == definition
        for timings in (("play",), ("action",), ("top", "ongoing", "reaction"), ("score", "next")):
            assert definition.effects_at(*timings) == [(i, e) for i, e in enumerate(plain.effects)
                                                       if e.get("timing") in timings]
        for event in EVENTS:
            assert (f"on {event}" in definition.features) == any(
                e.get("trigger", {}).get("event") == event for _i, e in plain.effects_at("top", "ongoing", "reaction"))
        assert ("action" in definition.features) == bool(plain.effects_at("action"))
        assert definition.extra_slots == sum(op.get("amount", 1) for op in plain.continuous("extra_slot"))


def test_feature_index_follows_cards_replaced():
    """``feature_cards`` (read without a check by the hot paths) is made again wherever ``cards`` is
    replaced: an exact copy becoming its neighbour's copy, a sampled world's dealt cards, a card
    turned into an accessory. Random tables with exact copies, every position and a world each turn."""
    copier = made_up_card("Echo Gecko", "Ongoing: This card is an exact copy of a 5 STAR or lower ANIMAL card to its "
                          "immediate left.", star=2, elements=("air",), types=("lizard",))
    badger = made_up_card("Brass Badger", "Play: Gain 2 RP.", star=4, elements=("fire",), types=("animal",))
    rng, replaced = random.Random(11), 0
    for table in range(TABLES):
        kits = [random_kit(rng) for _ in range(rng.randint(2, 4))]
        kits[0].sections["singles"] = [DeckEntry(badger, 1), DeckEntry(copier, 1)]  # (a copy in every game)
        state = new_game(kits, table)
        moves = random.Random(table)
        while not state.is_over:
            cards = state.cards
            assert state.feature_cards == reference_feature_cards(state)
            world = state.determinize(state.current_players()[0], random.Random(table))
            assert world.feature_cards == reference_feature_cards(world)
            (seat,) = state.current_players()
            state.apply_checked(moves.choice(state.legal_actions(seat)), seat)
            replaced += state.cards is not cards
    assert replaced  # (the test saw cards replaced)


def test_card_index_follows_cards_added_after_setup():
    kit = random_kit(random.Random(5))
    state = new_game([kit, kit], 0)
    before = state.cards_with("action")
    actor = next(spec for spec in POOL.pool if card_def(spec).has_action)
    state.cards.append(card_def(actor))
    state.owner.append(-1)
    assert state.cards_with("action") == before | {len(state.cards) - 1}


def test_each_op_is_done_by_the_method_the_state_has():
    """``do_op`` finds an op's handler in one look-up (op_registry.py) instead of a chain of tests:
    a handler taken from a mixin is the method the tournament (and the turn-based table) resolves
    for that name, so no override is skipped; and the ops do_op once tested by name have one."""
    from rules.millennium_blades.op_registry import OP_HANDLERS
    from rules.millennium_blades.turn_based.table import TurnTable

    for name, handler in OP_HANDLERS.items():
        owner, _, method = handler.__qualname__.rpartition(".")
        if owner and "<" not in owner:  # (a lambda adapts a method of another signature)
            assert getattr(MBState, method) is handler, name
            assert getattr(TurnTable, method) is handler, name
    for name in ("gain_rp", "lose_rp", "flip", "clash", "star_tokens", "if", "_flip_source", "keep_source",
                 "_sell_marker", "_tally_i", "insert", "pay_money", "rescore"):
        assert name in OP_HANDLERS, name


def _setup_of(state):
    """Every declared field of ``state`` (its generators by their states, the Store in its shuffled order)."""
    fields = {}
    for name in declared_fields(type(state)):
        value = getattr(state, name)
        fields[name] = value.get().getstate() if isinstance(value, ForkedRng) else value
    fields["store"] = list(state.store)
    return fields


def test_kept_kit_deals_set_up_as_a_fresh_deal():
    """A table of kits dealt again from ``kit_deals`` (speed) is set up as one dealt afresh, for
    every seed: a tournament built again from the kept deal (``MBState``, as a game with options is),
    and a default one (``new_game``) from the kept setup (``MBState.at_table``, kept by the first
    default game at the table), each with every field as a fresh setup's (cards, zones, shuffled
    Store, index, events, generator states); a kit trimmed at random ("Illegal Decks": nine
    singles) is never kept, and a kit edited in place is dealt as it is now."""
    rng = random.Random(5)
    for table in range(TABLES):
        kits = [random_kit(rng) for _ in range(rng.randint(1, 5))]
        trimmed = any(len(kit.sections["singles"]) > KIT_LIMITS["singles"] for kit in kits)
        entries = kit_deals.table_entries(kits, KIT_SECTIONS)
        for seed in (table, table + 100):
            kit_deals._DEALS.clear()
            fresh = _setup_of(MBState(kits, seed))
            assert (kit_deals.known_deal(entries) is None) == trimmed
            assert _setup_of(MBState(kits, seed)) == fresh  # (from the kept deal, unless trimmed)
            assert kit_deals.kept_setup(entries) is None
            assert _setup_of(new_game(kits, seed)) == fresh  # (it keeps the setup, unless trimmed)
            assert (kit_deals.kept_setup(entries) is None) == trimmed
            assert _setup_of(new_game(kits, seed)) == fresh  # (from the kept setup, unless trimmed)
            assert _setup_of(new_game(kits, seed + 1)) != fresh
            assert _setup_of(new_game(kits, seed)) == fresh  # (the setup unchanged by the games copied from it)
        assert bool(kit_deals._DEALS) == (not trimmed)
    kit = random_kit(random.Random(1))
    new_game([kit], 1)
    kit.sections["singles"] = kit.sections["singles"][:2]
    assert len(new_game([kit], 1).hand[0]) == 2
