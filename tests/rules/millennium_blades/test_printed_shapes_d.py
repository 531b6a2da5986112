"""Clash shapes of printed text, batch d (issue 26.2; rules/millennium_blades/phrases_more_d.py and
ops_more_d.py): original cards in each, compiled and played in the tournament engine
(millennium-blades.txt, "Clashing", "Effects on Cards"; docs/rules-notes.md, "Clash shapes (batch d)")."""

from __future__ import annotations

from rules.core.engine import Action
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, place, table


def _events(st, kind: str) -> list:
    return [e for e in st.events if e.action == kind]


BRAWL = "Play: Clash with an opponent."


def test_the_winner_flips_cards_in_the_losers_tableau():
    """"Clashing": "that player is the winner, and all other players are the losers"; a winner who
    flips 2 of the loser's cards chooses them, one after the other (rules notes, "Clash shapes
    (batch d)")."""
    text = "Play: Gain 1 RP. Clash with one opponent. The winner flips 2 of the loser's cards."
    ops = compiles(text)[0]["ops"]
    flip = {"op": "flip", "target": {"player": "that_player", "pick": "choice", "filter": {"face": "up"}}}
    assert ops[1:] == [{"op": "clash", "with": "opponent",
                    "winner": [{"op": "for_clash_players", "players": "losers", "as": "that_player", "ops": [flip, flip]}]}]
    st = table(kit([card("Hammer Judge", text, star=9)]),
               kit([card("Moss A", star=1), card("Moss B", star=1), card("Moss C", star=1)]), store=(1, 1, 1))
    place(st, 1, "Moss A", "Moss B", "Moss C")
    a, b, c = ids(st, 1, "Moss A", "Moss B", "Moss C")
    do(st, 'play "Hammer Judge"')  # 9 + 1 against 1 + 1: seat 0 wins
    assert st.pending is not None and st.current_players() == [0]  # the winner chooses
    st.apply_checked(Action("target", (1, 0)), 0)
    st.apply_checked(Action("target", (1, 2)), 0)
    assert a in st.down and c in st.down and b not in st.down
    assert [e.player for e in _events(st, "flip")] == [0, 0]  # the winner's flips


def test_after_a_clash_each_loser_loses_rp_and_each_winner_gains_rp():
    """A Reaction after every clash, once its result is known ("Clashing"; rules notes, "Clash
    shapes (batch d)"): every loser loses RP; used, its card is flipped ("Effects on Cards")."""
    sting = "Reaction: After every clash, every loser loses 5 RP."
    cheer = "Reaction: After any clash, all players who won gain 4 RP."
    effects = compiles(sting)
    assert effects[0]["trigger"] == {"event": "clash_any", "by": "any"}
    assert effects[0]["ops"] == [{"op": "for_clash_players", "players": "losers", "as": "self",
                                  "ops": [{"op": "lose_rp", "amount": 5}]}]
    assert compiles(cheer)[0]["ops"][0]["players"] == "winners"
    st = table(kit([card("Brawler", BRAWL, star=2)]),
               kit([card("Stinger", sting, star=1), card("Big Wall", star=8)]), store=(1, 1, 1))
    place(st, 1, "Stinger", "Big Wall")
    st.rp = [10, 10]
    do(st, 'play "Brawler"')  # 2 + 1 against 8 + 1: seat 0 loses
    assert st.current_players() == [1]  # the Reaction's player may use it
    st.apply_checked(Action("accept"), 1)
    stinger = ids(st, 1, "Stinger")[0]
    assert st.rp == [5, 10] and stinger in st.down


def test_a_player_who_loses_a_clash_also_loses_rp():
    """Any player's lost clash as a trigger; "that player" is the loser."""
    text = "Ongoing: When any player loses any clash, that player also loses 3 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "clash_lost", "by": "any"}
    assert effects[0]["ops"] == [{"op": "lose_rp", "amount": 3, "who": "that_player"}]
    st = table(kit([card("Brawler", BRAWL, star=9)]), kit([card("Sore Loser Sign", text, star=1)]), store=(1, 1, 1))
    place(st, 1, "Sore Loser Sign")
    st.rp = [10, 10]
    do(st, 'play "Brawler"')  # seat 1 loses its own sign's clash
    assert st.rp == [10, 7]


def test_all_others_of_your_clash_in_a_top_trigger():
    """A Top trigger of your clashes naming all the other players of that clash ("Clashing": each
    player who has a Top Card takes part in a multi-player clash)."""
    text = "Top: Whenever you clash, all other players in the clash lose 2 RP."
    assert compiles(text)[0]["ops"] == [{"op": "for_clash_players", "players": "participants", "as": "self", "but_self": True,
                                          "ops": [{"op": "lose_rp", "amount": 2}]}]
    st = table(kit([card("Gong Keeper", text, star=1)]), kit([card("Melee", "Play: Clash with all players.")]),
               kit([card("Bystander", star=1)]), store=(1, 1, 1, 1))
    place(st, 2, "Bystander")
    st.rp = [10, 10, 10]
    do(st, 'play "Gong Keeper"', 'play "Melee"')  # seat 1 clashes with all: seats 1, 2 and 0 are in it
    assert st.rp == [10, 8, 8]
    assert [e.player for e in _events(st, "lose_rp")] == [1, 2]  # each one's own loss, in the clash's order


def test_each_player_in_the_clash_discards_a_card():
    """Every player of your clash discards one of their own cards ("Discard a Card")."""
    text = "Top: Whenever you clash, every player in the clash discards 1 card from their hand."
    assert compiles(text)[0]["ops"][0]["ops"] == [{"op": "discard", "amount": 1}]


def test_each_opponent_flips_their_top_card_only_if_it_has_few_stars():
    """Every opponent flips their Top Card only when its Star Rating is 4 or less; a Top Card
    with more stars stays ("CARD DATA")."""
    text = "Play: Every opponent flips their Top card if that card has 4 STAR or less."
    assert compiles(text)[0]["ops"] == [{"op": "flip", "target": {
        "player": "each_opponent", "pick": "top", "chooser": "owner", "filter": {"star": {"cmp": "<=", "value": 4}}}}]
    st = table(kit([card("Low Tide", text)]), kit([card("Pebble", star=4)]), kit([card("Boulder", star=5)]))
    place(st, 1, "Pebble")
    place(st, 2, "Boulder")
    do(st, 'play "Low Tide"')
    pebble, boulder = ids(st, 1, "Pebble")[0], ids(st, 2, "Boulder")[0]
    assert pebble in st.down and boulder not in st.down


def test_for_clash_players_without_a_clash_does_nothing():
    """No clash made, no result: the players it names are none."""
    text = "Top: Whenever you clash, every player in the clash discards 1 card from their hand."
    effects = compiles(text)
    st = table(kit([card("Quiet", star=1), card("Spare")]), kit([]))
    quiet = ids(st, 0, "Quiet")[0]
    st.push([st.frame(0, quiet, {"ops": effects[0]["ops"]})])
    st.run()
    assert len(st.hand[0]) == 2


def test_a_rival_with_a_kind_of_card():
    """"Clashing": "choose a player with a Top Card"; only an opponent with a face-up card of the
    kind named may be chosen; none: "the clash does not occur". The result sentence after a
    conditional clash is that clash's."""
    text = ("Play: Gain 1 RP. If you have any CONSTRUCT cards, clash with one opponent who has a CONSTRUCT card in play. "
            "The winner gains 5 RP.")
    clash = compiles(text)[0]["ops"][1]["then"][0]
    assert clash == {"op": "clash", "with": "opponent", "rival_has": {"type": "construct", "face": "up"},
                     "winner": [{"op": "gain_rp", "amount": 5}]}
    gear = {"types": ("construct",)}
    st = table(kit([card("Cog Duelist", text, star=9, **gear)]), kit([card("Plain Post", star=1)]),
               kit([card("Tin Robot", star=1, **gear)]), store=(1, 1, 1))
    place(st, 1, "Plain Post")
    place(st, 2, "Tin Robot")
    do(st, 'play "Cog Duelist"')  # seat 2 is the only choice: no question asked
    clash_event = _events(st, "clash")[-1]
    assert dict(clash_event.changes)["players"] == [0, 2] and st.rp[0] == 6
    st = table(kit([card("Cog Duelist", text, star=9, **gear)]), kit([card("Plain Post", star=1)]), store=(1, 1, 1))
    place(st, 1, "Plain Post")
    do(st, 'play "Cog Duelist"')
    assert dict(_events(st, "clash")[-1].changes)["occurred"] is False and st.rp[0] == 1


def test_a_rival_with_the_most_rp():
    """Only an opponent no player has more RP than may be clashed with; when you alone have the
    most, no one (rules notes, "Clash shapes (batch d)")."""
    text = "Play: Clash with one opponent who has the most RP. Each loser loses 4 RP."
    assert compiles(text)[0]["ops"][0]["rival_most_rp"] is True

    def rich_table(rp):
        st = table(kit([card("Levy Taker", text, star=9)]), kit([card("Rich Cat", star=1)]),
                   kit([card("Poor Cat", star=1)]), store=(1, 1, 1))
        place(st, 1, "Rich Cat")
        place(st, 2, "Poor Cat")
        st.rp = rp
        do(st, 'play "Levy Taker"')
        return st

    assert rich_table([0, 10, 6]).rp == [0, 6, 6]  # only seat 1 has the most: clashed with, no question asked
    st = rich_table([12, 10, 6])
    assert dict(_events(st, "clash")[-1].changes)["occurred"] is False and st.rp == [12, 10, 6]
