"""More shapes of printed text, batch e (issue 26.2; rules/millennium_blades/phrases_more_e.py and
ops_more_e.py): RP and Dollars, and flip protection. Original cards in each, compiled and played in
the tournament engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "More
shapes, batch e")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, place, table


def _compiles(text: str) -> list[dict]:
    effects = compiles(text)
    assert check_card("single", {"star": 3}, effects) == []
    return effects


def _events(st, kind: str) -> list:
    return [e for e in st.events if e.action == kind]


def test_a_reaction_to_another_players_gain_of_rp_gains_that_much():
    """"Reaction" effects "are activated whenever the relevant condition on the effect is met. When
    you activate a Reaction, the card that triggers it is flipped face-down" ("Effects on Cards");
    "that much RP" is the RP the other player gained, here capped."""
    echo = "Reaction: Whenever an opponent gains RP, you may gain that much RP, up to 5 RP."
    assert _compiles(echo)[0]["trigger"] == {"event": "gained_rp", "by": "opponent"}
    st = table(kit([card("Gold Rain", "Play: Gain 8 RP.")]), kit([card("Echo Bell", echo)]))
    place(st, 1, "Echo Bell")
    (bell,) = ids(st, 1, "Echo Bell")
    do(st, 'play "Gold Rain"')
    assert st.current_players() == [1]
    do(st, "accept")
    assert st.rp == [8, 5] and bell in st.down
    st = table(kit([card("Gold Rain", "Play: Gain 3 RP.")]), kit([card("Echo Bell", echo)]))
    place(st, 1, "Echo Bell")
    do(st, 'play "Gold Rain"', "accept")
    assert st.rp == [3, 3]  # under the cap: that much


def test_gains_that_trigger_on_gains_stop_after_one_round():
    """Two Ongoing effects "Whenever an opponent gains RP" facing each other: the gain the first
    makes does not trigger the second (rules notes, "A gain of RP as a trigger"; "Infinite
    Loops": a loop of mandatory effects is never started)."""
    jealous = "Ongoing: Whenever an opponent gains RP, gain 2 RP."
    st = table(kit([card("Gold Rain", "Play: Gain 4 RP."), card("Green Eye", jealous)]),
               kit([card("Green Eye", jealous)]))
    place(st, 0, "Green Eye")
    place(st, 1, "Green Eye")
    do(st, 'play "Gold Rain"')
    assert st.rp == [4, 2]
    assert [e.player for e in _events(st, "gain_rp")] == [0, 1]


def test_a_neighbour_gains_rp():
    """"Effects on Cards": the first opportunity goes to the player taking the turn, "with that
    opportunity passing clockwise": the players beside you are the next and the previous in turn
    order (rules notes, "Left and right"); a player across the table is not adjacent."""
    text = "Ongoing: Whenever a player adjacent to you gains RP, gain 1 Dollar."
    assert _compiles(text)[0]["trigger"] == {"event": "gained_rp", "by": "opponent", "seated": "adjacent"}
    left = "Ongoing: Whenever the player to your left gains RP, gain 1 Dollar."
    assert _compiles(left)[0]["trigger"] == {"event": "gained_rp", "by": "opponent", "seated": "left"}
    st = table(kit([card("Nosy Neighbour", text)]), kit([card("Idle Lamp")]),
               kit([card("Far Gain", "Play: Gain 2 RP.")]), kit([card("Near Gain", "Play: Gain 2 RP.")]))
    place(st, 0, "Nosy Neighbour")
    st.seat_turn = 2
    do(st, 'play "Far Gain"')  # seat 2 sits across from seat 0
    assert st.money[0] == 0
    st.seat_turn, st.plays_left = 3, 1
    do(st, 'play "Near Gain"')  # seat 3 is to seat 0's right
    assert st.money[0] == 1


def test_your_own_gain_of_rp_flips_the_card():
    """"Flip a Card": an Ongoing trigger on your own gain flips the card; its Flip effect resolves."""
    text = "Ongoing: Each time you gain RP, flip this single.\nFlip: Gain 1 Dollar."
    st = table(kit([card("Brittle Trophy", text), card("Small Win", "Play: Gain 2 RP.")]), kit([card("Idle Lamp")]))
    place(st, 0, "Brittle Trophy")
    (trophy,) = ids(st, 0, "Brittle Trophy")
    do(st, 'play "Small Win"')
    assert trophy in st.down and st.rp[0] == 2 and st.money[0] == 1


def test_the_players_an_rp_clause_names_by_their_rp_or_their_turn():
    """"Tournament Turns": the player taking the current turn; "each player with 20 RP or more": those
    players as the effect resolves; "all opponents": each opponent ("FAQs": a loss stops at zero)."""
    tax = "Play: Each player with 20 RP or more loses 5 RP. All opponents gain 1 RP."
    ops = _compiles(tax)[0]["ops"]
    assert ops == [{"op": "lose_rp", "amount": 5, "who": "each", "rp": {"cmp": ">=", "value": 20}},
                   {"op": "gain_rp", "amount": 1, "who": "each_opponent"}]
    st = table(kit([card("Rich Tax", tax)]), kit([card("Idle Lamp")]), kit([card("Idle Lamp")]))
    st.rp = [25, 20, 19]
    do(st, 'play "Rich Tax"')
    assert st.rp == [20, 16, 20]
    toll = "Flip: The player whose turn it currently is loses 3 RP."
    assert _compiles(toll)[0]["ops"] == [{"op": "lose_rp", "amount": 3, "who": "turn_player"}]
    st = table(kit([card("Toll Gate", toll)]), kit([card("Hammer", "Play: Flip a SOLDIER in an opponent's tableau.")]))
    place(st, 0, "Toll Gate")
    st.rp = [10, 10]
    st.seat_turn = 1
    do(st, 'play "Hammer"')
    assert st.rp == [10, 7]  # seat 1 flipped it on their own turn


def test_rp_counted_from_dollars_rp_the_highest_star_and_richer_opponents():
    """"CARD DATA": a card's Star Rating (a face-down card has none); your Dollars are what you hold;
    "for every 10 RP you have": whole steps, rounded down."""
    text = ("Play: Gain 1 Dollar for every 10 RP you have. Gain 4 RP for each opponent who has more RP than you.\n"
            "Score: Gain 2 RP. Gain RP equal to the highest STAR among cards of your tableau.")
    effects = _compiles(text)
    assert effects[0]["ops"] == [{"op": "gain_money", "amount": 1, "per": {"count": "rp_steps", "every": 10}},
                                 {"op": "gain_rp", "amount": 4, "per": {"count": "players_rp", "cmp": ">"}}]
    assert effects[1]["ops"][1] == {"op": "gain_rp", "amount": 1, "per": {"count": "highest_star"}}
    st = table(kit([card("Abacus Sage", text, star=2), card("Tall Tower", star=6)]),
               kit([card("Idle Lamp")]), kit([card("Idle Lamp")]))
    place(st, 0, "Tall Tower")
    st.money[0], st.rp = 3, [25, 30, 0]
    do(st, 'play "Abacus Sage"')
    assert st.money[0] == 3 + 2  # 25 RP: two whole steps of 10
    assert st.rp[0] == 25 + 4  # one opponent richer
    assert st.count({"count": "highest_star"}, None, 0, {}) == 6
    st.down.update(ids(st, 0, "Tall Tower"))
    assert st.count({"count": "highest_star"}, None, 0, {}) == 2  # a face-down card has no Star Rating
    purse = _compiles("Play: Lose RP equal to twice your Dollars, up to 9 RP.")
    st = table(kit([card("Coin Weight", "Play: Lose RP equal to twice your Dollars, up to 9 RP.")]), kit([card("Idle Lamp")]))
    assert purse[0]["ops"] == [{"op": "lose_rp", "amount": 2, "per": {"count": "money"}, "max": 9}]
    st.money[0], st.rp = 4, [20, 0]
    do(st, 'play "Coin Weight"')
    assert st.rp[0] == 20 - 8


def test_protection_from_opponents_card_effects_and_from_every_effect():
    """"Cannot be flipped": a protected card is no legal choice for an opponent's flip; "FAQs": "a
    card that cannot be flipped is not a legal target for a flip effect" -- with "by effects" your
    own effects too (rules notes, "Cannot be flipped by any effect"), on every such card in play."""
    guard = "Ongoing: Your FIRE singles can't be flipped by your opponents' card effects."
    assert _compiles(guard)[0]["ops"] == [{"op": "protect", "target": "tableau", "filter": {"element": "fire"}}]
    calm = "Ongoing: AIR singles can't be flipped by effects."
    assert _compiles(calm)[0]["ops"] == [{"op": "unflippable", "target": "all", "filter": {"element": "air"}}]
    hammer = card("Hammer", "Play: Flip a SOLDIER in an opponent's tableau.", elements=("earth",))
    st = table(kit([hammer]), kit([card("Fire Guard", guard, elements=("water",)), card("Ember", elements=("fire",))]))
    place(st, 1, "Ember", "Fire Guard")
    ember, fire_guard = ids(st, 1, "Ember", "Fire Guard")
    do(st, 'play "Hammer"')  # the Ember is no legal choice: the Guard is flipped
    assert fire_guard in st.down and ember not in st.down
    self_flip = card("Self Flip", "Play: Flip a SOLDIER in your tableau.", elements=("earth",))
    st = table(kit([self_flip, card("Kite", elements=("air",))]), kit([card("Still Air", calm, elements=("water",))]))
    place(st, 0, "Kite")
    place(st, 1, "Still Air")
    (kite,) = ids(st, 0, "Kite")
    do(st, 'play "Self Flip"')  # the Kite is no legal target: Self Flip flips itself
    assert kite not in st.down and st.tableau[0][-1] in st.down


def test_protection_from_every_effect_while_a_condition_holds():
    """An Ongoing effect "keeps on working continuously as long as the card is face-up" ("Effects on
    Cards"); here only while the condition holds."""
    text = "Ongoing: While you have 2 or more WATER cards, this single can't be flipped by any effect."
    effects = _compiles(text)
    assert effects[0]["ops"][0]["while"]["test"] == "count"
    hammer = card("Hammer", "Play: Flip a SOLDIER in an opponent's tableau.")
    st = table(kit([hammer]), kit([card("Reef Wall", text, elements=("water",)), card("Drop", elements=("water",))]))
    place(st, 1, "Reef Wall", "Drop")
    wall, drop = ids(st, 1, "Reef Wall", "Drop")
    do(st, 'play "Hammer"')
    assert drop in st.down and wall not in st.down
    st = table(kit([hammer]), kit([card("Reef Wall", text, elements=("water",)), card("Drop", elements=("fire",))]))
    place(st, 1, "Reef Wall")
    (wall,) = ids(st, 1, "Reef Wall")
    do(st, 'play "Hammer"')  # one WATER card only: the wall is flipped
    assert wall in st.down


def test_players_picked_by_their_rp_each_flip_one_of_their_own_cards():
    """"Flip a Card": each such player flips a card of their own tableau, of their choice; the
    players are picked by their RP as the effect resolves (rules notes, "Players named by their RP
    or their turn")."""
    text = "Play: Each opponent with 10 RP or fewer flips a SOLDIER in their tableau."
    assert _compiles(text)[0]["ops"] == [{"op": "for_players", "who": "each_opponent", "rp": {"cmp": "<=", "value": 10},
                                          "ops": [{"op": "flip", "target": {"player": "that_player", "pick": "choice",
                                                                            "chooser": "owner",
                                                                            "filter": {"type": "soldier", "face": "up"}}}]}]
    st = table(kit([card("Poor Tax", text)]), kit([card("Pawn A")]), kit([card("Pawn B")]))
    place(st, 1, "Pawn A")
    place(st, 2, "Pawn B")
    pawn_a, pawn_b = ids(st, 1, "Pawn A")[0], ids(st, 2, "Pawn B")[0]
    st.rp = [0, 10, 11]
    do(st, 'play "Poor Tax"')
    assert pawn_a in st.down and pawn_b not in st.down


def test_flips_as_triggers_by_you_and_by_an_opponent():
    """"Flip a Card": a flip's triggers see whose effect flipped the card; "you flip" is a flip by
    your own effect (or your own Action's or Reaction's cost: the flip is yours)."""
    mine = "Ongoing: Whenever you flip a FIRE card in your tableau, gain 2 Dollars."
    theirs = "Ongoing: When an opponent's effect causes a SOLDIER in your tableau to be flipped, gain 3 RP."
    assert _compiles(mine)[0]["trigger"] == {"event": "flipped", "by": "self", "whose": "self", "filter": {"element": "fire"}}
    assert _compiles(theirs)[0]["trigger"] == {"event": "flipped", "by": "opponent", "whose": "self",
                                               "filter": {"type": "soldier"}}
    assert _compiles("Ongoing: When a SOLDIER in your tableau is flipped by another player, gain 3 RP.") == [
        {**_compiles(theirs)[0], "text": "Ongoing: When a SOLDIER in your tableau is flipped by another player, gain 3 RP."}]
    self_flip = card("Self Flip", "Play: Flip a SOLDIER in your tableau.", elements=("earth",))
    st = table(kit([self_flip, card("Coal Purse", mine, elements=("water",)), card("Torch", elements=("fire",))]),
               kit([card("Idle Lamp")]))
    place(st, 0, "Coal Purse", "Torch")
    do(st, 'play "Self Flip"', "target 0 1")  # the Torch, a FIRE card
    assert st.money[0] == 2
    hammer = card("Hammer", "Play: Flip a SOLDIER in an opponent's tableau.")
    st = table(kit([hammer]), kit([card("Grudge Keeper", theirs), card("Pawn", types=("soldier",))]))
    place(st, 1, "Grudge Keeper", "Pawn")
    do(st, 'play "Hammer"', "target 1 1")
    assert st.rp == [0, 3]
