"""Game setup (millennium-blades.txt, "GAME SETUP" 1-6): the Store from the chosen sets, the
promos for Card Fusion and for Prize Support, starter decks, 3 Store cards each, Sell Markers.

Each seat gets a character at random and its 6 Friendship cards (``friendship.py``); the
characters' powers are not played ("Playing without Characters"); metagame stacks
only when given (option ``metagames``: the fixture has no metagame cards). What a short pool changes is written to
``state.setup_notes`` and the log (rules notes, "Millennium Blades whole game", "Setup").
"""

from __future__ import annotations

from rules.millennium_blades.full import duel, friendship, millennium_accessories
from rules.millennium_blades.full.pool import Card, FullPool
from rules.millennium_blades.ops_promos import OUTSIDE_OPS, uses_ops

#: "GAME SETUP" 2: "Take the Core set, five Expansion Sets, four Premium Sets, and three Master Sets"
STORE_COUNTS = {"core": 1, "expansion": 5, "premium": 4, "master": 3}
#: "Liquidation Mode": "put 2 additional Expansion, Premium, and Master sets into your store deck"
LIQUIDATION_EXTRA = {"expansion": 2, "premium": 2, "master": 2}
#: "GAME SETUP" 3: "Place one of each type of set in the Card Fusion Area"
FUSION_KINDS = {"bronze": "bronze_promo", "silver": "silver_promo", "gold": "gold_promo"}
#: "Tournament VP Chart", Prize Support column: Round 1 Bronze, Round 2 Silver, Final Round none
PRIZE_KINDS = {1: "bronze_promo", 2: "silver_promo"}
#: "First Game Setup" (used as the preset ``first_game`` when the pool has these sets by name)
FIRST_GAME = {
    "store": ("Fists of Steel", "Obari as Hell", "Rubber Ducky Maid Crusaders R", "1001 Nights", "Gno-Man's Land",
              "Cards Magica", "AD 2400", "Clockwork Empire", "Pandora's Box Opened",
              "Symphony of Destruction", "Galactic Caboose", "006 Plus One"),
    "fusion": ("Legend of Final Badass", "Princess Blade", "Elemental Dragon Lords"),
    "prize": ("Elemental Blades", "Sealed Vaults"),
}


def sell_markers(players: int, duel_mode: bool = False) -> int:
    """"GAME SETUP" 5: "3 Sell Markers of a color (4 if there are only three players)"; "Duel
    Mode": "each player has 6 Sell Markers"."""
    if duel_mode:
        return duel.SELL_MARKERS
    return 4 if players == 3 else 3


def choose_store_sets(pool: FullPool, sets, notes: list[str], liquidation: bool = False) -> list[str]:
    """The Store's sets: ``sets`` (codes) when given, else the rulebook's counts by release order
    (Liquidation Mode: two more of each kind it names); a pool with fewer sets of a kind gives what
    it has (noted)."""
    if sets is not None:
        codes = list(sets)
        for code in codes:
            if pool.kind(code) not in STORE_COUNTS:
                raise ValueError(f"{code} is a {pool.kind(code)} set; the Store takes core, expansion, "
                                 "premium and master sets")
        return codes
    codes = []
    for kind, want in STORE_COUNTS.items():
        want += LIQUIDATION_EXTRA.get(kind, 0) if liquidation else 0
        have = pool.sets_of(kind, playable=True)[:want]
        if len(have) < want:
            notes.append(f"store: {len(have)} {pool.kind_words(kind)} set(s) of the {want} the rulebook takes "
                         "(the pool has no more)")
        codes += [s.code for s in have]
    return codes


#: what setup does with cards the engine cannot run yet (``FullPool.check_playable``)
NOT_PLAYABLE = ("refuse", "leave_out")


def choose_starters(pool: FullPool, starters, starter_sets) -> list[str]:
    """The starter sets: ``starters`` (one per seat, in seat order), else ``starter_sets`` (dealt
    at random), else every starter set whose cards the engine can run."""
    if starters is not None:
        codes = list(starters)
    elif starter_sets is not None:
        codes = list(starter_sets)
    else:
        codes = [s.code for s in pool.sets_of("starter", playable=True)]
    for code in codes:
        if pool.kind(code) != "starter":
            raise ValueError(f"{code} is a {pool.kind(code)} set, not a starter deck")
    if not codes:
        raise ValueError("the pool has no starter deck" + (" whose cards are all playable" if pool.sets_of("starter")
                                                          else ""))
    return codes


def _by_names(pool: FullPool, names) -> list[str] | None:
    by_name = {s.name: s.code for s in pool.sets}
    return [by_name[n] for n in names] if all(n in by_name for n in names) else None


def choose_promos(pool: FullPool, fusion, prize, reuse: bool, notes: list[str]) -> tuple[dict, dict]:
    """Fusion piles ``{tier: code}`` and prize support ``{round: code}``. "GAME SETUP" 3: "Choose
    two sets of Bronze and Silver Promos, and one set of Gold Promos ... Place one of each type
    of set in the Card Fusion Area, and set the other two aside to use as Prize Support". A pool
    with one set of a kind gives it to the fusion area first; prize support then uses a second
    printing of the same set when ``reuse`` (default), else there is none (noted). Sets not chosen
    are taken from those whose every card the engine can run (``FullPool.sets_of(playable=True)``)."""
    fusion = dict(fusion) if fusion is not None else {}
    prize = dict(prize) if prize is not None else {}
    for tier, kind in FUSION_KINDS.items():
        if tier not in fusion:
            have = pool.sets_of(kind, playable=True)
            fusion[tier] = have[0].code if have else None
            if not have:
                notes.append(f"fusion: no {pool.kind_words(kind)} set in the pool; {tier} fusion is unavailable")
    for rnd, kind in PRIZE_KINDS.items():
        if rnd not in prize:
            tier = kind.split("_")[0]
            spare = [s.code for s in pool.sets_of(kind, playable=True) if s.code != fusion.get(tier)]
            if spare:
                prize[rnd] = spare[0]
            elif reuse and fusion.get(tier):
                prize[rnd] = fusion[tier]
                notes.append(f"prize support round {rnd}: a second printing of {fusion[tier]} "
                             f"(the pool has one {pool.kind_words(kind)} set)")
            else:
                prize[rnd] = None
                notes.append(f"prize support round {rnd}: none (no spare {pool.kind_words(kind)} set)")
    return fusion, prize


#: the kinds of SET a card may take "from outside of the game" ("GAME SETUP" 2 and 3 choose from them)
OUTSIDE_KINDS = ("core", "expansion", "premium", "master", "bronze_promo", "silver_promo", "gold_promo")


def register_outside(state, pool: FullPool, used: set) -> None:
    """The sets outside the game ("GAME SETUP" 2-3: the sets not chosen stay in the box; rules notes,
    "MB: promos"): every physical card of each playable set of the pool this game does not use (nor a
    character's set aside), in ``outside_box``; only when a card of the game reaches them
    (``ops_promos.OUTSIDE_OPS``), so other games hold no more cards than before."""
    if not any(uses_ops(c.spec.effects, OUTSIDE_OPS) for c in state.cards):
        return
    aside = {state.cards[c].set_code for by_phase in state.outside_sets.values() for ids in by_phase.values() for c in ids}
    for kind in OUTSIDE_KINDS:
        for info in pool.sets_of(kind, playable=True):
            if info.code in used or info.code in aside or info.code in state.outside_box:
                continue
            ids = []
            for spec in pool.copies(info.code):
                state.cards.append(Card.of(spec, kind))
                ids.append(len(state.cards) - 1)
            if ids:
                state.outside_box[info.code], state.outside_about[info.code] = ids, (kind, info.name)


def setup_game(state, pool: FullPool, *, sets=None, preset: str | None = None, fusion=None, prize=None,
               starters=None, starter_sets=None, reuse_short_sets: bool = True, metagames=None,
               accessories: str = "none", handicap_seats=(), not_playable: str = "refuse") -> None:
    """Register every card of the game in ``state.cards`` and put it in its starting zone.

    ``starters``: a starter set per seat; ``starter_sets``: the starter sets dealt at random
    (default: every one whose cards the engine can run). ``not_playable``: a chosen set holding
    cards the engine cannot run yet is refused (``"refuse"``) or played without them
    (``"leave_out"``, noted): ``FullPool.check_playable``."""
    if not_playable not in NOT_PLAYABLE:
        raise ValueError(f"not_playable is one of {', '.join(NOT_PLAYABLE)}, not {not_playable!r}")
    notes = state.setup_notes
    if preset == "first_game":
        store_codes, fus, pri = (_by_names(pool, FIRST_GAME[k]) for k in ("store", "fusion", "prize"))
        if not (store_codes and fus and pri):
            raise ValueError('the "First Game Setup" sets are not all in this pool')
        sets = [s.code for s in pool.sets_of("core")][:1] + store_codes
        fusion = {pool.kind(c).split("_")[0]: c for c in fus}
        prize = {1 if pool.kind(c) == "bronze_promo" else 2: c for c in pri}
    elif preset is not None:
        raise ValueError(f"unknown preset {preset!r} (known: first_game)")
    store_codes = choose_store_sets(pool, sets, notes, state.liquidation)
    fusion_codes, prize_codes = choose_promos(pool, fusion, prize, reuse_short_sets, notes)
    starter_codes = choose_starters(pool, starters, starter_sets)
    pool.check_playable([*store_codes, *fusion_codes.values(), *prize_codes.values(), *starter_codes],
                        not_playable == "leave_out", notes)
    state.store_sets = store_codes
    state.fusion_sets, state.prize_sets = fusion_codes, prize_codes

    def register(code: str) -> list[int]:
        kind = pool.kind(code)
        ids = []
        for spec in pool.copies(code):
            state.cards.append(Card.of(spec, kind))
            ids.append(len(state.cards) - 1)
        return ids

    # 2. "Shuffle all thirteen of these together to form the Store"
    for code in store_codes:
        state.store += register(code)
    state.rng.shuffle(state.store)
    # 3. the promo piles: fusion piles are decks ("from the top of its Promo Deck"), shuffled
    for tier, code in fusion_codes.items():
        state.fusion[tier] = register(code) if code else []
        state.rng.shuffle(state.fusion[tier])
    for rnd, code in prize_codes.items():
        state.prize[rnd] = register(code) if code else []
    # 4. "Shuffle the 2 stacks of Metagame Cards separately" (option ``metagames``: CardSpecs by stack)
    for stack, specs in (metagames or {}).items():
        if stack not in state.meta:
            raise ValueError(f"the metagame stacks are elemental and type, not {stack!r}")
        for spec in specs:
            state.cards.append(Card.of(spec, "metagame"))
            state.meta[stack].append(len(state.cards) - 1)
        state.rng.shuffle(state.meta[stack])
    # 5. "Give each player a starter deck, either randomly or of their choice": at random; with
    # fewer starter sets than players, sets are dealt again (each seat has its own copy)
    if starters is None:
        state.rng.shuffle(starter_codes)
    if len(starter_codes) < state.num_players:
        notes.append(f"starter decks: {len(starter_codes)} in the pool for {state.num_players} players; "
                     "seats share starter lists (each has its own copy)")
    state.starters = [starter_codes[s % len(starter_codes)] for s in range(state.num_players)]
    for seat, code in enumerate(state.starters):
        state.binder[seat] += register(code)
    # 5. "3 cards from the top of the store deck"; "3 Sell Markers ... (4 if ... three players)"
    for seat in range(state.num_players):
        state.binder[seat] += state.draw_store(3)
    state.markers_total = sell_markers(state.num_players, state.duel)
    state.markers = [state.markers_total] * state.num_players

    # 5. "a Character Card ... and 6 Friendship cards of their character"
    def register_copies(spec, copies: int) -> list[int]:
        state.cards.extend([Card.of(spec, "friendship")] * copies)
        return list(range(len(state.cards) - copies, len(state.cards)))

    friendship.setup_characters(state, register_copies)
    if not state.friendship_used:  # Duel and Turn-Based Mode: "Friendship is not used in this mode"
        for seat in range(state.num_players):
            state.box["friendship_unused"] += state.friendship[seat]
            state.friendship[seat] = []
    millennium_accessories.setup(state, accessories, handicap_seats)
    register_outside(state, pool, {*store_codes, *fusion_codes.values(), *prize_codes.values(), *starter_codes})
    state.card_named = {c.name: c for c in state.cards}
    state.log("setup", None, store_sets=store_codes, fusion=fusion_codes, prize={str(k): v for k, v in prize_codes.items()},
              starters=state.starters, characters=list(state.characters), store=len(state.store), notes=list(notes))
