"""The turn, step by step ("6. Parts of a Turn") and the automatic loop between decisions.

Each step begins with its automatic part (unflip, draw, gain, battle damage, ...), then the
triggered abilities of the step go on the ladder ("When you enter a new step or phase, any
triggered abilities ... are put on the ladder"), then the active player receives priority.
The step ends when the ladder is empty and every player passed in succession (ladder.py).
"""

from __future__ import annotations

from rules.spellbound.base import SpellboundBase
from rules.spellbound.constants import (
    CARETAKE,
    CEASE,
    DAMAGE,
    DRAW,
    GAIN,
    HAND_LIMIT,
    JANITOR,
    PLACED,
    REINFORCEMENTS,
    SILENT_STEPS,
    STEPS,
    UNFLIP,
    EndReason,
)

NEXT_STEP = {step: STEPS[i + 1] for i, step in enumerate(STEPS[:-1])}  # the step after each but the last
BEGIN = {step: f"_begin_{step}" for step in STEPS}  # the method that begins each step
#: steps whose automatic part deals no damage, changes no health and moves no card on or off the
#: battlefield (triggers only wait on the ladder): the state check made before still holds
QUIET_STEPS = frozenset(STEPS) - {DAMAGE, JANITOR}


class TurnMixin(SpellboundBase):
    """Steps, turns and the loop that runs until someone must decide."""

    def run(self) -> None:
        """Take automatic steps until a player must decide or the game is over. The state check
        is made first, and again whenever an automatic step may have changed what it looks at."""
        checked = False
        while self._outcome is None:
            if not checked:
                self.check_state()
                if self._outcome is not None:
                    return
            if self.ladder and self.priority is None:  # something triggered: it resolves in this step
                self.priority, self.passes = self.active, 0
            if self.pending:
                if self.options_for(self.pending[0]):
                    return
                self.log("no_choice", self.pending[0][1], decision=self.pending[0][0])
                self.pending.pop(0)
                checked = True  # a decision dropped: nothing else changed
                continue
            if self.priority is not None:
                return
            step = self.step_name
            self.next_step()
            checked = self.step_name != step and self.step_name in QUIET_STEPS

    # -- moving on --------------------------------------------------------------------------------
    def next_step(self) -> None:
        if self.step_name == JANITOR:
            if not self.cleaned_up:
                self.end_of_turn_effects()
                return
            self.end_turn()
            return
        step = NEXT_STEP[self.step_name]
        if step == DRAW and self.turn == 1:
            # Draw Step: "The player who goes first skips the draw step on their first turn": the
            # whole step (its draw, its triggers and its priority round), not just the draw
            self.step_name = DRAW
            self.log("skip_draw", self.active)
            step = GAIN
        self.enter(step)

    def start_turn(self) -> None:
        self.step_name = UNFLIP
        self.actions_this_turn = 0
        self.cleaned_up = False
        self.battles = []
        side = self.sides[self.active]
        side.converts_cast = 0
        side.turns_taken += 1
        self.log("turn_start", self.active, turn=self.turn)
        self.enter(UNFLIP)

    def end_turn(self) -> None:
        self.log("turn_end", self.active)
        self.active = 1 - self.active
        self.turn += 1
        if self.check_turn_limit():
            return
        self.start_turn()

    def enter(self, step: str) -> None:
        """Begin ``step``: its automatic part, its triggers, then priority to the active player."""
        self.step_name = step
        self.passes = 0
        getattr(self, BEGIN[step])()
        if self._outcome is not None:
            return
        if step not in SILENT_STEPS or self.ladder:
            self.priority = self.active
        else:
            self.priority = None

    # -- the steps' automatic parts ---------------------------------------------------------------------
    def _begin_unflip(self) -> None:
        """Caretake Phase, Unflip Step: "You unflip all your flipped reinforcements"; and the bounder,
        which is not a reinforcement (constants.REINFORCEMENTS) but which "4. Game Actions", Flipping
        and Unflipping, unflips with the rest: "on your caretake phase, unflip your flipped cards so you
        can use them again" (Thessaly's "F" soul ability flips her). A soul pond never flips."""
        flipped = [p for p in self.permanents(self.active) if p.flipped and p.kind in REINFORCEMENTS + PLACED]
        for p in flipped:
            p.flipped = False
        if flipped:
            self.log("unflip", self.active, cards=[p.ref for p in flipped])

    def _begin_caretake(self) -> None:
        """Caretake Step: abilities that trigger "during your caretake" (and Time Limits)."""
        for p in self.permanents(self.active, "blessing"):
            p.caretakes += 1
        self.fire_step_triggers(CARETAKE)

    def _begin_draw(self) -> None:
        """Draw Step: "You must draw a card from your library" (never on turn 1: ``next_step``)."""
        self.draw(self.active, 1)
        self.fire_step_triggers(DRAW)

    def _begin_gain(self) -> None:
        """Gain Step: gain souls by the soul pond's level."""
        pond = self.pond(self.active)
        effect = next(e for e in self.card(pond.name).of("gain") if e.level == pond.level)
        gained: dict[str, int] = {}
        for op in effect.ops:
            self.gain_souls(self.active, op["soul"], op["amount"])
            gained[op["soul"]] = gained.get(op["soul"], 0) + op["amount"]
        self.log("gain", self.active, level=pond.level, souls=gained)

    def _begin_first_casting(self) -> None:
        pass

    def _begin_pre_battle(self) -> None:
        pass

    def _begin_declare_battlers(self) -> None:
        """Declare Battlers Step: the active player declares, then priority."""
        if self.battlers_available(self.active):
            self.pending.append(("declare", self.active))

    def _begin_battle_damage(self) -> None:
        self.deal_battle_damage()

    def _begin_second_casting(self) -> None:
        pass

    def _begin_cease(self) -> None:
        """Cease Step: abilities that trigger "during your cease phase" go on the ladder."""
        self.fire_step_triggers(CEASE)

    def _begin_janitor(self) -> None:
        """Janitor Step: discard down to nine, then "until end of turn" effects end."""
        excess = len(self.sides[self.active].hand) - HAND_LIMIT
        if excess > 0:
            self.pending.append(("discard", self.active, excess, "hand_limit"))

    def end_of_turn_effects(self) -> None:
        self.cleaned_up = True
        ended = [p.ref for p in self.board.values() if p.temp_damage or p.temp_health or p.temp_keywords]
        for p in self.board.values():
            p.temp_damage = p.temp_health = 0
            p.temp_keywords = ()
        if ended:
            self.log("effects_end", self.active, cards=ended)
        self.check_state()
        if self.ladder:  # "unless an ability triggers during this step"
            self.priority, self.passes = self.active, 0

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, seat: int, amount: int) -> None:
        """Draw from the top of the library. A player who must draw from an empty library loses
        (interpretation of "You must draw a card from your library": docs/rules-notes.md, "Spellbound engine")."""
        side = self.sides[seat]
        drawn: list[str] = []
        for _ in range(amount):
            if not side.library:
                self.log("draw", seat, cards=len(drawn), library_empty=True)
                self.end([1 - seat], EndReason.LIBRARY)
                return
            name = side.library.pop()
            side.hand.append(name)
            drawn.append(name)
            self.count(seat, "drawn", name)
        self.log("draw", seat, cards=len(drawn))
