"""More shapes of printed text, batch o (issue 26.2; rules/millennium_blades/phrases_more_o.py and
ops_more_o.py): attaching, +1 STAR tokens and flipping. Original cards in each shape, compiled,
checked by the card checker and played in the tournament engine (millennium-blades.txt sections
cited per test; docs/rules-notes.md, "MB: batch o")."""

from __future__ import annotations

from dataclasses import replace

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def test_an_either_of_three_options_passes_the_card_checker():
    """"Clashing" names the Store's top card; batch a reads three places for a looked-at card as an
    "either" of three options, and the checker now takes two or more (a list of one is refused)."""
    either = {"op": "either", "who": "self", "options": [[{"op": "gain_rp", "amount": 1}], [{"op": "gain_rp", "amount": 4}],
                                                         [{"op": "gain_money", "amount": 2}]]}
    effects = [{"timing": "action", "ops": [either]}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "action", "ops": [{**either, "options": either["options"][:1]}]}])
    chooser = replace(card("Three Roads"), effects=tuple(effects))
    st = table(kit([chooser, card("Filler")]), kit([]))
    place(st, 0, "Three Roads")
    do(st, 'use "Three Roads"')
    assert st.pending["about"] == "one of 3 options" and len(st.pending["options"]) == 3
    do(st, "option 1")
    assert st.rp[0] == 4 and st.money[0] == 0


def test_only_the_players_with_enough_rp_lose_it():
    """"Ranking Points": "each player with N RP or more loses M RP" takes RP from the players whose
    total is at least N when the effect resolves, the others keep theirs; the checker takes that
    ``rp`` on a loss as on a gain."""
    text = "Play: Each player with 30 RP or more loses 12 RP."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "lose_rp", "amount": 12, "who": "each", "rp": {"cmp": ">=", "value": 30}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, compiles("Play: Each opponent with 10 RP or less gains 5 RP.")) == []
    st = table(kit([card("Toll Baron", text)]), kit(lamps()), kit(lamps()))
    st.rp = [30, 29, 45]
    do(st, 'play "Toll Baron"')
    assert st.rp == [18, 29, 33]


def test_a_trigger_that_fires_the_first_time_each_turn_only():
    """"Tournament Turns": a turn is one player's; "gain 2 RP the first time one of your cards is
    flipped each turn" pays for the first such flip of each turn, not the second in the same turn,
    and again in the next turn (rules notes, "MB: batch o")."""
    text = "Ongoing: Gain 2 RP the first time a single in your tableau is flipped each turn."
    effects = compiles(text)
    assert effects[0]["trigger"]["first_each_turn"] is True and effects[0]["trigger"]["event"] == "flipped"
    assert check_card("single", {"star": 3}, effects) == []
    assert compiles("Ongoing: The first time each turn you play a single, gain 1 RP.")[0]["trigger"] == {
        "event": "play", "by": "self", "first_each_turn": True}
    assert check_card("single", {"star": 3}, [{**effects[0], "trigger": {**effects[0]["trigger"], "first_each_turn": 1}}])
    flipper = card("Gust Hand", "Play: Flip two singles in your tableau.")
    st = table(kit([flipper, card("Tally Keeper", text), card("Leaf A"), card("Leaf B"), card("Leaf C"), card("Gust Arm",
               "Play: Flip a single in your tableau.")]), kit(lamps()))
    place(st, 0, "Tally Keeper", "Leaf A", "Leaf B", "Leaf C")
    do(st, 'play "Gust Hand"', "target 0 1", "target 0 2")
    leaf_a, leaf_b = ids(st, 0, "Leaf A", "Leaf B")
    assert leaf_a in st.down and leaf_b in st.down and st.rp[0] == 2  # two flips, one gain
    do(st, 'play "Lamp 0"')
    do(st, 'play "Gust Arm"', "target 0 3")
    assert st.rp[0] == 4  # the next turn of this player: again


def test_a_card_flips_itself_as_soon_as_its_condition_holds():
    """"Flip a Card": "if you have no singles in your hand, flip this single" flips the card
    face-down once its player's hand is empty, after the effects resolving are done, not before; while the
    hand holds a card it stays face-up (rules notes, "MB: batch o")."""
    assert compiles("Ongoing: If you have 0 cards in your hand, flip this card.")[0]["ops"] == [
        {"op": "flip_self_when", "condition": {"test": "count", "of": {"count": "cards", "zone": "hand", "filter": {}},
                                               "cmp": "==", "value": 0}}]
    text = "Ongoing: If you have no singles in your hand, flip this single. | Score: Gain 9 RP."
    effects = compiles(text)
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "flip_self_when", "condition": 4}]}])
    st = table(kit([card("Empty Palm", text), card("Last Coin"), card("Spare Coin")]), kit(lamps()))
    do(st, 'play "Empty Palm"', 'play "Lamp 0"', 'play "Last Coin"')
    palm = ids(st, 0, "Empty Palm")[0]
    assert palm not in st.down  # a card still in hand
    do(st, 'play "Lamp 1"', 'play "Spare Coin"')
    assert palm in st.down and any(e.action == "flip_self" for e in st.events)


def test_a_trigger_during_your_turn_with_a_cap_on_rp_each_turn():
    """"Tournament Turns": "during your turn" is a trigger of this card's player's turns only; "(max.
    7 RP per turn)" caps what the effect gives in one turn, counted again from the next turn (rules
    notes, "MB: batch o")."""
    text = "Ongoing: Whenever an opponent's card is flipped during your turn, gain 3 RP (max. 7 RP per turn)."
    effects = compiles(text)
    assert effects[0]["trigger"]["turn"] == "self"
    assert effects[0]["ops"] == [{"op": "turn_capped_gain", "amount": 3, "turn_max": 7}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "trigger": {**effects[0]["trigger"], "turn": "mine"}}])
    raid_text = "Play: Flip all singles in opponents' tableaus."
    assert compiles(raid_text)
    raid = card("Storm Raid", raid_text)
    st = table(kit([card("Tide Counter", text), raid]), kit([card("Reed A"), card("Reed B"), card("Reed C"),
                                                             card("Ebb Hand", "Play: Flip a single in your tableau.")]))
    place(st, 0, "Tide Counter")
    place(st, 1, "Reed A", "Reed B", "Reed C")
    do(st, 'play "Storm Raid"')
    assert st.rp[0] == 7 and any(e.action == "turn_cap" for e in st.events)  # 3 + 3 + 1 of the third
    st.down.discard(ids(st, 1, "Reed A")[0])
    do(st, 'play "Ebb Hand"', "target 1 0")  # their own flip in their turn: not during this player's turn
    assert st.rp[0] == 7
