"""More shapes of printed text, batch v (issue 26.2; rules/millennium_blades/phrases_more_v.py and
ops_more_v.py): Reactions to a gain of RP, RP and +1 STAR token phrasing. Original cards in each
shape, compiled, checked by the card checker and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: batch v")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import _UNTIL_SCORING, compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

SHARE = "Reaction: When another player would gain RP, you also gain that much RP (max. 6 RP)."
SPOIL = "Reaction: When any player would gain RP, that player gains no RP."
SNATCH = "Reaction: When an opponent with more RP than you would gain RP, you instead gain that much RP."


def test_reactions_to_a_gain_of_rp_compile_and_pass_the_checker():
    """"Effects on Cards", Reaction: the event is a gain about to be made, by a player, an
    opponent or a player with more RP than you; what the Reaction does is one outcome."""
    assert compiles(SHARE)[0]["trigger"] == {"event": "would_gain_rp", "gainer": "opponent"}
    assert compiles(SHARE)[0]["ops"] == [{"op": "rp_gain_outcome", "as": "also", "max": 6}]
    assert compiles(SPOIL)[0]["ops"] == [{"op": "rp_gain_outcome", "as": "none"}]
    assert compiles(SNATCH)[0]["trigger"]["gainer"] == "richer"
    for text in (SHARE, SPOIL, SNATCH):
        assert check_card("single", {"star": 3}, compiles(text)) == []
    effect = compiles(SPOIL)[0]
    assert check_card("single", {"star": 3}, [{**effect, "timing": "score"}])  # a Reaction's, Top's or Ongoing's
    assert check_card("single", {"star": 3}, [{**effect, "trigger": {"event": "would_gain_rp", "gainer": "me"}}])
    assert check_card("single", {"star": 3}, [{**effect, "ops": [*effect["ops"], {"op": "gain_rp", "amount": 1}]}])
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "rp_gain_outcome", "as": "none"}]}])
    assert check_card("single", {"star": 3}, [{**effect, "ops": [{"op": "rp_gain_outcome", "as": "none", "max": 3}]}])


def _gainer_table(reaction_text: str):
    st = table(kit([card("Coin Rain", "Play: Gain 10 RP."), *lamps()]),
               kit([card("Watcher", reaction_text), *lamps()]))
    place(st, 1, "Watcher")
    return st


def test_an_opponent_reacts_to_a_gain_and_gains_that_much_too_up_to_its_cap():
    """"Effects on Cards": a Reaction is used when its condition is met, at its player's choice, and
    its card is flipped face-down; "that much RP (max. 6 RP)" is the gain, capped."""
    st = _gainer_table(SHARE)
    do(st, 'play "Coin Rain"')
    assert st.pending["seat"] == 1 and st.pending["about"] == "a gain of 10 RP"
    do(st, 'react "Watcher"')
    assert st.rp == [10, 6]
    assert ids(st, 1, "Watcher")[0] in st.down
    event = next(e for e in st.events if e.action == "rp_gain_reaction")
    assert st.event_to_string(event) == "Seat 1 reacts with Watcher to Seat 0's gain of 10 RP: they gain RP too"


def test_a_reaction_to_a_gain_may_be_declined():
    """"You always have the option of not using your own Reaction Effects": declined, the gain is
    made and the card stays face-up."""
    st = _gainer_table(SPOIL)
    do(st, 'play "Coin Rain"', "decline")
    assert st.rp == [10, 0] and ids(st, 1, "Watcher")[0] not in st.down


def test_they_gain_no_rp_and_a_richer_players_gain_taken_instead():
    """"they gain no RP" leaves the gain unmade; "a player with more RP than you ... you gain that
    RP instead" answers only a richer player's gain and moves it to the reacting player."""
    st = _gainer_table(SPOIL)
    do(st, 'play "Coin Rain"', 'react "Watcher"')
    assert st.rp == [0, 0]
    st = _gainer_table(SNATCH)
    do(st, 'play "Coin Rain"')
    assert st.pending is None and st.rp == [10, 0]  # 0 RP is not more than 0: nothing to react to
    st = _gainer_table(SNATCH)
    st.rp = [3, 1]
    do(st, 'play "Coin Rain"', 'react "Watcher"')
    assert st.rp == [3, 11]


def test_no_reaction_is_asked_when_no_rp_would_be_gained():
    """A gain that "Players cannot gain RP" has made nothing is no gain to react to (rules notes,
    "MB: batch v")."""
    st = table(kit([card("Coin Rain", "Play: Gain 10 RP."), *lamps()]),
               kit([card("Watcher", SHARE), card("Drought", "Ongoing: Players cannot gain RP."), *lamps()]))
    place(st, 1, "Watcher", "Drought")
    do(st, 'play "Coin Rain"')
    assert st.pending is None and st.rp == [0, 0]


def test_gain_rp_until_you_have_the_most_after_being_second():
    """"Ranking Points": "gain RP until you have the most" gains what you lack to tie the highest
    (a tie for the most is the most); "the second-most RP" is one opponent, no more, above you."""
    text = "Play: If you have the second most Ranking Points among all players, gain Ranking Points until you have the most."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "gain_rp", "amount": 1, "per": {"count": "rp_short", "to": "most"}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [
        {"op": "gain_rp", "amount": 1, "per": {"count": "rp_short", "to": "first"}}]}])
    for rp, after in (([5, 12, 3], [12, 12, 3]), ([5, 12, 9], [5, 12, 9]), ([12, 5, 3], [12, 5, 3])):
        st = table(kit([card("Runner Up", text), *lamps()]), kit(lamps()), kit(lamps()))
        st.rp = list(rp)
        do(st, 'play "Runner Up"')
        assert st.rp == after


def test_gain_rp_until_you_no_longer_have_the_least():
    """"you have the least RP" counts a tie (batch b's ``least_rp``); "until you no longer have the
    least" gains one more than the fewest any other player has."""
    text = "Play: If you have the fewest RP, gain RP until you no longer have the least RP."
    st = table(kit([card("Climber", text), *lamps()]), kit(lamps()), kit(lamps()))
    st.rp = [4, 9, 20]
    do(st, 'play "Climber"')
    assert st.rp == [10, 9, 20]
    st = table(kit([card("Climber", text), *lamps()]), kit(lamps()))
    st.rp = [4, 4]
    do(st, 'play "Climber"')
    assert st.rp == [5, 4]


def test_a_card_that_is_not_flipped_and_gains_rp_instead():
    """"Effects on Cards": an Ongoing effect is not optional and works while the card is face-up;
    "When this card would be flipped, gain 4 RP and this card isn't flipped": whatever would flip
    it, its player gains the RP and it stays face-up (batch a's token_guard, no token needed)."""
    text = "Ongoing: When this card would be flipped, gain 4 RP and this card is not flipped."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "token_guard", "token": False, "ops": [{"op": "gain_rp", "amount": 4}]}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{**effects[0]["ops"][0], "token": True}]}])
    st = table(kit([card("Gust Arm", "Play: Flip a single in your tableau."), card("Stubborn Mule", text), *lamps()]),
               kit(lamps()))
    place(st, 0, "Stubborn Mule")
    do(st, 'play "Gust Arm"', "target 0 0")  # the Mule (slot 1), not the Arm (slot 2)
    mule = ids(st, 0, "Stubborn Mule")[0]
    assert mule not in st.down and st.rp[0] == 4
    assert any(e.action == "flip_refused" for e in st.events)


def test_a_gain_only_if_you_spent_money_this_turn():
    """"Tournament Turns": a turn is one player's; "if you spent money this turn" holds once an effect
    made you pay Dollars in this turn (rules notes, "MB: batch v"): played plainly it gives nothing,
    repeated by its own Action after the payment it does."""
    text = "Coin Op–Action: Spend 3 Dollars and repeat this card's Play Effects. | Play: Gain 12 RP if you spent money this turn."
    effects = compiles(text)
    assert effects[1]["ops"][0]["condition"] == {"test": "spent_this_turn"}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "condition": {"test": "spent_this_turn", "ever": True},
                                               "ops": [{"op": "gain_rp", "amount": 1}]}])
    st = table(kit([card("Arcade Cabinet", text), *lamps()]), kit(lamps()))
    st.money[0] = 5
    do(st, 'play "Arcade Cabinet"')
    assert st.rp[0] == 0
    do(st, 'use "Arcade Cabinet"')
    assert st.money[0] == 2 and st.rp[0] == 12


def test_pay_up_to_dollars_to_the_bank_is_a_spend_up_to():
    """"Pay up to N Dollars to the Bank": batch a's "Spend up to" (the bank is where a payment goes);
    "per Dollar spent" counts what was paid."""
    text = "Play: Pay up to 9 Dollars to the Bank. Gain 3 RP per dollar spent."
    assert compiles(text)[0]["ops"][0] == {"op": "spend_up_to", "amount": 9}
    st = table(kit([card("Toll Booth", text), *lamps()]), kit(lamps()))
    st.money[0] = 4
    do(st, 'play "Toll Booth"', "spend 3")
    assert st.money[0] == 1 and st.rp[0] == 9


def test_discard_up_to_cards_to_gain_their_combined_star():
    """"Discard a Card": to the binder; "Discard up to two cards from your hand to gain RP equal to
    their combined STAR" gains the Star Ratings of the cards discarded, and "for each card
    discarded this way" counts them."""
    text = ("Play: Discard up to two cards from your hand to gain RP equal to three times their combined STAR. "
            "Put one +1 STAR Token on this card per card discarded this way.")
    effects = compiles(text)
    assert [op["op"] for op in effects[0]["ops"]] == ["discard_up_to", "gain_rp", "star_tokens"]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Scrap Sage", text), card("Old Blade", star=4), card("Old Shield", star=2), *lamps()]),
               kit(lamps()))
    do(st, 'play "Scrap Sage"', 'pick "Old Blade"', 'pick "Old Shield"')
    assert st.pending is None
    sage = ids(st, 0, "Scrap Sage")[0]
    assert st.rp[0] == 18 and st.tokens.get(sage) == 2


def test_tokens_on_adjacent_cards_then_rp_for_their_combined_star():
    """"Blast Off": a +1 STAR token raises a card's Star Rating by 1; "then gain RP equal to their
    combined STARs" counts the cards the tokens went on, tokens included, and no other card."""
    text = ("Play: Place three +1 STAR Tokens on each card adjacent to this one, then gain Ranking Points equal to their "
            "combined STARs.")
    effects = compiles(text)
    assert effects[0]["ops"][1] == {"op": "gain_rp", "amount": 1, "per": {
        "count": "stars", "zone": "tableau", "filter": {"where": "adjacent", "face": "up"}}}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Far Post", star=2), card("Near Post", star=5), card("Nest Mouse", text), *lamps()]), kit(lamps()))
    place(st, 0, "Far Post", "Near Post")
    do(st, 'play "Nest Mouse"')
    far, near = ids(st, 0, "Far Post", "Near Post")
    assert st.tokens.get(near) == 3 and far not in st.tokens
    assert st.rp[0] == 8


def test_a_top_card_that_flips_once_it_has_stopped_a_gain():
    """"Top effects work as long as the card with the Top effect is the right-most face-up card";
    "When any player is prevented from gaining ... by this effect, flip this card": the first gain its
    "Players cannot gain RP" stops flips it, and the next gain is made."""
    text = "Top: Players cannot gain RP. When any player is prevented from gaining Ranking Points by this effect, flip this card."
    effects = compiles(text)
    assert effects[1]["trigger"] == {"event": "gain_prevented"}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Coin Rain", "Play: Gain 10 RP."), card("Coin Drizzle", "Play: Gain 3 RP."), *lamps()]),
               kit([card("Dry Spell", text), *lamps()]))
    place(st, 1, "Dry Spell")
    do(st, 'play "Coin Rain"')
    assert st.rp == [0, 0] and ids(st, 1, "Dry Spell")[0] in st.down
    assert any(e.action == "gain_prevented" for e in st.events)
    st.seat_turn, st.plays_left = 0, 1  # a second Single in the same turn (as "play an additional single")
    do(st, 'play "Coin Drizzle"')
    assert st.rp == [3, 0]


def test_players_left_with_no_rp_pay_you_if_able():
    """"FAQs": "You lose as much as you can and stop at zero"; "Each opponent with 0 RP must pay you
    3 Dollars, if able": a player left at 0 RP who has 3 Dollars pays them, one with fewer pays
    nothing, one with RP left pays nothing (rules notes, "MB: batch v")."""
    text = ("Play: Each other player loses 15 RP (or as much as possible). "
            "Each opponent with 0 RP must pay you 3 Dollars, if able.")
    effects = compiles(text)
    assert effects[0]["ops"][1] == {"op": "steal_money", "amount": 3, "who": "each_opponent",
                                    "rp": {"cmp": "==", "value": 0}, "if_able": True}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{**effects[0]["ops"][1], "if_able": False}]}])
    st = table(kit([card("Debt Collector", text), *lamps()]), kit(lamps()), kit(lamps()), kit(lamps()))
    st.rp = [0, 10, 10, 30]
    st.money = [0, 5, 2, 5]
    do(st, 'play "Debt Collector"')
    assert st.rp == [0, 0, 0, 15]
    assert st.money == [3, 2, 2, 5]


def test_each_player_that_did_not_flip_a_card_loses_rp():
    """"Flip a Card": a player with no face-up card that fits flips none; "Each player that did not
    flip a card loses 6 RP" takes RP from those of the players told to flip who flipped none
    (rules notes, "MB: batch v")."""
    text = ("Flip: Each other player must flip a card with at least one +1 STAR Token on it in their tableau. "
            "Each opponent who did not flip a card loses 6 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][1] == {"op": "lose_rp", "amount": 6, "who": "not_flipped"}
    assert check_card("single", {"star": 3}, effects) == []
    # with no flip before it, the players it means are unknown: not understood
    assert compile_text("Play: Each player that did not flip a card loses 6 RP.")[0] is None
    st = table(kit([card("Gust Arm", "Play: Flip a single in your tableau."), card("Token Taxer", text), *lamps()]),
               kit([card("Shiny", star=2), *lamps()]), kit([card("Dull", star=2), *lamps()]))
    place(st, 0, "Token Taxer")
    place(st, 1, "Shiny")
    place(st, 2, "Dull")
    shiny = ids(st, 1, "Shiny")[0]
    st.tokens[shiny] = 1
    st.rp = [0, 10, 10]
    do(st, 'play "Gust Arm"', "target 0 0")
    assert shiny in st.down and ids(st, 2, "Dull")[0] not in st.down
    assert st.rp == [0, 10, 4]


def test_a_top_card_takes_an_opponents_gain_until_scoring():
    """"Top effects work as long as the card with the Top effect is the right-most face-up card" and
    are "Not Optional": "Whenever an opponent would gain RP, you score that RP instead" moves each
    opponent's gain to you without asking or flipping; the parenthetical that it stops working during
    scoring lifts it while the tournament is scored ("Ending the Tournament")."""
    text = (f"Top: Whenever another player would gain RP, you instead score that much RP ({_UNTIL_SCORING}). "
            "At the beginning of each of your turns, flip this single.")
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "would_gain_rp", "gainer": "opponent", "until_scoring": True}
    assert effects[0]["ops"] == [{"op": "rp_gain_outcome", "as": "instead"}]
    assert effects[1]["trigger"] == {"event": "turn_start"}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "timing": "play"}])
    st = table(kit([card("Coin Rain", "Play: Gain 10 RP."), *lamps()]), kit([card("Tide Thief", text), *lamps()]))
    place(st, 1, "Tide Thief")
    do(st, 'play "Coin Rain"')
    assert st.rp == [0, 10] and not any(e.action == "choice" for e in st.events)  # not asked
    assert any(e.action == "rp_gain_replaced" for e in st.events)
    assert st.seat_turn == 1 and ids(st, 1, "Tide Thief")[0] in st.down  # flipped as its player's turn began
    st = table(kit([card("Coin Rain", "Play: Gain 10 RP."), *lamps()]), kit([card("Tide Thief", text), *lamps()]))
    place(st, 1, "Tide Thief")
    st.phase = "scoring"
    from rules.millennium_blades.ops_more_v import _answering

    assert _answering(st, 1, 0, set(), False) == []  # not while the tournament is scored
    st.phase = "turn"
    assert _answering(st, 1, 0, set(), False) == ids(st, 1, "Tide Thief")


def test_tokens_on_every_card_of_the_star_chosen_then_rp_per_token_in_all_tableaus():
    """"Choose a number": a Star Rating 0 to 12 (rules notes, "Choosing a Set or a type"); "all cards
    of that STAR in all tableaus" are the face-up cards with that Star Rating in every tableau; "+1
    STAR Token in all tableaus" counts the tokens on every tableau's cards ("Blast Off")."""
    text = ("Play: Choose a number. Put a +1 STAR Token on each card of that STAR in every tableau. | "
            "Score: Gain 2 RP for each +1 STAR Token in all tableaus (max. 20 RP).")
    effects = compiles(text)
    assert effects[0]["ops"][1]["target"] == {"player": "any", "pick": "all", "filter": {"chosen": True, "face": "up"}}
    assert effects[1]["ops"][0]["per"] == {"count": "star_tokens", "zone": "all", "filter": {}}
    assert compiles("Score: Gain 3 RP for every +1 STAR Token in your tableau.")[0]["ops"][0]["per"] == {
        "count": "star_tokens", "zone": "tableau", "filter": {}}
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Put a +1 STAR Token on each card of that STAR in every tableau.")[0] is None  # none chosen
    st = table(kit([card("Number Witch", text, star=5), card("Two A", star=2), *lamps()]),
               kit([card("Two B", star=2), card("Four B", star=4), *lamps()]))
    place(st, 0, "Two A")
    place(st, 1, "Two B", "Four B")
    do(st, 'play "Number Witch"', "value 2")
    two_a, two_b, four_b = ids(st, 0, "Two A") + ids(st, 1, "Two B", "Four B")
    assert st.tokens.get(two_a) == 1 and st.tokens.get(two_b) == 1 and four_b not in st.tokens
    witch = ids(st, 0, "Number Witch")[0]
    assert st.count(effects[1]["ops"][0]["per"], witch, 0, {}) == 2


def test_a_flip_effect_of_the_left_most_card_gives_the_new_left_most_tokens():
    """"Flip effects are activated when a card is flipped face-down"; "If this card was your
    left-most face-up card" holds when no face-up card is to its left (a flip moves no card), and
    "your new left-most card" is then the face-up card nearest the left end ("Tableau")."""
    text = ("Flip: If this card was your left-most face-up card, put 2 +1 STAR Tokens on your new left-most card "
            "and gain 12 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["target"] == {"player": "self", "pick": "leftmost"}
    assert check_card("single", {"star": 3}, effects) == []
    for before, flipped_slot, rp in (((), 0, 12), (("Post",), 1, 0)):
        st = table(kit([card("Gust Arm", "Play: Flip a single in your tableau."), card("Post"), card("Edge Scout", text),
                        card("Heir"), *lamps()]), kit(lamps()))
        place(st, 0, *before, "Edge Scout", "Heir")
        do(st, 'play "Gust Arm"', f"target 0 {flipped_slot}")
        heir = ids(st, 0, "Heir")[0]
        assert st.rp[0] == rp and st.tokens.get(heir, 0) == (2 if rp else 0)


def test_rp_at_the_start_of_your_next_turn_for_opponents_with_a_high_top_card():
    """"Next effects trigger on the next card you play"; "At the start of your next turn, gain 9 RP
    for each opponent whose Top card is 3 STAR or higher" waits for that player's next turn to
    start ("Tournament Turns") and counts the opponents' Top Cards then."""
    text = "Next: At the start of your next turn, gain 9 RP for each opponent whose Top card is 3 STAR or higher."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "at_next_turn", "ops": [{"op": "gain_rp", "amount": 9, "per": {
        "count": "opponents_top", "filter": {"face": "up", "star": {"cmp": ">=", "value": 3}}}}]}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "next", "ops": [{"op": "at_next_turn", "ops": []}]}])
    st = table(kit([card("Weather Seer", text), *lamps()]), kit([card("Tall", star=4), card("Short", star=1), *lamps()]),
               kit([card("Low", star=2), *lamps()]))
    do(st, 'play "Weather Seer"', 'play "Tall"', 'play "Low"')
    do(st, 'play "Lamp 0"')  # the Seer's Next effect: it waits for Seat 0's next turn
    assert st.rp[0] == 0 and len(st.next_turn_ops[0]) == 1
    do(st, 'play "Short"')  # Seat 1's Top Card is now a 1 STAR card
    do(st, 'play "Lamp 0"')  # Seat 2's a 3 STAR one; Seat 0's turn starts
    assert st.rp[0] == 9  # Seat 2's Top Card counts, Seat 1's does not
    assert st.seat_turn == 0 and st.next_turn_ops[0] == []
    assert any(e.action == "at_next_turn" for e in st.events)


def test_a_reaction_returns_the_cards_you_discarded_to_your_hand():
    """"Discard a Card": to the binder; "Reaction: After you discard any number of cards, return
    those cards to your hand": the cards that discard took, still in the binder, go back to the
    hand, and the Reaction's card is flipped ("Reaction")."""
    text = "Reaction: After you discard any number of cards, return those cards to your hand."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "discard"}
    assert effects[0]["ops"] == [{"op": "those_to_hand", "from": "binder"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{"op": "those_to_hand", "from": "store"}]}])
    assert compile_text("Play: Return the discarded cards to your hand.")[0] is None  # nothing discarded to name
    st = table(kit([card("Sorter", "Play: Discard up to two cards from your hand."), card("Boomerang Kid", text),
                    card("Old Blade"), card("Old Shield"), *lamps()]), kit(lamps()))
    place(st, 0, "Boomerang Kid")
    do(st, 'play "Sorter"', 'pick "Old Blade"', 'pick "Old Shield"')
    assert st.pending["seat"] == 0 and st.pending["about"] == "Boomerang Kid"  # the Reaction is offered
    do(st, "accept")
    blade, shield, kid = ids(st, 0, "Old Blade", "Old Shield", "Boomerang Kid")
    assert blade in st.hand[0] and shield in st.hand[0] and st.binder[0] == []
    assert kid in st.down


def test_tokens_passed_on_as_the_card_flips_then_rp_per_token_added():
    """"Flip effects see the +1 Star tokens it had"; "Choose another single" is a face-up single of
    any tableau but this one; "for each Token added this way" counts the tokens this effect put on
    cards (capped, "max.")."""
    text = ("Flip: Choose another single and put a +1 STAR Token on that card for each +1 STAR Token on this card, "
            "then gain 3 RP for each Token added this way (max. 21 RP).")
    effects = compiles(text)
    assert effects[0]["ops"][0]["target"]["filter"] == {"face": "up", "where": "other"}
    assert effects[0]["ops"][2] == {"op": "gain_rp", "amount": 3, "per": {"count": "tokens_added"}, "max": 21}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Gust Arm", "Play: Flip a single in your tableau."), card("Heirloom", text), *lamps()]),
               kit([card("Cousin"), *lamps()]))
    place(st, 0, "Heirloom")
    place(st, 1, "Cousin")
    heirloom, cousin = ids(st, 0, "Heirloom") + ids(st, 1, "Cousin")
    st.tokens[heirloom] = 3
    do(st, 'play "Gust Arm"', "target 0 0")
    assert sorted(str(o) for o in st.pending["options"]) == ["target 0 1", "target 1 0"]  # not the Heirloom
    do(st, "target 1 0")
    assert st.tokens.get(cousin) == 3 and st.rp[0] == 9


def test_after_you_finish_playing_your_next_card_is_the_next_effect():
    """"Next effects trigger on the next card you play", after its Play effects ("Top>Ongoing>Play>
    Next"): "After you finish playing the next card you play, each opponent flips their Top card"
    flips them once the next card's Play effect has resolved."""
    text = "Next: After you finish playing the next card you play, each opponent flips their Top card. Gain 11 RP."
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "flip", "target": {"player": "each_opponent", "pick": "top", "chooser": "owner"}}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Encore", text), card("Opener", "Play: Gain 2 RP."), *lamps()]), kit([card("Stage"), *lamps()]))
    do(st, 'play "Encore"', 'play "Stage"', 'play "Opener"')
    moves = [(e.action, e.player) for e in st.events if e.action in ("gain_rp", "flip")]
    assert moves[-3:] == [("gain_rp", 0), ("flip", 0), ("gain_rp", 0)]  # the Play effect, then the Next effect
    assert ids(st, 1, "Stage")[0] in st.down and st.rp[0] == 13


def test_money_another_player_spends_goes_to_you():
    """"Ongoing effects keep on working continuously as long as the card is face-up": "Whenever
    an opponent spends Dollars, that money goes to you instead of the Bank" moves what they pay to an
    effect to you; your own payments go to the bank (rules notes, "MB: batch v")."""
    text = "Ongoing: Whenever an opponent spends Dollars, that money goes to you instead of the Bank."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "takes_spending"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "takes_spending", "amount": 1}]}])
    toll = "Play: Pay up to 9 Dollars to the Bank. Gain 3 RP per dollar spent."
    st = table(kit([card("Toll Booth", toll), *lamps()]), kit([card("Tax Man", text), card("Toll Gate", toll), *lamps()]))
    place(st, 1, "Tax Man")
    st.money = [4, 4]
    do(st, 'play "Toll Booth"', "spend 3")
    assert st.money == [1, 7] and st.rp[0] == 9
    do(st, 'play "Toll Gate"', "spend 2")
    assert st.money == [1, 5]  # the Tax Man's own player pays the bank


def test_pay_rp_equal_to_its_star_instead_of_a_flip():
    """"Ongoing effects keep on working continuously"; "you may choose to pay RP equal to its STAR
    instead of flipping it": batch k's shield against an opponent's flip, paid in RP (the card's Star
    Rating) by a player who has that much (rules notes, "MB: batch v")."""
    text = ("Ongoing: Whenever a card in your tableau would be flipped by an opponent's effect, you may pay RP equal "
            "to its STAR instead.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "token_shield", "target": "tableau", "optional": True, "pay": "rp_star"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{**effects[0]["ops"][0], "pay": "dollars"}]}])
    for rp, answer, flipped in ((10, "accept", False), (10, "decline", True), (3, None, True)):
        st = table(kit([card("Gust Hook", "Play: Flip a card in an opponent's tableau."), *lamps()]),
                   kit([card("Nurse Ward", text, star=2), card("Patient", star=5), *lamps()]))
        place(st, 1, "Nurse Ward", "Patient")
        st.rp = [0, rp]
        do(st, 'play "Gust Hook"', "target 1 1")
        if answer:
            assert "pay 5 RP for Patient" in st.pending["about"]
            do(st, answer)
        patient = ids(st, 1, "Patient")[0]
        assert (patient in st.down) == flipped and st.rp[1] == (5 if answer == "accept" else rp)
