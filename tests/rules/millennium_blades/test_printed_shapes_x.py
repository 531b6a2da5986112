"""More shapes of printed text, batch x (issue 26.2; rules/millennium_blades/phrases_more_x.py and
ops_more_x.py): ways to play a card. Original cards in each shape, compiled, checked by the card
checker and played in the tournament engine (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: batch x")."""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.ops_more_x import AT_RANDOM
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

RANDOM = Action("play", (AT_RANDOM,))


def _plays(st, seat: int) -> list[Action]:
    return [a for a in st.legal_actions(seat) if a.verb == "play"]


def test_a_player_bound_to_play_at_random_has_one_play_and_the_others_choose():
    """"Play a Single (Required)": the turn's Single; while an Ongoing "you must play your cards at
    random from your hand" is face-up, its player's Single is drawn blind (one legal play, no choice of
    card), and "each time you play a card" still pays; the opponent chooses as ever."""
    text = "Ongoing: You must play all your singles at random from your hand. Each time you play a card, gain 5 RP."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "random_plays", "who": "self"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "random_plays", "who": "x"}]}])
    st = table(kit([card("Blindfold Duelist", text), card("Pebble A", star=2), card("Pebble B", star=4)]),
               kit(lamps(4)))
    place(st, 0, "Blindfold Duelist")
    assert _plays(st, 0) == [RANDOM]
    do(st, f'play "{AT_RANDOM}"')
    (duelist,) = ids(st, 0, "Blindfold Duelist")
    assert len(st.tableau[0]) == 2 and st.tableau[0][0] == duelist and st.rp[0] == 5
    assert {st.cards[c].name for c in st.hand[0]} < {"Pebble A", "Pebble B"}
    assert st.current_players() == [1]  # the turn ended with its Single
    assert len(_plays(st, 1)) == 4  # the opponent is not bound: a play per card of the hand


def test_a_top_card_makes_every_player_play_at_random_while_it_is_on_top():
    """"Top Card": a Top effect works only while the card is the right-most face-up card; "Players must
    play their cards at random" binds every player then, and no longer once a card is played after it."""
    text = "Top: Each player must play their cards at random."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "random_plays", "who": "each"}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Coin Juggler", text), *lamps(3)]), kit(lamps(3)))
    place(st, 0, "Coin Juggler")
    assert _plays(st, 0) == [RANDOM]
    st.down.add(ids(st, 0, "Coin Juggler")[0])  # face-down: no effect ("Face-Down Cards")
    assert len(_plays(st, 0)) == 3
    st.down.clear()
    do(st, f'play "{AT_RANDOM}"')
    assert st.current_players() == [1] and len(_plays(st, 1)) == 3  # the Juggler is no longer seat 0's Top Card


def test_a_card_played_at_random_from_the_hand_by_an_effect():
    """"Play a Single": a card an effect plays goes to the next open slot and is not the turn's
    Single; "play another card from your hand at random" draws it blind among the cards that may be
    played, and "its STAR" is that card's."""
    text = "Play: You may play another single from your hand at random. Then gain RP equal to five times its STAR."
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "play_random_hand"}
    assert check_card("single", {"star": 2}, effects) == []
    st = table(kit([card("Dice Sprite", text), card("Acorn", star=4)]), kit(lamps(3)))
    do(st, 'play "Dice Sprite"', "accept")
    assert [st.cards[c].name for c in st.tableau[0]] == ["Dice Sprite", "Acorn"]
    assert st.rp[0] == 20 and st.hand[0] == []


def test_a_play_ban_holds_for_a_card_an_effect_plays_too():
    """"Play a Single (Required)": a card that may not be played is no play; "Opponents cannot play
    WATER cards" stops a card an effect plays as well as the turn's Single: every way of playing a
    card asks the same check (rules notes, "MB: batch x"), so a card played at random from the binder
    is drawn among the cards that may be played."""
    ban = "Ongoing: Opponents cannot play WATER cards."
    text = "Play: Play a card at random from your binder."
    st = table(kit([card("Tide Lotto", text), card("Wet Stone", elements=("water",)),
                    card("Dry Stone", elements=("earth",)), *lamps(2)]),
               kit([card("Dam Keeper", ban), *lamps(2)]))
    place(st, 1, "Dam Keeper")
    wet, dry = ids(st, 0, "Wet Stone", "Dry Stone")
    for c in (wet, dry):
        st.hand[0].remove(c)
        st.binder[0].append(c)
    do(st, 'play "Tide Lotto"')
    assert dry in st.tableau[0] and wet in st.binder[0]
    st = table(kit([card("Tide Lotto", text), card("Wet Stone", elements=("water",)), *lamps(2)]),
               kit([card("Dam Keeper", ban), *lamps(2)]))
    place(st, 1, "Dam Keeper")
    (wet,) = ids(st, 0, "Wet Stone")
    st.hand[0].remove(wet)
    st.binder[0].append(wet)
    do(st, 'play "Tide Lotto"')  # the only card of the binder may not be played: nothing is
    assert st.binder[0] == [wet] and len(st.tableau[0]) == 1


def _to_aftermarket(st, seat: int, name: str) -> int:
    (c,) = ids(st, seat, name)
    st.hand[seat].remove(c)
    st.aftermarket.append(c)
    st.owner[c] = -1
    return c


def test_a_single_of_the_aftermarket_played_as_the_turns_single():
    """"Play a Single (Required)" and "Top Card": while the Top effect is in force, a Single of the
    Aftermarket may be the turn's Single, played as though it were in the hand (its effects resolve)
    and its player's for good; the hand stays playable too."""
    # without the sentence that makes the card theirs, the text is not read
    assert compile_text("Top: You may play singles from the Aftermarket as if they were in your hand.")[1]
    text = ("Top: Instead of playing a single from your hand, you may choose a single in the Aftermarket and "
            "play it as if it were in your hand. It becomes yours permanently.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "play_from", "zone": "aftermarket", "hand": "always"}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Flea Marketeer", text), *lamps(2)]),
               kit([card("Drift Shell", "Play: Gain 7 RP.", elements=("water",)), *lamps(2)]))
    place(st, 0, "Flea Marketeer")
    shell = _to_aftermarket(st, 1, "Drift Shell")
    plays = _plays(st, 0)
    assert Action("play", ("Drift Shell", "aftermarket")) in plays and len(plays) == 3
    do(st, 'play "Drift Shell" aftermarket')
    assert st.tableau[0][-1] == shell and st.owner[shell] == 0 and st.aftermarket == [] and st.rp[0] == 7
    assert st.current_players() == [1]  # it was the turn's Single


def test_while_the_aftermarket_holds_cards_the_hand_is_barred():
    """The hand barred while the Aftermarket holds any card: the turn's
    Single comes from the Aftermarket then; once it is empty, from the hand again ("Play a Single
    (Required)": a player who cannot play passes)."""
    text = ("Top: You may play cards from the Aftermarket as if they were in your hand. You gain permanent "
            "ownership of the singles you play this way. While there are any cards in the Aftermarket, you "
            "may not play singles from your hand.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "play_from", "zone": "aftermarket", "hand": "while_empty"}]
    st = table(kit([card("Rummage Queen", text), *lamps(2)]), kit([card("Old Kettle"), *lamps(2)]))
    place(st, 0, "Rummage Queen")
    _to_aftermarket(st, 1, "Old Kettle")
    assert _plays(st, 0) == [Action("play", ("Old Kettle", "aftermarket"))]
    st.aftermarket.clear()
    assert len(_plays(st, 0)) == 2


def test_a_play_more_each_turn_while_a_condition_holds():
    """"Tournament Turns": one Single a turn; "if there are at least 3 +1 STAR Tokens on this card,
    you may play one more single each turn" gives a second while the tokens are there (judged at each
    play), in the player's own turns only; "may": the turn can end after one."""
    text = "Ongoing: If there are at least 3 +1 STAR Tokens on this card, you may play one more single each turn."
    effects = compiles(text)
    assert effects[0]["ops"][0]["op"] == "plays_per_turn" and effects[0]["ops"][0]["amount"] == 1
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "ops": [{"op": "plays_per_turn", "amount": 0}]}])
    st = table(kit([card("Stacked Abacus", text), *lamps(4)]), kit(lamps(4)))
    place(st, 0, "Stacked Abacus")
    (abacus,) = ids(st, 0, "Stacked Abacus")
    st.tokens[abacus] = 2
    do(st, 'play "Lamp 0"')
    assert st.current_players() == [1]  # two tokens: one Single only
    do(st, 'play "Lamp 0"')
    st.tokens[abacus] = 3
    do(st, 'play "Lamp 1"')
    assert st.current_players() == [0] and Action("end") in st.legal_actions(0)
    do(st, 'play "Lamp 2"')
    assert st.current_players() == [1] and len(st.tableau[0]) == 4  # the play more is spent
    assert st.plays_left >= 0


def _of_set(name: str, set_code: str, text: str = "", kind: str = "single") -> CardSpec:
    base = card(name, text, kind=kind)
    return CardSpec(None, base.name, base.card_type, base.attributes, (), set_code, "", text)


def test_a_ban_on_your_own_plays_of_a_set_already_in_your_tableau():
    """"Play a Single (Required)": a card its player may not play is no play for them. "You cannot
    play a card if it shares a SET with a card in your tableau" (batch u's play ban, on this card's
    own player): only face-up cards of the tableau count ("Face-Down Cards": no SET); the opponent is
    not bound."""
    text = "Ongoing: You cannot play a single if it shares a SET with any card in your tableau."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "play_ban", "who": "self", "filter": {"shares_tableau": "set"}}]
    assert check_card("accessory", {"star": 3}, effects) == []
    st = table(kit([_of_set("Moss A", "GRV"), _of_set("Moss B", "GRV"), _of_set("Reed C", "BOG")],
                   accessories=[_of_set("Hedge Clippers", "TLS", text, kind="accessory")]),
               kit([_of_set("Moss D", "GRV"), _of_set("Moss E", "GRV"), *lamps(2)]))
    place(st, 0, "Moss A")
    assert sorted(a.args[0] for a in _plays(st, 0)) == ["Reed C"]
    st.down.add(ids(st, 0, "Moss A")[0])  # face-down: no SET to share
    assert sorted(a.args[0] for a in _plays(st, 0)) == ["Moss B", "Reed C"]
    st.down.clear()
    do(st, 'play "Reed C"')
    place(st, 1, "Moss D")
    assert "Moss E" in [a.args[0] for a in _plays(st, 1)]


def test_the_turns_single_played_face_down_then_the_cards_own_gain():
    """"Face-Down Cards": a face-down card "has no text or attributes", so a Single played face-down
    resolves none of its effects; it still takes the turn's Single and the next open slot. "Each time
    you do, gain N RP" resolves as the allowing card's; the choice is offered while that card's
    Ongoing is in force (face-up)."""
    text = "Ongoing: You may play your singles face-down. Each time you do, gain 6 RP and lose 1 RP."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "play_down", "then": [{"op": "gain_rp", "amount": 6},
                                                              {"op": "lose_rp", "amount": 1}]}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Hooded Dealer", text), card("Loud Horn", "Play: Gain 9 RP."), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Hooded Dealer")
    plays = _plays(st, 0)
    assert Action("play", ("Loud Horn", "face-down")) in plays and Action("play", ("Loud Horn",)) in plays
    (dealer,) = ids(st, 0, "Hooded Dealer")
    st.down.add(dealer)  # face-down: its Ongoing is not in force
    assert [a for a in _plays(st, 0) if len(a.args) > 1] == [] and len(_plays(st, 0)) == 3
    st.down.discard(dealer)
    do(st, 'play "Loud Horn" face-down')
    (horn,) = ids(st, 0, "Loud Horn")
    assert st.tableau[0][-1] == horn and horn in st.down and st.rp[0] == 5
    assert st.current_players() == [1]
