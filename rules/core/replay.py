"""Replays: everything needed to re-run a game exactly, plus its full event log.

Format: ``docs/replay-format.md`` (version 2). A replay holds the setup (game, engine version,
decks as card lists with every attribute and effect, seed, agents), the moves (one per decision
point: the acting seat's action, or every seat's when they acted at once), every event the
engine logged, and the outcome per seat. ``replay_game`` re-applies the moves through the
engine from the seed, checking each at the boundary, and asserts that the game reaches the same
end with the same event log; ``replay_frames`` gives one frame per move (the move in the game's
words, the events it caused, the board as a seat sees it) for viewers; ``render_text`` prints
it turn by turn. Pure Python: the replay carries its cards, so no database is needed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action, ActionParseError, EngineSpec, Event, GameState, IllegalAction

FORMAT = "card-workshop-replay"
FORMAT_VERSION = 2


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
                moves: list[dict[int, Action]], state: GameState, options: dict | None = None) -> dict:
    """The replay of a finished game (``state`` must have been played with ``log_events`` on).
    A game played in one of its deckless modes (``EngineSpec.deckless_modes``) records the mode's
    name as ``"mode"``; other replays have no such key."""
    from rules.core.registry import deckless_mode_of

    mode = deckless_mode_of(engine)
    return _plain({
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": engine.game,
        **({"mode": mode} if mode is not None else {}),
        "engine_version": engine.version,
        "seed": seed,
        "options": options or {},
        "decks": [deck_to_data(deck) for deck in decks],
        "agents": agents,
        "moves": [[[seat, str(action)] for seat, action in sorted(move.items())] for move in moves],
        "events": [event.as_dict() for event in state.events],
        "outcome": state.outcome.as_dict() if state.outcome else None,
        "turns": state.turn,
        "steps": len(moves),
    })


def _check_header(replay: dict) -> None:
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        raise ReplayError(f"not a replay: expected \"format\": \"{FORMAT}\"")
    version = replay.get("format_version")
    if version == 1:
        raise ReplayError("this is a version 1 replay, from before results had placements and moves could be "
                          "simultaneous; it cannot be read by this version (2): play the game again from its "
                          "run or seed to get a version 2 replay")
    if version != FORMAT_VERSION:
        raise ReplayError(f"replay format version {version!r} is not supported "
                          f"(this code reads version {FORMAT_VERSION})")


def _engine_for(replay: dict, engine: EngineSpec | None) -> EngineSpec:
    _check_header(replay)
    if engine is None:
        from rules.core.registry import UnknownMode, get_engine

        try:
            mode = replay.get("mode")
            engine = get_engine(replay["game"]) if mode is None else get_engine(replay["game"], mode)
        except UnknownMode as exc:
            raise ReplayError(f"the replay was played in a mode this code does not know: {exc}") from None
        if engine is None:
            raise ReplayError(f"game {replay['game']!r} has no rules engine")
    if engine.version != replay["engine_version"]:
        raise ReplayError(f"replay was made by {replay['game']} engine {replay['engine_version']!r}; "
                          f"this is version {engine.version!r}")
    return engine


def start_state(replay: dict, engine: EngineSpec | None = None) -> GameState:
    """The replay's game as it stood before the first move, with its event log on."""
    engine = _engine_for(replay, engine)
    decks = [deck_from_data(d, replay["game"]) for d in replay["decks"]]
    try:
        state = engine.start(decks, replay["seed"], **replay.get("options", {}))
    except ValueError as exc:  # a card the engine's compiler refuses (GameSpec.card_checker)
        raise ReplayError(f"the replay's decks cannot be played by this engine: {exc}") from None
    state.log_events = True
    return state


def replay_moves(replay: dict) -> list[dict[int, Action]]:
    """The replay's moves as actions by seat; raises :class:`ReplayError` naming a bad one."""
    moves = []
    for number, move in enumerate(replay["moves"], 1):
        try:
            moves.append({int(seat): Action.parse(text) for seat, text in move})
        except (ActionParseError, TypeError, ValueError) as exc:
            raise ReplayError(f"move {number} ({move!r}) cannot be read: {exc}") from None
    return moves


def replay_game(replay: dict, engine: EngineSpec | None = None) -> GameState:
    """Re-run a replay from its seed and return the final state.

    Every recorded move is checked at the boundary (``apply_joint_checked``). Raises
    :class:`ReplayError` if the engine version differs, a move is illegal, or the game
    does not end with the recorded outcome and event log.
    """
    state = start_state(replay, engine)
    for number, move in enumerate(replay_moves(replay), 1):
        try:
            state.apply_joint_checked(move)
        except IllegalAction as exc:
            raise ReplayError(f"move {number} ({_move_text(move)}) does not replay: {exc}") from None
    outcome = state.outcome.as_dict() if state.outcome else None
    if _plain(outcome) != replay["outcome"]:
        raise ReplayError(f"replay ends with {outcome}, the record says {replay['outcome']}")
    events = _plain([event.as_dict() for event in state.events])
    if events != replay["events"]:
        at = next((i for i, (a, b) in enumerate(zip(events, replay["events"], strict=False)) if a != b),
                  min(len(events), len(replay["events"])))
        raise ReplayError(f"event log differs from the record at event {at + 1}")
    return state


def _move_text(move: dict[int, Action]) -> str:
    return "; ".join(f"player {seat}: {action}" for seat, action in sorted(move.items()))


# -- frames for viewers ----------------------------------------------------------------------------
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def name_seats(sentence: str, names: Sequence[str]) -> str:
    """An engine's sentence with its seats named for people: by their decks ("Seat 1 plays Ashveil
    Imp" reads "Akumaiden Onslaught plays Ashveil Imp"); a seat without a name by its number from 1
    ("seat 0" reads "seat 1": engine seat 0 is "Seat 1" wherever a person reads)."""
    def named(match: re.Match) -> str:
        seat = int(match[1])
        if seat < len(names) and names[seat]:
            return names[seat]
        return f"{match[0][:4]} {seat + 1}"
    return _SEAT.sub(named, sentence)


def worded_view(state: GameState, seat: int | None, seat_names: Sequence[str] = ()) -> dict:
    """``state.view(seat)`` as a page draws it: its ``legal_actions`` in the game's words (each
    action's sentence, ``action_to_string``, seats named by ``seat_names``) instead of the action
    text a page sends back; a by-seat map (BOS's ``view(None)``) worded seat by seat. A view inside
    the view (the whole game's ``tournament``) drops its own list: the outer one is what the seat
    does."""
    view = state.view(seat)

    def said(actions: list, mover: int) -> list[str]:
        return [name_seats(state.action_to_string(Action.parse(text), mover), seat_names) for text in actions]

    actions = view.get("legal_actions")
    if isinstance(actions, list) and seat is not None:
        view["legal_actions"] = said(actions, seat)
    elif isinstance(actions, dict):
        view["legal_actions"] = {key: said(listed, int(key)) for key, listed in actions.items()}
    for value in view.values():
        if isinstance(value, dict) and "legal_actions" in value and "to_act" in value:
            del value["legal_actions"]
    return view


def _event_dict(state: GameState, event: Event, seat_names: Sequence[str]) -> dict:
    """An event as a frame holds it: its data, and its ``sentence`` where the game words it
    (``GameState.event_to_string``; "" for one its move already says)."""
    out = event.as_dict()
    sentence = state.event_to_string(event)
    if sentence is not None:
        out["sentence"] = name_seats(sentence, seat_names) if sentence else ""
    return out


def replay_frames(replay: dict, seat: int | None = None, engine: EngineSpec | None = None,
                  seat_names: Sequence[str] = (), window: tuple[int, int] | None = None) -> list[dict]:
    """One frame for the set-up and one per move, for a viewer::

        {"number", "turn", "move_turn", "step", "moves": [{"player", "action", "sentence"}],
         "events", "view", "over"}

    ``sentence`` is the action in the game's words (``action_to_string``, said before it is
    applied; with ``seat_names`` each seat is named by its deck); ``events`` what the move
    caused; ``view`` the board as ``seat`` may see it after the move (``None``: everything); every
    move is checked at the boundary (:class:`ReplayError` for one the engine does not take);
    ``turn`` is the turn after the move, ``move_turn`` the one it was made in (a move that ends a
    turn belongs to it). With ``window`` (``first, stop``), only the frames numbered ``first`` ..
    ``stop - 1`` carry their ``view`` and ``events``; the others have ``view`` None and no events
    (a viewer's page of frames: the views are what a long game's frames cost and weigh).
    Computed by re-applying the replay's moves."""
    state = start_state(replay, engine)
    if seat is not None and not 0 <= seat < state.num_players:
        raise ReplayError(f"seat must be from 0 to {state.num_players - 1}, or everything; not {seat!r}")

    def frame(number: int, said: list[dict], logged, move_turn: int) -> dict:
        shown = window is None or window[0] <= number < window[1]
        return {"number": number, "turn": state.turn, "move_turn": move_turn, "step": state.step_name,
                "step_words": state.step_to_string(state.step_name),
                "moves": said, "events": [_event_dict(state, event, seat_names) for event in logged] if shown else [],
                "view": worded_view(state, seat, seat_names) if shown else None, "over": state.is_over}

    frames = [frame(0, [], state.events, state.turn)]
    for number, move in enumerate(replay_moves(replay), 1):
        before, move_turn = len(state.events), state.turn
        said = [{"player": player, "action": str(action),
                 "sentence": name_seats(state.action_to_string(action, player), seat_names)}
                for player, action in sorted(move.items())]
        try:
            state.apply_joint_checked(move)  # a replay the engine no longer plays is an error, not a crash
        except IllegalAction as exc:
            raise ReplayError(f"move {number} ({_move_text(move)}) does not replay: {exc}") from None
        frames.append(frame(number, said, state.events[before:], move_turn))
    return _plain(frames)


#: frames a replay viewer gets at once (the page embeds the first ones, then asks for more)
FRAMES_PER_PAGE = 25


def page_window(first: int, total: int | None = None) -> tuple[int, int]:
    """The frame numbers ``first`` .. ``stop - 1`` of the page that starts at ``first`` (0 for a
    negative one; clipped to ``total`` frames when known): ``replay_frames``'s ``window``."""
    first = max(0, first)
    stop = first + FRAMES_PER_PAGE
    return first, stop if total is None else min(stop, total)


def paged(frames: list[dict], window: tuple[int, int]) -> dict:
    """Frames computed with ``window`` as a viewer takes them: ``outline`` (every frame, without
    its board: ``frame_outline``), ``first`` and ``frames`` (the window's frames, whole), ``total``."""
    first, stop = window
    return {"total": len(frames), "first": first, "frames": frames[first:stop],
            "outline": [frame_outline(frame) for frame in frames]}


def frame_outline(frame: dict) -> dict:
    """A frame without its board, its events and its moves: what a viewer needs to step between
    frames it has not loaded yet (``turn``, ``move_turn``, ``step`` and its ``step_words``, ``over``)."""
    return {key: frame.get(key) for key in ("number", "turn", "move_turn", "step", "step_words", "over")}


def frames_by_turn(frames: list[dict]) -> list[dict]:
    """The frames grouped by the turn their move was made in, for a viewer's log: ``[{turn, steps:
    [{index, frame, text}]}]``,
    ``text`` being the frame's moves in the game's words (several for a simultaneous move)."""
    turns: list[dict] = []
    for index, frame in enumerate(frames):
        turn = frame.get("move_turn", frame.get("turn"))
        if not turns or turns[-1]["turn"] != turn:
            turns.append({"turn": turn, "steps": []})
        text = "; ".join(move["sentence"] for move in frame.get("moves") or []) or "Start of the game"
        turns[-1]["steps"].append({"index": index, "frame": frame, "text": text})
    return turns


# -- text --------------------------------------------------------------------------------------
def _changes_text(changes: dict) -> str:
    return ", ".join(f"{key}={json.dumps(value, sort_keys=True)}" for key, value in changes.items())


def _player(seat: int) -> str:
    """Engine seat 0 is "Player 1" wherever a person reads (seats are numbered from 1 for people)."""
    return f"Player {seat + 1}"


def render_text(replay: dict) -> str:
    """A readable turn-by-turn log: the setup, each turn's events by step, the result; players
    numbered from 1."""
    _check_header(replay)
    lines = [f"{replay['game']} (engine {replay['engine_version']}), seed {replay['seed']}"]
    for seat, (deck, agent) in enumerate(zip(replay["decks"], replay["agents"], strict=False)):
        size = sum(e["qty"] for part in deck["sections"] for e in part["cards"])
        lines.append(f"{_player(seat)}: {deck['name'] or 'unnamed deck'} ({size} cards), agent {agent.get('name')}")
    turn = None
    for event in replay["events"]:
        if event["turn"] != turn:
            turn = event["turn"]
            lines.append("")
            lines.append(f"Turn {turn}" if turn else "Setup")
        who = "game" if event["player"] is None else f"P{event['player'] + 1}"
        step = f"[{event['step']}] " if event["step"] else ""
        changes = _changes_text(event.get("changes", {}))
        lines.append(f"  {step}{who}: {event['action']}" + (f"  ({changes})" if changes else ""))
    lines.append("")
    outcome = replay["outcome"]
    if outcome is None:
        lines.append("Unfinished.")
    elif outcome["draw"]:
        lines.append(f"Draw ({outcome['reason']}) after {replay['turns']} turns, {replay['steps']} moves.")
    else:
        winners = " and ".join(_player(w) for w in outcome["winners"])
        lines.append(f"{winners} won ({outcome['reason']}) after {replay['turns']} turns, {replay['steps']} moves.")
    if outcome is not None and len(outcome.get("placements", ())) > 2:
        lines.append("Placements: " + ", ".join(f"{_player(seat)} #{place} ({score:g})" for seat, (place, score)
                                                in enumerate(zip(outcome["placements"], outcome["returns"],
                                                                 strict=True))))
    return "\n".join(lines) + "\n"
