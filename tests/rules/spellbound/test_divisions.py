"""Scenario tests: "3. Divisions of Cards in Spellbound: Chaos Divided"."""

from __future__ import annotations

from tests.rules.spellbound.helpers import clear_hand, do, give, legal, new, put, souls, to_step


def _game(deck0="ashen", deck1="rootbound"):
    state = new(deck0, deck1)
    to_step(state, "first_casting", turn=1)
    clear_hand(state, 0)
    return state


def _resolve(state):
    while state.ladder or state.pending:
        do(state, "pass" if "pass" in legal(state) else legal(state)[0])


def test_creatures_at_most_four_unless_an_effect_allows_more():
    """1. Creatures: "you can only have four creatures on your battlefield at a time"; Blessing of the
    Second Den: "You may have one additional creature"."""
    state = _game()
    for _ in range(4):
        put(state, 0, "Cinderjaw Hound")
    give(state, 0, "Cinderjaw Hound")
    souls(state, 0, death=1)
    assert 'cast "Cinderjaw Hound"' not in legal(state)
    put(state, 0, "Blessing of the Second Den")
    do(state, 'cast "Cinderjaw Hound"')
    _resolve(state)
    assert len(state.creatures(0)) == 5


def test_creatures_fatigue_no_battle_on_the_turn_it_entered():
    """1. Creatures: "Creatures can't battle the same turn they entered the battlefield"."""
    state = _game()
    fresh = put(state, 0, "Cinderjaw Hound", fresh=True)
    assert state.fatigued(fresh) and not state.battlers_available(0)
    old = put(state, 0, "Bone Rattler")
    assert state.battlers_available(0) and not state.fatigued(old)


def test_charms_attached_according_to_their_subdivision():
    """3. Charms: attached "to another card or the battlefield depending on what its subdivision is"."""
    state = _game()
    enemy = put(state, 1, "Mossback Tortoise")
    give(state, 0, "Sigil of Fury", "Crown of Cinders")
    souls(state, 0, chaos=2, death=1)
    do(state, 'cast "Sigil of Fury"')
    assert legal(state) == [f"target {enemy.ref}"]  # subdivision creature
    do(state, f"target {enemy.ref}")
    _resolve(state)
    assert state.attack(enemy) == 90 and "Barrage" in state.keywords(enemy)
    do(state, 'cast "Crown of Cinders"')
    assert legal(state) == [f"target {state.bounder(0).ref}", f"target {state.bounder(1).ref}"]


def test_blessings_that_destroy_themselves_after_a_time():
    """4. Blessings: "Some blessings have a certain time limit ... after which, they destroy
    themselves" (Harvest Moon Blessing: Time Limit 3, gains 1 Hollow during your caretake)."""
    state = _game()
    give(state, 0, "Harvest Moon Blessing")
    souls(state, 0, hollow=2)
    do(state, 'cast "Harvest Moon Blessing"')
    _resolve(state)
    blessing = next(p for p in state.board.values() if p.name == "Harvest Moon Blessing")
    for turn in (3, 5):
        to_step(state, "first_casting", turn=turn)
        assert blessing.uid in state.board
    to_step(state, "first_casting", turn=7)
    assert blessing.uid not in state.board and "Harvest Moon Blessing" in state.sides[0].graveyard
    assert sum(e.changes[1][1] for e in state.events if e.action == "gain_souls" and e.player == 0) == 3


def test_auras_one_on_the_whole_battlefield_a_new_one_replaces_it_whoever_casts_it():
    """5. Auras: "There can only be one aura on the battlefield at a time"; "any other player,
    including yourself, has the opportunity to cast another aura to replace the current one"."""
    state = _game()
    from tests.rules.spellbound.helpers import POOL, known
    for name in ("Gravity Well", "Aurora of Endless Night"):
        known(state, POOL.by_name[name])
    old = put(state, 1, "Gravity Well")
    hound = put(state, 0, "Cinderjaw Hound")
    assert state.attack(hound) == 30 and state.max_health(hound) == 120
    give(state, 0, "Aurora of Endless Night")
    souls(state, 0, death=1, chaos=1, hollow=1)
    do(state, 'cast "Aurora of Endless Night"')
    _resolve(state)
    assert old.uid not in state.board and "Gravity Well" in state.sides[1].graveyard
    assert state.aura().name == "Aurora of Endless Night" and state.attack(hound) == 90


def test_items_cast_only_onto_a_creature_one_weapon_per_creature_unless_a_card_says_more():
    """6. Items: "if you have no creatures, you can't cast items!"; "one weapon item, one equipment
    item, and one accessory item. ... If ever a creature can hold more items, the creature will be
    sure to make sure you know" (Ring of Hollow Echoes: one additional Weapon)."""
    state = _game()
    from tests.rules.spellbound.helpers import POOL, known
    for name in ("Rusted Soulblade", "Ring of Hollow Echoes"):
        known(state, POOL.by_name[name])
    give(state, 0, "Rusted Soulblade", "Rusted Soulblade", "Bone Cleaver")
    souls(state, 0, hollow=9, death=2)
    assert 'cast "Rusted Soulblade"' not in legal(state)
    hound = put(state, 0, "Cinderjaw Hound")
    do(state, 'cast "Rusted Soulblade"')
    do(state, f"target {hound.ref}")
    _resolve(state)
    assert state.attack(hound) == 90
    assert 'cast "Bone Cleaver"' not in legal(state)  # the only creature holds a weapon
    put(state, 0, "Ring of Hollow Echoes", attached=hound)
    do(state, 'cast "Bone Cleaver"')
    do(state, f"target {hound.ref}")
    _resolve(state)
    assert state.attack(hound) == 140 and 'cast "Rusted Soulblade"' not in legal(state)


def test_items_and_charms_go_to_the_graveyard_with_their_creature():
    state = _game()
    hound = put(state, 0, "Cinderjaw Hound")
    put(state, 0, "Bone Cleaver", attached=hound)
    hound.damage = 200
    do(state, "pass")
    assert {"Cinderjaw Hound", "Bone Cleaver"} <= set(state.sides[0].graveyard)


def test_reinforcements_enter_the_battlefield_and_trigger():
    """"4. Game Actions": a creature, charm, blessing, aura or item resolves onto the battlefield
    (Gravetide Reaper: "When ... enters the battlefield, deal 30 hex damage to target creature")."""
    state = _game()
    enemy = put(state, 1, "Sproutling")
    give(state, 0, "Gravetide Reaper")
    souls(state, 0, death=2, hollow=1)
    do(state, 'cast "Gravetide Reaper"')
    do(state, "pass")
    do(state, "pass")
    assert state.pending[0][0] == "target"
    do(state, f"target {enemy.ref}")
    do(state, "pass")
    do(state, "pass")
    assert enemy.damage == 30


def test_reinforcements_are_the_cast_cards_on_the_battlefield_not_the_bounder_or_soul_pond():
    """spellbound-chaos-divided.txt, "4. Game Actions", Casting Spells: "Cards on the battlefield are
    called reinforcements to differentiate them from hexes"; "6. Parts of a Turn", Unflip Step: "On the
    first turn of the game, you don't have any reinforcements", though the bounder and the soul pond
    are there "from the beginning of the game" ("2. Set Up to the Battlefield", 6 and 7). Decision
    (issue 32.4): a reinforcement is a convert, creature, charm, blessing, aura or item, so Maw of
    Unmaking's "destroy target reinforcement" never offers a bounder or a soul pond; the bounder still
    unflips in the unflip step by "4. Game Actions", Flipping and Unflipping: "on your caretake phase,
    unflip your flipped cards so you can use them again"."""
    state = _game("ashen", "rootbound")
    convert = put(state, 1, "Life Convert")
    wall = put(state, 1, "Sproutling")
    give(state, 0, "Maw of Unmaking")
    souls(state, 0, chaos=4, hollow=2)
    do(state, 'cast "Maw of Unmaking"')
    do(state, "pass")
    do(state, "pass")
    assert state.pending[0][0] == "target"
    maw = next(p for p in state.creatures(0) if p.name == "Maw of Unmaking")
    assert sorted(legal(state)) == sorted(f"target {p.ref}" for p in (convert, wall, maw))
    _resolve(state)
    thessaly = state.bounder(1)
    thessaly.flipped = True  # as her "F, 4 Life" soul ability leaves her
    to_step(state, "caretake", turn=2)
    assert not thessaly.flipped
    assert [e.changes for e in state.events if e.action == "unflip"][-1] == (("cards", [thessaly.ref]),)


def test_items_an_item_waiting_on_the_ladder_fills_its_creatures_slot():
    """spellbound-chaos-divided.txt, "3. Divisions of Cards", 6. Items: "one weapon item, one equipment
    item, and one accessory item"; "5. Advanced Topics", Targeting: "You must choose all targets for a
    spell when you cast it". Decision (issue 32.5): an item on the ladder holds the slot of the creature
    it targets, so a second weapon cannot be aimed at that creature while the first waits (it could only
    reach the graveyard); once the first is countered or fizzles, the slot is free again."""
    state = _game()
    give(state, 0, "Rusted Soulblade", "Bone Cleaver")
    souls(state, 0, hollow=9, death=2)
    hound = put(state, 0, "Cinderjaw Hound")
    do(state, 'cast "Rusted Soulblade"')
    do(state, f"target {hound.ref}")
    assert [i.name for i in state.ladder] == ["Rusted Soulblade"]
    assert 'cast "Bone Cleaver"' not in legal(state)
    state.ladder.clear()  # as if countered
    assert 'cast "Bone Cleaver"' in legal(state)
