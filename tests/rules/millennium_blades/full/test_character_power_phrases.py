"""Printed Character powers read by the grammar of power phrases and played (issue 26.3):
millennium-blades.txt, "VARIANTS & OPTIONS", "Character Powers" ("Each card has two sides, a
Deckbuilding side and a Tournament side, giving you new powers during each phase"). Every character
and card here is invented, worded in the printed style; docs/effects-millennium-blades.md,
"Character powers", lists the shapes and docs/rules-notes.md, "MB: character powers", the readings."""

import json

import pytest

from rules.core import card_pool
from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.millennium_blades.full import characters as chars
from tests.rules.millennium_blades.helpers import card, do, kit, lamps, names, place, table

#: an invented character printed in the style of the real ones
VESPER = ("DECKBUILDING POWER | Gain 2 more dollars of income. || TOURNAMENT POWER | The maximum RP cap any card can "
          "give you is raised by 5 (a card that says \"(max. 20 RP)\" now says \"(max. 25 RP)\".) | Once per "
          "tournament, as an Action, discard the top 4 cards of the Core Deck. Add one of the discarded cards "
          "to your hand.")


@pytest.fixture
def host_pool():
    """The fixture's sets plus this file's invented characters, as a card database would give them."""
    from rules.millennium_blades.full.pool import FIXTURE, load_pool

    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["version"] = "character-phrases-1"
    data["sets"].append({"code": "VV", "name": "Vivid Vault", "kind": "expansion", "release_order": 98})
    data["cards"] += [{"set": "VV", "name": name, "card_type": "character", "text": text, "attributes": {},
                       "effects": [], "playable": True} for name, text in (("Marisol Vend", MARISOL),
                                                                          ("Ilse Ferrow", ILSE),
                                                                          ("Corvin Alder", CORVIN),
                                                                          ("Orrin Tallow", ORRIN))]
    data["cards"] += [{"set": "VV", "name": name, "card_type": "single", "text": "", "effects": [], "playable": True,
                       "attributes": {"star": 2, "elements": ["air"], "types": ["beast"], "copies": 3}}
                      for name in ("Vault Finch", "Vault Ferret")]  # the set from outside the game
    previous = card_pool.set_source(lambda game: data)
    yield load_pool()
    card_pool.set_source(previous)


def imported(name: str, text: str) -> CardSpec:
    return chars.imported_character(CardSpec(None, name, "character", {}, (), "VV", "", text))


def power(name: str, text: str) -> CardSpec:
    side = chars.tournament_side(imported(name, text))
    assert side is not None
    return side


def test_character_powers_a_cap_raise_and_a_once_a_tournament_action_compile():
    spec = imported("Vesper Lusk", VESPER)
    assert chars.not_playable(spec) == []
    assert [(e["side"], e["timing"], e["ops"]) for e in spec.effects] == [
        ("deckbuilding", "deckbuilding", [{"op": "income", "amount": 2}]),
        ("tournament", "ongoing", [{"op": "rp_cap_raise", "amount": 5}]),
        ("tournament", "action", [{"op": "store_to_discard", "amount": 4}, {"op": "discarded_to_hand", "amount": 1}])]


def test_character_powers_a_cap_raise_whose_example_disagrees_is_not_read():
    """Never guess: the reminder's numbers must say the same raise."""
    text = VESPER.replace("(max. 25 RP)", "(max. 30 RP)")
    problems = chars.not_playable(imported("Vesper Lusk", text))
    assert len(problems) == 1 and "the example after the raised cap" in problems[0]


def test_character_powers_as_an_action_without_a_limit_is_an_action_every_turn():
    """"You can use one action per turn" ("Use an Action"): with no limit printed, that is the limit."""
    text = "TOURNAMENT POWER | As an Action, discard the top 2 cards of the Store."
    spec = imported("Odo Rake", text)
    assert chars.not_playable(spec) == []
    assert [(e["timing"], e.get("every_turn")) for e in spec.effects] == [("action", True)]


def test_character_powers_the_raised_cap_lets_its_holder_gain_more():
    """"(max. 20 RP)" is 25 RP for the power's holder, 20 for another player with the same card."""
    greedy = "Play: Gain 10 RP for each card in your tableau (max. 20 RP)."
    st = table(kit([card("Gold Rush", greedy), *lamps(3)]), kit([card("Gold Rush", greedy), *lamps(3)]),
               powers=[[power("Vesper Lusk", VESPER)], []])
    place(st, 0, "Lamp 0", "Lamp 1")
    place(st, 1, "Lamp 0", "Lamp 1")
    do(st, 'play "Gold Rush"')  # 3 cards: 30 RP, the cap raised to 25
    assert st.rp[0] == 25
    assert [dict(e.changes) for e in st.events if e.action == "rp_cap_raised"] == [
        {"cap": 20, "raised_to": 25, "amount": 25}]
    do(st, "end", 'play "Gold Rush"')  # (seat 0 keeps its Action for later)
    assert st.rp[1] == 20


def test_character_powers_the_raised_cap_raises_a_cap_per_turn_too():
    """"max. 10 RP per turn" is a cap on the RP a card gives too: 15 for the holder."""
    st = table(kit([card("Tip Jar", "Play: Gain 18 RP (max. 10 RP per turn)."), *lamps(2)]), kit(lamps()),
               powers=[[power("Vesper Lusk", VESPER)], []])
    do(st, 'play "Tip Jar"')
    assert st.rp[0] == 15


def test_character_powers_the_action_discards_store_cards_and_takes_one_into_the_hand():
    """"Discards": Store cards have no owner, so they go to the Store Discard; one of them to the hand."""
    st = table(kit(lamps(2)), kit(lamps()), store=(2, 5, 7, 1, 9, 9),
               powers=[[power("Vesper Lusk", VESPER)], []])
    do(st, 'use "Vesper Lusk"', 'take "Store card 2"')
    assert names(st, st.store_discard) == ["Store card 0", "Store card 1", "Store card 3"]
    assert "Store card 2" in names(st, st.hand[0]) and st.owner[st.hand[0][-1]] == 0
    assert [dict(e.changes)["cards"] for e in st.events if e.action == "discarded_to_hand"] == [["Store card 2"]]
    assert "use" not in {a.verb for a in st.legal_actions(0)}  # once a tournament


#: an invented character whose powers are printed about her, in the printed style
TOBIN = ("DECKBUILDING POWER | When you sell a card to the Aftermarket, you gain 1 extra Dollar. When you buy a card "
         "from the Store, you pay 3 Dollars less (to a minimum of 2 Dollars). || TOURNAMENT POWER | Once per turn, as "
         "an Action, Tobin may take the top card of the Store or a card from the Aftermarket into her hand without "
         "paying for it. When she does so, she must reveal a card from her hand, gains RP equal to the STAR, then puts "
         "it on top of the Store deck.")


def test_character_powers_a_power_printed_about_its_character_reads_as_said_to_its_player():
    spec = imported("Tobin Ledger", TOBIN)
    assert chars.not_playable(spec) == []
    assert [(e["side"], e["timing"], e.get("every_turn"), e["ops"]) for e in spec.effects] == [
        ("deckbuilding", "deckbuilding", None, [{"op": "sell_price", "amount": 1},
                                                {"op": "store_price", "amount": -3, "min": 2}]),
        ("tournament", "action", True, [{"op": "store_or_aftermarket_to_hand"}, {
            "op": "if", "condition": {"test": "did"}, "then": [
                {"op": "reveal", "source": "hand"},
                {"op": "gain_rp", "amount": 1, "per": {"count": "star", "card": "revealed"}},
                {"op": "revealed_on_store"}]}])]


def test_character_powers_a_text_about_another_name_is_not_read_as_its_player():
    """Only the character's own name is "you": another name stays, and the power is not read."""
    assert chars.not_playable(imported("Wren Ledger", TOBIN))


def test_character_powers_the_every_turn_action_takes_a_card_and_puts_a_revealed_one_on_the_store():
    """"Use an Action": the turn's one Action; "once per turn" is not used up for the tournament."""
    st = table(kit([card("Ruby", star=6), card("Opal", star=2), *lamps(2)]), kit(lamps()), store=(4, 1, 1, 1, 1),
               powers=[[power("Tobin Ledger", TOBIN)], []])
    st.aftermarket.append(st.store.pop(0))  # a card on sale: Store card 4 (1 STAR)
    do(st, 'use "Tobin Ledger"', "option 0", 'pick "Ruby"')  # the Store's top; Ruby revealed
    assert "Store card 0" in names(st, st.hand[0]) and "Ruby" not in names(st, st.hand[0])
    assert st.rp[0] == 6 and names(st, st.store[-1:]) == ["Ruby"]
    assert "use" not in {a.verb for a in st.legal_actions(0)}  # one Action a turn
    do(st, 'play "Lamp 0"', 'play "Lamp 0"')  # seat 0's turn ends; seat 1 plays
    do(st, 'use "Tobin Ledger"', 'take "Store card 4"', 'pick "Opal"')  # again, the next turn: from the Aftermarket
    assert "Store card 4" in names(st, st.hand[0]) and st.rp[0] == 8 and names(st, st.store[-1:]) == ["Opal"]
    assert [e.action for e in st.events if e.action in ("gain_store", "from_aftermarket", "on_store")] == [
        "gain_store", "on_store", "from_aftermarket", "on_store"]


def test_character_powers_a_price_with_a_minimum():
    """"to a minimum of 2 Dollars": a lowered price stops at 2; a price below 2 already is not raised."""
    from rules.millennium_blades.full import powers

    class Seat:  # the state powers._price reads: a round past the Pre-Release, the character's rules
        round, phase = 1, "deckbuilding"
        power_options = {"characters": "powers"}
        venue: list = []
        character_card = [[0]]
        cards = [type("C", (), {"spec": imported("Tobin Ledger", TOBIN)})()]

    assert [powers.store_price(Seat, 0, cost) for cost in (6, 4, 1)] == [3, 2, 1]
    assert powers.sell_price(Seat, 0, 3) == 4


#: an invented character: a Deckbuilding rule used as often as its player likes, a Top Card's Action
MARISOL = ("DECKBUILDING POWER | You can discard one card you own to the Store discard to receive 3 Dollars. You can "
           "do it as often as you like. || TOURNAMENT POWER | Your Top card has \"Action: Each opponent must flip a "
           "card in their tableau that matches the ELEMENT or STAR of this card.\"")


def test_character_powers_a_top_card_action_and_a_repeatable_deckbuilding_rule_compile():
    spec = imported("Marisol Vend", MARISOL)
    assert chars.not_playable(spec) == []
    assert [(e["side"], e["timing"], e.get("on_top"), e["ops"]) for e in spec.effects] == [
        ("deckbuilding", "deckbuilding", None, [{"op": "scrap_for_money", "amount": 3}]),
        ("tournament", "action", True, [{
            "op": "flip", "target": {"player": "each_opponent", "pick": "choice", "chooser": "owner",
                                     "filter": {"shares_any": ["element", "star"], "face": "up"}}}])]


def test_character_powers_as_often_as_you_like_is_read_only_after_a_rule_the_market_repeats():
    text = "DECKBUILDING POWER | Gain 2 more dollars of income. You can do it as often as you like."
    assert chars.not_playable(imported("Odo Rake", text))


def test_character_powers_the_top_card_action_is_that_cards_and_flips_it():
    """"Use an Action": "perform the text on the card, then flip the card face-down"; "this card" is the
    Top Card; with no face-up card left in the tableau there is no Top Card and no Action."""
    knight = card("Ember Knight", star=5, elements=("fire",), types=("soldier",))
    st = table(kit([card("Lamp A", star=1, elements=("air",)), knight, *lamps(2)]),
               kit([card("Tide Mage", star=2, elements=("water",), types=("mage",)),
                    card("Cinder Imp", star=3, elements=("fire",), types=("beast",)), *lamps(2)]),
               powers=[[power("Marisol Vend", MARISOL)], []])
    place(st, 0, "Lamp A", "Ember Knight")
    place(st, 1, "Tide Mage", "Cinder Imp")
    do(st, 'use "Marisol Vend"')  # the opponent's only card that shares fire or 5 STAR
    assert set(names(st, st.down)) == {"Ember Knight", "Cinder Imp"}
    assert st.top_card(0) == st.tableau[0][0]  # Lamp A is the Top Card now: the next Action is its
    do(st, 'play "Lamp 0"', 'play "Lamp 0"')
    assert "use" in {a.verb for a in st.legal_actions(0)}  # not used up: Lamp A has it now
    st.down.update(st.tableau[0])
    assert "use" not in {a.verb for a in st.legal_actions(0)}  # no Top Card, no Action


def test_character_powers_a_binder_card_discarded_for_dollars_in_the_deckbuilding_phase(host_pool):
    """"show the relevant side during each phase": the Deckbuilding side's rule is a market move,
    ``scrap NAME``, as often as the player likes (a tick each)."""
    from rules.millennium_blades.full import new_full_game
    from tests.rules.millennium_blades.full.helpers import tick

    state = new_full_game(3, 0, characters="powers", character_names={0: "Marisol Vend"})
    card_id = state.binder[0][0]
    name, money = state.cards[card_id].name, state.money[0]
    assert not [a for a in state.legal_actions(1) if a.verb == "scrap"]  # seat 1 has no such rule
    tick(state, s0=f'scrap "{name}"')
    assert card_id in state.store_discard and card_id not in state.binder[0] and state.money[0] == money + 3
    assert state.money_flow[0]["scrap"] == 3
    assert state.action_to_string(Action("scrap", (state.cards[state.binder[0][0]].name,)), 0).endswith(
        "to the Store discard for 3 dollars")


#: an invented character: a binder card traded for a Store Area card, more Accessory slots, a single
#: put in one with new effects
ILSE = ("DECKBUILDING POWER | You can remove one card from your binder from the game and pay 2 Dollars to take one "
        "card of the same SET from the Store Area. || TOURNAMENT POWER | You have 2 extra Accessory slots. | As an "
        "Action, you may put a Single into an empty Accessory slot. Such Singles lose their other effects and have "
        "\"Score: Gain 3 RP for each other Single in your tableau that matches this card's TYPE or ELEMENT.\"")


def test_character_powers_accessory_slots_and_a_single_put_in_one_compile():
    spec = imported("Ilse Ferrow", ILSE)
    assert chars.not_playable(spec) == []
    score = {"timing": "score", "ops": [{"op": "gain_rp", "amount": 3, "per": {
        "count": "cards", "zone": "tableau", "filter": {"where": "other", "shares_any": ["type", "element"]}}}]}
    assert [(e["side"], e["timing"], e.get("every_turn"), e["ops"]) for e in spec.effects] == [
        ("deckbuilding", "deckbuilding", None, [{"op": "trade_in", "amount": 2}]),
        ("tournament", "ongoing", None, [{"op": "accessory_slots", "amount": 2}]),
        ("tournament", "action", True, [{"op": "single_to_accessory", "effects": [
            {**score, "text": score_text} for score_text in [spec.effects[2]["ops"][0]["effects"][0]["text"]]]}])]


def test_character_powers_a_single_put_in_an_accessory_slot_scores_its_new_effect_only():
    """"Accessories": "two slots reserved for your accessories", and the power's two more; the single
    placed there has only the effect given, scored with the Accessories ("Ending the Tournament")."""
    hawk = card("Gale Hawk", "Score: Gain 50 RP.", star=4, elements=("air",), types=("beast",))
    st = table(kit([hawk, card("Sky Imp", elements=("air",), types=("mage",)),
                    card("Stone Wolf", elements=("earth",), types=("beast",)),
                    card("Fire Ant", elements=("fire",), types=("soldier",)), card("Spare")],
                   accessories=[card("Old Boot", kind="accessory"), card("Worn Cap", kind="accessory")]),
               kit(lamps()), powers=[[power("Ilse Ferrow", ILSE)], []])
    place(st, 0, "Sky Imp", "Stone Wolf", "Fire Ant")
    do(st, 'use "Ilse Ferrow"', 'pick "Gale Hawk"')
    assert names(st, st.accessories[0]) == ["Old Boot", "Worn Cap", "Gale Hawk"]
    assert [dict(e.changes) for e in st.events if e.action == "single_to_accessory"] == [{"card": "Gale Hawk"}]
    st.start_scoring()
    assert st.rp[0] == 6  # Sky Imp (air) and Stone Wolf (beast); not its own 50 RP


def test_character_powers_no_single_goes_to_a_full_accessory_row():
    """Two board slots and one of the power's: a third Accessory fills them, so nothing moves."""
    text = ILSE.replace("You have 2 extra", "You have 1 extra")
    trinkets = [card(f"Trinket {i}", kind="accessory") for i in range(3)]
    st = table(kit([card("Gale Hawk"), *lamps(2)], accessories=trinkets),
               kit(lamps()), powers=[[power("Ilse Ferrow", text)], []],
               kit_limits=[{"singles": 8, "deck_box": 1, "accessories": 3}, {"singles": 8, "deck_box": 1, "accessories": 2}])
    do(st, 'use "Ilse Ferrow"')
    assert "Gale Hawk" in names(st, st.hand[0]) and len(st.accessories[0]) == 3


def test_character_powers_a_binder_card_traded_for_a_store_area_card_of_its_set(host_pool):
    """The binder card leaves the game (the box), the bank is paid, a Store Area card of its set comes
    to the binder and the area is refilled ("Buy a Card": "Replenish the store area")."""
    from rules.millennium_blades.full import new_full_game, powers
    from tests.rules.millennium_blades.full.helpers import tick

    state = new_full_game(3, 0, characters="powers", character_names={0: "Ilse Ferrow"})
    assert powers.kit_limits(state, 0)["accessories"] == 4  # the board's 2 and the power's 2
    sets = {state.cards[c].set_code for c in state.store_area}
    mine = next(c for c in state.binder[0] if state.cards[c].set_code in sets)
    name, code, money = state.cards[mine].name, state.cards[mine].set_code, state.money[0]
    tick(state, s0=f'trade_in "{name}"')
    gained = [dict(e.changes) for e in state.events if e.action == "traded_in"]
    assert len(gained) == 1 and gained[0]["set"] == code and gained[0]["cost"] == 2
    assert mine in state.box["removed"] and state.money[0] == money - 2 and len(state.store_area) == 9
    assert any(state.cards[c].name == gained[0]["gained"] for c in state.binder[0])



#: an invented character: a set from outside the game each phase, a free once-a-tournament return
CORVIN = ("DECKBUILDING POWER | At the beginning of each Deckbuilding Phase, you get one copy of each card of a random "
          "set from outside the game (1st: EXPANSION 2nd: MASTER). These cards replace the first six cards you would "
          "receive each Deckbuilding Phase. || TOURNAMENT POWER | Once a tournament, you may return a card in your "
          "tableau to your hand. The card you return may be face-down.")


def test_character_powers_a_set_from_outside_the_game_and_a_free_return_compile():
    spec = imported("Corvin Alder", CORVIN)
    assert chars.not_playable(spec) == []
    assert [(e["side"], e["timing"], e.get("free"), e["ops"]) for e in spec.effects] == [
        ("deckbuilding", "deckbuilding", None, [{"op": "outside_set", "kinds": ["expansion", "master"],
                                                 "replaces_deal": True}]),
        ("tournament", "action", True, [{"op": "to_hand", "target": {"player": "self", "pick": "choice",
                                                                     "filter": {"face": "any"}}, "to": "self"}])]


def test_character_powers_the_free_return_takes_no_action_and_may_take_a_face_down_card():
    """Not "as an Action": the turn's Action stays; once a tournament; "may be face-down" lets it
    take a face-down card ("In general, effects cannot target face-down cards, unless they
    specifically say otherwise")."""
    st = table(kit([card("Moss Golem"), card("Reed Witch"), *lamps(2)]), kit(lamps()),
               powers=[[power("Corvin Alder", CORVIN)], []])
    place(st, 0, "Moss Golem", "Reed Witch", down=("Moss Golem",))
    do(st, 'play "Lamp 0"', 'use "Corvin Alder"', "target 0 0")
    assert "Moss Golem" in names(st, st.hand[0]) and not st.action_used
    assert not [a for a in st.legal_actions(0) if a.verb == "use"]  # used up for the tournament


def test_character_powers_a_set_from_outside_the_game_replaces_the_cards_dealt(host_pool):
    """"Setup the Phase" 3 deals 6 cards; the power's set comes instead, one copy of each card."""
    from rules.millennium_blades.full import new_full_game

    store = [c for c in new_full_game(3, 0).store_sets if c != "VV"]  # VV stays outside the game
    state = new_full_game(3, 0, characters="powers", character_names={0: "Corvin Alder"}, sets=store)
    assert "VV" not in state.store_sets
    assert [dict(e.changes) for e in state.events if e.action == "outside_set"] == [{"set": "VV", "cards": 2}]
    assert sorted(state.cards[c].name for c in state.binder[0] if state.cards[c].set_code == "VV") == [
        "Vault Ferret", "Vault Finch"]
    assert [e.player for e in state.events if e.action == "dealt"] == [1, 2]  # seat 0 is dealt none


def test_character_powers_a_set_that_replaces_the_deal_is_refused_in_draft_mode(host_pool):
    """Draft Mode "replaces the random cards at the start of the Deckbuilding Phase": nothing is left
    for the set to replace (rules notes)."""
    from rules.millennium_blades.full import new_full_game

    with pytest.raises(ValueError, match="Corvin Alder's powers cannot be played in this mode"):
        new_full_game(3, 0, characters="powers", character_names={0: "Corvin Alder"}, draft=True)


def test_character_powers_more_actions_on_your_turn():
    """"You can use one action per turn" ("Use an Action"); the power makes it three, then no more."""
    bram = "TOURNAMENT POWER | You may take 3 Actions on your turn."
    assert [e["ops"] for e in imported("Bram Tallow", bram).effects] == [[{"op": "actions_per_turn", "amount": 3}]]
    tools = [card(f"Tool {i}", "Action: Gain 2 RP.") for i in range(4)]
    st = table(kit([*tools, *lamps(2)]), kit(lamps()), powers=[[power("Bram Tallow", bram)], []])
    place(st, 0, *[f"Tool {i}" for i in range(4)])
    do(st, 'use "Tool 0"', 'use "Tool 1"', 'use "Tool 2"')
    assert st.rp[0] == 6 and st.action_used
    assert "use" not in {a.verb for a in st.legal_actions(0)}
    assert [dict(e.changes)["used"] for e in st.events if e.action == "action_left"] == [1, 2]


#: an invented character: the Metagame stacks looked at, one of them cycled before the Type card shows
ORRIN = ("DECKBUILDING POWER | You can look at the top 3 Metagame cards of both Metagame stacks at any time. | Once a "
         "round, before the second Metagame card is revealed, you may put the top card of either Metagame stack at "
         "the bottom of that stack and reveal the new top card. || TOURNAMENT POWER | Score: Gain 5 RP for each Meta "
         "condition you fulfill.")


def test_character_powers_the_metagame_stacks_looked_at_and_one_cycled(host_pool):
    """"Metagame", Deckbuilding "Setup the Phase" (an Elemental Metagame card revealed; the Type card after
    the first timer): a seat whose rule looks at the stacks sees their top cards in its view (no other seat
    does); once a round, before the Type card is revealed, it may put either stack's top card at the bottom
    (the revealed Elemental card: the next one is the round's), and the new top card is shown to all."""
    from rules.millennium_blades.full import new_full_game
    from tests.rules.millennium_blades.full.helpers import STACKS, tick

    state = new_full_game(3, 0, characters="powers", character_names={0: "Orrin Tallow"}, metagames=STACKS)
    assert chars.not_playable(imported("Orrin Tallow", ORRIN)) == []
    peek = state.view(0)["meta_peek"]
    assert peek["type"] == [state.cards[c].name for c in reversed(state.meta["type"][-3:])]
    assert state.view(1)["meta_peek"] is None
    assert sorted(a.args for a in state.legal_actions(0) if a.verb == "cycle_meta") == [("elemental",), ("type",)]
    assert not [a for a in state.legal_actions(1) if a.verb == "cycle_meta"]
    top, below = state.meta["type"][-1], state.meta["type"][-2]
    tick(state, s0="cycle_meta type")
    assert state.meta["type"][0] == top and state.meta["type"][-1] == below
    (event,) = [e for e in state.events if e.action == "metagame_cycled"]
    assert state.event_to_string(event).endswith(f"reveals {state.cards[below].name}")
    assert not [a for a in state.legal_actions(0) if a.verb == "cycle_meta"]  # once a round
    while state.timer < 1:
        tick(state)
    assert state.cards[state.meta_revealed[-1]].name == state.cards[below].name  # the Type card revealed later



def test_a_sampled_world_hides_the_metagame_order_but_what_is_known(host_pool):
    """"GAME SETUP" 4: "Shuffle the 2 stacks of Metagame cards": a world the search samples for a seat
    (``determinize``) orders each stack as that seat cannot tell it, keeping in place the cards every
    player knows (the one cycled to the bottom, the new top card shown) and those the seat may look at
    (Orrin's top 3); the game itself is untouched."""
    import random

    from rules.millennium_blades.full import new_full_game
    from tests.rules.millennium_blades.full.helpers import tick

    state = new_full_game(3, 0, characters="powers", character_names={0: "Orrin Tallow"}, metagame_stacks="original")
    imported("Orrin Tallow", ORRIN)
    top, below = state.meta["type"][-1], state.meta["type"][-2]
    tick(state, s0="cycle_meta type")
    real = {stack: list(pile) for stack, pile in state.meta.items()}
    orders = {stack: set() for stack in real}
    for seed in range(20):
        world = state.determinize(1, random.Random(seed))
        for stack, pile in world.meta.items():
            assert sorted(pile) == sorted(real[stack])
            orders[stack].add(tuple(pile))
        assert world.meta["type"][0] == top and world.meta["type"][-1] == below
        peeking = state.determinize(0, random.Random(seed))
        assert all(pile[-3:] == real[stack][-3:] for stack, pile in peeking.meta.items())
    assert all(len(seen) > 1 for seen in orders.values())  # (each stack holds several cards nobody knows)
    assert state.meta == real
