"""More shapes of printed text, batch l (issue 26.2; rules/millennium_blades/phrases_more_l.py and
ops_more_l.py): a card's rarity, the STAR of one card beside this one, and "they" for the player a
trigger names. Original cards in each shape, compiled and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: batch l")."""

from __future__ import annotations

from dataclasses import replace

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def _score(st) -> None:
    """"Ending the Tournament": the Score effects of face-up cards, resolved."""
    st.start_scoring()
    st.settle()


def rare(name: str, set_kind: str, text: str = "", **data):
    """A made-up card of a set of kind ``set_kind`` (its rarity, "CARD DATA")."""
    return replace(card(name, text, **data), set_kind=set_kind)


def test_the_combined_star_of_cards_of_one_rarity():
    """"CARD DATA": Rarity; a face-down card has none ("Flip a Card": "it has no attributes (Star
    Rating, Rarity, ...)"), and a promo of any metal is not a PREMIUM card."""
    text = "Score: Gain RP equal to the combined STAR of all PREMIUM singles in your tableau."
    assert compiles(text)[0]["ops"][0]["per"] == {"count": "stars", "zone": "tableau", "filter": {"rarity": "premium"}}
    st = table(kit([card("Velvet Judge", text, star=2), rare("Plush Knight", "premium", star=4),
                    rare("Plush Squire", "premium", star=5), rare("Tin Medal", "gold_promo", star=3)]), kit(lamps()))
    place(st, 0, "Velvet Judge", "Plush Knight", "Plush Squire", "Tin Medal", down=("Plush Squire",))
    _score(st)
    assert st.rp[0] == 4


def test_a_promo_metal_and_promo_of_any_metal():
    """"RARITIES": "'Promo' refers to any rarity of Promo card"; a SILVER PROMO card is one metal."""
    silver = "Score: Gain 9 RP if you have a face-up SILVER PROMO single in your tableau."
    any_promo = "Score: Gain 5 RP for each PROMO card in all tableaus."
    assert compiles(silver)[0]["ops"][0]["condition"]["of"]["filter"] == {"face": "up", "rarity": "silver_promo"}
    assert compiles(any_promo)[0]["ops"][0]["per"]["filter"] == {"rarity": "promo"}
    st = table(kit([card("Silver Fan", silver), card("Promo Hoarder", any_promo), rare("Bronze Coin", "bronze_promo")]),
               kit([rare("Gold Coin", "gold_promo"), rare("Silver Coin", "silver_promo"), *lamps()]))
    place(st, 0, "Silver Fan", "Promo Hoarder", "Bronze Coin")
    place(st, 1, "Gold Coin", "Silver Coin", down=("Silver Coin",))
    _score(st)
    assert st.rp[0] == 10  # no face-up SILVER PROMO of yours; two face-up promos of any metal


def test_different_rarities_and_cards_sharing_one():
    """"CARD DATA": Rarity; the five rarities (CORE, EXPANSION, PREMIUM, MASTER, PROMO), a starter
    card printing none of them (rules notes, "MB: batch l")."""
    different = "Score: Gain 4 RP for each different RARITY in your tableau."
    pair = "Score: Gain 10 RP if any two other singles in your tableau share the same RARITY."
    promos = "Score: Gain 7 RP if any two other singles in your tableau are PROMO CARDS."
    four = "Action: Gain 30 RP if there are at least 3 singles in your tableau that share the same RARITY."
    st = table(kit([card("Rarity Lens", different), rare("Core A", "core"), rare("Core B", "core"),
                    rare("Bronze A", "bronze_promo"), rare("Gold A", "gold_promo"), rare("Starter A", "starter")]),
               kit(lamps()))
    place(st, 0, "Rarity Lens", "Core A", "Core B", "Bronze A", "Gold A", "Starter A")
    _score(st)
    assert st.rp[0] == 8  # CORE and PROMO: a bronze and a gold promo are both PROMO
    st = table(kit([card("Twin Seal", pair), card("Promo Seal", promos), rare("Core A", "core"), rare("Master A", "master"),
                    rare("Silver A", "silver_promo")]), kit(lamps()))
    place(st, 0, "Twin Seal", "Promo Seal", "Core A", "Master A", "Silver A")
    _score(st)
    assert st.rp[0] == 0  # one card of each rarity, one promo
    st = table(kit([card("Twin Seal", pair), card("Promo Seal", promos), rare("Gold A", "gold_promo"),
                    rare("Silver A", "silver_promo")]), kit(lamps()))
    place(st, 0, "Twin Seal", "Promo Seal", "Gold A", "Silver A")
    _score(st)
    assert st.rp[0] == 17
    assert compiles(four)[0]["ops"][0]["condition"]["of"] == {"count": "rarity_alike", "zone": "tableau",
                                                              "filter": {"face": "up"}}


def test_the_star_of_one_card_immediately_left():
    """"Tableau": the card in the slot just left of this one; "If you did" holds only when that
    card is such a card (rules notes, "MB: batch l")."""
    text = "Play: Gain RP equal to three times the STAR of a MASTER single to the immediate left. If you did, also gain 6 RP."
    assert compiles(text)[0]["ops"][0] == {"op": "star_of_one", "gain": True, "times": 3,
                                           "filter": {"where": "left", "rarity": "master", "face": "up"}}
    st = table(kit([card("Master Pupil", text), rare("Old Master", "master", star=4), rare("Far Master", "master", star=6),
                    card("Plain Stone", star=5)]), kit(lamps()))
    place(st, 0, "Far Master", "Old Master")
    do(st, 'play "Master Pupil"')
    assert st.rp[0] == 18  # 3 x 4 STAR, then 6
    assert any(e.action == "star_of_one" for e in st.events)
    st = table(kit([card("Master Pupil", text), rare("Far Master", "master", star=6), card("Plain Stone", star=5)]),
               kit(lamps()))
    place(st, 0, "Far Master", "Plain Stone")
    do(st, 'play "Master Pupil"')
    assert st.rp[0] == 0  # the card beside it is no MASTER card: no gain, and "you did" not


def test_the_star_of_another_card_of_your_choice():
    """"CARD DATA": Star Rating; "another WATER card in your tableau": one of your choice."""
    text = "Play: Gain RP equal to twice the STAR of another EARTH single in your tableau."
    assert compiles(text)[0]["ops"][0]["filter"] == {"where": "other", "element": "earth", "face": "up"}
    st = table(kit([card("Mud Seer", text, elements=("earth",)), card("Clay Pot", star=4, elements=("earth",))]),
               kit(lamps()))
    place(st, 0, "Clay Pot")
    do(st, 'play "Mud Seer"')
    assert st.rp[0] == 8


def test_they_are_the_player_the_trigger_names():
    """"Effects on Cards": a Top effect; "they" is the opponent whose play triggered it, as "that
    player" (rules notes, "MB: batch l")."""
    text = "Top: When an opponent plays a single that shares a TYPE with a single in your tableau, they lose 12 RP."
    ops = compiles(text)[0]["ops"]
    assert ops == [{"op": "lose_rp", "amount": 12, "who": "that_player"}]
    assert compile_text("Play: They lose 12 RP.")[1] is not None  # no trigger names them
    st = table(kit([card("Toll Keeper", text, types=("citizen",)), card("Old Clerk", types=("citizen",))]),
               kit([card("Town Crier", types=("citizen",)), card("Stray Hound", types=("animal",)), *lamps()]))
    place(st, 0, "Old Clerk")
    st.rp[1] = 30
    do(st, 'play "Toll Keeper"', 'play "Town Crier"')
    assert st.rp[1] == 18 and st.rp[0] == 0
    assert ids(st, 1, "Town Crier")


def test_each_player_with_exactly_so_many_cards():
    """"Face-Down Cards"; each player counts their own tableau ("his tableau": theirs), as their own
    effect; exactly that many, or that many or more."""
    exact = "Play: Each player with exactly two face-down singles in his tableau gains 9 RP."
    more = "Play: Each other player with 2 or more face-up singles in their tableau loses 4 RP."
    assert compiles(exact)[0]["ops"][0]["ops"][0]["condition"] == {
        "test": "count", "of": {"count": "cards", "zone": "tableau", "filter": {"face": "down"}}, "cmp": "==", "value": 2}
    st = table(kit([card("Dark Census", exact), card("Up Census", more), card("Mine A"), card("Mine B")]),
               kit([card("Theirs A"), card("Theirs B"), card("Theirs C"), *lamps()]))
    place(st, 0, "Mine A", "Mine B", down=("Mine A", "Mine B"))
    place(st, 1, "Theirs A", "Theirs B", "Theirs C", down=("Theirs A",))
    st.rp[1] = 10
    do(st, 'play "Dark Census"')
    assert (st.rp[0], st.rp[1]) == (9, 10)  # two face-down of yours; one of theirs
    st = table(kit([card("Up Census", more)]), kit([card("Theirs A"), card("Theirs B"), *lamps()]))
    place(st, 1, "Theirs A", "Theirs B")
    st.rp[1] = 10
    do(st, 'play "Up Census"')
    assert st.rp[1] == 6


def test_players_with_a_card_in_play_you_too_and_capped():
    """"Effects on Cards": a card "in play" is in its player's tableau; "(including you, max. 25 RP)"
    counts you and caps the gain (rules notes, "MB: batch l")."""
    text = "Play: Gain 10 RP for each player with a MAGE in play (including you, max. 25 RP)."
    assert compiles(text)[0]["ops"] == [{"op": "gain_rp", "amount": 10, "max": 25,
                                         "per": {"count": "players_with", "filter": {"type": "mage"}}}]
    st = table(kit([card("Coven Call", text), card("Own Mage", types=("mage",))]),
               kit([card("Their Mage", types=("mage",)), *lamps()]), kit([card("Far Mage", types=("mage",)), *lamps()]))
    place(st, 0, "Own Mage")
    place(st, 1, "Their Mage")
    place(st, 2, "Far Mage")
    do(st, 'play "Coven Call"')
    assert st.rp[0] == 25  # three players, capped
    assert compiles("Play: Gain 2 RP for every 4 STAR single in player's tableaus.")[0]["ops"][0]["per"]["zone"] == "all"


def test_exactly_so_many_cards_and_different_symbols_face_up():
    """"CARD DATA": Star Rating, Elements and Types; "exactly" three, in all tableaus "combined";
    different Elements and different Types among your face-up cards, both counts."""
    exact = "Play: If there are exactly two 6 STAR singles in all players' tableaus combined, gain 21 RP."
    symbols = "Score: If you have 2 different ELEMENTS and 2 different TYPES face-up in your tableau, gain 33 RP."
    st = table(kit([card("Pair Finder", exact), card("Six A", star=6)]), kit([card("Six B", star=6), *lamps()]))
    place(st, 0, "Six A")
    place(st, 1, "Six B")
    do(st, 'play "Pair Finder"')
    assert st.rp[0] == 21
    st = table(kit([card("Pair Finder", exact), card("Six A", star=6), card("Six C", star=6)]),
               kit([card("Six B", star=6), *lamps()]))
    place(st, 0, "Six A", "Six C")
    place(st, 1, "Six B")
    do(st, 'play "Pair Finder"')
    assert st.rp[0] == 0  # three, not exactly two
    st = table(kit([card("Prism", symbols, elements=("water",), types=("citizen",)), card("Hid", elements=("air",))]),
               kit(lamps()))
    place(st, 0, "Prism", "Hid", down=("Hid",))
    _score(st)
    assert st.rp[0] == 0  # the face-down card shows no symbol
    st = table(kit([card("Prism", symbols, elements=("water",), types=("citizen",)), card("Shown", elements=("air",))]),
               kit(lamps()))
    place(st, 0, "Prism", "Shown")
    _score(st)
    assert st.rp[0] == 33


def test_the_cards_adjacent_to_this_one_alike():
    """"Tableau": the two cards beside this one, with a Type or an Element in common."""
    text = "Score: If the cards adjacent to this one have the same TYPE or ELEMENT, gain 14 RP."
    assert compiles(text)[0]["condition"] == {"test": "alike", "cards": "neighbours", "what": "either"}
    st = table(kit([card("Go Between", text, elements=("dark",), types=("myth",)),
                    card("Left Ally", elements=("air",), types=("mage",)),
                    card("Right Ally", elements=("earth",), types=("mage",))]), kit(lamps()))
    place(st, 0, "Left Ally", "Go Between", "Right Ally")
    _score(st)
    assert st.rp[0] == 14


def test_cards_fulfilling_meta_conditions():
    """"Metagame": the Metagame cards give a bonus to the players whose cards fulfil their
    condition; a card may count the conditions you fulfil (rules notes, "MB: batch l")."""
    reader = "Score: If you have cards in play fulfilling at least 2 Meta conditions, gain 20 RP."
    counter = "Score: Gain 3 RP for each Meta condition you fulfill."
    assert compiles(reader)[0]["condition"] == {"test": "count", "of": {"count": "meta_fulfilled"}, "cmp": ">=", "value": 2}
    metas = [card(f"{word.title()} Trend", f"Score: Gain 12 RP if you have a face-up {word.upper()} single in your tableau.",
                  kind="metagame") for word in ("water", "myth", "air")]
    st = table(kit([card("Meta Reader", reader), card("Meta Counter", counter),
                    card("Tide Serpent", elements=("water",), types=("myth",))]), kit(lamps()), metagame=metas)
    place(st, 0, "Meta Reader", "Meta Counter", "Tide Serpent")
    _score(st)
    assert st.rp[0] == 50  # two Metagame cards of 12, then 20, and 3 for each of the two
    st = table(kit([card("Meta Reader", reader), card("Meta Counter", counter),
                    card("Tide Serpent", elements=("water",), types=("myth",))]), kit(lamps()), metagame=metas)
    place(st, 0, "Meta Reader", "Meta Counter", "Tide Serpent", down=("Tide Serpent",))
    _score(st)
    assert st.rp[0] == 0  # face-down, the card fulfils nothing


def test_a_gain_replaced_instead():
    """"Effects on Cards": an Ongoing effect triggered by your play; "If ..., gain 11 RP instead":
    that gain replaces the one before when the card played fits (rules notes, "MB: batch l")."""
    text = "Ongoing: Whenever you play a single with 5 or fewer STAR, gain 3 RP. If it has 1 or fewer STAR, gain 11 RP instead."
    assert compiles(text)[0]["ops"][0]["else"] == [{"op": "gain_rp", "amount": 3}]
    alone = "Play: If you have a MYTH single in your tableau, gain 11 RP instead."
    assert compile_text(alone)[1] is not None  # nothing to replace
    st = table(kit([card("Small Patron", text, star=6), card("Tiny One", star=1), card("Mid One", star=4)]), kit(lamps()))
    place(st, 0, "Small Patron")
    do(st, 'play "Tiny One"')
    assert st.rp[0] == 11
    st = table(kit([card("Small Patron", text, star=6), card("Tiny One", star=1), card("Mid One", star=4)]), kit(lamps()))
    place(st, 0, "Small Patron")
    do(st, 'play "Mid One"')
    assert st.rp[0] == 3


def test_this_card_changes_slots_with_a_card_beside_it():
    """"Tableau": this card and a face-up card beside it, of your choice, swap slots; then "both
    cards adjacent to this one" are its new neighbours."""
    text = "Play: Swap the positions of this card and an adjacent single."
    both = "Score: Gain RP equal to the combined STAR of both singles adjacent to this one."
    assert compiles(text)[0]["ops"] == [{"op": "swap_adjacent"}]
    assert compiles(both)[0]["ops"][0]["per"]["filter"] == {"where": "adjacent"}
    st = table(kit([card("Shuffler", text, star=1), card("Far Post", star=6), card("Near Post", star=2)]), kit(lamps()))
    place(st, 0, "Far Post", "Near Post")
    do(st, 'play "Shuffler"')  # only Near Post is beside it: no choice to make
    assert [st.cards[c].name for c in st.tableau[0]] == ["Far Post", "Shuffler", "Near Post"]
    assert any(e.action == "swap" for e in st.events)
    st = table(kit([card("Pair Counter", both), card("Left One", star=4), card("Right One", star=5), card("Far One", star=6)]),
               kit(lamps()))
    place(st, 0, "Far One", "Left One", "Pair Counter", "Right One")
    _score(st)
    assert st.rp[0] == 9


def test_symbols_runs_parity_and_a_matching_type():
    """"CARD DATA": Elements and Types, Star Ratings; "Tableau": cards side by side. Different
    Elements and Types both count; a run of such cards; the face-up STAR even or odd; a card beside
    this one that matches its TYPE."""
    symbols = "Score: Gain 2 RP for each different ELEMENT and TYPE in your tableau."
    run = "Score: Gain 20 RP if there are at least three 2 STAR singles adjacent to each other in your tableau."
    odd = "Score: If you have an odd number of face-up STAR in your tableau, gain 7 RP."
    match = "Score: Gain 5 RP for each adjacent single that matches this card's TYPE."
    st = table(kit([card("Symbol Count", symbols, elements=("air",), types=("mage",)),
                    card("Other Symbols", elements=("air", "dark"), types=("myth",)),
                    card("Hidden Symbols", elements=("light",), types=("animal",))]), kit(lamps()))
    place(st, 0, "Symbol Count", "Other Symbols", "Hidden Symbols", down=("Hidden Symbols",))
    _score(st)
    assert st.rp[0] == 8  # AIR, DARK; MAGE, MYTH
    twos = [card(f"Two {i}", star=2) for i in range(3)]
    st = table(kit([card("Run Finder", run, star=2), *twos]), kit(lamps()))
    place(st, 0, "Two 0", "Run Finder", "Two 1")
    _score(st)
    assert st.rp[0] == 20
    st = table(kit([card("Run Finder", run, star=5), *twos]), kit(lamps()))
    place(st, 0, "Two 0", "Two 1", "Run Finder", "Two 2")
    _score(st)
    assert st.rp[0] == 0  # two, then one: no three side by side
    st = table(kit([card("Odd Seer", odd, star=3), card("Two A", star=2), card("Four A", star=4)]), kit(lamps()))
    place(st, 0, "Odd Seer", "Two A", "Four A", down=("Four A",))
    _score(st)
    assert st.rp[0] == 7  # 3 + 2 face-up: odd
    st = table(kit([card("Kin Finder", match, types=("myth",)), card("Kin", types=("myth", "mage")),
                    card("Stranger", types=("animal",))]), kit(lamps()))
    place(st, 0, "Kin", "Kin Finder", "Stranger")
    _score(st)
    assert st.rp[0] == 5


def test_each_player_counts_what_they_have():
    """"Millennium Dollars": each player's own Dollars; "All players lose 1 RP for every Dollar
    they have": each as their own effect, capped for each."""
    text = "Play: All players lose 1 RP for every Dollar they have (max. 4 RP)."
    assert compiles(text)[0]["ops"] == [{"op": "as_each", "who": "each", "ops": [
        {"op": "lose_rp", "amount": 1, "per": {"count": "money"}, "max": 4}]}]
    st = table(kit([card("Tax Man", text)]), kit(lamps()), purse=[2, 9])
    st.rp[0], st.rp[1] = 10, 10
    do(st, 'play "Tax Man"')
    assert (st.rp[0], st.rp[1]) == (8, 6)


def test_the_best_card_of_each_kind_and_kinds_shown_twice():
    """"CARD DATA": Types, Elements, rarity and Star Rating. For each Type a card of it (the choice
    that gains most: the highest), for each Element the highest card of it (capped), for each
    rarity one of it; and the Elements at least two face-up cards show."""
    per_type = "Score: For each TYPE, choose a single in your tableau with that TYPE and gain RP equal to 3 times its STAR."
    per_element = ("Score: For each ELEMENT, gain RP equal to the STAR of the highest single of that ELEMENT in your "
                   "tableau (max. 9 RP).")
    per_rarity = ("Score: For each different RARITY of singles in your tableau, choose a single in your tableau of that "
                  "RARITY and gain RP equal to 2 times its STAR.")
    twice = "Score: For each ELEMENT that you have at least twice in your tableau, gain 6 RP."
    assert compiles(per_element)[0]["ops"] == [{"op": "gain_rp", "amount": 1, "max": 9, "per": {
        "count": "best_of_each", "what": "element", "zone": "tableau", "filter": {"face": "up"}}}]
    row = [card("Big Mage", star=5, elements=("air",), types=("mage",)), card("Small Mage", star=2, elements=("air",),
                                                                               types=("mage", "myth")),
           card("Hidden Beast", star=7, elements=("dark",), types=("animal",))]
    st = table(kit([card("Type Judge", per_type, star=1, elements=("earth",), types=("citizen",)), *row]), kit(lamps()))
    place(st, 0, "Type Judge", "Big Mage", "Small Mage", "Hidden Beast", down=("Hidden Beast",))
    _score(st)
    assert st.rp[0] == 24  # 3 times CITIZEN 1, MAGE 5, MYTH 2; the face-down ANIMAL shows nothing
    st = table(kit([card("Element Judge", per_element, star=1, elements=("earth",)), *row]), kit(lamps()))
    place(st, 0, "Element Judge", "Big Mage", "Small Mage")
    _score(st)
    assert st.rp[0] == 6  # EARTH 1, AIR 5
    st = table(kit([card("Rarity Judge", per_rarity, star=1), rare("Master Four", "master", star=4),
                    rare("Master Two", "master", star=2), rare("Promo Three", "silver_promo", star=3)]), kit(lamps()))
    place(st, 0, "Rarity Judge", "Master Four", "Master Two", "Promo Three")
    _score(st)
    assert st.rp[0] == 14  # 2 times MASTER 4, PROMO 3; the judge has no known rarity
    st = table(kit([card("Pair Seer", twice, elements=("air",)), *row]), kit(lamps()))
    place(st, 0, "Pair Seer", "Big Mage", "Small Mage")
    _score(st)
    assert st.rp[0] == 6  # AIR three times; nothing else twice


def test_a_reaction_flips_a_card_of_the_player_who_flipped_yours():
    """"Effects on Cards": a Reaction to another player's effect flipping your card; "their tableau"
    is that player's, the card your choice ("Flip a Card": a face-up one)."""
    text = ("Reaction: When another player's effect causes one of your singles to be flipped, flip a single of your "
            "choice in their tableau.")
    st = table(kit([card("Flipper", "Play: Flip a single in an opponent's tableau."), card("Own Guard"), card("Own Post")]),
               kit([card("Grudge", text), card("Victim"), *lamps()]))
    place(st, 0, "Own Guard", "Own Post")
    place(st, 1, "Victim", "Grudge")
    do(st, 'play "Flipper"')
    st.apply_checked(st.target_action(ids(st, 1, "Victim")[0]), 0)
    do(st, "accept")  # Grudge reacts: Seat 1 chooses among Seat 0's face-up singles
    assert sorted(a.args for a in st.legal_actions(1)) == [(0, 0), (0, 1), (0, 2)]
    st.apply_checked(st.target_action(ids(st, 0, "Own Post")[0]), 1)
    assert ids(st, 0, "Own Post")[0] in st.down and ids(st, 1, "Grudge")[0] in st.down


def test_words_in_card_names():
    """"CARD DATA": Card Name; a face-down card is blank ("Flip a Card"), its name unread. Cards with
    a word in their names, and how often letters stand in the names shown."""
    pair = 'Play: If there are exactly two other singles with "frog" in their names in your tableau, gain 19 RP.'
    letters = 'Score: Gain 2 RP for each letter "o" in single names in all tableaus (max 9 RP).'
    st = table(kit([card("Pond King", pair), card("Frogman"), card("Tree Frog"), card("Frog Hidden")]), kit(lamps()))
    place(st, 0, "Frogman", "Tree Frog", "Frog Hidden", down=("Frog Hidden",))
    do(st, 'play "Pond King"')
    assert st.rp[0] == 19
    assert compiles(letters)[0]["ops"][0]["per"] == {"count": "name_occurrences", "text": "o", "zone": "all"}
    st = table(kit([card("Vowel Hunter", letters), card("Hoop")]), kit([card("Echo"), card("Shut Box"), *lamps()]))
    place(st, 0, "Vowel Hunter", "Hoop")
    place(st, 1, "Echo", "Shut Box", down=("Shut Box",))
    _score(st)
    assert st.rp[0] == 8  # Vowel Hunter 1, Hoop 2, Echo 1; Shut Box is face-down


def test_sets_matched_and_a_set_alone():
    """"CARD DATA": Set; a face-down card has none. Your Sets an opponent's card has too; a card
    played whose Set no other card of your tableau has."""
    shared = "Score: Gain 4 RP for each SET in your tableau that matches a SET in opponents' tableaus."
    alone = "Ongoing: Each time you play a single, gain 3 RP if no other single in your tableau matches its SET."

    def in_set(name, code, text=""):
        return replace(card(name, text), set_code=code)

    st = table(kit([in_set("Set Scout", "AAA", shared), in_set("Mine B", "BBB"), in_set("Mine C", "CCC")]),
               kit([in_set("Their A", "AAA"), in_set("Their B", "BBB"), in_set("Their C", "CCC"), *lamps()]))
    place(st, 0, "Set Scout", "Mine B", "Mine C")
    place(st, 1, "Their A", "Their B", "Their C", down=("Their C",))
    _score(st)
    assert st.rp[0] == 8  # AAA and BBB
    st = table(kit([in_set("Lone Collector", "AAA", alone), in_set("New D", "DDD"), in_set("New A", "AAA")]), kit(lamps()))
    place(st, 0, "Lone Collector")
    do(st, 'play "New D"')
    assert st.rp[0] == 3
    st = table(kit([in_set("Lone Collector", "AAA", alone), in_set("New D", "DDD"), in_set("New A", "AAA")]), kit(lamps()))
    place(st, 0, "Lone Collector")
    do(st, 'play "New A"')
    assert st.rp[0] == 0  # the collector itself has that Set


def test_star_ratings_in_order_left_to_right():
    """"Tableau": slots left to right; "CARD DATA": Star Rating. At least N face-up cards whose STAR
    go down (up) from left to right, other cards may sit between (rules notes, "MB: batch l")."""
    down = "Action: Gain 12 RP if there are at least 3 singles in your tableau whose STAR are in a descending order."
    up = "Action: Gain 12 RP if there are at least 3 singles in your tableau whose STAR are in an ascending order."
    assert compiles(down)[0]["ops"][0]["condition"]["of"] == {"count": "ordered", "order": "descending"}
    for text, stars, hidden, gained in ((down, (6, 1, 4, 2), (), 12), (down, (6, 1, 4, 2), ("S2",), 0),
                                        (up, (6, 1, 4, 2), (), 0), (up, (1, 5, 2, 3), (), 12)):
        st = table(kit([card("Stair Gauge", text, star=1), *[card(f"S{i}", star=s) for i, s in enumerate(stars)],
                        card("Step")]), kit(lamps()))
        place(st, 0, "Stair Gauge", *[f"S{i}" for i in range(len(stars))], down=hidden)
        do(st, 'use "Stair Gauge"')  # its own 1 STAR, leftmost, counts too
        assert st.rp[0] == gained, (text, stars, hidden)


def test_a_card_to_the_immediate_left_of_this_card_said_in_full():
    """"Tableau": "to the immediate left of this card" is the slot just left of it."""
    text = "Play: Gain RP equal to the STAR of a MYTH single to the immediate left of this card."
    assert compiles(text)[0]["ops"][0]["filter"] == {"where": "left", "type": "myth", "face": "up"}
