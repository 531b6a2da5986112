"""``BosState``: a BOS game (rulebook: shared/rulebooks/bos.txt), its zones, setup, copying,
hidden information and the resolution loop. The verbs are in actions.py, the phases in
turn.py, battles in battle.py, effect ops in effects.py, the view in view.py.
"""

from __future__ import annotations

import random
from typing import Literal

from rules.bos.abilities import card_def
from rules.bos.actions import ActionsMixin
from rules.bos.base import Stats
from rules.bos.battle import BattleMixin
from rules.bos.board import Side, Unit, Wizard, adjust
from rules.bos.constants import (
    AUTOMATIC_PHASES,
    BID,
    BOSS,
    COLUMNS,
    MAIN,
    OVER,
    SPELL,
    SUMMON,
    SUMMONING,
    THROW,
    TURN_LIMIT,
    WIZARD,
    EndReason,
)
from rules.bos.effects import EffectsMixin
from rules.bos.frames import Batch, Run
from rules.bos.turn import TurnMixin
from rules.bos.view import ViewMixin
from rules.bos.words import BOSS_WORDS, SUMMON_WORDS, UNIT_PLACES
from rules.core.decks import DeckEntry, DeckList


class BosState(ActionsMixin, TurnMixin, BattleMixin, EffectsMixin, ViewMixin):
    """Two sides, the resolution stack and whose move it is (every field is declared in base.py)."""

    def __init__(self, decks: list[DeckList], seed: int, *, first_player: str = "bid", max_bid: int = 10,
                 tie_chooser: int = 0, reserve_swaps: bool = False, boss_revealed: bool | None = None,
                 turn_limit: int = TURN_LIMIT):
        super().__init__(2, seed)
        self.next_uid = 100
        if first_player not in ("bid", "rps"):
            raise ValueError(f'first_player is "bid" (competitive) or "rps" (casual), not {first_player!r}')
        self.turn_limit = turn_limit
        self.competitive = first_player == "bid"
        self.max_bid = max_bid
        self.tie_chooser = tie_chooser
        self.reserve_swaps = reserve_swaps
        # bos.txt, "Best of 3 Match" step 1: "Greet your opponent and reveal your boss to them"
        self.boss_revealed = self.competitive if boss_revealed is None else boss_revealed
        self.cards = {}
        self.specs = {}
        self.sides = [self._setup_side(deck, seat) for seat, deck in enumerate(decks)]
        self.initial_cards = [tuple(sorted(side.cards())) for side in self.sides]  # deck and reserves
        self.stack = []
        self.phase = BID if self.competitive else THROW
        self.step_name = self.phase
        self.active = 0
        self.first = 0
        self.chooser = 0  # who decides who goes first
        self.bids = []
        self.throws = []
        self.swap_done = [True, True]
        self.to_arrange = []
        self.arranging = 0
        self.actions_this_turn = 0
        self.stats = [Stats(), Stats()]
        self._in_continuous = False

    # -- setup (bos.txt, "Starting Info", "Battlefield Setup") ----------------------------------
    def _setup_side(self, deck: DeckList, seat: int) -> Side:
        side = Side()
        wizards, bosses = [], []
        for section in ("main", "reserves"):
            for spec in deck.cards(section):
                if spec.name not in self.cards:  # the first copy of a name defines it
                    self.specs[spec.name] = spec
                    self.cards[spec.name] = card_def(spec)
                kind = spec.card_type
                if section == "reserves":
                    adjust(side.reserves, spec.name, 1)
                elif kind == SUMMON:  # "Your summons are stored in a face-down pile called the castle"
                    adjust(side.castle, spec.name, 1)
                elif kind == SPELL:  # "... and your spells ... called the spellbook"
                    adjust(side.spellbook, spec.name, 1)
                elif kind == WIZARD:
                    wizards.append(spec.name)
                elif kind == BOSS:
                    bosses.append(spec.name)
        if len(wizards) != COLUMNS or len(bosses) != 1:
            raise ValueError(f"a BOS deck has 3 wizards and 1 boss (bos.txt, \"Starting Info\"); seat {seat}'s deck "
                             f"{deck.name!r} has {len(wizards)} wizards and {len(bosses)} bosses")
        side.wizards = [Wizard(name) for name in wizards]  # face-down, in deck order until arranged
        boss = bosses[0]
        side.boss = Unit(self._new_uid(), boss, seat, True, self.cards[boss].strength, face_up=False)
        return side

    def _new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid

    # -- lookups ---------------------------------------------------------------------------------
    def unit(self, uid: int | None) -> Unit | None:
        """The unit with this uid on the battlefield (face-up boss or summon), else None."""
        if uid is None:
            return None
        for side in self.sides:
            for u in side.summons:
                if u is not None and u.uid == uid:
                    return u
            if side.boss is not None and side.boss.uid == uid and side.boss.face_up:
                return side.boss
        return None

    def limbo_unit(self, uid: int | None) -> Unit | None:
        """A unit being defeated (off the battlefield, its abilities still resolving)."""
        for frame in self.stack:
            for u in getattr(frame, "units", ()):
                if u.uid == uid:
                    return u
        return None

    def place(self, unit: Unit) -> str:
        """A unit's position as an action word: ``seat0.col1`` or ``seat0.boss``."""
        column = unit.column  # None only for a boss
        return BOSS_WORDS[unit.owner] if column is None else SUMMON_WORDS[unit.owner][column]

    def unit_at(self, ref: str) -> Unit | None:
        """The unit at a place word (``seat1.col2``, ``seat0.boss``), else None."""
        seat, column = UNIT_PLACES[ref]
        side = self.sides[seat]
        if column is None:
            return side.boss if side.boss is not None and side.boss.face_up else None
        return side.summons[column]

    def all_units(self) -> list[Unit]:
        return self.sides[0].units() + self.sides[1].units()

    def strength(self, unit: Unit) -> int:
        """Effective strength: base + temporary + continuous gains - damage, never below 0."""
        value = unit.base + unit.until_ending - unit.damage
        if unit.enchantments or self.cards[unit.name].static_gains:  # else no continuous gain
            value += self.continuous_gain(unit)
        return value if value > 0 else 0

    # -- the resolution loop -----------------------------------------------------------------------
    def _run(self, settled: bool = False) -> None:
        """Take automatic steps until a player must decide or the game is over. ``settled``: the state
        checks (``_settle``) found nothing to do and nothing changed since; a step that only moves
        frames (``moves_frames_only``) keeps it so, and the checks, which would find nothing, are skipped."""
        while self._outcome is None:
            if self.stack:
                if self.decision() is not None:
                    return
                frame = self.stack[-1]
                unchanged = settled and self.moves_frames_only(frame)
                self.step_frame(frame)
                if not unchanged:
                    settled = self._settle()
                continue
            if self.phase not in AUTOMATIC_PHASES or not self.advance_phase():
                return
            settled = False

    def _settle(self) -> bool:
        """State checks after every step: life at 0 ends the game; units at 0 strength are defeated.
        True when there was nothing to do."""
        sides = self.sides
        if sides[0].life <= 0 or sides[1].life <= 0:
            self.end([seat for seat in (0, 1) if sides[seat].life > 0], EndReason.LIFE)
            self.phase = OVER
            return False
        # The units at 0 strength, in ``all_units`` order. Continuous gains are never negative (the
        # compiler refuses negative amounts), so a unit above 0 before them is above 0 after them: its
        # full strength is only worked out when it might be 0.
        beaten = []
        for side in sides:
            for unit in side.summons:
                if unit is not None and unit.base + unit.until_ending <= unit.damage and self.strength(unit) <= 0:
                    beaten.append(unit)
            boss = side.boss
            if boss is not None and boss.face_up and boss.base + boss.until_ending <= boss.damage \
                    and self.strength(boss) <= 0:
                beaten.append(boss)
        if beaten:
            self.defeat(beaten)
            return False
        return True

    def push_batch(self, triggers) -> None:
        if triggers:
            self.stack.append(Batch(list(triggers)))

    def current_players(self) -> list[int]:
        if self._outcome is not None:
            return []
        if self.stack:
            found = self.decision()
            if found is not None:
                return [found[0]]
        if self.phase == MAIN or self.phase == SUMMONING:
            return [self.active]  # as ``phase_players`` says, without the call
        return self.phase_players()

    # -- copying and what each seat holds -----------------------------------------------------------
    def clone(self) -> BosState:
        """An independent copy, each field copied as base.py declares it (``rules/core/fields.py``)."""
        return self.copy()

    def all_cards(self) -> list[str]:
        out = []
        for side in self.sides:
            out += side.cards() + side.enchantment_cards()
        for frame in self.stack:
            out += [u.name for u in getattr(frame, "units", ())]
            for u in getattr(frame, "units", ()):
                out += [name for name, _ in u.enchantments]
            if type(frame) is Run and frame.spell is not None and not frame.attached:
                out.append(frame.spell)
        return out

    def hidden_cards(self, player: int) -> list[str]:
        """The other side's castle, spellbook and reserves (bos.txt, "Starting Info": "you can look in
        your castle and spellbook, but not an opponent's"), its wizards never yet face-up, and its
        face-down boss unless bosses were revealed at the greeting ("Best of 3 Match", step 1)."""
        side = self.sides[1 - player]
        hidden = [n for pile in (side.castle, side.spellbook, side.reserves) for n, k in pile.items() for _ in range(k)]
        hidden += [w.name for w in side.wizards if not w.seen]
        if side.boss is not None and not side.boss.face_up and not self.boss_revealed:
            hidden.append(side.boss.name)
        return hidden

    def determinize(self, player: int, rng: random.Random) -> BosState:
        """A world where the other side's unseen cards are redealt: castle and spellbook refilled
        from its unseen summons and spells (those seen going back into the castle stay), the rest
        to its reserves; wizards never seen face-up change columns."""
        other = self.clone()
        side = other.sides[1 - player]
        for kind, pile, known in ((SUMMON, side.castle, side.castle_known), (SPELL, side.spellbook, {})):
            unseen = [n for n, k in pile.items() for _ in range(k - known.get(n, 0))]
            unseen += [n for n, k in side.reserves.items() if self.cards[n].card_type == kind for _ in range(k)]
            unseen.sort()
            rng.shuffle(unseen)
            size = sum(pile.values()) - sum(known.values())
            pile.clear()
            pile.update(known)
            for name in unseen[:size]:
                adjust(pile, name, 1)
            for name in [n for n in side.reserves if self.cards[n].card_type == kind]:
                del side.reserves[name]
            for name in unseen[size:]:
                adjust(side.reserves, name, 1)
        unseen_wizards = [w for w in side.wizards if not w.seen]
        names = [w.name for w in unseen_wizards]
        rng.shuffle(names)
        for wizard, name in zip(unseen_wizards, names, strict=True):
            wizard.name = name
        return other

    def counters(self) -> list[dict]:
        return [{"conducted": dict(s.conducted), "cast": dict(s.cast), "boss": s.boss, "bid": s.bid,
                 "ether_won": s.ether_won, "decays": s.decays} for s in self.stats]

    def count(self, seat: int, counter: Literal["conducted", "cast"], name: str) -> None:
        stats = self.stats[seat]
        tally = stats.conducted if counter == "conducted" else stats.cast
        tally[name] = tally.get(name, 0) + 1

    def lineup(self, seat: int) -> DeckList:
        """The deck as it stands now (after reserve swaps): every card of the side, main and reserves."""
        side = self.sides[seat]
        main: dict[str, int] = {}
        for name in self.initial_cards[seat]:
            adjust(main, name, 1)
        for name, k in side.reserves.items():
            adjust(main, name, -k)
        return DeckList(game="bos", name="", sections={
            "main": [DeckEntry(self.specs[n], k) for n, k in sorted(main.items())],
            "reserves": [DeckEntry(self.specs[n], k) for n, k in sorted(side.reserves.items())]})

    @property
    def main_phase(self) -> bool:
        return self.phase == MAIN and not self.stack
