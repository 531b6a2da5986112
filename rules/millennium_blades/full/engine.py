"""The entry point of the whole game: ``new_full_game`` and ``FULL_ENGINE`` (an ``EngineSpec``
registered as the tournament engine's deckless mode ``"full-game"``: ``ENGINE.deckless_modes`` in
``rules/millennium_blades/engine.py``, reached by ``rules.core.registry.get_engine("millennium_blades",
"full-game")`` and ``manage.py simulate --mode full-game``; the web run type comes in a later step).

``new_full_game(players, seed, *, pool=None, sets=None, preset=None, fusion=None, prize=None,
starters=None, ticks_per_minute=2, timers=(7, 7, 6), reuse_short_sets=True)``:

- ``pool``: a ``FullPool`` (default: ``load_pool()``, the card database's with every imported set
  when the host has one, else ``fixtures/millennium_blades.json``);
- ``sets``: the Store's set codes (default: the rulebook's Core, 5 Expansion, 4 Premium, 3 Master,
  as many as the pool has, by release order); ``preset="first_game"``: the "First Game Setup"
  sets (when the pool has them by name);
- ``fusion``: ``{"bronze"|"silver"|"gold": code}``; ``prize``: ``{1: bronze code, 2: silver code}``;
- ``starters``: starter set codes, one per seat (default: dealt at random from ``starter_sets``,
  default every starter set whose cards the engine can run);
- ``not_playable``: a chosen set holding cards the engine cannot run yet (not compiled from their
  text) is refused (``"refuse"``, default) or played without those cards (``"leave_out"``, noted);
- ``ticks_per_minute`` and ``timers`` (minutes): each timer's tick budget;
- ``reuse_short_sets``: a pool with one promo set of a kind gives prize support a second printing;
- ``metagame_stacks``: ``"original"``, the game's own Metagame stacks (``metagames.py``), or ``"none"``;
- ``metagames``: ``{"elemental": [CardSpec, ...], "type": [...]}``, the two Metagame stacks
  (default none); their Score effects run in the tournaments (the tournament engine's ``metagame``);
- ``pre_release``: play the Pre-Release Tournament with the starter decks first, and two rounds after;
- ``free_market``: "Free Market Mode" ("VARIANTS & OPTIONS": "players may make uneven trades"):
  trade offers may also name the Star Rating minus or plus 2 dollars, and trades are not checked
  for equal value (``trading.py``).
- ``characters``: ``"none"`` (default, "Playing without Characters") or ``"powers"`` (both sides of
  each seat's Character card are played); ``character_names``: each seat's character (default: at
  random); ``pro_players``: "Pro Player Cards" (needs ``characters="powers"``); ``venues``: the
  Venue Deck (``powers.py``, ``characters.py``, ``venues.py``).
"""

from __future__ import annotations

from rules.core.engine import Action, AutoPass, EngineSpec, GameState, StatCounter, Stop
from rules.millennium_blades.full import duel as duel_mode
from rules.millennium_blades.full import metagames as metagame_cards
from rules.millennium_blades.full import powers, rounds
from rules.millennium_blades.full.agents.ai import evaluate
from rules.millennium_blades.full.agents.duel import evaluate as evaluate_duel
from rules.millennium_blades.full.options import OPTIONS
from rules.millennium_blades.full.pool import FullPool, load_pool
from rules.millennium_blades.full.setup import setup_game
from rules.millennium_blades.full.state import TICKS_PER_MINUTE, TIMERS, FullGameState

#: 0.2: trading, Friendship, characters dealt at setup, Free Market Mode; 0.3: Duel, Draft and
#: Liquidation Modes, Millennium Accessories; 0.4 (issue 29): the tournament engine 1.3's fixes, income
#: in the event log (``income``); 0.5 (issue 25.8): greedy judges the best few actions of each kind a tick
#: (``agents/candidates.py``), so greedy games play differently; 0.6 (issue 26): the pool is the host's card
#: database (imported sets), cards not playable yet are refused or left out (``not_playable``), starter sets
#: may be chosen, imported characters join the roster (the fixture's games are unchanged); 0.7 (issue 27.1):
#: set-up notes name set kinds in words ("bronze promo"); 0.8 (issue 27): the step named after each move is the one now
#: waiting, and a tournament's events in the whole game name "round N:tournament", not the last tick; the
#: first move is turn 1 (the set-up turn 0); 0.9: the tournament engine 1.10, and a world the search samples
#: hides the Metagame stacks' order (``powers.hide_meta_order``), so the AI plays differently; 0.10: the
#: tournament engine 1.11 (each tournament's Store shuffled as it is drawn from: other draws from a seed)
VERSION = "0.10"
MIN_PLAYERS, MAX_PLAYERS = 3, 5  # "These rules assume a 3-5 player group" (2: Duel Mode, DUEL_ENGINE)
END_REASONS = {"game_end": "three rounds were played; the most VP won (tie-breaks: tournaments, "
                           "collections, money, friendship)"}
COUNTERS = (
    StatCounter("vp_tournaments", "VP from tournaments", group="vp"),
    StatCounter("vp_collections", "VP from collections", group="vp"),
    StatCounter("vp_money", "VP from money", group="vp"),
    StatCounter("vp_friendship", "VP from Friendship cards", group="vp"),
    StatCounter("money", "Millennium Dollars at the end"),
    StatCounter("bought", "Bought from the Store", per_card=True),
    StatCounter("bought_aftermarket", "Bought from the Aftermarket", per_card=True),
    StatCounter("sold", "Sold to the Aftermarket", per_card=True),
    StatCounter("fused", "Promos from Card Fusion", per_card=True),
    StatCounter("collected", "Collected (turned in)", per_card=True),
    StatCounter("prize", "Prize support", per_card=True),
    StatCounter("traded_for", "Got in a trade with a player", per_card=True),
    StatCounter("price_paid", "Price paid (dollars)", per_card=True, per=("bought", "bought_aftermarket"),
                description="dollars paid for the copies bought (Store cost, Aftermarket price): per copy, the mean price"),
    StatCounter("kit", "Brought to a tournament", per_card=True,
                description="copies in the seat's kit (the deck it built) at each tournament of rounds 1-3"),
    StatCounter("in_winning_kit", "In a tournament winner's kit", per_card=True,
                description="copies in the kit of a seat placed first in a tournament (rounds 1-3), each tournament"),
)


def new_full_game(players: int, seed: int, *, pool: FullPool | None = None, sets=None, preset: str | None = None,
                  fusion=None, prize=None, starters=None, ticks_per_minute: int = TICKS_PER_MINUTE,
                  timers=TIMERS, reuse_short_sets: bool = True, metagames=None,
                  pre_release: bool = False, free_market: bool = False, duel: bool = False, draft: bool = False,
                  liquidation: bool = False, millennium_accessories: str = "none",
                  handicap_seats=(), characters: str = "none", character_names=None, pro_players: bool = False,
                  venues: bool = False, metagame_stacks: str = "none", starter_sets=None,
                  not_playable: str = "refuse") -> FullGameState:
    """A whole game, set up and at the first tick of Deckbuilding Round 1 (or at the first turn
    of the Pre-Release Tournament, or at the Millennium Accessories draft)."""
    low, high = (duel_mode.PLAYERS, duel_mode.PLAYERS) if duel else (MIN_PLAYERS, MAX_PLAYERS)
    if not low <= players <= high:
        what = "Duel Mode is" if duel else "the whole game is"
        raise ValueError(f"{what} played by {low}-{high} players, not {players}" if low < high
                         else f"{what} played by {low} players, not {players}")
    if duel and free_market:
        raise ValueError('Duel Mode: "trades must still be even" (no Free Market Mode)')
    if draft and not timers[0]:
        raise ValueError("Draft Mode drafts again when the first timer ends: the first timer needs ticks")
    state = FullGameState(players, seed, ticks_per_minute=ticks_per_minute, timers=timers, free_market=free_market,
                          duel=duel, draft_mode=draft, liquidation=liquidation)
    pool = pool or load_pool()
    # Character Powers, Pro Player Cards, Venues (powers.py): checked and recorded before the setup
    powers.configure(state, characters=characters, character_names=character_names, pro_players=pro_players,
                     venues=venues, pool=pool)
    setup_game(state, pool, sets=sets, preset=preset, fusion=fusion, prize=prize,
               starters=starters, starter_sets=starter_sets, not_playable=not_playable,
               reuse_short_sets=reuse_short_sets,
               metagames=metagame_cards.stacks_for(metagame_stacks, metagames),
               accessories=millennium_accessories, handicap_seats=handicap_seats)
    if pre_release:  # "skip the third round of deckbuilding and the third tournament"
        state.last_round = 2
    if state.accessory_draft is None:  # else the draft starts it (millennium_accessories.py)
        rounds.start_first_round(state)
    # the first move is turn 1 (the set-up's events: turn 0), so a move's turn is its tick in
    # Deckbuilding Round 1, as the play page's header and log say it
    state.turn = 1
    return state


def _new_game(decks, seed: int, **options) -> FullGameState:
    """``EngineSpec.new_game``: the seat count from ``decks`` (decks themselves are not used:
    each seat starts from a starter deck)."""
    return new_full_game(len(decks), seed, **options)


def market_stop(state: GameState, seat: int) -> str | None:
    """The stop of a plain market tick ("market"), where waiting is a pass; None where the seat must
    decide: a trade offer to it waiting for its answer, a draft pick, the tournament."""
    assert isinstance(state, FullGameState), "AutoPass declares a stop for any game's state"
    if state.is_over or state.tournament is not None or state.draft is not None or state.accessory_draft is not None:
        return None
    if any(offer.get("to") == seat for offer in state.offers.values()):
        return None
    return "market"


def market_hold(state: GameState, seat: int) -> tuple:
    """How long a wait lasts: to the end of the timer (millennium-blades.txt, "DECKBUILDING PHASE":
    when a timer expires the market changes, cards are dealt, a Meta revealed, the Aftermarket closed)."""
    assert isinstance(state, FullGameState), "AutoPass declares a hold for any game's state"
    return (state.round, state.timer, state.phase)


#: the play page's auto-pass (``AutoPass``): a wait the person makes lasts to the end of the timer or
#: until a trade offer to them, one click instead of one per tick; the stop asks again at every tick
MARKET_AUTO_PASS = AutoPass(
    pass_action=Action("wait"), stop_at=market_stop, hold=market_hold,
    stops=(Stop("market", "every market tick, even after you wait (else a wait lasts to the end of the timer "
                          "or a trade offer to you)"),),
)


FULL_ENGINE = EngineSpec(
    game="millennium_blades", version=f"full-{VERSION}", new_game=_new_game, evaluate=evaluate,
    search_defaults={"eval_scale": 5.0}, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, perfect_information=False,
    chance=True, simultaneous_moves=True, end_reasons=END_REASONS, counters=COUNTERS,
    setup_options=OPTIONS,  # rules/millennium_blades/full/options.py: the web form's, the API's and --option's choices
    auto_pass=MARKET_AUTO_PASS,
)


def _new_duel(decks, seed: int, **options) -> FullGameState:
    """``EngineSpec.new_game`` of Duel Mode."""
    return new_full_game(len(decks), seed, duel=True, **options)


DUEL_COUNTERS = (
    StatCounter("tournaments_won", "Tournaments won"),
    StatCounter("rp_collections", "RP from collections"),
    *(c for c in COUNTERS if c.name == "money" or c.per_card),
)
#: "Duel Mode" (``duel.py``): 2 players, best two tournaments of three
DUEL_ENGINE = EngineSpec(
    game="millennium_blades", version=f"duel-{VERSION}", new_game=_new_duel, evaluate=evaluate_duel,
    search_defaults={"eval_scale": 5.0}, min_players=duel_mode.PLAYERS, max_players=duel_mode.PLAYERS,
    perfect_information=False, chance=True, simultaneous_moves=True, counters=DUEL_COUNTERS,
    setup_options=tuple(o for o in OPTIONS if o.name != "free_market"),  # "trades must still be even"
    auto_pass=MARKET_AUTO_PASS,
    end_reasons={"two_tournaments_won": "a player won two tournaments",
                 "three_tournaments_played": "three tournaments were played without a player winning two"},
)
