"""``SpellboundState``: a Spellbound game (rulebook: shared/rulebooks/spellbound-chaos-divided.txt):
setup, lookups, the automatic loop, hidden information and counters.

Its fields, and ``clone`` derived from them, are in base.py. The turn's steps are in turn.py, the
ladder and priority in ladder.py, paying souls in souls.py, effect ops and targets in effects.py,
battle in battle.py, the verbs in actions.py, the view in view.py.
"""

from __future__ import annotations

import random

from rules.core.decks import DeckList
from rules.spellbound.actions import ActionsMixin
from rules.spellbound.battle import BattleMixin
from rules.spellbound.board import BoardIndex, Permanent, Side, index_board
from rules.spellbound.compiler import CardDef, card_def
from rules.spellbound.constants import OPENING_HAND, TURN_LIMIT, UNFLIP
from rules.spellbound.effects import EffectsMixin
from rules.spellbound.ladder import LadderMixin
from rules.spellbound.souls import SoulsMixin
from rules.spellbound.stats import StatsMixin
from rules.spellbound.turn import TurnMixin
from rules.spellbound.view import ViewMixin


class SpellboundState(ActionsMixin, TurnMixin, LadderMixin, SoulsMixin, BattleMixin, EffectsMixin, StatsMixin,
                      ViewMixin):
    """Two sides, the battlefield, the ladder, whose priority it is and what must be decided (the
    fields: base.py)."""

    def __init__(self, decks: list[DeckList], seed: int, *, turn_limit: int = TURN_LIMIT,
                 first_player: int | None = None):
        super().__init__(2, seed)
        self.turn_limit = turn_limit
        self.cards = {}
        self.next_uid = 0
        self.board = {}
        self.board_changes = 0
        self.board_index = None
        self.ladder = []
        self.pending = []
        self.battles = []
        self.priority = None
        self.passes = 0
        self.actions_this_turn = 0
        self.step_name = UNFLIP
        self.stats = [{"drawn": {}, "cast": {}, "pond_level": 1, "souls_gained": 0} for _ in range(2)]
        self.sides = [self._setup_side(deck, seat) for seat, deck in enumerate(decks)]
        # bounders and soul ponds never leave the battlefield: remember their uids (see ``bounder``)
        self.bounder_uids = tuple(self._find("bounder", seat).uid for seat in (0, 1))
        self.pond_uids = tuple(self._find("soul_pond", seat).uid for seat in (0, 1))
        # "2. Set Up to the Battlefield", 2. Library: "shuffle your library, and draw five cards"
        for seat, side in enumerate(self.sides):
            self.rng.shuffle(side.library)
            self.log("shuffle", seat, zone="library", cards=len(side.library))
            self.draw(seat, OPENING_HAND)
        # who goes first is chosen from the seed (the rulebook does not say how: rules notes)
        self.first = self.rng.randrange(2) if first_player is None else first_player
        self.active = self.first
        self.log("setup", None, first_player=self.first,
                 bounders=[self.bounder(s).name for s in (0, 1)], soul_ponds=[self.pond(s).name for s in (0, 1)])
        self.turn = 1
        self.start_turn()
        self.run()

    # -- setup ("2. Set Up to the Battlefield"; "3. Divisions", 7. Bounders and 8. Soul Ponds) -----
    def _setup_side(self, deck: DeckList, seat: int) -> Side:
        side = Side()
        for section in ("bounder", "soul_pond", "library"):
            for spec in deck.cards(section):
                if spec.name not in self.cards:
                    self.cards[spec.name] = card_def(spec)
                if section == "library":
                    side.library.append(spec.name)
                else:  # "on your battlefield from the beginning of the game", the pond "at their base level"
                    self.add_permanent(spec.name, seat)
        kinds = sorted(p.kind for p in self.board.values() if p.owner == seat)
        if kinds != ["bounder", "soul_pond"]:
            raise ValueError(f"a Spellbound deck has one bounder and one soul pond (\"3. Divisions\", 7 and 8); "
                             f"seat {seat}'s deck {deck.name!r} has {kinds}")
        return side

    def add_permanent(self, name: str, controller: int, owner: int | None = None, uid: int | None = None) -> Permanent:
        if uid is None:
            uid = self.new_uid()
        card = self.cards[name]
        perm = Permanent(uid, name, card.kind, controller if owner is None else owner, controller, entered=self.turn)
        self.board[uid] = perm
        self.board_changes += 1
        return perm

    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid

    # -- lookups ------------------------------------------------------------------------------------
    def card(self, name: str) -> CardDef:
        return self.cards[name]

    def permanent(self, ref: str | int | None) -> Permanent | None:
        if isinstance(ref, str):
            if not ref.startswith("u"):
                return None
            ref = int(ref[1:])
        return self.board.get(ref) if ref is not None else None

    def on_board(self, ref: str | int) -> Permanent:
        """The card on the battlefield ``ref`` names, which the caller knows is there (a legal
        action's own card)."""
        perm = self.permanent(ref)
        assert perm is not None, f"no card {ref} on the battlefield"
        return perm

    def index(self) -> BoardIndex:
        """The battlefield's cards by kind and by what they can do. Cards enter and leave the
        battlefield only through ``add_permanent`` and ``leave`` (``board_changes``): the index is
        gathered once per change."""
        index = self.board_index
        if index is None or index.board_changes != self.board_changes:
            index = self.board_index = index_board(self.board, self.cards, self.board_changes)
        return index

    def permanents(self, seat: int | None = None, kind: str | None = None) -> list[Permanent]:
        if kind == "creature" or kind == "convert":
            index = self.index()
            perms = index.creatures if kind == "creature" else index.converts
            return list(perms) if seat is None else [p for p in perms if p.controller == seat]
        return [p for p in self.board.values()
                if (seat is None or p.controller == seat) and (kind is None or p.kind == kind)]

    def creatures(self, seat: int | None = None) -> list[Permanent]:
        return self.permanents(seat, "creature")

    def bounder(self, seat: int) -> Permanent:
        perm = self.board.get(self.bounder_uids[seat])
        return perm if perm is not None else self._find("bounder", seat)

    def pond(self, seat: int) -> Permanent:
        perm = self.board.get(self.pond_uids[seat])
        return perm if perm is not None else self._find("soul_pond", seat)

    def _find(self, kind: str, seat: int) -> Permanent:
        """The first ``kind`` (bounder or soul pond) ``seat`` owns on the battlefield."""
        return next(p for p in self.board.values() if p.kind == kind and p.owner == seat)

    def attachments(self, uid: int) -> list[Permanent]:
        return [p for p in self.board.values() if p.attached == uid]

    def aura(self) -> Permanent | None:
        return next((p for p in self.board.values() if p.kind == "aura"), None)

    def count(self, seat: int, counter: str, name: str) -> None:
        tally = self.stats[seat][counter]
        tally[name] = tally.get(name, 0) + 1

    # -- the protocol -------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self._outcome is not None:
            return []
        if self.pending:
            return [self.pending[0][1]]
        return [] if self.priority is None else [self.priority]

    def all_cards(self) -> list[str]:
        out = [p.name for p in self.board.values()]
        out += [item.name for item in self.ladder if item.kind == "spell"]
        for side in self.sides:
            out += side.library + side.hand + side.graveyard + side.exile
        return out

    def hidden_cards(self, player: int) -> list[str]:
        """Both libraries (face-down: "2. Set Up", 2. Library) and the other player's hand
        ("5. Hand": "Don't show these cards to anyone!")."""
        other = self.sides[1 - player]
        return list(self.sides[player].library) + list(other.library) + list(other.hand)

    def determinize(self, player: int, rng: random.Random) -> SpellboundState:
        """A world where the player's library is reshuffled and the other player's hand and library
        are redealt from the cards the player has not seen."""
        world = self.clone()
        mine, other = world.sides[player], world.sides[1 - player]
        rng.shuffle(mine.library)
        unseen = sorted(other.hand + other.library)
        rng.shuffle(unseen)
        size = len(other.hand)
        other.hand, other.library = unseen[:size], unseen[size:]
        return world

    def counters(self) -> list[dict]:
        return [{"drawn": dict(s["drawn"]), "cast": dict(s["cast"]), "pond_level": s["pond_level"],
                 "souls_gained": s["souls_gained"]} for s in self.stats]

