"""Reads of a game played against the engine: the state rebuilt from its seed and moves, what the
person's seat may see and do, the story so far, and the game as a replay.

Nothing here trusts the browser: the state is rebuilt on the server from what ``PlayedGame``
stores, and what a seat is shown comes from the engine's ``view`` of that seat. Until the game
is over the person gets only their seat's replay (``seat_replay``: the seat's view after each
move, no seed, no event log, no other deck); the whole replay (``game_replay``) once it is over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from play.models import PlayedGame
from rules.core.engine import Action, EngineSpec, GameState
from rules.core.registry import UnknownMode, get_engine
from rules.core.replay import deck_from_data, make_replay, name_seats, replay_frames, worded_view

HIDDEN = "a hidden card"
SEAT_REPLAY_FORMAT = "card-workshop-seat-replay"
SEAT_REPLAY_VERSION = 1


class GameUnavailable(LookupError):
    """The game's engine is gone or has changed since the game began: its moves may not replay."""


#: no pass of the person's is holding (``AutoPass.hold``)
NOT_HELD = object()


def next_hold(engine: EngineSpec, state: GameState, seat: int, action: Action, held: object) -> object:
    """What holds after the person's own ``action`` in ``state`` (``AutoPass.hold``; ``held``: what held
    before): at a decision with a stop, the hold's value now when the action is the engine's pass
    (a wait), else nothing (a buy ends a wait); at one without (an answer to a trade offer), ``held``."""
    declared = engine.auto_pass
    if declared is None or declared.hold is None:
        return NOT_HELD
    if declared.stop_at(state, seat) is None:
        return held
    return declared.hold(state, seat) if action == declared.pass_action else NOT_HELD


@dataclass
class Rebuilt:
    """A played game's state now, with the story of every move as the person's seat may read it, and
    what the person's last wait holds (``next_hold``)."""

    engine: EngineSpec
    state: GameState
    moves: list[dict[int, Action]]
    story: list[dict] = field(default_factory=list)  # {number, turn, seat, deck, mine, auto, sentence}
    frames: list[dict] = field(default_factory=list)  # the seat's replay frames, when asked for
    held: object = NOT_HELD


def _engine(game: PlayedGame) -> EngineSpec:
    """The game's engine: the game's own, or its deckless mode's (``PlayedGame.mode``)."""
    try:
        engine = get_engine(game.game, game.mode) if game.mode else get_engine(game.game)
    except UnknownMode:
        raise GameUnavailable(f"{game.game} has no way of playing {game.mode!r} any more") from None
    if engine is None:
        raise GameUnavailable(f"{game.game} has no rules engine any more")
    if engine.version != game.engine_version:
        raise GameUnavailable(f"this game began with {game.game} engine {game.engine_version}; the engine is now "
                              f"{engine.version}, so its moves may no longer mean the same")
    return engine


def names_in_view(view) -> set[str]:
    """Every card name a view shows: a card's ``name``, and the names in lists of names (a hand, a
    graveyard)."""
    found: set[str] = set()
    stack = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if isinstance(value.get("name"), str):
                found.add(value["name"])
            stack.extend(value.values())
        elif isinstance(value, list):
            found.update(item for item in value if isinstance(item, str))
            stack.extend(item for item in value if isinstance(item, (dict, list)))
    return found


def hidden_names_in(state: GameState, seat: int, sentence: str) -> list[str]:
    """The card names in ``sentence`` that ``seat`` cannot see now: hidden from it, and no copy of
    them shows on its board (issue 27: a card on the board was hidden in the log whenever another
    copy of it was in a hidden hand). The seat's view is drawn only when the sentence names a hidden
    card: most sentences ("passes") name none, and drawing a view at every move of a replayed game
    was most of a move's time."""
    named = [name for name in state.hidden_cards(seat) if name and name in sentence]
    if not named:
        return []
    visible = names_in_view(state.view(seat)) if not state.is_over else set()
    return [name for name in named if name not in visible]


def masked(sentence: str, hidden: list[str]) -> str:
    """``sentence`` with every card name the reader cannot see replaced by "a hidden card"
    (longest names first, so "Emeraldefender Golem" goes before "Golem")."""
    for name in sorted(set(hidden), key=len, reverse=True):
        if name and name in sentence:
            sentence = sentence.replace(name, HIDDEN)
    return sentence


def rebuild(game: PlayedGame, frames: bool = False, frames_from: int = 0,
            window: tuple[int, int] | None = None) -> Rebuilt:
    """The game's state, replayed from its seed and stored moves (each checked as it is applied).

    The story tells each move in the game's words; while the game goes on, a move by another
    seat is told without the cards the person cannot see after it (a face-down card set, the
    cards put back in a mulligan), since the engine's sentence is written for the mover.
    With ``frames``, ``Rebuilt.frames`` holds the person's seat's replay so far (``seat_frames``),
    from the frame numbered ``frames_from`` (0: the set-up); with ``window`` only the frames numbered
    ``first`` .. ``stop - 1`` carry their view (a replay viewer's page). ``auto`` marks the person's moves the
    server made for them (``PlayedGame.auto_moves``); ``passed`` an entry that is the engine's plain pass
    (``AutoPass.pass_action``), which the page shows quietly."""
    engine = _engine(game)
    decks = [deck_from_data(data, game.game) for data in game.decks]
    state = engine.start(decks, game.seed)
    state.log_events = True
    seat = game.human_seat
    rebuilt = Rebuilt(engine, state, [])
    masked_story: list[dict] = []
    auto = set(game.auto_moves or ())
    passing = engine.auto_pass.pass_action if engine.auto_pass is not None else None
    if frames and frames_from <= 0:
        rebuilt.frames.append(_seat_frame(state, seat, 0, [], state.turn, window, game.deck_names))
    for number, stored in enumerate(game.moves, 1):
        move = {int(mover): Action.parse(text) for mover, text in stored}
        sentences = {mover: name_seats(state.action_to_string(action, mover), game.deck_names)
                     for mover, action in sorted(move.items())}
        turn = state.turn
        if seat in move and number not in auto:
            rebuilt.held = next_hold(engine, state, seat, move[seat], rebuilt.held)
        state.apply_joint_checked(move)
        rebuilt.moves.append(move)
        said = []
        for mover, sentence in sentences.items():
            mine = mover == seat
            entry = {"number": number, "turn": turn, "seat": mover, "mine": mine, "auto": mine and number in auto,
                     "passed": passing is not None and move[mover] == passing,
                     "deck": game.deck_names[mover], "sentence": sentence}
            rebuilt.story.append(entry)
            told = sentence if mine else masked(sentence, hidden_names_in(state, seat, sentence))
            masked_story.append({**entry, "sentence": told})
            # another seat's action text may name a hidden card by name or by id: only its told sentence
            said.append({"player": mover, "action": str(move[mover]) if mine else "", "sentence": told})
        if frames and number >= frames_from:
            rebuilt.frames.append(_seat_frame(state, seat, number, said, turn, window, game.deck_names))
    if not state.is_over:  # the end reveals everything; until then the person reads the masked story
        rebuilt.story = masked_story
    return rebuilt


def _seat_frame(state: GameState, seat: int, number: int, said: list[dict], move_turn: int,
                window: tuple[int, int] | None = None, names: list[str] | tuple = ()) -> dict:
    """A replay frame (``rules.core.replay.replay_frames``'s keys) as ``seat`` saw the game after a
    move: its view (None outside ``window``), the move as told to it, and no events (the event log
    is the god view)."""
    shown = window is None or window[0] <= number < window[1]
    return {"number": number, "turn": state.turn, "move_turn": move_turn, "step": state.step_name,
            "step_words": state.step_to_string(state.step_name), "moves": said, "events": [],
            "view": worded_view(state, seat, names) if shown else None, "over": state.is_over}


def reveals_all(game: PlayedGame) -> bool:
    """Whether the whole game (every card, the seed, the event log) may be shown: once it is over
    (finished, or abandoned: it can no longer be played on)."""
    return game.status != PlayedGame.Status.ACTIVE


def seat_frames(game: PlayedGame, window: tuple[int, int] | None = None) -> list[dict]:
    """The person's seat's replay frames so far: one for the set-up and one per move, each with
    the seat's view after it (only those in ``window``, when given) and the move as the story tells
    it (another seat's move without the cards the seat cannot see, and without its action text); no
    event log."""
    return json.loads(json.dumps(rebuild(game, frames=True, window=window).frames, sort_keys=True))


def viewer_frames(game: PlayedGame, seat: int | None, window: tuple[int, int]) -> list[dict]:
    """The replay viewer's frames of ``game`` with boards in ``window``: while it goes on, only as
    the person's seat saw it (``seat_frames``); once it is over (``reveals_all``), from ``seat``
    (None: everything), the whole replay's."""
    if not reveals_all(game):
        return seat_frames(game, window)
    return replay_frames(game_replay(game), seat, seat_names=game.deck_names, window=window)


def seat_replay(game: PlayedGame) -> dict:
    """The game so far as the person's seat saw it (docs/replay-format.md, "A seat's replay"):
    what an unfinished game's replay JSON holds. No seed, no event log, no other seat's deck."""
    rebuilt = rebuild(game, frames=True)
    return json.loads(json.dumps({
        "format": SEAT_REPLAY_FORMAT, "format_version": SEAT_REPLAY_VERSION,
        "game": game.game, "engine_version": game.engine_version, "seat": game.human_seat,
        "seats": list(game.deck_names), "agents": list(game.agents), "deck": game.decks[game.human_seat],
        "over": rebuilt.state.is_over, "turns": rebuilt.state.turn, "steps": len(rebuilt.moves),
        "frames": rebuilt.frames,
    }, sort_keys=True))


def control_of(game: PlayedGame, engine) -> dict:
    """The person's auto-pass setting: ``full_control`` (never pass for them) and ``stops`` (the
    engine's stop keys they are asked at; the engine's defaults until they choose)."""
    control = game.control if isinstance(game.control, dict) else {}
    declared = engine.auto_pass
    stops = control.get("stops")
    if not isinstance(stops, list):
        stops = declared.default_stops() if declared is not None else []
    return {"full_control": bool(control.get("full_control")), "stops": [str(key) for key in stops]}


def legal_choices(rebuilt: Rebuilt, seat: int, names: list[str] | tuple = ()) -> list[dict]:
    """What ``seat`` may do now, each action with its text (what the form sends back), its
    sentence and, for a choice picked on the board, its ``pick`` (``GameState.action_pick``:
    question, refs, ordered, several, finish, warning); empty when it is not this seat's move."""
    state = rebuilt.state
    if state.is_over or seat not in state.current_players():
        return []
    choices = []
    for action in state.legal_actions(seat):
        pick = state.action_pick(action, seat)
        choices.append({"action": str(action), "sentence": name_seats(state.action_to_string(action, seat), names),
                        "pick": pick.as_dict() if pick is not None else None})
    return choices


def choices_after(game: PlayedGame, actions: list[str]) -> list[dict]:
    """The person's legal choices as they would be after ``actions`` (theirs, each legal when it
    comes; nothing saved, no agent moves): what a pick of several offers next (a battler's targets
    once another battler took one). Empty when the person would no longer act; ``ValueError`` for
    an action that is not theirs to make."""
    rebuilt = rebuild(game)
    state, seat = rebuilt.state, game.human_seat
    for text in actions:
        action = Action.parse(text)
        if state.is_over or seat not in state.current_players() or state.current_players() != [seat] \
                or action not in state.legal_actions(seat):
            raise ValueError(f"{text!r} is not one of your legal actions then")
        state.apply(action, seat)
    return legal_choices(rebuilt, seat, game.deck_names)


def outcome_sentence(view: dict, names: list[str] | tuple) -> str | None:
    """The view's outcome in a sentence (its ``hints``), its seats named for people."""
    hints = view.get("hints")
    sentence = hints.get("outcome") if isinstance(hints, dict) else None
    if not sentence:
        return None
    sentence = name_seats(sentence, names)
    return sentence[:1].upper() + sentence[1:]


def story_lines(story: list[dict]) -> list[dict]:
    """The story as the log shows it: a run of plain passes in a row, whoever made them (the passes
    made for the person while they set no stop, the agents' passes of priority), told in one line
    ("12 passes in a row (6 made for you)"), so the log stays readable; every other move as it is.
    Each line says its ``numbers`` and ``turns`` ("12–23", "3"), and a run's ``count`` of passes."""
    lines: list[dict] = []
    for entry in story:
        last = lines[-1] if lines else None
        if entry["passed"] and last is not None and last["passed"] and entry["number"] - last["last"] in (0, 1):
            last.update(last=entry["number"], last_turn=entry["turn"], count=last["count"] + 1,
                        made=last["made"] + entry["auto"])
            last["who"].setdefault(entry["seat"], entry)
        else:
            lines.append({**entry, "last": entry["number"], "last_turn": entry["turn"], "count": 1,
                          "made": int(entry["auto"]), "who": {entry["seat"]: entry}})
    for line in lines:
        line["numbers"] = str(line["number"]) + (f"–{line['last']}" if line["last"] != line["number"] else "")
        line["turns"] = str(line["turn"]) + (f"–{line['last_turn']}" if line["last_turn"] != line["turn"] else "")
        made, who = line.pop("made"), line.pop("who")
        if line["count"] > 1:
            line["sentence"] = f"{line['count']} passes in a row" + (
                f" ({made} made for you)" if 0 < made < line["count"] else " made for you" if made else "")
            if len(who) > 1:  # passes of several seats: the line names them all, the person first
                firsts = sorted(who.values(), key=lambda e: not e["mine"])
                line["deck"] = " and ".join("you" if e["mine"] else e["deck"] for e in firsts)
                line["mine"] = False
        del line["last"], line["last_turn"]
    return lines


def game_page(game: PlayedGame, rebuilt: Rebuilt | None = None) -> dict:
    """Everything the game page shows: seats, the seat's view, its legal actions, the story, and
    when the server passes for the person (``control``, with the engine's ``stops``)."""
    rebuilt = rebuilt or rebuild(game)
    state, engine = rebuilt.state, rebuilt.engine
    outcome = state.outcome
    # a game without decks names its seats "Seat 1" ..: its header says the seat once ("Seat 1 (you)")
    seats = [{"seat": seat, "number": seat + 1, "deck": name, "you": seat == game.human_seat,
              "deck_is_seat": name == f"Seat {seat + 1}",
              "agent": "you" if seat == game.human_seat else game.agents[seat].get("name", "")}
             for seat, name in enumerate(game.deck_names)]
    result = None
    if outcome is not None:
        winners = [game.deck_names[seat] for seat in outcome.winners]
        result = {"winners": winners, "you_won": game.human_seat in outcome.winners, "draw": outcome.is_draw,
                  "reason": engine.end_reason_label(outcome.reason), "placements": list(outcome.placements),
                  "sentence": outcome_sentence(state.view(None), game.deck_names)}
    waiting_for = [game.deck_names[seat] for seat in state.current_players() if seat != game.human_seat] \
        if not state.is_over else []
    control = control_of(game, engine)
    stops = [{"key": stop.key, "label": stop.label, "on": stop.key in control["stops"]}
             for stop in (engine.auto_pass.stops if engine.auto_pass is not None else ())]
    return {
        "seats": seats, "view": worded_view(state, None if state.is_over else game.human_seat, game.deck_names),
        "choices": legal_choices(rebuilt, game.human_seat, game.deck_names), "story": story_lines(rebuilt.story),
        "result": result,
        "turn": state.turn, "step_words": state.step_to_string(state.step_name) if not state.is_over else "",
        "moves": len(rebuilt.moves), "waiting_for": waiting_for,
        "engine_name": engine.game, "control": control, "stops": stops,
    }


def move_answer(game: PlayedGame, since: int) -> dict:
    """What the page redraws from after a move (JSON): the page's figures now (``game_page``: the
    seat's view, its legal actions, the result) and ``steps``, one per move after the first
    ``since`` moves (the person's own, the agents' answers, the passes made for the person), each
    with the seat's view after it and its sentences as the story tells them (another seat's
    without the cards the seat cannot see). Nothing the seat may not see, no action text but the
    person's own."""
    rebuilt = rebuild(game, frames=True, frames_from=since + 1)
    page = game_page(game, rebuilt)
    told = {}
    for entry in rebuilt.story:
        if entry["number"] > since:
            told.setdefault(entry["number"], []).append(entry)
    steps = [{"number": frame["number"], "turn": frame["move_turn"], "view": frame["view"],
              "entries": told.get(frame["number"], [])} for frame in rebuilt.frames]
    return json.loads(json.dumps({
        "status": game.status, "moves": len(rebuilt.moves), "url": game.get_absolute_url(), "since": since,
        "steps": steps, "story": page["story"], **{key: page[key] for key in (
            "view", "choices", "result", "turn", "step_words", "waiting_for", "control", "seats")},
    }))  # keys unsorted: the board draws a view's keys in the engine's order


def game_replay(game: PlayedGame) -> dict:
    """The whole game as a replay (docs/replay-format.md): seed, every deck, the event log. Only
    for a game that is over (``reveals_all``); an unfinished one has ``seat_replay``."""
    rebuilt = rebuild(game)
    decks = [deck_from_data(data, game.game) for data in game.decks]
    return make_replay(engine=rebuilt.engine, decks=decks, seed=game.seed, agents=list(game.agents),
                       moves=rebuilt.moves, state=rebuilt.state)


def my_games(user):
    return PlayedGame.objects.filter(owner=user).order_by("-updated")
