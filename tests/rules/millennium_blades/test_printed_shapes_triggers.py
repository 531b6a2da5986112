"""More shapes of printed text, batch "triggers" (issue 26.2; rules/millennium_blades/phrases_triggers.py
and ops_triggers.py): new trigger events (a card put into the Aftermarket, a Play effect activated,
Dollars gained or spent) and choices other players make. Original cards in each shape, compiled,
checked by the card checker and played in the tournament engine (millennium-blades.txt sections cited
per test; docs/rules-notes.md, "MB: triggers")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

DUMP = "Play: Put the top two cards of the Store into the Aftermarket."


def test_each_card_put_into_the_aftermarket_triggers_a_top_effect_that_may_take_it():
    """"Effects on Cards": a Top effect "is activated whenever the relevant condition ... is met",
    here each card put into the Aftermarket ("Aftermarket Space"), one at a time; its player may use
    it or not, and chooses one option: the card itself to their hand, or RP."""
    text = "Top: Whenever a card is put into the Aftermarket, you may either take it into your hand or gain 4 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "to_aftermarket", "by": "any"}
    assert effects[0]["ops"][0]["options"] == [[{"op": "take", "card": "revealed", "to": "hand"}],
                                               [{"op": "gain_rp", "amount": 4}]]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Scrap Sparrow", DUMP), *lamps(2)]), kit([card("Gull Broker", text), *lamps(2)]),
               store=(2, 5, 1))
    place(st, 1, "Gull Broker")
    do(st, 'play "Scrap Sparrow"')
    first, second = st.aftermarket
    assert st.current_players() == [1]  # the listener's player decides, not the player whose turn it is
    do(st, "accept", "option 0", "accept", "option 1")
    assert first in st.hand[1] and st.owner[first] == 1 and st.aftermarket == [second]
    assert st.rp[1] == 4 and st.rp[0] == 0


def test_a_reaction_after_a_card_enters_the_aftermarket_scores_its_best_cards():
    """"Effects on Cards": "When you activate a Reaction, the card that triggers it is flipped
    face-down", so it answers the first card only; "the combined STAR of 2 cards of your choice in
    the Aftermarket" is the best choice, the two highest (rules notes, "MB: triggers")."""
    text = ("Reaction: After a card is added to the Aftermarket, gain RP equal to the combined STAR of 2 cards of "
            "your choice in the Aftermarket.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "gain_rp", "amount": 1, "per": {"count": "aftermarket_best", "cards": 2}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [
        {"op": "gain_rp", "amount": 1, "per": {"count": "aftermarket_best", "cards": 0}}]}])
    st = table(kit([card("Scrap Sparrow", DUMP), *lamps(2)]), kit([card("Tide Appraiser", text), *lamps(2)]),
               store=(6, 4, 3))
    place(st, 1, "Tide Appraiser")
    (old,) = ids(st, 0, "Lamp 1")  # a 3 STAR card there already
    st.hand[0].remove(old)
    st.aftermarket.append(old)
    do(st, 'play "Scrap Sparrow"', "accept")  # the first card (6 STAR) and the second (4) are both there
    (appraiser,) = ids(st, 1, "Tide Appraiser")
    assert appraiser in st.down and st.rp[1] == 10 and st.current_players() == [1]  # seat 1's turn now


def test_dollars_gained_or_spent_pay_rp_for_that_many():
    """"Effects on Cards": an Ongoing effect whenever its player gains or spends Dollars; "that much"
    is the Dollars of that gain or payment (the Play effect "Pay ..." spends them)."""
    text = "Ongoing: Whenever you gain or spend Dollars, you also gain three times that much RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "money_moved", "by": "self"}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Coin Fountain", "Play: Gain 3 Dollars."), card("Toll Gate", "Play: Pay 2 Dollars."),
                    card("Ledger Imp", text), *lamps(2)]), kit(lamps(4)))
    place(st, 0, "Ledger Imp")
    money = st.money[0]
    do(st, 'play "Coin Fountain"')
    assert st.money[0] == money + 3 and st.rp[0] == 9
    do(st, 'play "Lamp 0"', 'play "Toll Gate"')
    assert st.money[0] == money + 1 and st.rp[0] == 15
    only_gains = compiles("Ongoing: Whenever you gain Dollars, gain 1 RP.")
    assert only_gains[0]["trigger"] == {"event": "money_gained", "by": "self"}
    assert compiles("Ongoing: Whenever you spend one or more Dollars, gain 1 RP.")[0]["trigger"]["event"] == "money_spent"


def test_a_play_effect_activated_by_an_opponent_triggers_an_ongoing_effect():
    """"Effects on Cards": Play effects "activate when the card is played"; an Ongoing effect that
    hears each Play effect an opponent activates pays for each; a card with no Play effect activates none,
    and a card played does not hear its own (it was not in play yet, as for "play" triggers)."""
    text = "Ongoing: Each time an opponent activates a Play effect, you gain 3 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "play_effect", "by": "opponent"}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Coin Fountain", "Play: Gain 1 Dollars."), *lamps(2)]),
               kit([card("Echo Owl", text), card("Loud Owl", "Top: Each time a player activates a Play effect, "
                                                 "gain 2 RP. | Play: Gain 1 RP."), *lamps(2)]))
    place(st, 1, "Echo Owl")
    do(st, 'play "Lamp 0"')
    assert st.rp[1] == 0
    do(st, 'play "Lamp 0"', 'play "Coin Fountain"')
    assert st.rp[1] == 3
    do(st, 'play "Loud Owl"')  # its own Play effect: its player's, heard by neither Owl
    assert st.rp[1] == 4


def test_rp_exchanged_with_the_richest_player():
    """"Ranking Points": an exchange of RP with the richest player swaps the two totals; a tie
    for the most among others: this effect's player chooses; already the richest: nothing changes."""
    text = "Play: Exchange RP totals with the player with the most RP. | Flip: Swap RP totals with the player with the least RP."
    effects = compiles(text)
    assert [e["ops"] for e in effects] == [[{"op": "exchange_rp", "with": "most"}], [{"op": "exchange_rp", "with": "least"}]]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "exchange_rp", "with": "some"}]}])
    st = table(kit([card("Purse Swapper", text), *lamps(2)]), kit(lamps(3)), kit(lamps(3)))
    st.rp[:] = [5, 30, 12]
    do(st, 'play "Purse Swapper"')
    assert st.rp == [30, 5, 12]
    st = table(kit([card("Purse Swapper", text), *lamps(2)]), kit(lamps(3)), kit(lamps(3)))
    st.rp[:] = [5, 30, 30]
    do(st, 'play "Purse Swapper"', "player 2")
    assert st.rp == [30, 30, 5]
    st = table(kit([card("Purse Swapper", text), *lamps(2)]), kit(lamps(3)))
    st.rp[:] = [40, 30]
    do(st, 'play "Purse Swapper"')
    assert st.rp == [40, 30]


def test_each_other_player_may_lose_rp_or_else_flips_a_card():
    """"Effects on Cards" ("passing clockwise"): each other player, from your left, decides for
    themselves; a player who cannot lose the RP (RP stop at 0) or chooses not to flips a card of
    their tableau instead (rules notes, "MB: triggers")."""
    text = ("Play: Each other player may lose 12 RP. If a player cannot or chooses not to, they must flip a card "
            "in their tableau.")
    effects = compiles(text)
    op = effects[0]["ops"][0]
    assert op["op"] == "each_chooses" and op["who"] == "each_other" and op["options"][0] == [
        {"op": "lose_rp", "amount": 12}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{**op, "options": [op["options"][0]]}]}])
    st = table(kit([card("Clock Warden", text), *lamps(2)]), kit(lamps(3)), kit(lamps(3)), kit(lamps(3)))
    for seat in (1, 2, 3):
        place(st, seat, "Lamp 0")
    st.rp[:] = [0, 20, 5, 20]
    do(st, 'play "Clock Warden"')
    assert st.current_players() == [1]  # seat 1 (to the left) first; seat 2 cannot pay: no choice
    do(st, "option 0")
    assert st.current_players() == [3]
    do(st, "option 1")
    assert st.rp == [0, 8, 5, 20]
    assert ids(st, 2, "Lamp 0")[0] in st.down and ids(st, 3, "Lamp 0")[0] in st.down
    assert ids(st, 1, "Lamp 0")[0] not in st.down


def test_each_player_from_your_left_chooses_a_deal_or_nothing():
    """"Effects on Cards": starting to your left and going clockwise, each player (you last) chooses
    one option as their own decision: "you" is this effect's player, "that player" the chooser; for
    you, both halves are yours."""
    text = ("Play: Starting to your left and going clockwise, each player chooses one of the following: You gain "
            "2 Dollars and that player gains 6 RP; or neither of you gains anything.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["options"] == [
        [{"op": "gain_money", "amount": 2, "who": "that_player"}, {"op": "gain_rp", "amount": 6}], [{"op": "pass_option"}]]
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Starting to your left and going clockwise, each player chooses one of the following: "
                        "You gain 2 Dollars and that player sings; or neither of you gains anything.")[1]
    st = table(kit([card("Street Painter", text), *lamps(2)]), kit(lamps(3)), kit(lamps(3)))
    money = list(st.money)
    do(st, 'play "Street Painter"')
    assert st.current_players() == [1]
    do(st, "option 0")
    assert st.current_players() == [2]
    do(st, "option 1")
    assert st.current_players() == [0]
    do(st, "option 0")
    assert [m - m0 for m, m0 in zip(st.money, money, strict=True)] == [4, 0, 0]
    assert st.rp == [6, 6, 0]


def test_your_cards_flipped_by_your_own_effects_or_costs_and_by_any_effect():
    """"Use an Action": "perform the text on the card, then flip the card face-down"; "Effects on
    Cards": a Reaction's card "is flipped face-down". Those flips are made by the card's player, as
    its effects' flips are: "flipped by an effect you control or to pay the cost of an Action or a
    Reaction" hears them and not an opponent's flip; "by any effect (including its own)" hears both."""
    mine = ("Ongoing: The first time each turn that one of your cards is flipped by an effect you control or to pay "
            "the cost of an action or a reaction, gain 7 RP.")
    effects = compiles(mine)
    assert effects[0]["trigger"] == {"event": "flipped", "by": "self", "whose": "self", "first_each_turn": True}
    anyone = compiles("Ongoing: Each time one of your cards is flipped by any effect (including its own), gain 2 RP.")
    assert anyone[0]["trigger"] == {"event": "flipped", "by": "any", "whose": "self"}
    hammer = "Action: Flip a card in an opponent's tableau."
    st = table(kit([card("Cost Counter", mine), card("Tin Lever", "Action: Gain 1 RP."), *lamps(2)]),
               kit([card("Mallet Imp", hammer), *lamps(2)]))
    place(st, 0, "Cost Counter", "Tin Lever")
    place(st, 1, "Mallet Imp", "Lamp 1")
    do(st, 'use "Tin Lever"')
    assert ids(st, 0, "Tin Lever")[0] in st.down and st.rp[0] == 8
    do(st, 'play "Lamp 0"', 'use "Mallet Imp"', "target 0 2")
    assert ids(st, 0, "Lamp 0")[0] in st.down and st.rp[0] == 8  # an opponent's flip: not heard
    st = table(kit([card("Dent Collector", "Ongoing: Each time one of your cards is flipped by any effect "
                         "(including its own), gain 2 RP."), *lamps(2)]),
               kit([card("Mallet Imp", hammer), *lamps(2)]))
    place(st, 0, "Dent Collector", "Lamp 0")
    place(st, 1, "Mallet Imp", "Lamp 1")
    do(st, 'play "Lamp 1"', 'use "Mallet Imp"', "target 0 1")
    assert st.rp[0] == 2


def test_each_opponent_may_pick_one_listed_effect_and_you_do_all_of_them():
    """"Effects on Cards" ("passing clockwise"): each opponent, from your left, chooses one of the
    listed effects (or none: "may") as their own; the verb of the first is the verb of each ("gain ...
    the top two cards of the Store": to the hand, as "Gain a Card" does); then you do all of them."""
    text = ("Play: Each opponent may choose one effect to perform: Gain 6 RP, the top two cards of the Store, or "
            "a card from the Aftermarket. You perform all three effects.")
    effects = compiles(text)
    op = effects[0]["ops"][0]
    assert op["options"] == [[{"op": "gain_rp", "amount": 6}], [{"op": "gain_store", "amount": 2}],
                             [{"op": "take_aftermarket", "to": "hand"}], [{"op": "pass_option"}]]
    assert effects[0]["ops"][1:] == [o for option in op["options"][:3] for o in option]
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text(text.replace("all three", "all four"))[1]  # not as many as listed: not read
    st = table(kit([card("Bamboo Host", text), *lamps(2)]), kit(lamps(3)), kit(lamps(3)), store=(1, 2, 3, 4, 5))
    (bargain,) = ids(st, 1, "Lamp 2")
    st.hand[1].remove(bargain)
    st.aftermarket.append(bargain)
    do(st, 'play "Bamboo Host"')
    assert st.current_players() == [1]
    do(st, "option 1")  # the two top cards of the Store (1 and 2 STAR) to seat 1's hand
    assert st.current_players() == [2]
    do(st, "option 3")  # seat 2: none
    assert len(st.hand[1]) == 4 and len(st.hand[2]) == 3 and st.rp[1:] == [0, 0]
    assert st.rp[0] == 6 and bargain in st.hand[0] and len(st.hand[0]) == 2 + 2 + 1


GEAR = ("Top: Whenever you use an Action that doesn't cause a clash, you may remove a +1 STAR Token from this card to "
        "clash with an opponent. | Top: Whenever this card wins a clash, each opponent loses RP equal to its STAR. You get "
        "another Action this turn.")


def test_an_action_that_causes_no_clash_lets_this_card_clash_and_win_an_action_back():
    """"Use an Action": "perform the text on the card, then flip the card face-down"; the Top effect
    hears the Action once it is done, only if no clash occurred meanwhile ("Clashing"); a token paid
    from this card buys the clash; won with this card ("its STAR": this card's, tokens included), it
    costs the opponent RP and gives one more Action this turn: the one just used is given back ("You can
    use one action per turn")."""
    effects = compiles(GEAR)
    assert effects[0]["trigger"] == {"event": "action_no_clash", "by": "self"}
    assert effects[0]["ops"][1] == {"op": "if", "condition": {"test": "did"}, "then": [{"op": "clash", "with": "opponent"}]}
    assert effects[1]["trigger"] == {"event": "clash_won", "with_this": True}
    assert effects[1]["ops"] == [{"op": "lose_rp", "amount": 1, "per": {"count": "star", "card": "this"}, "who": "each_opponent"},
                                 {"op": "bonus_action"}]
    assert check_card("single", {"star": 5}, effects) == []
    st = table(kit([card("Tin Lever", "Action: Gain 1 RP."), card("Cog Brawler", GEAR, star=5),
                    card("Spark Lever", "Action: Clash with an opponent."), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Spark Lever", "Tin Lever", "Cog Brawler")
    place(st, 1, "Lamp 0")
    (brawler,) = ids(st, 0, "Cog Brawler")
    st.tokens[brawler] = 2
    st.rp[1] = 50
    do(st, 'use "Tin Lever"', "accept")  # no clash in it: the Brawler pays a token and clashes, and wins
    assert st.tokens[brawler] == 1 and st.clashes_won[0] == 1
    assert st.rp == [1, 50 - 6] and not st.action_used  # 5 STAR and one token; the Action given back
    do(st, 'use "Spark Lever"')  # an Action that clashes: not heard (no question asked)
    assert st.tokens[brawler] == 1 and st.clashes_won[0] == 2 and st.pending is None
    assert st.rp == [1, 44 - 6] and not st.action_used  # won with the Brawler: its RP, and the Action given back


def test_an_additional_action_gained_before_the_turns_action_is_kept_for_after_it():
    """"Use an Action": "You can use one action per turn"; one more gained this turn before the turn's
    Action is used is kept: two Actions may be used after it."""
    text = "Ongoing: Whenever you play a card, you gain an additional Action this turn."
    assert compiles(text)[0]["ops"] == [{"op": "bonus_action"}]
    st = table(kit([card("Spare Gear", text), card("Tin Lever", "Action: Gain 1 RP."),
                    card("Copper Lever", "Action: Gain 2 RP."), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Spare Gear", "Tin Lever", "Copper Lever")
    do(st, 'play "Lamp 0"')
    assert st.current_players() == [0]  # the turn goes on: Actions are left
    do(st, 'use "Tin Lever"', 'use "Copper Lever"')
    assert st.rp[0] == 3


def test_the_next_player_to_gain_rp_is_heard_once():
    """"Effects on Cards": the effect is about one event, the next gain of RP by anyone ("Ranking
    Points"); it flips this card when another player makes that gain (its Flip effect then resolves),
    and after that first gain nothing more is heard."""
    text = "Top: If the next player to gain RP isn't you, flip this card. | Flip: Gain 20 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "gained_rp", "by": "any", "only_next": True}
    assert effects[0]["condition"] == {"test": "not", "of": {"test": "that_player", "is": "self"}}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "condition": {"test": "that_player", "is": "x"}}])
    assert check_card("single", {"star": 3}, [{**effects[0], "trigger": {**effects[0]["trigger"], "only_next": False}}])
    st = table(kit([card("Coin Fountain", "Play: Gain 2 RP."), *lamps(2)]),
               kit([card("Skittish Fox", text), *lamps(2)]))
    place(st, 1, "Skittish Fox")
    do(st, 'play "Coin Fountain"')
    assert ids(st, 1, "Skittish Fox")[0] in st.down and st.rp == [2, 20]
    mine = "Ongoing: If the next player to gain RP is you, gain 9 RP."
    st = table(kit([card("Lucky Heron", mine), card("Coin Fountain", "Play: Gain 2 RP."),
                    card("Coin Well", "Play: Gain 2 RP."), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Lucky Heron")
    do(st, 'play "Coin Fountain"')
    assert st.rp[0] == 11
    do(st, 'play "Lamp 0"', 'play "Coin Well"')
    assert st.rp[0] == 13  # the next gain was heard already


def test_the_next_gain_of_rp_this_turn_is_made_again_up_to_a_cap():
    """"Use an Action" (a Deck Box's Action, then flipped); "Ranking Points": the next gain of RP its
    player makes this turn is made once more, at most the cap, and only that one; the rest of the turn
    it is used up, and it does not outlast the turn."""
    text = "Action: The next time you gain RP this turn, gain that much RP again (max. 5 RP)."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "echo_next_gain", "max": 5}]
    assert check_card("deck_box", {"star": 2}, effects) == []
    assert check_card("deck_box", {"star": 2}, [{"timing": "action", "ops": [{"op": "echo_next_gain", "max": 0}]}])
    box = card("Encore Box", text, kind="deck_box")
    st = table(kit([card("Coin Fountain", "Play: Gain 8 RP. Gain 2 RP."), card("Coin Well", "Play: Gain 3 RP."),
                    *lamps(2)], box=[box]), kit(lamps(3)))
    do(st, 'use "Encore Box"', 'play "Coin Fountain"')
    assert st.rp[0] == 8 + 5 + 2  # the first gain again, capped; the second not
    do(st, 'play "Lamp 0"', 'play "Coin Well"')
    assert st.rp[0] == 15 + 3
    st = table(kit([card("Coin Well", "Play: Gain 3 RP."), *lamps(2)], box=[box]), kit(lamps(3)))
    do(st, 'use "Encore Box"', 'play "Lamp 0"', 'play "Lamp 0"', 'play "Coin Well"')
    assert st.rp[0] == 3  # armed in an earlier turn: gone


def test_a_reaction_negates_the_play_effects_of_a_card_an_opponent_would_play():
    """"Effects on Cards": Play effects are "activated right away when a card comes into play"; a
    Reaction to an opponent about to play a card resolves first, and "negate that card's Play
    effects" leaves them unresolved; the Reaction's card is flipped ("Reaction"). Its own player's
    plays are not heard."""
    text = "Reaction: When an opponent would play a SOLDIER, negate that card's Play effects."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "would_play", "by": "opponent", "filter": {"type": "soldier"}}
    assert effects[0]["ops"] == [{"op": "negate_play"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Negate that card's Play effects.")[1]  # only about a card about to be played
    st = table(kit([card("Coin Fountain", "Play: Gain 4 RP. | Play: Gain 1 Dollars."), card("Coin Well", "Play: Gain 3 RP."),
                    *lamps(2)]), kit([card("Hush Warden", text), card("Loud Page", "Play: Gain 2 RP."), *lamps(2)]))
    place(st, 1, "Hush Warden")
    money = st.money[0]
    do(st, 'play "Coin Fountain"')
    assert st.current_players() == [1]
    do(st, "accept")
    assert st.rp[0] == 0 and st.money[0] == money and ids(st, 1, "Hush Warden")[0] in st.down
    assert any(e.action == "play_effects_negated" for e in st.events)
    do(st, 'play "Loud Page"', 'play "Coin Well"')  # the Warden is face-down now: no question
    assert st.rp == [3, 2]
    st = table(kit([card("Pebble", "Play: Gain 1 RP.", types=("mage",)), *lamps(2)]),
               kit([card("Hush Warden", text), card("Loud Page", "Play: Gain 2 RP."), *lamps(2)]))
    place(st, 1, "Hush Warden")
    do(st, 'play "Pebble"', 'play "Loud Page"')  # not a SOLDIER; then its own player's play: no question
    assert st.rp == [1, 2] and st.current_players() == [0]
