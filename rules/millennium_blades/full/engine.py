"""The entry point of the whole game: ``new_full_game`` and ``FULL_ENGINE`` (an ``EngineSpec``
registered as the tournament engine's deckless mode ``"full-game"``: ``ENGINE.deckless_modes`` in
``rules/millennium_blades/engine.py``, reached by ``rules.core.registry.get_engine("millennium_blades",
"full-game")`` and ``manage.py simulate --mode full-game``; the web run type comes in a later step).

``new_full_game(players, seed, *, pool=None, sets=None, preset=None, fusion=None, prize=None,
starters=None, ticks_per_minute=2, timers=(7, 7, 6), reuse_short_sets=True)``:

- ``pool``: a ``FullPool`` (default: ``fixtures/millennium_blades.json``);
- ``sets``: the Store's set codes (default: the rulebook's Core, 5 Expansion, 4 Premium, 3 Master,
  as many as the pool has, by release order); ``preset="first_game"``: the "First Game Setup"
  sets (when the pool has them by name);
- ``fusion``: ``{"bronze"|"silver"|"gold": code}``; ``prize``: ``{1: bronze code, 2: silver code}``;
- ``starters``: starter set codes, one per seat (default: dealt at random);
- ``ticks_per_minute`` and ``timers`` (minutes): each timer's tick budget;
- ``reuse_short_sets``: a pool with one promo set of a kind gives prize support a second printing;
- ``metagames``: ``{"elemental": [CardSpec, ...], "type": [...]}``, the two Metagame stacks
  (default none); their Score effects run in the tournaments (the tournament engine's ``metagame``);
- ``pre_release``: play the Pre-Release Tournament with the starter decks first, and two rounds after;
- ``free_market``: "Free Market Mode" ("VARIANTS & OPTIONS": "players may make uneven trades"):
  trade offers may also name the Star Rating minus or plus 2 dollars, and trades are not checked
  for equal value (``trading.py``).
"""

from __future__ import annotations

from rules.core.engine import EngineSpec, StatCounter
from rules.millennium_blades.full import rounds
from rules.millennium_blades.full.agents.ai import evaluate
from rules.millennium_blades.full.pool import FullPool, load_pool
from rules.millennium_blades.full.setup import setup_game
from rules.millennium_blades.full.state import TICKS_PER_MINUTE, TIMERS, FullGameState

VERSION = "0.2"  # 0.2: trading, Friendship, characters dealt at setup, Free Market Mode
MIN_PLAYERS, MAX_PLAYERS = 3, 5  # "These rules assume a 3-5 player group" (Duel Mode is not here yet)
END_REASONS = {"game_end": "three rounds were played; the most VP won (tie-breaks: tournaments, "
                           "collections, money, friendship)"}
COUNTERS = (
    StatCounter("vp_tournaments", "VP from tournaments"),
    StatCounter("vp_collections", "VP from collections"),
    StatCounter("vp_money", "VP from money"),
    StatCounter("vp_friendship", "VP from Friendship cards"),
    StatCounter("money", "Millennium Dollars at the end"),
    StatCounter("bought", "Bought from the Store", per_card=True),
    StatCounter("bought_aftermarket", "Bought from the Aftermarket", per_card=True),
    StatCounter("sold", "Sold to the Aftermarket", per_card=True),
    StatCounter("fused", "Promos from Card Fusion", per_card=True),
    StatCounter("collected", "Collected (turned in)", per_card=True),
    StatCounter("prize", "Prize support", per_card=True),
    StatCounter("traded_for", "Got in a trade with a player", per_card=True),
)


def new_full_game(players: int, seed: int, *, pool: FullPool | None = None, sets=None, preset: str | None = None,
                  fusion=None, prize=None, starters=None, ticks_per_minute: int = TICKS_PER_MINUTE,
                  timers=TIMERS, reuse_short_sets: bool = True, metagames=None,
                  pre_release: bool = False, free_market: bool = False) -> FullGameState:
    """A whole game, set up and at the first tick of Deckbuilding Round 1 (or at the first turn
    of the Pre-Release Tournament)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"the whole game is played by {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    state = FullGameState(players, seed, ticks_per_minute=ticks_per_minute, timers=timers, free_market=free_market)
    setup_game(state, pool or load_pool(), sets=sets, preset=preset, fusion=fusion, prize=prize,
               starters=starters, reuse_short_sets=reuse_short_sets, metagames=metagames)
    if pre_release:  # "skip the third round of deckbuilding and the third tournament"
        state.last_round = 2
        rounds.start_pre_release(state)
    else:
        rounds.start_deckbuilding(state)
    return state


def _new_game(decks, seed: int, **options) -> FullGameState:
    """``EngineSpec.new_game``: the seat count from ``decks`` (decks themselves are not used:
    each seat starts from a starter deck)."""
    return new_full_game(len(decks), seed, **options)


FULL_ENGINE = EngineSpec(
    game="millennium_blades", version=f"full-{VERSION}", new_game=_new_game, evaluate=evaluate,
    search_defaults={"eval_scale": 5.0}, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, perfect_information=False,
    chance=True, simultaneous_moves=True, end_reasons=END_REASONS, counters=COUNTERS,
)
