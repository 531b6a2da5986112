"""FellBound's events in the game's words, for a replay's reader (``GameState.event_to_string``),
seats as "Seat N" (engine numbers, which the replay names for people) and tiles by their names
("b3", as the board draws them). Presentation only: the event log is unchanged."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event
from rules.core.event_words import Sentence, plural, seats, worded_event
from rules.fellbound.board import ROW_LETTERS


def _side(c: dict[str, Any]) -> str:
    return f"side {c['side'] + 1} ({seats(c['seats'])})" if "seats" in c else f"side {c['side'] + 1}"


def _strike(verb: str) -> Sentence:
    """An attack, a leach or a spray: the hits and their health lost."""
    def said(who: str, c: dict[str, Any]) -> str:
        lost = sum(hit["health"][0] - hit["health"][1] for hit in c["hits"])
        end = ", which is slain" if c["slain"] else ""
        return (f"{c['card']} on {c['from']} {verb} {c['target_card']} on {c['target']}: "
                f"{plural(len(c['hits']), 'hit')}, {lost} health lost{end}")
    return said


_SENTENCES: dict[str, Sentence] = {
    "shuffle": lambda who, c: f"{who} shuffles their deck ({plural(c['cards'], 'card')})",
    "first_player": lambda who, c: f"{_side(c).capitalize()} goes first",
    "turn_start": lambda who, c: f"{'The opening turn' if c.get('opening') else 'The turn'} of {_side(c)} begins",
    "turn_end": lambda who, c: f"The turn of {_side(c)} ends ({plural(c['living'], 'living character')})",
    "draw": lambda who, c: f"{who} draws {plural(len(c['cards']), 'card')} ({c['deck_left']} left in the deck)",
    "deploy": lambda who, c: (f"{who} deploys {c['card']} on {c['tile']} (gold in the treasury: "
                              f"{c['treasury']})"),
    "sacrifice": lambda who, c: f"{who} sacrifices {c['card']}",
    "move": lambda who, c: f"{c['card']} moves from {c['from']} to {c['to']}",
    "reform": lambda who, c: f"{c['card']} on {c['from']} turns to face row {ROW_LETTERS[1 if c['facing'] > 0 else 0]}",
    "retreat": lambda who, c: (f"{c['card']} retreats from {c['from']}, taking {plural(c['gold'], 'gold', 'gold')} "
                               f"to the treasury ({c['treasury']})"),
    "attack": _strike("attacks"),
    "leach": _strike("leaches"),
    "spray": _strike("sprays"),
    "heal": lambda who, c: (f"{c['card']} on {c['from']} heals {c['target_card']} on {c['target']} "
                            f"by {c['restored']} (health {c['health'][0]} to {c['health'][1]})"),
    "steal": lambda who, c: f"{c['card']} on {c['from']} steals {plural(c['gold'], 'gold', 'gold')} from {c['target_card']}",
    "bribe": lambda who, c: (f"{c['card']} on {c['from']} bribes {c['target_card']} on {c['target']} over to "
                             f"Seat {c['to_seat']}"),
    "slain": lambda who, c: f"{c['card']} on {c['tile']} is slain",
    "collect": lambda who, c: (f"{who} collects {plural(c['gold'], 'gold', 'gold')} from {c['card']} on {c['tile']} "
                               f"(treasury {c['treasury']}); the card goes to the {c['to']}"),
    "blocked": lambda who, c: f"{who} chooses again: an ally's move made theirs impossible",
    "concede": lambda who, c: f"{who} concedes",
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence (``rules.core.event_words``); a phase ended is said by its move."""
    return worded_event(event, _SENTENCES, {"done", "end"})
