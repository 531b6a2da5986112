"""More shapes of printed text, batch "naming" (issue 26.2; rules/millennium_blades/phrases_naming.py
and ops_naming.py): naming and choosing a value. Original cards in each shape, compiled, checked by
the card checker and played in the tournament engine (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: naming")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def test_a_foreboding_name_is_remembered_and_its_copies_discarded():
    """"Discard a Card": to the owner's binder. "Foreboding–Play: Name a card." names a card (a
    decision of its player, logged) that the card's later sentences read: "Each opponent must discard
    all copies of the card you named with Foreboding" discards them from the opponents' hands, and
    "If any cards are discarded this way" holds only then (rules notes, "MB: naming")."""
    text = ("Foreboding–Play: Name a card. | Play: Each opponent must discard all copies of the card you named "
            "with Foreboding. If any cards are discarded this way, gain 12 RP.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "name_card", "with": "foreboding"}]
    assert effects[1]["ops"][:2] == [{"op": "recall_named", "with": "foreboding"},
                                    {"op": "discard_named", "who": "each_opponent", "all": True}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "name_card", "with": "dread"}]}])
    st = table(kit([card("Gloom Oracle", text)]), kit([card("Moon Moth"), card("Moon Moth"), card("Sun Moth")]))
    do(st, 'play "Gloom Oracle"', 'name "Moon Moth"')
    assert names(st, st.binder[1]) == ["Moon Moth", "Moon Moth"] and st.rp[0] == 12
    assert st.named == {"foreboding:0": ("Moon Moth",)}
    assert any(e.action == "name_card" and dict(e.changes).get("with") == "foreboding" for e in st.events)
    st = table(kit([card("Gloom Oracle", text), card("Sun Moth")]), kit([card("Sun Moth")]))
    do(st, 'play "Gloom Oracle"', 'name "Sun Moth"')
    assert st.rp[0] == 12 and names(st, st.hand[0]) == ["Sun Moth"]  # yours are not an opponent's
    st = table(kit([card("Gloom Oracle", text), card("Rain Moth")]), kit([card("Sun Moth")]))
    do(st, 'play "Gloom Oracle"', 'name "Rain Moth"')
    assert st.rp[0] == 0 and names(st, st.hand[1]) == ["Sun Moth"]  # nothing discarded: no RP


def test_plays_of_a_foreboding_name_are_answered():
    """"Ongoing": works while the card is face-up. "If you play a card named with Foreboding, ..."
    is a trigger on your plays of a name you named with Foreboding; "Whenever an opponent plays the card
    you named with Foreboding" answers the opponents' plays of it (rules notes, "MB: naming": the names
    of every Foreboding ability of yours)."""
    mine = ("Foreboding–Play: Name a card. | Ongoing: If you play a card named with Foreboding, you gain 15 RP and "
            "flip this card.")
    theirs = ("Foreboding–Play: Name a card. | Ongoing: Whenever an opponent plays the card you named with "
              "Foreboding, gain 20 RP.")
    assert compiles(mine)[1]["trigger"] == {"event": "play", "by": "self", "filter": {"named": "foreboding"}}
    assert compiles(theirs)[1]["trigger"] == {"event": "play", "by": "opponent", "filter": {"named": "foreboding"}}
    st = table(kit([card("Rust Prophet", mine), card("Tin Crow"), card("Tin Crow"), *lamps(1)]),
               kit([card("Tin Crow"), *lamps(2)]))
    do(st, 'play "Rust Prophet"', 'name "Tin Crow"', 'play "Lamp 0"', 'play "Lamp 0"', 'play "Lamp 1"')
    assert st.rp == [0, 0]  # other names pay nothing
    do(st, 'play "Tin Crow"')
    (prophet,) = ids(st, 0, "Rust Prophet")
    assert st.rp[0] == 15 and prophet in st.down  # it flips itself: no more
    do(st, 'play "Tin Crow"', 'play "Tin Crow"')  # the opponent's play is not yours; the prophet is face-down
    assert st.rp == [15, 0]
    st = table(kit([card("Hollow Seer", theirs), *lamps(2)]), kit([card("Tin Crow"), *lamps(2)]))
    do(st, 'play "Hollow Seer"', 'name "Tin Crow"', 'play "Tin Crow"')
    assert st.rp == [20, 0]


def test_a_deck_box_gives_foreboding_to_the_cards_without_it():
    """"Deck Box Area": a Deck Box starts face-up in play, its Ongoing effects work. "All your singles
    without Foreboding gain Foreboding (Play: Name a card.)": each card without that ability you play
    names a card with Foreboding (the keyword's reminder is the keyword); a card you named with
    Foreboding, played later, pays."""
    box = ("DECK BOX | Ongoing: All your singles without Foreboding gain Foreboding (Play: Name a card.). | "
           "Ongoing: Whenever you play a card you named with Foreboding, gain 5 RP.")
    effects = compiles(box)
    assert effects[0]["trigger"] == {"event": "play", "by": "self", "filter": {"foreboding": False}}
    assert effects[0]["ops"] == [{"op": "name_card", "with": "foreboding"}]
    assert check_card("deck_box", {}, effects) == []
    jar = card("Jar of Dread", box, kind="deck_box")
    seer = card("Dim Seer", "Foreboding–Play: Name a card.")
    st = table(kit([card("Ash Newt"), card("Ash Newt"), seer], box=[jar]), kit(lamps(4)))
    do(st, 'play "Ash Newt"', 'name "Ash Newt"', 'play "Lamp 0"')
    assert st.rp[0] == 0 and st.named == {"foreboding:0": ("Ash Newt",)}
    do(st, 'play "Dim Seer"')  # it has Foreboding of its own: one name, its own
    assert st.pending["kind"] == "name"
    do(st, 'name "Dim Seer"', 'play "Lamp 1"', 'play "Ash Newt"', 'name "Ash Newt"')
    assert st.rp[0] == 5 and st.named["foreboding:0"] == ("Ash Newt", "Dim Seer", "Ash Newt")


def test_a_named_card_banned_for_the_rest_of_the_tournament():
    """"Play a Single (Required)": a card that may not be played is no play. "Name a card. That card
    cannot be played until the end of the tournament": no player may play that name any more (every
    way of playing a card asks the same check; rules notes, "MB: naming")."""
    text = "ACCESSORY | Action: Name a card. That card cannot be played until the end of the tournament."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "name_card"}, {"op": "ban_named"}]
    assert check_card("accessory", {}, effects) == []
    gavel = card("Gavel Charm", text, kind="accessory")
    st = table(kit([card("Quiet Lamp")], accessories=[gavel]), kit([card("Iron Goat"), card("Iron Goat"), *lamps(1)]))
    do(st, 'use "Gavel Charm"', 'name "Iron Goat"')
    assert st.named == {"banned": ("Iron Goat",)}
    assert [a.args[0] for a in st.legal_actions(0) if a.verb == "play"] == ["Quiet Lamp"]
    do(st, 'play "Quiet Lamp"')
    assert [a.args[0] for a in st.legal_actions(1) if a.verb == "play"] == ["Lamp 0"]


def test_a_named_card_discarded_from_hands_or_flipped_in_tableaus():
    """"Discard a Card" (to the binder) and "Flip a Card" (a face-up card turned face-down): each
    opponent discards a copy of the named card from their hand, or, with none there, flips a face-up
    copy in their tableau; RP for each player who discarded one."""
    text = ("Action: Name a card. Each opponent must discard that card if it is in their hand, or flip it if it is "
            "in their tableau. You gain 6 RP for each player who discards a card this way.")
    effects = compiles(text)
    assert effects[0]["ops"][1:] == [{"op": "discard_or_flip_named", "who": "each_opponent"},
                                     {"op": "gain_rp", "amount": 6, "per": {"count": "players_discarded"}}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Nosy Judge", text), *lamps(2)]), kit([card("Clay Imp"), card("Clay Imp"), *lamps(1)]),
               kit([card("Clay Imp"), *lamps(1)]))
    place(st, 0, "Nosy Judge")
    place(st, 2, "Clay Imp")
    do(st, 'use "Nosy Judge"', 'name "Clay Imp"')
    assert names(st, st.binder[1]) == ["Clay Imp"] and names(st, st.hand[1]) == ["Clay Imp", "Lamp 0"]
    (imp,) = ids(st, 2, "Clay Imp")
    assert imp in st.down and st.rp[0] == 6  # one discard, one flip


def test_a_word_chosen_and_looked_for_in_names():
    """"Flip a Card": a face-down card is blank (no name). "Choose a word. If that word appears in the
    names of at least 3 cards in players' tableaus, gain 15 RP": the words offered are those of the
    names of the face-up cards in every tableau (rules notes, "MB: naming")."""
    text = "Play: Choose a word. If that word appears in the names of at least 3 cards in players' tableaus, gain 15 RP."
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "choose_value", "what": "word"}
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Word Hawk", text), card("Red Fern"), *lamps(1)]), kit([card("Red Ox"), card("Big Fern")]))
    place(st, 0, "Red Fern")
    place(st, 1, "Red Ox", "Big Fern")
    do(st, 'play "Word Hawk"')
    assert [a.args[0] for a in st.pending["options"]] == ["big", "fern", "hawk", "ox", "red", "word"]
    do(st, 'value "red"')
    assert st.rp[0] == 0  # two cards only
    st = table(kit([card("Word Hawk", text), card("Red Fern"), card("Red Hawk")]), kit([card("Red Ox")]))
    place(st, 0, "Red Fern", "Red Hawk")
    place(st, 1, "Red Ox")
    do(st, 'play "Word Hawk"', 'value "red"')
    assert st.rp[0] == 15
    assert compile_text("Play: Choose a word. If that word appears in 2 names, gain 5 RP.")[1]


def test_copies_of_a_foreboding_name_revealed_and_a_play_effect_copied():
    """"General Rules": a card revealed from a hand is shown to all, then goes back. The opponents reveal every
    copy of the name you named with Foreboding; if any did, this card may copy one of the Play effects
    of the card revealed (it resolves as this card's: "Effects on Cards"; FAQs: a copy is never copied)."""
    text = ("Foreboding–Play: Name a card. | Play: Each opponent reveals all copies of the card you named with "
            "Foreboding. If anyone revealed a card this way, this card may copy one of its Play effects. This "
            "effect cannot be copied.")
    effects = compiles(text)
    assert effects[1]["ops"][1] == {"op": "reveal_named", "who": "each_opponent"}
    assert check_card("single", {"star": 3}, effects) == []
    toad = card("Spark Toad", "Play: Gain 9 RP.")
    st = table(kit([card("Mask Thief", text)]), kit([toad, card("Dull Rock")]))
    do(st, 'play "Mask Thief"', 'name "Spark Toad"', "accept")
    assert st.rp == [9, 0] and names(st, st.hand[1]) == ["Spark Toad", "Dull Rock"]  # shown, kept
    assert [dict(e.changes)["card"] for e in st.events if e.action == "reveal"] == ["Spark Toad"]
    st = table(kit([card("Mask Thief", text), toad]), kit([card("Dull Rock")]))
    do(st, 'play "Mask Thief"', 'name "Spark Toad"')  # none in an opponent's hand: nothing to copy
    assert st.rp == [0, 0] and st.current_players() == [1]


def test_a_named_card_discarded_to_the_store_discard_and_one_played():
    """"Discard a Card": to the binder "unless another location is specified" (here the Store
    Discard). Each player discards one copy of the named card, or shows a hand without one; if any was
    discarded, this card returns to your binder and you play one of the discarded cards ("Play a
    Single": the next open slot; its Play effects resolve; it is yours now)."""
    text = ("Play: Name a card. Each player must discard one copy of that card from their hand to the Store Discard, "
            "or reveal their hand with none. If any cards were discarded this way, return this single to its owner's binder, "
            "and take one of the discarded cards and play it.")
    effects = compiles(text)
    assert effects[0]["ops"][1] == {"op": "discard_named", "who": "each", "all": False, "to": "store_discard",
                                    "show_none": True}
    assert effects[0]["ops"][2]["then"] == [{"op": "discard_self"}, {"op": "play_those"}]
    assert check_card("single", {"star": 3}, effects) == []
    beetle = card("Gold Beetle", "Play: Gain 4 RP.")
    st = table(kit([card("Relic Broker", text), *lamps(1)]), kit([beetle, beetle, *lamps(1)]))
    do(st, 'play "Relic Broker"', 'name "Gold Beetle"')
    assert names(st, st.tableau[0]) == ["Gold Beetle"] and names(st, st.binder[0]) == ["Relic Broker"]
    assert names(st, st.hand[1]) == ["Gold Beetle", "Lamp 0"] and st.rp[0] == 4 and st.store_discard == []
    assert st.owner[st.tableau[0][0]] == 0
    assert [e.player for e in st.events if e.action == "hand_without"] == [0]
    st = table(kit([card("Relic Broker", text), *lamps(1)]), kit([beetle, *lamps(1)]))
    do(st, 'play "Relic Broker"', 'name "Relic Broker"')  # no copy in any hand: it stays, nothing played
    assert names(st, st.tableau[0]) == ["Relic Broker"] and st.current_players() == [1]


def test_a_card_of_an_opponents_hand_revealed_and_its_name_counted():
    """"General Rules": a card revealed from a hand is shown to all, then goes back. A card chosen in
    an opponent's hand: the opponent is chosen, the card is drawn blind (the hand is hidden: rules notes,
    "MB: naming"); RP for each letter of its name, capped."""
    text = "Play: Choose a single from an opponent's hand. Reveal that card. Gain 3 RP for every letter in its name (max. 20 RP)."
    effects = compiles(text)
    assert effects[0]["ops"][1:] == [{"op": "pick_blind", "who": "that_player", "reveal": True},
                                     {"op": "gain_rp", "amount": 3, "per": {"count": "name_letters", "card": "revealed"},
                                      "max": 20}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Letter Imp", text)]), kit([card("Ox")]), kit([card("Thunder Gryphon")]))
    do(st, 'play "Letter Imp"', "player 1")
    assert st.rp[0] == 6 and names(st, st.hand[1]) == ["Ox"]  # 2 letters; shown and kept
    st = table(kit([card("Letter Imp", text)]), kit([card("Ox")]), kit([card("Thunder Gryphon")]))
    do(st, 'play "Letter Imp"', "player 2")
    assert st.rp[0] == 20  # 14 letters, capped
    assert [dict(e.changes)["card"] for e in st.events if e.action == "reveal"] == ["Thunder Gryphon"]


def _store_game(seeker, store):
    """A tournament whose Store holds ``store`` (specs), the first on top."""
    from rules.core.decks import CardSpec
    from rules.millennium_blades.engine import new_game

    specs = [CardSpec(None, name, "single", {"star": 2, "elements": ["fire"], "types": ["soldier"]}, (), code, "", text)
             for name, code, text in store]
    st = new_game([kit([seeker, *lamps(1)]), kit(lamps(2))], 0, store=specs)
    order = {name: i for i, (name, _code, _text) in enumerate(store)}
    st.store.sort(key=lambda c: -order[st.cards[c].name])
    return st


def test_a_set_named_and_the_store_searched_for_it():
    """"Discard a Card" (this card to your binder), then "name a SET" (a choice of the player). The
    Store's cards are revealed from the top until one of that Set, which is played ("Play a Single":
    the next open slot, its Play effects resolve; it is the player's); the others revealed go, shuffled,
    to the bottom of the Store. None of that Set: nothing is played (rules notes, "MB: naming")."""
    text = ("Play: Discard this single to your binder and name a SET. Reveal cards from the top of the Store one at a "
            "time until you reveal a card of that SET, then play it (if you don't find one, nothing happens). "
            "Shuffle the revealed cards and put them at the bottom of the Store.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "discard_self"}, {"op": "choose_value", "what": "set"},
                                 {"op": "reveal_until", "filter": {"chosen": True}, "play": True, "rest": "bottom"}]
    assert check_card("single", {"star": 3}, effects) == []
    store = [("Dust A", "AAA", ""), ("Dust B", "AAA", ""), ("Glow C", "BBB", "Play: Gain 4 RP."), ("Dust D", "AAA", "")]
    st = _store_game(card("Set Diviner", text), store)
    do(st, 'play "Set Diviner"', 'value "BBB"')
    assert names(st, st.tableau[0]) == ["Glow C"] and names(st, st.binder[0]) == ["Set Diviner"] and st.rp[0] == 4
    assert sorted(names(st, st.store[:2])) == ["Dust A", "Dust B"] and names(st, st.store[2:]) == ["Dust D"]
    assert st.aftermarket == [] and st.owner[st.tableau[0][0]] == 0
    st = _store_game(card("Set Diviner", text), [("Dust A", "AAA", ""), ("Glow C", "BBB", "")])
    st.store.remove(next(c for c in st.store if st.cards[c].name == "Glow C"))  # no BBB card left in the Store
    do(st, 'play "Set Diviner"', 'value "BBB"')
    assert st.tableau[0] == [] and names(st, st.store) == ["Dust A"]


def test_a_hidden_card_of_your_hand_guessed_by_the_opponents():
    """"CARD DATA": a card's TYPE, ELEMENT and STAR. You choose a card of your hand unseen; each
    opponent guesses one of its TYPE, ELEMENT or STAR (a decision of theirs); it is then revealed
    ("General Rules": revealed from the hand); RP if no guess was right."""
    text = ("Play: Choose a single from your hand. Each opponent guesses its ELEMENT, TYPE, or STAR. Reveal that card. "
            "If no opponent guessed correctly, gain 18 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][:2] == [{"op": "pick_secret"}, {"op": "guess_card", "who": "each_opponent",
                                                             "reveal": True}]
    assert check_card("single", {"star": 3}, effects) == []
    hidden = [card("Riddle Fox", text), card("Mist Owl", star=4, elements=("water",), types=("beast",)),
              card("Sand Owl", star=6)]
    st = table(kit(hidden), kit(lamps(1)), kit(lamps(1)))
    do(st, 'play "Riddle Fox"', 'pick "Mist Owl"')
    assert st.current_players() == [1] and st.pending["kind"] == "value"
    do(st, 'value "element fire"', 'value "star 6"')
    assert st.rp[0] == 18 and names(st, st.hand[0]) == ["Mist Owl", "Sand Owl"]
    st = table(kit(hidden), kit(lamps(1)), kit(lamps(1)))
    do(st, 'play "Riddle Fox"', 'pick "Mist Owl"', 'value "type soldier"', 'value "star 4"')
    assert st.rp[0] == 0  # seat 2 guessed its STAR
    assert [dict(e.changes)["right"] for e in st.events if e.action == "guess"] == [False, True]


def _of_set(name: str, code: str, star: int = 3):
    from rules.core.decks import CardSpec

    return CardSpec(None, name, "single", {"star": star, "elements": ["earth"], "types": ["beast"]}, (), code, "", "")


def test_cards_of_a_chosen_set_taken_from_an_opponents_binder_or_hand():
    """"Discard a Card": the binder holds a player's discarded cards. An opponent and a SET chosen
    (two choices, in print order), then "gain" (to your hand, yours now) every card of that Set in that
    player's binder; or one card of that Set from their hand, given by them (they see their hand:
    rules notes, "MB: naming"), revealed, and RP for its STAR."""
    binder = "Play: Choose a SET and another player. Gain every card of that SET from that player's binder."
    hand = ("Play: Choose a SET and another player. Gain one card of that SET from their hand and reveal it. Gain RP equal "
            "to four times the STAR of that card.")
    assert compiles(binder)[0]["ops"][2] == {"op": "take_from", "who": "that_player", "zone": "binder",
                                             "filter": {"chosen": True}, "all": True}
    assert compiles(hand)[0]["ops"][2]["reveal"] is True
    assert check_card("single", {"star": 3}, compiles(binder) + compiles(hand)) == []
    st = table(kit([card("Binder Crow", binder), *lamps(1)]),
               kit([_of_set("Old Elk", "QQQ"), _of_set("Old Yak", "QQQ"), _of_set("New Elk", "RRR"), *lamps(1)]))
    for c in ids(st, 1, "Old Elk", "Old Yak", "New Elk"):
        st.hand[1].remove(c)
        st.binder[1].append(c)
    do(st, 'play "Binder Crow"', 'value "QQQ"')
    assert names(st, st.hand[0]) == ["Lamp 0", "Old Elk", "Old Yak"] and names(st, st.binder[1]) == ["New Elk"]
    assert all(st.owner[c] == 0 for c in st.hand[0])
    st = table(kit([card("Hand Crow", hand), *lamps(1)]),
               kit([_of_set("Old Elk", "QQQ", 5), _of_set("Old Yak", "QQQ", 2), _of_set("New Elk", "RRR"), *lamps(1)]))
    do(st, 'play "Hand Crow"', 'value "QQQ"')
    assert st.current_players() == [1] and st.pending["kind"] == "reveal"  # the giver chooses
    do(st, 'pick "Old Yak"')
    assert names(st, st.hand[0]) == ["Lamp 0", "Old Yak"] and st.rp[0] == 8
    assert [dict(e.changes)["card"] for e in st.events if e.action == "reveal"] == ["Old Yak"]


def test_other_players_must_choose_this_cards_player():
    """"Ongoing": works while the card is face-up. When another player's effect has them choose a
    player or an opponent, they must choose this card's player (rules notes, "MB: naming"); its own
    player's choices are free, and a face-down card binds no one ("Face-Down Cards")."""
    text = 'Ongoing: When an effect says "Choose an opponent" or "Choose a player", opponents must choose you.'
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "must_choose_me"}]
    assert check_card("single", {"star": 3}, effects) == []
    drain = card("Drain Bat", "Play: Choose an opponent. That player loses 4 RP.")
    st = table(kit([drain, *lamps(1)]), kit([card("Decoy Clown", text), *lamps(1)]), kit(lamps(2)))
    place(st, 1, "Decoy Clown")
    st.rp[1] = st.rp[2] = 10
    do(st, 'play "Drain Bat"')  # no choice left: seat 1
    assert st.rp[1:] == [6, 10] and st.current_players() == [1]
    st = table(kit([drain, *lamps(1)]), kit([card("Decoy Clown", text), *lamps(1)]), kit(lamps(2)))
    place(st, 1, "Decoy Clown", down=("Decoy Clown",))
    do(st, 'play "Drain Bat"')
    assert st.pending["kind"] == "player" and len(st.pending["options"]) == 2
    st = table(kit([card("Decoy Clown", text), *lamps(1)]), kit([drain, *lamps(1)]), kit(lamps(2)), first_player=1)
    place(st, 0, "Decoy Clown")
    st.rp[0] = st.rp[2] = 10
    do(st, 'play "Drain Bat"')
    assert st.rp[0] == 6 and st.rp[2] == 10  # seat 1 is bound to choose seat 0
    st = table(kit([card("Decoy Clown", text), drain]), kit(lamps(1)), kit(lamps(1)))
    place(st, 0, "Decoy Clown")
    do(st, 'play "Drain Bat"')
    assert st.pending["kind"] == "player" and len(st.pending["options"]) == 2  # its own player is free
