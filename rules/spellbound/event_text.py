"""Spellbound's events in the game's words, for a replay's reader (``GameState.event_to_string``),
seats as "Seat N" (engine numbers, which the replay names for people). Cards are named, never by
their uid (``u5``): an event names the card it is about. A pass of priority is said by its move.
Presentation only: the event log is unchanged."""

from __future__ import annotations

import re
from typing import Any

from rules.core.engine import Event
from rules.core.event_words import Sentence, plural, worded_event, words

_SEAT = re.compile(r"seat(\d)")
_UID = re.compile(r"u\d+")


def _thing(target: Any) -> str:
    """A target as people read it: a seat's bounder ("seat1": "Seat 1"), a card's name, never a uid."""
    text = str(target)
    seat = _SEAT.fullmatch(text)
    if seat:
        return f"Seat {seat[1]}"
    return "a card" if _UID.fullmatch(text) else text


def _souls(souls: dict[str, int]) -> str:
    return " and ".join(f"{n} {soul}" for soul, n in souls.items()) if souls else "nothing"


def _paid(c: dict[str, Any]) -> str:
    return f", paying {_souls(c['paid'])}" if c.get("paid") else ""


def _whose(zone: str) -> str:
    return "the" if zone == "graveyard" else "its owner's"


def _buff(who: str, c: dict[str, Any]) -> str:
    parts = [f"{c[key]:+d} {key}" for key in ("damage", "health") if c.get(key)]
    if c.get("keyword"):
        parts.append(words(c["keyword"]))
    until = f" until {words(c['until'])}" if c.get("until") else ""
    return f"{c['name']} gets {', '.join(parts) or 'nothing'}{until}"


_SENTENCES: dict[str, Sentence] = {
    "setup": lambda who, c: (f"The game is set up: bounders {' and '.join(c['bounders'])}, soul ponds "
                             f"{' and '.join(c['soul_ponds'])}; Seat {c['first_player']} goes first"),
    "shuffle": lambda who, c: f"{who} shuffles their {c['zone']} ({plural(c['cards'], 'card')})",
    "draw": lambda who, c: (f"{who} cannot draw: the library is empty" if c.get("library_empty") and not c["cards"]
                            else f"{who} draws {plural(c['cards'], 'card')}"),
    "turn_start": lambda who, c: f"Turn {c['turn']}: {who}'s turn begins",
    "turn_end": lambda who, c: f"{who}'s turn ends",
    "skip_draw": lambda who, c: f"{who} skips the first draw step",
    "gain": lambda who, c: f"{who}'s soul pond (level {c['level']}) gives {_souls(c['souls'])} souls",
    "gain_souls": lambda who, c: f"{who} gains {c['amount']} {c['soul']} soul{'s' if c['amount'] != 1 else ''}",
    "unflip": lambda who, c: f"{who} unflips {plural(len(c['cards']), 'card')}",
    "cast": lambda who, c: f"{who} casts {c['name']}{_paid(c)}",
    "enters": lambda who, c: f"{c['name']} enters the battlefield",
    "convert": lambda who, c: f"{c['name']} converts: {who} gains {c['amount']} {c['soul']}",
    "level_up_paid": lambda who, c: f"{who} pays {_souls(c['paid'])} to level up",
    "level_up": lambda who, c: f"{c['pond']} rises to level {c['level']}",
    "no_level_up": lambda who, c: f"{c['pond']} stays at level {c['level']} ({words(c['reason'])})",
    "battlers_declared": lambda who, c: (f"{who} declares {plural(len(c['battles']), 'battler')}" if c["battles"]
                                         else f"{who} declares no battlers"),
    "battle": lambda who, c: f"{c['name']} battles {_thing(c['target_name'])}",
    "battle_damage": lambda who, c: f"{c['name']} deals {c['amount']} damage to {_thing(c['target_name'])}",
    "hex_damage": lambda who, c: f"{c['name']} takes {c['amount']} damage",
    "heal": lambda who, c: f"{c['name']} is healed by {c['amount']}",
    "buff": _buff,
    "grant": _buff,
    "effects_end": lambda who, c: f"This turn's effects end on {plural(len(c['cards']), 'card')}",
    "dies": lambda who, c: f"{c['name']} dies ({c['damage']} damage)",
    "leaves": lambda who, c: (f"{c['name']} is destroyed" if c.get("destroyed") else f"{c['name']} leaves the battlefield")
                             + f" and goes to {_whose(c['to'])} {c['to']}",
    "trigger": lambda who, c: f"{c['name']} triggers: {c['text']}",
    "trigger_without_target": lambda who, c: f"{c['name']} would trigger but has no target",
    "activate": lambda who, c: f"{who} activates {c['name']}{_paid(c)}: {c['text']}",
    "target": lambda who, c: f"{c['name']} targets {_thing(c['target_name'])}",
    "resolve": lambda who, c: f"{c['name']} resolves",
    "fizzle": lambda who, c: f"{c['name']} fizzles: its target is gone",
    "counter": lambda who, c: f"{c['name']} is countered",
    "no_room": lambda who, c: f"{c['name']} has no room on the battlefield and goes to the graveyard",
    "discard": lambda who, c: f"{who} discards {c['name']}" + (" (hand limit)" if c.get("reason") == "hand_limit" else ""),
    "mill": lambda who, c: f"{who} mills {plural(c['cards'] if isinstance(c['cards'], int) else len(c['cards']), 'card')}",
    "return_to_hand": lambda who, c: f"{who} returns {c['name']} from the {c['zone']} to the hand",
    "flip": lambda who, c: f"{c['name']} is {'flipped' if c.get('flipped') else 'unflipped'}",
    "no_choice": lambda who, c: f"{who} has nothing to choose ({words(c['decision'])})",
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence (``rules.core.event_words``); a pass is said by its move."""
    return worded_event(event, _SENTENCES, {"pass"})
