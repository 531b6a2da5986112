"""More shapes of printed text, batch ``grants`` (issue 26.2; rules/millennium_blades/phrases_grants.py
and ops_grants.py): keywords given to cards (a quoted Reaction to all your cards, a Play ability to the
cards without that keyword, a grant printed without a timing word) and a table-wide play rule (other
players must play two Singles a turn). Original cards in each shape, compiled, checked by the card
checker and played in the tournament engine (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: grants")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

HAMMER = "Play: Flip a card in another player's tableau."
KEEP = ("DECK BOX | Ongoing: All your cards have Stalwart (Reaction: When a Single in an opponent's tableau would be "
        "flipped by an effect, you may flip this card instead). | Score: Choose an opponent's tableau. Gain 3 RP "
        "per face-up card in their tableau.")
END = Action("end", ())


def test_all_your_cards_have_a_keywords_reaction_but_not_the_deck_box():
    """"Set Specific Keywords": a keyword's ability is the same on every card that has it; "Reaction":
    the card that reacts is flipped face-down; "Deck Box Area": "A card cannot affect or target your
    Deck Box unless it specifically says it can", so "all your cards" are your Singles and Accessories
    (rules notes, "MB: grants"). The Score's "an opponent's tableau" is a choice of that player."""
    effects, reason = compile_text(KEEP)
    assert reason is None
    granted = effects[0]["ops"][0]
    assert granted["op"] == "grant_reaction" and granted["deck_box"] is False and granted["keyword"] == "stalwart"
    assert granted["effect"]["trigger"] == {"event": "would_flip", "by": "any", "whose": "opponent"}
    assert effects[1]["ops"][0] == {"op": "choose_player", "among": "opponent"}
    assert check_card("deck_box", {"star": 3}, effects) == []
    assert check_card("deck_box", {"star": 3}, [{**effects[0], "ops": [{**granted, "deck_box": True}]}])

    def keep_table():
        st = table(kit([card("Mallet Imp", HAMMER), *lamps(2)]),
                   kit([card("Tower Page"), *lamps(2)], box=[card("Gate Keep", KEEP, kind="deck_box")]),
                   kit([card("Fair Maiden"), *lamps(2)]))
        place(st, 1, "Tower Page")
        place(st, 2, "Fair Maiden")
        return st

    st = keep_table()
    do(st, 'play "Mallet Imp"', "target 2 0")
    assert st.current_players() == [1]
    assert {a.args[0] for a in st.legal_actions(1) if a.verb == "react"} == {"Tower Page"}  # not the Deck Box
    do(st, 'react "Tower Page"')
    assert ids(st, 2, "Fair Maiden")[0] not in st.down and ids(st, 1, "Tower Page")[0] in st.down
    st = keep_table()
    do(st, 'play "Mallet Imp"', "target 1 0")  # a card of the granting player's own tableau: no Reaction
    assert ids(st, 1, "Tower Page")[0] in st.down and st.current_players() == [1]


def test_a_keyword_given_to_cards_without_it_and_printed_without_a_timing_word():
    """"Set Specific Keywords": a card has a keyword's ability once; a Deck Box line giving your
    Singles a keyword, printed without a timing word, is in force while the card is face-up (an
    Ongoing rule, "Effects on Cards"). A card that has the keyword printed does not get it twice."""
    text = "DECK BOX | Your Singles without Haste gain Haste (Play: You may play an additional card.)"
    effects = compiles(text)
    assert effects[0]["timing"] == "ongoing"
    assert effects[0]["ops"] == [{"op": "grant_play", "effect": {"timing": "play", "optional": True, "ops": [
        {"op": "play_extra", "amount": 1}]}, "keyword": "haste", "without": "haste"}]
    assert check_card("deck_box", {"star": 3}, effects) == []
    assert check_card("deck_box", {"star": 3}, [{**effects[0], "ops": [{**effects[0]["ops"][0], "without": "speed"}]}])
    # the keyword's name is no ability's own when it gives cards something ("All your singles have ...")
    assert compiles("All your singles have Haste (Play: You may play an additional card.)")[0][
        "ops"][0]["op"] == "grant_play"
    hasty = "Haste–Play: You may play an additional card."
    st = table(kit([card("Quick Fox", hasty), *lamps(3)], box=[card("Rush Crate", text, kind="deck_box")]),
               kit(lamps(4)))
    do(st, 'play "Lamp 0"', "accept")  # given Haste: another play
    assert st.plays_left == 1 and st.current_players() == [0]
    do(st, 'play "Quick Fox"', "accept")  # its own Haste only: one play more, not two
    assert st.plays_left == 1
    do(st, 'play "Lamp 1"', "accept")
    assert st.plays_left == 1


def test_other_players_must_play_two_singles_each_turn():
    """"Tournament Turns": a player "may take one Action and must play one Single"; a Top rule makes
    other players play two instead: no end of their turn while they owe one and can play it; the
    card's own player plays one; once its card is no longer the Top Card, the rule stops."""
    text = "Top: Your opponents must play two Singles each turn, instead of one."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "plays_required", "who": "each_other", "amount": 2}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{"op": "plays_required", "who": "each_other",
                                                                        "amount": 1}]}])
    st = table(kit([card("Toll Ogre", text), *lamps(3)]), kit([card(f"Candle {i}") for i in range(4)]))
    do(st, 'play "Toll Ogre"')
    assert st.current_players() == [1]  # its own player played one: the turn ended
    do(st, 'play "Candle 0"')
    assert st.current_players() == [1] and END not in st.legal_actions(1)
    do(st, 'play "Candle 1"')
    assert st.current_players() == [0] and len(st.tableau[1]) == 2
    do(st, 'play "Lamp 0"', 'play "Candle 2"')  # the Toll Ogre is no longer the Top Card: one Single again
    assert st.current_players() == [0] and len(st.tableau[1]) == 3  # one Single, and the turn ended


def test_face_down_cards_given_mimicry_have_the_symbols_of_the_card_to_their_left():
    """"Flip a Card": a face-down card "has no attributes ... and is considered a blank card for all
    purposes", unless a card says otherwise; "Set Specific Keywords": Mimicry "has the Element and
    Type symbols of a face-up card to its immediate left" ("This effect ends if the card to its left
    is flipped"). While the rule's card is face-up, the face-down cards of its tableau have them; no
    Star Rating comes with them."""
    text = "Ongoing: All of your face-down singles gain Mimicry."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "down_mimicry"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{"op": "down_mimicry", "face": "down"}]}])
    st = table(kit([card("Ember Page", elements=("fire",), types=("soldier",)),
                    card("Husk", elements=("water",), types=("beast",)),
                    card("Hollow Keep", text, elements=("earth",), types=("construct",)),
                    card("Bare Husk", elements=("water",), types=("beast",)), *lamps(2)]), kit(lamps(4)))
    place(st, 0, "Bare Husk", "Ember Page", "Husk", "Hollow Keep", down=("Bare Husk", "Husk"))
    bare, ember, husk, keep = ids(st, 0, "Bare Husk", "Ember Page", "Husk", "Hollow Keep")
    assert st.elements(husk) == ("fire",) and st.types(husk) == ("soldier",) and st.star(husk) is None
    assert st.matches(husk, {"element": "fire"}, keep) and st.matches(husk, {"type": "soldier", "face": "down"}, keep)
    assert not st.matches(husk, {"element": "fire", "face": "up"}, keep)
    assert st.elements(bare) == ()  # nothing to its left
    st.down.add(ember)  # the card to its left flipped: the symbols end
    assert st.elements(husk) == () and not st.matches(husk, {"element": "fire"}, keep)
    st.down.discard(ember)
    st.down.add(keep)  # the rule's card face-down: no Mimicry given
    assert st.elements(husk) == () and not st.matches(husk, {"type": "soldier"}, keep)


UNDYING = ("DECK BOX | All your cards without Deathless gain Deathless (Ongoing: When this card comes into play, you may "
           "put one Sell Marker on it. If this card would be flipped by an effect an opponent controls, remove a Sell "
           "Marker from it instead.) | Ongoing: Whenever you remove a Sell Marker from one of your cards, gain 5 RP.")


def test_a_keywords_sell_marker_rule_given_to_your_cards_and_a_marker_removed_heard():
    """"Set Specific Keywords": a keyword's effects are always the same; the rule given is batch b's Sell
    Marker put on a card as it comes into play and removed instead of an opponent's flip (rules notes,
    "Sell Markers in a tournament"); "Effects on Cards": an Ongoing effect whenever its condition is met,
    here each marker of yours taken off a card that stays."""
    effects, reason = compile_text(UNDYING)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "grant_rule", "rule": {"op": "sell_marker_shield"}, "keyword": "deathless",
                                  "without": "deathless"}]
    assert effects[1]["trigger"] == {"event": "sell_marker_removed", "by": "self"}
    assert check_card("deck_box", {"star": 3}, effects) == []
    assert check_card("deck_box", {"star": 3}, [{**effects[0], "ops": [{**effects[0]["ops"][0], "rule": {"op": "protect"}}]}])
    st = table(kit([card("Pale Knight"), *lamps(2)], box=[card("Bone Crate", UNDYING, kind="deck_box")]),
               kit([card("Mallet Imp", HAMMER), *lamps(2)]))
    markers = st.markers_left[0]
    do(st, 'play "Pale Knight"', "accept")
    (knight,) = ids(st, 0, "Pale Knight")
    assert st.sell_marked == {knight: 1} and st.markers_left[0] == markers - 1
    do(st, 'play "Mallet Imp"')  # its only target: the Pale Knight
    assert knight not in st.down and st.sell_marked == {} and st.markers_left[0] == markers and st.rp[0] == 5
    do(st, 'play "Lamp 0"', "decline")  # a marker offered again with the next card, declined
    do(st, 'play "Lamp 0"')
    assert st.sell_marked == {}


TURBO = ("DECK BOX | Ongoing: The third time you play a card each turn, gain 6 RP. | Ongoing: As an action, you may "
         "discard two cards from your hand to end your turn.")


def test_the_third_play_of_a_turn_and_an_ongoing_action_that_ends_the_turn():
    """"Effects on Cards": an Ongoing effect "whenever the relevant condition ... is met", here the Nth
    card its player plays in a turn (counted as batch o's "the first time each turn"); "Use an Action":
    the turn's one Action; an Ongoing rule works while its card is face-up, so using it does not flip
    the card, and the turn ends (batch a's pass: no Single after it; rules notes, "MB: grants")."""
    effects, reason = compile_text(TURBO)
    assert reason is None
    assert effects[0]["trigger"] == {"event": "play", "by": "self", "nth_each_turn": 3}
    assert effects[1]["timing"] == "action"
    assert effects[1]["ops"] == [{"op": "discard", "amount": 2}, {"op": "pass_turn"}, {"op": "keep_source"}]
    assert check_card("deck_box", {"star": 3}, effects) == []
    assert check_card("deck_box", {"star": 3}, [{**effects[0], "trigger": {**effects[0]["trigger"], "nth_each_turn": 1}}])
    more = "Play: You may play an additional card."
    st = table(kit([card("Quick 0", more), card("Quick 1", more), *lamps(4)],
                   box=[card("Turbo Tin", TURBO, kind="deck_box")]), kit(lamps(4)))
    do(st, 'play "Quick 0"', "accept", 'play "Quick 1"', "accept")
    assert st.rp[0] == 0  # the second play: nothing yet
    do(st, 'play "Lamp 0"')
    assert st.rp[0] == 6
    do(st, "end", 'play "Lamp 0"')  # (its Action still open: the turn ends when its player says); seat 1's turn
    hand = len(st.hand[0])
    do(st, 'use "Turbo Tin"', 'pick "Lamp 1"', 'pick "Lamp 2"')
    (tin,) = st.deck_box[0]
    assert tin not in st.down and len(st.hand[0]) == hand - 2
    assert st.legal_actions(0) == [Action("pass", ())]  # no Single after it: the turn ends (batch a's pass)
    do(st, "pass")
    assert st.current_players() == [1]


def test_the_next_card_given_a_fusion_and_a_play_effect():
    """"Effects on Cards": a Next effect works on the next card its player plays; "Fusion" ("You may only
    play this card if ..."): a card whose condition fails is no legal play ("Play a Single (Required)"),
    so while the Next effect waits, only a card meeting the Fusion it gives may be played, "this card"
    being that card; once played, it has the quoted Play effect too (batch w's granted Play)."""
    text = ('Next: The next card you play has "Fusion: You may only play this card if you have cards of this card\'s '
            'ELEMENT in your tableau." and "Play: Gain 20 RP."')
    effects = compiles(text)
    assert [e["timing"] for e in effects] == ["next", "next"]
    assert effects[0]["ops"][0]["op"] == "next_play_condition" and effects[1]["granted_play"] is True
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{"op": "next_play_condition", "condition": {
        "test": "no_such_test"}}]}])
    st = table(kit([card("Taco Golem", text, elements=("fire",)), card("Ice Pup", elements=("water",)),
                    card("Fire Pup", elements=("fire",)), card("Stone Pup", elements=("earth",))]), kit(lamps(4)))
    do(st, 'play "Taco Golem"', 'play "Lamp 0"')
    assert [a.args[0] for a in st.legal_actions(0) if a.verb == "play"] == ["Fire Pup"]  # no WATER card in play
    do(st, 'play "Fire Pup"')
    assert st.rp[0] == 20
    do(st, 'play "Lamp 1"')
    assert {a.args[0] for a in st.legal_actions(0) if a.verb == "play"} == {"Ice Pup", "Stone Pup"}  # the Next is spent


def test_no_more_rp_after_a_players_first_gain_of_a_turn():
    """"Effects on Cards": an Ongoing effect works while its card is face-up; "after a player gains RP,
    they cannot gain any more RP that turn": each player's first gain of each turn counts (one
    ``gain_rp`` op is one gain, all of it), the next ones of that turn give nothing (replacement.py)."""
    text = "Ongoing: After a player gains RP, they cannot gain any more RP that turn."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "rp_gain_limit", "who": "each", "once_a_turn": True}]
    st = table(kit([card("Thrift Owl", text), card("Double Dip", "Play: Gain 3 RP. Gain 4 RP."),
                    card("Late Tip", "Play: Gain 2 RP."), *lamps(1)]),
               kit([card("Fresh Tip", "Play: Gain 5 RP."), card("Twin Tip", "Play: Gain 1 RP. Gain 2 RP."), *lamps(1)]))
    place(st, 0, "Thrift Owl")
    do(st, 'play "Double Dip"')
    assert st.rp[0] == 3  # the second gain of the turn gives nothing
    do(st, 'play "Fresh Tip"')
    assert st.rp[1] == 5  # another player's first gain of their turn
    do(st, 'play "Late Tip"')
    assert st.rp[0] == 5  # a new turn
    st.down.add(ids(st, 0, "Thrift Owl")[0])  # face-down: the rule stops
    do(st, 'play "Twin Tip"')
    assert st.rp[1] == 8


LEDGE = ("DECK BOX | Your opponents may flip this card as their Action during their turn. | Ongoing: The Flip effects of "
         "all other cards do not activate. | Flip: Gain 30 RP.")


def test_opponents_may_flip_this_card_as_their_action_and_other_flip_effects_stop():
    """"Use an Action": one Action a turn, "perform the text on the card, then flip the card
    face-down"; "Deck Box Area": a card may affect a Deck Box when it says so: this one lets the other
    players use their Action to flip it (a text of nothing), and its Flip effect resolves for its own
    player. While it is face-up, no other card's Flip effect activates ("Effects on Cards")."""
    effects, reason = compile_text(LEDGE)
    assert reason is None
    assert [e["ops"] for e in effects[:2]] == [[{"op": "others_may_flip"}], [{"op": "flip_effects_off"}]]
    assert check_card("deck_box", {"star": 3}, effects) == []
    flipper = "Play: Flip a card in another player's tableau."
    st = table(kit([card("Rope Gull", "Flip: Gain 5 RP."), *lamps(3)], box=[card("Ledge Box", LEDGE, kind="deck_box")]),
               kit([card("Mallet Imp", flipper), *lamps(3)]))
    place(st, 0, "Rope Gull")
    (gull,), (box,) = ids(st, 0, "Rope Gull"), st.deck_box[0]
    assert "use" not in {a.verb for a in st.legal_actions(0)}  # not its own player's Action
    do(st, 'play "Lamp 0"', 'play "Mallet Imp"', "target 0 0")  # the Rope Gull flipped: its Flip effect does not activate
    assert gull in st.down and st.rp[0] == 0
    do(st, 'play "Lamp 1"')
    assert Action("use", ("Ledge Box",)) in st.legal_actions(1)
    do(st, 'use "Ledge Box"')
    assert box in st.down and st.rp[0] == 30 and st.action_used
