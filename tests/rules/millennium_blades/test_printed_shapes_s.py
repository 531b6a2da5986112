"""More shapes of printed text, batch s (issue 26.2; rules/millennium_blades/phrases_more_s.py and
ops_more_s.py): flipping. Original cards in each shape, compiled and played in the tournament
engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: batch s")."""

from __future__ import annotations

from rules.core.engine import Action
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, place, table


def _three(mine, theirs1, theirs2, **options):
    return table(kit(mine), kit(theirs1), kit(theirs2), **options)


def test_a_card_in_each_opponents_tableau_is_one_card_per_opponent():
    """"Flip a Card": the effect's player picks one face-up card in EACH opponent's tableau, not one
    card among all of them; a protected card is no legal choice ("Cannot be flipped")."""
    text = "Play: Flip one card in each opponent's tableau."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {"player": "each_opponent", "pick": "choice",
                                                                  "filter": {"face": "up"}}}]
    assert compiles("Play: Flip a single in each other players' tableaus.")[0]["ops"] == compiles(text)[0]["ops"]
    st = _three([card("Gale Sweeper", text)], [card("Post A"), card("Post B")], [card("Post C"), card("Post D")])
    place(st, 1, "Post A", "Post B")
    place(st, 2, "Post C", "Post D")
    do(st, 'play "Gale Sweeper"')
    assert st.pending["kind"] == "target" and st.current_players() == [0]
    do(st, "target 1 1", "target 2 0")
    b, c = ids(st, 1, "Post B")[0], ids(st, 2, "Post C")[0]
    assert st.down == {b, c}


def test_a_protected_card_is_skipped_one_per_opponent_still():
    """"Cannot be flipped": with one legal card in a tableau, that card is flipped; a tableau with none
    gives nothing, the other opponents still lose one each."""
    text = "Play: Flip a card in each opponent's tableau."
    guard = card("Shield Post", "Ongoing: Adjacent singles cannot be flipped by opponents' effects.")
    st = _three([card("Gale Sweeper", text)], [card("Post A"), guard], [card("Post C")])
    place(st, 1, "Post A", "Shield Post")
    place(st, 2, "Post C")
    do(st, 'play "Gale Sweeper"')  # Post A is protected: only Shield Post, and only Post C
    assert st.down == set(ids(st, 1, "Shield Post") + ids(st, 2, "Post C"))


def _meta(word: str):
    return card(f"{word.title()} Trend", f"Score: Gain 10 RP if you have a face-up {word.upper()} single in your tableau.",
                kind="metagame")


def test_top_card_flipped_if_it_matches_a_meta_symbol():
    """"Top Card", "Metagame": each opponent's Top Card is flipped only if it has an element or type
    a Metagame card in play names (their Score condition's); "does not match" is the other way."""
    matches = "Play: Each opponent must flip their Top card if it matches a Meta TYPE or ELEMENT."
    assert compiles(matches)[0]["ops"][0]["target"] == {"player": "each_opponent", "pick": "top", "chooser": "owner",
                                                        "filter": {"meta_symbol": True}}
    misses = "Play: Each opponent must flip their Top card if it doesn't match a Meta ELEMENT or TYPE."
    for text, flipped in ((matches, "Ember Top"), (misses, "Brook Top")):
        st = _three([card("Trend Hunter", text)], [card("Ember Top", elements=("fire",), types=("citizen",))],
                    [card("Brook Top", elements=("water",), types=("animal",))], metagame=[_meta("fire"), _meta("mage")])
        place(st, 1, "Ember Top")
        place(st, 2, "Brook Top")
        do(st, 'play "Trend Hunter"')
        seat = 1 if flipped == "Ember Top" else 2
        assert st.down == set(ids(st, seat, flipped))


def test_top_card_flipped_if_it_is_the_highest_of_its_tableau():
    """"Top Card", "CARD DATA": the Top Card is flipped only if no face-up card of its tableau has a
    higher Star Rating (a tie is still the highest; a face-down card has none)."""
    text = "Play: Every opponent flips their Top card if it has the highest STAR rating in their tableau."
    st = _three([card("Peak Breaker", text)], [card("Tall A", star=5), card("Short Top", star=3)],
                [card("Hidden Giant", star=6), card("Low A", star=4), card("Even Top", star=4)])
    place(st, 1, "Tall A", "Short Top")
    place(st, 2, "Hidden Giant", "Low A", "Even Top", down=("Hidden Giant",))
    do(st, 'play "Peak Breaker"')
    assert st.down == set(ids(st, 2, "Hidden Giant", "Even Top"))


def test_top_card_flipped_if_it_has_an_effect_of_a_timing():
    """"Effects on Cards": a Top Card with a Play or an Ongoing effect is flipped; one with only a
    Score effect is not."""
    text = "Play: Every opponent must flip his or her Top card if it has a Play or an Ongoing effect."
    assert compiles(text)[0]["ops"][0]["target"]["filter"] == {"any_of": [{"timing": "play"}, {"timing": "ongoing"}]}
    st = _three([card("Quiet Order", text)], [card("Loud Top", "Ongoing: Your other singles cannot be flipped "
                                                               "by opponents' effects.")],
                [card("Calm Top", "Score: Gain 2 RP.")])
    place(st, 1, "Loud Top")
    place(st, 2, "Calm Top")
    do(st, 'play "Quiet Order"')
    assert st.down == set(ids(st, 1, "Loud Top"))


def test_each_player_who_cannot_flip_loses_rp():
    """"Flip a Card": each player flips their own left-most face-up card; "each player who cannot do
    so" is judged for each player on their own flip: no face-up card, or a protected one ("Cannot be
    flipped"), and they lose the RP ("FAQs": a loss stops at zero)."""
    text = "Play: Each player must flip their left-most face-up card. Each player who cannot do so loses 12 RP."
    ops = compiles(text)[0]["ops"]
    assert ops[0]["op"] == "for_players" and ops[0]["who"] == "each"
    guard = card("Ward Post", "Ongoing: Adjacent singles cannot be flipped by opponents' effects.")
    st = _three([card("Rail Cannon", text), card("Mine A")], [card("Theirs A"), guard], [card("Dark A")])
    place(st, 0, "Mine A")
    place(st, 1, "Theirs A", "Ward Post")
    place(st, 2, "Dark A", down=("Dark A",))
    st.rp[:] = [20, 20, 5]
    do(st, 'play "Rail Cannon"')
    assert ids(st, 0, "Mine A")[0] in st.down and st.rp[0] == 20
    assert ids(st, 1, "Theirs A")[0] not in st.down and st.rp[1] == 8
    assert st.rp[2] == 0


def test_each_player_who_does_gains_rp():
    """"Flip a Card": "each player who does" gains, one by one, for their own flip only."""
    text = "Play: Each opponent must flip their Top card if it has 3 STAR or lower. Each opponent who does gains 9 RP."
    st = _three([card("Fair Trade", text)], [card("Small Top", star=2)], [card("Big Top", star=5)])
    place(st, 1, "Small Top")
    place(st, 2, "Big Top")
    do(st, 'play "Fair Trade"')
    assert st.down == set(ids(st, 1, "Small Top")) and st.rp[1:] == [9, 0]


def test_players_who_did_need_a_flip_by_each_player_before():
    """Never guess: "each player who does" with no flip by each player before stays not understood."""
    from rules.millennium_blades.text import compile_text

    effects, reason = compile_text("Play: Gain 3 RP. Each player who does gains 9 RP.")
    assert effects is None and "each player who does gains 9 rp" in reason



def test_each_opponent_with_no_such_card_chooses_flip_or_loss():
    """"Flip a Card", "FAQs": only the opponents with no face-up card of that kind in their tableau
    choose, each in turn, to flip a card of their own or to lose the RP (a face-down EARTH card is no
    EARTH card: "Face-Down Cards")."""
    text = "Play: Each opponent with no face-up WATER singles in their tableau must choose one: Flip a card or lose 6 RP."
    op = compiles(text)[0]["ops"][0]
    assert op["op"] == "for_players_with" and op["none"] is True and op["filter"] == {"face": "up", "element": "water"}
    st = _three([card("Dry Spell", text)], [card("Pond", elements=("water",)), card("Rock A")],
                [card("Hidden Pond", elements=("water",)), card("Rock B")])
    place(st, 1, "Pond", "Rock A")
    place(st, 2, "Hidden Pond", "Rock B", down=("Hidden Pond",))
    st.rp[:] = [0, 10, 10]
    do(st, 'play "Dry Spell"')
    assert st.current_players() == [2]  # seat 1 has a face-up WATER card: not asked
    st.apply_checked(Action("option", (1,)), 2)
    assert st.rp == [0, 10, 4] and ids(st, 2, "Rock B")[0] not in st.down
    st = _three([card("Dry Spell", text)], [card("Pond", elements=("water",))], [card("Rock B")])
    place(st, 1, "Pond")
    place(st, 2, "Rock B")
    do(st, 'play "Dry Spell"')
    st.apply_checked(Action("option", (0,)), 2)  # seat 2 flips its only card
    assert st.down == set(ids(st, 2, "Rock B"))


def test_cards_of_the_revealed_cards_element_are_flipped():
    """"Flip a Card", "CARD DATA": the top Store card is revealed (it goes to the Aftermarket, rules
    notes); if it has an element, each player flips every face-up card of that element in their own
    tableau, and "for each card flipped this way" counts them all (capped)."""
    text = ("Play: Reveal a card from the top of the Store. If it has an ELEMENT every player must flip all singles "
            "of that ELEMENT. Gain 5 RP per card flipped this way (max. 10 RP).")
    ops = compiles(text)[0]["ops"]
    assert [o["op"] for o in ops] == ["reveal", "revealed_symbol", "flip", "gain_rp"]
    assert ops[2]["target"] == {"player": "each", "pick": "all", "filter": {"face": "up", "chosen": True, "kind": "single"}}
    # every Store card of the helpers is a FIRE SOLDIER
    st = _three([card("Ember Census", text, elements=("water",)), card("Hearth")],
                [card("Torch A"), card("Pool", elements=("water",))], [card("Torch B"), card("Torch C")])
    place(st, 0, "Hearth")
    place(st, 1, "Torch A", "Pool")
    place(st, 2, "Torch B", "Torch C")
    do(st, 'play "Ember Census"')
    hearth, torch_a, torch_b, torch_c = ids(st, 0, "Hearth") + ids(st, 1, "Torch A") + ids(st, 2, "Torch B", "Torch C")
    assert st.down == {hearth, torch_a, torch_b, torch_c} and st.rp[0] == 10  # 4 flipped, at most 10 RP


def test_a_revealed_card_without_a_type_flips_nothing():
    """"CARD DATA": a card with no TYPE names no cards: nothing is flipped and nothing gained."""
    text = ("Play: Reveal a card from the top of the Store. If it has a TYPE, every player must flip all singles of "
            "that TYPE. Gain 3 RP per card flipped this way.")
    st = _three([card("Census Bell", text, types=("mage",)), card("Blank Slate", elements=(), types=())],
                [card("Guard A")], [card("Guard B")])
    place(st, 1, "Guard A")
    place(st, 2, "Guard B")
    blank = ids(st, 0, "Blank Slate")[0]
    st.hand[0].remove(blank)
    st.store.append(blank)  # on top of the Store
    do(st, 'play "Census Bell"')
    assert not st.down and st.rp[0] == 0
    st = _three([card("Census Bell", text, types=("mage",))], [card("Guard A")], [card("Guard B", types=("mage",))])
    place(st, 1, "Guard A")
    place(st, 2, "Guard B")
    do(st, 'play "Census Bell"')  # a SOLDIER revealed: only Guard A
    assert st.down == set(ids(st, 1, "Guard A")) and st.rp[0] == 3


def test_that_player_has_enough_stars_then_you_choose_and_flip_their_card():
    """"Choosing a player" (rules notes): "that player has at least N STAR among cards in their
    tableau" counts the chosen player's tableau; "choose and flip one of that player's cards" is a
    face-up card of theirs of your choice ("Flip a Card")."""
    text = ("Play: Choose an opponent. If that player has at least 12 STAR among singles in their tableau, gain 8 RP, "
            "then choose and flip one of that player's singles.")
    cond = compiles(text)[0]["ops"][1]["condition"]
    assert cond["of"] == {"count": "that_player", "of": {"count": "stars", "zone": "tableau", "filter": {}}}
    st = _three([card("Star Auditor", text)], [card("Low A", star=5), card("Low B", star=6)],
                [card("High A", star=7), card("High B", star=5)])
    place(st, 1, "Low A", "Low B")
    place(st, 2, "High A", "High B")
    do(st, 'play "Star Auditor"', "player 2", "target 2 1")
    assert st.rp[0] == 8 and st.down == set(ids(st, 2, "High B"))
    st = _three([card("Star Auditor", text)], [card("Low A", star=5), card("Low B", star=6)],
                [card("High A", star=7), card("High B", star=5)])
    place(st, 1, "Low A", "Low B")
    place(st, 2, "High A", "High B")
    do(st, 'play "Star Auditor"', "player 1")  # 11 STAR: nothing
    assert st.rp[0] == 0 and not st.down


def test_each_player_chooses_to_lose_rp_for_their_deck_box_or_flip_it():
    """"Deck Box Area" (an effect that names the Deck Box may target it), "Flip a Card": each player
    in turn chooses to lose RP for their own Deck Box's STAR or to flip it; a player whose Deck Box is
    face-down already has no flip to choose, and it has no STAR ("Face-Down Cards")."""
    text = "Play: Each player must choose to either lose RP equal to twice the STAR of their Deck Box, or flip their Deck Box."
    op = compiles(text)[0]["ops"][0]
    assert op["op"] == "each_either" and op["options"][0][0]["per"] == {
        "count": "stars", "zone": "kit", "filter": {"kind": "deck_box", "face": "up"}}
    st = table(kit([card("Crate Ultimatum", text)], box=[card("Oak Crate", star=4, kind="deck_box")]),
               kit([card("Lamp")], box=[card("Tin Crate", star=2, kind="deck_box")]))
    st.rp[:] = [20, 20]
    do(st, 'play "Crate Ultimatum"')
    st.apply_checked(Action("option", (1,)), 0)  # seat 0 flips their Deck Box
    st.apply_checked(Action("option", (0,)), 1)  # seat 1 loses 2 x 2
    assert [st.cards[c].name for c in st.down] == ["Oak Crate"] and st.rp == [20, 16]
    st = table(kit([card("Crate Ultimatum", text)], box=[card("Oak Crate", star=4, kind="deck_box")]),
               kit([card("Lamp")], box=[card("Tin Crate", star=2, kind="deck_box")]))
    st.down.update(st.deck_box[1])
    st.rp[:] = [20, 20]
    do(st, 'play "Crate Ultimatum"')
    st.apply_checked(Action("option", (0,)), 0)  # seat 0 loses 2 x 4
    either = next(o for f in st.stack for o in f["ops"] if o["op"] == "either")
    assert st.rp == [12, 20] and all(option[0]["op"] == "lose_rp" for option in either["options"])  # no flip offered


def _pay_table(money: int):
    keeper = card("Coin Keeper", "Ongoing: You may pay 3 Dollars instead of flipping one of your cards because of an "
                                 "opponent's effect.")
    st = table(kit([card("Push Pin", "Play: Flip a card in an opponent's tableau.")]), kit([keeper, card("Post")]))
    place(st, 1, "Coin Keeper", "Post")
    st.money[1] = money
    do(st, 'play "Push Pin"', "target 1 1")
    return st, ids(st, 1, "Post")[0]


def test_dollars_paid_instead_of_a_flip_by_an_opponents_effect():
    """"Flip a Card"; a replacement the card's player may choose: they pay the Dollars (from their
    money, as any payment) and the card stays face-up; declined, or too few Dollars, it is flipped."""
    text = "Ongoing: You may pay 3 Dollars instead of flipping one of your cards because of an opponent's effect."
    assert compiles(text)[0]["ops"] == [{"op": "dollar_shield", "amount": 3, "target": "tableau"}]
    st, post = _pay_table(5)
    assert st.pending["kind"] == "optional" and st.current_players() == [1]
    do(st, "accept")
    assert post not in st.down and st.money[1] == 2
    assert any(e.action == "dollars_instead_of_flip" for e in st.events)
    st, post = _pay_table(5)
    do(st, "decline")
    assert post in st.down and st.money[1] == 5
    st, post = _pay_table(2)  # too few Dollars: nobody is asked
    assert post in st.down and st.money[1] == 2


def test_next_card_flipped_then_each_player_flips_one_sharing_a_symbol():
    """"Next" effects happen as the next card is played; "flip it" is that card. "A card that shares
    a TYPE or ELEMENT with the card you flipped": with the flipped card as printed ("Face-Down Cards":
    it has no symbols now), each player flips one of their own face-up cards that shares one, their
    choice ("Flip a Card"); a player with none flips nothing."""
    text = ("Next: When you play your next card, flip it. Each player must flip a single in their tableau that shares "
            "an ELEMENT or TYPE with the single you flipped.")
    ops = compiles(text)[0]["ops"]
    assert ops[0] == {"op": "flip", "target": {"player": "self", "pick": "next_played"}}
    pillow = card("Dream Pillow", text, elements=("light",), types=("citizen",))
    st = table(kit([pillow, card("Sea Guard", elements=("water",), types=("soldier",)),
                    card("Mine A", elements=("water",), types=("mage",)), card("Mine B", elements=("air",), types=("myth",))]),
               kit([card("Theirs A", elements=("earth",), types=("soldier",)), card("Theirs B", elements=("air",),
                                                                                    types=("animal",)),
                    card("Filler", elements=("dark",), types=("myth",))]))
    place(st, 0, "Mine A", "Mine B")
    place(st, 1, "Theirs A", "Theirs B")
    do(st, 'play "Dream Pillow"', 'play "Filler"', 'play "Sea Guard"')  # Sea Guard flipped: WATER, SOLDIER
    guard, mine_a, mine_b = ids(st, 0, "Sea Guard", "Mine A", "Mine B")
    theirs_a = ids(st, 1, "Theirs A")[0]
    assert st.down == {guard, mine_a, theirs_a} and mine_b not in st.down  # one each: the only ones sharing


def test_your_deck_box_score_effect_now_then_it_is_flipped():
    """"Deck Box Area" (an effect that names the Deck Box may affect it), "Effects on Cards": its Score
    effect resolves now for you (as batch g's "activate"), then "it", that Deck Box, is flipped; a
    face-down Deck Box has no effect to activate ("A copy effect that would target a face-down card
    does nothing")."""
    text = "Play: Activate all Score effects of your Deck Box, then flip it. Gain 5 RP."
    ops = compiles(text)[0]["ops"]
    assert ops[1] == {"op": "flip", "target": {"player": "self", "pick": "all", "zone": "deck_box"}}
    for down, rp in (False, 9), (True, 5):
        st = table(kit([card("Crate Opener", text)], box=[card("Gift Crate", "Score: Gain 4 RP.", kind="deck_box")]),
                   kit([card("Lamp")]))
        if down:
            st.down.update(st.deck_box[0])
        do(st, 'play "Crate Opener"')
        assert st.rp[0] == rp and set(st.deck_box[0]) <= st.down


def test_cards_have_a_quoted_flip_effect_from_a_deck_box():
    """"Effects on Cards": while the Deck Box is face-up, the singles of its player's tableau have the
    quoted Flip effect; flipped, one resolves it as its own, for its player ("Flip a Card"); the
    other players' cards do not have it."""
    granted = 'Ongoing: All Singles in your tableau have "Flip: Gain 3 RP."'
    assert compiles(granted)[0]["ops"] == [{"op": "has_flip", "ops": [{"op": "gain_rp", "amount": 3}], "scope": "tableau",
                                            "filter": {}}]
    st = table(kit([card("Self Push", "Play: Flip one single in your tableau."), card("Post")],
                   box=[card("Gift Crate", granted, kind="deck_box")]),
               kit([card("Push Pin", "Play: Flip a card in an opponent's tableau."), card("Their Post")]))
    place(st, 0, "Post")
    place(st, 1, "Their Post")
    do(st, 'play "Self Push"', "target 0 0")
    assert st.rp == [3, 0]
    st.down.clear()
    do(st, 'play "Push Pin"', "target 0 0")  # an opponent's flip: the card's Flip effect is still its player's
    assert st.rp == [6, 0]


def test_a_top_card_gives_every_card_a_quoted_flip_effect():
    """"Top": while it is its player's Top Card, every card in every tableau has the quoted Flip
    effect, resolved for the flipped card's own player (an Action's own flip too: "Use an Action")."""
    top = 'Top: All cards in all tableaus have "Flip: Gain 2 RP."'
    st = table(kit([card("Pin Lever", "Action: Flip a card in an opponent's tableau."), card("Beam", top), card("Step")]),
               kit([card("Their Post"), card("Lamp")]))
    place(st, 0, "Pin Lever", "Beam")
    place(st, 1, "Their Post")
    do(st, 'use "Pin Lever"')
    assert st.rp == [2, 2] and st.down == set(ids(st, 1, "Their Post") + ids(st, 0, "Pin Lever"))


def test_a_quoted_flip_effect_while_all_face_up_cards_are_of_a_kind():
    """"While all face-up cards in your tableau are WATER cards, they have ...": judged as the card
    was before its flip (it still counts as face-up); one card of another element, and none has it."""
    text = 'Ongoing: While all face-up cards in your tableau are WATER cards, they have "Flip: Gain 4 RP."'
    for other, rp in (("water", 4), ("fire", 0)):
        st = table(kit([card("Self Push", "Play: Flip one single in your tableau.", elements=("water",)),
                        card("Tide Mark", text, elements=("water",)), card("Drop", elements=("water",)),
                        card("Other", elements=(other,))]), kit([card("Lamp")]))
        place(st, 0, "Tide Mark", "Drop", "Other")
        do(st, 'play "Self Push"', "target 0 1")
        assert st.rp[0] == rp


def test_an_opponent_who_plays_a_card_flips_another_sharing_a_symbol():
    """"Effects on Cards" (Top>Ongoing>Play): the Top effect's trigger resolves before the card's Play
    effects, which the parenthetical recalls; the player who played flips ANOTHER face-up card of
    theirs that shares a TYPE or ELEMENT with it, their choice; the card played stays face-up and
    its Play effect follows."""
    text = ("Top: Whenever another player plays a single (before Play effects), they must flip another single in "
            "their tableau that shares that card's ELEMENT or TYPE.")
    st = table(kit([card("Sting Watch", text, elements=("dark",), types=("myth",)), card("Step")]),
               kit([card("Reef Diver", "Play: Gain 2 RP.", elements=("water",), types=("animal",)),
                    card("Wave Post", elements=("water",), types=("citizen",)),
                    card("Rock Post", elements=("earth",), types=("soldier",))]))
    place(st, 1, "Wave Post", "Rock Post")
    do(st, 'play "Sting Watch"', 'play "Reef Diver"')
    diver, wave = ids(st, 1, "Reef Diver", "Wave Post")
    assert st.down == {wave} and diver not in st.down and st.rp[1] == 2


def test_a_flip_an_opponents_effect_makes_you_do_respects_protection():
    """"Cannot be flipped": "you cannot choose one of those cards when an opponent forces you to choose
    and flip one of your cards". The players of a clash flipping their own cards by another player's
    effect (batch d), and an option of "choose one" (batch b), are such flips."""
    guard = card("Ward Post", "Ongoing: Adjacent singles cannot be flipped by opponents' effects.", star=1)
    text = "Play: Clash with an opponent. Each player in the clash must flip a card in their tableau."
    st = table(kit([card("Duel Horn", text, star=1), card("Mine")]), kit([card("Kept", star=9), guard]), store=(1, 1))
    place(st, 0, "Mine")
    place(st, 1, "Kept", "Ward Post")
    do(st, 'play "Duel Horn"')
    do(st, "target 0 0")  # seat 0 chooses among its own two cards
    assert st.down == set(ids(st, 0, "Mine") + ids(st, 1, "Ward Post"))  # Kept is protected: not a choice
    choice = "Play: Each opponent must choose one: Flip a card in their tableau or lose 6 RP."
    st = table(kit([card("Toll Gate", choice)]), kit([card("Kept", star=9), guard]))
    place(st, 1, "Kept", "Ward Post")
    st.rp[1] = 10
    do(st, 'play "Toll Gate"')
    st.apply_checked(Action("option", (0,)), 1)  # the flip: Ward Post is its only legal card
    assert st.down == set(ids(st, 1, "Ward Post")) and st.rp[1] == 10


def test_score_effects_of_each_adjacent_lower_card_activated():
    """"Ending the Tournament", "Effects on Cards": each neighbour with a lower STAR has its Score
    effects activated again for you (batch g's "activate"), besides its own scoring; a higher or
    face-down neighbour does not; an effect that copies is never copied ("FAQs")."""
    text = "Score: Activate the Score effects of both adjacent lower STAR singles."
    st = table(kit([card("Low Left", "Score: Gain 3 RP.", star=2), card("Den Keeper", text, star=5),
                    card("High Right", "Score: Gain 7 RP.", star=6), card("Low Far", "Score: Gain 1 RP.", star=1)]),
               kit([card("Lamp")]))
    place(st, 0, "Low Left", "Den Keeper", "High Right", "Low Far")
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 3 + 3 + 7 + 1  # Low Left twice; High Right (higher) once
    st = table(kit([card("Low Left", "Score: Gain 3 RP.", star=2), card("Den Keeper", text, star=5),
                    card("Low Right", "Score: Gain 4 RP.", star=1)]), kit([card("Lamp")]))
    place(st, 0, "Low Left", "Den Keeper", "Low Right", down=("Low Left",))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 4 + 4  # the face-down one scores nothing and is no neighbour to activate


def test_this_card_and_the_card_just_played_may_switch_slots():
    """"Tableau" (cards sit in slots, left to right): after the gain, the player may swap the slots of
    this card and the card whose play triggered the effect ("You may then X": "You may X")."""
    text = ("Ongoing: When you play a CITIZEN card, gain 3 RP. You may then swap the positions of this single and "
            "the single you just played.")
    assert compiles(text)[0]["ops"][1] == {"op": "may", "ops": [{"op": "swap_with", "card": "played"}]}
    for answer, order in (("accept", ["Town Crier", "Post", "Gear Warden"]), ("decline", ["Gear Warden", "Post", "Town Crier"])):
        st = table(kit([card("Gear Warden", text), card("Post"), card("Town Crier", star=3, types=("citizen",))]),
                   kit([card("Lamp")]))
        place(st, 0, "Gear Warden", "Post")
        do(st, 'play "Town Crier"', answer)
        assert st.rp[0] == 3 and [st.cards[c].name for c in st.tableau[0]] == order


def test_each_player_flips_a_card_and_you_take_another_turn():
    """"Flip a Card"; another turn (rules notes, "Another turn"): both clauses of the sentence happen
    (under an "If you did" too)."""
    assert compiles("Action: Discard a card. If you did, each other player must flip a card, and you take another turn.")[0][
        "ops"][1]["then"][1] == {"op": "extra_turn", "amount": 1}
    text = "Action: Gain 2 RP. Each player must flip a card, and you take another turn."
    st = table(kit([card("Time Thief", text), card("Mine"), card("Step")]), kit([card("Theirs"), card("Lamp")]))
    place(st, 0, "Time Thief", "Mine")
    place(st, 1, "Theirs")
    do(st, 'use "Time Thief"', "target 0 1")  # seat 0 picks its own card (Time Thief or Mine)
    assert st.rp[0] == 2 and st.extra_turns[0] == 1
    assert st.down == set(ids(st, 0, "Time Thief", "Mine") + ids(st, 1, "Theirs"))
