"""Shared, precomputed values the engine hands out many times a game: interned actions and the
board's action words (``seat0.col1``, ``seat1.boss``, ``seat0.wizard2``, ``col1``, ``seat1``).

Both are pure functions of their inputs, so one shared object per value is safe: an
:class:`~rules.core.engine.Action` is immutable and a word is a string.
"""

from __future__ import annotations

import functools

from rules.bos.constants import COLUMNS
from rules.core.engine import Action

SEATS = (0, 1)

#: ``act(verb, args)``: the one shared ``Action(verb, args)`` (legal actions are built many times a
#: game), from a bounded cache (actions name cards and places: bounded by the card pool in practice)
act = functools.lru_cache(maxsize=100_000)(Action)


#: ``seat<s>`` (a player as a target)
SEAT_WORDS = tuple(f"seat{seat}" for seat in SEATS)
#: ``col<c>`` (one's own column: an attacker, a move's destination)
COLUMN_WORDS = tuple(f"col{column}" for column in range(COLUMNS))
#: ``SUMMON_WORDS[seat][column]`` = ``seat<s>.col<c>``
SUMMON_WORDS = tuple(tuple(f"seat{seat}.col{column}" for column in range(COLUMNS)) for seat in SEATS)
#: ``BOSS_WORDS[seat]`` = ``seat<s>.boss``
BOSS_WORDS = tuple(f"seat{seat}.boss" for seat in SEATS)
#: ``WIZARD_WORDS[seat][column]`` = ``seat<s>.wizard<c>``
WIZARD_WORDS = tuple(tuple(f"seat{seat}.wizard{column}" for column in range(COLUMNS)) for seat in SEATS)
#: ``wizard<c>`` (one's own wizard as the source of a ``use``)
OWN_WIZARD_WORDS = tuple(f"wizard{column}" for column in range(COLUMNS))

#: a unit's place word -> (seat, column), the column None for the boss: ``UNIT_PLACES["seat1.col2"] == (1, 2)``
UNIT_PLACES = {**{SUMMON_WORDS[seat][column]: (seat, column) for seat in SEATS for column in range(COLUMNS)},
               **{BOSS_WORDS[seat]: (seat, None) for seat in SEATS}}
#: ``col<c>`` -> c
COLUMN_OF = {word: column for column, word in enumerate(COLUMN_WORDS)}

#: ``ATTACKS[attacker][target]``: every attack the board's geometry allows, built once
ATTACKER_WORDS = (*COLUMN_WORDS, "boss")
TARGET_WORDS = (*(w for seat in SEATS for w in (*SUMMON_WORDS[seat], BOSS_WORDS[seat])), *SEAT_WORDS)
ATTACKS = {attacker: {target: act("attack", (attacker, target)) for target in TARGET_WORDS}
           for attacker in ATTACKER_WORDS}
END, PASS, BOSS = act("end"), act("pass"), act("boss")
