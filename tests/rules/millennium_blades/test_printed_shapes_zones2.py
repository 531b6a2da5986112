"""More shapes of printed text, batch zones2 (issue 26.2; rules/millennium_blades/phrases_zones2.py and
ops_zones2.py): cards played from places other than the hand, and the card just played given a Sell
Marker. Original cards in each shape, compiled, checked by the card checker and played in the
tournament engine (millennium-blades.txt, "Tournament Turns", "Play a Single (Required)", "General
Rules"; docs/rules-notes.md, "MB: zones2")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

SERGEANT = ("Play: Play one single from your hand with a STAR rating of at most the number of cards in your tableau "
            "and then put a Sell Marker on it. Discard this card.")


def test_a_card_of_the_hand_played_only_if_its_star_fits_a_count_then_marked():
    """"Play a Single (Required)": a card an effect plays takes the next open slot and its Play
    effects resolve; only cards whose STAR is at most the count, taken as the effect resolves (this
    card in play counts: "Cards with Play effects are considered 'in play' ... when their effect is
    resolving"), are offered. The Sell Marker goes on the card played, then this card is discarded to
    the binder ("Discard a Card"; rules notes, "MB: zones2")."""
    effects = compiles(SERGEANT)
    assert effects[0]["ops"] == [
        {"op": "play_from_hand", "filter": {"star": {"cmp": "<=", "value": {"count": "cards", "zone": "tableau",
                                                                           "filter": {}}}}},
        {"op": "sell_marker"}, {"op": "discard_self"}]
    assert check_card("single", {"star": 2}, [{"timing": "play", "ops": [{"op": "play_from_hand",
                                                                         "filter": {"star": {"cmp": "about"}}}]}])
    st = table(kit([card("Drill Sergeant", SERGEANT), card("Rookie", "Play: Gain 3 RP.", star=2),
                    card("Veteran", star=3), card("Colonel", star=9), card("Lamp 0", star=1)]), kit(lamps(3)))
    place(st, 0, "Lamp 0")  # two cards in the tableau once the Sergeant is in: STAR 2 or less may be played
    markers = st.markers_left[0]
    do(st, 'play "Drill Sergeant"')
    assert not st.pending  # only the Rookie fits: no choice to make
    assert names(st, st.tableau[0]) == ["Lamp 0", "Rookie"] and names(st, st.binder[0]) == ["Drill Sergeant"]
    (rookie,) = [c for c in st.tableau[0] if st.cards[c].name == "Rookie"]
    assert st.sell_marked == {rookie: 1} and st.markers_left[0] == markers - 1
    assert st.rp[0] == 3  # the Rookie's Play effect resolved
    assert sorted(names(st, st.hand[0])) == ["Colonel", "Veteran"]


def test_a_sell_marker_sentence_after_a_card_played_marks_that_card_not_this_one():
    """"Put a Sell Marker on it." printed as a sentence of its own after "Play a card from your hand."
    names the card played (it was put on this card before: rules notes, "MB: zones2")."""
    text = "Play: Play a card from your hand. Put a Sell Marker on it."
    assert compiles(text)[0]["ops"] == [{"op": "play_from_hand"}, {"op": "sell_marker"}]
    st = table(kit([card("Quartermaster", text), card("Recruit", star=4), *lamps(1)]), kit(lamps(3)))
    do(st, 'play "Quartermaster"', 'pick "Recruit"')
    (recruit,) = [c for c in st.tableau[0] if st.cards[c].name == "Recruit"]
    assert st.sell_marked == {recruit: 1}
    assert compiles("Play: Put a Sell Marker on it.")[0]["ops"] == [{"op": "put_sell_marker", "on": "this"}]


PROFESSOR = ("Play: Play a card at random from your binder, put a Sell Marker on it, then attach this to it. The "
             "attached card loses its ranking point limits.")


def _to_binder(st, seat: int, name: str) -> int:
    (c,) = [c for c in st.hand[seat] if st.cards[c].name == name]
    st.hand[seat].remove(c)
    st.binder[seat].append(c)
    return c


def test_a_random_binder_card_played_marked_and_given_this_card_which_lifts_its_caps():
    """"Discard a Card": binder cards are "unavailable for the rest of the tournament" unless an effect
    says otherwise; this one plays a card drawn blind from the binder ("Play a Single": the next open
    slot), puts a Sell Marker on it and attaches this card to it ("FAQs": "Attached cards are not
    considered in the tableau"). While attached, the "(max. N RP)" caps of its effects are lifted
    (rules notes, "MB: zones2"); without the attachment the cap holds."""
    effects = compiles(PROFESSOR)
    assert effects[0]["ops"] == [{"op": "play_random_binder"}, {"op": "sell_marker"},
                                 {"op": "attach", "target": {"player": "self", "pick": "played"}, "uncapped": True}]
    assert check_card("single", {"star": 2}, [{"timing": "play", "ops": [
        {"op": "attach", "target": {"player": "self", "pick": "played"}, "uncapped": False}]}])
    capped = "Action: Gain 20 RP (max. 8 RP)."
    st = table(kit([card("Dean of Curios", PROFESSOR), card("Capped Engine", capped), *lamps(2)]), kit(lamps(3)))
    engine = _to_binder(st, 0, "Capped Engine")
    do(st, 'play "Dean of Curios"')
    (dean,) = [c for c in range(len(st.cards)) if st.cards[c].name == "Dean of Curios"]
    assert st.tableau[0] == [engine] and st.binder[0] == []
    assert st.sell_marked == {engine: 1} and st.attached[dean]["host"] == engine and st.attached[dean]["uncapped"]
    do(st, 'use "Capped Engine"')
    assert st.rp[0] == 20
    assert any(e.action == "rp_cap_lifted" for e in st.events)
    st = table(kit([card("Capped Engine", capped), *lamps(2)]), kit(lamps(3)))
    do(st, 'play "Capped Engine"', 'use "Capped Engine"')
    assert st.rp[0] == 8


PEDDLER = ("Ongoing: You may play singles from the Aftermarket or from the top of the Store. Each time you do, gain "
           "7 RP.")
COACH = ("Ongoing: You may play singles from your binder at random as your Single for this turn. | Ongoing: Whenever "
         "you play a card from your binder, gain 3 RP.")


def _legal(st, seat: int = 0) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def test_the_turns_single_from_the_top_of_the_store_played_blind_then_the_rule_gives_rp():
    """"Play a Single (Required)": the rule lets the turn's Single come from the top of the Store; the
    Store is face-down, so the legal action names no card; the card drawn is played as though from the
    hand (the turn's play spent, its Play effect resolving), the player's from then on, and the
    rule's "each time you do" ops resolve as its card's. A drawn card that cannot be played (not a
    Single) is shown and goes to the Aftermarket ("Clashing"), and the Single is still owed (rules
    notes, "MB: zones2")."""
    effects = compiles(PEDDLER)
    assert effects[0]["ops"] == [{"op": "play_from", "zone": "aftermarket", "hand": "always",
                                  "then": [{"op": "gain_rp", "amount": 7}]},
                                 {"op": "play_from", "zone": "store", "hand": "always",
                                  "then": [{"op": "gain_rp", "amount": 7}]}]
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{"op": "play_from", "zone": "box",
                                                                            "hand": "always"}]}])
    st = table(kit([card("Street Peddler", PEDDLER), *lamps(3)]), kit(lamps(4)), store=(5, 2, 2, 2))
    place(st, 0, "Street Peddler")
    top = st.store[-1]
    st.cards[top] = st.cards[top].__class__.from_spec(card("Store card 0", "Play: Gain 2 RP.", star=5))
    st.index_features()
    assert 'play "the top card of the Store" store' in _legal(st)
    assert 'play "a card at random" binder' not in _legal(st)
    do(st, 'play "the top card of the Store" store')
    assert st.tableau[0][-1] == top and st.owner[top] == 0 and st.seat_turn == 1  # the Single played: the turn ends
    assert st.rp[0] == 2 + 7
    assert any(e.action == "from_zone_played" for e in st.events)


def test_a_store_top_that_cannot_be_played_goes_to_the_aftermarket_and_the_single_is_still_owed():
    """"Tournament Turns": the player "must play one Single"; a Deck Box drawn blind is no Single: it is
    shown and goes to the Aftermarket, and no play was made (rules notes, "MB: zones2")."""
    st = table(kit([card("Street Peddler", PEDDLER), *lamps(3)]), kit(lamps(4)))
    place(st, 0, "Street Peddler")
    top = st.store[-1]
    st.cards[top] = st.cards[top].__class__.from_spec(card("Boxy", kind="deck_box"))
    st.index_features()
    do(st, 'play "the top card of the Store" store')
    assert top in st.aftermarket and st.played_this_turn == 0 and st.rp[0] == 0
    assert any(e.action == "store_top_unplayable" for e in st.events)
    assert 'play "Lamp 0"' in _legal(st)


def test_the_turns_single_drawn_at_random_from_the_binder_and_heard_as_a_play_from_the_binder():
    """"Discard a Card": binder cards are unavailable "unless an effect says otherwise"; this rule lets
    the turn's Single be drawn blind from the binder among the Singles that may be played, played as
    though from the hand. "Whenever you play a card from your binder" hears it (and a binder card an
    effect plays: batch j's), not the card played itself (rules notes, "MB: zones2")."""
    effects = compiles(COACH)
    assert effects[0]["ops"] == [{"op": "play_from", "zone": "binder", "hand": "always"}]
    assert effects[1]["trigger"] == {"event": "binder_play", "by": "self"}
    st = table(kit([card("Night Coach", COACH), card("Benchwarmer", "Play: Gain 5 RP.", star=2),
                    card("Spare Box", kind="deck_box"), *lamps(2)]), kit(lamps(4)))
    place(st, 0, "Night Coach")
    assert 'play "a card at random" binder' not in _legal(st)  # an empty binder
    _to_binder(st, 0, "Benchwarmer")
    _to_binder(st, 0, "Spare Box")  # not a Single: never drawn
    do(st, 'play "a card at random" binder')
    assert names(st, st.tableau[0]) == ["Night Coach", "Benchwarmer"] and names(st, st.binder[0]) == ["Spare Box"]
    assert st.rp[0] == 5 + 3 and st.seat_turn == 1  # the Single played: the turn ends
    text = "Play: Play a random card from your binder."
    st = table(kit([card("Night Coach", COACH), card("Recaller", text), card("Benchwarmer", star=2), *lamps(1)]),
               kit(lamps(4)))
    place(st, 0, "Night Coach")
    _to_binder(st, 0, "Benchwarmer")
    do(st, 'play "Recaller"')
    assert names(st, st.tableau[0]) == ["Night Coach", "Recaller", "Benchwarmer"] and st.rp[0] == 3
    assert compiles("Ongoing: When you play a WATER card from your binder, gain 1 RP.")[0]["trigger"] == \
        {"event": "binder_play", "by": "self", "filter": {"element": "water"}}


TOME = ("Action: Remove this card from the game, take the top card of the Store into your hand, then play it "
        "immediately if it is not an Accessory or Deck Box.")


def test_this_card_removed_the_store_top_gained_and_played_unless_an_accessory():
    """"Discards": a card returned to the box never comes back; "Use an Action": the text is done, this
    card has left play. The Store's top card comes to the hand (theirs now) and is played at once
    ("Play a Single": the next open slot, not the turn's Single, its Play effect resolving) unless it is
    of a kind the text excepts: then it stays in the hand (rules notes, "MB: zones2")."""
    effects = compiles(TOME)
    assert effects[0]["ops"] == [{"op": "remove_self"}, {"op": "gain_store", "amount": 1},
                                 {"op": "play_gained", "except": ["accessory", "deck_box"]}]
    assert check_card("single", {"star": 2}, [{"timing": "action", "ops": [{"op": "play_gained", "except": ["box"]}]}])
    st = table(kit([card("Forbidden Tome", TOME), *lamps(3)]), kit(lamps(4)))
    place(st, 0, "Forbidden Tome")
    top = st.store[-1]
    st.cards[top] = st.cards[top].__class__.from_spec(card("Store card 0", "Play: Gain 4 RP.", star=5))
    st.index_features()
    do(st, 'use "Forbidden Tome"')
    assert names(st, st.removed[0]) == ["Forbidden Tome"]
    assert st.tableau[0] == [top] and st.owner[top] == 0 and st.rp[0] == 4
    assert 'play "Lamp 0"' in _legal(st)  # not the turn's Single
    st = table(kit([card("Forbidden Tome", TOME), *lamps(3)]), kit(lamps(4)))
    place(st, 0, "Forbidden Tome")
    top = st.store[-1]
    st.cards[top] = st.cards[top].__class__.from_spec(card("Store card 0", kind="accessory"))
    st.index_features()
    do(st, 'use "Forbidden Tome"')
    assert top in st.hand[0] and st.tableau[0] == []


def _glove(kind: str = "single", text: str = ""):
    return card("Velvet Glove", text, kind=kind)


def test_a_gain_for_every_card_of_a_name_you_have_in_the_binder_hand_and_play_area():
    """"The Binder" holds the cards not in use; "Discard a Card" sends cards there during a tournament.
    A card named by its printed name alone (capitals) is counted wherever the text says: binder, hand,
    and the Play Area (the tableau, the Deck Box and the Accessories: "YOUR TOURNAMENT AREA"); each
    one gives Dollars and RP (rules notes, "MB: zones2")."""
    text = "Play: For each Velvet Glove you have in your binder, your hand or your Play Area, gain 2 dollars and 3 RP."
    effects = compiles(text)
    per = effects[0]["ops"][0]["per"]
    assert per == {"count": "sum", "of": [{"count": "cards", "zone": z, "filter": {"name_has": "velvet glove"}}
                                         for z in ("binder", "hand", "tableau", "kit")]}
    assert [op["op"] for op in effects[0]["ops"]] == ["gain_money", "gain_rp"]
    st = table(kit([card("Glove Collector", text), _glove(), card("Velvet Glove II", star=2), *lamps(1)],
                   accessories=[_glove("accessory")]), kit(lamps(4)))
    (second,) = [c for c in st.hand[0] if st.cards[c].name == "Velvet Glove II"]
    st.cards[second] = st.cards[second].__class__.from_spec(_glove())  # a second copy, to the binder
    st.index_features()
    st.hand[0].remove(second)
    st.binder[0].append(second)
    money = st.money[0]
    do(st, 'play "Glove Collector"')
    assert st.rp[0] == 3 * 3 and st.money[0] == money + 2 * 3  # binder, hand and Accessory: three
    assert compile_text("Play: For every Single you have in your hand, gain 1 RP.")[1] is not None  # a kind word:
    # no name, and not read


def test_each_player_who_has_or_owns_a_card_of_a_name_somewhere():
    """"Each player who has a <Name> in their binder, accessory slot or hand" looks in those zones only;
    "who owns a <Name> (regardless of where it is)" looks wherever its owner's cards are (hand, play
    area, binder), so the parenthetical is the reading, not a reminder to drop (rules notes, "MB: zones2")."""
    has = "Action: Each player who has a Velvet Glove in their binder, their accessory slot or their hand gains 4 RP."
    assert compiles(has)[0]["ops"] == [{"op": "for_players_with", "who": "each", "filter": {"name_has": "velvet glove"},
                                        "ops": [{"op": "gain_rp", "amount": 4, "who": "that_player"}],
                                        "zones": ["binder", "kit", "hand"]}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "for_players_with", "who": "each",
                                                                       "filter": {}, "ops": [{"op": "gain_rp"}],
                                                                       "zones": ["deck"]}]}])
    st = table(kit(lamps(4), accessories=[_glove("accessory", has)]), kit([_glove(), *lamps(3)]),
               kit([*lamps(4)]))
    place(st, 2, "Lamp 0")
    do(st, 'use "Velvet Glove"')
    assert st.rp == [4, 4, 0]
    owns = "Action: Each player who owns a Velvet Glove (regardless of where it is) flips a card in their tableau."
    assert compiles(owns)[0]["ops"][0]["zones"] == ["owned"]
    st = table(kit([card("Dread Glove", owns), *lamps(3)]), kit([_glove(), card("Target", star=4), *lamps(2)]),
               kit([_glove(), card("Bystander", star=4), *lamps(2)]))
    place(st, 0, "Dread Glove")
    _to_binder(st, 1, "Velvet Glove")  # in the binder: still theirs
    place(st, 1, "Target")
    place(st, 2, "Velvet Glove", "Bystander")
    st.down.add(ids(st, 2, "Velvet Glove")[0])  # face-down: "a blank card for all purposes" ("Flip a Card")
    do(st, 'use "Dread Glove"')
    assert names(st, [c for c in st.tableau[1] if c in st.down]) == ["Target"]
    assert names(st, [c for c in st.tableau[2] if c in st.down]) == ["Velvet Glove"]


HERMIT = ("Play: Name an ELEMENT or TYPE. Discard cards from the top of the Store until you discard a single of "
          "that TYPE or ELEMENT. Play it, put a Sell Marker on it and discard this card. If the Store runs out, the "
          "effect ends.")


def _store_top(st, *specs) -> list[int]:
    """The Store's top cards replaced by ``specs``, the first on top."""
    tops = list(reversed(st.store))[:len(specs)]
    for c, spec in zip(tops, specs, strict=True):
        st.cards[c] = st.cards[c].__class__.from_spec(spec)
    st.index_features()
    return tops


def test_store_cards_discarded_until_one_of_the_named_symbol_then_it_is_played_and_marked():
    """"Discards": Store cards discarded go to the Store Discard; the player names a TYPE or ELEMENT
    (a decision), the Store's top cards go there one at a time until one has it; that card is played
    from there ("Play a Single": the next open slot, its Play effect resolving), the player's, with a
    Sell Marker on it, then this card is discarded. The Store run out: the effect ends, nothing played
    and this card stays (rules notes, "MB: zones2")."""
    effects = compiles(HERMIT)
    assert [op["op"] for op in effects[0]["ops"]] == ["choose_value", "discard_store_until", "play_found",
                                                      "sell_marker", "discard_self"]
    assert effects[0]["ops"][1] == {"op": "discard_store_until", "filter": {"chosen": True}, "ends": True}
    st = table(kit([card("Hill Hermit", HERMIT), *lamps(3)]), kit(lamps(4)))
    first, second, third = _store_top(st, card("Soot A"), card("Soot B"),
                                      card("Tide Mage", "Play: Gain 6 RP.", elements=("water",), types=("mage",)))
    do(st, 'play "Hill Hermit"', 'value "mage"')
    assert st.store_discard == [first, second]
    assert st.tableau[0] == [third] and st.owner[third] == 0 and st.sell_marked == {third: 1} and st.rp[0] == 6
    assert names(st, st.binder[0]) == ["Hill Hermit"]
    st = table(kit([card("Hill Hermit", HERMIT), *lamps(3)]), kit(lamps(4)), store=(1, 1))
    do(st, 'play "Hill Hermit"', 'value "mage"')
    assert st.store == [] and len(st.store_discard) == 2
    assert names(st, st.tableau[0]) == ["Hill Hermit"] and st.sell_marked == {}


STALL = ("Reveal the Store's top card. You may play that card as your Single for the turn. When you do so, gain 2 "
         "dollars and 3 RP.")


def test_a_deck_box_keeps_the_store_top_revealed_and_playable_by_name_as_the_single():
    """"Store": "Cards in the Store are face-down"; this rule, printed with no timing word on a Deck Box
    (a rule of its card while face-up: "Effects on Cards"), keeps the top card shown, so the legal action
    names it and is offered only when it is a Single that may be played; played, it is the turn's
    Single, and the rule's "each time you do" ops follow (rules notes, "MB: zones2")."""
    (effect,) = compiles(STALL)
    assert effect["ops"] == [{"op": "play_from", "zone": "store", "hand": "always", "shown": True,
                              "then": [{"op": "gain_money", "amount": 2}, {"op": "gain_rp", "amount": 3}]}]
    assert check_card("deck_box", {}, [{"timing": "ongoing", "ops": [{"op": "play_from", "zone": "aftermarket",
                                                                      "hand": "always", "shown": True}]}])
    st = table(kit(lamps(3), box=[card("Open Stall", STALL, kind="deck_box")]), kit(lamps(4)))
    (top,) = _store_top(st, card("Fresh Fruit", "Play: Gain 1 RP.", star=2))
    assert 'play "Fresh Fruit" store' in _legal(st) and 'play "the top card of the Store" store' not in _legal(st)
    do(st, 'play "Fresh Fruit" store')
    assert st.tableau[0] == [top] and st.owner[top] == 0 and st.rp[0] == 1 + 3 and st.money[0] == 2
    st = table(kit(lamps(3), box=[card("Open Stall", STALL, kind="deck_box")]), kit(lamps(4)))
    _store_top(st, card("Crate", kind="accessory"))
    assert not [a for a in _legal(st) if a.endswith(" store")]  # shown, and no Single: not offered
