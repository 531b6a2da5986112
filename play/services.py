"""Writes of the play app: start a game against the engine, make a move, set when to be asked,
abandon a game.

A move is checked against the engine's legal actions for the person's seat in the state rebuilt
from the stored moves; then the agents answer (each from the state as it stands, so at a
simultaneous move the agent cannot see the person's choice) until the person must act again or
the game ends. Every move, the person's and the agents', is stored: the game is its replay.

Auto-pass (after MTG Arena's stops): where the person's seat has exactly one legal action, the
server makes it for them; where the engine declares the decision a plain pass of priority
(``EngineSpec.auto_pass``) at a point the person set no stop on, it passes for them. Each is an
ordinary move (the replay means the same), numbered in ``PlayedGame.auto_moves`` for the story.
Where the engine's passes hold (``AutoPass.hold``: Millennium Blades' market), a pass is made for
the person only after they passed themselves, while what it holds lasts (``selectors.next_hold``,
read again from the stored moves). "Full control" (``PlayedGame.control``) turns all of it off.
No game is named here.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction

from cardpool.selectors import not_playable_message, not_playable_reasons
from decks import permissions as deck_permissions
from decks.models import Deck
from decks.selectors import deck_to_decklist, deck_validate
from play.models import PlayedGame
from play.selectors import NOT_HELD, GameUnavailable, Rebuilt, control_of, next_hold, rebuild
from rules.core.agents import make_agent
from rules.core.decks import DeckList
from rules.core.engine import Action, ActionParseError
from rules.core.play import GOLDFISH_OPPONENT_NAME, MAX_STEPS, derive_seed, goldfish_opponent
from rules.core.registry import UnknownMode, get_engine
from rules.core.replay import deck_to_data

#: The agents a person may play against, with the options they play with here (ISMCTS with a
#: budget that answers in about a second on a small server, unless the game's own search defaults
#: set that option: Spellbound's flat search plays 4 worlds, not 150).
PLAY_AGENTS: dict[str, dict[str, Any]] = {"greedy": {}, "ismcts": {"iterations": 150}, "rollout": {}, "random": {}}
HUMAN = {"name": "human"}


class PlayError(ValueError):
    """A request the game cannot take: ``code`` for programs, ``message`` in words."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def _usable_deck(owner, deck_id: Any, what: str) -> Deck:
    if isinstance(deck_id, str) and deck_id.strip().isdigit():
        deck_id = int(deck_id)
    deck = Deck.objects.filter(pk=deck_id).first() if isinstance(deck_id, int) and 0 < deck_id < 2**62 else None
    if deck is None or not deck_permissions.can_view(owner, deck):
        raise PlayError("unknown_deck", f"{what}: there is no deck {deck_id!r} that you may use")
    violations = deck_validate(deck)
    if violations:
        raise PlayError("illegal_deck", f"{what}: {deck.name} is not legal: " + "; ".join(v.message for v in violations))
    reasons = not_playable_reasons(deck.cards.values_list("card_id", flat=True))
    if reasons:  # as a simulation refuses it: never played as if its text said nothing
        raise PlayError("not_playable", f"{what}: {deck.name} holds {not_playable_message(reasons)}")
    return deck


def _agent_spec(agent: Any, engine) -> dict:
    if agent not in PLAY_AGENTS:
        raise PlayError("bad_agent", f"the opponent's agent must be one of {', '.join(PLAY_AGENTS)}, not {agent!r}")
    game_sets = engine.search_defaults if agent == "ismcts" else {}
    return {"name": agent, **{key: value for key, value in PLAY_AGENTS[agent].items() if key not in game_sets}}


def play_start(*, owner, deck_id: Any, opponent_id: Any = None, agent: Any = "greedy",
               full_control: bool = False) -> PlayedGame:
    """A new game: ``owner`` plays ``deck_id`` against ``opponent_id`` played by ``agent``, or
    with no opponent deck against the game's passive goldfish opponent; with ``full_control`` no
    move is made for the person (``auto_action``), else the engine's default stops."""
    deck = _usable_deck(owner, deck_id, "your deck")
    engine = get_engine(deck.game)
    if engine is None:
        raise PlayError("no_engine", f"{deck.game} has no rules engine yet, so it cannot be played here")
    if not engine.min_players <= 2 <= engine.max_players:
        raise PlayError("no_two_player_game", f"{engine.game} is not played by two")
    mine = deck_to_decklist(deck)
    if opponent_id in (None, "", "goldfish"):
        opponent, theirs, name, spec = None, goldfish_opponent(engine, mine), GOLDFISH_OPPONENT_NAME, {"name": "passive"}
    else:
        opponent = _usable_deck(owner, opponent_id, "opponent deck")
        if opponent.game != deck.game:
            raise PlayError("wrong_game", f"opponent deck: {opponent.name} is a {opponent.game} deck, not {deck.game}")
        theirs, name, spec = deck_to_decklist(opponent), opponent.name, _agent_spec(agent, engine)
    game = PlayedGame(owner=owner, game=deck.game, engine_version=engine.version, seed=secrets.randbits(48),
                      human_seat=0, agents=[HUMAN, spec], decks=[deck_to_data(mine), deck_to_data(theirs)],
                      deck_names=[deck.name, name], your_deck=deck, opponent_deck=opponent,
                      control={"full_control": True} if full_control else {})
    _let_agents_play(game, rebuild(game))
    game.save()
    return game


def deckless_seat_names(players: int) -> list[str]:
    """The seats of a game without decks, as people count them: "Seat 1" .. "Seat N" (the engine's
    seat 0 is "Seat 1"; its sentences name seats so, through ``name_seats``)."""
    return [f"Seat {seat + 1}" for seat in range(players)]


def play_start_deckless(*, owner, game: Any, mode: Any, players: Any, agent: Any = "greedy",
                        full_control: bool = False) -> PlayedGame:
    """A new game of one of ``game``'s deckless modes (``EngineSpec.deckless_modes``: Millennium
    Blades' whole game): ``owner`` plays seat 1 against ``players`` - 1 seats played by ``agent``,
    every seat starting from what the engine deals (one placeholder deck per seat, as the simulate
    app's deckless runs)."""
    try:
        engine = get_engine(game, mode) if isinstance(game, str) and isinstance(mode, str) else None
    except (UnknownMode, LookupError):
        engine = None
    if engine is None:
        raise PlayError("unknown_mode", f"there is no way to play {str(game)[:40]!r} without decks called {str(mode)[:40]!r}")
    counts = engine.seat_counts()
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if not isinstance(players, int) or players not in counts:
        raise PlayError("bad_players", f"players: {engine.game} {mode} is played by "
                        f"{', '.join(map(str, counts))} players, not {str(players)[:20]!r}")
    names = deckless_seat_names(players)
    spec = _agent_spec(agent, engine)
    game_row = PlayedGame(owner=owner, game=engine.game, mode=mode, engine_version=engine.version,
                          seed=secrets.randbits(48), human_seat=0, agents=[HUMAN] + [spec] * (players - 1),
                          decks=[deck_to_data(DeckList(game=engine.game, name=name)) for name in names],
                          deck_names=names, control={"full_control": True} if full_control else {})
    _let_agents_play(game_row, rebuild(game_row))
    game_row.save()
    return game_row


#: at most this many moves are made for the person in one request; then they are asked (a guard:
#: every auto-passed decision also ends at the game's own MAX_STEPS)
AUTO_MOVES_PER_REQUEST = 1000


def auto_action(game: PlayedGame, state, engine, held: object = NOT_HELD) -> Action | None:
    """The action the server makes for the person's seat now, or None when the person chooses: the
    only legal action (a forced move), or the engine's pass where it declares a plain pass of
    priority that the person set no stop on; never under full control. An engine whose passes
    ``hold`` passes only while ``held`` (the hold's value when the person passed) still holds."""
    seat = game.human_seat
    if state.is_over or seat not in state.current_players():
        return None
    control = control_of(game, engine)
    if control["full_control"]:
        return None
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    declared = engine.auto_pass
    if declared is None or declared.pass_action not in actions:
        return None
    stop = declared.stop_at(state, seat)
    if stop is None or stop in control["stops"]:
        return None
    if declared.hold is not None and (held is NOT_HELD or declared.hold(state, seat) != held):
        return None
    return declared.pass_action


def _apply_move(game: PlayedGame, state, engine, mine: Action | None) -> None:
    """One move: the person's ``mine`` (if the person's seat acts) with the agents' choices for the
    other acting seats, each made from the state before anything is applied."""
    move = {seat: _agent(game, seat, engine).choose(state, seat)
            for seat in state.current_players() if seat != game.human_seat}
    if mine is not None:
        move[game.human_seat] = mine
    state.apply_joint_checked(move)
    game.moves = [*game.moves, [[seat, str(action)] for seat, action in sorted(move.items())]]
    if len(game.moves) >= MAX_STEPS:
        raise RuntimeError(f"game {game.pk} did not end after {MAX_STEPS} moves")


def _let_agents_play(game: PlayedGame, rebuilt: Rebuilt, held: object = NOT_HELD) -> None:
    """From ``rebuilt`` (the game's state now) the agents move, and the server makes the person's
    forced moves and plain passes (``auto_action``; ``held``: what the person's last pass holds),
    until the person must choose or the game is over; every move is added to the game's."""
    state, engine = rebuilt.state, rebuilt.engine
    made = 0
    while not state.is_over:
        if game.human_seat in state.current_players():
            action = auto_action(game, state, engine, held) if made < AUTO_MOVES_PER_REQUEST else None
            if action is None:
                break
            _apply_move(game, state, engine, action)
            game.auto_moves = [*game.auto_moves, len(game.moves)]
            made += 1
        else:
            _apply_move(game, state, engine, None)
    _record_end(game, state)


def _agent(game: PlayedGame, seat: int, engine):
    """The seat's agent for the next move: seeded by the game, the seat and the move number, so a
    game never depends on an agent kept in memory between requests."""
    spec = dict(game.agents[seat])
    name = spec.pop("name")
    return make_agent(name, derive_seed(game.seed, "agent", seat, len(game.moves)), engine=engine, **spec)


def _record_end(game: PlayedGame, state) -> None:
    if state.is_over:
        game.status = PlayedGame.Status.FINISHED
        game.outcome = state.outcome.as_dict()


#: at most this many actions in one pick of several (battlers declared together)
MAX_ACTIONS_PER_MOVE = 20


def play_move(*, actor, game_id: int, action: Any, then: Any = None) -> PlayedGame:
    """The person's ``action`` (its text, as the page offers it), then the agents' answers.

    ``action`` may be a list: several actions picked together on the board (a pick of ``several``,
    ``GameState.action_pick``: battlers), made one after another, each checked against the legal
    actions of the moment and all refused together if one is not; then ``then`` (the pick's
    ``finish``, "done") if the person still acts and it is still legal (the engine may have ended
    the choice itself).

    The agents think outside any transaction (a search takes about a second, and with SQLite's
    IMMEDIATE transactions a lock held so long blocks every writer); the moves are then stored in
    a short transaction that first checks the game has not moved on meanwhile (optimistic: the
    number of moves and the status read before are still the stored ones), else ``game_moved_on``
    and nothing is stored."""
    actions = [action] if isinstance(action, str) else action
    if not isinstance(actions, (list, tuple)) or not actions or len(actions) > MAX_ACTIONS_PER_MOVE or \
            not all(isinstance(text, str) for text in actions) or not (then is None or isinstance(then, str)):
        raise PlayError("bad_action", "the action must be the text of one of the offered actions")
    game = PlayedGame.objects.filter(pk=game_id, owner=actor).first()
    if game is None:
        raise PlayError("unknown_game", f"there is no game {game_id} of yours")
    if game.status != PlayedGame.Status.ACTIVE:
        raise PlayError("game_over", f"this game is {game.get_status_display().lower()}")
    read = len(game.moves)
    try:
        rebuilt = rebuild(game)
    except GameUnavailable as exc:
        raise PlayError("engine_changed", str(exc)) from None
    state, seat = rebuilt.state, game.human_seat
    held = rebuilt.held
    for text in actions:
        if seat not in state.current_players():
            raise PlayError("not_your_move", "it is not your move" if text is actions[0] else
                            f"the game moved on before {text!r}: pick again")
        chosen = _parse(text)
        if chosen not in state.legal_actions(seat):
            raise PlayError("illegal_action", f"{text!r} is not one of your legal actions now")
        held = next_hold(rebuilt.engine, state, seat, chosen, held)
        # at a simultaneous move the agents choose from the same state, without seeing this choice
        _apply_move(game, state, rebuilt.engine, chosen)
    if then is not None and seat in state.current_players() and not state.is_over:
        finish = _parse(then)
        if finish in state.legal_actions(seat):
            held = next_hold(rebuilt.engine, state, seat, finish, held)
            _apply_move(game, state, rebuilt.engine, finish)
    _let_agents_play(game, rebuilt, held)
    _store_moves(game, read)
    return game


def _parse(text: str) -> Action:
    try:
        return Action.parse(text)
    except ActionParseError as exc:
        raise PlayError("bad_action", f"cannot read the action {text!r}: {exc}") from None


def _store_moves(game: PlayedGame, read: int) -> None:
    """Store ``game``'s new moves, status and outcome if the stored game still has the ``read``
    moves it had when they were computed and is still being played (a second request, another
    tab, may have moved it on or abandoned it meanwhile): a short transaction, no search in it."""
    with transaction.atomic():
        stored = PlayedGame.objects.select_for_update().filter(pk=game.pk).values("status", "moves").first()
        if stored is None or stored["status"] != PlayedGame.Status.ACTIVE or len(stored["moves"]) != read:
            raise PlayError("game_moved_on", "the game moved on while this move was being answered (another "
                                             "tab or request?): reload the page and play from where it stands")
        game.save(update_fields=["moves", "auto_moves", "status", "outcome", "updated"])  # not control: its own


def play_set_control(*, actor, game_id: int, full_control: Any = False, stops: Any = ()) -> PlayedGame:
    """When the server may pass for the person in this game: ``full_control`` (never), else at every
    decision but the ``stops`` (keys of the engine's ``AutoPass.stops``). Takes effect from the
    next move."""
    game = PlayedGame.objects.filter(pk=game_id, owner=actor).first()
    if game is None:
        raise PlayError("unknown_game", f"there is no game {game_id} of yours")
    engine = get_engine(game.game, game.mode) if game.mode else get_engine(game.game)
    known = [stop.key for stop in engine.auto_pass.stops] if engine is not None and engine.auto_pass else []
    if isinstance(stops, str) or not isinstance(stops, (list, tuple)) or \
            not all(isinstance(key, str) for key in stops):
        raise PlayError("bad_stops", "the stops must be a list of stop names")
    unknown = [key for key in stops if key not in known]
    if unknown:
        raise PlayError("bad_stops", f"{unknown[0][:60]!r} is not a stop of this game")
    if not isinstance(full_control, bool):
        raise PlayError("bad_stops", "full control is on or off (true or false)")
    game.control = {"full_control": full_control, "stops": [key for key in known if key in stops]}
    game.save(update_fields=["control", "updated"])
    return game


def play_abandon(*, actor, game_id: int) -> PlayedGame:
    game = PlayedGame.objects.filter(pk=game_id, owner=actor).first()
    if game is None:
        raise PlayError("unknown_game", f"there is no game {game_id} of yours")
    if game.status == PlayedGame.Status.ACTIVE:
        game.status = PlayedGame.Status.ABANDONED
        game.save(update_fields=["status", "updated"])
    return game
