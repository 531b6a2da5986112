"""Scenario tests: souls, converts and soul pond levels ("4. Game Actions", Casting Spells;
"3. Divisions", 8. Soul Ponds and 9. Converts; "6. Parts of a Turn", First Casting Phase)."""

from __future__ import annotations

from tests.rules.spellbound.helpers import clear_hand, do, give, legal, new, put, souls, to_step


def _pink(step: str = "first_casting", turn: int = 1):
    state = new("pink", "ashen")
    to_step(state, step, turn=turn)
    clear_hand(state, 0)
    return state


def test_casting_spells_shattercrab_by_flipping_converts():
    """"4. Game Actions", Casting Spells: "you must pay its soul cost ... by flipping converts ... to
    convert hollow souls to souls of the needed type. For example, if you were casting Shattercrab"
    (1 Dream, 1 Hollow): two hollow souls and a Dream Convert."""
    state = _pink()
    convert = put(state, 0, "Dream Convert")
    give(state, 0, "Shattercrab")
    souls(state, 0, hollow=2)
    do(state, "cast Shattercrab")
    assert convert.flipped and state.sides[0].total_souls == 0
    do(state, "pass")
    do(state, "pass")
    assert [p.name for p in state.creatures(0)] == ["Shattercrab"]


def test_converts_flip_to_turn_hollow_souls_into_typed_souls():
    """"3. Divisions", 9. Converts: "they convert your hollow souls to special souls"; a flipped
    card "can't flip it again until it has been unflipped"."""
    state = _pink()
    convert = put(state, 0, "Starwake Convert")
    souls(state, 0, hollow=1)
    assert {f"convert {convert.ref} dream", f"convert {convert.ref} space"} <= set(legal(state))
    do(state, f"convert {convert.ref} space")
    assert state.sides[0].souls == {**dict.fromkeys(state.sides[0].souls, 0), "space": 1}
    assert not [a for a in legal(state) if a.startswith("convert")]


def test_hollow_costs_may_be_paid_with_any_soul():
    """"1. Breakdown of a Card", 2. Soul Cost / the card schema: hollow souls can be paid with any soul."""
    state = _pink()
    give(state, 0, "Shattercrab")
    souls(state, 0, dream=2)
    do(state, "cast Shattercrab")
    assert state.sides[0].total_souls == 0


def test_converts_one_convert_per_turn_only_in_the_first_casting_phase():
    """"9. Converts": "You may cast one convert during your turn, which must occur during your first
    casting phase"; Second Casting Phase: "You cannot cast converts"."""
    state = _pink()
    give(state, 0, "Dream Convert", "Space Convert")
    assert {'cast "Dream Convert"', 'cast "Space Convert"'} <= set(legal(state))
    do(state, 'cast "Dream Convert"')
    do(state, "pass")
    do(state, "pass")
    assert [p.name for p in state.permanents(0, "convert")] == ["Dream Convert"]
    assert not [a for a in legal(state) if "Convert" in a and a.startswith("cast")]
    to_step(state, "second_casting", turn=1)
    assert not [a for a in legal(state) if "Convert" in a and a.startswith("cast")]


def test_soul_pond_levels_up_one_level_at_a_time_paying_each_cost_in_the_first_casting_phase():
    """"8. Soul Ponds": "You can't skip levels"; First Casting Phase: "level up your soul pond as many
    times as you'd like"; Second Casting Phase: "You cannot ... level up your soul pond"."""
    state = _pink()  # Pond of Twin Moons: level 2 costs 3 Hollow, level 3 costs 1 Dream, 3 Hollow
    souls(state, 0, hollow=6, dream=1)
    do(state, "level_up")
    assert state.pond(0).level == 2 and state.sides[0].total_souls == 4
    do(state, "level_up")
    assert state.pond(0).level == 3 and state.sides[0].total_souls == 0
    assert "level_up" not in legal(state)
    souls(state, 0, space=5, dream=5, hollow=5)
    to_step(state, "second_casting", turn=1)
    assert "level_up" not in legal(state)


def test_souls_unspent_souls_are_kept_from_turn_to_turn():
    """Not in the rulebook: unspent souls stay in the pool (docs/rules-notes.md, "Spellbound engine")."""
    state = _pink()
    assert state.sides[0].souls["hollow"] == 2
    to_step(state, "first_casting", turn=3)
    assert state.sides[0].souls["hollow"] == 4


def test_gain_step_soul_abilities_cost_souls_and_flip():
    """Thessaly's "Soul Ability — F, 4 Life: Raise your soul pond one level" ("4. Game Actions",
    Flipping: an ability with "F" in its cost flips the card)."""
    state = new("rootbound", "ashen")
    to_step(state, "first_casting", turn=1)
    souls(state, 0, life=4)
    bounder = state.bounder(0)
    do(state, f"ability {bounder.ref} 2")
    assert bounder.flipped and state.sides[0].total_souls == 0
    do(state, "pass")
    do(state, "pass")
    assert state.pond(0).level == 2


def test_second_casting_phase_no_soul_pond_level_up_even_by_a_card_effect():
    """spellbound-chaos-divided.txt, "6. Parts of a Turn", Second Casting Phase: "You cannot cast converts
    or level up your soul pond on this phase." Decision (issue 32.3): the phase rule binds card effects
    too: Thessaly's "F, 4 Life: Raise your soul pond one level" is not offered there (it was: Ashen Rift
    vs Rootbound Relics, seed 400065, raised Old Root Spring to level 4 in a second casting phase), and a
    pond-raising effect that resolves there does nothing. Her other ability stays usable."""
    state = new("rootbound", "ashen")
    to_step(state, "second_casting", turn=1)
    souls(state, 0, life=10)
    bounder = state.bounder(0)
    assert f"ability {bounder.ref} 2" not in legal(state) and "level_up" not in legal(state)
    assert f"ability {bounder.ref} 1" in legal(state)  # "2 Life: Heal 60 health ..."
    state.activate(0, bounder.uid, 2)  # past the boundary: the effect itself must not raise the pond
    do(state, "pass")
    do(state, "pass")
    assert state.pond(0).level == 1 and state.events[-1].action == "no_level_up"
    to_step(state, "first_casting", turn=3)
    souls(state, 0, life=4)
    do(state, f"ability {bounder.ref} 2")  # the first casting phase allows it
    do(state, "pass")
    do(state, "pass")
    assert state.pond(0).level == 2
