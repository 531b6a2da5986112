"""More shapes of printed text, batch k (issue 26.2; rules/millennium_blades/phrases_more_k.py and
ops_more_k.py): flipping and +1 STAR tokens. Original cards in each shape, compiled and played in
the tournament engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB:
batch k")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def test_tokens_put_in_any_combination_go_one_at_a_time():
    """"Set Specific Keywords" (Blast Off): +1 STAR tokens raise a Star Rating by 1 each; "in any
    combination" lets the player put each token where they like, the same card or another."""
    text = "Play: Place 3 +1 STAR Tokens on cards in your tableau any way you like."
    ops = compiles(text)[0]["ops"]
    assert [o["op"] for o in ops] == ["star_tokens"] * 3 and all(o["amount"] == 1 for o in ops)
    assert compiles("Play: Put 2 +1 STAR Tokens on cards in any player's tableau in any combination.")[0]["ops"][0][
        "target"]["player"] == "any"
    st = table(kit([card("Bead Weaver", text), card("Jar A", star=2), card("Jar B", star=4)]), kit(lamps()))
    place(st, 0, "Jar A", "Jar B")
    do(st, 'play "Bead Weaver"', "target 0 0", "target 0 0", "target 0 1")
    jar_a, jar_b = ids(st, 0, "Jar A", "Jar B")
    assert st.tokens[jar_a] == 2 and st.tokens[jar_b] == 1 and st.star(jar_a) == 4


def test_one_token_on_each_of_two_different_cards():
    """"FAQs": a face-down card cannot gain tokens; "on two different cards" puts one token on each
    of two cards, never both on one (rules notes, "MB: batch k"); with one card only, one token."""
    text = "Play: Put 2 +1 STAR Tokens on two different singles in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "tokens_on_different", "cards": 2, "target": {
        "player": "self", "pick": "choice", "filter": {"face": "up"}}}]
    assert compile_text("Play: Put 3 +1 STAR Tokens on two different singles in your tableau.")[0] is None
    st = table(kit([card("Twin Lanterns", text), card("Post A"), card("Post B"), card("Post C")]), kit(lamps()))
    place(st, 0, "Post A", "Post B", "Post C", down=("Post C",))
    do(st, 'play "Twin Lanterns"')
    assert st.pending["kind"] == "target" and len(st.pending["options"]) == 3  # this card too, not Post C
    do(st, "target 0 1")
    assert len(st.pending["options"]) == 2  # Post B is taken: a different card
    do(st, "target 0 0")
    post_a, post_b, post_c = ids(st, 0, "Post A", "Post B", "Post C")
    assert st.tokens == {post_a: 1, post_b: 1}
    lone = table(kit([card("Twin Lanterns", text)]), kit(lamps()))
    do(lone, 'play "Twin Lanterns"')  # only itself: one token
    assert list(lone.tokens.values()) == [1]


def test_a_token_taken_from_another_card_onto_this_one():
    """Tokens moved between cards ("FAQs": a face-down card cannot gain tokens): "take a token from
    any other card ... and add it to this one" moves one onto this card."""
    text = ("Ongoing: When your turn starts, you may take one +1 STAR Token from any other single in any tableau and "
            "add it to this single.")
    effect = compiles(text)[0]
    assert effect["optional"] and effect["ops"][0]["op"] == "move_tokens" and effect["ops"][0]["to"]["pick"] == "this"
    taker = card("Magpie Squire", "Play: Take a +1 STAR Token from any other single in any tableau and add it onto this card.")
    st = table(kit([taker]), kit([card("Rich Idol")]))
    place(st, 1, "Rich Idol")
    idol = ids(st, 1, "Rich Idol")[0]
    st.tokens[idol] = 2
    do(st, 'play "Magpie Squire"')
    magpie = ids(st, 0, "Magpie Squire")[0]
    assert st.tokens == {idol: 1, magpie: 1}


def test_all_of_the_cards_flipped_face_down_and_any_number_of_other_cards():
    """"Flip a Card": flipped cards are turned face-down, so "flip all the cards in your tableau
    face-down" flips every face-up card; "any number of other cards" never offers this card."""
    assert compiles("Flip: Flip all of the singles in your tableau face-down.")[0]["ops"] == [
        {"op": "flip", "target": {"player": "self", "pick": "all", "filter": {"face": "up"}}}]
    text = "Play: Flip any number of other singles in your tableau. Gain 3 RP for each card flipped this way."
    assert compiles(text)[0]["ops"][0] == {"op": "flip_any", "other": True}
    st = table(kit([card("Ember Choir", text), card("Coal A"), card("Coal B")]), kit(lamps()))
    place(st, 0, "Coal A", "Coal B")
    do(st, 'play "Ember Choir"')
    assert len(st.pending["options"]) == 3  # Coal A, Coal B, stop: not Ember Choir
    do(st, "target 0 0", "decline")
    coal_a, coal_b, choir = ids(st, 0, "Coal A", "Coal B", "Ember Choir")
    assert coal_a in st.down and coal_b not in st.down and choir not in st.down and st.rp[0] == 3


def test_unflip_turns_a_face_down_card_face_up_again():
    """"Flip a Card" never turns a card face-up, and "effects cannot target face-down cards, unless
    they specifically say otherwise": "unflip" says so. The card is face-up again, without tokens."""
    text = "Action: Unflip a single in your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "unflip", "amount": 1, "zone": "tableau"}]
    st = table(kit([card("Dawn Bell", text), card("Sleeper A", star=5), card("Sleeper B"), card("Step")]), kit(lamps()))
    place(st, 0, "Dawn Bell", "Sleeper A", "Sleeper B", down=("Sleeper A", "Sleeper B"))
    do(st, 'use "Dawn Bell"')
    assert st.pending["kind"] == "unflip" and len(st.pending["options"]) == 2  # the face-down ones only
    do(st, "target 0 1")
    sleeper_a, sleeper_b, bell = ids(st, 0, "Sleeper A", "Sleeper B", "Dawn Bell")
    assert sleeper_a not in st.down and st.star(sleeper_a) == 5 and sleeper_b in st.down
    assert bell in st.down  # "Use an Action": then the card is flipped
    assert any(e.action == "unflip" for e in st.events)


def test_a_token_removed_instead_of_a_flip_by_an_opponents_effect():
    """"Flip a Card" by an opponent's effect: a card of yours with tokens loses one instead (no
    token: it is flipped); your own effects flip it as usual (rules notes, "MB: batch k")."""
    text = "Ongoing: When one of your singles would be flipped by an opponent's effect, remove one +1 STAR Token from it instead."
    assert compiles(text)[0]["ops"] == [{"op": "token_shield", "target": "tableau"}]
    flipper = card("Gale Push", "Play: Flip a card in an opponent's tableau.")
    st = table(kit([flipper, card("Lamp X")]), kit([card("Iron Warden", text), card("Gem Post"), card("Bare Post")]))
    place(st, 1, "Iron Warden", "Gem Post", "Bare Post")
    gem, bare = ids(st, 1, "Gem Post", "Bare Post")
    st.tokens[gem] = 2
    do(st, 'play "Gale Push"', "target 1 1")
    assert gem not in st.down and st.tokens[gem] == 1 and any(e.action == "token_instead_of_flip" for e in st.events)
    mine = table(kit([card("Iron Warden", text), card("Gem Post"), card("Self Push", "Play: Flip a single in your tableau.")]),
                 kit(lamps()))
    place(mine, 0, "Iron Warden", "Gem Post")
    own_gem = ids(mine, 0, "Gem Post")[0]
    mine.tokens[own_gem] = 2
    do(mine, 'play "Self Push"', "target 0 1")
    assert own_gem in mine.down  # your own effect: no shield
    st2 = table(kit([flipper, card("Lamp X")]), kit([card("Iron Warden", text), card("Bare Post")]))
    place(st2, 1, "Iron Warden", "Bare Post")
    do(st2, 'play "Gale Push"', "target 1 1")
    assert ids(st2, 1, "Bare Post")[0] in st2.down  # no token: flipped


def test_a_may_shield_asks_and_this_card_only():
    """A "you may" replacement is its player's choice; "this card" shields only itself."""
    text = ("Ongoing: Whenever a card in your tableau would be flipped by another player's effect, you may remove a "
            "+1 STAR Token from it instead of flipping it.")
    assert compiles(text)[0]["ops"] == [{"op": "token_shield", "target": "tableau", "optional": True}]
    solo = ("Ongoing: Whenever this card would be flipped by an opponent's effect, if it has any +1 STAR Tokens on it, "
            "remove a +1 STAR Token from it instead.")
    assert compiles(solo)[0]["ops"] == [{"op": "token_shield", "target": "this"}]
    flipper = card("Gale Push", "Play: Flip a card in an opponent's tableau.")
    st = table(kit([flipper, card("Lamp X")]), kit([card("Kind Keeper", text), card("Gem Post")]))
    place(st, 1, "Kind Keeper", "Gem Post")
    gem = ids(st, 1, "Gem Post")[0]
    st.tokens[gem] = 1
    do(st, 'play "Gale Push"', "target 1 1")
    assert st.pending["seat"] == 1 and st.pending["kind"] == "optional"
    st.apply_checked(Action("decline"), 1)
    assert gem in st.down  # declined: flipped
    st = table(kit([flipper, card("Lamp X")]), kit([card("Kind Keeper", text), card("Gem Post")]))
    place(st, 1, "Kind Keeper", "Gem Post")
    gem = ids(st, 1, "Gem Post")[0]
    st.tokens[gem] = 1
    do(st, 'play "Gale Push"', "target 1 1")
    st.apply_checked(Action("accept"), 1)
    assert gem not in st.down and gem not in st.tokens  # its last token went instead
    st = table(kit([flipper, card("Lamp X")]), kit([card("Lone Ward", solo), card("Gem Post")]))
    place(st, 1, "Lone Ward", "Gem Post")
    ward, gem = ids(st, 1, "Lone Ward", "Gem Post")
    st.tokens[ward] = st.tokens[gem] = 1
    do(st, 'play "Gale Push"', "target 1 1")
    assert gem in st.down  # another card: not shielded


def test_a_reaction_condition_printed_before_its_when_and_two_subjects_protected():
    """"Reaction": the event is named by "When"; a condition printed before it is judged then.
    "Cannot be flipped" by opponents' effects: this card and its neighbours both."""
    text = "Reaction: If there are at least 3 +1 STAR Tokens on this card, whenever you would lose RP, gain that much RP instead."
    effect = compiles(text)[0]
    assert effect["trigger"] == {"event": "would_lose_rp"} and effect["condition"]["value"] == 3
    both = "Ongoing: This single and the cards adjacent to it cannot be flipped by opponents' effects."
    assert compiles(both)[0]["ops"] == [{"op": "protect", "target": "this"}, {"op": "protect", "target": "adjacent"}]
    score = "Score: If all face-up cards in your tableau have at least 2 +1 STAR Tokens, gain 9 RP."
    st = table(kit([card("Star Ledger", score), card("Pin A"), card("Pin B")]), kit(lamps()))
    place(st, 0, "Star Ledger", "Pin A", "Pin B", down=("Pin B",))
    ledger, pin_a = ids(st, 0, "Star Ledger", "Pin A")
    st.tokens[ledger], st.tokens[pin_a] = 2, 3
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 9  # the face-down card has none and is not asked about


def test_a_count_in_the_chosen_players_tableau():
    """"Choose a player": "that player" is the one chosen; "for each face-down card in that player's
    tableau" counts theirs ("Face-Down Cards": they still count as cards)."""
    text = "Play: Choose another player. Gain 4 RP for each face-down single in that player's tableau."
    assert compiles(text)[0]["ops"][1]["per"] == {"count": "that_player", "of": {
        "count": "cards", "zone": "tableau", "filter": {"face": "down"}}}
    tokens = "Score: Choose another player. Gain 2 RP for each +1 STAR Token on cards in that player's tableau (max. 6 RP)."
    assert compiles(tokens)[0]["ops"][1]["max"] == 6
    st = table(kit([card("Night Census", text), card("Mine Down")]), kit([card("Theirs A"), card("Theirs B"), card("Up C")]),
               kit([card("Third A")]))
    place(st, 0, "Mine Down", down=("Mine Down",))
    place(st, 1, "Theirs A", "Theirs B", "Up C", down=("Theirs A", "Theirs B"))
    place(st, 2, "Third A", down=("Third A",))
    do(st, 'play "Night Census"', "player 1")
    assert st.rp[0] == 8  # two of seat 1's, not your own nor seat 2's


def test_their_star_after_a_flip_and_a_condition_after_this():
    """"Flip a Card": a face-down card has no Star Rating, so RP equal to "their STAR" after a
    flip is the cards' Star Ratings as they were; "if this is the only face-up card ... after this"
    is judged once the flips are done."""
    text = ("Play: Flip any number of other singles in your tableau. Gain RP equal to twice their STAR. If this is the only "
            "face-up card in your tableau after this, gain 6 more RP.")
    ops = compiles(text)[0]["ops"]
    assert ops[1] == {"op": "gain_rp", "amount": 2, "per": {"count": "flipped_stars"}} and ops[2]["op"] == "if"
    assert compile_text("Play: Gain RP equal to twice their STAR.")[0] is None  # no flip before it: unread
    st = table(kit([card("Ash Cantor", text), card("Coal A", star=4), card("Coal B", star=2)]), kit(lamps()))
    place(st, 0, "Coal A", "Coal B")
    do(st, 'play "Ash Cantor"', "target 0 0", "target 0 1")  # both: nothing left to offer
    assert st.rp[0] == 2 * (4 + 2) + 6


def test_the_adjacent_cards_star_and_an_action_that_keeps_its_card_face_up():
    """"CARD DATA": the STAR of the adjacent cards is both neighbours' added up. "Use an Action":
    "perform the text on the card, then flip the card face-down", unless its text says it is not
    flipped, here only when the condition held."""
    assert compiles("Score: Gain RP equal to twice the STAR of the adjacent cards.")[0]["ops"] == [
        {"op": "gain_rp", "amount": 2, "per": {"count": "stars", "zone": "tableau", "filter": {"where": "adjacent"}}}]
    text = "Action: Reveal a card from the top of the Store. If it has 4 STAR or more, gain 5 RP, and this card is not flipped."
    ops = compiles(text)[0]["ops"]
    assert ops[1]["then"] == [{"op": "gain_rp", "amount": 5}, {"op": "keep_source"}]
    for top, kept in ((6, True), (2, False)):
        st = table(kit([card("Lucky Peek", text), card("Step")]), kit(lamps()), store=(top, 1, 1, 1))
        place(st, 0, "Lucky Peek")
        do(st, 'use "Lucky Peek"')
        assert (ids(st, 0, "Lucky Peek")[0] not in st.down) is kept and st.rp[0] == (5 if kept else 0)


def test_each_player_puts_tokens_on_different_cards_then_flips_one_with_a_token():
    """"FAQs": face-down cards cannot gain tokens; each player puts one token on each of two
    different face-up cards of their own, of their own choice, then flips one with a token; "the
    highest STAR among cards flipped this way" is as they were ("Set Specific Keywords": a token
    adds 1)."""
    text = ("Play: Each player puts a +1 STAR Token on two different singles in their tableau. Then each player must "
            "flip a single in their tableau with a +1 STAR Token on it. Gain RP equal to three times the highest STAR "
            "among cards flipped this way.")
    ops = compiles(text)[0]["ops"]
    assert ops[0] == {"op": "tokens_on_different", "cards": 2, "target": {"player": "each", "pick": "choice",
                                                                          "chooser": "owner", "filter": {"face": "up"}}}
    assert ops[2] == {"op": "gain_rp", "amount": 3, "per": {"count": "highest_flipped"}}
    st = table(kit([card("Wind Herald", text, star=2), card("Tall Reed", star=5)]),
               kit([card("Their Only", star=4), card("Lamp Y")]))
    place(st, 0, "Tall Reed")
    place(st, 1, "Their Only")
    do(st, 'play "Wind Herald"')  # you have two face-up cards: both get one, no choice left
    reed, herald, only = ids(st, 0, "Tall Reed", "Wind Herald")[0], ids(st, 0, "Wind Herald")[0], ids(st, 1, "Their Only")[0]
    assert st.tokens[reed] == 1 and st.tokens[herald] == 1 and st.tokens[only] == 1  # seat 1: one card, one token
    assert st.pending["seat"] == 0  # your flip first: a card with a token, of your choice
    do(st, "target 0 0")  # Tall Reed, 6 STAR with its token
    assert reed in st.down and only in st.down  # seat 1's only card with a token
    assert st.rp[0] == 3 * 6


def test_every_player_has_a_face_down_card_and_no_opponent_has_more():
    """"Face-Down Cards": they still count as cards. Every player (still in) has one; no other player
    has more face-up cards than you (as many is not more)."""
    every = "Score: Gain 7 RP if every player has a face-down single in their tableau."
    more = "Score: If no opponent has more face-up singles than you, gain 5 RP."
    assert compiles(more)[0]["condition"] == {"test": "count", "of": {"count": "players_more", "filter": {"face": "up"}},
                                              "cmp": "==", "value": 0}
    st = table(kit([card("Dusk Judge", every), card("Dusk Tally", more), card("Mine Down")]),
               kit([card("Theirs Down"), card("Theirs Up A"), card("Theirs Up B")]))
    place(st, 0, "Dusk Judge", "Dusk Tally", "Mine Down", down=("Mine Down",))
    place(st, 1, "Theirs Down", "Theirs Up A", "Theirs Up B", down=("Theirs Down",))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 7 + 5  # both have a face-down card; two face-up cards each
    st = table(kit([card("Dusk Judge", every), card("Dusk Tally", more)]), kit([card("Theirs Up A"), card("Theirs Up B"),
                                                                               card("Theirs Up C")]))
    place(st, 0, "Dusk Judge", "Dusk Tally")
    place(st, 1, "Theirs Up A", "Theirs Up B", "Theirs Up C")
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 0  # nobody has a face-down card; they have three face-up cards


def test_a_bare_max_caps_the_rp_and_another_cap_is_never_dropped():
    """"(max. 10)" after a gain of RP caps it as "(max. 10 RP)" does; a cap the grammar does not
    read ("per round") keeps the text unread instead of being dropped as reminder text."""
    text = "Score: Gain 4 RP for each WATER single in your tableau (max. 10)."
    assert compiles(text)[0]["ops"][0]["max"] == 10
    # batch o reads a cap per turn: kept as such, never dropped (test_printed_shapes_o.py)
    assert compiles("Ongoing: When you play a single, gain 4 RP (max. 8 RP per turn).")[0]["ops"] == [
        {"op": "turn_capped_gain", "amount": 4, "turn_max": 8}]
    assert compile_text("Ongoing: When you play a single, gain 4 RP (max. 8 RP per round).")[0] is None
    st = table(kit([card("Tide Ledger", text, elements=("water",))] + [card(f"Wave {i}", elements=("water",))
                                                                       for i in range(3)]), kit(lamps()))
    place(st, 0, "Tide Ledger", "Wave 0", "Wave 1", "Wave 2")
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 10  # 4 cards, 16 RP, capped


def test_a_card_with_a_different_type_than_any_card_in_your_tableau():
    """"CARD DATA": a card played with a different TYPE than any card in your tableau shares no
    type with another face-up card there (a face-down card has none: "Face-Down Cards")."""
    text = "Ongoing: When you play a single with a different TYPE than any card in your tableau, gain 3 RP."
    assert compiles(text)[0]["trigger"]["filter"] == {"none_of": [{"shares_tableau": "type"}]}
    st = table(kit([card("Odd Scout", text, types=("mage",)), card("New Knight", types=("soldier",)),
                    card("Lamp Z")]), kit(lamps()))
    place(st, 0, "Odd Scout", "Lamp Z", down=("Lamp Z",))  # a face-down SOLDIER: no type
    do(st, 'play "New Knight"')
    assert st.rp[0] == 3
    st = table(kit([card("Odd Scout", text, types=("mage",)), card("New Knight", types=("soldier",)),
                    card("Old Knight", types=("soldier",))]), kit(lamps()))
    place(st, 0, "Odd Scout", "Old Knight")
    do(st, 'play "New Knight"')
    assert st.rp[0] == 0  # a face-up SOLDIER is there already


def test_double_its_star_and_the_card_with_the_highest_star_in_their_tableau():
    """"Flip a Card": "double its STAR" is twice the flipped card's Star Rating as it was; each
    opponent flips the face-up card of their tableau with the highest Star Rating, their choice
    among equals."""
    assert compiles("Action: Flip a 6 STAR or higher single and gain RP equal to double its STAR.")[0]["ops"][1] == {
        "op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "flipped"}}
    text = "Play: Each opponent must flip the single in their tableau with the highest STAR."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {"player": "each_opponent", "pick": "highest",
                                                                  "chooser": "owner"}}]
    st = table(kit([card("Tall Toppler", text), card("Lamp X")]), kit([card("Big One", star=6), card("Small One", star=2)]))
    place(st, 1, "Big One", "Small One")
    do(st, 'play "Tall Toppler"')
    big, small = ids(st, 1, "Big One", "Small One")
    assert big in st.down and small not in st.down


def test_all_of_your_cards_of_two_symbols_except_this_one():
    """"Flip a Card": every other face-up card of yours with both symbols (rules notes, grammar2: "an
    AIR and EARTH card" has both)."""
    text = "Play: Flip all of your MAGE and WATER singles except this one."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {"player": "self", "pick": "all", "filter": {
        "where": "other", "element": "water", "type": "mage", "face": "up"}}}]
    st = table(kit([card("Tidal Purge", text, elements=("water",), types=("mage",)),
                    card("Sea Mage", elements=("water",), types=("mage",)), card("Fire Mage", types=("mage",))]),
               kit(lamps()))
    place(st, 0, "Sea Mage", "Fire Mage")
    do(st, 'play "Tidal Purge"')
    sea, fire, purge = ids(st, 0, "Sea Mage", "Fire Mage", "Tidal Purge")
    assert sea in st.down and fire not in st.down and purge not in st.down


def test_opponents_cards_flipped_each_one_counts():
    """"Flip a Card": cards are flipped one by one, so "per card flipped" is each flip's own event."""
    text = "Top: Whenever opponents' cards are flipped, gain 3 RP per card flipped."
    assert compiles(text)[0]["trigger"] == {"event": "flipped", "by": "any", "whose": "opponent"}
    st = table(kit([card("Mass Push", "Action: Flip all cards in each opponent's tableau."), card("Grim Tally", text),
                    card("Step")]), kit([card("Theirs A"), card("Theirs B")]))
    place(st, 0, "Mass Push", "Grim Tally")  # Grim Tally is the Top Card
    place(st, 1, "Theirs A", "Theirs B")
    do(st, 'use "Mass Push"')
    assert st.rp[0] == 6  # two of their cards flipped, 3 RP each


def test_a_token_on_the_card_with_the_fewest_tokens():
    """"Set Specific Keywords": tokens raise a Star Rating; the card of your tableau with the least
    amount of tokens is a face-up one none has fewer than (ties: the player picks among them)."""
    text = "Action: Put a +1 STAR Token on a single in your tableau with the fewest +1 STAR Tokens."
    assert compiles(text)[0]["ops"][0]["target"]["filter"] == {"fewest_tokens": True, "face": "up"}
    st = table(kit([card("Level Crane", text), card("Rich Post"), card("Poor Post"), card("Down Post"), card("Step")]),
               kit(lamps()))
    place(st, 0, "Level Crane", "Rich Post", "Poor Post", "Down Post", down=("Down Post",))
    crane, rich, poor = ids(st, 0, "Level Crane", "Rich Post", "Poor Post")
    st.tokens[crane], st.tokens[rich], st.tokens[poor] = 2, 3, 1
    do(st, 'use "Level Crane"')  # only Poor Post (the face-down card has none, but is no target)
    assert st.tokens[poor] == 2 and st.tokens[rich] == 3


def test_each_player_with_a_face_down_card_flips_another():
    """"Face-Down Cards" still count as cards: each opponent who has one in their tableau flips
    another card of theirs, a face-up one of their choice ("Flip a Card"); the others flip none."""
    text = "Play: Each opponent with a face-down single in their tableau must flip another single in their tableau."
    op = compiles(text)[0]["ops"][0]
    assert op["op"] == "for_players_with" and op["who"] == "each_opponent" and op["filter"] == {"face": "down"}
    st = table(kit([card("Night Sweep", text), card("Lamp X")]), kit([card("Down A"), card("Up A")]),
               kit([card("Up B"), card("Up C")]))
    place(st, 1, "Down A", "Up A", down=("Down A",))
    place(st, 2, "Up B", "Up C")
    do(st, 'play "Night Sweep"')
    assert ids(st, 1, "Up A")[0] in st.down  # their only face-up card
    assert not set(ids(st, 2, "Up B", "Up C")) & st.down  # no face-down card: no flip


def test_tokens_equal_to_the_star_of_the_cards_flipped_capped():
    """"Set Specific Keywords": each +1 STAR token adds 1; as many as the Star Ratings of the cards
    flipped this way (as they were), at most the "(max. +5 STAR)" printed."""
    text = ("Play: Flip any number of singles in your tableau. Add +1 STAR Tokens to this card equal to the total of "
            "the STAR of all singles flipped this way (max. +5 STAR).")
    assert compiles(text)[0]["ops"][1] == {"op": "star_tokens", "amount": 1, "target": {"player": "self", "pick": "this"},
                                           "per": {"count": "flipped_stars"}, "max": 5}
    st = table(kit([card("Blood Miser", text, star=2), card("Pawn A", star=2), card("Pawn B", star=4)]), kit(lamps()))
    place(st, 0, "Pawn A", "Pawn B")
    do(st, 'play "Blood Miser"', "target 0 0")
    miser = ids(st, 0, "Blood Miser")[0]
    assert st.pending["kind"] == "any_number"
    do(st, "decline")
    assert st.tokens[miser] == 2  # Pawn A's 2 STAR
    st = table(kit([card("Blood Miser", text, star=2), card("Pawn A", star=2), card("Pawn B", star=4)]), kit(lamps()))
    place(st, 0, "Pawn A", "Pawn B")
    do(st, 'play "Blood Miser"', "target 0 0", "target 0 1", "decline")
    assert st.tokens[ids(st, 0, "Blood Miser")[0]] == 5  # 6 STAR flipped: capped at 5


def test_their_combined_star_after_flipping_the_adjacent_cards():
    """"Flip a Card": the flipped cards are face-down, with no Star Rating; "their combined STAR"
    just after the flip is their Star Ratings as they were (it read 0 before batch k)."""
    text = "Play: Flip each single adjacent to this one. Gain RP equal to three times their combined STAR."
    assert compiles(text)[0]["ops"][1] == {"op": "gain_rp", "amount": 3, "per": {"count": "flipped_stars"}}
    st = table(kit([card("Hush Owl", text, star=1), card("Left Post", star=3), card("Right Post", star=5)]), kit(lamps()))
    place(st, 0, "Left Post")
    do(st, 'play "Hush Owl"')  # played to the right of Left Post: one neighbour
    assert st.rp[0] == 9 and ids(st, 0, "Left Post")[0] in st.down


def test_an_ongoing_trigger_of_two_events_joined_by_or():
    """"Effects on Cards": an Ongoing effect "whenever A or B" happens on either event: two triggers
    of the same effect, each firing on its own (a play, then a flip of one of your cards)."""
    text = "Ongoing: Whenever you play a single or one of your cards is flipped, gain 2 RP."
    effects = compiles(text)
    assert [e["trigger"]["event"] for e in effects] == ["play", "flipped"]
    assert compile_text("Ongoing: Whenever you play a single or the moon is full, gain 2 RP.")[0] is None
    st = table(kit([card("Twin Bell", text), card("Self Push", "Play: Flip a single in your tableau."), card("Post")]),
               kit(lamps()))
    place(st, 0, "Twin Bell", "Post")
    do(st, 'play "Self Push"', "target 0 1")  # a play (2 RP), then Post flipped (2 RP)
    assert st.rp[0] == 4
