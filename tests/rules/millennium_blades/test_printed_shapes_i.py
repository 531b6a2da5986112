"""Clash shapes of printed text, batch i (issue 26.2; rules/millennium_blades/phrases_more_i.py and
ops_more_i.py): result sentences in other words, clash totals changed, players considered to win or
to lose a clash. Original cards in each shape, compiled and played in the tournament engine
(millennium-blades.txt, "Clashing", "Reaction"; docs/rules-notes.md, "MB: batch i, clash shapes")."""

from __future__ import annotations

from rules.core.registry import get_game
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, names, place, table

STARRED = {"star": 3, "elements": ["fire"], "types": ["soldier"]}
BRAWL = "Play: Clash with an opponent. The winner gains 10 RP."


def _clash_totals(st) -> list[int]:
    clash = next(e.as_dict()["changes"] for e in st.events if e.action == "clash")
    return clash["totals"]


def test_a_result_sentence_in_other_words():
    """"Clashing": the players "who did not win" are the losers (and, in a tie, everyone); a
    result joined to the clash by "and" is its own sentence; the winner's second verb is theirs."""
    flop = "Play: All players clash. Every player that did not win loses 4 RP."
    assert compiles(flop)[0]["ops"][1] == {"op": "for_clash_players", "players": "non_winners", "as": "self",
                                           "ops": [{"op": "lose_rp", "amount": 4}]}
    joined = "Play: Clash with an opponent, and the loser loses 6 RP and and flips the lowest STAR card in their tableau."
    clash = compiles(joined)[0]["ops"][0]
    assert clash["losers"] == [{"op": "lose_rp", "amount": 6},
                               {"op": "flip", "target": {"player": "self", "pick": "lowest", "chooser": "owner"}}]
    st = table(kit([card("Grim Bell", flop, star=2)]), kit([card("Iron Wall", star=7)]), store=(1, 1, 1))
    place(st, 1, "Iron Wall")
    st.rp = [10, 10]
    do(st, 'play "Grim Bell"')  # 2 + 1 against 7 + 1: seat 0 did not win
    assert st.rp == [6, 10]


def test_an_action_that_keeps_its_card_and_removes_a_token_instead():
    """"Use an Action": the card is flipped after its text, unless the text says what happens in
    place of the flip (here a +1 STAR Token taken off it)."""
    text = ("Action: If there are at least 3 +1 STAR Tokens on this card, clash with an opponent, and the winner gains "
            "9 RP. After you use this Action, discard a +1 STAR token from this card instead of flipping this card.")
    ops = compiles(text)[0]["ops"]
    assert ops[0]["then"][0]["winner"] == [{"op": "gain_rp", "amount": 9}]
    assert [o["op"] for o in ops[1:]] == ["remove_tokens", "keep_source"]


def test_your_clash_total_changed_by_your_cards_and_by_the_clash():
    """"Clashing": a total is the Star Rating of the card used plus the card revealed; "+N when
    clashing" adds to it, "considered an N-STAR when clashing" replaces the card's Star Rating in
    it, and "During this clash, your Top card has -N STAR" counts for that clash only."""
    charm = card("Lucky Charm", "Ongoing: You have +2 to your clash total while clashing.", star=1)
    flag = card("War Flag", "Top: When you clash, you have +1 for every WATER card in your tableau.", star=2,
                 elements=("water",))
    st = table(kit([card("Bold Duel", BRAWL, star=1)]), kit([charm, flag]), store=(1, 1, 1))
    place(st, 1, "Lucky Charm", "War Flag")
    do(st, 'play "Bold Duel"')
    assert _clash_totals(st) == [1 + 1, 2 + 1 + 2 + 1]
    giant = "This card is considered a 9-STAR whenever it clashes."
    assert compiles(giant) == [{"timing": "ongoing", "ops": [{"op": "clash_star_as", "value": 9}], "text": giant}]
    st = table(kit([card("Small Titan", f"{giant} | {BRAWL}", star=2)]), kit([card("Stone Guard", star=6)]),
               store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Small Titan"')
    assert _clash_totals(st) == [9 + 1, 6 + 1] and st.rp[0] == 10
    handicap = "Play: Clash with an opponent. During this clash, your card has -4 STAR. If you win, gain 30 RP."
    assert compiles(handicap)[0]["ops"][0]["self_star"] == -4
    st = table(kit([card("Sand Bag", handicap, star=8)]), kit([card("Stone Guard", star=6)]), store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Sand Bag"')
    assert _clash_totals(st) == [8 - 4 + 1, 6 + 1] and st.rp[0] == 0  # the 8 STAR card loses this one


def test_considered_to_win_all_clashes():
    """"You are considered to win all clashes": you win each clash you are in; the other result
    stands, so the player whose total is highest wins too (rules notes, batch i)."""
    text = "Ongoing: You are always considered to win every clash (others may win as well)."
    assert compiles(text)[0]["ops"] == [{"op": "win_clashes"}]
    st = table(kit([card("Big Ox", BRAWL, star=8)]), kit([card("Sure Bet", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Sure Bet")
    do(st, 'play "Big Ox"')  # 8 + 1 against 1 + 1: both are winners
    assert st.clashes_won == [1, 1] and st.rp == [10, 10]  # each winner gains
    assert any(e.action == "considered_winner" and e.player == 1 for e in st.events)


def test_when_you_would_win_a_clash_you_lose_it_instead():
    """"Reaction": when you would win a clash, you may use it (its card flipped) to be considered
    the loser instead, and gain RP; the winner's result is not given (rules notes, batch i)."""
    text = "Reaction: When you would win any clash, you are considered to lose it instead. Gain 12 RP."
    effect = compiles(text)[0]
    assert effect["trigger"] == {"event": "would_win_clash", "by": "self"}
    assert effect["ops"] == [{"op": "considered_to_lose"}, {"op": "gain_rp", "amount": 12}]
    st = table(kit([card("Lowly Monk", text, star=1), card("Proud Fist", BRAWL, star=7)]), kit([card("Weak Reed", star=1)]),
               store=(1, 1, 1))
    place(st, 0, "Lowly Monk")
    place(st, 1, "Weak Reed")
    do(st, 'play "Proud Fist"', 'react "Lowly Monk"')  # 7 + 1 against 1 + 1: seat 0 would win
    assert st.rp == [12, 0] and st.clashes_won == [0, 0] and "Lowly Monk" in names(st, st.down)


def test_when_an_opponent_would_win_a_clash_they_lose_it_instead():
    """"Reaction": another player who would win a clash is considered to lose it; the other
    losers still lose, so there may be no winner (rules notes, batch i)."""
    text = "Reaction: When an opponent would win a clash, they are considered to lose that clash instead."
    assert compiles(text)[0]["trigger"] == {"event": "would_win_clash", "by": "opponent"}
    assert compile_text("Reaction: When you would win a clash, they are considered to lose.")[0] is None
    st = table(kit([card("Loud Duel", BRAWL, star=7)]), kit([card("Hex Mirror", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Hex Mirror")
    mirror = ids(st, 1, "Hex Mirror")[0]
    do(st, 'play "Loud Duel"')  # 7 + 1 against 1 + 1: seat 0 would win
    assert st.current_players() == [1]
    do(st, 'react "Hex Mirror"')
    assert st.rp == [0, 0] and st.clashes_won == [0, 0] and mirror in st.down
    assert [e.player for e in st.events if e.action == "considered_loser"] == [0]


def test_flip_your_deck_box_and_the_losers_deck_box():
    """"Deck Box Area": "A card cannot affect or target your Deck Box unless it specifically says it
    can"; these say so: yours if you win, the loser's by the winner (rules notes, batch i)."""
    mine = "Play: Clash with an opponent. If you win, gain 20 RP, then flip your Deck Box."
    theirs = "Play: Clash with an opponent. The winner gains 8 RP and flips the loser's deck box."
    box = {"op": "flip", "target": {"player": "that_player", "pick": "all", "zone": "deck_box"}}
    assert compiles(theirs)[0]["ops"][0]["winner"] == [
        {"op": "gain_rp", "amount": 8}, {"op": "for_clash_players", "players": "losers", "as": "that_player", "ops": [box]}]
    st = table(kit([card("Crow Herald", mine, star=7)], box=[card("Old Crate", kind="deck_box")]),
               kit([card("Moss Wall", star=2)], box=[card("Tin Crate", kind="deck_box")]), store=(1, 1, 1))
    place(st, 1, "Moss Wall")
    do(st, 'play "Crow Herald"')
    assert names(st, st.down) == ["Old Crate"] and st.rp[0] == 20
    st = table(kit([card("Crate Smasher", theirs, star=7)], box=[card("Old Crate", kind="deck_box")]),
               kit([card("Moss Wall", star=2)], box=[card("Tin Crate", kind="deck_box")]), store=(1, 1, 1))
    place(st, 1, "Moss Wall")
    do(st, 'play "Crate Smasher"')
    assert names(st, st.down) == ["Tin Crate"] and st.rp[0] == 8


def test_players_of_a_clash_by_their_totals():
    """"Clashing": each player's total; the players with the same total as another, the lowest,
    the others, and "If any two players have the same total" (a tie of any two, not only the top)."""
    same = "Play: Clash with all players. All players with the same total gain 6 RP."
    low = ("Play: All players clash. The player or players who had the lowest clash total gain 11 RP. Every other "
           "player flips a card in their tableau.")
    pair = "Play: All players clash. If any two participants had the same clash total, gain 9 RP."
    assert compiles(pair)[0]["ops"][1]["condition"] == {"test": "clash_result", "who": "any_two", "result": "same_total"}
    kits = (kit([card("Echo Gong", same, star=2), card("Low Drum", low, star=2), card("Twin Bell", pair, star=2)]),
            kit([card("Reed A", star=2)]), kit([card("Oak B", star=6)]))
    st = table(*kits, store=(1,) * 9)
    for seat, name in ((1, "Reed A"), (2, "Oak B")):
        place(st, seat, name)
    do(st, 'play "Echo Gong"')  # 3, 3 and 7
    assert st.rp == [6, 6, 0]
    st = table(*kits, store=(1,) * 9)
    for seat, name in ((1, "Reed A"), (2, "Oak B")):
        place(st, seat, name)
    do(st, 'play "Twin Bell"')
    assert st.rp == [9, 0, 0]
    st = table(*kits, store=(1,) * 9)
    for seat, name in ((1, "Reed A"), (2, "Oak B")):
        place(st, seat, name)
    do(st, 'play "Low Drum"')  # seats 0 and 1 lowest: they gain; seat 2 flips its only card
    assert st.rp == [11, 11, 0] and names(st, st.down) == ["Oak B"]


def test_if_you_won_and_what_the_others_did_this_way():
    """"If you won" is the clash just made; "for each card flipped this way" counts the cards each
    other player of the clash flipped in their own part of the effect (rules notes, batch i)."""
    text = "Play: Clash with an opponent. If you won, gain 7 RP."
    assert compiles(text)[0]["ops"][1]["condition"] == {"test": "clash_result", "who": "self", "result": "won"}
    st = table(kit([card("Victory Lap", text, star=5)]), kit([card("Moss Wall", star=2)]), store=(1, 1, 1))
    place(st, 1, "Moss Wall")
    do(st, 'play "Victory Lap"')
    assert st.rp[0] == 7
    counted = ("Play: All players clash. Every other player who did not win must flip a card in their tableau. If you "
               "won, gain 3 RP for each card flipped this way.")
    assert compiles(counted)[0]["ops"][1]["tally"] is True
    st = table(kit([card("Tide Caller", counted, star=9)]), kit([card("Reed A", star=1)]), kit([card("Reed B", star=2)]),
               store=(1,) * 9)
    place(st, 1, "Reed A")
    place(st, 2, "Reed B")
    do(st, 'play "Tide Caller"')  # each loser flips its only card
    assert names(st, st.down) == ["Reed A", "Reed B"] and st.rp[0] == 3 * 2
    discards = ("Play: All players clash. Each other player who did not win discards a card at random. If you won, gain "
                "2 RP for each card discarded this way.")
    st = table(kit([card("Tide Caller", discards, star=9)]), kit([card("Reed A", star=1), card("Spare A")]),
               kit([card("Reed B", star=2)]), store=(1,) * 9)
    place(st, 1, "Reed A")
    place(st, 2, "Reed B")
    do(st, 'play "Tide Caller"')  # seat 1 has a card in hand to discard, seat 2 none
    assert st.rp[0] == 2 and names(st, st.binder[1]) == ["Spare A"]


def test_the_card_checker_accepts_each_shape():
    """Each shape's effects pass the card checker a card is saved with (effects.py), and it refuses
    a clash bonus of 0 and a Star Rating change on a clash with the Aftermarket."""
    game = get_game("millennium_blades")
    texts = ("Ongoing: You have +2 to your clash total while clashing.",
             "Top: When you clash, you have +1 for every WATER card in your tableau.",
             "This card is considered a 9-STAR whenever it clashes.", "Top: You are considered to win every clash.",
             "Play: Clash with an opponent. During this clash, your card has -4 STAR. If you win, gain 30 RP.",
             "Reaction: When you would win any clash, you are considered to lose it instead. Gain 12 RP.",
             "Reaction: When an opponent would win a clash, they are considered to lose that clash instead.",
             "Play: Clash with an opponent. The winner gains 8 RP and flips the loser's deck box.",
             "Play: All players clash. If any two participants had the same clash total, gain 9 RP.",
             "Play: Clash with all players. All players with the same total gain 6 RP.",
             "Ongoing: Whenever you win a clash, gain 4 RP for every player who lost the clash, and those players lose 3 RP.",
             "Top: When you win a clash with this card, flip one of the loser's cards of your choice and gain 2 RP.")
    for text in texts:
        assert game.validate_card(card_type="single", attributes=STARRED, effects=compiles(text)) == [], text
    bad = [{"timing": "ongoing", "ops": [{"op": "clash_bonus", "amount": 0}]},
           {"timing": "play", "ops": [{"op": "clash", "with": "aftermarket", "self_star": 2}]}]
    assert [e[0] for e in game.validate_card(card_type="single", attributes=STARRED, effects=bad)] == [
        "effects[0].ops[0].amount", "effects[1].ops[0].self_star"]


def test_rp_for_each_loser_and_those_players_lose_rp():
    """"Clashing": every other player of a clash you win is a loser; each counts, and each loses."""
    text = "Ongoing: Whenever you win a clash, gain 4 RP for every player who lost the clash, and those players lose 3 RP."
    st = table(kit([card("Tall Tyrant", text, star=1), card("Mass Brawl", "Play: Clash with all players.", star=9)]),
               kit([card("Reed A", star=1)]), kit([card("Reed B", star=2)]), store=(1,) * 9)
    place(st, 0, "Tall Tyrant")
    place(st, 1, "Reed A")
    place(st, 2, "Reed B")
    st.rp = [0, 10, 10]
    do(st, 'play "Mass Brawl"')  # 9 + 1 against 1 + 1 and 2 + 1: two losers
    assert st.rp == [8, 7, 7]


def test_flip_one_of_the_losers_cards_of_your_choice_and_gain_its_star():
    """"Flip a Card" among the loser's face-up cards, the winner choosing; "its STAR" is that card's
    as it was."""
    text = ("Top: When you win a clash with this card, flip one of the loser's cards of your choice and gain RP equal to "
            "twice its STAR.")
    st = table(kit([card("Stray Blade", text + " | " + BRAWL, star=8)]),
               kit([card("Moss A", star=2), card("Moss B", star=4)]), store=(1, 1, 1))
    place(st, 1, "Moss A", "Moss B")
    do(st, 'play "Stray Blade"', "target 1 1")  # 8 + 1 against 4 + 1: the winner takes Moss B
    assert names(st, st.down) == ["Moss B"] and st.rp[0] == 10 + 2 * 4


def test_rp_equal_to_the_losers_highest_star():
    """"CARD DATA": the Star Rating of the loser's highest face-up card, counted in the winner's
    result (a face-down card has none)."""
    text = "Play: Clash with an opponent. The winner gains RP equal to twice the STAR of the loser's highest STAR card."
    st = table(kit([card("Judge Owl", text, star=9)]), kit([card("Moss A", star=2), card("Moss B", star=5),
                                                            card("Hidden C", star=8)]), store=(1, 1, 1))
    place(st, 1, "Hidden C", "Moss A", "Moss B", down=("Hidden C",))
    do(st, 'play "Judge Owl"')  # 9 + 1 against 5 + 1
    assert st.rp[0] == 2 * 5


def test_a_clash_with_each_players_leftmost_card():
    """"Clashing" with the card the effect names instead of the Top Card: each player's left-most
    face-up card; "each player who does not win" are the clash's players who did not win."""
    text = ("Play: Clash with all players, but all players use their leftmost face-up card instead of their Top card. "
            "Every player who does not win flips their Top Card.")
    st = table(kit([card("Frost Usher", text, star=1), card("Ice Pillar", star=7)]),
               kit([card("Low Reed", star=2), card("Tall Elm", star=9)]), store=(1, 1, 1))
    place(st, 0, "Ice Pillar")
    place(st, 1, "Low Reed", "Tall Elm")
    do(st, 'play "Frost Usher"')  # Ice Pillar 7 + 1 against Low Reed 2 + 1: seat 1 did not win
    assert _clash_totals(st) == [8, 3] and names(st, st.down) == ["Tall Elm"]


def test_a_lost_clash_keeps_the_actions_card_face_up():
    """"Use an Action": "then flip the card face-down" unless its text says otherwise; here only
    when you lose the clash."""
    text = "Action: Clash with an opponent. If you win, gain 20 RP. If you lose, lose 3 RP and do not flip this card."
    horn = card("Stubborn Horn", text, kind="accessory")
    st = table(kit([card("Low Reed", star=1), card("Spare", star=1)], accessories=[horn]),
               kit([card("Tall Elm", star=9)]), store=(1, 1, 1))
    place(st, 0, "Low Reed")
    place(st, 1, "Tall Elm")
    st.rp = [10, 0]
    do(st, 'use "Stubborn Horn"')  # 1 + 1 against 9 + 1: lost
    assert st.rp[0] == 7 and "Stubborn Horn" not in names(st, st.down)
    st = table(kit([card("Tall Elm", star=9), card("Spare", star=1)], accessories=[horn]),
               kit([card("Low Reed", star=1)]), store=(1, 1, 1))
    place(st, 0, "Tall Elm")
    place(st, 1, "Low Reed")
    do(st, 'use "Stubborn Horn"')  # won: the Action's card is flipped as usual
    assert st.rp[0] == 20 and "Stubborn Horn" in names(st, st.down)


def test_the_loser_used_a_higher_printed_star_card():
    """"CARD DATA": the printed Star Ratings of the two cards of the clash, the loser's higher."""
    text = "Play: Clash with an opponent. If the loser used a higher printed STAR card, gain 6 RP."
    assert compiles(text)[0]["ops"][1]["condition"] == {"test": "clash_printed", "cmp": "<"}  # the winner's is lower
    st = table(kit([card("Pebble Boy", text, star=1)]), kit([card("Moss A", star=3)]), store=(9, 1, 1))
    place(st, 1, "Moss A")
    do(st, 'play "Pebble Boy"')  # 1 + 9 against 3 + 1: the loser's card is printed higher
    assert st.rp[0] == 6


def test_a_player_who_cannot_clash_and_one_who_must_be_chosen():
    """"Clashing": "choose a player with a Top Card"; one who "cannot be clashed with" is no choice
    and is in no clash, their own clash does not occur; one whom players "must choose to clash
    with, if possible" is the only choice while they may be chosen."""
    shy = "Ongoing: You cannot be clashed with nor initiate clashes."
    bait = "Top: Opponents must clash with you, if able."
    assert compiles(shy)[0]["ops"] == [{"op": "no_clash"}] and compiles(bait)[0]["ops"] == [{"op": "clash_magnet"}]
    st = table(kit([card("Mass Brawl", "Play: Clash with all players.", star=9)]),
               kit([card("Hermit", shy, star=1)]), kit([card("Reed B", star=2)]), store=(1,) * 9)
    place(st, 1, "Hermit")
    place(st, 2, "Reed B")
    do(st, 'play "Mass Brawl"')
    assert _clash_totals(st) == [10, 3]  # seats 0 and 2 only
    st = table(kit([card("Duelist", BRAWL, star=9)]), kit([card("Reed A", star=2)]), kit([card("Lure Lord", bait, star=1)]),
               store=(1,) * 9)
    place(st, 1, "Reed A")
    place(st, 2, "Lure Lord")
    do(st, 'play "Duelist"')  # no choice asked: Lure Lord's player is the opponent
    assert st.rp[0] == 10 and _clash_totals(st) == [10, 2]


def test_cards_counted_in_the_tableaus_of_the_clashs_players():
    """The tableaus of the players who took part in the clash ("Clashing": a player without a Top
    Card takes no part): their face-down cards counted, up to the printed most."""
    text = ("Top: When you win a clash with this card, gain 2 RP for each face-down card in the tableaus of players who "
            "participated in the clash (max. 6 RP).")
    st = table(kit([card("Grave Lamp", text + " | Play: Clash with all players.", star=9), card("Old A", star=1)]),
               kit([card("Moss A", star=1), card("Moss B", star=1)]), kit([card("Gone C", star=1)]), store=(1,) * 9)
    place(st, 0, "Old A", down=("Old A",))
    place(st, 1, "Moss A", "Moss B", down=("Moss A",))
    place(st, 2, "Gone C", down=("Gone C",))  # no Top Card: not in the clash
    do(st, 'play "Grave Lamp"')
    assert st.rp[0] == 2 * 2


def test_one_of_the_losers_of_your_choice_loses_rp():
    """"Clashing": all other players are the losers; the winner chooses one of them, who alone
    loses the RP (rules notes, batch i)."""
    text = "Top: When you win a clash with this card, gain 4 RP, and one of the losers of your choice loses 6 RP."
    st = table(kit([card("Sly Fox", text + " | Play: Clash with all players.", star=9)]),
               kit([card("Reed A", star=1)]), kit([card("Reed B", star=2)]), store=(1,) * 9)
    place(st, 1, "Reed A")
    place(st, 2, "Reed B")
    st.rp = [0, 10, 10]
    do(st, 'play "Sly Fox"')
    assert st.current_players() == [0]
    do(st, "player 2")
    assert st.rp == [4, 10, 4]
