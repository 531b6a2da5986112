"""More shapes of printed text, batch g (issue 26.2; rules/millennium_blades/phrases_more_g.py and
ops_more_g.py): card selectors and conditions on the tableau, extra plays and Actions, activating
another card's effects. Original cards in each shape, compiled and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "More shapes, batch g")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def _score(st) -> None:
    """"Ending the Tournament": the Score effects of face-up cards, resolved."""
    st.start_scoring()
    st.settle()


def test_an_attribute_list_any_of_them():
    """"CARD DATA": Star Rating, Element and Type; a card with any attribute of the list counts
    once, and a face-down card has none ("Face-Down Cards")."""
    text = "Score: Gain 13 RP per other single that has any of these attributes: 2 STAR, AIR, MYTH"
    flt = compiles(text)[0]["ops"][0]["per"]["filter"]
    assert flt == {"where": "other", "any_of": [{"star": {"cmp": "==", "value": 2}}, {"element": "air"}, {"type": "myth"}]}
    st = table(kit([card("Kite Sage", text), card("Two Step", star=2), card("Gust Imp", elements=("air",)),
                    card("Old Wyrm", types=("myth",)), card("Sky Drake", star=2, elements=("air",), types=("myth",)),
                    card("Plain Guard", star=4), card("Hidden Wisp", elements=("air",))]), kit(lamps()))
    place(st, 0, "Kite Sage", "Two Step", "Gust Imp", "Old Wyrm", "Sky Drake", "Plain Guard", "Hidden Wisp",
          down=("Hidden Wisp",))
    _score(st)
    assert st.rp[0] == 52  # four cards, each once; not the 4 STAR FIRE SOLDIER, not the face-down one


def test_a_star_rating_x_that_a_count_sets():
    """"Flip a Card": each opponent flips a card of their tableau whose Star Rating is X or more, X
    twice the MYTH cards of your tableau when the card is chosen (rules notes, batch g)."""
    text = ("Play: Each opponent flips an X STAR or higher single in their tableau, where X equals twice the number "
            "of MYTH singles in your tableau.")
    target = compiles(text)[0]["ops"][0]["target"]
    assert target["filter"]["star"] == {"cmp": ">=", "times": 2, "value": {"count": "cards", "zone": "tableau",
                                                                           "filter": {"type": "myth"}}}
    st = table(kit([card("Myth Counter", text, star=5, types=("myth",)), card("Step")]),
               kit([card("Tall Tower", star=3), card("Low Hut", star=1), card("Idle Lamp")]))
    place(st, 1, "Tall Tower", "Low Hut")
    do(st, 'play "Myth Counter"')  # X = 2: Tall Tower is the only card of 2 STAR or more
    tower, hut = ids(st, 1, "Tall Tower", "Low Hut")
    assert tower in st.down and hut not in st.down


def test_activate_the_effect_of_another_card():
    """"Effects on Cards": another card's effect activated now resolves for you, as a copy ("FAQs":
    a copy of a face-down card does nothing; rules notes, "Activating another card's effect")."""
    text = "Flip: Activate one Score effect on another face-up single in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "copy_effects", "timing": "score", "pick": "one", "target": {
        "player": "self", "pick": "choice", "filter": {"where": "other", "face": "up"}}}]
    right = "Flip: Activate all Play effects on the card on the right of this card."
    assert compiles(right)[0]["ops"] == [{"op": "copy_effects", "card": "right", "timing": "play", "pick": "all"}]
    st = table(kit([card("Early Bell", "Play: Activate the Score effect on another single in your tableau."),
                    card("Gold Cup", "Score: Gain 7 RP.")]), kit(lamps()))
    place(st, 0, "Gold Cup")
    do(st, 'play "Early Bell"')
    assert st.rp[0] == 7 and any(e.action == "copy" for e in st.events)
    st = table(kit([card("Echo Horn", right), card("Coin Pup", "Play: Gain 4 RP."),
                    card("Toppler", "Play: Flip a single in your tableau.")]), kit(lamps()))
    place(st, 0, "Echo Horn", "Coin Pup")
    do(st, 'play "Toppler"')
    st.apply_checked(Action("target", (0, 0)), 0)  # Echo Horn flips: Coin Pup's Play effect for you
    assert st.rp[0] == 4 and ids(st, 0, "Echo Horn")[0] in st.down


def test_your_left_most_card_and_a_card_immediately_left():
    """"Tableau": cards sit in slots from left to right; your leftmost face-up card, and the card in
    the slot just left of this one."""
    edge = "Score: If this is your leftmost face-up single, gain 11 RP."
    beside = "Play: If a MYTH single is immediately to the left of this card, gain 13 RP."
    assert compiles(beside)[0]["condition"] == {"test": "card", "card": "left", "is": {"type": "myth", "face": "up"}}
    st = table(kit([card("Edge Runner", edge), card("Hill Ogre", types=("myth",)), card("Side Seer", beside)]),
               kit(lamps()))
    place(st, 0, "Hill Ogre", "Edge Runner", down=("Hill Ogre",))
    do(st, 'play "Side Seer"')  # its left neighbour is Edge Runner, a SOLDIER: nothing
    assert st.rp[0] == 0
    _score(st)
    assert st.rp[0] == 11  # Hill Ogre is face-down: Edge Runner is the first face-up card
    st = table(kit([card("Hill Ogre", types=("myth",)), card("Side Seer", beside)]), kit(lamps()))
    place(st, 0, "Hill Ogre")
    do(st, 'play "Side Seer"')
    assert st.rp[0] == 13


def test_two_conditions_joined_by_and():
    """Two conditions joined by "and" hold both, each read as it is alone ("Tableau"; "Face-Down
    Cards": a face-down card is no face-up card)."""
    text = "Action: If your tableau holds fewer than 4 singles and this is your leftmost face-up single, gain 17 RP."
    assert compiles(text)[0]["condition"]["test"] == "all"
    st = table(kit([card("Lone Lantern", text), card("Dim A"), card("Dim B"), card("Step")]), kit(lamps()))
    place(st, 0, "Dim A", "Lone Lantern", "Dim B")
    do(st, 'use "Lone Lantern"')  # Dim A is face-up, left of it: no
    assert st.rp[0] == 0
    st = table(kit([card("Lone Lantern", text), card("Dim A"), card("Dim B"), card("Step")]), kit(lamps()))
    place(st, 0, "Dim A", "Lone Lantern", "Dim B", down=("Dim A",))
    do(st, 'use "Lone Lantern"')
    assert st.rp[0] == 17
    st = table(kit([card("Lone Lantern", text), card("Dim A"), card("Dim B"), card("Dim C"), card("Step")]),
               kit(lamps()))
    place(st, 0, "Dim A", "Lone Lantern", "Dim B", "Dim C", down=("Dim A",))
    do(st, 'use "Lone Lantern"')  # four singles: no
    assert st.rp[0] == 0


def test_two_symbols_without_the_word_card_and_each_of_your_cards():
    """"CARD DATA": two symbols joined by "or" without the word card count the cards with either;
    "each of your other face-up singles" is each other face-up card of your tableau."""
    count = "Play: Gain 3 Dollars for each ANIMAL or MYTH in any tableau."
    flips = "Play: Flip each of your other face-up singles."
    assert compiles(count)[0]["ops"][0]["per"]["filter"] == {"symbols_any": ["animal", "myth"]}
    st = table(kit([card("Zoo Keeper", count), card("Cat", types=("animal",))]),
               kit([card("Wyrm", types=("myth",)), card("Idle Lamp")]))
    place(st, 0, "Cat")
    place(st, 1, "Wyrm")
    do(st, 'play "Zoo Keeper"')
    assert st.money[0] == 6
    st = table(kit([card("Sweeper", flips), card("Cup A"), card("Cup B")]), kit(lamps()))
    place(st, 0, "Cup A", "Cup B")
    do(st, 'play "Sweeper"')
    cup_a, cup_b, sweeper = ids(st, 0, "Cup A", "Cup B", "Sweeper")
    assert cup_a in st.down and cup_b in st.down and sweeper not in st.down


def test_play_up_to_more_cards_this_turn():
    """"Play a Single (Required)": one Single a turn; "up to 3 more" lets the player play three more
    this turn."""
    text = "Play: Play up to 2 more singles this turn."
    assert compiles(text)[0]["ops"] == [{"op": "play_extra", "amount": 2}]
    st = table(kit([card("Rush Hour", text), card("One"), card("Two"), card("Three")]), kit(lamps()))
    do(st, 'play "Rush Hour"', 'play "One"', 'play "Two"')
    assert len(st.tableau[0]) == 3 and st.seat_turn == 1


def test_the_star_rating_of_your_highest_card():
    """"CARD DATA": a Star Rating, of your highest face-up ANIMAL (none: nothing gained)."""
    text = "Play: Gain 3 RP, then gain RP equal to your highest STAR ANIMAL's STAR RATING."
    assert compiles(text)[0]["ops"][1]["per"] == {"count": "extreme_star", "which": "highest", "zone": "tableau",
                                                   "filter": {"type": "animal", "face": "up"}}
    st = table(kit([card("Tall Tale", text, star=1), card("Big Cat", star=6, types=("animal",)),
                    card("Mid Cat", star=4, types=("animal",)), card("Huge Guard", star=9)]), kit(lamps()))
    place(st, 0, "Big Cat", "Mid Cat", "Huge Guard", down=("Big Cat",))
    do(st, 'play "Tall Tale"')
    assert st.rp[0] == 7  # Mid Cat: Big Cat is face-down, Huge Guard no ANIMAL


def test_a_card_played_that_shares_a_star_rating_with_your_tableau():
    """"Effects on Cards": a Top effect triggers while its card is the Top Card; the card played by
    an opponent shares a Star Rating with a face-up card of your tableau."""
    text = ("Top: Whenever another player plays a single that shares a STAR RATING with any single in your tableau, "
            "gain 3 Dollars.")
    assert compiles(text)[0]["trigger"] == {"event": "play", "by": "opponent", "filter": {"shares_tableau": "star"}}
    st = table(kit([card("Mirror Post", text, star=5), card("Step")]),
               kit([card("Odd Cat", star=2), card("Twin Five", star=5), card("Idle Lamp")]))
    do(st, 'play "Mirror Post"', 'play "Odd Cat"')
    assert st.money[0] == 0
    st = table(kit([card("Mirror Post", text, star=5), card("Step")]),
               kit([card("Twin Five", star=5), card("Idle Lamp")]))
    do(st, 'play "Mirror Post"', 'play "Twin Five"')
    assert st.money[0] == 3


def test_fewer_than_cards_and_the_most_cards_sharing_a_value_and_one_star_rating():
    """"CARD DATA": fewer than 3 singles in your tableau; four face-up cards with one element in
    common; one Star Rating among your face-up cards."""
    few = "Play: If your tableau holds fewer than 3 singles, gain 13 RP."
    alike = "Action: If you have at least four face-up singles that share the same ELEMENT, gain 13 RP."
    even = "Score: If all your face-up singles have the same STAR RATING, gain 3 RP per face-up single in your tableau."
    st = table(kit([card("Small Camp", few), card("A"), card("B")]), kit(lamps()))
    place(st, 0, "A", "B")
    do(st, 'play "Small Camp"')
    assert st.rp[0] == 0
    st = table(kit([card("Small Camp", few), card("A")]), kit(lamps()))
    place(st, 0, "A")
    do(st, 'play "Small Camp"')
    assert st.rp[0] == 13
    row = [card("Quad Flame", alike, elements=("fire", "water")), card("F1", elements=("fire", "air")),
           card("F2", elements=("dark", "fire")), card("F3"), card("Go")]
    st = table(kit(row), kit(lamps()))
    place(st, 0, "Quad Flame", "F1", "F2", "F3", down=("F3",))
    do(st, 'use "Quad Flame"')
    assert st.rp[0] == 0  # three face-up FIRE cards
    st = table(kit(row), kit(lamps()))
    place(st, 0, "Quad Flame", "F1", "F2", "F3")
    do(st, 'use "Quad Flame"')
    assert st.rp[0] == 13
    st = table(kit([card("Level Row", even, star=4), card("Four", star=4), card("Six", star=6)]), kit(lamps()))
    place(st, 0, "Level Row", "Four", "Six", down=("Six",))
    _score(st)
    assert st.rp[0] == 6
    st = table(kit([card("Level Row", even, star=4), card("Four", star=4), card("Six", star=6)]), kit(lamps()))
    place(st, 0, "Level Row", "Four", "Six")
    _score(st)
    assert st.rp[0] == 0


def test_choose_a_different_single_of_yours_then_its_star():
    """"Face-Down Cards": effects choose face-up cards; the card chosen is another face-up card of
    your tableau, and "it" is that card."""
    text = "Action: Choose another single in your tableau. Gain 2 RP per STAR it has."
    st = table(kit([card("Appraiser", text), card("Gem", star=5), card("Rock", star=2), card("Step")]), kit(lamps()))
    place(st, 0, "Appraiser", "Gem", "Rock")
    do(st, 'use "Appraiser"')
    st.apply_checked(Action("target", (0, 1)), 0)
    assert st.rp[0] == 10 and any(e.action == "choose_card" for e in st.events)


def test_one_more_action_this_turn():
    """"Use an Action": one Action a turn; an Action that gives one more Action this turn gives that
    one back (rules notes, "Another Action"); outside an Action the words stay unread."""
    text = "Action: Gain 3 Dollars. Take one more Action this turn."
    assert compiles(text)[0]["ops"] == [{"op": "gain_money", "amount": 3}, {"op": "extra_action"}]
    assert compile_text("Play: Take one more Action this turn.")[0] is None
    st = table(kit([card("Spare Gear", text), card("Pull Lever", "Action: Gain 5 RP."), card("Step")]), kit(lamps()))
    place(st, 0, "Spare Gear", "Pull Lever")
    do(st, 'use "Spare Gear"')
    assert not st.action_used and any(e.action == "extra_action" for e in st.events)
    do(st, 'use "Pull Lever"')
    assert st.rp[0] == 5 and st.money[0] == 3 and st.action_used
    assert not any(str(a).startswith("use") for a in st.legal_actions(0))


def test_either_of_two_star_ratings_and_a_card_without_a_symbol():
    """"CARD DATA": a 3 or 4 STAR card has either Star Rating; a non-WATER card has no WATER (a
    face-down card has no element, so it is none: "Face-Down Cards")."""
    either = "Top: Whenever another player plays a 3 or 4 STAR single, gain 9 Dollars."
    non = "Score: Gain 2 Dollars for each non-WATER card in any tableau."
    assert compiles(non)[0]["ops"][0]["per"]["filter"] == {"none_of": [{"element": "water"}]}
    st = table(kit([card("Star Scale", either), card("Step")]),
               kit([card("Five", star=5), card("Four", star=4), card("Idle Lamp")]))
    do(st, 'play "Star Scale"', 'play "Five"')
    assert st.money[0] == 0
    do(st, 'play "Step"', 'play "Four"')
    assert st.money[0] == 0  # Step is the Top Card now: the Top effect does not work
    st = table(kit([card("Star Scale", either), card("Step")]), kit([card("Four", star=4), card("Idle Lamp")]))
    do(st, 'play "Star Scale"', 'play "Four"')
    assert st.money[0] == 9
    st = table(kit([card("Dry Count", non), card("Pond", elements=("water",)), card("Hidden")]),
               kit([card("Sand"), card("Idle Lamp")]))
    place(st, 0, "Dry Count", "Pond", "Hidden", down=("Hidden",))
    place(st, 1, "Sand")
    _score(st)
    assert st.money[0] == 4  # Dry Count and Sand (FIRE); not Pond, not the face-down card


def test_the_card_played_has_a_star_rating_or_more():
    """"CARD DATA": the card just played ("it") has 3 or more STAR; a Top trigger sees the tableau as
    it was when the card was played ("Effects on Cards")."""
    text = "Top: Whenever you play a single, gain 1 Dollar. If it has 3 or more STAR RATING, gain 4 Dollars."
    st = table(kit([card("Tall Gate", text), card("Low", star=1)]), kit(lamps()))
    do(st, 'play "Tall Gate"', 'play "Lamp 0"', 'play "Low"')
    assert st.money[0] == 1
    st = table(kit([card("Tall Gate", text), card("High", star=6)]), kit(lamps()))
    do(st, 'play "Tall Gate"', 'play "Lamp 0"', 'play "High"')
    assert st.money[0] == 5


def test_a_card_in_a_players_tableau_and_their_card_with_more_star():
    """"Flip a Card": one single in a player's tableau is one of any tableau; each opponent flips a card
    of their own tableau with more STAR than this one ("CARD DATA")."""
    anyone = "Action: Flip one single in a player's tableau, then gain 6 Dollars."
    more = "Play: Each opponent must flip a single in their tableau with more STAR than this one."
    assert compiles(anyone)[0]["ops"][0]["target"]["player"] == "any"
    st = table(kit([card("Far Reach", anyone), card("Step")]), kit([card("Target"), card("Idle Lamp")]))
    place(st, 0, "Far Reach")
    place(st, 1, "Target")
    do(st, 'use "Far Reach"')
    st.apply_checked(Action("target", (1, 0)), 0)
    assert ids(st, 1, "Target")[0] in st.down and st.money[0] == 6
    st = table(kit([card("Height Test", more, star=4), card("Step")]),
               kit([card("Short", star=2), card("Tall", star=7), card("Idle Lamp")]))
    place(st, 1, "Short", "Tall")
    do(st, 'play "Height Test"')  # only Tall has more STAR: no choice asked
    short, tall = ids(st, 1, "Short", "Tall")
    assert tall in st.down and short not in st.down


def test_an_adjacent_card_that_shares_any_of_several_kinds_with_this_one():
    """"CARD DATA": an adjacent card that shares an element, a type or a Star Rating with this
    card counts once."""
    text = "Score: Gain 9 Dollars per adjacent single that shares an ELEMENT, a TYPE, or a STAR with this one."
    assert compiles(text)[0]["ops"][0]["per"]["filter"] == {"where": "adjacent", "shares_any": ["element", "type", "star"]}
    st = table(kit([card("Left Kin", star=2, elements=("dark",), types=("myth",)),
                    card("Mid Post", text, star=3, elements=("air",), types=("mage",)),
                    card("Right Twin", star=3, elements=("earth",), types=("animal",)), card("Far Twin", star=3)]),
               kit(lamps()))
    place(st, 0, "Left Kin", "Mid Post", "Right Twin", "Far Twin")
    _score(st)
    assert st.money[0] == 9  # Right Twin (3 STAR); Left Kin shares nothing; Far Twin is not adjacent
