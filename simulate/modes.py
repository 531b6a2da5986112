"""Simulation modes: which a game offers, how many decks each takes, and the pairings it plays.

Pure Python over a game's :class:`~rules.core.engine.EngineSpec` (no database), shared by the
web runs (``simulate.services`` / ``runner`` / ``selectors``) and ``manage.py simulate``, so both
play the same games from the same seed. Nothing here names a game: what a mode allows comes from
the spec's ``min_players`` and ``max_players``.

- **goldfish**: one deck against the game's passive opponent (``EngineSpec.goldfish_opponent``,
  else a mirror), as many passive seats as the game needs at least (one for a 2-player game).
- **head_to_head**: two decks, seats alternating (games played by exactly 2 players among others).
- **gauntlet**: one deck against each of 1 .. 20 opponents in turn, one head-to-head pairing each.
- **table**: 2 .. ``max_players`` decks at one table, every seat its own deck, the decks taking
  every seat in turn (``rules.core.play.seating``); offered by games for 3 or more players each
  playing for itself (``EngineSpec.free_for_all``).
- **match**: two decks in the game's competitive matches (``EngineSpec.match``: BOS's best of
  three); each of the run's "games" is one match, its figures the match's (``games_won`` counts
  the games inside it), its replay the replay of every game of the match.
- **teams**: two teams of allies (``EngineSpec.teams``), the decks chosen team by team (the first
  half is team 1) and stored in side order, alternating teams (:func:`side_order`): team 1 in the
  even seats, which the rotation keeps (every side takes every seat of its own parity), with the
  engine option ``teams``.

**Deckless modes** (``EngineSpec.deckless_modes``: Millennium Blades' ``full-game``) are a game's
own ways of playing without saved decks: each is an engine of its own whose seats start from what
it deals. A run of one plays ``players`` placeholder decks ("Seat 1" .. "Seat N", numbered from 1 for people), one agent per
seat, the seats not rotating (:func:`deckless_pairing`), as ``manage.py simulate --mode`` does.
They are not in :data:`MODES` (nothing offers them where decks are expected); their names come
from the engine, never from here.

A *pairing* is one match-up: its decks (sides), an agent per side and the names shown. Game
``i`` of pairing ``p`` of a run with seed ``S`` has seed ``derive_seed(pairing_seed(S, p),
"game", i)`` and seats ``seating(i, sides)``, exactly as ``rules.core.play.run_games`` plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.dealing import Dealer
from rules.core.decks import DeckList
from rules.core.engine import EngineSpec
from rules.core.play import GOLDFISH_OPPONENT_NAME, derive_seed, goldfish_opponent

GOLDFISH, HEAD_TO_HEAD, GAUNTLET, TABLE, TEAMS, MATCH = "goldfish", "head_to_head", "gauntlet", "table", "teams", "match"
LEAGUE = "league"  # every pairing of 2 .. 32 decks: simulate/league.py (its own start page)
MODES = (GOLDFISH, HEAD_TO_HEAD, GAUNTLET, MATCH, TABLE, TEAMS, LEAGUE)
#: the modes of the run form (a league has a page of its own: simulate/league_views.py)
FORM_MODES = tuple(mode for mode in MODES if mode != LEAGUE)
LABELS = {GOLDFISH: "Goldfish", HEAD_TO_HEAD: "Head-to-head", GAUNTLET: "Gauntlet", TABLE: "Table", TEAMS: "Teams",
          MATCH: "Matches", LEAGUE: "League"}
HELP = {
    GOLDFISH: "Your deck alone against a passive opponent: how fast does it win?",
    HEAD_TO_HEAD: "Your deck against one opponent deck, seats alternating.",
    GAUNTLET: "Your deck against several decks, one at a time: a matrix of win rates.",
    TABLE: "Several decks at one table, every seat its own deck, the seats rotating: placements per deck.",
    MATCH: "Your deck against one opponent in the game's competitive matches (BOS: best of three, reserves swapped "
           "between games): match wins and game wins.",
    TEAMS: "Two teams of allies: your deck and an ally deck against two opponent decks, allies acting together: "
           "team win rates.",
    LEAGUE: "2 to 32 decks, every deck against every other: the matchup matrix, ratings and the metagame equilibrium.",
}
MAX_GAUNTLET_OPPONENTS = 20
#: a deck doctor run (``simulate.doctor``): not a mode a user picks on the runs page, nor deckless
DOCTOR = "doctor"
LABELS[DOCTOR] = "Deck doctor"
PASSIVE = {"name": "passive"}


class ModeError(ValueError):
    """A mode the game does not offer, or the wrong number of decks for it; ``code`` says which."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def players_text(engine: EngineSpec) -> str:
    """"2 or 4 players", "2 to 5 players", "exactly 2 players"."""
    counts = engine.seat_counts()
    if len(counts) == 1:
        return f"exactly {counts[0]} player{'s' if counts[0] != 1 else ''}"
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return " or ".join(map(str, counts)) + " players"


def team_sizes(engine: EngineSpec) -> list[int]:
    """The even seat counts of 4 or more at which the game's teams of allies play."""
    return [n for n in engine.seat_counts() if n >= 4 and n % 2 == 0] if engine.teams else []


def goldfish_seats(engine: EngineSpec) -> int:
    """Seats of a goldfish game: the deck and enough passive opponents for the game's minimum
    (one for a 2-player game; none for a game one player may play alone)."""
    return max(1, engine.min_players)


def deck_range(mode: str, engine: EngineSpec) -> tuple[int, int]:
    """The fewest and most decks ``mode`` takes for this game; raises :class:`ModeError` when
    the game does not offer the mode (saying why)."""
    if mode not in MODES:
        raise ModeError("bad_mode", f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == GOLDFISH:
        return 1, 1
    if mode == LEAGUE:
        from simulate import league

        if not league.formats(engine):
            raise ModeError("mode_not_offered", f"{engine.game} ({players_text(engine)}) has no league")
        return league.MIN_DECKS, league.MAX_DECKS
    if mode in (HEAD_TO_HEAD, GAUNTLET):
        if 2 not in engine.seat_counts():
            raise ModeError("mode_not_offered", f"{engine.game} is played by {players_text(engine)}, so it has no "
                                                f"{mode} (two decks at a table){_table_hint(engine)}")
        return (2, 2) if mode == HEAD_TO_HEAD else (2, MAX_GAUNTLET_OPPONENTS + 1)
    if mode == MATCH:
        if engine.match is None:
            raise ModeError("mode_not_offered", f"{engine.game} has no competitive match format")
        return 2, 2
    if mode == TEAMS:
        sizes = team_sizes(engine)
        if not sizes:
            raise ModeError("mode_not_offered", f"{engine.game} has no team play")
        return sizes[0], sizes[-1]
    larger = [n for n in engine.seat_counts() if n >= 3]
    if not larger or not engine.free_for_all:
        hint = "; use teams instead" if team_sizes(engine) else "; use head_to_head (or gauntlet) instead"
        raise ModeError("mode_not_offered", f"{engine.game} is played by {players_text(engine)}, so it has no table "
                                            f"of 3 or more decks each playing for itself{hint}")
    return max(2, engine.min_players), larger[-1]


def _table_hint(engine: EngineSpec) -> str:
    try:
        deck_range(TABLE, engine)
    except ModeError:
        return ""
    return "; use table instead"


def available_modes(engine: EngineSpec) -> list[str]:
    """The modes this game offers, in the order of :data:`MODES`."""
    out = []
    for mode in MODES:
        try:
            deck_range(mode, engine)
        except ModeError:
            continue
        out.append(mode)
    return out


def deck_count_text(mode: str, engine: EngineSpec) -> str:
    low, high = deck_range(mode, engine)
    if mode == GAUNTLET:
        return f"1 deck and 1 to {high - 1} opponents"
    if mode == TEAMS:
        return " or ".join(f"{n} decks ({n // 2} a team)" for n in team_sizes(engine))
    if low == high:
        return f"exactly {low} deck{'s' if low != 1 else ''}"
    return f"{low} to {high} decks"


def check_deck_count(mode: str, count: int, engine: EngineSpec) -> None:
    """Raise :class:`ModeError` (``wrong_deck_count``) unless ``mode`` takes ``count`` decks."""
    low, high = deck_range(mode, engine)
    allowed = team_sizes(engine) if mode == TEAMS else range(low, high + 1)
    if count not in allowed:
        raise ModeError("wrong_deck_count", f"{mode} takes {deck_count_text(mode, engine)} for {engine.game} "
                                            f"({players_text(engine)}), not {count}")


def agents_per_side(mode: str, decks: int) -> int:
    """How many agents a user chooses: one per deck (a gauntlet: the deck's and its opponents')."""
    return {GOLDFISH: 1, HEAD_TO_HEAD: 2, GAUNTLET: 2, MATCH: 2}.get(mode, decks)


def side_agents(mode: str, agents: list[dict], decks: int, engine: EngineSpec) -> list[dict]:
    """The agent of every side of a run, from one agent for all or one per deck: goldfish adds
    the passive opponents; a gauntlet keeps two (the deck's, the opponents')."""
    wanted = agents_per_side(mode, decks)
    if len(agents) == 1:
        agents = agents * wanted
    if len(agents) != wanted:
        raise ModeError("bad_agents", f"{mode} takes 1 agent or {wanted} (one per deck), not {len(agents)}")
    if mode == GOLDFISH:
        return [dict(agents[0])] + [dict(PASSIVE) for _ in range(goldfish_seats(engine) - 1)]
    return [dict(a) for a in agents]


def pairing_count(mode: str, decks: int) -> int:
    return max(1, decks - 1) if mode == GAUNTLET else 1


def pairing_seed(run_seed: int, pairing: int) -> int:
    """Pairing 0 plays from the run's seed itself (a head-to-head run == the CLI's games with that
    seed); a gauntlet's later pairings from seeds derived from it."""
    return run_seed if pairing == 0 else derive_seed(run_seed, "pairing", pairing)


def game_seed(run_seed: int, pairing: int, index: int) -> int:
    return derive_seed(pairing_seed(run_seed, pairing), "game", index)


def _opponent_names(count: int) -> list[str]:
    if count == 1:
        return [GOLDFISH_OPPONENT_NAME]
    return [f"{GOLDFISH_OPPONENT_NAME} {n}" for n in range(1, count + 1)]


def distinct_names(names: list[str]) -> list[str]:
    """Deck names told apart: a name met again gets its count ("Ember Rush (2)"), so a table or
    a mirror match of one deck reads unambiguously."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def pairing_names(mode: str, names: list[str], engine: EngineSpec | None) -> list[list[str]]:
    """The side names of every pairing (deck names, told apart when a deck plays itself;
    goldfish adds its passive opponents)."""
    names = distinct_names(list(names))
    if mode == GOLDFISH:
        seats = goldfish_seats(engine) if engine is not None else 2
        return [[names[0] if names else ""] + _opponent_names(seats - 1)]
    if mode == GAUNTLET:
        return [[names[0], name] for name in names[1:]] or [["", ""]]
    return [list(names)]


@dataclass
class Pairing:
    """One match-up: decks, agent specs and names by side (side 0 is the first deck), and the
    engine's options for its games (the teams of a team run)."""

    number: int
    decks: list[DeckList]
    agents: list[dict]
    names: list[str]
    options: dict = field(default_factory=dict)
    dealer: Dealer | None = None  # a dealt-format run: these sides get fresh decks every game
    match: bool = False  # each "game" is one of the game's matches (``EngineSpec.match``)
    rotate: bool = True  # the sides take every seat in turn (a deckless mode's seats keep theirs)

    @property
    def sides(self) -> int:
        return len(self.decks)


def pairings(mode: str, engine: EngineSpec, decks: list[DeckList], names: list[str],
             agents: list[dict]) -> list[Pairing]:
    """Every pairing of a run: ``decks``/``names`` as chosen (first deck first), ``agents`` per
    side as :func:`side_agents` gives them."""
    labels = pairing_names(mode, names, engine)
    if mode == GOLDFISH:
        opponent = goldfish_opponent(engine, decks[0])
        sides = [decks[0]] + [opponent] * (len(labels[0]) - 1)
        return [Pairing(0, sides, list(agents[:len(sides)]), labels[0])]
    if mode == GAUNTLET:
        return [Pairing(number, [decks[0], decks[number + 1]], list(agents[:2]), labels[number])
                for number in range(len(decks) - 1)]
    if mode == MATCH:
        return [Pairing(0, list(decks), list(agents[:2]), labels[0], match=True)]
    if mode == TEAMS:  # the decks come in side order (:func:`side_order`)
        return [Pairing(0, list(decks), list(agents[:len(decks)]), labels[0], {"teams": team_seats(len(decks))})]
    return [Pairing(0, list(decks), list(agents[:len(decks)]), labels[0])]


def side_order(mode: str, chosen: list) -> list:
    """Decks (or their agents) as a user chose them, in side order. A team run's are chosen team by
    team (team 1's half first) and sit alternately (A1, B1, A2, B2), so the run stores them
    alternating; every other mode keeps the chosen order."""
    if mode != TEAMS:
        return list(chosen)
    half = len(chosen) // 2
    return [chosen[i] for pair in zip(range(half), range(half, len(chosen)), strict=True) for i in pair]


def team_seats(count: int) -> list[list[int]]:
    """The engine option ``teams`` of a team run: the even seats, the odd seats."""
    return [list(range(0, count, 2)), list(range(1, count, 2))]


def team_of_side(side: int) -> int:
    """The team (0 or 1) of a side of a team run (sides alternate teams)."""
    return side % 2


def summary_mode(mode: str) -> str:
    """The mode a pairing's figures are labelled with: a gauntlet's pairings are head-to-heads."""
    return HEAD_TO_HEAD if mode == GAUNTLET else mode


# -- deckless modes (EngineSpec.deckless_modes) ---------------------------------------------------------
def is_deckless(mode: str) -> bool:
    """Whether ``mode`` names a game's deckless mode rather than one of :data:`MODES`."""
    return mode not in MODES and mode != DOCTOR


def rotates(mode: str) -> bool:
    """Whether the sides of ``mode``'s games take every seat in turn: a deckless mode's seats keep theirs."""
    return not is_deckless(mode)


def mode_label(mode: str) -> str:
    """"Head-to-head"; a deckless mode's name as words ("full-game": "Full game")."""
    return LABELS.get(mode) or mode.replace("-", " ").replace("_", " ").capitalize()


def deckless_help(engine: EngineSpec) -> str:
    """What a deckless mode (its own ``engine``) is, in the page's words."""
    return (f"No decks: every seat starts from what the game deals and keeps its seat; "
            f"{players_text(engine)}, an agent each.")


def seat_names(players: int) -> list[str]:
    """The sides of a deckless run: "Seat 1" .. "Seat N", engine seat 0 being "Seat 1" as everywhere a
    person reads (an engine sentence's "Seat 0" is named "Seat 1" by ``rules.core.replay.name_seats``),
    so the run page, the games list and the replay agree. Computed, never stored: runs made when
    these read "Seat 0" .. read the same way."""
    return [f"Seat {seat + 1}" for seat in range(players)]


def check_players(mode: str, players: int, engine: EngineSpec) -> None:
    """Raise :class:`ModeError` (``bad_players``) unless the deckless mode's ``engine`` seats ``players``."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in engine.seat_counts():
        raise ModeError("bad_players", f"{mode_label(mode)} is played by {players_text(engine)}: players must be "
                                       f"one of {', '.join(map(str, engine.seat_counts()))}, not {players!r}")


def deckless_pairing(engine: EngineSpec, players: int, agents: list[dict], options: dict | None = None) -> Pairing:
    """The one pairing of a deckless run: a placeholder deck per seat (the engine uses only their
    number), an agent per seat, the seats not rotating; ``options``: the engine's setup options
    (``EngineSpec.setup_options``, already checked) for every game."""
    names = seat_names(players)
    return Pairing(0, [DeckList(game=engine.game, name=name) for name in names], [dict(a) for a in agents], names,
                   dict(options or {}), rotate=False)
