"""Turn-Based Mode setup (millennium-blades.txt, "VARIANTS & OPTIONS", "Turn-Based Mode", setup 1-5).

"1. Setup the store deck as usual. 2. Determine who will be first player, and deal each player 7
cards. Each player gains 30 Millennium Dollars, and has a maximum hand size of 7 cards. 3. Reveal
both metas at the game start. 4. Choose two Bronze Promo Sets and one Silver Promo Set to be
fusable during the game. Gold Promos are not fusable in this mode. 5. Choose one Silver Promo Set
and one Gold Promo Set to be given out during scoring and set these aside."

The Store's sets are chosen as in the whole game (``full/setup.py`` ``choose_store_sets``: "GAME
SETUP" 2, what the pool has). A pool with one promo set of a kind (the fixture) gives the second
Bronze pile and the set-aside Silver set a second printing of that set (noted in ``setup_notes``).
Sell Markers: "GAME SETUP" 5's count (3 each, 4 with three players). Sets not chosen are taken from
those whose cards the engine can all run; a chosen set holding cards not playable yet is refused
(``FullPool.check_playable``).
"""

from __future__ import annotations

from rules.millennium_blades.full.pool import Card, FullPool
from rules.millennium_blades.full.setup import choose_store_sets, sell_markers
from rules.millennium_blades.turn_based.table import TurnTable

HAND_DEALT = 7  # setup 2: "deal each player 7 cards"
INCOME = 30  # setup 2 and Scoring 6: "30 Millennium Dollars"
#: setup 4: the fusable piles ("two Bronze Promo Sets and one Silver Promo Set") and their tier
FUSION_PILES = {"bronze1": "bronze", "bronze2": "bronze", "silver": "silver"}
#: setup 5: "one Silver Promo Set and one Gold Promo Set to be given out during scoring"
PRIZE_PILES = {"silver": "silver_promo", "gold": "gold_promo"}
META_STACKS = ("elemental", "type")


def choose_promos(pool: FullPool, fusion, prize, notes: list[str]) -> tuple[dict, dict]:
    """``{pile: code}`` for the fusion piles and the set-aside prizes. Sets are taken in release
    order, each used once while the pool has enough; a kind short of sets repeats its first set
    as a second printing (noted); a kind the pool lacks leaves the pile empty (noted)."""
    fusion = dict(fusion or {})
    prize = dict(prize or {})
    used: dict[str, list[str]] = {}

    def take(kind: str, what: str) -> str | None:
        have = [s.code for s in pool.sets_of(kind, playable=True)]
        if not have:
            notes.append(f"{what}: the pool has no {pool.kind_words(kind)} set; the pile is empty")
            return None
        taken = used.setdefault(kind, [])
        fresh = [code for code in have if code not in taken]
        code = fresh[0] if fresh else have[0]
        if not fresh:
            notes.append(f"{what}: a second printing of {code} (the pool has {len(have)} {pool.kind_words(kind)} set(s))")
        taken.append(code)
        return code

    for pile, tier in FUSION_PILES.items():
        if pile not in fusion:
            fusion[pile] = take(f"{tier}_promo", f"fusion pile {pile}")
        else:
            used.setdefault(f"{tier}_promo", []).append(fusion[pile])
    for pile, kind in PRIZE_PILES.items():
        if pile not in prize:
            prize[pile] = take(kind, f"set-aside {pile} promos")
    return fusion, prize


def setup_game(state, pool: FullPool, *, sets=None, fusion=None, prize=None, metagames=None,
               first_player: int | None = None) -> None:
    """Register every card of the game, build the tournament table, put each card in its zone."""
    notes = state.setup_notes
    store_codes = choose_store_sets(pool, sets, notes)
    fusion_codes, prize_codes = choose_promos(pool, fusion, prize, notes)
    pool.check_playable([*store_codes, *fusion_codes.values(), *prize_codes.values()], False, notes)
    state.store_sets, state.fusion_sets, state.prize_sets = store_codes, fusion_codes, prize_codes
    cards: list[Card] = state.cards

    def register(code: str | None) -> list[int]:
        if not code:
            return []
        kind = pool.kind(code)
        start = len(cards)
        cards.extend(Card.of(spec, kind) for spec in pool.copies(code))
        return list(range(start, len(cards)))

    store = [c for code in store_codes for c in register(code)]
    for pile, code in fusion_codes.items():
        state.fusion[pile] = register(code)
    for pile, code in prize_codes.items():
        state.prize[pile] = register(code)
    for stack, specs in (metagames or {}).items():
        if stack not in META_STACKS:
            raise ValueError(f"the metagame stacks are elemental and type, not {stack!r}")
        start = len(cards)
        cards.extend(Card.of(spec, "metagame") for spec in specs)
        state.meta[stack] = list(range(start, len(cards)))
        state.meta_kind.update(dict.fromkeys(state.meta[stack], stack))
    table = state.table = TurnTable.for_game(state.num_players, [c.spec for c in cards], state.rng)
    table.draw_from(state)  # one generator, forked as one by a copy (``ForkedRngField``)
    table.events = state.events
    rng = state.rng
    # 1. "Setup the store deck as usual": the sets shuffled together
    rng.shuffle(store)
    table.store = store
    for pile in state.fusion.values():  # "take a card from the appropriate pile": decks, shuffled
        rng.shuffle(pile)
    for stack in state.meta.values():  # "Shuffle the 2 stacks of Metagame Cards separately"
        rng.shuffle(stack)
    # 2. "Determine who will be first player" (from the seed), "deal each player 7 cards", 30 dollars
    n = state.num_players
    state.first_player = rng.randrange(n) if first_player is None else first_player % n
    total = sell_markers(n)
    state.markers_total = total
    table.markers = [total] * n
    for seat in range(n):
        for _ in range(HAND_DEALT):
            card = table.draw_store()
            if card is not None:
                state.to_hand(seat, card)
        state.pay(seat, INCOME, "income")
        state.log("income", seat, amount=INCOME, money=state.money[seat])
    # 3. "Reveal both metas at the game start"
    for stack in META_STACKS:
        if state.meta.get(stack):
            table.metagame.append(state.meta[stack].pop())
    state.log("setup", None, store_sets=store_codes, fusion=dict(fusion_codes), prize=dict(prize_codes),
              first_player=state.first_player, hands=[len(h) for h in table.hand], store=len(table.store),
              metagame=[cards[c].name for c in table.metagame], notes=list(notes))
