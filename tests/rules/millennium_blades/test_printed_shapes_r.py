"""More shapes of printed text, batch r (issue 26.2; rules/millennium_blades/phrases_more_r.py and
ops_more_r.py): attaching, after batch h. Original cards in each shape, compiled and played in the
tournament engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: batch
r")."""

from __future__ import annotations

from dataclasses import replace

from rules.core.decks import CardSpec
from rules.millennium_blades.construction import FORMATS, validate
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def _rare(name: str, set_kind: str, text: str = "", **data):
    """A made-up card of a set of kind ``set_kind`` (its rarity, "CARD DATA")."""
    return replace(card(name, text, **data), set_kind=set_kind)


def _score(st) -> None:
    """"Ending the Tournament": the Score effects of face-up cards, resolved."""
    st.start_scoring()
    st.settle()


def test_counts_of_the_cards_attached_to_this_card():
    """"FAQs", "How do attached cards function?": "Attached cards are not considered in the tableau
    for effects"; what this card counts of its attachments is their number, their different
    rarities ("CARD DATA": Rarity; a starter card shows none) and their printed STAR (rules notes,
    "MB: batch r")."""
    cabinet = ("DECK BOX | Ongoing: At the start of your turn, you may attach one card from your hand to this deck box. | "
               "Score: Gain 5 RP for each card of a different RARITY attached to this card.")
    assert compiles(cabinet)[1]["ops"] == [{"op": "gain_rp", "amount": 5, "per": {"count": "attached", "what": "rarities"}}]
    assert compiles("Score: Gain 2 RP for every card attached to this card.")[0]["ops"][0]["per"] == {
        "count": "attached", "what": "cards"}
    assert compiles("Score: Gain RP equal to the STAR of the cards attached to this deck box (max 8 RP).")[0]["ops"] == [
        {"op": "gain_rp", "amount": 1, "per": {"count": "attached", "what": "stars"}, "max": 8}]
    assert check_card("deck_box", {}, [{"timing": "score", "ops": [
        {"op": "gain_rp", "amount": 1, "per": {"count": "attached", "what": "names"}}]}])
    box = card("Curio Cabinet", cabinet, kind="deck_box", elements=(), types=())
    st = table(kit([_rare("Core A", "core", star=4), _rare("Core B", "core", star=2), _rare("Master A", "master", star=5),
                    _rare("Starter A", "starter"), *lamps(4)], box=[box]), kit(lamps(5)))
    cabinet_id = ids(st, 0, "Curio Cabinet")[0]
    for held in ("Core A", "Core B", "Starter A", "Master A"):  # one a turn, as each of seat 0's turns starts
        do(st, "accept", f'pick "{held}"', f'play "Lamp {len(st.tableau[0])}"', f'play "Lamp {len(st.tableau[1])}"')
    do(st, "decline")  # the fifth turn: nothing more attached
    assert sorted(names(st, st.attachments(cabinet_id))) == ["Core A", "Core B", "Master A", "Starter A"]
    assert st.count({"count": "attached", "what": "cards"}, cabinet_id) == 4
    assert st.count({"count": "attached", "what": "stars"}, cabinet_id) == 4 + 2 + 5 + 3
    before = st.rp[0]
    _score(st)
    assert st.rp[0] - before == 10  # CORE and MASTER; the starter card has no rarity


def test_flips_that_do_not_activate_flip_effects():
    """"Flip a Card"; "Effects on Cards": a Flip effect activates when its card is flipped, unless
    the effect that flips it says not to, in a sentence of its own after the flips (as "..., but do
    not activate any Flip effects" printed in one sentence)."""
    text = "ACCESSORY | Action: Flip any number of singles in your tableau. Do not activate the Flip effects of those cards."
    assert compiles(text)[0]["ops"] == [{"op": "flip_any", "no_flip_effects": True}]
    assert compiles("Play: Flip one single in your tableau. Do not activate its Flip effect.")[0]["ops"][0][
        "no_flip_effects"] is True
    assert compile_text("Play: Gain 2 RP. Do not activate any Flip effects.")[1] == (
        "not understood: 'do not activate any flip effects'")  # no flip before it: not read
    loud = text.split(" Do not")[0]  # the same flips, their Flip effects activating
    for lever, gained in ((text, 0), (loud, 7 + 4)):
        st = table(kit([card("Loud Drum", "Flip: Gain 7 RP."), card("Quiet Bell", "Flip: Gain 4 RP."), *lamps(2)],
                       accessories=[card("Hush Lever", lever, kind="accessory")]), kit(lamps()))
        place(st, 0, "Loud Drum", "Quiet Bell")
        drum, bell = ids(st, 0, "Loud Drum", "Quiet Bell")
        do(st, 'use "Hush Lever"', "target 0 0", "target 0 1")  # both: none left to pick
        assert {drum, bell} <= st.down and st.rp[0] == gained


def test_the_winner_may_choose_and_flip_one_of_the_losers_cards():
    """"Clashing": "that player is the winner, and all other players are the losers"; what the
    winner "may" do they accept or decline, and "choose and flip one of the loser's cards" is the
    flip of a face-up card of the loser's the winner picks ("Flip a Card")."""
    text = "ACCESSORY | Action: Clash with an opponent. The winner of the clash may choose and flip one of the loser's cards."
    winner = compiles(text)[0]["ops"][0]["winner"]
    # the winner picks among the losers' cards (batch i's reading, which batch t gives the "may" form)
    assert winner == [{"op": "may", "ops": [{"op": "flip", "target": {"player": "losers", "pick": "choice",
                                                                      "filter": {"face": "up"}}}]}]
    for answer, flipped in (("accept", True), ("decline", False)):
        st = table(kit([card("Big Oak", star=8), card("Spare Lamp")], accessories=[card("Duel Glove", text, kind="accessory")]),
                   kit([card("Small Pebble", star=1), card("Twig", star=1), *lamps()]), store=(1, 1))
        place(st, 0, "Big Oak")
        place(st, 1, "Small Pebble", "Twig")
        pebble, twig = ids(st, 1, "Small Pebble", "Twig")
        do(st, 'use "Duel Glove"', answer)  # 8 + 1 against 1 + 1: seat 0 wins
        if flipped:
            do(st, "target 1 1")
        assert (twig in st.down) is flipped and pebble not in st.down


def test_tableau_slots_for_the_rest_of_the_tournament():
    """"Tableau"; "FAQs": "Any extra tableau slots are always at the rightmost side". Slots given
    "for the rest of the tournament" stay when the card that gave them is flipped ("Use an Action":
    "then flip the card face-down"), unlike an Ongoing's extra slot (rules notes, "MB: batch r")."""
    text = "ACCESSORY | Action: For the rest of this tournament you have two extra slots in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "lasting_slot", "amount": 2}]
    both = ("DECK BOX | Action: Take an additional turn after this one, and you have one extra single slot in your "
            "tableau for the rest of the tournament.")
    assert compiles(both)[0]["ops"] == [{"op": "extra_turn", "amount": 1}, {"op": "lasting_slot", "amount": 1}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "lasting_slot", "amount": 0}]}])
    st = table(kit(lamps(3), accessories=[card("Folding Board", text, kind="accessory")]), kit(lamps()))
    board = ids(st, 0, "Folding Board")[0]
    assert st.capacity(0) == 6
    do(st, 'use "Folding Board"')
    assert board in st.down and st.capacity(0) == 8 and st.capacity(1) == 6
    st = table(kit(lamps(3), box=[card("Stair Box", both, kind="deck_box")]), kit(lamps()))
    do(st, 'use "Stair Box"', 'play "Lamp 0"')
    assert st.capacity(0) == 7 and st.current_players() == [0] and not st.played_this_turn  # its extra turn


def test_cards_from_the_set_of_the_attached_card():
    """"FAQs", "How do attached cards function?"; "CARD DATA": each card prints its Set. While this
    card is face-up with a card attached, your cards of that card's Set cannot be flipped by
    opponents' effects ("Cannot be Flipped"), and playing one triggers its Ongoing ("other player's
    effects" is read as "other players' effects"; a face-down card has no Set: "Flip a Card")."""
    text = ("Play: Attach one card from your hand to this single. | Ongoing: Cards of the SET of the attached card cannot be "
            "flipped by other player's effects. Gain 3 RP each time you play a card from the attached card's SET.")
    effects = compiles(text)
    assert effects[1]["ops"] == [{"op": "protect", "target": "tableau", "filter": {"shares_attached": "sets"}}]
    assert effects[2]["trigger"] == {"event": "play", "by": "self", "filter": {"shares_attached": "sets"}}
    assert check_card("single", {}, [{"timing": "ongoing", "ops": [
        {"op": "protect", "target": "tableau", "filter": {"shares_attached": "rarities"}}]}])

    def of_set(name: str, code: str):
        return replace(card(name), set_code=code)

    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([card("Tin Drummer", text), of_set("Alpha One", "AS"), of_set("Alpha Two", "AS"),
                    of_set("Beta One", "BS"), of_set("Alpha Three", "AS"), of_set("Beta Two", "BS")]),
               kit([raid, *lamps()]))
    place(st, 0, "Alpha Two", "Beta One")
    two, beta = ids(st, 0, "Alpha Two", "Beta One")
    do(st, 'play "Tin Drummer"', 'pick "Alpha One"', 'play "Raid Hawk"')
    assert [str(a) for a in st.legal_actions(1)] == ["target 0 1", "target 0 2"]  # not Alpha Two
    do(st, "target 0 1")
    assert beta in st.down and two not in st.down
    do(st, 'play "Alpha Three"')
    assert st.rp[0] == 3
    do(st, 'play "Lamp 0"', 'play "Beta Two"')
    assert st.rp[0] == 3


def test_each_player_flips_a_card_that_matches_the_star_of_your_top_card():
    """"Flip a Card": each player picks a face-up card of theirs to flip; "a card that matches the
    STAR of your Top Card" is one with the Star Rating of the effect's player's Top Card ("Tableau":
    the right-most face-up card), as "a card with a STAR that matches the STAR of your Top Card"."""
    text = "ACCESSORY | Action: Each player must flip a single that matches the STAR of your Top Card."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {
        "player": "each", "pick": "choice", "chooser": "owner", "filter": {"matches_top": "star", "face": "up"}}}]
    st = table(kit([card("Two A", star=2), card("Three Top", star=3), card("Spare Lamp")],
                   accessories=[card("Sun Dial", text, kind="accessory")]),
               kit([card("Three B", star=3), card("Four B", star=4), card("Three C", star=3), *lamps()]))
    place(st, 0, "Two A", "Three Top")
    place(st, 1, "Three B", "Four B", "Three C")
    do(st, 'use "Sun Dial"')  # seat 0's only 3-STAR card is its Top Card: no choice to make
    assert st.current_players() == [1] and [str(a) for a in st.legal_actions(1)] == ["target 1 0", "target 1 2"]
    do(st, "target 1 2")
    assert names(st, sorted(st.down)) == ["Three Top", "Sun Dial", "Three C"]  # the Action flips its card too


def test_that_opponent_selects_a_card_from_their_hand_for_you():
    """"Choosing a player" (rules notes): "that opponent" is the one chosen; they pick which card of
    their hand to give (their choice: rules notes, "MB: batch r"), and it goes into your hand, yours
    now; with an empty hand they give nothing."""
    text = ("ACCESSORY | Action: Choose an opponent. That opponent picks a card from their hand, and you add it to "
            "your hand.")
    assert compiles(text)[0]["ops"] == [{"op": "choose_player", "among": "opponent"},
                                        {"op": "given_from_hand", "who": "that_player"}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "given_from_hand", "who": "self"}]}])
    st = table(kit([card("Spare Lamp"), card("Other Lamp")], accessories=[card("Tip Jar", text, kind="accessory")]),
               kit([card("Old Coin"), card("New Coin"), *lamps()]), kit(lamps()))
    do(st, 'use "Tip Jar"', "player 1")
    assert st.current_players() == [1]
    assert [str(a) for a in st.legal_actions(1)] == ['pick "Lamp 0"', 'pick "Lamp 1"', 'pick "Lamp 2"',
                                                     'pick "New Coin"', 'pick "Old Coin"']
    do(st, 'pick "Old Coin"')
    (coin,) = [c for c in st.hand[0] if st.cards[c].name == "Old Coin"]
    assert st.owner[coin] == 0 and "Old Coin" not in names(st, st.hand[1])
    st = table(kit([card("Spare Lamp")], accessories=[card("Tip Jar", text, kind="accessory")]), kit([]))
    do(st, 'use "Tip Jar"')  # the one opponent, with no card in hand: nothing given
    assert names(st, st.hand[0]) == ["Spare Lamp"]


def test_then_swap_that_card_with_this_one():
    """"Tableau": each card has its slot; "Use an Action": the text, then the card flips. RP for the
    STAR of your Top Card, then "swap that card with this one": the Top Card and this card change
    slots (both face-up), and this card is flipped in its new slot."""
    text = "Action: Gain RP equal to twice the STAR of your Top card. Then swap that card with this one."
    assert compiles(text)[0]["ops"] == [{"op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "top"}},
                                        {"op": "swap_with_this", "card": "top"}]
    assert check_card("single", {}, [{"timing": "action", "ops": [{"op": "swap_with_this", "card": "elsewhere"}]}])
    assert compile_text("Action: Gain 3 RP. Then swap that card with this one.")[0] is None  # it names no card
    st = table(kit([card("Bolt Sentry", text, star=2), card("Middle Lamp"), card("Big Top", star=5), card("Spare")]),
               kit(lamps()))
    place(st, 0, "Bolt Sentry", "Middle Lamp", "Big Top")
    do(st, 'use "Bolt Sentry"')
    assert st.rp[0] == 10 and names(st, st.tableau[0]) == ["Big Top", "Middle Lamp", "Bolt Sentry"]
    assert names(st, st.down) == ["Bolt Sentry"]
    st = table(kit([card("Bolt Sentry", text, star=2), card("Spare")]), kit(lamps()))
    place(st, 0, "Bolt Sentry")
    do(st, 'use "Bolt Sentry"')  # this card is the Top Card: swapped with itself, it stays
    assert st.rp[0] == 4 and names(st, st.tableau[0]) == ["Bolt Sentry"]


def test_attach_a_card_in_your_tableau_to_another():
    """"FAQs", "How do attached cards function?": "Attached cards are not considered in the tableau
    for effects. If a card that has an attachment becomes flipped, the attached card is put back in
    your binder." The player picks a face-up card of their tableau, then the face-up card it goes on
    (one left: no question); the slot it left is open again ("Tableau")."""
    text = "ACCESSORY | Action: Attach a single in your tableau to another single in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "attach_in_tableau"}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "attach_in_tableau", "amount": 2}]}])
    st = table(kit([card("Red Ant", star=2), card("Blue Bee", star=3), card("Green Fly", star=4), card("Spare")],
                   accessories=[card("Glue Pot", text, kind="accessory")]), kit(lamps()))
    place(st, 0, "Red Ant", "Blue Bee", "Green Fly", down=("Green Fly",))
    ant, bee = ids(st, 0, "Red Ant", "Blue Bee")
    do(st, 'use "Glue Pot"')
    assert [str(a) for a in st.legal_actions(0)] == ["target 0 0", "target 0 1"]  # not the face-down Green Fly
    do(st, "target 0 0")  # Red Ant, onto the one other face-up card: Blue Bee
    assert st.attached[ant] == {"host": bee} and names(st, st.tableau[0]) == ["Blue Bee", "Green Fly"]
    st.flip_card(bee, 1)
    assert ant in st.binder[0] and ant not in st.attached
    st = table(kit([card("Red Ant"), card("Spare")], accessories=[card("Glue Pot", text, kind="accessory")]),
               kit(lamps()))
    place(st, 0, "Red Ant")
    do(st, 'use "Glue Pot"')  # one card: nothing to attach it to
    assert not st.attached and names(st, st.tableau[0]) == ["Red Ant"]


def test_an_accessory_that_uses_two_slots_and_opponents_place_a_card_face_down():
    """"Build your Deck": "up to one Deck Box, and up to two Accessories"; an Accessory that uses two
    Accessory slots leaves room for no other. "Face-Down Cards": each opponent puts a card of their
    choice from their hand face-down into their next open slot (with no place named, from the hand:
    rules notes, "MB: batch r")."""
    text = ("ACCESSORY | This Accessory takes up two Accessory slots. | Action: Each opponent must put a card face-down "
            "into their tableau.")
    effects = compiles(text)
    assert effects[0] == {"timing": "deckbuilding", "ops": [{"op": "kit_uses", "section": "accessories", "amount": 2}],
                          "text": "This Accessory takes up two Accessory slots."}
    assert effects[1]["ops"] == [{"op": "as_each", "who": "each_opponent", "ops": [{"op": "hand_to_tableau_down"}]}]
    assert check_card("accessory", {}, [{"timing": "deckbuilding", "ops": [{"op": "kit_uses", "section": "singles",
                                                                            "amount": 1}]}])
    wide = CardSpec(None, "Wide Banner", "accessory", {"star": 3, "elements": [], "types": []}, tuple(effects), "", "", text)
    plain = CardSpec(None, "Plain Pin", "accessory", {"star": 1, "elements": [], "types": []},
                     tuple(compiles("ACCESSORY | Score: Gain 1 RP.")), "", "", "ACCESSORY | Score: Gain 1 RP.")
    pebble = CardSpec(None, "Pebble", "single", {"star": 1, "elements": [], "types": []},
                      tuple(compiles("Play: Gain 1 RP.")), "", "", "Play: Gain 1 RP.")
    fmt = FORMATS["standard"]
    assert not [v for v in validate(kit([pebble], accessories=[wide]), fmt) if v.code == "accessory_limit"]
    assert [v for v in validate(kit([pebble], accessories=[wide, plain]), fmt) if v.code == "accessory_limit"]
    st = table(kit(lamps(2), accessories=[card("Wide Banner", text, kind="accessory")]),
               kit([card("Low Coin"), card("High Coin")]))
    do(st, 'use "Wide Banner"', 'pick "High Coin"')
    assert names(st, st.tableau[1]) == ["High Coin"] and names(st, st.down) == ["Wide Banner", "High Coin"]


def test_activate_the_play_effects_of_your_top_card_and_you_may_end_your_turn():
    """"Effects on Cards": a Play effect activates as its card is played; activating "all Play
    effects of your Top Card" activates them again, as the Top Card's own (as the Score effects
    batch a activates again); a card put face-down is not the Top Card ("Face-Down Cards").
    "Tournament Turns": a player "must play one Single"; ending the turn without playing one, when
    the Action says they may, is a pass, asked now (rules notes, "MB: batch r")."""
    text = ("ACCESSORY | Action: Put a card from your hand into your tableau face-down. Activate all Play effects of "
            "your Top Card. You may end this turn without playing a single.")
    assert compiles(text)[0]["ops"] == [{"op": "hand_to_tableau_down"}, {"op": "rescore", "card": "top", "timing": "play"},
                                        {"op": "may", "ops": [{"op": "pass_turn"}]}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "rescore", "card": "metagame",
                                                                      "timing": "play"}]}])
    for answer in ("accept", "decline"):
        st = table(kit([card("Drum Top", "Play: Gain 4 RP. Put one +1 STAR token on this single."), card("Hidden One"),
                        card("Spare")], accessories=[card("Echo Lens", text, kind="accessory")]), kit(lamps()))
        place(st, 0, "Drum Top")
        drum, hidden = ids(st, 0, "Drum Top", "Hidden One")
        do(st, 'use "Echo Lens"', 'pick "Hidden One"')
        assert hidden in st.down and st.top_card(0) == drum
        assert st.rp[0] == 4 and st.tokens.get(drum) == 1  # "this card" is the Top Card
        do(st, answer)
        if answer == "accept":
            assert [str(a) for a in st.legal_actions(0)] == ["pass"]
        else:
            assert [str(a) for a in st.legal_actions(0)] == ["play Spare"]


def test_look_at_the_top_cards_keep_any_and_put_the_rest_back_in_any_order():
    """The top cards of the Store looked at (rules notes, "Looking": only the player sees them);
    the player keeps any number of them (theirs now) and puts the rest back on top in the order they
    choose: the last one put back is the top of the Store."""
    text = ("ACCESSORY | Action: Look at the top two cards of the Store. Then put any number of them into your hand and "
            "return the rest back in any order.")
    assert compiles(text)[0]["ops"] == [{"op": "look_keep", "amount": 2}]
    three = ("Action: Look at the top three cards of the Store deck. Put any number of them into your hand and put the "
             "rest back in any order.")
    assert compiles(three)[0]["ops"] == [{"op": "look_keep", "amount": 3}]
    assert check_card("accessory", {}, [{"timing": "action", "ops": [{"op": "look_keep", "amount": 0}]}])
    lens = card("Scry Glass", three.replace("Action:", "ACCESSORY | Action:"), kind="accessory")
    st = table(kit(lamps(2), accessories=[lens]), kit(lamps()), store=(1, 2, 3, 4))  # Store card 0 on top
    do(st, 'use "Scry Glass"')
    assert [str(a) for a in st.legal_actions(0)] == ['show "Store card 0"', 'show "Store card 1"',
                                                     'show "Store card 2"', "decline"]
    do(st, 'show "Store card 1"', "decline")
    assert [str(a) for a in st.legal_actions(0)] == ['show "Store card 0"', 'show "Store card 2"']
    do(st, 'show "Store card 0"')  # put back first: under Store card 2
    assert names(st, st.store[-2:]) == ["Store card 0", "Store card 2"] and "Store card 1" in names(st, st.hand[0])
    assert st.owner[ids(st, 0, "Store card 1")[0]] == 0


def test_a_card_still_attached_when_the_tournament_ends_goes_back_to_its_owners_binder():
    """"Ending the Tournament": "place all cards into their owners' binders"; a card attached to
    another ("FAQs", "How do attached cards function?") is in no zone of the tournament, and goes
    back to its owner's binder too (rules notes, "MB: batch r")."""
    from tests.rules.millennium_blades.full.helpers import game, tick  # the whole game's tables

    state = game(3)
    owner = 2
    for name in sorted({state.cards[c].name for c in state.binder[owner] if state.cards[c].card_type == "single"})[:3]:
        tick(state, s2=f'kit "{name}"')
    while state.tournament is None:
        tick(state)
    inner = state.tournament
    att, host = inner.hand[owner][:2]
    inner.hand[owner].remove(att)
    inner.attached = {**inner.attached, att: {"host": host}}  # as an attach op leaves it
    lent = state.lent[att]
    while state.tournament is not None:
        (seat,) = state.current_players()
        state.apply_checked(state.legal_actions(seat)[0], seat)
    assert lent in state.binder[owner]
