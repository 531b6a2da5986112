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
