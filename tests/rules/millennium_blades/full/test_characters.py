"""Character Powers (millennium-blades.txt, "GAME SETUP" 5 and "Playing without Characters",
"VARIANTS & OPTIONS" / "Character Powers", "CHARACTER INTROS"): the six characters as card data
checked by the card checker, and one scenario per power side (Deckbuilding in the whole game's
market, Tournament in the tournament engine holding the side as a power)."""

from __future__ import annotations

import pytest

from rules.core.engine import Action
from rules.millennium_blades import effects
from rules.millennium_blades.cards import COMPONENT_TIMINGS, GAME
from rules.millennium_blades.full import characters as chars
from rules.millennium_blades.full import powers
from rules.millennium_blades.full.friendship import FRIENDSHIP_VP
from rules.millennium_blades.full.market import showing
from rules.millennium_blades.full.rounds import INCOME
from tests.rules.millennium_blades.full.helpers import STACKS, game, give, put_showing, tick
from tests.rules.millennium_blades.helpers import card, do, kit, table

RULEBOOK_NAMES = ("Deques Applenti", "Cardine Kolleckta", "Fulton Suitcase", "Morrey Caardmaan", "The Power Creep",
                  "Shur Wen Na")


def power(name: str):
    """A character's Tournament side as the tournament engine holds it."""
    return chars.tournament_side(chars.character_spec(name))


def with_character(name: str, players: int = 3, **options):
    """A whole game with the powers played and ``name`` at seat 0."""
    others = [n for n in chars.CHARACTERS if n != name][:players - 1]
    return game(players, 0, characters="powers", character_names=[name, *others], **options)


def finish(state, accept: bool = False) -> None:
    """Every seat passes (or ends its turn) until the tournament is scored."""
    while not state.is_over:
        (seat,) = state.current_players()
        legal = state.legal_actions(seat)
        for word in ("accept" if accept else "decline", "pass", "end"):
            if Action(word) in legal:
                state.apply_checked(Action(word), seat)
                break
        else:
            state.apply_checked(legal[0], seat)


# -- card data ----------------------------------------------------------------------------------------
def test_character_powers_the_six_characters_are_card_data_with_two_sides_checked_at_save():
    """"There are six main characters ... Each card has two sides, a Deckbuilding side and a
    Tournament side": the rulebook's names, both sides on every card, every effect accepted by the
    card checker (a card the engine could not run fails here, not in a game)."""
    assert chars.CHARACTERS == RULEBOOK_NAMES
    assert COMPONENT_TIMINGS == effects.COMPONENT_TIMINGS
    for name in chars.CHARACTERS:
        spec = chars.character_spec(name)
        assert spec.card_type == "character"
        assert {e["side"] for e in spec.effects} == {"deckbuilding", "tournament"}, name
        assert GAME.validate_card(card_type="character", attributes=spec.attributes, effects=list(spec.effects)) == []
        pro = chars.pro_spec(name)
        assert pro.card_type == "single" and "pro" in pro.attributes["types"]
        assert GAME.validate_card(card_type="single", attributes=pro.attributes, effects=list(pro.effects)) == []


@pytest.mark.parametrize("effect, field", [
    ({"timing": "score", "ops": [{"op": "gain_rp", "amount": 2}]}, "effects[0].side"),
    ({"side": "deckbuilding", "timing": "deckbuilding", "ops": [{"op": "gain_rp", "amount": 2}]}, "effects[0].ops[0].op"),
    ({"side": "deckbuilding", "timing": "score", "ops": [{"op": "income", "amount": 2}]}, "effects[0].timing"),
    ({"side": "deckbuilding", "timing": "deckbuilding", "ops": [{"op": "kit_slots", "section": "hand"}]},
     "effects[0].ops[0].section"),
    ({"side": "deckbuilding", "timing": "deckbuilding", "ops": [{"op": "starting_promo", "tier": "bronze"}]},
     "effects[0].ops[0].op"),
    ({"side": "tournament", "timing": "play", "ops": [{"op": "gain_rp", "amount": 2}]}, "effects[0].timing"),
    ({"side": "tournament", "timing": "ongoing", "ops": [{"op": "protect", "target": "left"}]},
     "effects[0].ops[0].target"),
    ({"side": "tournament", "timing": "score", "ops": [{"op": "rescore", "card": "hand"}]}, "effects[0].ops[0].card"),
])
def test_character_powers_a_side_the_engine_cannot_run_is_refused(effect, field):
    problems = GAME.validate_card(card_type="character", attributes={}, effects=[effect])
    assert problems and problems[0][0] == field, problems
    # a side is only a Character's or Venue's
    single = GAME.validate_card(card_type="single", attributes={"star": 3}, effects=[
        {"side": "tournament", "timing": "score", "ops": [{"op": "gain_rp", "amount": 1}]}])
    assert single and single[0][0] == "effects[0].side"


# -- setup ----------------------------------------------------------------------------------------------
def test_game_setup_a_character_card_randomly_or_of_their_choice():
    """"GAME SETUP" 5: "a Character Card, either randomly or of their choice" (option
    ``character_names``), with its 6 Friendship cards; the Character card is in the game."""
    state = game(3, 4, character_names=["Shur Wen Na", "The Power Creep", "Cardine Kolleckta"])
    assert state.characters == ["Shur Wen Na", "The Power Creep", "Cardine Kolleckta"]
    for seat, name in enumerate(state.characters):
        assert [state.cards[c].name for c in state.character_card[seat]] == [name]
        assert {state.cards[c].name for c in state.friendship[seat]} == {f"Friendship of {name}"}
        assert all(state.cards[c].spec.attributes["vp"] == FRIENDSHIP_VP for c in state.friendship[seat])
    assert set(game(4, 5).characters) <= set(RULEBOOK_NAMES)
    for bad in (["Shur Wen Na"] * 3, ["Nobody", "Shur Wen Na", "The Power Creep"], ["Shur Wen Na"]):
        with pytest.raises(ValueError):
            game(3, 0, character_names=bad)
    with pytest.raises(ValueError):
        game(3, 0, characters="some")


def test_playing_without_characters_powers_are_ignored():
    """"Playing without Characters": "players should still pick a character, but ignore their
    character's Deckbuilding and Tournament powers" (the default, ``characters="none"``)."""
    state = game(3, 0, character_names=["Fulton Suitcase", "Deques Applenti", "Shur Wen Na"])
    assert state.money == [INCOME] * 3  # no extra income
    assert state.view(0)["store_peek"] is None and state.view(0)["players"][0]["character_side"] is None
    assert powers.kit_limits(state, 1) == {"singles": 8, "deck_box": 1, "accessories": 2}
    assert powers.tournament_options(state).get("powers") is None
    with pytest.raises(ValueError):
        game(3, 0, pro_players=True)  # "When playing with characters, you can introduce Pro Player Cards"


def test_character_powers_show_the_relevant_side_during_each_phase():
    """"show the relevant side during each phase": the view's ``character_side`` and ``power``;
    the tournament engine holds each seat's Tournament side (not in the Pre-Release Tournament:
    "character powers are not used")."""
    state = with_character("Shur Wen Na")
    me = state.view(0)["players"][0]
    assert me["character_side"] == "deckbuilding" and me["power"] == ["Deckbuilding: Gain 3 more dollars of income."]
    while state.tournament is None:
        tick(state)
    me = state.view(0)["players"][0]
    assert me["character_side"] == "tournament" and "Ongoing: Your tableau has 2 extra slots." in me["power"]
    inner = state.tournament
    assert [[inner.cards[c].name for c in held] for held in inner.powers] == [[n] for n in state.characters]
    assert inner.capacity(0) == 8 and inner.capacity(1) == 6
    pre = game(3, 0, characters="powers", pre_release=True)
    assert pre.tournament is not None and not any(pre.tournament.powers)
    assert pre.view(0)["players"][0]["character_side"] is None


# -- Deques Applenti --------------------------------------------------------------------------------------------
def test_deques_applenti_deckbuilding_extra_deck_box_and_accessory_in_his_kit():
    """"He can include extra deck boxes and accessories in his tournament kit": two Deck Boxes and
    three Accessories go in his deck and reach the tournament (not an "Illegal Deck")."""
    state = with_character("Deques Applenti")
    boxes = list(dict.fromkeys(c.name for c in state.cards if c.card_type == "deck_box" and c.kind != "starter"))
    accessories = list(dict.fromkeys(c.name for c in state.cards if c.card_type == "accessory" and c.kind != "starter"))
    mine, theirs = boxes[:2] + accessories[:3], boxes[2:4] + accessories[3:6]
    for a, b in zip(mine, theirs, strict=True):
        give(state, 0, a)
        give(state, 1, b)
        theirs_fits = Action("kit", (b,)) in state.legal_actions(1)
        tick(state, s0=f'kit "{a}"', s1=f'kit "{b}"' if theirs_fits else "wait")
    assert sorted(state.cards[c].name for c in state.kit[0]) == sorted(mine)
    assert len(state.kit[1]) == 3  # one Deck Box, two Accessories for the others
    assert Action("kit", (theirs[1],)) not in state.legal_actions(1)
    while state.tournament is None:
        tick(state)
    assert len(state.tournament.deck_box[0]) == 2 and len(state.tournament.accessories[0]) == 3


def test_deques_applenti_tournament_scores_his_deck_boxes_and_accessories():
    """"giving him additional scoring and defense options": 3 RP for each face-up Deck Box and
    Accessory (the count zone ``kit``)."""
    boxes = [card(f"Box {i}", kind="deck_box") for i in range(2)]
    accessories = [card(f"Acc {i}", kind="accessory") for i in range(3)]
    state = table(kit([card("A")], box=boxes, accessories=accessories), powers=[[power("Deques Applenti")]],
                  kit_limits=[{"singles": 8, "deck_box": 2, "accessories": 3}])
    state.down.add(state.accessories[0][0])
    do(state, "play A")
    finish(state)
    assert state.rp == [12]


# -- Cardine Kolleckta ----------------------------------------------------------------------------------------------
def test_cardine_kolleckta_deckbuilding_starts_with_a_promo_and_fuses_with_fewer_cards():
    """"starts the game with extra advantages in the form of some rare promo cards and ... can
    acquire rare cards from card fusion more easily": the top Bronze promo at setup; 4 cards fuse a
    Bronze promo (5 for the others)."""
    plain = game(3, 0, character_names=["Cardine Kolleckta", "Shur Wen Na", "Fulton Suitcase"])
    state = with_character("Cardine Kolleckta")
    promo = plain.fusion["bronze"][-1]
    assert promo in state.binder[0] and promo not in state.fusion["bronze"]
    assert powers.fusion_size(state, 0, "bronze") == 4 and powers.fusion_size(state, 1, "bronze") == 5
    state.binder[0][4:] = []
    state.binder[1][4:] = []
    assert Action("fuse", ("bronze",)) in state.legal_actions(0)
    assert Action("fuse", ("bronze",)) not in state.legal_actions(1)
    tick(state, s0="fuse bronze")
    assert len(state.binder[0]) == 1 and state.cards[state.binder[0][0]].kind == "bronze_promo"


def test_cardine_kolleckta_tournament_re_scores_her_top_card():
    """"During tournaments, she can re-score some of her cards": her Top Card's Score effects
    again, after the Metagame."""
    state = table(kit([card("A", "Score: Gain 2 RP."), card("B", "Score: Gain 5 RP.")]),
                  powers=[[power("Cardine Kolleckta")]])
    do(state, "play A", "play B")
    finish(state)
    assert state.rp == [2 + 5 + 5]


# -- Fulton Suitcase ---------------------------------------------------------------------------------------------------
def test_fulton_suitcase_deckbuilding_extra_money_and_peeking_at_store_cards():
    """"he receives extra money and is able to peek at store cards before buying them": 8 more
    dollars of income; he sees the 10 Store cards showing and buys the one he names."""
    state = with_character("Fulton Suitcase")
    assert state.money == [INCOME + 8, INCOME, INCOME]
    seen = state.view(0)["store_peek"]
    assert seen == [state.cards[c].name for c in showing(state)] and state.view(1)["store_peek"] is None
    assert state.cards[state.store_area[0]].name not in state.hidden_cards(0)
    assert state.cards[state.store_area[0]].name in state.hidden_cards(1)
    target = put_showing(state, "MB-PR1")
    name, code = state.cards[target].name, "MB-PR1"
    assert Action("buy_store", (code, name)) in state.legal_actions(0)
    assert all(len(a.args) == 1 for a in state.legal_actions(1) if a.verb == "buy_store")
    tick(state, s0=f'buy_store {code} "{name}"')
    assert target in state.binder[0] and state.money[0] == INCOME + 8 - state.cards[target].cost


def test_fulton_suitcase_tournament_spends_leftover_money_to_boost_his_cards():
    """"he can use leftover money to boost the value of his cards, giving him an edge in clashes and
    during scoring": Action (once a tournament): pay 6 for 3 +1 Star tokens on his Top Card; Score:
    he may pay 4 for 6 RP. The money is the whole game's (``purse``)."""
    state = table(kit([card("A", star=3), card("B", star=4)]), powers=[[power("Fulton Suitcase")]], purse=[12])
    do(state, "play A")
    assert Action("use", ("Fulton Suitcase",)) in state.legal_actions(0)
    do(state, 'use "Fulton Suitcase"')
    assert state.star(state.tableau[0][0]) == 6 and state.money == [-6]
    do(state, "play B")
    assert Action("use", ("Fulton Suitcase",)) not in state.legal_actions(0)  # once a tournament
    finish(state, accept=True)
    assert state.rp == [6] and state.money == [-10]
    poor = table(kit([card("A")]), powers=[[power("Fulton Suitcase")]], purse=[5])
    do(poor, "play A")
    assert Action("use", ("Fulton Suitcase",)) not in poor.legal_actions(0)  # he cannot pay 6
    finish(poor, accept=True)
    assert poor.rp == [6] and poor.money == [-4]


# -- Morrey Caardmaan -----------------------------------------------------------------------------------------------------
def test_morrey_caardmaan_deckbuilding_buys_cheaper_from_and_sells_higher_to_the_aftermarket():
    """"the ability to buy cards more cheaply and sell them at a higher price than the other
    players": Aftermarket cards cost him 1 less; he sells for 1 more."""
    state = with_character("Morrey Caardmaan")
    mine = give(state, 0, "James Bomb")
    other = next(c for c in state.binder[1] if state.cards[c].value >= 2)
    name, star = state.cards[other].name, state.cards[other].value
    tick(state, s0='sell "James Bomb"', s1=str(Action("sell", (name,))))
    assert state.money[:2] == [INCOME + 8, INCOME + star]
    assert state.money_flow[0]["sell"] == 8
    tick(state, s0=str(Action("buy_aftermarket", (name,))), s2='buy_aftermarket "James Bomb"')
    assert other in state.binder[0] and state.money[0] == INCOME + 8 - (star - 1)
    assert mine in state.binder[2] and state.money[2] == INCOME - 7


def test_morrey_caardmaan_tournament_uses_store_deck_cards():
    """"During tournaments, Morrey can use cards from the store deck to boost his own deck, and can
    manipulate the store deck": Action (once): reveal the Store's top card (it goes to the
    Aftermarket) and gain RP equal to its Star Rating."""
    state = table(kit([card("A"), card("B")]), powers=[[power("Morrey Caardmaan")]], store=(7, 2, 1))
    do(state, "play A", 'use "Morrey Caardmaan"')
    assert state.rp == [7] and [state.cards[c].name for c in state.aftermarket] == ["Store card 0"]
    assert state.cards[state.store[-1]].name == "Store card 1"


# -- The Power Creep ------------------------------------------------------------------------------------------------------
def test_the_power_creep_deckbuilding_controls_the_metagame_reveal():
    """"Power Creep has the ability to control the Metagame": once a round for each stack it may
    put the revealed Metagame card on the bottom and reveal the next one."""
    state = with_character("The Power Creep", metagames=STACKS)
    (first,) = state.meta_revealed
    assert Action("redraw_meta", ("elemental",)) in state.legal_actions(0)
    assert not [a for a in state.legal_actions(1) if a.verb == "redraw_meta"]
    tick(state, s0="redraw_meta elemental")
    (second,) = state.meta_revealed
    assert second != first and state.meta["elemental"][0] == first
    assert not [a for a in state.legal_actions(0) if a.verb == "redraw_meta"]  # once a round; the type meta later
    while state.timer < 1:
        tick(state)
    assert [a.args for a in state.legal_actions(0) if a.verb == "redraw_meta"] == [("type",)]


def test_the_power_creep_tournament_scores_with_the_meta():
    """"By playing heavily to the current metagame, Power Creep can score massive points": the
    Metagame cards' Score effects again, for itself."""
    heat = STACKS["elemental"][0]  # 2 RP per Fire card
    state = table(kit([card("A"), card("B")]), kit([card("C")]), metagame=[heat],
                  powers=[[power("The Power Creep")], []])
    do(state, "play A", "play C", "play B")
    finish(state)
    assert state.rp == [4 + 4, 2]


# -- Shur Wen Na ---------------------------------------------------------------------------------------------------------------
def test_shur_wen_na_deckbuilding_is_somewhat_weak():
    """"Shur's deck-building ability is somewhat weak": 3 more dollars of income only."""
    state = with_character("Shur Wen Na")
    assert state.money == [INCOME + 3, INCOME, INCOME]


def test_shur_wen_na_tournament_plays_extra_cards_into_her_tableau_and_wins_duels():
    """"She gets to play extra cards into her tableau": two extra slots (8 singles); "her ability
    to win duels": 4 RP for each clash she wins."""
    singles = [card(f"S{i}") for i in range(7)] + [card("Duelist", "Play: Clash with an opponent.", star=9)]
    state = table(kit(singles), kit([card("Low", star=1)]), powers=[[power("Shur Wen Na")], []])
    do(state, "play Low" if state.current_players() == [1] else "play S0")
    for name in [f"S{i}" for i in range(1, 7)] + ["Duelist"]:
        while state.current_players() == [1]:
            legal = state.legal_actions(1)
            state.apply_checked(Action("pass") if Action("pass") in legal else legal[0], 1)
        do(state, f"play {name}")
    assert len(state.tableau[0]) == 8 and state.clashes_won[0] == 1
    assert state.rp[0] == 4


def test_game_setup_a_character_of_their_choice_for_some_seats_the_others_at_random():
    """"GAME SETUP" 5: "a Character Card, either randomly or of their choice": seats named in a
    mapping play their choice (the web's per-seat options), the others are dealt the rest at random."""
    import pytest

    from rules.millennium_blades.full import new_full_game

    state = new_full_game(4, 3, character_names={2: "The Power Creep"})
    assert state.characters[2] == "The Power Creep" and len(set(state.characters)) == 4
    with pytest.raises(ValueError, match="same character"):
        new_full_game(3, 3, character_names={0: "Shur Wen Na", 1: "Shur Wen Na"})
    with pytest.raises(ValueError, match="seat 3"):
        new_full_game(3, 3, character_names={3: "Shur Wen Na"})
