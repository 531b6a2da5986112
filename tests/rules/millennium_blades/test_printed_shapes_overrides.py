"""More shapes of printed text, batch ``overrides`` (issue 26.2; rules/millennium_blades/phrases_overrides.py
and ops_overrides.py): continuous rules overriding other cards' symbols. Original cards in each shape,
compiled, checked by the card checker and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: overrides")."""

from __future__ import annotations

from dataclasses import replace

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def _score(st) -> None:
    """"Ending the Tournament": every Score effect resolves; any choice takes its first option."""
    st.start_scoring()
    st.settle()
    while st.pending:
        do(st, str(st.pending["options"][0]))


def test_your_face_down_cards_are_considered_an_element():
    """"Face-Down Cards": a face-down card has "no STAR RATING, ELEMENT, or TYPE" -- unless a card in
    force says otherwise: "Your face-down cards are considered to be WATER" gives the face-down cards
    of its player's tableau that element only, while its card is face-up ("Effects on Cards": Ongoing;
    an Accessory's rule works from the Accessory slot). No type or Star Rating comes with it, and an
    opponent's face-down cards stay blank."""
    text = "Ongoing: All of your face-down singles are considered WATER."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "override_symbols", "what": "elements", "value": "water", "cards": "own_down"}]
    assert check_card("accessory", {"star": 0}, effects) == []
    assert check_card("accessory", {"star": 0}, [{**effects[0], "ops": [{**effects[0]["ops"][0], "value": "mage"}]}])
    scorer = "Score: Gain 3 RP for each WATER card in your tableau."
    st = table(kit([card("Tide Clerk", scorer, elements=("earth",)), card("Dry Husk", elements=("fire",)),
                    card("Ash Husk", elements=("fire",)), *lamps(2)],
                   accessories=[card("Damp Lantern", text, kind="accessory")]),
               kit([card("Far Husk", elements=("fire",)), *lamps(2)]))
    place(st, 0, "Tide Clerk", "Dry Husk", "Ash Husk", down=("Dry Husk", "Ash Husk"))
    place(st, 1, "Far Husk", down=("Far Husk",))
    dry, lantern = ids(st, 0, "Dry Husk", "Damp Lantern")
    (far,) = ids(st, 1, "Far Husk")
    assert st.elements(dry) == ("water",) and st.types(dry) == () and st.star(dry) is None
    assert st.matches(dry, {"element": "water"}, lantern) and not st.matches(dry, {"element": "fire"}, lantern)
    assert st.elements(far) == ()  # not this player's face-down card
    _score(st)
    assert st.rp[0] == 6  # the two face-down cards are WATER; the Clerk is EARTH
    st.down.add(lantern)  # its card face-down: no rule in force
    assert st.elements(dry) == ()


def test_cards_in_other_tableaus_are_a_type_instead_of_their_own():
    """"CARD DATA": a card's TYPE is a symbol on it; "Effects on Cards": an Ongoing rule works while its
    card is face-up in its tableau. "Cards in other players' tableaus are ANIMAL instead of their own
    TYPE" replaces the types of every face-up card of the other players' tableaus (elements kept;
    their own tableau's cards untouched); a face-down card stays blank ("Face-Down Cards")."""
    text = "Ongoing: Cards in other players' tableaus are ANIMAL instead of their own TYPE."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "override_symbols", "what": "types", "value": "animal",
                                  "cards": "other_tableaus"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{**effects[0], "ops": [{**effects[0]["ops"][0], "cards": "all"}]}])
    counter = "Score: Gain 4 RP for each ANIMAL card in your tableau."
    st = table(kit([card("Herd Caller", text, types=("mage",)), *lamps(2)]),
               kit([card("Pack Counter", counter, types=("soldier",)), card("Iron Guard", types=("construct",)),
                    card("Hidden Guard", types=("construct",)), *lamps(2)]))
    place(st, 0, "Herd Caller")
    place(st, 1, "Pack Counter", "Iron Guard", "Hidden Guard", down=("Hidden Guard",))
    (caller,) = ids(st, 0, "Herd Caller")
    guard, hidden = ids(st, 1, "Iron Guard", "Hidden Guard")
    assert st.types(guard) == ("animal",) and st.elements(guard) == ("fire",)
    assert st.types(caller) == ("mage",) and st.types(hidden) == ()
    assert st.matches(guard, {"type": "animal"}, caller) and not st.matches(guard, {"type": "construct"}, caller)
    _score(st)
    assert st.rp[1] == 8  # the Counter and the Guard, face-up, are ANIMAL now
    st.down.add(caller)
    assert st.types(guard) == ("construct",)


def test_an_override_reads_only_the_kind_it_names():
    """A symbol of one kind "instead of their normal" symbol of the other kind says nothing the rules
    define ("CARD DATA": elements and types are different symbols): not playable yet."""
    from rules.millennium_blades.text import compile_text

    effects, reason = compile_text("Ongoing: Cards in other players' tableaus are EARTH instead of their own TYPE.")
    assert effects is None and reason and "earth" in reason


HAMMER = "Play: Flip a card in another player's tableau."


def test_this_card_gains_the_symbols_of_the_opponents_cards_and_its_flip_empties_hand_and_rp():
    """"CARD DATA": elements and types are symbols on a card; "gains" is in addition to its own (batch
    copying's ``gain_symbols``): the symbols of every face-up card of the other players' tableaus
    ("Face-Down Cards": a face-down one has none), while it is face-up in its tableau ("Effects on
    Cards": Ongoing; it holds during scoring too, "Ending the Tournament"). Its Flip effect: "Flip"
    flips each of your face-up cards, "Discard a Card" ("General Rules": to the owner's Binder) takes
    every card of the hand with no choice, and "lose all RP" leaves none ("FAQs": a loss stops at zero)."""
    text = ("Ongoing: This card gains the ELEMENT and TYPE of all cards in other players' tableaus. | Flip: Lose "
            "all RP, discard your whole hand, and flip all cards in your tableau.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "gain_symbols", "from": "opponents", "keep_own": True}]
    assert effects[1]["ops"][:2] == [{"op": "lose_rp", "amount": 1, "per": {"count": "rp"}}, {"op": "discard_hand"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "flip", "ops": [{"op": "discard_hand", "amount": 2}]}])
    st = table(kit([card("Mirror Regent", text, elements=("light",), types=("citizen",)), card("Quiet Page"),
                    card("Spare One"), card("Spare Two"), *lamps(2)]),
               kit([card("Mallet Imp", HAMMER, elements=("earth",), types=("animal",)),
                    card("Sly Husk", elements=("air",), types=("myth",)), card("Shut Husk", elements=("dark",)),
                    *lamps(2)]))
    place(st, 0, "Quiet Page", "Mirror Regent")
    place(st, 1, "Sly Husk", "Shut Husk", down=("Shut Husk",))
    page, regent = ids(st, 0, "Quiet Page", "Mirror Regent")
    assert st.elements(regent) == ("light", "air") and st.types(regent) == ("citizen", "myth")
    assert st.matches(regent, {"type": "myth"}, regent) and not st.matches(regent, {"element": "dark"}, regent)
    st.rp[0] = 12
    spares = ids(st, 0, "Spare One", "Spare Two", "Lamp 0", "Lamp 1")
    st.seat_turn = 1
    do(st, 'play "Mallet Imp"', "target 0 1")  # the Regent flipped by the Imp: its Flip effect for seat 0
    assert regent in st.down and page in st.down  # its Flip flips the rest of its tableau
    assert st.hand[0] == [] and set(spares) <= set(st.binder[0]) and st.rp[0] == 0
    assert st.elements(regent) == ()  # face-down: no symbols


def test_printed_star_of_your_cards_changed_while_this_card_holds_tokens():
    """"CARD DATA": the Star Rating is printed on a card, and +1 STAR tokens add to it. A printed STAR set
    to a number for the cards of your tableau while this card holds at least COUNT +1 STAR Tokens:
    while the condition holds and its card is face-up ("Effects on Cards": Ongoing), each face-up card of
    its tableau is printed 6 (an X too), its tokens still added; an opponent's cards keep theirs ("your
    tableau"); a face-down card has none ("FAQs": "Face-down cards have no Star Value")."""
    text = ("Ongoing: If there are at least 3 +1 STAR Tokens on this card, the singles in your tableau get their "
            "printed STAR rating set to 6.")
    effects = compiles(text)
    (op,) = effects[0]["ops"]
    assert op["op"] == "printed_star" and op["value"] == 6 and op["cards"] == "own_tableau"
    assert op["while"]["test"] == "count" and op["while"]["value"] == 3
    assert check_card("single", {"star": 2}, effects) == []
    assert check_card("single", {"star": 2}, [{**effects[0], "ops": [{**op, "value": "six"}]}])
    assert check_card("single", {"star": 2}, [{**effects[0], "ops": [{**op, "cards": "other_tableaus"}]}])
    st = table(kit([card("Gauge Keeper", text, star=2), card("Small Squire", star=1), card("Sleeper", star=9),
                    *lamps(2)]),
               kit([card("Far Squire", star=1), *lamps(2)]))
    place(st, 0, "Gauge Keeper", "Small Squire", "Sleeper", down=("Sleeper",))
    place(st, 1, "Far Squire")
    keeper, squire, sleeper = ids(st, 0, "Gauge Keeper", "Small Squire", "Sleeper")
    (far,) = ids(st, 1, "Far Squire")
    st.tokens[squire] = 1
    st.tokens[keeper] = 2
    assert st.star(squire) == 2 and st.star(keeper) == 4  # two tokens: not yet
    st.tokens[keeper] = 3
    assert st.star(squire) == 7 and st.star(keeper) == 9 and st.star(far) == 1 and st.star(sleeper) is None
    st.down.add(keeper)  # its card face-down: the rule is not in force
    assert st.star(squire) == 2


def test_a_top_rule_whose_element_is_chosen_as_the_card_is_played():
    """"Top Card": Top effects work while the card is the right-most face-up card of its tableau, which a
    card just played is ("Always place singles in the left-most available slot"). "Top: Choose an
    ELEMENT. All cards in every player's hands and tableaus are that ELEMENT": the element is chosen as
    the card is played and kept for it (rules notes, "MB: overrides"); while it is the Top Card, every
    card in a hand or face-up in a tableau has that element only; when a card to its right is face-up
    (or it is face-down), the rule is not in force."""
    text = "Top: Choose an ELEMENT. All cards in every player's hands and tableaus are that ELEMENT."
    effects = compiles(text)
    assert [e["timing"] for e in effects] == ["play", "top"]
    assert effects[0]["ops"] == [{"op": "choose_value", "what": "element"}, {"op": "keep_chosen", "chosen": True}]
    assert effects[1]["ops"] == [{"op": "override_symbols", "what": "elements", "value": "chosen",
                                  "cards": "hands_and_tableaus"}]
    assert check_card("single", {"star": 4}, effects) == []
    assert check_card("single", {"star": 4}, [{"timing": "play", "ops": [{"op": "keep_chosen", "type": "dark"}]}])
    st = table(kit([card("Tide Herald", text, elements=("air",)), card("Dry Page", elements=("earth",)), *lamps(2)]),
               kit([card("Far Page", elements=("fire",)), card("Held Page", elements=("light",)), *lamps(2)]))
    place(st, 1, "Far Page")
    do(st, 'play "Tide Herald"', "value water")
    herald, dry = ids(st, 0, "Tide Herald", "Dry Page")
    far, held = ids(st, 1, "Far Page", "Held Page")
    assert [st.elements(c) for c in (herald, dry, far, held)] == [("water",)] * 4
    assert st.types(far) == ("soldier",)  # the other kind of symbol is kept
    st.tableau[0].append(dry)  # a face-up card to its right: no longer the Top Card
    st.hand[0].remove(dry)
    assert st.elements(far) == ("fire",) and st.elements(herald) == ("air",)
    st.down.add(dry)  # its right-hand card face-down: the Top Card again, the element still kept
    assert st.elements(far) == ("water",) and st.elements(dry) == ()


def test_every_other_cards_printed_star_set_by_a_top_rule():
    """"Top Card": a Top effect works while its card is the right-most face-up card of its tableau.
    "All other cards printed STAR are 2": every face-up card of every tableau but this one is printed 2
    ("CARD DATA"), its +1 STAR tokens still added; a Top rule wins over an Ongoing one ("Effects on
    Cards": "Top>Ongoing>Play>Next>Score")."""
    text = "Top: All other cards printed STAR are 2."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "printed_star", "value": 2, "cards": "others"}]
    raise_own = "Ongoing: The singles in your tableau get their printed STAR set to 9."
    st = table(kit([card("Leveller", text, star=5), *lamps(2)]),
               kit([card("Proud Knight", star=7), card("Crown Page", raise_own, star=1), *lamps(2)]))
    place(st, 0, "Leveller")
    place(st, 1, "Proud Knight", "Crown Page")
    (leveller,) = ids(st, 0, "Leveller")
    knight, crown = ids(st, 1, "Proud Knight", "Crown Page")
    st.tokens[knight] = 1
    assert st.star(leveller) == 5 and st.star(knight) == 3 and st.star(crown) == 2  # the Top rule wins
    st.down.add(leveller)  # no Top Card on seat 0: the Ongoing rule of seat 1 holds
    assert st.star(knight) == 10 and st.star(crown) == 9


def test_a_top_rule_blanks_every_other_singles_text():
    """"Top Card": a Top effect works while its card is the right-most face-up card of its tableau.
    "All other Singles' text is blank": every other face-up Single in play, any player's, has no
    text while the rule holds -- no Ongoing bonus, no Play effect as it is played, no Score effect
    ("Ending the Tournament": the rule still holds then); its printed data stays ("CARD DATA"). Once the
    rule's card is face-down, the texts are back ("Effects on Cards")."""
    text = "Top: All other Singles' text is blank."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "blank_text", "kinds": ["single"]}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "top", "ops": [{"op": "blank_text", "kinds": ["metagame"]}]}])
    st = table(kit([card("Hush Warden", text), *lamps(3)]),
               kit([card("Loud Page", "Play: Gain 4 RP."), card("Big Page", "Ongoing: This card has +3 STAR.", star=2),
                    card("Late Page", "Score: Gain 5 RP."), *lamps(2)]))
    place(st, 1, "Big Page", "Late Page")
    (big, late) = ids(st, 1, "Big Page", "Late Page")
    assert st.star(big) == 5
    do(st, 'play "Hush Warden"')
    (warden,) = ids(st, 0, "Hush Warden")
    assert st.star(big) == 2 and st.cards[big].effects == () and st.cards[big].star == 2
    assert any(e.action == "text_blank" and dict(e.changes).get("card") == "Big Page" for e in st.events)
    do(st, 'play "Loud Page"')
    assert st.rp[1] == 0  # its Play effect blank as it came into play
    _score(st)
    assert st.rp[1] == 0 and st.star(warden) == 3  # the Warden's own text stays
    st.down.add(warden)
    st.refresh_copies()
    assert st.star(big) == 5 and st.cards[late].effects


def test_a_rule_ignoring_accessories_text_stops_during_scoring():
    """An Accessory's text is in play from its slot ("Accessories": a card affects them only when it
    says so, as this one does). "The text of all other Singles and Accessories is ignored (Top effects
    stop while scoring)": the printed limit is the rule's own -- while the tournament is
    scored ("Ending the Tournament") the texts are back, so their Score effects resolve."""
    text = "Top: The text of all other Singles and Accessories is ignored (Top effects stop while scoring)."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "blank_text", "kinds": ["single", "accessory"], "until_scoring": True}]
    st = table(kit([card("Mute Bell", text), *lamps(3)],
                   accessories=[card("Tin Charm", "Score: Gain 6 RP.", kind="accessory")]),
               kit(lamps(4)))
    do(st, 'play "Mute Bell"')
    (bell,) = ids(st, 0, "Mute Bell")
    (charm,) = ids(st, 0, "Tin Charm")
    assert st.cards[charm].effects == ()
    _score(st)
    assert st.rp[0] == 6 and st.cards[charm].effects  # its Score effect back while scored


def test_the_attached_cards_symbols_set_and_rarity_shared_and_the_attachment_swapped():
    """"FAQs", "How do attached cards function?"; "CARD DATA": element, type, SET and rarity are each
    printed on a card. An Action that discards this card's attachments, then attaches a card of the
    hand to it: the attachment goes to its owner's binder ("Discard a Card"), then a card of the hand
    is attached. The rule printed after it with no timing word ("Effects on Cards": Ongoing while
    face-up): your Singles have the attached card's symbols, SET and rarity besides their own."""
    text = ("DECK BOX | As an Action, discard each card attached to this card and attach one card from your hand to "
            "this. All the singles in your tableau are considered to have the attached card's TYPE, ELEMENT and SET "
            "in addition to their own.")
    effects = compiles(text)
    assert effects[0]["ops"][:2] == [{"op": "discard_attached"}, {"op": "attach_from_hand"}]
    assert effects[1] == {"timing": "ongoing", "text": effects[1]["text"],
                          "ops": [{"op": "share_attached", "zones": ["tableau"], "what": ["types", "elements", "sets"]}]}
    assert check_card("deck_box", {"star": 0}, effects) == []
    assert check_card("deck_box", {"star": 0}, [{"timing": "action", "ops": [{"op": "discard_attached", "all": 1}]}])
    rarity = "Ongoing: All cards in your tableau are considered to have the attached card's RARITY in addition to their own."
    assert compiles(rarity)[0]["ops"][0]["what"] == ["rarities"]
    moon = replace(card("Moon Relic", elements=("dark",), types=("myth",)), set_code="MOON", set_kind="premium")
    sun = replace(card("Sun Relic", elements=("light",), types=("animal",)), set_code="SUNS", set_kind="core")
    st = table(kit([card("Plain Guard"), moon, sun, *lamps(2)],
                   box=[card("Relic Case", text, kind="deck_box", elements=(), types=())]),
               kit(lamps(4)))
    place(st, 0, "Plain Guard")
    guard, moon_id, sun_id, case = ids(st, 0, "Plain Guard", "Moon Relic", "Sun Relic", "Relic Case")
    do(st, 'use "Relic Case"', 'pick "Moon Relic"')
    assert st.attached[moon_id]["host"] == case and case not in st.down  # "As an Action": not flipped
    assert st.elements(guard) == ("fire", "dark") and st.types(guard) == ("soldier", "myth")
    assert st.matches(guard, {"set": "MOON"}, case) and not st.matches(guard, {"set": "SUNS"}, case)
    assert st.count({"count": "sets", "zone": "tableau", "filter": {}}, case, 0, {}) == 1
    st.seat_turn, st.action_used = 0, False
    do(st, 'use "Relic Case"', 'pick "Sun Relic"')
    assert moon_id in st.binder[0] and st.attached[sun_id]["host"] == case
    assert st.elements(guard) == ("fire", "light") and st.matches(guard, {"set": "SUNS"}, case)
    assert not st.matches(guard, {"set": "MOON"}, case)
    st = table(kit([card("Plain Guard"), moon, *lamps(2)], box=[card("Rank Case", "DECK BOX | As an Action, attach a card "
                                                                   f"from your hand to this. | {rarity}", kind="deck_box")]),
               kit(lamps(4)))
    place(st, 0, "Plain Guard")
    guard, case = ids(st, 0, "Plain Guard", "Rank Case")
    do(st, 'use "Rank Case"', 'pick "Moon Relic"')
    assert st.matches(guard, {"rarity": "premium"}, case) and not st.matches(guard, {"rarity": "master"}, case)
    assert st.count({"count": "rarities", "zone": "tableau", "filter": {}}, case, 0, {}) == 1


def test_a_host_gains_what_is_printed_on_the_cards_attached_to_it():
    """"FAQs", "How do attached cards function?": attached cards are "not considered in the tableau for
    effects"; a host that says it "gains" their printed data has it besides its own while it is face-up
    in its tableau ("Effects on Cards": Ongoing): their Star Ratings added ("CARD DATA"), their symbols,
    SETs, names and effects (a Score effect resolving as the host's: "Ending the Tournament")."""
    text = ("Unite–Ongoing: Attach any number of MAGE singles from your hand to this one during your turns. This "
            "card gains the combined STAR rating of all the attached cards, as well as the TYPES, SETS, names, and "
            "effects of the cards attached to it.")
    effects = compiles(text)
    assert effects[0]["ops"][1] == {"op": "host_gains", "what": ["star", "types", "sets", "names", "effects"]}
    assert check_card("single", {"star": 2}, effects) == []
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{"op": "host_gains", "what": ["price"]}]}])
    relic = replace(card("Spark Relic", "Score: Gain 4 RP.", star=3, elements=("water",), types=("mage",)),
                    set_code="RELX", set_kind="core")
    st = table(kit([card("Mage Vessel", text, star=2, types=("construct",)), relic, *lamps(2)]), kit(lamps(4)))
    vessel, spark = ids(st, 0, "Mage Vessel", "Spark Relic")
    do(st, 'play "Mage Vessel"', 'unite "Spark Relic" 0')
    assert st.attached[spark]["host"] == vessel
    assert st.cards[vessel].effects[-1]["timing"] == "score"  # its attachment's effect, from the attach on
    assert st.star(vessel) == 5 and st.types(vessel) == ("construct", "mage") and st.elements(vessel) == ("fire",)
    assert st.matches(vessel, {"set": "RELX"}, vessel) and st.matches(vessel, {"name_has": "spark"}, vessel)
    _score(st)
    assert st.rp[0] == 4  # the attachment's Score effect, the host's now
