"""Scenario tests: spells, enchantments, abilities and their order (bos.txt, "Cast a Spell",
"Abilities", "Summon Your Boss", "Player Attack")."""

from __future__ import annotations

from rules.bos.abilities import card_def, check_card
from rules.bos.engine import ENGINE
from rules.core.engine import Action
from tests.rules.bos.helpers import (
    DECKS,
    both_started,
    card,
    deck_with,
    do,
    legal,
    put,
    started,
    synthetic,
    to_main,
    wake_boss,
)


def main_phase(deck0="yellow", deck1="red"):
    state = started(deck0, deck1)
    to_main(state)
    return state


def test_cast_a_spell_pays_vim_and_goes_to_the_graveyard():
    state = main_phase("red", "yellow")
    put(state, 1, "Meadow Stag", 0)
    put(state, 1, "Sproutling", 1)
    wake_boss(state, 1)
    assert 'cast "Flame Jab" 0' in legal(state)
    do(state, 'cast "Flame Jab" 0')
    assert state.sides[0].vim == 1
    # "Bosses are not treated as summons in the case of abilities"
    assert legal(state) == ["choose seat1.col0", "choose seat1.col1"]
    do(state, "choose seat1.col0")
    assert state.sides[1].summons[0] is None and state.sides[0].graveyard == ["Flame Jab"]


def test_going_first_ether_replaces_vim():
    """"if you want to play a spell that costs 4 vim and you have 2 ether, you can pay its cost with
    4 vim, or 3 vim and 1 ether, or 2 vim and 2 ether"."""
    state = main_phase("red", "yellow")
    side = state.sides[0]
    side.vim, side.ether = 4, 2
    state.sides[0].spellbook["Volcanic Surge"] = 1  # costs 4
    side.life = 10
    state.initial_cards[0] = tuple(sorted(state.initial_cards[0] + ("Volcanic Surge",)))
    from rules.bos.abilities import card_def
    from tests.rules.bos.helpers import card
    state.cards["Volcanic Surge"] = card_def(card("Volcanic Surge"))
    assert [a for a in legal(state) if "Volcanic" in a] == [f'cast "Volcanic Surge" {e}' for e in (0, 1, 2)]
    do(state, 'cast "Volcanic Surge" 2')
    assert (side.vim, side.ether) == (2, 0)


def test_cast_a_spell_condition_in_italics_must_be_met():
    """Kindle: "If you control no summons, gain 2 vim"."""
    state = main_phase("red", "yellow")
    assert 'cast Kindle 0' in legal(state)
    put(state, 0, "Ember Whelp", 0)
    assert not any(a.startswith("cast Kindle") for a in legal(state))


def test_cast_a_spell_enchant_needs_a_valid_card_and_goes_to_the_casters_graveyard():
    state = main_phase("yellow", "red")
    assert not any(a.startswith("cast Barkskin") for a in legal(state))  # "Enchant a summon you control"
    stag = put(state, 0, "Meadow Stag", 0)
    do(state, "cast Barkskin 0")
    assert stag.enchantments == [("Barkskin", 0)] and state.strength(stag) == 5
    put(state, 1, "Ember Whelp", 1, strength=9)
    do(state, "attack col0 seat1.col1")
    assert sorted(state.sides[0].graveyard) == ["Barkskin", "Meadow Stag"]


def test_cast_a_spell_enchanting_an_opponents_card_goes_to_your_graveyard():
    """Entangling Vines on the opponent's summon: "the spell goes to your graveyard, not theirs"."""
    state = main_phase("yellow", "red")
    state.sides[0].spellbook["Entangling Vines"] = 1
    state.initial_cards[0] = tuple(sorted(state.initial_cards[0] + ("Entangling Vines",)))
    from rules.bos.abilities import card_def
    from tests.rules.bos.helpers import card
    state.cards["Entangling Vines"] = card_def(card("Entangling Vines"))
    state.sides[0].vim = 3
    whelp = put(state, 1, "Ember Whelp", 1)
    do(state, 'cast "Entangling Vines" 0')
    assert whelp.enchantments == [("Entangling Vines", 0)]
    put(state, 0, "Meadow Stag", 0, strength=9)
    do(state, "attack col0 seat1.col1")
    assert state.sides[0].graveyard == ["Entangling Vines"] and state.sides[1].graveyard == ["Ember Whelp"]


def test_abilities_act_cost_forest_sage():
    """"During your main phase, [act]: A summon you control gains 2 strength"."""
    state = main_phase()
    stag = put(state, 0, "Meadow Stag", 1)
    assert "use wizard0 0 0" in legal(state)
    do(state, "use wizard0 0 0")  # one summon: chosen without asking
    assert state.strength(stag) == 4 and state.sides[0].wizards[0].sideways
    assert "use wizard0 0 0" not in legal(state)


def test_phase_2_a_face_down_wizard_loses_its_ability():
    state = started()
    do(state, 'conduct "Essence of Nature" 0')
    do(state, "pass")
    do(state, "end")
    assert not any(a.startswith("use wizard0") for a in legal(state))


def test_abilities_mandatory_first_then_the_active_player_orders():
    state = started("yellow", "red")
    put(state, 0, "Sproutling", 0)
    put(state, 0, "Sproutling", 1)
    golem = put(state, 0, "Furnace Golem", 2)  # mandatory: "During your startup phase, [1 vim]: must gain 1"
    state.sides[0].vim = 1
    for _ in range(2):
        do(state, "end")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")  # seat 0's second startup: vim 1 -> 2, Furnace Golem first, paid without asking
    assert state.strength(golem) == 8 and state.sides[0].vim == 1
    assert legal(state) == ["order Sproutling 0 seat0.col0", "order Sproutling 0 seat0.col1"]
    do(state, "order Sproutling 0 seat0.col1")
    do(state, "accept 0")
    assert state.strength(state.sides[0].summons[1]) == 2
    do(state, "pass")
    assert state.phase == "summoning"


def test_abilities_the_next_abilitys_condition_is_checked_again():
    healer = synthetic("Test Healer", "summon", strength=1, conducted_by="any yellow wizard",
                       summoning_condition="Conduct a summon with any yellow wizard.",
                       effects=[{"timing": "startup", "condition": "During your startup phase", "cost": [],
                                 "mandatory": False, "ops": [{"op": "gain_life", "amount": 20}]}])
    desperate = synthetic("Test Desperate", "summon", strength=1, conducted_by="any yellow wizard",
                          summoning_condition="Conduct a summon with any yellow wizard.",
                          effects=[{"timing": "startup", "condition": "During your startup phase, if you have 10 or less life",
                                    "cost": [], "mandatory": False, "ops": [{"op": "gain_vim", "amount": 5}]}])
    state = started("yellow", "red")
    put(state, 0, "Test Healer", 0, spec=healer)
    put(state, 0, "Test Desperate", 1, spec=desperate)
    state.sides[0].life = 5
    for _ in range(2):
        do(state, "end")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")
    do(state, 'order "Test Healer" 0 seat0.col0')
    do(state, "accept 0")
    assert state.sides[0].life == 25
    assert state.phase == "summoning"  # Test Desperate's condition failed: it does not apply
    assert any(e.action == "ability_skipped" and dict(e.changes)["why"] == "condition_not_met" for e in state.events)


def test_player_attack_an_opponent_who_has_not_started_is_not_affected_by_abilities():
    state = main_phase("red", "yellow")
    do(state, "use wizard1 0 0")  # Ashfall Warlock: [act, 1 vim]: deal 1 damage to your opponent
    assert state.sides[1].life == 30
    both_started(state)
    state.sides[0].wizards[1].sideways = False
    do(state, "use wizard1 0 0")
    assert state.sides[1].life == 29


def test_abilities_static_strength_from_the_graveyard():
    state = main_phase("blue", "red")
    golem = put(state, 0, "Stormglass Golem", 0)  # gains 1 strength for each spell in your graveyard
    state.sides[0].graveyard += ["Undertow", "Undertow"]
    assert state.strength(golem) == 8


def test_phase_4_ending_a_gain_until_your_ending_phase_ends_there():
    """Blaze Lancer: "When this summon attacks, this summon gains 2 strength until your ending phase"."""
    state = main_phase("red", "yellow")
    lancer = put(state, 0, "Blaze Lancer", 2)
    target = put(state, 1, "Meadow Stag", 0, strength=10)
    do(state, "attack col2 seat1.col0")
    do(state, "accept 0")
    assert state.strength(target) == 10 - 6  # 4 strength + 2 before the battle
    assert lancer.damage == 6 and state.sides[0].graveyard == ["Blaze Lancer"]
    lancer2 = put(state, 0, "Blaze Lancer", 1, strength=5)
    lancer2.until_ending = 2
    assert state.strength(lancer2) == 7
    do(state, "end")
    assert state.strength(lancer2) == 5 and lancer2.until_ending == 0


def test_every_effect_op_runs_flip_block_and_discard():
    flipper = synthetic("Test Flipper", "summon", strength=2, conducted_by="any yellow wizard",
                        summoning_condition="Conduct a summon with any yellow wizard.",
                        effects=[{"timing": "main", "condition": "During your main phase", "cost": [{"op": "act"}],
                                  "ops": [{"op": "flip_wizard", "target": "own_wizard", "face": "down"},
                                          {"op": "discard_spell", "amount": 1}]},
                                 {"timing": "static", "cost": [], "ops": [{"op": "block", "target": "self"}]}])
    assert check_card("summon", dict(flipper.attributes), list(flipper.effects)) == []
    state = main_phase()
    put(state, 0, "Test Flipper", 2, spec=flipper)
    do(state, "use col2 0 0")
    do(state, "choose seat0.wizard1")
    assert not state.sides[0].wizards[1].face_up
    spells = sum(state.sides[0].spellbook.values())
    do(state, "choose Rejuvenate")
    assert sum(state.sides[0].spellbook.values()) == spells - 1 and state.sides[0].graveyard == ["Rejuvenate"]
    # block from any column: a player attack into column 0 may be blocked by the summon in column 2
    state.active = 1
    state.sides[1].turns_started = 1
    put(state, 1, "Ember Whelp", 0)
    do(state, "attack col0 seat0", 1)
    assert "block seat0.col2" in legal(state, 0)


def test_card_checker_refuses_effects_the_engine_cannot_run():
    bad = [{"timing": "main", "condition": "During the full moon", "cost": [], "ops": [{"op": "gain_vim", "amount": 1}]},
           {"timing": "cast", "cost": [], "ops": [{"op": "deal_damage", "amount": 1, "target": "every_dragon"}]}]
    errors = dict(check_card("spell", {"color": "red", "vim_cost": 1}, bad))
    assert "effects[0].condition" in errors and "effects[1].ops[0].target" in errors


def _blue_with(*names: str):
    """The blue sample deck with extra spells in its spellbook (one copy each)."""
    return deck_with("blue", [card(n) for n in names])


def _pass_until(state, seat: int) -> None:
    """Decline every optional ability and end phases until ``seat``'s main phase."""
    while not (state.active == seat and state.main_phase):
        options = legal(state)
        do(state, "pass" if "pass" in options else "end" if "end" in options else options[0])


def test_cast_a_spell_condition_is_checked_before_paying_not_after():
    """bos.txt, "Cast a Spell": "Pick the spell ... Then, pay its vim cost ... Then reveal the spell ...
    and use its ability" and "If the ability has italic text at the beginning, then it has a condition
    that must be met before it can be played." Mind Flood ("If you have 6 or more vim, deal 5 damage to a
    summon", cost 3) cast at 8 vim: 8 -> 5 vim, and the ability still happens (issue 29.5: it was
    skipped as ``condition_not_met`` once the cost had been paid). Played through the public protocol."""
    state = ENGINE.start([_blue_with("Mind Flood"), DECKS["yellow"]], 0)
    state.apply_joint_checked({0: Action("bid", (1,)), 1: Action("bid", (0,))})
    do(state, "go_first")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[0].wizards))
    do(state, "end")
    do(state, "end")  # seat 0's first turn: 2 vim, nothing spent
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards), 1)
    for summon in ('"Essence of Nature" 0', '"Meadow Stag" 1', '"Pollen Drifter" 2'):
        do(state, f"conduct {summon}", 1)
        while "pass" in legal(state, 1):
            do(state, "pass", 1)
    assert len(state.sides[1].summon_list()) == 3
    _pass_until(state, 0)  # seat 0's second turn (4 vim) ...
    do(state, "end")
    _pass_until(state, 0)  # ... and third: 8 vim
    assert state.sides[0].vim == 8 and 'cast "Mind Flood" 0' in legal(state)
    do(state, 'cast "Mind Flood" 0')
    assert state.sides[0].vim == 5
    assert legal(state) == ["choose seat1.col0", "choose seat1.col1", "choose seat1.col2"]
    do(state, "choose seat1.col1")
    assert state.sides[1].summons[1] is None and "Meadow Stag" in state.sides[1].graveyard
    assert not any(e.action == "ability_skipped" and dict(e.changes)["card"] == "Mind Flood" for e in state.events)
    assert state.sides[0].graveyard == ["Mind Flood"]


def test_cast_a_spell_n_or_more_vim_ignores_ether():
    """bos.txt, "Going First": ether "can be spent as a replacement for vim" (a way to pay), and Mind
    Flood's condition reads "If you have 6 or more vim": ether is not vim, so 5 vim and 3 ether do not
    meet it (rules-notes, BOS engine: ""N or more vim" counts vim only"). Likewise The Frozen Sovereign's
    "if you have 8 or more vim"."""
    state = main_phase("blue", "red")
    state.sides[0].spellbook["Mind Flood"] = 1
    state.initial_cards[0] = tuple(sorted(state.initial_cards[0] + ("Mind Flood",)))
    state.cards["Mind Flood"] = card_def(card("Mind Flood"))
    put(state, 1, "Ember Whelp", 0)
    side = state.sides[0]
    side.vim, side.ether = 5, 3
    assert not any(a.startswith('cast "Mind Flood"') for a in legal(state))
    side.vim = 6
    assert [a for a in legal(state) if a.startswith('cast "Mind Flood"')] == [
        'cast "Mind Flood" 0', 'cast "Mind Flood" 1', 'cast "Mind Flood" 2', 'cast "Mind Flood" 3']
    do(state, 'cast "Mind Flood" 0')  # 6 -> 3 vim: the condition was met when it was played
    assert state.sides[1].summons[0] is None


def test_abilities_a_condition_is_met_before_the_cost_is_paid_and_not_checked_after():
    """bos.txt, "Abilities": "Abilities can only be used when the condition is met" and "You must use the
    ability if the condition is met, and the cost can be paid": the condition is read before the cost,
    whose payment may break it (issue 29.5, every condition checked for Mind Flood's flaw). A used
    ability ("During your main phase, if you have 3 or more vim, [2 vim]") and a triggered one
    ("During your startup phase, if you have 4 or more vim, [3 vim]", mandatory) both happen."""
    common = {"conducted_by": "any yellow wizard", "summoning_condition": "Conduct a summon with any yellow wizard."}
    used = synthetic("Test Spender", "summon", strength=1, **common, effects=[
        {"timing": "main", "condition": "During your main phase, if you have 3 or more vim",
         "cost": [{"op": "pay_vim", "amount": 2}], "ops": [{"op": "gain_life", "amount": 5}]}])
    triggered = synthetic("Test Tithe", "summon", strength=1, **common, effects=[
        {"timing": "startup", "condition": "During your startup phase, if you have 4 or more vim",
         "cost": [{"op": "pay_vim", "amount": 3}], "mandatory": True, "ops": [{"op": "gain_life", "amount": 5}]}])
    state = main_phase()
    put(state, 0, "Test Spender", 0, spec=used)
    put(state, 0, "Test Tithe", 1, spec=triggered)
    side = state.sides[0]
    side.vim, side.life = 3, 10
    do(state, "use col0 0 0")
    assert (side.vim, side.life) == (1, 15)
    assert "use col0 0 0" not in legal(state)  # 1 vim: the condition is not met
    side.vim = 2
    do(state, "end")  # seat 1's first turn
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")  # seat 0's startup: 2 -> 4 vim, Test Tithe pays 3
    assert (side.vim, side.life) == (1, 20)
    assert not any(e.action == "ability_skipped" for e in state.events)


def test_cast_a_spell_a_wizard_enchantment_is_never_removed():
    """bos.txt, "Cast a Spell": "When the enchanted card is removed from the battlefield, place the spell
    in your graveyard"; "Phase 2": a wizard conducting is turned face-down, not removed, and nothing
    removes a wizard. Decision (rules-notes, BOS engine: "A wizard's enchantment stays"): Mana Well on a
    wizard stays for the whole game, through its conducting, and gains its vim every startup phase."""
    state = started("blue", "red")
    state.sides[0].spellbook["Mana Well"] = 1
    state.initial_cards[0] = tuple(sorted(state.initial_cards[0] + ("Mana Well",)))
    state.cards["Mana Well"] = card_def(card("Mana Well"))
    side = state.sides[0]
    side.vim = 2
    do(state, "end")
    do(state, 'cast "Mana Well" 0')  # "Enchant a wizard you control": three to choose from
    do(state, "choose seat0.wizard0")
    wizard = side.wizards[0]
    assert wizard.enchantments == [("Mana Well", 0)] and side.vim == 0
    do(state, "end")
    do(state, "columns " + " ".join(f'"{w.name}"' for w in state.sides[1].wizards))
    do(state, "end")
    do(state, "end")  # seat 0's startup: 0 -> 0 vim, Mana Well +1
    do(state, "accept 0")
    assert side.vim == 1
    conduct = next(a for a in legal(state) if a.startswith("conduct") and a.endswith(" 0"))
    do(state, conduct)  # the enchanted wizard turns face-down: still on the battlefield
    while "pass" in legal(state):
        do(state, "pass")
    assert not wizard.face_up and wizard.enchantments == [("Mana Well", 0)]
    assert "Mana Well" not in side.graveyard and "Mana Well" in state.all_cards()
