"""More general shapes of printed text (issue 26.2): original cards in each, compiled and played in
the tournament engine (millennium-blades.txt sections cited per test)."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, kit, place, table


def test_a_card_of_either_symbol():
    """"CARD DATA": a card has Elements and Types; "each WATER or MAGE card" counts a card with
    either, once (docs/rules-notes.md, "A card of either symbol"); a face-down card has neither
    ("Face-Down Cards")."""
    text = "Play: Gain 3 RP for each WATER or MAGE card in your tableau."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["per"]["filter"] == {"symbols_any": ["water", "mage"]}
    pond = card("Pond Sage", text, elements=("earth",), types=("citizen",))
    both = card("Tide Wizard", elements=("water",), types=("mage",))
    st = table(kit([card("Rain Imp", elements=("water",)), card("Hedge Witch", types=("mage",)), both,
                    card("Plain Rock", elements=("earth",)), card("Hidden Eel", elements=("water",)), pond]),
               kit([]))
    place(st, 0, "Rain Imp", "Hedge Witch", "Tide Wizard", "Plain Rock", "Hidden Eel", down=("Hidden Eel",))
    do(st, 'play "Pond Sage"')
    assert st.rp[0] == 9  # Rain Imp, Hedge Witch, Tide Wizard


def test_a_star_rating_or_lower_and_or_fewer_after_the_card():
    """"CARD DATA": a card's Star Rating; "a card with 3 STAR or lower" and "with 2 or fewer STAR"
    are the same comparison printed after the noun."""
    text = "Play: Gain 2 RP for each card in your tableau with 3 STAR or lower."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["per"]["filter"] == {"star": {"cmp": "<=", "value": 3}}
    st = table(kit([card("Low One", star=2), card("Mid One", star=3), card("High One", star=5),
                    card("Small Counter", text, star=6)]), kit([]))
    place(st, 0, "Low One", "Mid One", "High One")
    do(st, 'play "Small Counter"')
    assert st.rp[0] == 4
    watcher = card("Runt Watcher", "Ongoing: Whenever you play a card with 2 or fewer STAR, gain 5 RP.")
    st = table(kit([watcher, card("Tiny Pup", star=2), card("Big Pup", star=4)]), kit([card("Idle Lamp")]))
    place(st, 0, "Runt Watcher")
    do(st, 'play "Tiny Pup"')
    assert st.rp[0] == 5


GUARD = "Top: Your cards cannot be flipped by opponents' effects."


def test_a_card_with_a_timing_word_effect_in_all_players_tableaus():
    """"Effects on Cards": an effect is named by its timing word; "each card with a Top effect in
    all players' tableaus" counts the face-up cards printing a Top effect in every tableau."""
    text = "Play: Gain 4 RP for each card with a Top effect in all players' tableaus."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["per"] == {"count": "cards", "zone": "all", "filter": {"timing": "top"}}
    st = table(kit([card("Tall Banner", GUARD), card("Plain Stone"),
                    card("Crowd Reader", text)]),
               kit([card("Far Banner", GUARD), card("Hid Banner",
                    GUARD)]))
    place(st, 0, "Tall Banner", "Plain Stone")
    place(st, 1, "Far Banner", "Hid Banner", down=("Hid Banner",))
    do(st, 'play "Crowd Reader"')
    assert st.rp[0] == 8  # Tall Banner and Far Banner; a face-down card has no text ("Face-Down Cards")


def test_clash_results_joined_by_and_name_the_winner_and_the_losers():
    """"Clashing": "that player is the winner, and all other players are the losers": "Each player
    who lost must flip a card in their tableau, and the winner of the clash gains 30 RP" gives each
    its own result."""
    text = ("Play: All players clash. Each player who lost must flip a card in their tableau, and the winner of the "
            "clash gains 30 RP.")
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "clash", "with": "all",
                                  "losers": [{"op": "flip", "target": {"player": "self", "pick": "choice",
                                                                       "filter": {"face": "up"}}}],
                                  "winner": [{"op": "gain_rp", "amount": 30}]}]
    st = table(kit([card("Grand Melee", text, star=9)]), kit([card("Left Pawn", star=1)]),
               kit([card("Right Pawn", star=1)]))
    place(st, 1, "Left Pawn")
    place(st, 2, "Right Pawn")
    do(st, 'play "Grand Melee"')  # 9 + 1 against 1 + 1 twice
    assert st.rp == [30, 0, 0]
    assert st.down >= {st.tableau[1][0], st.tableau[2][0]}
    effects, reason = compile_text("Play: Clash with an opponent. The loser gains 5 RP, and the winner must flip "
                                   "the lowest STAR card in their tableau.")
    assert reason is None and effects[0]["ops"][0]["winner"][0]["target"]["pick"] == "lowest"


def test_otherwise_after_a_tie_is_the_winners_result():
    """"Clashing": "In a tie, neither player wins nor loses": "If there is a tie, ... Otherwise, the
    winner gains 22 RP" gives the tie result or the winner's, never both."""
    text = "Play: Clash with an opponent. If there is a tie, you gain 40 RP. Otherwise, the winner gains 22 RP."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "clash", "with": "opponent", "tie": [{"op": "gain_rp", "amount": 40}],
                                  "winner": [{"op": "gain_rp", "amount": 22}]}]
    for their_star, rp in ((3, [40, 0]), (9, [0, 22])):
        st = table(kit([card("Even Odds", text, star=3)]), kit([card("Their Top", star=their_star)]))
        place(st, 1, "Their Top")
        do(st, 'play "Even Odds"')
        assert st.rp == rp


def test_take_another_turn_is_the_same_players_next_turn():
    """"Tournament Turns": a player's turn is one Action and one Single; "Take another turn" gives
    that player the next turn too, then play goes on clockwise (docs/rules-notes.md, "Another turn")."""
    text = "Play: Take another turn."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"] == [{"op": "extra_turn", "amount": 1}]
    effects, reason = compile_text("Action: Take another turn after this one, and gain 8 RP.")
    assert reason is None and effects[0]["ops"] == [{"op": "extra_turn", "amount": 1}, {"op": "gain_rp", "amount": 8}]
    st = table(kit([card("Double Time", text), card("Second Wind")]), kit([card("Patient One"), card("Patient Two")]))
    st.log_events = True
    do(st, 'play "Double Time"')
    assert st.seat_turn == 0 and st.turn == 2
    (extra,) = [e for e in st.events if e.action == "extra_turn"]
    assert st.event_to_string(extra).endswith("will take 1 more turn after this one")
    do(st, 'play "Second Wind"')
    assert st.seat_turn == 1


def test_an_additional_gain_and_dollars_equal_to_a_star_rating():
    """"Ranking Points": "gain 10 RP more" / "an additional 25 RP" is one more gain of that much;
    "The winner gains Dollars equal to this card's STAR" pays Millennium Dollars ("Clashing")."""
    text = "Play: Gain 10 RP. If it is your turn, gain 5 RP more."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][1] == {"op": "if", "condition": {"test": "your_turn"},
                                    "then": [{"op": "gain_rp", "amount": 5}]}
    st = table(kit([card("Home Field", text)]), kit([]))
    do(st, 'play "Home Field"')
    assert st.rp[0] == 15
    effects, reason = compile_text("Play: Gain an additional 4 RP.")
    assert reason is None and effects[0]["ops"] == [{"op": "gain_rp", "amount": 4}]
    text = "Play: Clash with an opponent. The winner gains Dollars equal to this card's STAR."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"][0]["winner"] == [{"op": "gain_money", "amount": 1, "per": {"count": "star", "card": "this"}}]
    st = table(kit([card("Prize Purse", text, star=7)]), kit([card("Small Fry", star=1)]))
    place(st, 1, "Small Fry")
    do(st, 'play "Prize Purse"')
    assert st.money == [7, 0]


def test_a_top_text_of_sentences_with_their_own_triggers_is_one_effect_each():
    """"Effects on Cards": a Top effect works while its card is the Top Card; "Top: Players cannot
    gain RP. At the start of your turn, flip this card." is a continuous rule and a turn-start
    trigger of the same timing; "This effect stops working during scoring" lifts the rule while
    the tournament is scored ("Ending the Tournament")."""
    from rules.millennium_blades.replacement import limited_gain

    text = ("Top: Players cannot gain RP (including you). At the start of your turn, flip this card. "
            "This effect stops working during scoring.")
    effects, reason = compile_text(text)
    assert reason is None
    assert [e["ops"] for e in effects] == [
        [{"op": "rp_gain_limit", "who": "each", "none": True, "until_scoring": True}],
        [{"op": "flip", "target": {"player": "self", "pick": "this"}}]]
    assert effects[1]["trigger"] == {"event": "turn_start"}
    st = table(kit([card("Hush Bell", text), card("Loud Horn", "Play: Gain 5 RP.")]),
               kit([card("Chatter Box", "Play: Gain 5 RP."), card("Idle Lamp")]))
    do(st, 'play "Hush Bell"')
    bell = st.tableau[0][0]
    st.phase = "scoring"
    assert limited_gain(st, 1, 5) == 5
    st.phase = "turn"
    do(st, 'play "Chatter Box"')  # no RP while the Bell is the Top Card
    assert st.rp == [0, 0]
    assert bell in st.down  # flipped as Seat 0's turn starts
    do(st, 'play "Loud Horn"')
    assert st.rp == [5, 0]


def test_an_action_that_says_do_not_flip_this_card_stays_face_up():
    """"Use an Action": "perform the text on the card, then flip the card face-down"; a text that
    ends "Do not flip this card." keeps it face-up, so it can be used again on a later turn (one
    Action a turn all the same)."""
    text = "Action: Gain 5 RP. Do not flip this card."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"] == [{"op": "gain_rp", "amount": 5}, {"op": "keep_source"}]
    assert compile_text("Play: Gain 5 RP. Do not flip this card.")[0] is None
    st = table(kit([card("First Step"), card("Second Step")], box=[card("Endless Tap", text, kind="deck_box")]),
               kit([card("Idle Lamp"), card("Idle Stool")]))
    tap = st.deck_box[0][0]
    do(st, 'use "Endless Tap"', 'play "First Step"', 'play "Idle Lamp"')
    assert st.rp[0] == 5 and tap not in st.down
    do(st, 'use "Endless Tap"')
    assert st.rp[0] == 10 and tap not in st.down


def test_your_n_star_and_lower_cards_cannot_be_flipped():
    """"Cannot be flipped": a protected card is no legal choice for an opponent's flip; "Your 4
    STAR and lower cards" are the cards of your tableau with a Star Rating of 4 or less."""
    text = "Ongoing: Your 4 STAR and lower cards cannot be flipped by opponents' effects."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "protect", "target": "tableau", "filter": {"star": {"cmp": "<=", "value": 4}}}]
    st = table(kit([card("Small Shield", text, star=2), card("Wee Scout", star=3), card("Tall Knight", star=7)]),
               kit([card("Raider", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Small Shield", "Wee Scout", "Tall Knight")
    st.seat_turn = 1
    do(st, 'play "Raider"')
    assert [st.cards[c].name for c in st.down] == ["Tall Knight"]


def test_a_card_or_your_top_card_has_more_stars():
    """"Effects on Cards": an Ongoing effect works while its card is face-up, a Top effect while it
    is the Top Card; "Your Top card has +2 STAR" raises the Star Rating the clash adds ("Clashing"),
    and "This card has +1 STAR for each card in your tableau" counts as it is now."""
    boost = "Ongoing: Your Top card has +2 STAR."
    effects, reason = compile_text(boost)
    assert reason is None and effects[0]["ops"] == [{"op": "star_bonus", "amount": 2, "card": "top"}]
    crowd = "Top: This card has +1 STAR for each card in your tableau."
    effects, reason = compile_text(crowd)
    assert reason is None and effects[0]["ops"][0]["per"] == {"count": "cards", "zone": "tableau", "filter": {}}
    st = table(kit([card("Cheer Squad", boost, star=3), card("Crowd Hero", crowd, star=4),
                    card("Duel Caller", "Play: Clash with an opponent. If you win, gain 10 RP.", star=1)]),
               kit([card("Their Wall", star=2)]))
    place(st, 0, "Cheer Squad", "Crowd Hero")
    squad, hero = st.tableau[0]
    assert st.star(squad) == 3 and st.star(hero) == 4 + 2 + 2  # its own Top bonus (2 cards) and the Squad's
    place(st, 1, "Their Wall")
    do(st, 'play "Duel Caller"')  # the Caller is the Top Card now: 1 + 2 + 1 against 2 + 1
    assert st.star(hero) == 4 and st.star(st.tableau[0][2]) == 3 and st.rp[0] == 10
    st.down.add(squad)
    assert st.star(st.tableau[0][2]) == 1


def test_an_opponents_card_is_a_card_in_an_opponents_tableau():
    """"Flip a Card": "flip an opponent's card" flips a face-up card of an opponent's tableau, as
    "a card in an opponent's tableau" does."""
    text = "Play: Flip an opponent's card and gain 3 RP."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "flip", "target": {"player": "opponent", "pick": "choice", "filter": {"face": "up"}}},
                                 {"op": "gain_rp", "amount": 3}]
    st = table(kit([card("Mine Pebble"), card("Poker", text)]), kit([card("Their Lamp")]))
    place(st, 0, "Mine Pebble")
    place(st, 1, "Their Lamp")
    do(st, 'play "Poker"')
    assert [st.cards[c].name for c in st.down] == ["Their Lamp"] and st.rp[0] == 3
