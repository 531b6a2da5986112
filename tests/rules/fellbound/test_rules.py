"""One scenario per rule of fellbound.txt, each from a prepared battleground, named after the
rulebook section it pins (docs/rules-notes.md, "FellBound engine", names these tests).

Geometry (rules-notes "FellBound: the battleground"): seat 0 deploys on row a and faces row b;
seat 1 deploys on row b and faces row a; tile b3 is in front of a3.
"""

from __future__ import annotations

from rules.core.engine import Action
from rules.fellbound.engine import ENGINE
from rules.fellbound.turn import ACTION, DEPLOYMENT, OPENING
from tests.rules.fellbound.helpers import act, at, events, invented, legal, place, prepared, to_hand

DEAL = ["Vanguard Lancer", "Pocketcut Urchin", "Hearthward Mender", "Carrion Kite", "Backwatch Archer",
        "Stitch-Crone", "Tithe Collector", "Bonepile Jester", "Howling Outrider", "Stampede Boar"]


# -- SETUP --------------------------------------------------------------------------------------------
def test_setup_shuffled_decks_three_gold_and_a_first_player_from_the_seed():
    firsts = set()
    for seed in range(12):
        state = ENGINE.start([_deck(DEAL), _deck(DEAL)], seed)
        assert state.treasury == [3, 3]
        first = state.teams[state.first_side][0]
        firsts.add(first)
        # "On your opening turn, draw three cards"
        assert len(state.hand[first]) == 3 and len(state.deck[first]) == 7
        assert len(state.hand[1 - first]) == 0
        assert state.phase == OPENING
    assert firsts == {0, 1}


def test_setup_opening_turn_deploys_paying_gold_onto_the_card_then_ends():
    state = ENGINE.start([_deck(DEAL), _deck(DEAL)], 3)
    seat = state.teams[state.first_side][0]
    verbs = {a.verb for a in state.legal_actions(seat)}
    assert verbs <= {"deploy", "end", "concede"}  # no action phase on the opening turn
    cost_two = next(a for a in state.legal_actions(seat) if a.verb == "deploy")
    name = cost_two.args[0]
    state.apply_checked(cost_two, seat)
    character = at(state, cost_two.args[1])
    printed = state.cards[character.card].printed("gold_cost") or 0
    assert character.gold == printed and state.treasury[seat] == 3 - printed
    assert name not in [state.name(c) for c in state.hand[seat]]
    # only the deployment zone (row a for seat 0, row b for seat 1)
    row = "a" if state.side_of[seat] == 0 else "b"
    assert all(a.args[1].startswith(row) for a in state.legal_actions(seat) if a.verb == "deploy")


# -- ACTION PHASE ---------------------------------------------------------------------------------------
def test_action_phase_each_active_character_takes_one_action():
    state = prepared(["Vanguard Lancer", "Hearthward Mender"], ["Stampede Boar", "Pyre Colossus"])
    place(state, 0, "Vanguard Lancer", "a3")
    place(state, 1, "Stampede Boar", "b3")
    act(state, 0, "reform a3")
    assert not any(a.startswith(("move a3", "attack a3", "reform a3")) for a in legal(state, 0))
    act(state, 0, "done")
    assert state.phase == DEPLOYMENT


def test_action_phase_a_character_deployed_this_turn_acts_from_the_next_turn():
    state = prepared(["Vanguard Lancer", "Hearthward Mender", "Rearguard Slinger"], ["Stampede Boar", "Pyre Colossus"])
    place(state, 0, "Hearthward Mender", "a1")
    place(state, 0, "Rearguard Slinger", "a5")
    place(state, 1, "Stampede Boar", "b1")
    place(state, 1, "Pyre Colossus", "b5")
    to_hand(state, 0, "Vanguard Lancer")
    act(state, 0, "done")
    act(state, 0, 'deploy "Vanguard Lancer" a3')
    # no charge action taken: the Lancer is not active in this deployment phase beyond its charge
    act(state, 0, "end")
    act(state, 1, "done")
    act(state, 1, "end")
    assert "reform a3" in legal(state, 0)


# -- MOVE ---------------------------------------------------------------------------------------------
def test_move_one_tile_forward_left_right_or_back_never_onto_the_living():
    state = prepared(["Vanguard Lancer", "Hearthward Mender"], ["Stampede Boar", "Pyre Colossus"])
    place(state, 0, "Vanguard Lancer", "a3")
    place(state, 0, "Hearthward Mender", "a4")
    moves = {a for a in legal(state, 0) if a.startswith("move a3")}
    assert moves == {"move a3 b3", "move a3 a2"}  # a4 is taken by a living character; no diagonals


def test_move_onto_a_slain_character_collects_its_gold_and_sends_it_to_its_boneyard():
    state = prepared(["Vanguard Lancer", "Hearthward Mender"], ["Stampede Boar", "Pyre Colossus"])
    place(state, 0, "Vanguard Lancer", "a3", gold=1)
    place(state, 1, "Stampede Boar", "b3", gold=2, damage=4, slain=True)
    act(state, 0, "move a3 b3")
    assert state.treasury[0] == 3 + 2
    assert at(state, "b3").gold == 1  # "Any gold on the character card must be carried with the character"
    assert [state.name(c) for c in state.boneyard[1]] == ["Stampede Boar"]


# -- RANGE ----------------------------------------------------------------------------------------------
def test_range_reaches_in_front_and_one_left_or_right_but_not_behind():
    state = prepared(["Vanguard Lancer"], ["Stampede Boar", "Pyre Colossus", "Howling Outrider", "Nightglass Assassin"])
    place(state, 0, "Vanguard Lancer", "b3", facing=1)  # on row b, facing off the battleground
    place(state, 1, "Stampede Boar", "b2")
    place(state, 1, "Howling Outrider", "b4")
    place(state, 1, "Pyre Colossus", "a3")  # behind
    place(state, 1, "Nightglass Assassin", "a2")  # diagonal
    attacks = {a for a in legal(state, 0) if a.startswith("attack")}
    assert attacks == {"attack b3 b2", "attack b3 b4"}


def test_reform_turns_the_character_to_target_what_was_behind_it():
    state = prepared(["Vanguard Lancer", "Hearthward Mender"], ["Pyre Colossus", "Stampede Boar"])
    place(state, 0, "Vanguard Lancer", "b3", facing=1)
    place(state, 0, "Hearthward Mender", "a5")
    place(state, 1, "Pyre Colossus", "a3")
    place(state, 1, "Stampede Boar", "b1")
    assert "attack b3 a3" not in legal(state, 0)
    act(state, 0, "reform b3")
    assert at(state, "b3").facing == -1
    act(state, 0, "done")
    act(state, 0, "end")
    act(state, 1, "done")
    act(state, 1, "end")
    assert "attack b3 a3" in legal(state, 0)


# -- ATTACK, HEALTH ---------------------------------------------------------------------------------
def test_attack_reduces_health_permanently_and_never_below_zero():
    state = prepared(["Stampede Boar"], ["Bonepile Jester", "Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3")  # attack 3
    place(state, 1, "Bonepile Jester", "b3")  # health 1
    act(state, 0, "attack a3 b3")
    [attack] = events(state, "attack")
    assert attack["hits"] == [{"power": 3, "defence": 0, "flanked": False, "health": [1, 0]}]
    assert state.health(at(state, "b3")) == 0


def test_health_a_slain_character_stays_upside_down_on_its_tile_with_its_gold_and_cannot_act():
    state = prepared(["Stampede Boar"], ["Bonepile Jester", "Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 1, "Bonepile Jester", "b3", gold=2)
    act(state, 0, "attack a3 b3")
    jester = at(state, "b3")
    assert jester.slain and jester.gold == 2
    assert [e.action for e in state.events][-1] == "slain"
    act(state, 0, "done")
    act(state, 0, "end")
    assert not any(a.startswith(("move b3", "attack b3", "reform b3")) for a in legal(state, 1))


def test_attack_may_target_any_character_in_range_even_your_own():
    # "An active character with an attack value may attack any single target character within range"
    state = prepared(["Stampede Boar", "Bonepile Jester", "Barrowborn Ghoul"], ["Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 0, "Bonepile Jester", "a4")
    act(state, 0, "attack a3 a4")  # a corpse of your own, for a corpse cost
    assert at(state, "a4").slain


def test_targets_attack_and_heal_reach_your_own_living_characters_but_never_the_slain_or_unhurt():
    """fellbound.txt, "RANGE": "A character must be within range of a living target character in order
    to attack or perform a special ability"; "ATTACK": "any single target character within range";
    "HEAL": "a single target character which has already lost health"; "STEAL": "a single target
    living or slain enemy character". Decision (docs/rules-notes.md, "Attack targets", "Heal"): attack
    and heal may target your own living characters (heal only one that lost health); steal and bribe
    only the other side's; nothing targets a slain character but a steal."""
    state = prepared(["Stitch-Crone", "Stampede Boar", "Vanguard Lancer", "Tithe Collector"], ["Pyre Colossus"])
    place(state, 0, "Stitch-Crone", "a3")  # attack 1, heal 2
    place(state, 0, "Stampede Boar", "a2", damage=1, gold=2)  # own, hurt, carrying gold
    place(state, 0, "Vanguard Lancer", "a4")  # own, unhurt
    place(state, 0, "Tithe Collector", "b3", gold=1, slain=True)  # own, slain, carrying gold
    aimed = {a for a in legal(state, 0) if a.split()[0] in ("attack", "heal", "steal", "bribe") and a.split()[1] == "a3"}
    assert aimed == {"attack a3 a2", "attack a3 a4", "heal a3 a2"}


# -- DEFENCE, FLANKING, MULTIPLIERS, MULTIPLE CHARACTERS ----------------------------------------------
def test_defence_is_deducted_once_per_turn():
    state = prepared(["Blood-Pact Champion"], ["Pyre Colossus"])
    place(state, 0, "Blood-Pact Champion", "a3")  # attack 3 x2, from the front
    colossus = place(state, 1, "Pyre Colossus", "b3")  # health 9, defence 2 (once)
    act(state, 0, "attack a3 b3")
    [attack] = events(state, "attack")
    assert [h["defence"] for h in attack["hits"]] == [2, 0]
    assert state.health(colossus) == 9 - (3 - 2) - 3


def test_flanking_from_the_side_negates_defence():
    state = prepared(["Howling Outrider"], ["Pyre Colossus"])
    place(state, 0, "Howling Outrider", "b2")  # attack 2, directly left of b3
    colossus = place(state, 1, "Pyre Colossus", "b3")  # defence 2
    act(state, 0, "attack b2 b3")
    [attack] = events(state, "attack")
    assert attack["hits"][0]["flanked"] and attack["hits"][0]["defence"] == 0
    assert state.health(colossus) == 9 - 2


def test_flanking_from_the_rear_negates_defence():
    state = prepared(["Howling Outrider"], ["Pyre Colossus"])
    # the Colossus turned to face row b: an attacker on a3 stands behind it
    colossus = place(state, 1, "Pyre Colossus", "b3", facing=1)
    place(state, 0, "Howling Outrider", "a3")
    act(state, 0, "attack a3 b3")
    assert state.health(colossus) == 9 - 2


def test_multipliers_repeat_the_attack_on_the_single_target():
    state = prepared(["Tunnel Rat Sapper"], ["Stampede Boar"])
    place(state, 0, "Tunnel Rat Sapper", "a3")  # attack 1 x2
    boar = place(state, 1, "Stampede Boar", "b3")  # health 4
    act(state, 0, "attack a3 b3")
    [attack] = events(state, "attack")
    assert [h["health"] for h in attack["hits"]] == [[4, 3], [3, 2]]
    assert state.health(boar) == 2


def test_multiple_characters_a_defence_multiplier_applies_to_each_attacker_and_is_used_by_flankers():
    # the rulebook's figure in words: two attackers on one target with a defence multiplier of 2
    state = prepared(["Stampede Boar", "Howling Outrider", "Vanguard Lancer"], ["Chosen of the Choir"])
    chosen = place(state, 1, "Chosen of the Choir", "b3")  # health 6, defence 2 x2
    place(state, 0, "Stampede Boar", "a3")  # attack 3, from the front
    place(state, 0, "Howling Outrider", "b2")  # attack 2, from the left (flanking)
    place(state, 0, "Vanguard Lancer", "b4")  # attack 2, from the right
    act(state, 0, "attack a3 b3")  # defence 1 of 2 applied: 3 - 2 = 1
    act(state, 0, "attack b2 b3")  # defence 2 of 2 applied but negated for the flanker: 2
    act(state, 0, "attack b4 b3")  # no defence left this turn: 2
    hits = [e["hits"][0] for e in events(state, "attack")]
    assert [h["defence"] for h in hits] == [2, 0, 0]
    assert [h["flanked"] for h in hits] == [False, True, True]
    assert state.health(chosen) == 6 - 1 - 2 - 2


def test_multipliers_defence_is_counted_again_next_turn():
    state = prepared(["Stampede Boar", "Vanguard Lancer"], ["Pyre Colossus", "Hearthward Mender"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 0, "Vanguard Lancer", "a5")
    colossus = place(state, 1, "Pyre Colossus", "b3")
    place(state, 1, "Hearthward Mender", "b1")
    act(state, 0, "attack a3 b3")
    for verb, seat in (("done", 0), ("end", 0), ("done", 1), ("end", 1)):
        act(state, seat, verb)
    act(state, 0, "attack a3 b3")
    assert state.health(colossus) == 9 - 1 - 1


# -- RETREAT ---------------------------------------------------------------------------------------
def test_retreat_from_your_deployment_zone_to_your_boneyard_with_the_gold():
    state = prepared(["Stampede Boar", "Vanguard Lancer"], ["Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3", gold=2)
    place(state, 0, "Vanguard Lancer", "b1")
    assert "retreat a3" in legal(state, 0) and "retreat b1" not in legal(state, 0)
    act(state, 0, "retreat a3")
    assert at(state, "a3") is None and state.treasury[0] == 5
    assert [state.name(c) for c in state.boneyard[0]] == ["Stampede Boar"]


# -- DEPLOYMENT PHASE --------------------------------------------------------------------------------
def test_deployment_phase_draws_one_then_deploys_onto_a_slain_character_with_its_gold():
    state = prepared(["Stampede Boar", "Vanguard Lancer", "Hearthward Mender"], ["Pyre Colossus"], treasury=0)
    place(state, 0, "Vanguard Lancer", "a1")
    place(state, 1, "Pyre Colossus", "a3", gold=2, slain=True)
    to_hand(state, 0, "Stampede Boar")  # gold cost 2, paid with the slain character's gold
    act(state, 0, "done")
    assert len(state.hand[0]) == 2  # "draw one additional card"
    act(state, 0, 'deploy "Stampede Boar" a3')
    assert at(state, "a3").gold == 2 and state.treasury[0] == 0
    assert [state.name(c) for c in state.boneyard[1]] == ["Pyre Colossus"]


# -- VICTORY CONDITIONS -------------------------------------------------------------------------------
def test_victory_conditions_a_side_without_two_living_characters_at_the_end_of_its_turn_loses():
    state = prepared(["Stampede Boar"], ["Pyre Colossus", "Hearthward Mender"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 1, "Pyre Colossus", "b3")
    act(state, 0, "done")
    act(state, 0, "end")
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.reason == "too_few_characters"


def test_victory_conditions_only_the_side_ending_its_turn_is_checked():
    state = prepared(["Stampede Boar", "Vanguard Lancer"], ["Bonepile Jester", "Hearthward Mender"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 0, "Vanguard Lancer", "a4")
    place(state, 1, "Bonepile Jester", "b3")
    act(state, 0, "done")
    act(state, 0, "end")
    assert not state.is_over  # seat 1 has one character, but it is not the end of its turn


def test_victory_conditions_a_player_may_concede():
    state = prepared(["Stampede Boar"], ["Pyre Colossus"])
    act(state, 0, "concede")
    assert state.outcome.winners == (1,) and state.outcome.reason == "conceded"


# -- SPECIAL ABILITIES --------------------------------------------------------------------------------
def test_heal_restores_lost_health_only_up_to_the_unmodified_starting_health():
    state = prepared(["Hearthward Mender", "Stampede Boar", "Vanguard Lancer"], ["Pyre Colossus"])
    place(state, 0, "Hearthward Mender", "a3")  # heal 2
    boar = place(state, 0, "Stampede Boar", "a2", damage=1)  # health 4, lost 1
    place(state, 0, "Vanguard Lancer", "a4")  # at full health: not a target
    assert "heal a3 a4" not in legal(state, 0)
    act(state, 0, "heal a3 a2")
    assert state.health(boar) == 4 and events(state, "heal")[0]["restored"] == 1


def test_leach_heals_the_leacher_by_what_the_target_really_lost():
    state = prepared(["Marrowdrinker"], ["Bonepile Jester", "Pyre Colossus"])
    drinker = place(state, 0, "Marrowdrinker", "a3", damage=3)  # health 4, at 1; leach 2
    place(state, 1, "Bonepile Jester", "b3")  # health 1: loses only 1
    act(state, 0, "leach a3 b3")
    assert state.health(drinker) == 2


def test_steal_takes_gold_from_a_living_or_slain_enemy_into_the_treasury():
    state = prepared(["Tithe Collector"], ["Pyre Colossus", "Stampede Boar"])
    place(state, 0, "Tithe Collector", "a3")  # steal 2
    place(state, 1, "Pyre Colossus", "b3", gold=1, slain=True)
    place(state, 1, "Stampede Boar", "a4", gold=3)
    assert {"steal a3 b3", "steal a3 a4"} <= legal(state, 0)
    act(state, 0, "steal a3 a4")
    assert at(state, "a4").gold == 1 and state.treasury[0] == 5


def test_bribe_moves_the_cost_from_the_briber_and_takes_control_for_the_rest_of_the_game():
    state = prepared(["Silvertongue Envoy", "Vanguard Lancer"], ["Stampede Boar", "Pyre Colossus"])
    place(state, 0, "Silvertongue Envoy", "a3", gold=3)  # bribe 3
    boar = place(state, 1, "Stampede Boar", "b3", gold=2)  # gold cost 2
    act(state, 0, "bribe a3 b3")
    assert boar.controller == 0 and boar.gold == 4 and at(state, "a3").gold == 1
    # "it has no action phase on the turn that it is bribed"
    assert not any(a.startswith(("move b3", "attack b3", "reform b3")) for a in legal(state, 0))


def test_bribe_a_character_with_no_gold_cost_counts_as_cost_one():
    state = prepared(["Honeyed Herald"], ["Bonepile Jester", "Pyre Colossus"])
    place(state, 0, "Honeyed Herald", "a3", gold=1)  # bribe 2, 1 gold on the card
    jester = place(state, 1, "Bonepile Jester", "b3")  # gold cost 0: counts as 1
    act(state, 0, "bribe a3 b3")
    assert jester.controller == 0 and jester.gold == 1 and at(state, "a3").gold == 0


def test_bribe_needs_the_gold_on_the_bribing_character():
    state = prepared(["Honeyed Herald"], ["Stampede Boar"])
    place(state, 0, "Honeyed Herald", "a3", gold=1)  # bribe 2 but only 1 gold on the card
    place(state, 1, "Stampede Boar", "b3")  # cost 2
    assert "bribe a3 b3" not in legal(state, 0)


def test_bribe_an_x_cost_x_health_character_costs_the_gold_on_it_not_its_health():
    """fellbound.txt, "BRIBE" ("the target character's current gold cost") and "X GOLD COST" (X values
    "equal the amount of gold on the card"); docs/rules-notes.md, "Bribe": "an X cost: the gold on
    it", also on an X-health card, whose other X values follow its health. Issue 31: a Fleshtide
    Horror deployed for 3 gold and cut to 1 health was bribed for 1."""
    state = prepared(["Honeyed Herald", "Silvertongue Envoy"], ["Fleshtide Horror", "Pyre Colossus"])
    place(state, 0, "Honeyed Herald", "a3", gold=2)  # bribe 2
    place(state, 0, "Silvertongue Envoy", "b2", gold=3)  # bribe 3, directly left of b3
    horror = place(state, 1, "Fleshtide Horror", "b3", gold=3, damage=2)  # X = 3 gold; health 1
    assert state.health(horror) == 1 and state.stat(horror, "attack") == 1  # "X HEALTH VALUE"
    assert state.bribe_cost(horror) == 3
    assert "bribe a3 b3" not in legal(state, 0)  # bribe 2 < 3
    assert state.action_to_string(Action.parse("bribe b2 b3"), 0).endswith("for 3 gold")
    act(state, 0, "bribe b2 b3")
    assert events(state, "bribe")[0]["gold"] == 3 and horror.gold == 6 and at(state, "b2").gold == 0


def test_bribe_targets_a_single_enemy_character_never_your_own():
    """fellbound.txt, "BRIBE": "A character with a bribe value may bribe a single target character.
    The bribed character falls under the full control of the bribing player": one living character
    of the other side; one already yours is no target (docs/rules-notes.md, "Bribe")."""
    state = prepared(["Silvertongue Envoy", "Stampede Boar", "Vanguard Lancer"], ["Howling Outrider", "Pyre Colossus"])
    place(state, 0, "Silvertongue Envoy", "a3", gold=3)
    place(state, 0, "Stampede Boar", "a2")  # own, in reach
    place(state, 0, "Vanguard Lancer", "a4", slain=True)  # own and slain, in reach
    place(state, 1, "Howling Outrider", "b3")  # enemy, in reach
    bribes = [a for a in state.legal_actions(0) if a.verb == "bribe"]
    assert [str(a) for a in bribes] == ["bribe a3 b3"] and all(len(a.args) == 2 for a in bribes)
    act(state, 0, "bribe a3 b3")
    assert [e["target"] for e in events(state, "bribe")] == ["b3"]
    assert at(state, "a2").controller == 0 and at(state, "b3").controller == 0
    assert not any(a.verb == "bribe" for a in state.legal_actions(0))  # the Envoy has acted


def test_bribe_the_bribed_character_has_no_action_phase_on_the_turn_it_is_bribed():
    """fellbound.txt, "BRIBE": "although it has no action phase on the turn that it is bribed": no action in the rest of that
    action phase, nor in the deployment phase; it acts from its new side's next turn."""
    state = prepared(["Silvertongue Envoy", "Vanguard Lancer"], ["Howling Outrider", "Pyre Colossus", "Hearthward Mender"])
    place(state, 0, "Silvertongue Envoy", "a3", gold=3)
    place(state, 0, "Vanguard Lancer", "a1")
    place(state, 1, "Howling Outrider", "b3", gold=1)
    place(state, 1, "Pyre Colossus", "b5")
    place(state, 1, "Hearthward Mender", "b1")
    act(state, 0, "bribe a3 b3")
    assert not any(a.startswith(("move b3", "attack b3", "reform b3")) for a in legal(state, 0))
    act(state, 0, "done")
    assert not any(" b3" in a for a in legal(state, 0) if not a.startswith("deploy"))
    act(state, 0, "end")
    act(state, 1, "done")
    act(state, 1, "end")
    assert "reform b3" in legal(state, 0)  # its new side's next turn


def test_bribe_value_against_the_cost_under_the_target_controller_auras():
    """fellbound.txt, "BRIBE": "The bribe value must equal or exceed the target character's current
    gold cost"; "AURA": "applied to all characters you
    control". Decision (docs/rules-notes.md, "Bribe"): the cost under the target's controller's
    auras, at the moment of the bribe (not the printed cost, not the briber's auras)."""
    state = prepared(["Honeyed Herald", "Quartermaster of the Keep"],
                     ["Stampede Boar", "Quartermaster of the Keep", "Silvertongue Envoy"])
    place(state, 0, "Honeyed Herald", "a3", gold=1)  # bribe 2, 1 gold
    place(state, 1, "Quartermaster of the Keep", "b1")  # seat 1's characters cost 1 less gold
    boar = place(state, 1, "Stampede Boar", "b3")  # gold cost 2, 1 under the aura
    assert state.bribe_cost(boar) == 1 and "bribe a3 b3" in legal(state, 0)
    act(state, 0, "bribe a3 b3")
    assert events(state, "bribe")[0]["gold"] == 1 and boar.gold == 1
    # the briber's own aura does not lower an enemy's cost
    other = prepared(["Honeyed Herald", "Quartermaster of the Keep"], ["Silvertongue Envoy", "Pyre Colossus"])
    place(other, 0, "Honeyed Herald", "a3", gold=2)
    place(other, 0, "Quartermaster of the Keep", "a1")
    envoy = place(other, 1, "Silvertongue Envoy", "b3")  # gold cost 3
    assert other.bribe_cost(envoy) == 3 and "bribe a3 b3" not in legal(other, 0)


def test_bribe_no_gold_cost_counts_as_one_and_so_does_a_cost_brought_to_nothing():
    """fellbound.txt, "BRIBE": "Target characters with no gold cost are counted as having a gold cost of 1 for the
    purposes of bribing". Decision (docs/rules-notes.md, "Bribe"): a printed cost an aura brings to
    0, and an X cost with no gold on it, count 1 as well: a bribe always moves a gold."""
    state = prepared(["Honeyed Herald"], ["Bonepile Jester", "Vanguard Lancer", "Quartermaster of the Keep",
                                          "Velvet Usurer"])
    place(state, 0, "Honeyed Herald", "a3", gold=0)  # bribe 2 but no gold on the card
    jester = place(state, 1, "Bonepile Jester", "b3")  # no gold cost
    place(state, 1, "Quartermaster of the Keep", "b5")
    lancer = place(state, 1, "Vanguard Lancer", "a2")  # gold cost 1, 0 under the aura
    usurer = place(state, 1, "Velvet Usurer", "a4")  # X gold cost, no gold on it
    assert [state.bribe_cost(c) for c in (jester, lancer, usurer)] == [1, 1, 1]
    assert not any(a.startswith("bribe") for a in legal(state, 0))  # none is free


def test_spray_attack_hits_everything_ahead_and_spares_left_and_right():
    # the rulebook's figure in words: the spray spares the characters directly left and right
    state = prepared(["Hailstone Volley Crew", "Vanguard Lancer"], ["Stampede Boar", "Pyre Colossus", "Howling Outrider"])
    place(state, 0, "Hailstone Volley Crew", "a3")  # spray 1, range 2
    boar = place(state, 1, "Stampede Boar", "b3")
    left = place(state, 1, "Howling Outrider", "a2")
    right = place(state, 1, "Pyre Colossus", "a4")
    act(state, 0, "spray a3")
    assert state.health(boar) == 3 and state.health(left) == 2 and state.health(right) == 9
    state2 = prepared(["Hailstone Volley Crew"], ["Howling Outrider"])
    place(state2, 0, "Hailstone Volley Crew", "a3")
    outrider = place(state2, 1, "Howling Outrider", "a2")
    act(state2, 0, "spray a3 a2")  # "which may be attacked normally instead"
    assert state2.health(outrider) == 1


def test_rear_range_reaches_behind_and_left_or_right_but_not_in_front():
    state = prepared(["Twinfaced Warden"], ["Stampede Boar"])
    place(state, 0, "Twinfaced Warden", "b3", facing=1)  # rear range 1: a3 is behind it
    place(state, 1, "Stampede Boar", "a3")
    assert "attack b3 a3" in legal(state, 0)


# -- SPECIAL MOVEMENT ---------------------------------------------------------------------------------
def test_flying_moves_onto_any_tile_unoccupied_by_a_living_character():
    state = prepared(["Carrion Kite"], ["Stampede Boar"])
    place(state, 0, "Carrion Kite", "a1")
    place(state, 1, "Stampede Boar", "b5")
    moves = {a.split()[2] for a in legal(state, 0) if a.startswith("move a1")}
    assert moves == {"a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4"}


# -- SPECIAL COST -------------------------------------------------------------------------------------
def test_corpse_cost_deploys_only_onto_a_slain_character():
    state = prepared(["Barrowborn Ghoul", "Stampede Boar"], ["Pyre Colossus"])
    place(state, 1, "Pyre Colossus", "a2", gold=1, slain=True)
    to_hand(state, 0, "Barrowborn Ghoul")
    act(state, 0, "done")
    assert {a for a in legal(state, 0) if a.startswith('deploy "Barrowborn Ghoul"')} == {'deploy "Barrowborn Ghoul" a2'}


def test_sacrifice_cost_discards_a_character_from_the_hand():
    state = prepared(["Pyre Colossus", "Bonepile Jester", "Stampede Boar"], ["Pyre Colossus"])
    to_hand(state, 0, "Pyre Colossus", "Bonepile Jester")
    act(state, 0, "done")
    options = {a for a in legal(state, 0) if a.startswith('deploy "Pyre Colossus" a1')}
    drawn = state.name(state.hand[0][-1])
    assert options == {f'deploy "Pyre Colossus" a1 "{n}"' for n in ("Bonepile Jester", drawn)}
    act(state, 0, 'deploy "Pyre Colossus" a1 "Bonepile Jester"')
    assert [state.name(c) for c in state.boneyard[0]] == ["Bonepile Jester"]
    assert state.treasury[0] == 2  # and its gold cost too: "each of these costs must be fulfilled"


def test_x_gold_cost_pays_any_amount_and_x_values_equal_the_gold_on_the_card():
    state = prepared(["Mercenary Captain", "Stampede Boar"], ["Pyre Colossus"])
    to_hand(state, 0, "Mercenary Captain")  # gold X, attack 2, attack multiplier X
    act(state, 0, "done")
    paid = {a.split()[-1] for a in legal(state, 0) if a.startswith('deploy "Mercenary Captain" a1')}
    assert paid == {"0", "1", "2", "3"}
    act(state, 0, 'deploy "Mercenary Captain" a1 3')
    captain = at(state, "a1")
    assert captain.gold == 3 and state.stat(captain, "attack_multiplier") == 3 and state.treasury[0] == 0
    captain.gold = 1  # stolen down to 1
    assert state.stat(captain, "attack_multiplier") == 1


def test_x_health_value_gives_attack_equal_to_current_health():
    state = prepared(["Fleshtide Horror", "Stampede Boar"], ["Pyre Colossus"], treasury=4)
    to_hand(state, 0, "Fleshtide Horror")  # gold X, health X, attack X
    act(state, 0, "done")
    act(state, 0, 'deploy "Fleshtide Horror" a1 4')
    horror = at(state, "a1")
    assert state.health(horror) == 4 and state.stat(horror, "attack") == 4
    horror.damage = 3
    assert state.stat(horror, "attack") == 1


def test_x_health_paid_with_no_gold_is_slain_at_once():
    """fellbound.txt, "X GOLD COST": "any amount of gold may be paid in deploying the card (including
    no gold at all)"; "X HEALTH VALUE" and docs/rules-notes.md: the starting health is the gold paid;
    "SETUP": "If a character's health value is reduced to 0, that character is slain". Decision: the
    0-gold deployment is offered and the character is slain at once (a corpse on its tile), so it
    does not count among the "two living characters" of "VICTORY CONDITIONS". Issue 29.9."""
    state = prepared(["Fleshtide Horror", "Stampede Boar", "Vanguard Lancer"], ["Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a5")
    to_hand(state, 0, "Fleshtide Horror")
    act(state, 0, "done")
    act(state, 0, 'deploy "Fleshtide Horror" a3 0')
    horror = at(state, "a3")
    assert horror.slain and state.health(horror) == 0 and horror.gold == 0
    assert [e.action for e in state.events][-2:] == ["deploy", "slain"]
    assert len(state.living((0,))) == 1
    act(state, 0, "end")  # one living character at the end of its turn: defeat
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.reason == "too_few_characters"


# -- SPECIAL DEPLOYMENT ----------------------------------------------------------------------------------
def test_infiltrate_may_deploy_onto_the_opponent_deployment_zone_as_well_as_its_own():
    """fellbound.txt, "INFILTRATE": "that character *may* be deployed onto a tile in the opponent
    deployment zone (unoccupied by another living character)": may, so its own zone stays open to
    it too ("DEPLOYMENT PHASE": "onto your deployment zone"). Issue 29.8: seat 0's Nightglass
    Assassin was offered b3 but not a3."""
    state = prepared(["Nightglass Assassin", "Stampede Boar"], ["Pyre Colossus"])
    to_hand(state, 0, "Nightglass Assassin")
    act(state, 0, "done")
    tiles = {a.args[1] for a in state.legal_actions(0) if a.verb == "deploy" and a.args[0] == "Nightglass Assassin"}
    assert tiles == {"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5"}
    act(state, 0, 'deploy "Nightglass Assassin" a3')
    assert at(state, "a3").facing == 1  # on its own row it faces the enemy as any character does


def test_infiltrate_seat_one_is_offered_the_free_tiles_of_both_zones():
    """fellbound.txt, "INFILTRATE" (as above), for the side deploying on row b, with living and slain
    characters on both rows: every tile "unoccupied by another living character" of either zone.
    Issue 29.8: seat 1's Tunnel Rat Sapper was offered no tile of row b."""
    state = prepared(["Stampede Boar", "Vanguard Lancer"], ["Tunnel Rat Sapper", "Pyre Colossus", "Howling Outrider"],
                     active_side=1)
    place(state, 0, "Stampede Boar", "a2")
    place(state, 0, "Vanguard Lancer", "b5", gold=1, slain=True)  # a slain character's tile is free
    place(state, 1, "Pyre Colossus", "b1")
    to_hand(state, 1, "Tunnel Rat Sapper")
    act(state, 1, "done")
    tiles = {a.args[1] for a in state.legal_actions(1) if a.verb == "deploy" and a.args[0] == "Tunnel Rat Sapper"}
    assert tiles == {"a1", "a3", "a4", "a5", "b2", "b3", "b4", "b5"}


def test_redeploy_returns_the_slain_character_to_its_owner_hand_when_another_moves_onto_it():
    state = prepared(["Stampede Boar"], ["Bonepile Jester", "Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 1, "Bonepile Jester", "b3", slain=True)
    act(state, 0, "move a3 b3")
    assert [state.name(c) for c in state.hand[1]] == ["Bonepile Jester"] and not state.boneyard[1]
    assert state.view(0)["players"][1]["hand_known"] == ["Bonepile Jester"]


def test_charge_acts_once_in_the_deployment_phase_it_is_deployed_in():
    state = prepared(["Vanguard Lancer", "Stampede Boar"], ["Pyre Colossus"])
    place(state, 1, "Pyre Colossus", "b3")
    to_hand(state, 0, "Vanguard Lancer")
    act(state, 0, "done")
    act(state, 0, 'deploy "Vanguard Lancer" a3')
    assert {"attack a3 b3", "reform a3", "move a3 a2"} <= legal(state, 0)
    assert "retreat a3" not in legal(state, 0)  # "either move, attack, reform or special ability"
    act(state, 0, "attack a3 b3")
    assert not any(a.endswith(" a3") or " a3 " in a for a in legal(state, 0) if not a.startswith("deploy"))


def test_aura_applies_to_all_characters_you_control_including_the_hand():
    state = prepared(["Quartermaster of the Keep", "Stampede Boar", "Gravecall Hierophant", "Vanguard Lancer"],
                     ["Pyre Colossus"], treasury=1)
    place(state, 0, "Quartermaster of the Keep", "a1")  # characters you control cost 1 less gold
    to_hand(state, 0, "Stampede Boar")  # gold cost 2 -> 1
    act(state, 0, "done")
    assert 'deploy "Stampede Boar" a2' in legal(state, 0)
    act(state, 0, 'deploy "Stampede Boar" a2')
    assert state.treasury[0] == 0


def test_aura_several_are_applied_in_the_sequence_they_were_deployed():
    cards = [invented("Sapping Banner", defence=0), invented("Rallying Horn", defence=0)]
    state = prepared(cards, ["Pyre Colossus"])
    _aura(state, "Sapping Banner", ("defence", -1))
    _aura(state, "Rallying Horn", ("defence", 1))
    banner = place(state, 0, "Sapping Banner", "a1")
    place(state, 0, "Rallying Horn", "a2")
    assert state.stat(banner, "defence") == 1  # 0 - 1 -> 0 (never below 0), then + 1
    later = prepared(cards[::-1], ["Pyre Colossus"])
    _aura(later, "Sapping Banner", ("defence", -1))
    _aura(later, "Rallying Horn", ("defence", 1))
    horn = place(later, 0, "Rallying Horn", "a2")
    place(later, 0, "Sapping Banner", "a1")
    assert later.stat(horn, "defence") == 0  # 0 + 1, then - 1


def test_aura_changes_only_values_a_character_has():
    state = prepared(["Standard-Bearer of Dawn", "Stampede Boar"], ["Pyre Colossus"])
    place(state, 0, "Standard-Bearer of Dawn", "a1")  # +1 defence to characters you control
    boar = place(state, 0, "Stampede Boar", "a2")
    assert state.value(boar.card, "defence", 0, boar) is None  # the Boar prints no defence
    assert state.stat(at(state, "a1"), "defence") == 2


def test_aura_a_health_aura_that_leaves_can_slay():
    state = prepared(["Gravecall Hierophant", "Bonepile Jester"], ["Stampede Boar"])
    place(state, 0, "Gravecall Hierophant", "a1", damage=4)  # +1 health: 4 + 1 - 4 = 1
    jester = place(state, 0, "Bonepile Jester", "a2", damage=1)  # 1 + 1 - 1 = 1
    place(state, 1, "Stampede Boar", "b1")
    assert state.health(jester) == 1
    act(state, 0, "done")
    act(state, 0, "end")  # two living: no defeat
    act(state, 1, "attack b1 a1")
    assert at(state, "a1").slain and jester.slain  # the aura left with the Hierophant


def _aura(state, name, *mods):
    """Give the test card ``name`` an aura (the pool's auras are checked elsewhere)."""
    from dataclasses import replace

    from rules.fellbound.catalogue import Aura

    for i, definition in enumerate(state.cards):
        if definition.name == name:
            state.cards[i] = replace(definition, auras=tuple(Aura(stat, amount) for stat, amount in mods))
    state.has_auras = True
    state.auras_changed()


# -- an empty deck ---------------------------------------------------------------------------------------
def test_drawing_from_an_empty_deck_draws_nothing():
    state = prepared(["Stampede Boar", "Vanguard Lancer"], ["Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a1")
    place(state, 0, "Vanguard Lancer", "a2")
    act(state, 0, "done")
    assert state.hand[0] == [] and events(state, "draw")[-1] == {"cards": [], "asked": 1, "deck_left": 0}
    assert not state.is_over


def _deck(names):
    from tests.rules.fellbound.helpers import deck

    return deck(names)


def test_every_action_has_a_sentence():
    state = prepared(["Stampede Boar"], ["Pyre Colossus"])
    place(state, 0, "Stampede Boar", "a3")
    place(state, 1, "Pyre Colossus", "b3")
    sentence = state.action_to_string(Action.parse("attack a3 b3"), 0)
    assert sentence == "Seat 0's Stampede Boar (a3) attacks Pyre Colossus (b3) from the front (attack 3 x1)"
    assert state.phase == ACTION
