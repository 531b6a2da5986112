"""Clash and +1 STAR token shapes of printed text, the ``clash_tokens`` batch (issue 26.2;
rules/millennium_blades/phrases_clash_tokens.py and ops_clash_tokens.py). Original cards in each
shape, compiled, checked by the card checker and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: clash_tokens, clashes and
+1 STAR tokens")."""

from __future__ import annotations

from rules.core.registry import get_game
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

STARRED = {"star": 3, "elements": ["fire"], "types": ["soldier"]}


def checked(text: str) -> list[dict]:
    """The effects ``text`` compiles to, which the card checker a card is saved with accepts."""
    effects = compiles(text)
    assert _errors(effects) == []
    return effects


def _errors(effects: list[dict]) -> list:
    return get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=effects)


# -- "a card in the losers' tableaus" ------------------------------------------------------------------
RALLY = "Play: Clash with all players. The winner gains 4 RP and flips a card in the losers' tableaus."


def test_the_winner_flips_one_card_among_all_the_losers_tableaus():
    """"Clashing": one winner, "all other players are the losers". "a card in the losers' tableaus"
    is ONE card, chosen by the winner among every loser's face-up cards (not one per loser, which
    "a card in the loser's tableau" of a clash with several losers says)."""
    effect = checked(RALLY)[0]
    assert effect["ops"][0]["winner"] == [
        {"op": "gain_rp", "amount": 4},
        {"op": "flip", "target": {"player": "losers", "pick": "choice", "filter": {"face": "up"}}}]
    st = table(kit([card("Banner Drummer", RALLY, star=6)]),
               kit([card("Reed Cutter", star=1), card("Clay Pot", star=2)]),
               kit([card("Sand Hare", star=1)]), store=(1, 1, 1))
    place(st, 1, "Reed Cutter", "Clay Pot")
    place(st, 2, "Sand Hare")
    do(st, 'play "Banner Drummer"')  # 6 + 1 against 2 + 1 and 1 + 1: seat 0 wins
    assert st.rp[0] == 4 and st.current_players() == [0]
    do(st, "target 2 0")  # a card of seat 2's, chosen among both losers' three cards
    assert names(st, st.down) == ["Sand Hare"]


def test_a_kind_of_card_in_one_of_the_losers_tableaus():
    text = "Play: Clash with all players. The winner flips a SOLDIER in one of the losers' tableaus."
    target = checked(text)[0]["ops"][0]["winner"][0]["target"]
    assert target == {"player": "losers", "pick": "choice", "filter": {"type": "soldier", "face": "up"}}


# -- "Clashes cannot be declared"; the Top Cards counted ----------------------------------------------
STOPPER = "Top: No clash may be declared. | Play: Gain RP equal to the combined STAR of every Top Card (max. 9)."
DUEL = "Play: Clash with an opponent. The winner gains 10 RP."


def test_no_clash_occurs_while_the_ban_is_a_top_card():
    """"Top Card": a Top effect works while its card is the right-most face-up card. While the
    ban is seat 1's Top Card, seat 0's clash is not declared: no card is revealed, no one wins
    ("If a clash does not have at least two participants ... the clash does not occur" is the
    rulebook's only other clash that does not happen)."""
    effects = checked(STOPPER)
    assert effects[0] == {"timing": "top", "ops": [{"op": "no_clashes"}], "text": "Top: No clash may be declared."}
    st = table(kit([card("Bold Duel", DUEL, star=9), *lamps(2)]),
               kit([card("Hush Warden", STOPPER, star=1), *lamps(2)]), store=(1, 1, 1))
    place(st, 1, "Hush Warden")
    store = len(st.store)
    do(st, 'play "Bold Duel"')
    assert st.rp == [0, 0] and len(st.store) == store
    assert [dict(e.changes)["card"] for e in st.events if e.action == "clash_banned"] == ["Hush Warden"]


def test_the_ban_lapses_once_it_is_no_longer_the_top_card():
    st = table(kit([card("Bold Duel", DUEL, star=9), *lamps(2)]),
               kit([card("Hush Warden", STOPPER, star=1), card("Tall Fern", star=2)]), store=(1, 1, 1))
    place(st, 1, "Hush Warden", "Tall Fern")  # the Fern is seat 1's Top Card now
    do(st, 'play "Bold Duel"')  # 9 + 1 against 2 + 1
    assert st.rp == [10, 0]


def test_the_total_star_of_all_top_cards_with_its_limit():
    """"Top Card": each player's right-most face-up card; their Star Ratings added (a face-down card
    is no Top Card), up to the printed maximum."""
    effects = checked(STOPPER)
    assert effects[1]["ops"] == [{"op": "gain_rp", "amount": 1, "per": {"count": "stars", "zone": "tops", "filter": {}},
                                  "max": 9}]
    st = table(kit([card("Hush Warden", STOPPER, star=1), card("Moss Step", star=4)]),
               kit([card("Tall Fern", star=3), card("Ash Crow", star=6)]), store=(1,))
    place(st, 0, "Moss Step")
    place(st, 1, "Ash Crow", "Tall Fern", down=("Tall Fern",))
    do(st, 'play "Hush Warden"')  # Tops: the Warden itself (1) and the Crow (6); the Step is no longer one
    assert st.rp[0] == 7
    st = table(kit([card("Hush Warden", STOPPER, star=5)]), kit([card("Ash Crow", star=6)]), store=(1,))
    place(st, 1, "Ash Crow")
    do(st, 'play "Hush Warden"')  # 5 + 6, at most 9
    assert st.rp[0] == 9


def test_the_checker_refuses_a_field_on_the_ban_and_an_unknown_zone():
    effects = compiles(STOPPER)
    effects[0]["ops"][0]["who"] = "self"
    assert _errors(effects)
    effects = compiles(STOPPER)
    effects[1]["ops"][0]["per"]["zone"] = "peaks"
    assert _errors(effects)


# -- the top cards of the Store, once per +1 STAR Token discarded ---------------------------------------
SALVAGE = ("Play: Discard all +1 STAR Tokens from a card in an opponent's tableau. Draw the top card of the "
           "Store for each +1 STAR Token discarded and 2 RP for each +1 STAR Token discarded.")


def test_store_cards_and_rp_for_each_token_discarded():
    """"Blast Off": +1 STAR tokens raise a card's Star Rating by one each; discarded, they are gone.
    One Store card to the hand ("FAQs": the Store, reshuffled from its discard when empty) and 2 RP for
    each token this effect discarded."""
    effects = checked(SALVAGE)
    assert effects[0]["ops"][1:] == [{"op": "gain_store", "amount": 1, "per": {"count": "tokens_moved"}},
                                     {"op": "gain_rp", "amount": 2, "per": {"count": "tokens_moved"}}]
    st = table(kit([card("Scrap Picker", SALVAGE, star=2)]), kit([card("Star Kite", star=2)]), store=(1, 2, 3, 4))
    place(st, 1, "Star Kite")
    (kite,) = ids(st, 1, "Star Kite")
    st.tokens[kite] = 3
    hand = len(st.hand[0])
    do(st, 'play "Scrap Picker"')
    assert st.tokens.get(kite, 0) == 0 and st.rp[0] == 6
    assert len(st.hand[0]) == hand - 1 + 3 and len(st.store) == 1


def test_the_checker_refuses_a_bad_count_on_store_cards():
    effects = compiles(SALVAGE)
    effects[0]["ops"][1]["per"] = {"count": "moons"}
    assert _errors(effects)


# -- "..., and may ..." in a clash's result ------------------------------------------------------------
SPARK = "Action: Clash with an opponent. The winner gains 9 RP, and may place two +1 STAR Tokens onto cards in their tableau."


def test_the_winner_gains_then_may_spread_tokens_on_their_cards():
    """"Clashing": the winner's result. "may" is the winner's choice; "Blast Off": each +1 STAR token
    raises a card's Star Rating by one; "on cards" lets the two go on different cards (batch c's
    reading, one at a time)."""
    clash = checked(SPARK)[0]["ops"][0]
    token = {"op": "star_tokens", "amount": 1, "target": {"player": "self", "pick": "choice", "filter": {"face": "up"}}}
    assert clash["winner"] == [{"op": "gain_rp", "amount": 9}, {"op": "may", "ops": [token, token]}]
    st = table(kit([card("Spark Lancer", SPARK, star=5), card("Dew Moth", star=1), *lamps(2)]),
               kit([card("Clay Pot", star=2), *lamps(2)]), store=(1, 1, 1))
    place(st, 0, "Dew Moth", "Spark Lancer")
    place(st, 1, "Clay Pot")
    lancer, moth = ids(st, 0, "Spark Lancer", "Dew Moth")
    do(st, 'use "Spark Lancer"')  # 5 + 1 against 2 + 1
    assert st.rp[0] == 9
    do(st, "accept", "target 0 1")
    assert st.tokens.get(lancer) == 1 and st.current_players() == [0]  # the second token: a choice again
    do(st, "target 0 0")
    assert st.tokens.get(moth) == 1
    assert lancer in st.down and lancer not in st.tokens  # "Use an Action": flipped after, its token gone


def test_declining_the_may_puts_no_token():
    st = table(kit([card("Spark Lancer", SPARK, star=5), *lamps(2)]), kit([card("Clay Pot", star=2), *lamps(2)]),
               store=(1, 1, 1))
    place(st, 0, "Spark Lancer")
    place(st, 1, "Clay Pot")
    do(st, 'use "Spark Lancer"', "decline")
    assert st.rp[0] == 9 and not st.tokens


# -- another Action each turn while a card holds +1 STAR tokens ------------------------------------------
PILOT = "Ongoing: While there are at least 3 +1 STAR Tokens on this card, you can use one more Action each turn."
SPADE = "Action: Gain 2 RP."


def _pilot_table(tokens: int):
    st = table(kit([card("Twin Gear Pilot", PILOT, star=2), card("Tin Spade", SPADE), card("Iron Spade", SPADE),
                    *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Twin Gear Pilot", "Tin Spade", "Iron Spade")
    (pilot,) = ids(st, 0, "Twin Gear Pilot")
    if tokens:
        st.tokens[pilot] = tokens
    return st


def test_a_second_action_while_the_card_holds_three_tokens():
    """"Use an Action": "You can use one action per turn"; the card's Ongoing rule gives one more while
    its condition holds ("Effects on Cards": an Ongoing effect while the card is face-up)."""
    effects = checked(PILOT)
    assert effects[0]["ops"] == [{"op": "actions_per_turn", "amount": 2, "while": {
        "test": "count", "of": {"count": "star_tokens", "zone": "tableau", "filter": {"where": "this"}},
        "cmp": ">=", "value": 3}}]
    st = _pilot_table(3)
    do(st, 'use "Tin Spade"')
    assert st.rp[0] == 2 and any(a.verb == "use" for a in st.legal_actions(0))
    do(st, 'use "Iron Spade"')
    assert st.rp[0] == 4 and not any(a.verb == "use" for a in st.legal_actions(0))


def test_one_action_when_the_card_holds_too_few_tokens():
    st = _pilot_table(2)
    do(st, 'use "Tin Spade"')
    assert st.rp[0] == 2 and not any(a.verb == "use" for a in st.legal_actions(0))


def test_the_checker_refuses_a_bad_condition_on_more_actions():
    effects = compiles(PILOT)
    effects[0]["ops"][0]["while"] = {"test": "moon_phase"}
    assert _errors(effects)


# -- a +1 STAR token more with each gain of them -------------------------------------------------------
KEEPER = "Ongoing: Whenever a card in your tableau gains one or more +1 STAR Tokens, that card gains another +1 STAR Token."
GIFT = "Play: Put two +1 STAR Tokens on a card in any tableau."


def test_one_of_your_cards_gains_a_token_more():
    """"Blast Off": each +1 STAR token raises a card's Star Rating by one. The Ongoing rule adds one
    token to each gain of tokens by its player's cards, once (not again for the token it adds); a card
    of another player gains as printed."""
    effects = checked(KEEPER)
    assert effects[0]["ops"] == [{"op": "token_bonus", "whose": "self", "amount": 1}]
    st = table(kit([card("Star Keeper", KEEPER, star=1), card("Gift Giver", GIFT, star=1), card("Dew Moth", star=2)]),
               kit([card("Clay Pot", star=2), *lamps(2)]))
    place(st, 0, "Star Keeper", "Dew Moth")
    place(st, 1, "Clay Pot")
    (moth,) = ids(st, 0, "Dew Moth")
    do(st, 'play "Gift Giver"', "target 0 1")
    assert st.tokens[moth] == 3 and st.star(moth) == 5
    assert [dict(e.changes)["giver"] for e in st.events if e.action == "token_bonus"] == ["Star Keeper"]
    st2 = table(kit([card("Star Keeper", KEEPER, star=1), card("Gift Giver", GIFT, star=1)]),
                kit([card("Clay Pot", star=2), *lamps(2)]))
    place(st2, 0, "Star Keeper")
    place(st2, 1, "Clay Pot")
    (pot,) = ids(st2, 1, "Clay Pot")
    do(st2, 'play "Gift Giver"', "target 1 0")
    assert st2.tokens[pot] == 2


def test_the_checker_refuses_a_token_bonus_for_someone_else():
    effects = compiles(KEEPER)
    effects[0]["ops"][0]["whose"] = "opponent"
    assert _errors(effects)


# -- a Reaction when two high cards clash -----------------------------------------------------------------
CASTLE = ("Reaction: Whenever two 6 STAR or higher cards clash, flip this Deck Box after the clash resolves and gain "
          "20 RP. If you won, gain an additional 5 RP.")


def _castle_table(stars: tuple[int, int]):
    """Seat 0 clashes seat 1 (cards of those stars); seat 2, outside the clash, has the Deck Box."""
    st = table(kit([card("Bold Duel", DUEL, star=stars[0])]), kit([card("Stone Guard", star=stars[1])]),
               kit(lamps(2), box=[card("Paper Castle", CASTLE, kind="deck_box")]), store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    return st


def test_a_reaction_after_a_clash_of_two_high_cards():
    """"Reaction": its card is flipped face-down when used ("flip this Deck Box" is that flip), after
    the clash resolves ("Clashing": its result first). Any clash counts, its player's or not; "If you
    won" holds only for a player who won it (here the Box's player was not in it)."""
    effect = checked(CASTLE)[0]
    assert effect["trigger"] == {"event": "clash_stars", "min_star": 6, "count": 2, "by": "any"}
    assert effect["ops"][0] == {"op": "gain_rp", "amount": 20}
    st = _castle_table((8, 7))
    do(st, 'play "Bold Duel"')  # 8 + 1 against 7 + 1
    assert st.rp == [10, 0, 0] and st.current_players() == [2]
    do(st, "accept")
    assert st.rp == [10, 0, 20] and "Paper Castle" in names(st, st.down)
    st = table(kit([card("Bold Duel", DUEL, star=8)], box=[card("Paper Castle", CASTLE, kind="deck_box")]),
               kit([card("Stone Guard", star=7)]), store=(1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"', "accept")  # the winner's own Box: "If you won" holds
    assert st.rp == [35, 0]


def test_no_reaction_when_one_card_is_lower():
    st = _castle_table((8, 5))
    do(st, 'play "Bold Duel"')
    assert st.rp == [10, 0, 0] and st.current_players() == [1] and not st.down


def test_the_checker_refuses_a_high_clash_of_one_card():
    effects = compiles(CASTLE)
    effects[0]["trigger"]["count"] = 1
    assert _errors(effects)


# -- a clash the opponent may buy off; the loser's Top Card taken ----------------------------------------
DARE = "Play: Clash with an opponent unless that opponent loses 20 RP. The winner takes the loser's Top card to their hand."


def _dare_table(rp: int):
    st = table(kit([card("Glove Dare", DARE, star=6), *lamps(2)]), kit([card("Stone Guard", star=2), *lamps(2)]),
               store=(1, 1, 1))
    place(st, 1, "Stone Guard")
    st.rp[1] = rp
    return st


def test_the_opponent_loses_the_rp_instead_of_the_clash():
    """"Clashing": "If clashing with another player, choose a player with a Top Card". The chosen
    opponent may lose the RP instead; then no clash is made (no Store card revealed)."""
    clash = checked(DARE)[0]["ops"][0]
    assert clash["unless_rp"] == 20
    assert clash["winner"] == [{"op": "to_hand", "target": {"player": "losers", "pick": "top"}, "to": "self"}]
    st = _dare_table(25)
    store = len(st.store)
    do(st, 'play "Glove Dare"')
    assert st.current_players() == [1]  # the opponent chooses
    do(st, "accept")
    assert st.rp == [0, 5] and len(st.store) == store and "Stone Guard" in names(st, st.tableau[1])


def test_declined_the_clash_is_made_and_the_winner_takes_the_losers_top_card():
    """"Top Card": the right-most face-up card, the one clashed with; the winner takes it into their
    hand (batch f's reading: it leaves the tableau, its tokens gone, and is theirs now)."""
    st = _dare_table(25)
    do(st, 'play "Glove Dare"', "decline")  # 6 + 1 against 2 + 1
    assert st.rp == [0, 25] and "Stone Guard" in names(st, st.hand[0]) and not st.tableau[1]


def test_an_opponent_without_the_rp_is_not_asked():
    st = _dare_table(10)
    do(st, 'play "Glove Dare"')
    assert "Stone Guard" in names(st, st.hand[0])


def test_the_checker_refuses_unless_rp_on_a_clash_with_all_players():
    effects = compiles(DARE)
    effects[0]["ops"][0]["with"] = "all"
    assert _errors(effects)


# -- cards with tokens ignored for a clash ------------------------------------------------------------------
SHADE = ("Ongoing: Each player ignores singles with +1 STAR Tokens on them when determining their Top Cards for any "
         "clash (a player with no valid card can't clash or be clashed with).")


def test_each_player_clashes_with_their_rightmost_card_without_tokens():
    """"Top Card": "This card is used for clashes". While the rule is face-up, a card with +1 STAR
    tokens is passed over: seat 1's 9-STAR Top Card has a token, so it clashes with its 2-STAR card
    (6 + 1 against 2 + 1); its reminder: no such card, no clash with that player."""
    assert checked(SHADE)[0]["ops"] == [{"op": "untokened_tops"}]
    st = table(kit([card("Token Shade", SHADE, star=1), card("Bold Duel", DUEL, star=6)]),
               kit([card("Clay Pot", star=2), card("Tall Tower", star=8)]), store=(1, 1, 1))
    place(st, 0, "Token Shade")
    place(st, 1, "Clay Pot", "Tall Tower")
    st.tokens[ids(st, 1, "Tall Tower")[0]] = 1
    do(st, 'play "Bold Duel"')
    assert st.rp == [10, 0]
    clash = next(dict(e.changes) for e in st.events if e.action == "clash")
    assert clash["totals"] == [7, 3]


def test_a_player_whose_cards_all_have_tokens_is_not_clashed_with():
    st = table(kit([card("Token Shade", SHADE, star=1), card("Bold Duel", DUEL, star=6)]),
               kit([card("Tall Tower", star=8)]), store=(1, 1, 1))
    place(st, 0, "Token Shade")
    place(st, 1, "Tall Tower")
    st.tokens[ids(st, 1, "Tall Tower")[0]] = 1
    do(st, 'play "Bold Duel"')
    assert st.rp == [0, 0]
    assert [dict(e.changes)["occurred"] for e in st.events if e.action == "clash"] == [False]


def test_without_the_rule_the_top_card_clashes_tokens_and_all():
    st = table(kit([card("Bold Duel", DUEL, star=6)]), kit([card("Clay Pot", star=2), card("Tall Tower", star=8)]),
               store=(1, 1, 1))
    place(st, 1, "Clay Pot", "Tall Tower")
    st.tokens[ids(st, 1, "Tall Tower")[0]] = 1
    do(st, 'play "Bold Duel"')  # 6 + 1 against 9 + 1
    assert st.rp == [0, 10]


# -- tokens taken from another player's cards ----------------------------------------------------------------
MAGPIE = ("Play: Choose another player. Take up to 5 +1 STAR Tokens from cards in that player's tableau and place them "
          "onto this card. Gain 3 RP for each Token taken this way.")


def _magpie_table():
    st = table(kit([card("Star Magpie", MAGPIE, star=1)]),
               kit([card("Clay Pot", star=2), card("Tall Tower", star=8), card("Reed Cutter", star=1)]), store=(1,))
    place(st, 1, "Clay Pot", "Tall Tower", "Reed Cutter")
    pot, tower = ids(st, 1, "Clay Pot", "Tall Tower")
    st.tokens[pot], st.tokens[tower] = 2, 4
    return st, pot, tower


def test_tokens_taken_card_by_card_up_to_the_limit_onto_this_card():
    """"Blast Off": each +1 STAR token raises its card's Star Rating by one. The player picks the
    cards; from each all its tokens go, up to the five left to take: 4 from the Tower, then 1 of the
    Pot's 2. 3 RP for each token taken."""
    ops = checked(MAGPIE)[0]["ops"]
    assert ops[1] == {"op": "gather_tokens", "up_to": 5, "from": "that_player", "onto": "this"}
    assert ops[2] == {"op": "gain_rp", "amount": 3, "per": {"count": "tokens_moved"}}
    st, pot, tower = _magpie_table()
    do(st, 'play "Star Magpie"', "target 1 1", "target 1 0")
    (magpie,) = ids(st, 0, "Star Magpie")
    assert st.tokens.get(tower, 0) == 0 and st.tokens[pot] == 1 and st.tokens[magpie] == 5
    assert st.rp[0] == 15 and st.star(magpie) == 6


def test_the_player_may_stop_taking():
    st, pot, tower = _magpie_table()
    do(st, 'play "Star Magpie"', "target 1 0", "decline")
    (magpie,) = ids(st, 0, "Star Magpie")
    assert st.tokens[magpie] == 2 and st.tokens[tower] == 4 and st.rp[0] == 6


def test_the_checker_refuses_tokens_taken_from_nobody():
    effects = compiles(MAGPIE)
    effects[0]["ops"][1]["from"] = "everyone"
    assert _errors(effects)


# -- a token more or fewer on each card ---------------------------------------------------------------------
TINKER = ("Play: You may add or remove one +1 STAR Token on each face-up card in every tableau. Gain 2 RP for each "
          "+1 STAR Token you added or removed.")


def test_each_card_gains_or_loses_a_token_or_neither_and_each_change_pays():
    """"Blast Off": a token is +1 STAR. Card by card (your tableau first, then clockwise, left to
    right), the player adds one, removes one (only from a card that has one) or leaves it."""
    ops = checked(TINKER)[0]["ops"]
    assert ops == [{"op": "add_or_remove_each", "target": {"player": "any", "pick": "all", "filter": {"face": "up"}}},
                   {"op": "gain_rp", "amount": 2, "per": {"count": "tokens_moved"}}]
    st = table(kit([card("Token Tinker", TINKER, star=1), card("Dew Moth", star=1)]),
               kit([card("Clay Pot", star=2), card("Sand Hare", star=1)]), store=(1,))
    place(st, 0, "Dew Moth")
    place(st, 1, "Clay Pot", "Sand Hare", down=("Sand Hare",))
    (moth,) = ids(st, 0, "Dew Moth")
    (pot,) = ids(st, 1, "Clay Pot")
    st.tokens[moth] = 1
    do(st, 'play "Token Tinker"', "accept", "option 1", "decline")  # the Moth loses its token; not the Tinker
    assert "option 1" not in {str(a) for a in st.legal_actions(0)}  # the Pot has none to take off
    do(st, "option 0")  # the face-down Hare is not asked about
    assert moth not in st.tokens and st.tokens[pot] == 1 and st.rp[0] == 4


def test_the_checker_refuses_a_single_card_for_add_or_remove():
    effects = compiles(TINKER)
    effects[0]["ops"][0]["target"]["pick"] = "choice"
    assert _errors(effects)


# -- a clash with this card; an Accessory of the loser's flipped -------------------------------------------
KNUCKLES = ("ACCESSORY | Action: Clash with an opponent, using this accessory instead of your Top Card. The winner "
            "flips an Accessory in the loser's play area and gains 12 RP.")


def test_an_accessory_clashes_in_place_of_the_top_card_and_the_winner_flips_an_accessory():
    """"Clashing": each player adds a revealed Store card's STAR to their card's; here the effect's
    card (an Accessory, 7 STAR) is its player's card, not the 1-STAR Top Card: 7 + 1 against 2 + 1.
    "Accessories": a card may target them when it says so; the loser's one Accessory is flipped.
    "Use an Action": the Accessory is flipped after."""
    clash = checked(KNUCKLES)[0]["ops"][0]
    assert clash["own_card"] == "this"
    assert clash["winner"][0] == {"op": "flip", "target": {"player": "losers", "pick": "choice", "zone": "accessory",
                                                            "filter": {"face": "up"}}}
    st = table(kit([card("Dew Moth", star=1), *lamps(2)], accessories=[card("Brass Knuckles", KNUCKLES, star=7,
                                                                            kind="accessory")]),
               kit([card("Clay Pot", star=2), *lamps(2)], accessories=[card("Tin Shield", star=1, kind="accessory")]),
               store=(1, 1, 1))
    place(st, 0, "Dew Moth")
    place(st, 1, "Clay Pot")
    do(st, 'use "Brass Knuckles"')
    assert st.rp == [12, 0]
    assert set(names(st, st.down)) == {"Tin Shield", "Brass Knuckles"}
    clash_event = next(dict(e.changes) for e in st.events if e.action == "clash")
    assert clash_event["totals"] == [8, 3]


def test_the_checker_refuses_this_card_in_a_clash_with_all_players():
    effects = compiles(KNUCKLES)
    effects[0]["ops"][0]["with"] = "all"
    assert _errors(effects)


# -- something done first when an opponent's effect makes you clash ------------------------------------------
SULK = "Ongoing: If an opponent's effect would force you to clash, discard all cards in every tableau."


def test_an_opponents_clash_sets_off_the_rule_first_and_then_does_not_occur():
    """"Discard a Card": cards go to their owners' binders. The rule acts before the clash; then no
    player has a Top Card and "the clash does not occur" ("Clashing")."""
    effect = checked(SULK)[0]
    assert effect["ops"] == [{"op": "forced_clash", "ops": [
        {"op": "discard_in_play", "target": {"player": "any", "pick": "all", "filter": {"face": "any"}}}]}]
    st = table(kit([card("Bold Duel", DUEL, star=6), card("Dew Moth", star=1)]),
               kit([card("Sulky Sage", SULK, star=2), card("Clay Pot", star=2)]), store=(1, 1, 1))
    place(st, 0, "Dew Moth")
    place(st, 1, "Clay Pot", "Sulky Sage", down=("Clay Pot",))
    do(st, 'play "Bold Duel"')
    assert st.tableau == [[], []] and st.rp == [0, 0]
    assert set(names(st, st.binder[0])) >= {"Bold Duel", "Dew Moth"}
    assert set(names(st, st.binder[1])) >= {"Sulky Sage", "Clay Pot"}
    assert [dict(e.changes)["occurred"] for e in st.events if e.action == "clash"] == [False]


def test_its_own_players_clash_does_not_set_it_off():
    st = table(kit([card("Bold Duel", DUEL, star=6), card("Sulky Sage", SULK, star=2)]),
               kit([card("Clay Pot", star=2)]), store=(1, 1, 1))
    place(st, 0, "Sulky Sage")
    place(st, 1, "Clay Pot")
    do(st, 'play "Bold Duel"')  # 6 + 1 against 2 + 1
    assert st.rp == [10, 0] and len(st.tableau[1]) == 1


# -- a card of the hand revealed for a clash instead of the Store's -------------------------------------------
NERVES = ("Ongoing: Whenever you clash, you may reveal a card at random from your hand instead of the top card of "
          "the Store. Whenever you do so, gain 4 RP.")


def _nerves_table():
    st = table(kit([card("Frayed Nerves", NERVES, star=1), card("Bold Duel", DUEL, star=2),
                    card("Heavy Anvil", star=9)]), kit([card("Clay Pot", star=6)]), store=(1, 1, 1))
    place(st, 0, "Frayed Nerves")
    place(st, 1, "Clay Pot")
    return st


def test_a_hand_card_at_random_is_revealed_for_the_clash_and_stays_in_hand():
    """"Clashing": each player adds a revealed card's STAR to their card's. Here seat 0 reveals its one
    card left in hand (9) instead of the Store's top card: 2 + 9 against 6 + 1; the card stays in the
    hand, and "whenever you do so" pays 4 RP."""
    assert checked(NERVES)[0]["ops"] == [{"op": "hand_reveal", "gain_rp": 4}]
    st = _nerves_table()
    store = len(st.store)
    do(st, 'play "Bold Duel"', "accept")
    assert st.rp == [14, 0] and names(st, st.hand[0]) == ["Heavy Anvil"]
    assert len(st.store) == store - 1  # only seat 1 revealed from the Store
    assert [dict(e.changes)["card"] for e in st.events if e.action == "clash_hand_reveal"] == ["Heavy Anvil"]


def test_declined_the_store_card_is_revealed_as_ever():
    st = _nerves_table()
    do(st, 'play "Bold Duel"', "decline")  # 2 + 1 against 6 + 1
    assert st.rp == [0, 10]


# -- once per token a flipped card had -------------------------------------------------------------------------
DICE = ("DECK BOX | Action: Flip a single in your tableau. For every +1 STAR Token that was on it (max. six +1 STAR "
        "Tokens), reveal one card from the Store, then gain RP equal to the STAR of the revealed card.")


def _dice_table(tokens: int, store):
    st = table(kit([card("Star Kite", star=2), *lamps(2)], box=[card("Lucky Dice Box", DICE, kind="deck_box")]),
               kit(lamps(3)), store=store)
    place(st, 0, "Star Kite")
    (kite,) = ids(st, 0, "Star Kite")
    st.tokens[kite] = tokens
    return st, kite


def test_a_store_card_revealed_for_each_token_the_flipped_card_had():
    """"Flip a Card": a flipped card loses its +1 STAR tokens; "that card"'s tokens are those it had
    when this effect flipped it. Each time, the Store's top card is revealed and its STAR gained."""
    ops = checked(DICE)[0]["ops"]
    assert ops[1] == {"op": "repeat", "per": {"count": "flipped_tokens"}, "max": 6, "ops": [
        {"op": "reveal", "source": "store"}, {"op": "gain_rp", "amount": 1, "per": {"count": "star", "card": "revealed"}}]}
    st, kite = _dice_table(3, (2, 3, 4, 5))
    do(st, 'use "Lucky Dice Box"')
    assert kite in st.down and st.rp[0] == 9


def test_at_most_the_cap():
    st, _kite = _dice_table(8, (1,) * 10)
    do(st, 'use "Lucky Dice Box"')
    assert st.rp[0] == 6
