"""Scenario tests: "4. Game Actions", Battling and "6. Parts of a Turn", Battle Phase; the keywords
Warden and Barrage (docs/rules-notes.md, "Spellbound engine")."""

from __future__ import annotations

from tests.rules.spellbound.helpers import clear_hand, do, legal, new, put, to_step


def _declare(own: list[str], theirs: list[str]):
    state = new("ashen", "rootbound")
    to_step(state, "first_casting", turn=1)
    clear_hand(state, 0)
    mine = [put(state, 0, name) for name in own]
    enemy = [put(state, 1, name) for name in theirs]
    to_step(state, "declare_battlers", turn=1)
    return state, mine, enemy


def _battles(state) -> set[tuple[str, str]]:
    return {tuple(a.split()[1:]) for a in legal(state) if a.startswith("battle")}


def test_battling_two_against_three_creatures_first_then_the_remaining_one_at_the_bounder():
    """"if your opponent controlled two creatures and you controlled three, you could target two of
    your creatures to the two creatures they control, and have the remaining creature you control
    battle the opponent's bounder"."""
    state, (a, b, c), (x, y) = _declare(["Cinderjaw Hound", "Bone Rattler", "Havoc Imp"],
                                        ["Sproutling", "Hollow Wisp"])
    bounder = state.bounder(1).ref
    assert all(target != bounder for _, target in _battles(state))  # creatures must be battled first
    do(state, f"battle {a.ref} {x.ref}")
    assert (b.ref, x.ref) not in _battles(state)  # never two battlers on one creature
    do(state, f"battle {b.ref} {y.ref}")
    assert _battles(state) == {(c.ref, bounder)}
    do(state, f"battle {c.ref} {bounder}")
    assert state.pending == [] and a.flipped and b.flipped and c.flipped  # "This flips the battling creature"
    do(state, "pass")
    do(state, "pass")
    assert state.step_name == "battle_damage"
    assert state.health(state.bounder(1)) == 550 - 80
    assert x.damage == 60 and x.uid in state.board  # Sproutling: 60 of 100 health
    assert y.uid not in state.board  # Hollow Wisp: 70 >= 60


def test_battle_damage_all_at_once_damage_stays_and_a_creature_dies_at_its_health():
    """Battle Damage Step: "All battle damage is dealt at the same time"; "If a creature is dealt
    damage equal to or greater than its health ... that creature is destroyed"; otherwise "the only
    way to get its health back is to heal it"."""
    state, (hound, rattler), (sprout, tortoise) = _declare(["Cinderjaw Hound", "Havoc Imp"],
                                                           ["Hollow Wisp", "Mossback Tortoise"])
    do(state, f"battle {rattler.ref} {tortoise.ref}")  # Warden first
    do(state, f"battle {hound.ref} {sprout.ref}")
    to_step(state, "second_casting", turn=1)
    assert sprout.uid not in state.board and "Hollow Wisp" in state.sides[1].graveyard  # 60 >= 60
    assert tortoise.damage == 80 and state.health(tortoise) == 220
    assert hound.damage == 0 and rattler.damage == 0  # battled creatures deal no damage back
    to_step(state, "first_casting", turn=3)
    assert tortoise.damage == 80  # damage stays


def test_battling_the_bounder_when_there_are_no_creatures_and_any_number_on_a_bounder():
    """"If a creature that is battling doesn't have a creature to battle, it deals its damage to that
    opponent's bounder"; "you can set multiple creatures to battle a bounder"."""
    state, (a, b), _ = _declare(["Cinderjaw Hound", "Havoc Imp"], [])
    bounder = state.bounder(1).ref
    do(state, f"battle {a.ref} {bounder}")
    do(state, f"battle {b.ref} {bounder}")
    to_step(state, "second_casting", turn=1)
    assert state.health(state.bounder(1)) == 550 - 60 - 80


def test_battling_only_unflipped_creatures_and_no_more_battlers_after_damage():
    """Declare Battlers Step: "which, if any, of your unflipped creatures will battle"; "If you declare a
    battler and battle damage is dealt, you cannot then declare another battler on the same turn"."""
    state, (a, b), _ = _declare(["Cinderjaw Hound", "Havoc Imp"], [])
    b.flipped = True
    assert _battles(state) == {(a.ref, state.bounder(1).ref)}
    do(state, "done")
    to_step(state, "second_casting", turn=1)
    assert not [x for x in legal(state) if x.startswith("battle")]


def test_a_bounder_at_0_health_or_less_loses_the_game():
    """"3. Divisions", 7. Bounders: "If your bounder's health falls to 0 or less, you lose the game!"."""
    state, (a,), _ = _declare(["Marrowking Ossivar"], [])
    state.bounder(1).damage = 540
    do(state, f"battle {a.ref} {state.bounder(1).ref}")
    while not state.is_over:
        do(state, "pass")
    assert state.outcome.winners == (0,) and state.outcome.reason == "bounder"
    assert state.health(state.bounder(1)) <= 0


def test_keyword_warden_creatures_with_warden_are_battled_first():
    """Warden (not defined by the rulebook; docs/rules-notes.md, "Spellbound engine"): while an opposing creature
    with Warden has no battler, battlers may only take Warden creatures."""
    state, (a, b), (wisp, tortoise) = _declare(["Cinderjaw Hound", "Havoc Imp"], ["Hollow Wisp", "Mossback Tortoise"])
    assert {t for _, t in _battles(state)} == {tortoise.ref}
    do(state, f"battle {a.ref} {tortoise.ref}")
    assert {t for _, t in _battles(state)} == {wisp.ref}


def test_keyword_barrage_sends_damage_beyond_the_creatures_health_to_its_bounder():
    """Barrage (not defined by the rulebook; docs/rules-notes.md, "Spellbound engine")."""
    state, (serpent,), (wisp,) = _declare(["Entropy Serpent"], ["Hollow Wisp"])
    do(state, f"battle {serpent.ref} {wisp.ref}")
    to_step(state, "second_casting", turn=1)
    assert wisp.uid not in state.board and state.health(state.bounder(1)) == 550 - (150 - 60)


def test_whenever_the_attached_creature_battles_and_field_of_thorns():
    """Chaosfang Dagger ("Whenever the attached creature battles, deal 20 hex damage to target
    bounder") and Field of Thorns trigger once battlers are declared."""
    state, (hound,), (wisp,) = _declare(["Cinderjaw Hound"], ["Mossback Tortoise"])
    put(state, 0, "Chaosfang Dagger", attached=hound)
    put(state, 1, "Field of Thorns")
    do(state, f"battle {hound.ref} {wisp.ref}")
    do(state, "done") if state.pending and state.pending[0][0] == "declare" else None
    do(state, f"target {state.bounder(1).ref}")
    names = [i.name for i in state.ladder]
    assert names == ["Chaosfang Dagger", "Field of Thorns"]
    to_step(state, "battle_damage", turn=1)
    assert state.health(state.bounder(1)) == 530 and hound.damage == 20
