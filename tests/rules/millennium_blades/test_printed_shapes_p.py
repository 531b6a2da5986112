"""More shapes of printed text, batch p (issue 26.2; rules/millennium_blades/phrases_more_p.py and
ops_more_p.py): a trigger printed at the end of a sentence, a gain of RP turned into a loss. Original
cards in each shape, compiled and played in the tournament engine (millennium-blades.txt sections
cited per test; docs/rules-notes.md, "MB: batch p")."""

from __future__ import annotations

from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, place, table

BRAWL = "Play: Clash with an opponent. The winner gains 10 RP."


def test_a_trigger_printed_at_the_end_of_a_sentence():
    """"Effects on Cards": an Ongoing effect works while the card is face-up; a trigger printed
    last ("... each time you lose a clash") is that trigger printed first ("Clashing": the loser)."""
    text = "Ongoing: You have +3 when clashing. Flip this card each time you lose a clash."
    bonus, flip = compiles(text)
    assert bonus["ops"] == [{"op": "clash_bonus", "amount": 3}]
    assert flip["trigger"] == {"event": "clash_lost"}
    assert flip["ops"] == [{"op": "flip", "target": {"player": "self", "pick": "this"}}]
    assert len(compiles("Ongoing: You have +3 when clashing.")) == 1  # "when clashing" names no trigger
    for rival_star, flipped in ((9, True), (3, False)):
        st = table(kit([card("Lucky Tassel", text, star=2), card("Bold Duel", BRAWL, star=1)]),
                   kit([card("Iron Wall", star=rival_star)]), store=(1, 1, 1))
        place(st, 0, "Lucky Tassel")
        place(st, 1, "Iron Wall")
        do(st, 'play "Bold Duel"')  # 1 + 1 + 3 against the wall's STAR + 1
        (tassel,) = ids(st, 0, "Lucky Tassel")
        assert (tassel in st.down) is flipped
        assert st.rp[0] == (0 if flipped else 10)


def test_a_gain_of_rp_turned_into_a_loss_of_that_amount():
    """"Effects on Cards": an Ongoing effect works while its card is face-up; "they instead lose that
    amount": the gain is replaced by a loss of what it would have been, stopping at zero ("FAQs":
    "You lose as much as you can and stop at zero")."""
    sour = "Ongoing: When an opponent would gain RP, they lose that much RP instead."
    assert compiles(sour)[0]["ops"] == [{"op": "rp_gain_to_loss", "who": "each_opponent"}]
    st = table(kit([card("Coin Rain", "Play: All players gain 4 RP.")]), kit([card("Sour Mirror", sour)]), store=(1, 1, 1))
    place(st, 1, "Sour Mirror")
    st.rp = [10, 10]
    do(st, 'play "Coin Rain"')
    assert st.rp == [6, 14]  # the mirror's owner gains; the opponent loses what they would have gained
    turned = [e.as_dict()["changes"] for e in st.events if e.action == "gain_turned_to_loss"]
    assert turned == [{"would_gain": 4, "amount": 4, "rp": 6}]
    st = table(kit([card("Coin Rain", "Play: All players gain 4 RP.")]), kit([card("Sour Mirror", sour)]), store=(1, 1, 1))
    place(st, 1, "Sour Mirror", down=("Sour Mirror",))  # a face-down card has no effects ("Flip a Card")
    do(st, 'play "Coin Rain"')
    assert st.rp == [4, 4]


def test_a_top_rule_on_every_players_gains_and_its_turn_start():
    """"Top Card": a Top effect works while its card is the right-most face-up card; "When your turn
    begins" is the start of that player's turn ("Tournament Turns"); a loss stops at zero."""
    text = "Top: Whenever a player would gain RP, they instead lose that much RP. When your turn begins, lose 1 RP."
    rule, start = compiles(text)
    assert rule["ops"] == [{"op": "rp_gain_to_loss", "who": "each"}]
    assert (start["trigger"], start["ops"]) == ({"event": "turn_start"}, [{"op": "lose_rp", "amount": 1}])
    st = table(kit([card("Big Purse", "Play: Gain 15 RP."), card("Grey Lamp")]), kit([card("Gloom Crown", text)]),
               store=(1, 1, 1))
    place(st, 0, "Grey Lamp")
    place(st, 1, "Gloom Crown")
    st.rp = [10, 10]
    do(st, 'play "Big Purse"')
    assert st.rp == [0, 9]  # 15 would be gained: 10 lost, down to zero; then Seat 1's turn begins: 1 lost


def test_a_trigger_counted_the_first_time_each_turn():
    """"Effects on Cards": an Ongoing effect works while its card is face-up; "The first time each
    turn that ..." triggers once a turn, whoever's turn it is ("Tournament Turns")."""
    text = "Ongoing: The first time each turn that you gain RP, gain 4 additional RP."
    (effect,) = compiles(text)
    assert (effect["trigger"], effect["ops"]) == (  # batch o's "first time each turn" trigger
        {"event": "gained_rp", "by": "self", "first_each_turn": True}, [{"op": "gain_rp", "amount": 4}])
    trailing = compiles("Ongoing: Gain 2 RP the first time you clash each turn.")[0]
    assert trailing["trigger"] == {"event": "clash", "first_each_turn": True}
    st = table(kit([card("Twin Purse", "Play: Gain 3 RP. Gain 2 RP."), card("Lucky Ledger", text)]),
               kit([card("Shared Feast", "Play: All players gain 1 RP.")]), store=(1, 1, 1))
    place(st, 0, "Lucky Ledger")
    do(st, 'play "Twin Purse"')
    assert st.rp[0] == 3 + 4 + 2  # the second gain of the turn triggers nothing
    do(st, 'play "Shared Feast"')
    assert st.rp == [9 + 1 + 4, 1]  # another turn: its first gain triggers again


def test_the_card_checker_accepts_each_shape_and_refuses_bad_fields():
    """Every batch p shape is saved as a card the engine runs; wrong fields are refused."""
    from rules.core.registry import get_game

    game = get_game("millennium_blades")
    starred = {"star": 3, "elements": ["fire"], "types": ["soldier"]}
    texts = ("Ongoing: You have +3 when clashing. Flip this card each time you lose a clash.",
             "Ongoing: When an opponent would gain RP, they lose that much RP instead.",
             "Top: Whenever a player would gain RP, they instead lose that much RP. When your turn begins, lose 1 RP.",
             "Ongoing: The first time each turn that you gain RP, gain 4 additional RP.",
             "Ongoing: Gain 2 RP the first time you clash each turn.")
    for text in texts:
        assert game.validate_card(card_type="single", attributes=starred, effects=compiles(text)) == [], text
    bad = [{"timing": "ongoing", "ops": [{"op": "rp_gain_to_loss", "who": "nobody"}]},
           {"timing": "ongoing", "trigger": {"event": "clash", "first_each_turn": 2}, "ops": [{"op": "gain_rp", "amount": 1}]}]
    for effect in bad:
        assert game.validate_card(card_type="single", attributes=starred, effects=[effect]), effect
