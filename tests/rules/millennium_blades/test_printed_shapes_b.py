"""More shapes of printed text, second batch (issue 26.2; rules/millennium_blades/phrases_more_b.py
and ops_more_b.py): original cards in each, compiled and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "More shapes (second batch)")."""

from __future__ import annotations

from rules.core.engine import Action
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def test_a_next_effect_gives_the_next_card_a_play_effect_that_takes_from_the_store():
    """"Effects on Cards": a Next effect triggers on the next card you play; the Play effect it
    gives that card resolves then (rules notes, "A Play effect a Next effect gives"). "The top card
    of the Store or Core deck" is the Store's top card ("Set Selection" 2: the Core Set is shuffled
    into the Store; rules notes, "The Core deck"); "its STAR" is that card's."""
    text = ('Next: If the next card you play is a LIGHT or WATER card, it has "Play: Take the top card of the '
            'Core deck into your hand, then gain RP equal to twice its STAR."')
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "gain_store", "amount": 1},
                                 {"op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "revealed"}}]
    st = table(kit([card("Tide Herald", text), card("Dry Ember", elements=("fire",)), card("Pond Frog", elements=("water",))]),
               kit(lamps()), store=(4, 2, 1, 1, 1))
    top = st.store[-1]
    do(st, 'play "Tide Herald"', 'play "Lamp 0"')
    do(st, 'play "Dry Ember"', 'play "Lamp 1"')  # a FIRE card: the condition fails, nothing gained
    assert st.rp[0] == 0 and len(st.hand[0]) == 1
    do(st, 'play "Pond Frog"')  # no more Next effect of Tide Herald: Dry Ember was the next card
    assert st.rp[0] == 0 and top not in st.hand[0]
    st = table(kit([card("Tide Herald", text), card("Pond Frog", elements=("water",))]), kit(lamps()),
               store=(4, 2, 1, 1, 1))
    top = st.store[-1]
    do(st, 'play "Tide Herald"', 'play "Lamp 0"', 'play "Pond Frog"')
    assert top in st.hand[0] and st.owner[top] == 0
    assert st.rp[0] == 8  # twice the gained card's 4 STAR


def test_gain_the_top_cards_of_the_core_deck_to_your_hand():
    """"Draw the top three cards of the Store deck" (or of "the Core deck"): the Store's top cards to your hand, yours now
    (rules notes, "The Core deck")."""
    text = "Play: Draw the top three cards of the Store deck."
    assert compiles(text)[0]["ops"] == [{"op": "gain_store", "amount": 3}]
    st = table(kit([card("Crate Opener", text)]), kit([card("Idle Lamp")]), store=(5, 3, 2, 1))
    first, second, third = st.store[-1], st.store[-2], st.store[-3]
    do(st, 'play "Crate Opener"')
    assert st.hand[0] == [first, second, third]
    assert len(st.store) == 1


def test_a_flip_effect_returns_its_card_and_plays_one_from_hand_then_flips_it():
    """"Flip a Card": a Flip effect resolves as the card is flipped; "Discard this card to your
    binder" is "Discard a Card" to the binder; the card played from hand is not the turn's Single
    and its Play effects resolve before the rest of the effect, then "flip it" flips it (rules notes,
    "Playing a card from an effect")."""
    route = "Flip: Discard this card to your binder, then play one single from your hand and flip it."
    assert compiles(route)[0]["ops"] == [{"op": "discard_self"}, {"op": "play_from_hand"},
                                          {"op": "flip", "target": {"player": "self", "pick": "played"}}]
    st = table(kit([card("Detour Scout", route), card("Gift Pup", "Play: Gain 6 RP."),
                    card("Self Toppler", "Play: Flip a card in your tableau.")]),
               kit([card("Idle Lamp")]))
    place(st, 0, "Detour Scout")
    scout, pup = ids(st, 0, "Detour Scout", "Gift Pup")
    do(st, 'play "Self Toppler"')
    if st.pending is not None:  # Self Toppler may choose itself or the Scout
        st.apply_checked(Action("target", (0, 0)), 0)
    assert scout in st.binder[0] and scout not in st.tableau[0]
    assert pup in st.tableau[0] and pup in st.down
    assert st.rp[0] == 6  # its Play effect resolved before it was flipped
    assert st.stats[0]["played"].get("Gift Pup") == 1


def test_pick_up_a_card_and_place_it_at_the_right_end_of_its_owners_tableau():
    """"Tableau": cards sit in slots left to right; the chosen face-up card goes to the right-most
    slot of its owner's tableau, the others shifting left, so it becomes that player's Top Card."""
    text = "Action: Take a card in any tableau and move it to the right-most slot of its owner's tableau."
    assert compiles(text)[0]["ops"][0]["op"] == "move_to_end"
    st = table(kit([card("Shelf Mover", text), card("Idle Lamp")]),
               kit([card("Far Left", star=1), card("Middle", star=2), card("Far Right", star=3)]))
    place(st, 0, "Shelf Mover")
    place(st, 1, "Far Left", "Middle", "Far Right")
    do(st, 'use "Shelf Mover"')
    st.apply_checked(Action("target", (1, 0)), 0)
    assert names(st, st.tableau[1]) == ["Middle", "Far Right", "Far Left"]
    assert st.top_card(1) == ids(st, 1, "Far Left")[0]


def test_a_play_effect_that_says_whenever_lasts_while_the_card_is_face_up():
    """A Play effect that starts a trigger ("Whenever there is a clash, add two +1 STAR Tokens to
    this card") works as the card's Ongoing trigger while it is face-up (rules notes, "A Play effect that
    says whenever"); "add ... to" is "put ... on"."""
    text = "Play: Whenever there is a clash, add two +1 STAR Tokens to this card."
    effects = compiles(text)
    assert effects[0]["timing"] == "ongoing" and effects[0]["trigger"]["event"] == "clash_any"
    st = table(kit([card("Arena Fan", text), card("Brawler", "Play: Clash with an opponent.", star=5)]),
               kit([card("Foe", star=1)]))
    place(st, 0, "Arena Fan")
    place(st, 1, "Foe")
    do(st, 'play "Brawler"')
    assert st.tokens.get(ids(st, 0, "Arena Fan")[0]) == 2


def test_rp_of_the_players_to_your_left_and_right_and_the_least_rp():
    """"Effects on Cards": play passes clockwise, so the player to your left is the next in turn
    order and the one to your right the player before you (rules notes, "Left and right"); "the
    least RP among all players" holds in a tie for the least."""
    text = ("Play: Gain 6 RP if the player on your left has more RP than you do. Gain 6 RP if the player on your "
            "right has more RP than you do. If after this you have the fewest RP, gain 6 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["condition"] == {"test": "neighbour_rp", "side": "left", "cmp": ">"}
    assert effects[0]["ops"][2]["condition"] == {"test": "least_rp"}
    st = table(kit([card("Envious Kid", text)]), kit([card("Idle Lamp")]), kit([card("Idle Lamp")]))
    st.rp = [0, 20, 30]  # left (seat 1) has more; right (seat 2) has more; then 12 is still the least
    do(st, 'play "Envious Kid"')
    assert st.rp[0] == 18
    st = table(kit([card("Envious Kid", text)]), kit([card("Idle Lamp")]), kit([card("Idle Lamp")]))
    st.rp = [5, 0, 20]  # only the right has more: 11 is not the least (seat 1 has 0)
    do(st, 'play "Envious Kid"')
    assert st.rp[0] == 11


def test_flip_the_leftmost_face_up_card_and_add_a_token_to_another_single():
    """"Tableau": the left-most face-up card is the first face-up one from the left; "add two +1
    STAR Tokens to another card" puts them on a face-up card of yours other than this one."""
    text = "Ongoing: When your turn starts, flip the leftmost face-up single in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {"player": "self", "pick": "leftmost"}}]
    st = table(kit([card("Early Riser", text), card("Old Boot"), card("Down Boot"), card("Idle Lamp")]),
               kit(lamps()))
    place(st, 0, "Down Boot", "Old Boot", "Early Riser", down=("Down Boot",))
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"')  # seat 0's next turn starts
    assert ids(st, 0, "Old Boot")[0] in st.down
    token = "Top: At the start of your turn, add two +1 STAR Tokens to another card."
    assert compiles(token)[0]["ops"][0]["amount"] == 2
    assert compiles(token)[0]["ops"][0]["target"] == {"player": "self", "pick": "choice",
                                                         "filter": {"where": "other", "face": "up"}}


def test_at_the_end_of_your_turn():
    """"Tournament Turns": a turn ends after its Single (and Action); "At the end of each of your
    turns" effects resolve then, before the next player's turn starts, on your turns only (rules
    notes, "The end of your turn")."""
    text = "Ongoing: At the end of your turn, gain 3 RP and flip your left-most face-up card."
    assert compiles(text)[0]["trigger"] == {"event": "turn_end"}
    st = table(kit([card("Dusk Keeper", text), card("Old Boot"), card("Idle Lamp"), card("Spare Lamp")]),
               kit(lamps()))
    place(st, 0, "Old Boot", "Dusk Keeper")
    do(st, 'play "Idle Lamp"')
    assert ids(st, 0, "Old Boot")[0] in st.down and st.rp[0] == 3
    assert st.seat_turn == 1
    do(st, 'play "Lamp 0"')  # the opponent's turn: nothing
    assert st.rp[0] == 3
    do(st, 'play "Spare Lamp"')  # the left-most face-up card is now Dusk Keeper itself
    assert ids(st, 0, "Dusk Keeper")[0] in st.down and st.rp[0] == 6
    assert st.seat_turn == 1


def test_reveal_an_opponents_hand_and_count_what_it_showed():
    """"Reveal an opponent's hand": every card of it shown; "each different ELEMENT revealed this
    way" counts the elements printed on those cards ("CARD DATA")."""
    text = "Play: Gain 2 RP. Look at an opponent's hand. Gain 1 Dollar for each different ELEMENT revealed."
    assert compiles(text)[0]["ops"][1] == {"op": "reveal_hand", "who": "chosen_opponent"}
    st = table(kit([card("Nosy Clerk", text)]),
               kit([card("Wet One", elements=("water",)), card("Wet Two", elements=("water",)),
                    card("Hot One", elements=("fire", "dark"))]))
    do(st, 'play "Nosy Clerk"')
    assert st.rp[0] == 2 and st.money[0] == 3  # water, fire, dark
    (shown,) = [dict(e.changes) for e in st.events if e.action == "reveal_hand"]
    assert shown["seat"] == 1 and sorted(shown["cards"]) == ["Hot One", "Wet One", "Wet Two"]


def test_friendship_cards_you_hold_from_other_players():
    """"Friendship Cards" are given between players in the Deckbuilding Phase; a tournament counts
    the ones each player holds as it starts (the whole game passes them; none in a tournament
    alone: rules notes, "Friendship cards"). "Put two +1 STAR Tokens on this card for each ..." puts
    that many tokens at once."""
    texts = {
        "Pen Pal": "Play: Put two +1 STAR Tokens on this card per other players' Friendship card you hold.",
        "Social Climber": "Play: Gain 5 RP for each other player you have a Friendship card from (max. 30 RP).",
        "Solo Hiker": "Play: Gain 10 RP for each opponent that you do not have any Friendship card from.",
        "Generous Soul": "Score: If you have none of your own Friendship cards left, gain 12 RP.",
    }
    for text in texts.values():
        compiles(text)
    singles = [card(name, text) for name, text in texts.items()]
    st = table(kit(singles), kit(lamps(6)), kit(lamps(6)), friends=[[1, 1, 1], [], [0]], friendship_left=[0, 5, 5])
    do(st, 'play "Pen Pal"')
    assert st.tokens[ids(st, 0, "Pen Pal")[0]] == 6  # three cards from seat 1
    do(st, 'play "Lamp 0"', 'play "Lamp 0"', 'play "Social Climber"')
    assert st.rp[0] == 5  # one giver
    do(st, 'play "Lamp 1"', 'play "Lamp 1"', 'play "Solo Hiker"')
    assert st.rp[0] == 15  # seat 2 gave none
    alone = table(kit([card("Pen Pal", texts["Pen Pal"])]), kit(lamps()))
    do(alone, 'play "Pen Pal"')
    assert alone.tokens.get(ids(alone, 0, "Pen Pal")[0], 0) == 0
    generous = table(kit([card("Generous Soul", texts["Generous Soul"])]), kit(lamps(1)), friendship_left=[0, 6])
    do(generous, 'play "Generous Soul"', 'play "Lamp 0"', "pass", "pass")
    assert generous.rp[0] == 12


def test_a_card_that_cannot_be_played_into_a_full_tableau():
    """"Play a Single (Required)": a card's own rule may forbid its play; "You cannot play this card if
    there are already four cards in your tableau" is its play condition (face-down cards are cards in
    the tableau: "Face-Down Cards")."""
    text = "You can't play this card if there are already four cards in your tableau."
    rule = compiles(text)[0]
    assert rule["ops"][0]["op"] == "play_condition"
    picky = card("Picky Guest", text)
    st = table(kit([picky, card("Plain One")]), kit(lamps()))
    place(st, 0, "Plain One")
    assert Action("play", ("Picky Guest",)) in st.legal_actions(0)
    st = table(kit([picky, card("A1"), card("A2"), card("A3"), card("A4"), card("Plain One")]), kit(lamps()))
    place(st, 0, "A1", "A2", "A3", "A4", down=("A2",))
    assert Action("play", ("Picky Guest",)) not in st.legal_actions(0)


def test_each_player_loses_half_their_rp():
    """"FAQs": a loss of RP stops at zero; "half of their RP, rounded down" is each player's own half
    (rules notes, "Half of their RP"; rounded up unless the card says down)."""
    text = "Play: Each player loses half of their RP, rounded down."
    assert compiles(text)[0]["ops"] == [{"op": "lose_half_rp", "who": "each", "round": "down"}]
    assert compiles("Play: Each player loses half of their RP.")[0]["ops"][0]["round"] == "up"
    st = table(kit([card("Tax Day", text)]), kit(lamps()), kit(lamps()))
    st.rp = [10, 7, 0]
    do(st, 'play "Tax Day"')
    assert st.rp == [5, 4, 0]


def test_a_token_is_removed_instead_of_the_flip():
    """"Flip a Card" replaced: while the card has a +1 STAR Token, a flip takes a token and it gains
    3 Dollars instead (rules notes, "A token instead of a flip"); without a token it is flipped."""
    text = ("Ongoing: Whenever this card would be flipped while it has at least one +1 STAR Token on it, remove one "
            "+1 STAR Token from it, and gain 3 Dollars instead.")
    assert compiles(text)[0]["ops"] == [{"op": "token_guard", "ops": [{"op": "gain_money", "amount": 3}]}]
    st = table(kit([card("Armored Hermit", text)]),
               kit([card("Rude Poker", "Play: Flip a card in an opponent's tableau."),
                    card("Rude Poker II", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Armored Hermit")
    hermit = ids(st, 0, "Armored Hermit")[0]
    st.tokens[hermit] = 1
    st.seat_turn = 1
    do(st, 'play "Rude Poker"')
    assert hermit not in st.down and hermit not in st.tokens and st.money[0] == 3
    st.seat_turn, st.plays_left, st.played_this_turn = 1, 1, 0
    do(st, 'play "Rude Poker II"')
    assert hermit in st.down and st.money[0] == 3


def test_flip_this_and_the_cards_to_its_left_without_their_flip_effects():
    """"Flip a Card": a flipped card's Flip effects happen, unless the effect says "do not activate
    any Flip effects"; "the combined STAR of the cards flipped this way" is their Star Ratings as
    they were."""
    text = ("Play: Flip this card and all your cards to its left, but do not activate any Flip effects. "
            "Gain Dollars equal to the combined STAR of the cards flipped this way.")
    ops = compiles(text)[0]["ops"]
    assert ops[0]["no_flip_effects"] and ops[1]["no_flip_effects"]
    assert ops[2]["per"] == {"count": "flipped_stars"}
    st = table(kit([card("Last Stand", text, star=4), card("Trap One", "Flip: Gain 50 RP.", star=2), card("Far One", star=3)]),
               kit(lamps()))
    place(st, 0, "Far One", "Trap One")
    do(st, 'play "Last Stand"')
    assert all(c in st.down for c in ids(st, 0, "Last Stand", "Trap One", "Far One"))
    assert st.money[0] == 9 and st.rp[0] == 0  # 4 + 2 + 3, and no Flip effect


def test_all_other_cards_face_down_and_a_swap_counting_those_cards():
    """"Face-Down Cards": "if all other cards in your tableau are face-down" holds when no face-up
    card but this one is left; "Swap the positions of 2 face-up cards in your tableau" then "twice
    the combined STARs of those cards" adds twice the two swapped cards' Star Ratings ("CARD DATA")."""
    lonely = "Flip: Gain 2 Dollars for each card in your tableau if all other cards in your tableau are face-down."
    assert compiles(lonely)[0]["ops"][0]["condition"]["of"]["filter"] == {"face": "up", "where": "other"}
    swap = ("Play: Swap the positions of 2 face-up cards in your tableau. Gain 1 RP. Gain RP equal to twice the "
            "combined STARs of those cards.")
    assert compiles(swap)[0]["ops"] == [{"op": "swap"}, {"op": "gain_rp", "amount": 1},
                                         {"op": "gain_rp", "amount": 2, "per": {"count": "those_stars"}}]
    st = table(kit([card("Last Light", lonely), card("Dark A"), card("Idle Lamp")]),
               kit([card("Snuffer", "Play: Flip a card in an opponent's tableau."), *lamps()]))
    place(st, 0, "Dark A", "Last Light", down=("Dark A",))
    do(st, 'play "Idle Lamp"', 'play "Snuffer"')
    st.apply_checked(Action("target", (0, 1)), 1)
    assert st.money[0] == 0  # Idle Lamp is face-up: the condition fails
    st = table(kit([card("Last Light", lonely), card("Dark A")]),
               kit([card("Snuffer", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Dark A", "Last Light", down=("Dark A",))
    st.seat_turn = 1
    do(st, 'play "Snuffer"')
    assert st.money[0] == 4  # two cards in the tableau
    st = table(kit([card("Shuffler", swap, star=1), card("Two", star=2), card("Five", star=5)]), kit(lamps()))
    place(st, 0, "Two", "Five")
    do(st, 'play "Shuffler"')
    st.apply_checked(Action("target", (0, 0)), 0)
    st.apply_checked(Action("target", (0, 1)), 0)
    assert names(st, st.tableau[0]) == ["Five", "Two", "Shuffler"] and st.rp[0] == 15


def test_the_next_card_you_put_into_play_and_a_card_of_a_type_is_played():
    """"Effects on Cards": "The next card you put into play comes into play with two +1 STAR Tokens
    on it" is the next card played; "Whenever a SOLDIER single is played" is any player's
    play, and "then flip that card and this card" flips the card played, then this one."""
    tokens = "Action: The next card you put into play comes into play with two +1 STAR Tokens on it."
    assert compiles(tokens)[0]["ops"][0]["target"]["pick"] == "next_played"
    watch = "Top: Whenever a SOLDIER card is played, gain 9 RP, then flip that card and this card."
    assert compiles(watch)[0]["trigger"] == {"event": "play", "by": "any", "filter": {"type": "soldier"}}
    st = table(kit([card("Drill Master", watch, types=("mage",)), card("Idle Lamp", types=("mage",))]),
               kit([card("Recruit", types=("soldier",)), card("Scholar", types=("mage",))]))
    place(st, 0, "Drill Master")
    st.seat_turn = 1
    do(st, 'play "Recruit"')
    assert ids(st, 1, "Recruit")[0] in st.down and ids(st, 0, "Drill Master")[0] in st.down and st.rp[0] == 9


def test_choose_an_opponent_who_flips_and_a_winner_who_discards_from_their_hand():
    """"Choose a player, that player flips a card in their tableau": the chosen player flips a card
    of their choice (rules notes, "Choosing a player"); "The winner must discard one card from their
    hand" is the winner's own hand ("Clashing", "Discard a Card")."""
    chooser = "Action: Choose a player, that player flips a card in their tableau."
    assert compiles(chooser)[0]["ops"][0] == {"op": "choose_player", "among": "any"}
    duel = "Action: Clash with an opponent. The loser gains 11 RP. The winner must discard one card from their hand."
    assert compiles(duel)[0]["ops"][0]["winner"] == [{"op": "discard", "amount": 1}]
    st = table(kit([card("Big Duelist", duel, star=7), card("Spare", star=1), card("Idle Lamp")]),
               kit([card("Small Foe", star=1), *lamps()]))
    place(st, 0, "Big Duelist")
    place(st, 1, "Small Foe")
    do(st, 'use "Big Duelist"', 'pick "Spare"')  # Big Duelist won: a card of its own hand
    assert names(st, st.hand[0]) == ["Idle Lamp"] and names(st, st.binder[0]) == ["Spare"]
    assert st.rp[1] == 11


UNDYING = ("Tomb–Ongoing: When this card comes into play, you may put one Sell Marker on it. If this card would be "
           "flipped by opponents' effects, remove a Sell Marker from it instead.")


def test_a_sell_marker_put_on_a_card_as_it_comes_into_play_saves_it_from_a_flip():
    """"Distribute Starting Items": each player has 3 Sell Markers (4 with three players), returned
    at the end of the tournament ("Ending the Tournament" 4). A card that may get a Sell Marker as it
    comes into play asks its player; while it has one, a flip by an opponent's effect takes the
    marker instead and the card stays face-up (rules notes, "Sell Markers in a
    tournament"). A set keyword's name before its timing is dropped ("Set Specific Keywords")."""
    assert compiles(UNDYING) == [{"timing": "ongoing", "ops": [{"op": "sell_marker_shield"}], "text": UNDYING}]
    poke = "Play: Flip a card in an opponent's tableau."
    st = table(kit([card("Bone Knight", UNDYING), card("Idle Lamp")]),
               kit([card("Poker One", poke), card("Poker Two", poke), *lamps()]))
    assert st.markers_left == [3, 3]
    do(st, 'play "Bone Knight"', "accept")
    knight = ids(st, 0, "Bone Knight")[0]
    assert st.sell_marked == {knight: 1} and st.markers_left[0] == 2
    do(st, 'play "Poker One"')
    assert knight not in st.down and st.sell_marked == {} and st.markers_left[0] == 3
    do(st, 'play "Idle Lamp"', 'play "Poker Two"')
    st.apply_checked(Action("target", (0, 0)), 1)
    assert knight in st.down  # no marker left on it
    st = table(kit([card("Bone Knight", UNDYING)]), kit(lamps()), sell_markers=[0, 3])
    do(st, 'play "Bone Knight"')  # no Sell Marker to put: nothing asked
    assert st.sell_marked == {} and st.seat_turn == 1


def test_each_other_player_reveals_the_cards_of_a_chosen_symbol_and_a_later_effect_counts_them():
    """"CARD DATA": Elements and Types; after "Choose a TYPE or ELEMENT", "each opponent must reveal
    all cards of that type or element in their hand" shows each such card; a later effect of the
    same card counts "each card revealed by this card's ... effect" (rules notes, "Revealing a
    hand")."""
    reveal = "Probe–Play: Choose a TYPE or ELEMENT. Each opponent must reveal all cards of that type or element in their hand."
    count = "Play: Gain 7 RP for each card revealed by this card's Probe effect (max. 30 RP)."
    assert compiles(reveal)[0]["ops"][1] == {"op": "reveal_hand", "who": "each_other", "filter": {"chosen": True}}
    assert compiles(count)[0]["ops"][0]["per"] == {"count": "revealed_by_this"}
    sleuth = card("Quiet Sleuth", f"{reveal}\n{count}")
    st = table(kit([sleuth]), kit([card("W1", elements=("water",)), card("W2", elements=("water",)), card("F1")]),
               kit([card("W3", elements=("water",), types=("mage",))]))
    do(st, 'play "Quiet Sleuth"', "value water")
    assert st.rp[0] == 21  # W1, W2, W3
    shown = [dict(e.changes)["cards"] for e in st.events if e.action == "reveal_hand"]
    assert shown == [["W1", "W2"], ["W3"]]


def test_two_sell_markers_and_a_card_that_moves_itself_to_the_right_end():
    """"Two Sell Markers": as many as the player has (rules notes, "Sell Markers in a tournament");
    "At the end of your turn, move this card to the rightmost slot of your tableau. If you moved it,
    gain 2 Dollars": it moved only if it was not there already ("Tableau")."""
    plus = UNDYING.replace("one Sell Marker on it", "two Sell Markers on it")
    assert compiles(plus)[0]["ops"] == [{"op": "sell_marker_shield", "amount": 2}]
    st = table(kit([card("Bone Lord", plus)]), kit(lamps()), sell_markers=[1, 3])
    do(st, 'play "Bone Lord"', "accept")
    assert st.sell_marked == {ids(st, 0, "Bone Lord")[0]: 1} and st.markers_left[0] == 0
    drifter = ("Ongoing: At the end of your turn, move this card to the rightmost slot of your tableau. "
               "If you moved it, gain 2 Dollars.")
    st = table(kit([card("Drifter", drifter), card("Step One"), card("Step Two")]), kit(lamps()))
    place(st, 0, "Drifter")
    do(st, 'play "Step One"')
    assert names(st, st.tableau[0]) == ["Step One", "Drifter"] and st.money[0] == 2
    do(st, 'play "Lamp 0"', 'play "Step Two"')
    assert names(st, st.tableau[0]) == ["Step One", "Step Two", "Drifter"] and st.money[0] == 4
    do(st, 'play "Lamp 1"')  # seat 0 has no card left: it passes, Drifter is already right-most
    assert st.current_players() == [0]
    do(st, "pass")
    assert names(st, st.tableau[0])[-1] == "Drifter" and st.money[0] == 4


def test_each_time_you_discard_one_or_more_cards():
    """"Discard a Card": from your hand to your binder; "Whenever you discard a card" (or "one or more
    cards") triggers once for each effect that made you discard, however many cards (rules notes,
    "Discarding"); a typo'd "another players plays" reads as "another player plays"."""
    text = "Ongoing: Whenever you discard a card, gain 7 RP and put a +1 STAR Token on this card."
    assert compiles(text)[0]["trigger"] == {"event": "discard"}
    assert compiles("Top: Whenever another players plays a LIGHT single, gain 2 RP.")[0]["trigger"]["by"] == "opponent"
    st = table(kit([card("Recycler", text), card("Purge", "Play: Discard 2 cards from your hand."), card("J1"), card("J2")]),
               kit(lamps()))
    place(st, 0, "Recycler")
    do(st, 'play "Purge"', 'pick "J1"', 'pick "J2"')
    assert st.rp[0] == 7 and st.tokens[ids(st, 0, "Recycler")[0]] == 1  # two cards, one trigger


def test_each_player_chooses_one_of_two_options():
    """"Each other player must lose 5 RP, or discard a card": each chooses, in turn order, one
    option and does it as their own; an option they cannot do is not offered ("Discard a Card":
    no card in hand); "you gain 5 RP" in an option is this effect's player; "each player with more
    RP than you" chooses only if richer (rules notes, "Either ... or, for each player")."""
    tax = "Play: Each other player must lose 5 RP, or discard a card."
    assert compiles(tax)[0]["ops"][0]["options"] == [[{"op": "lose_rp", "amount": 5}], [{"op": "discard", "amount": 1}]]
    st = table(kit([card("Toll Booth", tax), card("Spare")]), kit([card("Coin A"), card("Coin B")]), kit([card("Coin C")]))
    st.rp = [0, 30, 30]
    do(st, 'play "Toll Booth"')
    assert st.pending["seat"] == 1
    st.apply_checked(Action("option", (1,)), 1)
    do(st, 'pick "Coin A"')
    assert names(st, st.binder[1]) == ["Coin A"] and st.rp[1] == 30
    # seat 2 has one card in hand and chooses to lose RP
    st.apply_checked(Action("option", (0,)), 2)
    assert st.rp[2] == 25
    gift = "Play: Each opponent must choose one: they lose 4 RP, or you gain 5 RP."
    assert compiles(gift)[0]["ops"][0]["options"][1] == [{"op": "gain_rp", "amount": 5, "who": "that_player"}]
    rich = "Action: Gain 1 RP. Each player with more RP than you must lose 12 RP or flip a card in their tableau."
    st = table(kit([card("Leveler", rich), card("Spare")]), kit([card("Poor One"), *lamps()]),
               kit([card("Rich One"), card("R2"), card("R3")]))
    place(st, 0, "Leveler")
    place(st, 2, "Rich One", "R2")
    st.rp = [10, 5, 40]
    do(st, 'use "Leveler"')
    st.apply_checked(Action("option", (0,)), 2)  # only seat 2 is richer
    assert st.rp == [11, 5, 28]


def test_a_chosen_player_flips_their_top_card_or_loses_rp():
    """"Choose a player. That player must either lose 9 RP or flip their top card": the chosen
    player chooses, and "their Top card" is their own ("Clashing": a player's Top Card is the
    right-most face-up card of their tableau)."""
    text = "Action: Choose a player. That player must either lose 9 RP or flip their top card."
    ops = compiles(text)[0]["ops"]
    assert ops[1]["options"][1] == [{"op": "flip", "target": {"player": "self", "pick": "top"}}]
    st = table(kit([card("Dilemma Bell", text), card("Spare")]), kit([card("Their Top"), *lamps()]))
    place(st, 0, "Dilemma Bell")
    place(st, 1, "Their Top")
    st.rp = [0, 30]
    do(st, 'use "Dilemma Bell"')
    if st.pending and st.pending["kind"] == "player":
        st.apply_checked(Action("player", (1,)), 0)
    st.apply_checked(Action("option", (1,)), 1)
    assert ids(st, 1, "Their Top")[0] in st.down and st.rp == [0, 30]
