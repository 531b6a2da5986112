"""Numbers, steps and end reasons of a Boundless game (rulebook: boundless-tcg.txt).

Interpretations are in docs/rules-notes.md, "Boundless engine".
"""

from __future__ import annotations

from enum import StrEnum

#: form and command zones per player (rules-notes: "Number of form and command zones")
FORM_ZONES = 5
COMMAND_ZONES = 5
HAND_START = 5  # "BEFORE YOU START", DRAW 5
VOID_LIMIT = 7  # "HOW TO WIN": 7 or more spirits in the void loses
TURN_LIMIT = 60  # a runaway game is a draw after 60 turns (30 each; rules-notes: "Turn counter")

# Steps of the game ("BEFORE YOU START", "TURN STRUCTURE"). Plain ints: compared on hot paths.
MULLIGAN = 0  # each player keeps or puts back cards, player 0 then player 1
FIRST_PLAYER = 1  # the die-roll winner goes first or defers
DRAW = 2
INVOKE = 3
ACT1 = 4
COMBAT = 5
ACT2 = 6
END = 7
OVER = 8
STEP_NAMES = ("setup", "setup", "draw", "invoke", "act1", "combat", "act2", "end", "over")

# Combat phases ("THE COMBAT STEP" 1-4); "declare" is the moment between attacks when the turn
# player picks the next attacker or ends the step.
START_PHASE, DECLARE_PHASE, CHECK_PHASE, DAMAGE_PHASE, END_PHASE = "start", "declare", "check", "damage", "end"

EMPTY = -1  # an open form or command zone (zones hold card ids)


class EndReason(StrEnum):
    """How a Boundless game ends ("HOW TO WIN"); the core adds ``turn_limit`` (a draw).

    The values are stored with simulation results: never change them.
    """

    SPIRITS_IN_VOID = "spirits_in_void"  # a player has 7 or more spirits in their void
    DECK_OUT = "deck_out"  # a player cannot draw for their draw step
    ALTERNATE_WIN = "alternate_win"  # a card's alternate win condition (Sovereign's Decree)


END_REASONS = {
    EndReason.SPIRITS_IN_VOID.value: "7 or more spirits in a void",
    EndReason.DECK_OUT.value: "a player could not draw for their draw step",
    EndReason.ALTERNATE_WIN.value: "a card's alternate win condition",
}
