"""The engine protocol every game implements (after OpenSpiel's ``State`` and python-chess).

A game state knows who acts now, the legal actions, how to apply them, whether the game is over
and its :class:`Outcome`, what each seat may see (``view``), how to copy itself, how to say an
action in the game's words, and its event log. Everything the apps and agents call is declared
here with a docstring; nothing is looked up with ``getattr``.

- **Seats** are numbered 0 .. n-1, with ``EngineSpec.min_players <= n <= max_players``.
- **Sequential moves**: when ``current_players()`` names one seat, that seat's agent picks one
  of ``legal_actions(seat)`` and the state ``apply(action, seat)``.
- **Simultaneous moves** (a secret bid, a market phase): when ``current_players()`` names
  several seats, each picks from its own ``legal_actions`` without seeing the others' picks
  (none is applied yet), and the state applies them together with ``apply_joint({seat:
  action})``, like OpenSpiel's ``apply_actions``.
- **Chance** comes only from the seeded ``self.rng`` carried in the state: same decks, seed
  and actions give the same game, byte for byte. Agents get their own seeded RNG and an
  iteration budget, never a clock.
- ``apply`` trusts its input and is fast; legality is checked once, at the boundary
  (:meth:`GameState.apply_checked`, :meth:`GameState.apply_joint_checked`).

The core names no game. Each game subclasses :class:`GameState` in ``rules/<game>/`` and
exposes an :class:`EngineSpec` as ``ENGINE`` in ``rules/<game>/engine.py``; the spec declares
the game type (seats, information, chance, simultaneous moves, teams), its end reasons and the
statistics counters it keeps.
"""

from __future__ import annotations

import functools
import json
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Annotated, Any

from rules.core.decks import DeckList
from rules.core.fields import LOG, RNG
from rules.core.options import EngineOption, check_start, declared, game_kwargs

# -- actions ----------------------------------------------------------------------------------------
_BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.:+-]*")
_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")


class ActionParseError(ValueError):
    """Action text that is not the text form of any action; says where it goes wrong."""


@dataclass(frozen=True, slots=True)
class Action:
    """A small immutable move: a verb and typed arguments (``int`` or ``str``).

    Text form: the verb, then each argument; an ``int`` as its digits, a ``str`` bare when it is
    a plain word (``savior``, ``act1``) and as a JSON string otherwise (``"007"``, ``"Ash
    Golem"``), so ``Action.parse(str(a)) == a`` for every action: ``"007"`` stays a string and
    spaces cannot split an argument. Games name cards by a stable identity (a card name or a
    card id), never a position in a hand, so the same move is the same action in every world
    a search agent samples.
    """

    verb: str
    args: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(_arg_text, self.args)])

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action whose text form is ``text`` (raises :class:`ActionParseError`)."""
        tokens = list(_tokens(text))
        if not tokens:
            raise ActionParseError("empty action text")
        verb, *args = tokens
        if not isinstance(verb, str) or not _BARE_WORD.fullmatch(verb):
            raise ActionParseError(f"an action starts with a verb (a word), not {text.split()[0]!r}")
        return cls(verb, tuple(args))


@functools.lru_cache(maxsize=8192, typed=True)  # views list every legal action's text at every tick
def _arg_text(arg: int | str) -> str:
    if isinstance(arg, bool) or not isinstance(arg, (int, str)):
        raise TypeError(f"action arguments are int or str, not {type(arg).__name__} ({arg!r})")
    if isinstance(arg, int):
        return str(arg)
    return arg if _BARE_WORD.fullmatch(arg) else json.dumps(arg, ensure_ascii=False)


def _tokens(text: str):
    decoder = json.JSONDecoder()
    i, n = 0, len(text)
    while i < n:
        if text[i] == " ":
            i += 1
            continue
        if text[i] == '"':
            try:
                value, end = decoder.raw_decode(text, i)
            except json.JSONDecodeError as exc:
                raise ActionParseError(f"unterminated or invalid quoted argument at position {i}: {exc.msg}") from None
            i = end
            yield value
            continue
        end = text.find(" ", i)
        end = n if end < 0 else end
        word = text[i:end]
        if _INTEGER.fullmatch(word):
            yield int(word)
        elif _BARE_WORD.fullmatch(word):
            yield word
        else:
            raise ActionParseError(f"argument {word!r} at position {i} is neither a number, a word "
                                   f"nor a quoted string")
        i = end


# -- outcome ------------------------------------------------------------------------------------------
class EndReason(StrEnum):
    """End reasons the core itself causes. Every game declares its own (``EngineSpec.end_reasons``)."""

    TURN_LIMIT = "turn_limit"  # the game's cap on runaway games was passed: always a draw


CORE_END_REASONS = {EndReason.TURN_LIMIT.value: "the turn limit was reached (a runaway game, scored as a draw)"}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, for every seat (after OpenSpiel's ``returns()``).

    ``returns[seat]`` is the seat's score: the game's own points where it has them (Millennium
    Blades' VP), else +1 for a winner, -1 for a loser and 0 for everyone in a draw.
    ``placements[seat]`` is 1 for first place; tied seats share a place and the next place is
    skipped (1, 1, 3). ``winners`` are the seats placed first, empty for a draw (every seat tied).
    """

    winners: tuple[int, ...]
    reason: str
    returns: tuple[float, ...]
    placements: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def score(self, seat: int, win: float) -> float:
        """A decided game as an evaluation for ``seat``: ``win`` won, ``-win`` lost, 0 drawn."""
        if not self.winners:
            return 0.0
        return win if seat in self.winners else -win

    def as_dict(self) -> dict:
        return {"winners": list(self.winners), "draw": self.is_draw, "reason": str(self.reason),
                "returns": list(self.returns), "placements": list(self.placements)}

    @classmethod
    def from_winners(cls, num_players: int, winners: Sequence[int], reason: str) -> Outcome:
        """A win/loss outcome: winners +1 and placed first, the others -1 and placed after them;
        no winners is a draw (every seat 0 and first)."""
        winners = tuple(sorted(set(winners)))
        if not winners or len(winners) == num_players:
            return cls((), reason, (0.0,) * num_players, (1,) * num_players)
        returns = tuple(1.0 if seat in winners else -1.0 for seat in range(num_players))
        placements = tuple(1 if seat in winners else len(winners) + 1 for seat in range(num_players))
        return cls(winners, reason, returns, placements)

    @classmethod
    def from_returns(cls, returns: Sequence[float], reason: str) -> Outcome:
        """A scored outcome: placements by return, highest first, ties shared; a tie of every
        seat is a draw."""
        returns = tuple(float(r) for r in returns)
        placements = tuple(1 + sum(other > mine for other in returns) for mine in returns)
        winners = tuple(seat for seat, place in enumerate(placements) if place == 1)
        if len(winners) == len(returns):
            winners = ()
        return cls(winners, reason, returns, placements)


# -- event log ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: who did what in which turn and step, and what changed.

    Events say what actually happened (the cards that really moved, the number of spirits
    really invoked), not what was asked for: an outside judge replays games from this log.
    """

    turn: int
    player: int | None
    step: str
    action: str  # the action's text form, or an automatic event name ("draw_step", "shuffle")
    changes: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict:
        return {"turn": self.turn, "player": self.player, "step": self.step, "action": self.action,
                "changes": dict(self.changes)}


@dataclass(frozen=True)
class Pick:
    """What an action picks on the board (``GameState.action_pick``), so a page can offer a choice
    that is a set (cards to put back, a tile, battlers) as clicks on the board and one confirm,
    instead of one button per combination. Actions with the same ``question`` answer it together:

    - ``refs``: what this action picks, each ``"card:<name>"`` (any chip of that name: a hand of
      names), ``"id:<id>"`` (the chip whose card has that ``uid``/``id``) or ``"tile:<tile>"``
      (a tile of a grid); the person's picks must equal them as a multiset (in order, with
      ``ordered``: a card, then the tile it goes to); an empty ``refs`` is "none" (keep the hand);
    - ``several``: the person may choose several of the question's actions one after another
      (battlers), confirmed together, then ``finish`` (the action that ends the choice: ``done``);
    - ``warning``: a word the page shows beside the pick ("your own unit")."""

    question: str
    refs: tuple[str, ...]
    ordered: bool = False
    several: bool = False
    finish: str | None = None
    warning: str | None = None

    def as_dict(self) -> dict:
        return {"question": self.question, "refs": list(self.refs), "ordered": self.ordered,
                "several": self.several, "finish": self.finish, "warning": self.warning}


class IllegalAction(ValueError):
    """Raised at the boundary when an action is not among the legal ones."""


# -- statistics counters -------------------------------------------------------------------------------
@dataclass(frozen=True)
class StatCounter:
    """A statistic a game counts per seat, declared in ``EngineSpec.counters``.

    ``per_card`` counters count per card name (cards drawn, cards played): tallies keep, per
    card, the copies, the games it happened in and the wins in those games. Plain counters are
    one number per game (mulligans): tallies keep its distribution and the wins with and without.

    ``group`` (plain counters): counters of one group are the parts of one whole (Millennium Blades'
    VP by source: group ``"vp"``); pages draw a stacked bar per seat of the group's means.
    ``per`` (per-card counters): the counter is an amount per copy counted by these per-card
    counters (dollars paid, ``per=("bought", "bought_aftermarket")``): pages show it divided by
    their count (a mean price).
    """

    name: str  # a slug: "drawn", "played", "mulligans"
    label: str  # for pages: "Cards drawn"
    per_card: bool = False
    description: str = ""
    group: str = ""
    per: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        out = {"name": self.name, "label": self.label, "per_card": self.per_card, "description": self.description}
        if self.group:
            out["group"] = self.group
        if self.per:
            out["per"] = list(self.per)
        return out


Counters = dict[str, int | dict[str, int]]  # one seat's counters: name -> number, or card name -> number


# -- state ------------------------------------------------------------------------------------------
class GameState(ABC):
    """The protocol. Subclasses keep all their randomness in ``self.rng``.

    The fields every state has are declared here with how a copy copies them
    (``rules/core/fields.py``): a game that declares its own fields the same way (BOS) derives
    ``clone`` from them."""

    if not TYPE_CHECKING:  # (mypy would refuse the assignments below to fields no slot of this class names)
        __slots__ = ()  # its fields: slots of a slotted state (``fields.declared_slots``), else in its ``__dict__``
    num_players: int
    seed: int
    rng: Annotated[random.Random, RNG]
    turn: int
    events: Annotated[list[Event], LOG]
    log_events: bool
    _outcome: Outcome | None

    #: ends a runaway game as a draw with reason ``turn_limit``; each game sets its own cap
    turn_limit: int = 200

    def __init__(self, num_players: int, seed: int):
        self.num_players = num_players
        self.seed = seed
        self.rng = random.Random(seed)
        self.turn = 0
        self.events: list[Event] = []
        self.log_events = True
        self._outcome: Outcome | None = None

    # -- who moves and what they may do ------------------------------------------------------------
    @abstractmethod
    def current_players(self) -> Sequence[int]:
        """Seats that must act now: one for a sequential move, several when they act at once
        (each chooses without seeing the others' choices), none when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in a stable order (never empty while the
        player must act). Each action's text round-trips through ``Action.parse``."""

    @abstractmethod
    def apply(self, action: Action, player: int) -> None:
        """Apply ``player``'s legal action in place, when ``player`` is the only one to act.
        Trusts its input: the boundary is :meth:`apply_checked`."""

    def apply_joint(self, actions: Mapping[int, Action]) -> None:
        """Apply the actions of every seat in ``current_players()`` together (a simultaneous
        move). The default applies them one by one in seat order, which is right for games whose
        simultaneous choices are independent commitments that stay hidden until all are made;
        a game that resolves the choices together (a secret bid) overrides this."""
        for seat in sorted(actions):
            self.apply(actions[seat], seat)

    @abstractmethod
    def action_to_string(self, action: Action, player: int) -> str:
        """``action`` by ``player`` as a sentence in the game's words, for replays and the
        viewer ("Seat 1 plays Ashveil Imp into form zone 3"). Call it before applying the action."""

    # -- what seats may see ---------------------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict:
        """What ``player`` may see now (``None``: everything), as JSON-able data, nothing more.
        Each game documents the keys in its package docstring."""

    def action_pick(self, action: Action, player: int) -> Pick | None:
        """What ``action`` picks on the board, for a page that lets a person pick by clicking cards
        and tiles and confirm (:class:`Pick`; docs/view-format.md, "Picking on the board"), or None
        for an action chosen from a list (the default). Presentation only: never read by the rules."""
        return None

    def event_to_string(self, event: Event) -> str | None:
        """An event in the game's words for a replay's reader, seats as "Seat N" (engine numbers,
        which ``rules.core.replay.name_seats`` names); "" for one the move's own sentence already
        says; None (the default) for one drawn from its data. Presentation only."""
        return None

    def step_to_string(self, step: str) -> str:
        """A step's name for people (a replay's header): by default its words spaced out
        ("declare_battlers" -> "declare battlers", "round1:timer3:tick40" -> "round 1, timer 3,
        tick 40"); a game may name its steps in its rulebook's words. Presentation only."""
        return re.sub(r"([a-z])(\d)", r"\1 \2", step.replace("_", " ").replace(":", ", "))

    def hidden_cards(self, player: int) -> list[str]:
        """Names of the cards ``player`` cannot see now (other hands, deck orders, face-down
        cards), with repeats. Empty in a game of perfect information. The conformance suite
        checks that ``view(player)`` does not change when these are redealt (``determinize``)."""
        return []

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A clone in which what ``player`` cannot see is redealt at random from what is
        consistent with what ``player`` has seen. Games of perfect information keep the default
        (a plain clone)."""
        return self.clone()

    # -- copying and chance -------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy, RNG state and event log included."""

    def reseed(self, seed: int) -> None:
        """Replace the game's RNG (search agents give each sampled world an unknown future).
        A game that seeds its RNG lazily overrides this."""
        self.rng = random.Random(seed)

    # -- what the game holds and counts ---------------------------------------------------------------
    @abstractmethod
    def all_cards(self) -> list[str]:
        """The name of every card the game holds, in every zone, with repeats. It never changes
        during a game (cards move; none appears or vanishes): the conformance suite checks it."""

    def counters(self) -> list[Counters]:
        """Per seat, the value of each statistic declared in ``EngineSpec.counters``."""
        return [{} for _ in range(self.num_players)]

    # -- ending ------------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def end(self, winners: Sequence[int], reason: str) -> None:
        """End the game won by ``winners`` (empty: a draw), for ``reason`` (a value of the
        game's end-reason enum). Only the first call counts."""
        self._finish(Outcome.from_winners(self.num_players, winners, _reason_text(reason)))

    def end_with_returns(self, returns: Sequence[float], reason: str) -> None:
        """End a scored game: each seat's points; placements follow, ties shared."""
        self._finish(Outcome.from_returns(returns, _reason_text(reason)))

    def _finish(self, outcome: Outcome) -> None:
        if self._outcome is None:
            self._outcome = outcome
            self.log("game_end", None, winners=list(outcome.winners), reason=outcome.reason,
                     returns=list(outcome.returns), placements=list(outcome.placements))

    def check_turn_limit(self) -> bool:
        """Call at each new turn: past the cap the game is a draw (reason ``turn_limit``)."""
        if self.turn > self.turn_limit and self._outcome is None:
            self.end((), EndReason.TURN_LIMIT)
            return True
        return False

    # -- log ---------------------------------------------------------------------------------------
    step_name: str = ""

    def log(self, action: str, player: int | None, **changes: Any) -> None:
        if self.log_events:
            self.events.append(Event(self.turn, player, self.step_name, action, tuple(changes.items())))

    # -- the boundary ---------------------------------------------------------------------------------
    def apply_checked(self, action: Action, player: int) -> None:
        """``apply`` after checking that ``player`` alone must act and ``action`` is legal."""
        if self.is_over:
            raise IllegalAction("the game is over")
        acting = list(self.current_players())
        if acting != [player]:
            raise IllegalAction(f"player {player} is not the one to act (acting: {acting})")
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not legal for player {player}")
        self.apply(action, player)

    def apply_joint_checked(self, actions: Mapping[int, Action]) -> None:
        """``apply_joint`` after checking that exactly the acting seats chose, each legally."""
        if self.is_over:
            raise IllegalAction("the game is over")
        acting = sorted(self.current_players())
        if sorted(actions) != acting:
            raise IllegalAction(f"seats {acting} act now; got choices from {sorted(actions)}")
        for seat, action in actions.items():
            if action not in self.legal_actions(seat):
                raise IllegalAction(f"{action} is not legal for player {seat}")
        if len(acting) == 1:
            self.apply(actions[acting[0]], acting[0])
        else:
            self.apply_joint(actions)

    def apply_move(self, actions: Mapping[int, Action]) -> None:
        """Apply one decision point's choices, whatever its kind: ``apply`` for one seat,
        ``apply_joint`` for several (trusts its input, like ``apply``)."""
        if len(actions) == 1:
            (seat, action), = actions.items()
            self.apply(action, seat)
        else:
            self.apply_joint(actions)


def _reason_text(reason: str) -> str:
    return str(reason.value if isinstance(reason, Enum) else reason)


# -- matches --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchFormat:
    """How a game's competitive matches are played (BOS's best of three, with reserves swapped
    between games): ``play(engine, decks, agents, seed, record)`` plays one match between
    ``decks[i]`` played by ``agents[i]`` and returns an object with ``winner`` (the winning seat, or
    None for a drawn match), ``game_wins`` (per seat) and ``games`` (each game's
    ``rules.core.play.GameResult``, with its replay when ``record``)."""

    name: str  # "best_of_three"
    label: str  # "Best of three"
    play: Callable[..., Any]
    description: str = ""


MATCH_END_REASONS = {"match_won": "a player won the match", "match_drawn": "the match was drawn"}


# -- passing for a person (the play app's auto-pass and stops) --------------------------------------
@dataclass(frozen=True)
class Stop:
    """A point of a game where a person may ask to be stopped and asked (after MTG Arena's stops):
    ``key`` (stored per game), ``label`` (the page's words), ``default`` (stopped at unless cleared)."""

    key: str
    label: str
    default: bool = False


@dataclass(frozen=True)
class AutoPass:
    """Which of a game's decisions are plain passes of priority, so the play app may pass them for a
    person who set no stop there. ``stop_at(state, seat)``: the key of the :class:`Stop` that the
    seat's decision now falls under (one of ``stops``), or None when it is not a plain pass (a
    target, a discard, a declaration: always asked); ``pass_action`` is the action made for the seat.
    A decision with exactly one legal action needs no declaration: the play app makes it unless the
    person asked for full control.

    With ``hold`` the passes are not made before the person has a say: a pass the person makes
    themselves lasts (after Forge's "pass until"), made for them at the following decisions under a
    stop they did not set while ``hold(state, seat)`` keeps the value it had when they passed
    (Millennium Blades' market: a wait lasts to the end of the timer, or until a trade offer to the
    seat, which ``stop_at`` never passes)."""

    pass_action: Action
    stops: tuple[Stop, ...]
    stop_at: Callable[[GameState, int], str | None]
    hold: Callable[[GameState, int], object] | None = None

    def default_stops(self) -> list[str]:
        return [stop.key for stop in self.stops if stop.default]


# -- the game's declaration --------------------------------------------------------------------------
@dataclass(frozen=True)
class EngineSpec:
    """What the registry, agents and apps know of a game's engine (after OpenSpiel's ``GameType``).

    - ``new_game(decks, seed, **options)`` builds the state; ``decks[seat]`` sits in ``seat``.
    - ``evaluate(state, player)`` scores a position for greedy and search agents (higher is better).
    - ``search_defaults``: the ISMCTS options that play this game best (measured by
      ``scripts/bench_agents.py``), used where a run does not set them: e.g. ``eval_scale``, how
      far apart two moves' evaluations typically are (a game whose evaluation counts in hundreds
      is squashed more gently than one that counts in ones), or the older random play-outs
      (``prior`` 0, ``rollout_steps`` 10) where they beat evaluation priors.
    - Game type: ``min_players`` .. ``max_players`` seats (only the ``player_counts`` among
      them when a game names them: FellBound is played by 2, or 4 in two teams);
      ``perfect_information`` (no seat ever
      has hidden cards: agents need not determinize); ``chance`` (shuffles, dice; a game without
      chance plays the same from every seed); ``simultaneous_moves`` (some decisions are made by
      several seats at once); ``teams`` (seats may play as allies, given by the option ``teams``:
      a list of teams, each a list of seats); ``free_for_all`` (with 3 or more seats each may play
      for itself; False when more than two seats always form teams).
    - ``end_reasons``: the game's end-reason values with a phrase for each (pages print them).
    - ``counters``: the statistics the game counts per seat (:class:`StatCounter`).
    - ``goldfish_opponent()``: the deck the passive opponent plays in a goldfish run (default:
      a mirror of the deck).
    - ``match``: the game's competitive match (:class:`MatchFormat`), when it has one.
    - ``passive_choice(state, player)``: the passive agent's choice where "the first passive
      verb" is not enough (a game lost at once by a side that does nothing: FellBound's two
      characters); default: :class:`~rules.core.agents.PassiveAgent`'s own rule.
    - ``deckless_modes``: ways of playing the game that need no saved decks, by name (a slug
      with hyphens: ``"full-game"``): modes whose seats start from what the engine deals
      (Millennium Blades' whole game: every seat starts from a starter deck and builds its kits
      in the game). Each value is an :class:`EngineSpec` of its own (its own ``version``, seats,
      counters, end reasons, evaluation) whose ``new_game`` ignores the decks it is given except
      for their number (one placeholder :class:`~rules.core.decks.DeckList` per seat). The spec
      itself stays the game's deck engine: whatever iterates engines (the conformance suite,
      the apps' mode lists) sees only it; a mode is reached by name
      (``rules.core.registry.get_engine(slug, mode)``), and replays record it (``"mode"``).
    - ``setup_options``: what a user may choose before the games start
      (:class:`~rules.core.options.EngineOption`: the whole game's Store sets, Free Market Mode...),
      offered by the web form, the API and ``manage.py simulate --option`` alike, checked by
      ``rules.core.options.clean_options``; :meth:`start` turns them into ``new_game`` keywords
      (``rules.core.options.game_kwargs``), so runs and replays store only their JSON-able values.
      Every keyword ``new_game`` takes is declared here, typed: those only code passes (a match's
      reserve swaps, a test's Store) with ``offered=False``; :meth:`start` refuses any other name
      and an ill-typed value (``rules.core.options.check_start``), naming the option.
    - ``auto_pass``: which decisions are plain passes of priority (:class:`AutoPass`), so a person
      playing in the browser is asked only where they set a stop; None: only forced moves pass.
    """

    game: str
    version: str
    new_game: Callable[..., GameState]
    evaluate: Callable[[GameState, int], float] | None = None
    search_defaults: Mapping[str, Any] = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 2
    perfect_information: bool = False
    chance: bool = True
    simultaneous_moves: bool = False
    teams: bool = False
    free_for_all: bool = True
    player_counts: tuple[int, ...] = ()
    end_reasons: Mapping[str, str] = field(default_factory=dict)
    counters: tuple[StatCounter, ...] = ()
    goldfish_opponent: Callable[[], DeckList] | None = None
    passive_choice: Callable[[GameState, int], Action] | None = None
    match: MatchFormat | None = None
    deckless_modes: Mapping[str, EngineSpec] = field(default_factory=dict)
    setup_options: tuple[EngineOption, ...] = ()
    auto_pass: AutoPass | None = None

    def seat_counts(self) -> tuple[int, ...]:
        """Every number of seats the game may be played with."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def start(self, decks: list[DeckList], seed: int, **options: Any) -> GameState:
        if len(decks) not in self.seat_counts():
            counts = " or ".join(map(str, self.seat_counts()))
            raise ValueError(f"{self.game} is played by {counts} players, not {len(decks)}")
        check_start(self, options)  # an unknown or ill-typed option is refused, naming it
        return self.new_game(decks, seed, **game_kwargs(self, options))

    def end_reason_label(self, reason: str) -> str:
        """The phrase for an end reason (the core's own, the game's, or the value itself)."""
        return (self.end_reasons.get(reason) or CORE_END_REASONS.get(reason) or MATCH_END_REASONS.get(reason)
                or reason.replace("_", " "))

    def counter(self, name: str) -> StatCounter | None:
        return next((c for c in self.counters if c.name == name), None)

    def game_type(self) -> dict:
        """The declaration as JSON-able data (API, pages)."""
        return {"min_players": self.min_players, "max_players": self.max_players,
                "perfect_information": self.perfect_information, "chance": self.chance,
                "simultaneous_moves": self.simultaneous_moves, "teams": self.teams,
                "free_for_all": self.free_for_all, "player_counts": list(self.seat_counts()),
                "match": {"name": self.match.name, "label": self.match.label} if self.match else None,
                "end_reasons": dict(self.end_reasons), "counters": [c.as_dict() for c in self.counters],
                "deckless_modes": {name: {"version": spec.version, **spec.game_type()}
                                   for name, spec in self.deckless_modes.items()},
                **({"setup_options": [o.as_dict() for o in declared(self)]} if declared(self) else {})}
