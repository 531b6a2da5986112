"""More shapes of printed text, batch "hands" (issue 26.2; rules/millennium_blades/phrases_hands.py and
ops_hands.py): all the cards of a kind taken from opponents' hands and binders, all their Dollars stolen,
each opponent sparing themselves at a price, the cards each opponent discarded counted, and the whole
game's Friendship cards given, taken, exchanged and returned in a tournament. Original cards in each
shape, compiled, checked by the card checker and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: hands")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.full.friendship import FRIENDSHIP_VP, settle_friendship
from rules.millennium_blades.ops_hands import FRIENDSHIP_CARD_VP
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def test_each_opponent_discards_and_the_discarded_stars_are_gained():
    """"Discard a Card": each opponent discards a card from their hand (to their binder); "the combined
    STAR of the cards discarded" are those cards, all of them, so every pick is made before the count
    (batch outcomes' discard made together; rules notes, "MB: hands")."""
    text = "Play: Each opponent discards a card. Gain RP equal to the total STAR of those cards they discarded."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "discard_together", "who": "each_opponent"},
                                 {"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}}]
    st = table(kit([card("Pickpocket Wren", text), *lamps(1)]), kit([card("Heavy Boot", star=6), *lamps(1)]),
               kit([card("Light Boot", star=2)]))
    do(st, 'play "Pickpocket Wren"', 'pick "Heavy Boot"')  # seat 2 has one card: no question
    assert names(st, st.binder[1]) == ["Heavy Boot"] and names(st, st.binder[2]) == ["Light Boot"]
    assert st.rp[0] == 8
    # a discard by one opponent only ("you discard a card") is not this shape
    assert compiles("Play: Discard a card. Gain 3 RP.")[0]["ops"][0] == {"op": "discard", "amount": 1}


def test_all_dollars_stolen_unless_the_opponent_loses_rp_instead():
    """"Effects on Cards": each opponent in turn from your left ("passing clockwise") may lose RP to be
    spared; the others pay you all their Dollars (what they brought and what this tournament gave:
    "Millennium Dollars"). One who cannot lose that much RP is not offered it (rules notes, "MB: hands")."""
    text = "Play: Steal all Dollars from each opponent. Any opponent may lose 9 RP to prevent this effect from affecting them."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "spare_unless", "who": "each_opponent", "price": [{"op": "lose_rp", "amount": 9}],
                                  "ops": [{"op": "steal_all_money", "who": "that_player"}]}]
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{**effects[0]["ops"][0], "price": []}]}])
    st = table(kit([card("Coin Magnet", text), *lamps(1)]), kit(lamps(2)), kit(lamps(2)), kit(lamps(2)),
               purse=[1, 7, 5, 4])
    st.rp = [0, 20, 20, 3]
    do(st, 'play "Coin Magnet"')
    assert st.current_players() == [1] and st.pending["kind"] == "either"
    do(st, "option 0")  # seat 1 pays 9 RP and keeps its Dollars
    assert st.current_players() == [2]
    do(st, "option 1")  # seat 2 lets it happen; seat 3 (3 RP) has no choice
    assert st.rp == [0, 11, 20, 3]
    assert [st.purse[s] + st.money[s] for s in range(4)] == [1 + 5 + 4, 7, 0, 0]


def test_cards_of_a_type_taken_from_hands_and_binders_unless_a_friendship_card_is_given():
    """"YOUR FRIENDS": a player gives their own Friendship cards; here one is the price of being spared.
    The others give every card of that TYPE in their hand and binder ("Discard a Card": the binder holds
    the discarded cards) to your hand, yours now. A standalone tournament has no Friendship cards, so no
    one can be spared there (rules notes, "MB: hands")."""
    text = ("Play: Take all MYTH cards from opponents' hands and binders to your hand. Any opponent may give you a "
            "Friendship card to prevent this effect from affecting them.")
    ops = compiles(text)[0]["ops"]
    assert ops[0]["price"] == [{"op": "give_friendship", "to": "that_player"}]
    assert [op["zone"] for op in ops[0]["ops"]] == ["hand", "binder"]
    fern = lambda name: card(name, types=("myth",))  # noqa: E731
    kits = (kit([card("Root Baron", text), *lamps(1)]), kit([fern("Fern A"), fern("Fern B"), *lamps(1)]),
            kit([fern("Fern C"), *lamps(1)]))
    st = table(*kits, friendship_left=[6, 6, 0])
    (in_binder,) = ids(st, 1, "Fern B")
    st.hand[1].remove(in_binder)
    st.binder[1].append(in_binder)
    do(st, 'play "Root Baron"', "option 0")  # seat 1 gives a Friendship card; seat 2 has none to give
    assert st.friends == [[1], [], []] and st.friendship_left == [6, 5, 0]
    assert names(st, st.hand[0]) == ["Lamp 0", "Fern C"] and st.owner[ids(st, 0, "Fern C")[0]] == 0
    assert names(st, st.hand[1]) == ["Fern A", "Lamp 0"] and names(st, st.binder[1]) == ["Fern B"]
    st = table(*kits)  # a standalone tournament: no Friendship cards
    do(st, 'play "Root Baron"')
    assert names(st, st.hand[0]) == ["Lamp 0", "Fern A", "Fern B", "Fern C"]


def test_friendship_cards_taken_after_a_won_clash_and_exchanged():
    """"Clashing": the winner takes a Friendship card of the loser, any of those they have (their own
    or one given to them), of the winner's choice; an exchange moves one each way, theirs "of their
    choice" (rules notes, "MB: hands")."""
    take = "Play: Clash with an opponent. If you win, take one Friendship card of your choice from that player."
    swap = ("Play: Clash with an opponent. If you win, that player trades one of their Friendship cards (of their "
            "choice) for one of yours.")
    assert compiles(take)[0]["ops"][0]["win"] == [{"op": "take_friendship", "who": "that_player"}]
    assert compiles(swap)[0]["ops"][0]["win"] == [{"op": "exchange_friendship", "with": "that_player",
                                                   "their_pick": "they"}]
    st = table(kit([card("Tall Heron", take, star=8)]), kit([card("Low Moss", star=1)]), kit([card("Mid Moss", star=1)]),
               store=(1, 1, 1), friends=[[], [2], []], friendship_left=[3, 4, 5])
    place(st, 1, "Low Moss")
    do(st, 'play "Tall Heron"')  # seat 2 has no Top Card to clash with
    assert st.pending["kind"] == "either" and st.current_players() == [0]
    do(st, "option 2")  # the card Seat 2 gave Seat 1
    assert st.friends == [[2], [], []] and st.friendship_left == [3, 4, 5]
    st = table(kit([card("Tall Heron", swap, star=8)]), kit([card("Low Moss", star=1)]),
               store=(1, 1, 1), friends=[[1], [0]], friendship_left=[3, 4])
    place(st, 1, "Low Moss")
    do(st, 'play "Tall Heron"', "option 0")  # seat 1 gives back seat 0's own card
    assert st.current_players() == [0]
    do(st, "option 0")  # seat 0 gives one of its own
    assert st.friends == [[1], [0]] and st.friendship_left == [3, 4]  # the same cards, by giver, each way
    events = [st.event_to_string(e) for e in st.events if e.action == "friendship_moved"]
    assert events == ["Seat 1 gives Seat 0 a Friendship card of Seat 0",
                      "Seat 0 gives Seat 1 a Friendship card of Seat 0 (their own)"]


def test_friendship_swapped_with_any_opponent_and_one_returned_for_rp():
    """"YOUR FRIENDS": a swap of one of yours with another opponent's, both of your choice (whatever they
    are worth); a card returned to the player who gave it, RP for its VP, and a card of theirs flipped
    ("Flip a Card"). With none to return, the rest of the text is not done (rules notes, "MB: hands")."""
    swap = "Action: Trade one of your Friendship cards for another player's Friendship card (their values need not match)."
    back = ("Action: Return another player's Friendship card that you hold to that player, then gain RP equal to 5 "
            "times the VP on the returned card and flip a card in their tableau.")
    assert compiles(swap)[0]["ops"] == [{"op": "exchange_friendship", "with": "any_opponent", "their_pick": "you"}]
    assert compiles(back)[0]["ops"][:2] == [{"op": "return_friendship"},
                                            {"op": "gain_rp", "amount": 5, "per": {"count": "friendship_vp_returned"}}]
    tool = lambda text: card("Pen Pal", text, kind="accessory")  # noqa: E731
    st = table(kit(lamps(2), accessories=[tool(swap)]), kit(lamps(2)), kit(lamps(2)),
               friends=[[2], [], [0, 1]], friendship_left=[0, 6, 6])
    do(st, 'use "Pen Pal"', f"option {2 * 3 + 1}")  # Seat 2's card from Seat 1; seat 0 gives its only card,
    assert st.friends == [[1], [], [0]] and st.friendship_left == [0, 6, 7]  # one of Seat 2's own: back with it
    st = table(kit(lamps(2), accessories=[tool(back)]), kit([card("Stone Pillar", star=4), *lamps(1)]),
               friends=[[1], []], friendship_left=[6, 5])
    place(st, 1, "Stone Pillar")
    do(st, 'use "Pen Pal"')
    assert st.friends == [[], []] and st.friendship_left == [6, 6]
    assert st.rp[0] == 5 * FRIENDSHIP_CARD_VP and names(st, st.down) == ["Pen Pal", "Stone Pillar"]
    st = table(kit(lamps(2), accessories=[tool(back)]), kit(lamps(2)))
    do(st, 'use "Pen Pal"')  # none held: nothing gained, the Action's card still flipped
    assert st.rp[0] == 0 and names(st, st.down) == ["Pen Pal"]


def test_friendship_moves_are_settled_into_the_whole_games_cards():
    """"GAME END" 4: Friendship cards are the whole game's; the moves a tournament made (by giver) are
    applied to the cards themselves when it ends, and the tournament's value of a card is the whole
    game's."""
    assert FRIENDSHIP_CARD_VP == FRIENDSHIP_VP

    class Whole:
        num_players = 2
        friendship = [[10, 11, 12], [20, 21]]
        friends = [[22], [13]]
        friendship_owner = {10: 0, 11: 0, 12: 0, 13: 0, 20: 1, 21: 1, 22: 1}

    class Inner:  # seat 0 gave away one more; seat 1 returned... nothing; seat 0 took seat 1's last own card
        friendship_left = [2, 1]
        friends = [[1, 1], [0, 0]]

    whole = Whole()
    settle_friendship(whole, Inner())
    assert sorted(whole.friendship[0]) == [10, 11] and whole.friendship[1] == [20]
    assert sorted(whole.friends[0]) == [21, 22] and sorted(whole.friends[1]) == [12, 13]


def test_cards_of_the_core_deck_gained_per_dollars_spent_and_one_revealed():
    """"Millennium Dollars": the player spends up to the amount, their choice; for each whole 2 spent a
    card of the Core deck (batch b: the Store, "FAQs") to their hand, all at once, so they are "those";
    then one of them, of the player's choice, shown to all (as a card revealed from a hand), and RP for
    its STAR (rules notes, "MB: hands")."""
    text = ("Play: Spend up to 7 Dollars. For each 3 Dollars you spend, draw a CORE card from the Core deck to your hand. "
            "Reveal a card drawn this way, then gain 3 RP for each STAR it has.")
    assert compiles(text)[0]["ops"][1:] == [
        {"op": "gain_store", "amount": 1, "per": {"count": "spent", "every": 3}}, {"op": "reveal_one_of_those"},
        {"op": "gain_rp", "amount": 3, "per": {"count": "star", "card": "revealed"}}]
    st = table(kit([card("Card Shopper", text), *lamps(1)]), kit(lamps(2)), store=(2, 5, 4), purse=[8, 0])
    do(st, 'play "Card Shopper"', "spend 7")  # two cards for 6 of the 7 Dollars
    assert names(st, st.hand[0])[1:] == ["Store card 0", "Store card 1"] and st.purse[0] + st.money[0] == 1
    assert st.pending["kind"] == "reveal"
    do(st, 'pick "Store card 1"')
    assert st.rp[0] == 15
    assert [dict(e.changes)["card"] for e in st.events if e.action == "reveal"] == ["Store card 1"]


SNOOP = "Sleuth–Play: Choose a type or element. Each other player reveals all cards of that attribute in their hand."


def test_a_flip_up_to_the_number_of_cards_revealed_this_turn():
    """"Flip a Card": each other player flips one of their face-up cards, of their choice, whose STAR is at
    most the number of cards revealed from hands this turn (here by this card's own reveal, "Effects on
    Cards": Play effects in order); "if any cards were flipped" counts this effect's flips (rules notes,
    "MB: hands")."""
    text = (f"{SNOOP} | Play: Each opponent flips a card in their tableau with a STAR no higher than the number of "
            "cards revealed this turn. If any cards were flipped, gain 6 RP.")
    flip = compiles(text)[1]["ops"][0]
    assert flip["target"]["filter"]["star"] == {"cmp": "<=", "value": {"count": "hand_revealed_this_turn"}}
    wave = lambda name: card(name, elements=("water",))  # noqa: E731
    st = table(kit([card("Snoop Owl", text), *lamps(1)]),
               kit([wave("Wave A"), wave("Wave B"), card("Stone Two", star=2), card("Stone Five", star=5)]),
               kit([wave("Wave C"), card("Stone Four", star=4), *lamps(1)]))
    place(st, 1, "Stone Two", "Stone Five")
    place(st, 2, "Stone Four")
    do(st, 'play "Snoop Owl"', "value water")  # three cards revealed: Stone Two only (Stone Four is 4 STAR)
    assert names(st, st.down) == ["Stone Two"] and st.rp[0] == 6
    st = table(kit([card("Snoop Owl", text), *lamps(1)]), kit([card("Stone Two", star=2), *lamps(1)]))
    place(st, 1, "Stone Two")
    do(st, 'play "Snoop Owl"', "value water")  # none revealed: no card fits, none flipped, no RP
    assert st.down == set() and st.rp[0] == 0


def test_each_player_discards_a_card_this_card_revealed_or_loses_rp():
    """"Discard a Card": a card this card's reveal showed, still in the player's hand, to their binder;
    or the RP loss. Each player chooses ("each player": you too, who revealed nothing, so you lose the
    RP); one with no such card cannot choose the discard (rules notes, "MB: hands")."""
    text = (f"{SNOOP} | Play: Each player must choose one: Discard one of the cards revealed with this card's Sleuth "
            "ability, or lose 7 RP.")
    assert compiles(text)[1]["ops"][0]["options"][0] == [{"op": "discard_revealed"}]
    wave = lambda name: card(name, elements=("water",))  # noqa: E731
    st = table(kit([card("Snoop Heron", text), *lamps(1)]), kit([wave("Wave A"), wave("Wave B"), *lamps(1)]),
               kit([card("Dry Twig"), *lamps(1)]))
    st.rp = [10, 10, 10]
    do(st, 'play "Snoop Heron"', "value water")
    while st.pending and st.pending["kind"] == "either" and st.current_players() != [1]:
        do(st, "option 0")  # seats 0 and 2: only the loss of RP
    assert st.current_players() == [1]
    do(st, "option 0", 'pick "Wave B"')
    assert st.current_players() == [2] and st.pending["kind"] == "either"
    do(st, "option 0")  # seat 2 revealed nothing (a dry twig): the loss
    assert names(st, st.binder[1]) == ["Wave B"] and st.rp == [3, 10, 3]


def test_cards_discarded_from_your_hand_placed_on_this_deck_box_and_scored():
    """"Discard a Card" (to the binder), then the card is put on this deck box, attached ("FAQs": attached
    cards count as printed), at most 3 of them; its Score effect counts their STAR ("Ending the
    Tournament"; rules notes, "MB: hands")."""
    text = ("DECK BOX | Ongoing: Whenever you discard a card from your hand, put it on this deck box (max. 3 cards). | "
            "Score: Gain RP equal to the STAR of each card on this deck box.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "attach_those", "max": 3}]
    assert effects[1]["ops"] == [{"op": "gain_rp", "amount": 1, "per": {"count": "attached", "what": "stars"}}]
    assert check_card("deck_box", {}, [{**effects[0], "ops": [{"op": "attach_those", "max": 0}]}])
    box = card("Drift Chest", text, kind="deck_box", elements=(), types=())
    tossers = [card(name, "Play: Discard 2 cards from your hand.") for name in ("Toss Gull", "Toss Tern")]
    st = table(kit([*tossers, card("Old Sail", star=4), card("Old Oar", star=2), card("Old Net", star=5),
                    card("Old Rope", star=1)], box=[box]), kit(lamps(5)))
    chest = ids(st, 0, "Drift Chest")[0]
    do(st, 'play "Toss Gull"', 'pick "Old Sail"', 'pick "Old Oar"')
    assert sorted(names(st, st.attachments(chest))) == ["Old Oar", "Old Sail"] and st.binder[0] == []
    do(st, 'play "Lamp 0"', 'play "Toss Tern"', 'pick "Old Net"', 'pick "Old Rope"')  # the third fits, not the fourth
    assert sorted(names(st, st.attachments(chest))) == ["Old Net", "Old Oar", "Old Sail"]
    assert names(st, st.binder[0]) == ["Old Rope"]
    before = st.rp[0]
    st.start_scoring()
    st.settle()
    assert st.rp[0] - before == 4 + 2 + 5


def test_least_rp_at_the_end_of_scoring_and_the_players_tied_with_you():
    """"Ending the Tournament": the Score effects are activated; this one waits for the end of scoring
    (after every other, whoever's), then you gain if no player has fewer RP, and each player tied with
    you then gains too (the tie as it is before these gains; rules notes, "MB: hands")."""
    text = ("DECK BOX | Score: If you have the fewest RP at the end of scoring, gain 30 RP. If other players tie with you "
            "for least RP, those players gain 30 RP as well.")
    ops = compiles(text)[0]["ops"]
    assert ops[0]["op"] == "at_scoring_end" and ops[0]["ops"][0]["then"][0]["op"] == "tied_rp"
    assert check_card("deck_box", {}, [{"timing": "score", "ops": [{"op": "tied_rp", "ops": "gain 30"}]}])
    box = card("Last Lantern", text, kind="deck_box", elements=(), types=())
    late = card("Late Bloomer", "Score: Gain 4 RP.")
    st = table(kit(lamps(2), box=[box]), kit([late, *lamps(1)]), kit(lamps(2)), kit(lamps(2)))
    place(st, 1, "Late Bloomer")  # seat 1 scores 4 after seat 0's deck box is activated
    st.rp = [10, 6, 10, 12]
    st.start_scoring()
    st.settle()
    assert st.rp == [40, 40, 40, 12]  # 6 + 4 = 10 first: seats 1 and 2 tie with you at 10, seat 3 has more


def test_a_face_up_card_of_another_tableau_bought_from_its_owner():
    """"Paying another player" (batch b) and "Tableau": a face-up card of another player's tableau that you
    can pay for, its owner paid three times its STAR in Dollars; it leaves that tableau (the cards right
    of it shift left) to your hand, yours now, and its STAR (as paid for) gives RP (rules notes, "MB: hands")."""
    text = ("Play: Choose a face-up card in an opponent's tableau, then pay its owner three times its STAR in Dollars. "
            "Put that card into your hand, then gain 2 RP for each STAR it has.")
    assert compiles(text)[0]["ops"] == [{"op": "buy_in_play", "times": 3, "take": True},
                                         {"op": "gain_rp", "amount": 2, "per": {"count": "bought_star"}}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "buy_in_play", "times": 0}]}])
    st = table(kit([card("Shop Keeper", text), *lamps(1)]),
               kit([card("Tin Cup", star=2), card("Gold Cup", star=6), card("Clay Cup", star=1), *lamps(1)]),
               purse=[10, 0])
    place(st, 1, "Tin Cup", "Gold Cup", "Clay Cup")  # Gold Cup costs 18: not offered
    do(st, 'play "Shop Keeper"')
    assert [a.args for a in st.pending["options"]] == [(1, 0), (1, 2)]
    do(st, "target 1 0")
    assert names(st, st.tableau[1]) == ["Gold Cup", "Clay Cup"] and "Tin Cup" in names(st, st.hand[0])
    assert st.purse[0] + st.money[0] == 4 and st.money[1] == 6 and st.rp[0] == 4
    assert st.owner[ids(st, 0, "Tin Cup")[0]] == 0


def test_this_card_returned_to_your_hand_and_another_put_in_its_place():
    """"Use an Action": this card goes back to your hand (so it is not flipped), and a card of your hand,
    your choice, is put into play in its slot ("Tableau") without its Play effects: it is not played
    ("Play a Single"), so no Play effect resolves (rules notes, "MB: hands")."""
    text = ("Action: Put this card back into your hand, and put a different card into play in its slot (don't activate "
            "its Play effects).")
    assert compiles(text)[0]["ops"] == [{"op": "return_and_replace"}]
    boom = card("Boom Frog", "Play: Gain 9 RP.", star=5)
    st = table(kit([card("Swap Jar", text), card("Stone Post", star=1), boom, *lamps(1)]), kit(lamps(3)))
    place(st, 0, "Swap Jar", "Stone Post")
    do(st, 'use "Swap Jar"')
    assert st.pending["kind"] == "play"
    do(st, 'pick "Boom Frog"')
    assert names(st, st.tableau[0]) == ["Boom Frog", "Stone Post"] and "Swap Jar" in names(st, st.hand[0])
    assert st.rp[0] == 0 and st.down == set() and st.current_players() == [0]  # the turn's Single still to play
    events = [st.event_to_string(e) for e in st.events if e.action == "put_in_place"]
    assert events == ["Seat 0 puts Boom Frog into play in slot 1, its Play effects not activated"]


def test_a_played_card_answered_by_a_matching_discard_or_a_hand_shown():
    """"Effects on Cards": a Top effect of the Top Card, here each card an opponent plays; that player
    discards a card of their hand sharing its RARITY or ELEMENT ("CARD DATA"), their choice, or shows
    their hand with none ("Discard a Card"; rules notes, "MB: hands")."""
    from dataclasses import replace

    text = ("Top: Whenever an opponent plays a card, that player must discard a card that shares its RARITY or ELEMENT, "
            "or reveal their hand with none.")
    assert compiles(text)[0]["ops"] == [{"op": "discard_matching", "who": "that_player", "match": ["rarity", "element"]}]
    assert check_card("single", {"star": 3}, [{**compiles(text)[0], "ops": [
        {"op": "discard_matching", "who": "that_player", "match": ["colour"]}]}])
    rare = lambda name, kind, element="earth": replace(card(name, elements=(element,)), set_kind=kind)  # noqa: E731
    st = table(kit([rare("Core Fox", "core"), rare("Core Owl", "core"), rare("Master Yak", "master"),
                    rare("Rare Eel", "rare", "water")]), kit([card("Grim Warden", text), *lamps(1)]))
    place(st, 1, "Grim Warden")
    do(st, 'play "Core Fox"')  # Core Owl (core) and Master Yak (earth) fit, Rare Eel (water, rare) does not
    assert st.current_players() == [0] and st.pending["kind"] == "discard"
    do(st, 'pick "Master Yak"')
    assert names(st, st.binder[0]) == ["Master Yak"]
    st = table(kit([rare("Core Fox", "core"), rare("Rare Eel", "rare", "water")]),
               kit([card("Grim Warden", text), *lamps(1)]))
    place(st, 1, "Grim Warden")
    do(st, 'play "Core Fox"')
    assert st.binder[0] == [] and [dict(e.changes)["cards"] for e in st.events if e.action == "reveal_hand"] == [
        ["Rare Eel"]]


def test_a_random_card_of_your_own_hand_revealed_for_its_star():
    """"Flip a Card": a Flip effect; a card of your own hand drawn blind (batch naming's pick) is shown to
    all and stays in your hand; its STAR gives RP. "You may": its player decides (rules notes, "MB: hands")."""
    text = "Flip: You may reveal a card at random from your hand. Then gain twice its STAR in RP."
    assert compiles(text)[0]["ops"][0] == {"op": "pick_blind", "who": "self", "reveal": True}
    flipper = card("Tip Over", "Play: Flip a card in an opponent's tableau.")
    st = table(kit([flipper, *lamps(1)]), kit([card("Lucky Dice", text), card("Heavy Die", star=4)]))
    place(st, 1, "Lucky Dice")
    do(st, 'play "Tip Over"', "accept")  # seat 1's one hand card: Heavy Die
    assert st.rp[1] == 8 and names(st, st.hand[1]) == ["Heavy Die"]
    assert [dict(e.changes)["card"] for e in st.events if e.action == "reveal"] == ["Heavy Die"]


def test_a_card_of_your_hand_discarded_to_the_aftermarket():
    """"Discard a Card": "to your binder unless another location is specified", here the Aftermarket
    ("Aftermarket Space"); with no card to discard the rest of the Action is not done (rules notes, "MB: hands")."""
    text = "Action: Discard one card from your hand into the Aftermarket. Draw the top card of the Store into your hand."
    assert compiles(text)[0]["ops"][0] == {"op": "discard_to_aftermarket"}
    gadget = card("Trade Chute", text, kind="accessory")
    st = table(kit([card("Old Boot", star=2), *lamps(1)], accessories=[gadget]), kit(lamps(2)), store=(3, 3))
    do(st, 'use "Trade Chute"', 'pick "Old Boot"')
    assert names(st, st.aftermarket) == ["Old Boot"] and "Store card 0" in names(st, st.hand[0])
    (event,) = [e for e in st.events if e.action == "discard"]
    assert st.event_to_string(event) == "Seat 0 discards Old Boot to the Aftermarket"
