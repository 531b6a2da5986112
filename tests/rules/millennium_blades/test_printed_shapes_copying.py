"""More shapes of printed text, batch ``copying`` (issue 26.2; rules/millennium_blades/phrases_copying.py
and ops_copying.py): effects copied, repeated or granted from other cards. Original cards in each shape,
compiled, checked by the card checker and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: copying")."""

from __future__ import annotations

from rules.core.registry import get_game
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def _events(st, kind: str) -> list[dict]:
    return [dict(e.changes) for e in st.events if e.action == kind]


def _saved(kind: str, effects: list[dict]) -> list:
    """What the game says of a card of ``kind`` with ``effects`` as it is saved (schema and checker)."""
    return get_game("millennium_blades").validate_card(card_type=kind, attributes={"star": 2}, effects=effects)


def _score(st) -> None:
    """"Ending the Tournament": every Score effect resolves; any choice takes its first option."""
    st.start_scoring()
    st.settle()
    while st.pending:
        do(st, str(st.pending["options"][0]))


def test_a_revealed_face_down_card_has_its_score_effects_copied():
    """"FAQs": "A copy effect that would target a face-down card does nothing" -- unless the card says
    it reveals that card first: "Reveal one face-down card in your tableau and copy that card's Score
    effects" copies the revealed card's printed Score effects, as this card's (rules notes, "MB: copying")."""
    text = "Score: Reveal one face-down card in your tableau and copy that card's Score effects."
    (effect,) = compiles(text)
    assert effect["ops"][1] == {"op": "copy_effects", "card": "revealed", "timing": "score", "pick": "all",
                                "face_down_ok": True}
    assert _saved("single", [effect]) == []
    bad = {**effect["ops"][1], "face_down_ok": False}
    assert check_card("single", {"star": 2}, [{"timing": "score", "ops": [bad]}])
    st = table(kit([card("Grave Archivist", text), card("Sunken Idol", "Score: Gain 9 RP."), *lamps()]), kit(lamps()))
    place(st, 0, "Grave Archivist", "Sunken Idol", down=("Sunken Idol",))
    _score(st)
    assert st.rp[0] == 9  # the Idol, face-down, scores nothing itself ("Face-Down Cards")
    assert _events(st, "copy") == [{"card": "Sunken Idol", "effects": 1}]


def test_another_of_your_cards_score_effects_copied_up_to_a_cap():
    """"Effects on Cards"; "Ending the Tournament": "Copy one of your other face-up cards' Score
    effects (max. 25 RP)": the player chooses a face-up card of their play area other than this one;
    its Score effects resolve as this card's, and this effect gains at most 25 RP (rules notes)."""
    text = "Score: Copy one of your other face-up cards' Score effects (max. 25 RP)."
    (effect,) = compiles(text)
    assert effect["ops"] == [{"op": "cap_rp", "max": 25},
                             {"op": "copy_chosen", "timing": "score", "player": "self",
                              "zones": ["tableau", "accessory", "deck_box"], "other": True}]
    assert _saved("deck_box", [effect]) == []
    for bad in ({"zones": ["hand"]}, {"player": "each"}, {"timing": "next"}):
        assert check_card("single", {"star": 2}, [{"timing": "score", "ops": [{**effect["ops"][1], **bad}]}])
    assert check_card("single", {"star": 2}, [{"timing": "score", "ops": [{"op": "cap_rp", "max": 0}]}])
    st = table(kit([card("Big Harvest", "Score: Gain 30 RP."), card("Small Harvest", "Score: Gain 4 RP."), *lamps()],
                   box=[card("Echo Vault", text, kind="deck_box")]), kit(lamps()))
    place(st, 0, "Big Harvest", "Small Harvest")
    _score(st)  # the first option: Big Harvest, the first card of the tableau
    assert st.rp[0] == 30 + 4 + 25
    assert _events(st, "copy") == [{"card": "Big Harvest", "effects": 1}]
    assert _events(st, "rp_capped") == [{"amount": 30, "kept": 25}]


def test_an_action_printed_on_a_card_in_any_play_area_copied():
    """"Use an Action": an Action is the text on the card; "Copy an Action printed on a Single or
    Accessory in play (max. 12 RP from this effect)": an opponent's Accessory too; the copied text
    resolves for this card's player, capped, and does not flip the card copied."""
    text = "Play: Copy an Action printed on a Single or Accessory in play (max. 12 RP from this effect)."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"][1]["player"] == "any" and effect["ops"][0] == {"op": "cap_rp", "max": 12}
    assert effect["ops"][1]["zones"] == ["tableau", "accessory"] and effect["ops"][1]["other"] is False
    assert compile_text("Play: Copy an Action printed on a Single or Metagame card in play.")[0] is None
    lever = card("Gold Lever", "Action: Gain 20 RP.", kind="accessory")
    st = table(kit([card("Mirror Clerk", text), *lamps()]), kit(lamps(), accessories=[lever]))
    do(st, 'play "Mirror Clerk"')
    assert st.rp == [12, 0]
    assert not st.down  # the opponent's Accessory is not used, only copied
    assert _events(st, "copy") == [{"card": "Gold Lever", "effects": 1}]


def test_a_cap_sentence_caps_what_a_copied_deck_box_effect_gains():
    """"Deck Box Area": an effect naming your Deck Box may affect it; "Copy all Score effects of one of
    your Deck Boxes. You cannot gain more than 10 RP with this effect.": the cap covers the whole effect."""
    text = "Score: Copy all Score effects of one of your Deck Boxes. You cannot gain more than 10 RP with this effect."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"][0] == {"op": "cap_rp", "max": 10}
    assert compile_text("Score: You cannot gain more than 10 RP with this effect.")[0] is None  # a cap of nothing
    st = table(kit([card("Stone Sentinel", text), *lamps()], box=[card("Fat Coffer", "Score: Gain 15 RP.",
                                                                       kind="deck_box")]), kit(lamps()))
    place(st, 0, "Stone Sentinel")
    _score(st)
    assert st.rp[0] == 15 + 10


def test_a_flipped_cards_flip_effects_activated_again():
    """"Reaction"; "Flip a Card": "Whenever a face-up card in your tableau is flipped, activate all of
    its Flip effects again": the card flipped is face-down, but its Flip effects just resolved are
    copied as they were (rules notes, "MB: copying"); the Reaction's own card is flipped to use it."""
    text = "Reaction: Whenever a face-up card in your tableau is flipped, activate all of its Flip effects again."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"] == [{"op": "copy_effects", "card": "played", "timing": "flip", "pick": "all",
                              "face_down_ok": True}]
    toy = card("Spring Toy", "Action: Gain 1 RP. | Flip: Gain 4 RP.")
    st = table(kit([card("Echo Scholar", text), toy, *lamps()]), kit(lamps()))
    place(st, 0, "Echo Scholar", "Spring Toy")
    do(st, 'use "Spring Toy"', "accept")
    scholar, spring = ids(st, 0, "Echo Scholar", "Spring Toy")
    assert st.rp[0] == 1 + 4 + 4 and {scholar, spring} <= st.down


def test_a_card_returned_to_the_box_has_its_play_effects_activated():
    """"Discards": a card returned to the box never comes back; "Gain 3 RP, then activate all of its
    Play effects": the returned card's Play effects resolve as this card's."""
    text = "Play: Return one card from your hand to the box. Gain 3 RP, then activate all of its Play effects."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"][-1] == {"op": "copy_effects", "card": "revealed", "timing": "play", "pick": "all"}
    st = table(kit([card("Card Dealer", text), card("Bottled Comet", "Play: Gain 5 RP.", star=4), *lamps()]),
               kit(lamps()))
    do(st, 'play "Card Dealer"', 'pick "Bottled Comet"')
    assert st.rp[0] == 3 + 5
    assert [st.cards[c].name for c in st.removed[0]] == ["Bottled Comet"]


def test_an_opponents_play_effect_copied_by_a_reaction():
    """"Reaction": "After an opponent plays a card with a Play effect, copy that effect": the played
    card's Play effects resolve for the reacting player."""
    text = "Reaction: After an opponent plays a card with a Play effect, copy that effect."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"] == [{"op": "copy_effects", "card": "played", "timing": "play", "pick": "all"}]
    assert compile_text("Play: Copy that effect.")[0] is None  # no card played named
    st = table(kit([card("Parrot Twins", text), *lamps()]), kit([card("Gift Box", "Play: Gain 6 RP."), *lamps()]))
    place(st, 0, "Parrot Twins")
    do(st, 'play "Lamp 0"', 'play "Gift Box"', "accept")
    assert st.rp == [6, 6]
    assert ids(st, 0, "Parrot Twins")[0] in st.down


def test_a_deck_box_gives_singles_an_action_that_performs_their_score_effects():
    """"Effects on Cards"; "Use an Action": a Deck Box's rule printed without a timing word holds while
    it is face-up; 'All of your singles in your tableau have "Action: Perform all of this card's Score
    effects."' gives each face-up Single that Action ("this card": the Single using it), read with the
    same grammar as batch w's granted Actions."""
    text = 'All of your singles in your tableau have "Action: Perform all of this card\'s Score effects."'
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"] == [{"op": "grant_action", "ops": [{"op": "copy_effects", "card": "this", "timing": "score",
                                                             "pick": "all"}]}]
    st = table(kit([card("Harvest Moon", "Score: Gain 7 RP."), *lamps()],
                   box=[card("Hourglass Case", text, kind="deck_box")]), kit(lamps()))
    place(st, 0, "Harvest Moon")
    do(st, 'use "Harvest Moon"')
    assert st.rp[0] == 7 and ids(st, 0, "Harvest Moon")[0] in st.down


def test_the_play_effects_of_cards_discarded_from_the_hand_copied_in_the_order_picked():
    """"Discard a Card": to the binder; "Discard up to two cards from your hand and copy all of their
    Play effects": each discarded card's Play effects resolve as this card's, in the order the player
    discarded them (rules notes, "MB: copying")."""
    text = "Play: Discard up to two cards from your hand and copy all of their Play effects."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"] == [{"op": "discard_up_to", "amount": 2}, {"op": "copy_those", "timing": "play"}]
    assert check_card("single", {"star": 2}, [{"timing": "play", "ops": [{"op": "copy_those", "timing": "top"}]}])
    assert compile_text("Play: Discard two cards from your hand and copy all of their Play effects.")[0] is None
    st = table(kit([card("Trash Oracle", text), card("Ember Coin", "Play: Gain 2 RP."),
                    card("Toll Coin", "Play: Lose 1 RP."), *lamps()]), kit(lamps()))
    do(st, 'play "Trash Oracle"', 'pick "Toll Coin"', 'pick "Ember Coin"')
    assert st.rp[0] == 2  # Toll Coin first (nothing to lose: "You lose as much as you can"), then Ember Coin
    assert [c["card"] for c in _events(st, "copy")] == ["Toll Coin", "Ember Coin"]


def _uses(st, seat: int = 0) -> list[str]:
    return sorted(a.args[0] for a in st.legal_actions(seat) if a.verb == "use")


def test_a_card_has_all_effects_of_its_left_neighbour_until_scoring():
    """"Effects on Cards": an Ongoing effect works while its card is face-up; "This card has all the
    effects of the face-up card to its immediate left. This effect stops working while scoring.": the
    card keeps its own data and gains the neighbour's effects (its Action here), not while the
    tournament is scored (rules notes, "MB: copying")."""
    text = ("Ongoing: This card has all the effects of the face-up card to its immediate left. This effect stops "
            "working while scoring.")
    (effect,) = compiles(text)
    assert effect["ops"] == [{"op": "exact_copy", "what": "effects", "side": "left", "until_scoring": True}]
    assert _saved("single", [effect]) == []
    for bad in ({"side": "up"}, {"timings": ["dance"]}, {"from": "accessories"}):
        assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{**effect["ops"][0], **bad}]}])
    torch = card("Torch Bearer", "Action: Gain 4 RP. | Score: Gain 6 RP.")
    st = table(kit([card("Mask Wearer", text, star=1), torch, *lamps()]), kit(lamps()))
    place(st, 0, "Torch Bearer")
    do(st, 'play "Mask Wearer"')  # (the turn's Action may come after its Single)
    assert _uses(st) == ["Mask Wearer", "Torch Bearer"]
    assert _events(st, "effects_copied")[0] == {"card": "Mask Wearer", "of": "Torch Bearer"}
    do(st, 'use "Mask Wearer"')
    mask = ids(st, 0, "Mask Wearer")[0]
    assert st.rp[0] == 4 and mask in st.down and st.star(mask) is None  # flipped: a blank card
    st = table(kit([card("Mask Wearer", text, star=1), torch, *lamps()]), kit(lamps()))
    place(st, 0, "Torch Bearer", "Mask Wearer")
    _score(st)
    assert st.rp[0] == 6  # the Mask has no Score effect while the tournament is scored


def test_an_accessory_gains_the_actions_of_your_other_accessories():
    """"Use an Action": Accessories usually carry Actions; "This accessory has the Action and Reaction
    effects of all other Accessories in your play area": while face-up it has them as its own, and
    using one flips it, not the card it is from."""
    text = "Ongoing: This accessory has the Action and Reaction effects of all other Accessories in your play area."
    (effect,) = compiles(text)
    assert _saved("single", [effect]) == []
    assert effect["ops"] == [{"op": "exact_copy", "what": "effects", "from": "accessories",
                              "timings": ["action", "reaction"]}]
    wrench = card("Gear Wrench", "Action: Gain 5 RP.", kind="accessory")
    st = table(kit(lamps(), accessories=[card("Shift Kit", text, kind="accessory"), wrench]), kit(lamps()))
    assert _uses(st) == ["Gear Wrench", "Shift Kit"]
    do(st, 'use "Shift Kit"')
    kit_card, wrench_card = ids(st, 0, "Shift Kit", "Gear Wrench")
    assert st.rp[0] == 5 and kit_card in st.down and wrench_card not in st.down
    # an Accessory that changes other cards' effects is no copy: its Action is had too (rules notes)
    clamp = card("Gem Clamp", "Action: Attach this accessory to a face-up single in your tableau. That card loses all "
                 "its other effects except Score effects while this card is attached.", kind="accessory")
    st = table(kit(lamps(), accessories=[card("Shift Kit", text, kind="accessory"), clamp]), kit(lamps()))
    assert _uses(st) == ["Gem Clamp", "Shift Kit"]


def test_a_score_effect_of_your_deck_box_resolves_twice():
    """"Ending the Tournament": Score effects of the Deck Box resolve after the Singles'; a rule printed
    with no timing word, "One Score effect of one of your Deck Boxes resolves twice": a Score effect of
    this card copying one Score effect of a face-up Deck Box of yours, so it resolves once more (rules
    notes, "MB: copying")."""
    text = "One Score effect of one of your Deck Boxes resolves twice."
    (effect,) = compiles(text)
    assert effect["timing"] == "score" and effect["ops"][0]["pick"] == "one"
    assert _saved("single", [effect]) == []
    st = table(kit([card("Echo Drum", text), *lamps()], box=[card("Tin Chest", "Score: Gain 8 RP.", kind="deck_box")]),
               kit(lamps()))
    place(st, 0, "Echo Drum")
    _score(st)
    assert st.rp[0] == 8 + 8
    assert _events(st, "copy") == [{"card": "Tin Chest", "effects": 1}]


def test_a_card_has_the_symbols_of_the_aftermarket_cards_with_its_own():
    """"Effects on Cards": a rule of the card holds while it is face-up in the tableau; "This card has
    the ELEMENTS and TYPES of all the cards in the Aftermarket (in addition to its own ones)": its
    printed symbols and theirs; "for each different ELEMENT on this card" counts them (rules notes)."""
    text = ("This card has the ELEMENTS and TYPES of all the cards in the Aftermarket (in addition to its own ones). | "
            "Score: Gain 3 RP for each different ELEMENT on this card.")
    rule, score = compiles(text)
    assert rule["ops"] == [{"op": "gain_symbols", "from": "aftermarket", "keep_own": True}]
    assert score["ops"][0]["per"] == {"count": "own_symbols", "what": "elements"}
    assert _saved("single", [rule, score]) == []
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{**rule["ops"][0], "from": "binder"}]}])
    sea, sky = card("Sea Relic", elements=("water",), types=("mage",)), card("Sky Relic", elements=("air",), types=("mage",))
    st = table(kit([card("Tide Collector", text), *lamps()]), kit([sea, sky, *lamps()]))
    place(st, 0, "Tide Collector")
    (collector,) = ids(st, 0, "Tide Collector")
    assert st.elements(collector) == ("fire",)
    for relic in ids(st, 1, "Sea Relic", "Sky Relic"):
        st.hand[1].remove(relic)
        st.aftermarket.append(relic)
    assert st.elements(collector) == ("fire", "water", "air") and st.types(collector) == ("soldier", "mage")
    _score(st)
    assert st.rp[0] == 3 * 3


def test_mimicry_plus_has_the_symbols_of_both_neighbours_instead_of_its_own():
    """"Set Specific Keywords": Mimicry has the symbols of the face-up card to its left "instead of"
    its own; Mimicry PLUS, as its reminder says, those of the cards left and right (rules notes, "MB:
    copying"); "If this card has 2 different ELEMENTS and 2 different TYPES" counts them."""
    text = ("Mimicry PLUS (This card has the ELEMENTS and TYPES of the face-up cards to its immediate left and right.) | "
            "Score: If this card has 2 different ELEMENTS and 2 different TYPES, gain 12 RP.")
    rule, score = compiles(text)
    assert _saved("single", [rule, score]) == []
    assert rule["ops"] == [{"op": "gain_symbols", "from": "neighbours", "keep_own": False}]
    assert score["condition"]["test"] == "all"
    left, right = card("Left Twin", elements=("water",), types=("mage",)), card("Right Twin", elements=("air",))
    st = table(kit([left, card("Chameleon Page", text, elements=("dark",)), right, *lamps()]), kit(lamps()))
    place(st, 0, "Left Twin", "Chameleon Page", "Right Twin")
    left_id, page, right_id = ids(st, 0, "Left Twin", "Chameleon Page", "Right Twin")
    assert st.elements(page) == ("water", "air") and st.types(page) == ("mage", "soldier")
    _score(st)
    assert st.rp[0] == 12
    st.down.add(right_id)  # a face-down neighbour has no symbols ("Face-Down Cards")
    assert st.elements(page) == ("water",)


def test_neighbours_lose_their_effects_and_have_this_cards_score_effects():
    """"Effects on Cards": an Ongoing effect works while its card is face-up; "Face-up cards adjacent to
    this one lose their own effects and gain this card's Score effects": a neighbour's Action and Score
    are gone, and this card's Score effect is its own instead (rules notes, "MB: copying")."""
    text = ("Ongoing: Face-up cards adjacent to this one lose their own effects and gain this card's Score effects. | "
            "Score: Gain 5 RP.")
    rule, score = compiles(text)
    assert rule["ops"] == [{"op": "lend_effects", "timings": ["score"]}]
    assert _saved("single", [rule, score]) == []
    assert check_card("single", {"star": 2}, [{"timing": "ongoing", "ops": [{"op": "lend_effects", "timings": []}]}])
    host = card("Busy Smith", "Action: Gain 3 RP. | Score: Gain 10 RP.")
    st = table(kit([host, card("Hush Warden", text), *lamps()]), kit(lamps()))
    place(st, 0, "Busy Smith")
    assert _uses(st) == ["Busy Smith"]
    do(st, 'play "Hush Warden"')
    assert _uses(st) == []  # the Smith lost its Action
    assert _events(st, "effects_copied")[0] == {"card": "Busy Smith", "of": "Hush Warden"}
    _score(st)
    assert st.rp[0] == 5 + 5  # the Smith scores the Warden's 5, not its own 10


def test_an_attachment_leaves_its_host_only_its_score_effects():
    """"FAQs", "How do attached cards function?": what an attached card gives holds while it is
    attached; "That card loses all its other effects except Score effects while this card is
    attached": the host's Action is gone, its Score effect stays (rules notes, "MB: copying")."""
    text = ("Action: Attach this accessory to a face-up single in your tableau. That card loses all its other effects "
            "except Score effects while this card is attached.")
    (effect,) = compiles(text)
    assert effect["ops"][0]["keep_only"] == ["score"]
    assert _saved("accessory", [effect]) == []
    assert check_card("accessory", {"star": 2}, [{"timing": "action", "ops": [{**effect["ops"][0], "keep_only": "x"}]}])
    assert compile_text("Action: Gain 2 RP. That card loses all its other effects except Score effects.")[0] is None
    host = card("Busy Smith", "Action: Gain 3 RP. | Score: Gain 4 RP.")
    st = table(kit([host, *lamps()], accessories=[card("Gem Clamp", text, kind="accessory")]), kit(lamps()))
    place(st, 0, "Busy Smith")
    do(st, 'use "Gem Clamp"')
    (smith,) = ids(st, 0, "Busy Smith")
    assert st.cards[smith].timed("action") == () and st.cards[smith].timed("score")
    _score(st)
    assert st.rp[0] == 4


def test_an_attachment_copies_its_hosts_play_effects_as_the_host_is_flipped():
    """"FAQs", "How do attached cards function?": a flipped host's attachment goes back to the binder;
    "Whenever that card is flipped, copy its Play effects (before resolving its Flip effects)": as the
    flip happens, the host's Play effects resolve as the attachment's, then the host's Flip effects."""
    text = ("Action: Attach this accessory to a face-up single in your tableau. Whenever that card is flipped, copy "
            "its Play effects (before resolving its Flip effects).")
    (effect,) = compiles(text)
    assert effect["ops"][0]["flip_copy"] == "play"
    assert _saved("accessory", [effect]) == []
    assert check_card("accessory", {"star": 2}, [{"timing": "action", "ops": [{**effect["ops"][0], "flip_copy": "x"}]}])
    bird = card("Spark Bird", "Action: Gain 1 RP. | Play: Gain 2 RP. | Flip: Lose 4 RP.")
    st = table(kit([bird, *lamps()], accessories=[card("Amber Clip", text, kind="accessory")]), kit(lamps()))
    place(st, 0, "Spark Bird")
    do(st, 'use "Amber Clip"', 'play "Lamp 0"', 'play "Lamp 0"', 'use "Spark Bird"')
    assert st.rp[0] == 0  # 1, then the copied 2 (3), then the Flip's loss of 4: the copy came first
    assert "Amber Clip" in [st.cards[c].name for c in st.binder[0]] and not st.attached
    assert _events(st, "copy") == [{"card": "Spark Bird", "effects": 1}]
