"""Scenario tests, one per rule of millennium-blades.txt "Tournament Phase" .. "Ending the
Tournament" (and the keyword, FAQ and Infinite Loops rules), with the rulebook's own examples."""

from __future__ import annotations

import pytest

from rules.core.engine import Action
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table

SOLDIERS = ["Wandering Squire", "Argent Squire Corps", "Bastion Sentinel"]


def test_setup_the_phase():
    """"Each player should set their current RP to zero"; deck box and accessories "onto the
    allotted spaces"; "All Singles remain in your hand"."""
    st = table(kit(SOLDIERS, ["Oathbound Banner"], ["Lucky Dice", "Card Binder Clip"]), kit(["Orella"]))
    assert st.rp == [0, 0]
    assert names(st, st.hand[0]) == SOLDIERS
    assert names(st, st.deck_box[0]) == ["Oathbound Banner"] and not st.down
    assert names(st, st.accessories[0]) == ["Lucky Dice", "Card Binder Clip"]
    assert st.current_players() == [0]


def test_illegal_decks_trimmed_at_random_to_the_limit():
    """"Illegal Decks": "Randomly remove cards from the player's deck to their binder"."""
    many = ["Spark Recruit", "Cinder Cadet", "Kiln Hound", "Wandering Squire", "Orella", "Meadow Sprite",
            "Lantern Moth", "Scrap Golem", "Harbor Clerk", "Net Mender"]
    st = table(kit(many), kit(["Orella"]))
    assert len(st.hand[0]) == 8 and len(st.binder[0]) == 2
    assert sorted(names(st, st.hand[0] + st.binder[0])) == sorted(many)


def test_tournament_turns_play_a_single_into_the_left_most_slot():
    """"Place the Single face-up in the next open left-most slot"; turns go clockwise."""
    st = table(kit(["Cinder Cadet", "Wandering Squire"]), kit(["Orella"]))
    assert st.legal_actions(0) == [Action("play", ("Cinder Cadet",)), Action("play", ("Wandering Squire",))]
    do(st, 'play "Cinder Cadet"')
    assert names(st, st.tableau[0]) == ["Cinder Cadet"] and st.rp[0] == 4
    assert st.current_players() == [1]


def test_use_an_action_then_flip_it_once_per_turn():
    """"Use an Action": "perform the text on the card, then flip the card face-down. You can use
    one action per turn, either before or after playing a Single"."""
    st = table(kit(["Cinder Cadet", "Wandering Squire"], accessories=["Tournament Snack"]), kit(["Orella"]))
    do(st, 'use "Tournament Snack"')
    assert st.rp[0] == 5 and ids(st, 0, "Tournament Snack")[0] in st.down
    assert all(a.verb == "play" for a in st.legal_actions(0))
    do(st, 'play "Cinder Cadet"')
    assert st.current_players() == [1]


def test_tournament_turns_pass_when_unable_and_end_when_all_pass_in_succession():
    """"If the player is unable to play a Single, they cannot take an Action, and instead Passes";
    "Once all players pass in succession, the tournament ends"."""
    st = table(kit(["Cinder Cadet"], accessories=["Tournament Snack"]), kit(["Wandering Squire"]))
    do(st, 'play "Cinder Cadet"', "end", 'play "Wandering Squire"')
    assert st.legal_actions(0) == [Action("pass")]
    do(st, "pass", "pass")
    assert st.is_over and st.outcome.reason == "tournament_end"


def test_top_card_el_vice_becomes_the_top_card():
    """"Top Card": "Because her right-most card has been flipped down, El Vice is now Shur's Top
    Card. If all her cards are face-down, she has no Top Card"."""
    el_vice, last = card("El Vice", star=4), card("Shur's Closer", star=6)
    st = table(kit([el_vice, last]), kit([card("Flipper", "Play: Each opponent flips their Top Card.")]))
    place(st, 0, "El Vice", "Shur's Closer")
    assert st.top_card(0) == ids(st, 0, "Shur's Closer")[0]
    st.seat_turn = 1
    do(st, 'play "Flipper"')
    assert st.top_card(0) == ids(st, 0, "El Vice")[0]
    st.down.add(ids(st, 0, "El Vice")[0])
    assert st.top_card(0) is None


def test_face_down_cards_are_blank_but_still_count():
    """"Face Down cards have no STAR RATING, ELEMENT, or TYPE. They still count as cards (ex: gain
    5 RP for each card to the left of this one)"."""
    st = table(kit(["Cinder Cadet", "Kiln Hound", "Gouda Baroness"]), kit(["Orella"]))
    place(st, 0, "Cinder Cadet", "Kiln Hound", down=["Kiln Hound"])
    hound = ids(st, 0, "Kiln Hound")[0]
    assert st.star(hound) is None and st.elements(hound) == () and st.types(hound) == ()
    left = {"count": "cards", "zone": "tableau", "filter": {"where": "left_of"}}
    baroness = ids(st, 0, "Gouda Baroness")[0]
    place(st, 0, "Gouda Baroness")
    assert st.count(left, baroness, 0) == 2
    assert st.count({"count": "cards", "zone": "tableau", "filter": {"type": "animal"}}, baroness, 0) == 1


def test_clashing_deques_example():
    """"Clashing": Deques uses Salamander (flipping it down) to clash with Cardine; his Top Card is
    Knight Captain Malcombe (10), hers Evil Beethoven (8); he reveals a 3, she a 6: 13 against 14,
    so she wins. "They put both of the cards revealed in the clash into the Aftermarket"."""
    st = table(kit(["Salamander, Volcanic Lizard", "Knight Captain Malcombe", "Wandering Squire"], name="Deques"),
               kit(["Evil Beethoven"], name="Cardine"), store=(3, 6, 1, 1))
    place(st, 0, "Salamander, Volcanic Lizard", "Knight Captain Malcombe")
    place(st, 1, "Evil Beethoven")
    do(st, 'use "Salamander, Volcanic Lizard"')
    clash = next(e for e in st.events if e.action == "clash").as_dict()["changes"]
    assert clash["totals"] == [13, 14] and clash["winner"] == 1
    assert st.clashes_won == [0, 1] and st.rp == [0, 0]
    assert names(st, st.aftermarket) == ["Store card 0", "Store card 1"]
    assert ids(st, 0, "Salamander, Volcanic Lizard")[0] in st.down


def test_clashing_a_tie_and_too_few_participants():
    """"If there is a tie for the highest total, then the clash is a tie. In a tie, neither player
    wins nor loses"; "If a clash does not have at least two participants ... the clash does not occur"."""
    st = table(kit(["Wandering Squire", "Cinder Cadet"], accessories=["Lucky Dice"]),
               kit(["Meadow Sprite"]), store=(2, 1))
    place(st, 0, "Wandering Squire")
    place(st, 1, "Meadow Sprite")
    do(st, 'use "Lucky Dice"')
    assert st.clashes_won == [0, 0] and st.rp == [0, 0]
    st2 = table(kit(["Wandering Squire", "Cinder Cadet"], accessories=["Lucky Dice"]), kit(["Meadow Sprite"]))
    place(st2, 0, "Wandering Squire")
    do(st2, 'use "Lucky Dice"')
    assert any(e.action == "clash" and dict(e.changes)["occurred"] is False for e in st2.events)
    assert not st2.aftermarket


def test_aftermarket_space_twelve_cards():
    """"Aftermarket Space": over 12, "discard all cards in the Aftermarket to the store discard,
    then place the new card or cards"."""
    st = table(kit(["Wandering Squire"]), kit(["Orella"]), store=(1,) * 14)
    st.aftermarket = [st.store.pop() for _ in range(11)]
    st.to_aftermarket([st.store.pop(), st.store.pop()])
    assert len(st.aftermarket) == 2 and len(st.store_discard) == 11


def _shur(opponent_text: str):
    shur = kit(["Knight Captain Malcombe", "Orella", "Wandering Squire"], name="Shur")
    st = table(shur, kit([card("Caster", opponent_text)]))
    place(st, 0, "Wandering Squire", "Orella", "Knight Captain Malcombe")
    st.seat_turn = 1
    do(st, 'play "Caster"')
    return st


def test_cannot_be_flipped_shur_and_orella_highest_card():
    """"Cannot be flipped": Shur must "flip her highest card"; it is protected by Orella, "there are
    no legal targets for the effect, and she can ignore it"."""
    st = _shur("Play: Each opponent flips their highest card.")
    assert not st.down


def test_cannot_be_flipped_shur_and_orella_card_of_her_choice():
    """"If she were instructed to 'flip a card of her choice', she would have to choose Orella"."""
    st = _shur("Play: Each opponent flips a card of their choice.")
    assert names(st, st.down) == ["Orella"]


def test_protection_is_only_against_opponents():
    """Orella: "adjacent cards cannot be flipped by opponents' effects": your own effects may."""
    st = table(kit(["Orella", "Ironhide Behemoth"]), kit(["Meadow Sprite"]))
    place(st, 0, "Orella")
    do(st, 'play "Ironhide Behemoth"')
    assert names(st, st.down) == ["Orella"]


def test_reaction_flips_the_reaction_card_instead():
    """"Reaction": "When you activate a Reaction, the card that triggers it is flipped face-down";
    "You always have the option of not using your own Reaction Effects"."""
    st = table(kit(["Wandering Squire", "Tideward Matron"]), kit(["Gloomcap Goblin"]))
    place(st, 0, "Wandering Squire", "Tideward Matron")
    st.seat_turn = 1
    do(st, 'play "Gloomcap Goblin"')  # the only legal target: Wandering Squire (1 star)
    assert st.current_players() == [0]
    assert Action("decline") in st.legal_actions(0)
    do(st, 'react "Tideward Matron"')
    assert names(st, st.down) == ["Tideward Matron"] and st.rp[0] == 5


def test_a_reaction_by_the_first_card_dealt_is_used_not_declined():
    """The same Reaction by the card numbered 0 (the first of the first kit): its use is that card,
    which once read as "declined", so the flip it answers went ahead."""
    st = table(kit(["Tideward Matron", "Wandering Squire"]), kit(["Gloomcap Goblin"]))
    assert ids(st, 0, "Tideward Matron") == [0]
    place(st, 0, "Wandering Squire", "Tideward Matron")
    st.seat_turn = 1
    do(st, 'play "Gloomcap Goblin"', 'react "Tideward Matron"')
    assert names(st, st.down) == ["Tideward Matron"] and st.rp[0] == 5


def test_effects_on_cards_next_triggers_on_the_next_card_played():
    """"Next effects trigger on the next card you play"."""
    st = table(kit(["Brine Courier", "Harbor Clerk", "Cinder Cadet"]), kit(["Orella", "Meadow Sprite"]))
    do(st, 'play "Brine Courier"', 'play "Orella"', 'play "Harbor Clerk"')
    assert st.rp[0] == 4 + 7  # Harbor Clerk: 2 x 2 cards; Brine Courier: a Citizen, 7


def test_effects_on_cards_top_effect_sees_the_play():
    """"Top effects work as long as the card ... is the right-most face-up card"."""
    st = table(kit(["Lantern Moth", "Wandering Squire"]), kit(["Flarecoat Lancer", "Meadow Sprite"]))
    do(st, 'play "Lantern Moth"', 'play "Flarecoat Lancer"', 'play "Wandering Squire"')
    assert st.rp[0] == 3 + 3 - 2  # Moth +3, Squire +3, Lancer (opponent's Top) -2


def test_ending_the_tournament_score_left_to_right_then_box_accessories_metagame():
    """"Activate all Score effects of face-up cards, starting with Singles in your tableau, then the
    Deck Box, then Accessories, and finally the Metagame Cards"."""
    meta = card("Meta: Fire Week", "Score: Gain 1 RP for each Fire card in your tableau.", kind="single")
    st = table(kit(["Ashen Drillmaster"], ["Vanguard Footlocker"], ["Lunch Money Pouch"]), kit(["Orella"]),
               metagame=[meta])
    do(st, 'play "Ashen Drillmaster"', 'play "Orella"', "pass", "pass")
    sources = [dict(e.changes)["amount"] for e in st.events if e.action == "gain_rp" and e.player == 0]
    assert sources == [3, 4, 8, 1]
    assert st.rp[0] == 16 and st.outcome.returns == (21.0, 15.0)


def test_ending_the_tournament_three_way_tie_for_second():
    """"in a 3-way tie for second, add up and divide evenly the points for second, third, and fourth
    place, rounded down"."""
    st = table(*[kit(["Wandering Squire"]) for _ in range(4)], chart="final")
    st.rp = [50, 30, 30, 30]
    assert st.placements_vp() == [42, 24, 24, 24]
    st.chart = "round1"
    assert st.placements_vp() == [21, 12, 12, 12]  # (15 + 12 + 9) / 3


def test_faq_losing_rp_stops_at_zero():
    """FAQs: "You lose as much as you can and stop at zero"."""
    st = table(kit(["Wandering Squire"]), kit(["Mousetrap Mechanist"]))
    place(st, 1, "Mousetrap Mechanist")
    st.flip_card(ids(st, 1, "Mousetrap Mechanist")[0], 1)  # "Flip: Each opponent loses 4 RP."
    st.run()
    assert st.rp[0] == 0
    assert any(e.action == "lose_rp" and dict(e.changes)["amount"] == 0 for e in st.events)


def test_set_specific_keywords_mimicry():
    """"Mimicry - A card with Mimicry has the Element and Type symbols of a face-up card to its
    immediate left instead of its own. This effect ends if the card to its left is flipped"."""
    st = table(kit(["Cinder Cadet", "Chameleon Courier"]), kit(["Orella"]))
    place(st, 0, "Cinder Cadet", "Chameleon Courier")
    cadet, courier = ids(st, 0, "Cinder Cadet", "Chameleon Courier")
    assert st.elements(courier) == ("fire",) and st.types(courier) == ("soldier",)
    st.down.add(cadet)
    assert st.elements(courier) == ("air",) and st.types(courier) == ("animal",)


def test_set_specific_keywords_blast_off():
    """"Blast Off - Action: You may flip this card to put 3 +1 STAR tokens on the next card you play"."""
    st = table(kit(["Comet Wrangler", "Wandering Squire", "Cinder Cadet"]), kit(["Orella", "Meadow Sprite"]))
    place(st, 0, "Comet Wrangler")
    do(st, 'use "Comet Wrangler"', 'play "Wandering Squire"')
    squire = ids(st, 0, "Wandering Squire")[0]
    assert st.tokens[squire] == 3 and st.star(squire) == 4
    assert ids(st, 0, "Comet Wrangler")[0] in st.down


def test_set_specific_keywords_scurry():
    """"Scurry - Play: You may insert this card anywhere into your tableau"."""
    st = table(kit(["Wandering Squire", "Cinder Cadet", "Crumbsnatcher"]), kit(["Orella"]))
    place(st, 0, "Wandering Squire", "Cinder Cadet")
    do(st, 'play "Crumbsnatcher"', "accept", "insert 0")
    assert names(st, st.tableau[0]) == ["Crumbsnatcher", "Wandering Squire", "Cinder Cadet"]
    assert st.rp[0] == 3


def test_set_specific_keywords_anvil_drop():
    """"Anvil Drop - Action: Flip a card in another player's tableau with a lower star than this card"."""
    st = table(kit(["Rabbit Rascal", "Cinder Cadet"]), kit(["Wandering Squire", "Knight Captain Malcombe"]))
    place(st, 0, "Rabbit Rascal")
    place(st, 1, "Wandering Squire", "Knight Captain Malcombe")
    do(st, 'use "Rabbit Rascal"')
    assert sorted(names(st, st.down)) == ["Rabbit Rascal", "Wandering Squire"]
    assert st.rp[0] == 4  # Rabbit Rascal's own Flip: Gain 4 RP


def test_set_specific_keywords_thwomp():
    """"Thwomp! - Play: If the card to the left has a lower star than this one, flip it and gain"."""
    st = table(kit(["Wandering Squire", "Brick Block Buster"]), kit(["Orella"]))
    place(st, 0, "Wandering Squire")
    do(st, 'play "Brick Block Buster"')
    assert names(st, st.down) == ["Wandering Squire"] and st.rp[0] == 5


def test_infinite_loops_remove_the_player_who_scores_first_place(monkeypatch):
    """"Infinite Loops": the player "is immediately removed from the tournament, but you score VP
    as though you had won first place (this doesn't prevent another player from actually winning
    first place)"; their cards return to the box for money equal to their sell value."""
    from rules.millennium_blades import resolve

    monkeypatch.setattr(resolve, "LOOP_LIMIT", 0)
    st = table(kit(["Cinder Cadet", "Wandering Squire"]), kit(["Orella"]), kit(["Meadow Sprite"]))
    do(st, 'play "Cinder Cadet"')
    assert 0 in st.out and st.money[0] == 3 and names(st, st.removed[0]) == ["Wandering Squire", "Cinder Cadet"]
    assert st.loop_money == [3, 0, 0]  # what the rule paid (the whole game takes it back in the last round)
    assert st.current_players() == [1]
    do(st, 'play "Orella"', 'play "Meadow Sprite"', "pass", "pass")
    assert st.is_over and st.outcome.returns == (21.0, 18.0, 18.0)  # the others tie for first: (21 + 15) / 2


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5])
def test_every_seat_count_plays_to_the_end(seats):
    """2-5 players, and one alone (goldfish): always first place."""
    st = table(*[kit(["Cinder Cadet", "Wandering Squire"]) for _ in range(seats)])
    while not st.is_over:
        (seat,) = st.current_players()
        st.apply_checked(st.legal_actions(seat)[0], seat)
    assert len(st.outcome.returns) == seats
    if seats == 1:
        assert st.outcome.placements == (1,)
