"""Clash shapes of printed text, batch z (issue 26.2; rules/millennium_blades/phrases_more_z.py and
ops_more_z.py): a clash between two players the effect's player chooses, themselves or not.
Original cards in each shape, compiled and played in the tournament engine (millennium-blades.txt,
"Clashing"; docs/rules-notes.md, "MB: batch z, clash shapes")."""

from __future__ import annotations

from rules.core.registry import get_game
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, names, place, table

STARRED = {"star": 3, "elements": ["fire"], "types": ["soldier"]}
MATCHMAKER = "Play: Choose two players. They clash. The winner gains 6 RP. If there is a tie, gain 12 RP."


def checked(text: str) -> list[dict]:
    """The effects ``text`` compiles to, which the card checker a card is saved with accepts."""
    effects = compiles(text)
    assert get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=effects) == []
    return effects


def three(text: str, stars: tuple[int, int], store=(1, 1, 1)):
    """Seat 0 holds a card of ``text`` and has a 2-star card in play; seats 1 and 2 each have one
    card in play of those stars."""
    st = table(kit([card("Busy Matchmaker", text, star=1), card("Dim Lantern", star=2)]),
               kit([card("Pale Rook", star=stars[0])]),
               kit([card("Grey Hound", star=stars[1])]), store=store)
    place(st, 0, "Dim Lantern")
    place(st, 1, "Pale Rook")
    place(st, 2, "Grey Hound")
    return st


def test_two_chosen_players_clash_and_the_winner_gains():
    """"Clashing": the players in the clash reveal a Store card each and add it to their card's
    Star Rating; the highest total wins. The two are whom the effect's player chose (here not
    themselves, so the effect's player neither wins nor loses, and gains nothing)."""
    effect = checked(MATCHMAKER)[0]
    clash = effect["ops"][0]
    assert clash["with"] == "two_chosen" and clash["among"] == "any"
    assert clash["winner"] == [{"op": "gain_rp", "amount": 6}] and clash["tie"] == [{"op": "gain_rp", "amount": 12}]
    st = three(MATCHMAKER, (5, 2))
    do(st, 'play "Busy Matchmaker"', "player 2", "player 1")  # 5 + 1 against 2 + 1: seat 1 wins
    assert st.rp == [0, 6, 0]
    pair = [dict(e.changes) for e in st.events if e.action == "clash_pair"]
    assert pair and pair[-1]["players"] == [1, 2]  # in turn order from the chooser


def test_a_tie_between_two_other_players_is_the_chooser_s_tie():
    """In a tie "neither player wins nor loses" ("Clashing"): no winner's result; the effect's
    "If there is a tie" is its own player's, in the clash or not. Two other players out of two: no
    choice is asked."""
    text = "Play: Choose two other players. They clash. The winner gains 6 RP. If there is a tie, gain 12 RP."
    assert checked(text)[0]["ops"][0]["among"] == "opponent"
    st = three(text, (3, 3))
    do(st, 'play "Busy Matchmaker"')  # 3 + 1 against 3 + 1
    assert st.rp == [12, 0, 0]


def test_the_winner_flips_a_card_of_the_loser_and_one_chooser_may_be_in_it():
    """The chooser may pick themselves; the winner chooses the loser's card to flip ("Flip a Card")."""
    text = "Play: Choose two players. They clash with each other. The winner must flip a card in the loser's tableau."
    st = three(text, (2, 6), store=(4, 1, 1))
    do(st, 'play "Busy Matchmaker"', "player 0", "player 2")  # seat 0: 1 + 4; seat 2: 6 + 1 wins
    assert st.current_players() == [2]  # the winner picks one of seat 0's two face-up cards
    do(st, "target 0 0")
    assert names(st, st.down) == ["Dim Lantern"]
    assert any(e.action == "clash" and dict(e.changes).get("occurred") for e in st.events)


def test_the_checker_refuses_an_unknown_pool_of_players():
    effects = compiles(MATCHMAKER)
    effects[0]["ops"][0]["among"] = "allies"
    errors = get_game("millennium_blades").validate_card(card_type="single", attributes=STARRED, effects=effects)
    assert errors and "among" in str(errors)


DUEL = "Play: Clash with an opponent. The winner gains 10 RP."


def test_a_reaction_before_the_reveals_raises_your_total_and_its_loser_flips():
    """"Reaction": when you use one, its card "is flipped face-down"; "before cards are revealed"
    it adds to your clash total, which is the Star Ratings of your card and the revealed card
    ("Clashing"): 2 + 1 + 3 beats 4 + 1. The loser then flips a card of their own."""
    text = ("Reaction: Before cards are revealed in a clash, you may gain +3 to your clash total, and the player who "
            "loses the clash must flip a card.")
    effect = checked(text)[0]
    assert effect["trigger"] == {"event": "before_reveal"} and effect["optional"] is True
    assert effect["ops"] == [{"op": "clash_boost", "amount": 3, "losers": [
        {"op": "flip", "target": {"player": "self", "pick": "choice", "filter": {"face": "up"}}}]}]
    st = table(kit([card("Storm Adept", text, star=1), card("Bold Duel", DUEL, star=2)]),
               kit([card("Stone Guard", star=4), card("Moss Wall", star=1)]), store=(1, 1))
    place(st, 0, "Storm Adept")
    place(st, 1, "Moss Wall", "Stone Guard")
    do(st, 'play "Bold Duel"')
    assert st.current_players() == [0]  # asked before any card is revealed
    do(st, 'react "Storm Adept"')
    assert st.rp == [10, 0] and "Storm Adept" in names(st, st.down)
    assert st.current_players() == [1]  # the loser picks which of their cards to flip
    do(st, "target 1 1")
    assert "Stone Guard" in names(st, st.down)


def test_declined_the_clash_is_as_printed():
    text = "Reaction: Before cards are revealed in a clash, you may gain +3 to your clash total."
    st = table(kit([card("Storm Adept", text, star=1), card("Bold Duel", DUEL, star=2)]),
               kit([card("Stone Guard", star=4)]), store=(1, 1))
    place(st, 0, "Storm Adept")
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"', "decline")
    assert st.rp == [0, 10] and not names(st, st.down)


def test_a_conditioned_reaction_when_you_clash_and_the_winner_s_extra_rp():
    """"If there are at least 2 +1 STAR Tokens on this card, when you clash (before cards are
    revealed), ...": offered only while the condition holds; "the winner gains 7 additional RP" is
    that clash's winner's, whoever it is (here the opponent still wins: 2 + 1 + 1 against 6 + 1)."""
    text = ("Reaction: If there are at least 2 +1 STAR Tokens on this card, when you clash (before cards are "
            "revealed), you have +1 to that clash, and the winner gains 7 additional RP.")
    effect = checked(text)[0]
    assert effect["trigger"] == {"event": "before_reveal"} and "condition" in effect
    assert effect["ops"] == [{"op": "clash_boost", "amount": 1, "winner": [{"op": "gain_rp", "amount": 7}]}]
    st = table(kit([card("Brass Piper", text, star=1), card("Bold Duel", DUEL, star=2)]),
               kit([card("Stone Guard", star=6)]), store=(1, 1, 1, 1))
    place(st, 0, "Brass Piper")
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"')  # no tokens on it: not offered
    assert st.rp == [0, 10]
    st = table(kit([card("Brass Piper", text, star=1), card("Bold Duel", DUEL, star=2)]),
               kit([card("Stone Guard", star=6)]), store=(1, 1, 1, 1))
    place(st, 0, "Brass Piper")
    place(st, 1, "Stone Guard")
    st.tokens[ids(st, 0, "Brass Piper")[0]] = 2
    do(st, 'play "Bold Duel"', 'react "Brass Piper"')
    assert st.rp == [0, 17]


def test_an_accessory_s_reaction_when_you_clash():
    """An Accessory's "Reaction: When you clash, gain +3 to this clash" is asked before the reveals
    (as "use this card instead of your Top card" is): 2 + 1 + 3 beats 3 + 1 (without it, 3 lost)."""
    text = "Reaction: When you clash, gain +3 to this clash."
    assert checked(text)[0]["trigger"] == {"event": "before_reveal"}
    st = table(kit([card("Bold Duel", DUEL, star=2)], accessories=[card("Lucky Charm", text, kind="accessory")]),
               kit([card("Stone Guard", star=3)]), store=(1, 1))
    place(st, 1, "Stone Guard")
    do(st, 'play "Bold Duel"', 'react "Lucky Charm"')
    assert st.rp == [10, 0]


def test_nothing_else_is_done_before_the_reveals():
    from rules.millennium_blades.text import compile_text

    effects, reason = compile_text("Reaction: Before cards are revealed in a clash, gain 5 RP.")
    assert effects is None and reason and "gain 5 rp" in reason


CROWD = "Play: Clash with any number of other players, in turn order. Gain 3 Dollars before each of those clashes."


def crowd():
    st = table(kit([card("Crowd Brawler", CROWD, star=4)]), kit([card("Pale Rook", star=1)]),
               kit([card("Grey Hound", star=9)]), store=(1,) * 6)
    place(st, 1, "Pale Rook")
    place(st, 2, "Grey Hound")
    return st


def test_clash_with_the_opponents_you_choose_one_clash_each():
    """"Clashing" is between its players; "any number of opponents in turn order" is one clash with
    each opponent the player picks, in turn order, each after the Dollars "before each clash"."""
    assert checked(CROWD)[0]["ops"] == [{"op": "clash_several", "before": [{"op": "gain_money", "amount": 3}]}]
    st = crowd()
    money = st.money[0]
    do(st, 'play "Crowd Brawler"', "accept", "decline")  # seat 1 yes, seat 2 no: 4 + 1 against 1 + 1
    clashes = [dict(e.changes) for e in st.events if e.action == "clash" and dict(e.changes).get("occurred")]
    assert [c["players"] for c in clashes] == [[0, 1]] and clashes[0]["winner"] == 0
    assert st.money[0] == money + 3
    st = crowd()
    do(st, 'play "Crowd Brawler"', "accept", "accept")
    clashes = [dict(e.changes) for e in st.events if e.action == "clash" and dict(e.changes).get("occurred")]
    assert [c["players"] for c in clashes] == [[0, 1], [0, 2]] and st.money[0] == money + 6


def test_any_number_is_none_too():
    st = crowd()
    money = st.money[0]
    do(st, 'play "Crowd Brawler"', "decline", "decline")
    assert not [e for e in st.events if e.action == "clash"] and st.money[0] == money


def test_before_each_clash_needs_those_clashes():
    from rules.millennium_blades.text import compile_text

    effects, reason = compile_text("Play: Clash with an opponent. Gain 3 Dollars before each clash occurs.")
    assert effects is None and reason


def test_a_clash_with_each_other_player_who_has_a_kind_of_card_and_its_players_counted():
    """"Clashing" with all players, narrowed to the opponents with a face-up MAGE (batch d's
    ``rival_has``, with all players too); the winner's RP counts the clash's players (you too)."""
    text = ("Play: Clash with each other player with a MAGE in play. The winner gains 4 RP for each player that "
            "participated in the clash.")
    clash = checked(text)[0]["ops"][0]
    assert clash["with"] == "all" and clash["rival_has"] == {"type": "mage", "face": "up"}
    assert clash["winner"] == [{"op": "gain_rp", "amount": 4,
                                "per": {"count": "clash_players", "players": "participants"}}]
    st = table(kit([card("Arena Herald", text, star=5)]), kit([card("Sand Cat", star=2, types=("mage",))]),
               kit([card("Grey Hound", star=9)]), store=(1,) * 4)
    place(st, 1, "Sand Cat")
    place(st, 2, "Grey Hound")
    do(st, 'play "Arena Herald"')  # 5 + 1 against 2 + 1; seat 2 (no MAGE) is not in it
    clashes = [dict(e.changes) for e in st.events if e.action == "clash" and dict(e.changes).get("occurred")]
    assert [c["players"] for c in clashes] == [[0, 1]] and st.rp == [8, 0, 0]
