"""Scenario tests: attacks, blocks, battles, bosses and defeat (bos.txt, "Attack", "Player Attack",
"Summon Your Boss")."""

from __future__ import annotations

from tests.rules.bos.helpers import both_started, do, legal, put, started, to_main, wake_boss


def main_phase(deck0="yellow", deck1="red"):
    state = started(deck0, deck1)
    to_main(state)
    return state


def test_attack_500_strength_against_2_strength():
    """The guide's example: "Both summons take 2 damage, with the stronger summon being left with
    498 strength, and the weaker summon being left with 0 strength"."""
    state = main_phase()
    strong = put(state, 0, "Meadow Stag", 0, strength=500)
    put(state, 1, "Ember Whelp", 1, strength=2)
    do(state, "attack col0 seat1.col1")
    assert state.strength(strong) == 498 and strong.sideways
    assert state.sides[1].summons[1] is None and state.sides[1].graveyard == ["Ember Whelp"]
    battle = next(e for e in state.events if e.action == "battle").as_dict()["changes"]
    assert battle["attacker_after"] == 498 and battle["defender_after"] == 0


def test_attack_a_summon_may_attack_its_own_side():
    state = main_phase()
    put(state, 0, "Meadow Stag", 0)
    put(state, 0, "Sproutling", 2)
    assert "attack col0 seat0.col2" in legal(state)
    do(state, "attack col0 seat0.col2")
    assert state.sides[0].summons[2] is None and state.strength(state.sides[0].summons[0]) == 1


def test_attack_an_acted_summon_cannot_attack():
    state = main_phase()
    put(state, 0, "Meadow Stag", 0)
    put(state, 1, "Ember Whelp", 2, strength=9)
    do(state, "attack col0 seat1.col2")
    state.sides[0].summons[0] = state.sides[0].summons[0] or None
    assert not any(a.startswith("attack col0") for a in legal(state))


def test_player_attack_needs_an_empty_column_and_an_opponent_who_has_started():
    state = main_phase()
    put(state, 0, "Meadow Stag", 0)
    assert "attack col0 seat1" not in legal(state)  # seat 1 has not started its first turn
    both_started(state)
    assert "attack col0 seat1" in legal(state)
    put(state, 1, "Ember Whelp", 0)
    assert "attack col0 seat1" not in legal(state)


def test_player_attack_unblocked_deals_the_attackers_strength():
    state = main_phase()
    both_started(state)
    put(state, 0, "Essence of Nature", 0)
    do(state, "attack col0 seat1")
    assert state.sides[1].life == 26
    assert state.strength(state.sides[0].summons[0]) == 4  # "the attacking summon is not dealt damage"


def test_player_attack_defender_may_block_from_an_adjacent_column_and_it_moves():
    state = main_phase()
    both_started(state)
    put(state, 0, "Essence of Nature", 0)
    put(state, 1, "Scorchback Hound", 1)
    put(state, 1, "Ember Whelp", 2)
    do(state, "attack col0 seat1")
    assert state.current_players() == [1]
    assert legal(state, 1) == ["block seat1.col1", "pass"]  # column 2 is not adjacent to column 0
    do(state, "block seat1.col1", 1)
    assert state.sides[1].summons[1] is None
    assert state.sides[1].graveyard == ["Scorchback Hound"]  # moved over to column 0, battled, defeated
    assert state.sides[1].life == 30 and state.strength(state.sides[0].summons[0]) == 1


def test_summon_your_boss_a_boss_blocks_from_anywhere_and_stays():
    state = main_phase()
    both_started(state)
    put(state, 0, "Meadow Stag", 2)
    boss = wake_boss(state, 1)
    do(state, "attack col2 seat1")
    assert "block seat1.boss" in legal(state, 1)
    do(state, "block seat1.boss", 1)
    assert boss.column is None and state.sides[1].boss is boss and state.strength(boss) == 10


def test_summon_your_boss_attacks_a_player_only_into_an_open_battlefield():
    state = main_phase()
    both_started(state)
    wake_boss(state, 0)
    put(state, 1, "Ember Whelp", 1)
    assert "attack boss seat1" not in legal(state)
    assert "attack boss seat1.col1" in legal(state)  # bosses "can do everything a normal summon can"
    state.sides[1].summons[1] = None
    state.sides[1].castle["Ember Whelp"] += 1
    assert "attack boss seat1" in legal(state)
    wake_boss(state, 1)
    assert "attack boss seat1" not in legal(state)  # "and have no face-up boss"


def test_player_attack_you_may_attack_yourself():
    state = main_phase()
    put(state, 0, "Essence of Nature", 0)
    assert "attack col0 seat0" in legal(state)
    do(state, "attack col0 seat0")
    assert state.sides[0].life == 26


def test_summon_your_boss_needs_its_condition():
    """Worldroot Colossus: "if you control 3 or more summons"."""
    state = main_phase()
    put(state, 0, "Sproutling", 0)
    put(state, 0, "Sproutling", 1)
    assert "boss" not in legal(state)
    put(state, 0, "Meadow Stag", 2)
    assert "boss" in legal(state)
    do(state, "boss")
    assert state.sides[0].boss.face_up and state.stats[0].boss == 1


def test_attack_defeated_abilities_happen_before_the_graveyard():
    """Cinderling: "When this summon is defeated, deal 2 damage to a summon"."""
    state = main_phase()
    put(state, 0, "Meadow Stag", 0, strength=5)
    put(state, 0, "Sproutling", 2, strength=3)
    put(state, 1, "Cinderling", 1)
    do(state, "attack col0 seat1.col1")
    assert state.current_players() == [1] and legal(state) == ["accept 0", "pass"]
    assert "Cinderling" not in state.sides[1].graveyard and "Cinderling" in state.all_cards()
    do(state, "accept 0", 1)
    assert legal(state, 1) == ["choose seat0.col0", "choose seat0.col2"]
    do(state, "choose seat0.col2", 1)
    assert state.strength(state.sides[0].summons[2]) == 1
    assert state.sides[1].graveyard == ["Cinderling"]


def test_attack_cinder_twins_conducts_a_cinderling_when_defeated():
    state = main_phase()
    put(state, 0, "Meadow Stag", 0, strength=9)
    put(state, 1, "Cinder Twins", 1)
    do(state, "attack col0 seat1.col1")
    do(state, "accept 0", 1)
    assert legal(state, 1) == ["place Cinderling 0", "place Cinderling 1", "place Cinderling 2"]
    do(state, "place Cinderling 1", 1)
    assert state.sides[1].summons[1].name == "Cinderling"
    assert state.sides[1].graveyard == ["Cinder Twins"]


def test_attack_thornback_boar_damages_the_summon_it_battled():
    state = main_phase()
    attacker = put(state, 0, "Meadow Stag", 0, strength=6)
    put(state, 0, "Thornback Boar", 1)
    put(state, 1, "Ember Whelp", 2, strength=8)
    do(state, "attack col1 seat1.col2")
    do(state, "accept 0")
    assert state.strength(state.sides[1].summons[2]) == 8 - 3 - 2
    assert state.strength(attacker) == 6


def test_player_attack_an_acted_summon_may_still_block():
    """"there is no cost to block" (rules-notes, BOS engine: "Blocking costs nothing")."""
    state = main_phase()
    both_started(state)
    put(state, 0, "Essence of Nature", 0)
    put(state, 1, "Scorchback Hound", 1).sideways = True
    do(state, "attack col0 seat1")
    assert "block seat1.col1" in legal(state, 1)


def test_attack_hedge_hare_returns_to_the_castle_instead_of_the_graveyard():
    state = main_phase("red", "yellow")
    put(state, 0, "Ember Whelp", 0, strength=9)
    put(state, 1, "Hedge Hare", 1)
    castle = state.sides[1].castle.get("Hedge Hare", 0)
    do(state, "attack col0 seat1.col1")
    do(state, "pass")  # Ember Whelp's own attack ability
    do(state, "accept 0", 1)
    assert "Hedge Hare" not in state.sides[1].graveyard
    assert state.sides[1].castle["Hedge Hare"] == castle + 1 and state.sides[1].castle_known == {"Hedge Hare": 1}


def test_attack_a_summon_may_attack_the_turn_it_is_conducted():
    """bos.txt, "Attack": "pay the cost to attack, called Acting ... A card only has one action while
    facing forward"; a conducted summon is placed facing forward and no rule makes it wait.
    Decision (rules-notes, BOS engine: "No waiting to attack"): it may attack at once."""
    state = started()
    both_started(state)
    do(state, 'conduct "Essence of Nature" 0')
    do(state, "pass")  # its conduct ability
    do(state, "end")
    assert "attack col0 seat1" in legal(state)
    do(state, "attack col0 seat1")
    assert state.sides[1].life == 26


def test_player_attack_a_face_up_opposing_boss_does_not_close_columns():
    """bos.txt, "Player Attack": "the column of the summon you are attacking with must not have a summon
    in it"; "Summon Your Boss": the boss sits "to the left of where you will be eventually placing your
    summons" and "can block player attacks even if they aren't in a column adjacent". Decision
    (rules-notes, BOS engine: "A boss closes no column"): a face-up boss opposite does not stop a player
    attack; it may block it."""
    state = main_phase()
    both_started(state)
    put(state, 0, "Meadow Stag", 0)
    wake_boss(state, 1)
    assert "attack col0 seat1" in legal(state)
    do(state, "attack col0 seat1")
    assert legal(state, 1) == ["block seat1.boss", "pass"]
    do(state, "pass", 1)
    assert state.sides[1].life == 28


def test_player_attack_a_blocker_stays_in_the_attackers_column():
    """bos.txt, "Player Attack": "taking a summon in an adjacent column and moving it over to block";
    nothing moves it back. Decision (rules-notes, BOS engine: "A blocker stays"): a blocker that
    survives stays in the attacker's column, leaving its own column empty."""
    state = main_phase()
    both_started(state)
    put(state, 0, "Sproutling", 0)  # 1 strength
    put(state, 0, "Meadow Stag", 1)
    stag = put(state, 1, "Meadow Stag", 1)  # 2 strength
    assert "attack col1 seat1" not in legal(state)
    do(state, "attack col0 seat1")
    do(state, "block seat1.col1", 1)
    assert stag.column == 0 and state.sides[1].summons == [stag, None, None]
    assert state.strength(stag) == 1 and state.sides[0].summons[0] is None
    assert "attack col1 seat1" in legal(state)  # column 1 is open now


def test_starting_info_life_stops_at_0():
    """bos.txt, "Starting Info": "Bring your opponent's life down to 0 to win!" Decision (rules-notes,
    BOS engine: "Life stops at 0"): damage past 0 is not kept; life is 0, and the game is won."""
    state = main_phase()
    both_started(state)
    put(state, 0, "Essence of Nature", 0)  # 4 strength
    state.sides[1].life = 3
    do(state, "attack col0 seat1")
    assert state.sides[1].life == 0 and state.is_over and state.outcome.winners == (0,)
    lost = next(e for e in state.events if e.action == "life_lost").as_dict()["changes"]
    assert lost["dealt"] == 4 and lost["life_before"] == 3 and lost["life_after"] == 0
