"""Replays: everything needed to re-run a game exactly, plus its full event log.

Format: ``docs/replay-format.md``. A replay holds the setup (game, engine version, decks as
card lists with every attribute and effect, seed, agents), the actions chosen (player and
text), every event the engine logged, and the outcome. ``replay_game`` re-applies the actions
through the engine from the seed, checking each one at the boundary, and asserts that the
game reaches the same end with the same event log; ``render_text`` prints it turn by turn.
Pure Python: the replay carries its cards, so no database is needed to re-run it.
"""

from __future__ import annotations

import json
from typing import Any

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action, EngineSpec, GameState, IllegalAction

FORMAT = "card-workshop-replay"
FORMAT_VERSION = 1


class ReplayError(ValueError):
    """A replay that cannot be read, or that the engine does not reproduce."""


def _plain(value: Any) -> Any:
    """What ``value`` becomes after a JSON round trip (tuples -> lists, int keys -> str)."""
    return json.loads(json.dumps(value, sort_keys=True))


# -- decks ------------------------------------------------------------------------------------
def deck_to_data(deck: DeckList) -> dict:
    """A deck as JSON-able data: every card with the fields the engine reads.

    Sections are a list, not an object, because their order is part of the deck (engines
    build their piles from it) and JSON objects get their keys sorted.
    """
    return {
        "name": deck.name,
        "format": deck.format,
        "sections": [
            {"section": section, "cards": [
                {"qty": entry.qty, "id": entry.card.id, "name": entry.card.name, "card_type": entry.card.card_type,
                 "set_code": entry.card.set_code, "number": entry.card.number, "text": entry.card.text,
                 "attributes": _plain(dict(entry.card.attributes)), "effects": _plain(list(entry.card.effects))}
                for entry in entries
            ]}
            for section, entries in deck.sections.items()
        ],
    }


def deck_from_data(data: dict, game: str) -> DeckList:
    """The inverse of :func:`deck_to_data`."""
    deck = DeckList(game=game, format=data.get("format", "standard"), name=data.get("name", ""))
    for part in data["sections"]:
        deck.sections[part["section"]] = [
            DeckEntry(CardSpec(id=e.get("id"), name=e["name"], card_type=e["card_type"],
                               attributes=e.get("attributes", {}), effects=tuple(e.get("effects", ())),
                               set_code=e.get("set_code", ""), number=e.get("number", ""), text=e.get("text", "")),
                      e["qty"])
            for e in part["cards"]
        ]
    return deck


# -- building and re-running ---------------------------------------------------------------------
def make_replay(*, engine: EngineSpec, decks: list[DeckList], seed: int, agents: list[dict],
                actions: list[tuple[int, str]], state: GameState, options: dict | None = None) -> dict:
    """The replay of a finished game (``state`` must have been played with ``log_events`` on)."""
    return _plain({
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": engine.game,
        "engine_version": engine.version,
        "seed": seed,
        "options": options or {},
        "decks": [deck_to_data(deck) for deck in decks],
        "agents": agents,
        "actions": [[player, text] for player, text in actions],
        "events": [event.as_dict() for event in state.events],
        "outcome": state.outcome.as_dict() if state.outcome else None,
        "turns": state.turn,
        "steps": len(actions),
    })


def _check_header(replay: dict) -> None:
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        raise ReplayError(f"not a replay: expected \"format\": \"{FORMAT}\"")
    if replay.get("format_version") != FORMAT_VERSION:
        raise ReplayError(f"replay format version {replay.get('format_version')!r} is not supported "
                          f"(this code reads version {FORMAT_VERSION})")


def replay_game(replay: dict, engine: EngineSpec | None = None) -> GameState:
    """Re-run a replay from its seed and return the final state.

    Every recorded action is checked at the boundary (``apply_checked``). Raises
    :class:`ReplayError` if the engine version differs, an action is illegal, or the game
    does not end with the recorded outcome and event log.
    """
    _check_header(replay)
    if engine is None:
        from rules.core.registry import get_engine

        engine = get_engine(replay["game"])
        if engine is None:
            raise ReplayError(f"game {replay['game']!r} has no rules engine")
    if engine.version != replay["engine_version"]:
        raise ReplayError(f"replay was made by {replay['game']} engine {replay['engine_version']!r}; "
                          f"this is version {engine.version!r}")
    decks = [deck_from_data(d, replay["game"]) for d in replay["decks"]]
    state = engine.start(decks, replay["seed"], **replay.get("options", {}))
    for number, (player, text) in enumerate(replay["actions"], 1):
        try:
            state.apply_checked(Action.parse(text), player)
        except IllegalAction as exc:
            raise ReplayError(f"action {number} ({text!r} by player {player}) does not replay: {exc}") from None
    outcome = state.outcome.as_dict() if state.outcome else None
    if _plain(outcome) != replay["outcome"]:
        raise ReplayError(f"replay ends with {outcome}, the record says {replay['outcome']}")
    events = _plain([event.as_dict() for event in state.events])
    if events != replay["events"]:
        at = next((i for i, (a, b) in enumerate(zip(events, replay["events"], strict=False)) if a != b),
                  min(len(events), len(replay["events"])))
        raise ReplayError(f"event log differs from the record at event {at + 1}")
    return state


# -- text --------------------------------------------------------------------------------------
def _changes_text(changes: dict) -> str:
    return ", ".join(f"{key}={json.dumps(value, sort_keys=True)}" for key, value in changes.items())


def render_text(replay: dict) -> str:
    """A readable turn-by-turn log: the setup, each turn's events by step, the result."""
    _check_header(replay)
    lines = [f"{replay['game']} (engine {replay['engine_version']}), seed {replay['seed']}"]
    for seat, (deck, agent) in enumerate(zip(replay["decks"], replay["agents"], strict=False)):
        size = sum(e["qty"] for part in deck["sections"] for e in part["cards"])
        lines.append(f"Player {seat}: {deck['name'] or 'unnamed deck'} ({size} cards), agent {agent.get('name')}")
    turn = None
    for event in replay["events"]:
        if event["turn"] != turn:
            turn = event["turn"]
            lines.append("")
            lines.append(f"Turn {turn}" if turn else "Setup")
        who = "game" if event["player"] is None else f"P{event['player']}"
        step = f"[{event['step']}] " if event["step"] else ""
        changes = _changes_text(event.get("changes", {}))
        lines.append(f"  {step}{who}: {event['action']}" + (f"  ({changes})" if changes else ""))
    lines.append("")
    outcome = replay["outcome"]
    if outcome is None:
        lines.append("Unfinished.")
    elif outcome["draw"]:
        lines.append(f"Draw ({outcome['reason']}) after {replay['turns']} turns, {replay['steps']} actions.")
    else:
        winners = " and ".join(f"Player {w}" for w in outcome["winners"])
        lines.append(f"{winners} won ({outcome['reason']}) after {replay['turns']} turns, {replay['steps']} actions.")
    return "\n".join(lines) + "\n"
