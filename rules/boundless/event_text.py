"""Boundless TCG's events in the game's words, for a replay's reader (``GameState.event_to_string``),
seats as "Seat N" (engine numbers, which the replay names for people). A move is logged as itself
(its text, no data): the viewer leaves it to the move's sentence. Presentation only: the event log
is unchanged."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event
from rules.core.event_words import Sentence, plural, worded_event, words


def _rolls(who: str, c: dict[str, Any]) -> str:
    rolls = "; then ".join(f"Seat 0 rolls {a}, Seat 1 rolls {b}" for a, b in c["rolls"])
    return f"The die is rolled ({rolls}): Seat {c['winner']} chooses who goes first"


def _which(effect: str) -> str:
    """An effect's name ("Blood Pact"), or when it has none its trigger or timing in words
    ("your_form_attacks": "when your form attacks"); nothing for a card's "played" effect."""
    if effect in ("played", ""):
        return ""
    return f": {effect}" if effect[:1].isupper() else f" ({words(effect)})"


def _form_leaves(where: str) -> Sentence:
    def said(who: str, c: dict[str, Any]) -> str:
        spirits = f"; its {plural(c['spirits'], 'spirit')} go to the void" if c.get("spirits") else ""
        return f"{c['card']} leaves the field for {who}'s {where}{spirits}"
    return said


_SENTENCES: dict[str, Sentence] = {
    "die_roll": _rolls,
    "draw": lambda who, c: f"{who} draws {plural(c['cards'], 'card')}",
    "invoke": lambda who, c: f"{who} invokes {plural(c['cards'], 'spirit')}",
    "discard": lambda who, c: f"{who} discards {c['card']}",
    "mill": lambda who, c: f"{who} puts {plural(c['cards'] if isinstance(c['cards'], int) else len(c['cards']), 'card')} "
                           f"from the top of the deck into the drop zone",
    "search": lambda who, c: f"{who} searches the deck for {c['card']}",
    "play_form": lambda who, c: (f"{who} plays {c['card']} into form zone {c['slot'] + 1}"
                                 + (f", sacrificing {c['sacrificed']}" if c.get("sacrificed") else "")),
    "command": lambda who, c: f"{who} plays the {c['kind']} command {c['card']}",
    "effect": lambda who, c: f"{c['card']}'s effect happens{_which(c['effect'])}",
    "interrupt": lambda who, c: f"{who} interrupts with {c['card']}",
    "negate": lambda who, c: f"{c['card']}'s effect is negated",
    "spiritualize": lambda who, c: f"{who} puts {c['spirit']} under {c['card']}",
    "despiritualize": lambda who, c: f"{c['spirit']} is taken from under {c['card']}",
    "devour": lambda who, c: f"{who} devours {c['spirit']}",
    "rescue": lambda who, c: f"{who} rescues {c['card']} from the void to the hand",
    "pwr": lambda who, c: f"{c['card']} gets {c['amount']:+d} pwr",
    "attack": lambda who, c: f"{c['attacker']} attacks {c['target']}",
    "compare": lambda who, c: (f"Pwr {c['attacker_pwr']} against pwr {c['target_pwr']}: "
                               + (f"{c['loser']} loses" if c.get("loser") else "neither loses")),
    "damaged": lambda who, c: f"{c['card']} is damaged",
    "protect": lambda who, c: f"{c['card']} is protected",
    "protected": lambda who, c: f"{c['card']}'s protection saves it from damage",
    "savior_damaged": lambda who, c: f"{who}'s savior is damaged: {c['spirit']} goes to the void",
    "flip": lambda who, c: f"{who}'s savior {c['card']} flips to its boundless side",
    "extra_attack": lambda who, c: f"{c['card']} may attack again",
    "combat_skipped": lambda who, c: f"{who} has no combat this turn",
    "to_drop": _form_leaves("drop zone"),
    "to_hand": _form_leaves("hand"),
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence (``rules.core.event_words``)."""
    return worded_event(event, _SENTENCES)
