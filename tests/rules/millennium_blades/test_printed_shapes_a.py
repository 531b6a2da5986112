"""More printed shapes, set A (issue 26.2): original cards in each, compiled and played in the
tournament engine (millennium-blades.txt sections cited per test)."""

from __future__ import annotations

import json

from rules.millennium_blades.text import compile_text
from tests.rules.core.test_view_schemas import errors
from tests.rules.millennium_blades.helpers import card, do, kit, place, table


def _view_fits(st) -> bool:
    """The view while a new kind of choice waits (docs/view-format.md, rules/millennium_blades/view.schema.json)."""
    return errors("millennium_blades", json.loads(json.dumps(st.view(None)))) == []


def test_clash_against_the_highest_top_card():
    """"Clashing": "If clashing with another player, choose a player with a Top Card"; "the
    opponent with the highest Top card" leaves no choice but the opponent whose Top Card ("Top
    Card": the right-most face-up card) has the highest Star Rating."""
    text = "Play: Clash with the opponent who has the highest Top card. The winner gains 7 RP."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "clash", "with": "opponent", "rival": "highest_top",
                                  "winner": [{"op": "gain_rp", "amount": 7}]}]
    st = table(kit([card("Peak Hunter", text, star=4)]), kit([card("Low Hill", star=2)]),
               kit([card("High Peak", star=6), card("Flat Shade", star=9)]), store=(1, 1, 1, 1))
    place(st, 1, "Low Hill")
    place(st, 2, "Flat Shade", "High Peak")  # High Peak is the Top Card: 6 beats 2
    do(st, 'play "Peak Hunter"')  # no choice asked: 4 + 1 against 6 + 1
    assert st.pending is None
    assert st.rp == [0, 0, 7]


def test_clash_with_the_highest_top_card_a_tie_is_the_players_choice():
    """Two opponents whose Top Cards tie for highest: the player chooses one of them ("Clashing")."""
    text = "Play: Clash with the opponent who has the highest Top card. The winner gains 7 RP."
    st = table(kit([card("Peak Hunter", text, star=8)]), kit([card("Low Hill", star=5)]),
               kit([card("Twin Hill", star=5)]), kit([card("Pebble", star=1)]), store=(1,) * 6)
    place(st, 1, "Low Hill")
    place(st, 2, "Twin Hill")
    place(st, 3, "Pebble")
    do(st, 'play "Peak Hunter"')
    assert [str(a) for a in st.legal_actions(0)] == ["opponent 1", "opponent 2"]
    do(st, "opponent 2")
    assert st.rp == [7, 0, 0, 0]


def test_spend_up_to_dollars_and_gain_for_each_dollar_spent():
    """"Spend up to 3 Dollars": the player chooses how many, no more than they have (rules notes,
    "Spending up to"); "gain 4 RP per Dollar spent" counts what was spent."""
    text = "Play: Spend up to 3 Dollars to gain 4 RP per Dollar spent."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "spend_up_to", "amount": 3},
                                 {"op": "gain_rp", "amount": 4, "per": {"count": "spent"}}]
    st = table(kit([card("Coin Fountain", text)]), kit([]))
    st.money[0] = 3
    do(st, 'play "Coin Fountain"')
    assert [str(a) for a in st.legal_actions(0)] == ["spend 0", "spend 1", "spend 2", "spend 3"]
    assert st.pending["kind"] == "spend" and _view_fits(st)
    do(st, "spend 2")
    assert st.money[0] == 1 and st.rp[0] == 8


def test_for_each_dollar_spent_a_clause_once_each():
    """"For every Dollar you spent, <clause>": the clause once per Dollar, each its own choice
    ("FAQs": tokens count like any other)."""
    text = "Play: Pay up to 2 Dollars. For every Dollar you spent, put two +1 STAR tokens on one of your cards."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][1]["op"] == "repeat" and effects[0]["ops"][1]["per"] == {"count": "spent"}
    st = table(kit([card("Gilded Patron", text, star=2), card("Old Statue")]), kit([card("Far Statue")]))
    st.money[0] = 5
    place(st, 0, "Old Statue")
    do(st, 'play "Gilded Patron"')
    assert [str(a) for a in st.legal_actions(0)] == ["spend 0", "spend 1", "spend 2"]
    do(st, "spend 2", "target 0 0", "target 0 1")
    assert st.money[0] == 3
    assert sorted(st.tokens.values()) == [2, 2]
    assert st.star(st.tableau[0][0]) == 5 and st.star(st.tableau[0][1]) == 4


def test_lose_all_your_rp_and_count_what_was_lost():
    """"FAQs": a loss takes what you have and stops at zero; "Lose all of your RP. For every 10 RP
    you lost (rounded up), gain 2 Dollars" counts the loss in steps of 10, rounded up as printed (the
    parenthesis is how to count, not a reminder)."""
    text = "Play: Lose all of your RP. For every 10 RP you lost (rounded up), gain 2 Dollars."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][1]["per"] == {"count": "rp_lost", "every": 10, "round": "up"}
    st = table(kit([card("Burnt Offering", text, star=1)]), kit([]))
    st.rp[0] = 23
    do(st, 'play "Burnt Offering"')
    assert st.rp[0] == 0
    assert st.money[0] == 6  # 3 steps of 10, the last one short
    text = "Action: Lose all of your RP. For each 6 RP lost this way, gain one Dollar."
    st = table(kit([card("Pawn Broker", text), card("Filler")]), kit([]))
    place(st, 0, "Pawn Broker")
    st.rp[0] = 23
    do(st, 'use "Pawn Broker"')
    assert st.rp[0] == 0 and st.money[0] == 3  # rounded down


def test_do_this_more_times():
    """"Do this two more times": the sentence before, again, twice: three pairs of +1 STAR tokens,
    each on a card chosen then ("FAQs": "Do +1 STAR Tokens count ...")."""
    text = "Play: Put two +1 STAR tokens on one of your cards. Do this two more times."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][1]["op"] == "repeat" and effects[0]["ops"][1]["amount"] == 2
    st = table(kit([card("Triple Blessing", text, star=2), card("Old Statue")]), kit([card("Far Statue")]))
    place(st, 0, "Old Statue")
    place(st, 1, "Far Statue")
    do(st, 'play "Triple Blessing"', "target 0 0", "target 0 1", "target 0 0")
    assert st.star(st.tableau[0][0]) == 7 and st.star(st.tableau[0][1]) == 4
    assert st.tableau[1][0] not in st.tokens


UNITE = ("Link–Ongoing: Attach any number of WATER cards from your hand to this Single during your turns. When this "
         "one would be flipped, you may discard a card of the attached cards to prevent this flip. | Action: Gain 5 RP.")


def _unite_table():
    titan = card("Gear Titan", UNITE, star=4, elements=("water",))
    cogs = [card("Cog Pup", elements=("water",)), card("Bolt Pup", elements=("water",)), card("Foot Guard")]
    hammer = card("Hammer Imp", "Play: Flip a card in another player's tableau.")
    st = table(kit([titan, *cogs]), kit([hammer, card("Spare Imp")]))
    place(st, 0, "Gear Titan")
    return st


def test_unite_attaches_cards_of_its_kind_from_the_hand_during_your_turn():
    """A keyword's full text is printed ("Set Specific Keywords"); "Attach any number of WATER
    cards from your hand to this Single during your turns": each attachment a move of its own turn,
    before or after its Single; it leaves the hand and is not in the tableau ("FAQs": "Attached
    cards are not considered in the tableau for effects"). Before the Single, a card is attached
    only if a Single is left to play ("Tournament Turns"; rules notes, "Unite")."""
    effects, reason = compile_text(UNITE)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "unite", "filter": {"element": "water"}}, {"op": "attachment_guard"}]
    st = _unite_table()
    moves = [str(a) for a in st.legal_actions(0)]
    assert 'unite "Cog Pup" 0' in moves and 'unite "Bolt Pup" 0' in moves and 'unite "Foot Guard" 0' not in moves
    do(st, 'unite "Cog Pup" 0', 'play "Foot Guard"')
    assert st.current_players() == [0]  # the turn goes on: Bolt Pup may still be attached
    assert [str(a) for a in st.legal_actions(0)] == ['use "Gear Titan"', 'unite "Bolt Pup" 0', "end"]
    do(st, 'unite "Bolt Pup" 0')
    titan = st.tableau[0][0]
    assert sorted(st.cards[a].name for a in st.attachments(titan)) == ["Bolt Pup", "Cog Pup"]
    assert st.hand[0] == [] and len(st.tableau[0]) == 2


def test_unite_the_last_single_is_not_attached_before_the_turns_play():
    """"On your turn, you must play a Single if you are able" ("Play a Single (Required)"): the only
    Single left in hand is not attached before the turn's play."""
    st = _unite_table()
    do(st, 'unite "Cog Pup" 0', 'unite "Bolt Pup" 0')
    assert not [a for a in st.legal_actions(0) if a.verb == "unite"]


def test_unite_an_attachment_discarded_keeps_the_card_face_up():
    """"When this one would be flipped, you may discard a card of the attached cards to prevent this
    flip": after its Action ("Use an Action": then flip the card) and against an
    opponent's flip; declined, the card is flipped and its attachments go to the binder ("FAQs")."""
    st = _unite_table()
    do(st, 'unite "Cog Pup" 0', 'unite "Bolt Pup" 0', 'play "Foot Guard"', 'use "Gear Titan"')
    assert [str(a) for a in st.legal_actions(0)] == ['guard "Cog Pup"', 'guard "Bolt Pup"', "decline"]
    assert st.pending["kind"] == "guard" and _view_fits(st)
    do(st, 'guard "Cog Pup"')
    titan = st.tableau[0][0]
    assert st.rp[0] == 5 and titan not in st.down
    assert [st.cards[c].name for c in st.binder[0]] == ["Cog Pup"]
    do(st, 'play "Hammer Imp"', "target 0 0")  # the opponent's flip: seat 0 is asked
    assert st.current_players() == [0]
    do(st, "decline")
    assert titan in st.down
    assert sorted(st.cards[c].name for c in st.binder[0]) == ["Bolt Pup", "Cog Pup"]


HEROIC = ("Guardian–Reaction: When a Single in an opponent's tableau would be flipped face-down by an effect, you may "
          "gain 1 RP and flip this card instead.")


def test_a_reaction_to_a_flip_in_another_players_tableau():
    """"Reaction" effects "are activated whenever the relevant condition on the effect is met. When
    you activate a Reaction, the card that triggers it is flipped face-down"; "When a Single in an
    opponent's tableau would be flipped face-down by an effect, you may gain 1 RP and flip this card
    instead": a player other than the card's owner saves it; the player whose turn it is first, then
    clockwise ("Effects on Cards"). Not for a card of its own tableau."""
    effects, reason = compile_text(HEROIC)
    assert reason is None
    assert effects[0]["trigger"] == {"event": "would_flip", "by": "any", "whose": "opponent"}
    hammer = card("Hammer Imp", "Play: Flip a card in another player's tableau.")

    def heroic_table():
        st = table(kit([hammer]), kit([card("Fair Maiden")]), kit([card("Shield Knight", HEROIC), card("Page")]))
        place(st, 1, "Fair Maiden")
        place(st, 2, "Page", "Shield Knight")
        return st

    st = heroic_table()
    do(st, 'play "Hammer Imp"', "target 1 0")
    assert st.current_players() == [2]
    do(st, 'react "Shield Knight"')
    assert st.tableau[1][0] not in st.down and st.tableau[2][1] in st.down and st.rp == [0, 0, 1]
    st = heroic_table()
    do(st, 'play "Hammer Imp"', "target 1 0", "decline")
    assert st.tableau[1][0] in st.down and st.tableau[2][1] not in st.down
    st = heroic_table()
    do(st, 'play "Hammer Imp"', "target 2 0")  # the Page is in the Shield Knight's own tableau: no Reaction
    assert st.tableau[2][0] in st.down and st.current_players() == [1]


def test_tokens_added_to_a_card_then_that_cards_star():
    """"Add 2 +1 STAR tokens to one of your cards, then gain Dollars equal to that card's STAR": the
    tokens go on the card chosen, and "that card" is that one ("FAQs": tokens count)."""
    text = "Action: Add 2 +1 STAR tokens to one of your cards, then gain Dollars equal to that card's STAR."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][1]["per"] == {"count": "star", "card": "chosen"}
    st = table(kit([card("Tuning Fork", text, star=1), card("Old Statue", star=4), card("Filler")]),
               kit([card("Far Statue", star=6)]))
    place(st, 0, "Old Statue", "Tuning Fork")
    place(st, 1, "Far Statue")
    do(st, 'use "Tuning Fork"')
    assert [str(a) for a in st.legal_actions(0)] == ["target 0 0", "target 0 1"]
    do(st, "target 0 0")
    assert st.money[0] == 6 and st.tokens[st.tableau[0][0]] == 2


def test_a_card_whose_star_is_at_least_this_ones():
    """"CARD DATA": a Star Rating; "whose STAR Rating is equal to or higher than this card's STAR
    Rating" is this card's Star Rating or more (the equal one too)."""
    text = "Action: Flip a card in an opponent's tableau whose STAR Rating is equal to or higher than this card's STAR Rating."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["target"]["filter"]["star"] == {"cmp": ">=", "value": "this"}
    st = table(kit([card("Even Scale", text, star=4), card("Filler")]),
               kit([card("Same Weight", star=4), card("Light Weight", star=3)]))
    place(st, 0, "Even Scale")
    place(st, 1, "Same Weight", "Light Weight")
    do(st, 'use "Even Scale"')  # Same Weight is the only legal card: no choice asked
    assert st.tableau[1][0] in st.down and st.tableau[1][1] not in st.down


TOLL = "Tariff–Ongoing: Whenever a clash occurs, each loser must pay you 3 Dollars. If they cannot pay, steal 4 RP from them."


def test_a_clash_loser_pays_you_or_has_rp_stolen():
    """"Clashing": "all other players are the losers"; "Whenever a clash occurs, each loser must pay
    you 3 Dollars. If they cannot pay, steal 4 RP from them": a loser with the money pays it all; one
    without pays nothing and loses 4 RP to you (rules notes, "A loser pays you")."""
    effects, reason = compile_text(TOLL)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "toll", "amount": 3,
                                  "short": [{"op": "steal_rp", "amount": 4, "who": "that_player"}]}]

    def toll_table(money):
        st = table(kit([card("Bridge Keeper", TOLL, star=9), card("Brawler", "Play: Clash with an opponent.", star=9)]),
                   kit([card("Small Goat", star=1)]), store=(1, 1, 1, 1))
        place(st, 0, "Bridge Keeper")
        place(st, 1, "Small Goat")
        st.money[1], st.rp[1] = money, 8
        return st

    st = toll_table(3)
    do(st, 'play "Brawler"')  # 9 + 1 against 1 + 1: seat 1 loses
    assert st.money == [3, 0] and st.rp == [0, 8]
    st = toll_table(2)
    do(st, 'play "Brawler"')
    assert st.money == [0, 2] and st.rp == [4, 4]


def test_look_at_the_top_card_of_the_store_then_choose_where_it_goes():
    """"Clashing" and "Aftermarket Space" name the Store's top card; "Look at the top card of the
    Store. Add it to your hand, put it back, or put it on the bottom of the Store. If you put it back,
    gain 3 RP": only its player sees it, it stays on top unless the option moves it (rules notes,
    "Looking"); "If you put it back ..." is more of that option."""
    text = ("Action: Gain 2 Dollars. Look at the top card of the Store. Add it to your hand, put it back, or put it on "
            "the bottom of the Store. If you put it back, gain 3 RP.")
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][2]["options"][1] == [{"op": "place_looked", "to": "top"}, {"op": "gain_rp", "amount": 3}]

    def seer_table():
        st = table(kit([card("Shop Seer", text), card("Filler")]), kit([]), store=(7, 2, 3))
        place(st, 0, "Shop Seer")
        return st

    st = seer_table()
    top = st.store[-1]
    do(st, 'use "Shop Seer"', "option 0")
    assert top in st.hand[0] and st.rp[0] == 0 and st.money[0] == 2 and st.owner[top] == 0
    st = seer_table()
    do(st, 'use "Shop Seer"', "option 1")
    assert st.store[-1] == top and st.rp[0] == 3
    st = seer_table()
    do(st, 'use "Shop Seer"', "option 2")
    assert st.store[0] == top and st.cards[st.store[-1]].printed_star == 2 and st.rp[0] == 0


def test_look_then_play_it_or_discard_it():
    """"Put it back, play it, or discard it to the Aftermarket": played, it is a Single played into
    the tableau ("Play a Single"), its Play effects too; not the turn's Single."""
    text = "Action: Gain 2 RP. Look at the top card of the Store. Put it back, play it, or discard it to the Aftermarket."
    st = table(kit([card("Shop Seer", text), card("Filler")]), kit([]), store=(7, 2, 3))
    place(st, 0, "Shop Seer")
    top = st.store[-1]
    do(st, 'use "Shop Seer"', "option 1")
    assert st.tableau[0][-1] == top and st.plays_left == 1 and st.rp[0] == 2
    st = table(kit([card("Shop Seer", text), card("Filler")]), kit([]), store=(7, 2, 3))
    place(st, 0, "Shop Seer")
    do(st, 'use "Shop Seer"', "option 2")
    assert st.aftermarket == [top]


def test_spend_any_number_of_dollars():
    """"Pay any number of Dollars, then gain 3 RP for each Dollar spent, up to 24 RP": as many as the
    player has, their choice (rules notes, "Spending up to"); the cap holds."""
    text = "Play: Pay any number of Dollars, then gain 3 RP for each Dollar spent, up to 24 RP."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0] == {"op": "spend_up_to"}
    st = table(kit([card("Big Spender", text)]), kit([]))
    st.money[0] = 12
    do(st, 'play "Big Spender"')
    assert len(st.legal_actions(0)) == 13  # spend 0 to spend 12
    do(st, "spend 12")
    assert st.money[0] == 0 and st.rp[0] == 24


def test_look_then_you_may_discard_it_and_if_you_do():
    """"You may discard it. If you do, gain Dollars equal to its STAR" after a look:
    a Store card discarded goes to the Store Discard (it has no owner's binder; "Discard a Card",
    rules notes "Looking"); declined, it stays on top and nothing is gained."""
    text = "Play: Look at the top card of the Store. Gain 2 RP. You may discard it. If you do, gain Dollars equal to its STAR."
    effects, reason = compile_text(text)
    assert reason is None
    st = table(kit([card("Stock Taker", text)]), kit([]), store=(6, 2))
    top = st.store[-1]
    do(st, 'play "Stock Taker"', "option 0")
    assert st.store_discard == [top] and st.money[0] == 6 and st.rp[0] == 2
    st = table(kit([card("Stock Taker", text)]), kit([]), store=(6, 2))
    do(st, 'play "Stock Taker"', "option 1")
    assert st.store[-1] == top and st.money[0] == 0


def test_an_action_that_passes_the_turn():
    """"Tournament Turns": "If the player is unable to play a Single, they cannot take an Action, and
    instead Passes"; "Once all players pass in succession, the tournament ends". "Action: ... Pass this
    turn" is offered before the turn's Single, and after it the player's one move is to pass (rules
    notes, "Pass this turn"): a pass like any other."""
    text = "Action: Gain 2 RP. Pass this turn."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "gain_rp", "amount": 2}, {"op": "pass_turn"}]
    st = table(kit([card("Foot Guard"), card("Back Guard")], accessories=[card("Bench Warmer", text, kind="accessory")]),
               kit([card("Idle Lamp"), card("Idle Bell")]))
    assert 'use "Bench Warmer"' in [str(a) for a in st.legal_actions(0)]
    do(st, 'use "Bench Warmer"')
    assert [str(a) for a in st.legal_actions(0)] == ["pass"]
    do(st, "pass")
    assert st.current_players() == [1] and len(st.hand[0]) == 2 and st.passes == 1


IGNORING = ("Action: Clash with a player, ignoring the printed STAR Rating of your Top Card. The winner gains 3 Dollars, "
            "and if the winner's printed STAR Rating is higher than the loser's, gain 6 RP.")


def _ignoring_table(printed, tokens):
    st = table(kit([card("Underdog Duelist", IGNORING, star=printed), card("Filler")]),
               kit([card("Proud Giant", star=4 if printed == 3 else 5)]), store=(1, 1, 1, 1))
    place(st, 0, "Underdog Duelist")
    place(st, 1, "Proud Giant")
    st.tokens[st.tableau[0][0]] = tokens
    return st


def test_a_clash_ignoring_the_printed_star_of_your_cards():
    """"Clashing": each player adds the Star Rating of the card revealed to their Top Card's;
    "ignoring the printed STAR Rating of your Top Card": your Top Card counts its +1 STAR tokens, not
    its printed Star Rating ("CARD DATA"; rules notes, "Ignoring the printed STAR"); "if the winner's
    printed STAR Rating is higher than the loser's, gain 6 RP" compares the two cards as printed."""
    effects, reason = compile_text(IGNORING)
    assert reason is None
    assert effects[0]["ops"][0]["ignore_printed"] is True
    assert effects[0]["ops"][1]["condition"] == {"test": "clash_printed", "cmp": ">"}
    st = _ignoring_table(3, 2)  # 2 + 1 against 4 + 1 (it would be 5 + 1 counting the printed 3)
    do(st, 'use "Underdog Duelist"')
    assert st.money == [0, 3] and st.rp == [6, 0]  # the winner's printed 4 is higher than 3
    st = _ignoring_table(1, 6)  # 6 + 1 against 5 + 1
    do(st, 'use "Underdog Duelist"')
    assert st.money == [3, 0] and st.rp == [0, 0]  # printed 1 is not higher than 5


def test_a_token_removed_instead_of_a_flip():
    """"When this Single would be flipped while it has one or more +1 STAR tokens on it, remove one
    +1 STAR token from it and gain 2 Dollars instead": an Ongoing effect is "Not Optional" ("Effects on
    Cards"); the card stays face-up while it has tokens, then is flipped (rules notes, "A token
    instead of a flip")."""
    text = ("Play: Put two +1 STAR tokens on this Single. | Ongoing: When this Single would be flipped while it has one "
            "or more +1 STAR tokens on it, remove one +1 STAR token from it and gain 2 Dollars instead.")
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[1]["ops"] == [{"op": "token_guard", "ops": [{"op": "gain_money", "amount": 2}]}]
    hammers = [card(name, "Play: Flip a card in another player's tableau.") for name in ("Hammer A", "Hammer B", "Hammer C")]
    st = table(kit([card("Stubborn Mule", text, star=2), card("Filler A"), card("Filler B")]), kit(hammers))
    do(st, 'play "Stubborn Mule"', 'play "Hammer A"')  # the only card: no choice asked
    mule = st.tableau[0][0]
    assert mule not in st.down and st.tokens[mule] == 1 and st.money[0] == 2
    do(st, 'play "Filler A"', 'play "Hammer B"', "target 0 0")
    assert st.tokens.get(mule) is None and mule not in st.down and st.money[0] == 4
    do(st, 'play "Filler B"', 'play "Hammer C"', "target 0 0")
    assert mule in st.down and st.money[0] == 4


def test_one_of_your_cards():
    """"Put two +1 STAR tokens on one of your cards": a face-up card of your tableau, your choice
    ("Flip a Card": effects target face-up cards)."""
    text = "Play: Put two +1 STAR tokens on one of your cards."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["target"] == {"player": "self", "pick": "choice", "filter": {"face": "up"}}
    st = table(kit([card("Bright Gift", text, star=1), card("Old Statue", star=2)]), kit([card("Far Statue")]))
    place(st, 0, "Old Statue")
    place(st, 1, "Far Statue")
    do(st, 'play "Bright Gift"')
    assert [str(a) for a in st.legal_actions(0)] == ["target 0 0", "target 0 1"]
    do(st, "target 0 0")
    assert st.star(st.tableau[0][0]) == 4


def test_a_reaction_that_ignores_a_clash():
    """"Reaction: When you would clash, ignore that clash": used before the reveals, its card flipped
    ("Reaction"), the clash does not happen: nothing revealed, no result (rules notes, "Ignoring a
    clash"); "When a player would clash": any clash."""
    mine = "Reaction: When you would clash, ignore that clash."
    effects, reason = compile_text(mine)
    assert reason is None
    assert effects[0]["trigger"] == {"event": "would_clash", "by": "self"}
    brawler = card("Brawler", "Play: Clash with an opponent. The winner gains 4 Dollars.", star=9)

    def charm_table(text, third=False):
        kits = [kit([card("Foot Guard", star=1)], accessories=[card("Quiet Charm", text, kind="accessory")]),
                kit([brawler, card("Spare")])]
        if third:
            kits.append(kit([card("Far Guard")]))
        st = table(*kits, store=(1,) * 8, first_player=1)
        place(st, 0, "Foot Guard")
        if third:
            place(st, 2, "Far Guard")
        return st

    st = charm_table(mine)
    stock = len(st.store)
    do(st, 'play "Brawler"')
    assert st.current_players() == [0]
    do(st, 'react "Quiet Charm"')
    assert st.money == [0, 0] and len(st.store) == stock and st.accessories[0][0] in st.down
    st = charm_table(mine)
    do(st, 'play "Brawler"', "decline")
    assert st.money == [0, 4]
    anyone = "Reaction: When a player would clash, ignore the clash."
    st = charm_table(anyone, third=True)
    do(st, 'play "Brawler"', "opponent 2")  # seat 0 is not in the clash, and may still ignore it
    assert st.current_players() == [0]
    do(st, 'react "Quiet Charm"')
    assert st.money == [0, 0, 0]


def test_a_card_with_a_token_saved_by_a_reaction():
    """"Reaction: When another face-up card in your tableau with one or more +1 STAR tokens would be
    flipped by an opponent's effect, gain 2 RP and flip this card instead": only a card with a token
    on it ("FAQs": +1 STAR tokens) calls for it; used, its card is flipped ("Reaction") and the RP gained."""
    text = ("Reaction: When another face-up card in your tableau with one or more +1 STAR tokens would be flipped by an "
            "opponent's effect, gain 2 RP and flip this card instead.")
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["trigger"]["filter"] == {"where": "other", "face": "up", "tokens": {"cmp": ">=", "value": 1}}
    hammer = card("Hammer Imp", "Play: Flip a card in another player's tableau.")
    st = table(kit([card("Old Statue"), card("Bare Statue"), card("Coin Shield", text)]), kit([hammer, card("Spare")]),
               first_player=1)
    place(st, 0, "Old Statue", "Bare Statue", "Coin Shield")
    st.tokens[st.tableau[0][0]] = 1
    do(st, 'play "Hammer Imp"', "target 0 1")  # Bare Statue has no token: no Reaction is offered
    assert st.tableau[0][1] in st.down and st.current_players() == [0]
    st = table(kit([card("Old Statue"), card("Bare Statue"), card("Coin Shield", text)]), kit([hammer, card("Spare")]),
               first_player=1)
    place(st, 0, "Old Statue", "Bare Statue", "Coin Shield")
    st.tokens[st.tableau[0][0]] = 1
    do(st, 'play "Hammer Imp"', "target 0 0", 'react "Coin Shield"')
    assert st.tableau[0][0] not in st.down and st.tableau[0][2] in st.down and st.rp[0] == 2


def test_an_accessory_in_any_players_tableau():
    """"Accessories": "A card cannot affect or target your Accessories unless it specifically says it
    can": "Flip an Accessory in an opponent's tableau" says so; "Whenever an Accessory in your
    tableau is flipped" sees an Action's own flip ("Use an Action"), not the opponent's accessory."""
    flipper = "Action: Flip an Accessory in an opponent's tableau."
    watcher = "Ongoing: Whenever an Accessory in your tableau is flipped, gain 2 Dollars."
    effects, reason = compile_text(flipper)
    assert reason is None
    assert effects[0]["ops"][0]["target"] == {"player": "opponent", "pick": "choice", "zone": "accessory",
                                              "filter": {"face": "up"}}
    anyone = compile_text("Play: Gain 3 RP, then flip an Accessory in any player's tableau.")[0]
    assert anyone is not None and anyone[0]["ops"][1]["target"]["player"] == "any"
    st = table(kit([card("Gear Watcher", watcher), card("Filler")], accessories=[card("Rust Wand", flipper, kind="accessory")]),
               kit([card("Spare")], accessories=[card("Shiny Ring", "Score: Gain 5 RP.", kind="accessory")]))
    place(st, 0, "Gear Watcher")
    do(st, 'use "Rust Wand"')  # the only accessory of an opponent: no choice asked
    ring, wand = st.accessories[1][0], st.accessories[0][0]
    assert ring in st.down and wand in st.down  # the ring, then the wand as its Action ends
    assert st.money[0] == 2  # the wand's own flip, not the ring's


def test_a_card_moved_to_the_right_end_of_its_owners_tableau():
    """"Top Card": "The right-most face-up card on a player's play area is called the Top Card";
    "Pick up a card in an opponent's tableau and place it into the right-most slot of that tableau":
    the cards right of it shift left, and it is that player's Top Card now."""
    text = "Action: Pick up a card in an opponent's tableau and place it into the right-most slot of that tableau."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "to_right_end", "target": {"player": "opponent", "pick": "choice",
                                                                    "filter": {"face": "up"}}}]
    st = table(kit([card("Stage Hand", text), card("Filler")]), kit([card("Low Pawn", star=1), card("Big Knight", star=8)]))
    place(st, 0, "Stage Hand")
    place(st, 1, "Low Pawn", "Big Knight")
    do(st, 'use "Stage Hand"', "target 1 0")
    assert [st.cards[c].name for c in st.tableau[1]] == ["Big Knight", "Low Pawn"]
    assert st.cards[st.top_card(1)].name == "Low Pawn"
