"""Scenario tests: "5. Advanced Topics" (The Ladder, Responding, Targeting) and the casting
permissions of "6. Parts of a Turn"."""

from __future__ import annotations

from tests.rules.spellbound.helpers import clear_hand, do, give, legal, new, put, souls, to_step


def _duel(step: str = "first_casting", turn: int = 1):
    state = new("ashen", "rootbound")
    to_step(state, step, turn=turn)
    for seat in (0, 1):
        clear_hand(state, seat)
    return state


def test_first_casting_phase_active_player_casts_any_division_opponent_only_immediate():
    """First Casting Phase: the active player "can cast any number of creatures, hexes, ...";
    "Your opponents can cast spells (if the spells have Immediate)"."""
    state = _duel()
    give(state, 0, "Cinderjaw Hound")
    give(state, 1, "Mending Rain", "Sproutling")
    souls(state, 0, death=1)
    souls(state, 1, life=2, hollow=1)
    assert 'cast "Cinderjaw Hound"' in legal(state, 0)
    do(state, 'cast "Cinderjaw Hound"')
    do(state, "pass")
    assert state.priority == 1
    assert 'cast "Mending Rain"' in legal(state, 1) and 'cast "Sproutling"' not in legal(state, 1)


def test_pre_battle_step_only_immediate_spells_even_for_the_active_player():
    """Pre Battle Step: "Players can cast spells (if the spells have Immediate) and activate abilities"."""
    state = _duel("pre_battle")
    give(state, 0, "Cinderjaw Hound", "Last Gasp")
    put(state, 1, "Sproutling")
    souls(state, 0, death=2)
    assert 'cast "Last Gasp"' in legal(state) and 'cast "Cinderjaw Hound"' not in legal(state)


def test_soul_abilities_only_in_their_controllers_casting_phases():
    """"3. Divisions", 7. Bounders: "Soul abilities can only be used during your casting phases"."""
    state = _duel("pre_battle")
    put(state, 1, "Sproutling")
    souls(state, 0, death=2)
    assert not [a for a in legal(state) if a.startswith("ability")]
    to_step(state, "second_casting", turn=1)
    assert f"ability {state.bounder(0).ref} 1" in legal(state)
    do(state, "pass")
    assert not [a for a in legal(state, 1) if a.startswith("ability")]


def test_the_ladder_last_in_resolves_first_and_priority_passes_in_turn_order():
    """The Ladder: "resolve one by one, beginning with the last spell or ability put on the stack";
    "priority then passes to the next player in turn order, who may ... respond"."""
    state = _duel()
    crab = put(state, 1, "Sproutling")
    give(state, 0, "Soulfire Bolt")
    give(state, 1, "Mending Rain")
    souls(state, 0, death=1, hollow=1)
    souls(state, 1, life=1, hollow=1)
    do(state, 'cast "Soulfire Bolt"')
    do(state, f"target {crab.ref}")
    assert state.priority == 0  # the caster keeps priority
    do(state, "pass")
    assert state.priority == 1
    crab.damage = 30
    do(state, 'cast "Mending Rain"')
    do(state, f"target {crab.ref}")
    assert [i.name for i in state.ladder] == ["Soulfire Bolt", "Mending Rain"]
    do(state, "pass")
    do(state, "pass")  # both passed: Mending Rain (the top) resolves
    assert crab.damage == 0 and [i.name for i in state.ladder] == ["Soulfire Bolt"]
    assert state.priority == 0  # "After a spell or ability resolves, all players again get the chance"
    do(state, "pass")
    do(state, "pass")
    assert crab.damage == 80 and crab.uid in state.board  # Sproutling has 100 health


def test_the_ladder_a_step_ends_only_when_the_ladder_is_empty_and_all_pass():
    state = _duel()
    give(state, 0, "Cinderjaw Hound")
    souls(state, 0, death=1)
    do(state, 'cast "Cinderjaw Hound"')
    do(state, "pass")
    do(state, "pass")
    assert state.step_name == "first_casting" and not state.ladder  # resolved, still the same step
    do(state, "pass")
    assert state.step_name == "first_casting"
    do(state, "pass")
    assert state.step_name == "pre_battle"


def test_triggered_abilities_at_the_start_of_a_step_go_on_the_ladder_first():
    """"6. Parts of a Turn": "When you enter a new step or phase, any triggered abilities ... are put on
    the ladder"; Cease Step: "Abilities that trigger "during your cease phase" go on the ladder"."""
    state = _duel("second_casting")
    pact = put(state, 0, "Pact of Ash")
    enemy = put(state, 1, "Mossback Tortoise")
    do(state, "pass")
    do(state, "pass")
    assert state.step_name == "cease" and state.pending[0][0] == "target"
    do(state, f"target {enemy.ref}")
    assert [i.name for i in state.ladder] == ["Pact of Ash"] and state.priority == 0
    do(state, "pass")
    do(state, "pass")
    assert enemy.damage == 30 and pact.uid in state.board


def test_targeting_a_spell_with_no_legal_target_cannot_be_cast():
    """Targeting: "if there aren't any creatures on the battlefield, you can't cast that spell"."""
    state = _duel()
    give(state, 0, "Unmake")
    souls(state, 0, chaos=2, hollow=1)
    assert 'cast Unmake' not in legal(state)
    put(state, 1, "Sproutling")
    assert 'cast Unmake' in legal(state)


def test_targeting_targets_checked_on_resolution_an_illegal_target_does_nothing():
    """Targeting: "When the spell or ability resolves, it checks the targets ... If none of the
    targets are legal, the spell or ability does nothing at all" (Phase Out in response)."""
    state = _duel()
    hound = put(state, 1, "Sproutling")
    give(state, 0, "Soulfire Bolt")
    give(state, 1, "Phase Out")
    souls(state, 0, death=1, hollow=1)
    souls(state, 1, space=1, hollow=1)
    do(state, 'cast "Soulfire Bolt"')
    do(state, f"target {hound.ref}")
    do(state, "pass")
    do(state, 'cast "Phase Out"')
    do(state, f"target {hound.ref}")
    for _ in range(4):
        do(state, "pass")
    assert "Sproutling" in state.sides[1].hand
    assert any(e.action == "fizzle" for e in state.events)
    assert "Soulfire Bolt" in state.sides[0].graveyard  # a hex goes to the graveyard either way
    assert state.health(state.bounder(1)) == 550


def test_hexes_resolve_then_go_to_the_graveyard():
    """"3. Divisions", 2. Hexes: "they go directly to the graveyard once their effect resolves"."""
    state = _duel()
    give(state, 0, "Soulfire Bolt")
    souls(state, 0, death=1, hollow=1)
    do(state, 'cast "Soulfire Bolt"')
    do(state, f"target {state.bounder(1).ref}")
    do(state, "pass")
    do(state, "pass")
    assert state.health(state.bounder(1)) == 550 - 80 and state.sides[0].graveyard == ["Soulfire Bolt"]


def test_counter_target_spell():
    from tests.rules.spellbound.helpers import POOL, known
    state = _duel()
    known(state, POOL.by_name["Null Ward"])
    give(state, 0, "Cinderjaw Hound")
    give(state, 1, "Null Ward")
    souls(state, 0, death=1)
    souls(state, 1, space=1, hollow=2)
    do(state, 'cast "Cinderjaw Hound"')
    spell = state.ladder[-1]
    do(state, "pass")
    do(state, 'cast "Null Ward"')
    do(state, f"target {spell.ref}")
    do(state, "pass")
    do(state, "pass")
    assert "Cinderjaw Hound" in state.sides[0].graveyard and not state.ladder and not state.creatures(0)


def test_targeting_any_target_is_a_creature_or_a_players_bounder():
    """spellbound-chaos-divided.txt, "5. Advanced Topics", Targeting: "If a spell "deals damage to any
    target," you can choose any creature or player as the target for that spell." Decision (issue 32.2):
    a player is damaged through their bounder, the player's health ("3. Divisions", 7. Bounders: "If
    your bounder's health falls to 0 or less, you lose the game!"; "4. Game Actions", Battling: a battler
    without a creature to battle "deals its damage to that opponent's bounder"), so "any target" offers
    every creature and each player's bounder, and no separate player ref. Where a card means the player
    ("Target player discards two cards"), ``seat<n>`` is offered."""
    state = _duel()
    wall = put(state, 1, "Sproutling")
    hound = put(state, 0, "Cinderjaw Hound")
    give(state, 0, "Soulfire Bolt", "Chaos Siphon")
    souls(state, 0, death=1, chaos=2, hollow=4)
    do(state, 'cast "Soulfire Bolt"')
    expected = {f"target {ref}" for ref in (hound.ref, wall.ref, state.bounder(0).ref, state.bounder(1).ref)}
    assert set(legal(state)) == expected
    do(state, f"target {state.bounder(1).ref}")
    do(state, "pass")
    do(state, "pass")
    assert state.view(None)["players"][1]["bounder"]["damage_taken"] == 80
    do(state, 'cast "Chaos Siphon"')
    assert legal(state) == ["target seat0", "target seat1"]
