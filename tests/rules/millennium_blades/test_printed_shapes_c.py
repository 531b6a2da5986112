"""More shapes of printed text, batch C (issue 26.2; rules/millennium_blades/phrases_more_c.py and
ops_more_c.py): +1 STAR tokens removed, discarded, moved, put one at a time, and cards that come
into play with tokens. Original cards in each, compiled and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "More shapes, batch C")."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, place, table


def _events(st, action: str) -> list[dict]:
    return [dict(e.changes) for e in st.events if e.action == action]


def test_remove_up_to_some_tokens_from_a_card_and_gain_rp_per_token_removed():
    """"Set Specific Keywords" (Blast Off): "+1 STAR tokens increase a card's Star Rating by 1 each";
    removing them lowers it. Removing "up to 3" from an opponent's Single: the player chooses the
    card (one that carries tokens) and how many, 0 to 3; the gain counts them (rules notes, "Tokens
    removed or moved")."""
    text = "Play: Strip up to 3 +1 STAR Tokens off an opponent's Single, then gain 4 RP for every Token stripped."
    assert compile_text(text)[0] is None  # "strip" is no verb of the grammar
    text = "Play: Remove up to 3 +1 STAR Tokens from an opponent's Single, then gain 4 RP for every Token removed."
    assert compiles(text)[0]["ops"] == [
        {"op": "remove_tokens", "target": {"player": "opponent", "pick": "choice", "filter": {"face": "up"}},
         "up_to": 3},
        {"op": "gain_rp", "amount": 4, "per": {"count": "tokens_moved"}}]
    st = table(kit([card("Rust Picker", text)]), kit([card("Brass Golem", star=2), card("Tin Soldier", star=1)]))
    place(st, 1, "Brass Golem", "Tin Soldier")
    golem, tin = ids(st, 1, "Brass Golem", "Tin Soldier")
    st.tokens[golem] = 5
    st.tokens[tin] = 1
    do(st, 'play "Rust Picker"', "target 1 0")
    assert st.pending["kind"] == "value" and len(st.pending["options"]) == 4  # 0 to three
    do(st, "value 3")
    assert st.tokens[golem] == 2 and st.tokens[tin] == 1 and st.star(golem) == 4
    assert st.rp[0] == 12
    assert _events(st, "tokens_removed") == [{"card": "Brass Golem", "amount": 3, "star": 4}]


def test_remove_tokens_from_a_group_of_your_singles_card_by_card_within_the_limit():
    """Removing up to 4 from the singles of your tableau: from each card with tokens in turn, as many
    as the player says, 4 in all; a "(max. 6 RP)" printed after the sentence's full stop caps that
    sentence (rules notes)."""
    text = "Play: Remove up to 4 +1 STAR Tokens from singles in your tableau, then gain 2 RP per Token removed. (max. 6 RP)"
    ops = compiles(text)[0]["ops"]
    assert ops[0]["target"]["pick"] == "all" and ops[1]["max"] == 6
    st = table(kit([card("Ash Sweeper", text), card("Cinder Cub"), card("Coal Imp")]), kit([card("Idle Lamp")]))
    place(st, 0, "Cinder Cub", "Coal Imp")
    cub, imp = ids(st, 0, "Cinder Cub", "Coal Imp")
    st.tokens[cub], st.tokens[imp] = 3, 3
    do(st, 'play "Ash Sweeper"', "value 3")
    assert len(st.pending["options"]) == 2  # one more at most: four in all
    do(st, "value 1")
    assert cub not in st.tokens and st.tokens[imp] == 2
    assert st.rp[0] == 6  # 4 removed, 8 RP, at most 6


def test_move_tokens_between_two_singles():
    """Moving up to 2 tokens: the card they leave, how many, then another face-up card they go on
    ("FAQs": "Face-down cards ... cannot gain Tokens"); each keeps adding 1 STAR to
    whichever card carries it ("Set Specific Keywords")."""
    text = "Play: You may move up to 2 +1 STAR Tokens from one Single to another, then gain 5 RP for every Token moved."
    ops = compiles(text)[0]["ops"]
    assert ops[0]["op"] == "move_tokens" and ops[0]["up_to"] == 2
    st = table(kit([card("Star Ferry", text), card("Dock Hand", star=1), card("Pier Cat", star=1),
                    card("Sleeping Gull", star=1)]), kit([card("Idle Lamp")]))
    place(st, 0, "Dock Hand", "Pier Cat", "Sleeping Gull", down=("Sleeping Gull",))
    hand, cat = ids(st, 0, "Dock Hand", "Pier Cat")
    st.tokens[hand] = 3
    do(st, 'play "Star Ferry"', "accept")  # "you may"; the only card with tokens: no choice of it
    assert len(st.pending["options"]) == 3
    do(st, "value 2")
    options = [str(a) for a in st.pending["options"]]
    assert options == ["target 0 1", "target 0 3"]  # Pier Cat or Star Ferry; not the face-down Gull
    do(st, "target 0 1")
    assert st.tokens == {hand: 1, cat: 2} and st.star(cat) == 3
    assert st.rp[0] == 10
    assert _events(st, "tokens_moved") == [{"card": "Dock Hand", "to": "Pier Cat", "amount": 2, "star": 3}]


def test_every_token_in_play_taken_off():
    """All tokens off the cards of every tableau (or of all Play Areas): every card in play loses
    its tokens, no choice asked ("Use an Action": the Accessory is flipped after)."""
    text = "Action: Remove all the +1 STAR Tokens from the cards in every tableau, then gain 1 RP."
    everywhere = {"player": "any", "pick": "all", "zone": "play_area"}
    assert compiles(text)[0]["ops"][0] == {"op": "remove_tokens", "target": everywhere, "all": True}
    bell = card("Calm Bell", text, kind="accessory")
    st = table(kit([card("Glow Moth"), card("Filler")], accessories=[bell]), kit([card("Iron Ram")]))
    place(st, 0, "Glow Moth")
    place(st, 1, "Iron Ram")
    moth, ram = ids(st, 0, "Glow Moth")[0], ids(st, 1, "Iron Ram")[0]
    st.tokens[moth], st.tokens[ram] = 2, 4
    do(st, 'use "Calm Bell"')
    assert st.tokens == {} and st.rp[0] == 1
    assert sorted(e["amount"] for e in _events(st, "tokens_removed")) == [2, 4]


def test_your_other_singles_get_tokens_as_they_are_played():
    """"Effects on Cards": an Ongoing effect works while its card is face-up. Your other Singles
    getting four tokens as they are played: each card you play after it has them as it is placed,
    this one and the opponents' cards not (rules notes, "Cards that come into play with tokens")."""
    text = "Ongoing: Your other Singles come into play with four +1 STAR Tokens."
    assert compiles(text)[0]["ops"] == [{"op": "tokens_on_entry", "amount": 4, "whose": "self", "other": True}]
    st = table(kit([card("Kiln Mother", text), card("Clay Pup")]), kit([card("Reed Fox"), card("Idle Lamp")]))
    do(st, 'play "Kiln Mother"')
    mother = st.tableau[0][0]
    assert mother not in st.tokens
    do(st, 'play "Reed Fox"', 'play "Clay Pup"')
    pup, fox = st.tableau[0][1], st.tableau[1][0]
    assert st.tokens == {pup: 4}
    assert fox not in st.tokens
    st.down.add(mother)  # face-down: its effect stops
    do(st, 'play "Idle Lamp"')
    assert st.tokens == {pup: 4}


def test_a_top_effect_gives_every_card_played_tokens_while_it_is_the_top_card():
    """"Top Card": a Top effect works while its card is the right-most face-up card; every card
    getting a token as it is played includes the opponents' cards, and the card played on top of it
    still gets one (the Top Card is judged as the card comes into play; rules notes)."""
    text = "Play: Gain 1 RP. | Top: Every card comes into play with one +1 STAR Token on it."
    assert compiles(text)[1]["ops"] == [{"op": "tokens_on_entry", "amount": 1, "whose": "any"}]
    st = table(kit([card("Beacon Tower", text), card("Moss Troll"), card("Late Owl")]),
               kit([card("Sand Eel"), card("Dust Mite")]))
    do(st, 'play "Beacon Tower"', 'play "Sand Eel"')
    eel = st.tableau[1][0]
    assert st.tokens == {eel: 1}
    do(st, 'play "Moss Troll"')  # Beacon Tower was the Top Card as Moss Troll came into play
    troll = st.tableau[0][1]
    assert st.tokens[troll] == 1
    do(st, 'play "Dust Mite"')  # Moss Troll is now the Top Card: no more tokens
    assert st.tableau[1][1] not in st.tokens


def test_tokens_distributed_one_at_a_time_and_given_to_a_card():
    """Tokens distributed among cards: one token at a time, each on a face-up card the player
    chooses (rules notes, "Tokens one at a time"); giving a card a token puts one on it."""
    text = "Action: Distribute 2 +1 STAR Tokens among cards in any tableau."
    ops = compiles(text)[0]["ops"]
    assert [op["op"] for op in ops] == ["star_tokens", "star_tokens"] and all(op["amount"] == 1 for op in ops)
    given = compiles("Ongoing: When your turn starts, give one of your cards one +1 STAR Token.")[0]
    assert given["trigger"] == {"event": "turn_start"}
    mine = {"player": "self", "pick": "choice", "filter": {"face": "up"}}
    assert given["ops"] == [{"op": "star_tokens", "amount": 1, "target": mine}]
    sower = card("Seed Sower", text, kind="accessory")
    st = table(kit([card("Bean Sprout"), card("Filler")], accessories=[sower]), kit([card("Root Mole")]))
    place(st, 0, "Bean Sprout")
    place(st, 1, "Root Mole")
    sprout, mole = ids(st, 0, "Bean Sprout")[0], ids(st, 1, "Root Mole")[0]
    do(st, 'use "Seed Sower"', "target 1 0", "target 0 0")
    assert st.tokens == {mole: 1, sprout: 1}
