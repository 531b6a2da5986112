"""Clash shapes of printed text, batch t (issue 26.2; rules/millennium_blades/phrases_more_t.py and
ops_more_t.py): the Store cards revealed in a clash taken from the Aftermarket, the clash's loser
named "the player who lost the clash", whether you are one of the clash's players, a win by a
margin. Original cards in each shape, compiled and played in the tournament engine
(millennium-blades.txt, "Clashing"; docs/rules-notes.md, "MB: batch t, clash shapes")."""

from __future__ import annotations

from rules.core.registry import get_game
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, names, place, table

BRAWL = "Play: Clash with an opponent. The winner gains 10 RP."
STARRED = {"star": 3, "elements": ["fire"], "types": ["soldier"]}


def checked(text: str) -> list[dict]:
    """The effects ``text`` compiles to, which the card checker a card is saved with accepts."""
    effects = compiles(text)
    assert get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=effects) == []
    return effects


def test_you_may_take_a_card_revealed_in_the_clash_into_your_hand():
    """"Clashing": each player reveals the top card of the Store, and the revealed cards go to the
    Aftermarket; this card takes one of them (either player's) from there into your hand."""
    text = "Ongoing: Whenever you clash, you may choose one of the cards revealed in that clash and add it into your hand."
    effect = checked(text)[0]
    assert effect["trigger"] == {"event": "clash"} and effect["optional"] is True
    assert effect["ops"] == [{"op": "take_clash_revealed", "whose": "any", "to": "hand", "amount": 1}]
    st = table(kit([card("Magpie Knight", text, star=2), card("Bold Duel", BRAWL, star=4)]),
               kit([card("Stone Guard", star=1)]), store=(3, 5, 1))
    place(st, 0, "Magpie Knight")
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"')  # 4 + 3 against 1 + 5: seat 0 wins
    do(st, "accept", 'take "Store card 1"')
    assert names(st, st.hand[0]) == ["Store card 1"] and names(st, st.aftermarket) == ["Store card 0"]
    assert st.rp == [10, 0]


def test_the_winner_takes_one_of_the_revealed_cards():
    """The winner's result, a second verb after "and": one of the clash's revealed cards to their hand."""
    text = "Play: Clash with an opponent. The winner gains 5 RP and adds one of the cards revealed in the clash to her hand."
    assert checked(text)[0]["ops"][0]["winner"] == [
        {"op": "gain_rp", "amount": 5}, {"op": "take_clash_revealed", "whose": "any", "to": "hand", "amount": 1}]
    st = table(kit([card("Lark Blade", text, star=1)]), kit([card("Tall Oak", star=6)]), store=(2, 3, 1))
    place(st, 1, "Tall Oak")
    do(st, 'play "Lark Blade"')  # 1 + 2 against 6 + 3: seat 1 wins, and picks
    assert st.current_players() == [1]
    do(st, 'take "Store card 0"')
    assert st.rp == [0, 5] and names(st, st.hand[1]) == ["Store card 0"] and names(st, st.aftermarket) == ["Store card 1"]


def test_the_card_you_revealed_to_your_binder_only_if_you_were_in_the_clash():
    """"Whenever a clash occurs" is any clash; "If you were in that clash" holds
    for its players only, and "the card you revealed" is that player's own Store card."""
    text = ("Ongoing: Whenever a clash occurs, you gain 2 Dollars. If you were in that clash, put the card you revealed "
            "in that clash into your binder.")
    assert checked(text)[0]["ops"] == [
        {"op": "gain_money", "amount": 2},
        {"op": "if", "condition": {"test": "in_clash"},
         "then": [{"op": "take_clash_revealed", "whose": "self", "to": "binder", "amount": 1}]}]
    collector = card("Coin Collector", text, star=1)
    st = table(kit([card("Bold Duel", BRAWL, star=4)]), kit([collector]), store=(3, 5, 1))
    place(st, 1, "Coin Collector")
    do(st, 'play "Bold Duel"')
    assert st.money[1] == 2 and names(st, st.binder[1]) == ["Store card 1"]
    assert names(st, st.aftermarket) == ["Store card 0"]
    # a bystander: the money, but no card (it revealed none)
    st = table(kit([card("Bold Duel", BRAWL, star=4)]), kit([card("Stone Guard", star=1)]), kit([collector]),
               store=(3, 5, 1))
    place(st, 1, "Stone Guard")
    place(st, 2, "Coin Collector")
    do(st, 'play "Bold Duel"', "opponent 1")
    assert st.money[2] == 2 and st.binder[2] == [] and len(st.aftermarket) == 2


def test_after_the_clash_up_to_two_revealed_cards_and_you_may_stop():
    """"After the clash": once its result is given; "up to 2": the player may take fewer (decline)."""
    text = ("Play: Clash with an opponent. The loser loses 3 RP. After the clash, put up to 2 cards revealed from the "
            "Store into your hand.")
    assert checked(text)[0]["ops"][1] == {"op": "take_clash_revealed", "whose": "any", "to": "hand", "amount": 2,
                                           "up_to": True}
    st = table(kit([card("Scrap Picker", text, star=1)]), kit([card("Tall Oak", star=6)]), store=(2, 4, 1))
    place(st, 1, "Tall Oak")
    st.rp = [5, 5]
    do(st, 'play "Scrap Picker"', 'take "Store card 1"', "decline")
    assert st.rp == [2, 5] and names(st, st.hand[0]) == ["Store card 1"] and names(st, st.aftermarket) == ["Store card 0"]
    assert compile_text("Play: Gain 2 RP. After the clash, add a card revealed in the clash to your hand.")[0] is None


def test_a_clash_card_back_on_top_of_the_store():
    """"Put one of the clash cards back on top of the Store": one of the Store cards the clash
    revealed, from the Aftermarket back to the top of the Store (rules notes, batch t)."""
    text = "Ongoing: Whenever you win a clash, you may put one of the clash cards onto the top of the Store deck."
    assert checked(text)[0]["ops"] == [{"op": "take_clash_revealed", "whose": "any", "to": "store_top", "amount": 1}]
    st = table(kit([card("Tide Caller", text, star=2), card("Bold Duel", BRAWL, star=4)]),
               kit([card("Stone Guard", star=1)]), store=(3, 5, 1))
    place(st, 0, "Tide Caller")
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"', "accept", 'take "Store card 0"')
    assert names(st, st.store[-1:]) == ["Store card 0"] and names(st, st.aftermarket) == ["Store card 1"]


def test_the_player_who_lost_the_clash_discards():
    """"The player who lost the clash" is its loser ("Clashing"): each clash you win, they discard."""
    text = "Ongoing: Whenever you win a clash, the player who lost that clash discards a card from their hand."
    assert checked(text)[0]["ops"] == [
        {"op": "for_clash_players", "players": "losers", "as": "self", "ops": [{"op": "discard", "amount": 1}]}]
    st = table(kit([card("Grim Tax", text, star=2), card("Bold Duel", BRAWL, star=4)]),
               kit([card("Stone Guard", star=1), card("Spare Coat")]), store=(1, 1, 1))
    place(st, 0, "Grim Tax")
    place(st, 1, "Stone Guard")
    coat = ids(st, 1, "Spare Coat")[0]
    do(st, 'play "Bold Duel"')
    assert st.current_players() == [1]  # the loser picks the card they discard
    do(st, 'pick "Spare Coat"')
    assert coat in st.binder[1] and st.hand[1] == []


def test_a_win_by_a_margin_otherwise_both_players_gain():
    """"If you win by 3 or more": your total at least 3 above the other's; "Otherwise, you and
    your opponent each gain ...": a smaller win, a tie or a loss, both players of the clash."""
    text = ("Play: Clash with an opponent. If you win by 3 or more, gain 12 Dollars. Otherwise, you and your opponent "
            "each gain 4 RP.")
    ops = checked(text)[0]["ops"]
    assert ops[1]["condition"] == {"test": "clash_margin", "min": 3}
    assert ops[1]["else"] == [{"op": "for_clash_players", "players": "participants", "as": "self",
                               "ops": [{"op": "gain_rp", "amount": 4}]}]
    big = table(kit([card("Wide Swing", text, star=5)]), kit([card("Stone Guard", star=2)]), store=(1, 1, 1))
    place(big, 1, "Stone Guard")
    do(big, 'play "Wide Swing"')  # 5 + 1 against 2 + 1: by 3
    assert big.money[0] == 12 and big.rp == [0, 0]
    close = table(kit([card("Wide Swing", text, star=4)]), kit([card("Stone Guard", star=2)]), store=(1, 1, 1))
    place(close, 1, "Stone Guard")
    do(close, 'play "Wide Swing"')  # 4 + 1 against 2 + 1: by 2 only
    assert close.money[0] == 0 and close.rp == [4, 4]


def test_first_clash_each_turn_whoever_started_it():
    """"(regardless of who initiated the clash)": "you clash" is any clash you are in ("Clashing"),
    which is how the event reads already, so the reminder is dropped."""
    text = "Ongoing: Gain 3 RP the first time you clash each turn (regardless of who initiated the clash)."
    assert checked(text)[0]["trigger"] == {"event": "clash", "first_each_turn": True}
    st = table(kit([card("Bold Duel", BRAWL, star=4)]), kit([card("Old Scar", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Old Scar")
    do(st, 'play "Bold Duel"')
    assert st.rp == [10, 3]


def test_the_winner_may_flip_one_of_the_losers_cards_then_gain_for_its_star():
    """A result's verb "may" is the winner's choice; "one of the loser's cards in their tableau" is
    batch i's card of the losers' tableaus chosen by the winner, so "its STAR" is that card's."""
    text = ("Play: Clash with an opponent. The winner may flip one of the loser's cards in their tableau, then gain RP "
            "equal to twice that card's STAR.")
    assert checked(text)[0]["ops"][0]["winner"] == [{"op": "may", "ops": [
        {"op": "flip", "target": {"player": "losers", "pick": "choice", "filter": {"face": "up"}}},
        {"op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "flipped"}}]}]
    st = table(kit([card("Hammer Boy", text, star=7)]), kit([card("Tin Pot", star=2), card("Stone Guard", star=4)]),
               store=(1, 1, 1))
    place(st, 1, "Tin Pot", "Stone Guard")
    do(st, 'play "Hammer Boy"', "accept", "target 1 0")  # 7 + 1 against 4 + 1
    assert names(st, st.down) == ["Tin Pot"] and st.rp == [4, 0]
    st = table(kit([card("Hammer Boy", text, star=7)]), kit([card("Tin Pot", star=2)]), store=(1, 1, 1))
    place(st, 1, "Tin Pot")
    do(st, 'play "Hammer Boy"', "decline")
    assert st.down == set() and st.rp == [0, 0]
    gloves = "Action: Clash with an opponent. The winner may choose and flip one of the loser's singles."
    assert checked(gloves)[0]["ops"][0]["winner"] == [{"op": "may", "ops": [
        {"op": "flip", "target": {"player": "losers", "pick": "choice", "filter": {"face": "up"}}}]}]


def test_the_winner_puts_a_card_from_the_aftermarket_into_their_binder():
    """"Their binder" in the winner's result is the winner's own; "its STAR" is the card taken."""
    text = ("Play: Clash with a player. The winner puts a card from the Aftermarket into their binder and gains RP equal "
            "to four times its STAR.")
    assert checked(text)[0]["ops"][0]["winner"] == [
        {"op": "take_aftermarket", "to": "binder"}, {"op": "gain_rp", "amount": 4, "per": {"count": "star", "card": "taken"}}]
    st = table(kit([card("Junk Robot", text, star=1)]), kit([card("Tall Oak", star=6)]), store=(2, 5, 1))
    place(st, 1, "Tall Oak")
    do(st, 'play "Junk Robot"', 'take "Store card 1"')  # 1 + 2 against 6 + 5: seat 1 wins
    assert names(st, st.binder[1]) == ["Store card 1"] and st.rp == [0, 20]


def test_if_you_win_flip_a_card_that_opponent_controls_and_each_other_player_flips_one():
    """After a clash with an opponent, "their tableau" and "that opponent" are that opponent's: you
    choose one of their face-up cards; "each other player" is each player outside the clash, who
    flips a card of their own choice ("Flip a Card")."""
    text = ("Play: Clash with an opponent. If you win, flip a single of your choice that opponent controls, and each "
            "other player must flip a single of their choice.")
    win = checked(text)[0]["ops"][0]["win"]
    assert [o["op"] for o in win] == ["for_clash_players", "outside_clash"]
    st = table(kit([card("Iron Maul", text, star=6)]), kit([card("Tin Pot", star=2), card("Stone Guard", star=4)]),
               kit([card("Far Watcher", star=1)]), store=(1, 1, 1))
    place(st, 1, "Tin Pot", "Stone Guard")
    place(st, 2, "Far Watcher")
    do(st, 'play "Iron Maul"', "opponent 1", "target 1 0")  # 6 + 1 against 4 + 1
    assert sorted(names(st, st.down)) == ["Far Watcher", "Tin Pot"]
    assert any(e.action == "outside_clash" and e.as_dict()["changes"]["players"] == [2] for e in st.events)
    cauldron = "Play: Clash with an opponent. If you win, choose and flip a single in their tableau."
    assert checked(cauldron)[0]["ops"][0]["win"] == win[:1]
    st = table(kit([card("Soup Pot", cauldron, star=6)]), kit([card("Tin Pot", star=2)]), store=(1, 1, 1))
    place(st, 1, "Tin Pot")
    do(st, 'play "Soup Pot"')
    assert names(st, st.down) == ["Tin Pot"]
    assert compile_text("Play: Clash with all players. If you win, flip a card in their tableau.")[0] is None


def test_you_and_your_ally_both_discard_a_card_from_your_tableaus():
    """"If you and your ally lost, you both discard a single from your tableau": each of the two
    discards a face-up card of their own tableau, of their own choice, to their binder."""
    text = ("Play: Choose an ally for this clash, then clash with all players. If you and your ally lost, you both "
            "discard a single from your tableau.")
    assert checked(text)[0]["ops"][2]["then"] == [{"op": "discard_in_play", "target": {
        "player": "self_and_ally", "pick": "choice", "chooser": "owner", "filter": {"face": "up"}}}]
    st = table(kit([card("Pact Bell", text, star=1), card("Old Lamp", star=1)]),
               kit([card("Tin Pot", star=2), card("Clay Cup", star=1)]), kit([card("Tall Oak", star=8)]),
               store=(1, 1, 1))
    place(st, 0, "Old Lamp")
    place(st, 1, "Tin Pot", "Clay Cup")
    place(st, 2, "Tall Oak")
    do(st, 'play "Pact Bell"', "player 1")  # 1 + 1, 1 + 1, 8 + 1: you and your ally lost
    assert st.current_players() == [0]
    do(st, 'target 0 0')
    assert st.current_players() == [1]
    do(st, 'target 1 0')
    assert names(st, st.binder[0]) == ["Old Lamp"] and names(st, st.binder[1]) == ["Tin Pot"]
    assert names(st, st.tableau[2]) == ["Tall Oak"]


def test_the_loser_puts_a_card_from_their_hand_face_down_into_their_tableau():
    """In the loser's result "their hand" and "into their tableau" are the loser's own (batch j's
    ``hand_to_tableau_down``: the next open slot, face-down, not played)."""
    text = ("Play: Clash with another player. The loser must put a card from his hand face-down into his tableau, and "
            "the winner gains 7 RP.")
    clash = checked(text)[0]["ops"][0]
    assert clash["losers"] == [{"op": "hand_to_tableau_down"}] and clash["winner"] == [{"op": "gain_rp", "amount": 7}]
    st = table(kit([card("Trap Door", text, star=6)]), kit([card("Tin Pot", star=2), card("Spare Coat")]),
               store=(1, 1, 1))
    place(st, 1, "Tin Pot")
    do(st, 'play "Trap Door"')  # 6 + 1 against 2 + 1; one card in hand: no choice
    coat = ids(st, 1, "Spare Coat")[0]
    assert st.tableau[1][1] == coat and coat in st.down and st.rp == [7, 0]


def test_a_clash_with_each_neighbour_separately_in_turn_order():
    """"The player to your left" is the next in turn order, to your right the one before (batch b's
    reading): a clash with each, the left one first, each with its own result; with two players the
    one opponent is both, and there is one clash (rules notes, batch t)."""
    text = ("Play: Clash separately with the players on your left and right, in turn order. The winners gain 5 RP. The "
            "losers lose 5 RP.")
    ops = checked(text)[0]["ops"]
    assert [(o["op"], o["rival_side"], o["winner"], o["losers"]) for o in ops] == [
        ("clash", side, [{"op": "gain_rp", "amount": 5}], [{"op": "lose_rp", "amount": 5}]) for side in ("left", "right")]
    st = table(kit([card("Twin Sling", text, star=5)]), kit([card("Tin Pot", star=2)]), kit([card("Tall Oak", star=8)]),
               store=(1, 1, 1, 1, 1))
    place(st, 1, "Tin Pot")
    place(st, 2, "Tall Oak")
    st.rp = [10, 10, 10]
    do(st, 'play "Twin Sling"')  # 5 + 1 against seat 1's 2 + 1, then against seat 2's 8 + 1
    assert [e.as_dict()["changes"]["players"] for e in st.events if e.action == "clash"] == [[0, 1], [0, 2]]
    assert st.rp == [10, 5, 15]
    duo = table(kit([card("Twin Sling", text, star=5)]), kit([card("Tin Pot", star=2)]), store=(1, 1, 1))
    place(duo, 1, "Tin Pot")
    do(duo, 'play "Twin Sling"')
    assert sum(1 for e in duo.events if e.action == "clash" and e.as_dict()["changes"]["occurred"]) == 1
    assert duo.rp == [5, 0]


def test_the_first_time_on_your_turn_you_would_lose_a_clash_you_win_it_instead():
    """"The first time on your turn that you would lose a clash": batch h's Ongoing outcome, during
    its player's own turn and once a turn (batch o's mark); the other winner still wins (batch i)."""
    text = ("Ongoing: The first time during your turn that you would lose a clash, you are considered to win that clash "
            "instead (there may be multiple winners in the clash). When you win a clash, gain 2 RP.")
    first = checked(text)[0]
    assert first["trigger"] == {"event": "would_lose_clash", "turn": "self", "first_each_turn": True}
    assert first["ops"] == [{"op": "clash_outcome", "as": "win"}]
    twice = "Play: Clash separately with the players on your left and right, in turn order. The winners gain 4 RP."
    st = table(kit([card("Twin Jab", twice, star=1)], box=[card("Lucky Box", text, kind="deck_box")]),
               kit([card("Tall Oak", star=8)]), kit([card("Iron Elm", star=8)]), store=(1, 1, 1, 1, 1))
    place(st, 1, "Tall Oak")
    place(st, 2, "Iron Elm")
    do(st, 'play "Twin Jab"')  # 1 + 1 against 8 + 1, twice: the first one is won too, the second lost
    assert st.rp == [4 + 2, 4, 4] and st.clashes_won == [1, 1, 1]
    assert sum(1 for e in st.events if e.action == "clash_kept") == 1
    # on an opponent's turn it does not work
    st = table(kit([card("Lamp", star=1)], box=[card("Lucky Box", text, kind="deck_box")]),
               kit([card("Bold Duel", BRAWL, star=8)]), store=(1, 1, 1), first_player=1)
    place(st, 0, "Lamp")
    do(st, 'play "Bold Duel"')
    assert st.rp == [0, 10] and st.clashes_won == [0, 1]


def test_buy_the_card_you_revealed_for_less():
    """"Buy from the Aftermarket": pay the card's Star Rating in Dollars and add it to your binder;
    here 3 less, not below 0 ("(min. 0)", kept as the words "min 0"); no money, no card."""
    text = "Ongoing: Whenever you win a clash, you may buy the card you revealed in that clash for its STAR minus 3 (min. 0)."
    assert checked(text)[0]["ops"] == [
        {"op": "take_clash_revealed", "whose": "self", "to": "binder", "amount": 1, "buy_less": 3}]

    def bought(money: int):
        st = table(kit([card("Bargain Hunter", text, star=2), card("Bold Duel", BRAWL, star=4)]),
                   kit([card("Stone Guard", star=1)]), store=(5, 1, 1))
        place(st, 0, "Bargain Hunter")
        place(st, 1, "Stone Guard")
        st.money[0] = money
        do(st, 'play "Bold Duel"', "accept")  # 4 + 5 against 1 + 1; Store card 0 (5 STAR) costs 2
        return st

    st = bought(3)
    assert names(st, st.binder[0]) == ["Store card 0"] and st.money[0] == 1
    st = bought(1)
    assert st.binder[0] == [] and st.money[0] == 1 and "Store card 0" in names(st, st.aftermarket)


def test_the_card_checker_refuses_wrong_values():
    """The card checker (effects.py, ops_more_t.py) refuses a revealed card sent nowhere it knows,
    a neighbour on a clash of all players, and a margin of 0."""
    bad = [{"timing": "play", "ops": [{"op": "take_clash_revealed", "whose": "all", "to": "deck", "amount": 0}]},
           {"timing": "play", "ops": [{"op": "clash", "with": "all", "rival_side": "left"}]},
           {"timing": "play", "ops": [{"op": "if", "condition": {"test": "clash_margin", "min": 0},
                                       "then": [{"op": "gain_rp", "amount": 1}]}]}]
    errors = get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=bad)
    assert [e[0] for e in errors] == ["effects[0].ops[0].whose", "effects[0].ops[0].to", "effects[0].ops[0].amount",
                                      "effects[1].ops[0].rival_side", "effects[2].ops[0].condition.min"]


def test_swap_two_cards_in_the_losers_tableau():
    """"Swap the positions of two cards in the loser's tableau": as the swap of your own tableau (two
    face-up cards), in the loser's, you choosing them; "their combined STAR" is those two's."""
    text = ("Play: Clash with an opponent. | Ongoing: When you win a clash with this card, you may swap the positions "
            "of two cards in the loser's tableau, then gain RP equal to three times their combined STAR.")
    assert checked(text)[1]["ops"] == [{"op": "choose_loser"}, {"op": "swap_theirs"},
                                       {"op": "gain_rp", "amount": 3, "per": {"count": "those_stars"}}]
    st = table(kit([card("Road Ronin", text, star=6)]), kit([card("Tin Pot", star=2), card("Clay Cup", star=3)]),
               store=(1, 1, 1))
    place(st, 1, "Tin Pot", "Clay Cup")
    do(st, 'play "Road Ronin"', "accept", "target 1 0")  # 6 + 1 against 3 + 1
    assert names(st, st.tableau[1]) == ["Clay Cup", "Tin Pot"] and st.rp == [15, 0]


def test_at_the_end_of_an_opponents_turn_they_clash_with_you():
    """"At the end of an opponent's turn" is batch b's end of a turn, another player's; "they clash
    with you": that player makes the clash, with you as the opponent ("Clashing": they reveal first)."""
    text = "Top: At the end of each opponent's turn, that player clashes with you."
    assert checked(text) == [{"timing": "top", "trigger": {"event": "turn_end", "by": "opponent"},
                              "ops": [{"op": "clashed_by"}], "text": text}]
    watcher = card("Night Heron", f"{text} | Ongoing: Whenever you win a clash, gain 3 RP.", star=6)
    st = table(kit([watcher, card("Lamp 0")]), kit([card("Tin Pot", star=2), card("Lamp 1")]), store=(1, 1, 1),
               first_player=1)
    place(st, 0, "Night Heron")
    place(st, 1, "Tin Pot")
    do(st, 'play "Lamp 1"')  # seat 1's turn ends: they clash with seat 0 (Lamp 1: 3 + 1 against 6 + 1)
    clashes = [e.as_dict()["changes"] for e in st.events if e.action == "clash"]
    assert [c["players"] for c in clashes] == [[1, 0]] and st.rp == [3, 0]
    assert compile_text("Top: When your turn ends, they clash with you.")[0] is None
