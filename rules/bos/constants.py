"""Numbers, phases and end reasons of a BOS game (rulebook: shared/rulebooks/bos.txt).

Interpretations of the rulebook: docs/rules-notes.md, "BOS engine".
"""

from __future__ import annotations

from enum import StrEnum

START_LIFE = 30  # bos.txt, "Starting Info": "You begin the game with 30 life"
START_VIM = 1  # bos.txt, "Starting Info": "You also begin the game with 1 vim"
COLUMNS = 3  # bos.txt, "Battlefield Setup": three wizards form three columns
DECAY_AFTER = 10  # bos.txt, "Decay": from the 11th turn on
TURN_LIMIT = 40  # a runaway game is a draw after 40 turns (decay ends real games long before)
MAX_BID = 10  # bids offered 0..MAX_BID (bos.txt, "Going First": "a non-negative number")
TIED_BIDS_SETTLED = 3  # the 3rd tied bid in a row is settled by the option ``tie_chooser``
TIED_THROWS_SETTLED = 5  # same for rock-paper-scissors (casual rule)
MAX_SWAPS = 10  # reserve swaps per player between games (bos.txt, "Best of 3 Match", step 6)
MAX_ACTIONS_PER_TURN = 250  # safety valve: past this, only ``end`` is offered in a turn

# Phases (bos.txt, "Gameplay": the four phases; "Going First" and "Best of 3 Match" before them)
BID = "bid"  # the ether bidding game (competitive)
THROW = "throw"  # rock-paper-scissors (casual)
CHOOSE_FIRST = "choose_first"  # the winner decides who goes first
SWAP = "swap"  # reserves swapped between the games of a match
ARRANGE = "arrange"  # a player puts its wizards into columns
STARTUP = "startup"
SUMMONING = "summoning"
MAIN = "main"
ENDING = "ending"
OVER = "over"
AUTOMATIC_PHASES = (STARTUP, ENDING)  # the phases that move on by themselves when the stack is empty

THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}

# Card types (bos.txt, "Starting Info")
WIZARD, SUMMON, SPELL, BOSS = "wizard", "summon", "spell", "boss"


class EndReason(StrEnum):
    """How a BOS game ends; the core adds ``turn_limit`` (a draw). Stored with results: never change."""

    LIFE = "life"  # a player's life was brought down to 0 ("Starting Info")
    DECAY = "decay"  # a player's own decay halved its life to 0 ("Decay")


END_REASONS = {
    EndReason.LIFE.value: "a player's life was brought down to 0",
    EndReason.DECAY.value: "a player decayed to 0 life",
}
