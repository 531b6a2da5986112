"""Rounds (millennium-blades.txt, "GAME FLOW", "DECKBUILDING PHASE" / "Setup the Phase", "When
time runs out...", "END OF DECKBUILDING", "Tournament Phase", "Ending the Tournament").

Three rounds, each a Deckbuilding Phase (three timers, each a budget of ticks) and a Tournament
Phase; with the optional Pre-Release Tournament (round 0, the starter decks) first, the third
round is skipped ("Pre-Release Tournament" 4). Tournaments are played by the tournament engine
(``rules/millennium_blades``) between the kits the seats built: its decisions are the whole game's
decisions while it runs; when it ends its cards, money and VP come back into the whole game.
"""

from __future__ import annotations

from rules.millennium_blades.full import collection, draft, duel, kit, powers, trading
from rules.millennium_blades.full.friendship import settle_friendship
from rules.millennium_blades.ops_promos import OUTSIDE_OPS, PROMO_TIERS, STACK_OPS, uses_ops
from rules.millennium_blades.state import MBState

INCOME = 30  # "Setup the Phase" 2: "Give each player 30 Millennium Dollars of income"
DEALT = 6  # "Setup the Phase" 3, "When time runs out...": "deal each player 6 more cards"
STORE_AREA = 9  # "Setup the Phase" 4: "Place the top 9 cards of the store face-down into the Store Area"
ROUNDS = 3
CHART_OF_ROUND = {0: "pre_release", 1: "round1", 2: "round2", 3: "final"}  # "Tournament VP Chart"


def start_first_round(state) -> None:
    """After setup (and the Millennium Accessories draft): the Pre-Release Tournament when it is
    played, else Deckbuilding Round 1."""
    if state.last_round < ROUNDS:
        start_pre_release(state)
    else:
        start_deckbuilding(state)


def start_deckbuilding(state) -> None:
    """"Setup the Phase" (Deckbuilding) 1-7."""
    state.phase, state.tick, state.timer = "deckbuilding", 0, 0
    state.aftermarket_open = True
    for seat in range(state.num_players):
        # 1. "combine all their cards together into the Binder Area"
        state.binder[seat] += state.kit[seat]
        state.kit[seat] = []
        # 2. income
        state.pay(seat, INCOME, "income")
        state.log("income", seat, amount=INCOME, money=state.money[seat])
        # 5. "Make sure each player has all of their Sell Markers"; fusions are counted per round
        state.markers[seat] = state.markers_total
        state.fused[seat] = set()
    powers.start_deckbuilding(state)  # the venue revealed; the Deckbuilding sides' income, markers, cards (powers.py)
    # 3. "Deal each player 6 cards from the top of the Store Deck" (Draft Mode: drafted)
    if state.draft_mode:
        draft.start(state, draft.CLOCKWISE)
    else:
        deal(state, skip=getattr(state, "deal_replaced", frozenset()))  # a set from outside the game instead (powers.py)
        state.deal_replaced = frozenset()
    # 4. the Store area
    state.refill_store_area()
    # 6. "Discard any revealed Metagame cards out of play. Reveal a new Elemental Metagame Card."
    state.box["metagame"] += state.meta_revealed
    state.meta_revealed = []
    reveal_meta(state, "elemental")
    state.revealed_by = {}
    state.log("deckbuilding", None, round=state.round, budget=list(state.budgets))
    expire_timers(state)


def reveal_meta(state, stack: str) -> None:
    """Reveal the top card of a Metagame stack (none when the game has no metagame cards)."""
    if state.meta.get(stack):
        card = state.meta[stack].pop()
        state.meta_revealed.append(card)
        state.log("metagame_revealed", None, stack=stack, card=state.cards[card].name)


def deal(state, skip=frozenset()) -> None:
    for seat in range(state.num_players):
        if seat in skip:
            continue
        dealt = state.draw_store(DEALT)
        state.binder[seat] += dealt
        state.log("dealt", seat, cards=[state.cards[c].name for c in dealt])


def after_tick(state) -> None:
    """A tick has passed."""
    state.tick += 1
    state.clock += 1
    state.turn += 1
    expire_timers(state)


def expire_timers(state) -> None:
    """The timers: "After the first 7-minute timer expires, deal each player 6 more cards ...
    After this timer expires, the Aftermarket stops accepting new cards for sale ... After the
    final 6-minute timer expires, the Deckbuilding Phase ends" (a timer of no ticks expires at once)."""
    while state.phase == "deckbuilding" and state.tick >= sum(state.budgets[:state.timer + 1]):
        state.timer += 1
        state.log("timer_expired", None, timer=state.timer)
        trading.expire_all(state, f"timer {state.timer} expired")  # rules notes, "Trading and Friendship"
        if state.timer == 1:
            if state.draft_mode:  # "After the first 7-minute timer ends, repeat this process"
                draft.start(state, draft.COUNTER_CLOCKWISE)
            else:
                deal(state)
            reveal_meta(state, "type")  # "then reveal the top card of the Type Meta stack"
        if state.timer == 2:
            state.aftermarket_open = False
        if state.timer >= len(state.budgets):
            end_deckbuilding(state)


def end_deckbuilding(state) -> None:
    """"END OF DECKBUILDING": 1. collections turned in ("When a collection is scored, place it in
    the box and award Victory Points"; a single card is no collection and goes back to the binder);
    2. loose cards to binders; 3. "Put all cards from the store and the Aftermarket into the Store
    Discard Pile" (the Store area, not the Store deck; their Sell Markers go back)."""
    r = state.round
    for seat in range(state.num_players):
        if state.duel:  # collections become RP "at the end of the Tournament Phase" (duel.py)
            continue
        cards = [state.cards[c] for c in state.collection[seat]]
        points = collection.score(cards)
        if points:
            state.box["collections"] += state.collection[seat]
            state.vp_collections[seat][r - 1] = points
            for c in state.collection[seat]:
                state.count(seat, "collected", c)
            state.log("collection_scored", seat, cards=[c.name for c in cards], vp=points)
        else:
            state.binder[seat] += state.collection[seat]
        state.collection[seat] = []
    state.store_discard += state.store_area + state.aftermarket
    state.store_area, state.aftermarket, state.marker = [], [], {}
    state.revealed_by = {}
    start_tournament(state)


def first_player(state) -> int:
    """"Turns begin with whichever player placed highest in the previous tournament (or whoever
    most recently opened a booster pack in real life, in case of a tie or the first game round)":
    opening a booster pack is buying from the Store; among the tied, the latest Store buyer (the
    lowest seat if none of them bought)."""
    seats = list(range(state.num_players))
    if state.placements:
        seats = [s for s in seats if state.placements[-1][s] == 1]
    return max(seats, key=lambda s: (state.last_store_buy[s], -s))


def start_tournament(state) -> None:
    """"Tournament Phase", "Setup the Phase": the kits become the tournament engine's decks; it
    gets the Store deck (for clashes), the revealed Metagame cards and its own seed from the
    game's RNG. The Pre-Release Tournament has no metagame ("No Metagame is revealed")."""
    state.ensure_store()
    state.phase = "tournament"
    kits = [sorted(state.kit[s], key=lambda c: list(kit.SECTION).index(state.cards[c].card_type))
            for s in range(state.num_players)]
    # the tournament engine numbers cards: each seat's singles, deck box, accessories, then the Store,
    # the metagame cards and the Card Fusion piles (lent as the Promo stacks effects reach: ops_promos.py)
    meta = list(state.meta_revealed) if state.round > 0 else []
    # ... then, when a card of the tournament reaches them (ops_promos.py), the Card Fusion piles as its Promo
    # stacks and the sets outside the game (none otherwise: a tournament without such cards is as before)
    held = [c for k in kits for c in k] + list(state.store) + meta
    fusion = {tier: list(state.fusion[tier]) for tier in PROMO_TIERS if state.fusion.get(tier)} \
        if any(uses_ops(state.cards[c].spec.effects, STACK_OPS) for c in held) else {}
    outside = {code: list(ids) for code, ids in state.outside_box.items() if ids} \
        if any(uses_ops(state.cards[c].spec.effects, OUTSIDE_OPS) for c in held) else {}
    state.lent = held + [c for pile in fusion.values() for c in pile] + [c for ids in outside.values() for c in ids]
    decks = [kit.deck_list([state.cards[c] for c in k], f"seat {s} kit") for s, k in enumerate(kits)]
    seed = state.rng.getrandbits(63)
    inner = MBState(decks, seed, store=[state.cards[c].spec for c in state.store],
                    metagame=[state.cards[c].spec for c in meta],
                    promos={tier: [state.cards[c].spec for c in pile] for tier, pile in fusion.items()},
                    outside=[{"code": code, "kind": state.outside_about[code][0], "name": state.outside_about[code][1],
                              "cards": [state.cards[c].spec for c in ids]} for code, ids in outside.items()],
                    chart=CHART_OF_ROUND[state.round], first_player=first_player(state),
                    **powers.tournament_options(state))  # powers, kit limits, money (powers.py)
    # (the powers, numbered after these, are the tournament's own cards: powers.py)
    if [c.name for c in inner.cards[:len(state.lent)]] != [state.cards[c].name for c in state.lent]:
        raise RuntimeError("the tournament engine no longer numbers its cards as kits, Store, metagame: "
                           "rules/millennium_blades/full/rounds.py must map them another way")
    inner.events = state.events
    inner.log_events = state.log_events
    state.kit = [[] for _ in range(state.num_players)]
    state.store = []
    if meta:
        state.meta_revealed = []
    for tier in fusion:
        state.fusion[tier] = []
    for code in outside:
        state.outside_box[code] = []
    state.tournament = inner
    for seat, cards in enumerate(kits) if state.round > 0 else ():  # the kits the seats built
        for c in cards:
            state.count(seat, "kit", c)
    state.log("tournament", None, round=state.round, seed=seed, kits=[[state.cards[c].name for c in k] for k in kits])


def end_tournament(state) -> None:
    """"Ending the Tournament" 2-5: VP by the round's chart (the tournament engine's returns),
    the tournament's cards back where they belong, prize support, Sell Markers back."""
    inner, lent = state.tournament, state.lent
    r = state.round
    back = lambda ids: [lent[c] for c in ids]  # noqa: E731
    last = state.last_round
    liquidate = state.liquidation and r < last
    for seat in range(state.num_players):
        if not state.duel:  # Duel Mode: wins decide, not VP (duel.py)
            vp = int(inner.outcome.returns[seat])
            if r == 0:
                state.vp_prerelease[seat] = vp
            else:
                state.vp_tournament[seat][r - 1] = vp
        # 4. "place all cards into their owners' binders" (discarded cards are in the binder); a card still
        # attached to another is in no zone ("FAQs": attached cards), and goes back too (rules notes, "MB: batch r")
        used = [c for zone in (inner.hand, inner.tableau, inner.deck_box, inner.accessories, inner.binder)
                for c in back(zone[seat])] + back([c for c in inner.attached if inner.owner[c] == seat])
        if liquidate:  # "Liquidation Mode": the decks go to the box for their combined Star Ratings
            state.box["liquidated"] += used
            state.pay(seat, sum(state.cards[c].value for c in used), "liquidation")
            state.log("liquidated", seat, cards=[state.cards[c].name for c in used])
        else:
            state.binder[seat] += used
        state.box["removed"] += back(inner.removed[seat])  # "Infinite Loops": to the box
        gained = inner.money[seat]
        if r >= last:  # "Infinite Loops": "You do not gain Millennium Dollars if it is the last round"
            gained -= inner.loop_money[seat]  # (only what the rule paid: cards effects sent to the box gave none)
        if gained:
            state.pay(seat, gained, "tournament")
    settle_friendship(state, inner)  # Friendship cards a tournament's effects moved (friendship.py)
    state.store = back(inner.store)
    state.store_discard += back(inner.store_discard)
    state.aftermarket = back(inner.aftermarket)  # clash cards: "available for sale during the next round"
    for tier, pile in inner.promos.items():  # the Promo stacks back to the Card Fusion Area, as they are left
        state.fusion[tier] = back(pile)
    for code, ids in inner.outside.items():  # the sets outside the game back in the box
        state.outside_box[code] = back(ids)
    lent_metas = [c for c in lent if state.cards[c].card_type == "metagame"]
    if lent_metas:  # a Metagame card an effect took out of play is discarded out of play now (ops_metagame.py)
        state.meta_revealed = back(inner.metagame)
        state.box["metagame"] += [c for c in lent_metas if c not in state.meta_revealed]
    state.tournament, state.lent = None, []
    if state.duel:
        state.placements.append(duel.end_tournament(state, inner))
        over = duel.is_decided(state)
    else:
        state.placements.append(list(inner.outcome.placements))
        vp_earned = [int(v) for v in inner.outcome.returns]
        state.log("tournament_vp", None, round=r, vp=vp_earned, rp=list(inner.rp))
        over = r >= last  # "If it is round three, proceed to final scoring" (round two after a Pre-Release)
    powers.after_tournament(state)  # Pro Player cards given, the venue discarded (powers.py)
    for c, owner in enumerate(inner.owner) if r > 0 else ():  # the kits of the tournament's winners
        if owner >= 0 and state.placements[-1][owner] == 1:
            state.count(owner, "in_winning_kit", lent[c])
    if over:
        from rules.millennium_blades.full.scoring import final_scoring

        (duel.final_scoring if state.duel else final_scoring)(state)
        return
    prize_support(state)
    state.round += 1
    start_deckbuilding(state)


def prize_support(state) -> None:
    """"Reveal a complete set of Promo Cards, based on the Prize Support column ... Players get one
    of these randomly." The cards no player gets go back to the box."""
    pile = state.prize.get(state.round, [])
    if not pile:
        return
    state.rng.shuffle(pile)
    for seat in range(state.num_players):
        if pile:
            card = pile.pop()
            state.binder[seat].append(card)
            state.count(seat, "prize", card)
            state.log("prize_support", seat, card=state.cards[card].name)
    state.box["prize_unused"] += pile
    state.prize[state.round] = []


def start_pre_release(state) -> None:
    """"Pre-Release Tournament": "There is no Deckbuilding Phase. Players play with only their
    starter decks" (each seat's starter cards become its kit); "No Metagame is revealed"; its own
    chart row; no prize support ("Prize Support: None")."""
    state.round = 0
    for seat in range(state.num_players):
        starter = [c for c in state.binder[seat] if state.cards[c].kind == "starter"]
        for c in starter:
            state.binder[seat].remove(c)
        state.kit[seat] = starter
    state.log("pre_release", None)
    start_tournament(state)
