"""Allied Team Play (fellbound.txt, "ALLIED TEAM PLAY"): four players in two teams on a 2x10
battleground, allies taking each phase at the same time."""

from __future__ import annotations

from rules.core.engine import Action
from rules.fellbound.turn import DEPLOYMENT
from tests.rules.fellbound.helpers import act, at, events, legal, place, prepared, to_hand

A = ["Stampede Boar", "Vanguard Lancer", "Hearthward Mender"]
B = ["Pyre Colossus", "Howling Outrider", "Carrion Kite"]


def _teams():
    """Seats 0 and 2 against 1 and 3 (the default), team 0 to act."""
    return prepared(A, B, list(A), list(B))


def test_allied_team_play_a_battleground_two_by_ten_with_the_team_zone_a_whole_row():
    state = _teams()
    assert state.board.columns == 10 and state.teams == [[0, 2], [1, 3]]
    to_hand(state, 2, "Stampede Boar")
    state.apply_joint_checked({0: Action("done"), 2: Action("done")})
    tiles = {a.args[1] for a in state.legal_actions(2) if a.verb == "deploy" and a.args[0] == "Stampede Boar"}
    assert tiles == {f"a{c}" for c in range(1, 11)}  # "any tile in their team's deployment zone"


def test_allied_team_play_allies_act_at_the_same_time():
    state = _teams()
    place(state, 0, "Stampede Boar", "a1")
    place(state, 2, "Stampede Boar", "a9")
    assert state.current_players() == [0, 2]
    state.apply_joint_checked({0: Action("reform", ("a1",)), 2: Action("done")})
    assert state.current_players() == [0]  # seat 2 is done with the phase; seat 0 goes on alone
    act(state, 0, "done")
    assert state.phase == DEPLOYMENT and state.current_players() == [0, 2]


def test_allied_team_play_a_choice_the_ally_made_impossible_is_skipped():
    state = _teams()
    to_hand(state, 0, "Stampede Boar")
    to_hand(state, 2, "Vanguard Lancer")
    state.apply_joint_checked({0: Action("done"), 2: Action("done")})
    state.apply_joint_checked({0: Action("deploy", ("Stampede Boar", "a4")),
                               2: Action("deploy", ("Vanguard Lancer", "a4"))})
    assert state.name(at(state, "a4").card) == "Stampede Boar"
    assert events(state, "blocked") == [{"wanted": 'deploy "Vanguard Lancer" a4'}]
    assert "Vanguard Lancer" in [state.name(c) for c in state.hand[2]]


def test_allied_team_play_allies_see_each_other_hands_and_not_the_enemies():
    state = _teams()
    to_hand(state, 2, "Vanguard Lancer")
    to_hand(state, 1, "Pyre Colossus")
    players = state.view(0)["players"]
    assert players[2]["hand"] == ["Vanguard Lancer"]
    assert "hand" not in players[1] and players[1]["hand_count"] == 1
    hidden = state.hidden_cards(0)
    # seat 0's own Lancer is in its deck (its order hidden); seat 2's, in hand, is seen
    assert hidden.count("Vanguard Lancer") == 1 and hidden.count("Pyre Colossus") == 2


def test_allied_team_play_a_team_without_two_living_characters_at_the_end_of_its_turn_loses():
    state = _teams()
    place(state, 0, "Stampede Boar", "a1")
    place(state, 0, "Vanguard Lancer", "a2")  # the team has two, though seat 2 has none
    place(state, 1, "Pyre Colossus", "b1")
    state.apply_joint_checked({0: Action("done"), 2: Action("done")})
    state.apply_joint_checked({0: Action("end"), 2: Action("end")})
    assert not state.is_over and state.current_players() == [1, 3]
    state.apply_joint_checked({1: Action("done"), 3: Action("done")})
    state.apply_joint_checked({1: Action("end"), 3: Action("end")})
    assert state.is_over and state.outcome.winners == (0, 2)
    assert state.outcome.placements == (1, 3, 1, 3)


def test_allied_team_play_a_team_concedes_together():
    state = _teams()
    state.apply_joint_checked({0: Action("concede"), 2: Action("done")})
    assert state.outcome.winners == (1, 3) and state.outcome.reason == "conceded"


def test_allied_team_play_allies_are_not_enemies_for_steal_and_bribe():
    state = _teams()
    place(state, 0, "Stampede Boar", "a1")
    place(state, 2, "Stampede Boar", "a2", gold=3)
    assert not any(a.startswith(("steal", "bribe")) for a in legal(state, 0))


def test_allied_team_play_allies_act_in_seat_order_whatever_order_the_teams_are_given():
    """fellbound.txt, "ALLIED TEAM PLAY": "must make each turn and game phase at the same time as their
    allies". Decision (docs/rules-notes.md, "Allied Team Play"): the allies' choices apply in seat
    order, and the seats to act are named in seat order, whatever order the option ``teams`` lists
    them in."""
    state = prepared(A, B, list(B), list(A), teams=[[3, 0], [2, 1]])
    assert state.teams == [[0, 3], [1, 2]] and state.current_players() == [0, 3]
    assert state.view(0)["to_act"] == [0, 3] and state.view(None)["turn_seats"] == [0, 3]
    place(state, 0, "Hearthward Mender", "a1")
    place(state, 1, "Howling Outrider", "b1")
    to_hand(state, 0, "Stampede Boar")
    to_hand(state, 3, "Vanguard Lancer")
    state.apply_joint_checked({3: Action("done"), 0: Action("done")})
    state.apply_joint_checked({3: Action("deploy", ("Vanguard Lancer", "a4")),
                               0: Action("deploy", ("Stampede Boar", "a4"))})
    assert state.name(at(state, "a4").card) == "Stampede Boar"  # seat 0's choice applied first
    assert events(state, "blocked") == [{"wanted": 'deploy "Vanguard Lancer" a4'}]
    state.apply_joint_checked({3: Action("end"), 0: Action("end")})
    assert [e.as_dict()["changes"]["seats"] for e in state.events if e.action == "turn_start"] == [[1, 2]]


def test_allied_team_play_one_character_bribed_once_when_both_allies_bribe_it():
    """fellbound.txt, "BRIBE": "may bribe a single target character"; "ALLIED TEAM PLAY" (allies choose
    at the same time). Two allies choosing to bribe the same enemy: the first in seat order bribes it;
    the other's choice, now aimed at an ally's character, is skipped (docs/rules-notes.md, "Allied
    Team Play")."""
    state = prepared(["Silvertongue Envoy", "Stampede Boar"], ["Howling Outrider", "Pyre Colossus"],
                     ["Honeyed Herald", "Vanguard Lancer"], ["Carrion Kite"])
    place(state, 0, "Silvertongue Envoy", "a3", gold=3)  # bribe 3, b3 in front
    place(state, 2, "Honeyed Herald", "b4", gold=2)  # bribe 2, b3 directly right of it
    outrider = place(state, 1, "Howling Outrider", "b3")  # gold cost 1
    state.apply_joint_checked({0: Action.parse("bribe a3 b3"), 2: Action.parse("bribe b4 b3")})
    assert outrider.controller == 0 and outrider.gold == 1
    assert at(state, "a3").gold == 2 and at(state, "b4").gold == 2
    assert [e["target"] for e in events(state, "bribe")] == ["b3"]
    assert events(state, "blocked") == [{"wanted": "bribe b4 b3"}]
    assert "bribe b4 b3" not in legal(state, 2)


def test_allied_team_play_an_attack_on_the_enemy_an_ally_has_just_bribed_still_applies():
    """fellbound.txt, "ATTACK": "may attack any single target character within range" (your own too:
    docs/rules-notes.md, "Attack targets"); "ALLIED TEAM PLAY": allies choose at the same time, so
    the second choice in seat order meets the board the first left: the attack still applies."""
    state = prepared(["Silvertongue Envoy", "Stampede Boar"], ["Howling Outrider", "Pyre Colossus"],
                     ["Vanguard Lancer", "Hearthward Mender"], ["Carrion Kite"])
    place(state, 0, "Silvertongue Envoy", "a3", gold=3)
    place(state, 2, "Vanguard Lancer", "b4")  # attack 2, b3 directly right of it
    outrider = place(state, 1, "Howling Outrider", "b3")  # health 2
    state.apply_joint_checked({0: Action.parse("bribe a3 b3"), 2: Action.parse("attack b4 b3")})
    assert outrider.controller == 0 and outrider.slain and not events(state, "blocked")
