"""Before the first turn and the turn's automatic parts: going first, reserves, columns, the
startup phase with decay, and the ending phase (bos.txt, "Gameplay", "Competitive Rules")."""

from __future__ import annotations

from rules.bos.base import BosBase
from rules.bos.constants import (
    ARRANGE,
    BEATS,
    BID,
    CHOOSE_FIRST,
    DECAY_AFTER,
    ENDING,
    MAIN,
    OVER,
    STARTUP,
    SUMMONING,
    SWAP,
    THROW,
    TIED_BIDS_SETTLED,
    TIED_THROWS_SETTLED,
    EndReason,
)


class TurnMixin(BosBase):
    """Phases that run by themselves, and the setup decisions."""

    def phase_players(self) -> list[int]:
        """Who acts when nothing is on the stack."""
        phase = self.phase
        if phase in (BID, THROW):
            return [0, 1]  # a simultaneous secret choice
        if phase == CHOOSE_FIRST:
            return [self.chooser]
        if phase == SWAP:
            return [seat for seat in (0, 1) if not self.swap_done[seat]]
        if phase == ARRANGE:
            return [self.arranging]
        if phase in (SUMMONING, MAIN):
            return [self.active]
        return []

    def set_phase(self, phase: str) -> None:
        self.phase = phase
        self.step_name = phase

    # -- going first (bos.txt, "Gameplay"; "Going First") -----------------------------------------
    def resolve_bids(self, bids: list[int]) -> None:
        """bos.txt, "Going First": "The player with the higher number chooses who goes first, and the
        player with the lower number gets Ether equal to the amount they bid." A tie is bid again; the
        third tie in a row goes to ``tie_chooser`` (rules-notes, BOS engine: "Tied bids")."""
        self.bids.append(list(bids))
        for seat in (0, 1):
            self.stats[seat].bid = bids[seat]
        if bids[0] != bids[1]:
            high = 0 if bids[0] > bids[1] else 1
            low = 1 - high
            side = self.sides[low]
            before = side.ether
            side.ether += bids[low]
            self.stats[low].ether_won = bids[low]
            self.log("bids_revealed", None, bids=list(bids), chooser=high, ether_to=low, ether_before=before,
                     ether_after=side.ether)
            self.chooser = high
        elif len(self.bids) >= TIED_BIDS_SETTLED:
            self.chooser = self.tie_chooser
            self.log("bids_revealed", None, bids=list(bids), tie=True, chooser=self.chooser, settled_by="tie_chooser")
        else:
            self.log("bids_revealed", None, bids=list(bids), tie=True, bid_again=True)
            return
        self.set_phase(CHOOSE_FIRST)

    def resolve_throws(self, throws: list[str]) -> None:
        """The casual rule (bos.txt, "Gameplay": "play something like rock-paper-scissors, with the
        winner deciding who goes first"); ties throw again, the 5th tie goes to ``tie_chooser``."""
        self.throws.append(list(throws))
        if throws[0] != throws[1]:
            self.chooser = 0 if BEATS[throws[0]] == throws[1] else 1
        elif len(self.throws) >= TIED_THROWS_SETTLED:
            self.chooser = self.tie_chooser
        else:
            self.log("throws_revealed", None, throws=list(throws), tie=True)
            return
        self.log("throws_revealed", None, throws=list(throws), chooser=self.chooser)
        self.set_phase(CHOOSE_FIRST)

    def choose_first(self, seat: int, go_first: bool) -> None:
        self.first = seat if go_first else 1 - seat
        self.log("go_first" if go_first else "go_second", seat, first=self.first)
        if self.reserve_swaps:
            self.swap_done = [False, False]
            self.set_phase(SWAP)
        else:
            self.start_arranging()

    def start_arranging(self) -> None:
        """bos.txt, "Best of 3 Match" step 4: "At the start of player 2's turn, they may decide what
        columns they want their wizards in." Casually both players arrange before the game."""
        self.to_arrange = [self.first] + ([] if self.competitive else [1 - self.first])
        self.arranging = self.to_arrange[0]
        self.set_phase(ARRANGE)

    def arrange(self, seat: int, names: tuple[str, ...]) -> None:
        side = self.sides[seat]
        by_name = {w.name: w for w in side.wizards}
        side.wizards = [by_name[n] for n in names]
        side.arranged = True
        self.log("columns", seat, wizards=list(names))
        if self.turn == 0:
            self.to_arrange = self.to_arrange[1:]
            if self.to_arrange:
                self.arranging = self.to_arrange[0]
            else:
                self.begin_turn(self.first)
        else:
            self.startup()

    # -- the turn ---------------------------------------------------------------------------------------
    def begin_turn(self, seat: int) -> None:
        self.turn += 1
        if self.check_turn_limit():
            self.set_phase(OVER)
            return
        self.active = seat
        self.actions_this_turn = 0
        for side in self.sides:
            side.defeated_this_turn = False
        side = self.sides[seat]
        side.turns_started += 1
        if self.log_events:
            self.log("turn_start", seat, players_turn=side.turns_started)
        if not side.arranged:
            self.arranging = seat
            self.set_phase(ARRANGE)
            return
        self.startup()

    def startup(self) -> None:
        """bos.txt, "Phase 1: Startup Phase": ready face-down wizards and sideways cards, double vim;
        then the startup abilities (rules-notes, BOS engine: "Startup order")."""
        self.set_phase(STARTUP)
        seat = self.active
        side = self.sides[seat]
        readied = []
        for wizard in side.wizards:
            if not wizard.face_up or wizard.sideways:
                wizard.face_up, wizard.sideways, wizard.seen = True, False, True
                readied.append(wizard.name)
        for unit in side.units():
            if unit.sideways:
                unit.sideways = False
                readied.append(unit.name)
        before = side.vim
        side.vim *= 2
        if self.log_events:
            self.log("startup", seat, readied=readied, vim_before=before, vim_after=side.vim)
        self.push_batch(self.phase_triggers("startup"))

    def decay(self) -> None:
        """bos.txt, "Decay": "At the end of your startup phase, if it is your 11th turn or later ... You
        decay once for each turn you've started after your 10th ... halve your life and vim, rounding down." """
        seat = self.active
        side = self.sides[seat]
        times = side.turns_started - DECAY_AFTER
        if times <= 0:
            return
        life, vim = side.life, side.vim
        for _ in range(times):
            side.life //= 2
            side.vim //= 2
        self.stats[seat].decays += times
        self.log("decay", seat, times=times, life_before=life, life_after=side.life, vim_before=vim,
                 vim_after=side.vim)
        if side.life <= 0:
            self.end([1 - seat], EndReason.DECAY)
            self.set_phase(OVER)

    def advance_phase(self) -> bool:
        """The automatic step of a phase whose stack is empty; False when a player must decide."""
        if self.phase == STARTUP:
            self.decay()
            if self._outcome is None:
                self.set_phase(SUMMONING)
            return False
        if self.phase == ENDING:
            self.begin_turn(1 - self.active)
            return True
        return False

    def end_main_phase(self) -> None:
        """bos.txt, "Phase 4: Ending Phase": gains "until your ending phase" end, then its abilities."""
        self.set_phase(ENDING)
        for unit in self.sides[self.active].units():
            if unit.until_ending:
                self.log("gain_ends", self.active, card=unit.name, at=self.place(unit), strength_before=self.strength(unit),
                         strength_after=max(0, self.strength(unit) - unit.until_ending))
                unit.until_ending = 0
        self.push_batch(self.phase_triggers("ending"))
