"""What a card is now, and the questions effects ask: star, elements, types, the Top Card, tableau
slots, protection, filters, counts and conditions (millennium-blades.txt, "Top Card",
"Face-Down Cards", "Cannot be flipped", "Set Specific Keywords": Mimicry)."""

from __future__ import annotations

import operator
from collections.abc import Set

from rules.millennium_blades.base import MBBase
from rules.millennium_blades.catalogue import IN_FORCE, CardDef
from rules.millennium_blades.ops_attach2 import ATTACH2_FILTER_KEYS, attach2_filter_holds
from rules.millennium_blades.ops_clash2 import CLASH2_COUNTS, CLASH2_TESTS, clash2_count
from rules.millennium_blades.ops_clash_tokens import TOPS_ZONE, top_cards
from rules.millennium_blades.ops_copying import COPYING_COUNTS, copying_count, gained_symbols
from rules.millennium_blades.ops_grants import DOWN_MIMICRY, down_mimicked
from rules.millennium_blades.ops_hands import HANDS_COUNTS, hands_count
from rules.millennium_blades.ops_history import HISTORY_TESTS, history_holds, played_this_turn
from rules.millennium_blades.ops_more_a import MORE_A_COUNTS, MORE_A_TESTS, more_a_count, more_a_holds
from rules.millennium_blades.ops_more_b import MORE_B_COUNTS
from rules.millennium_blades.ops_more_c import MORE_C_COUNTS
from rules.millennium_blades.ops_more_e import MORE_E_COUNTS
from rules.millennium_blades.ops_more_f import MORE_F_COUNTS
from rules.millennium_blades.ops_more_g import (
    MORE_G_COUNTS,
    MORE_G_FILTER_KEYS,
    MORE_G_TESTS,
    counted_star,
    more_g_count,
    more_g_filter_holds,
    more_g_holds,
)
from rules.millennium_blades.ops_more_h import (
    MORE_H_COUNTS,
    more_h_count,
    more_h_filter_holds,
    shared_symbols,
    tokens_on_this,
)
from rules.millennium_blades.ops_more_i import MORE_I_COUNTS, more_i_count
from rules.millennium_blades.ops_more_j import MORE_J_COUNTS, all_in_hand, more_j_count
from rules.millennium_blades.ops_more_k import MORE_K_COUNTS, fewest_tokens, more_k_count
from rules.millennium_blades.ops_more_l import MORE_L_COUNTS, MORE_L_TESTS, more_l_count, more_l_holds, name_has, rarity_fits
from rules.millennium_blades.ops_more_n import MORE_N_COUNTS, more_n_count
from rules.millennium_blades.ops_more_q import MORE_Q_COUNTS, more_q_count
from rules.millennium_blades.ops_more_r import MORE_R_COUNTS, more_r_count
from rules.millennium_blades.ops_more_s import MORE_S_FILTER_KEYS, more_s_filter_holds
from rules.millennium_blades.ops_more_t import MORE_T_TESTS, more_t_holds
from rules.millennium_blades.ops_more_u import (
    MORE_U_COUNTS,
    MORE_U_TESTS,
    counts_as_all,
    floored_star,
    more_u_count,
    more_u_holds,
)
from rules.millennium_blades.ops_more_v import MORE_V_COUNTS, MORE_V_TESTS, more_v_count, more_v_holds
from rules.millennium_blades.ops_more_y import MORE_Y_TESTS, more_y_holds
from rules.millennium_blades.ops_naming import NAMING_COUNTS, NAMING_FILTER_KEYS, naming_count, naming_filter_holds
from rules.millennium_blades.ops_overrides import (
    OVERRIDES,
    PRINTED_STAR,
    changed_printed_star,
    overridden_symbols,
    shared_printed,
)
from rules.millennium_blades.ops_pointing import SHIELDS, shielded
from rules.millennium_blades.ops_positions import POSITIONS_TESTS, positions_holds
from rules.millennium_blades.ops_sideways import SIDEWAYS_FILTER_KEYS, SIDEWAYS_REFS, matches_pointed_holds, pointed_card
from rules.millennium_blades.ops_triggers import TRIGGERS_COUNTS, TRIGGERS_TESTS, triggers_count, triggers_holds
from rules.millennium_blades.vocabulary import ELEMENTS, TYPES

TABLEAU_SLOTS = 6  # the Tournament Board's singles area ("Tableau"); see the rules notes
#: the FILTER keys that look at a card's elements (``ELEMENT_KEYS``) or types (``TYPE_KEYS``)
ELEMENT_KEYS = frozenset({"element", "elements_min", "shares", "shares_none", "elements_all", "symbol", "symbols_any"})
TYPE_KEYS = frozenset({"type", "shares", "shares_none", "types_all", "symbol", "symbols_any"})
#: FILTER ``where`` relative to the source card, by (the source's slot, the card's slot) in one tableau
SLOT_TESTS = {"left": lambda a, b: b == a - 1, "right": lambda a, b: b == a + 1, "left_of": lambda a, b: b < a,
              "right_of": lambda a, b: b > a, "adjacent": lambda a, b: abs(a - b) == 1}
CMP = {"<": operator.lt, "<=": operator.le, "==": operator.eq, ">=": operator.ge, ">": operator.gt}
NO_CARDS: frozenset[int] = frozenset()
#: the features of a card whose own elements and types may differ from its printed ones (``_symbols_change``)
OWN_SYMBOL_CHANGES = frozenset({"mimicry", "counts_as_all", "gain_symbols", IN_FORCE + "all_symbols_in_hand"})
#: the FILTER keys ``QueryMixin._count_printed`` reads (about the card alone, not where it is)
PRINTED_FILTER_KEYS = frozenset({"face", "element", "type", "kind"})
#: the COUNT keys of a plain count of cards (``QueryMixin.count``'s first test; any other key: the whole of it)
PLAIN_COUNT_KEYS = frozenset({"count", "filter", "zone"})
#: ``QueryMixin.index_features``'s recent indexes (never changed in place), by the ids of the card
#: definitions indexed (the definitions kept with it); at most ``INDEXED_LIMIT`` (seatings of a run's kits)
_INDEXED: dict[tuple[int, ...], tuple[list, dict[str, frozenset[int]]]] = {}
INDEXED_LIMIT = 64
#: the FILTER keys ``QueryMixin._matches_plain`` reads (a filter with any other key takes the whole test)
PLAIN_FILTER_KEYS = frozenset({"face", "element", "type", "kind", "where"})


class QueryMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def cards_with(self, feature: str) -> frozenset[int]:
        """The game's cards whose definition has ``feature`` (``CardDef.features``), wherever they
        are: worked out once a game, so that the many questions no card of the game can answer
        ("whenever a card is flipped", extra slots) cost a look-up instead of a scan. The steps'
        hottest questions read ``feature_cards`` itself (``"extra_slot" in self.feature_cards``)."""
        if self._indexed_count != len(self.cards):  # cards added in place since (setup)
            self.index_features()
        return self.feature_cards.get(feature, NO_CARDS)

    def index_features(self) -> None:
        """``feature_cards`` made again from ``cards``: at the end of setup, and by whatever replaces
        ``cards`` (an exact copy's definition, a Store card dealt in a sampled world), so that it is
        always that of the cards in play (its readers do not check). Taken from a recent game whose
        cards were the same definitions in the same order (another game between the same kits in
        the same seats: ``card_def`` reuses definitions), else its Store's two hundred cards walked."""
        cards = self.cards
        key = tuple(map(id, cards))
        known = _INDEXED.get(key)
        if known is not None:  # (it holds the definitions, so their ids are not reused meanwhile)
            index = known[1]
        else:
            by_feature: dict[str, set[int]] = {}
            for card, definition in enumerate(cards):
                for name in definition.features:
                    by_feature.setdefault(name, set()).add(card)
            index = {k: frozenset(v) for k, v in by_feature.items()}
            if len(_INDEXED) >= INDEXED_LIMIT:
                _INDEXED.clear()
            _INDEXED[key] = (list(cards), index)
        self.feature_cards, self._indexed_count = index, len(cards)

    # -- where a card is --------------------------------------------------------------------------
    def seat_of(self, card: int) -> int | None:
        """The seat whose play area (tableau, deck box, accessories, powers) holds ``card``."""
        seat = self.owner[card]  # (its owner's, mostly: asked first)
        if seat >= 0 and (card in self.tableau[seat] or card in self.deck_box[seat] or card in self.accessories[seat]):
            return seat
        for seat in range(self.num_players):
            if card in self.tableau[seat] or card in self.deck_box[seat] or card in self.accessories[seat]:
                return seat
        for seat, held in enumerate(self.powers):
            if card in held:
                return seat
        return None

    def in_own_hand(self, card: int) -> bool:
        """Whether ``card`` is in its owner's hand (then it is nowhere else), a quick test."""
        owner = self.owner[card]
        return owner >= 0 and card in self.hand[owner]

    def slot_of(self, card: int) -> int | None:
        for row in self.tableau:
            if card in row:
                return row.index(card)
        return None

    def in_tableau(self, card: int) -> bool:
        return any(card in row for row in self.tableau)

    def face_up(self, card: int) -> bool:
        return card not in self.down

    def top_card(self, seat: int) -> int | None:
        """"Top Card": "The right-most face-up card on a player's play area"; none if all are down."""
        for card in reversed(self.tableau[seat]):
            if card not in self.down:
                return card
        return None

    def ops_in_force(self, card: int, seat: int, op_name: str) -> tuple[dict, ...]:
        """``card``'s continuous ops named ``op_name`` in force now in ``seat``'s play area: its
        Ongoing ones, and its Top ones while it is ``seat``'s Top Card ("Top Card")."""
        definition = self.cards[card]
        ops, top = definition.continuous(op_name), definition.continuous(op_name, "top")
        return ops + top if top and card == self.top_card(seat) else ops  # (the Top Card only asked when it matters)

    def face_up_ops(self, seat: int, op_name: str) -> list[tuple[int, dict]]:
        """Each face-up card of ``seat``'s play area with each of its ops ``op_name`` in force
        (``ops_in_force``): "Face-Down Cards" have no effects. Only the game's cards printing such an
        op (feature ``IN_FORCE + op_name``) are looked at: a clash asks for several ops per player
        that most games hold on no card."""
        holders = self.feature_cards.get(IN_FORCE + op_name)
        if not holders:
            return []
        down = self.down
        return [(card, op) for card in self.play_area(seat) if card in holders and card not in down
                for op in self.ops_in_force(card, seat, op_name)]

    def neighbour(self, card: int, step: int) -> int | None:
        for row in self.tableau:
            if card in row:
                i = row.index(card) + step
                return row[i] if 0 <= i < len(row) else None
        return None

    def capacity(self, seat: int) -> int:
        """The tableau's slots: the board's, plus Ongoing extra slots ("FAQs": "Any extra tableau
        slots are always at the rightmost side")."""
        extra = 0
        for card in self.feature_cards.get("extra_slot", NO_CARDS):  # a few cards of the game, often none
            if card not in self.down and (card in self.tableau[seat] or card in self.deck_box[seat]
                                          or card in self.accessories[seat] or card in self.powers[seat]):
                extra += self.cards[card].extra_slots
        return TABLEAU_SLOTS + extra + self.lasting_slots[seat]  # and slots for good (ops_more_r.py)

    def in_play_area(self, cards: Set[int], seat: int) -> list[int]:
        """The ``cards`` in ``seat``'s play area, in its order: a game's few cards of a kind (listeners,
        Action cards) met with the area (``collect``, ``actions_in_play``: at most steps), in one pass
        over its ten-odd cards (cheaper than a set intersection sorted back into order)."""
        area = self.tableau[seat] + self.deck_box[seat] + self.accessories[seat] + self.powers[seat]
        if cards.isdisjoint(area):  # (most areas hold none of them: one C call)
            return []
        return list(filter(cards.__contains__, area))

    def play_area(self, seat: int) -> list[int]:
        """Where ``seat``'s effects are: tableau, deck box, accessories, and powers (a character's
        or venue's Tournament side: no card a target reaches; ``MBState(powers=...)``)."""
        return self.tableau[seat] + self.deck_box[seat] + self.accessories[seat] + self.powers[seat]

    # -- attributes ("Face-Down Cards": no star rating, element or type) ------------------------------
    def star(self, card: int) -> int | None:
        """The Star Rating now: printed (an "X" by its Ongoing rule, 0 while that rule is being
        worked out, so X never counts itself), plus +1 Star tokens; None face-down."""
        if card in self.down:
            return None
        definition = self.cards[card]
        changed = changed_printed_star(self, card) if PRINTED_STAR in self.feature_cards else None  # ops_overrides
        base = (definition.printed_star if changed is None else changed) + (self.attached_star(card) if self.attached else 0)
        if "star_bonus" in self.feature_cards:  # "This card has +3 STAR", "Your Top card has +4 STAR"
            base += self.star_bonus(card)
        if definition.star == "X" and changed is None:  # (an X printed changed is no X: ops_overrides.py)
            busy = self._x_busy
            if card not in busy and self.in_tableau(card):
                busy.add(card)
                try:
                    base += sum(op.get("amount", 1) * self.count(op["per"], card)
                                for op in definition.continuous("set_star"))
                finally:
                    busy.discard(card)
        value = base + self.tokens.get(card, 0)
        return floored_star(self, card, value) if "star_floor" in self.feature_cards else value  # ops_more_u.py

    def star_bonus(self, card: int) -> int:
        """The stars face-up cards give ``card``: an Ongoing one while its card is in play, a Top
        one while its card is the Top Card ("Effects on Cards"); its own count never counts it twice."""
        busy = self._bonus_busy
        total = 0
        for source in self.cards_with("star_bonus"):
            seat = None if source in self.down or source in busy else self.seat_of(source)
            if seat is None:
                continue
            top = self.top_card(seat)
            for op in self.ops_in_force(source, seat, "star_bonus"):
                if (source if op.get("card", "this") == "this" else top) != card:
                    continue
                busy.add(source)
                try:
                    total += op.get("amount", 1) * (self.count(op["per"], source) if "per" in op else 1)
                finally:
                    busy.discard(source)
        return total

    def mimicked(self, card: int) -> int | None:
        """Mimicry: the face-up card to the immediate left whose symbols this card has."""
        if not self.cards[card].mimics or card in self.down:
            return None
        left = self.neighbour(card, -1)
        return left if left is not None and left not in self.down else None

    def elements(self, card: int) -> tuple[str, ...]:
        if OVERRIDES in self.feature_cards and (forced := overridden_symbols(self, card, "elements")) is not None:
            return forced  # face-down cards "considered WATER" by a rule in force (ops_overrides.py)
        if card in self.down:  # none, but a Mimicry given to face-down cards (ops_grants.py)
            return self.down_symbols(card, "elements") if DOWN_MIMICRY in self.feature_cards else ()
        if all_in_hand(self, card):  # "all types and elements while it is in your hand" (ops_more_j.py)
            return ELEMENTS
        if "counts_as_all" in self.cards[card].features and counts_as_all(self, card, "elements"):
            return ELEMENTS  # "This card counts as all ELEMENTS" (ops_more_u.py)
        if "gain_symbols" in self.cards[card].features and (gained := gained_symbols(self, card, "elements")) is not None:
            return gained  # "This card has the ELEMENTS and TYPES of ..." (ops_copying.py)
        source = self.mimicked(card)
        own = self.elements(source) if source is not None else self.cards[card].elements
        if not self.attached:
            return own
        shared = shared_symbols(self, card, "elements") if "share_attached" in self.feature_cards else ()  # ops_more_h.py
        return own + self.attached_symbols(card, "elements") + tuple(v for v in shared if v not in own)

    def types(self, card: int) -> tuple[str, ...]:
        if OVERRIDES in self.feature_cards and (forced := overridden_symbols(self, card, "types")) is not None:
            return forced  # "... are ANIMAL instead of their own TYPE" (ops_overrides.py)
        if card in self.down:  # (ops_grants.py)
            return self.down_symbols(card, "types") if DOWN_MIMICRY in self.feature_cards else ()
        if all_in_hand(self, card):  # ops_more_j.py
            return TYPES
        if "counts_as_all" in self.cards[card].features and counts_as_all(self, card, "types"):
            return TYPES  # ops_more_u.py
        if "gain_symbols" in self.cards[card].features and (gained := gained_symbols(self, card, "types")) is not None:
            return gained  # ops_copying.py
        source = self.mimicked(card)
        own = self.types(source) if source is not None else self.cards[card].types
        if not self.attached:
            return own
        shared = shared_symbols(self, card, "types") if "share_attached" in self.feature_cards else ()  # ops_more_h.py
        return own + self.attached_symbols(card, "types") + tuple(v for v in shared if v not in own)

    def down_symbols(self, card: int, kind: str) -> tuple[str, ...]:
        """The symbols (elements or types) of the face-up card whose symbols the face-down ``card``
        has by a Mimicry given to face-down cards (ops_grants.py); none without one."""
        source = down_mimicked(self, card)
        if source is None:
            return ()
        return self.elements(source) if kind == "elements" else self.types(source)

        # -- "Cannot be flipped" ------------------------------------------------------------------------
    def protected(self, card: int, seat: int) -> bool:
        """Whether ``card`` in ``seat``'s tableau cannot be flipped by an opponent's effect."""
        if self.attached and self.attachment_protects(card):
            return True
        if SHIELDS in self.feature_cards and shielded(self, seat):  # until its next turn starts (ops_pointing.py)
            return True
        return any(self._covers(op, guard, card) for guard, op in self.face_up_ops(seat, "protect"))

    def _covers(self, op: dict, guard: int, card: int) -> bool:
        target = op.get("target", "")  # (none: covers nothing)
        if target == "this":
            hit = guard == card
        elif target == "tableau":
            hit = self.in_tableau(card)
        else:
            a, b = self.slot_of(guard), self.slot_of(card)
            if a is None or b is None:
                return False
            hit = {"adjacent": abs(a - b) == 1, "left": b == a - 1, "right": b == a + 1}.get(target, False)
        if "while" in op and hit:  # "If X, your cards cannot be flipped ...": while X holds (ops_more_y.py)
            guard_seat = self.seat_of(guard)
            if guard_seat is None or not self.holds(op["while"], guard, guard_seat, {}):
                return False
        return hit and self.matches(card, op.get("filter", {}), guard)

    # -- filters, counts, conditions ----------------------------------------------------------------
    def matches(self, card: int | None, flt: dict, source: int | None, *, public: bool = True) -> bool:
        """Whether ``card`` fits FILTER ``flt`` seen from ``source`` (a card out of play, in a hand
        or just revealed, shows its printed data)."""
        if card is None:
            return False
        if not flt:  # no filter: any card
            return True
        if flt.keys() <= PLAIN_FILTER_KEYS:  # most filters: the same answer without the other keys' tests
            return self._matches_plain(card, flt, source)
        face = flt.get("face", "any")
        down = card in self.down
        if (face == "up" and down) or (face == "down" and not down):
            return False
        # what the card is now, worked out only when the filter asks about it
        definition = self.cards[card]
        elements: tuple[str, ...] = ()
        types: tuple[str, ...] = ()
        worked_out = self._symbols_change(card, definition)
        if not down and not ELEMENT_KEYS.isdisjoint(flt):
            elements = self.elements(card) if worked_out else definition.elements
        if not down and not TYPE_KEYS.isdisjoint(flt):
            types = self.types(card) if worked_out else definition.types
        if down and (DOWN_MIMICRY in self.feature_cards or OVERRIDES in self.feature_cards):  # ops_grants, ops_overrides
            elements, types = self.elements(card), self.types(card)
        if "element" in flt and flt["element"] not in elements:
            return False
        if "type" in flt and flt["type"] not in types:
            return False
        if "elements_all" in flt and not set(flt["elements_all"]) <= set(elements):
            return False
        if "types_all" in flt and not set(flt["types_all"]) <= set(types):
            return False
        if "symbols_any" in flt and set(flt["symbols_any"]).isdisjoint((*elements, *types)):
            return False  # "a FIRE or MYTH card": either symbol ("CARD DATA"); a face-down card has none
        if "keyword" in flt and (down or flt["keyword"] not in definition.keywords):
            return False
        if "kind" in flt and definition.card_type != flt["kind"]:
            return False
        if "set" in flt and (down or definition.set_code != flt["set"]
                             and not (self.attached and flt["set"] in shared_printed(self, card, "sets"))):  # ops_overrides
            return False
        if "symbol" in flt and flt["symbol"] not in (*elements, *types):
            return False
        if "timing" in flt and (down or not definition.timed(flt["timing"])):
            return False
        if "matches_top" in flt and not self.matches_top(card, flt["matches_top"], source):
            return False
        if "elements_min" in flt and len(elements) < flt["elements_min"]:
            return False
        if "tokens" in flt and not CMP[flt["tokens"]["cmp"]](self.tokens.get(card, 0), flt["tokens"]["value"]):
            return False  # "a card with a +1 STAR token" (phrases_more_a.py)
        if "shares_attached" in flt and not more_h_filter_holds(self, card, flt, source):
            return False  # a symbol of the card attached to this one (ops_more_h.py)
        if not MORE_G_FILTER_KEYS.isdisjoint(flt) and not more_g_filter_holds(self, card, flt, source):
            return False  # attribute lists, sharing with your tableau or this card (ops_more_g.py)
        if "rarity" in flt and not rarity_fits(self, card, flt["rarity"]) \
                and not (self.attached and not down and flt["rarity"] in shared_printed(self, card, "rarities")):
            return False  # a card's rarity, none face-down (ops_more_l.py)
        if "name_has" in flt and not name_has(self, card, flt["name_has"]):
            return False  # a word in its name (ops_more_l.py)
        if "fewest_tokens" in flt and not fewest_tokens(self, card):
            return False  # "the card with the least amount of +1 STAR tokens" (ops_more_k.py)
        if not MORE_S_FILTER_KEYS.isdisjoint(flt) and not more_s_filter_holds(self, card, flt):
            return False  # a Metagame's symbol, the highest of its tableau, another card (ops_more_s.py)
        if not SIDEWAYS_FILTER_KEYS.isdisjoint(flt) and not matches_pointed_holds(self, card, flt, source):
            return False  # a symbol of the card this one points to (ops_sideways.py)
        if not NAMING_FILTER_KEYS.isdisjoint(flt) and not naming_filter_holds(self, card, flt, source):
            return False  # a name named with Foreboding, a card without Foreboding (ops_naming.py)
        if not ATTACH2_FILTER_KEYS.isdisjoint(flt) and not attach2_filter_holds(self, card, flt, source):
            return False  # a symbol of a card attached to this one, the tableau it is attached to (ops_attach2.py)
        if "played_this_turn" in flt and not played_this_turn(self, card, flt, source):
            return False  # a card played this turn (ops_history.py)
        if "star" in flt:
            want = flt["star"]["value"]
            if want == "this":
                want = self.star(source) if source is not None else None
            elif isinstance(want, dict):  # X STAR, X a count (ops_more_g.py)
                want = counted_star(self, want, source) * flt["star"].get("times", 1)
            star = self.star(card) if self.in_tableau(card) or down else self.cards[card].printed_star
            if star is None or want is None or not CMP[flt["star"]["cmp"]](star, want):
                return False
        if "shares" in flt or "shares_none" in flt:
            assert source is not None  # "shares" compares a card with the effect's own card
            for key, attr in (("shares", True), ("shares_none", False)):
                if key not in flt:
                    continue
                for kind in ("element", "type") if flt[key] in ("both", "either") else (flt[key],):
                    mine = set(self.elements(source) if kind == "element" else self.types(source))
                    theirs: set[str] = set(elements if kind == "element" else types)
                    if bool(mine & theirs) != attr:
                        return False
        where = flt.get("where")
        return where is None or self._where(where, card, source)

    def _distinct_values(self, card: int, what: str) -> tuple:
        """What ``those_distinct`` counts of one card an effect just revealed or discarded: its printed
        STAR (as shown), or its TYPES or ELEMENTS as the rules in force make them where it is now ("CARD
        DATA"; a rule overriding symbols in hands, "all types and elements while in your hand", Mimicry:
        the same accessors the filters use, asked only when the card may have changed symbols). A
        face-down card revealed in its slot ("Reveal a Face-down card": "picked up and shown") shows its
        printed symbols; the rules in force do not reach a card face-down (rules notes, "MB: fidelity
        fixes (stop 34)")."""
        definition = self.cards[card]
        if what == "star":
            return (definition.printed_star,)
        if card in self.down or not self._symbols_change(card, definition):
            return definition.types if what == "type" else definition.elements
        return self.types(card) if what == "type" else self.elements(card)

    def symbols_as_printed(self) -> bool:
        """Whether every card's elements and types are its printed ones (a face-down card has none):
        nothing attached, and no card of the game can change symbols (``_symbols_change``), nor give
        face-down cards some (``DOWN_MIMICRY``)."""
        features = self.feature_cards
        return not self.attached and OVERRIDES not in features and DOWN_MIMICRY not in features \
            and features.keys().isdisjoint(OWN_SYMBOL_CHANGES)

    def _count_printed(self, cards: list[int], flt: dict) -> int:
        """How many of ``cards`` fit ``flt`` (keys of ``PRINTED_FILTER_KEYS``) while ``symbols_as_printed``:
        ``_matches_plain``'s tests in one loop (a Score effect's "for each SOLDIER in your tableau")."""
        face, element, kind = flt.get("face", "any"), flt.get("element"), flt.get("kind")
        symbol_type = flt.get("type")
        down, definitions = self.down, self.cards
        found = 0
        for card in cards:
            if card in down:  # no symbols: it fits only a filter that asks none
                if face == "up" or element is not None or symbol_type is not None:
                    continue
            elif face == "down":
                continue
            definition = definitions[card]
            if element is not None and element not in definition.elements \
                    or symbol_type is not None and symbol_type not in definition.types \
                    or kind is not None and definition.card_type != kind:
                continue
            found += 1
        return found

    def _symbols_change(self, card: int, definition: CardDef) -> bool:
        """Whether ``card``'s elements and types may differ from its printed ones, so ``elements`` and
        ``types`` must work them out: Mimicry, attachments, "all types and elements while in your hand"
        (ops_more_j.py), "counts as all TYPES" (ops_more_u.py)."""
        return bool(self.attached) or OVERRIDES in self.feature_cards \
            or not OWN_SYMBOL_CHANGES.isdisjoint(definition.features) and (  # (most cards: this one set test)
                definition.mimics or all_in_hand(self, card) or "counts_as_all" in definition.features
                or "gain_symbols" in definition.features)
        # (OVERRIDES: other cards' symbols overridden, ops_overrides.py)

    def _matches_plain(self, card: int, flt: dict, source: int | None) -> bool:
        """``matches`` for a filter of ``PLAIN_FILTER_KEYS`` only ("a face-up SOLDIER card", "each
        other FIRE card"), the one most effects and scoring ask: the same tests, without looking
        for the thirty other keys a filter may have."""
        down = card in self.down
        face = flt.get("face", "any")
        if (face == "up" and down) or (face == "down" and not down):
            return False
        definition = self.cards[card]
        if down and ("element" in flt or "type" in flt):  # a face-down card has no symbols ("Flip a Card"),
            if DOWN_MIMICRY not in self.feature_cards and OVERRIDES not in self.feature_cards:  # ops_grants, ops_overrides
                return False
            changed = True
        else:
            changed = self._symbols_change(card, definition) if "element" in flt or "type" in flt else False
        if "element" in flt and flt["element"] not in (self.elements(card) if changed else definition.elements):
            return False
        if "type" in flt and flt["type"] not in (self.types(card) if changed else definition.types):
            return False
        if "kind" in flt and definition.card_type != flt["kind"]:
            return False
        where = flt.get("where")
        return where is None or self._where(where, card, source)

    def _where(self, where: str | None, card: int, source: int | None) -> bool:
        if where is None:
            return True
        if source is None:
            return where != "this"
        if where == "this":
            return card == source
        if where == "other":
            return card != source
        for row in self.tableau:  # both in the same tableau, or it does not hold
            if source in row:
                return card in row and SLOT_TESTS[where](row.index(source), row.index(card))
        return False

    def zone_cards(self, zone: str, seat: int) -> list[int]:
        if zone == "hand":
            return list(self.hand[seat])
        if zone == "tableau":
            return list(self.tableau[seat])
        if zone == "binder":
            return list(self.binder[seat])
        if zone == "kit":  # your deck box and accessories
            return self.deck_box[seat] + self.accessories[seat]
        if zone == "aftermarket":
            return list(self.aftermarket)
        if zone == TOPS_ZONE:  # each player's Top Card (ops_clash_tokens.py)
            return top_cards(self)
        seats = {"opponents": self.opponents, "all": lambda _seat: range(self.num_players)}[zone](seat)
        return [c for s in seats for c in self.tableau[s]]

    def opponents(self, seat: int) -> list[int]:
        """The other players still in the tournament, clockwise from ``seat``."""
        n = self.num_players
        return [(seat + k) % n for k in range(1, n) if (seat + k) % n not in self.out]

    def count(self, count: dict, source: int | None, seat: int | None = None, ctx: dict | None = None,
              ) -> int:
        """A COUNT seen from ``source`` (its controller ``seat``)."""
        if seat is None:
            seat = self.owner[source] if source is not None and self.owner[source] >= 0 else 0
        kind = count["count"]
        if kind == "cards" and count.keys() <= PLAIN_COUNT_KEYS:
            # the count most effects ask ("for each SOLDIER in your tableau"): before the thirty others
            flt = count.get("filter", {})
            zone = self.zone_cards(count.get("zone", "tableau"), seat)
            if flt.keys() <= PRINTED_FILTER_KEYS and self.symbols_as_printed():
                return self._count_printed(zone, flt)
            if flt.keys() <= PLAIN_FILTER_KEYS:  # (``matches``' own first test, asked once, not per card)
                plain = self._matches_plain
                return len([c for c in zone if plain(c, flt, source)])
            return len([c for c in zone if self.matches(c, flt, source)])
        if kind == "clashes_won":
            return self.clashes_won[seat]
        if kind in ("flipped_this_way", "flipped_stars", "flipped_tokens"):  # this effect's flips (op_flip keeps them)
            return (ctx or {}).get({"flipped_this_way": "flipped_count"}.get(kind, kind), 0)  # tokens: ops_clash_tokens
        if kind == "rp":
            return self.rp[seat]
        if kind == "rp_at_scoring":  # "at the end of the tournament (before scoring)" (phrases_outcomes.py)
            return self.rp_at_scoring[seat] if self.rp_at_scoring else self.rp[seat]
        if kind in MORE_A_COUNTS:  # what this effect spent or lost (ops_more_a.py)
            return more_a_count(count, ctx or {})
        if kind in MORE_F_COUNTS:  # players by hand size (ops_more_f.py)
            return self.more_f_count(count)
        if kind in MORE_C_COUNTS:  # the tokens this effect removed or moved (ops_more_c.py)
            return (ctx or {}).get("tokens_moved", 0)
        if kind in MORE_B_COUNTS:  # Friendship cards held and given, cards revealed (ops_more_b.py)
            return self.more_b_count(kind, seat, source)
        if kind in MORE_E_COUNTS:  # Dollars, RP, highest STAR, the RP a gain gave (ops_more_e.py)
            return self.more_e_count(count, seat, source, ctx or {})
        if kind in MORE_G_COUNTS:  # the highest Star Rating, the most alike (ops_more_g.py)
            return more_g_count(self, count, source, seat)
        if kind in MORE_L_COUNTS:  # different rarities, the most sharing one (ops_more_l.py)
            return more_l_count(self, count, source, seat)
        if kind in MORE_H_COUNTS:  # several counts added, every tableau's open slots (ops_more_h.py)
            return more_h_count(self, count, source, seat, ctx)
        if kind in MORE_I_COUNTS:  # the players of the clash just made (ops_more_i.py)
            return more_i_count(self, count, ctx or {})
        if kind in MORE_J_COUNTS:  # the players, effects printed, an end card's STAR (ops_more_j.py)
            return more_j_count(self, count, seat, source)
        if kind in MORE_N_COUNTS:  # the rarities revealed (ops_more_n.py)
            return more_n_count(self, count, ctx)
        if kind in MORE_K_COUNTS:  # that player's tableau, players by their cards (ops_more_k.py)
            return more_k_count(self, count, source, seat, ctx or {})
        if kind in MORE_Q_COUNTS:  # the cards just revealed that fit (ops_more_q.py)
            return more_q_count(self, count, source, seat, ctx or {})
        if kind in MORE_U_COUNTS:  # cards beside an alike one (ops_more_u.py)
            return more_u_count(self, count, seat)
        if kind in MORE_V_COUNTS:  # the RP you lack to have the most (ops_more_v.py)
            return more_v_count(self, count, seat, source, ctx)
        if kind in MORE_R_COUNTS:  # the cards attached to this card (ops_more_r.py)
            return more_r_count(self, count, source)
        if kind in COPYING_COUNTS:  # the symbols this card has (ops_copying.py)
            return copying_count(self, count, source)
        if kind in NAMING_COUNTS:  # the letters of a card's name (ops_naming.py)
            return naming_count(self, count, source, seat, ctx or {})
        if kind in TRIGGERS_COUNTS:  # Dollars of a trigger, the Aftermarket's best (ops_triggers.py)
            return triggers_count(self, count, ctx)
        if kind in CLASH2_COUNTS:  # the dice rolled (ops_clash2.py)
            return clash2_count(count, seat, ctx)
        if kind in HANDS_COUNTS:  # the VP of a Friendship card returned (ops_hands.py)
            return hands_count(self, count, ctx)
        if kind == "empty_slots":
            return max(0, self.capacity(seat) - len(self.tableau[seat]))
        if kind == "those_stars":  # the cards the effect just moved, each as it is now (revealed: as shown)
            shown = (ctx or {}).get("shown", ())  # face-down cards revealed (ops_more_u.py)
            return sum((self.star(c) or 0) if self.in_tableau(c) and c not in shown else self.cards[c].printed_star
                       for c in (ctx or {}).get("those", ()))
        if kind == "those_distinct":  # "For each different TYPE revealed (discarded) this way"
            return len({v for c in (ctx or {}).get("those", ()) for v in self._distinct_values(c, count["what"])})
        if kind == "players_with":  # "for each player with a LIGHT card in their tableau (including you)"
            flt = count.get("filter", {})
            return sum(any(self.matches(c, flt, source) for c in self.tableau[p])
                       for p in range(self.num_players) if p not in self.out)
        if kind == "those_count":  # "for each card you gained this way"
            return len((ctx or {}).get("those", ()))
        if kind == "players_discarded":  # "you gain 7 RP for each player who discards a card this way"
            return (ctx or {}).get("players_discarded", 0)
        if kind == "highest_flipped":  # the cards this effect flipped, as they were
            return (ctx or {}).get("flipped_max", 0)
        if kind == "star":
            if count["card"] == "flipped":  # the card this effect flipped, as it was ("Thwomp!": "flip it and gain")
                return (ctx or {}).get("flipped_star", 0)
            card = self.ref(count["card"], source, seat, ctx or {})
            if card is None:
                return 0
            if count["card"] == "revealed" and card in self.down:  # shown, then face-down again ("Reveal a
                return self.cards[card].printed_star                 # Face-down card"): its printed STAR
            value = self.star(card) if self.in_tableau(card) else self.cards[card].printed_star
            return value or 0
        flt = count.get("filter", {})
        cards = [c for c in self.zone_cards(count.get("zone", "tableau"), seat) if self.matches(c, flt, source)]
        if kind == "cards":
            return len(cards)
        if kind == "star_tokens":
            if source in self.down and flt.get("where") == "this":  # a Flip effect: the tokens it had
                return (ctx or {}).get("tokens_lost", 0)
            if flt == {"where": "this"} and count.get("zone", "tableau") == "tableau" and source is not None:
                return tokens_on_this(self, source)  # an Accessory's or Deck Box's own tokens too (ops_more_h.py)
            return sum(self.tokens.get(c, 0) for c in cards)
        if kind == "stars":  # "the combined STAR": a face-down card has none ("Face-Down Cards")
            return sum(self.star(c) or 0 if self.in_tableau(c) else self.cards[c].printed_star for c in cards)
        if kind == "star_values":  # "for each different STAR in your tableau"
            return len({self.star(c) for c in cards if c not in self.down})
        if kind == "sets":
            shared = {v for c in cards if c not in self.down for v in shared_printed(self, c, "sets")} if self.attached else set()
            return len({self.cards[c].set_code for c in cards if c not in self.down and self.cards[c].set_code} | shared)
        attr = self.elements if kind == "elements" else self.types
        return len({value for c in cards for value in attr(c)})

    def ref(self, name: str, source: int | None, seat: int, ctx: dict) -> int | None:
        """The card a REF names."""
        if name == "this":
            return source
        if name in ("left", "right"):
            return self.neighbour(source, -1 if name == "left" else 1) if source is not None else None
        if name == "top":
            return self.top_card(seat)
        if name in SIDEWAYS_REFS:  # the card this one, played sideways, points to (ops_sideways.py)
            return pointed_card(self, source, name)
        if name == "attached" and "attached" not in ctx:  # "the attached card": the card attached to this one
            return next(iter(self.attachments(source)), None) if source is not None and self.attached else None
        return ctx.get(name)

    def holds(self, cond: dict, source: int | None, seat: int, ctx: dict) -> bool:
        """Whether CONDITION ``cond`` holds for the effect of ``source`` controlled by ``seat``."""
        test = cond["test"]
        if test == "not":
            return not self.holds(cond["of"], source, seat, ctx)
        if test == "did":
            return bool(ctx.get("did"))
        if test == "lost_short":
            return bool(ctx.get("lost_short"))
        if test == "your_turn":
            return seat == self.seat_turn
        if test in MORE_A_TESTS:  # ops_more_a.py
            return more_a_holds(self, cond, ctx)
        if test == "attached":  # "if this is attached to a card"
            return source in self.attached
        if test == "flipped_by":
            by = ctx.get("flipped_by")
            return by is not None and (by == seat) == (cond["by"] == "self")
        if test == "card":
            card = self.ref(cond["card"], source, seat, ctx)
            if cond.get("as_was") and card in self.down:  # "If it was a WATER card": as it was, face-up
                self.down.discard(card)
                try:
                    return self.matches(card, cond.get("is", {}), source)
                finally:
                    self.down.add(card)
            return self.matches(card, cond.get("is", {}), source)
        if test == "clash_result":
            return self.clash_result_holds(cond, seat, ctx)
        if test == "alike":
            return self.alike_holds(cond, source, ctx)
        if test == "pair":
            return self.pair_holds(cond, source, seat)
        if test in MORE_G_TESTS:  # several conditions that all hold (ops_more_g.py)
            return more_g_holds(self, cond, source, seat, ctx)
        if test in MORE_L_TESTS:  # a count even or odd (ops_more_l.py)
            return more_l_holds(self, cond, source, seat, ctx)
        if test in MORE_T_TESTS:  # in the clash, won by a margin (ops_more_t.py)
            return more_t_holds(cond, seat, ctx)
        if test in ("neighbour_rp", "least_rp"):
            return self.more_b_holds(cond, seat)
        if test in MORE_U_TESTS:  # the tableau as a whole, one of several (ops_more_u.py)
            return more_u_holds(self, cond, source, seat, ctx)
        if test in MORE_V_TESTS:  # Dollars spent this turn (ops_more_v.py)
            return more_v_holds(self, cond, seat)
        if test in MORE_Y_TESTS:  # a clash lost this turn (ops_more_y.py)
            return more_y_holds(self, cond, seat)
        if test in POSITIONS_TESTS:  # the first card played into a slot (ops_positions.py)
            return positions_holds(self, cond, ctx)
        if test in TRIGGERS_TESTS:  # the trigger's player is you (ops_triggers.py)
            return triggers_holds(cond, seat, ctx)
        if test in CLASH2_TESTS:  # no dice to roll: never (ops_clash2.py)
            return False
        if test in HISTORY_TESTS:  # the face of the card just returned (ops_history.py)
            return history_holds(cond, ctx)
        return CMP[cond["cmp"]](self.count(cond["of"], source, seat, ctx), cond["value"])
