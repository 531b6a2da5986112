"""Events in a game's words, for a replay's reader (``GameState.event_to_string``): what each game's
``event_text`` module shares. A game lists a sentence per event kind (the event's first word) and the
kinds its move already says; this module picks the sentence, says who acted ("Seat N", engine
numbers, which ``rules.core.replay.name_seats`` names for people) and words the end of the game the
core logs (``game_end``). Presentation only: the event log itself is never changed."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from rules.core.engine import Event

#: a sentence of an event kind: (who acted, "Seat N" or "The game"; the event's changes) -> words
Sentence = Callable[[str, dict[str, Any]], str]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, plural when ``n`` is not one ("1 card", "3 cards", "2 lives")."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def words(value: Any) -> str:
    """An engine's word for people: ``spirits_in_void`` -> "spirits in void"."""
    return str(value).replace("_", " ")


def seats(values: list) -> str:
    """Seats as a list in words: "Seat 0 and Seat 1"."""
    named = [f"Seat {seat}" for seat in values]
    return " and ".join(named) if len(named) < 3 else ", ".join(named[:-1]) + " and " + named[-1]


def game_end(who: str, c: dict[str, Any]) -> str:
    """The end the core logs (``GameState._finish``): who won and why, or a draw."""
    why = f" ({words(c['reason'])})" if c.get("reason") else ""
    if not c.get("winners"):
        return f"The game ends in a draw{why}"
    won = "wins" if len(c["winners"]) == 1 else "win"
    return f"{seats(c['winners'])} {won}{why}"


def worded_event(event: Event, sentences: Mapping[str, Sentence], said_by_the_move: Collection[str] = ()) -> str | None:
    """The event in a sentence from ``sentences`` (by the event's first word; ``game_end`` as the
    core words it unless the game has its own), "" for a kind in ``said_by_the_move`` (its move's
    sentence says it), None for a kind the game does not word or an older log's event whose data
    the sentence cannot read (the viewer then draws it from its data)."""
    name = event.action.split(" ")[0]
    if name in said_by_the_move:
        return ""
    said = sentences.get(name) or (game_end if name == "game_end" else None)
    if said is None:
        return None
    who = f"Seat {event.player}" if event.player is not None else "The game"
    try:
        return said(who, dict(event.changes))
    except (KeyError, TypeError, IndexError, ValueError):
        return None
