"""The whole game's setup options (``FULL_ENGINE.setup_options``): what a user chooses before the
games start, on the web's full-game form, in the API's ``options`` and with ``manage.py simulate
--option name=value`` (``rules/core/options.py`` checks them and turns them into ``new_full_game``
keyword arguments).

Choices that depend on the card pool (set codes) are computed from it when asked
(``load_pool()``: the card database's, with every imported set, in the web workshop; else
``fixtures/millennium_blades.json``); a set with cards not playable yet says how many. To add an option, add one
``EngineOption(...)`` line to :data:`OPTIONS` (its ``name`` is ``new_full_game``'s keyword unless
``kwarg`` says otherwise; ``key`` puts it under a key of a dict keyword, as the promos do).
"""

from __future__ import annotations

from rules.core.options import BOOLEAN, CHOICE, INTEGER, MULTIPLE, EngineOption, code_only
from rules.millennium_blades.full.characters import not_playable, roster
from rules.millennium_blades.full.pool import load_pool
from rules.millennium_blades.full.setup import FIRST_GAME, STORE_COUNTS, _by_names, choose_store_sets
from rules.millennium_blades.full.state import TICKS_PER_MINUTE

KIND_NAMES = {"core": "Core", "expansion": "Expansion", "premium": "Premium", "master": "Master",
              "bronze_promo": "Bronze promos", "silver_promo": "Silver promos", "gold_promo": "Gold promos"}


def _label(pool, info, kind: str | None = None) -> str:
    """A set's name for a choice: its kind, and how many of its cards are not playable yet."""
    label = f"{info.name} ({KIND_NAMES[kind]})" if kind else info.name
    missing = len(pool.not_playable(info.code))
    return f"{label} [{missing} of {len(pool.cards_of(info.code))} not playable yet]" if missing else label


def store_sets() -> list[tuple[str, str]]:
    """Every set the Store may take (core, expansion, premium, master), by kind then release."""
    pool = load_pool()
    return [(s.code, _label(pool, s, kind)) for kind in STORE_COUNTS for s in pool.sets_of(kind)]


def default_sets() -> list[str]:
    """The rulebook's Store: Core, 5 Expansion, 4 Premium, 3 Master sets (as many as the pool has
    whose cards are all playable)."""
    return choose_store_sets(load_pool(), None, [])


def starter_sets() -> list[tuple[str, str]]:
    pool = load_pool()
    return [(s.code, _label(pool, s)) for s in pool.sets_of("starter")]


def default_starters() -> list[str]:
    return [s.code for s in load_pool().sets_of("starter", playable=True)]


def character_choices() -> list[tuple[str | None, str]]:
    """The rulebook's six and the pool's imported characters; one whose powers do not all compile says so."""
    return [(None, "at random")] + [(name, f"{name} [powers not playable yet]" if not_playable(spec) else name)
                                    for name, spec in roster(load_pool()).items()]


def promo_sets(kind: str, default: str = "the pool's first whose cards are all playable"):
    """Choices for one promo pile: the pool's sets of ``kind``, or none (``default`` says what setup
    then takes)."""
    def choices() -> list[tuple[str | None, str]]:
        pool = load_pool()
        return [(None, default)] + [(s.code, _label(pool, s)) for s in pool.sets_of(kind)]
    return choices


def _first_game_in_pool(value) -> None:
    if value == "first_game" and not all(_by_names(load_pool(), FIRST_GAME[k]) for k in ("store", "fusion", "prize")):
        raise ValueError('the "First Game Setup" sets (rulebook names) are not all in this card pool')


OPTIONS = (
    EngineOption("sets", "Store sets", MULTIPLE, "the sets shuffled together into the Store (GAME SETUP 2); "
                 "default: the rulebook's Core, 5 Expansion, 4 Premium and 3 Master sets, as many as the pool has",
                 choices=store_sets, default=default_sets, minimum=1),
    EngineOption("starter_sets", "Starter decks", MULTIPLE, "the starter decks dealt to the seats at random (GAME "
                 "SETUP 5); default: every starter deck of the pool whose cards are all playable",
                 choices=starter_sets, default=default_starters, minimum=1),
    EngineOption("not_playable", "Cards not playable yet", CHOICE, "a chosen set holding cards whose text the engine "
                 "cannot run yet: refused, or those cards are left out of the game (the setup notes say how many); "
                 "they are never played as if their text said nothing",
                 choices=(("refuse", "refuse such sets"), ("leave_out", "leave those cards out")), default="refuse"),
    EngineOption("preset", "Preset", CHOICE, "First Game Setup: the rulebook's sets for a first game (Store, fusion "
                 "and prize promos; the choices of sets above are then not used)",
                 choices=((None, "none"), ("first_game", "First Game Setup")), check=_first_game_in_pool),
    EngineOption("fusion_bronze", "Bronze fusion promos", CHOICE, "the Bronze promo set in the Card Fusion Area",
                 choices=promo_sets("bronze_promo"), kwarg="fusion", key="bronze"),
    EngineOption("fusion_silver", "Silver fusion promos", CHOICE, "the Silver promo set in the Card Fusion Area",
                 choices=promo_sets("silver_promo"), kwarg="fusion", key="silver"),
    EngineOption("fusion_gold", "Gold fusion promos", CHOICE, "the Gold promo set in the Card Fusion Area",
                 choices=promo_sets("gold_promo"), kwarg="fusion", key="gold"),
    EngineOption("prize_bronze", "Round 1 prize support", CHOICE, "the Bronze promo set given as prize support after "
                 "the first tournament (default: a spare Bronze set, else a second printing of the fusion one)",
                 choices=promo_sets("bronze_promo", "a spare set, else a second printing"), kwarg="prize", key=1),
    EngineOption("prize_silver", "Round 2 prize support", CHOICE, "the Silver promo set given as prize support after "
                 "the second tournament", choices=promo_sets("silver_promo", "a spare set, else a second printing"),
                 kwarg="prize", key=2),
    EngineOption("pre_release", "Pre-Release Tournament", BOOLEAN, "a tournament of the starter decks first; then "
                 "two rounds, not three"),
    EngineOption("free_market", "Free Market Mode", BOOLEAN, "players may make uneven trades (VARIANTS & OPTIONS)"),
    EngineOption("ticks_per_minute", "Ticks per minute", INTEGER, "how many market moves a minute of each timer "
                 "allows (the timers are 7, 7 and 6 minutes)", default=TICKS_PER_MINUTE, minimum=1, maximum=10),
    EngineOption("draft", "Draft Mode", BOOLEAN, "the 6 cards dealt at the start of each Deckbuilding Phase and "
                 "after its first timer are drafted, passed clockwise then counter-clockwise (VARIANTS & OPTIONS)"),
    EngineOption("liquidation", "Liquidation Mode", BOOLEAN, "two more Expansion, Premium and Master sets; decks go "
                 "to the box for their Star Ratings after rounds 1 and 2; 1 VP per 8 dollars (VARIANTS & OPTIONS)"),
    EngineOption("millennium_accessories", "Millennium Accessories", CHOICE, "handicap: the seats below get one at "
                 "random; draft: one per player is revealed and drafted at the game start",
                 choices=(("none", "none"), ("handicap", "as a handicap"), ("draft", "drafted at the start")),
                 default="none"),
    EngineOption("handicap_seats", "Handicapped seats", MULTIPLE, "the seats given a Millennium Accessory as a "
                 "handicap (with Millennium Accessories: as a handicap)",
                 choices=tuple((seat, f"seat {seat + 1}") for seat in range(5)), default=()),
    EngineOption("characters", "Characters", CHOICE, "each seat is dealt a character at random; with powers, both "
                 "sides of its power are played (Character Powers); none: Playing without Characters",
                 choices=(("none", "dealt, powers not played"), ("powers", "powers played")), default="none"),
    *(EngineOption(f"character_{seat}", f"Character of seat {seat + 1}", CHOICE, "the character this seat plays "
                   "(GAME SETUP 5: \"randomly or of their choice\"); seats not chosen are dealt one at random",
                   choices=character_choices,
                   kwarg="character_names", key=seat) for seat in range(5)),
    EngineOption("pro_players", "Pro Player Cards", BOOLEAN, "with character powers: a round's winner gives every "
                 "player a copy of their Pro Player card (rounds 1 and 2)"),
    EngineOption("metagame_stacks", "Metagame cards", CHOICE, "the Elemental and Type Metagame stacks revealed each "
                 "round, whose Score effects every player activates (none: no Metagame is revealed)",
                 choices=(("none", "none"), ("original", "this site's original stacks")), default="none"),
    EngineOption("venues", "Venues", BOOLEAN, "a Venue revealed each round, with rules for its Deckbuilding and "
                 "Tournament Phases"),
    # new_full_game's keywords only code passes (tests, benchmarks): never offered
    code_only("pool", "the card pool (default: the stored one)"),
    code_only("fusion", "the Fusion cards by tier (the fusion_* options fill it)", dict),
    code_only("prize", "the Prize cards by tournament (the prize_* options fill it)", dict),
    code_only("starters", "per seat, the starter deck to begin with", list, tuple),
    code_only("timers", "the Deckbuilding Rounds' timers"),
    EngineOption("reuse_short_sets", "Reuse short sets", BOOLEAN, default=True, offered=False,
                 help="a set too small for the Store is shuffled in again"),
    code_only("metagames", "the Metagame cards to draw from (or stacks of them by name)", list, tuple, dict),
    code_only("character_names", "per seat, the character to play", list, tuple),
)
