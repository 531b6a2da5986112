"""Best-of-three BOS matches with reserves (bos.txt, "Best of 3 Match", "Reserves").

The flowchart: reveal bosses; an ether bid; set up; play; then, for each next game, a new bid
and reserve swaps ("Swap out cards from your castle or spellbook with cards from your reserves.
You may swap as many as you want, including none."), until a player has won two games. Each
game is an ordinary engine game with the options ``reserve_swaps`` (games 2+) and
``tie_chooser`` (the loser of the previous game settles a third tied bid); the swaps are the
agents' own choices (``swap``/``done`` actions) and carry over: game k+1 starts from the deck
and reserves game k ended with. A drawn game (turn limit) decides nothing; after ``max_games``
games without a winner the match is drawn. Reported as match wins and game wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.core.agents import Agent
from rules.core.decks import DeckList
from rules.core.engine import EngineSpec
from rules.core.play import AgentSpec, GameResult, build_agent, choose_move, derive_seed

GAMES_TO_WIN = 2
MAX_GAMES = 5


@dataclass
class MatchResult:
    """A match between side 0 (seat 0) and side 1 (seat 1)."""

    winner: int | None  # the side that won two games; None: drawn
    game_wins: list[int]
    games: list[GameResult] = field(default_factory=list)
    decks: list[list[DeckList]] = field(default_factory=list)  # the decks each game started from

    def as_dict(self) -> dict:
        return {"winner": self.winner, "draw": self.winner is None, "game_wins": list(self.game_wins),
                "games": [g.as_dict() for g in self.games]}


def play_match(engine: EngineSpec, decks: Sequence[DeckList], agents: Sequence[AgentSpec | Agent], seed: int, *,
               record: bool = False, games_to_win: int = GAMES_TO_WIN, max_games: int = MAX_GAMES,
               options: dict | None = None) -> MatchResult:
    """Play a best-of-three (first to ``games_to_win``) between ``decks[i]`` played by ``agents[i]``."""
    current = list(decks)
    wins = [0, 0]
    result = MatchResult(None, wins)
    tie_chooser = 0
    for index in range(max_games):
        game_options = {**(options or {}), "first_player": "bid", "reserve_swaps": index > 0,
                        "tie_chooser": tie_chooser}
        game_seed = derive_seed(seed, "match", index)
        game, state = _play(engine, current, agents, game_seed, index, record, game_options)
        result.games.append(game)
        result.decks.append(list(current))
        current = [_named(state.lineup(seat), current[seat]) for seat in (0, 1)]
        for seat in game.winners:
            wins[seat] += 1
        if game.winners:
            tie_chooser = 1 - game.winners[0]
        if max(wins) >= games_to_win:
            result.winner = wins.index(max(wins))
            break
    return result


def _named(deck: DeckList, like: DeckList) -> DeckList:
    deck.name, deck.format = like.name, like.format
    return deck


def _play(engine, decks, agents, seed, index, record, options):
    """One game of the match; the final state too (its decks after the swaps)."""
    state = engine.start(list(decks), seed, **options)
    state.log_events = record
    players = [build_agent(spec, derive_seed(seed, "agent", seat), engine) for seat, spec in enumerate(agents)]
    moves = []
    while not state.is_over:
        move = choose_move(state, players)
        state.apply_move(move)
        moves.append(move)
    outcome = state.outcome
    game = GameResult(index=index, seed=seed, sides=(0, 1), winners=outcome.winners, reason=outcome.reason,
                      turns=state.turn, steps=len(moves), returns=outcome.returns, placements=outcome.placements,
                      counters=state.counters())
    if record:
        from rules.core.replay import make_replay

        game.replay = make_replay(engine=engine, decks=list(decks), seed=seed, agents=[p.describe() for p in players],
                                  moves=moves, state=state, options=options)
    return game, state
