"""Phrase shapes of printed Millennium Blades cards (issue 26, parts 2 and 3): each test plays an
original card written in one shape (invented name and wording) in the tournament engine and checks
what it did, citing the rulebook (millennium-blades.txt) section the shape follows."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table

FILLER = card("Plain Pebble", "Play: Gain 1 RP.", star=1, elements=("earth",), types=("animal",))


def test_set_keyword_printed_with_its_timing_reads_the_printed_text():
    """"Set Specific Keywords": "When you see a keyword, its effects are always the same. On most
    cards, the keyword's full text is printed out": "Hurry–Play:" reads as "Play:"."""
    hurry = card("Gale Courier", "Hurry–Play: You may play another card after resolving this one.")
    effects, reason = compile_text("Hurry PLUS - Play: You may play another card after resolving this one.")
    assert reason is None and effects[0]["ops"] == [{"op": "play_extra", "amount": 1}]
    st = table(kit([hurry, FILLER, card("Second Pebble", star=1)]), kit([card("Idle Lamp")]))
    do(st, 'play "Gale Courier"', "accept", 'play "Plain Pebble"')
    assert names(st, st.tableau[0]) == ["Gale Courier", "Plain Pebble"]
    assert st.rp[0] == 1


def test_no_special_effect_and_epic_print_no_tournament_effect():
    """A card whose box says "No Special Effect" is played for its star alone ("CARD DATA"); "Epic"
    (its reminder limits a deck to one Epic card) is a deckbuilding rule, no tournament effect
    (test_epic_limit.py)."""
    assert compile_text("No Special Effect") == ([], None)
    effects, reason = compile_text("Epic (Limit one Epic Card per Deck) | Score: Gain 9 RP.")
    assert reason is None and [e["timing"] for e in effects] == ["deckbuilding", "score"]
    st = table(kit([card("Blank Golem", "No Special Effect", star=7)]), kit([card("Idle Lamp")]))
    do(st, 'play "Blank Golem"')
    assert st.rp == [0, 0] and st.star(ids(st, 0, "Blank Golem")[0]) == 7


def test_metagame_reminder_every_player_scores_it():
    """"Ending the Tournament" 1: "Every Player activates the Metagame Score effects for
    themselves": a Metagame card's "All players perform this effect." is that rule's reminder."""
    text = "METAGAME CARD | All players perform this effect. | Score: Gain 4 RP if you have a face-up 2 STAR card."
    effects, reason = compile_text(text)
    assert reason is None and len(effects) == 1
    meta = card("Meta: Pair Week", text, kind="metagame")
    two = card("Twin Pebble", star=2)
    st = table(kit([two]), kit([card("Idle Lamp", star=2)]), metagame=[meta])
    do(st, 'play "Twin Pebble"', 'play "Idle Lamp"', "pass", "pass")
    assert st.phase == "over"
    assert st.rp == [4, 4]
    assert compile_text("All players perform this effect. | Score: Gain 4 RP.")[0] is None  # only on a Metagame


def test_max_in_parentheses_caps_the_points():
    """"(max. 10 RP)" is no reminder text: the effect gains at most that much ("Effects on Cards")."""
    effects, reason = compile_text("Score: Gain 4 RP for each MAGE card in your tableau (max. 10 RP).")
    assert reason is None and effects[0]["ops"][0]["max"] == 10
    mage = card("Hedge Mage", "Score: Gain 4 RP for each MAGE card in your tableau (max. 10 RP).", types=("mage",))
    st = table(kit([mage, card("Tower Mage", types=("mage",)), card("Moon Mage", types=("mage",))]), kit([]))
    place(st, 0, "Hedge Mage", "Tower Mage", "Moon Mage")
    do(st, "pass", "pass")
    assert st.rp[0] == 10


def test_printed_star_symbol_and_type_cards():
    """The STAR symbol is the Star Rating ("CARD DATA"); "a 4 STAR or lower card", "an ANIMAL card",
    "a CITIZEN in play" ("Effects on Cards": a card "in play") describe cards as the grammar does."""
    text = "Play: If the card on its immediate left has a lower STAR than this one, flip it and gain 6 RP."
    hammer = card("Anvil Hare", text, star=5)
    st = table(kit([FILLER, hammer]), kit([card("Idle Lamp")]))
    place(st, 0, "Plain Pebble")
    do(st, 'play "Anvil Hare"')
    assert names(st, st.down) == ["Plain Pebble"] and st.rp[0] == 6
    effects, reason = compile_text("Play: If you have a CITIZEN in play, gain 9 RP.")
    assert reason is None
    clerk = card("Ledger Clerk", "Play: If you have a CITIZEN in play, gain 9 RP.", types=("citizen",))
    st = table(kit([clerk]), kit([card("Idle Lamp")]))
    do(st, 'play "Ledger Clerk"')  # "in play" while its Play effect resolves: itself
    assert st.rp[0] == 9
    st = table(kit([clerk, card("Town Crier", types=("citizen",))]), kit([card("Idle Lamp")]))
    place(st, 0, "Town Crier")
    do(st, 'play "Ledger Clerk"')  # two CITIZENs in play: "a CITIZEN" is one or more, not exactly one
    assert st.rp[0] == 9
    sweep = card("Low Tide", "Play: Flip a 2 STAR or lower ANIMAL card in an opponent's tableau.")
    st = table(kit([sweep]), kit([FILLER, card("Big Ox", star=6, types=("animal",))]))
    place(st, 1, "Plain Pebble", "Big Ox")
    do(st, 'play "Low Tide"')
    assert names(st, st.down) == ["Plain Pebble"]


def test_clash_with_a_player_and_all_players_clash():
    """"Clashing": "clash with an opponent, or with all players"; "The loser gains" runs for the loser."""
    duel = card("Dueling Crab", "Play: Clash with a player. The loser gains 7 RP.", star=2)
    st = table(kit([duel]), kit([card("Tall Lamp", star=9)]), store=(1, 1))
    place(st, 1, "Tall Lamp")
    do(st, 'play "Dueling Crab"')
    assert st.clashes_won == [0, 1] and st.rp == [7, 0]
    brawl = card("Tavern Brawl", "Play: All players clash. If you win, gain 11 RP.", star=9)
    st = table(kit([brawl]), kit([card("Small Lamp", star=1)]), kit([card("Low Lamp", star=2)]), store=(1, 1, 1))
    place(st, 1, "Small Lamp")
    place(st, 2, "Low Lamp")
    do(st, 'play "Tavern Brawl"')
    clash = next(e for e in st.events if e.action == "clash").as_dict()["changes"]
    assert clash["players"] == [0, 1, 2] and st.rp[0] == 11


def test_prevent_a_flip_reaction():
    """"Reaction": "activated whenever the relevant condition on the effect is met ... the card that
    triggers it is flipped face-down": "Prevent a card ... from being flipped by an opponent's effect"."""
    shield = card("Tin Umbrella", "ACCESSORY | Reaction: Prevent a WATER card in your tableau from being flipped "
                  "by an opponent's effect.", kind="accessory")
    fish = card("River Carp", star=2, elements=("water",))
    st = table(kit([fish], accessories=[shield]), kit([card("Angler", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "River Carp")
    st.seat_turn = 1
    do(st, 'play "Angler"', 'react "Tin Umbrella"')
    assert names(st, st.down) == ["Tin Umbrella"]


def test_next_card_comes_into_play_with_tokens():
    """"Next effects trigger on the next card you play": "your next card comes into play with two
    +1 STAR tokens" (+1 STAR tokens, "Set Specific Keywords": Blast Off)."""
    charger = card("Spark Battery", "Next: Your next card comes into play with two +1 STAR tokens on it.")
    st = table(kit([charger, FILLER]), kit([card("Idle Lamp")]))
    do(st, 'play "Spark Battery"', 'play "Idle Lamp"', 'play "Plain Pebble"')
    assert st.star(ids(st, 0, "Plain Pebble")[0]) == 3


def test_top_flips_the_card_an_opponent_played():
    """"Top effects ... are good for disruption": "Whenever an opponent plays a single, flip that
    card" flips the card the opponent played, not one of its own (issue 26's known bug)."""
    warden = card("Gate Warden", "Top: Whenever an opponent plays a single, flip that card.")
    st = table(kit([warden, FILLER]), kit([card("Idle Lamp")]))
    do(st, 'play "Gate Warden"', 'play "Idle Lamp"')
    assert names(st, st.down) == ["Idle Lamp"]


def test_each_opponent_must_flip_and_must_discard():
    """"Flip a Card" / "Discard a Card" ("General Rules"): "each opponent must flip a card in their
    tableau" is their flip of a card of their choice; "must discard a card" goes to their binder."""
    bully = card("Alley Bully", "Play: Each opponent must flip a card in their tableau. Each opponent must "
                 "discard a card.")
    st = table(kit([bully]), kit([FILLER, card("Spare Pebble"), card("Idle Lamp")]))
    place(st, 1, "Plain Pebble")
    do(st, 'play "Alley Bully"', 'pick "Idle Lamp"')
    assert names(st, st.down) == ["Plain Pebble"] and names(st, st.binder[1]) == ["Idle Lamp"]


def test_steal_rp_gains_what_the_opponent_lost():
    """Stealing RP: the opponent loses it ("FAQs": "You lose as much as you can and stop at zero")
    and you gain what they lost (docs/rules-notes.md, "Stealing RP")."""
    thief = card("Pickpocket Fox", "Play: Steal 6 RP from an opponent of your choice.")
    st = table(kit([thief]), kit([card("Idle Lamp")]))
    st.rp = [0, 4]
    do(st, 'play "Pickpocket Fox"')
    assert st.rp == [4, 0]


def test_star_when_clashing():
    """"Clashing": each player adds the revealed card's star to "the Star Rating of your Top Card";
    "This card has +3 STAR when clashing" adds to it when it is that Top Card."""
    knight = card("Jousting Knight", "Ongoing: This card has +3 STAR when clashing.", star=2)
    duel = card("Challenge", "Play: Clash with an opponent. The winner gains 5 RP.", star=2)
    st = table(kit([knight, duel]), kit([card("Idle Lamp", star=4)]), store=(1, 1))
    place(st, 0, "Jousting Knight")
    place(st, 1, "Idle Lamp")
    do(st, 'play "Challenge"')  # Challenge is the Top Card: 2 + 1 against 4 + 1
    assert st.clashes_won == [0, 1]
    st = table(kit([knight, FILLER], accessories=[card("Horn", "Action: Clash with an opponent. The winner gains 5 RP.",
                                               kind="accessory")]), kit([card("Idle Lamp", star=4)]), store=(1, 1))
    place(st, 0, "Jousting Knight")
    place(st, 1, "Idle Lamp")
    do(st, 'use "Horn"')  # 2 + 3 + 1 against 4 + 1
    assert st.clashes_won == [1, 0] and st.rp[0] == 5


def test_if_you_did_and_its_star():
    """"If you did": what follows happens only if the flip did ("Flip a Card"); "its STAR" is the
    flipped card's Star Rating as it was ("Set Specific Keywords", Thwomp!: "flip it and gain")."""
    miner = card("Quarry Miner", "Play: Flip a face-up ANIMAL card in your tableau. If you did, gain RP equal to "
                 "twice its STAR.", types=("citizen",))
    ox = card("Strong Ox", star=4, types=("animal",))
    st = table(kit([ox, miner]), kit([card("Idle Lamp")]))
    place(st, 0, "Strong Ox")
    do(st, 'play "Quarry Miner"')
    assert names(st, st.down) == ["Strong Ox"] and st.rp[0] == 8
    st = table(kit([miner]), kit([card("Idle Lamp")]))
    do(st, 'play "Quarry Miner"')
    assert st.rp[0] == 0 and not st.down


def test_counted_conditions_tokens_on_this_card_no_higher_card_empty_slots():
    """Conditions and counts of "Effects on Cards": +1 STAR tokens on this card, "no card ... with a
    higher STAR than this one", the empty slots of the tableau ("Tableau")."""
    tower = card("Bell Tower", "Score: Gain 20 RP if there is no card in your tableau with a higher STAR than this "
                 "one.", star=5)
    roomy = card("Roomy Tent", "Play: Gain 2 RP for each empty slot in your tableau.")
    st = table(kit([FILLER, tower, roomy]), kit([]))
    place(st, 0, "Plain Pebble", "Bell Tower")
    do(st, 'play "Roomy Tent"')
    assert st.rp[0] == 1 * 0 + 2 * 3  # six slots, three filled
    do(st, "pass", "pass")
    assert st.rp[0] == 6 + 20
    charged = card("Charged Relic", "Action: If there are at least 2 +1 STAR Tokens on this card, gain 9 RP.")
    st = table(kit([charged, FILLER]), kit([]))
    place(st, 0, "Charged Relic")
    do(st, 'use "Charged Relic"')
    assert st.rp[0] == 0
    st = table(kit([charged, FILLER]), kit([]))
    place(st, 0, "Charged Relic")
    st.tokens[ids(st, 0, "Charged Relic")[0]] = 2
    do(st, 'use "Charged Relic"')
    assert st.rp[0] == 9


def test_this_cards_star_lower_than_its_left_neighbour():
    """"If this card's STAR is lower than the card on its immediate left": the left card's Star Rating
    is the higher ("Top Card", "Tableau": slots from left to right)."""
    runt = card("Runt Pup", "Play: If this card's STAR is lower than the card on its immediate left, gain 8 RP.",
                star=2)
    st = table(kit([card("Big Ox", star=6), runt]), kit([]))
    place(st, 0, "Big Ox")
    do(st, 'play "Runt Pup"')
    assert st.rp[0] == 8
    st = table(kit([FILLER, runt]), kit([]))
    place(st, 0, "Plain Pebble")
    do(st, 'play "Runt Pup"')
    assert st.rp[0] == 0


def test_a_card_of_two_symbols():
    """"CARD DATA": a card may have two elements or types; "each AIR and EARTH card" counts the cards
    that have both (docs/rules-notes.md, "A card of two symbols")."""
    kite = card("Dust Kite", "Play: Gain 4 RP for each AIR and EARTH card in your tableau.", elements=("air", "earth"))
    st = table(kit([card("Sky Moth", elements=("air",)), card("Mud Kite", elements=("earth", "air")), kite]), kit([]))
    place(st, 0, "Sky Moth", "Mud Kite")
    do(st, 'play "Dust Kite"')
    assert st.rp[0] == 8
    effects, _reason = compile_text("Play: Gain 2 RP for each MYTH and SOLDIER card in your tableau.")
    assert effects[0]["ops"][0]["per"]["filter"] == {"types_all": ["myth", "soldier"]}


def test_rp_binder_and_different_elements_counts():
    """Counts of "Effects on Cards": your RP ("Ranking Points"), the cards in your Binder ("Discard a
    Card": discarded to the Binder), the different elements in your tableau."""
    broke = card("Broke Bard", "Play: If you have 0 RP, gain 7 RP.")
    st = table(kit([broke]), kit([]))
    do(st, 'play "Broke Bard"')
    assert st.rp[0] == 7
    hoard = card("Hoarder", "Play: Gain 3 RP for each card in your Binder.")
    st = table(kit([hoard]), kit([]))
    st.binder[0] = ids(st, 1, *()) + [st.store.pop(), st.store.pop()]
    do(st, 'play "Hoarder"')
    assert st.rp[0] == 6
    prism = card("Prism", "Play: If you have at least 2 different ELEMENTS in your tableau, gain 9 RP.",
                 elements=("light",))
    st = table(kit([FILLER, prism]), kit([]))
    place(st, 0, "Plain Pebble")
    do(st, 'play "Prism"')
    assert st.rp[0] == 9


def test_whenever_you_lose_a_clash():
    """"Clashing": "that player is the winner, and all other players are the losers": "Whenever you
    lose a clash" triggers for each loser."""
    sore = card("Sore Loser", "Ongoing: Whenever you lose a clash, each other player loses 3 RP.", star=1)
    duel = card("Challenge", "Play: Clash with an opponent.", star=9)
    st = table(kit([duel]), kit([sore]), store=(1, 1))
    place(st, 1, "Sore Loser")
    st.rp = [5, 0]
    do(st, 'play "Challenge"')
    assert st.clashes_won == [1, 0] and st.rp == [2, 0]


def test_flip_effect_knows_whose_effect_flipped_it_and_whose_turn_it_is():
    """"Flip effects are activated when a card is flipped face-down": "If an opponent's effect flipped
    this card, that player loses 4 RP" names the player whose effect did; "If it is your turn" asks
    "Tournament Turns" whose turn it is."""
    grudge = card("Grudge Doll", "Flip: If an opponent's effect flipped this card, that player loses 4 RP. | "
                  "Flip: If it is your turn, gain 2 RP.")
    st = table(kit([grudge]), kit([card("Angler", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Grudge Doll")
    st.rp = [0, 10]
    st.seat_turn = 1
    do(st, 'play "Angler"')
    assert st.rp == [0, 6]
    st = table(kit([grudge, card("Self Flipper", "Play: Flip a card in your tableau.")]), kit([]))
    place(st, 0, "Grudge Doll")
    do(st, 'play "Self Flipper"', "target 0 0")
    assert names(st, st.down) == ["Grudge Doll"] and st.rp == [2, 0]


def test_no_adjacent_card_with_a_higher_star():
    """"with a higher STAR" said of a card's neighbours compares with this card's Star Rating."""
    peak = card("Lone Peak", "Score: Gain 10 RP if this card has no adjacent cards with a higher STAR.", star=4)
    st = table(kit([FILLER, peak]), kit([]))
    place(st, 0, "Plain Pebble", "Lone Peak")
    do(st, "pass", "pass")
    assert st.rp[0] == 10
    st = table(kit([FILLER, peak, card("Big Ox", star=6)]), kit([]))
    place(st, 0, "Plain Pebble", "Lone Peak", "Big Ox")
    do(st, "pass", "pass")
    assert st.rp[0] == 0


def test_combined_star_and_left_most_face_up_card():
    """"the combined STAR" of cards adds their Star Ratings (a face-down card has none, "Face-Down
    Cards"); "their left-most face-up card" is the face-up card nearest the left end ("Tableau")."""
    sum_mage = card("Abacus Mage", "Play: Gain RP equal to the combined STAR of all EARTH cards in your tableau.",
                    elements=("water",))
    st = table(kit([FILLER, card("Clay Ox", star=4, elements=("earth",)), card("Mud Pig", star=5,
                                                                              elements=("earth",)), sum_mage]), kit([]))
    place(st, 0, "Plain Pebble", "Clay Ox", "Mud Pig", down=("Mud Pig",))
    do(st, 'play "Abacus Mage"')
    assert st.rp[0] == 1 + 4
    sweeper = card("Broom Witch", "Play: Each opponent must flip their left-most face-up card.")
    st = table(kit([sweeper]), kit([FILLER, card("Clay Ox", star=4), card("Mud Pig", star=5)]))
    place(st, 1, "Plain Pebble", "Clay Ox", "Mud Pig", down=("Plain Pebble",))
    do(st, 'play "Broom Witch"')
    assert sorted(names(st, st.down)) == ["Clay Ox", "Plain Pebble"]


def test_reveal_and_discard_the_store_card_and_its_star():
    """"Aftermarket Space": a revealed Store card goes to the Aftermarket; "If it has 5 STAR or greater"
    asks its Star Rating ("CARD DATA")."""
    diver = card("Bin Diver", "Play: Reveal and discard the top card of the Store to the Aftermarket. If it has 5 "
                 "STAR or greater, gain 10 RP.")
    st = table(kit([diver]), kit([]), store=(6, 1))
    do(st, 'play "Bin Diver"')
    assert st.rp[0] == 10 and names(st, st.aftermarket) == ["Store card 0"]
    st = table(kit([diver]), kit([]), store=(4, 1))
    do(st, 'play "Bin Diver"')
    assert st.rp[0] == 0


def test_this_is_the_highest_star_card_and_the_left_most_face_up_card():
    """Conditions on this card's place: "the highest STAR card in your tableau" (no other is higher),
    "the left-most face-up card in your tableau" ("Tableau", "Face-Down Cards")."""
    crown = card("Crown Ox", "Score: Gain 9 RP if this is the highest STAR card in your tableau. | Score: Gain 4 RP "
                 "if this is the left-most face-up card in your tableau.", star=5)
    st = table(kit([FILLER, crown]), kit([]))
    place(st, 0, "Plain Pebble", "Crown Ox", down=("Plain Pebble",))
    do(st, "pass", "pass")
    assert st.rp[0] == 9 + 4
    st = table(kit([card("Big Ox", star=6), crown]), kit([]))
    place(st, 0, "Big Ox", "Crown Ox")
    do(st, "pass", "pass")
    assert st.rp[0] == 0


def test_next_card_shares_nothing_or_both():
    """"Next effects trigger on the next card you play": "shares no TYPE or ELEMENT with this one"
    (neither), "If it shares both an ELEMENT and TYPE" ("it": the next card still)."""
    text = ("Next: If your next card shares no TYPE or ELEMENT with this one, gain 20 RP. If it shares both an "
            "ELEMENT and TYPE with this card, gain 30 RP.")
    fuser = card("Fusion Lab", text, elements=("fire",), types=("mage",))
    twin = card("Fire Mage", elements=("fire",), types=("mage",))
    stranger = card("Water Ox", elements=("water",), types=("animal",))
    for played, rp in ((twin, 30), (stranger, 20), (card("Fire Ox", elements=("fire",), types=("animal",)), 0)):
        st = table(kit([fuser, played]), kit([card("Idle Lamp")]))
        do(st, 'play "Fusion Lab"', 'play "Idle Lamp"', f'play "{played.name}"')
        assert st.rp[0] == rp, played.name


def test_winner_and_loser_results_in_one_sentence():
    """"Clashing": "that player is the winner, and all other players are the losers": "The winner
    gains 9 RP, and the loser flips the card used in the clash" (the loser's Top Card)."""
    bash = card("Shield Bash", "Play: Clash with an opponent. The winner gains 9 RP, and the loser flips the card "
                "used in the clash.", star=9)
    st = table(kit([bash]), kit([FILLER, card("Idle Lamp", star=2)]), store=(1, 1))
    place(st, 1, "Plain Pebble", "Idle Lamp")
    do(st, 'play "Shield Bash"')
    assert st.rp[0] == 9 and names(st, st.down) == ["Idle Lamp"]


def test_whenever_you_clash_and_whenever_a_clash_occurs():
    """"Clashing": each player in the clash; "Whenever you clash" triggers for a player in it,
    "Whenever a clash occurs" for anyone, once a clash (after its result)."""
    fan = card("Ringside Fan", "DECK BOX | Ongoing: Whenever a clash occurs, gain 2 Dollars and 3 RP.", kind="deck_box")
    brawler = card("Eager Brawler", "Ongoing: Whenever you clash, gain 4 RP.", star=1)
    duel = card("Challenge", "Play: Clash with an opponent.", star=9)
    st = table(kit([duel]), kit([brawler]), kit([card("Idle Lamp")], box=[fan]), store=(1, 1))
    place(st, 1, "Eager Brawler")
    do(st, 'play "Challenge"')
    assert st.rp == [0, 4, 3] and st.money[2] == 2


def test_star_total_and_other_players_tableaus():
    """"at least 12 STAR of face-up cards" adds Star Ratings ("CARD DATA"); "in other players'
    tableaus" are the opponents' tableaus."""
    judge = card("Star Judge", "Play: If you have at least 12 STAR of face-up cards in your tableau, gain 10 RP.",
                 star=5)
    st = table(kit([card("Big Ox", star=7), judge]), kit([]))
    place(st, 0, "Big Ox")
    do(st, 'play "Star Judge"')
    assert st.rp[0] == 10
    snoop = card("Snoop", "Play: Gain 2 RP for each face-down card in other players' tableaus.")
    st = table(kit([snoop]), kit([FILLER, card("Idle Lamp")]))
    place(st, 1, "Plain Pebble", down=("Plain Pebble",))
    do(st, 'play "Snoop"')
    assert st.rp[0] == 2


def test_choose_a_player_then_that_player_and_they():
    """"Choose a player." is a pick the effect's player makes (rules notes, "Choosing a player"; the
    rulebook's "Clashing" has "choose a player" the same way): "that player" and "They" then mean
    the seat chosen, here in a 3-player tournament ("Flip a Card": the Top Card is flipped down)."""
    text = "Play: Choose a player. Flip that player's Top card. They gain 6 RP and you gain 4 RP."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"][0] == {"op": "choose_player", "among": "any"}
    beacon = card("Signal Beacon", text, star=2)
    st = table(kit([beacon]), kit([card("Idle Lamp")]), kit([card("Quiet Owl")]))
    place(st, 1, "Idle Lamp")
    place(st, 2, "Quiet Owl")
    do(st, 'play "Signal Beacon"')
    assert st.pending["kind"] == "player"
    do(st, "player 2")
    assert st.down == set(ids(st, 2, "Quiet Owl"))
    assert st.rp == [4, 0, 6]
    chosen = [e.as_dict() for e in st.events if e.action == "choose_player"]
    assert [(e["player"], e["changes"]["chosen"]) for e in chosen] == [(0, 2)]


def test_choose_an_opponent_they_must_flip_a_card_of_their_choice():
    """"Choose an opponent. They must flip a card in their tableau.": the opponent chosen picks
    which of their face-up cards goes face-down ("Flip a Card", "Cannot be flipped")."""
    text = "Play: Choose an opponent. They must flip a card in their tableau. Gain 3 RP."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"][0] == {"op": "choose_player", "among": "opponent"}
    st = table(kit([card("Pointing Crow", text)]), kit([card("Idle Lamp"), card("Dim Lamp")]),
               kit([card("Quiet Owl")]))
    place(st, 1, "Idle Lamp", "Dim Lamp")
    place(st, 2, "Quiet Owl")
    do(st, 'play "Pointing Crow"', "player 1")
    assert st.pending["seat"] == 1 and st.pending["kind"] == "target"
    do(st, "target 1 1")
    assert st.down == set(ids(st, 1, "Dim Lamp")) and st.rp[0] == 3
