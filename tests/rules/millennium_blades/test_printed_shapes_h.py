"""More shapes of printed text, batch h (issue 26.2; rules/millennium_blades/phrases_more_h.py and
ops_more_h.py): accessories and attaching. Original cards in each shape, compiled and played in the
tournament engine or checked by the deck validator (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: batch h")."""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.millennium_blades.construction import FORMATS, check_collection, validate
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.phrases import read_target
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def _compiled(name: str, text: str, kind: str, star: int = 2, elements=(), types=()) -> CardSpec:
    """A made-up card with its effects compiled, as the importer stores them (the deck validator
    reads the stored effects)."""
    return CardSpec(None, name, kind, {"star": star, "elements": list(elements), "types": list(types)},
                    tuple(compiles(text)), "", "", text)


def _score(st) -> None:
    """"Ending the Tournament": the Score effects of face-up cards, resolved."""
    st.start_scoring()
    st.settle()


def test_one_more_accessory_slot_and_one_more_deck_box_slot():
    """"Build your Deck": "up to one Deck Box, and up to two Accessories"; a kit card that prints
    one more slot for an Accessory (a Deck Box) raises that limit by one."""
    belt = "ACCESSORY | You have one extra slot for accessories. | Score: Gain 3 RP."
    assert compiles(belt)[0] == {"timing": "deckbuilding", "text": "You have one extra slot for accessories.",
                                 "ops": [{"op": "kit_slots", "section": "accessories", "amount": 1}]}
    crate = "DECK BOX | You have an extra slot for a Deck Box."
    assert compiles(crate)[0]["ops"] == [{"op": "kit_slots", "section": "deck_box", "amount": 1}]
    assert check_card("accessory", {}, compiles(belt)) == []
    gear = [_compiled(f"Trinket {i}", "ACCESSORY | Score: Gain 1 RP.", "accessory") for i in range(2)]
    singles = [_compiled("Pebble", "Play: Gain 1 RP.", "single", star=1)]
    fmt = FORMATS["standard"]
    roomy = kit(singles, accessories=[*gear, _compiled("Tool Belt", belt, "accessory")])
    assert not [v for v in validate(roomy, fmt) if v.code == "accessory_limit"]
    crowded = kit(singles, accessories=[*gear, _compiled("Third Trinket", "ACCESSORY | Score: Gain 1 RP.", "accessory")])
    assert [v for v in validate(crowded, fmt) if v.code == "accessory_limit"]
    boxes = [_compiled("Spare Crate", crate, "deck_box"), _compiled("Plain Tin", "DECK BOX | Score: Gain 1 RP.", "deck_box")]
    assert not [v for v in validate(kit(singles, box=boxes), fmt) if v.code == "deck_box_limit"]


def test_a_card_that_counts_as_every_element_and_type_in_a_collection():
    """"Make your Collection": "each having at least one matching symbol with all the others"; an
    Accessory with no symbols cannot join one ("ACCESSORIES"), unless it prints that it counts as
    any ELEMENT or TYPE (rules notes, "MB: batch h")."""
    for text in ("ACCESSORY | This accessory counts as all ELEMENTS and TYPES when used in a collection.",
                 "ACCESSORY | Counts as any TYPE or ELEMENT for collections."):
        assert compiles(text) == [{"timing": "deckbuilding", "ops": [{"op": "all_symbols"}], "text": text.split(" | ")[1]}]
    charm = _compiled("Wild Badge", "ACCESSORY | Counts as any TYPE or ELEMENT for collections.", "accessory", star=6)
    pup = _compiled("Frost Pup", "Play: Gain 1 RP.", "single", star=1, elements=("water",), types=("animal",))
    hound = _compiled("Frost Hound", "Play: Gain 1 RP.", "single", star=3, elements=("water",), types=("animal",))
    problems, points = check_collection([pup, hound, charm])
    assert problems == [] and points > 0


def test_a_deck_box_gives_an_extra_tableau_slot():
    """"Tableau": the board's slots; an untimed rule of a Deck Box ("You have an additional Single
    slot in your tableau") holds while it is face-up in play ("FAQs": "Any extra tableau slots are
    always at the rightmost side")."""
    text = "DECK BOX | You have one additional single slot in your tableau at the right edge."
    assert compiles(text) == [{"timing": "ongoing", "ops": [{"op": "extra_slot", "amount": 1}],
                               "text": "You have one additional single slot in your tableau at the right edge."}]
    box = card("Long Case", text, kind="deck_box", elements=(), types=())
    st = table(kit(lamps(2), box=[box]), kit(lamps()))
    assert st.capacity(0) == 7 and st.capacity(1) == 6
    st.down.add(ids(st, 0, "Long Case")[0])
    assert st.capacity(0) == 6  # face-down: no longer


def test_flip_an_accessory_in_a_play_area():
    """"Accessories": "A card cannot affect or target your Accessories unless it specifically says it
    can"; an Accessory "in an opponent's Play Area" says so: one of their face-up Accessories is
    flipped ("in your Play Area" names yours the same way)."""
    text = "Play: Flip an Accessory in an opponent's Play Area. Gain 9 RP."
    assert compiles(text)[0]["ops"][0] == {"op": "flip", "target": {"player": "opponent", "pick": "choice",
                                                                   "zone": "accessory", "filter": {"face": "up"}}}
    assert read_target("an accessory in your play area")["player"] == "self"
    st = table(kit([card("Gear Eater", text)]), kit(lamps(), accessories=[card("Old Gauntlet", kind="accessory")]))
    do(st, 'play "Gear Eater"')
    (gauntlet,) = ids(st, 1, "Old Gauntlet")
    assert gauntlet in st.down and st.rp[0] == 9


def test_swap_two_cards_in_your_tableau():
    """"Tableau": cards sit in slots, left to right; swapping two of your face-up cards exchanges
    their slots (so the Top Card may change: "Top Card")."""
    text = "ACCESSORY | Action: Swap two cards in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "swap"}]
    st = table(kit([card("Left Post"), card("Right Post"), card("Late Lamp")], accessories=[card("Shuffle Glove", text,
                                                                                                   kind="accessory")]),
               kit(lamps()))
    place(st, 0, "Left Post", "Right Post")
    left, right = ids(st, 0, "Left Post", "Right Post")
    do(st, 'use "Shuffle Glove"', "target 0 0")  # the other is the only one left
    assert st.tableau[0] == [right, left] and st.top_card(0) == left
    assert any(e.action == "swap" and dict(e.changes)["swapped"] for e in st.events)


def test_look_at_a_players_hand():
    """"Choose a player" then that player's hand shown (rules notes, "MB: batch h": a look is a
    reveal, as batch b reads an opponent's hand looked at)."""
    text = "ACCESSORY | Action: Look at any player's hand."
    assert compiles(text)[0]["ops"] == [{"op": "choose_player", "among": "any"},
                                        {"op": "reveal_hand", "who": "that_player"}]
    st = table(kit([card("Own Lamp")], accessories=[card("Peek Lens", text, kind="accessory")]),
               kit([card("Secret Ace"), card("Secret Two")]))
    do(st, 'use "Peek Lens"', "player 1")
    (shown,) = [dict(e.changes) for e in st.events if e.action == "reveal_hand"]
    assert shown["seat"] == 1 and sorted(shown["cards"]) == ["Secret Ace", "Secret Two"]
    assert ids(st, 0, "Peek Lens")[0] in st.down  # the Action's card is flipped ("Use an Action")


def test_an_attached_card_has_a_quoted_ongoing_protection():
    """"FAQs", "How do attached cards function?": the card gives what it prints to the card it is
    attached to; a quoted "Ongoing: This card cannot be flipped by opponents' effects" is that
    protection ("Effects on Cards": Ongoing)."""
    text = ("Play: Attach this card to another single in your tableau. The attached card has \"Ongoing: This card "
            "can't be flipped by opponents' effects.\"")
    assert compiles(text)[0]["ops"][0]["protect"] is True
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([card("Shell Guard", star=2), card("Ward Moth", text, star=1), card("Spare Lamp")]),
               kit([raid, card("Lamp A")]))
    place(st, 0, "Shell Guard")
    guard, moth = ids(st, 0, "Shell Guard", "Ward Moth")
    do(st, 'play "Ward Moth"')
    assert st.attached[moth]["host"] == guard
    do(st, 'play "Raid Hawk"')  # its only target is protected: nothing is flipped
    assert guard not in st.down


def test_the_winner_takes_a_random_card_from_the_losers_hand():
    """"Clashing": "that player is the winner, and all other players are the losers"; the winner
    takes a card at random from each loser's hand into their own (it is theirs now)."""
    text = "ACCESSORY | Action: Clash with an opponent. The winner takes a random card from the loser's hand."
    assert compiles(text)[0]["ops"][0]["winner"] == [{"op": "for_clash_players", "players": "losers", "as": "that_player",
                                                      "ops": [{"op": "take_random_hand", "who": "that_player"}]}]
    st = table(kit([card("Big Oak", star=8), card("Spare Lamp")], accessories=[card("Duel Coin", text, kind="accessory")]),
               kit([card("Only Card", star=1), card("Small Pebble", star=1)]), store=(1, 1))
    place(st, 0, "Big Oak")
    place(st, 1, "Small Pebble")
    do(st, 'use "Duel Coin"')  # 8 + 1 against 1 + 1: seat 0 wins
    assert names(st, st.hand[1]) == [] and sorted(names(st, st.hand[0])) == ["Only Card", "Spare Lamp"]
    assert st.owner[ids(st, 0, "Only Card")[0]] == 0
    st = table(kit([card("Twig", star=1), card("Spare Lamp"), card("Spare Pot")],
                   accessories=[card("Duel Coin", text, kind="accessory")]),
               kit([card("Only Card", star=1), card("Tall Pine", star=9)]), store=(1, 1))
    place(st, 0, "Twig")
    place(st, 1, "Tall Pine")
    do(st, 'use "Duel Coin"')  # 1 + 1 against 9 + 1: seat 1 wins and takes one of seat 0's two cards
    assert len(st.hand[0]) == 1 and len(st.hand[1]) == 2
    (taken,) = [c for c in st.hand[1] if st.cards[c].name != "Only Card"]
    assert st.owner[taken] == 1


def test_an_untimed_trigger_works_as_an_ongoing_effect():
    """"Effects on Cards": "Ongoing effects keep on working continuously" and "Besides Reactions,
    other Effects are Not Optional": an Accessory's untimed "When you would lose a clash, flip this
    card. If you do, you do not lose that clash" is such an effect (rules notes, "MB: batch h")."""
    text = "ACCESSORY | When you would lose a clash, flip this accessory. If you do, you don't lose that clash."
    effect = compiles(text)[0]
    assert effect["timing"] == "ongoing" and effect["trigger"] == {"event": "would_lose_clash"}
    assert "optional" not in effect
    duel = card("Challenge Horn", "Action: Clash with an opponent. If you win, gain 5 RP.", kind="accessory")
    st = table(kit([card("Tall Oak", star=9), card("Spare Pebble", star=1)], accessories=[duel]),
               kit([card("Plain Pebble", star=1)], accessories=[card("Safety Pin", text, kind="accessory")]),
               store=(1, 1, 1, 1))
    place(st, 0, "Tall Oak")
    place(st, 1, "Plain Pebble")
    do(st, 'use "Challenge Horn"')  # 9 + 1 against 1 + 1: seat 1 would lose, and does not
    assert "Safety Pin" in names(st, st.down) and st.clashes_won[0] == 1 and st.rp[0] == 5
    (kept,) = [e for e in st.events if e.action == "clash_kept"]
    assert st.event_to_string(kept) == "Seat 1 does not lose the clash (Safety Pin)"
    loud = "Ongoing: When you would lose a clash, gain 2 RP."
    assert check_card("accessory", {}, compile_text(loud)[0])  # refused: the engine plays only the clash outcome


def test_each_time_another_player_plays_a_score_card_and_the_tokens_on_this_accessory():
    """An untimed "Each time another player plays a card with a Score effect, put a +1 STAR token
    on this card" (an Ongoing trigger: rules notes, "MB: batch h"); the tokens on an Accessory count
    for its own "if this card has 2 or more +1 STAR tokens" ("Your Tournament Area")."""
    text = ("ACCESSORY | Each time another player plays a card with a Score Effect, put one +1 STAR Token on this card. "
            "| Score: If this card has 2 or more +1 STAR Tokens, gain 17 RP.")
    effects = compiles(text)
    assert effects[0]["timing"] == "ongoing" and effects[0]["trigger"]["by"] == "opponent"
    assert effects[1]["condition"]["value"] == 2
    scorer = "Score: Gain 1 RP."
    st = table(kit(lamps(3), accessories=[card("Tally Charm", text, kind="accessory")]),
               kit([card("Scorer A", scorer), card("Scorer B", scorer), card("Plain C")]))
    do(st, 'play "Lamp 0"', 'play "Scorer A"', 'play "Lamp 1"', 'play "Plain C"')
    (charm,) = ids(st, 0, "Tally Charm")
    assert st.tokens.get(charm, 0) == 1
    do(st, 'play "Lamp 2"', 'play "Scorer B"')
    assert st.tokens.get(charm, 0) == 2
    before = st.rp[0]
    _score(st)
    assert st.rp[0] - before == 17


def test_an_attachment_changes_the_printed_star():
    """"CARD DATA": the Star Rating is printed; "FAQs", "How do attached cards function?": while this
    card is attached, the card's printed STAR is the number it says (its +1 STAR tokens still count on
    top), and flipped, the attachment goes to the binder and the printed STAR is back."""
    text = "ACCESSORY | Action: Attach this card to a face-up single. Its printed STAR becomes 8 while this card is attached."
    assert compiles(text)[0]["ops"] == [{"op": "attach", "target": {"player": "self", "pick": "choice",
                                                                    "filter": {"face": "up"}}, "printed_star": 8}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "attach", "target": {
        "player": "self", "pick": "choice"}, "printed_star": 13}]}])
    st = table(kit([card("Small Fry", star=2), card("Spare Lamp")], accessories=[card("Star Crown", text, kind="accessory")]),
               kit(lamps()))
    place(st, 0, "Small Fry")
    fry, crown = ids(st, 0, "Small Fry", "Star Crown")
    st.tokens[fry] = 1
    do(st, 'use "Star Crown"')
    assert st.attached[crown]["host"] == fry and st.star(fry) == 9  # 8 printed, and its token
    st.flip_card(fry, 0)
    assert crown in st.binder[0] and st.cards[fry].printed_star == 2


def test_skip_your_current_turn():
    """"Tournament Turns": a player who plays no Single passes; an Action that skips the current
    turn passes it (as "Pass your turn", rules notes "Passing")."""
    text = "ACCESSORY | Action: Skip your current turn and gain 6 RP."
    assert compiles(text)[0]["ops"] == [{"op": "pass_turn"}, {"op": "gain_rp", "amount": 6}]
    st = table(kit(lamps(2), accessories=[card("Nap Pillow", text, kind="accessory")]), kit(lamps()))
    do(st, 'use "Nap Pillow"')
    assert st.rp[0] == 6 and [str(a) for a in st.legal_actions(0)] == ["pass"]
    do(st, "pass")
    assert st.current_players() == [1] and len(st.hand[0]) == 2 and st.passes == 1


def test_whenever_an_accessory_is_flipped_and_another_face_up_accessory():
    """"Accessories": "A card cannot affect or target your Accessories unless it specifically says it
    can"; "whenever an Accessory is flipped" names any player's Accessory (its own Action's flip too:
    "Use an Action"), and "if you have another face-up Accessory in your Play Area" counts your
    others (face-down ones not)."""
    watch = "Ongoing: Whenever an Accessory is flipped, gain 4 RP."
    assert compiles(watch)[0]["trigger"] == {"event": "flipped", "by": "any", "whose": "any",
                                             "filter": {"kind": "accessory"}}
    pair = "ACCESSORY | Score: Gain 12 RP if you have another face-up Accessory in your Play Area."
    assert compiles(pair)[0]["ops"][0]["condition"]["of"] == {"count": "cards", "zone": "kit", "filter": {
        "kind": "accessory", "where": "other", "face": "up"}}
    bell = card("Gear Bell", "ACCESSORY | Action: Gain 1 RP.", kind="accessory")
    st = table(kit([card("Gear Watcher", watch), card("Lamp X")], accessories=[bell, card("Twin Charm", pair, kind="accessory")]),
               kit([card("Lamp Y")], accessories=[card("Far Bell", "ACCESSORY | Action: Gain 1 RP.", kind="accessory")]))
    do(st, 'play "Gear Watcher"', "end", 'use "Far Bell"')  # an opponent's Accessory flipped
    assert st.rp[0] == 4
    _score(st)
    assert st.rp[0] == 16  # Gear Bell is face-up: Twin Charm's 12 RP
    st = table(kit([card("Lamp X")], accessories=[bell, card("Twin Charm", pair, kind="accessory")]), kit(lamps()))
    do(st, 'use "Gear Bell"')
    _score(st)
    assert st.rp[0] == 1  # its Action's 1 RP; the other Accessory is face-down: no 12 RP


def test_for_each_printed_first_counts_singles_and_accessories_together():
    """"Your Tournament Area": the Accessories are beside the tableau, not in it; "for every +1 STAR
    token on a Single in your tableau or Accessory in your Play Area" counts both (COUNT ``sum``),
    printed before the gain, with its "up to" limit ("max. N RP")."""
    text = ("DECK BOX | Score: For every +1 STAR Token on a Single in your tableau or Accessory in your Play Area, gain 2 RP "
            "(max. 9 RP).")
    op = compiles(text)[0]["ops"][0]
    assert op["max"] == 9 and op["per"]["count"] == "sum"
    st = table(kit([card("Token Post", star=1)], box=[card("Token Tin", text, kind="deck_box", elements=(), types=())],
                   accessories=[card("Token Ring", kind="accessory")]), kit(lamps()))
    place(st, 0, "Token Post")
    post, ring = ids(st, 0, "Token Post", "Token Ring")
    st.tokens.update({post: 2, ring: 1})
    _score(st)
    assert st.rp[0] == 6  # three tokens
    st.tokens[ring] = 4
    st.rp[0] = 0
    assert st.count(op["per"], ids(st, 0, "Token Tin")[0], 0) == 6  # six tokens: 12 RP, limited to 9
    counted = compiles("Play: For each single or accessory in your tableau with a +1 STAR token on it, put a +1 STAR "
                       "token on this card.")[0]["ops"][0]
    assert counted["target"] == {"player": "self", "pick": "this"}
    assert st.count(counted["per"], post, 0) == 2


def test_face_down_cards_and_empty_slots_of_every_tableau():
    """"Tableau": six slots, filled from the left; "Face-Down Cards" still count as cards. Each
    face-down card and each empty slot of every player's tableau counts once (COUNT ``sum`` with
    ``empty_slots_each``)."""
    text = "Score: Lose 2 RP for each face-down card and empty slot in all players' tableaus."
    per = compiles(text)[0]["ops"][0]["per"]
    assert per == {"count": "sum", "of": [{"count": "cards", "zone": "all", "filter": {"face": "down"}},
                                          {"count": "empty_slots_each"}]}
    st = table(kit([card("Gloom Judge", text), card("Down One"), card("Up One")]), kit([card("Far One"), card("Lamp Z")]))
    place(st, 0, "Gloom Judge", "Down One", "Up One", down=("Down One",))
    place(st, 1, "Far One")
    st.rp[0] = 30
    _score(st)
    assert st.rp[0] == 30 - 2 * (1 + 3 + 5)  # one face-down card; three and five empty slots


def test_flip_any_number_of_your_accessories():
    """"Accessories": effects reach them only when they say so; "any number of Accessories in your Play
    Area" lets the player flip face-up Accessories one at a time and stop ("decline"), and "for each
    Accessory flipped this way" counts them; "each face-down Accessory you have" counts yours
    ("Face-Down Cards": still cards)."""
    text = ("Play: Flip any number of Accessories in your Play Area to gain 3 RP for each Accessory flipped this way. "
            "| Score: Gain 2 RP for each face-down Accessory you have.")
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "flip_any", "zone": "accessory"}
    assert check_card("single", {}, [{"timing": "play", "ops": [{"op": "flip_any", "zone": "hand"}]}])
    gear = [card(f"Gear {i}", kind="accessory") for i in range(2)]
    st = table(kit([card("Gear Burner", text), card("Spare Lamp")], accessories=gear), kit(lamps()))
    do(st, 'play "Gear Burner"', "accessory 0 0")
    assert [str(a) for a in st.legal_actions(0)] == ["accessory 0 1", "decline"]
    do(st, "decline")
    assert st.rp[0] == 3 and names(st, st.down) == ["Gear 0"]
    _score(st)
    assert st.rp[0] == 5  # one face-down Accessory


def test_an_attached_card_may_take_tokens_as_each_turn_starts():
    """"FAQs", "How do attached cards function?"; "Tournament Turns": as each of its player's turns
    starts, the card the accessory is attached to may take the +1 STAR tokens the quoted Ongoing
    gives ("you may": its player accepts or declines each turn)."""
    text = ("ACCESSORY | Action: Attach this card to a face-up single. The attached card has \"Ongoing: You may put two "
            "+1 STAR tokens on this card at the start of each of your turns.\" while this card is attached.")
    assert compiles(text)[0]["ops"][0]["turn_tokens"] == 2
    st = table(kit([card("Hatchling", star=1), card("Lamp A"), card("Lamp B")],
                   accessories=[card("Nest Charm", text, kind="accessory")]), kit(lamps()))
    place(st, 0, "Hatchling")
    (chick,) = ids(st, 0, "Hatchling")
    do(st, 'use "Nest Charm"', 'play "Lamp A"', 'play "Lamp 0"')
    assert st.current_players() == [0] and [str(a) for a in st.legal_actions(0)] == ["accept", "decline"]
    do(st, "accept")
    assert st.tokens.get(chick) == 2 and st.star(chick) == 3
    do(st, 'play "Lamp B"', 'play "Lamp 1"', "decline")  # the next turn: declined
    assert st.tokens.get(chick) == 2


def test_your_cards_have_the_symbols_of_the_attached_card():
    """"FAQs", "How do attached cards function?"; "CARD DATA": elements and types. While this card is
    face-up with a card attached, your cards in hand and tableau have the attached card's printed
    TYPE and ELEMENT besides their own; flipped, the attachment goes to the binder ("FAQs") and they
    have their own only ("Face-Down Cards": this card itself has none)."""
    text = ("Play: Attach one card from your hand to this single. | Ongoing: All cards in your tableau and hand have the "
            "ELEMENT and TYPE of the attached card, in addition to their own.")
    assert compiles(text)[1]["ops"] == [{"op": "share_attached", "zones": ["hand", "tableau"],
                                         "what": ["elements", "types"]}]
    assert check_card("single", {}, [{"timing": "ongoing", "ops": [{"op": "share_attached", "zones": ["binder"],
                                                                     "what": ["elements"]}]}])
    st = table(kit([card("Totem Keeper", text), card("Sea Idol", elements=("water",), types=("myth",)),
                    card("Fire Guard"), card("Hand Guard")]), kit(lamps()))
    place(st, 0, "Fire Guard")
    keeper, guard, held, idol = ids(st, 0, "Totem Keeper", "Fire Guard", "Hand Guard", "Sea Idol")
    do(st, 'play "Totem Keeper"', 'pick "Sea Idol"')
    assert st.attached[idol]["host"] == keeper
    assert st.elements(guard) == ("fire", "water") and st.types(held) == ("soldier", "myth")
    assert st.elements(keeper) == ("fire", "water")
    st.flip_card(keeper, 0)
    assert st.elements(guard) == ("fire",) and st.types(held) == ("soldier",) and idol in st.binder[0]


def test_a_play_text_that_protects_cards_sharing_the_attached_cards_element():
    """"Cannot be flipped"; "FAQs", "How do attached cards function?". A lasting rule printed in a Play
    text ("your other cards with the same ELEMENT as the attached card can't be flipped by opponents'
    effects") holds while this card is face-up with its attachment (an Ongoing effect of its own:
    rules notes, "MB: batch h")."""
    text = ("Play: Attach one card from your hand to this single. Your other singles with the same ELEMENT as the "
            "attached card cannot be flipped by opponents' effects.")
    effects = compiles(text)
    assert effects[1] == {"timing": "ongoing", "text": text, "ops": [{"op": "protect", "target": "tableau", "filter": {
        "where": "other", "shares_attached": "elements"}}]}
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([card("Tide Warden", text), card("Sea Idol", elements=("water",)), card("Wet Guard", elements=("water",)),
                    card("Dry Guard", elements=("earth",))]),
               kit([raid, card("Lamp Q")]))
    place(st, 0, "Wet Guard", "Dry Guard")
    wet, dry, idol, warden = ids(st, 0, "Wet Guard", "Dry Guard", "Sea Idol", "Tide Warden")
    do(st, 'play "Tide Warden"', 'pick "Sea Idol"', 'play "Raid Hawk"')
    targets = [str(a) for a in st.legal_actions(1)]
    assert f"target 0 {st.tableau[0].index(wet)}" not in targets
    assert f"target 0 {st.tableau[0].index(dry)}" in targets and f"target 0 {st.tableau[0].index(warden)}" in targets


def test_unflip_some_of_your_accessories_and_gain_for_their_star():
    """"Face-Down Cards": a face-down card has no STAR and no text; turned face-up ("un-flip") it has
    them again, an Accessory its Action too ("Use an Action"). "Up to two": the player picks them one
    at a time and may stop; "the un-flipped cards' STAR" adds up theirs."""
    text = "Play: Un-flip up to 2 of your Accessories. Gain RP equal to three times the un-flipped cards' STAR."
    assert compiles(text)[0]["ops"] == [{"op": "unflip", "amount": 2, "zone": "accessory", "up_to": True},
                                        {"op": "gain_rp", "amount": 3, "per": {"count": "those_stars"}}]
    assert check_card("single", {}, [{"timing": "play", "ops": [{"op": "unflip", "amount": 0}]}])
    gear = [card("Old Gear", "ACCESSORY | Action: Gain 1 RP.", star=2, kind="accessory"),
            card("Big Gear", star=4, kind="accessory")]
    st = table(kit([card("Gear Mender", text), card("Lamp M")], accessories=gear), kit(lamps()))
    old, big = ids(st, 0, "Old Gear", "Big Gear")
    st.down.update({old, big})
    do(st, 'play "Gear Mender"', "accessory 0 0")
    assert [str(a) for a in st.legal_actions(0)] == ["accessory 0 1", "decline"]
    do(st, "decline")
    assert old not in st.down and big in st.down and st.rp[0] == 6
    assert 'use "Old Gear"' in [str(a) for a in st.legal_actions(0)]  # its Action is back
    assert any(st.event_to_string(e) == "Seat 0 turns Old Gear face-up again" for e in st.events)
    lone = "Play: Unflip one single in your tableau."
    st = table(kit([card("Wake Bell", lone), card("Sleeper")]), kit(lamps()))
    place(st, 0, "Sleeper", down=("Sleeper",))
    do(st, 'play "Wake Bell"')  # the only face-down card: no question
    assert not st.down
