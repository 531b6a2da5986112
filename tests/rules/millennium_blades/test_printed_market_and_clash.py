"""Phrase shapes of printed Millennium Blades cards about the Store, the Aftermarket, allies and
clash variants (issue 26, parts 2 and 3; rules/millennium_blades/market_phrases.py and market.py):
each test plays an original card written in one shape (invented name and wording) in the
tournament engine and checks what it did, citing the rulebook (millennium-blades.txt) section
or the rules notes (docs/rules-notes.md) the shape follows."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table

PEBBLE = card("Plain Pebble", star=1, elements=("earth",), types=("animal",))


def _to_aftermarket(st, *store_names):
    """Move Store cards (by name) into the Aftermarket, as a clash or a sale would have."""
    for name in store_names:
        c = next(c for c in st.store if st.cards[c].name == name)
        st.store.remove(c)
        st.aftermarket.append(c)


def test_choose_an_ally_then_all_players_clash():
    """"Clashing" (a multi-player clash, every player with a Top Card) with an ally chosen first
    (rules notes, "An ally for a clash"): "If you or your ally won" holds when the winner is one
    of you; "Otherwise" runs when neither of you won."""
    text = ("Play: Choose an ally for this clash, then all players clash. If you or your ally won, you gain 12 RP "
            "and your ally gains 6 RP. Otherwise, your ally loses 9 RP.")
    banner = card("Rally Banner", text, star=3)
    # the Store, top first: seat 0 reveals 1, seat 1 reveals 1, seat 2 reveals 5
    st = table(kit([banner]), kit([card("Tall Oak", star=9)]), kit([card("Low Reed", star=2)]), store=(1, 1, 5, 1, 1, 1))
    place(st, 1, "Tall Oak")
    place(st, 2, "Low Reed")
    do(st, 'play "Rally Banner"', "player 1")  # 3 + 1, 9 + 1, 2 + 5: the ally wins
    assert st.rp == [12, 6, 0]
    st = table(kit([banner]), kit([card("Tall Oak", star=9)]), kit([card("Low Reed", star=2)]), store=(1, 1, 5, 1, 1, 1))
    place(st, 1, "Tall Oak")
    place(st, 2, "Low Reed")
    st.rp[2] = 20
    do(st, 'play "Rally Banner"', "player 2")  # seat 1, not the ally, wins: the ally loses 9
    assert st.rp == [0, 0, 11]


def test_ally_flips_and_payments():
    """"each other player except your ally must flip a card" flips for every opponent but the
    ally, each choosing their own ("Flip a Card"); "your ally pays you 3 Dollars" moves money
    (rules notes, "Paying another player": as much as they have)."""
    flips = card("Pact Drummer", "Play: Choose an ally for this clash, then all players clash. If you or your ally "
                                 "won, each other player except your ally must flip a card. Otherwise, you and your "
                                 "ally must flip a card.", star=8)
    st = table(kit([flips]), kit([card("Mild Fern", star=2)]), kit([card("Dry Moss", star=2)]), store=(1,) * 6)
    place(st, 1, "Mild Fern")
    place(st, 2, "Dry Moss")
    do(st, 'play "Pact Drummer"', "player 1")  # 8 + 1 wins
    assert names(st, st.down) == ["Dry Moss"]
    dues = card("Guild Dues", "Play: Choose an ally for this clash, then all players clash. If you or your ally won, "
                              "you gain 2 Dollars from each other player except your ally. Otherwise, your ally pays "
                              "you 3 Dollars.", star=1)
    st = table(kit([dues]), kit([card("Mild Fern", star=2)]), kit([card("Tall Oak", star=9)]), store=(1,) * 6)
    place(st, 1, "Mild Fern")
    place(st, 2, "Tall Oak")
    st.money[1] = 2
    do(st, 'play "Guild Dues"', "player 1")  # seat 2 wins: the ally pays 3, having 2
    assert st.money == [2, 0, 0]
    effects, reason = compile_text("Play: Choose an ally for this clash, then all players clash. If you and your ally "
                                   "had the same clash total, gain 20 RP and your ally gains 10 RP. Otherwise, you "
                                   "both gain 3 RP.")
    assert reason is None and effects[0]["ops"][2]["condition"]["result"] == "same_total"


def test_they_must_use_a_card_of_your_choice_for_the_clash():
    """"Clashing" with the opponent's card of your choice instead of their Top Card; "The winner
    flips the losing card in the clash" flips the card the loser clashed with."""
    text = ("Play: Clash with an opponent. They must use a card of your choice in their tableau for the clash. "
            "The winner flips the losing card in the clash and gains 11 RP.")
    referee = card("Spiteful Referee", text, star=3)
    st = table(kit([referee]), kit([PEBBLE, card("Big Ox", star=6)]), store=(1, 1))
    place(st, 1, "Plain Pebble", "Big Ox")
    do(st, 'play "Spiteful Referee"', "target 1 0")  # their Pebble (1 + 1) against 3 + 1
    assert names(st, st.down) == ["Plain Pebble"]
    assert st.rp == [11, 0]


def test_clash_with_a_card_in_the_aftermarket():
    """"Clash with a card in the Aftermarket" (rules notes): you reveal the top card of the Store
    as in any clash ("Clashing") and add it to your Top Card's Star Rating; the chosen card's total
    is its Star Rating. "If you win, add the card to your hand"; "Otherwise, flip this card"."""
    text = "Play: Clash with a card in the Aftermarket. If you win, add the card to your hand. Otherwise, flip this card."
    duelist = card("Bargain Duelist", text, star=5)
    st = table(kit([duelist]), kit([card("Idle Lamp")]), store=(1, 4, 9))
    _to_aftermarket(st, "Store card 1", "Store card 2")
    do(st, 'play "Bargain Duelist"', 'take "Store card 1"')  # 5 + 1 against 4
    assert "Store card 1" in names(st, st.hand[0]) and st.clashes_won[0] == 1
    assert names(st, st.aftermarket) == ["Store card 2", "Store card 0"]  # the revealed card goes there too
    st = table(kit([duelist]), kit([card("Idle Lamp")]), store=(1, 4, 9))
    _to_aftermarket(st, "Store card 1", "Store card 2")
    do(st, 'play "Bargain Duelist"', 'take "Store card 2"')  # 5 + 1 against 9
    assert names(st, st.down) == ["Bargain Duelist"] and len(st.hand[0]) == 0
    assert compile_text("Play: Clash with a card in the Aftermarket. If you win, discard that card and gain RP "
                        "equal to twice its STAR rating (max 12 RP).")[1] is None


def test_store_cards_to_the_aftermarket_and_their_combined_star():
    """"Add the top 3 cards of the Store Deck to the Aftermarket": they go there at once, and over
    12 cards the Aftermarket is discarded first ("Aftermarket Space"); "their combined STAR" adds up
    the Star Ratings of the cards just moved ("CARD DATA")."""
    crier = card("Market Crier", "Play: Add the top 3 cards of the Store Deck to the Aftermarket and gain RP "
                                 "equal to their combined STAR.")
    st = table(kit([crier]), kit([card("Idle Lamp")]), store=(2, 3, 4) + (1,) * 11)
    do(st, 'play "Market Crier"')
    assert st.rp[0] == 9 and names(st, st.aftermarket) == ["Store card 0", "Store card 1", "Store card 2"]
    st = table(kit([crier]), kit([card("Idle Lamp")]), store=(2, 3, 4) + (1,) * 11)
    st.aftermarket = [st.store.pop(0) for _ in range(11)]  # the bottom 11: 3 more would make 14
    do(st, 'play "Market Crier"')
    assert names(st, st.aftermarket) == ["Store card 0", "Store card 1", "Store card 2"]
    assert len(st.store_discard) == 11


def test_counts_and_takes_of_the_aftermarket():
    """"For each card in the Aftermarket, gain 2 RP" (the count printed first); "Choose a card in
    the Aftermarket and add it to your binder. Gain RP equal to three times its STAR" ("Buy from
    the Aftermarket": its cards are face-up; "Discard a Card": the binder is out of the tournament)."""
    stall = card("Stall Counter", "Play: For each card in the Aftermarket, gain 2 RP.")
    st = table(kit([stall]), kit([card("Idle Lamp")]), store=(1, 1, 1))
    _to_aftermarket(st, "Store card 1", "Store card 2")
    do(st, 'play "Stall Counter"')
    assert st.rp[0] == 4
    picker = card("Scrap Picker", "Play: Choose a card in the Aftermarket and add it to your binder. Gain RP equal "
                                  "to three times its STAR.")
    st = table(kit([picker]), kit([card("Idle Lamp")]), store=(1, 4, 2))
    _to_aftermarket(st, "Store card 1", "Store card 2")
    do(st, 'play "Scrap Picker"', 'take "Store card 1"')
    assert names(st, st.binder[0]) == ["Store card 1"] and st.rp[0] == 12
    assert names(st, st.aftermarket) == ["Store card 2"]
    hunter = card("Box Hunter", "Action: Gain a Deck Box from the Aftermarket to your binder. If you did, gain 2 RP "
                                "for each STAR it has.", kind="accessory")
    st = table(kit([PEBBLE], accessories=[hunter]), kit([card("Idle Lamp")]), store=(1, 1))
    _to_aftermarket(st, "Store card 1")
    do(st, 'use "Box Hunter"')  # no deck box there: nothing, and "If you did" does not hold
    assert st.rp[0] == 0 and names(st, st.aftermarket) == ["Store card 1"]


def test_that_player_steals_from_you_for_each_token_the_card_had():
    """A Flip effect ("Flip effects are activated when a card is flipped face-down"): "that player"
    is the one whose effect flipped it, and "for each +1 STAR Token on this card" counts the tokens
    it had when flipped (rules notes, "Stealing RP")."""
    idol = card("Magpie Idol", "Flip: If an opponent's effect flipped this card, that player steals 4 RP from you "
                               "for each +1 STAR Token on this card (max 10 RP).", star=2)
    st = table(kit([idol]), kit([card("Angler", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Magpie Idol")
    st.tokens[ids(st, 0, "Magpie Idol")[0]] = 2
    st.rp = [20, 0]
    st.seat_turn = 1
    do(st, 'play "Angler"')
    assert st.rp == [12, 8]


def test_if_it_was_a_card_looks_at_the_flipped_card_as_it_was():
    """"Flip a Card": a face-down card has no attributes, so "If it was a WATER card" asks what the
    card flipped was before this effect flipped it (rules notes)."""
    sieve = card("Tide Sieve", "Play: Flip a card in your tableau. If you did, gain RP equal to its STAR. If it was "
                               "a WATER card, gain 4 more RP.")
    st = table(kit([sieve, card("Eel", star=3, elements=("water",))]), kit([card("Idle Lamp")]))
    place(st, 0, "Eel")
    do(st, 'play "Tide Sieve"', "target 0 0")
    assert names(st, st.down) == ["Eel"] and st.rp[0] == 7


def test_gain_twice_the_highest_star_flipped_by_this_effect():
    """Each player flips their left-most face-up card ("Flip a Card"); the effect counts the
    highest Star Rating among the cards it flipped, as they were."""
    bell = card("Sunset Bell", "Play: Each player flips their left-most face-up card. Gain RP equal to twice the "
                               "highest STAR flipped by this effect.", star=1)
    st = table(kit([bell]), kit([card("Big Ox", star=6)]))
    place(st, 1, "Big Ox")
    do(st, 'play "Sunset Bell"')
    assert set(names(st, st.down)) == {"Sunset Bell", "Big Ox"} and st.rp[0] == 12


def test_swap_two_cards_and_same_type_or_element():
    """"Swap the positions of two cards in your tableau" (two face-up cards of your choice: "In
    general, effects cannot target face-down cards"); "If those two cards are the same TYPE or the
    same ELEMENT" and "both cards adjacent to this one have the same TYPE or ELEMENT" compare
    their symbols ("CARD DATA")."""
    monk = card("Shuffle Monk", "Action: Swap the positions of two cards in your tableau. If those two cards are "
                                "the same TYPE or the same ELEMENT, gain 5 RP.", kind="accessory")
    st = table(kit([PEBBLE, card("Mud Hog", elements=("earth",), types=("citizen",)), card("Spare Pebble", star=1)],
                   accessories=[monk]), kit([card("Idle Lamp")]))
    place(st, 0, "Plain Pebble", "Mud Hog")
    do(st, 'use "Shuffle Monk"', "target 0 0")  # the second of two face-up cards is the other one
    assert names(st, st.tableau[0]) == ["Mud Hog", "Plain Pebble"] and st.rp[0] == 5
    lantern = card("Twin Lantern", "Score: Gain 7 RP if both cards adjacent to this one have the same TYPE or ELEMENT.")
    st = table(kit([PEBBLE, lantern, card("Mud Hog", elements=("earth",), types=("citizen",))]), kit([]))
    place(st, 0, "Plain Pebble", "Twin Lantern", "Mud Hog")
    do(st, "pass", "pass")
    assert st.rp[0] == 7


def test_choose_a_single_and_its_owner_must_either():
    """"Choose a Single" (a face-up card of any tableau: "Flip a Card"); "Its owner must either give
    you 9 RP or flip that card" (rules notes, "Either ... or": the owner chooses an option that can
    be done, as their own act; "give you" is a steal, "FAQs": a loss stops at zero); "This effect
    cannot be reacted to" offers no Reaction ("Reaction")."""
    text = ("Stickup–Play: Choose a Single. Its owner must either give you 9 RP or flip that card. This effect "
            "cannot be reacted to.")
    bandit = card("Toll Bandit", text)
    st = table(kit([bandit]), kit([card("Big Ox", star=6)]))
    place(st, 1, "Big Ox")
    st.rp = [0, 5]
    do(st, 'play "Toll Bandit"', "target 1 0", "option 0")  # the owner pays 9 RP, having 5
    assert st.rp == [5, 0] and not st.down
    st = table(kit([bandit]), kit([card("Big Ox", star=6)]))
    place(st, 1, "Big Ox")
    do(st, 'play "Toll Bandit"', "target 1 0", "option 1")
    assert names(st, st.down) == ["Big Ox"]


def test_you_cannot_lose_rp_and_not_enough_rp_to_lose():
    """"Ongoing: You cannot lose RP" holds while the card is face-up ("Ongoing"); "Lose 5 RP. If
    you don't have enough RP to lose, flip this card": the loss stops at zero ("FAQs") and the
    condition asks whether it took less than it said."""
    debt = card("Debt Collector", "Play: Lose 5 RP. If you don't have enough RP to lose, flip this card.")
    st = table(kit([debt]), kit([card("Idle Lamp")]))
    st.rp[0] = 3
    do(st, 'play "Debt Collector"')
    assert st.rp[0] == 0 and names(st, st.down) == ["Debt Collector"]
    vault = card("Iron Vault", "Ongoing: You cannot lose RP. This effect continues to work during scoring.")
    st = table(kit([vault, debt]), kit([card("Idle Lamp")]))
    place(st, 0, "Iron Vault")
    st.rp[0] = 10
    do(st, 'play "Debt Collector"')
    assert st.rp[0] == 10 and names(st, st.down) == ["Debt Collector"]  # nothing lost: short of 5


def test_dollars_for_each_star_of_the_card_taken():
    """"Gain a DECK BOX from the Aftermarket to your binder. If you did, gain 2 Dollars for each
    STAR it has": the card taken is "it" ("Buy from the Aftermarket": its cards are face-up)."""
    hunter = card("Box Hunter", "Action: Gain a Deck Box from the Aftermarket to your binder. If you did, gain 2 "
                                "Dollars for each STAR it has.", kind="accessory")
    st = table(kit([PEBBLE], accessories=[hunter]), kit([card("Idle Lamp")]), store=(1,))
    box = card("Old Tin", "Score: Gain 1 RP.", star=4, kind="deck_box")
    st2 = table(kit([PEBBLE], box=[box], accessories=[hunter]), kit([card("Idle Lamp")]), store=(1,))
    tin = ids(st2, 0, "Old Tin")[0]
    st2.deck_box[0].remove(tin)
    st2.aftermarket.append(tin)
    do(st2, 'use "Box Hunter"')
    assert names(st2, st2.binder[0]) == ["Old Tin"] and st2.money[0] == 8
    do(st, 'use "Box Hunter"')
    assert st.money[0] == 0


def test_name_a_card_and_discard_its_copies():
    """"Name a card" (rules notes, "Naming a card": a name of a single the players brought); "Each
    opponent must discard all copies of that card" discards them from their hands to their binders
    ("Discard a Card"); "For each player's hand that contains that card, they must discard it, and
    you gain 5 RP" counts the players who discarded one."""
    crier = card("Town Crier", "Play: Name a card. Each opponent must discard all copies of that card.")
    st = table(kit([crier]), kit([card("Moon Moth"), card("Moon Moth"), card("Sun Moth")]))
    do(st, 'play "Town Crier"', 'name "Moon Moth"')
    assert names(st, st.hand[1]) == ["Sun Moth"] and names(st, st.binder[1]) == ["Moon Moth", "Moon Moth"]
    census = card("Census Taker", "Play: Name a card. For each player's hand that contains that card, they must "
                                  "discard it, and you gain 5 RP (max. 15 RP).")
    st = table(kit([census, card("Moon Moth")]), kit([card("Moon Moth"), card("Moon Moth")]), kit([card("Sun Moth")]))
    do(st, 'play "Census Taker"', 'name "Moon Moth"')
    assert st.rp[0] == 10 and names(st, st.hand[1]) == ["Moon Moth"] and names(st, st.binder[0]) == ["Moon Moth"]


def test_the_loser_flips_a_card_in_their_tableau():
    """"Clashing" results name the winner's and loser's own tableau: "The loser must flip the
    highest STAR card in their tableau" and "Each player who lost must flip a card in their
    tableau" run as that player's ("Flip a Card": the loser's own face-up card)."""
    whip = card("Ring Whip", "Action: Clash with an opponent. The winner gains 6 RP, and the loser must flip the "
                             "highest STAR card in their tableau.", kind="accessory")
    st = table(kit([card("Tall Oak", star=9), card("Spare Pebble", star=1)], accessories=[whip]),
               kit([PEBBLE, card("Big Ox", star=6)]), store=(1, 1))
    place(st, 0, "Tall Oak")
    place(st, 1, "Plain Pebble", "Big Ox")
    do(st, 'use "Ring Whip"')  # 9 + 1 against 6 + 1
    assert st.rp[0] == 6 and "Big Ox" in names(st, st.down)
    assert compile_text("Play: All players clash. Each player who lost must flip a card in their tableau.")[1] is None


def test_that_player_must_either_play_the_revealed_card_or_lose_rp():
    """"Reveal the top card of the Store" (to the Aftermarket, "Aftermarket Space"); "That player
    must either play that card, ignoring all Play effects, or lose twice its STAR in RP and add the
    card to your hand" (rules notes, "Either ... or": the chosen player picks; "your hand" is the
    effect's player's). A card an effect plays is placed like a Single ("Play a Single") without its
    Play effects and is not the turn's play."""
    from rules.millennium_blades.engine import new_game

    text = ("Dare–Play: Choose a player and reveal the top card of the Store. That player must either play that "
            "card, ignoring all Play effects, or lose twice its STAR in RP and add the card to your hand.")
    dare = card("Tavern Dare", text)
    loud = card("Loud Drum", "Play: Gain 9 RP.", star=4)
    st = new_game([kit([dare]), kit([card("Idle Lamp")])], 0, store=[loud])
    do(st, 'play "Tavern Dare"', "player 1", "option 0")
    assert names(st, st.tableau[1]) == ["Loud Drum"] and st.rp == [0, 0] and not st.aftermarket
    st = new_game([kit([dare]), kit([card("Idle Lamp")])], 0, store=[loud])
    st.rp[1] = 10
    do(st, 'play "Tavern Dare"', "player 1", "option 1")
    assert st.rp == [0, 2] and names(st, st.hand[0]) == ["Loud Drum"]


def test_when_you_would_lose_a_clash():
    """"Reaction: When you would lose a clash, ...": the loser may use it, flipping its card
    ("Reaction"); considered to win instead (both win: rules notes, "Would lose a clash"), or not
    lose, or the clash is repeated with new cards from the Store ("Clashing")."""
    duel = card("Challenge Horn", "Action: Clash with an opponent. If you win, gain 5 RP.", kind="accessory")
    trick = card("Lucky Cape", "Reaction: When you would lose a clash, you are considered to win instead.",
                 kind="accessory")
    st = table(kit([card("Tall Oak", star=9), card("Spare Pebble", star=1)], accessories=[duel]),
               kit([PEBBLE], accessories=[trick]), store=(1, 1, 1, 9))
    place(st, 0, "Tall Oak")
    place(st, 1, "Plain Pebble")
    do(st, 'use "Challenge Horn"', 'react "Lucky Cape"')  # 9 + 1 against 1 + 1: both win
    assert st.rp[0] == 5 and st.clashes_won == [1, 1] and "Lucky Cape" in names(st, st.down)
    again = card("Second Wind", "Reaction: When you would lose a clash, ignore the results and repeat the clash.",
                 kind="accessory")
    st = table(kit([card("Tall Oak", star=5), card("Spare Pebble", star=1)], accessories=[duel]),
               kit([PEBBLE], accessories=[again]), store=(1, 1, 1, 9))
    place(st, 0, "Tall Oak")
    place(st, 1, "Plain Pebble")
    do(st, 'use "Challenge Horn"', 'react "Second Wind"')  # 5 + 1 against 1 + 1, then 5 + 1 against 1 + 9
    assert st.rp[0] == 0 and st.clashes_won == [0, 1]
    assert compile_text("Reaction: When you would lose a clash, you don't lose instead.")[1] is None


def _in_set(spec, set_code: str):
    """The made-up card printed in a Set ("CARD DATA": a card's Set)."""
    from dataclasses import replace

    return replace(spec, set_code=set_code)


def test_sets_pairs_and_what_a_flipped_card_had():
    """"CARD DATA": a card's Set, symbols and Star Rating; a face-down card has none ("Face-Down
    Cards"). "for each different SET among face-up cards", "if any two other cards in your tableau
    share the same TYPE", "with fewer STAR than this one", "If it had a Score effect" (the flipped
    card as it was) and "a card in his tableau" (their tableau)."""
    sets = card("Set Keeper", "Score: Gain 5 RP for each different SET among face-up cards in your tableau.")
    pair = card("Pair Judge", "Score: Gain 9 RP if any two other cards in your tableau share the same TYPE.")
    low = card("Tall Sage", "Score: Gain 2 RP for every card in your tableau with fewer STAR than this one.", star=5)
    st = table(kit([_in_set(sets, "AAA"), _in_set(pair, "BBB"), _in_set(low, "BBB"),
                    _in_set(card("Mud Hog", types=("citizen",)), "CCC"), card("Hill Hog", types=("citizen",)),
                    _in_set(card("Down Hog", types=("citizen",)), "DDD")]), kit([]))
    place(st, 0, "Set Keeper", "Pair Judge", "Tall Sage", "Mud Hog", "Hill Hog", "Down Hog", down=["Down Hog"])
    do(st, "pass", "pass")
    # Sets AAA, BBB, CCC (the face-down DDD has none): 15; two CITIZENs: 9; four cards of 3 stars: 8
    assert st.rp[0] == 15 + 9 + 8
    sieve = card("Score Sieve", "Play: You may flip a card in your tableau. If you did, gain RP equal to twice its "
                                "STAR. Gain 7 RP if it had a Score effect.")
    st = table(kit([sieve, card("Old Bell", "Score: Gain 1 RP.", star=2)]), kit([card("Idle Lamp")]))
    place(st, 0, "Old Bell")
    do(st, 'play "Score Sieve"', "accept", "target 0 0")
    assert st.rp[0] == 4 + 7
    effects, reason = compile_text("Play: Gain 5 RP. | Action: Clash with a player. The winner gains 15 RP, and the "
                                   "loser must flip a card in his tableau.")
    assert reason is None and effects[1]["ops"][0]["losers"][0]["target"]["player"] == "self"


def test_any_number_of_cards():
    """"Flip any number of cards in your tableau" (face-up ones, "Flip a Card") and "Reveal any
    number of cards from your hand. For each different TYPE revealed, gain 3 RP" ("Reveal a Card
    from your hand": shown, then kept): one card at a time, declining to stop."""
    purge = card("Purge Rite", "Play: Flip any number of cards in your tableau.")
    st = table(kit([purge, PEBBLE, card("Big Ox", star=6), card("Mud Hog")]), kit([card("Idle Lamp")]))
    place(st, 0, "Plain Pebble", "Big Ox", "Mud Hog")
    do(st, 'play "Purge Rite"', "target 0 0", "target 0 2", "decline")
    assert set(names(st, st.down)) == {"Plain Pebble", "Mud Hog"}
    show = card("Show and Tell", "Play: Reveal any number of cards from your hand. For each different TYPE revealed, "
                                 "gain 3 RP.")
    st = table(kit([show, PEBBLE, card("Mud Hog", types=("citizen",)), card("Stray Cat", types=("animal",))]),
               kit([card("Idle Lamp")]))
    do(st, 'play "Show and Tell"', 'show "Plain Pebble"', 'show "Mud Hog"', 'show "Stray Cat"')
    assert st.rp[0] == 6 and len(st.hand[0]) == 3  # two types among three cards; all still in hand


def test_each_player_with_a_card_in_their_tableau():
    """"Each other player with a LIGHT card in their tableau gains 10 RP. You gain 4 RP for each
    player with a LIGHT card in their tableau (including you)": each counts their own tableau
    ("Tableau"); "Each player loses RP equal to the combined STAR of all cards in their tableau"
    likewise ("CARD DATA"; "FAQs": a loss stops at zero)."""
    beacon = card("Beacon Keeper", "Score: Each other player with a LIGHT card in their tableau gains 10 RP. You gain "
                                   "4 RP for each player with a LIGHT card in their tableau (including you).",
                  elements=("light",))
    lamp = card("Glow Lamp", elements=("light",))
    st = table(kit([beacon]), kit([lamp]), kit([card("Dim Rock", elements=("earth",))]))
    place(st, 0, "Beacon Keeper")
    place(st, 1, "Glow Lamp")
    place(st, 2, "Dim Rock")
    do(st, "pass", "pass", "pass")
    assert st.rp == [8, 10, 0]
    tithe = card("Tithe Bell", "Play: Each player loses RP equal to the combined STAR of all cards in their tableau.",
                 star=2)
    st = table(kit([tithe]), kit([card("Big Ox", star=6)]))
    place(st, 1, "Big Ox")
    st.rp = [10, 10]
    do(st, 'play "Tithe Bell"')
    assert st.rp == [8, 4]


def test_a_card_that_matches_your_top_card_and_their_left_most_card():
    """"Each other player must flip a card in their tableau with a TYPE that matches the TYPE of
    your Top Card" ("Top Card"; "Flip a Card": their own face-up card of that type), and "Each
    player must flip their left-most card" (a flip takes a face-up card: the left-most face-up)."""
    match = card("Mirror Hound", "Action: Each other player must flip a card in their tableau with a TYPE that "
                                 "matches the TYPE of your Top Card. Gain 3 RP.", kind="accessory")
    st = table(kit([card("Hill Hog", types=("citizen",)), card("Spare Pebble", star=1)], accessories=[match]),
               kit([PEBBLE, card("Mud Hog", types=("citizen",))]))
    place(st, 0, "Hill Hog")
    place(st, 1, "Plain Pebble", "Mud Hog")
    do(st, 'use "Mirror Hound"')  # only Mud Hog is a CITIZEN: no choice to make
    assert set(names(st, st.down)) == {"Mud Hog", "Mirror Hound"} and st.rp[0] == 3
    sweep = card("Dawn Sweep", "Play: Each player must flip their left-most card.", star=1)
    st = table(kit([sweep]), kit([PEBBLE, card("Big Ox", star=6)]))
    place(st, 1, "Plain Pebble", "Big Ox", down=["Plain Pebble"])
    do(st, 'play "Dawn Sweep"')
    assert set(names(st, st.down)) == {"Plain Pebble", "Dawn Sweep", "Big Ox"}


def test_choose_a_set_or_a_type():
    """"Choose a SET. For each single from that SET in your tableau, gain 3 RP" ("CARD DATA": a
    card's Set; rules notes, "Choosing a Set or a type"); "Choose a TYPE. Add each card of that type
    in the Aftermarket to your hand. Gain 2 RP for each card you gained this way"."""
    tin = card("Collector Tin", "DECK BOX | Score: Choose a SET. For each single from that SET in your tableau, "
                                "gain 3 RP.", kind="deck_box")
    st = table(kit([_in_set(PEBBLE, "AAA"), _in_set(card("Big Ox"), "AAA"), _in_set(card("Mud Hog"), "BBB")],
                   box=[tin]), kit([]))
    place(st, 0, "Plain Pebble", "Big Ox", "Mud Hog")
    do(st, "pass", "pass", 'value "AAA"')
    assert st.rp[0] == 6
    sorter = card("Type Sorter", "Play: Choose a TYPE. Add each card of that type in the Aftermarket to your hand. "
                                 "Gain 2 RP for each card you gained this way (max. 10 RP).")
    st = table(kit([sorter]), kit([card("Idle Lamp")]), store=(1, 1, 1))
    _to_aftermarket(st, "Store card 1", "Store card 2")  # Store cards are SOLDIERs (tests' default)
    do(st, 'play "Type Sorter"', 'value "soldier"')
    assert names(st, st.hand[0]) == ["Store card 1", "Store card 2"] and st.rp[0] == 4


def test_each_time_you_use_an_action_and_when_you_would_lose_rp():
    """"Each time you use an Action, gain 4 RP" ("Use an Action": after its text and flip);
    "Reaction: When you would lose RP, you lose 3 less RP" and "gain that much RP instead" replace
    the loss, flipping the Reaction's card ("Reaction"; rules notes, "Would lose RP")."""
    coach = card("Drill Coach", "Ongoing: Each time you use an Action, gain 4 RP.")
    horn = card("Brass Horn", "Action: Gain 1 RP.", kind="accessory")
    st = table(kit([coach, PEBBLE], accessories=[horn]), kit([card("Idle Lamp")]))
    place(st, 0, "Drill Coach")
    do(st, 'use "Brass Horn"')
    assert st.rp[0] == 5
    pad = card("Padded Vest", "Reaction: When you would lose RP, you lose 3 less RP.", kind="accessory")
    taxer = card("Tax Man", "Play: Each opponent loses 5 RP.")
    st = table(kit([taxer]), kit([card("Idle Lamp")], accessories=[pad]))
    st.rp[1] = 10
    do(st, 'play "Tax Man"', 'react "Padded Vest"')
    assert st.rp[1] == 8 and "Padded Vest" in names(st, st.down)
    mirror = card("Rubber Mirror", "Reaction: When you would lose RP, gain that much RP instead. This effect cannot "
                                   "be used during scoring.", kind="accessory")
    st = table(kit([taxer]), kit([card("Idle Lamp")], accessories=[mirror]))
    st.rp[1] = 10
    do(st, 'play "Tax Man"', 'react "Rubber Mirror"')
    assert st.rp[1] == 15


def test_discard_this_card_from_your_tableau():
    """"Discard this card from your tableau" ("Discard a Card": to the owner's Binder, "unavailable
    for the rest of the tournament"): an Action that does so leaves no card to flip ("Use an Action")."""
    exit_ = card("Quick Exit", "Action: Discard this card from your tableau and gain 4 RP.")
    st = table(kit([exit_, PEBBLE]), kit([card("Idle Lamp")]))
    place(st, 0, "Quick Exit")
    do(st, 'use "Quick Exit"')
    assert st.rp[0] == 4 and names(st, st.binder[0]) == ["Quick Exit"] and not st.tableau[0] and not st.down


def test_protection_printed_other_ways():
    """"Cannot be flipped": "Your other cards cannot be flipped by opponent's effects" protects every
    card but itself, and "by an effect an opponent controls" is an opponent's effect; a protected
    card is no legal target ("FAQs")."""
    guard = card("Shield Maiden", "Ongoing: Your other cards cannot be flipped by opponent's effects.")
    st = table(kit([guard, PEBBLE]), kit([card("Angler", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Shield Maiden", "Plain Pebble")
    st.seat_turn = 1
    do(st, 'play "Angler"')  # the Pebble cannot be chosen: the Maiden is the only target
    assert names(st, st.down) == ["Shield Maiden"]
    assert compile_text("Ongoing: Adjacent cards cannot be flipped by an effect an opponent controls.")[0][0]["ops"] == [
        {"op": "protect", "target": "adjacent"}]


def test_flip_two_cards_of_a_kind_if_you_did():
    """"Flip 2 DARK cards in your tableau. If you did, ... Otherwise, flip this card" ("Flip a
    Card"; rules notes, "Flipping two cards": "If you did" holds when both were flipped)."""
    rite = card("Night Rite", "Play: Flip 2 DARK cards in your tableau. If you did, gain 9 RP. Otherwise, flip this "
                              "card.", elements=("fire",))
    bat, owl = card("Bat", elements=("dark",)), card("Owl", elements=("dark",))
    st = table(kit([rite, bat, owl]), kit([card("Idle Lamp")]))
    place(st, 0, "Bat", "Owl")
    do(st, 'play "Night Rite"', "target 0 0")  # the first of the two DARK cards; the other is the last
    assert set(names(st, st.down)) == {"Bat", "Owl"} and st.rp[0] == 9
    st = table(kit([rite, bat]), kit([card("Idle Lamp")]))
    place(st, 0, "Bat")
    do(st, 'play "Night Rite"')
    assert set(names(st, st.down)) == {"Bat", "Night Rite"} and st.rp[0] == 0


def test_use_this_card_instead_of_your_top_card_to_clash():
    """"Reaction: When you clash, you may use this card instead of your Top card to clash. If you do,
    this card is flipped after the clash ends" ("Clashing", "Reaction"); "When you win a clash with
    this card, gain 6 RP" counts only the card clashed with."""
    ace = card("Fencing Ace", "Duel–Reaction: When you clash, you may use this card instead of your Top card to "
                              "clash. If you do, this card is flipped after the clash ends. | Ongoing: When you win a "
                              "clash with this card, gain 6 RP.", star=8)
    horn = card("Challenge Horn", "Action: Clash with an opponent.", kind="accessory")
    st = table(kit([ace, PEBBLE, card("Spare Pebble", star=1)], accessories=[horn]), kit([card("Mid Ox", star=3)]),
               store=(1, 1))
    place(st, 0, "Fencing Ace", "Plain Pebble")
    place(st, 1, "Mid Ox")
    do(st, 'use "Challenge Horn"', 'react "Fencing Ace"')  # 8 + 1 against 3 + 1
    assert st.clashes_won == [1, 0] and st.rp[0] == 6 and "Fencing Ace" in names(st, st.down)


def test_the_star_of_all_cards_adjacent():
    """"Gain RP equal to the STAR of all cards adjacent to this one": their Star Ratings added up
    ("CARD DATA"; a face-down card has none, "Face-Down Cards")."""
    hub = card("Market Hub", "Score: Gain RP equal to the STAR of all cards adjacent to this one.")
    st = table(kit([PEBBLE, hub, card("Big Ox", star=6), card("Far Ox", star=9)]), kit([]))
    place(st, 0, "Plain Pebble", "Market Hub", "Big Ox", "Far Ox")
    do(st, "pass", "pass")
    assert st.rp[0] == 7


def test_flip_a_card_of_this_cards_star_to_gain():
    """"Flip a card of this card's STAR in an opponent's tableau to gain 10 RP": a face-up card with
    the same Star Rating ("Flip a Card"), and the RP only if one was flipped ("Use an Action")."""
    drill = card("Bore Drill", "Action: Flip a card of this card's STAR in an opponent's tableau to gain 10 RP.",
                 star=6)
    st = table(kit([drill, PEBBLE]), kit([card("Big Ox", star=6), card("Mid Ox", star=3)]))
    place(st, 0, "Bore Drill")
    place(st, 1, "Big Ox", "Mid Ox")
    do(st, 'use "Bore Drill"')  # only the 6-star Ox fits
    assert set(names(st, st.down)) == {"Big Ox", "Bore Drill"} and st.rp[0] == 10
    st = table(kit([drill, PEBBLE]), kit([card("Mid Ox", star=3)]))
    place(st, 0, "Bore Drill")
    place(st, 1, "Mid Ox")
    do(st, 'use "Bore Drill"')
    assert st.rp[0] == 0


def test_different_stars_and_one_of_your_cards():
    """"Gain 2 RP for each different STAR in your tableau" (Star Ratings, "CARD DATA"; a face-down
    card has none) and "Put two +1 STAR Tokens on one of your cards in your tableau" (a face-up
    card of your choice)."""
    gauge = card("Star Gauge", "Score: Gain 2 RP for each different STAR in your tableau.", star=3)
    st = table(kit([gauge, PEBBLE, card("Big Ox", star=6), card("Mid Ox", star=3)]), kit([]))
    place(st, 0, "Star Gauge", "Plain Pebble", "Big Ox", "Mid Ox")
    do(st, "pass", "pass")
    assert st.rp[0] == 6  # 3, 1 and 6
    smith = card("Token Smith", "Play: Put two +1 STAR Tokens on one of your cards in your tableau.")
    st = table(kit([smith, card("Big Ox", star=6)]), kit([card("Idle Lamp")]))
    place(st, 0, "Big Ox")
    do(st, 'play "Token Smith"', "target 0 0")
    assert st.star(ids(st, 0, "Big Ox")[0]) == 8


def test_both_players_use_their_lowest_star_card():
    """"Clash with an opponent. Both players use the lowest STAR card in their tableau": each clashes
    with that card instead of the Top Card ("Clashing")."""
    low = card("Low Blow", "Play: Clash with an opponent. Both players use the lowest STAR card in their tableau. "
                           "The winner gains 7 RP.", star=9)
    st = table(kit([low, card("Mid Ox", star=4)]), kit([PEBBLE, card("Big Ox", star=8)]), store=(1, 1))
    place(st, 0, "Mid Ox")
    place(st, 1, "Plain Pebble", "Big Ox")
    do(st, 'play "Low Blow"')  # 4 + 1 against 1 + 1 (the Top Cards would be 9 against 8)
    assert st.rp == [7, 0]
    st = table(kit([card("Lone Ox", star=4), card("Plain Blow", "Play: Clash with an opponent. The winner gains 7 RP.",
                                                  star=9)]), kit([PEBBLE, card("Big Ox", star=10)]), store=(1, 1))
    place(st, 0, "Lone Ox")
    place(st, 1, "Plain Pebble", "Big Ox")
    do(st, 'play "Plain Blow"')  # without it: 9 + 1 against 10 + 1
    assert st.rp == [0, 7]
