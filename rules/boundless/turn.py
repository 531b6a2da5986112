"""Before the game and the turn: mulligan, die roll, draw step, invoke step, end step (a mixin
of :class:`~rules.boundless.state.BoundlessState`).

Rulebook: boundless-tcg.txt, "BEFORE YOU START" (shuffle, draw 5, mulligan, dice roll), "TURN
STRUCTURE" (draw step, invoke step, act step 1, combat step, act step 2, end step), "HOW TO WIN".
The act steps are the turn player's free actions (actions.py), the combat step is combat.py.
"""

from __future__ import annotations

import itertools

from rules.boundless.base import BoundlessBase
from rules.boundless.constants import ACT1, ACT2, COMBAT, DRAW, END, HAND_START, INVOKE, OVER, EndReason
from rules.boundless.records import DEFER, GO_FIRST, KEEP, Ask, Pending, Trigger, action

#: the mulligan's options by the sorted kinds in hand, for every game (shared lists: never changed)
_MULLIGAN_OPTIONS: dict[tuple[int, ...], list] = {}


def mulligan_options(kinds) -> list:
    """``keep``, then ``mulligan k1 k2 ...`` for every way to put back some of the hand: the kinds
    of the cards put back, sorted, with repeats (cards are named by kind, never by their place in
    the hand, so two copies of a card give one option per number of copies put back)."""
    key = tuple(sorted(kinds))
    options = _MULLIGAN_OPTIONS.get(key)
    if options is None:
        choices = [[(kind,) * number for number in range(key.count(kind) + 1)] for kind in sorted(set(key))]
        options = [KEEP] + [action("mulligan", *itertools.chain.from_iterable(parts))
                            for parts in itertools.product(*choices) if any(parts)]
        if len(_MULLIGAN_OPTIONS) > 100_000:
            _MULLIGAN_OPTIONS.clear()
        _MULLIGAN_OPTIONS[key] = options
    return options


class TurnMixin(BoundlessBase):
    """The game's setup decisions and the turn's automatic steps."""

    # -- BEFORE YOU START ------------------------------------------------------------------------------
    def _ask_mulligan(self, player: int) -> None:
        card_defs = self.card_defs
        options = mulligan_options([card_defs[card].kind for card in self.hand[player]])
        self.pending = Pending(player, Ask.MULLIGAN, options)
        self.acting_player = player

    def _mulligan(self, player: int, kinds: tuple) -> None:
        """"BEFORE YOU START" - MULLIGAN, once: the cards of ``kinds`` go on top of the main deck,
        the deck is shuffled, and the player draws back to 5. The kept cards stay first in the
        hand, in their order, and the redraw follows them (ai.opening_value relies on it)."""
        hand = self.hand[player]
        back = []
        if kinds:
            wanted = list(kinds)
            kept = []
            card_defs = self.card_defs
            for card in hand:
                kind = card_defs[card].kind
                if kind in wanted:
                    wanted.remove(kind)
                    back.append(card)
                else:
                    kept.append(card)
            self.hand[player] = kept
            self.main_deck[player].extend(back)
            if not self.unordered_decks & 1 << 2 * player:  # (a sampled world's deck has no order to shuffle)
                self.shuffle(self.main_deck[player])
            for card in back:
                self.mark_drawn(card, 0)  # back in the deck: counts again only if redrawn
            self.draw(player, HAND_START - len(kept))
        # replaced, never changed in place (base.py: REPLACED)
        self.mulligan_put_back = [len(back) if seat == player else n for seat, n in enumerate(self.mulligan_put_back)]
        if player == 0:
            self._ask_mulligan(1)
        else:
            self._roll_for_first_player()

    def _roll_for_first_player(self) -> None:
        """"DICE ROLL": both players roll; the highest roller chooses to go first or defer; equal
        rolls are rolled again (rules-notes: "Die roll")."""
        rng = self._own_rng()
        while True:
            roll0, roll1 = rng.randint(1, 6), rng.randint(1, 6)
            self.die_rolls = self.die_rolls + [(roll0, roll1)]  # replaced (base.py: REPLACED)
            if roll0 != roll1:
                break
        winner = 0 if roll0 > roll1 else 1
        if self.log_events:
            self.log("die_roll", None, rolls=[list(rolls) for rolls in self.die_rolls], winner=winner)
        self.pending = Pending(winner, Ask.FIRST_PLAYER, [GO_FIRST, DEFER])

    def _choose_first_player(self, player: int, go_first: bool) -> None:
        self.first_player = player if go_first else 1 - player
        self.turn_player = self.first_player
        self._start_turn()

    # -- TURN STRUCTURE --------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """Draw step, invoke step, then act step 1 (which cannot be skipped)."""
        self.turn += 1
        if self.check_turn_limit():
            self.step = OVER
            return
        player = self.turn_player
        self.savior_spiritualized = [False, False]
        self.spiritualized_this_turn = set()
        self.sacrificed_to_play = False
        self.used_once_per_turn = set()
        self.step = DRAW
        if not self.main_deck[player]:
            self.end([1 - player], EndReason.DECK_OUT)  # "HOW TO WIN": unable to draw for the draw step
            self.step = OVER
            return
        self.draw(player, 1)
        self.step = INVOKE
        self.invoke(player, 1)  # an empty spirit deck: nothing (rules-notes: "Losing")
        self.step = ACT1
        self.phase = ""

    def _end_action(self, player: int, args: tuple = ()) -> None:
        """``end``: the turn player ends a step. The combat step leads to act step 2 (combat.py);
        act step 1 to the combat step (skipped by the player going first on turn 1, "THE COMBAT
        STEP"); act step 2 to the end step, whose effects resolve before the turn passes ("TURN
        STRUCTURE": END STEP)."""
        step = self.step
        if step == COMBAT:
            self._end_combat()
            return
        if step == ACT1:
            if self.turn == 1:
                self.step = ACT2
                if self.log_events:
                    self.log("combat_skipped", player)
            else:
                self._start_combat()
            return
        self.step = END
        batch: list[Trigger] = []
        self._collect_controlled(player, "end_step", {}, batch)
        self.continuations.append((TurnMixin._next_turn, ()))
        self._queue(batch)

    def _next_turn(self) -> None:
        self._expire_until(2 * self.turn + 1)
        self.turn_player = 1 - self.turn_player
        self._start_turn()

    def _expire_until(self, moment: int) -> None:
        """End the PWR changes, protections and attack bans that last until ``moment`` (effects.py's
        expiry codes: 2t = the end of turn t's combat step, 2t+1 = the end of turn t)."""
        if self.pwr_changes:
            self.pwr_changes = [change for change in self.pwr_changes if change[2] > moment]
        if self.protected_until:
            self.protected_until = {card: until for card, until in self.protected_until.items() if until > moment}
        if self.cannot_attack_until:
            self.cannot_attack_until = {card: until for card, until in self.cannot_attack_until.items()
                                        if until > moment}
