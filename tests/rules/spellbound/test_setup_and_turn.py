"""Scenario tests: "2. Set Up to the Battlefield" and "6. Parts of a Turn", step by step."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.spellbound.engine import ENGINE
from tests.rules.spellbound.helpers import DECKS, do, give, legal, new, put, souls, to_step


def test_set_up_bounder_and_soul_pond_on_the_battlefield_and_five_cards_drawn():
    """"2. Set Up", 2. Library (shuffle, draw five); 6. Bounder and 7. Soul Pond are on the battlefield
    from the beginning, the pond "at their base level" ("3. Divisions", 8. Soul Ponds)."""
    state = new()
    for seat in (0, 1):
        assert state.bounder(seat).name and state.pond(seat).level == 1
        assert len(state.sides[seat].hand) == 5 and len(state.sides[seat].library) == 35


def test_set_up_who_goes_first_is_chosen_from_the_seed():
    firsts = Counter(ENGINE.start([DECKS["ashen"], DECKS["pink"]], seed).first for seed in range(40))
    assert firsts[0] and firsts[1]
    assert ENGINE.start([DECKS["ashen"], DECKS["pink"]], 7).first == ENGINE.start([DECKS["ashen"], DECKS["pink"]], 7).first


def test_draw_step_the_first_player_skips_the_first_draw():
    """Draw Step: "The player who goes first skips the draw step on their first turn"."""
    state = new()
    to_step(state, "first_casting", turn=1)
    assert len(state.sides[0].hand) == 5
    to_step(state, "first_casting", turn=2)
    assert len(state.sides[1].hand) == 6
    to_step(state, "first_casting", turn=3)
    assert len(state.sides[0].hand) >= 6


def test_draw_step_the_first_players_skipped_draw_step_has_no_priority_round():
    """spellbound-chaos-divided.txt, "6. Parts of a Turn", Draw Step: "The player who goes first skips
    the draw step on their first turn in order ro make up for the advantage of going first." The step is
    skipped whole: no draw, no triggers and no priority round (issue 32.1: Ashen Rift vs Ashen Rift,
    seed 9000, had both seats pass in step ``draw`` of turn 1). The second player's first turn has it."""
    state = ENGINE.start([DECKS["ashen"], DECKS["ashen"]], 9000)
    first = state.first
    do(state, "pass")
    do(state, "pass")  # the caretake step ends: the next decision is in the first casting phase
    assert (state.turn, state.step_name, state.priority) == (1, "first_casting", first)
    assert [(e.step, e.action) for e in state.events if e.turn == 1 and e.step == "draw"] == [("draw", "skip_draw")]
    assert len(state.sides[first].hand) == 5
    to_step(state, "caretake", turn=2)
    do(state, "pass")
    do(state, "pass")
    assert (state.step_name, state.priority) == ("draw", 1 - first)  # the second player's draw step
    assert len(state.sides[1 - first].hand) == 6


def test_parts_of_a_turn_steps_in_order_and_gain_step_without_priority():
    """"6. Parts of a Turn": the steps in order; "Gain Step ... no spells can be cast and no abilities
    can be activated" (no one is given priority there, nor in the unflip and janitor steps)."""
    state = new()
    seen = []
    for _ in range(40):
        if not seen or seen[-1] != state.step_name:
            seen.append(state.step_name)
        if state.turn == 2:
            break
        do(state, "pass")
    assert seen == ["caretake", "first_casting", "pre_battle", "declare_battlers", "battle_damage",
                    "second_casting", "cease", "caretake"]
    steps = [e.step for e in state.events if e.action == "gain"]
    assert steps == ["gain"]
    assert not [e for e in state.events if e.action == "pass" and e.step in ("gain", "unflip", "janitor")]


def test_gain_step_gains_souls_by_the_soul_pond_level():
    """Gain Step: "Depending on the level of the soul pond, you will gain a certain amount of souls"."""
    state = new("ashen", "pink")
    souls(state, 1)
    state.pond(1).level = 2  # Pond of Twin Moons level 2: 1 Dream and 2 Hollow
    to_step(state, "first_casting", turn=2)
    assert state.sides[1].souls["dream"] == 1 and state.sides[1].souls["hollow"] == 2


def test_unflip_step_unflips_the_active_players_cards():
    """Unflip Step: "You unflip all your flipped reinforcements"."""
    state = new()
    convert = put(state, 1, "Dream Convert")
    convert.flipped = True
    mine = put(state, 0, "Death Convert")
    mine.flipped = True
    to_step(state, "caretake", turn=2)
    assert not convert.flipped and mine.flipped


def test_caretake_step_alien_microchip_attached_to_a_bounder():
    """"3. Divisions", 3. Charms: "Alien Microchip has the subdivision "Bounder", so you would attach
    Alien Microchip to a Bounder"; it triggers "During your caretake" and goes on the ladder."""
    state = new("ashen", "pink")
    to_step(state, "first_casting", turn=2)
    give(state, 1, "Alien Microchip")
    souls(state, 1, space=1, hollow=1)
    do(state, 'cast "Alien Microchip"')
    assert legal(state) == [f"target {state.bounder(0).ref}", f"target {state.bounder(1).ref}"]
    do(state, f"target {state.bounder(1).ref}")
    do(state, "pass")
    do(state, "pass")
    chip = next(p for p in state.board.values() if p.name == "Alien Microchip")
    assert chip.attached == state.bounder(1).uid
    souls(state, 1)
    to_step(state, "caretake", turn=4)
    assert [i.name for i in state.ladder] == ["Alien Microchip"]  # on the ladder first
    do(state, "pass")
    do(state, "pass")
    assert state.sides[1].souls["space"] == 1


def test_janitor_step_discard_down_to_nine_then_until_end_of_turn_effects_end():
    """Janitor Step: "If you have more than nine cards in your hand, choose and discard cards until you
    have only nine. Next, all "until end of turn" effects end."""
    state = new("ashen", "pink")
    to_step(state, "first_casting", turn=1)
    give(state, 0, *["Cinderjaw Hound"] * 6)
    creature = put(state, 0, "Cinderjaw Hound")
    creature.temp_damage = 20
    to_step(state, "cease", turn=1)
    do(state, "pass")
    do(state, "pass")
    assert state.pending[0][0] == "discard" and legal(state)[0].startswith("discard")
    do(state, "discard \"Cinderjaw Hound\"")
    do(state, "discard \"Cinderjaw Hound\"")
    assert len(state.sides[0].hand) == 9 and state.turn == 2 and creature.temp_damage == 0


def test_library_empty_a_player_who_must_draw_loses():
    """Not in the rulebook (Draw Step: "You must draw a card from your library"): the player who
    cannot loses (docs/rules-notes.md, "Spellbound engine")."""
    state = new()
    state.sides[1].library = []
    to_step(state, "first_casting", turn=1)
    while not state.is_over:
        do(state, "pass" if "pass" in legal(state) else legal(state)[-1])
    assert state.outcome.reason == "library" and state.outcome.winners == (0,)


def test_turn_limit_ends_a_runaway_game_as_a_draw():
    state = ENGINE.start([DECKS["ashen"], DECKS["pink"]], 3, turn_limit=4, first_player=0)
    while not state.is_over:
        do(state, "pass" if "pass" in legal(state) else legal(state)[-1])
    assert state.outcome.reason == "turn_limit" and state.outcome.is_draw


def test_two_players_only():
    """spellbound-chaos-divided.txt, "6. Parts of a Turn": "The active player ... gets to start casting
    spells and activating abilities, then each other player in turn order will too" speaks of more than
    two, but every other rule has one opponent ("your opponent's bounder", "Winning the game is as simple
    as getting your opponents bounder's health to 0 or less!", battling "the opponent's bounder") and
    none says whom a creature battles among several. Decision (issue 32.5): the engine seats two."""
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)
    with pytest.raises(ValueError, match="2 players"):
        ENGINE.new_game([DECKS["ashen"], DECKS["pink"], DECKS["rootbound"]], 1)


def test_at_most_300_actions_a_turn_then_only_pass():
    """Not in the rulebook: a safety valve (constants.MAX_ACTIONS_PER_TURN; decision, issue 32.5). After
    300 actions in one turn (casts, activations, convert flips, level ups, declared battlers), a player
    with priority may only pass and the declaring player only ``done``, so that no agent loops for ever
    inside a turn (a card pool could hold a free, repeatable ability)."""
    state = new("ashen", "pink")
    to_step(state, "first_casting", turn=1)
    give(state, 0, "Cinderjaw Hound")
    souls(state, 0, death=5, hollow=5)
    state.actions_this_turn = 299
    assert len(legal(state)) > 1
    do(state, 'cast "Cinderjaw Hound"')  # the 300th action of the turn
    assert legal(state) == ["pass"]
    put(state, 0, "Cinderjaw Hound")
    to_step(state, "declare_battlers", turn=1)
    assert legal(state) == ["done"]
    to_step(state, "caretake", turn=2)
    assert state.actions_this_turn == 0
