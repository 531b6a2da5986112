"""Clash variants and dice of printed text, the ``clash2`` batch (issue 26.2;
rules/millennium_blades/phrases_clash2.py and ops_clash2.py). Original cards in each shape, compiled,
checked by the card checker and played in the tournament engine (millennium-blades.txt sections cited
per test; docs/rules-notes.md, "MB: clash2, dice and clash values")."""

from __future__ import annotations

import pytest

from rules.core.registry import get_game
from tests.rules.millennium_blades.helpers import card, compiles, do, kit, lamps, place, table

STARRED = {"star": 3, "elements": ["fire"], "types": ["soldier"]}


def checked(text: str) -> list[dict]:
    """The effects ``text`` compiles to, which the card checker a card is saved with accepts."""
    effects = compiles(text)
    assert get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=effects) == []
    return effects


def rolls(st) -> list[dict]:
    return [dict(e.changes) for e in st.events if e.action == "dice_rolled"]


# -- dice rolled as a sentence; RP for their combined value ----------------------------------------------------
GAMBLER = ("Play: Roll 2 six-sided dice. Gain RP equal to three times their combined value. If there is no die at "
           "hand, gain 9 RP instead.")


def test_dice_are_rolled_and_three_times_their_total_is_gained():
    """No section of the rulebook rolls dice; the card does, with the game's seeded generator (each die
    logged), and "their combined value" is the dice added. "If there is no die at hand" never holds:
    the engine always has its dice (rules notes, "MB: clash2"), so the 9 RP are never the gain."""
    ops = checked(GAMBLER)[0]["ops"]
    assert ops == [{"op": "roll_dice", "dice": 2, "sides": 6},
                   {"op": "if", "condition": {"test": "no_dice"}, "then": [{"op": "gain_rp", "amount": 9}],
                    "else": [{"op": "gain_rp", "amount": 3, "per": {"count": "roll"}}]}]
    st = table(kit([card("Loaded Gambler", GAMBLER, star=1), *lamps(2)]), kit(lamps(3)))
    do(st, 'play "Loaded Gambler"')
    (rolled,) = rolls(st)
    assert len(rolled["dice"]) == 2 and all(1 <= d <= 6 for d in rolled["dice"])
    assert rolled["total"] == sum(rolled["dice"]) and st.rp[0] == 3 * rolled["total"]


def test_a_score_effect_may_roll_and_the_roll_needs_a_roll_before_it():
    assert checked("Score: Roll a 6-sided die. Lose RP equal to the roll.")[0]["ops"] == [
        {"op": "roll_dice", "dice": 1, "sides": 6}, {"op": "lose_rp", "amount": 1, "per": {"count": "roll"}}]
    with pytest.raises(AssertionError, match="not understood"):
        compiles("Play: Gain RP equal to their combined value.")  # no dice rolled: "their" names nothing


# -- dice as a player's whole clash value -------------------------------------------------------------------------
BONES = ("Ongoing: Whenever you clash, roll two 8-sided dice to decide your clash value (instead of revealing the top "
         "card of the Store and adding the STAR of your Top card). Whenever you win a clash, gain RP equal to your "
         "roll. When you lose a clash, flip this.")
DUEL = "Play: Clash with an opponent. The winner gains 2 RP."


def _bones_table(their_star: int):
    st = table(kit([card("Bone Caster", BONES, star=1), card("Quick Duel", DUEL, star=9), *lamps(1)]),
               kit([card("Iron Post", star=their_star), *lamps(2)]), store=(1, 1, 1, 1))
    place(st, 0, "Bone Caster")
    place(st, 1, "Iron Post")
    return st


def test_the_roll_is_the_clash_value_and_the_winner_gains_it():
    """"Clashing": each player's total is a revealed Store card's STAR added to their card's. This
    card's player rolls instead (two 8-sided dice: 2..16) and reveals no Store card; against 1 + 1 the
    roll always wins, and "gain RP equal to your roll" pays it, with the clash's own 2 RP."""
    effects = checked(BONES)
    assert effects[0]["ops"] == [{"op": "clash_dice", "dice": 2, "sides": 8}]
    assert effects[1]["trigger"] == {"event": "clash_won"}
    assert effects[2]["ops"] == [{"op": "flip", "target": {"player": "self", "pick": "this"}}]
    st = _bones_table(their_star=0)
    store = len(st.store)
    do(st, 'play "Quick Duel"')
    (rolled,) = rolls(st)
    assert len(rolled["dice"]) == 2 and all(1 <= d <= 8 for d in rolled["dice"])
    assert len(st.store) == store - 1  # only seat 1 revealed a Store card
    clash = next(dict(e.changes) for e in st.events if e.action == "clash")
    assert clash["totals"] == [rolled["total"], 1] and clash["revealed"] == [None, "Store card 0"]
    assert st.rp[0] == 2 + rolled["total"] and st.down == set()


def test_a_lost_clash_flips_this_card():
    st = _bones_table(their_star=20)  # 20 + 1 beats any roll of two 8-sided dice
    do(st, 'play "Quick Duel"')
    assert st.rp == [0, 2] and [st.cards[c].name for c in st.down] == ["Bone Caster"]


def test_without_the_card_a_clash_rolls_nothing():
    st = table(kit([card("Quick Duel", DUEL, star=9), *lamps(2)]), kit([card("Iron Post", star=1), *lamps(2)]))
    place(st, 1, "Iron Post")
    do(st, 'play "Quick Duel"')
    assert rolls(st) == [] and st.rp == [2, 0]


def test_a_clash_with_an_aftermarket_card_is_rolled_too():
    """"Whenever you clash": a clash against an Aftermarket card too (rules notes, "Clash with a card
    in the Aftermarket"): the roll against that card's STAR, no Store card revealed."""
    st = table(kit([card("Bone Caster", BONES, star=1),
                    card("Market Dare", "Play: Clash with a card from the Aftermarket. If you win, gain 1 RP.", star=9),
                    *lamps(1)]), kit(lamps(3)), store=(1, 1, 1, 1))
    place(st, 0, "Bone Caster")
    st.aftermarket.append(st.store.pop())  # a 1 STAR card to clash with
    store = len(st.store)
    do(st, 'play "Market Dare"')
    (rolled,) = rolls(st)
    assert len(st.store) == store and st.rp[0] == 1 + rolled["total"]  # the roll (2 or more) beats 1


# -- a clash of two of your own cards ---------------------------------------------------------------------------
FEUD = ("Play: Clash against yourself using two singles from your tableau. Gain RP equal to twice the STAR of the "
        "winning card, then return the losing card to your binder.")


def _feud_table(store):
    st = table(kit([card("Sibling Rivalry", FEUD, star=1), card("Elder Twin", star=5), card("Younger Twin", star=4)]),
               kit(lamps(3)), store=store)
    place(st, 0, "Elder Twin", "Younger Twin")
    return st


def test_two_of_your_cards_clash_and_the_loser_goes_to_the_binder():
    """"Clashing": each card's total is its STAR plus a Store card revealed for it (both then go to
    the Aftermarket); here two of the player's own cards, picked by the player (rules notes, "MB:
    clash2"). 5 + 1 against 4 + 3: the Younger Twin wins; "Discard a Card": the losing card goes to the
    owner's binder. No player wins or loses, so no clash is counted as won."""
    ops = checked(FEUD)[0]["ops"]
    assert ops[0] == {"op": "clash", "with": "self_two"}
    assert ops[2] == {"op": "discard_in_play", "target": {"player": "self", "pick": "losing_card"}}
    st = _feud_table(store=(1, 3, 1))
    do(st, 'play "Sibling Rivalry"')
    assert st.current_players() == [0]  # three face-up cards: the two are picked
    elder, younger = (c for c in st.tableau[0] if st.cards[c].name.endswith("Twin"))
    do(st, f"target 0 {st.tableau[0].index(elder)}")
    do(st, f"target 0 {st.tableau[0].index(younger)}")
    assert st.rp[0] == 2 * 4 and elder not in st.tableau[0] and younger in st.tableau[0]
    assert st.clashes_won == [0, 0] and len(st.aftermarket) == 2
    (clash,) = [dict(e.changes) for e in st.events if e.action == "self_clash"]
    assert clash["totals"] == [6, 7] and clash["winner"] == "Younger Twin"


def test_a_tie_has_no_winning_or_losing_card():
    st = _feud_table(store=(1, 2, 1))  # 5 + 1 against 4 + 2
    do(st, 'play "Sibling Rivalry"')
    elder, younger = (c for c in st.tableau[0] if st.cards[c].name.endswith("Twin"))
    do(st, f"target 0 {st.tableau[0].index(elder)}", f"target 0 {st.tableau[0].index(younger)}")
    assert st.rp[0] == 0 and len(st.tableau[0]) == 3


def test_with_fewer_than_two_face_up_cards_the_clash_does_not_occur():
    st = table(kit([card("Sibling Rivalry", FEUD, star=1), *lamps(2)]), kit(lamps(3)))
    do(st, 'play "Sibling Rivalry"')  # only itself in the tableau
    assert st.rp[0] == 0 and len(st.tableau[0]) == 1
    assert [dict(e.changes)["occurred"] for e in st.events if e.action == "clash"] == [False]


# -- a card of the losing card's STAR or lower -------------------------------------------------------------------
HAGGLE = ("Play: Clash with a card from the Aftermarket. If you win, gain 20 RP and each opponent flips a card of the "
          "losing card's STAR or lower.")


def test_each_opponent_flips_a_card_no_higher_than_the_losing_card():
    """A clash against an Aftermarket card (rules notes, "MB: clash2"): if you win, that card is the
    losing card. Its STAR (3) is counted as the flip's card is chosen: of seat 1's 2 and 5 STAR
    cards only the 2 may be flipped ("Flip a Card": an effect chooses among legal cards)."""
    target = checked(HAGGLE)[0]["ops"][0]["win"][1]["target"]
    assert target["filter"]["star"] == {"cmp": "<=", "value": {"count": "star", "card": "losing_card"}}
    st = table(kit([card("Haggling Squire", HAGGLE, star=9), *lamps(2)]),
               kit([card("Low Wall", star=2), card("High Wall", star=5), *lamps(1)]), store=(3, 1, 1))
    place(st, 1, "Low Wall", "High Wall")
    st.aftermarket.append(st.store.pop())  # the 3 STAR card to clash with
    do(st, 'play "Haggling Squire"')  # 9 + 1 against 3
    assert st.rp[0] == 20 and [st.cards[c].name for c in st.down] == ["Low Wall"]


def test_nothing_is_flipped_when_every_card_is_higher():
    st = table(kit([card("Haggling Squire", HAGGLE, star=9), *lamps(2)]),
               kit([card("High Wall", star=5), *lamps(2)]), store=(3, 1, 1))
    place(st, 1, "High Wall")
    st.aftermarket.append(st.store.pop())
    do(st, 'play "Haggling Squire"')
    assert st.rp[0] == 20 and st.down == set()


# -- Dollars paid to reveal several Store cards and keep the highest ----------------------------------------------
LENS = ("ACCESSORY | Ongoing: Whenever you clash, you may pay 3 Dollars to reveal 3 cards from the top of the Store "
        "and keep the best one.")


def _lens_table(purse: int):
    st = table(kit([card("Quick Duel", DUEL, star=2), *lamps(2)], accessories=[card("Jeweller's Lens", LENS,
                                                                                    kind="accessory")]),
               kit([card("Iron Post", star=4), *lamps(2)]), store=(1, 6, 2, 1, 1), purse=[purse, 0])
    place(st, 1, "Iron Post")
    return st


def test_paid_three_store_cards_are_revealed_and_the_highest_kept():
    """"Clashing": each player adds the STAR of the Store card they reveal. Paying 3 Dollars, seat 0
    reveals three (1, 6, 2) and keeps the 6: 2 + 6 against 4 + 1; all revealed cards go to the
    Aftermarket ("Put all cards revealed this way into the Aftermarket")."""
    assert checked("Ongoing: Whenever you clash, you may pay 3 Dollars to reveal 3 cards from the top of the Store "
                   "and keep the best one.")[0]["ops"] == [{"op": "clash_best_of", "cost": 3, "cards": 3}]
    st = _lens_table(purse=5)
    do(st, 'play "Quick Duel"', "accept")
    assert st.rp == [2, 0] and st.purse[0] + st.money[0] == 2 and len(st.aftermarket) == 4
    (best,) = [dict(e.changes) for e in st.events if e.action == "clash_best_of"]
    assert best["kept"] == "Store card 1"


def test_declined_or_unaffordable_one_card_is_revealed():
    st = _lens_table(purse=5)
    do(st, 'play "Quick Duel"', "decline")  # 2 + 1 against 4 + 6
    assert st.rp == [0, 2] and st.purse[0] + st.money[0] == 5
    st = _lens_table(purse=2)
    do(st, 'play "Quick Duel"')  # not asked: 2 Dollars are not enough
    assert st.rp == [0, 2]


# -- several Store cards each, and the revealed cards bought ------------------------------------------------------
BAZAAR = ("Play: Clash with an opponent, revealing 2 cards each from the Store instead of one. The winner gains 6 RP. "
          "You may buy any number of the revealed cards for 3 Dollars per card.")


def _bazaar_table(purse: int):
    st = table(kit([card("Bazaar Crier", BAZAAR, star=9), *lamps(2)]), kit([card("Iron Post", star=1), *lamps(2)]),
               store=(1, 2, 3, 4, 1), purse=[purse, 0])
    place(st, 1, "Iron Post")
    return st


def test_each_player_adds_every_card_they_reveal_then_buys_some():
    """"Clashing": the STAR of "the card revealed" is added; here two each, both added: 9 + 1 + 2
    against 1 + 3 + 4. All four go to the Aftermarket, and the effect's player buys as many as they
    like at 3 Dollars each into their binder ("Buy from the Aftermarket": a card bought is the buyer's)."""
    assert checked(BAZAAR)[0]["ops"][1] == {"op": "take_clash_revealed", "whose": "any", "to": "binder", "amount": 4,
                                            "up_to": True, "buy_price": 3}
    st = _bazaar_table(purse=7)
    do(st, 'play "Bazaar Crier"')
    assert st.rp[0] == 6 and len(st.aftermarket) == 4
    clash = next(dict(e.changes) for e in st.events if e.action == "clash")
    assert clash["totals"] == [12, 8]
    do(st, 'take "Store card 3"', 'take "Store card 0"', "decline")  # 6 Dollars paid, then no more
    assert [st.cards[c].name for c in st.binder[0]][-2:] == ["Store card 3", "Store card 0"]
    assert st.purse[0] + st.money[0] == 1 and len(st.aftermarket) == 2


def test_the_buyer_may_stop_at_any_time():
    st = _bazaar_table(purse=7)
    do(st, 'play "Bazaar Crier"', "decline")
    assert st.purse[0] + st.money[0] == 7 and len(st.aftermarket) == 4


# -- every loss of RP turned into a gain ------------------------------------------------------------------------
SCALES = ("Top: Whenever you would lose RP, you gain 4 RP instead. Whenever you would lose a clash, you are "
          "considered to win that clash instead (there may be multiple winners in a clash).")
DRAIN = "Play: Each opponent loses 10 RP."


def _scales_table(*theirs):
    st = table(kit([card("Drain Cantor", DRAIN, star=1), *lamps(2)]),
               kit([card("Scaled Warden", SCALES, star=2), *theirs, *lamps(1)]))
    st.rp[1] = 20
    return st


def test_a_loss_of_rp_is_a_gain_while_the_card_is_the_top_card():
    """"Top Card": a Top effect works while its card is the right-most face-up card. Seat 1 would
    lose 10 RP and gains 4 instead."""
    assert checked(SCALES)[0]["ops"] == [{"op": "rp_loss_gain", "amount": 4}]
    st = _scales_table()
    place(st, 1, "Scaled Warden")
    do(st, 'play "Drain Cantor"')
    assert st.rp == [0, 24]


def test_the_loss_stands_when_another_card_is_on_top():
    st = _scales_table(card("Tall Fern", star=1))
    place(st, 1, "Scaled Warden", "Tall Fern")
    do(st, 'play "Drain Cantor"')
    assert st.rp == [0, 10]


# -- the reveals discarded and made again -------------------------------------------------------------------------
HEX = ("Reaction: After the players reveal their cards in a clash, you may discard the revealed cards and each player "
       "reveals new cards. The winner gains 12 more RP.")


def _hex_table():
    st = table(kit([card("Hex Weaver", HEX, star=1), card("Quick Duel", DUEL, star=2), *lamps(1)]),
               kit([card("Iron Post", star=4), *lamps(2)]), store=(1, 1, 9, 1, 1))
    place(st, 0, "Hex Weaver")
    place(st, 1, "Iron Post")
    return st


def test_the_reveals_are_discarded_and_made_again():
    """"Reaction": the card that triggers it is flipped face-down. "Clashing": 2 + 1 against 4 + 1;
    the Reaction discards both revealed cards (to the Store Discard, not the Aftermarket) and the
    players reveal again: 2 + 9 against 4 + 1. The new winner gains the clash's 2 RP and the 12."""
    effect = checked(HEX)[0]
    assert effect["trigger"] == {"event": "clash_revealed"}
    assert effect["ops"] == [{"op": "reveal_again", "winner": [{"op": "gain_rp", "amount": 12}]}]
    st = _hex_table()
    do(st, 'play "Quick Duel"', 'react "Hex Weaver"')
    assert st.rp == [14, 0] and [st.cards[c].name for c in st.down] == ["Hex Weaver"]
    assert sorted(st.cards[c].name for c in st.store_discard) == ["Store card 0", "Store card 1"]
    assert sorted(st.cards[c].name for c in st.aftermarket) == ["Store card 2", "Store card 3"]


def test_declined_the_first_reveals_stand():
    st = _hex_table()
    do(st, 'play "Quick Duel"', "decline")
    assert st.rp == [0, 2] and st.down == set()


# -- a player not in a clash joining it ---------------------------------------------------------------------------
CRASHER = ("Reaction: You may join any clash, even if you are not in it. If you win that clash, gain 20 RP.")


def _crasher_table(anvil: int):
    st = table(kit([card("Quick Duel", DUEL, star=2), *lamps(2)]), kit([card("Iron Post", star=4), *lamps(2)]),
               kit([card("Gate Crasher", CRASHER, star=1), card("Heavy Anvil", star=anvil), *lamps(1)]),
               store=(1, 1, 1, 1))
    place(st, 1, "Iron Post")
    place(st, 2, "Gate Crasher", "Heavy Anvil")
    return st


def test_a_player_not_in_the_clash_joins_it_and_wins():
    """"Reaction": the card that triggers it is flipped. "Clashing": each player in the clash reveals
    a Store card, clockwise from the initiator; seat 2 joins seat 0's clash with seat 1: 2 + 1, 4 + 1
    and 9 + 1. Seat 2 wins: the clash's 2 RP and the Reaction's 20."""
    effect = checked(CRASHER)[0]
    assert effect["trigger"] == {"event": "clash_join"}
    assert effect["ops"] == [{"op": "join_clash", "win": [{"op": "gain_rp", "amount": 20}]}]
    st = _crasher_table(anvil=9)
    do(st, 'play "Quick Duel"', "opponent 1", 'react "Gate Crasher"')
    assert st.rp == [0, 0, 22] and [st.cards[c].name for c in st.down] == ["Gate Crasher"]
    clash = next(dict(e.changes) for e in st.events if e.action == "clash" and dict(e.changes)["occurred"])
    assert clash["players"] == [0, 1, 2] and clash["totals"] == [3, 5, 10]


def test_a_player_who_joins_and_loses_gains_nothing():
    st = _crasher_table(anvil=0)
    do(st, 'play "Quick Duel"', "opponent 1", 'react "Gate Crasher"')  # 3, 5 and 1
    assert st.rp == [0, 2, 0]
