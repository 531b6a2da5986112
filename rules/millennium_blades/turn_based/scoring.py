"""The Score action (millennium-blades.txt, "Turn-Based Mode", "Scoring is the only new action
available to players in this mode. To Score, follow these steps"):

1. "Activate all Score effects on cards in your tableau, in the meta, and on your Accessories and
   Deck Box" -- face-up cards ("Score effects ... (of face-up cards)"), in the order the step lists
   them: tableau left to right, the revealed metas, accessories, deck box; by the tournament
   engine, for the scoring player only;
2. "Gain 10 RP for each card in your collections" (every card, however few: no minimum is stated);
3. "Record your final RP on a score sheet or other device, then reduce your RP back to zero";
4. "Discard your tableau, deck box, hand and collection to the store discard. You may choose to
   discard or keep your accessories" (``keep <name>`` / ``discard <name>``, one decision per
   accessory; a kept one is turned face-up again for the next deck);
5. "Choose and place one of the Metas onto the bottom of the deck. Replace it with a new one
   immediately from the same pile" (``meta elemental`` / ``meta type``, asked only when two are
   revealed; nothing when the game has no metagame cards);
6. "Draw a new hand of 6 cards, gain 30 more Millennium Dollars, and retrieve any used Sell
   Markers" (markers on unsold Aftermarket cards come back; the cards stay for sale, marker-less,
   and their seller still may not buy them back; the fusions of the deck are counted afresh);
7. "If this is your first time scoring, gain a random silver promo from out of play. If this is
   your second time scoring, gain a random Gold Promo instead."

"After a player scores for the third time, he is out of the game": on the third scoring steps 1-5
are done (his accessories all go to the Store Discard: there is no next deck), not 6-7, and he
takes no more turns; the cards he sold stay for sale.
"""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.turn_based.setup import INCOME

RP_PER_COLLECTED = 10  # step 2
NEW_HAND = 6  # step 6
SCORINGS = 3  # "After a player scores for the third time, he is out of the game"
PRIZE_OF_SCORING = {1: "silver", 2: "gold"}  # step 7


def start(state, seat: int) -> None:
    """Step 1: the Score effects go on the tournament engine's stack (they may ask decisions)."""
    table = state.table
    state.scoring = {"seat": seat, "stage": "effects", "kept": []}
    state.log("score", seat, scoring=state.scorings[seat] + 1)
    frames = []
    for card in table.tableau[seat] + table.metagame + table.accessories[seat] + table.deck_box[seat]:
        if card not in table.down:
            frames += [table.frame(seat, card, effect, needs_face_up=True) for _i, effect in table.cards[card].timed("score")]
    table.push(frames)


def proceed(state) -> None:
    """Go on with the steps after the Score effects, up to the next decision or the end."""
    scoring = state.scoring
    seat = scoring["seat"]
    if scoring["stage"] == "effects":
        _record(state, seat)
        _discard(state, seat)
        scoring["stage"] = "accessories"
    if scoring["stage"] == "accessories":
        if _ask_accessory(state, seat):
            return
        scoring["stage"] = "meta"
    if scoring["stage"] == "meta":
        if _ask_meta(state, seat):
            return
        _refresh(state, seat)
        state.scoring = None


def _record(state, seat: int) -> None:
    """Steps 2 and 3."""
    table = state.table
    collected = sum(len(cards) for cards in state.collections[seat].values())
    if collected:
        table.rp[seat] += RP_PER_COLLECTED * collected
        state.log("collection_rp", seat, cards=collected, amount=RP_PER_COLLECTED * collected, rp=table.rp[seat])
    state.scores[seat].append(table.rp[seat])
    state.log("recorded", seat, rp=table.rp[seat], scoring=len(state.scores[seat]))
    table.rp[seat] = 0


def _to_discard(state, cards: list[int]) -> None:
    table = state.table
    for card in cards:
        table.down.discard(card)
        table.tokens.pop(card, None)
        table.owner[card] = -1
    table.store_discard.extend(cards)


def _discard(state, seat: int) -> None:
    """Step 4 (the accessories are asked about next)."""
    table = state.table
    gone = table.tableau[seat] + table.deck_box[seat] + table.hand[seat]
    for kind in state.collections[seat]:
        gone += state.collections[seat][kind]
        state.collections[seat][kind] = []
        state.collection_symbol[seat][kind] = None
    _to_discard(state, gone)
    table.tableau[seat], table.deck_box[seat], table.hand[seat] = [], [], []
    table.next_effects[seat] = []  # the deck is done: nothing waits for "the next card you play"
    state.log("discarded", seat, cards=len(gone))
    if state.scorings[seat] + 1 >= SCORINGS:  # no next deck: the accessories go too
        accessories, table.accessories[seat] = table.accessories[seat], []
        _to_discard(state, accessories)


def _ask_accessory(state, seat: int) -> bool:
    """Step 4: "You may choose to discard or keep your accessories", one at a time."""
    table, scoring = state.table, state.scoring
    undecided = [c for c in table.accessories[seat] if c not in scoring["kept"]]
    if not undecided:
        return False
    name = state.cards[undecided[0]].name
    state.ask(seat, "accessory", [Action("keep", (name,)), Action("discard", (name,))], name)
    return True


def answer_accessory(state, seat: int, action: Action) -> None:
    table = state.table
    card = next(c for c in table.accessories[seat] if state.cards[c].name == action.args[0])
    if action.verb == "keep":
        state.scoring["kept"].append(card)
        table.down.discard(card)  # "Both of your Accessories start face-up in play"
        table.tokens.pop(card, None)
    else:
        table.accessories[seat].remove(card)
        _to_discard(state, [card])
    state.log(action.verb + "_accessory", seat, card=action.args[0])


def _ask_meta(state, seat: int) -> bool:
    """Step 5: asked when two metas are revealed (with one, it is that one)."""
    table = state.table
    if "meta_done" in state.scoring:
        return False
    state.scoring["meta_done"] = True
    stacks = [state.meta_kind[c] for c in table.metagame]
    if len(stacks) > 1:
        state.ask(seat, "meta", [Action("meta", (s,)) for s in stacks], "the meta to replace")
        return True
    if stacks:
        replace_meta(state, seat, stacks[0])
    return False


def replace_meta(state, seat: int, stack: str) -> None:
    """"place one of the Metas onto the bottom of the deck. Replace it with a new one immediately
    from the same pile" (the stack's top; with one card in the stack it comes straight back)."""
    table = state.table
    card = next(c for c in table.metagame if state.meta_kind[c] == stack)
    pile = state.meta[stack]
    pile.insert(0, card)
    new = pile.pop()
    table.metagame[table.metagame.index(card)] = new
    state.log("meta_replaced", seat, stack=stack, old=state.cards[card].name, new=state.cards[new].name)


def _refresh(state, seat: int) -> None:
    """Steps 6 and 7, or leaving the game after the third scoring."""
    table = state.table
    state.scorings[seat] += 1
    state.turns_in_deck[seat] = 0
    done = state.scorings[seat]
    if done >= SCORINGS:
        state.out.add(seat)
        table.out.add(seat)
        state.log("out_of_the_game", seat, total_rp=sum(state.scores[seat]))
        return
    dealt = []
    for _ in range(NEW_HAND):
        card = table.draw_store()
        if card is not None:
            state.to_hand(seat, card)
            dealt.append(card)
    state.pay(seat, INCOME, "income")
    state.log("income", seat, amount=INCOME, money=state.money[seat])
    for card in [c for c, s in table.marker_on.items() if s == seat]:
        del table.marker_on[card]  # the card stays for sale; ``sold_by`` still bars its seller
    table.markers[seat] = state.markers_total
    state.fused[seat] = set()
    state.log("new_deck", seat, cards=len(dealt), money=state.money[seat], markers=table.markers[seat])
    prize = state.prize.get(PRIZE_OF_SCORING.get(done, ""), [])
    if prize:
        card = prize.pop(state.rng.randrange(len(prize)))
        state.to_hand(seat, card)
        state.count(seat, "prize", card)
        state.log("prize_promo", seat, card=state.cards[card].name, pile=PRIZE_OF_SCORING[done])
