"""The entry point of Turn-Based Mode: ``new_turn_based_game`` and ``TURN_BASED_ENGINE`` (an
``EngineSpec`` meant to be the tournament engine's deckless mode ``"turn-based"``).

``new_turn_based_game(players, seed, *, pool=None, sets=None, fusion=None, prize=None,
metagames=None, first_player=None, turns_per_deck=TURNS_PER_DECK)``:

- ``pool``: a ``FullPool`` (default: ``fixtures/millennium_blades.json``);
- ``sets``: the Store's set codes (default: the rulebook's counts, as many as the pool has);
- ``fusion``: ``{"bronze1"|"bronze2"|"silver": code}``; ``prize``: ``{"silver"|"gold": code}``;
- ``metagames``: ``{"elemental": [CardSpec, ...], "type": [...]}``, the two Metagame stacks;
- ``first_player``: the first seat (default: drawn from the seed);
- ``turns_per_deck``: the turns a player may take on one deck before scoring is its only main
  action (the rulebook has no such limit; it makes every game end: rules notes).

``OPTIONS`` (``TURN_BASED_ENGINE.setup_options``) offers the JSON-able ones to the web form, the API
and ``manage.py simulate --option``: ``sets``, the promo piles (``fusion_bronze1``,
``fusion_bronze2``, ``fusion_silver``, ``prize_silver``, ``prize_gold``), ``first_player`` and
``turns_per_deck``.
"""

from __future__ import annotations

from rules.core.engine import EngineSpec, StatCounter
from rules.core.options import CHOICE, INTEGER, MULTIPLE, EngineOption, code_only
from rules.millennium_blades.full.options import default_sets, promo_sets, store_sets
from rules.millennium_blades.full.pool import FullPool, load_pool
from rules.millennium_blades.turn_based.ai import evaluate
from rules.millennium_blades.turn_based.setup import setup_game
from rules.millennium_blades.turn_based.state import TURNS_PER_DECK, TurnBasedState

#: 0.2 (issue 29): the tournament engine 1.3's fixes (an Action's card flipped when its text fails, a
#: face-down card's effects do not resolve), income in the event log (``income``); 0.3 (issue 27.1): set-up
#: notes name set kinds in words ("bronze promo"); 0.4: the tournament engine 1.10's Reactions
VERSION = "turn-based-0.4"
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # "This mode can be played by 2-5 players"
END_REASONS = {"game_end": "every player scored three times; the highest total RP won"}
COUNTERS = (
    StatCounter("rp_total", "Total RP", description="RP recorded over the three scorings"),
    StatCounter("rp_scoring_1", "RP at the first scoring"),
    StatCounter("rp_scoring_2", "RP at the second scoring"),
    StatCounter("rp_scoring_3", "RP at the third scoring"),
    StatCounter("money", "Millennium Dollars at the end"),
    StatCounter("played", "Singles played", per_card=True, description="singles played into the tableau"),
    StatCounter("bought", "Bought from the Store", per_card=True),
    StatCounter("bought_aftermarket", "Bought from the Aftermarket", per_card=True),
    StatCounter("sold", "Sold to the Aftermarket", per_card=True),
    StatCounter("fused", "Promos from Card Fusion", per_card=True),
    StatCounter("fusion_fodder", "Cards fused away", per_card=True),
    StatCounter("collected", "Added to a collection", per_card=True),
    StatCounter("prize", "Promos gained at scoring", per_card=True),
)

#: the setup options the web form, the API and ``manage.py simulate --option`` offer
#: (``rules/core/options.py``): ``new_turn_based_game``'s JSON-able keywords; the Store's sets and
#: the promo choices are the whole game's (``full/options.py``)
OPTIONS = (
    EngineOption("sets", "Store sets", MULTIPLE, "the sets shuffled together into the Store (setup 1: \"as usual\", "
                 "GAME SETUP 2); default: the rulebook's Core, 5 Expansion, 4 Premium and 3 Master sets, as many as "
                 "the pool has", choices=store_sets, default=default_sets, minimum=1),
    EngineOption("fusion_bronze1", "First Bronze fusion pile", CHOICE, "a Bronze promo set fusable during the game "
                 "(setup 4)", choices=promo_sets("bronze_promo"), kwarg="fusion", key="bronze1"),
    EngineOption("fusion_bronze2", "Second Bronze fusion pile", CHOICE, "the other fusable Bronze promo set (setup 4; "
                 "default: the next set, else a second printing)",
                 choices=promo_sets("bronze_promo", "the next set, else a second printing"), kwarg="fusion",
                 key="bronze2"),
    EngineOption("fusion_silver", "Silver fusion pile", CHOICE, "the fusable Silver promo set (setup 4)",
                 choices=promo_sets("silver_promo"), kwarg="fusion", key="silver"),
    EngineOption("prize_silver", "Set-aside Silver promos", CHOICE, "the Silver promo set given out during scoring "
                 "(setup 5; default: a spare set, else a second printing)",
                 choices=promo_sets("silver_promo", "a spare set, else a second printing"), kwarg="prize",
                 key="silver"),
    EngineOption("prize_gold", "Set-aside Gold promos", CHOICE, "the Gold promo set given out during scoring (setup 5)",
                 choices=promo_sets("gold_promo"), kwarg="prize", key="gold"),
    EngineOption("first_player", "First player", CHOICE, "the seat that takes the first turn (setup 2; "
                 "a seat past the table counts round it: seat 3 of 2 is seat 1)",
                 choices=((None, "drawn at random"), *((seat, f"seat {seat}") for seat in range(MAX_PLAYERS)))),
    EngineOption("turns_per_deck", "Turns per deck", INTEGER, "the turns a player may take on one deck before "
                 "scoring is their only main action (not in the rulebook: it makes every game end)",
                 default=TURNS_PER_DECK, minimum=1, maximum=200),
    # new_turn_based_game's keywords only code passes (tests, benchmarks): never offered
    code_only("pool", "the card pool (default: the stored one)"),
    code_only("fusion", "the Fusion cards by tier (the fusion_* options fill it)", dict),
    code_only("prize", "the Prize cards by tournament (the prize_* options fill it)", dict),
    code_only("metagames", "the Metagame cards to draw from", list, tuple),
)


def new_turn_based_game(players: int, seed: int, *, pool: FullPool | None = None, sets=None, fusion=None,
                        prize=None, metagames=None, first_player: int | None = None,
                        turns_per_deck: int = TURNS_PER_DECK) -> TurnBasedState:
    """A Turn-Based game, set up, at the first player's first turn."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Turn-Based Mode is played by {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    state = TurnBasedState(players, seed, turns_per_deck=turns_per_deck)
    setup_game(state, pool or load_pool(), sets=sets, fusion=fusion, prize=prize, metagames=metagames,
               first_player=first_player)
    state.turn_seat = state.first_player
    state.turn = 0
    state.begin_turn()
    return state


def _new_game(decks, seed: int, **options) -> TurnBasedState:
    """``EngineSpec.new_game``: the seat count from ``decks`` (each seat is dealt from the Store)."""
    return new_turn_based_game(len(decks), seed, **options)


TURN_BASED_ENGINE = EngineSpec(
    game="millennium_blades", version=VERSION, new_game=_new_game, evaluate=evaluate,
    search_defaults={"eval_scale": 10.0}, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    perfect_information=False, chance=True, simultaneous_moves=False, end_reasons=END_REASONS, counters=COUNTERS,
    setup_options=OPTIONS,
)
